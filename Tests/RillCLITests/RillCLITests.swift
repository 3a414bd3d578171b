import Testing

/// The command line's tests.
@Suite struct RillCLITests {}
