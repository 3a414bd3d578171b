/// How many colours the output may use.
public enum ColorDepth: Sendable, Equatable {
    /// No escape sequences at all: plain text.
    case none
    /// The 16 basic colours (the Linux console, old terminals): palette colours are mapped to the
    /// nearest basic one.
    case basic
    /// The 256-colour palette (xterm-like terminals, tmux).
    case palette
}
