import Testing

/// The engine's tests; each folder mirrors one of `Sources/Rill/`.
@Suite struct RillTests {}
