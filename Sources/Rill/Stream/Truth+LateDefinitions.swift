extension Truth {
    // Late definitions: a link reference definition may come after the links that use it.

    /// Parses again the final blocks before index `end` (and those listed in `also`, assembled
    /// from earlier parses) whose links a newly kept definition may resolve, and returns those
    /// that changed.
    mutating func reresolve(upTo end: Int, also assembled: [Int], labels given: DefinitionLabels? = nil,
                            source: [UInt8]) -> [Block] {
        var changed: [Block] = []
        let labels = given ?? definitions.takeNewLabels()
        let before = referencing.partitioningIndex { $0 >= end }
        let candidates = Array(referencing[..<before]) + assembled.filter { $0 >= end }
        for index in candidates where finalRecords[index].mayReference {
            // Only a block that may use one of the new labels can resolve differently. Its own
            // text decides; what follows it in its segment (blank lines, definitions) refers to
            // nothing in it.
            let tokens = finalRecords[index].referenceTokens
                ?? DefinitionLabels.bracketedTokens(in: source[finalRecords[index].lineStart..<finalRecords[index].textEnd])
            finalRecords[index].referenceTokens = tokens
            guard labels.mayBeReferenced(byTokens: tokens) else { continue }
            let (reparsed, parsedBytes) = reparsedFinal(at: index, source: source)
            bytesParsed += parsedBytes
            guard let block = reparsed else { continue }
            if block != finalBlocks[index] {
                finalBlocks[index] = block
                changed.append(block)
            }
        }
        return changed
    }

    /// Where the last open paragraph that a table's header line split off starts, and the
    /// labels its text may define, if its text may define any (see ``droppedDefinitions``).
    ///
    /// - Complexity: O(the open entries), plus the text of such paragraphs (rare).
    func droppedDefinitions(_ items: [Item], from anchor: Int, source: [UInt8]) -> (start: Int, labels: DefinitionLabels)? {
        var found: (start: Int, labels: DefinitionLabels)?
        for index in anchor..<items.count {
            guard case .entry(let entry) = items[index], entry.joinsNext else { continue }
            let text = source[entry.lineStart..<min(source.count, max(entry.lineStart, entry.block.range.upperBound))]
            guard DefinitionCarrier.mayDefine(text, outside: nil) else { continue }
            var labels = found?.labels ?? DefinitionLabels()
            labels.collect(from: text)
            found = (entry.lineStart, labels)
        }
        return found
    }

    /// Whether final blocks `index` and `index + 1` are a paragraph cmark-gfm split off above a
    /// table and that table, both kept whole (a released block keeps no `joinsNext`).
    private func isSplitPair(_ index: Int) -> Bool {
        guard index >= 0, index + 1 < finalBlocks.count, finalBlocks[index].joinsNext,
              case .paragraph = finalBlocks[index].kind, case .table = finalBlocks[index + 1].kind else { return false }
        return !finalRecords[index].isReleased && !finalRecords[index + 1].isReleased
    }

    /// The text of final block `index`: from its first line to the next block's first line.
    private func segment(ofFinal index: Int, source: [UInt8]) -> Range<Int> {
        let record = finalRecords[index]
        let next = index + 1 < finalRecords.count ? finalRecords[index + 1].lineStart : max(frontier, record.lineStart)
        let upper = max(record.lineStart, max(next, finalBlocks[index].range.upperBound))
        return record.lineStart..<min(upper, source.count)
    }

    /// Final block `index` parsed again from its text with the definitions kept so far that it
    /// may use, named as before (nil if the parse does not find it, which the engine's invariants
    /// rule out), and the number of bytes parsed.
    func reparsedFinal(at index: Int, source: [UInt8]) -> (Block?, Int) {
        let record = finalRecords[index]
        let range = finalBlocks[index].range
        var segment = segment(ofFinal: index, source: source)
        // Only the definitions this block may use: a long answer can carry thousands.
        let prefix = definitions.prefix(for: source[segment])
        // A table whose header line continued the paragraph before it is read so only after
        // that paragraph (alone, `    ---` is code and `2. | b |` a list), and that paragraph
        // only before its table (alone, `[a]: /u` would define): parse the pair.
        if isSplitPair(index - 1) { segment = finalRecords[index - 1].lineStart..<segment.upperBound }
        if isSplitPair(index) { segment = segment.lowerBound..<self.segment(ofFinal: index + 1, source: source).upperBound }
        let parsed = SliceParser.parse(prefix: prefix, slice: source[segment], base: segment.lowerBound)
        let parsedBytes = prefix.count + segment.count
        let own = parsed.entries.filter { $0.block.range.lowerBound < range.upperBound }
        // (A released block is a stub without its kind: nothing to compare.)
        guard let match = own.first(where: { $0.block.range.lowerBound == range.lowerBound }),
              record.isReleased || match.block.kind.name == finalBlocks[index].kind.name else { return (nil, parsedBytes) }
        var block = match.block
        var assigner = record.identityBefore
        for earlier in own where earlier.block.range.lowerBound >= record.lineStart
            && earlier.block.range.lowerBound < block.range.lowerBound {
            assigner.advance(past: earlier.block)
        }
        assigner.assign(&block)
        block.followsBlankLine = finalBlocks[index].followsBlankLine
        return (block, parsedBytes)
    }
}

extension Array where Element == Int {
    /// The first index whose element satisfies `belongs` (elements are sorted so that all that
    /// do come after all that do not).
    func partitioningIndex(where belongs: (Int) -> Bool) -> Int {
        var low = startIndex, high = endIndex
        while low < high {
            let middle = (low + high) / 2
            if belongs(self[middle]) { high = middle } else { low = middle + 1 }
        }
        return low
    }
}
