import Glibc

/// Keeps the terminal from echoing control keys as `^C` while the live view draws.
///
/// The terminal driver echoes Ctrl-C the moment it is pressed, before Rill hears of the signal,
/// at the cursor and in whatever attributes the last frame left set (a code line's colours,
/// which the live view keeps between frames so that growing text costs no SGR): the echo would
/// be drawn in the code's colours inside the live region. With `ECHOCTL` off the driver echoes
/// the key as itself, which terminals ignore. Only that flag is changed, and only when it was
/// on; ``restore()`` turns it back on.
struct ControlEcho {
    let descriptor: Int32
    /// Whether this value turned the flag off (and must turn it back on).
    private var hidden = false

    init(descriptor: Int32) {
        self.descriptor = descriptor
    }

    /// Turns `ECHOCTL` off on the terminal, if it is on.
    mutating func hide() {
        guard !hidden else { return }
        var settings = termios()
        guard tcgetattr(descriptor, &settings) == 0, settings.c_lflag & tcflag_t(ECHOCTL) != 0 else { return }
        settings.c_lflag &= ~tcflag_t(ECHOCTL)
        hidden = tcsetattr(descriptor, TCSANOW, &settings) == 0
    }

    /// Turns `ECHOCTL` back on, if ``hide()`` turned it off.
    mutating func restore() {
        guard hidden else { return }
        hidden = false
        var settings = termios()
        guard tcgetattr(descriptor, &settings) == 0 else { return }
        settings.c_lflag |= tcflag_t(ECHOCTL)
        _ = tcsetattr(descriptor, TCSANOW, &settings)
    }
}
