import Foundation
import Glibc

/// Runs the built `rill` with its standard output on a pseudo-terminal, so it sees a real
/// terminal (`isatty`, `TIOCGWINSZ`), and collects every byte it writes there.
enum PseudoTerminal {
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// Runs `rill arguments` on a `columns`×`rows` terminal with `environment` (see
    /// ``RillProcess/environment(_:)``); returns the exit status and the bytes written.
    static func run(_ arguments: [String], environment: [String: String], columns: UInt16 = 80,
                    rows: UInt16 = 24) throws -> (status: Int32, output: [UInt8]) {
        let master = LibC.posixOpenpt(O_RDWR | O_NOCTTY)
        guard master >= 0, LibC.grantpt(master) == 0, LibC.unlockpt(master) == 0, let name = LibC.ptsname(master) else {
            throw Failure(description: "no pseudo-terminal: \(String(cString: strerror(errno)))")
        }
        defer { close(master) }
        var size = winsize(ws_row: rows, ws_col: columns, ws_xpixel: 0, ws_ypixel: 0)
        _ = ioctl(master, UInt(TIOCSWINSZ), &size)
        let slave = open(name, O_RDWR | O_NOCTTY)
        guard slave >= 0 else { throw Failure(description: "cannot open \(String(cString: name))") }

        let process = Process()
        process.executableURL = RillProcess.executable
        process.arguments = arguments
        process.environment = RillProcess.environment(environment)
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle(fileDescriptor: slave, closeOnDealloc: false)
        process.standardError = FileHandle.nullDevice
        try process.run()
        close(slave)  // the child has its own copy: reading ends when it exits

        var output: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        let deadline = Date().addingTimeInterval(60)
        while Date() < deadline {
            var poller = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
            guard poll(&poller, 1, 100) >= 0 else { if errno == EINTR { continue } else { break } }
            if poller.revents & Int16(POLLIN) != 0 {
                let count = buffer.withUnsafeMutableBytes { read(master, $0.baseAddress, $0.count) }
                if count > 0 { output += buffer[0..<count]; continue }
                break  // EIO: the child closed the terminal
            }
            if poller.revents & Int16(POLLHUP) != 0 { break }
            if !process.isRunning, poller.revents == 0 { break }
        }
        if process.isRunning { process.terminate() }
        process.waitUntilExit()
        return (process.terminationStatus, output)
    }
}

/// The pseudo-terminal functions of the C library, which Swift's Glibc module leaves out (glibc
/// declares them only for `_XOPEN_SOURCE`): looked up by name.
enum LibC {
    typealias Descriptor = @convention(c) (Int32) -> Int32
    typealias Name = @convention(c) (Int32) -> UnsafeMutablePointer<CChar>?

    static func function<T>(_ name: String, as type: T.Type) -> T {
        guard let symbol = dlsym(nil, name) else { fatalError("\(name) is not in the C library") }
        return unsafeBitCast(symbol, to: type)
    }

    static func posixOpenpt(_ flags: Int32) -> Int32 { function("posix_openpt", as: Descriptor.self)(flags) }
    static func grantpt(_ descriptor: Int32) -> Int32 { function("grantpt", as: Descriptor.self)(descriptor) }
    static func unlockpt(_ descriptor: Int32) -> Int32 { function("unlockpt", as: Descriptor.self)(descriptor) }
    static func ptsname(_ descriptor: Int32) -> UnsafeMutablePointer<CChar>? { function("ptsname", as: Name.self)(descriptor) }
}
