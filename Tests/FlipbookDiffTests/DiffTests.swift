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
        try KeyframesJSONFormat.read(Array(KeyframesJSONFormat.text(try Simulator.run(s)).utf8), file: "keyframes.json")
    }

    /// keyframes.json read back writes the same text again: every recorded field survives
    /// (touches, recognizers and several scroll views included).
    func testKeyframesRoundTrip() throws {
        for (name, field) in [("wallet-move", "touches"), ("wallet-move", "recognizers"), ("pull-for-more-vc", "scrollViews")] {
            let url = packageRoot.appendingPathComponent("examples/\(name).json")
            let t = try Simulator.run(try SceneDecoder().decode([UInt8](try Data(contentsOf: url)), file: url.path))
            let text = KeyframesJSONFormat.text(t)
            let back = try KeyframesJSONFormat.read(Array(text.utf8), file: "keyframes.json")
            XCTAssertEqual(KeyframesJSONFormat.text(back), text, name)
            let present = back.frames.contains { f in
                field == "touches" ? !f.touches.isEmpty : field == "recognizers" ? !f.recognizers.isEmpty : !f.scrollViews.isEmpty
            }
            XCTAssertTrue(present, "\(name) records \(field), so the round trip covers them")
        }
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
        XCTAssertEqual(d.items[0].summary(fps: 60).hasPrefix(#""bocom": late by 3 frames (50 ms); frames 211-"#), true, d.items[0].summary(fps: 60))
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

    func testColourChangeIsNotATimelineChange() throws {
        let a = try recorded(try scene()), b = try recorded(try scene { $0.replacingOccurrences(of: "#D93A3A", with: "#2A9D3A") })
        XCTAssertTrue(SemanticDiff.compare(a, b).isEmpty, "colour is not in keyframes.json; the pixel diff sees it")
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
        // A barely different red (1 unit of green) is under the threshold.
        let nearly = image(20, 20) { x, y in (5..<9).contains(x) && (5..<9).contains(y) ? 0xFFFF_0100 : 0xFFFF_FFFF }
        XCTAssertEqual(PixelDiff().compare(block, nearly).changed, 0)
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

    func testMaxDiffPixelsAllowance() {
        XCTAssertTrue(PixelAllowance.pixels(16).allows(16, of: 400))
        XCTAssertFalse(PixelAllowance.pixels(15).allows(16, of: 400))
        XCTAssertTrue(PixelAllowance.fraction(0.04).allows(16, of: 400))
        XCTAssertFalse(PixelAllowance.fraction(0.039).allows(16, of: 400))
    }
}
