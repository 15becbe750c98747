import Foundation
import XCTest
import Flipbook
import FlipbookTesting

/// Three cards that a scroll brings in from below.
func slideIn(color: String = "#007AFF") -> Scene {
    let cards = (0..<3).map { ItemSpec(id: "card\($0)", title: "Card \($0 + 1)", color: Color(hex: $0 == 0 ? color : "#34C759")!) }
    let list = CollectionViewSpec(frame: Rect(x: 0, y: 0, width: 200, height: 240),
                                  layout: FlowLayout(itemSize: Size(width: 180, height: 60), minimumLineSpacing: 10),
                                  sections: [SectionSpec(id: "cards", items: cards)])
    var scene = Scene(name: "slide-in", canvas: Canvas(width: 200, height: 240, scale: 1), fps: 30, duration: 1, collectionView: list)
    scene.script = [ScriptStep(time: 0.2, action: .scrollTo(x: nil, y: 40, timing: .curve(.easeInEaseOut, duration: 0.4)))]
    return scene
}

// MARK: assertAnimation
final class AnimationTests: XCTestCase {
    /// Compared with __Goldens__/AnimationTests/slide-in/ beside this file (recorded on the
    /// first run, then committed): the timeline, then every 30th frame's pixels.
    func testTheCardsSlideIn() {
        assertAnimation(of: slideIn(), named: "slide-in")
    }
}
// MARK: end

/// The assertion's three outcomes, on goldens of its own: recorded, matched, and a change named.
final class AnimationCheckTests: XCTestCase {
    func testRecordsThenMatchesThenNamesTheChange() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("flipbook-testing-\(getpid())-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: dir) }
        var check = AnimationCheck(goldens: dir.appendingPathComponent("goldens"), report: dir.appendingPathComponent("report"),
                                   recording: .missing)
        guard case .recorded(let where_) = checkAnimation(of: slideIn(), named: "slide", check) else { return XCTFail("records a missing golden") }
        XCTAssertTrue(where_.contains("goldens/slide"), where_)
        XCTAssertTrue(FileManager.default.fileExists(atPath: dir.appendingPathComponent("goldens/slide/golden.json").path))
        check.recording = .never
        XCTAssertEqual(checkAnimation(of: slideIn(), named: "slide", check), .matched)
        guard case .failed(let message) = checkAnimation(of: slideIn(color: "#0A84FF"), named: "slide", check) else {
            return XCTFail("a changed colour fails")
        }
        XCTAssertTrue(message.hasPrefix(#"slide: "card0": background #007AFF → #0A84FF at frames 0-"#), "the cause on the first line: \(message)")
        XCTAssertTrue(FileManager.default.fileExists(atPath: dir.appendingPathComponent("report/slide/report.html").path), "the report is written, in the golden's folder")
        XCTAssertEqual(checkAnimation(of: slideIn(), named: "other", check).message?.contains("no golden for \"other\""), true)
        // A mode misspelt is an error, not .missing.
        XCTAssertEqual(AnimationRecording.environmentProblem(["FLIPBOOK_RECORD": "al"]), #"FLIPBOOK_RECORD="al": expected missing, all or never; did you mean "all"?"#)
        XCTAssertNil(AnimationRecording.environmentProblem(["FLIPBOOK_RECORD": "all"]))
        // A test that names no golden gets its own name, then a counter.
        XCTAssertEqual(AnimationCheck.defaultName(forTest: "testTheCardsSlideIn()"), "testTheCardsSlideIn")
        XCTAssertEqual(AnimationCheck.defaultName(forTest: "testTheCardsSlideIn()", assertion: 2), "testTheCardsSlideIn-2")
        // Recording is refused in CI whatever the variable says.
        XCTAssertEqual(AnimationRecording.fromEnvironment(["CI": "true", "FLIPBOOK_RECORD": "all"]), .never)
        XCTAssertEqual(AnimationRecording.fromEnvironment(["FLIPBOOK_RECORD": "all"]), .all)
    }
}
