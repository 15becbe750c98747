import XCTest
import FlipbookCore
@testable import FlipbookSimulation
@testable import FlipbookSceneFile

/// Item templates (docs/scene-format.md#item-templates): a repeat stands for its copies, with
/// `{i}` filled and arrays cycled; a named template is merged under the item's own fields; an
/// error in a copy is named at the template, with the copy.
final class ItemTemplateTests: XCTestCase {
    static let colours = ["#E53935", "#1E88E5", "#43A047"]

    func scene(items: String, top: String = "") -> String {
        """
        {"canvas": {"width": 375, "height": 667, "scale": 1}, "duration": 1, \(top)
         "collectionView": {"layout": {"type": "wallet"}, "items": \(items)},
         "script": [{"at": 0.2, "action": "scrollTo", "contentOffset": {"y": 900}, "duration": 0.5}]}
        """
    }

    /// A 100-card scene in a few lines is the same scene, frame for frame, as the 100 items
    /// written out — built here by hand from the rule ({i}, {i+1}, colours cycled).
    func testARepeatedCardIsTheListWrittenOut() throws {
        let colourList = Self.colours.map { "\"\($0)\"" }.joined(separator: ", ")
        let templated = scene(items: ##"{"repeat": 100, "id": "card{i}", "title": "Card {i+1}", "subtitle": "#{i-1}", "color": [\##(colourList)]}"##)
        let written = (0..<100).map { i in ##"{"id": "card\##(i)", "title": "Card \##(i + 1)", "subtitle": "#\##(i - 1)", "color": "\##(Self.colours[i % 3])"}"## }
        let explicit = scene(items: "[" + written.joined(separator: ", ") + "]")
        let a = try decode(templated), b = try decode(explicit)
        XCTAssertEqual(a.collectionView.sections[0].items, b.collectionView.sections[0].items)
        XCTAssertEqual(a.collectionView.sections[0].items[41].title, "Card 42")
        let ta = try Simulator.run(a), tb = try Simulator.run(b)
        XCTAssertEqual(ta.frames.count, 60)
        XCTAssertEqual(ta.frames, tb.frames, "the same frames")
    }

    func testATemplateIsMergedUnderTheItemsOwnFields() throws {
        let top = ##""templates": {"card": {"title": "Template", "subtitle": "from the template", "color": "#111111"}},"##
        let s = try decode(scene(items: #"[{"id": "a", "template": "card"}, {"id": "b", "template": "card", "title": "Own"},"# +
                                        ##" {"repeat": 2, "template": "card", "id": "r{i}", "color": ["#222222", "#333333"]}]"##, top: top))
        let items = s.collectionView.sections[0].items
        XCTAssertEqual(items.map(\.id), ["a", "b", "r0", "r1"])
        XCTAssertEqual(items.map(\.title), ["Template", "Own", "Template", "Template"])
        XCTAssertEqual(items.map(\.subtitle), Array(repeating: "from the template", count: 4))
        XCTAssertEqual(items.map(\.color), ["#111111", "#111111", "#222222", "#333333"].map { Color(hex: $0)! })
    }

    func testPlaceholdersOnlyWhereTheyAre() {
        XCTAssertEqual(ItemTemplates.fill("card{i}", 7), "card7")
        XCTAssertEqual(ItemTemplates.fill("{i+1}/{i-10}", 7), "8/-3")
        XCTAssertEqual(ItemTemplates.fill("{i} {j} {i+x} {i", 3), "3 {j} {i+x} {i", "anything else stays as written")
    }

    /// Errors name the field where the file wrote it and the copy: a bad colour in the cycle, a
    /// duplicate id from a repeat without {i} (found by Scene.validate), an unknown template.
    func testErrorsPointIntoTheTemplateWithTheCopy() {
        func error(_ text: String) -> InputError? {
            do { _ = try decode(text); return nil } catch { return error as? InputError }
        }
        let colour = error(scene(items: ##"{"repeat": 5, "id": "c{i}", "color": ["#E53935", "#1E88E5", "nope"]}"##))
        XCTAssertEqual(colour?.path, "$.collectionView.items.color")
        XCTAssertEqual(colour?.message.contains("copy 2 of the repeat"), true, "\(String(describing: colour))")
        XCTAssertEqual(colour?.line, 2)

        let duplicate = error(scene(items: #"[{"id": "x"}, {"repeat": 3, "id": "same"}]"#))
        XCTAssertEqual(duplicate?.path, "$.collectionView.items[1].id", "\(String(describing: duplicate))")
        XCTAssertEqual(duplicate?.message.contains("first used at $.collectionView.items[1].id (copy 0)"), true, "\(String(describing: duplicate))")
        XCTAssertEqual(duplicate?.message.hasSuffix("(copy 1 of the repeat, {i} = 1)"), true, "\(String(describing: duplicate))")

        let unknown = error(scene(items: #"[{"id": "x", "template": "crad"}]"#, top: #""templates": {"card": {"title": "T"}},"#))
        XCTAssertEqual(unknown?.path, "$.collectionView.items[0].template")
        XCTAssertEqual(unknown?.message.contains("did you mean"), true, "\(String(describing: unknown))")

        XCTAssertEqual(error(scene(items: #"{"repeat": 0, "id": "c{i}"}"#))?.path, "$.collectionView.items.repeat")
        XCTAssertEqual(error(scene(items: #"{"repeat": 2, "id": "c{i}", "title": []}"#))?.path, "$.collectionView.items.title")
    }

    /// A small file cannot expand into gigabytes: the copies' size is measured before copying
    /// (here 100,000 copies of a 5,000-character title: about 500 MB against 256 MB), across
    /// sections too, and the refusal names the repeat.
    func testTemplateExpansionIsMeasuredBeforeCopying() throws {
        let title = String(repeating: "x", count: 5000)
        let bomb = scene(items: #"{"repeat": 100000, "id": "c{i}", "title": "\#(title)"}"#)
        var decoder = SceneDecoder()
        decoder.maxTemplateBytes = 256 << 20
        XCTAssertThrowsError(try decoder.decode(Array(bomb.utf8), file: "bomb.json")) { e in
            let e = e as? InputError
            XCTAssertEqual(e?.path, "$.collectionView.items.repeat")
            XCTAssertEqual(e?.message.hasPrefix("expected a repeat whose copies fit the memory budget: 100000 copies of about 5"), true, "\(String(describing: e))")
        }
        // Within the budget the same repeat expands.
        decoder.maxTemplateBytes = 1 << 30
        XCTAssertEqual(try decoder.decode(Array(scene(items: #"{"repeat": 1000, "id": "c{i}", "title": "\#(title)"}"#).utf8), file: "ok.json")
                        .collectionView.sections[0].items.count, 1000)
        // Sections share the budget: 3 x 40,000 copies are more than the scene's 100,000 items.
        let sections = #"{"layout": {"type": "flow"}, "sections": [{"items": {"repeat": 40000, "id": "a{i}"}}, {"items": {"repeat": 40000, "id": "b{i}"}}, {"items": {"repeat": 40000, "id": "c{i}"}}]}"#
        let text = """
        {"canvas": {"width": 375, "height": 667, "scale": 1}, "duration": 1, "collectionView": \(sections)}
        """
        XCTAssertThrowsError(try SceneDecoder().decode(Array(text.utf8), file: "s.json")) { e in
            XCTAssertEqual((e as? InputError)?.path, "$.collectionView.sections[2].items.repeat", "\(e)")
        }
    }

    func testUnknownTemplateListsAFewNames() {
        let names = (0..<2008).map { "\"t\($0)\": {\"title\": \"T\"}" }.joined(separator: ", ")
        do {
            _ = try decode(scene(items: #"[{"id": "x", "template": "nope"}]"#, top: #""templates": {\#(names)},"#))
            XCTFail("accepted")
        } catch {
            let text = "\(error)"
            XCTAssertTrue(text.contains("… and 1,998 more"), text)
            XCTAssertLessThan(text.count, 300, text)
        }
    }
}
