import XCTest
import Foundation
import Flipbook
@testable import FlipbookRender

/// What a render leaves on disk when it succeeds, fails or is cancelled, and what
/// keyframes.json holds.
final class OutputTests: XCTestCase {
    var dir: URL!
    override func setUpWithError() throws {
        dir = FileManager.default.temporaryDirectory.appendingPathComponent("flipbook-output-\(getpid())-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    }
    override func tearDown() { try? FileManager.default.removeItem(at: dir) }

    func timeline(_ name: String, frames: ClosedRange<Int>? = nil) throws -> Timeline {
        let url = packageRoot.appendingPathComponent("examples/\(name).json")
        return try Simulator.run(try SceneDecoder().decode([UInt8](try Data(contentsOf: url)), file: url.path), frames: frames)
    }

    /// A per-frame format that fails on one frame.
    struct FailingFormat: FrameFormat {
        let failAt: Int
        var name: String { "png" }
        var summary: String { "fails on one frame" }
        func renderFrame(_ frame: TimelineFrame, canvas: Canvas, options: RenderOptions) throws -> [UInt8] {
            if frame.index == failAt { throw RenderError("frame \(frame.index) failed") }
            return Array("new \(frame.index)".utf8)
        }
    }

    func listing(_ url: URL) throws -> [String: String] {
        var out: [String: String] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: url.path) {
            out[name] = (try? String(contentsOf: url.appendingPathComponent(name), encoding: .utf8)) ?? "?"
        }
        return out
    }

    func testFailurePartWayKeepsTheExistingDirectoryAsItWas() throws {
        // Frames 40-49 scroll (every frame differs, so each is drawn, not copied).
        let t = try timeline("wallet-scroll", frames: 40...49)
        let out = dir.appendingPathComponent("render")
        try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
        let before = ["frame-00000.png": "old 0", "frame-00001.png": "old 1", "notes.txt": "mine", "keyframes.json": "old"]
        for (name, text) in before { try text.write(to: out.appendingPathComponent(name), atomically: true, encoding: .utf8) }
        XCTAssertThrowsError(try RenderPipeline.render(t, formats: [.frames(FailingFormat(failAt: 46)), .timeline(KeyframesJSONFormat())],
                                                       to: out, workers: 2)) { e in
            XCTAssertEqual("\(e)", "frame 46 failed")
        }
        XCTAssertEqual(try listing(out), before, "every file as it was")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: dir.path), ["render"], "no staging left beside it")
    }

    /// Frames at rest are encoded once and copied: each file equals the frame rendered alone.
    func testCopiedFramesEqualFramesRenderedAlone() throws {
        let t = try timeline("wallet-scroll", frames: 20...40)  // at rest until 0.5 s (frame 30), then scrolling
        XCTAssertEqual(RenderPipeline.runsOfIdenticalFrames(t.frames, showTouches: false).first, 0..<11, "frames 20-30 draw the same")
        let out = dir.appendingPathComponent("copies")
        try RenderPipeline.render(t, formats: [.frames(PNGFormat())], to: out, workers: 2)
        for f in t.frames {
            let alone = try PNGFormat().renderFrame(f, canvas: t.canvas, options: RenderOptions())
            XCTAssertEqual(Array(try Data(contentsOf: out.appendingPathComponent(OutputFormats.frameFileName(f.index, ext: "png")))), alone, "frame \(f.index)")
        }
    }

    /// A render that fails after creating DIR and its missing parents removes them again.
    func testFailedRenderRemovesCreatedParents() throws {
        let t = try timeline("wallet-scroll", frames: 40...49)
        let out = dir.appendingPathComponent("a/b/c")
        XCTAssertThrowsError(try RenderPipeline.render(t, formats: [.frames(FailingFormat(failAt: 43))], to: out, workers: 2))
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: dir.path), [], "a/b/c and its parents are gone")
    }

    func testCancelledRenderLeavesNothing() throws {
        let t = try timeline("wallet-scroll", frames: 0...9)
        let out = dir.appendingPathComponent("cancelled")
        let cancellation = Cancellation()
        cancellation.cancel()
        XCTAssertThrowsError(try RenderPipeline.render(t, formats: [.frames(PNGFormat())], to: out, cancellation: cancellation)) { e in
            XCTAssertEqual("\(e)", "interrupted")
        }
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: dir.path), [], "neither the output nor staging")
    }

    /// keyframes.json, field by field (docs/keyframes-format.md), on a frame whose contents are
    /// known from the article's layout: wallet-scroll at 4.1 s (frame 246), pulled to offset
    /// −204, card i at canvas y 140i + 64: the article's pull formula y = 100i − d + d·i·0.25 with
    /// d = 160 pulled past the top inset (−204 + 44), in content coordinates; on the canvas add
    /// the offset back (+204) and the view's y (20).
    func testKeyframesJSONSchemaAndValues() throws {
        let url = packageRoot.appendingPathComponent("examples/wallet-scroll.json")
        let scene = try SceneDecoder().decode([UInt8](try Data(contentsOf: url)), file: url.path)
        let order = scene.collectionView.sections[0].items.map(\.id)
        let t = try Simulator.run(scene, frames: 246...246)
        let text = try KeyframesJSONFormat.text(t)
        let root = JSONField(node: try JSONParser.parse(text), file: "keyframes.json")
        let top = try root.object(allowed: ["scene", "fps", "canvas", "frames", "looks"])
        XCTAssertEqual(try top.required("scene").string(), "wallet-scroll")
        XCTAssertEqual(try top.required("fps").integer(in: 1...240), 60)
        let canvas = try top.required("canvas").object(allowed: ["width", "height", "scale", "background"])
        XCTAssertEqual(try canvas.required("width").number(), 375)
        XCTAssertEqual(try canvas.required("height").number(), 667)
        XCTAssertEqual(try canvas.required("scale").integer(in: 1...3), 2)
        let frames = try top.required("frames").array(minCount: 1, maxCount: 1)
        let f = try frames[0].object(allowed: ["index", "time", "contentOffset", "items", "touches", "scrollViews", "recognizers"])
        XCTAssertEqual(try f.required("index").integer(in: 0...100_000), 246)
        XCTAssertEqual(try f.required("time").number(), 4.1)
        let offset = try f.required("contentOffset").object(allowed: ["x", "y"])
        XCTAssertEqual(try offset.required("y").number(), -204)
        var cards: [(String, Double)] = []
        for it in try f.required("items").array(minCount: 2) {
            let o = try it.object(allowed: ["id", "kind", "x", "y", "width", "height", "zIndex", "alpha", "rotation", "scale", "hidden", "look"])
            // Every item names its look, which the file defines (fill, title, shadow…).
            let look = try o.required("look").string()
            let defined = try XCTUnwrap(try top.required("looks").entries().first { $0.key == look }?.value)
            let lo = try defined.object(allowed: ["background", "cornerRadius", "corners", "border", "borderWidth", "shadow", "content"])
            if try o.required("id").string() == "cmb" {
                XCTAssertEqual(try lo.required("background").string(), "#D93A3A")
                XCTAssertEqual(try lo.required("content").array()[0].object(allowed: ["text", "frame", "fontSize", "weight", "color", "align",
                                                                                    "numberOfLines", "lineBreakMode"]).required("text").string(), "招商银行 Visa")
            }
            let kind = try o.required("kind").oneOf(["view", "cell", "header", "footer", "snapshot", "chrome"])
            _ = try o.required("zIndex").integer(in: -1...Int(Int32.max))
            _ = try o.required("alpha").number(in: 0...1)
            _ = try o.required("rotation").number()
            _ = try o.required("scale").number()
            _ = try o.required("hidden").bool()
            _ = try o.required("width").nonNegative()
            _ = try o.required("height").nonNegative()
            if kind == "cell" { cards.append((try o.required("id").string(), try o.required("y").number())) }
        }
        XCTAssertGreaterThanOrEqual(cards.count, 4)
        for (id, y) in cards {
            let i = Double(try XCTUnwrap(order.firstIndex(of: id)))
            XCTAssertEqual(y, 140 * i + 64, accuracy: 1e-6, id)
        }
    }
}
