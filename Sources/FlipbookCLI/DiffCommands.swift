import Foundation
import Flipbook

// `flipbook diff`, `flipbook check` and `flipbook report merge`: comparing renders in CI.
extension CLI {
    static var diffHelp: String { Commands.diff.help }
    static var checkHelp: String { Commands.check.help }
    static var reportHelp: String { Commands.reportMerge.help }

    struct CompareArguments {
        var positional: [String] = []
        var output: String?
        var options = ComparisonOptions()
        var golden: String?
        var record: String?
        var shard: (Int, Int)?
        /// `--every`, when given (a golden keeps what it was recorded with; recording uses 30).
        var every: Int?
        var quiet = false
        var maxMemory = RenderBudget.defaultMegabytes
        var maxSeconds = RenderBudget.defaultSeconds
        var help = false
    }

    static func parseCompare(_ args: [String], command: String) throws -> CompareArguments {
        let o = try (command == "check" ? Commands.check : Commands.diff).parse(args)
        var r = CompareArguments()
        r.help = o.help
        r.positional = o.positional
        r.output = o.string("--output")
        r.golden = o.string("--golden")
        r.quiet = o.has("--quiet")
        if let v = o.string("--record") {
            guard v.isEmpty || v == "force" else { throw UsageError(message: "--record takes no value but =force, got '\(v)'", command: command) }
            r.record = v.isEmpty ? "on" : "force"
        }
        if let t = try o.number(Commands.threshold) { r.options.pixels.threshold = t }
        if let v = o.string("--max-diff-pixels") {
            if v.hasSuffix("%"), let p = Double(v.dropLast()), p.isFinite, (0...100).contains(p) {
                r.options.maxDiffPixels = .fraction(p / 100)
            } else if let n = Int(v), n >= 0 {
                r.options.maxDiffPixels = .pixels(n)
            } else {
                throw UsageError(message: "--max-diff-pixels expects a pixel count or a percentage like 0.5%, got '\(v)'", command: command)
            }
        }
        if let n = try o.integer(Commands.jobs) { r.options.workers = n }
        r.every = try o.integer("--every", 1...SceneLimits.maxFrames)
        r.maxMemory = try o.integer(Commands.maxMemory) ?? r.maxMemory
        r.maxSeconds = try o.integer(Commands.maxSeconds) ?? r.maxSeconds
        if let v = o.string("--shard") {
            let p = v.split(separator: "/")
            guard p.count == 2, let k = Int(p[0]), let n = Int(p[1]), n >= 1, (1...n).contains(k) else {
                throw UsageError(message: "--shard expects I/N with 1 ≤ I ≤ N, got '\(v)'", command: command)
            }
            r.shard = (k, n)
        }
        r.options.maxBytes = r.maxMemory << 20
        return r
    }

    static func inCI(_ console: Console) -> Bool { CIEnvironment.isCI(console.environment) }

    /// Writes the report, prints its summary (and, in GitHub Actions, its annotations) and
    /// returns the exit code: 2 when a scene could not be checked, 1 when one differs, else 0.
    /// A shard's report leaves the annotations and the step summary to `report merge`, so a
    /// pull request hears of each difference once.
    static func finish(_ report: Report, to dir: ReportDirectory?, console: Console) throws -> Int32 {
        if let dir { try report.write(to: dir) }
        console.out(report.text)
        let whole = report.shard == nil
        if whole && console.environment["GITHUB_ACTIONS"] == "true" { console.command(report.githubAnnotations) }
        // The step summary file is the runner's (named by the environment): appended to.
        if whole, let path = console.environment["GITHUB_STEP_SUMMARY"], !path.isEmpty {
            Directory.append(Array(report.stepSummary.utf8), toFileAtPath: path)
        }
        if !report.errors.isEmpty { return ExitCode.usage }
        return report.failed.isEmpty ? ExitCode.success : ExitCode.failure
    }

    /// The report folder: `-o`'s, or flipbook-report (which no component of may be a link).
    static func reportDirectory(_ output: String?, default name: String? = nil) throws -> ReportDirectory? {
        guard let path = output ?? name else { return nil }
        let dir = try ReportDirectory(path: path, strict: output == nil)
        try dir.clear()
        return dir
    }

    static func diff(_ args: [String], console: Console) throws -> Int32 {
        let r = try parseCompare(args, command: "diff")
        if r.help { console.out(diffHelp); return ExitCode.success }
        if r.golden != nil || r.record != nil || r.shard != nil { throw UsageError(message: "--golden, --record and --shard belong to 'flipbook check'", command: "diff") }
        guard r.positional.count == 2 else { throw UsageError(message: "diff takes a BASELINE and a CANDIDATE directory", command: "diff") }
        let a = try Directory.open(r.positional[0]).0, b = try Directory.open(r.positional[1]).0
        let report = try reportDirectory(r.output)
        var options = r.options
        options.cancellation = CLI.installCancellation(RenderBudget(megabytes: r.maxMemory, seconds: r.maxSeconds, work: "the comparison"))
        defer { CLI.removeCancellation() }
        let scene: SceneReport
        do {
            scene = try DirectoryComparison.compare(name: URL(fileURLWithPath: r.positional[1]).standardizedFileURL.lastPathComponent,
                                                    baseline: a, candidate: b, options: options, report: report)
        } catch let e as ComparisonError {
            throw UsageError(message: e.description, command: "diff")
        }
        return try finish(Report(scenes: [scene]), to: report, console: console)
    }

    static func check(_ args: [String], console: Console) throws -> Int32 {
        let r = try parseCompare(args, command: "check")
        if r.help { console.out(checkHelp); return ExitCode.success }
        guard let golden = r.golden else { throw UsageError(message: "check needs --golden DIR", command: "check") }
        guard !r.positional.isEmpty else { throw UsageError(message: "check needs at least one SCENE file", command: "check") }
        if r.record == "on" && inCI(console) {
            throw UsageError(message: "--record is refused when CI is set (goldens are recorded locally and committed); use --record=force to override", command: "check")
        }
        // The time budget runs from here: reading the scenes and goldens counts.
        let budget = RenderBudget(megabytes: r.maxMemory, seconds: r.maxSeconds)
        let cancellation = CLI.installCancellation(budget)
        defer { CLI.removeCancellation() }
        // Scenes by name; a shard takes every N-th of them, so the shards cover each once. A
        // scene file that cannot be read is reported under its file's name and the rest go on.
        var scenes: [(name: String, path: String, scene: Result<Scene, InputError>)] = []
        for path in r.positional {
            let loaded: Result<Scene, InputError>
            do { loaded = .success(try readScene(path, assets: nil, maxMemory: r.maxMemory, cancellation: cancellation)) }
            catch let e as BudgetExceeded { throw e } catch let e as Cancelled { throw e }
            catch { loaded = .failure(error as? InputError ?? InputError(file: path, message: "\(error)")) }
            let name = (try? loaded.get())?.name ?? SceneDecoder.defaultName(path)
            if let other = scenes.first(where: { $0.name == name }) {
                throw UsageError(message: "two scenes are named '\(name)' (\(other.path) and \(path))", command: "check")
            }
            scenes.append((name, path, loaded))
        }
        scenes.sort { $0.name < $1.name }
        if let (k, n) = r.shard { scenes = scenes.enumerated().filter { $0.offset % n == k - 1 }.map(\.element) }
        let goldens = try GoldenStore(path: golden, create: true)
        let report = try reportDirectory(r.output, default: "flipbook-report")!
        // Candidates go to a private folder of this run's (mkdtemp-like, 0700), removed at the end.
        let temporary = try Directory.open(FileManager.default.temporaryDirectory.path).0
        let (workName, work) = try temporary.makeUniqueDirectory(prefix: "flipbook-check-")
        defer { try? temporary.removeTree(workName) { name, kind in kind == .directory || OutputDirectory.isStaged(name, kind) } }
        var reports: [SceneReport] = []
        // Once the time budget is spent, the scenes left are reported as not checked; an
        // interruption ends the run (exit 128 + the signal).
        var outOfTime: String?
        // One line for the run: which scene, how many are done, and the time left at this pace.
        let line = ProgressLine.make(console, label: "checking", quiet: r.quiet)
        defer { line?.finish() }
        for (index, entry) in scenes.enumerated() {
            line?.update(RenderProgress(stage: entry.name, done: index, total: scenes.count), unit: "scene")
            var s: SceneReport
            let started = Cancellation.now()
            do {
                try cancellation.check()
                if let outOfTime { throw BudgetExceeded("not checked: \(outOfTime)") }
                s = try checkScene(entry.name, try entry.scene.get(), path: entry.path, goldens: goldens, work: work, arguments: r, budget: budget,
                                   cancellation: cancellation, report: (report, index), console: console)
            } catch let e as BudgetExceeded where cancellation.stopReason != nil {
                outOfTime = outOfTime ?? e.message
                s = SceneReport(name: entry.name, verdict: .error, note: e.message, fps: 1, frameCount: 0)
            } catch {
                // A scene that cannot be checked (its file, its golden, a budget) is said, and the
                // other scenes are still checked; a failure of the run itself ends it.
                let (line, code) = CLI.describe(error)
                guard code == ExitCode.usage else { throw error }
                s = SceneReport(name: entry.name, verdict: .error, note: line, fps: 1, frameCount: 0)
            }
            s.file = entry.path
            s.seconds = Cancellation.now() - started
            reports.append(s)
        }
        line?.finish()
        if outOfTime == nil { try cancellation.check() }
        return try finish(Report(scenes: reports, shard: r.shard), to: report, console: console)
    }

    /// One scene of `check`: recorded, reported missing, or rendered and compared.
    static func checkScene(_ name: String, _ scene: Scene, path scenePath: String, goldens: GoldenStore, work: Directory, arguments r: CompareArguments,
                           budget: RenderBudget, cancellation: Cancellation, report: (ReportDirectory, index: Int), console: Console) throws -> SceneReport {
        let workers = try budget.workers(for: scene.canvas, requested: r.options.workers)
        let timeline = try Simulator.run(scene, limits: budget.recordingLimits(cancellation))
        CLI.sayWarnings(of: scene, console: console)
        try budget.checkWork(timeline, formats: [.frames(PNGFormat())])
        let existing = try goldens.golden(name)
        let target = goldens.directory.child(name)
        let document = try? readSceneBytes(scenePath)
        if r.record != nil || (existing == nil && !inCI(console)) {
            try goldens.record(timeline, every: r.every ?? 30, workers: workers, cancellation: cancellation, sceneDocument: document)
            let note = r.record != nil ? "golden recorded at \(target)" : "no golden yet: recorded at \(target); review and commit it"
            return SceneReport(name: name, verdict: .recorded, note: note, fps: timeline.fps, frameCount: timeline.frames.count)
        }
        guard let existing else {
            return SceneReport(name: name, verdict: .missing, note: "no golden at \(target): run 'flipbook check --record' locally and commit it",
                               fps: timeline.fps, frameCount: timeline.frames.count)
        }
        // The golden says which frames it kept: the candidate keeps the same ones.
        let manifest = try goldens.manifest(of: existing)
        var context: [String] = []
        let every = manifest?.every ?? r.every ?? 30
        if let manifest {
            let changed = manifest.differencesFromThisMachine
            if !changed.isEmpty {
                context.append("the golden was drawn with other libraries or fonts (\(changed.joined(separator: ", "))): pixel differences may come from that; record and check on the same image, or compare with --threshold 0.1")
            }
            if let e = r.every, e != manifest.every { context.append("compared the golden's frames (every \(manifest.every)th); --every \(e) applies when recording") }
        } else {
            context.append("the golden has no golden.json (an older Flipbook recorded it): compared every \(every)th frame; record it again to keep how it was made")
        }
        let candidate = try work.makeDirectory(name)
        defer { try? work.removeTree(name) { n, kind in kind == .directory || OutputDirectory.isStaged(n, kind) } }
        try GoldenStore.render(timeline, every: every, kept: manifest?.kept, into: candidate, workers: workers, cancellation: cancellation)
        var options = r.options
        options.workers = workers
        options.cancellation = cancellation
        var result = try DirectoryComparison.compare(name: name, baseline: existing, candidate: candidate, options: options, report: report.0,
                                                     index: report.index)
        // The causes in the scene file, when the golden kept the file it was recorded from.
        if let document, let old = try? existing.read(GoldenStore.sceneDocumentName, maxBytes: 64 << 20),
           let changes = SceneDocumentDiff.changes(old: old, new: document, file: scenePath) {
            if !changes.isEmpty {
                context += changes.map { SceneDocumentDiff.prefix + $0 }
                result.templateUsers = SceneDocumentDiff.templateUsers(document)
            } else if result.verdict == .differ {
                context.append("no change in the scene file explains this: the renderer, its libraries or fonts, or Swift code changed")
            }
        }
        result.context = context
        if let bytes = document, let source = try? SceneSource(file: scenePath, bytes: bytes) {
            attribute(&result, to: source, scene: scene)
        }
        return result
    }

    /// The scene file's bytes, as `loadScene` read them.
    static func readSceneBytes(_ path: String) throws -> [UInt8] {
        let dir = URL(fileURLWithPath: path).deletingLastPathComponent().path
        return try Directory.open(path.contains("/") ? dir : ".", followsLast: true).0
            .read(URL(fileURLWithPath: path).lastPathComponent, maxBytes: 64 << 20)
    }

    /// Names where each difference comes from in the scene file: a motion that starts later or
    /// earlier, or changes after the first frame, by the script step (or scripted touch) that
    /// set it going; anything else by the item's own entry. The report's line is the first's.
    static func attribute(_ r: inout SceneReport, to source: SceneSource, scene: Scene) {
        for k in r.items.indices {
            let d = r.items[k]
            let first = d.ranges[0].lowerBound
            let start = first + max(0, d.shift ?? 0)
            var found: String?
            if d.kind == .shifted {
                found = source.step(startingBy: Double(start) / Double(scene.fps), item: d.item, in: scene)
            } else if d.kind == .changed && first > r.firstFrame {
                found = source.step(startingBy: Double(first) / Double(scene.fps), slack: 0.2, item: d.item, looksOnly: d.changesLooksOnly, in: scene)
            }
            if found == nil, let line = source.line(ofItem: d.item) { found = "\(source.file):\(line)" }
            r.items[k].source = found
        }
        r.line = r.items.first { $0.cause == nil }?.source.flatMap { $0.split(separator: ":").last.flatMap { Int($0) } }
    }

    static func report(_ args: [String], console: Console) throws -> Int32 {
        guard let sub = args.first else { throw UsageError(message: "report needs a subcommand: merge", command: "report") }
        if sub == "-h" || sub == "--help" { console.out(reportHelp); return ExitCode.success }
        guard sub == "merge" else {
            throw UsageError(message: "unknown report subcommand '\(sub)'" + Spelling.suggestion(sub, among: ["merge"], quote: "'") + "; expected merge", command: "report")
        }
        let o = try Commands.reportMerge.parse(Array(args.dropFirst()))
        if o.help { console.out(reportHelp); return ExitCode.success }
        let inputs = o.positional
        let maxMemory = try o.integer(Commands.maxMemory) ?? RenderBudget.defaultMegabytes
        let cancellation = CLI.installCancellation(RenderBudget(megabytes: maxMemory, seconds: try o.integer(Commands.maxSeconds) ?? RenderBudget.defaultSeconds,
                                                                work: "the merge"))
        defer { CLI.removeCancellation() }
        guard let output = o.string("--output") else { throw UsageError(message: "report merge needs -o OUT", command: "report") }
        guard !inputs.isEmpty else { throw UsageError(message: "report merge needs at least one REPORT_DIR", command: "report") }
        // Every input is read and checked before anything is written; the output must be none
        // of them (clearing it would delete an input).
        let sources = try inputs.map { try ReportDirectory(path: $0, create: false) }
        if let existing = try? ReportDirectory(path: output, create: false) {
            for (input, source) in zip(inputs, sources) where source.directory.isSame(as: existing.directory) {
                throw UsageError(message: "-o \(output) is the input report \(input); merge into another folder", command: "report")
            }
        }
        let maxReport = (maxMemory << 20) / 4 / DirectoryComparison.timelineBytesPerFileByte
        var reports: [(Report, ReportDirectory)] = []
        var names = Set<String>()
        var images: [String: [UInt8]] = [:]  // by the path each had in its own report
        var held = 0
        func key(_ scene: String, _ relative: String) -> String { scene + "\u{0}" + relative }
        let line = ProgressLine.make(console, label: "merging", quiet: o.has("--quiet"))
        for (k, source) in sources.enumerated() {
            line?.update(RenderProgress(stage: source.path, done: k, total: sources.count), unit: "report")
            let file = source.directory.child("report.json")
            let r = try Report.read(try source.directory.read("report.json", maxBytes: maxReport), file: file)
            try cancellation.check()
            for (k, s) in r.scenes.enumerated() {
                try cancellation.check()
                guard names.insert(s.name).inserted else {
                    throw InputError(file: file, message: "scene \(InputError.quote(s.name)) is in more than one report")
                }
                for img in s.images {
                    for rel in [img.baseline, img.candidate, img.diff] {
                        let bytes = try source.readImage(rel, scene: s.name, index: k, maxBytes: PNGHeader.maxFileBytes)
                        if let problem = PNGHeader.problem(bytes, maxSide: SceneLimits.maxPixelsPerSide) {
                            throw FileError(source.directory.child(rel), problem, refused: true)
                        }
                        images[key(s.name, rel)] = bytes
                        held += bytes.count
                        if held > (maxMemory << 20) / 2 {
                            throw BudgetExceeded("the reports' images take more than half of --max-memory \(maxMemory); raise --max-memory")
                        }
                    }
                }
            }
            reports.append((r, source))
        }
        // Shards of one matrix: each once, none missing.
        let shards = reports.compactMap(\.0.shard)
        if !shards.isEmpty {
            guard shards.count == reports.count, Set(shards.map(\.count)).count == 1 else {
                throw UsageError(message: "the reports are not the shards of one run: \(zip(inputs, reports).map { "\($0): " + ($1.0.shard.map { "shard \($0.index)/\($0.count)" } ?? "whole") }.joined(separator: ", "))", command: "report")
            }
            let n = shards[0].count
            let repeated = Dictionary(grouping: zip(inputs, shards), by: { $0.1.index }).filter { $0.value.count > 1 }
            if let (k, r) = repeated.min(by: { $0.key < $1.key }) {
                throw UsageError(message: "shard \(k)/\(n) is in more than one report (\(r.map(\.0).joined(separator: ", ")))", command: "report")
            }
            let missing = Set(1...n).subtracting(shards.map(\.index)).sorted()
            if !missing.isEmpty {
                throw UsageError(message: "shard\(missing.count == 1 ? "" : "s") \(missing.map { "\($0)/\(n)" }.joined(separator: ", ")) \(missing.count == 1 ? "is" : "are") missing: merge the reports of all \(n) shards", command: "report")
            }
        }
        line?.finish()
        // Past the deadline nothing is cleared or written (the merge stops within its budget).
        try cancellation.check()
        let out = try ReportDirectory(path: output)
        try out.clear()
        // Each scene's images move to the folder of its place in the merged report.
        var merged = Report(scenes: reports.flatMap(\.0.scenes))
        for (index, s) in merged.scenes.enumerated() {
            try cancellation.check()
            merged.scenes[index].images = try s.images.map { img in
                func copy(_ rel: String, _ kind: String) throws -> String {
                    try out.writeImage(scene: s.name, index: index, frame: img.frame, kind: kind, images[key(s.name, rel)]!)
                }
                var moved = img
                moved.baseline = try copy(img.baseline, "baseline")
                moved.candidate = try copy(img.candidate, "candidate")
                moved.diff = try copy(img.diff, "diff")
                return moved
            }
        }
        try cancellation.check()
        return try finish(merged, to: out, console: console)
    }
}
