import XCTest
import Flipbook

/// Batch updates UIKit would refuse (NSInternalInconsistencyException) are refused here too, with
/// UIKit's reason and the script step: when the file is read if the data at that step is known
/// then, otherwise when the simulation reaches it.
final class BatchUpdateValidationTests: XCTestCase {
    /// 30 rows r0…r29 in one section, or two sections of 15 with `sections`.
    func scene(_ script: String, effect: String = "", sections: Bool = false) throws -> Scene {
        let rows = { (r: Range<Int>) in r.map { #"{"id": "r\#($0)"}"# }.joined(separator: ",") }
        let data = sections ? #""sections": [{"items": [\#(rows(0..<15))]}, {"items": [\#(rows(15..<30))]}]"# : #""items": [\#(rows(0..<30))]"#
        let layout = effect.isEmpty ? #"{"type": "flow", "itemSize": {"width": 200, "height": 50}}"# : #"{"type": "wallet"}"#
        return try decode("""
        {"canvas": {"width": 200, "height": 300, "scale": 1}, "duration": 2, \(effect)
         "collectionView": {"layout": \(layout), \(data)},
         "script": \(script)}
        """, file: "b.json")
    }

    func batch(_ updates: String, at: Double = 0.5) -> String {
        #"[{"at": 0.1, "action": "scrollTo", "contentOffset": {"y": 10}}, {"at": \#(at), "action": "performBatchUpdates", "updates": [\#(updates)]}]"#
    }

    func testRefusedWhenTheFileIsRead() {
        let cases: [(String, String)] = [
            (#"{"insert": {"id": "n"}, "to": {"item": 99}}"#,
             "attempt to insert item 99 into section 0, but there are only 31 items in section 0 after the update"),
            (#"{"insert": {"id": "n"}, "to": {"item": 31}}"#,
             "attempt to insert item 31 into section 0, but there are only 31 items in section 0 after the update"),
            (#"{"delete": "r3"}, {"move": "r3", "to": {"item": 0}}"#,
             #"attempt to delete and move the same index path (section 0, item 3) "r3""#),
            (#"{"move": "r3", "to": {"item": 0}}, {"move": "r3", "to": {"item": 5}}"#,
             #"attempt to perform multiple moves of the same index path (section 0, item 3) "r3""#),
            (#"{"delete": "r3"}, {"reload": "r3", "title": "x"}"#,
             #"attempt to delete and reload the same index path (section 0, item 3) "r3""#),
            (#"{"delete": "r3"}, {"delete": "r3"}"#,
             #"attempt to delete the same index path twice (section 0, item 3) "r3""#),
            (#"{"move": "r3", "to": {"item": 29}}, {"delete": "r4"}"#,
             #"attempt to move (section 0, item 3) "r3" to (section 0, item 29), but there are only 29 items in section 0 after the update"#),
            (#"{"move": "r3", "to": {"item": 2}}, {"insert": {"id": "n"}, "to": {"item": 2}}"#,
             "attempt to perform an insert and a move to the same index path (section 0, item 2)"),
            (#"{"move": "r3", "to": {"item": 2}}, {"move": "r4", "to": {"item": 2}}"#,
             "attempt to move two items to the same index path (section 0, item 2)"),
        ]
        for (updates, reason) in cases {
            XCTAssertThrowsError(try scene(batch(updates)), updates) { e in
                XCTAssertEqual("\(e)", "b.json:3:76: $.script[1]: invalid batch update at 0.5 s: \(reason)", updates)
            }
        }
        // Valid ones are accepted: deletes use indices before, inserts and moves after.
        XCTAssertNoThrow(try scene(batch(#"{"delete": "r0"}, {"insert": {"id": "n"}, "to": {"item": 29}}, {"move": "r5", "to": {"item": 0}}"#)))
    }

    func testSectionsAndEarlierStepsCount() {
        // A section index past the end (the decoder allows only existing sections; two here).
        XCTAssertThrowsError(try scene(batch(#"{"move": "r3", "to": {"section": 1, "item": 16}}"#), sections: true)) { e in
            XCTAssertTrue("\(e)".hasSuffix(#"attempt to move (section 0, item 3) "r3" to (section 1, item 16), but there are only 16 items in section 1 after the update"#), "\(e)")
        }
        XCTAssertNoThrow(try scene(batch(#"{"move": "r3", "to": {"section": 1, "item": 15}}"#), sections: true))
        // The second step sees the data the first left: r0 is gone by then.
        let twice = #"[{"at": 0.2, "action": "performBatchUpdates", "updates": [{"delete": "r0"}]}, {"at": 0.6, "action": "performBatchUpdates", "updates": [{"delete": "r0"}]}]"#
        XCTAssertThrowsError(try scene(twice)) { e in
            XCTAssertTrue("\(e)".hasSuffix(#"$.script[1].updates[0].delete: item "r0" was deleted before this step, by $.script[0].updates[0] at 0.2 s"#), "\(e)")
        }
    }

    /// With an effect the data can change under the script (a drag moves items), so the check
    /// runs when the simulation reaches the step; the recording stops with the same one line.
    func testRefusedWhenTheSimulationReachesTheStep() throws {
        let s = try scene(batch(#"{"insert": {"id": "n"}, "to": {"item": 99}}"#, at: 1.25), effect: #""effect": {"type": "wallet"},"#)
        XCTAssertThrowsError(try Simulator.run(s)) { e in
            XCTAssertEqual("\(e)", "b.json: $.script[1]: invalid batch update at 1.25 s: attempt to insert item 99 into section 0, but there are only 31 items in section 0 after the update")
        }
        XCTAssertThrowsError(try Simulator.run(s, at: [1.5]))
        XCTAssertNoThrow(try Simulator.run(s, at: [1.0]), "before the step runs, nothing is wrong yet")
    }
}
