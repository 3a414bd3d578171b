import Dispatch
import Rill
import RillTestSupport
import Testing

/// cmark-gfm keeps the table of "special" inline characters in a process-wide array that every
/// parse with extensions switches on at its start and off at its end. Parses on several threads
/// must still each see strikethrough and autolinks.
@Suite struct ConcurrentParseTests {
    static let document: [UInt8] = Array(
        (0..<40).map { "Line \($0): ~~struck~~ text, www.example.com/\($0) and ~~more~~ at https://x.y/\($0)\n" }
            .joined().utf8)
}

extension ConcurrentParseTests {
    @Test("Parses running at the same time on different threads equal a parse on its own")
    func parallelParsesAgree() {
        let expected = Oracle.parse(Self.document)
        let strikethroughs = BlockTree.allBlocks(expected).compactMap(\.kind.inlines).joined().filter {
            if case .strikethrough = $0 { true } else { false }
        }
        #expect(strikethroughs.count == 80)

        let threads = 4
        let rounds = 60
        let mismatches = Mismatches()
        DispatchQueue.concurrentPerform(iterations: threads) { _ in
            for _ in 0..<rounds where Oracle.parse(Self.document) != expected {
                mismatches.increment()
            }
        }
        #expect(mismatches.count == 0, "\(mismatches.count) of \(threads * rounds) parallel parses differed")
    }
}

/// A counter shared by threads.
private final class Mismatches: @unchecked Sendable {
    private let lock = DispatchSemaphore(value: 1)
    private var value = 0
    func increment() { lock.wait(); value += 1; lock.signal() }
    var count: Int { lock.wait(); defer { lock.signal() }; return value }
}
