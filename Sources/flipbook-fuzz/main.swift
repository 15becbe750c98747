// flipbook-fuzz: a deterministic mutation fuzzer for scene files, goldens and reports (`make
// fuzz`, and a short run in `make test`). From the examples it makes mutated scenes — flipped
// bytes, extreme numbers, odd strings, deleted and duplicated members, truncations — with a
// seeded generator, and for each one checks what a user would: a rejected scene gets one short
// line; an accepted one renders frames 0-2 in every format. One input in five is a scene built
// in code (an example's values changed through the public API, NaN and infinity included,
// Sources/flipbook-fuzz/CodeMutations.swift): validate() refuses it with an InputError or it
// renders. One input in five is instead a
// mutated golden (its keyframes.json or a frame PNG), compared with a render as `check` does,
// or a mutated report.json, read and written as `report merge` does: each either works or is
// refused with one short line. Before each input runs it is written to
// .build/fuzz/run-PID/current.json, so a crash leaves it behind to become a regression test
// (Tests/fuzz-regressions/). Usage: flipbook-fuzz [--seconds N] [--seed N] [--iterations N]
import Foundation
import Flipbook

let extremes = ["0", "-0", "-1", "1e-17", "1e-300", "1e308", "-1e308", "4096", "8193", "36001", "99999999999", "0.5", "3600", "240", "241",
                "2147483648", "-2147483649", "1e15", "123456789.123456789"]
let strings = ["\"\"", "\"\\u0000\"", "\"\\uFFFF\"", "\"\\uFDD0\"", "\"\\uDBFF\\uDFFF\"", "\"a\\nb\"", "\"\\u001b[31mred\"", "\"s.header\"",
               "\"" + String(repeating: "长", count: 300) + "\"", "\"../x\"", "\"#+F+F+F\"", "\"#12345G\"", "\"wallet\"", "\"flow\"", "null", "true", "[]", "{}"]

func mutate(_ seed: [UInt8], _ rng: inout SplitMix64) -> [UInt8] {
    var b = seed
    for _ in 0..<(1 + rng.below(4)) {
        guard !b.isEmpty else { break }
        let at = rng.below(b.count)
        switch rng.below(8) {
        case 0: b[at] ^= UInt8(1 << rng.below(8))
        case 1, 2:
            // Replace the number starting here (if any) with an extreme one.
            if let start = (at..<b.count).first(where: { (0x30...0x39).contains(b[$0]) || b[$0] == 0x2D }) {
                var end = start
                while end < b.count, "0123456789.eE+-".utf8.contains(b[end]) { end += 1 }
                b.replaceSubrange(start..<end, with: Array(extremes[rng.below(extremes.count)].utf8))
            }
        case 3:
            // Replace the string starting here with an odd one.
            if let start = (at..<b.count).first(where: { b[$0] == 0x22 }), let end = ((start + 1)..<b.count).first(where: { b[$0] == 0x22 }) {
                b.replaceSubrange(start...end, with: Array(strings[rng.below(strings.count)].utf8))
            }
        case 4: b.removeSubrange(at..<min(b.count, at + 1 + rng.below(40)))
        case 5:
            let len = min(b.count - at, 1 + rng.below(200))
            b.insert(contentsOf: b[at..<(at + len)], at: rng.below(b.count))
        case 6: b = Array(b[..<at])
        default: b[at] = UInt8(rng.below(256))
        }
    }
    return b
}

var seconds = 60.0, seed: UInt64 = 1, iterations = Int.max
var args = Array(CommandLine.arguments.dropFirst())
while !args.isEmpty {
    let a = args.removeFirst()
    guard let v = args.first else { break }
    args.removeFirst()
    switch a {
    case "--seconds": seconds = Double(v) ?? seconds
    case "--seed": seed = UInt64(v) ?? seed
    case "--iterations": iterations = Int(v) ?? iterations
    default: break
    }
}

let fm = FileManager.default
// One folder per run, so runs side by side do not share files.
let work = URL(fileURLWithPath: ".build/fuzz/run-\(getpid())")
try fm.createDirectory(at: work, withIntermediateDirectories: true)
let seedNames = try fm.contentsOfDirectory(atPath: "examples").filter { $0.hasSuffix(".json") }.sorted()
let seeds = seedNames.map { [UInt8](fm.contents(atPath: "examples/" + $0)!) }
/// The examples as values, for the mutations a library client can make (CodeMutation).
let codeSeeds = try zip(seedNames, seeds).map { try SceneDecoder().decode($1, file: "examples/" + $0) }
let regressions = ((try? fm.contentsOfDirectory(atPath: "Tests/fuzz-regressions")) ?? []).filter { $0.hasSuffix(".json") }.sorted()
    .map { [UInt8](fm.contents(atPath: "Tests/fuzz-regressions/" + $0)!) }
var rng = SplitMix64(state: seed)
let formats: [OutputFormat] = OutputFormats.all
var accepted = 0, rejected = 0, problems = 0, n = 0
var goldenInputs = 0, reportInputs = 0, codeInputs = 0, uikitInputs = 0

/// A golden, a render to compare it with and a report of them differing: the seeds of the
/// golden and report inputs.
let seedScene = try SceneDecoder().decode(seeds[0], file: "examples/seed.json")
let seedTimeline = try Simulator.run(seedScene, frames: 0...min(20, seedScene.frameCount - 1), limits: RecordingLimits(maxDrawItems: 200_000))
let root = try Directory.open(work.path).0
let goldenSeed = try root.makeDirectory("golden-seed"), candidate = try root.makeDirectory("candidate")
try GoldenStore.render(seedTimeline, every: 10, into: goldenSeed, workers: 2, cancellation: .none)
var changedTimeline = seedTimeline
for i in changedTimeline.frames.indices { changedTimeline.frames[i].items = changedTimeline.frames[i].items.map { var it = $0; it.frame.origin.y += 3; return it } }
try GoldenStore.render(changedTimeline, every: 10, into: candidate, workers: 2, cancellation: .none)
let reportSeed = try ReportDirectory(path: work.appendingPathComponent("report-seed").path)
var options = ComparisonOptions()
options.maxBytes = 256 << 20
options.workers = 2
let seedReport = try DirectoryComparison.compare(name: "seed", baseline: goldenSeed, candidate: candidate, options: options, report: reportSeed)
try Report(scenes: [seedReport]).write(to: reportSeed)
let goldenFiles = try goldenSeed.names().filter { [TracksJSONFormat.fileName, GoldenManifest.fileName].contains($0) || OutputFormats.frameIndex(fileName: $0, ext: "png") != nil }
let reportJSON = try reportSeed.directory.read("report.json", maxBytes: 64 << 20)

/// Simulates frames 0-2 of an accepted scene at scale 1 and renders them in every format.
func renderStart(of scene: Scene) throws {
    var scene = scene
    scene.canvas.scale = 1
    guard scene.canvas.pixelWidth <= 2048, scene.canvas.pixelHeight <= 2048 else { return }
    let timeline = try Simulator.run(scene, frames: 0...min(2, scene.frameCount - 1), limits: RecordingLimits(maxDrawItems: 200_000))
    // Through the directory handle: a link planted as "render" is refused, never followed.
    try? root.removeTree("render") { _, _ in true }
    try RenderPipeline.render(timeline, formats: formats, to: work.appendingPathComponent("render"), workers: 2)
}

/// `json` with one of its numbers replaced by one at or past Double's ends.
func extremeNumber(in json: [UInt8], _ rng: inout SplitMix64) -> [UInt8] {
    let isNumberByte = { (b: UInt8) in (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(b) || b == UInt8(ascii: "-") || b == UInt8(ascii: ".")
        || b == UInt8(ascii: "e") || b == UInt8(ascii: "E") || b == UInt8(ascii: "+") }
    var starts: [Int] = []
    for i in 1..<json.count where isNumberByte(json[i]) && [UInt8(ascii: ":"), UInt8(ascii: ","), UInt8(ascii: "[")].contains(json[i - 1]) {
        starts.append(i)
    }
    guard let at = starts.randomElement(&rng) else { return json }
    var end = at
    while end < json.count && isNumberByte(json[end]) { end += 1 }
    let extremes = ["1e308", "-1.7976931348623157e308", "1e300", "-1e300", "9.3e18", "-9.3e18", "1e400", "4.9e-324"]
    return Array(json[..<at]) + Array(extremes[rng.below(extremes.count)].utf8) + Array(json[end...])
}

/// Whether `error` is a refusal a user should see: one short line of a known kind.
func isOneLineRefusal(_ error: Error) -> Bool {
    guard error is InputError || error is FileError || error is ComparisonError || error is BudgetExceeded || error is RenderError else { return false }
    let line = "\(error)"
    return !line.contains("\n") && !line.contains("\r") && line.count <= 2000
}

@MainActor func keep(_ input: [UInt8], _ what: String, _ name: String) {
    problems += 1
    print("fuzz: \(what); kept as \(work.path)/\(name)")
    try? Data(input).write(to: work.appendingPathComponent(name))
}

let start = Date()
let inputs = regressions
while n < iterations && Date().timeIntervalSince(start) < seconds {
    n += 1
    // After the regressions, one input in five is a scene changed in code, and one in five a
    // golden or a report instead of a scene file.
    if n > inputs.count && n % 5 == 2 {
        codeInputs += 1
        let k = rng.below(codeSeeds.count)
        var scene = codeSeeds[k]
        let changes = (0..<(1 + rng.below(2))).map { _ in CodeMutation.mutate(&scene, &rng) }
        let what = "examples/\(seedNames[k]) built in code with " + changes.joined(separator: ", ")
        try Data(what.utf8).write(to: work.appendingPathComponent("current.json"))
        do {
            try scene.validate()
            accepted += 1
            do { try renderStart(of: scene) } catch where error is BudgetExceeded {
            } catch { keep(Array(what.utf8), "a code-built scene that validate() accepted failed (\(error))", "code-\(n).txt") }
        } catch let e as InputError {
            rejected += 1
            if !isOneLineRefusal(e) { keep(Array(what.utf8), "a message is not one short line", "code-message-\(n).txt") }
        } catch {
            keep(Array(what.utf8), "validate() threw \(error), not an InputError", "code-error-\(n).txt")
        }
        continue
    }
    // One in ten is a scene made from UIKit objects with one value changed (UIKitMutation).
    if n > inputs.count && n % 10 == 4 {
        uikitInputs += 1
        let (what, name, mustRefuse, scene, source) = UIKitMutation.make(&rng)
        defer { withExtendedLifetime(source) {} }
        try Data(what.utf8).write(to: work.appendingPathComponent("current.json"))
        do {
            _ = try Simulator.run(scene)
            accepted += 1
            if mustRefuse { keep(Array(what.utf8), "a UIKit scene with a value that is not finite was drawn", "uikit-\(n).txt") }
        } catch let e as InputError {
            rejected += 1
            if !isOneLineRefusal(e) || !"\(e)".contains(name) {
                keep(Array(what.utf8), "a UIKit scene's refusal is not one line naming \(name): \(e)", "uikit-message-\(n).txt")
            }
        } catch {
            keep(Array(what.utf8), "a UIKit scene threw \(error), not an InputError", "uikit-error-\(n).txt")
        }
        continue
    }
    if n > inputs.count && n % 5 == 0 {
        if n % 10 == 0 {
            reportInputs += 1
            let input = mutate(reportJSON, &rng)
            try Data(input).write(to: work.appendingPathComponent("current.json"))
            do {
                let r = try Report.read(input, file: "report.json")
                for (k, s) in r.scenes.enumerated() { for i in s.images { _ = try reportSeed.readImage(i.baseline, scene: s.name, index: k, maxBytes: 64 << 20) } }
                let out = try ReportDirectory(path: work.appendingPathComponent("report-out").path)
                try out.clear()
                try r.write(to: out)
                accepted += 1
            } catch where isOneLineRefusal(error) {
                rejected += 1
            } catch {
                keep(input, "a mutated report.json failed badly (\(error))", "report-\(n).json")
            }
        } else {
            goldenInputs += 1
            let file = goldenFiles[rng.below(goldenFiles.count)]
            let original = try goldenSeed.read(file, maxBytes: 64 << 20)
            // Half the JSON ones get a number at Double's ends instead of a byte mutation (a
            // golden at x = 1e300 trapped the swap search once: issue 60).
            let input = file.hasSuffix(".json") && rng.below(2) == 0 ? extremeNumber(in: original, &rng) : mutate(original, &rng)
            try Data(input).write(to: work.appendingPathComponent("current.json"))
            do {
                try? root.removeTree("golden") { _, _ in true }
                let golden = try root.makeDirectory("golden")
                for f in goldenFiles { try golden.create(f, f == file ? input : try goldenSeed.read(f, maxBytes: 64 << 20)) }
                _ = try DirectoryComparison.compare(name: "seed", baseline: golden, candidate: candidate, options: options)
                accepted += 1
            } catch where isOneLineRefusal(error) {
                rejected += 1
            } catch {
                keep(input, "a mutated golden \(file) failed badly (\(error))", "golden-\(n)-\(file)")
            }
        }
        continue
    }
    let input = n <= inputs.count ? inputs[n - 1] : mutate(seeds[rng.below(seeds.count)], &rng)
    try Data(input).write(to: work.appendingPathComponent("current.json"))
    do {
        let scene = try SceneDecoder().decode(input, file: "fuzz.json")
        accepted += 1
        do {
            try renderStart(of: scene)
        } catch where error is BudgetExceeded {
            rejected += 1
        } catch {
            keep(input, "accepted scene failed to render (\(error))", "failed-\(n).json")
        }
    } catch let e as InputError {
        rejected += 1
        let line = "\(e)"
        if line.contains("\n") || line.contains("\r") || line.count > 2000 {
            keep(input, "a message is not one short line (\(line.count) characters)", "message-\(n).json")
        }
    } catch is BudgetExceeded {
        rejected += 1
    } catch {
        keep(input, "unexpected error \(error)", "error-\(n).json")
    }
}
if problems == 0 { try? fm.removeItem(at: work) }
print("fuzz: \(n) inputs (seed \(seed)), \(codeInputs) of them scenes changed in code, \(uikitInputs) made from UIKit objects, \(goldenInputs) goldens and \(reportInputs) reports; \(accepted) accepted, \(rejected) rejected with one line, \(problems) problems")
exit(problems == 0 ? 0 : 1)
