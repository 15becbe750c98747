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

    /// stdout and stderr, every line made inert (`Console.inert`): a terminal or CI log shows
    /// no escape sequence or bidi override that a scene's text chose.
    public static var standard: Console {
        Console(out: { s in StandardStream.output.write(Console.inert(s)) },
                err: { s in StandardStream.error.write(Console.inert(s)) },
                errIsTerminal: isatty(2) == 1)
    }

    /// `text` with every control, invisible or direction-changing scalar (InputError.isHidden)
    /// written as `\u{…}`, except line breaks, tabs and a leading carriage return (Flipbook's own
    /// progress line rewrites itself with one; one inside a scene's name would hide text).
    static func inert(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: { InputError.isHidden($0) && $0 != "\n" && $0 != "\t" && $0 != "\r" })
                || text.dropFirst().contains("\r") else { return text }
        var out = ""
        for (i, u) in text.unicodeScalars.enumerated() {
            if u == "\n" || u == "\t" || (u == "\r" && i == 0) || !InputError.isHidden(u) {
                out.unicodeScalars.append(u)
            } else {
                out += InputError.escaped(u)
            }
        }
        return out
    }

    /// Where `command` writes: stdout as it is.
    private var commandOut: (@Sendable (String) -> Void)?

    /// Prints workflow commands Flipbook means to give (its annotations), as they are.
    func command(_ s: String) { (commandOut ?? out)(s) }

    /// In any CI job Flipbook detects (CIEnvironment.isCI: GitHub Actions, Azure Pipelines,
    /// GitLab, TeamCity, …) every line but its own annotations is made inert
    /// (WorkflowCommands.neutralize), so no scene name, id or report line can become a command
    /// to the runner, whichever runner reads the log.
    func guardingWorkflowCommands() -> Console {
        guard CIEnvironment.isCI(environment), commandOut == nil else { return self }
        var c = self
        let out = self.out, err = self.err
        c.commandOut = out
        c.out = { out(WorkflowCommands.neutralize($0)) }
        c.err = { err(WorkflowCommands.neutralize($0)) }
        return c
    }
}

/// stdout or stderr, written with write(2). Foundation's FileHandle traps when a write fails;
/// here a closed or full stream (EBADF, ENOSPC, EIO) is said once on stderr and remembered, and
/// the command ends with exit 1 (`exitCode(_:)`). A closed pipe still ends the process with
/// SIGPIPE, as for any Unix filter (`flipbook help | head -1`).
final class StandardStream: @unchecked Sendable {
    static let output = StandardStream(fd: 1, name: "standard output")
    static let error = StandardStream(fd: 2, name: "standard error")

    let fd: Int32
    let name: String
    private let lock = NSLock()
    private var failure: Int32 = 0

    init(fd: Int32, name: String) { self.fd = fd; self.name = name }

    var failed: Bool { lock.withLock { failure != 0 } }

    func write(_ s: String) {
        let bytes = Array(s.utf8)
        let code: Int32 = lock.withLock {
            guard failure == 0 else { return 0 }
            var done = 0
            while done < bytes.count {
                let n = bytes.withUnsafeBytes { LibC.write(fd, $0.baseAddress! + done, $0.count - done) }
                if n > 0 { done += n; continue }
                if n < 0 && errno == EINTR { continue }
                failure = n < 0 ? errno : ENOSPC
                return failure
            }
            return 0
        }
        if code != 0 && fd != 2 {
            StandardStream.error.write("flipbook: cannot write to \(name): \(String(cString: strerror(code)))\n")
        }
    }

    /// The command's exit code: 1 when it would succeed but its output could not be written.
    static func exitCode(_ code: Int32) -> Int32 {
        code == ExitCode.success && (output.failed || error.failed) ? ExitCode.failure : code
    }
}

struct UsageError: Error {
    var message: String
    var command: String
}

public enum CLI {
    public static let version = FlipbookVersion.current

    /// Set by the flipbook executable, which exits as soon as `main` returns: a rendered scene
    /// is then left for the exit to reclaim instead of freed item by item, the last and
    /// needless work of a large render (docs/performance.md). As compilers do (clang's
    /// -disable-free). Tests run `main` in-process and leave it false.
    nonisolated(unsafe) static var leavesSceneToExit = false

    /// What the scene's host logged and carried on from (UIKit's broken constraints), one
    /// "warning:" line each on stderr, after the simulation.
    static func sayWarnings(of scene: Scene, console: Console) {
        for w in scene.host?.warnings ?? [] { console.err("flipbook: warning: \(scene.name): \(w)\n") }
    }
    nonisolated(unsafe) private static var keptUntilExit: [Scene] = []
    /// The decoder scene files are read with: the built-in layouts and effects, and those a
    /// package adds through `FlipbookCommand.main(layouts:effects:)`.
    nonisolated(unsafe) static var sceneDecoder = SceneDecoder()

    static var mainHelp: String {
        var h = "flipbook — render iOS collection-view interaction effects offline.\n\nUsage:\n"
        let lines = commandTable.map(\.spec).map { c in ("flipbook \(c.name)\(c.arguments.isEmpty ? "" : " " + c.arguments)" + (c.name == "render" ? " [-o DIR] [options]" : ""), c.summary) }
            + [("flipbook help [COMMAND]", "show help"), ("flipbook --version", "print the version")]
        let width = lines.map(\.0.count).max()! + 3
        for (left, right) in lines { h += "  " + left + String(repeating: " ", count: width - left.count) + right + "\n" }
        return h + """

        Run 'flipbook help COMMAND' for a command's options.
        Scene files are JSON; see docs/scene-format.md.
        Layouts: \(sceneDecoder.layoutTypeNames.joined(separator: ", ")).
        Effects: \(sceneDecoder.effectTypeNames.joined(separator: ", ")).\(codeScenes.isEmpty ? "" : "\nScenes made in code: " + codeScenes.keys.sorted().joined(separator: ", ") + ".")
        Exit codes: 0 success, 1 a difference or a failure while working, 2 bad usage or input,
        130 or 143 interrupted (SIGINT, SIGTERM).

        """
    }

    static var renderHelp: String { Commands.render.help }
    static var validateHelp: String { Commands.validate.help }

    /// Every command: the word that runs it, its table (Commands: options, help) and its code.
    /// Dispatch, `help COMMAND` and the did-you-mean list all read this one list.
    static let commandTable: [(name: String, spec: CommandSpec, run: @Sendable ([String], Console) throws -> Int32)] = [
        ("render", Commands.render, { try render($0, console: $1) }),
        ("preview", Commands.preview, { try preview($0, console: $1) }),
        ("validate", Commands.validate, { try validate($0, console: $1) }),
        ("diff", Commands.diff, { try diff($0, console: $1) }),
        ("check", Commands.check, { try check($0, console: $1) }),
        ("report", Commands.reportMerge, { try report($0, console: $1) }),
        ("init", Commands.initialize, { try initialize($0, console: $1) }),
        ("schema", Commands.schema, { try schema($0, console: $1) }),
    ]

    static var commandNames: [String] { commandTable.map(\.name) + ["help"] }

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
                guard let name = args.first else { console.out(mainHelp); return ExitCode.success }
                guard let spec = commandTable.first(where: { $0.name == name })?.spec else {
                    throw UsageError(message: "no help for unknown command '\(name)'" + Spelling.suggestion(name, among: commandNames, quote: "'"), command: "")
                }
                console.out(spec.help)
                return ExitCode.success
            case "--version", "version":
                console.out("flipbook \(version) (commit \(buildCommit))\n")
                return ExitCode.success
            case let name where commandTable.contains(where: { $0.name == name }):
                return try commandTable.first(where: { $0.name == name })!.run(args, console)
            default:
                throw UsageError(message: "unknown command '\(command)'" + Spelling.suggestion(command, among: commandNames, quote: "'"), command: "")
            }
        } catch {
            let (line, code) = describe(error)
            console.err("flipbook: \(line)\n")
            return code
        }
    }

    /// The one line an error is reported as, and the exit code it means: 2 for bad usage or
    /// input (a scene, a golden, a report, a link where Flipbook writes, a budget overrun),
    /// 1 for a failure while working (a full disk), 128 + the signal for work a signal stopped.
    static func describe(_ error: Error) -> (line: String, code: Int32) {
        switch error {
        case is Cancelled where CLI.signalled != 0:
            let names = [SIGINT: "SIGINT", SIGTERM: "SIGTERM", SIGHUP: "SIGHUP", SIGQUIT: "SIGQUIT"]
            return ("interrupted by \(names[CLI.signalled] ?? "signal \(CLI.signalled)")", 128 + CLI.signalled)
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
        try readScene(path, assets: assets, maxMemory: maxMemory, cancellation: nil)
    }

    /// `loadScene`, its decoding (a long JPEG) stopped by the command's `cancellation`.
    static func readScene(_ path: String, assets: String?, maxMemory: Int, cancellation: Cancellation?) throws -> Scene {
        if let make = codeScenes[path] {
            if Directory.kind(atPath: path, followsLink: true) != nil {
                throw UsageError(message: "'\(path)' names both a scene made in code and a file; rename one", command: "")
            }
            var scene = try make()
            if scene.sourceFile.isEmpty { scene.sourceFile = path }
            try scene.validate(file: path)
            return scene
        }
        return try decodeScene(readSceneFile(path), file: path, assets: assets, maxMemory: maxMemory, cancellation: cancellation)
    }

    /// Scenes made in Swift (a UICollectionView's, FlipbookCommand.main(scenes:)), by the name
    /// that stands for them where a SCENE file would be named.
    nonisolated(unsafe) static var codeScenes: [String: @Sendable () throws -> Scene] = [:]

    /// The bytes of a scene file: a regular file of at most 64 MiB (the file the user named may
    /// be a link; a FIFO or a device is refused, never waited on), else an InputError.
    static func readSceneFile(_ path: String) throws -> [UInt8] {
        if Directory.kind(atPath: path, followsLink: true) == .directory { throw InputError(file: path, message: "is a directory, expected a scene file") }
        do { return try Directory.readFile(atPath: path, maxBytes: 64 << 20, followsLink: true) } catch let e as FileError {
            throw InputError(file: path, message: e.message)
        }
    }

    /// A scene file's bytes decoded; its images read from its folder (or `assets`) within a
    /// quarter of `maxMemory` MB.
    static func decodeScene(_ bytes: [UInt8], file path: String, assets: String?, maxMemory: Int, cancellation: Cancellation? = nil) throws -> Scene {
        var decoder = sceneDecoder
        decoder.cancellation = cancellation
        decoder.assetsDirectory = assets
        decoder.maxImageBytes = (maxMemory << 20) / 4
        decoder.maxTemplateBytes = (maxMemory << 20) / 8
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
        var quiet = false
        var jobs: Int?
        var loop = 0
        var webpQuality: Double?
        var videoQuality = RenderOptions.defaultVideoQuality
        var sheetFrames = RenderOptions.defaultSheetFrames
        var times: [Double]?
        /// MB the render may use, and seconds (RenderBudget).
        var maxMemory = RenderBudget.defaultMegabytes
        var maxSeconds = RenderBudget.defaultSeconds
        var assets: String?
        var help = false
    }

    static func parseRender(_ args: [String]) throws -> RenderArguments {
        let o = try Commands.render.parse(args)
        var r = RenderArguments()
        r.help = o.help
        guard o.positional.count <= 1 else { throw UsageError(message: "unexpected argument '\(o.positional[1])' (one scene per render)", command: "render") }
        r.scene = o.positional.first
        if let out = o.string("--output") {
            if out.isEmpty { throw UsageError(message: "-o needs a directory, not an empty string", command: "render") }
            r.output = out
        }
        if let v = o.string("--format") {
            let list = v.split(separator: ",", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
            for f in list where OutputFormats.named(f) == nil {
                throw UsageError(message: "unknown format '\(f)'" + Spelling.suggestion(f, among: OutputFormats.names, quote: "'")
                                 + "; expected a comma-separated list of " + OutputFormats.names.joined(separator: ", "), command: "render")
            }
            var seen: [String] = []
            for f in list where !seen.contains(f) { seen.append(f) }
            r.formats = seen
        }
        r.fps = try o.integer(Commands.fps)
        r.scale = try o.integer(Commands.scale)
        r.jobs = try o.integer(Commands.jobs)
        r.maxMemory = try o.integer(Commands.maxMemory) ?? r.maxMemory
        r.maxSeconds = try o.integer(Commands.maxSeconds) ?? r.maxSeconds
        r.assets = o.string("--assets")
        r.step = try o.integer("--step", 1...SceneLimits.maxFrames) ?? 1
        r.showTouches = o.has("--show-touches")
        r.quiet = o.has("--quiet")
        r.loop = try o.integer("--loop", 0...65535) ?? 0
        r.sheetFrames = try o.integer(Commands.sheetFrames) ?? RenderOptions.defaultSheetFrames
        r.webpQuality = try o.number("--webp-quality", 0...100)
        r.videoQuality = try o.number("--video-quality", 0...100) ?? r.videoQuality
        if let v = o.string("--time") {
            var times: [Double] = []
            for p in v.split(separator: ",", omittingEmptySubsequences: false) {
                guard let t = Double(p.trimmingCharacters(in: .whitespaces)), t.isFinite, t >= 0 else {
                    throw UsageError(message: "--time expects seconds ≥ 0, comma-separated, got '\(v)'", command: "render")
                }
                times.append(t)
            }
            r.times = times
        }
        if let v = o.string("--frames") {
            let parts = v.split(separator: "-", omittingEmptySubsequences: false)
            guard (1...2).contains(parts.count), let lo = Int(parts[0]), let hi = Int(parts.last!), lo >= 0, lo <= hi else {
                throw UsageError(message: "--frames expects A-B with 0 ≤ A ≤ B (or a single index), got '\(v)'", command: "render")
            }
            r.frames = lo...hi
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
        // The time budget runs from here: reading and checking the scene count.
        let budget = RenderBudget(megabytes: r.maxMemory, seconds: r.maxSeconds)
        let cancellation = CLI.installCancellation(budget)
        defer { CLI.removeCancellation() }
        var scene = try readScene(path, assets: r.assets, maxMemory: r.maxMemory, cancellation: cancellation)
        try cancellation.check()
        if let fps = r.fps {
            scene.fps = fps
            if scene.frameCount > SceneLimits.maxFrames {
                throw UsageError(message: "--fps \(fps) gives \(scene.frameCount) frames for \(NumberFormat.short(scene.duration)) s; at most \(SceneLimits.maxFrames) are allowed", command: "render")
            }
        }
        if let scale = r.scale { try override(&scene, scale: scale, command: "render") }
        let count = scene.frameCount
        if let f = r.frames, f.upperBound >= count {
            throw UsageError(message: "--frames \(f.lowerBound)-\(f.upperBound) is outside the scene's frames 0-\(count - 1)", command: "render")
        }
        // The default folder is named by the scene, which may come from anywhere: no part of
        // output/<scene> may be a link. A folder given with -o is the user's own.
        let output = r.output ?? "output/\(scene.name)"
        let formats = r.formats.compactMap(OutputFormats.named)
        for case .animation(let f) in formats {
            if let problem = f.canvasProblem(scene.canvas) { throw UsageError(message: "--format \(f.name): \(problem)", command: "render") }
        }
        let options = RenderOptions(showTouches: r.showTouches, loopCount: r.loop, webpQuality: r.webpQuality, sheetFrames: r.sheetFrames,
                                    videoQuality: r.videoQuality)
        if let times = r.times {
            return try renderStills(scene, times: times, formats: formats, to: output, strict: r.output == nil, options: options,
                                    budget: budget, console: console)
        }
        let workers = try budget.workers(for: scene.canvas, requested: r.jobs ?? RenderPipeline.defaultWorkers)
        let timeline = try Simulator.run(scene, frames: r.frames, step: r.step, limits: budget.recordingLimits(cancellation))
        CLI.sayWarnings(of: scene, console: console)
        if CLI.leavesSceneToExit { CLI.keptUntilExit.append(scene) }
        try budget.checkWork(timeline, formats: formats, workers: workers)
        let line = ProgressLine.make(console, label: "rendering " + scene.name, quiet: r.quiet)
        var progress: (@Sendable (RenderProgress) -> Void)?
        if let line { progress = { line.update($0) } }
        try RenderPipeline.render(timeline, formats: formats, to: URL(fileURLWithPath: output), strict: r.output == nil,
                                  options: options, workers: workers, cancellation: cancellation, progress: progress)
        line?.finish()
        let n = timeline.frames.count
        let plural = n == 1 ? "" : "s"
        let formatList = r.formats.joined(separator: ", ")
        console.out("\(scene.name): \(n) frame\(plural) at \(scene.fps) fps, scale \(scene.canvas.scale) (\(formatList)) → \(output)\n")
        return ExitCode.success
    }

    /// `--scale`: the scene drawn at `scale`, within the pixels a side may have.
    static func override(_ scene: inout Scene, scale: Int, command: String) throws {
        scene.canvas.scale = scale
        if scene.canvas.pixelWidth > SceneLimits.maxPixelsPerSide || scene.canvas.pixelHeight > SceneLimits.maxPixelsPerSide {
            throw UsageError(message: "--scale \(scale) gives \(scene.canvas.pixelWidth) x \(scene.canvas.pixelHeight) pixels; at most \(SceneLimits.maxPixelsPerSide) per side are allowed", command: command)
        }
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

    static func schema(_ args: [String], console: Console) throws -> Int32 {
        let o = try Commands.schema.parse(args)
        if o.help { console.out(Commands.schema.help); return ExitCode.success }
        guard o.positional.isEmpty else { throw UsageError(message: "schema takes no arguments", command: "schema") }
        console.out(try sceneDecoder.schema())
        return ExitCode.success
    }

    static func validate(_ args: [String], console: Console) throws -> Int32 {
        let o = try Commands.validate.parse(args)
        if o.help {
            console.out(validateHelp)
            return ExitCode.success
        }
        guard o.positional.count == 1 else {
            throw UsageError(message: o.positional.isEmpty ? "validate needs a SCENE file" : "validate takes one SCENE file", command: "validate")
        }
        let scene = try loadScene(o.positional[0], assets: o.string("--assets"))
        // Batch updates that depend on what ran before them are checked by running the scene.
        if scene.batchUpdatesCheckedWhenSimulated { _ = try Simulator.run(scene) }
        let items = scene.collectionView.sections.reduce(0) { $0 + $1.items.count }
        console.out("\(o.positional[0]): ok — scene \"\(scene.name)\", \(scene.frameCount) frames at \(scene.fps) fps (\(NumberFormat.short(scene.duration)) s), canvas \(NumberFormat.short(scene.canvas.width))x\(NumberFormat.short(scene.canvas.height)) @\(scene.canvas.scale)x, \(sceneDecoder.typeName(of: scene.collectionView.layout) ?? "custom") layout, \(items) items, \(scene.script.count) script steps, \(scene.touches.count) touches\n")
        return ExitCode.success
    }
}
