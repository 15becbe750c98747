import XCTest
import Foundation
@testable import FlipbookCLI
import FlipbookCore
import FlipbookJSON
import FlipbookRender

/// The faults of the reliability probe, each reproduced: what is left on disk, what the
/// messages say, how signals end a render.
final class ReliabilityTests: XCTestCase {
    var dir: URL!
    let fm = FileManager.default

    override func setUpWithError() throws {
        dir = fm.temporaryDirectory.appendingPathComponent("flipbook-rel-\(getpid())-\(UUID().uuidString)")
        try fm.createDirectory(at: dir, withIntermediateDirectories: true)
    }
    override func tearDownWithError() throws { try? fm.removeItem(at: dir) }

    /// 5 frames at 10 fps of a 3-card stack; `duration` makes it longer.
    func scene(duration: Double = 0.5) -> String {
        let url = dir.appendingPathComponent("s.json")
        try? """
        {"canvas": {"width": 100, "height": 80, "scale": 1}, "fps": 10, "duration": \(duration),
         "collectionView": {"layout": {"type": "wallet", "cellHeight": 40, "cellSpace": 20},
                            "items": [{"id": "a"}, {"id": "b"}, {"id": "c"}]},
         "script": [{"at": 0.1, "action": "scrollTo", "contentOffset": {"y": 20}}]}
        """.write(to: url, atomically: true, encoding: .utf8)
        return url.path
    }

    func run(_ args: [String]) -> (Int32, Captured) {
        let c = Captured()
        return (CLI.main(["flipbook"] + args, console: c.console), c)
    }

    var binary: URL? {
        [URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("flipbook"),
         packageRoot.appendingPathComponent(".build/debug/flipbook")].first { fm.isExecutableFile(atPath: $0.path) }
    }

    func listing(_ url: URL) -> [String] { ((try? fm.contentsOfDirectory(atPath: url.path)) ?? []).sorted() }

    func testRegressionInputsAreRejectedWithOneLine() throws {
        let folder = packageRoot.appendingPathComponent("Tests/fuzz-regressions")
        let files = listing(folder).filter { $0.hasSuffix(".json") }
        XCTAssertGreaterThanOrEqual(files.count, 6)
        for f in files {
            let (code, c) = run(["validate", folder.appendingPathComponent(f).path])
            XCTAssertEqual(code, 2, "\(f): \(c.out)")
            XCTAssertEqual(c.err.filter { $0 == "\n" }.count, 1, "\(f): one line: \(c.err)")
            XCTAssertLessThan(c.err.count, 600, f)
            XCTAssertFalse(c.err.contains("\u{1B}"), "\(f): no escape characters reach the terminal")
        }
    }

    func testFailedCommitRestoresTheOldFiles() throws {
        let out = dir.appendingPathComponent("out")
        XCTAssertEqual(run(["render", scene(), "-o", out.path]).0, 0)
        let before = try listing(out).map { ($0, try Data(contentsOf: out.appendingPathComponent($0))) }
        // A directory where frame 2 goes: the move into place fails part-way.
        try fm.removeItem(at: out.appendingPathComponent("frame-00002.png"))
        try fm.createDirectory(at: out.appendingPathComponent("frame-00002.png"), withIntermediateDirectories: false)
        let (code, c) = run(["render", scene(), "-o", out.path, "--format", "png,json"])
        XCTAssertEqual(code, 1)
        XCTAssertTrue(c.err.contains("frame-00002.png: it is a directory"), c.err)
        for (name, data) in before where name != "frame-00002.png" {
            XCTAssertEqual(try Data(contentsOf: out.appendingPathComponent(name)), data, "\(name) is as it was")
        }
        XCTAssertEqual(listing(out), before.map(\.0), "no new files, no staging left")
    }

    func testOnlyFlipbooksOwnNamesAreReplaced() throws {
        let out = dir.appendingPathComponent("out")
        try fm.createDirectory(at: out, withIntermediateDirectories: true)
        for n in ["frame-of-mind.png", "frame-.png", "frame-00099.svg", "notes.txt", "frame-00099.png"] {
            try Data("mine".utf8).write(to: out.appendingPathComponent(n))
        }
        XCTAssertEqual(run(["render", scene(), "-o", out.path]).0, 0)
        XCTAssertEqual(listing(out), ["frame-.png", "frame-00000.png", "frame-00001.png", "frame-00002.png", "frame-00003.png",
                                      "frame-00004.png", "frame-00099.svg", "frame-of-mind.png", "notes.txt"],
                       "an old frame-00099.png of the format written goes; other names stay")
        XCTAssertEqual(run(["render", scene(), "-o", ""]).0, 2, "an empty -o is refused")
    }

    func testFailedRenderRemovesTheDirectoriesItCreated() {
        // The canvas needs more memory than allowed: nothing is created at all.
        let out = dir.appendingPathComponent("a/b/c")
        let (code, c) = run(["render", scene(), "-o", out.path, "--max-memory", "64", "--scale", "3"])
        XCTAssertEqual(code, 0, c.err)  // 300x240 px fits
        XCTAssertTrue(fm.fileExists(atPath: out.path))
        try? fm.removeItem(at: dir.appendingPathComponent("a"))
        // A frame that fails to draw (a file where a frame directory's parent should be).
        let blocked = dir.appendingPathComponent("x/y")
        try? Data().write(to: dir.appendingPathComponent("x"))
        let (code2, c2) = run(["render", scene(), "-o", blocked.path])
        XCTAssertEqual(code2, 2, "a file where a folder of the path should be is the input's fault")
        XCTAssertTrue(c2.err.contains("\(dir.appendingPathComponent("x").path): exists and is not a directory"), c2.err)
    }

    /// An output folder that is a link is refused whatever it leads to: nowhere, itself.
    func testSymbolicLinksThatLeadNowhere() throws {
        let dangling = dir.appendingPathComponent("dangling"), loop = dir.appendingPathComponent("loop")
        try fm.createSymbolicLink(atPath: dangling.path, withDestinationPath: dir.appendingPathComponent("nowhere").path)
        try fm.createSymbolicLink(atPath: loop.path, withDestinationPath: loop.path)
        for link in [dangling, loop] {
            let (code, c) = run(["render", scene(), "-o", link.path])
            XCTAssertEqual(code, 2)
            XCTAssertTrue(c.err.contains("\(link.path): is a symbolic link; Flipbook does not follow links here"), c.err)
        }
        XCTAssertEqual(listing(dir), ["dangling", "loop", "s.json"], "nothing created")
    }

    func testStaleStagingIsClearedAndABusyDirectoryRefused() throws {
        let out = dir.appendingPathComponent("out")
        let staging = out.appendingPathComponent(".flipbook-staging")
        try fm.createDirectory(at: staging, withIntermediateDirectories: true)
        try Data("left by a killed render".utf8).write(to: staging.appendingPathComponent("frame-00007.png"))
        XCTAssertEqual(run(["render", scene(), "-o", out.path]).0, 0)
        XCTAssertFalse(fm.fileExists(atPath: staging.path), "stale staging removed")
        // While another render holds the lock, a second one fails at once and leaves it alone.
        let other = try OutputDirectory(destination: out)
        let (code, c) = run(["render", scene(), "-o", out.path])
        XCTAssertEqual(code, 1)
        XCTAssertTrue(c.err.contains("another flipbook render is writing into \(out.path)"), "[\(c.err)]")
        XCTAssertTrue(fm.fileExists(atPath: other.staging.path))
        other.abort()
    }

    /// Two renders into one new directory at once: one writes, the other fails clearly (or
    /// runs after it); neither leaves staging behind.
    func testConcurrentRendersIntoOneNewDirectory() throws {
        guard let binary else { return XCTFail("flipbook binary not found") }
        let s = scene()
        for round in 0..<12 {
            let out = dir.appendingPathComponent("race\(round)")
            let procs = (0..<2).map { _ -> (Process, Pipe) in
                let p = Process()
                p.executableURL = binary
                p.arguments = ["render", s, "-o", out.path]
                let err = Pipe()
                p.standardError = err
                p.standardOutput = Pipe()
                return (p, err)
            }
            for (p, _) in procs { try p.run() }
            for (p, err) in procs {
                p.waitUntilExit()
                let text = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
                XCTAssertTrue(p.terminationStatus == 0 || text.contains("another flipbook render is writing into"), "round \(round): \(text)")
            }
            XCTAssertEqual(listing(out), ["frame-00000.png", "frame-00001.png", "frame-00002.png", "frame-00003.png", "frame-00004.png"],
                           "round \(round)")
        }
    }

    func testMountPointAndDiskFull() throws {
        // A tmpfs mount point as the output (a CI volume): staging inside it, so no rename
        // crosses devices; then too small for the frames: the system's words, nothing left.
        let mnt = dir.appendingPathComponent("mnt")
        try fm.createDirectory(at: mnt, withIntermediateDirectories: true)
        func mount(_ size: String) -> Bool {
            let p = Process()
            p.executableURL = URL(fileURLWithPath: "/bin/mount")
            p.arguments = ["-t", "tmpfs", "-o", "size=\(size)", "tmpfs", mnt.path]
            p.standardError = Pipe()
            guard (try? p.run()) != nil else { return false }
            p.waitUntilExit()
            return p.terminationStatus == 0
        }
        func unmount() {
            let p = Process()
            p.executableURL = URL(fileURLWithPath: "/bin/umount")
            p.arguments = [mnt.path]
            try? p.run()
            p.waitUntilExit()
        }
        guard mount("4m") else { throw XCTSkip("cannot mount a tmpfs here (needs root and CAP_SYS_ADMIN)") }
        defer { unmount() }
        XCTAssertEqual(run(["render", scene(), "-o", mnt.path]).0, 0)
        XCTAssertEqual(listing(mnt).count, 5)
        unmount()
        XCTAssertTrue(mount("64k"))
        let (code, c) = run(["render", scene(duration: 30), "-o", mnt.path, "--scale", "3"])
        XCTAssertEqual(code, 1)
        XCTAssertTrue(c.err.contains("No space left on device"), c.err)
        XCTAssertEqual(listing(mnt), [], "nothing left behind")
    }

    /// Each budget: one line naming it and how to change it, and nothing written.
    func testMemoryBudgets() throws {
        let out = dir.appendingPathComponent("budget")
        // Frames: a 4000 x 3200 px canvas needs ~195 MB a worker, more than half of 256 MB.
        let big = dir.appendingPathComponent("big.json")
        try """
        {"canvas": {"width": 2000, "height": 1600, "scale": 2}, "duration": 0.1,
         "collectionView": {"layout": {"type": "wallet"}, "items": [{"id": "a"}]}}
        """.write(to: big, atomically: true, encoding: .utf8)
        var (code, c) = run(["render", big.path, "-o", out.path, "--max-memory", "256"])
        XCTAssertEqual(code, 2)
        XCTAssertTrue(c.err.contains("frame needs about 196 MB to draw and encode, more than half of --max-memory 256; lower --scale or raise --max-memory"), c.err)
        // The timeline: 36,000 frames of 4 items against the 64 MB budget's 67,108 items.
        (code, c) = run(["render", scene(duration: 3600), "-o", out.path, "--format", "json", "--max-memory", "64"])
        XCTAssertEqual(code, 2, "a budget overrun is reported like bad input")
        XCTAssertTrue(c.err.contains("the timeline would hold more than 67108 drawn items"), c.err)
        XCTAssertTrue(c.err.contains("render fewer frames (--frames, --step) or raise --max-memory"), c.err)
        // An SVG frame of 20 labels of 2,000 glyphs each, all of which fit their frames (a glyph is
        // an outline path in Cairo's memory: 10 KB each, 400 MB) against half of 256 MB.
        let titles = (0..<20).map { #"{"id": "i\#($0)", "x": 0, "y": 0, "width": 400, "height": 400, "title": "\#(String(repeating: "长", count: 2000))"}"# }
            .joined(separator: ", ")
        let svg = dir.appendingPathComponent("svg.json")
        try """
        {"canvas": {"width": 400, "height": 400, "scale": 1}, "duration": 0.1,
         "collectionView": {"layout": {"type": "absolute"}, "cell": {"titleSize": 4, "titleNumberOfLines": 0},
                            "items": [\(titles)]}}
        """.write(to: svg, atomically: true, encoding: .utf8)
        (code, c) = run(["render", svg.path, "-o", out.path, "--format", "svg", "--max-memory", "256"])
        XCTAssertEqual(code, 2)
        XCTAssertTrue(c.err.contains("SVG frame 0 (21 items) would need about 390 MB, more than half of --max-memory 256"), c.err)
        XCTAssertFalse(fm.fileExists(atPath: out.path), "nothing written")
    }

    func testFIFOAndUnreadableInput() throws {
        let fifo = dir.appendingPathComponent("pipe.json")
        XCTAssertEqual(mkfifo(fifo.path, 0o644), 0)
        let (code, c) = run(["validate", fifo.path])
        XCTAssertEqual(code, 2)
        XCTAssertTrue(c.err.contains("is not a regular file"), c.err)
        let (code2, c2) = run(["validate", "/dev/zero"])
        XCTAssertEqual(code2, 2)
        XCTAssertTrue(c2.err.contains("is not a regular file"), c2.err)
    }

    func testNestingLimitIs256Levels() {
        let ok = String(repeating: "[", count: 256) + String(repeating: "]", count: 256)
        XCTAssertNoThrow(try JSONParser.parse(ok))
        let deep = String(repeating: "[", count: 257) + String(repeating: "]", count: 257)
        XCTAssertThrowsError(try JSONParser.parse(deep))
    }

    func testValidateCountsTouches() throws {
        let url = dir.appendingPathComponent("t.json")
        try """
        {"canvas": {"width": 100, "height": 80, "scale": 1}, "duration": 1,
         "collectionView": {"layout": {"type": "wallet"}, "items": [{"id": "a"}]},
         "script": [{"at": 0.1, "action": "tap", "point": {"x": 10, "y": 10}}]}
        """.write(to: url, atomically: true, encoding: .utf8)
        let (code, c) = run(["validate", url.path])
        XCTAssertEqual(code, 0)
        XCTAssertTrue(c.out.contains("0 script steps, 1 touches"), c.out)
    }

    /// Signals end a render promptly, leave nothing, and SIGQUIT is an ordinary stop, not a
    /// crash report. 36,000 distinct frames of 1000 x 1000 px (a card moves all the time) take minutes to draw in any build, so the
    /// signal lands while the render works (simulating in a debug build, drawing in release).
    func testSignalsStopTheSimulationCleanly() throws {
        guard let binary else { return XCTFail("flipbook binary not found") }
        let long = dir.appendingPathComponent("long.json")
        try """
        {"canvas": {"width": 1000, "height": 1000, "scale": 1}, "fps": 10, "duration": 3600,
         "collectionView": {"layout": {"type": "wallet", "cellHeight": 40, "cellSpace": 20},
                            "items": [{"id": "a"}, {"id": "b"}, {"id": "c"}]},
         "script": [{"at": 0, "action": "animate", "duration": 3600, "curve": "linear",
                     "changes": [{"item": "a", "translation": {"x": 900, "y": 0}}]}]}
        """.write(to: long, atomically: true, encoding: .utf8)
        for sig in [SIGINT, SIGTERM, SIGHUP, SIGQUIT] {
            let out = dir.appendingPathComponent("sig\(sig)")
            let p = Process()
            p.executableURL = binary
            p.arguments = ["render", long.path, "-o", out.path, "--format", "png"]
            let err = Pipe()
            p.standardError = err
            p.standardOutput = Pipe()
            try p.run()
            usleep(300_000)
            let sent = Date()
            kill(p.processIdentifier, sig)
            p.waitUntilExit()
            let text = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            XCTAssertLessThan(Date().timeIntervalSince(sent), 5, "stops promptly on signal \(sig)")
            XCTAssertEqual(p.terminationReason, .exit, "signal \(sig): exits, not killed")
            // 128 + the signal, as a shell reports a process the signal ended (130 for Ctrl-C).
            XCTAssertEqual(p.terminationStatus, 128 + sig, "signal \(sig): \(text)")
            let name = [SIGINT: "SIGINT", SIGTERM: "SIGTERM", SIGHUP: "SIGHUP", SIGQUIT: "SIGQUIT"][sig]!
            XCTAssertEqual(text, "flipbook: interrupted by \(name)\n", "signal \(sig)")
            XCTAssertFalse(fm.fileExists(atPath: out.path), "signal \(sig): nothing left")
        }
    }
}
