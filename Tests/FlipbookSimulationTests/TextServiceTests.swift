import XCTest
import FlipbookCore
import FlipbookLayout
@testable import FlipbookSimulation
import Flipbook

/// Text as a service (issue 59): the simulation measures labels and checks characters with the
/// `TextMeasuring` it is handed, not with a typesetter of its own; a measurement that fails stops
/// the run naming the label instead of sizing it by a guess.
final class TextServiceTests: XCTestCase {
    /// Every label one line of 30 pt, 10 pt a character; or failing; `missing` is a character
    /// its fonts lack.
    struct FixedText: TextMeasuring {
        var fails = false
        var missing: Unicode.Scalar?
        func check(_ label: TextElement) throws {
            if fails { throw TextMeasurementFailed(text: label.text, reason: "no fonts loaded") }
        }
        func naturalWidth(of label: TextElement) throws -> Double { try check(label); return Double(label.text.count) * 10 }
        func height(of label: TextElement) throws -> Double { try check(label); return 30 }
        func baselines(of label: TextElement) throws -> TextBaselines { try check(label); return TextBaselines(height: 30, first: 24, last: 24) }
        func missingCharacter(in text: String) -> Unicode.Scalar? { missing.flatMap { text.unicodeScalars.contains($0) ? $0 : nil } }
    }

    /// A list of three titled rows (UICollectionLayoutListConfiguration's rows size to their text).
    func listScene(titles: [String] = ["Ada", "Grace", "Edsger"]) -> Scene {
        let items = titles.enumerated().map { ItemSpec(id: "r\($0.offset)", title: $0.element, color: .white) }
        let spec = CollectionViewSpec(frame: Rect(x: 0, y: 0, width: 320, height: 480), layout: ListLayout(), sections: [SectionSpec(id: "s", items: items)])
        return Scene(name: "text", canvas: Canvas(width: 320, height: 480), fps: 10, duration: 0.3, collectionView: spec)
    }

    func testRowsAreSizedByTheServiceTheSimulatorIsHanded() throws {
        // A 30 pt title plus 11 pt above and below (CellAppearance.listVerticalMargin) is a 52 pt
        // row, above the list's 44 pt minimum: rows at 0, 52, 104.
        let timeline = try Simulator.run(listScene(), text: FixedText())
        let rows = timeline.frames[0].items.filter { $0.kind == .cell }.sorted { $0.frame.minY < $1.frame.minY }
        XCTAssertEqual(rows.map(\.frame.minY), [0, 52, 104])
        XCTAssertEqual(rows.map(\.frame.height), [52, 52, 52])
        // The title drawn is the height the service gave.
        guard case .text(let title)? = rows[0].appearance.content.first(where: { if case .text = $0 { return true }; return false }) else { return XCTFail("no title") }
        XCTAssertEqual(title.frame.height, 30)
        // The typesetter that draws sets a 17 pt line shorter than 30 pt: the same rows are 44 pt.
        let drawn = try Simulator.run(listScene())
        XCTAssertEqual(drawn.frames[0].items.filter { $0.kind == .cell }.map(\.frame.height), [44, 44, 44])
    }

    func testAMeasurementThatFailsStopsTheRunNamingTheLabel() {
        XCTAssertThrowsError(try Simulator.run(listScene(), text: FixedText(fails: true))) { e in
            let text = "\(e)"
            XCTAssertTrue(text.contains("the label \"Ada\" could not be measured: no fonts loaded"), text)
            XCTAssertFalse(text.contains("\n"), text)
        }
    }

    func testCharactersAreCheckedAgainstTheServicesFonts() throws {
        let scene = listScene(titles: ["Ada", "Gr✿ce"])
        XCTAssertNoThrow(try scene.validate(text: FixedText()))
        XCTAssertThrowsError(try listScene(titles: ["Ada", "Gr✿ce"]).validate(text: FixedText(missing: "✿"))) { e in
            let error = e as? InputError
            XCTAssertEqual(error?.path, "$.collectionView.sections[0].items[1].title")
            XCTAssertTrue(error?.message.contains("U+273F") == true, "\(e)")
        }
    }
}
