import Testing

/// The engine's tests; each folder mirrors one of `Sources/Rill/`. Layout tests nest their
/// suites under this one.
@Suite struct RillTests {}
