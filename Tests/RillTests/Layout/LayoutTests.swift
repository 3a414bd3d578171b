@_spi(Testing) @testable import Rill
import Testing

extension RillTests {
    /// Tests of `Sources/Rill/Layout/`.
    @Suite struct Layout {}
}

/// Helpers shared by the layout tests.
enum LayoutFixtures {
    /// A plain context (no styles) at `width`.
    static func plain(_ width: Int) -> LayoutContext {
        LayoutContext(width: width, theme: .plain, isPlain: true)
    }

    /// A coloured context at `width`.
    static func dark(_ width: Int) -> LayoutContext {
        LayoutContext(width: width, theme: .dark)
    }

    /// The first table block parsed from `markdown`.
    static func table(_ markdown: String) -> Block {
        var found: Block?
        for block in MarkdownStream.parse(Array(markdown.utf8)) {
            block.forEachDescendant { candidate, _ in
                if found == nil, case .table = candidate.kind { found = candidate }
            }
        }
        guard let found else { fatalError("no table in \(markdown)") }
        return found
    }

    /// The text of each line.
    static func text(_ lines: [StyledLine]) -> [String] {
        lines.map(\.plainText)
    }

    /// A random generator for property tests, seeded for reproducibility.
    struct Random: RandomNumberGenerator {
        var state: UInt64
        init(seed: UInt64) { state = seed }
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }
}
