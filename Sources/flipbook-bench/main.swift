// flipbook-bench: prints figures, asserts nothing (`make bench`). Renders a scene's PNG
// frames and reports frames per second, milliseconds per frame split into simulate / draw /
// encode / write, peak memory, and a baseline on the same frames: draw + Cairo's own
// cairo_surface_write_to_png, one frame after another. Then the animated previews against
// ffmpeg, the cost of many items, the animated SVG in Chromium, and one line per goal of
// docs/performance.md with this run's figure.
import Foundation
import Flipbook

func now() -> Double {
    var ts = timespec()
    clock_gettime(CLOCK_MONOTONIC, &ts)
    return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
}

func peakMemoryMiB() -> Double {
    var usage = rusage()
    getrusage(RUSAGE_SELF.rawValue, &usage)
    return Double(usage.ru_maxrss) / 1024  // ru_maxrss is in KiB on Linux
}

func fmt(_ v: Double, _ decimals: Int = 1) -> String { String(format: "%.\(decimals)f", v) }

/// The performance goals (docs/performance.md), one line each with its figure from this run,
/// printed together at the end.
nonisolated(unsafe) var goals: [String] = []  // the bench runs on one thread
func printGoals() {
    guard !goals.isEmpty else { return }
    print("\ngoals (docs/performance.md):")
    goals.forEach { print($0) }
}
func goal(_ figure: String, _ target: String, holds: Bool) {
    goals.append("  " + figure + " (goal: " + target + "): " + (holds ? "holds" : "MISSED"))
}

// `flipbook-bench --previews` runs only the animated previews and videos against ffmpeg (5.);
// `--png` only the PNG frames against the Cairo baseline (1.-4.).
let previewsOnly = CommandLine.arguments.dropFirst().first == "--previews"
// `--uikit` only the UIKit layout object against the native layout (8.); `--uikit-views` only
// layout code that changes the visible cells' views (8., last part).
if CommandLine.arguments.dropFirst().first == "--uikit-views" {
    try UIKitLayoutBenchmark.runViewChanges()
    printGoals()
    exit(0)
}
if CommandLine.arguments.dropFirst().first == "--uikit" {
    try UIKitLayoutBenchmark.run()
    printGoals()
    exit(0)
}
let pngOnly = CommandLine.arguments.dropFirst().first == "--png"
let args = Array(CommandLine.arguments.dropFirst().filter { $0 != "--previews" && $0 != "--png" })
// wallet-scroll: mostly cards sliding, some frames at rest; scroll-physics: continuous motion,
// few identical frames, so its ratio is work saved rather than frames skipped.
let scenes = args.isEmpty ? ["examples/wallet-scroll.json", "examples/scroll-physics.json"] : [args[0]]
let scale = 2
let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("flipbook-bench-\(getpid())")
try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
defer { try? FileManager.default.removeItem(at: scratch) }

func benchmark(_ scenePath: String) throws {
    guard let data = FileManager.default.contents(atPath: scenePath) else {
        FileHandle.standardError.write(Data("flipbook-bench: cannot read \(scenePath)\n".utf8))
        exit(2)
    }
    var scene = try SceneDecoder().decode([UInt8](data), file: scenePath)
    scene.canvas.scale = scale

    print("flipbook-bench: \(scenePath) at scale \(scale) (\(scene.canvas.pixelWidth) x \(scene.canvas.pixelHeight) px), \(ProcessInfo.processInfo.activeProcessorCount) processors")

    // 1. Simulate.
    var t0 = now()
    let timeline = try Simulator.run(scene)
    let simulate = now() - t0
    let n = timeline.frames.count

    // 2. One thread, stage by stage (encoding with Flipbook's encoder; Cairo's timed alongside).
    var draw = 0.0, encode = 0.0, write = 0.0, cairoEncode = 0.0
    var ourBytes = 0, cairoBytes = 0
    for frame in timeline.frames {
        t0 = now()
        let raster = try Raster(drawing: frame, canvas: timeline.canvas)
        let t1 = now()
        let bytes = try raster.pngData()
        let t2 = now()
        _ = FileManager.default.createFile(atPath: scratch.appendingPathComponent(OutputFormats.frameFileName(frame.index, ext: "png")).path,
                                           contents: Data(bytes))
        let t3 = now()
        let theirs = try raster.pngDataFromCairo()
        cairoEncode += now() - t3
        ourBytes += bytes.count
        cairoBytes += theirs.count
        draw += t1 - t0; encode += t2 - t1; write += t3 - t2
    }
    let serialTotal = simulate + draw + encode + write

    // 3. The real pipeline on every processor (simulate + parallel draw/encode/write + rename).
    t0 = now()
    let pipelineTimeline = try Simulator.run(scene)
    try RenderPipeline.render(pipelineTimeline, formats: [.frames(PNGFormat())], to: scratch.appendingPathComponent("pipeline"))
    let pipeline = now() - t0

    // 4. Baseline: draw the same frames and write each with cairo_surface_write_to_png.
    t0 = now()
    for frame in timeline.frames {
        try Raster(drawing: frame, canvas: timeline.canvas).writePNGWithCairo(to: scratch.appendingPathComponent("base.png").path)
    }
    let baseline = now() - t0

    func ms(_ total: Double) -> String { fmt(total / Double(n) * 1000, 2) }
    print("frames: \(n)")
    print("one thread, ms per frame: simulate \(ms(simulate))  draw \(ms(draw))  encode \(ms(encode))  write \(ms(write))  total \(ms(serialTotal))")
    print("one thread: \(fmt(Double(n) / serialTotal)) frames/s (encode is \(fmt(encode / serialTotal * 100, 0))% of the time)")
    print("PNG encoding, ms per frame: Flipbook \(ms(encode)) (\(ourBytes / n / 1024) KiB a frame)  Cairo/libpng \(ms(cairoEncode)) (\(cairoBytes / n / 1024) KiB a frame)")
    print("pipeline (\(RenderPipeline.defaultWorkers) threads): \(fmt(Double(n) / pipeline)) frames/s, \(ms(pipeline)) ms per frame")
    print("baseline cairo_surface_write_to_png (one thread): \(fmt(Double(n) / baseline)) frames/s")
    print("pipeline / baseline: \(fmt(baseline / pipeline, 2))x")
    print("peak memory: \(fmt(peakMemoryMiB())) MiB")
    let name = URL(fileURLWithPath: scenePath).deletingPathExtension().lastPathComponent
    if let target = ["wallet-scroll": 12.0, "scroll-physics": 10.0][name] {
        let size = Double(ourBytes) / Double(cairoBytes)
        goal("\(name) @\(scale)x PNG: \(fmt(baseline / pipeline, 2))x the baseline, files \(fmt(size, 2))x libpng's",
             "at least \(fmt(target, 0))x, within 1.3x", holds: baseline / pipeline >= target && size <= 1.3)
    }
}

for (k, scene) in scenes.enumerated() where !previewsOnly {
    if k > 0 { print("") }
    try benchmark(scene)
}

// 5. Animated previews against ffmpeg (when it is installed).
if pngOnly {
    printGoals()
    exit(0)
} else if PreviewBenchmark.available("ffmpeg") && FileManager.default.fileExists(atPath: "/usr/bin/python3") {
    let flipbook = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("flipbook").path
    if FileManager.default.fileExists(atPath: flipbook) {
        try PreviewBenchmark(flipbook: flipbook, scene: scenes[0], scratch: scratch).run()
    } else {
        print("\npreviews: skipped (build the flipbook product first: make bench does)")
    }
} else {
    print("\npreviews: skipped (ffmpeg not installed; make bench installs it)")
}

// 6. Cost against the number of items, and memory over a long scene.
let flipbookBinary = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("flipbook").path
if args.isEmpty && !previewsOnly && FileManager.default.fileExists(atPath: flipbookBinary) {
    try ScalingBenchmark(flipbook: flipbookBinary, scratch: scratch).runAll()
}

// 8. A UIKit layout object against Flipbook's own layout.
if args.isEmpty && !previewsOnly {
    try UIKitLayoutBenchmark.run()
}

// 7. The animated SVG in Chromium, every frame of the examples that move most (when Chromium is installed).
if args.isEmpty && FileManager.default.fileExists(atPath: flipbookBinary) {
    try SVGBenchmark(flipbook: flipbookBinary).run()
}

printGoals()
