import Foundation
import XCTest
import Flipbook

/// When a test records its golden instead of comparing with it.
public enum AnimationRecording: String, Sendable {
    /// Record a golden that does not exist yet (the test then fails, asking to run it again);
    /// compare with one that does. The default.
    case missing
    /// Record every golden again (the test fails, so that a run that records never passes).
    case all
    /// Never record: a missing golden is a failure.
    case never

    /// `FLIPBOOK_RECORD=missing|all|never` in the environment, else `.missing`; in CI always
    /// `.never` (goldens are reviewed and committed, not made by CI).
    public static func fromEnvironment(_ environment: [String: String] = ProcessInfo.processInfo.environment) -> AnimationRecording {
        if CIEnvironment.isCI(environment) { return .never }
        return environment["FLIPBOOK_RECORD"].flatMap(AnimationRecording.init(rawValue:)) ?? .missing
    }
}

/// Where a test's goldens and reports go, and how it compares.
public struct AnimationCheck: Sendable {
    /// The goldens: `__Goldens__/<test file name>/` beside the test file by default.
    public var goldens: URL
    /// Where report.html, report.json and junit.xml of a failed check go.
    public var report: URL
    public var recording: AnimationRecording
    /// Frames a new golden keeps as PNG (every N-th, and the last).
    public var every = 30
    public var options = ComparisonOptions()
    /// Budgets, as the command line's defaults (RecordingLimits' policy for its default memory).
    public var maxDrawItems = RecordingLimits(memoryMegabytes: RecordingLimits.defaultMemoryMegabytes).maxDrawItems

    public init(goldens: URL, report: URL, recording: AnimationRecording = .fromEnvironment()) {
        self.goldens = goldens; self.report = report; self.recording = recording
    }

    /// The default for the test file at `path`: goldens in `__Goldens__/<file name>/` beside it,
    /// reports in `.build/flipbook-report/<file name>/` of the package around it.
    public init(testFile path: String, recording: AnimationRecording = .fromEnvironment()) {
        let file = URL(fileURLWithPath: path)
        let name = file.deletingPathExtension().lastPathComponent
        var package = file.deletingLastPathComponent()
        while package.path != "/" && !FileManager.default.fileExists(atPath: package.appendingPathComponent("Package.swift").path) {
            package.deleteLastPathComponent()
        }
        if package.path == "/" { package = file.deletingLastPathComponent() }
        self.init(goldens: file.deletingLastPathComponent().appendingPathComponent("__Goldens__").appendingPathComponent(name),
                  report: package.appendingPathComponent(".build/flipbook-report").appendingPathComponent(name), recording: recording)
    }
}

/// What happened to one check.
public enum AnimationCheckResult: Sendable, Equatable {
    case matched
    /// A golden was written (the message says where).
    case recorded(String)
    /// It differs, or cannot be checked: the message is the summary `flipbook check` prints.
    case failed(String)

    public var message: String? {
        switch self {
        case .matched: return nil
        case .recorded(let m), .failed(let m): return m
        }
    }
}

/// Checks `scene` against its golden `name`, as `flipbook check` does: records it when the mode
/// says so, else renders it and compares (timeline, then pixels), writing the report on failure.
public func checkAnimation(of scene: Scene, named name: String, _ check: AnimationCheck) -> AnimationCheckResult {
    do {
        if let problem = SceneName.problem(name) { return .failed("\(InputError.quote(name)): \(problem)") }
        var scene = scene
        scene.name = name
        let timeline = try Simulator.run(scene, limits: RecordingLimits(maxDrawItems: check.maxDrawItems))
        let store = try GoldenStore(path: check.goldens.path, create: check.recording != .never)
        let existing = try store.golden(name)
        if check.recording == .all || (existing == nil && check.recording == .missing) {
            try store.record(timeline, every: check.every, workers: check.options.workers, cancellation: .none)
            return .recorded("recorded the golden of \(InputError.quote(name)) at \(store.directory.child(name)); check it and run the test again")
        }
        guard let existing else {
            return .failed("no golden for \(InputError.quote(name)) at \(store.directory.child(name)): record it (FLIPBOOK_RECORD=missing) outside CI and commit it")
        }
        let manifest = try store.manifest(of: existing)
        let temporary = try Directory.open(FileManager.default.temporaryDirectory.path).0
        let (workName, work) = try temporary.makeUniqueDirectory(prefix: "flipbook-test-")
        defer { try? temporary.removeTree(workName) { n, kind in kind == .directory || OutputDirectory.isStaged(n, kind) } }
        try GoldenStore.render(timeline, every: manifest?.every ?? check.every, kept: manifest?.kept, into: work, workers: check.options.workers,
                               cancellation: .none)
        let report = try ReportDirectory(path: check.report.path)
        var result = try DirectoryComparison.compare(name: name, baseline: existing, candidate: work, options: check.options, report: report)
        if let m = manifest, !m.differencesFromThisMachine.isEmpty {
            result.context.append("the golden was drawn with other libraries or fonts (\(m.differencesFromThisMachine.joined(separator: ", ")))")
        }
        guard result.verdict != .match else { return .matched }
        try report.clear()
        let whole = Report(scenes: [result])
        try whole.write(to: report)
        return .failed("\(name): \(result.verdict.rawValue)\n" + result.summary.map { "  " + $0 }.joined(separator: "\n")
                       + "\nreport: \(report.directory.child("report.html"))")
    } catch {
        return .failed("\(name): cannot be checked: \(error)")
    }
}

/// XCTest's assertion: fails with the summary when `scene` differs from its golden `name` (or
/// when it records one); goldens beside the calling test file, in `__Goldens__`.
public func assertAnimation(of scene: Scene, named name: String, recording: AnimationRecording? = nil, every: Int = 30,
                            file: StaticString = #filePath, line: UInt = #line) {
    var check = AnimationCheck(testFile: "\(file)")
    if let recording { check.recording = CIEnvironment.isCI(ProcessInfo.processInfo.environment) ? .never : recording }
    check.every = every
    if let message = checkAnimation(of: scene, named: name, check).message { XCTFail(message, file: file, line: line) }
}
