import XCTest
@testable import FlipbookSimulation
import FlipbookCore
import FlipbookLayout
import FlipbookAnimation

/// Batch updates that insert, delete and move sections (UIKit's insertSections, deleteSections,
/// moveSection): a deleted section's items and header fade out where they are, an inserted
/// one's fade in where they land, and the sections around them slide — on the update's clock.
///
/// The flow: a 320 pt view, 300 × 40 items one to a line (300 + 10 + 300 > 320) centred at
/// x = 10, lines 10 apart, 30 pt headers. A section of n items is 30 + 40n + 10(n − 1) long.
final class SectionUpdateTests: XCTestCase {
    func section(_ id: String, _ n: Int) -> SectionSpec {
        SectionSpec(id: id, header: id, items: (0..<n).map { ItemSpec(id: "\(id.lowercased())\($0)", title: "\(id) \($0)", color: .white) })
    }

    func scene(_ changes: [BatchChange]) -> Scene {
        let layout = FlowLayout(itemSize: Size(width: 300, height: 40), minimumLineSpacing: 10, headerReferenceSize: Size(width: 0, height: 30))
        let view = CollectionViewSpec(frame: Rect(x: 0, y: 0, width: 320, height: 600), layout: layout,
                                      sections: [section("A", 3), section("B", 2), section("C", 2)])
        var scene = Scene(name: "sections", canvas: Canvas(width: 320, height: 600, scale: 1), fps: 60, duration: 1, collectionView: view)
        scene.script = [ScriptStep(time: 0.5, action: .performBatchUpdates(changes, timing: .curve(.linear, duration: 0.25), completion: []))]
        return scene
    }

    func length(_ n: Int) -> Double { 30 + 40 * Double(n) + 10 * Double(n - 1) }
    func element(_ f: TimelineFrame, _ id: String) -> DrawItem? { f.items.first { $0.id == id } }

    func testDeletedSectionFadesAndInsertedSectionFadesIn() throws {
        let t = try Simulator.run(scene([.deleteSection(1), .insertSection(section("D", 1), at: 0)]))
        // Before: A at 0, B at 170, C at 290. After: D at 0, A at 70, C at 70 + 170 = 240.
        let (a0, b0, c0) = (0.0, length(3), length(3) + length(2))
        let (d1, a1, c1) = (0.0, length(1), length(1) + length(3))
        XCTAssertEqual([a0, b0, c0, a1, c1], [0, 170, 290, 70, 240])
        let k = 37, p = (Double(k) / 60 - 0.5) / 0.25
        let f = t.frames[k]
        // B's items and header fade where they were.
        XCTAssertEqual(element(f, "B.header")?.frame.minY, b0)
        XCTAssertEqual(try XCTUnwrap(element(f, "B.header")).alpha, 1 - p, accuracy: 1e-9)
        XCTAssertEqual(element(f, "b1")?.frame.minY, b0 + 30 + 50)
        XCTAssertEqual(try XCTUnwrap(element(f, "b1")).alpha, 1 - p, accuracy: 1e-9)
        // D's header and item fade in where they land.
        XCTAssertEqual(element(f, "D.header")?.frame.minY, d1)
        XCTAssertEqual(try XCTUnwrap(element(f, "D.header")).alpha, p, accuracy: 1e-9)
        XCTAssertEqual(element(f, "d0")?.frame, Rect(x: 10, y: d1 + 30, width: 300, height: 40))
        XCTAssertEqual(try XCTUnwrap(element(f, "d0")).alpha, p, accuracy: 1e-9)
        // A and C slide from their old places to their new ones.
        XCTAssertEqual(try XCTUnwrap(element(f, "A.header")).frame.minY, a0 + (a1 - a0) * p, accuracy: 1e-9)
        XCTAssertEqual(try XCTUnwrap(element(f, "a2")).frame.minY, a0 + 130 + (a1 - a0) * p, accuracy: 1e-9)
        XCTAssertEqual(try XCTUnwrap(element(f, "C.header")).frame.minY, c0 + (c1 - c0) * p, accuracy: 1e-9)
        XCTAssertEqual(try XCTUnwrap(element(f, "c1")).frame.minY, c0 + 80 + (c1 - c0) * p, accuracy: 1e-9)
        // After: B is gone, D is opaque, everything is where the new data puts it.
        let end = t.frames[46]
        XCTAssertNil(element(end, "B.header"))
        XCTAssertNil(element(end, "b0"))
        XCTAssertEqual(element(end, "D.header")?.alpha, 1)
        XCTAssertEqual(element(end, "c0")?.frame.minY, c1 + 30)
        // The header draws its own section's title, the deleted one's too while it fades.
        func title(_ item: DrawItem?) -> String? {
            item?.appearance.content.lazy.compactMap { if case .text(let t) = $0 { return t.text }; return nil }.first
        }
        XCTAssertEqual(title(element(f, "B.header")), "B")
        XCTAssertEqual(title(element(f, "D.header")), "D")
        XCTAssertEqual(title(element(end, "C.header")), "C")
    }

    /// A moved section takes its items and header with it: A to the end, B and C up.
    func testMovedSectionSlidesWithItsItems() throws {
        let t = try Simulator.run(scene([.moveSection(0, to: 2)]))
        // After: B at 0, C at 120, A at 240.
        let k = 40, p = (Double(k) / 60 - 0.5) / 0.25
        let f = t.frames[k]
        XCTAssertEqual(try XCTUnwrap(element(f, "A.header")).frame.minY, 240 * p, accuracy: 1e-9)
        XCTAssertEqual(try XCTUnwrap(element(f, "a0")).frame.minY, 30 + 240 * p, accuracy: 1e-9)
        XCTAssertEqual(try XCTUnwrap(element(f, "B.header")).frame.minY, 170 - 170 * p, accuracy: 1e-9)
        XCTAssertEqual(try XCTUnwrap(element(f, "c1")).frame.minY, 370 - 170 * p, accuracy: 1e-9)
        XCTAssertEqual(element(f, "a0")?.alpha, 1, "moved, not faded")
        let end = t.frames[59]
        XCTAssertEqual(element(end, "A.header")?.frame.minY, 240)
        XCTAssertEqual(element(end, "a2")?.frame.minY, 240 + 130)
        XCTAssertEqual(element(end, "C.header")?.frame.minY, 120)
    }

    /// UIKit's reasons for refusing a section update, checked before anything animates.
    func testBadSectionUpdatesNameUIKitsReason() {
        let sections = [["a0", "a1"], ["b0"], ["c0"]]
        func problem(_ changes: [BatchChange]) -> String? { BatchUpdateCheck.problem(changes, sections: sections) }
        XCTAssertEqual(problem([.deleteSection(5)]), "attempt to delete section 5, but there are only 3 sections before the update")
        XCTAssertEqual(problem([.insertSection(section("D", 1), at: 4)]), "attempt to insert section 4, but there are only 4 sections after the update")
        XCTAssertEqual(problem([.deleteSection(1), .moveSection(1, to: 0)]), "attempt to delete or move section 1 twice")
        XCTAssertEqual(problem([.deleteSection(1), .delete(id: "b0")]),
                       "attempt to delete (section 1, item 0) \"b0\" in section 1, which the update deletes (its items go with it)")
        XCTAssertEqual(problem([.insertSection(section("D", 1), at: 0), .insert(ItemSpec(id: "x", color: .white), at: ItemIndexPath(item: 0, section: 0))]),
                       "attempt to insert item 0 into section 0, which the update inserts (its items come with it)")
        // Item index paths after the update count the sections after it.
        // After deleting section 0, B is section 0 with one item: item 1 is the end of it.
        XCTAssertNil(problem([.deleteSection(0), .insert(ItemSpec(id: "x", color: .white), at: ItemIndexPath(item: 1, section: 0))]))
        XCTAssertEqual(problem([.deleteSection(0), .insert(ItemSpec(id: "x", color: .white), at: ItemIndexPath(item: 2, section: 0))]),
                       "attempt to insert item 2 into section 0, but there are only 2 items in section 0 after the update")
        XCTAssertNil(problem([.insertSection(section("D", 2), at: 0), .move(id: "b0", to: ItemIndexPath(item: 1, section: 3))]))
        var data = sections
        BatchUpdateCheck.apply([.insertSection(section("D", 2), at: 0), .move(id: "b0", to: ItemIndexPath(item: 1, section: 3))], to: &data)
        XCTAssertEqual(data, [["d0", "d1"], ["a0", "a1"], [], ["c0", "b0"]])
    }

    /// The same updates written in a scene file: `insertSection`, `deleteSection`, `moveSection`.
    func fileScene(_ updates: String) throws -> Scene {
        func items(_ id: String, _ n: Int) -> String { (0..<n).map { #"{"id": "\#(id.lowercased())\#($0)", "title": "\#(id) \#($0)"}"# }.joined(separator: ",") }
        return try decode("""
        {"canvas": {"width": 320, "height": 600, "scale": 1}, "fps": 60, "duration": 1,
         "collectionView": {"layout": {"type": "flow", "itemSize": {"width": 300, "height": 40}, "minimumLineSpacing": 10, "headerHeight": 30},
                            "sections": [{"id": "A", "header": "A", "items": [\(items("A", 3))]},
                                         {"id": "B", "header": "B", "items": [\(items("B", 2))]},
                                         {"id": "C", "header": "C", "items": [\(items("C", 2))]}]},
         "script": [{"at": 0.5, "action": "performBatchUpdates", "duration": 0.25, "curve": "linear", "updates": \(updates)}]}
        """)
    }

    func testSceneFileSectionUpdatesDrawAsTheLibrarysDo() throws {
        let file = try Simulator.run(fileScene(#"[{"deleteSection": 1}, {"insertSection": {"id": "D", "header": "D", "items": [{"id": "d0", "title": "D 0"}]}, "at": 0}]"#))
        let library = try Simulator.run(scene([.deleteSection(1), .insertSection(section("D", 1), at: 0)]))
        for k in [29, 33, 37, 41, 46] {
            let a = file.frames[k].items.map { "\($0.id) \($0.frame) \($0.alpha)" }, b = library.frames[k].items.map { "\($0.id) \($0.frame) \($0.alpha)" }
            XCTAssertEqual(a, b, "frame \(k)")
        }
        let moved = try Simulator.run(fileScene(#"[{"moveSection": 0, "to": 2}]"#))
        XCTAssertEqual(element(moved.frames[59], "A.header")?.frame.minY, 240)
    }

    func testSceneFileSectionUpdatesBadInput() {
        let cases: [(String, String)] = [
            (#"[{"deleteSection": -1}]"#, "$.script[0].updates[0].deleteSection"),
            (#"[{"moveSection": 0}]"#, "$.script[0].updates[0].to"),
            (#"[{"insertSection": {"header": "D", "items": []}, "at": 0}]"#, "$.script[0].updates[0].insertSection.id"),
            (#"[{"insertSection": {"id": "D", "items": [{"id": "a0"}]}, "at": 0}]"#, "$.script[0].updates[0].insertSection.items[0].id"),
            (#"[{"deleteSection": 3}]"#, "$.script[0]"),
        ]
        for (updates, path) in cases {
            XCTAssertThrowsError(try Simulator.run(try fileScene(updates)), updates) { e in
                guard let e = e as? InputError else { return XCTFail("\(e)") }
                XCTAssertEqual(e.path, path, e.description)
                XCTAssertFalse(e.description.contains("\n"))
            }
        }
        // An id another section has is refused when the update runs.
        XCTAssertThrowsError(try Simulator.run(try fileScene(#"[{"insertSection": {"id": "B", "items": []}, "at": 0}]"#))) { e in
            XCTAssertTrue("\(e)".contains(#"attempt to insert section "B", an id another section has"#), "\(e)")
        }
    }
}
