/// A stream's growing text (``TextGrowth``) as one frame of a live layout sees it: what the
/// layout's caches and memos need to let go of that text after the frame and to know, at the
/// next, what they let go of.
struct GrowingTextFrame: Sendable {
    /// The growing text now, its generation and length.
    private(set) var current: TextGrowth.Current?
    /// The growing text itself, to know it where it is held (by its storage); held only during
    /// the frame.
    private(set) var text: String?
    /// The text of the generation the stream's last frame ended, as it last was.
    private(set) var replaced: (generation: Int, text: String)?

    /// No growing text.
    init() {}

    /// The growing text of `growth`, whose open part `tail` holds it.
    init(_ growth: TextGrowth, tail: OpenTail) {
        current = growth.current
        replaced = growth.replaced
        if current != nil { text = PlainTextExtension.lastLeafText(tail) }
    }

    /// Whether `text` is the growing text (the same bytes in the same storage).
    func isGrowing(_ text: String) -> Bool {
        self.text.map(text.sharesStorage(with:)) ?? false
    }

    /// What a holder now lets go of, when `text` is the growing text: its generation and length.
    func letGo(_ text: String) -> LetGoText? {
        guard let current, isGrowing(text) else { return nil }
        return LetGoText(generation: current.generation, length: current.length)
    }

    /// What a holder that let go of `held` does with it this frame: takes back the text the stream
    /// passed on when its generation ended, keeps waiting while it still grows, or forgets it.
    func fate(of held: LetGoText) -> HeldTextFate {
        if let replaced, replaced.generation == held.generation, replaced.text.utf8.count == held.length {
            return .takeBack(replaced.text)
        }
        return current?.generation == held.generation ? .stillGrowing : .forget
    }

    /// Whether a holder that let go of `held` keeps what it made of it this frame: it does when
    /// it takes the text back (`takeBack` puts it in place) or the text still grows (see
    /// ``fate(of:)``).
    func keeps(_ held: LetGoText, takingBack takeBack: (String) -> Void) -> Bool {
        switch fate(of: held) {
        case .takeBack(let text):
            takeBack(text)
            return true
        case .stillGrowing:
            return true
        case .forget:
            return false
        }
    }

    /// Whether `text` is the growing text and begins with the text a holder let go of: the
    /// same generation, grown at its end since, or not.
    func continues(_ held: LetGoText, in text: String) -> Bool {
        current?.generation == held.generation && isGrowing(text) && text.utf8.count >= held.length
    }
}

/// What a holder of a stream's growing text kept of it when it let go of it (leaving an empty
/// text in its place): the generation and length of the text (see ``TextGrowth``).
struct LetGoText: Sendable, Equatable {
    var generation: Int
    var length: Int
}

/// What becomes of a text a holder let go of, at the start of a frame.
enum HeldTextFate: Equatable {
    /// The stream ended the text's generation and passed on this text, as it last was: the
    /// holder puts it back in place of the empty text it kept.
    case takeBack(String)
    /// The text's generation still grows: the holder keeps waiting (the new text begins with it).
    case stillGrowing
    /// Neither: the holder forgets what it made of the text.
    case forget
}
