// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "Rill",
    products: [
        .library(name: "Rill", targets: ["Rill"]),
        .executable(name: "rill", targets: ["rill"]),
    ],
    targets: [
        // GitHub's cmark-gfm: CommonMark plus tables, strikethrough, autolinks and task lists.
        .systemLibrary(
            name: "CCmarkGFM",
            pkgConfig: "libcmark-gfm",
            providers: [.apt(["libcmark-gfm-dev", "libcmark-gfm-extensions-dev"])]
        ),
        // utf8proc: Unicode character widths for terminal column counting.
        .systemLibrary(
            name: "CUTF8Proc",
            pkgConfig: "libutf8proc",
            providers: [.apt(["libutf8proc-dev"])]
        ),
        // GNU Source-highlight: code highlighted one line at a time, its state handed out between
        // lines. C++ inside, a C interface outside; no C++ exception crosses it.
        .target(
            name: "CSourceHighlight",
            linkerSettings: [.linkedLibrary("source-highlight"), .linkedLibrary("boost_regex")]
        ),
        // glibc's allocator settings (`mallopt`), which the Glibc module leaves out.
        .systemLibrary(name: "CMalloc"),
        // The engine: input normalisation, incremental parsing, identities, layout, painting.
        .target(name: "Rill", dependencies: ["CCmarkGFM", "CUTF8Proc", "CSourceHighlight", "CMalloc"]),
        // The command line: options, the frame loop, signals and file descriptors.
        .target(name: "RillCLI", dependencies: ["Rill"]),
        .executableTarget(name: "rill", dependencies: ["RillCLI"]),
        // Throughput, flatness and bytes written, measured side by side (`swift run -c release rill-bench`).
        .executableTarget(name: "rill-bench", dependencies: ["Rill"], path: "Benchmarks/RillBench"),
        // Shared test helpers: Corpus access, the one-shot oracle, a random document generator.
        .target(name: "RillTestSupport", dependencies: ["Rill"], path: "Tests/RillTestSupport"),
        // Snapshot files and stream fixtures are read at run time from the source tree, not bundled.
        .testTarget(name: "RillTests", dependencies: ["Rill", "RillTestSupport"],
                    exclude: ["Layout/__Snapshots__", "Highlight/__Snapshots__", "Input/ModelStream/Fixtures"]),
        .testTarget(name: "RillCLITests", dependencies: ["RillCLI", "Rill", "RillTestSupport"]),
        // The fuzz target: replays inputs through `FuzzCheck` in a normal build; with
        // `-sanitize=fuzzer -DRILL_LIBFUZZER` it is a libFuzzer binary (`make fuzz`).
        .executableTarget(name: "rill-fuzz", dependencies: ["RillTestSupport"], path: "Tests/RillFuzz",
                          exclude: ["Regressions", "markdown.dict", "lld-toolset.json"]),
    ],
    cxxLanguageStandard: .cxx17
)
