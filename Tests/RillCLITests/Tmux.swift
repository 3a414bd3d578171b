import Foundation
import Glibc
import RillTestSupport
import Testing

/// A real terminal for tests: a detached tmux session on a server of its own (a private socket,
/// no configuration file), running a plain `bash` with a fixed `$ ` prompt, the built `rill` on
/// its `PATH` and `Corpus/` as its working directory.
///
/// Every wait has a deadline, so a run that never ends fails the test instead of hanging the
/// suite; ``kill()`` (also called on deinit) ends the server and everything running in it.
///
/// Commands typed with ``run(_:timeout:)`` are framed by markers printed before and after, so the
/// transcript of one command can be cut out of the scrollback exactly. The markers are written
/// with `printf '@@%s@@\n' …`, so the echo of the typed command line never matches them.
final class Tmux {
    /// A failure of the harness itself (tmux refused a command, a deadline passed).
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// What one framed command left in the terminal.
    struct Run {
        /// The lines between the markers, trailing spaces trimmed.
        var lines: [String]
        /// The command's exit status, as the shell's `$?` reported it.
        var status: Int32
        /// Whether the after-marker started its own line, i.e. the output ended with a newline.
        var endedWithNewline: Bool
    }

    /// The tmux executable, if installed.
    static let executable: String? = {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
        let directories = path.split(separator: ":").map(String.init) + ["/usr/bin", "/usr/local/bin", "/bin"]
        return directories.map { $0 + "/tmux" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }()

    static var isAvailable: Bool { executable != nil }

    /// Environment of the tmux client and server: nothing from the test's own environment (no
    /// `TMUX`, no user configuration), a UTF-8 locale.
    private static let environment = ["PATH": "/usr/bin:/bin", "LANG": "C.UTF-8", "LC_ALL": "C.UTF-8"]

    nonisolated(unsafe) private static var sessionCount = 0
    private static let countLock = NSLock()

    let socket: String
    /// A scratch directory for this session: `$OUT` in the shell.
    let directory: URL
    /// The target of pane commands.
    let target = "rill"
    private(set) var width: Int
    private(set) var height: Int
    private var commands = 0
    private var markers = 0
    private var killed = false

    /// Starts a server with one session of `width` × `height` cells and waits for the prompt.
    init(width: Int, height: Int, timeout: Double = 30) throws {
        guard Self.executable != nil else { throw Failure(description: "tmux is not installed") }
        Self.countLock.lock()
        Self.sessionCount += 1
        let number = Self.sessionCount
        Self.countLock.unlock()
        let unique = "\(getpid())-\(number)-\(UInt32.random(in: 0...UInt32.max))"
        socket = "rill-test-\(unique)"
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("rill-tmux-\(unique)")
        self.width = width
        self.height = height
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)

        let shell = [
            "env", "-i",
            "PATH=\(RillProcess.productsDirectory.path):/usr/bin:/bin",
            "TERM=xterm-256color",
            "PS1=$ ",
            "HOME=\(directory.path)",
            "HISTFILE=/dev/null",
            "OUT=\(directory.path)",
            "bash", "--norc", "--noprofile",
        ]
        do {
            try tmux(["set-option", "-g", "history-limit", "200000", ";",
                      "set-option", "-g", "status", "off", ";",
                      "new-session", "-d", "-s", target, "-x", "\(width)", "-y", "\(height)",
                      "-c", Corpus.directory.path, "--"] + shell)
            try waitForPrompt(timeout: timeout)
        } catch {
            kill()
            throw error
        }
    }

    deinit { kill() }

    /// A path in the scratch directory.
    func file(_ name: String) -> URL { directory.appendingPathComponent(name) }

    // MARK: - Typing

    /// Types `text` literally, then Enter.
    func type(_ text: String) throws {
        try tmux(["send-keys", "-t", target, "-l", "--", text, ";", "send-keys", "-t", target, "Enter"])
    }

    /// Sends keys by tmux name (`C-c`, `Enter`).
    func press(_ keys: String...) throws {
        try tmux(["send-keys", "-t", target] + keys)
    }

    // MARK: - Reading

    /// The pane's lines, trailing spaces trimmed: the visible screen, or with `history` the
    /// scrollback and the screen. With `escapes`, the attributes as escape sequences (`-e`), and
    /// trailing spaces kept (they may have a background; ``cells(_:)`` trims the blank ones).
    ///
    /// Lines are not joined (`-J`): Rill never writes a line wider than the terminal, so a line
    /// the terminal had to wrap is a difference worth seeing; ``screenJoined()`` joins them.
    func capture(history: Bool = false, escapes: Bool = false, join: Bool = false) throws -> [String] {
        var arguments = ["capture-pane", "-p", "-t", target]
        if history { arguments += ["-S", "-", "-E", "-"] }
        if escapes { arguments.append("-e") }
        if join { arguments.append("-J") }
        var lines = try tmux(arguments).split(separator: "\n", omittingEmptySubsequences: false).map { line in
            var text = String(line)
            while !escapes, text.last == " " { text.removeLast() }
            return text
        }
        if lines.last == "" { lines.removeLast() }
        return lines
    }

    /// Lines captured with `escapes` as what a reader sees: each run of cells written `⟦look⟧text`
    /// with its full look (colours and attributes), and trailing blanks without a background
    /// left out.
    ///
    /// `capture-pane -e` writes each attribute change against the cell before it, across lines
    /// too, and writes a line's blank cells that a program erased or overwrote (not those never
    /// touched): two panes showing the same cells can give different escapes, which this undoes.
    static func cells(_ lines: [String]) -> [String] {
        struct Look: Equatable {
            var foreground = "", background = ""
            var attributes = Set<Int>()
            var text: String {
                "fg\(foreground) bg\(background) " + attributes.sorted().map(String.init).joined(separator: ",")
            }
        }
        var look = Look()
        return lines.map { line in
            var cells: [(Character, Look)] = []
            var scalars = Substring(line)
            while let first = scalars.first {
                guard first == "\u{1B}", scalars.dropFirst().first == "[",
                      let end = scalars.firstIndex(where: { $0 == "m" }) else {
                    cells.append((first, look))
                    scalars = scalars.dropFirst()
                    continue
                }
                var parameters = scalars[scalars.index(scalars.startIndex, offsetBy: 2)..<end]
                    .split(separator: ";", omittingEmptySubsequences: false).map { Int($0) ?? 0 }[...]
                scalars = scalars[scalars.index(after: end)...]
                while let parameter = parameters.popFirst() {
                    switch parameter {
                    case 0: look = Look()
                    case 38, 48:
                        let mode = parameters.popFirst() ?? 0
                        let count = mode == 5 ? 1 : 3
                        let value = "\(mode):" + parameters.prefix(count).map(String.init).joined(separator: ":")
                        parameters = parameters.dropFirst(count)
                        if parameter == 38 { look.foreground = value } else { look.background = value }
                    case 39: look.foreground = ""
                    case 49: look.background = ""
                    case 30...37, 90...97: look.foreground = "\(parameter)"
                    case 40...47, 100...107: look.background = "\(parameter)"
                    case 22: look.attributes.subtract([1, 2])
                    case 23, 24, 25, 27, 28, 29: look.attributes.remove(parameter - 20)
                    default: look.attributes.insert(parameter)
                    }
                }
            }
            while let last = cells.last, last.0 == " ", last.1.background.isEmpty, !last.1.attributes.contains(7) {
                cells.removeLast()
            }
            var text = ""
            var current: Look?
            for (character, cellLook) in cells {
                if cellLook != current {
                    text += "⟦\(cellLook.text)⟧"
                    current = cellLook
                }
                text.append(character)
            }
            return text
        }
    }

    /// A tmux format expanded for the pane (`#{cursor_flag}`, `#{pane_width}`).
    func display(_ format: String) throws -> String {
        try tmux(["display-message", "-p", "-t", target, format]).trimmingCharacters(in: .newlines)
    }

    /// Whether the cursor is shown (DECTCEM), as tmux sees it.
    func cursorIsVisible() throws -> Bool { try display("#{cursor_flag}") == "1" }

    // MARK: - Waiting

    /// Polls the visible screen until `condition` holds; throws with the screen at the deadline.
    @discardableResult
    func wait(for what: String, timeout: Double, history: Bool = false,
              until condition: ([String]) -> Bool) throws -> [String] {
        let deadline = Date().addingTimeInterval(timeout)
        while true {
            let lines = try capture(history: history)
            if condition(lines) { return lines }
            if Date() >= deadline {
                throw Failure(description: "waited \(Int(timeout)) s for \(what); the screen shows:\n"
                              + lines.suffix(height).joined(separator: "\n"))
            }
            usleep(20_000)
        }
    }

    /// Waits until the last non-empty line of the screen ends with the prompt, and returns that
    /// line: just `$` when the prompt starts a line of its own.
    @discardableResult
    func waitForPrompt(timeout: Double = 30) throws -> String {
        let lines = try wait(for: "the shell prompt", timeout: timeout) { lines in
            lines.last { !$0.isEmpty }?.hasSuffix("$") == true
        }
        return lines.last { !$0.isEmpty } ?? ""
    }

    // MARK: - Framed commands

    /// Types `command` framed by markers, waits (at most `timeout` seconds) for it to finish and
    /// returns what it printed between the markers, read from scrollback plus screen; with
    /// `escapes`, each line's attributes too, as escape sequences (`capture-pane -e`).
    func run(_ command: String, timeout: Double = 120, escapes: Bool = false) throws -> Run {
        try finish(start(command), timeout: timeout, escapes: escapes)
    }

    /// A command started with ``start(_:)``, identified by its markers.
    struct Started {
        let number: Int
        var begin: String { "@@BEGIN-\(number)@@" }
        var end: String { "@@END-\(number):" }
    }

    /// Types `command` framed by markers and returns without waiting.
    func start(_ command: String) throws -> Started {
        markers += 1
        let started = Started(number: markers)
        try type("printf '@@%s@@\\n' BEGIN-\(started.number); \(command); printf '@@%s:%d@@\\n' END-\(started.number) $?")
        return started
    }

    /// Waits until the before-marker of `started` is on screen.
    func waitForStart(_ started: Started, timeout: Double = 30) throws {
        try wait(for: "the command to start", timeout: timeout, history: true) { $0.contains(started.begin) }
    }

    /// Waits for a command started with ``start(_:)`` to finish and cuts out its output.
    func finish(_ started: Started, timeout: Double = 120, escapes: Bool = false) throws -> Run {
        try wait(for: "the command to finish", timeout: timeout) { lines in
            lines.contains { $0.contains(started.end) }
        }
        return try output(of: started, escapes: escapes)
    }

    /// The output of a finished command, cut from scrollback plus screen; with `escapes`, the
    /// lines with their attributes (the markers are found in the same lines without them).
    func output(of started: Started, escapes: Bool = false) throws -> Run {
        let lines = try capture(history: true)
        guard let first = lines.lastIndex(of: started.begin),
              let last = lines[first...].firstIndex(where: { $0.contains(started.end) }) else {
            throw Failure(description: "markers of command \(started.number) not found in:\n"
                          + lines.suffix(height).joined(separator: "\n"))
        }
        var body = Array(lines[(first + 1)..<last])
        if escapes {
            // The pane is idle at the prompt: the two captures hold the same rows.
            let styled = try capture(history: true, escapes: true)
            guard styled.count == lines.count else {
                throw Failure(description: "captures with and without attributes differ in length: \(styled.count), \(lines.count)")
            }
            body = Array(styled[(first + 1)..<last])
        }
        let endLine = lines[last]
        let markerStart = endLine.range(of: started.end)!
        let endedWithNewline = markerStart.lowerBound == endLine.startIndex
        if !endedWithNewline { body.append(String(endLine[..<markerStart.lowerBound])) }
        let statusText = endLine[markerStart.upperBound...].prefix { $0.isNumber }
        return Run(lines: body, status: Int32(statusText) ?? -1, endedWithNewline: endedWithNewline)
    }

    // MARK: - The window

    /// Resizes the window (and its only pane).
    func resize(width: Int, height: Int) throws {
        try tmux(["resize-window", "-t", target, "-x", "\(width)", "-y", "\(height)"])
        self.width = width
        self.height = height
    }

    /// Copies everything the pane's programs write from now on (raw bytes, before tmux
    /// interprets them) to `file`.
    func recordOutput(to file: URL) throws {
        try tmux(["pipe-pane", "-O", "-t", target, "cat > '\(file.path)'"])
    }

    // MARK: - The server

    /// Ends the server and every process in it, and removes the scratch directory and the
    /// server's socket (a killed server leaves its socket file behind).
    func kill() {
        guard !killed else { return }
        killed = true
        let socketPath = (try? tmux(["display-message", "-p", "#{socket_path}"], timeout: 10))?
            .trimmingCharacters(in: .whitespacesAndNewlines)
        _ = try? tmux(["kill-server"], timeout: 10)
        try? FileManager.default.removeItem(at: directory)
        if let socketPath, socketPath.hasSuffix("/" + socket) { try? FileManager.default.removeItem(atPath: socketPath) }
    }

    /// Runs a tmux command on this server; throws when it fails or takes over `timeout` seconds.
    @discardableResult
    func tmux(_ arguments: [String], timeout: Double = 20) throws -> String {
        guard let executable = Self.executable else { throw Failure(description: "tmux is not installed") }
        commands += 1
        // Files, not pipes: a capture of a long scrollback does not fit in a pipe's buffer, and
        // reading a pipe cannot be given a deadline.
        let out = directory.appendingPathComponent(".tmux-\(commands).out")
        let err = directory.appendingPathComponent(".tmux-\(commands).err")
        defer {
            try? FileManager.default.removeItem(at: out)
            try? FileManager.default.removeItem(at: err)
        }
        let command = "tmux \(arguments.joined(separator: " "))"
        let status = try Self.spawnAndWait(executable, ["tmux", "-u", "-L", socket, "-f", "/dev/null"] + arguments,
                                           environment: Self.environment, output: out.path, errors: err.path,
                                           timeout: timeout, what: command)
        let output = String(decoding: (try? Data(contentsOf: out)) ?? Data(), as: UTF8.self)
        guard status == 0 else {
            let message = String(decoding: (try? Data(contentsOf: err)) ?? Data(), as: UTF8.self)
            throw Failure(description: "`\(command)` failed (status \(status)): \(message)")
        }
        return output
    }

    /// Runs `path` with standard output and error to files and returns its exit status.
    ///
    /// With `posix_spawn` rather than Foundation's `Process`: test threads block most signals,
    /// and a child inherits that mask. A tmux server, its shell and the `rill` under test must
    /// start with no signal blocked and default handlers, or Ctrl-C, SIGTERM, SIGWINCH and the
    /// server's own SIGCHLD would never arrive. The child is waited for with `waitpid`, polled
    /// against a deadline, and killed if it passes.
    static func spawnAndWait(_ path: String, _ arguments: [String], environment: [String: String],
                             output: String, errors: String, timeout: Double, what: String) throws -> Int32 {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, output, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_addopen(&actions, 2, errors, O_WRONLY | O_CREAT | O_TRUNC, 0o600)

        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var none = sigset_t()
        sigemptyset(&none)
        posix_spawnattr_setsigmask(&attributes, &none)
        var all = sigset_t()
        sigfillset(&all)
        sigdelset(&all, SIGKILL)
        sigdelset(&all, SIGSTOP)
        posix_spawnattr_setsigdefault(&attributes, &all)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))

        let argv = arguments.map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            argv.forEach { free($0) }
            envp.forEach { free($0) }
        }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, path, &actions, &attributes, argv, envp)
        guard spawned == 0 else {
            throw Failure(description: "cannot start `\(what)`: \(String(cString: strerror(spawned)))")
        }
        var status: Int32 = 0
        let deadline = Date().addingTimeInterval(timeout)
        while true {
            let waited = waitpid(pid, &status, WNOHANG)
            if waited == pid { break }
            if waited < 0, errno != EINTR {
                throw Failure(description: "waiting for `\(what)`: \(String(cString: strerror(errno)))")
            }
            if Date() >= deadline {
                Glibc.kill(pid, SIGKILL)
                _ = waitpid(pid, &status, 0)
                throw Failure(description: "`\(what)` took over \(Int(timeout)) s")
            }
            usleep(1_000)
        }
        // WIFEXITED / WEXITSTATUS, which Swift does not import.
        return status & 0x7F == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
    }
}
