import Foundation
import Rill
import RillTestSupport
import Testing

extension RillTests.Layout {
    /// How every construct looks at 40, 80 and 120 columns, plain and in colour: the rendered
    /// bytes compared with the files in `__Snapshots__/` (`<name>.<width>.<plain|color>.txt`,
    /// ESC written as `\e` in the colour files). Re-record with `RILL_RECORD_SNAPSHOTS=1`.
    @Suite struct SnapshotTests {}
}

extension RillTests.Layout.SnapshotTests {
    static let widths = [40, 80, 120]
    static let directory = Snapshot.directory(besides: #filePath)

    /// `markdown` laid out in `context` and encoded as a terminal receives it, one `\n` after
    /// each line, ESC shown as `\e`.
    static func render(_ markdown: String, _ context: LayoutContext, _ encoder: ANSIEncoder) -> String {
        var bytes: [UInt8] = []
        for line in DocumentLayout.lines(for: MarkdownStream.parse(Array(markdown.utf8)), in: context) {
            encoder.encode(line, into: &bytes)
            bytes.append(0x0A)
        }
        return String(decoding: bytes, as: UTF8.self).replacingOccurrences(of: "\u{1B}", with: "\\e")
    }

    static func check(_ rendered: String, _ name: String, sourceLocation: SourceLocation = #_sourceLocation) {
        if let failure = Snapshot.check(rendered, named: name, in: directory) {
            Issue.record(Comment(rawValue: failure), sourceLocation: sourceLocation)
        }
    }

    @Test("Plain: no styles, the layout alone", arguments: SnapshotDocuments.all, widths)
    func plain(_ document: SnapshotDocument, width: Int) {
        let context = LayoutContext(width: width, theme: .plain, isPlain: true)
        let rendered = Self.render(document.markdown, context, ANSIEncoder(depth: .none))
        Self.check(rendered, "\(document.name).\(width).plain.txt")
    }

    @Test("Colour: the dark theme in 256 colours", arguments: SnapshotDocuments.all, widths)
    func color(_ document: SnapshotDocument, width: Int) {
        let rendered = Self.render(document.markdown, LayoutContext(width: width, theme: .dark), ANSIEncoder(depth: .palette))
        Self.check(rendered, "\(document.name).\(width).color.txt")
    }

    @Test("Links: plain, in colour, and as OSC 8 hyperlinks", arguments: widths)
    func links(width: Int) {
        let document = SnapshotDocuments.links
        let plain = LayoutContext(width: width, theme: .plain, isPlain: true)
        Self.check(Self.render(document.markdown, plain, ANSIEncoder(depth: .none)), "links.\(width).plain.txt")
        let color = LayoutContext(width: width, theme: .dark)
        Self.check(Self.render(document.markdown, color, ANSIEncoder(depth: .palette)), "links.\(width).color.txt")
        let hyperlinked = LayoutContext(width: width, theme: .dark, hyperlinks: true)
        Self.check(Self.render(document.markdown, hyperlinked, ANSIEncoder(depth: .palette, hyperlinks: true)),
                   "links.\(width).color-hyperlinks.txt")
    }
}
