import XCTest
import Foundation
import Flipbook
@testable import FlipbookDiff

let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

/// The semantic diff on renders that differ in known ways, and the pixel comparison on
/// images whose difference is known.
final class SemanticDiffTests: XCTestCase {
    func scene(_ edit: (String) -> String = { $0 }) throws -> Scene {
        let url = packageRoot.appendingPathComponent("examples/wallet-scroll.json")
        let text = edit(try String(contentsOf: url, encoding: .utf8))
        return try SceneDecoder().decode(Array(text.utf8), file: "wallet-scroll.json")
    }

    func recorded(_ s: Scene) throws -> Timeline {
        try KeyframesJSONFormat.read(Array(try KeyframesJSONFormat.text(try Simulator.run(s)).utf8), file: "keyframes.json")
    }

    /// keyframes.json read back writes the same text again: every recorded field survives
    /// (touches, recognizers and several scroll views included).
    func testKeyframesRoundTrip() throws {
        for (name, field) in [("wallet-move", "touches"), ("wallet-move", "recognizers"), ("pull-for-more-vc", "scrollViews")] {
            let url = packageRoot.appendingPathComponent("examples/\(name).json")
            let t = try Simulator.run(try SceneDecoder().decode([UInt8](try Data(contentsOf: url)), file: url.path))
            let text = try KeyframesJSONFormat.text(t)
            let back = try KeyframesJSONFormat.read(Array(text.utf8), file: "keyframes.json")
            XCTAssertEqual(try KeyframesJSONFormat.text(back), text, name)
            let present = back.frames.contains { f in
                field == "touches" ? !f.touches.isEmpty : field == "recognizers" ? !f.recognizers.isEmpty : !f.scrollViews.isEmpty
            }
            XCTAssertTrue(present, "\(name) records \(field), so the round trip covers them")
        }
    }

    /// A timeline's numbers are bounded when read, so nothing downstream converts 1e300 to
    /// Int64 (markSwaps trapped on two such items in a golden); markSwaps saturates anyway.
    func testTimelineNumbersAreBounded() throws {
        let s = try scene()
        let text = try KeyframesJSONFormat.text(try Simulator.run(s))
        let huge = text.replacingOccurrences(of: #"{"id":"cmb","kind":"cell","x":10,"#, with: #"{"id":"cmb","kind":"cell","x":1e300,"#)
        XCTAssertNotEqual(huge, text, "the edit finds cmb's first frame")
        XCTAssertThrowsError(try KeyframesJSONFormat.read(Array(huge.utf8), file: "k.json")) { e in
            XCTAssertTrue("\(e)".hasPrefix("k.json:") && "\(e)".hasSuffix(".x: expected a number from -1000000000 to 1000000000, got 1e+300"), "\(e)")
        }
        // Two cells moved, the baseline's at Double's ends: the swap search rounds them to a grid.
        var a = try recorded(s)
        let b = a, last = a.frames.count - 1
        XCTAssertEqual(a.frames[last].items[1...2].map { $0.kind }, [ElementKind.cell, .cell])
        a.frames[last].items[1].frame.origin.x = 1e300
        a.frames[last].items[2].frame.origin.x = -1.7e308
        let d = SemanticDiff.compare(a, b)
        XCTAssertEqual(d.items.filter { $0.properties.contains("x") }.count, 2, "both cells' moves are reported")
    }

    func testSameSceneComparesEqual() throws {
        let a = try recorded(try scene()), b = try recorded(try scene())
        XCTAssertTrue(SemanticDiff.compare(a, b).isEmpty)
    }

    func testDelayedScrollIsReportedAsATimeShift() throws {
        // The pull at 3.5 s starts 0.05 s (3 frames at 60 fps) later.
        let a = try recorded(try scene()), b = try recorded(try scene { $0.replacingOccurrences(of: #""at": 3.5,"#, with: #""at": 3.55,"#) })
        let d = SemanticDiff.compare(a, b)
        XCTAssertTrue(d.meta.isEmpty)
        XCTAssertFalse(d.items.isEmpty)
        XCTAssertTrue(d.items.allSatisfy { $0.kind == .shifted && $0.shift == 3 }, "\(d.items.map { $0.summary(fps: 60) })")
        // The cause first: the scroll view's offset track, once; the cards it carries (their
        // pull spread follows the offset) are folded into it.
        XCTAssertTrue(d.items[0].summary(fps: 60).hasPrefix(#""collectionView": scroll late by 3 frames (50 ms); frames 211-"#), d.items[0].summary(fps: 60))
        XCTAssertEqual(d.items[0].properties, ["contentOffset"])
        XCTAssertTrue(d.items.dropFirst().allSatisfy { $0.cause == "collectionView" }, "\(d.items.map(\.cause))")
        XCTAssertTrue(d.items.contains { $0.item == "bocom" })
        // The frames before the pull (up to 210 = 3.5 s) are untouched.
        XCTAssertEqual(d.frames.min(), 211)
    }

    func testChangedCurveNamesItemsAndFrames() throws {
        let a = try recorded(try scene())
        let b = try recorded(try scene { $0.replacingOccurrences(of: #""duration": 0.6, "curve": "easeOut""#, with: #""duration": 0.6, "curve": "linear""#) })
        let d = SemanticDiff.compare(a, b)
        let bocom = try XCTUnwrap(d.items.first { $0.item == "bocom" })
        XCTAssertEqual(bocom.kind, .changed)
        XCTAssertEqual(bocom.properties, ["y"])
        // The 0.6 s pull runs over frames 210-246; the first and last frames agree (both curves
        // start at 0 and end at 1), so the difference is inside.
        XCTAssertEqual(bocom.ranges.count, 1)
        XCTAssertTrue((210...246).contains(bocom.ranges[0].lowerBound) && (210...246).contains(bocom.ranges[0].upperBound))
        XCTAssertNil(bocom.shift)
    }

    func testDurationAndRemovedItem() throws {
        let a = try recorded(try scene())
        let longer = try recorded(try scene { $0.replacingOccurrences(of: #""duration": 5.4"#, with: #""duration": 5.5"#) })
        XCTAssertEqual(SemanticDiff.compare(a, longer).meta, ["duration 5.4 s → 5.5 s (324 → 330 frames)"])
        let fewer = try recorded(try scene { $0.split(separator: "\n").filter { !$0.contains(#""id": "bocom""#) }.joined(separator: "\n") })
        let d = SemanticDiff.compare(a, fewer)
        XCTAssertEqual(d.items.first?.item, "bocom")
        XCTAssertEqual(d.items.first?.kind, .removed)
    }

    /// keyframes.json records looks: a colour change is named on its item with both values,
    /// on every frame it shows (also those no PNG was kept for).
    func testColourChangeIsNamedWithItsOldAndNewValues() throws {
        let a = try recorded(try scene()), b = try recorded(try scene { $0.replacingOccurrences(of: "#D93A3A", with: "#2A9D3A") })
        let d = SemanticDiff.compare(a, b)
        XCTAssertEqual(d.items.map(\.item), ["cmb"])
        XCTAssertEqual(d.items[0].changes, ["background #D93A3A → #2A9D3A"])
        XCTAssertEqual(d.items[0].properties, ["background"])
        let drawn = a.frames.filter { f in f.items.contains { $0.id == "cmb" } }.map(\.index)
        XCTAssertEqual(d.items[0].ranges, SemanticDiff.ranges(drawn), "every frame the card is drawn on")
        XCTAssertTrue(d.items[0].summary(fps: 60).hasPrefix(#""cmb": background #D93A3A → #2A9D3A at frames 0-"#), d.items[0].summary(fps: 60))
    }

    /// A title and a shadow change are named too; a look that flashes for 10 frames between kept
    /// frames is found from the timeline alone.
    func testTitleShadowAndFlash() throws {
        let a = try recorded(try scene())
        let title = try recorded(try scene { $0.replacingOccurrences(of: #""title": "招商银行 Visa""#, with: #""title": "招商银行 Visa Platinum""#) })
        let d = SemanticDiff.compare(a, title)
        XCTAssertEqual(d.items.first?.changes, [#"text "招商银行 Visa" → "招商银行 Visa Platinum""#])
        var flash = a
        for k in flash.frames.indices where (41...50).contains(flash.frames[k].index) {
            flash.frames[k].items = flash.frames[k].items.map { it in
                var it = it
                if it.id == "cmb" { var look = it.appearance; look.background = Color(hex: "#FFFFFF")!; it.appearance = look }
                return it
            }
        }
        let f = SemanticDiff.compare(a, flash)
        XCTAssertEqual(f.items.map(\.item), ["cmb"])
        XCTAssertEqual(f.items[0].ranges, [41...50], "between the kept frames 30 and 60")
    }
}

final class PixelDiffTests: XCTestCase {
    func image(_ w: Int, _ h: Int, _ fill: (Int, Int) -> UInt32) -> FrameImage {
        FrameImage(width: w, height: h, pixels: (0..<(w * h)).map { fill($0 % w, $0 / w) })
    }

    func testYIQDistanceOfBlackAndWhite() {
        // y = 255 (the luma weights sum to 1), i = q = 0: δ = 0.5053 · 255² = 32857, signed
        // negative when the first colour is the brighter; pixelmatch's ceiling is 35215.
        XCTAssertEqual(PixelDiff.colorDelta(0xFFFF_FFFF, 0xFF00_0000, yOnly: false), -32857.0, accuracy: 1)
        XCTAssertEqual(PixelDiff.colorDelta(0xFF00_0000, 0xFFFF_FFFF, yOnly: false), 32857.0, accuracy: 1)
        // Translucent black (premultiplied 0x80000000) over white is mid grey.
        XCTAssertEqual(PixelDiff.colorDelta(0x8000_0000, 0xFF7F_7F7F, yOnly: false), 0, accuracy: 1)
    }

    func testBlockChangeCountsAndIdenticalImagesDoNot() {
        let white = image(20, 20) { _, _ in 0xFFFF_FFFF }
        XCTAssertEqual(PixelDiff().compare(white, white).changed, 0)
        let block = image(20, 20) { x, y in (5..<9).contains(x) && (5..<9).contains(y) ? 0xFFFF_0000 : 0xFFFF_FFFF }
        let r = PixelDiff().compare(white, block)
        XCTAssertEqual(r.changed, 16)
        XCTAssertEqual(r.antialiased, 0)
        // A barely different red (1 unit of green) counts by default (renders are exact on one
        // machine) and is under pixelmatch's threshold of 0.1 (for goldens from another one).
        let nearly = image(20, 20) { x, y in (5..<9).contains(x) && (5..<9).contains(y) ? 0xFFFF_0100 : 0xFFFF_FFFF }
        XCTAssertEqual(PixelDiff().compare(block, nearly).changed, 16)
        XCTAssertEqual(PixelDiff(threshold: 0.1).compare(block, nearly).changed, 0)
        // The issue's case: 5 levels of one channel over a flat card (#00704A → #00754A) counts;
        // pixelmatch's 0.1 would let it pass.
        let card = image(20, 20) { _, _ in 0xFF00_704A }, changed = image(20, 20) { _, _ in 0xFF00_754A }
        XCTAssertEqual(PixelDiff().compare(card, changed).changed, 400)
        XCTAssertEqual(PixelDiff(threshold: 0.1).compare(card, changed).changed, 0)
    }

    func testAntialiasedEdgeIsNotCounted() {
        // A black half-plane whose edge column is grey in one image and shifted by a grey step
        // in the other: the grey pixels sit between darker and brighter neighbours that have
        // identical siblings — anti-aliasing, not a change.
        let a = image(12, 12) { x, _ in x < 6 ? 0xFF00_0000 : (x == 6 ? 0xFF80_8080 : 0xFFFF_FFFF) }
        let b = image(12, 12) { x, _ in x < 6 ? 0xFF00_0000 : (x == 6 ? 0xFFC0_C0C0 : 0xFFFF_FFFF) }
        let r = PixelDiff().compare(a, b)
        XCTAssertEqual(r.changed, 0)
        XCTAssertEqual(r.antialiased, 12)
    }

    func testAnEdgeThatMovesIsCounted() {
        // A heavier stroke: the black half-plane grows by one column. Column 6 is grey
        // (anti-aliasing) before and black after, column 7 white before and grey after: each is
        // an edge pixel in one image only, so all 24 count (taking either image, as pixelmatch
        // does, would call all 24 anti-aliasing and pass a font-weight change).
        let a = image(12, 12) { x, _ in x < 6 ? 0xFF00_0000 : (x == 6 ? 0xFF80_8080 : 0xFFFF_FFFF) }
        let b = image(12, 12) { x, _ in x < 7 ? 0xFF00_0000 : (x == 7 ? 0xFF80_8080 : 0xFFFF_FFFF) }
        let r = PixelDiff().compare(a, b)
        XCTAssertEqual(r.changed, 24)
        XCTAssertEqual(r.antialiased, 0)
    }

    func testMaxDiffPixelsAllowance() {
        XCTAssertTrue(PixelAllowance.pixels(16).allows(16, of: 400))
        XCTAssertFalse(PixelAllowance.pixels(15).allows(16, of: 400))
        XCTAssertTrue(PixelAllowance.fraction(0.04).allows(16, of: 400))
        XCTAssertFalse(PixelAllowance.fraction(0.039).allows(16, of: 400))
    }
}

/// What CI systems read from Flipbook: annotations that nothing can inject into, XML valid for
/// any name, report.json values that are checked when read back, one image folder a scene.
final class CIOutputTests: XCTestCase {
    func testRunnersCountAsCIWithoutCI() {
        XCTAssertFalse(CIEnvironment.isCI([:]))
        XCTAssertFalse(CIEnvironment.isCI(["CI": "false"]))
        XCTAssertTrue(CIEnvironment.isCI(["CI": "true"]))
        // Azure Pipelines sets TF_BUILD=True and no CI; a GitHub job may unset CI.
        XCTAssertTrue(CIEnvironment.isCI(["TF_BUILD": "True"]))
        XCTAssertTrue(CIEnvironment.isCI(["GITHUB_ACTIONS": "true", "CI": ""]))
        for v in CIEnvironment.runnerVariables { XCTAssertTrue(CIEnvironment.isCI([v: "1"]), v) }
    }

    func testAnnotationsEscapePerTheRunnersRules() {
        // docs.github.com "Workflow commands": data escapes %, CR, LF; properties also : and ,.
        let line = WorkflowCommands.error(title: "Tabs, 50%: edge", message: "a%b\r\nc::d", file: "scenes/x,y:z.json", line: 14)
        XCTAssertEqual(line, "::error file=scenes/x%2Cy%3Az.json,line=14,title=Tabs%2C 50%25%3A edge::a%25b%0D%0Ac::d")
        XCTAssertFalse(line.contains("\n"))
    }

    func testPrintedTextCannotStartOrHoldACommand() {
        XCTAssertEqual(WorkflowCommands.neutralize("::stop-commands::tok: differ\n"), ":%3Astop-commands:%3Atok: differ\n")
        XCTAssertEqual(WorkflowCommands.neutralize("  \"##[set-output name=x;]y\": late\n"), "  \"#%23[set-output name=x;]y\": late\n")
        XCTAssertEqual(WorkflowCommands.neutralize("a\rb:::c"), "a%0Db:%3A:c")
        XCTAssertEqual(WorkflowCommands.neutralize("plain\nlines\n"), "plain\nlines\n")
        // Azure Pipelines honours ##vso[ anywhere in a line (any case), TeamCity ##teamcity[.
        XCTAssertEqual(WorkflowCommands.neutralize("id x ##vso[task.setvariable variable=a]1"), "id x #%23vso[task.setvariable variable=a]1")
        XCTAssertEqual(WorkflowCommands.neutralize("##VSO[task.complete result=Succeeded;]"), "#%23VSO[task.complete result=Succeeded;]")
        XCTAssertEqual(WorkflowCommands.neutralize("\"##teamcity[buildStatus status='SUCCESS']\""), "\"#%23teamcity[buildStatus status='SUCCESS']\"")
        // A heading or a "#" that no command follows is left as it is.
        XCTAssertEqual(WorkflowCommands.neutralize("## Summary #1 ##vso "), "## Summary #1 ##vso ")
        XCTAssertEqual(WorkflowCommands.neutralize("###vso["), "##%23vso[")
    }

    /// The step summary shows names and causes as code spans: no link, image or HTML renders,
    /// a "|" stays inside its cell and backticks cannot close the span early.
    func testStepSummaryCellsAreCodeSpans() {
        XCTAssertEqual(Markup.codeSpan("[x](http://e) <b>"), "` [x](http://e) <b> `")
        XCTAssertEqual(Markup.codeSpan("a|b\nc"), "` a\\|b c `")
        XCTAssertEqual(Markup.codeSpan("x``y`"), "``` x``y` ```")
        XCTAssertEqual(Markup.codeSpan(""), "")
    }


    func testXMLTextIsValidForAnyName() {
        XCTAssertEqual(Markup.escape("a<b>&\"'\u{FFFE}\u{FFFF}\u{01}\tz"), "a&lt;b&gt;&amp;&quot;&#39;   \tz")
        XCTAssertEqual(Markup.escape("名前 🎬"), "名前 🎬")
    }

    func testEachSceneHasItsOwnImageFolder() {
        // Names that share a folder when cleaned ("a.b", "a_b") or would share a hash: the
        // index keeps them apart by construction.
        let names = ["a.b", "a_b", "a b", "a/b", "wallet-move", "名前"]
        let folders = names.enumerated().map { ReportDirectory.folder(forScene: $1, index: $0) }
        XCTAssertEqual(Set(folders).count, names.count, "\(folders)")
        XCTAssertEqual(folders[1], "1-a_b")
        XCTAssertEqual(folders[0], "0-a_b", "the name, cleaned, for the reader; the index makes it unique")
        XCTAssertEqual(ReportDirectory.folder(forScene: String(repeating: "x", count: 500), index: 7), "7-" + String(repeating: "x", count: 60))
        XCTAssertTrue(ReportDirectory.isImagePath("images/3-wallet-move/frame-00030-diff.png", scene: "wallet-move", index: 3))
        for bad in ["images/2-wallet-move/frame-00030-diff.png", "images/wallet-move/frame-00030-diff.png", "../secret.png", "/etc/passwd",
                    "images/3-other/frame-00030-diff.png", "images/3-wallet-move/../x.png", "images/3-wallet-move/frame-00030-diff.png/..",
                    "images/3-wallet-move/frame-30-diff.png", "images/3-wallet-move/notes.txt"] {
            XCTAssertFalse(ReportDirectory.isImagePath(bad, scene: "wallet-move", index: 3), bad)
        }
    }

    func report(_ edit: (inout [String: Any]) -> Void) -> [UInt8] {
        var scene: [String: Any] = ["name": "s", "verdict": "differ", "fps": 60, "frames": 10, "firstFrame": 0, "framesCompared": 1,
                                    "summary": ["x"], "meta": [], "items": [], "compared": [[0, 9]], "pixelFrames": [], "images": []]
        edit(&scene)
        return Array(try! JSONSerialization.data(withJSONObject: ["version": 1, "verdict": "differ", "scenes": [scene]]))
    }

    func testReportsAreCheckedWhenRead() throws {
        XCTAssertNoThrow(try Report.read(report { _ in }, file: "r.json"))
        let cases: [(String, (inout [String: Any]) -> Void)] = [
            ("$.scenes[0].name", { $0["name"] = "a\nb" }),
            ("$.scenes[0].name", { $0["name"] = ".git" }),
            ("$.scenes[0].compared[0][1]", { $0["compared"] = [[0, 2147483647]] }),
            ("$.scenes[0].frames", { $0["frames"] = 100_000_000 }),
            ("$.scenes[0].meta[0]", { $0["meta"] = ["x\r::error::y"] }),
            ("$.scenes[0].images[0].baseline", { $0["images"] = [["frame": 1, "baseline": "../../secret.txt", "candidate": "images/s/frame-00001-candidate.png",
                                                                   "diff": "images/s/frame-00001-diff.png"]] }),
        ]
        for (path, edit) in cases {
            XCTAssertThrowsError(try Report.read(report(edit), file: "r.json")) { e in
                XCTAssertTrue("\(e)".contains(path), "\(path): \(e)")
            }
        }
    }

    /// Tracks drawn on one frame each are compared on those frames only (the diff once took
    /// items × frames), and a shift is still found on a timeline of every other frame.
    func testSparseTracksAndSteppedFrames() {
        func item(_ id: String, y: Double) -> DrawItem {
            DrawItem(id: id, frame: Rect(x: 0, y: y, width: 10, height: 10), appearance: Appearance(background: .clear))
        }
        let canvas = Canvas(width: 100, height: 100, scale: 1)
        func timeline(_ shift: Int) -> Timeline {
            Timeline(scene: "t", fps: 60, canvas: canvas, frames: stride(from: 0, to: 200, by: 2).map { i in
                let y = Double(max(0, i - 40 - shift))  // moves from frame 40 (+shift) on
                return TimelineFrame(index: i, time: Double(i) / 60, contentOffset: .zero,
                                     items: [item("mover", y: y), item("once-\(i)", y: 0)])
            })
        }
        let d = SemanticDiff.compare(timeline(0), timeline(4))
        XCTAssertEqual(d.items.map(\.item), ["mover"], "the one-frame tracks are the same on both sides")
        XCTAssertEqual(d.items.first?.kind, .shifted)
        XCTAssertEqual(d.items.first?.shift, 4, "four frames late, on a timeline of every other frame")
    }

    /// Two tags that swapped places are one cause said once ("a" and "b" swapped), not two
    /// unrelated moves; a third that only moved stays its own line.
    func testSwappedItemsAreOneLine() {
        func item(_ id: String, x: Double) -> DrawItem {
            DrawItem(id: id, frame: Rect(x: x, y: 0, width: 40, height: 20), appearance: Appearance(background: .white))
        }
        let canvas = Canvas(width: 200, height: 100, scale: 1)
        func timeline(swapped: Bool) -> Timeline {
            Timeline(scene: "t", fps: 10, canvas: canvas, frames: (0..<10).map { i in
                let late = swapped && i >= 5
                return TimelineFrame(index: i, time: Double(i) / 10, contentOffset: .zero,
                                     items: [item("a", x: late ? 100 : 0), item("b", x: late ? 0 : 100), item("c", x: late ? 160 : 150)])
            })
        }
        let d = SemanticDiff.compare(timeline(swapped: false), timeline(swapped: true))
        XCTAssertEqual(d.items.first { $0.item == "a" }?.swappedWith, "b")
        XCTAssertEqual(d.items.first { $0.item == "b" }?.swappedWith, "a")
        XCTAssertNil(d.items.first { $0.item == "c" }?.swappedWith, "c moved 10 pt, into nobody's place")
        var report = SceneReport(name: "t", verdict: .differ, fps: 10, frameCount: 10)
        report.items = d.items
        let lines = report.summary
        XCTAssertEqual(lines.filter { $0.contains("swapped") }, [#""a" and "b": swapped places at frames 5-9"#], "\(lines)")
        XCTAssertEqual(lines.count, 2, "the swap and c's move: \(lines)")
    }
}

/// Which frames report.html shows: one for every range an item differs in, where it differs
/// most, and one for every run of pixel differences — a one-frame flicker included — then the
/// frames with the most changed pixels.
final class ReportImageFrameTests: XCTestCase {
    func testEveryRangeAndFlickerGetsAnImage() {
        var r = SceneReport(name: "s", verdict: .differ, fps: 60, frameCount: 100)
        // A card differing over 10-30, most at 22, and again at 70-71; a row differing at 40-50
        // whose largest difference is elsewhere, so its range's most-changed frame (44) is shown.
        r.items = [ItemDifference(item: "card", kind: .changed, ranges: [10...30, 70...71], properties: ["y"], largest: 8, largestProperty: "y",
                                  largestFrame: 22, shift: nil),
                   ItemDifference(item: "row", kind: .changed, ranges: [40...50], properties: ["x"], largest: 2, largestProperty: "x",
                                  largestFrame: 90, shift: nil)]
        func frame(_ i: Int, _ changed: Int) -> FrameComparison {
            FrameComparison(index: i, pixels: PixelDiff.Result(changed: changed, antialiased: 0, total: 1000), exceeds: true)
        }
        // Pixels: a run over 20-22 (most at 21), one over 41-42 (most at 42), and a one-frame
        // flicker at 85 that no item explains.
        r.pixelFrames = [frame(20, 50), frame(21, 60), frame(22, 40), frame(41, 5), frame(42, 9), frame(85, 3)]
        // In order of need: the card's ranges (22, its largest; 70, the first of a range without
        // pixels), the row's range (42, its most changed frame), each run (21; 42 again; 85).
        XCTAssertEqual(DirectoryComparison.imageFrames(r, available: { _ in true }, limit: 5), [21, 22, 42, 70, 85])
        XCTAssertEqual(DirectoryComparison.imageFrames(r, available: { _ in true }, limit: 2), [22, 70])
        // Then the frames with the most changed pixels, while there is room.
        XCTAssertEqual(DirectoryComparison.imageFrames(r, available: { _ in true }, limit: 16), [20, 21, 22, 41, 42, 70, 85])
        // Frames a render lacks give way to the next best.
        XCTAssertEqual(DirectoryComparison.imageFrames(r, available: { $0 != 22 && $0 != 70 }, limit: 5), [20, 21, 42, 71, 85])
    }
}

/// Each change in a failing scene's file is annotated on its own line of that file.
final class CauseAnnotationTests: XCTestCase {
    func testAnnotationsLandOnTheirCauses() {
        var s = SceneReport(name: "feed", verdict: .differ, fps: 60, frameCount: 10)
        s.file = "scenes/feed.json"
        s.line = 40
        s.context = ["scene change: template \"card\": style.titleWeight \"bold\" → \"regular\" (scenes/feed.json:12)",
                     "scene change: $.collectionView.items: \"b\" ↔ \"c\" swapped (scenes/feed.json:97, 98)"]
        let lines = Report(scenes: [s]).githubAnnotations.split(separator: "\n")
        XCTAssertEqual(lines.count, 2)
        XCTAssertTrue(lines[0].hasPrefix("::error file=scenes/feed.json,line=12,title=Flipbook%3A feed::scene change: template"), String(lines[0]))
        XCTAssertTrue(lines[1].hasPrefix("::error file=scenes/feed.json,line=97,"), String(lines[1]))
        // Without a scene change, one annotation for the scene, at its first difference's source.
        s.context = []
        XCTAssertTrue(Report(scenes: [s]).githubAnnotations.hasPrefix("::error file=scenes/feed.json,line=40,"))
    }
}

/// The effects a cause explains are listed under it.
final class CauseGroupingTests: XCTestCase {
    func testEffectsUnderTheirCauses() {
        let lines = ["the golden was drawn with other libraries or fonts",
                     "scene change: $.script[2].at: 3.5 → 3.55 (s.json:28)",
                     "scene change: $.collectionView.items: \"b\" ↔ \"c\" swapped (s.json:10, 11)",
                     "\"collectionView\": scroll late by 3 frames (50 ms); frames 211-240 differ — script step 2, s.json:28",
                     "\"b\": x differ at frames 0-10 (largest: x by 60 at frame 0) — s.json:10",
                     "\"z\": background #000000 → #FFFFFF at frames 0-3 — s.json:40"]
        XCTAssertEqual(SceneReport.grouped(lines, headCount: 3), [
            "the golden was drawn with other libraries or fonts",
            "scene change: $.script[2].at: 3.5 → 3.55 (s.json:28)",
            "  \"collectionView\": scroll late by 3 frames (50 ms); frames 211-240 differ — script step 2, s.json:28",
            "scene change: $.collectionView.items: \"b\" ↔ \"c\" swapped (s.json:10, 11)",
            "  \"b\": x differ at frames 0-10 (largest: x by 60 at frame 0) — s.json:10",
            "\"z\": background #000000 → #FFFFFF at frames 0-3 — s.json:40",
        ])
        XCTAssertEqual(SceneReport.grouped(Array(lines.suffix(2)), headCount: 0), Array(lines.suffix(2)), "no cause: unchanged")
    }

    /// A template's change takes the differences of the items made from it (a repeat's "t{i}"
    /// stands for t0, t1, …), unless another change names the item; a scroll view's field
    /// takes the scroll view's own line.
    func testTemplateAndScrollViewFieldsTakeTheirConsequences() {
        let lines = ["scene change: template \"tag\": style.titleWeight \"bold\" → \"regular\" (s.json:4)",
                     "scene change: $.collectionView.contentInset.top: 44 → 48 (s.json:8)",
                     "scene change: $.collectionView.items: \"t3\" removed (s.json:12)",
                     "\"t0\", \"t1\" and 5 more (7 items): font 15 bold → 15 regular at frames 0-59",
                     "\"t3\": removed (drawn in baseline frames 0-59)",
                     "\"collectionView\": contentOffset differ at frames 0-59 (largest: contentOffset by 4 pt at frame 0)",
                     "\"other\": font 15 bold → 15 regular at frames 0-59 — s.json:30",
                     "\"t1x\": y differ at frames 0-59 (largest: y by 2 at frame 0) — s.json:31"]
        XCTAssertEqual(SceneReport.grouped(lines, headCount: 3, templateUsers: ["tag": ["t{i}"], "card": ["other"]]), [
            lines[0], "  " + lines[3],
            lines[1], "  " + lines[5],
            lines[2], "  " + lines[4],
            lines[6], lines[7],
        ])
        XCTAssertTrue(SceneDocumentDiff.id("t12", matches: "t{i}"))
        XCTAssertTrue(SceneDocumentDiff.id("row-3-b", matches: "row-{i+1}-b"))
        XCTAssertFalse(SceneDocumentDiff.id("t1x", matches: "t{i}"))
        XCTAssertFalse(SceneDocumentDiff.id("t", matches: "t{i}"))
        XCTAssertFalse(SceneDocumentDiff.id("s1", matches: "t{i}"))
    }
}
