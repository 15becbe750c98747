import XCTest
import Flipbook

/// A scene file's cells with `"highlightedColor"` highlight as UICollectionView's do: a finger
/// resting on a cell highlights it once the scroll view's 150 ms touch delay has passed
/// (measured, cited at CellPressRecognizer), until the finger lifts; a finger that moves off
/// to scroll within the delay never highlights it; cells without the colour never change.
final class HighlightTests: XCTestCase {
    func scene(script: String, style: String = ##""highlightedColor": "#D1D1D6""##,
               layout: String = #"{"type": "flow", "itemSize": {"width": 200, "height": 60}, "minimumLineSpacing": 0}"#) throws -> Timeline {
        let text = """
            {"canvas": {"width": 200, "height": 300}, "fps": 60, "duration": 1.5,
             "collectionView": {"layout": \(layout),
              "cell": {\(style)},
              "items": [{"id": "a", "color": "#FFFFFF"}, {"id": "b", "color": "#FFFFFF"}, {"id": "c", "color": "#FFFFFF"},
                        {"id": "d", "color": "#FFFFFF"}, {"id": "e", "color": "#FFFFFF"}, {"id": "f", "color": "#FFFFFF"},
                        {"id": "g", "color": "#FFFFFF"}, {"id": "h", "color": "#FFFFFF"}]},
             "script": [\(script)]}
            """
        return try Simulator.run(try SceneDecoder().decode(Array(text.utf8), file: "highlight.json"))
    }
    func color(_ t: Timeline, _ id: String, atFrame i: Int) -> Color? { t.frames[i].items.first { $0.id == id }?.appearance.background }
    let grey = Color(hex: "#D1D1D6"), white = Color(hex: "#FFFFFF")

    func testARestingFingerHighlightsAfterTheTouchDelayUntilItLifts() throws {
        // Down at 0.2 s on "b" (y 60–120), held 0.5 s: highlighted from 0.35 s to 0.7 s.
        let t = try scene(script: #"{"at": 0.2, "action": "longPress", "point": {"x": 100, "y": 90}, "hold": 0.5}"#)
        XCTAssertEqual(color(t, "b", atFrame: 12), white, "0.2 s: just touched")
        XCTAssertEqual(color(t, "b", atFrame: 20), white, "0.33 s: still within the delay")
        XCTAssertEqual(color(t, "b", atFrame: 22), grey, "0.37 s: highlighted")
        XCTAssertEqual(color(t, "b", atFrame: 40), grey, "0.67 s: still down")
        XCTAssertEqual(color(t, "b", atFrame: 44), white, "0.73 s: lifted")
        XCTAssertEqual(color(t, "a", atFrame: 30), white, "the other cells stay as they are")
        XCTAssertEqual(color(t, "c", atFrame: 30), white)
    }

    func testAFingerThatScrollsAwayWithinTheDelayNeverHighlights() throws {
        let t = try scene(script: #"{"at": 0.2, "action": "flick", "from": {"x": 100, "y": 250}, "velocity": {"x": 0, "y": -600}, "duration": 0.1}"#)
        for i in t.frames.indices { XCTAssertTrue(t.frames[i].items.allSatisfy { $0.appearance.background == white }, "frame \(i)") }
    }

    func testWithoutTheColourNothingChanges() throws {
        let t = try scene(script: #"{"at": 0.2, "action": "longPress", "point": {"x": 100, "y": 90}, "hold": 0.5}"#, style: #""cornerRadius": 0"#)
        for i in t.frames.indices { XCTAssertTrue(t.frames[i].items.allSatisfy { $0.appearance.background == white }, "frame \(i)") }
    }

    /// A list's rows highlight the same way (issue 66: the recognizer ran and the row stayed
    /// white on every frame). Rows are 44 pt: "b" is y 44–88.
    func testAListRowHighlightsToo() throws {
        for appearance in ["plain", "insetGrouped"] {
            let t = try scene(script: #"{"at": 0.2, "action": "longPress", "point": {"x": 100, "y": 66}, "hold": 0.5}"#,
                              layout: #"{"type": "list", "appearance": "\#(appearance)"}"#)
            XCTAssertEqual(color(t, "b", atFrame: 22), grey, "\(appearance): 0.37 s: highlighted")
            XCTAssertNotEqual(color(t, "b", atFrame: 44), grey, "\(appearance): 0.73 s: lifted")
            XCTAssertNotEqual(color(t, "a", atFrame: 30), grey, "\(appearance): the other rows stay as they are")
        }
    }
}
