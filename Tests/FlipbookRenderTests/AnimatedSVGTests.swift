import XCTest
import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Flipbook
@testable import FlipbookRender

/// The animated SVG's structure; Tests/animated-svg/check_animated_svg.py plays it in Chromium.
final class AnimatedSVGTests: XCTestCase {
    func card(_ id: String, x: Double, y: Double = 10, alpha: Double = 1, color: Color = .white) -> DrawItem {
        DrawItem(id: id, frame: Rect(x: x, y: y, width: 40, height: 20), alpha: alpha, appearance: Appearance(background: color))
    }

    func svg(_ frames: [[DrawItem]], fps: Int = 10) throws -> String {
        let t = Timeline(scene: "t", fps: fps, canvas: Canvas(width: 200, height: 100, scale: 1),
                         frames: frames.enumerated().map { TimelineFrame(index: $0, time: Double($0) / Double(fps), contentOffset: .zero, items: $1) })
        return String(decoding: try AnimatedSVGFormat().renderTimeline(t, options: RenderOptions())[0].bytes, as: UTF8.self)
    }

    func keyframes(_ svg: String, _ n: Int) -> [String] {
        guard let r = svg.range(of: "@keyframes k\(n){") else { return [] }
        let body = svg[r.upperBound...].prefix { $0 != "\n" }
        return body.split(separator: "}").map(String.init).filter { $0.contains("%{") }
    }

    /// A move at constant speed over 11 frames is one straight line: two keyframes (plus the
    /// end of the loop), not eleven.
    func testLinearMoveIsTwoKeyframes() throws {
        let s = try svg((0...10).map { [card("a", x: Double($0) * 10)] })
        let k = keyframes(s, 0)
        XCTAssertEqual(k.count, 3, "\(k)")
        XCTAssertTrue(k[0].hasPrefix("0%{transform:translate(20px,20px)"), k[0])
        XCTAssertTrue(k[1].hasPrefix("90.909091%{transform:translate(120px,20px)"), k[1])
    }

    /// A sample is dropped only when the straight line through its neighbours passes within
    /// 0.05 pt of it: 0.04 pt off the line from 10 to 30 is dropped, 0.06 pt kept (at its value).
    func testSampleOffTheLineByMoreThanTheToleranceIsKept() throws {
        func moves(_ off: Double) throws -> [String] {
            keyframes(try svg([0, 10, 20 + off, 30, 40].map { [card("a", x: $0)] }), 0)
        }
        let dropped = try moves(0.04), kept = try moves(0.06)
        // The first frame, the last (held to the loop's end) and the end: frame 2 dropped, or kept.
        XCTAssertEqual(dropped.count, 3, "\(dropped)")
        XCTAssertEqual(kept.count, 4, "\(kept)")
        // The card's centre: x + 20 (it is 40 wide); frame 2 of 5 is 40 % of the way.
        XCTAssertTrue(kept[1].hasPrefix("40%{transform:translate(40.06px,20px)"), kept[1])
    }

    /// An eased move keeps the samples that bend away from a straight line by more than 0.05 pt:
    /// fewer keyframes than frames, and the browser's linear interpolation between them puts the
    /// card within 0.05 pt (plus the two decimals written) of the curve at every frame.
    func testEasedMoveKeepsOnlyTheBends() throws {
        let curve = TimingCurve.easeInEaseOut
        let x = (0...60).map { 100 * curve.value(at: Double($0) / 60) }
        let k = keyframes(try svg(x.map { [card("a", x: $0)] }, fps: 60), 0)
        XCTAssertLessThan(k.count, 50, "\(k)")
        // (offset in %, centre x) of each keyframe: "12.5%{transform:translate(20.5px,20px)…".
        let points = k.map { f -> (Double, Double) in
            let p = f.split(separator: "%")[0], t = f.split(separator: "(")[1].split(separator: "px")[0]
            return (Double(p)!, Double(t)!)
        }
        for (i, value) in x.enumerated() {
            let at = Double(i) / 61 * 100  // 61 frames at 60 fps: the loop is 61/60 s
            let j = points.lastIndex { $0.0 <= at + 1e-6 }!
            let (t0, v0) = points[j], (t1, v1) = points[min(j + 1, points.count - 1)]
            let shown = t1 > t0 ? v0 + (v1 - v0) * (at - t0) / (t1 - t0) : v0
            XCTAssertEqual(shown, value + 20, accuracy: 0.05 + 0.01, "frame \(i)")
        }
    }

    /// A plain rectangle whose width grows (a swipe action opening) is drawn once at its
    /// largest size and scaled down on the other frames, never up: a browser that rasters the
    /// look once and scales the raster keeps its edges sharp.
    func testGrowingPlainRectangleIsDrawnAtItsLargestSize() throws {
        let widths = [10.0, 40, 100, 70]
        let s = try svg(widths.map { [DrawItem(id: "a", frame: Rect(x: 0, y: 10, width: $0, height: 20), appearance: Appearance(background: .white))] })
        XCTAssertTrue(s.contains("<path d=\"M0 0H100V20H0Z\""), s)  // the look: 100 x 20
        XCTAssertEqual(s.components(separatedBy: "<path").count, 2, "one look")
        // Each frame's width as a factor of 100, about the centre: 0.1, 0.4, 1, 0.7.
        let k = keyframes(s, 0)
        let expected = ["translate(5px,20px) scale(0.1,1)", "translate(20px,20px) scale(0.4,1)", "translate(50px,20px) scale(1)",
                        "translate(35px,20px) scale(0.7,1)"]
        for (f, e) in zip(k, expected) { XCTAssertTrue(f.hasSuffix("{transform:" + e), "\(f), expected \(e)") }
    }

    /// b is drawn above a, then below it: one of them gets a second place in the document (a
    /// below b, then b, then a again above it), each place shown only on its frames.
    func testStackingOrderChangeSplitsThePlace() throws {
        let a = card("a", x: 0), b = card("b", x: 20, color: Color(red: 1, green: 0, blue: 0))
        let s = try svg([[a, b], [a, b], [b, a], [b, a]])
        let order = s.components(separatedBy: "<use href=\"#a").dropFirst().map { String($0.prefix(1)) }
        XCTAssertEqual(order, ["0", "1", "0"], "a, b, then a again above b")
        // The upper a is hidden on the first two frames and shown on the last two.
        let upper = keyframes(s, 2)
        XCTAssertTrue(upper[0].contains("opacity:0"), "\(upper)")
        XCTAssertTrue(upper.last!.contains("opacity:1"), "\(upper)")
    }

    func testAppearingItemIsTransparentBeforeItsFirstFrame() throws {
        let s = try svg([[card("a", x: 0)], [card("a", x: 0), card("b", x: 50)], [card("a", x: 0), card("b", x: 50)]])
        let k = keyframes(s, 1)
        XCTAssertTrue(k[0].contains("opacity:0"), "\(k)")
        XCTAssertTrue(k.contains { $0.contains("opacity:1") })
    }

    func testDocumentIsWellFormedAndDeterministic() throws {
        let url = packageRoot.appendingPathComponent("examples/tag-reorder.json")
        let scene = try SceneDecoder().decode([UInt8](try Data(contentsOf: url)), file: url.path)
        let t = try Simulator.run(scene, frames: 200...260)
        let first = try AnimatedSVGFormat().renderTimeline(t, options: RenderOptions())[0].bytes
        XCTAssertEqual(first, try AnimatedSVGFormat().renderTimeline(t, options: RenderOptions())[0].bytes)
        #if canImport(FoundationXML)
        let parser = XMLParser(data: Data(first))
        XCTAssertTrue(parser.parse(), "well-formed XML: \(String(describing: parser.parserError))")
        #endif
        let text = String(decoding: first, as: UTF8.self)
        XCTAssertFalse(text.contains("<script"))
        XCTAssertTrue(text.contains("@keyframes"))
    }

    func testNumbers() {
        XCTAssertEqual(svgNumber(1.006), "1.01")
        XCTAssertEqual(svgNumber(-0.001), "0")
        XCTAssertEqual(svgNumber(12.5), "12.5")
        XCTAssertEqual(svgNumber(-3.07), "-3.07")
        XCTAssertEqual(svgNumber(40), "40")
        // Found by the fuzzer: an item 1e300 pt away must not trap.
        XCTAssertEqual(svgNumber(1e300), "1e+300")
        XCTAssertEqual(svgNumber(.nan), "0")
    }
}

/// A label's outlines are defined once and reused for the same text set the same way; an
/// italic label is set differently, so it has a definition of its own.
final class AnimatedSVGItalicTests: XCTestCase {
    func testItalicAndRegularLabelsAreDefinedApart() throws {
        func item(_ id: String, x: Double, italic: Bool) -> DrawItem {
            var text = TextElement(text: "Note", frame: Rect(x: 4, y: 4, width: 80, height: 30), fontSize: 20)
            text.italic = italic
            var look = Appearance(background: .white)
            look.content = [.text(text)]
            return DrawItem(id: id, frame: Rect(x: x, y: 10, width: 90, height: 40), appearance: look)
        }
        let t = Timeline(scene: "t", fps: 10, canvas: Canvas(width: 200, height: 100, scale: 1),
                         frames: [TimelineFrame(index: 0, time: 0, contentOffset: .zero,
                                                items: [item("a", x: 0, italic: false), item("b", x: 100, italic: true)])])
        let svg = String(decoding: try AnimatedSVGFormat().renderTimeline(t, options: RenderOptions())[0].bytes, as: UTF8.self)
        XCTAssertTrue(svg.contains("<g id=\"t0\">") && svg.contains("<g id=\"t1\">"), "two label definitions")
    }
}
