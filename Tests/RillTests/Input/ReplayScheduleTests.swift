import Rill
import Testing

@Suite struct ReplayScheduleTests {
    @Test("As fast as possible: one piece per take, in order, covering the document")
    func onePiecePerTake() {
        let bytes = Array("one two three four".utf8)
        var schedule = ReplaySchedule(bytes: bytes, mode: .fixed(5), rate: 0)
        var joined: [UInt8] = []
        var takes = 0
        while let piece = schedule.take(now: 0) {
            #expect(piece.count <= 5)
            joined += piece
            takes += 1
        }
        #expect(joined == bytes && takes == schedule.pieces.count && schedule.isExhausted)
        #expect(schedule.deadline(now: 0) == nil)
    }

    @Test("At a rate, the pieces due by a time come joined, and none before their time")
    func joinedWhenDue() {
        let bytes = Array("abcdefghij".utf8)
        var schedule = ReplaySchedule(bytes: bytes, mode: .fixed(2), rate: 10)  // a piece every 0.1 s
        #expect(schedule.take(now: 1_000) == Array("ab".utf8))                  // the first is due at once
        #expect(schedule.take(now: 1_000 + 50_000_000) == nil)
        #expect(schedule.deadline(now: 1_000 + 50_000_000) == 1_000 + 100_000_000)
        #expect(schedule.take(now: 1_000 + 300_000_000) == Array("cdefgh".utf8))
        #expect(schedule.take(now: 1_000 + 400_000_000) == Array("ij".utf8))
        #expect(schedule.isExhausted)
    }
}
