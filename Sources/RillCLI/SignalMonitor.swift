import Glibc

/// Turns asynchronous signals into readable bytes on a pipe (the self-pipe trick), so the frame
/// loop can `poll(2)` for input and signals together and handle them outside signal context.
///
/// SIGINT, SIGTERM and SIGHUP ask the loop to stop; SIGWINCH reports a resize; SIGTSTP (Ctrl-Z)
/// asks it to tidy the terminal and then stop the process (``suspendProcess()``). SIGPIPE is
/// ignored, so a closed stdout shows up as EPIPE from `write(2)`.
enum SignalMonitor {
    /// A signal the loop reacts to.
    enum Event: Equatable {
        case interrupt(Int32)
        case resize
        case suspend
    }

    /// Read end of the pipe; poll it for readability.
    nonisolated(unsafe) private(set) static var descriptor: Int32 = -1
    nonisolated(unsafe) private static var writeEnd: Int32 = -1

    /// Installs the handlers once.
    static func install() {
        guard descriptor < 0 else { return }
        var fds: [Int32] = [0, 0]
        guard pipe(&fds) == 0 else { return }
        for fd in fds {
            _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
            _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
        }
        descriptor = fds[0]
        writeEnd = fds[1]
        signal(SIGPIPE, SIG_IGN)
        for number in [SIGINT, SIGTERM, SIGHUP, SIGWINCH, SIGTSTP] {
            var action = sigaction()
            action.__sigaction_handler.sa_handler = { number in
                var byte = UInt8(truncatingIfNeeded: number)
                _ = Glibc.write(SignalMonitor.writeEnd, &byte, 1)
            }
            sigemptyset(&action.sa_mask)
            action.sa_flags = SA_RESTART
            sigaction(number, &action, nil)
        }
    }

    /// Stops the process as Ctrl-Z would have, and returns once it is continued (`fg`, `bg`,
    /// SIGCONT).
    static func suspendProcess() {
        var stop = sigaction()
        stop.__sigaction_handler.sa_handler = SIG_DFL
        sigemptyset(&stop.sa_mask)
        var previous = sigaction()
        sigaction(SIGTSTP, &stop, &previous)
        raise(SIGTSTP)
        sigaction(SIGTSTP, &previous, nil)
    }

    /// Signals received since the last call, in order.
    static func drain() -> [Event] {
        guard descriptor >= 0 else { return [] }
        var events: [Event] = []
        var buffer = [UInt8](repeating: 0, count: 64)
        while true {
            let count = read(descriptor, &buffer, buffer.count)
            guard count > 0 else { break }
            for byte in buffer[0..<count] {
                let number = Int32(byte)
                switch number {
                case SIGWINCH: events.append(.resize)
                case SIGTSTP: events.append(.suspend)
                default: events.append(.interrupt(number))
                }
            }
        }
        return events
    }
}
