import Foundation
import Glibc
import Rill

// rill-bench: Rill's streaming cost against its one-shot floor, side by side in one run.
//
//   swift run -c release rill-bench              every input, results in Benchmarks/
//   swift run -c release rill-bench --quick      fewer repetitions
//   swift run -c release rill-bench --only NAME  inputs whose name contains NAME
//   … --no-highlight                             with any mode: code in the band's one colour
//   rill-bench --profile NAME --chunk N [--repeat R]
//                                                one streamed run (0: one-shot, -1: nothing, fps: coalesced at 60 fps), for
//                                                callgrind; R runs of it for a sampling profiler (`perf record`)
//   rill-bench --slowest NAME [--count N] [--chunk N|fps]
//                                                the costliest frames (16-byte pieces by default), and their text
//   rill-bench --dump NAME [--frames N] [--chunk N|fps] [--plain] [--full]
//                                                the bytes the live view writes at each frame (4-byte pieces by default)
//   rill-bench --paced NAME [--chunk N|fps] [--sleep MS]
//                                                frame CPU back to back and with the process asleep between frames (16 ms),
//                                                then asleep with the code, then code and data, made warm before each frame
//   rill-bench --footprint NAME [--chunk N] --frames K,…
//                                                the frames listed run where callgrind alone collects (Benchmarks/footprint.sh)
//   rill-bench --rss NAME                        peak RSS of one streamed run (used internally)
//   rill-bench --hostile [--size N] [--only NAME] [--timeout S]
//                                                pathological shapes (N bytes, or their own size): one-shot, 1-byte
//                                                and 4 KB pieces, events in 1-byte pieces, cmark-gfm's command
//                                                line; CPU and peak RSS
//   rill-bench --highlight [NAME…] [--sleep MS] [--streamed-only]
//                                                syntax highlighting: loading, a line (p50, p99), hostile lines,
//                                                the named documents streamed with it on and off

let arguments = Array(CommandLine.arguments.dropFirst())
func option(_ name: String, in arguments: [String] = arguments) -> String? {
    guard let index = arguments.firstIndex(of: name), index + 1 < arguments.count else { return nil }
    return arguments[index + 1]
}

/// The pieces `--chunk` asks for: N-byte pieces, or `fps` for token-like pieces coalesced at 60
/// frames per second; `size`-byte pieces without it.
func chosenPieces(_ bytes: [UInt8], default size: Int) -> [Range<Int>] {
    if option("--chunk") == "fps" { return Runner.coalesced(bytes) }
    return Runner.fixed(bytes, option("--chunk").flatMap { Int($0) } ?? size)
}

// The allocator as the command line sets it, so that peak resident sizes are the command's.
AllocatorSettings.returnLargeBlocks()

if let name = option("--hostile-run") {
    Hostile.measureHere(name, size: Int(option("--size") ?? "") ?? 100_000, chunk: Int(option("--chunk") ?? "") ?? 0,
                        events: arguments.contains("--events"))
    exit(0)
}

if arguments.contains("--hostile") {
    Hostile.run(size: Int(option("--size") ?? "") ?? 100_000, only: option("--only"),
                timeout: Int(option("--timeout") ?? "") ?? 120)
    exit(0)
}

if let index = arguments.firstIndex(of: "--highlight") {
    let names = arguments[(index + 1)...].prefix { !$0.hasPrefix("--") }
    let documents = names.isEmpty ? ["answer-c-ring-buffer.md", "answer-long-guide.md", "stream-long-code.md"] : Array(names)
    Highlighting.run(streamed: documents, pause: UInt32(option("--sleep").flatMap { Int($0) } ?? 16) * 1000,
                     streamedOnly: arguments.contains("--streamed-only"))
    exit(0)
}

if let name = option("--rss") {
    // Only the input measured is made, so the peak is its own (not every input's text).
    guard let input = Inputs.named(name) else { exit(2) }
    _ = Runner.stream(input.bytes, pieces: Runner.fixed(input.bytes, 16))
    // VmHWM, the peak of this process image: `getrusage`'s `ru_maxrss` would carry over the
    // parent's size from before `exec` (the forked child counts the parent's pages).
    let status = (try? String(contentsOfFile: "/proc/self/status", encoding: .utf8)) ?? ""
    let peak = status.split(separator: "\n").first { $0.hasPrefix("VmHWM:") }
        .flatMap { $0.split(separator: " ").dropFirst().first }.flatMap { Int($0) }
    print(peak ?? 0)  // kilobytes
    exit(0)
}

let allInputs = Inputs.corpus() + (arguments.contains("--corpus-only") ? [] : Inputs.generated())

if let name = option("--dump") {
    guard let input = allInputs.first(where: { $0.name.contains(name) }) else { exit(2) }
    var stream = MarkdownStream()
    let plain = arguments.contains("--plain")
    var view = LiveView(context: plain ? Runner.plainContext : Runner.context,
                        encoder: plain ? Runner.plainEncoder : Runner.encoder, height: Runner.height)
    var total = 0
    let shown = arguments.contains("--full") ? Int.max : 300
    for piece in chosenPieces(input.bytes, default: 4).prefix(Int(option("--frames") ?? "50") ?? 50) {
        stream.append(input.bytes[piece])
        stream.advance()
        let out = view.frame(stream)
        total += out.count
        print(piece.upperBound, out.count, String(decoding: out, as: UTF8.self).debugDescription.prefix(shown))
    }
    print("total", total)
    exit(0)
}

if let name = option("--slowest") {
    // The costliest frames of one input (16-byte pieces unless --chunk says), what the engine and the live view
    // each took of them, and the text each frame added: what the p99 is made of.
    guard let input = allInputs.first(where: { $0.name.contains(name) }) else { exit(2) }
    let pieces = chosenPieces(input.bytes, default: 16)
    let frames = Runner.timedFrames(input.bytes, pieces: pieces)
    let totals = frames.map { $0.engine + $0.view }
    print("frames \(frames.count), p50 \(totals.median / 1000) µs, p99 \(totals.percentile(0.99) / 1000) µs")
    for frame in frames.sorted(by: { $0.engine + $0.view > $1.engine + $1.view }).prefix(Int(option("--count") ?? "25") ?? 25) {
        let context = input.bytes[max(0, frame.piece.lowerBound - 40)..<frame.piece.upperBound]
        print("\((frame.engine + frame.view) / 1000) µs (engine \(frame.engine / 1000), view \(frame.view / 1000)) at \(frame.piece.lowerBound)",
              String(decoding: context, as: UTF8.self).debugDescription)
    }
    exit(0)
}

if let name = option("--paced") {
    // Frames as a live terminal gets them: the process sleeps between frames (a 60 fps loop
    // waiting for input), which leaves caches and branch predictors cold, against the same
    // frames back to back as every other figure here runs them. What a frame costs in `rill`
    // under a model writing 100 tokens a second is the paced figure, several times the hot one.
    guard let input = allInputs.first(where: { $0.name.contains(name) }) else { exit(2) }
    let pieces = chosenPieces(input.bytes, default: 16)
    let pause = UInt32(option("--sleep").flatMap { Int($0) } ?? 16) * 1000
    _ = Runner.timedFrames(input.bytes, pieces: pieces)  // warm the runtime: the first run pays one-time costs
    let hot = Runner.timedFrames(input.bytes, pieces: pieces)
    let paced = Runner.timedFrames(input.bytes, pieces: pieces, sleeping: pause)
    // What the sleep costs, told apart: the frames again with their code made warm after each
    // pause (a frame of another document first), and with code and data warm (the frame on copies).
    let codeWarm = Runner.timedFrames(input.bytes, pieces: pieces, sleeping: pause, rewarming: .code)
    let allWarm = Runner.timedFrames(input.bytes, pieces: pieces, sleeping: pause, rewarming: .all)
    func line(_ label: String, _ frames: [Runner.TimedFrame]) -> String {
        let totals = frames.map { $0.engine + $0.view }
        let us = { (value: UInt64) in String(format: "%.1f", Double(value) / 1000) }
        return "\(label): frame p50 \(us(totals.median)) µs (engine \(us(frames.map(\.engine).median)), "
            + "view \(us(frames.map(\.view).median))), "
            + "total \(String(format: "%.2f", Double(totals.reduce(0, +)) / 1e6)) ms"
    }
    print("\(input.name), \(pieces.count) frames")
    print(line("back to back", hot))
    print(line("\(pause / 1000) ms apart", paced))
    print(line("  the same, code made warm", codeWarm))
    print(line("  the same, code and data warm", allWarm))
    exit(0)
}

if let name = option("--footprint") {
    // One frame's code under callgrind (`Benchmarks/footprint.sh`): the frames listed in --frames
    // run inside `Runner.footprintFrame`, which callgrind alone collects; the others run outside it.
    guard let input = allInputs.first(where: { $0.name.contains(name) }) else { exit(2) }
    let pieces = chosenPieces(input.bytes, default: 8)
    let chosen = Set((option("--frames") ?? "").split(separator: ",").compactMap { Int($0) })
    Runner.footprint(input.bytes, pieces: pieces, collecting: chosen)
    exit(0)
}

if let name = option("--profile") {
    guard let input = allInputs.first(where: { $0.name.contains(name) }) else { exit(2) }
    let coalesced = option("--chunk") == "fps"
    let chunk = Int(option("--chunk") ?? "0") ?? 0
    /// The run asked for: its name, its CPU time in ns and, streamed, the bytes handed to cmark.
    func run() -> (String, UInt64, Int?) {
        if coalesced {
            let run = Runner.stream(input.bytes, pieces: Runner.coalesced(input.bytes))
            return ("coalesced", run.cpu, run.bytesParsed)
        }
        if chunk < 0 { return ("baseline", UInt64(input.bytes.count), nil) }  // inputs made, nothing measured: callgrind's floor
        if chunk == 0 { return ("one-shot", Runner.oneShot(input.bytes).cpu, nil) }
        let run = Runner.stream(input.bytes, pieces: Runner.fixed(input.bytes, chunk))
        return ("stream", run.cpu, run.bytesParsed)
    }
    for _ in 1..<max(1, Int(option("--repeat") ?? "1") ?? 1) { _ = run() }
    let (kind, cpu, parsed) = run()
    print(kind, cpu, parsed.map { "bytes-parsed \($0) of \(input.bytes.count)" } ?? "")
    exit(0)
}

let quick = arguments.contains("--quick")
let only = option("--only")
let inputs = allInputs.filter { only == nil || $0.name.contains(only!) }
let outputDirectory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()

/// Median CPU of `runs` runs of `body`, in ms.
func medianMS(_ runs: Int, _ body: () -> UInt64) -> Double {
    Double((0..<runs).map { _ in body() }.median) / 1e6
}

/// Peak RSS of a separate process streaming `input`, in MB.
func peakRSS(_ input: Input) -> Double? {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
    process.arguments = ["--rss", input.name]
    let pipe = Pipe()
    process.standardOutput = pipe
    guard (try? process.run()) != nil else { return nil }
    process.waitUntilExit()
    let text = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    return Double(text.trimmingCharacters(in: .whitespacesAndNewlines)).map { $0 / 1024 }
}

var results: [Measurement] = []
var curves: [Curve] = []
for input in inputs where input.isSingleParagraph {
    // One paragraph of 1 MB: cmark cannot parse inline content incrementally, so every frame
    // re-parses the paragraph so far and a full streamed run is quadratic (hours). Time a
    // sample of single frames along it instead, and the one-shot floor.
    let bytes = input.bytes
    let oneShot = medianMS(3) { Runner.oneShot(bytes).cpu }
    let pieces = Runner.fixed(bytes, 16)
    var sampled = StreamRun()
    for index in stride(from: 0, to: pieces.count, by: max(1, pieces.count / 40)) {
        var stream = MarkdownStream()
        var view = LiveView(context: Runner.context, encoder: Runner.encoder, height: Runner.height)
        stream.append(bytes[..<pieces[index].lowerBound])
        stream.advance()
        _ = view.frame(stream)
        let cpu = CPUClock.measure {
            stream.append(bytes[pieces[index]])
            stream.advance()
            _ = view.frame(stream)
        }
        sampled.frameCPU.append(cpu)
        sampled.framePositions.append(pieces[index].upperBound)
    }
    results.append(Measurement(
        name: input.name, bytes: bytes.count, oneShotMS: oneShot,
        stream4MS: .nan, stream16MS: .nan, stream64MS: .nan, coalescedMS: .nan,
        ratio4: .nan, ratio16: .nan, ratio64: .nan, ratioCoalesced: .nan,
        flatness: sampled.flatness(total: bytes.count), bytesRatio: .nan, plainBytesRatio: .nan,
        frameP50US: Double(sampled.frameCPU.median) / 1000, frameP99US: Double(sampled.frameCPU.percentile(0.99)) / 1000,
        linesCommittedEarly: 0, peakRSSMB: nil))
    curves.append(Curve(input: input.name, strategy: Strategy.rill.rawValue, points: sampled.curve(total: bytes.count)))
    FileHandle.standardError.write(Data("measured \(input.name) (sampled frames)\n".utf8))
}

for input in inputs where !input.isSingleParagraph {
    let large = input.bytes.count > 200_000
    let runs = quick ? 1 : (large ? 3 : 5)
    let bytes = input.bytes
    let batchBytes = Runner.oneShot(bytes).bytes
    // Each streamed run is paired with one-shot runs just before and after it, and its ratio
    // taken to their mean: on a shared machine whose speed drifts over minutes, a ratio of
    // medians taken minutes apart moved by 2× between two runs of the same binary.
    var oneShots: [UInt64] = []
    func paired(_ body: () -> UInt64) -> (cpu: UInt64, ratio: Double) {
        let before = Runner.oneShot(bytes).cpu
        let cpu = body()
        let after = Runner.oneShot(bytes).cpu
        oneShots += [before, after]
        return (cpu, Double(cpu) / max(1, Double(before + after) / 2))
    }
    var run4 = StreamRun()
    let coalescedPieces = Runner.coalesced(bytes)
    var times: [[UInt64]] = Array(repeating: [], count: 4)  // 4, 16, 64 bytes, coalesced
    var ratios: [[Double]] = Array(repeating: [], count: 4)
    // The totals are measured without reading the clock at every frame (see `Runner.stream`).
    func total(_ pieces: [Range<Int>]) -> UInt64 {
        Runner.stream(bytes, pieces: pieces, timesFrames: false).cpu
    }
    for round in 0..<runs {
        // A large input is streamed in 4-byte pieces once only (it takes a minute).
        let measured: [(cpu: UInt64, ratio: Double)?] = [
            large && round > 0 ? nil : paired {
                run4 = Runner.stream(bytes, pieces: Runner.fixed(bytes, 4), timesFrames: false)
                return run4.cpu
            },
            paired { total(Runner.fixed(bytes, 16)) },
            paired { total(Runner.fixed(bytes, 64)) },
            paired { total(coalescedPieces) },
        ]
        for (kind, value) in measured.enumerated() {
            guard let value else { continue }
            times[kind].append(value.cpu)
            ratios[kind].append(value.ratio)
        }
    }
    // The frame figures (p50, p99, flatness) from one more run, timing every frame.
    let run16 = Runner.stream(bytes, pieces: Runner.fixed(bytes, 16))
    let oneShot = Double(oneShots.median) / 1e6
    let (stream4, stream16, stream64, coalesced) = (Double(times[0].median) / 1e6, Double(times[1].median) / 1e6,
                                                    Double(times[2].median) / 1e6, Double(times[3].median) / 1e6)
    let measurement = Measurement(
        name: input.name, bytes: bytes.count, oneShotMS: oneShot,
        stream4MS: stream4, stream16MS: stream16, stream64MS: stream64, coalescedMS: coalesced,
        ratio4: ratios[0].median, ratio16: ratios[1].median, ratio64: ratios[2].median,
        ratioCoalesced: ratios[3].median,
        flatness: run16.flatness(total: bytes.count),
        bytesRatio: Double(run4.bytesWritten) / Double(max(batchBytes, 1)),
        plainBytesRatio: Double(Runner.stream(bytes, pieces: Runner.fixed(bytes, 4), plain: true).bytesWritten)
            / Double(max(Runner.oneShot(bytes, plain: true).bytes, 1)),
        frameP50US: Double(run16.frameCPU.median) / 1000, frameP99US: Double(run16.frameCPU.percentile(0.99)) / 1000,
        linesCommittedEarly: run16.linesCommittedEarly,
        peakRSSMB: large || input.name.hasPrefix("100 KB") || input.name.hasPrefix("2,000") || input.name.hasPrefix("3,000")
            ? peakRSS(input) : nil)
    results.append(measurement)
    if !input.name.hasSuffix(".md") {
        curves.append(Curve(input: input.name, strategy: Strategy.rill.rawValue, points: run16.curve(total: bytes.count)))
    }
    FileHandle.standardError.write(Data("measured \(input.name)\n".utf8))
}

// The baselines, on the inputs where one block dominates: frame cost against position.
if !quick {
    for input in Inputs.generated() where only == nil || input.name.contains(only!) {
        guard !input.isSingleParagraph, input.bytes.count <= 200_000 else { continue }
        let pieces = Runner.fixed(input.bytes, 16)
        let sampled = stride(from: 0, to: pieces.count, by: max(1, pieces.count / 200)).map { pieces[$0] }
        for strategy in [Strategy.topLevel] {
            let run = Runner.stream(input.bytes, pieces: pieces, strategy: strategy)
            curves.append(Curve(input: input.name, strategy: strategy.rawValue, points: run.curve(total: input.bytes.count)))
        }
        // The whole-document strategy is quadratic: time a sample of its frames.
        var whole = StreamRun()
        for piece in sampled {
            let one = Runner.stream(input.bytes, pieces: [0..<piece.upperBound], strategy: .wholeDocument)
            whole.frameCPU.append(one.cpu)
            whole.framePositions.append(piece.upperBound)
        }
        curves.append(Curve(input: input.name, strategy: Strategy.wholeDocument.rawValue,
                            points: whole.curve(total: input.bytes.count)))
        FileHandle.standardError.write(Data("baselines \(input.name)\n".utf8))
    }
}

let table = Report.table(results)
print(table)
if only == nil {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
    encoder.nonConformingFloatEncodingStrategy = .convertToString(positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
    try? encoder.encode(["inputs": results]).write(to: outputDirectory.appendingPathComponent("results.json"))
    try? encoder.encode(curves).write(to: outputDirectory.appendingPathComponent("curves.json"))
    try? Data(table.utf8).write(to: outputDirectory.appendingPathComponent("results.md"))
    try? Data(Plot.svg(curves).utf8).write(to: outputDirectory.appendingPathComponent("frame-cost.svg"))
}
