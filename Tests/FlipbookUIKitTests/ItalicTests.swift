import XCTest
@testable import UIKit
import Flipbook

/// UIFont.italicSystemFont(ofSize:) is set in Inter's italic face: an "I" leans right — the
/// stroke's left edge lies further right at the top of the glyph than at its foot, where the
/// regular face's is straight up.
final class ItalicTests: XCTestCase {
    final class Cell: UICollectionViewCell {
        let regular = UILabel(), italic = UILabel()
        override init(frame: CGRect) {
            super.init(frame: frame)
            contentView.backgroundColor = .white
            for (label, font, x) in [(regular, UIFont.systemFont(ofSize: 60), 20.0), (italic, UIFont.italicSystemFont(ofSize: 60), 120.0)] {
                label.text = "I"
                label.font = font
                label.textColor = .black
                label.frame = CGRect(x: x, y: 10, width: 80, height: 80)
                contentView.addSubview(label)
            }
        }
        required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }
    }

    func testItalicLeansAndRegularStandsUp() throws {
        let (frame, raster) = try renderOneCell(Cell.self, size: CGSize(width: 220, height: 100), scale: 2)
        /// The dark rows of the glyph in columns from `x0` to `x1` (points), and the first dark column of a row.
        func rows(_ x0: Int, _ x1: Int) -> [Int] { (0..<200).filter { y in (x0 * 2..<x1 * 2).contains { raster.rgb($0, y).0 < 96 } } }
        func leftEdge(_ y: Int, _ x0: Int, _ x1: Int) -> Int? { (x0 * 2..<x1 * 2).first { raster.rgb($0, y).0 < 96 } }
        for (x0, x1, leans) in [(20, 100, false), (120, 200, true)] {
            let dark = rows(x0, x1)
            let top = try XCTUnwrap(dark.first) + 4, foot = try XCTUnwrap(dark.last) - 4
            let shift = try XCTUnwrap(leftEdge(top, x0, x1)) - XCTUnwrap(leftEdge(foot, x0, x1))
            if leans {
                XCTAssertGreaterThan(shift, 10, "the italic I leans right by more than 5 pt over its height")
            } else {
                XCTAssertEqual(shift, 0, accuracy: 1, "the regular I stands up")
            }
        }
        // The element says so (keyframes.json writes it, docs/scene-format.md).
        let texts = frame.items.flatMap { $0.appearance.content }.compactMap { e -> TextElement? in if case .text(let t) = e { return t }; return nil }
        XCTAssertEqual(texts.map(\.italic), [false, true])
    }

    /// In a scene file, `"italic": true` on a content label; keyframes.json writes it and reads
    /// it back, and a change of it is a change the semantic diff names.
    func testSceneFileItalicRoundTrips() throws {
        func scene(_ italic: Bool) throws -> Scene {
            try SceneDecoder().decode(Array("""
            {"canvas": {"width": 200, "height": 100}, "fps": 10, "duration": 0.1,
             "collectionView": {"layout": {"type": "absolute"}, "items": [{"id": "a", "x": 0, "y": 0, "width": 200, "height": 100,
               "content": [{"text": "Note", "italic": \(italic), "x": 10, "y": 10, "width": 180, "height": 40}]}]}}
            """.utf8), file: "italic.json")
        }
        let t = try Simulator.run(try scene(true))
        let text = try KeyframesJSONFormat.text(t)
        XCTAssertTrue(text.contains(#""italic":true"#), "written")
        let back = try KeyframesJSONFormat.read(Array(text.utf8), file: "keyframes.json")
        XCTAssertEqual(try KeyframesJSONFormat.text(back), text, "read back the same")
        let plain = try KeyframesJSONFormat.read(Array(try KeyframesJSONFormat.text(try Simulator.run(try scene(false))).utf8), file: "k.json")
        XCTAssertFalse(SemanticDiff.compare(plain, back).isEmpty, "italic or not is a difference")
    }
}
