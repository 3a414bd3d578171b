@_spi(Testing) import Rill

/// Feeds a document to a ``MarkdownStream`` piece by piece, with an `update()` after every piece,
/// and checks the streaming properties at every frame and at the end.
///
/// At every frame:
/// - no two blocks anywhere in the tree share an ID;
/// - blocks that were already final stay final, in place; the newly final ones are the ones reported;
/// - the update, applied to the previous frame's blocks, gives exactly this frame's blocks, ranges
///   included: nothing unchanged is re-sent, nothing is inserted twice, nothing final is removed;
/// - at the frames `compareWithPrefix` selects: the blocks equal a one-shot parse of the text so
///   far, ranges included (a final block whose references a definition in the open part would
///   resolve may still show them unresolved); a frame that kept the last view of a large open
///   part (see ``MarkdownStream/reparseThreshold``) shows the same blocks as the frame before it.
///
/// After `finish()`:
/// - the blocks equal a one-shot parse of the whole text: IDs, kinds, content, children and ranges;
/// - every block that was final at any frame is in it with the same ID, range and content (content
///   may differ only for a block with `[`…`]` in its text and a `]:` after it).
public struct StreamCheck {
    /// Violations found, each a sentence with the frame and offset where it happened.
    public private(set) var violations: [String] = []
    /// Frames produced, `finish()` included.
    public private(set) var frames = 0

    /// Stop recording after this many violations.
    public var limit = 8

    private init() {}

    /// Runs the check. `pieces` are consecutive ranges covering `bytes`.
    /// `reparseThreshold`, when given, replaces the stream's (a small one exercises deferred parses);
    /// `settleStep` replaces its paragraph settle step (1 settles an open paragraph at every line).
    public static func run(_ bytes: [UInt8], pieces: [Range<Int>], reparseThreshold: Int? = nil,
                           settleStep: Int? = nil,
                           compareWithPrefix: (_ pieceIndex: Int) -> Bool = { _ in false }) -> StreamCheck {
        var check = StreamCheck()
        check.perform(bytes, pieces: pieces, reparseThreshold: reparseThreshold, settleStep: settleStep,
                      compareWithPrefix: compareWithPrefix)
        return check
    }

    /// Every check on one document: fed per character with a one-shot comparison at every frame,
    /// then in each of the chunkings `chunkSeeds` make (see ``Chunkings/seeded(_:seed:)``), with
    /// the stream settings of ``run(_:pieces:reparseThreshold:settleStep:compareWithPrefix:)``.
    /// The first failing run's report, saying how the document was fed; nil when all pass.
    public static func firstFailure(_ bytes: [UInt8], chunkSeeds: [UInt64], reparseThreshold: Int? = nil,
                                    settleStep: Int? = nil) -> String? {
        let perCharacter = run(bytes, pieces: Chunkings.everyCharacter(bytes), reparseThreshold: reparseThreshold,
                               settleStep: settleStep, compareWithPrefix: { _ in true })
        if !perCharacter.violations.isEmpty { return "fed per character:\n" + perCharacter.report }
        for seed in chunkSeeds {
            let (name, pieces) = Chunkings.seeded(bytes, seed: seed)
            let chunked = run(bytes, pieces: pieces, reparseThreshold: reparseThreshold, settleStep: settleStep)
            if !chunked.violations.isEmpty { return "fed in \(name):\n" + chunked.report }
        }
        return nil
    }

    /// Whether the blocks' ranges, and their descendants', are equal pairwise.
    static func sameRanges(_ a: [Block], _ b: [Block]) -> Bool {
        a.count == b.count && zip(a, b).allSatisfy { $0.range == $1.range && sameRanges($0.children, $1.children) }
    }

    /// A one-line summary of the violations for a test failure message.
    public var report: String {
        violations.joined(separator: "\n")
    }

    private mutating func fail(_ message: String) {
        if violations.count < limit { violations.append(message) }
    }

    private struct FinalVersion {
        var block: Block
        var frame: Int
        var offset: Int
    }

    private mutating func perform(_ bytes: [UInt8], pieces: [Range<Int>], reparseThreshold: Int?, settleStep: Int?,
                                  compareWithPrefix: (Int) -> Bool) {
        var stream = MarkdownStream()
        if let reparseThreshold { stream.reparseThreshold = reparseThreshold }
        if let settleStep { stream.paragraphSettleStep = settleStep }
        var mirror: [BlockID: Block] = [:]
        var finalIDs = Set<BlockID>()
        var finalVersions: [FinalVersion] = []
        var covered = 0

        func checkFrame(_ update: DocumentUpdate, _ stream: MarkdownStream, previousFinalCount: Int) {
            // Where the frame is, for messages (built only when something fails).
            var here: String { Self.location(stream) }
            if update.frame != stream.frameCount || update.frame != frames + 1 {
                fail("\(here): update numbered \(update.frame), expected \(frames + 1)")
            }
            frames = stream.frameCount
            // Identity: no duplicates anywhere, top-level IDs in document order.
            let duplicates = BlockTree.duplicateIDs(stream.blocks)
            if !duplicates.isEmpty { fail("\(here): duplicate IDs \(duplicates)") }
            let topIDs = stream.blocks.map(\.id)
            if topIDs != topIDs.sorted() || Set(topIDs).count != topIDs.count {
                fail("\(here): top-level IDs not increasing: \(topIDs)")
            }

            // Finality: the final list only grows, by the blocks reported as finalized.
            if stream.finalBlocks.count < previousFinalCount {
                fail("\(here): final blocks went from \(previousFinalCount) to \(stream.finalBlocks.count)")
            } else {
                let newlyFinal = stream.finalBlocks[previousFinalCount...]
                if newlyFinal.map(\.id) != update.finalized {
                    fail("\(here): reported final \(update.finalized), but the new final blocks are \(newlyFinal.map(\.id))")
                }
                for block in newlyFinal {
                    finalIDs.insert(block.id)
                    finalVersions.append(FinalVersion(block: block, frame: stream.frameCount, offset: stream.source.count))
                }
            }

            // The update applied to the previous frame gives this frame.
            for id in update.removed {
                if mirror.removeValue(forKey: id) == nil { fail("\(here): removed \(id), which did not exist") }
                if finalIDs.contains(id) { fail("\(here): removed \(id), which was final") }
            }
            for block in update.inserted {
                if mirror[block.id] != nil { fail("\(here): inserted \(block.id), which already existed") }
                mirror[block.id] = block
            }
            for block in update.changed {
                guard let before = mirror[block.id] else {
                    fail("\(here): changed \(block.id), which did not exist")
                    mirror[block.id] = block
                    continue
                }
                if before == block { fail("\(here): re-sent unchanged block \(block.id)") }
                mirror[block.id] = block
                if finalIDs.contains(block.id), !update.finalized.contains(block.id) {
                    finalVersions.append(FinalVersion(block: block, frame: stream.frameCount, offset: stream.source.count))
                }
            }
            for edit in update.appended {
                guard var block = mirror[edit.id] else {
                    fail("\(here): appended to \(edit.id), which did not exist")
                    continue
                }
                edit.apply(to: &block)
                mirror[edit.id] = block
                if finalIDs.contains(edit.id), !update.finalized.contains(edit.id) {
                    finalVersions.append(FinalVersion(block: block, frame: stream.frameCount, offset: stream.source.count))
                }
            }
            // The query for unresolved references, which skips the settled lines of an open
            // paragraph, answers as a scan of all the text does.
            for open in stream.openBlocks where open.mayHoldUnresolvedReference != Self.textHoldsBracket(open) {
                fail("\(here): \(open.id) says it may hold an unresolved reference: "
                     + "\(open.mayHoldUnresolvedReference), its text: \(!open.mayHoldUnresolvedReference)")
            }
            let mirrored = mirror.values.sorted { $0.id < $1.id }
            if mirrored != stream.blocks || !Self.sameRanges(mirrored, stream.blocks) {
                fail("\(here): applying the update does not give the frame's blocks: "
                     + "\(mirrored.map(\.id)) vs \(stream.blocks.map(\.id))")
                mirror = Dictionary(uniqueKeysWithValues: stream.blocks.map { ($0.id, $0) })
            }
        }

        for (index, piece) in pieces.enumerated() {
            if piece.lowerBound != covered { fail("pieces are not consecutive at \(piece)") }
            covered = piece.upperBound
            stream.append(bytes[piece])
            let previousFinalCount = stream.finalBlocks.count
            let previousHeldBack = stream.heldBackFrames
            let previousDeferred = stream.deferredFrames
            let previousBlocks = reparseThreshold == nil ? nil : stream.blocks
            let update = stream.update()
            checkFrame(update, stream, previousFinalCount: previousFinalCount)
            if stream.deferredFrames > previousDeferred {
                // The last view stays, unchanged, until the open part is parsed again.
                if previousBlocks.map({ $0 != stream.blocks }) ?? false || !update.isEmpty {
                    fail("\(Self.location(stream)): a deferred frame changed the blocks")
                }
            } else if compareWithPrefix(index) {
                comparePrefix(stream, heldBack: stream.heldBackFrames > previousHeldBack)
            }
            if violations.count >= limit { break }
        }
        if covered != bytes.count { fail("pieces cover \(covered) of \(bytes.count) bytes") }

        let previousFinalCount = stream.finalBlocks.count
        let last = stream.finish()
        if !last.isDone { fail("finish() did not report isDone") }
        checkFrame(last, stream, previousFinalCount: previousFinalCount)
        if !stream.openBlocks.isEmpty { fail("after finish: open blocks \(stream.openBlocks.map(\.id))") }

        // The end: exactly the one-shot parse.
        let expected = Oracle.parse(bytes)
        let source = Oracle.normalized(bytes)
        if stream.source != source { fail("after finish: normalized text differs from a one-shot read") }
        for difference in BlockTree.differences(stream.finalBlocks, expected) {
            fail("after finish, compared with one-shot parse: \(difference)")
        }

        // Every block that was ever final is in the result, unchanged.
        var result: [BlockID: Block] = [:]
        for block in expected { result[block.id] = block }
        for version in finalVersions {
            let at = "block \(version.block.id) final at frame \(version.frame) (after \(version.offset) bytes)"
            guard let now = result[version.block.id] else {
                fail("\(at) is not in the one-shot parse: \(BlockTree.summary(version.block))")
                continue
            }
            let differences = BlockTree.differences([version.block], [now])
            guard !differences.isEmpty else { continue }
            let onlyContent = version.block.range == now.range && version.block.kind.name == now.kind.name
            if onlyContent, Oracle.mayChangeByLateDefinition(now, in: source) { continue }
            fail("\(at) differs from the one-shot parse: \(differences.joined(separator: "; "))")
        }
    }

    /// Whether the text of `block` or of a block inside it holds a `]` (code spans excluded),
    /// every inline read.
    public static func textHoldsBracket(_ block: Block) -> Bool {
        func holds(_ inlines: [Inline]) -> Bool {
            inlines.contains { inline in
                switch inline {
                case .text(let text): text.contains("]")
                case .emphasis(let children), .strong(let children), .strikethrough(let children),
                     .link(_, _, let children), .image(_, _, let children), .htmlElement(_, let children):
                    holds(children)
                case .code, .autolink, .softBreak, .hardBreak, .html, .math, .footnoteReference: false
                }
            }
        }
        var found = false
        block.forEachDescendant { descendant, _ in
            if !found, let inlines = descendant.kind.inlines { found = holds(inlines) }
        }
        return found
    }

    /// Compares the current frame with a one-shot parse of the text so far — without its
    /// incomplete last line when the stream held that line back as ambiguous.
    private mutating func comparePrefix(_ stream: MarkdownStream, heldBack: Bool) {
        let shownText = heldBack ? Array(stream.source[..<(stream.incompleteLineStart ?? stream.source.count)])
            : Array(stream.source[..<stream.provisionalCloserOffset]) + stream.provisionalClosers
                + stream.source[stream.provisionalCloserOffset...]
        var expected = Oracle.parse(shownText)
        if !stream.provisionalClosers.isEmpty {
            // Shown as if the open delimiters had closed; ranges stop at the text received.
            expected = expected.map { BlockTree.clamped($0, to: stream.source.count) }
        }
        let actual = stream.blocks
        let here = Self.location(stream)
        guard actual.count == expected.count else {
            fail("\(here), compared with one-shot parse of the prefix: "
                 + (BlockTree.differences(actual, expected).first ?? "different block count"))
            return
        }
        let finalCount = stream.finalBlocks.count
        for (index, (a, e)) in zip(actual, expected).enumerated() {
            let differences = BlockTree.differences([a], [e])
            guard !differences.isEmpty else { continue }
            if index < finalCount, a.id == e.id, a.range == e.range, a.kind.name == e.kind.name,
               Oracle.mayChangeByLateDefinition(e, in: stream.source) { continue }
            if index == finalCount, Self.differsInFinalChildrenOnlyByLateDefinition(a, e, in: stream.source) { continue }
            fail("\(here), compared with one-shot parse of the prefix: top-level "
                 + differences.joined(separator: "; "))
            return
        }
    }

    /// Whether the first open block `actual` (a list, quote or table the stream grows child by
    /// child) differs from `expected` only in children before its last that show what a parse
    /// of the text before that last child shows. The stream holds those children final, parsed
    /// without a definition still in the open part after them, like final blocks (the definition
    /// lag inside lists and quotes); its last child is parsed with the open part and must agree.
    public static func differsInFinalChildrenOnlyByLateDefinition(_ actual: Block, _ expected: Block,
                                                                  in source: [UInt8]) -> Bool {
        guard actual.id == expected.id, actual.range == expected.range, actual.kind == expected.kind,
              actual.children.count == expected.children.count, let last = expected.children.last,
              last.range.lowerBound <= source.count else { return false }
        let before = Oracle.parse(Array(source[..<last.range.lowerBound]))
        guard let earlier = before.last(where: { $0.id == actual.id }) else { return false }
        for (index, (a, e)) in zip(actual.children, expected.children).enumerated()
        where !BlockTree.differences([a], [e]).isEmpty {
            guard index < actual.children.count - 1, index < earlier.children.count,
                  BlockTree.differences([a], [earlier.children[index]]).isEmpty else { return false }
        }
        return true
    }

    /// The frame number, the length of the text and its end, for messages.
    static func location(_ stream: MarkdownStream) -> String {
        "frame \(stream.frameCount) after \(stream.source.count) bytes (…\(quote(stream.source.suffix(48))))"
    }

    /// Bytes as a Swift string literal body, for messages.
    public static func quote(_ bytes: some Collection<UInt8>) -> String {
        var out = ""
        for scalar in String(decoding: Array(bytes), as: UTF8.self).unicodeScalars {
            switch scalar {
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case "\\": out += "\\\\"
            case "\"": out += "\\\""
            default:
                if scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) {
                    out += "\\u{\(String(scalar.value, radix: 16))}"
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out
    }
}
