/// How a top-level block changed since it was last reported, as appends at its end
/// (``BlockAppend``) wherever the change is one: text added to the last text, inlines or
/// children added after the last one.
struct BlockDiff {
    private let id: BlockID
    /// Levels below the top-level block of the block being compared (each the last child).
    private var depth = 0
    /// The new range ends of the blocks on the way and of the block being compared.
    private var ends: [Int] = []
    private var appends: [BlockAppend] = []
    /// Leading children of the top-level block left out of the comparison, known unchanged.
    private let settled: Int
    /// The length of the old block's last text when it was let go of (an empty text in its
    /// place): the new last text is that text grown at its end (see ``ReportedBlock/textLetGo``).
    private var heldLength: Int?
    /// Inlines compared one by one.
    private var inlinesCompared = 0

    private init(id: BlockID, settled: Int, heldLength: Int? = nil) {
        self.id = id
        self.settled = settled
        self.heldLength = heldLength
    }

    /// The appends that turn `old` into `new`; empty when they are equal, ranges included; nil
    /// when the change is not an addition at the end (the whole block is sent instead).
    ///
    /// - Complexity: O(n) in the size of the blocks' last children and inlines, and in the
    ///   number of earlier children (compared by identity of storage where shared).
    static func appends(from old: Block, to new: Block) -> [BlockAppend]? {
        var diff = BlockDiff(id: new.id, settled: 0)
        guard diff.compare(old, new) else { return nil }
        return diff.appends
    }

    /// The appends that turn `old` into `new`, two versions of a block without the same
    /// leading children or code lines, which have not changed; nil as above, or when they do
    /// not leave out the same prefix. `compared` counts the inlines compared one by one.
    ///
    /// When `old` let go of its last text, `new`'s last text must be that text grown (see
    /// ``ReportedBlock/isComparable(with:_:)``): it is not compared, what follows its length is
    /// the addition.
    ///
    /// - Complexity: as ``appends(from:to:)-(Block,_)`` for what follows the prefix, the text
    ///   let go of aside.
    static func appends(from old: ReportedBlock, to new: ReportedBlock, comparing compared: inout Int) -> [BlockAppend]? {
        guard old.settled == new.settled, old.settledBytes == new.settledBytes else { return nil }
        var diff = BlockDiff(id: new.id, settled: new.settled, heldLength: old.textLetGo?.length)
        defer { compared += diff.inlinesCompared }
        guard diff.compare(old.rest, new.rest), diff.heldLength == nil else { return nil }
        return diff.appends
    }

    /// Whether `old` became `new` by additions at its end, which are then in ``appends``.
    private mutating func compare(_ old: Block, _ new: Block) -> Bool {
        guard old.id == new.id, old.range.lowerBound == new.range.lowerBound,
              old.followsBlankLine == new.followsBlankLine, old.isFlattenedNesting == new.isFlattenedNesting,
              Self.sameShape(old.kind, new.kind) else { return false }
        ends.append(new.range.upperBound)
        defer { ends.removeLast() }
        let before = appends.count
        if case .codeBlock(let a) = old.kind, case .codeBlock(let b) = new.kind {
            guard literal(a.literal, grewInto: b.literal) else { return false }
        } else if case .htmlBlock(let a) = old.kind, case .htmlBlock(let b) = new.kind {
            guard literal(a, grewInto: b) else { return false }
        } else if let a = old.kind.inlines, let b = new.kind.inlines {
            // Inlines settled in both versions are the same (``Block/settledInlines``): not compared.
            compare(a, b, at: [], from: min(old.settledInlines, new.settledInlines, a.count, b.count))
        }
        compareChildren(old.children, new.children)
        if appends.count == before, old.range.upperBound != new.range.upperBound {
            add([], .rangesOnly)
        }
        return true
    }

    private mutating func literal(_ old: String, grewInto new: String) -> Bool {
        guard let addition = Self.textAddition(from: old, to: new) else { return false }
        if let addition { add([], addition) }
        return true
    }

    /// Most scalars an addition cuts from the end of a text before adding to it.
    static let maxCut = 8

    /// The text addition that turns `old` into `new`: nil inside when they are equal; nil when
    /// more than ``maxCut`` scalars of `old` would have to go.
    static func textAddition(from old: String, to new: String) -> BlockAppend.Addition?? {
        if new.utf8HasPrefix(old) {
            return new.utf8.count > old.utf8.count ? .some(.text(suffix(of: new, after: old))) : .some(nil)
        }
        let oldScalars = old.unicodeScalars, newScalars = new.unicodeScalars
        var common = oldScalars.startIndex, other = newScalars.startIndex
        while common < oldScalars.endIndex, other < newScalars.endIndex, oldScalars[common] == newScalars[other] {
            common = oldScalars.index(after: common)
            other = newScalars.index(after: other)
        }
        let cut = oldScalars.distance(from: common, to: oldScalars.endIndex)
        guard cut <= maxCut else { return nil }
        return .some(.text(String(newScalars[other...]), cut: cut))
    }

    /// Children `old` and `new` compared, as those after the ``settled`` ones at the top level.
    private mutating func compareChildren(_ old: [Block], _ new: [Block]) {
        let offset = depth == 0 ? settled : 0
        guard !old.sharesStorage(with: new) else { return }
        var kept = 0
        while kept < old.count, kept < new.count, Self.identical(old[kept], new[kept]) { kept += 1 }
        if kept == old.count {
            if new.count > kept { add([], .children(keep: offset + kept, Array(new[kept...]))) }
            return
        }
        if kept == old.count - 1, new.count >= old.count {
            let mark = appends.count
            depth += 1
            let grew = compare(old[kept], new[kept])
            depth -= 1
            if grew {
                if new.count > old.count { add([], .children(keep: offset + old.count, Array(new[old.count...]))) }
                return
            }
            appends.removeSubrange(mark...)
        }
        add([], .children(keep: offset + kept, Array(new[kept...])))
    }

    private mutating func compare(_ old: [Inline], _ new: [Inline], at inlinePath: [Int], from settled: Int = 0) {
        // A version kept from the last frame (its part was not parsed again) is the same array.
        guard !old.sharesStorage(with: new) else { return }
        assert(old[..<settled] == new[..<settled], "settled inlines changed")
        var kept = settled
        while kept < old.count, kept < new.count, old[kept] == new[kept] { kept += 1 }
        inlinesCompared += kept - settled + 1
        if kept == old.count {
            if new.count > kept { add(inlinePath, .inlines(keep: kept, Array(new[kept...]))) }
            return
        }
        if kept == old.count - 1, new.count >= old.count {
            let mark = appends.count
            if grow(old[kept], new[kept], at: inlinePath + [kept]) {
                if new.count > old.count { add(inlinePath, .inlines(keep: old.count, Array(new[old.count...]))) }
                return
            }
            appends.removeSubrange(mark...)
        }
        add(inlinePath, .inlines(keep: kept, Array(new[kept...])))
    }

    /// Whether inline `old` became `new` by additions at its end, which are then in ``appends``.
    private mutating func grow(_ old: Inline, _ new: Inline, at inlinePath: [Int]) -> Bool {
        switch (old, new) {
        case (.text(let a), .text(let b)) where inlinePath.count == 1 && heldLength != nil && a.isEmpty:
            // The text let go of: `b` is it grown at its end.
            guard let held = heldLength, b.utf8.count >= held else { return false }
            heldLength = nil
            if b.utf8.count > held { add(inlinePath, .text(String(decoding: b.utf8.dropFirst(held), as: UTF8.self))) }
            return true
        case (.text(let a), .text(let b)), (.code(let a), .code(let b)), (.html(let a), .html(let b)):
            guard let addition = Self.textAddition(from: a, to: b) else { return false }
            if let addition { add(inlinePath, addition) }
            return true
        case (.emphasis(let a), .emphasis(let b)), (.strong(let a), .strong(let b)),
             (.strikethrough(let a), .strikethrough(let b)):
            compare(a, b, at: inlinePath)
            return true
        case (.link(let d, let t, let a), .link(let e, let u, let b)), (.image(let d, let t, let a), .image(let e, let u, let b)):
            guard d == e, t == u else { return false }
            compare(a, b, at: inlinePath)
            return true
        case (.htmlElement(let e, let a), .htmlElement(let f, let b)):
            guard e == f else { return false }
            compare(a, b, at: inlinePath)
            return true
        case (.text, _), (.code, _), (.html, _), (.emphasis, _), (.strong, _), (.strikethrough, _),
             (.link, _), (.image, _), (.autolink, _), (.softBreak, _), (.hardBreak, _),
             (.math, _), (.footnoteReference, _), (.htmlElement, _):
            return false
        }
    }

    private mutating func add(_ inlinePath: [Int], _ addition: BlockAppend.Addition) {
        appends.append(BlockAppend(id: id, depth: depth, ends: ends, inlinePath: inlinePath, addition: addition))
    }

    private static func suffix(of new: String, after old: String) -> String {
        String(decoding: new.utf8.dropFirst(old.utf8.count), as: UTF8.self)
    }

    /// Equal content and equal ranges, recursively.
    static func identical(_ a: Block, _ b: Block) -> Bool {
        a == b && sameRanges(a, b)
    }

    private static func sameRanges(_ a: Block, _ b: Block) -> Bool {
        guard a.range == b.range, a.children.count == b.children.count else { return false }
        return zip(a.children, b.children).allSatisfy { sameRanges($0, $1) }
    }

    /// The same kind with the same attributes, content aside.
    private static func sameShape(_ a: BlockKind, _ b: BlockKind) -> Bool {
        switch (a, b) {
        case (.paragraph, .paragraph), (.tableCell, .tableCell), (.thematicBreak, .thematicBreak),
             (.blockQuote, .blockQuote), (.htmlBlock, .htmlBlock):
            true
        case (.heading(let l, _), .heading(let m, _)): l == m
        case (.codeBlock(let x), .codeBlock(let y)): x.info == y.info && x.isFenced == y.isFenced
        case (.list(let x), .list(let y)): x == y
        case (.item(let x), .item(let y)): x == y
        case (.table(let x), .table(let y)): x == y
        case (.tableRow(let x), .tableRow(let y)): x == y
        case (.paragraph, _), (.heading, _), (.codeBlock, _), (.htmlBlock, _), (.thematicBreak, _), (.blockQuote, _),
             (.list, _), (.item, _), (.table, _), (.tableRow, _), (.tableCell, _):
            false
        }
    }
}
