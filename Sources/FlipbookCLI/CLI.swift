// FlipbookCLI: the `flipbook` command — argument parsing by hand, exit codes, progress.
// Lives in a library so tests can run it in-process; Sources/flipbook/main.swift only calls
// `CLI.main`.
import Foundation
import Flipbook

/// Exit codes: 0 success, 1 a failure while rendering, 2 bad usage or an invalid scene.
public enum ExitCode {
    public static let success: Int32 = 0
    public static let failure: Int32 = 1
    public static let usage: Int32 = 2
}

/// Where the command writes; injectable so tests can capture output.
public struct Console: Sendable {
    public var out: @Sendable (String) -> Void
    public var err: @Sendable (String) -> Void
    /// Whether stderr is a terminal (progress is shown only then).
    public var errIsTerminal: Bool
    /// The environment (CI, GITHUB_ACTIONS change what `check` does).
    public var environment: [String: String]

    public init(out: @escaping @Sendable (String) -> Void, err: @escaping @Sendable (String) -> Void, errIsTerminal: Bool,
                environment: [String: String] = ProcessInfo.processInfo.environment) {
        self.out = out; self.err = err; self.errIsTerminal = errIsTerminal; self.environment = environment
    }

    public static var standard: Console {
        Console(out: { s in FileHandle.standardOutput.write(Data(s.utf8)) },
                err: { s in FileHandle.standardError.write(Data(s.utf8)) },
                errIsTerminal: isatty(2) == 1)
    }

    /// Where `command` writes: stdout as it is.
    private var commandOut: (@Sendable (String) -> Void)?

    /// Prints workflow commands Flipbook means to give (its annotations), as they are.
    func command(_ s: String) { (commandOut ?? out)(s) }

    /// In GitHub Actions every other line is made inert (WorkflowCommands.neutralize), so no
    /// scene name, id or report line can become a command to the runner.
    func guardingWorkflowCommands() -> Console {
        guard environment["GITHUB_ACTIONS"] == "true", commandOut == nil else { return self }
        var c = self
        let out = self.out, err = self.err
        c.commandOut = out
        c.out = { out(WorkflowCommands.neutralize($0)) }
        c.err = { err(WorkflowCommands.neutralize($0)) }
        return c
    }
}

struct UsageError: Error {
    var message: String
    var command: String
}

public enum CLI {
    public static let version = FlipbookVersion.current

    /// Set by the flipbook executable, which exits as soon as `main` returns: a rendered scene
    /// is then left for the exit to reclaim instead of freed item by item (40 M instructions,
    /// the last thing a render of 100,000 items would do). As compilers do (clang's
    /// -disable-free). Tests run `main` in-process and leave it false.
    nonisolated(unsafe) public static var leavesSceneToExit = false
    nonisolated(unsafe) private static var keptUntilExit: [Scene] = []

    static let mainHelp = """
    flipbook — render iOS collection-view interaction effects offline.

    Usage:
      flipbook render SCENE [-o DIR] [options]   simulate a scene and write frames
      flipbook validate SCENE                    check a scene file and report what it holds
      flipbook diff BASELINE CANDIDATE           compare two renders (timeline, then pixels)
      flipbook check SCENE... --golden DIR       render scenes and compare them with goldens
      flipbook report merge DIR... -o OUT        merge the reports of several check runs
      flipbook help [COMMAND]                    show help
      flipbook --version

    Run 'flipbook help render' for the render options.
    Scene files are JSON; see docs/scene-format.md.
    Exit codes: 0 success, 1 failure while rendering, 2 bad usage or invalid scene.

    """

    static let renderHelp = """
    Usage: flipbook render SCENE [-o DIR] [options]

    Simulates SCENE on a fixed step (frame i is the state at exactly i/fps seconds) and writes
    the frames into DIR. Files are staged in DIR/.flipbook-staging and moved into place only
    when the whole render succeeded; only Flipbook's own file names in DIR are replaced. No
    symbolic link is followed inside DIR, nor DIR itself when it is one.

    Options:
      -o, --output DIR     output directory (default: output/<scene name>)
      --format LIST        comma-separated formats (default: png)
                             png    frame-00000.png … at the canvas scale
                             svg    frame-00000.svg … (vector, 1 px per point)
                             json   keyframes.json: what is drawn where on every frame
                             gif    <scene>.gif, one animated GIF (256 colours a frame)
                             apng   <scene>.png, one lossless animated PNG
                             webp   <scene>.webp, one animated WebP (lossless by default)
                             sheet  <scene>-sheet.png, a contact sheet of frames with times
                             animated-svg  <scene>.svg, the whole animation as one SVG
                                    (CSS keyframes; plays in browsers and as <img>)
      --time LIST          write stills instead: the state at exactly these seconds
                           (comma-separated), as <scene>-<t>s.png / .svg (png, svg only)
      --fps N              override the scene's frames per second (1-240)
      --scale N            override the canvas scale (1, 2 or 3)
      --frames A-B         write only frames A through B (inclusive; a single index works too)
      --step N             write only every N-th frame of that range (A, A+N, …)
      --show-touches       draw fingers that are down as translucent circles
      --loop N             animated previews play N times; 0 loops forever (default 0)
      --webp-quality Q     lossy WebP at quality Q (0-100) instead of lossless
      --sheet-frames N     frames on the contact sheet, evenly spaced (1-100, default 12)
      --jobs N             threads for drawing and encoding (default: all processors, fewer
                           when --max-memory says so)
      --max-memory MB      memory the render may use (default 2048): bounds the timeline
                           (items x frames), the frames drawn at once, an SVG frame, the
                           animated previews and the scene's images (a quarter of it)
      --max-seconds S      time the render may take (default 600): a scene whose drawing is
                           estimated to take longer is refused before it starts, and one
                           that runs past it is stopped
      --assets DIR         read the scene's images from DIR instead of its own folder
      -h, --help           show this help

    """

    static let validateHelp = """
    Usage: flipbook validate SCENE

    Reads and checks SCENE without rendering. Prints a one-line summary and exits 0 when it is
    valid; prints one line naming the file, the JSON path and what was expected, and exits 2,
    when it is not.

    """

    /// Runs the command line and returns the exit code.
    public static func main(_ arguments: [String], console: Console = .standard) -> Int32 {
        let console = console.guardingWorkflowCommands()
        var args = Array(arguments.dropFirst())
        guard let command = args.first else {
            console.err(mainHelp)
            return ExitCode.usage
        }
        args.removeFirst()
        do {
            switch command {
            case "-h", "--help":
                console.out(mainHelp)
                return ExitCode.success
            case "help":
                switch args.first {
                case nil: console.out(mainHelp)
                case "render": console.out(renderHelp)
                case "validate": console.out(validateHelp)
                case "diff": console.out(diffHelp)
                case "check": console.out(checkHelp)
                case "report": console.out(reportHelp)
                case let other?: throw UsageError(message: "no help for unknown command '\(other)'", command: "")
                }
                return ExitCode.success
            case "--version", "version":
                console.out("flipbook \(version)\n")
                return ExitCode.success
            case "render":
                return try render(args, console: console)
            case "validate":
                return try validate(args, console: console)
            case "diff":
                return try diff(args, console: console)
            case "check":
                return try check(args, console: console)
            case "report":
                return try report(args, console: console)
            default:
                throw UsageError(message: "unknown command '\(command)'", command: "")
            }
        } catch {
            let (line, code) = describe(error)
            console.err("flipbook: \(line)\n")
            return code
        }
    }

    /// The one line an error is reported as, and the exit code it means: 2 for bad usage or
    /// input (a scene, a golden, a report, a link where Flipbook writes, a budget overrun),
    /// 1 for a failure while working (interrupted, a full disk).
    static func describe(_ error: Error) -> (line: String, code: Int32) {
        switch error {
        case let e as UsageError:
            let hint = e.command.isEmpty ? "flipbook --help" : "flipbook \(e.command) --help"
            return ("\(e.message) (see '\(hint)')", ExitCode.usage)
        case let e as InputError: return ("\(e)", ExitCode.usage)
        case let e as FileError where e.refused: return ("\(e)", ExitCode.usage)
        case let e as BudgetExceeded: return ("\(e)", ExitCode.usage)
        case let e as ComparisonError: return ("\(e)", ExitCode.usage)
        default: return ("render failed: \(error)", ExitCode.failure)
        }
    }

    /// Reads and decodes a scene file; every problem is an InputError (exit 2). Its images are
    /// read from its folder (or `assets`) and may take a quarter of `maxMemory` MB decoded.
    public static func loadScene(_ path: String, assets: String? = nil, maxMemory: Int = 2048) throws -> Scene {
        let maxBytes = 64 << 20
        var st = stat()
        guard stat(path, &st) == 0 else {
            throw InputError(file: path, message: errno == ENOENT ? "no such file" : "cannot be read: \(String(cString: strerror(errno)))")
        }
        switch st.st_mode & S_IFMT {
        case S_IFDIR: throw InputError(file: path, message: "is a directory, expected a scene file")
        case S_IFREG: break
        // A FIFO with no writer would block for ever, /dev/zero never ends: scene files only.
        default: throw InputError(file: path, message: "is not a regular file, expected a scene file")
        }
        guard st.st_size <= maxBytes else { throw InputError(file: path, message: "larger than 64 MiB, expected a scene file") }
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw InputError(file: path, message: "cannot be read: \(String(cString: strerror(errno)))") }
        defer { close(fd) }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(Int(st.st_size) + 1)  // a file of megabytes read without regrowing
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if n < 0 {
                if errno == EINTR { continue }
                throw InputError(file: path, message: "cannot be read: \(String(cString: strerror(errno)))")
            }
            if n == 0 { break }
            bytes += chunk[0..<n]
            guard bytes.count <= maxBytes else { throw InputError(file: path, message: "larger than 64 MiB, expected a scene file") }
        }
        var decoder = SceneDecoder()
        decoder.assetsDirectory = assets
        decoder.maxImageBytes = (maxMemory << 20) / 4
        return try decoder.decode(bytes, file: path)
    }

    struct RenderArguments {
        var scene: String?
        var output: String?
        var formats: [String] = ["png"]
        var fps: Int?
        var scale: Int?
        var frames: ClosedRange<Int>?
        var step = 1
        var showTouches = false
        var jobs: Int?
        var loop = 0
        var webpQuality: Double?
        var sheetFrames = 12
        var times: [Double]?
        /// MB the render may use, and seconds (RenderBudget).
        var maxMemory = RenderBudget.defaultMegabytes
        var maxSeconds = RenderBudget.defaultSeconds
        var assets: String?
        var help = false
    }

    static func parseRender(_ args: [String]) throws -> RenderArguments {
        var r = RenderArguments()
        var i = 0
        func value(_ name: String) throws -> String {
            i += 1
            guard i < args.count else { throw UsageError(message: "\(name) needs a value", command: "render") }
            return args[i]
        }
        func integer(_ name: String, _ range: ClosedRange<Int>) throws -> Int {
            let v = try value(name)
            guard let n = Int(v), range.contains(n) else {
                throw UsageError(message: "\(name) expects a whole number from \(range.lowerBound) to \(range.upperBound), got '\(v)'", command: "render")
            }
            return n
        }
        while i < args.count {
            let a = args[i]
            switch a {
            case "-h", "--help": r.help = true
            case "-o", "--output":
                r.output = try value(a)
                if r.output!.isEmpty { throw UsageError(message: "-o needs a directory, not an empty string", command: "render") }
            case "--format":
                let list = try value(a).split(separator: ",", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
                for f in list where OutputFormats.named(f) == nil {
                    throw UsageError(message: "unknown format '\(f)'; expected a comma-separated list of " + OutputFormats.names.joined(separator: ", "), command: "render")
                }
                var seen: [String] = []
                for f in list where !seen.contains(f) { seen.append(f) }
                r.formats = seen
            case "--fps": r.fps = try integer(a, SceneLimits.fpsRange)
            case "--scale": r.scale = try integer(a, SceneLimits.scaleRange)
            case "--jobs": r.jobs = try integer(a, 1...256)
            case "--max-memory": r.maxMemory = try integer(a, 64...1_048_576)
            case "--max-seconds": r.maxSeconds = try integer(a, 1...1_000_000)
            case "--assets": r.assets = try value(a)
            case "--step": r.step = try integer(a, 1...SceneLimits.maxFrames)
            case "--show-touches": r.showTouches = true
            case "--loop": r.loop = try integer(a, 0...65535)
            case "--sheet-frames": r.sheetFrames = try integer(a, 1...100)
            case "--webp-quality":
                let v = try value(a)
                guard let q = Double(v), q.isFinite, (0...100).contains(q) else {
                    throw UsageError(message: "--webp-quality expects a number from 0 to 100, got '\(v)'", command: "render")
                }
                r.webpQuality = q
            case "--time":
                let v = try value(a)
                let parts = v.split(separator: ",", omittingEmptySubsequences: false)
                var times: [Double] = []
                for p in parts {
                    guard let t = Double(p.trimmingCharacters(in: .whitespaces)), t.isFinite, t >= 0 else {
                        throw UsageError(message: "--time expects seconds ≥ 0, comma-separated, got '\(v)'", command: "render")
                    }
                    times.append(t)
                }
                r.times = times
            case "--frames":
                let v = try value(a)
                let parts = v.split(separator: "-", omittingEmptySubsequences: false)
                guard (1...2).contains(parts.count), let lo = Int(parts[0]), let hi = Int(parts.last!), lo >= 0, lo <= hi else {
                    throw UsageError(message: "--frames expects A-B with 0 ≤ A ≤ B (or a single index), got '\(v)'", command: "render")
                }
                r.frames = lo...hi
            default:
                if a.hasPrefix("-") && a != "-" {
                    throw UsageError(message: "unknown option '\(a)'", command: "render")
                }
                guard r.scene == nil else { throw UsageError(message: "unexpected argument '\(a)' (one scene per render)", command: "render") }
                r.scene = a
            }
            i += 1
        }
        return r
    }

    static func render(_ args: [String], console: Console) throws -> Int32 {
        let r = try parseRender(args)
        if r.help {
            console.out(renderHelp)
            return ExitCode.success
        }
        guard let path = r.scene else { throw UsageError(message: "render needs a SCENE file", command: "render") }
        var scene = try loadScene(path, assets: r.assets, maxMemory: r.maxMemory)
        if let fps = r.fps {
            scene.fps = fps
            if scene.frameCount > SceneLimits.maxFrames {
                throw UsageError(message: "--fps \(fps) gives \(scene.frameCount) frames for \(NumberFormat.short(scene.duration)) s; at most \(SceneLimits.maxFrames) are allowed", command: "render")
            }
        }
        if let scale = r.scale {
            scene.canvas.scale = scale
            if scene.canvas.pixelWidth > SceneLimits.maxPixelsPerSide || scene.canvas.pixelHeight > SceneLimits.maxPixelsPerSide {
                throw UsageError(message: "--scale \(scale) gives \(scene.canvas.pixelWidth) x \(scene.canvas.pixelHeight) pixels; at most \(SceneLimits.maxPixelsPerSide) per side are allowed", command: "render")
            }
        }
        let count = scene.frameCount
        if let f = r.frames, f.upperBound >= count {
            throw UsageError(message: "--frames \(f.lowerBound)-\(f.upperBound) is outside the scene's frames 0-\(count - 1)", command: "render")
        }
        // The default folder is named by the scene, which may come from anywhere: no part of
        // output/<scene> may be a link. A folder given with -o is the user's own.
        let output = r.output ?? "output/\(scene.name)"
        let formats = r.formats.compactMap(OutputFormats.named)
        let options = RenderOptions(showTouches: r.showTouches, loopCount: r.loop, webpQuality: r.webpQuality, sheetFrames: r.sheetFrames)
        let budget = RenderBudget(megabytes: r.maxMemory, seconds: r.maxSeconds)
        let cancellation = CLI.installCancellation(budget)
        defer { CLI.removeCancellation() }
        if let times = r.times {
            return try renderStills(scene, times: times, formats: formats, to: output, strict: r.output == nil, options: options,
                                    budget: budget, console: console)
        }
        let workers = try budget.workers(for: scene.canvas, requested: r.jobs ?? RenderPipeline.defaultWorkers)
        let timeline = try Simulator.run(scene, frames: r.frames, step: r.step, limits: budget.recordingLimits(cancellation))
        if CLI.leavesSceneToExit { CLI.keptUntilExit.append(scene) }
        try budget.checkWork(timeline, formats: formats, workers: workers)
        let showProgress = console.errIsTerminal
        let label = scene.name
        var progress: (@Sendable (Int, Int) -> Void)? = nil
        if showProgress {
            progress = { done, total in
                if done == total || done % 5 == 0 { console.err("\rrendering \(label): frame \(done)/\(total)") }
            }
        }
        try RenderPipeline.render(timeline, formats: formats, to: URL(fileURLWithPath: output), strict: r.output == nil,
                                  options: options, workers: workers, cancellation: cancellation, progress: progress)
        if showProgress { console.err("\n") }
        let n = timeline.frames.count
        let plural = n == 1 ? "" : "s"
        let formatList = r.formats.joined(separator: ", ")
        console.out("\(scene.name): \(n) frame\(plural) at \(scene.fps) fps, scale \(scene.canvas.scale) (\(formatList)) → \(output)\n")
        return ExitCode.success
    }

    /// `--time`: the state at exactly each time, as `<scene>-<t>s.<format>` for png and svg.
    static func renderStills(_ scene: Scene, times: [Double], formats: [OutputFormat], to output: String, strict: Bool,
                             options: RenderOptions, budget: RenderBudget, console: Console) throws -> Int32 {
        let end = Double(scene.frameCount - 1) / Double(scene.fps)
        for t in times where t > end + FrameClock.epsilon {
            throw UsageError(message: "--time \(NumberFormat.short(t)) is past the scene's last frame at \(NumberFormat.short(end)) s", command: "render")
        }
        var frameFormats: [any FrameFormat] = []
        for f in formats {
            guard case .frames(let ff) = f else {
                throw UsageError(message: "--time writes stills as png or svg, not '\(f.name)'", command: "render")
            }
            frameFormats.append(ff)
        }
        let frames = try Simulator.run(scene, at: times)
        try budget.checkWork(Timeline(scene: scene.name, fps: scene.fps, canvas: scene.canvas, frames: frames),
                             formats: frameFormats.map { .frames($0) })
        var files: [OutputFile] = []
        for frame in frames {
            for f in frameFormats {
                let name = "\(scene.name)-\(NumberFormat.short(frame.time))s.\(f.name)"
                files.append(OutputFile(name: name, bytes: try f.renderFrame(frame, canvas: scene.canvas, options: options)))
            }
        }
        try RenderPipeline.write(files, to: URL(fileURLWithPath: output), strict: strict)
        console.out("\(scene.name): \(files.count) still\(files.count == 1 ? "" : "s") at \(times.map { NumberFormat.short($0) + " s" }.joined(separator: ", ")) → \(output)\n")
        return ExitCode.success
    }

    static func validate(_ args: [String], console: Console) throws -> Int32 {
        if args.contains("-h") || args.contains("--help") {
            console.out(validateHelp)
            return ExitCode.success
        }
        for a in args where a.hasPrefix("-") && a != "-" { throw UsageError(message: "unknown option '\(a)'", command: "validate") }
        guard args.count == 1 else {
            throw UsageError(message: args.isEmpty ? "validate needs a SCENE file" : "validate takes one SCENE file", command: "validate")
        }
        let scene = try loadScene(args[0])
        // Batch updates that depend on what ran before them are checked by running the scene.
        if scene.batchUpdatesCheckedWhenSimulated { _ = try Simulator.run(scene) }
        let items = scene.collectionView.sections.reduce(0) { $0 + $1.items.count }
        console.out("\(args[0]): ok — scene \"\(scene.name)\", \(scene.frameCount) frames at \(scene.fps) fps (\(NumberFormat.short(scene.duration)) s), canvas \(NumberFormat.short(scene.canvas.width))x\(NumberFormat.short(scene.canvas.height)) @\(scene.canvas.scale)x, \(SceneDecoder().typeName(of: scene.collectionView.layout) ?? "custom") layout, \(items) items, \(scene.script.count) script steps, \(scene.touches.count) touches\n")
        return ExitCode.success
    }
}
