import Glibc
import RillTestSupport

#if RILL_LIBFUZZER
/// libFuzzer's driver (in the runtime `-sanitize=fuzzer` links). SwiftPM names an executable's
/// entry point after its module and points `main` at it, so the driver is started from here
/// rather than from libFuzzer's own `main`.
@_silgen_name("LLVMFuzzerRunDriver")
func runFuzzerDriver(_ argc: UnsafeMutablePointer<CInt>,
                     _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
                     _ test: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt) -> CInt

/// Built with `-sanitize=fuzzer -DRILL_LIBFUZZER` (see `make fuzz`), `rill-fuzz` is a libFuzzer
/// binary: each input goes through ``FuzzCheck``; a violation stops the run as a crash, so
/// libFuzzer saves the input (`crash-…`) after the report of what was wrong.
@main
struct RillFuzzer {
    static func main() {
        var argc = CommandLine.argc
        var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
        exit(runFuzzerDriver(&argc, &argv) { data, size in
            let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
            let problems = FuzzCheck.violations(bytes)
            if !problems.isEmpty {
                FuzzReport.print(bytes, problems)
                abort()
            }
            return 0
        })
    }
}
#else
import Foundation

/// Without libFuzzer (a plain `swift build`), `rill-fuzz` replays inputs: each file named, and
/// each file in each directory named (default: `Corpus` and `Tests/RillFuzz/Regressions`),
/// through the same checks. Exit status 1 when any input fails. With `--minimize`, each failing
/// input is also shrunk (``Minimizer``) and written next to it as `<name>.min`.
@main
struct RillFuzzReplay {
    static func main() {
        var paths = Array(CommandLine.arguments.dropFirst())
        let minimize = paths.contains("--minimize")
        paths.removeAll { $0 == "--minimize" }
        if paths.isEmpty { paths = ["Corpus", "Tests/RillFuzz/Regressions"] }
        var failures = 0
        var count = 0
        for file in FuzzInputs.files(in: paths) {
            guard let bytes = FuzzInputs.read(file) else {
                print("rill-fuzz: cannot read \(file)")
                failures += 1
                continue
            }
            count += 1
            let problems = FuzzCheck.violations(bytes)
            if !problems.isEmpty {
                print("FAIL \(file)")
                FuzzReport.print(bytes, problems)
                failures += 1
                if minimize {
                    let minimal = Minimizer.minimize(bytes) { !FuzzCheck.violations($0).isEmpty }
                    print("minimized to \(minimal.count) bytes: \(file).min")
                    FuzzReport.print(minimal, FuzzCheck.violations(minimal))
                    FileManager.default.createFile(atPath: file + ".min", contents: Data(minimal))
                }
            }
        }
        print("rill-fuzz: \(count) inputs replayed, \(failures) failed")
        if failures > 0 { exit(1) }
    }
}
#endif
