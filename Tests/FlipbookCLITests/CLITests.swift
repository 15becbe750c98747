import XCTest
import Foundation
@testable import FlipbookCLI
import FlipbookCore
import FlipbookJSON
import FlipbookDiff
import FlipbookRender

let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

/// Captured output of an in-process run.
final class Captured: @unchecked Sendable {
    private let lock = NSLock()
    private var _out = "", _err = ""
    var out: String { lock.lock(); defer { lock.unlock() }; return _out }
    var err: String { lock.lock(); defer { lock.unlock() }; return _err }
    var console: Console {
        Console(out: { s in self.lock.lock(); self._out += s; self.lock.unlock() },
                err: { s in self.lock.lock(); self._err += s; self.lock.unlock() }, errIsTerminal: false,
                // Not the test run's own: a CI runner's CI=true would make `check` refuse to record.
                environment: [:])
    }
}

final class CLITests: XCTestCase {
    var dir: URL!

    override func setUpWithError() throws {
        dir = FileManager.default.temporaryDirectory.appendingPathComponent("flipbook-cli-\(getpid())-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    }
    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: dir) }

    func run(_ args: [String], terminal: Bool = false) -> (Int32, Captured) {
        let c = Captured()
        var console = c.console
        console.errIsTerminal = terminal
        return (CLI.main(["flipbook"] + args, console: console), c)
    }

    /// The causes in the scene file come first, one line each, at their lines: a template's
    /// field, the content inset, two items swapped; an unchanged file whose renders differ says
    /// the cause is outside it.
    func testCheckNamesSceneChanges() throws {
        func scene(weight: String, inset: Int, order: [String]) -> String {
            let items = order.map { #"{"id": "\#($0)", "template": "card", "title": "\#($0)"}"# }.joined(separator: ",\n      ")
            return """
            {
              "canvas": {"width": 200, "height": 300, "scale": 1},
              "duration": 0.1,
              "templates": {"card": {"width": 180, "height": 60, "style": {"titleWeight": "\(weight)"}}},
              "collectionView": {
                "contentInset": {"top": \(inset)},
                "layout": {"type": "flow"},
                "items": [
                  \(items)
                ]
              }
            }
            """
        }
        let golden = dir.appendingPathComponent("goldens").path
        let path = write("cards.json", scene(weight: "bold", inset: 10, order: ["a", "b", "c"]))
        XCTAssertEqual(run(["check", path, "--golden", golden, "--record", "-q", "-o", dir.appendingPathComponent("report0").path]).0, 0)
        XCTAssertTrue(FileManager.default.fileExists(atPath: golden + "/cards/scene.json"), "the golden keeps the scene file")
        _ = write("cards.json", scene(weight: "regular", inset: 14, order: ["a", "c", "b"]))
        let (code, c) = run(["check", path, "--golden", golden, "-q", "-o", dir.appendingPathComponent("report").path])
        XCTAssertEqual(code, 1)
        let lines = c.out.split(separator: "\n").map(String.init).filter { $0.contains("scene change:") }
        guard lines.count == 3 else { return XCTFail("three cause lines: \(c.out)") }
        XCTAssertTrue(lines[0].hasSuffix(#"scene change: template "card": style.titleWeight "bold" → "regular" (\#(path):4)"#), lines[0])
        XCTAssertTrue(lines[1].hasSuffix("scene change: $.collectionView.contentInset.top: 10 → 14 (\(path):6)"), lines[1])
        XCTAssertTrue(lines[2].hasSuffix(#"scene change: $.collectionView.items: "b" ↔ "c" swapped (\#(path):10, 11)"#), lines[2])
        // Each cause's consequences under it, indented: the font of the cards made from the
        // template (the swapped two are the swap's), the offset the inset moved, the swap.
        let all = c.out.split(separator: "\n").map(String.init)
        func under(_ cause: String) -> String {
            guard let k = all.firstIndex(of: cause), k + 1 < all.count, all[k + 1].hasPrefix("    ") else { return "" }
            return all[k + 1]
        }
        XCTAssertEqual(under(lines[0]), #"    "a": font 17 bold → 17 regular at frames 0-5 — \#(path):9"#, c.out)
        XCTAssertTrue(under(lines[1]).hasPrefix(#"    "collectionView": contentOffset differ at frames 0-5 (largest: contentOffset by 4 pt"#), c.out)
        XCTAssertTrue(under(lines[2]).hasPrefix(#"    "b" and "c": swapped places"#), c.out)
        XCTAssertEqual(all.filter { !$0.hasPrefix("    ") && !$0.contains("scene change:") && $0.hasPrefix("  ") }, [], "no effect outside its cause: \(c.out)")
        // Nothing changed in the file, yet the golden differs (an edited golden stands for a renderer change).
        _ = write("cards.json", scene(weight: "bold", inset: 10, order: ["a", "b", "c"]))
        let tracks = golden + "/cards/timeline.json"
        let text = try String(contentsOfFile: tracks, encoding: .utf8)
        try text.replacingOccurrences(of: #""id":"b""#, with: #""id":"x""#).write(toFile: tracks, atomically: true, encoding: .utf8)
        let (code2, c2) = run(["check", path, "--golden", golden, "-q", "-o", dir.appendingPathComponent("report2").path])
        XCTAssertEqual(code2, 1, c2.out + c2.err)
        XCTAssertTrue(c2.out.contains("no change in the scene file explains this: the renderer, its libraries or fonts, or Swift code changed"), c2.out)
    }

    /// A golden's scene.json planted as a link to a file outside the goldens is not read: check
    /// names no scene change from it, and the golden still matches.
    func testSceneDocumentLinkIsNotFollowed() throws {
        let golden = dir.appendingPathComponent("goldens").path
        let path = write("s.json", good)
        XCTAssertEqual(run(["check", path, "--golden", golden, "--record", "-q", "-o", dir.appendingPathComponent("r0").path]).0, 0)
        let planted = golden + "/s/scene.json"
        XCTAssertTrue(FileManager.default.fileExists(atPath: planted))
        let outside = write("outside.json", good.replacingOccurrences(of: #""duration": 0.5"#, with: #""duration": 9"#))
        try FileManager.default.removeItem(atPath: planted)
        try FileManager.default.createSymbolicLink(atPath: planted, withDestinationPath: outside)
        let (code, c) = run(["check", path, "--golden", golden, "-q", "-o", dir.appendingPathComponent("r1").path])
        XCTAssertEqual(code, 0, c.out + c.err)
        let linked = try String(contentsOfFile: dir.appendingPathComponent("r1/report.json").path, encoding: .utf8)
        XCTAssertFalse(linked.contains("scene change"), linked)
        // A real scene.json that differs is read (the link, not the check, made the difference):
        // its change is in the report's context.
        try FileManager.default.removeItem(atPath: planted)
        try FileManager.default.copyItem(atPath: outside, toPath: planted)
        XCTAssertEqual(run(["check", path, "--golden", golden, "-q", "-o", dir.appendingPathComponent("r2").path]).0, 0)
        let real = try String(contentsOfFile: dir.appendingPathComponent("r2/report.json").path, encoding: .utf8)
        XCTAssertTrue(real.contains("scene change: $.duration: 9 → 0.5"), real)
    }

    func testProgressOnlyOnATerminal() {
        let scene = write("s.json", good)
        let (code, c) = run(["render", scene, "-o", dir.appendingPathComponent("out").path], terminal: true)
        XCTAssertEqual(code, 0)
        XCTAssertTrue(c.err.contains("\rrendering s: png — frame 5/5, 100 %"), c.err)
        XCTAssertTrue(c.err.hasSuffix("\n"), "the progress line is finished")
        XCTAssertEqual(run(["render", scene, "-o", dir.appendingPathComponent("out2").path]).1.err, "", "a short render writes no line to a log")
        XCTAssertEqual(run(["render", scene, "-o", dir.appendingPathComponent("out3").path, "--quiet"], terminal: true).1.err, "", "--quiet: nothing")
        // The line's text: the stage, frames, percentage, and the time left at the stage's pace.
        XCTAssertEqual(ProgressLine.text("rendering w", RenderProgress(stage: "gif, mp4", done: 120, total: 516), elapsed: 10),
                       "rendering w: gif, mp4 — frame 120/516, 23 %, 0:33 left")
    }

    func write(_ name: String, _ text: String) -> String {
        let url = dir.appendingPathComponent(name)
        try! text.write(to: url, atomically: true, encoding: .utf8)
        return url.path
    }

    func contents(_ path: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []).sorted()
    }

    let good = #"""
    {"canvas": {"width": 100, "height": 80, "scale": 1}, "fps": 10, "duration": 0.5,
     "collectionView": {"layout": {"type": "wallet", "cellHeight": 40, "cellSpace": 20},
                        "items": [{"id": "a"}, {"id": "b"}, {"id": "c"}]},
     "script": [{"at": 0.1, "action": "scrollTo", "contentOffset": {"y": 20}}]}
    """#

    func testRenderWritesEveryFormat() throws {
        let scene = write("s.json", good)
        let out = dir.appendingPathComponent("out").path
        let (code, c) = run(["render", scene, "-o", out, "--format", "png,svg,json"])
        XCTAssertEqual(code, 0, c.err)
        XCTAssertEqual(c.err, "", "silent on stderr when it is not a terminal")
        XCTAssertTrue(c.out.contains("5 frames at 10 fps"), c.out)
        XCTAssertEqual(contents(out), ["frame-00000.png", "frame-00000.svg", "frame-00001.png", "frame-00001.svg", "frame-00002.png",
                                       "frame-00002.svg", "frame-00003.png", "frame-00003.svg", "frame-00004.png", "frame-00004.svg",
                                       "keyframes.json"])
        XCTAssertEqual(contents(dir.path), ["out", "s.json"], "no staging directory left beside the output")
        let json = try JSONParser.parse([UInt8](try Data(contentsOf: URL(fileURLWithPath: out + "/keyframes.json"))))
        guard case .object(let top) = json.value else { return XCTFail() }
        XCTAssertEqual(top.map(\.key), ["scene", "fps", "canvas", "frames", "looks"])
    }

    func testFramesRangeFpsAndScaleOverrides() throws {
        let scene = write("s.json", good)
        let out = dir.appendingPathComponent("out").path
        let (code, c) = run(["render", scene, "-o", out, "--frames", "3-7", "--fps", "20", "--scale", "3", "--format", "json,png"])
        XCTAssertEqual(code, 0, c.err)
        XCTAssertEqual(contents(out), ["frame-00003.png", "frame-00004.png", "frame-00005.png", "frame-00006.png", "frame-00007.png", "keyframes.json"])
        let text = try String(contentsOfFile: out + "/keyframes.json", encoding: .utf8)
        XCTAssertTrue(text.contains(#""fps":20"#))
        XCTAssertTrue(text.contains(#""scale":3"#))
        XCTAssertTrue(text.contains(#"{"index":3,"time":0.15,"#))
        // Re-rendering fewer frames into the same directory leaves no stale frames of that format.
        XCTAssertEqual(run(["render", scene, "-o", out, "--frames", "3-4", "--fps", "20", "--format", "png"]).0, 0)
        XCTAssertEqual(contents(out), ["frame-00003.png", "frame-00004.png", "keyframes.json"])
    }

    func testStepKeepsEveryNthFrame() throws {
        let scene = write("s.json", good)
        let out = dir.appendingPathComponent("out").path
        XCTAssertEqual(run(["render", scene, "-o", out, "--format", "png"]).0, 0)
        // A second render of another format with a step leaves the PNGs alone.
        let (code, c) = run(["render", scene, "-o", out, "--format", "svg,json", "--frames", "1-4", "--step", "2"])
        XCTAssertEqual(code, 0, c.err)
        XCTAssertEqual(contents(out).filter { $0.hasSuffix(".svg") }, ["frame-00001.svg", "frame-00003.svg"])
        XCTAssertEqual(contents(out).filter { $0.hasSuffix(".png") }.count, 5)
        XCTAssertEqual(run(["render", scene, "--step", "0"]).0, 2)
    }

    /// Every bad scene: exit 2, one line naming the file and the field, no output left.
    func testBadScenesExitTwoWithOneLineAndNoOutput() {
        let cases: [(String, String)] = [
            ("{\"canvas\": {", "malformed JSON"),
            (good.replacingOccurrences(of: #""fps": 10"#, with: #""fps": 0"#), "$.fps: expected a whole number from 1 to 240, got 0"),
            (good.replacingOccurrences(of: #""duration": 0.5"#, with: #""duration": -2"#), "$.duration: expected a number > 0"),
            (good.replacingOccurrences(of: #""type": "wallet""#, with: #""type": "cards""#), "$.collectionView.layout.type: expected one of"),
            (good.replacingOccurrences(of: #""scale": 1"#, with: #""scale": 9"#), "$.canvas.scale"),
            (good.replacingOccurrences(of: #""width": 100"#, with: #""width": 100000"#), "$.canvas.width"),
            (good.replacingOccurrences(of: #""fps": 10"#, with: #""fps": 240"#).replacingOccurrences(of: #""duration": 0.5"#, with: #""duration": 151"#),
             "$.duration: expected at most 36000 frames (duration × fps), got 151 s × 240 fps"),
            (good.replacingOccurrences(of: #"{"y": 20}}"#, with: #"{"y": 20}, "curve": "bad"}"#), "$.script[0].curve: expected a curve name"),
            (good.replacingOccurrences(of: #"{"id": "c"}"#, with: #"{"id": "s.header"}"#), "ids ending in \".header\" are Flipbook's own"),
            (good.replacingOccurrences(of: #""cellSpace": 20"#, with: #""cellSpace": 1e-17"#), "$.collectionView.layout.cellSpace: expected a number from 0.01 to 10000"),
        ]
        for (i, (text, fragment)) in cases.enumerated() {
            let scene = write("bad\(i).json", text)
            let out = dir.appendingPathComponent("out\(i)").path
            let (code, c) = run(["render", scene, "-o", out])
            XCTAssertEqual(code, 2, "case \(i): \(c.err)")
            XCTAssertTrue(c.err.hasPrefix("flipbook: \(scene):"), "names the file: \(c.err)")
            XCTAssertTrue(c.err.contains(fragment), "case \(i): \(c.err)")
            XCTAssertEqual(c.err.filter { $0 == "\n" }.count, 1, "one line: \(c.err)")
            XCTAssertFalse(FileManager.default.fileExists(atPath: out), "no output for case \(i)")
            XCTAssertEqual(run(["validate", scene]).0, 2)
        }
        XCTAssertFalse(contents(dir.path).contains { $0.hasPrefix(".") }, "no staging directories")
    }

    /// A batch update UIKit would refuse, found only when the simulation reaches it (the effect
    /// could have changed the data): exit 2, one line naming the step, nothing written —
    /// and `validate` runs the scene to find it too.
    func testInvalidBatchUpdateFoundWhileSimulatingWritesNothing() {
        let text = good.replacingOccurrences(of: #""script": ["#, with: #""effect": {"type": "wallet"}, "script": [{"at": 0.3, "action": "performBatchUpdates", "updates": [{"insert": {"id": "n"}, "to": {"item": 9}}]}, "#)
        let scene = write("batch.json", text)
        let out = dir.appendingPathComponent("out").path
        let (code, c) = run(["render", scene, "-o", out, "--format", "png,gif"])
        XCTAssertEqual(code, 2, c.err)
        XCTAssertEqual(c.err, "flipbook: \(scene): $.script[0]: invalid batch update at 0.3 s: attempt to insert item 9 into section 0, but there are only 4 items in section 0 after the update\n")
        XCTAssertFalse(FileManager.default.fileExists(atPath: out))
        XCTAssertFalse(contents(dir.path).contains { $0.hasPrefix(".") }, "no staging directories")
        let (vcode, v) = run(["validate", scene])
        XCTAssertEqual(vcode, 2)
        XCTAssertEqual(v.err, c.err)
        XCTAssertEqual(run(["validate", write("ok.json", text.replacingOccurrences(of: #""item": 9"#, with: #""item": 3"#))]).0, 0)
    }

    func testUsageErrors() {
        let scene = write("s.json", good)
        let cases: [([String], String)] = [
            (["render"], "needs a SCENE"),
            (["render", scene, "--format", "heic"], "unknown format 'heic'; expected a comma-separated list of png, svg, json, tracks, gif, apng, webp, mp4, webm, sheet, animated-svg"),
            (["render", scene, "--fps", "0"], "--fps expects a whole number from 1 to 240"),
            (["render", scene, "--scale", "4"], "--scale expects"),
            (["render", scene, "--frames", "9-3"], "--frames expects"),
            (["render", scene, "--frames", "3-5000"], "outside the scene's frames 0-4"),
            (["render", scene, "--bogus"], "unknown option '--bogus'"),
            (["render", scene, "-o"], "-o needs a value"),
            (["render", scene, "-o", "--show-touches"], "-o needs a value, got the option '--show-touches' (write --output=--show-touches if that is the value)"),
            (["check", scene, "--golden", "-o", "out"], "--golden needs a value, got the option '-o'"),
            (["render", dir.appendingPathComponent("missing.json").path], "no such file"),
            (["render", dir.path], "is a directory"),
            (["frobnicate"], "unknown command"),
            (["validate"], "needs a SCENE"),
        ]
        for (args, fragment) in cases {
            let (code, c) = run(args)
            XCTAssertEqual(code, 2, "\(args): \(c.err)")
            XCTAssertTrue(c.err.contains(fragment), "\(args): \(c.err)")
        }
    }

    /// Bad preview options: exit 2, one line, and nothing written.
    func testBadPreviewOptionsWriteNothing() {
        let scene = write("s.json", good)  // 5 frames at 10 fps: the last at 0.4 s
        let cases: [([String], String)] = [
            (["--format", "gif", "--loop", "-1"], "--loop expects a whole number from 0 to 65535, got '-1'"),
            (["--time", "0.45"], "--time 0.45 is past the scene's last frame at 0.4 s"),
            (["--time", "0.1,-2"], "--time expects seconds ≥ 0, comma-separated, got '0.1,-2'"),
            (["--format", "webp", "--webp-quality", "101"], "--webp-quality expects a number from 0 to 100, got '101'"),
            (["--format", "mp4", "--video-quality", "-5"], "--video-quality expects a number from 0 to 100, got '-5'"),
            (["--format", "webm", "--video-quality", "high"], "--video-quality expects a number from 0 to 100, got 'high'"),
            (["--format", "gif", "--time", "0.1"], "--time writes stills as png or svg, not 'gif'"),
            (["--format", "sheet", "--sheet-frames", "0"], "--sheet-frames expects a whole number from 1 to 100, got '0'"),
        ]
        for (i, (extra, fragment)) in cases.enumerated() {
            let out = dir.appendingPathComponent("bad-preview-\(i)")
            let (code, c) = run(["render", scene, "-o", out.path] + extra)
            XCTAssertEqual(code, 2, "\(extra): \(c.err)")
            XCTAssertTrue(c.err.contains(fragment), "\(extra): \(c.err)")
            XCTAssertEqual(c.err.filter { $0 == "\n" }.count, 1, "one line: \(c.err)")
            XCTAssertFalse(FileManager.default.fileExists(atPath: out.path), "nothing written for \(extra)")
        }
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: dir.path).filter { $0.hasPrefix(".") }, [], "no staging left")
    }

    func testStillsAtExactTimes() throws {
        let scene = write("s.json", good)
        let out = dir.appendingPathComponent("stills")
        let (code, c) = run(["render", scene, "-o", out.path, "--time", "0.25,0", "--format", "png,svg"])
        XCTAssertEqual(code, 0, c.err)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: out.path).sorted(),
                       ["s-0.25s.png", "s-0.25s.svg", "s-0s.png", "s-0s.svg"])
    }

    func testRenderFailureLeavesNoPartialOutput() throws {
        // The destination exists as a file: the render is refused (exit 2) and writes nothing.
        let scene = write("s.json", good)
        let blocker = write("blocker", "x")
        let (code, c) = run(["render", scene, "-o", blocker])
        XCTAssertEqual(code, 2, c.err)
        XCTAssertTrue(c.err.contains("not a directory"), c.err)
        XCTAssertEqual(contents(dir.path), ["blocker", "s.json"])
    }

    /// The option tables are the interface: `--x=y` is `--x y`, a typo is answered with the
    /// nearest option or command, and the README shows each command's usage line as the table
    /// makes it.
    func testOptionTables() throws {
        let scene = write("s.json", good)  // 5 frames at 10 fps
        let out = dir.appendingPathComponent("fps")
        let (code, c) = run(["render", scene, "-o", out.path, "--fps=20", "--format=json"])
        XCTAssertEqual(code, 0, c.err)
        let keyframes = try String(contentsOf: out.appendingPathComponent("keyframes.json"), encoding: .utf8)
        XCTAssertTrue(keyframes.contains(#""fps":20"#), "--fps=20 was read: 10 frames at 20 fps")
        XCTAssertEqual(keyframes.components(separatedBy: #"{"index":"#).count - 1, 10)
        let cases: [([String], String)] = [
            (["render", scene, "--fsp", "30"], "unknown option '--fsp'; did you mean '--fps'?"),
            (["render", scene, "--fsp=30"], "unknown option '--fsp'; did you mean '--fps'?"),
            (["render", scene, "--show-touches=yes"], "--show-touches takes no value"),
            (["render", scene, "--fps="], "--fps expects a whole number from 1 to 240"),
            (["rendr", scene], "unknown command 'rendr'; did you mean 'render'?"),
            (["help", "chek"], "did you mean 'check'?"),
            (["check", scene, "--goldn", "g"], "did you mean '--golden'?"),
        ]
        for (args, fragment) in cases {
            let (code, c) = run(args)
            XCTAssertEqual(code, 2, "\(args): \(c.err)")
            XCTAssertTrue(c.err.contains(fragment), "\(args): \(c.err)")
        }
        XCTAssertNil(Spelling.nearest("--zzzzzz", among: Commands.render.options.map(\.name)), "nothing near: no suggestion")
        XCTAssertEqual(Spelling.nearest("Flow", among: ["absolute", "flow", "wallet"]), "flow", "a case slip is near")
        XCTAssertEqual(Spelling.editDistance("kitten", "sitting"), 3)
        XCTAssertEqual(Spelling.nearest("--sheet-frame", among: Commands.render.options.map(\.name)), "--sheet-frames")
        XCTAssertEqual(Spelling.nearest("kiten", among: ["sitting", "kitten", "mitten"]), "kitten", "one edit beats one edit later in the alphabet")
        XCTAssertEqual(Spelling.nearest("abcd", among: ["abdc"]), "abdc", "a swap is two edits")
        XCTAssertNil(Spelling.nearest("abcde", among: ["edcba"]))
        let readme = try String(contentsOf: packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
        for command in Commands.all {
            XCTAssertTrue(readme.contains("`" + command.usageLine + "`"), "README lacks the usage line `\(command.usageLine)`")
            let help = command.help
            for option in command.options { XCTAssertTrue(help.contains(option.spelled), "\(command.name) help lists \(option.name)") }
        }
    }

    /// An option declared with its range is parsed by it: one past either end is refused with
    /// the range the declaration holds, in every command that takes it.
    func testDeclaredRangesAreWhatParsingChecks() {
        let scene = write("s.json", good)
        var checked = 0
        for (name, spec, _) in CLI.commandTable where name == "render" || name == "check" {
            for option in spec.options {
                guard let range = option.integers else { continue }
                for bad in [range.lowerBound - 1, range.upperBound + 1] {
                    let args = name == "render" ? ["render", scene, option.name, "\(bad)", "-o", dir.appendingPathComponent("r").path]
                                                : ["check", scene, "--golden", dir.appendingPathComponent("g").path, option.name, "\(bad)"]
                    let (code, c) = run(args)
                    XCTAssertEqual(code, 2, "\(args)")
                    XCTAssertTrue(c.err.contains("\(option.name) expects a whole number from \(range.lowerBound) to \(range.upperBound), got '\(bad)'"), "\(args): \(c.err)")
                    checked += 1
                }
            }
        }
        XCTAssertGreaterThanOrEqual(checked, 12, "fps, scale, sheet-frames, jobs, max-memory, max-seconds in render and check")
        XCTAssertFalse(FileManager.default.fileExists(atPath: dir.appendingPathComponent("r").path))
    }

    func testHelpAndValidate() {
        for args in [["--help"], ["help"], ["render", "--help"], ["help", "render"], ["validate", "--help"]] {
            let (code, c) = run(args)
            XCTAssertEqual(code, 0)
            XCTAssertTrue(c.out.contains("Usage"), "\(args)")
        }
        XCTAssertTrue(run(["render", "--help"]).1.out.contains("--frames A-B"))
        let (code, c) = run(["validate", write("s.json", good)])
        XCTAssertEqual(code, 0, c.err)
        XCTAssertTrue(c.out.contains("ok — scene \"s\", 5 frames at 10 fps"), c.out)
    }

    /// The real executable: exit status and stderr of a separate process.
    func testBinaryExitCodes() throws {
        let candidates = [URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("flipbook"),
                          packageRoot.appendingPathComponent(".build/debug/flipbook")]
        guard let binary = candidates.first(where: { FileManager.default.isExecutableFile(atPath: $0.path) }) else {
            return XCTFail("flipbook binary not found next to the tests")
        }
        func spawn(_ args: [String]) throws -> (Int32, String) {
            let p = Process()
            p.executableURL = binary
            p.arguments = args
            let err = Pipe()
            p.standardError = err
            p.standardOutput = Pipe()
            try p.run()
            let data = err.fileHandleForReading.readDataToEndOfFile()
            p.waitUntilExit()
            return (p.terminationStatus, String(decoding: data, as: UTF8.self))
        }
        let bad = write("bad.json", good.replacingOccurrences(of: #""fps": 10"#, with: #""fps": "ten""#))
        let (code, err) = try spawn(["render", bad, "-o", dir.appendingPathComponent("o").path])
        XCTAssertEqual(code, 2)
        XCTAssertEqual(err, "flipbook: \(bad):1:61: $.fps: expected a number, got \"ten\"\n")
        XCTAssertEqual(try spawn(["render", write("s.json", good), "-o", dir.appendingPathComponent("o").path]).0, 0)
        XCTAssertEqual(try spawn(["--version"]).0, 0)
    }
}

/// `flipbook check`, `diff` and `report merge` on small scenes.
final class CheckCommandTests: XCTestCase {
    var dir: URL!
    override func setUpWithError() throws {
        dir = FileManager.default.temporaryDirectory.appendingPathComponent("flipbook-check-\(getpid())-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    }
    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: dir) }

    func run(_ args: [String], env: [String: String] = [:]) -> (Int32, Captured) {
        let c = Captured()
        var console = c.console
        console.environment = env
        return (CLI.main(["flipbook"] + args, console: console), c)
    }

    /// A 3-card Wallet stack that scrolls 40 pt at 0.1 s; `color`, `at` and `duration` vary.
    func scene(_ name: String, color: String = "#D93A3A", at: String = "0.1", duration: String = "0.25", folder: String = "scenes") -> String {
        let text = """
        {"canvas": {"width": 120, "height": 160, "scale": 1}, "fps": 20, "duration": 1,
         "collectionView": {"layout": {"type": "wallet", "cellHeight": 60, "cellSpace": 30},
                            "items": [{"id": "a", "color": "\(color)"}, {"id": "b"}, {"id": "c"}]},
         "script": [{"at": \(at), "action": "scrollTo", "contentOffset": {"y": 40}, "duration": \(duration)}]}
        """
        let d = dir.appendingPathComponent(folder)
        try? FileManager.default.createDirectory(at: d, withIntermediateDirectories: true)
        let url = d.appendingPathComponent(name + ".json")
        try? text.write(to: url, atomically: true, encoding: .utf8)
        return url.path
    }

    /// The step blamed for a motion is the one that moves that item: card a's spring (step 0)
    /// changed, and its first differing frame comes after step 1 started card b — which was
    /// blamed before (the latest step by then, whatever it moved).
    func testTheStepThatMovesTheItemIsBlamed() throws {
        func cards(damping: Double, folder: String) -> String {
            let text = """
            {"canvas": {"width": 200, "height": 200, "scale": 1}, "fps": 20, "duration": 1.5,
             "collectionView": {"layout": {"type": "absolute"}, "items": [
               {"id": "a", "x": 10, "y": 10, "width": 40, "height": 40}, {"id": "b", "x": 100, "y": 10, "width": 40, "height": 40}]},
             "script": [
               {"at": 0.1, "action": "animate", "spring": {"dampingRatio": \(damping)}, "duration": 1, "changes": [{"item": "a", "translation": {"x": 0, "y": 100}}]},
               {"at": 0.2, "action": "animate", "curve": "easeOut", "duration": 0.5, "changes": [{"item": "b", "translation": {"x": 0, "y": 100}}]}
             ]}
            """
            let d = dir.appendingPathComponent(folder)
            try? FileManager.default.createDirectory(at: d, withIntermediateDirectories: true)
            let url = d.appendingPathComponent("cards.json")
            try? text.write(to: url, atomically: true, encoding: .utf8)
            return url.path
        }
        let golden = dir.appendingPathComponent("golden").path, report = dir.appendingPathComponent("report").path
        XCTAssertEqual(run(["check", cards(damping: 0.5, folder: "old"), "--golden", golden, "--record", "-o", report]).0, 0)
        let changed = cards(damping: 0.9, folder: "new")
        let (code, c) = run(["check", changed, "--golden", golden, "-o", report])
        XCTAssertEqual(code, 1, c.out)
        let line = c.out.split(separator: "\n").first { $0.contains("\"a\":") }.map(String.init) ?? ""
        XCTAssertTrue(line.hasSuffix("— script step 0, \(changed):5"), "card a's change names its own step: \(c.out)")
        XCTAssertFalse(c.out.contains("\"b\":"), "card b did not change: \(c.out)")
    }

    func testCheckRecordsThenMatchesThenNamesWhatChanged() throws {
        let golden = dir.appendingPathComponent("golden").path, report = dir.appendingPathComponent("report").path
        let s = scene("stack")
        var (code, c) = run(["check", s, "--golden", golden, "-o", report, "--every", "5"])
        XCTAssertEqual(code, 0, c.err)
        XCTAssertTrue(c.out.contains("no golden yet: recorded at"), c.out)
        (code, c) = run(["check", s, "--golden", golden, "-o", report, "--every", "5"])
        XCTAssertEqual(code, 0, "unchanged scene: \(c.out)")
        // A script time 3 frames (0.15 s at 20 fps) later: the first line names the scroll view,
        // the cards it carries (whose pull spread follows it), and the script step and its line.
        let late = scene("stack", at: "0.25", folder: "late")
        (code, c) = run(["check", late, "--golden", golden, "-o", report])
        XCTAssertEqual(code, 1)
        let lines = c.out.split(separator: "\n")
        XCTAssertEqual(lines.first, "stack: differ")
        // The cause in the file first (the golden kept the file it was recorded from), the effect
        // it explains under it.
        XCTAssertEqual(String(lines[1]), "  scene change: $.script[0].at: 0.1 → 0.25 (\(late):4)")
        XCTAssertTrue(lines[2].hasPrefix(#"    "collectionView": scroll late by 3 frames (150 ms); frames 3-"#), String(lines[2]))
        XCTAssertTrue(lines[2].hasSuffix(" — script step 0, \(late):4"), String(lines[2]))
        // A colour: named on its card with both values, at every frame it shows.
        (code, c) = run(["check", scene("stack", color: "#2A9D3A", folder: "green"), "--golden", golden, "-o", report])
        XCTAssertEqual(code, 1)
        XCTAssertTrue(c.out.contains(#"  "a": background #D93A3A → #2A9D3A at frames 0-"#), c.out)
        // A longer scroll: the curve's frames change from frame 3 (0.15 s) on.
        (code, c) = run(["check", scene("stack", duration: "0.5", folder: "slow"), "--golden", golden, "-o", report])
        XCTAssertEqual(code, 1)
        XCTAssertTrue(c.out.contains(#""collectionView": contentOffset differ at frames 3-"#), c.out)
        for f in ["report.html", "report.json", "junit.xml"] {
            XCTAssertTrue(FileManager.default.fileExists(atPath: report + "/" + f), f)
        }
        let junit = try String(contentsOfFile: report + "/junit.xml", encoding: .utf8)
        XCTAssertNotNil(junit.range(of: #"<testcase classname="flipbook" name="stack" time="[0-9]+\.[0-9]{3}">"#, options: .regularExpression), junit)
        XCTAssertTrue(junit.contains(#"<failure type="differ" message="scene change: $.script[0].duration: 0.25 → 0.5 "#), junit)
        XCTAssertTrue(junit.contains(#"&quot;collectionView&quot;: contentOffset differ"#), junit)
    }

    func testMissingGoldenFailsInCIAndRecordIsRefused() {
        let golden = dir.appendingPathComponent("golden").path
        let s = scene("stack")
        var (code, c) = run(["check", s, "--golden", golden, "-o", dir.appendingPathComponent("r").path], env: ["CI": "true", "GITHUB_ACTIONS": "true"])
        XCTAssertEqual(code, 1)
        XCTAssertTrue(c.out.contains("no golden at"), c.out)
        XCTAssertTrue(c.out.contains("::error file=\(s),title=Flipbook%3A stack::no golden at"), c.out)
        XCTAssertFalse(FileManager.default.fileExists(atPath: golden + "/stack"), "nothing recorded in CI")
        (code, c) = run(["check", s, "--golden", golden, "--record"], env: ["CI": "true"])
        XCTAssertEqual(code, 2)
        XCTAssertTrue(c.err.contains("--record is refused when CI is set"), c.err)
        (code, c) = run(["check", s, "--golden", golden, "--record=force", "-o", dir.appendingPathComponent("r").path], env: ["CI": "true"])
        XCTAssertEqual(code, 0, c.err)
        XCTAssertTrue(FileManager.default.fileExists(atPath: golden + "/stack/timeline.json"))
    }

    func testShardsCoverEveryScenceOnceAndMergeToTheUnshardedReport() throws {
        let golden = dir.appendingPathComponent("golden").path
        let names = ["s1", "s2", "s3", "s4", "s5"]
        let scenes = names.map { scene($0) }
        XCTAssertEqual(run(["check"] + scenes + ["--golden", golden, "--record", "-o", dir.appendingPathComponent("rec").path, "--every", "10"]).0, 0)
        // Two of them change colour.
        let changed = names.enumerated().map { i, n in i % 2 == 1 ? scene(n, color: "#2A9D3A", folder: "changed") : scene(n, folder: "changed") }
        let whole = dir.appendingPathComponent("whole")
        XCTAssertEqual(run(["check"] + changed + ["--golden", golden, "-o", whole.path, "--every", "10"]).0, 1)
        var covered: [String] = []
        for k in 1...3 {
            let out = dir.appendingPathComponent("shard\(k)")
            let (code, c) = run(["check"] + changed + ["--golden", golden, "-o", out.path, "--shard", "\(k)/3", "--every", "10"])
            XCTAssertTrue(code == 0 || code == 1, c.err)
            let report = try Report.read(Array(try Data(contentsOf: out.appendingPathComponent("report.json"))), file: "r")
            covered += report.scenes.map(\.name)
        }
        XCTAssertEqual(covered.sorted(), names, "each scene exactly once")
        let merged = dir.appendingPathComponent("merged")
        let (code, c) = run(["report", "merge", dir.appendingPathComponent("shard1").path, dir.appendingPathComponent("shard2").path,
                             dir.appendingPathComponent("shard3").path, "-o", merged.path])
        XCTAssertEqual(code, 1, c.err)
        // The same report as the whole run's but for the times each scene took.
        func untimed(_ url: URL) throws -> String {
            try String(contentsOf: url, encoding: .utf8).replacingOccurrences(of: #""seconds":[0-9.]+,"#, with: "", options: .regularExpression)
                .replacingOccurrences(of: #" time="[0-9.]+""#, with: "", options: .regularExpression)
        }
        for f in ["report.json", "junit.xml", "report.html"] {
            XCTAssertEqual(try untimed(merged.appendingPathComponent(f)), try untimed(whole.appendingPathComponent(f)), f)
        }
        // A shard left out, or given twice, is named.
        let (missing, m) = run(["report", "merge", dir.appendingPathComponent("shard1").path, dir.appendingPathComponent("shard3").path,
                                "-o", dir.appendingPathComponent("m2").path])
        XCTAssertEqual(missing, 2)
        XCTAssertTrue(m.err.contains("shard 2/3 is missing"), m.err)
        let (twice, t) = run(["report", "merge", dir.appendingPathComponent("shard1").path, dir.appendingPathComponent("shard1").path,
                              dir.appendingPathComponent("shard2").path, "-o", dir.appendingPathComponent("m3").path])
        XCTAssertEqual(twice, 2)
        XCTAssertTrue(t.err.contains("is in more than one report") || t.err.contains("shard 1/3 is in more than one report"), t.err)
    }

    /// A render of --frames A-B is reported with its own frame numbers (the strip starts at A).
    func testDiffOfAFrameRangeKeepsItsFrameNumbers() throws {
        let a = dir.appendingPathComponent("a").path, b = dir.appendingPathComponent("b").path
        XCTAssertEqual(run(["render", scene("stack"), "-o", a, "--format", "png,json", "--frames", "10-14"]).0, 0)
        XCTAssertEqual(run(["render", scene("stack", color: "#2A9D3A", folder: "green"), "-o", b, "--format", "png,json", "--frames", "10-14"]).0, 0)
        let report = dir.appendingPathComponent("r")
        _ = run(["diff", a, b, "-o", report.path])
        let r = try Report.read(Array(try Data(contentsOf: report.appendingPathComponent("report.json"))), file: "r")
        XCTAssertEqual(r.scenes[0].firstFrame, 10)
        XCTAssertEqual(r.scenes[0].framesCompared, 5)
        let html = try String(contentsOf: report.appendingPathComponent("report.html"), encoding: .utf8)
        XCTAssertTrue(html.contains(#"title="frame 10: "#) && html.contains(#"title="frame 14: "#) && !html.contains(#"title="frame 0: "#), "strip frames 10-14")
    }

    func testDiffOfARenderWithItselfAndUsage() throws {
        let out = dir.appendingPathComponent("render").path
        XCTAssertEqual(run(["render", scene("stack"), "-o", out, "--format", "png,json"]).0, 0)
        var (code, c) = run(["diff", out, out])
        XCTAssertEqual(code, 0, c.out + c.err)
        XCTAssertTrue(c.out.hasSuffix("1 scene: 1 match, 0 differ\n"), c.out)
        let empty = dir.appendingPathComponent("empty")
        try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
        (code, c) = run(["diff", out, empty.path])
        XCTAssertEqual(code, 2)
        XCTAssertTrue(c.err.contains("nothing to compare"), c.err)
        (code, c) = run(["diff", out])
        XCTAssertEqual(code, 2)
        (code, c) = run(["check", scene("stack")])
        XCTAssertEqual(code, 2)
        XCTAssertTrue(c.err.contains("check needs --golden DIR"), c.err)
        (code, c) = run(["check", scene("stack"), "--golden", "g", "--shard", "4/3"])
        XCTAssertEqual(code, 2)
        XCTAssertTrue(c.err.contains("--shard expects I/N with 1 ≤ I ≤ N, got '4/3'"), c.err)
    }
}
