import Foundation
import Flipbook

// `flipbook diff`, `flipbook check` and `flipbook report merge`: comparing renders in CI.
extension CLI {
    static let diffHelp = """
    Usage: flipbook diff BASELINE CANDIDATE [-o REPORT_DIR] [options]

    Compares two render output directories (keyframes.json and/or frame-NNNNN.png files):
    the timelines item by item, then the frames pixel by pixel. Prints what changed, most
    important first; with -o writes report.html, report.json and junit.xml there.
    Exit codes: 0 the renders match, 1 they differ, 2 bad usage (e.g. nothing to compare).

    Options:
      -o, --output DIR       write the report into DIR
      --threshold T          colour difference that counts, 0-1 (default 0.1, as pixelmatch)
      --max-diff-pixels N    changed pixels a frame may have: a count or a percentage (default 0)
      --jobs N               threads (default: all processors)

    """

    static let checkHelp = """
    Usage: flipbook check SCENE... --golden DIR [options]

    Renders each scene and compares it with its golden, DIR/<scene>/: keyframes.json (the
    whole timeline), every N-th frame as PNG (and the first and last), and a contact sheet.
    A missing golden is recorded (with a note) unless CI is set, where it is an error.
    Prints what changed; writes report.html, report.json and junit.xml; in GitHub Actions
    also ::error annotations. Exit codes: 0 all match, 1 a scene differs or has no golden
    in CI, 2 bad usage.

    Options:
      --golden DIR           where goldens live (required)
      --record               write or update the goldens instead of comparing (refused when
                             CI is set; --record=force overrides)
      --shard I/N            check only the I-th of N deterministic parts of the scenes
      -o, --output DIR       report directory (default: flipbook-report)
      --every N              keep every N-th frame in a golden (default 30)
      --threshold T          as for diff
      --max-diff-pixels N    as for diff
      --jobs N               threads (default: all processors)

    """

    static let reportHelp = """
    Usage: flipbook report merge REPORT_DIR... -o OUT

    Merges the reports of several check runs (for example the shards of a CI matrix) into
    one: the same report.html, report.json and junit.xml that one unsharded run writes.
    Exits 1 when any merged scene differs.

    """

    struct CompareArguments {
        var positional: [String] = []
        var output: String?
        var options = ComparisonOptions()
        var golden: String?
        var record: String?
        var shard: (Int, Int)?
        var every = 30
        var help = false
    }

    static func parseCompare(_ args: [String], command: String) throws -> CompareArguments {
        var r = CompareArguments()
        var i = 0
        func value(_ name: String) throws -> String {
            i += 1
            guard i < args.count else { throw UsageError(message: "\(name) needs a value", command: command) }
            return args[i]
        }
        while i < args.count {
            let a = args[i]
            switch a {
            case "-h", "--help": r.help = true
            case "-o", "--output": r.output = try value(a)
            case "--golden": r.golden = try value(a)
            case "--record": r.record = "on"
            case "--record=force": r.record = "force"
            case "--threshold":
                let v = try value(a)
                guard let t = Double(v), t.isFinite, (0...1).contains(t) else {
                    throw UsageError(message: "--threshold expects a number from 0 to 1, got '\(v)'", command: command)
                }
                r.options.pixels.threshold = t
            case "--max-diff-pixels":
                let v = try value(a)
                if v.hasSuffix("%"), let p = Double(v.dropLast()), p.isFinite, (0...100).contains(p) {
                    r.options.maxDiffPixels = .fraction(p / 100)
                } else if let n = Int(v), n >= 0 {
                    r.options.maxDiffPixels = .pixels(n)
                } else {
                    throw UsageError(message: "--max-diff-pixels expects a pixel count or a percentage like 0.5%, got '\(v)'", command: command)
                }
            case "--jobs":
                let v = try value(a)
                guard let n = Int(v), (1...256).contains(n) else { throw UsageError(message: "--jobs expects a whole number from 1 to 256, got '\(v)'", command: command) }
                r.options.workers = n
            case "--every":
                let v = try value(a)
                guard let n = Int(v), (1...SceneLimits.maxFrames).contains(n) else {
                    throw UsageError(message: "--every expects a whole number from 1 to \(SceneLimits.maxFrames), got '\(v)'", command: command)
                }
                r.every = n
            case "--shard":
                let v = try value(a)
                let p = v.split(separator: "/")
                guard p.count == 2, let k = Int(p[0]), let n = Int(p[1]), n >= 1, (1...n).contains(k) else {
                    throw UsageError(message: "--shard expects I/N with 1 ≤ I ≤ N, got '\(v)'", command: command)
                }
                r.shard = (k, n)
            default:
                if a.hasPrefix("-") && a != "-" { throw UsageError(message: "unknown option '\(a)'", command: command) }
                r.positional.append(a)
            }
            i += 1
        }
        return r
    }

    static func inCI(_ console: Console) -> Bool { let v = console.environment["CI"] ?? ""; return !v.isEmpty && v != "false" && v != "0" }

    static func finish(_ report: Report, output: String?, console: Console) throws -> Int32 {
        if let output {
            let dir = URL(fileURLWithPath: output)
            try report.write(to: dir)
        }
        console.out(report.text)
        if console.environment["GITHUB_ACTIONS"] == "true" { console.out(report.githubAnnotations) }
        return report.failed.isEmpty ? ExitCode.success : ExitCode.failure
    }

    /// Removes what an earlier report left in `dir` (only Flipbook's own names).
    static func clearReport(_ dir: URL) {
        for name in ["report.html", "report.json", "junit.xml", "images"] { try? FileManager.default.removeItem(at: dir.appendingPathComponent(name)) }
    }

    static func diff(_ args: [String], console: Console) throws -> Int32 {
        let r = try parseCompare(args, command: "diff")
        if r.help { console.out(diffHelp); return ExitCode.success }
        if r.golden != nil || r.record != nil || r.shard != nil { throw UsageError(message: "--golden, --record and --shard belong to 'flipbook check'", command: "diff") }
        guard r.positional.count == 2 else { throw UsageError(message: "diff takes a BASELINE and a CANDIDATE directory", command: "diff") }
        var isDir: ObjCBool = false
        for p in r.positional where !(FileManager.default.fileExists(atPath: p, isDirectory: &isDir) && isDir.boolValue) {
            throw UsageError(message: "'\(p)' is not a directory", command: "diff")
        }
        let a = URL(fileURLWithPath: r.positional[0]), b = URL(fileURLWithPath: r.positional[1])
        let reportDir = r.output.map { URL(fileURLWithPath: $0) }
        if let reportDir { clearReport(reportDir) }
        let scene: SceneReport
        do {
            scene = try DirectoryComparison.compare(name: b.standardizedFileURL.lastPathComponent, baseline: a, candidate: b,
                                                    options: r.options, report: reportDir)
        } catch let e as ComparisonError {
            throw UsageError(message: e.description, command: "diff")
        }
        return try finish(Report(scenes: [scene]), output: r.output, console: console)
    }

    static func check(_ args: [String], console: Console) throws -> Int32 {
        let r = try parseCompare(args, command: "check")
        if r.help { console.out(checkHelp); return ExitCode.success }
        guard let golden = r.golden else { throw UsageError(message: "check needs --golden DIR", command: "check") }
        guard !r.positional.isEmpty else { throw UsageError(message: "check needs at least one SCENE file", command: "check") }
        if r.record == "on" && inCI(console) {
            throw UsageError(message: "--record is refused when CI is set (goldens are recorded locally and committed); use --record=force to override", command: "check")
        }
        // Scenes by name; a shard takes every N-th of them, so the shards cover each once.
        var scenes: [(name: String, scene: Scene, path: String)] = []
        for path in r.positional {
            let s = try loadScene(path)
            if let other = scenes.first(where: { $0.name == s.name }) {
                throw UsageError(message: "two scenes are named '\(s.name)' (\(other.path) and \(path))", command: "check")
            }
            scenes.append((s.name, s, path))
        }
        scenes.sort { $0.name < $1.name }
        if let (k, n) = r.shard { scenes = scenes.enumerated().filter { $0.offset % n == k - 1 }.map(\.element) }
        let goldenDir = URL(fileURLWithPath: golden)
        let reportDir = URL(fileURLWithPath: r.output ?? "flipbook-report")
        clearReport(reportDir)
        let work = FileManager.default.temporaryDirectory.appendingPathComponent("flipbook-check-\(getpid())")
        defer { try? FileManager.default.removeItem(at: work) }
        var reports: [SceneReport] = []
        for entry in scenes {
            let candidate = work.appendingPathComponent(entry.name)
            let timeline = try renderGolden(entry.scene, every: r.every, to: candidate, workers: r.options.workers)
            let target = goldenDir.appendingPathComponent(entry.name)
            let exists = FileManager.default.fileExists(atPath: target.appendingPathComponent("keyframes.json").path)
            if r.record != nil || (!exists && !inCI(console)) {
                try replaceDirectory(target, with: candidate)
                let note = r.record != nil ? "golden recorded at \(target.path)"
                                           : "no golden yet: recorded at \(target.path); review and commit it"
                reports.append(SceneReport(name: entry.name, verdict: .recorded, note: note, fps: timeline.fps, frameCount: timeline.frames.count))
            } else if !exists {
                reports.append(SceneReport(name: entry.name, verdict: .missing,
                                           note: "no golden at \(target.path): run 'flipbook check --record' locally and commit it",
                                           fps: timeline.fps, frameCount: timeline.frames.count))
            } else {
                reports.append(try DirectoryComparison.compare(name: entry.name, baseline: target, candidate: candidate,
                                                               options: r.options, report: reportDir))
            }
        }
        return try finish(Report(scenes: reports), output: reportDir.path, console: console)
    }

    /// A golden: the whole timeline as keyframes.json, every N-th frame (and the first and the
    /// last) as PNG, and a contact sheet.
    static func renderGolden(_ scene: Scene, every: Int, to dir: URL, workers: Int) throws -> Timeline {
        let timeline = try Simulator.run(scene)
        let n = timeline.frames.count
        let kept = timeline.frames.filter { $0.index % every == 0 || $0.index == n - 1 }
        var sampled = timeline
        sampled.frames = kept
        try? FileManager.default.removeItem(at: dir)
        try RenderPipeline.render(sampled, formats: [.frames(PNGFormat()), .timeline(ContactSheetFormat())], to: dir, workers: workers)
        try RenderPipeline.write([OutputFile(name: KeyframesJSONFormat.fileName, bytes: Array(KeyframesJSONFormat.text(timeline).utf8))], to: dir)
        return timeline
    }

    /// Puts `source` at `target`, replacing what was there only once the copy is complete.
    static func replaceDirectory(_ target: URL, with source: URL) throws {
        let fm = FileManager.default
        try fm.createDirectory(at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
        let staging = target.deletingLastPathComponent().appendingPathComponent(".\(target.lastPathComponent).recording-\(getpid())")
        try? fm.removeItem(at: staging)
        try fm.copyItem(at: source, to: staging)
        if fm.fileExists(atPath: target.path) {
            _ = try fm.replaceItemAt(target, withItemAt: staging)
        } else {
            try fm.moveItem(at: staging, to: target)
        }
    }

    static func report(_ args: [String], console: Console) throws -> Int32 {
        guard let sub = args.first else { throw UsageError(message: "report needs a subcommand: merge", command: "report") }
        if sub == "-h" || sub == "--help" { console.out(reportHelp); return ExitCode.success }
        guard sub == "merge" else { throw UsageError(message: "unknown report subcommand '\(sub)'; expected merge", command: "report") }
        var inputs: [String] = []
        var output: String?
        var i = 1
        while i < args.count {
            switch args[i] {
            case "-o", "--output":
                i += 1
                guard i < args.count else { throw UsageError(message: "-o needs a value", command: "report") }
                output = args[i]
            case "-h", "--help": console.out(reportHelp); return ExitCode.success
            case let a where a.hasPrefix("-"): throw UsageError(message: "unknown option '\(a)'", command: "report")
            case let a: inputs.append(a)
            }
            i += 1
        }
        guard let output else { throw UsageError(message: "report merge needs -o OUT", command: "report") }
        guard !inputs.isEmpty else { throw UsageError(message: "report merge needs at least one REPORT_DIR", command: "report") }
        let out = URL(fileURLWithPath: output)
        clearReport(out)
        var scenes: [SceneReport] = []
        let fm = FileManager.default
        for input in inputs {
            let dir = URL(fileURLWithPath: input)
            let file = dir.appendingPathComponent("report.json")
            guard let data = fm.contents(atPath: file.path) else { throw InputError(file: file.path, message: "cannot be read (is it a report directory?)") }
            let r = try Report.read(Array(data), file: file.path)
            for s in r.scenes {
                if scenes.contains(where: { $0.name == s.name }) { throw InputError(file: file.path, message: "scene '\(s.name)' is in more than one report") }
                for img in s.images {
                    for rel in [img.baseline, img.candidate, img.diff] {
                        let to = out.appendingPathComponent(rel)
                        try fm.createDirectory(at: to.deletingLastPathComponent(), withIntermediateDirectories: true)
                        try? fm.removeItem(at: to)
                        try fm.copyItem(at: dir.appendingPathComponent(rel), to: to)
                    }
                }
                scenes.append(s)
            }
        }
        return try finish(Report(scenes: scenes), output: output, console: console)
    }
}
