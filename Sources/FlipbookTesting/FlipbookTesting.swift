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

    /// What is wrong with `FLIPBOOK_RECORD` when it is set to none of the modes: every check
    /// fails with it rather than quietly taking `.missing` (FLIPBOOK_RECORD=al).
    public static func environmentProblem(_ environment: [String: String] = ProcessInfo.processInfo.environment) -> String? {
        guard let v = environment["FLIPBOOK_RECORD"], AnimationRecording(rawValue: v) == nil else { return nil }
        let modes = ["missing", "all", "never"]
        return "FLIPBOOK_RECORD=\(InputError.quote(v, limit: 40)): expected missing, all or never" + Spelling.suggestion(v, among: modes)
    }
}

/// Where each golden of a test file is asserted, in this process: one name asserted from two
/// places (two tests of one file, two scenes) would fail forever, one scene against the
/// other's golden.
private final class GoldenNames: @unchecked Sendable {
    static let shared = GoldenNames()
    private let lock = NSLock()
    private var lines: [String: UInt] = [:]
    private var counts: [String: Int] = [:]
    /// How many assertions test `function` of `file` has made, this one included.
    func count(_ function: String, file: String) -> Int {
        lock.lock(); defer { lock.unlock() }
        let key = file + "\u{0}" + function
        counts[key, default: 0] += 1
        return counts[key]!
    }
    /// The other line `name` is asserted at in `file`, if any (the first claim wins).
    func claim(_ name: String, file: String, line: UInt) -> UInt? {
        lock.lock(); defer { lock.unlock() }
        let key = file + "\u{0}" + name
        if let other = lines[key], other != line { return other }
        lines[key] = line
        return nil
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
    /// true: what the scene's app code did that UIKit logs and carries on from — a required
    /// constraint broken ("Unable to simultaneously satisfy constraints") — fails the check
    /// with that line, where by default the scene is drawn as UIKit draws it.
    public var failsOnLayoutWarnings = false

    public init(goldens: URL, report: URL, recording: AnimationRecording = .fromEnvironment()) {
        self.goldens = goldens; self.report = report; self.recording = recording
    }

    /// The default for the test file at `path`: goldens in `__Goldens__/<file name>/` beside it,
    /// reports in `.build/flipbook-report/<file name>/` of the package around it.
    public init(testFile path: String, recording: AnimationRecording = .fromEnvironment()) {
        let file = URL(fileURLWithPath: path)
        let name = file.deletingPathExtension().lastPathComponent
        var package = file.deletingLastPathComponent()
        while package.path != "/" && Directory.kind(atPath: package.appendingPathComponent("Package.swift").path, followsLink: true) == nil {
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
        if let problem = AnimationRecording.environmentProblem() { return .failed(problem) }
        var scene = scene
        scene.name = name
        let timeline = try Simulator.run(scene, limits: RecordingLimits(maxDrawItems: check.maxDrawItems))
        if check.failsOnLayoutWarnings, let warning = scene.host?.warnings.first {
            return .failed("\(InputError.quote(name)): \(warning) (AnimationCheck.failsOnLayoutWarnings)")
        }

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
        // Each golden's report in a folder of its own: tests run in parallel fail side by side.
        let report = try ReportDirectory(path: check.report.appendingPathComponent(name).path)
        var result = try DirectoryComparison.compare(name: name, baseline: existing, candidate: work, options: check.options, report: report)
        if let m = manifest, !m.differencesFromThisMachine.isEmpty {
            result.context.append("the golden was drawn with other libraries or fonts (\(m.differencesFromThisMachine.joined(separator: ", ")))")
        }
        guard result.verdict != .match else { return .matched }
        try report.clear()
        let whole = Report(scenes: [result])
        try whole.write(to: report)
        // The cause on the first line, the line a test runner shows.
        let summary = result.summary
        return .failed("\(name): \(summary.first ?? result.verdict.rawValue)\n" + summary.dropFirst().map { "  " + $0 }.joined(separator: "\n")
                       + (summary.count > 1 ? "\n" : "") + "report: \(report.directory.child("report.html"))")
    } catch {
        return .failed("\(name): cannot be checked: \(error)")
    }
}

extension AnimationCheck {
    /// The golden name a test gets when it gives none, as swift-snapshot-testing names its
    /// snapshots: the test function's name ("testTheCardsSlideIn"), and for its second and later
    /// assertions a counter ("testTheCardsSlideIn-2").
    public static func defaultName(forTest function: String, assertion: Int = 1) -> String {
        let base = String(function.prefix { $0 != "(" })
        return assertion > 1 ? "\(base)-\(assertion)" : base
    }
}

/// XCTest's assertion: fails with the summary when `scene` differs from its golden `name` (or
/// when it records one); goldens beside the calling test file, in `__Goldens__`. Without a
/// name the golden is named after the test (`AnimationCheck.defaultName(forTest:assertion:)`).
public func assertAnimation(of scene: Scene, named name: String? = nil, recording: AnimationRecording? = nil, every: Int = 30,
                            file: StaticString = #filePath, function: String = #function, line: UInt = #line) {
    let name = name ?? AnimationCheck.defaultName(forTest: function, assertion: GoldenNames.shared.count(function, file: "\(file)"))
    if let other = GoldenNames.shared.claim(name, file: "\(file)", line: line) {
        return XCTFail("\(name): this golden is also asserted at line \(other) of this file; give each scene its own name", file: file, line: line)
    }
    var check = AnimationCheck(testFile: "\(file)")
    if let recording { check.recording = CIEnvironment.isCI(ProcessInfo.processInfo.environment) ? .never : recording }
    check.every = every
    if let message = checkAnimation(of: scene, named: name, check).message { XCTFail(message, file: file, line: line) }
}
