import Glibc
import RillTestSupport

#if RILL_LIBFUZZER

/// libFuzzer's entry point (built with `-sanitize=fuzzer -DRILL_LIBFUZZER`, see `make fuzz`):
/// each input goes through ``FuzzCheck``; a violation stops the run as a crash, so libFuzzer
/// saves the input (`crash-…`) and prints what was wrong.
@_cdecl("LLVMFuzzerTestOneInput")
public func rillFuzzTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    let problems = FuzzCheck.violations(bytes)
    if !problems.isEmpty {
        FuzzReport.print(bytes, problems)
        abort()
    }
    return 0
}
#else
/// Without libFuzzer (a plain `swift build`), `rill-fuzz` replays inputs: each file named, and
/// each file in each directory named (default: `Corpus` and `Tests/RillFuzz/Regressions`),
/// through the same checks. Exit status 1 when any input fails.
@main
struct RillFuzzReplay {
    static func main() {
        var paths = Array(CommandLine.arguments.dropFirst())
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
            }
        }
        print("rill-fuzz: \(count) inputs replayed, \(failures) failed")
        if failures > 0 { exit(1) }
    }
}
#endif
