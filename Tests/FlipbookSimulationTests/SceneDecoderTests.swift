import XCTest
import FlipbookCore
import FlipbookLayout
import FlipbookAnimation
@testable import FlipbookSimulation
@testable import FlipbookEffects
@testable import FlipbookSceneFile
import Flipbook

final class SceneDecoderTests: XCTestCase {
    func testDefaults() throws {
        let s = try decode(minimalScene(), file: "dir/my-scene.json")
        XCTAssertEqual(s.name, "my-scene")
        XCTAssertEqual(s.fps, 60)
        XCTAssertEqual(s.canvas.scale, 2)
        XCTAssertEqual(s.frameCount, 60)
        XCTAssertEqual(s.collectionView.frame, Rect(x: 0, y: 0, width: 375, height: 667))
        XCTAssertEqual(s.collectionView.initialContentOffset, .zero)
        XCTAssertEqual(s.collectionView.sections.first?.items.map(\.id), ["a", "b"])
        XCTAssertEqual(s.collectionView.sections.first?.items[1].color, ItemPalette.color(at: 1))
        XCTAssertTrue(s.collectionView.layout is WalletLayout)
    }

    func testScriptActionsAndCurves() throws {
        let s = try decode(minimalScene(collectionView: #", "contentInset": {"top": 44}"#, script: """
        [{"at": 0.5, "action": "scrollTo", "contentOffset": {"y": 100}},
         {"at": 0.7, "action": "scrollTo", "contentOffset": {"x": 3}, "duration": 1, "curve": [0.1, 0.2, 0.3, 0.4]},
         {"at": 0, "action": "setContentOffset", "contentOffset": {"y": -80}}]
        """))
        XCTAssertEqual(s.collectionView.initialContentOffset, Point(x: 0, y: -44), "UIKit rests at −inset")
        guard case .scrollTo(nil, 100, .curve(let c, let d)) = s.script[0].action else { return XCTFail() }
        XCTAssertEqual(c, .easeInEaseOut)
        XCTAssertEqual(d, 0.25, "the default transition")
        guard case .scrollTo(3, nil, .curve(let c2, 1)) = s.script[1].action else { return XCTFail() }
        XCTAssertEqual(c2, TimingCurve(controlPoints: 0.1, 0.2, 0.3, 0.4))
        XCTAssertEqual(s.script[1].path, "$.script[1]")
    }

    func testExampleDecodes() throws {
        let s = try loadExample("wallet-scroll")
        XCTAssertEqual(s.collectionView.sections[0].items.count, 10)
        XCTAssertEqual(s.collectionView.contentInset, EdgeInsets(top: 44, left: 10, bottom: 10, right: 20))
    }

    /// Each bad scene must fail with the JSON path of the offending field and say what was expected.
    let item = #"{"size": {"width": {"fractionalWidth": 1}, "height": {"fractionalHeight": 1}}}"#
    func compositional(group: String, section: String = "") -> String {
        minimalScene(layout: #"{"type": "compositional", "sections": [{"group": {"direction": "horizontal", \#(group)}\#(section)}]}"#)
    }

    func testBadScenesNameTheField() {
        let cases: [(String, String, String)] = [
            (#"{"canvas": "#, "", "malformed JSON"),
            (minimalScene(canvas: #"{"width": 375}"#), "$.canvas.height", "missing required field"),
            (minimalScene(canvas: #"{"width": "wide", "height": 667}"#), "$.canvas.width", "expected a number, got \"wide\""),
            (minimalScene(canvas: #"{"width": 375, "height": 667, "scale": 4}"#), "$.canvas.scale", "whole number from 1 to 3"),
            (minimalScene(canvas: #"{"width": 375, "height": 667, "scale": 1.5}"#), "$.canvas.scale", "whole number"),
            (minimalScene(canvas: #"{"width": 4000, "height": 667, "scale": 3}"#), "$.canvas", "at most 8192 pixels"),
            (minimalScene(canvas: #"{"width": 1e9, "height": 667}"#), "$.canvas.width", "≤ 4096"),
            (minimalScene(canvas: #"{"width": 375, "height": 667, "background": "red"}"#), "$.canvas.background", "colour"),
            (minimalScene(top: #""fps": 0,"#), "$.fps", "from 1 to 240"),
            (minimalScene(top: #""fps": 500,"#), "$.fps", "from 1 to 240"),
            (minimalScene(top: #""fps": 60.5,"#), "$.fps", "whole number"),
            (minimalScene(top: #""fsp": 60,"#), "$.fsp", "unknown field"),
            (minimalScene().replacingOccurrences(of: #""duration": 1"#, with: #""duration": -1"#), "$.duration", "expected a number > 0"),
            (minimalScene().replacingOccurrences(of: #""duration": 1"#, with: #""duration": 3000"#), "$.duration", "at most 36000 frames"),
            (minimalScene().replacingOccurrences(of: #""duration": 1,"#, with: ""), "$.duration", "missing required field"),
            (minimalScene(layout: #"{"type": "grid"}"#), "$.collectionView.layout.type", #"one of "wallet", "flow""#),
            (minimalScene(layout: #"{"cellHeight": 200}"#), "$.collectionView.layout.type", "missing required field"),
            (minimalScene(layout: #"{"type": "wallet", "cellHeight": -5}"#), "$.collectionView.layout.cellHeight", "> 0"),
            (minimalScene(layout: #"{"type": "wallet", "itemSize": {"width": 1, "height": 1}}"#), "$.collectionView.layout.itemSize", "unknown field"),
            (minimalScene(items: #"[{"id": "a"}, {"id": "a"}]"#), "$.collectionView.items[1].id", #"duplicate id "a" (first used at $.collectionView.items[0].id)"#),
            (minimalScene(items: #"[{"title": "x"}]"#), "$.collectionView.items[0].id", "missing required field"),
            (minimalScene(items: ##"[{"id": "a", "color": "#12"}]"##), "$.collectionView.items[0].color", "colour"),
            (minimalScene(items: #"[{"id": "a", "width": 10}]"#), "$.collectionView.items[0]", "both \"width\" and \"height\""),
            (minimalScene(items: #"{"id": "a"}"#), "$.collectionView.items", "expected an array"),
            (minimalScene(script: #"[{"at": 1, "action": "fly"}]"#), "$.script[0].action", "one of"),
            (minimalScene(script: #"[{"action": "scrollTo", "contentOffset": {"y": 1}}]"#), "$.script[0].at", "missing required field"),
            (minimalScene(script: #"[{"at": -1, "action": "scrollTo", "contentOffset": {"y": 1}}]"#), "$.script[0].at", "from 0 to 3600, got -1"),
            (minimalScene(script: #"[{"at": 1, "action": "scrollTo", "contentOffset": {"y": 1}, "duration": -0.5}]"#), "$.script[0].duration", "from 0 to 3600, got -0.5"),
            (minimalScene(script: #"[{"at": 1, "action": "scrollTo", "contentOffset": {"y": 1}, "curve": "bouncy"}]"#), "$.script[0].curve", "curve name"),
            (minimalScene(script: #"[{"at": 1, "action": "scrollTo", "contentOffset": {"y": 1}, "curve": [2, 0, 1, 1]}]"#), "$.script[0].curve[0]", "from 0 to 1"),
            (minimalScene(script: #"[{"at": 1, "action": "scrollTo", "contentOffset": {}}]"#), "$.script[0].contentOffset", "at least one of"),
            (minimalScene(script: #"[{"at": 1, "action": "setContentOffset", "contentOffset": {"y": 1}, "duration": 1}]"#), "$.script[0].duration", "does not apply"),
            (minimalScene(collectionView: #", "sections": []"#), "$.collectionView.sections", "either \"items\" or \"sections\""),
            // Compositional layouts: each bad value named where it is.
            (compositional(group: #""size": {"width": {"fractionalWidth": 0}, "height": {"absolute": 50}}, "items": [\#(item)]"#),
             "$.collectionView.layout.sections[0].group.size.width.fractionalWidth", "a fraction > 0 and ≤ 100"),
            (compositional(group: #""size": {"width": {"fractionalWidth": 1}, "height": {"absolute": 50}}, "items": []"#),
             "$.collectionView.layout.sections[0].group.items", "at least one item"),
            (compositional(group: #""size": {"width": {"fractionalWidth": 1}, "height": {"absolute": 50}}, "items": [\#(item)], "count": 0"#),
             "$.collectionView.layout.sections[0].group.count", "a whole number from 1 to 1000"),
            (compositional(group: #""size": {"width": {"fractionalWidth": 1}, "height": {"absolute": 50}}, "items": [\#(item)]"#, section: #", "orthogonalScrollingBehavior": "carousel""#),
             "$.collectionView.layout.sections[0].orthogonalScrollingBehavior", #"one of "none", "continuous""#),
            (compositional(group: #""size": {"width": {"fractional": 1}, "height": {"absolute": 50}}, "items": [\#(item)]"#),
             "$.collectionView.layout.sections[0].group.size.width.fractional", "unknown field"),
            (compositional(group: #""size": {"width": {"fractionalWidth": 1}, "height": {"absolute": 50}}, "items": [\#(item)]"#,
                           section: #", "boundarySupplementaryItems": [{"kind": "footer", "size": {"width": {"fractionalWidth": 1}, "height": {"absolute": 800}}, "pinToVisibleBounds": true}]"#),
             "$.collectionView.layout.sections[0].boundarySupplementaryItems[0].size", "a pinned footer no longer than the view"),
            (compositional(group: #""size": {"width": {"fractionalWidth": 1}, "height": {"absolute": 50}}, "items": [\#(item)]"#,
                           section: #", "boundarySupplementaryItems": [{"kind": "header", "size": {"width": {"fractionalWidth": 1}, "height": {"absolute": 40}}, "alignment": "leading"}]"#),
             "$.collectionView.layout.sections[0].boundarySupplementaryItems[0].alignment", #""top" or "bottom" in a vertical layout"#),
        ]
        for (text, path, fragment) in cases {
            XCTAssertThrowsError(try decode(text), "\(path): should fail") { e in
                guard let e = e as? InputError else { return XCTFail("not an InputError: \(e)") }
                XCTAssertEqual(e.file, "t.json")
                XCTAssertEqual(e.path, path, e.description)
                XCTAssertTrue(e.message.contains(fragment), "\(path): \(e.message)")
                XCTAssertNotNil(e.line, e.description)
                XCTAssertFalse(e.description.contains("\n"), "one line")
            }
        }
    }

    /// A typo is answered against the type at hand: a flow layout's unknown field lists the flow
    /// layout's fields and none of the wallet's; a misspelt type or action is named as such,
    /// with the known ones and the nearest (edit distance, or a case slip).
    func testErrorsNameOnlyTheFieldsOfTheTypeAtHand() throws {
        func message(_ text: String) -> InputError? {
            do { _ = try decode(text); return nil } catch { return error as? InputError }
        }
        let flow = try XCTUnwrap(message(minimalScene(layout: #"{"type": "flow", "itemSize": {"width": 10, "height": 10}, "minimumLineSpcing": 4}"#)))
        XCTAssertEqual(flow.path, "$.collectionView.layout.minimumLineSpcing")
        let listed = flow.message.components(separatedBy: "expected one of: ")[1].components(separatedBy: ";")[0].components(separatedBy: ", ")
        XCTAssertEqual(Set(listed), Set(["type"] + FlowLayout.fieldNames), flow.message)
        XCTAssertFalse(flow.message.contains("cellHeight"), "no wallet field: \(flow.message)")
        XCTAssertTrue(flow.message.hasSuffix(#"did you mean "minimumLineSpacing"?"#), flow.message)

        let type = try XCTUnwrap(message(minimalScene(layout: #"{"type": "carousel", "sections": []}"#)))
        XCTAssertEqual(type.path, "$.collectionView.layout.type", "an unknown type, not an unknown field: \(type.message)")
        XCTAssertTrue(type.message.contains(#"expected one of "wallet", "flow", "absolute", "compositional", "list", got "carousel""#), type.message)

        let cased = try XCTUnwrap(message(minimalScene(layout: #"{"type": "Flow"}"#)))
        XCTAssertTrue(cased.message.hasSuffix(#"did you mean "flow"?"#), cased.message)

        let action = try XCTUnwrap(message(minimalScene(script: #"[{"at": 0, "action": "Flick", "from": {"x": 1, "y": 1}, "velocity": {"y": 1}}]"#)))
        XCTAssertEqual(action.path, "$.script[0].action", "a mis-cased action, not an unknown field: \(action.message)")
        XCTAssertTrue(action.message.hasSuffix(#"did you mean "flick"?"#), action.message)

        let field = try XCTUnwrap(message(minimalScene(script: #"[{"at": 0, "action": "flick", "from": {"x": 1, "y": 1}, "velocty": {"y": 1}}]"#)))
        XCTAssertEqual(field.message, #"field "velocty" does not apply to action "flick"; expected one of: finger, from, velocity, duration; did you mean "velocity"?"#)
    }

    func testBatchUpdatesNameOnlyMainViewItems() {
        let text = minimalScene(top: #""views": [{"id": "page", "layout": {"type": "flow"}, "items": [{"id": "p1"}]}],"#,
                                script: #"[{"at": 0, "action": "performBatchUpdates", "updates": [{"delete": "p1"}]}]"#)
        XCTAssertThrowsError(try decode(text)) { e in
            XCTAssertEqual((e as! InputError).path, "$.script[0].updates[0].delete")
            XCTAssertTrue((e as! InputError).message.contains("not in the main collection view"))
        }
        // The same id in an animation is fine: animations find the view that holds the item.
        XCTAssertNoThrow(try decode(minimalScene(top: #""views": [{"id": "page", "layout": {"type": "flow"}, "items": [{"id": "p1"}]}],"#,
                                                 script: #"[{"at": 0, "action": "animate", "changes": [{"item": "p1", "alpha": 0}]}]"#)))
    }

    func testNaNAndInfinityAreNotJSON() {
        for text in [minimalScene(top: #""fps": NaN,"#), minimalScene().replacingOccurrences(of: #""duration": 1"#, with: #""duration": 1e999"#)] {
            XCTAssertThrowsError(try decode(text)) { e in
                XCTAssertTrue((e as! InputError).message.hasPrefix("malformed JSON"), "\(e)")
            }
        }
    }
}

/// Item lists are parsed compact and plain items are read straight from their members; any
/// other item goes field by field. Both ways must give the same scene and the same errors.
final class CompactItemListTests: XCTestCase {
    func outcome(_ bytes: [UInt8], compact: Bool, file: String = "t.json") -> String {
        var decoder = SceneDecoder()
        decoder.compactsItemLists = compact
        do {
            let s = try decoder.decode(bytes, file: file)
            return (s.allViews.map { "\($0.id): \($0.sections)" } + ["chrome: \(s.chrome)"]).joined(separator: "\n")
        } catch {
            return "error: \(error)"
        }
    }

    func testEveryExampleDecodesTheSameEitherWay() throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: packageRoot.appendingPathComponent("examples").path)
            .filter { $0.hasSuffix(".json") }.sorted()
        XCTAssertGreaterThan(names.count, 10)
        for name in names {
            let bytes = [UInt8](try Data(contentsOf: packageRoot.appendingPathComponent("examples/\(name)")))
            let compact = outcome(bytes, compact: true, file: "examples/" + name)
            XCTAssertFalse(compact.hasPrefix("error"), name)
            XCTAssertEqual(compact, outcome(bytes, compact: false, file: "examples/" + name), name)
        }
    }

    func testItemsWithProblemsFailTheSameEitherWay() {
        let lists = [
            ##"[{"id": "a", "title": "A", "subtitle": "s", "color": "#112233"}, {"id": 7}, {"id": "c", "title": "卡片"}]"##,
            #"[{"id": "a"}, {"id": "a"}]"#,
            #"[{"id": "a"}, {"id": ""}]"#,
            #"[{"id": 1.5}]"#,
            #"[{"id": "a", "color": "red"}]"#,
            #"[{"id": "a", "title": 3}]"#,
            #"[{"id": "a", "tilte": "x"}]"#,
            #"[{"title": "no id"}]"#,
            #"[{"id": "a", "width": 10}]"#,
            #"[{"id": "a", "width": 10, "height": 20}, {"id": "b", "style": {"cornerRadius": 3}}]"#,
            #"[{"id": "a"}, 3]"#,
            #"[{"id": "a.header"}]"#,
            #"[{"id": "a", "title": "\ufdd0"}]"#,
            #"[{"id": "a", "title": "x\u0000"}]"#,
            #"[{"id": "collectionView"}]"#,
        ]
        for items in lists {
            let bytes = Array(minimalScene(items: items).utf8)
            XCTAssertEqual(outcome(bytes, compact: true), outcome(bytes, compact: false), items)
        }
        // And with sections, where a problem's path names the section.
        let sections = ##""sections": [{"id": "s", "items": [{"id": "a"}, {"id": "b", "color": "#12"}]}]"##
        let text = #"{"canvas": {"width": 375, "height": 667}, "duration": 1, "collectionView": {"layout": {"type": "flow"}, "# + sections + "}}"
        let compact = outcome(Array(text.utf8), compact: true)
        XCTAssertEqual(compact, outcome(Array(text.utf8), compact: false))
        XCTAssertTrue(compact.contains("$.collectionView.sections[0].items[1].color"), compact)
    }

    /// A list long enough to be decoded and checked on several threads (Parallel.minimumCount)
    /// reads as a short one does: every item in its place with its own fields and default
    /// colour, and the problem reported is the first in the file, at its line and column.
    func testLongListsReadInOrder() throws {
        let n = 3 * Parallel.minimumCount
        func items(_ special: [Int: String]) -> String {
            "[" + (0..<n).map { special[$0] ?? #"{"id": "i\#($0)", "title": "Card \#($0)"}"# }.joined(separator: ",\n") + "]"
        }
        // Two items that need the field-by-field path, in the second half.
        let sized = 2 * Parallel.minimumCount + 5
        let styled = n - 1
        let s = try decode(minimalScene(items: items([
            sized: #"{"id": "sized", "width": 10, "height": 20}"#,
            styled: #"{"id": "styled", "style": {"cornerRadius": 3}}"#,
        ]), layout: #"{"type": "flow"}"#))
        let got = s.collectionView.sections[0].items
        XCTAssertEqual(got.count, n)
        for i in 0..<n where i != sized && i != styled {
            XCTAssertEqual(got[i].id, "i\(i)")
            XCTAssertEqual(got[i].title, "Card \(i)")
            XCTAssertEqual(got[i].color, ItemPalette.color(at: i))
        }
        XCTAssertEqual(got[sized].id, "sized")
        XCTAssertEqual(got[sized].size, Size(width: 10, height: 20))
        XCTAssertEqual(got[sized].color, ItemPalette.color(at: sized))
        XCTAssertEqual(got[styled].style?.cornerRadius, 3)

        // A duplicate id late in the list names both places; its line is its index + 2 (the
        // list starts on line 2, an item a line).
        let late = n - 10
        XCTAssertThrowsError(try decode(minimalScene(items: items([late: #"{"id": "i3"}"#]), layout: #"{"type": "flow"}"#))) { e in
            guard let e = e as? InputError else { return XCTFail("\(e)") }
            XCTAssertEqual(e.path, "$.collectionView.items[\(late)].id")
            XCTAssertEqual(e.message, #"duplicate id "i3" (first used at $.collectionView.items[3].id)"#)
            XCTAssertEqual(e.line, late + 2)
        }
        // A bad colour is the decoder's to find, and it is reported even when a duplicate comes
        // before it: the decoder reads every field before the scene's checks run.
        XCTAssertThrowsError(try decode(minimalScene(items: items([100: #"{"id": "i3"}"#, late: #"{"id": "x", "color": "red"}"#]),
                                                     layout: #"{"type": "flow"}"#))) { e in
            XCTAssertEqual((e as? InputError)?.path, "$.collectionView.items[\(late)].color")
        }
    }

    /// A view written with "items" (one section) is named that way in a message, in its own
    /// path and in the place an id was first used.
    func testDuplicatesAcrossViewsNameTheFilesPaths() {
        let text = minimalScene(top: #""views": [{"id": "page", "layout": {"type": "flow"}, "items": [{"id": "p1"}, {"id": "a"}]}],"#)
        XCTAssertThrowsError(try decode(text)) { e in
            guard let e = e as? InputError else { return XCTFail("\(e)") }
            XCTAssertEqual(e.path, "$.views[0].items[1].id")
            XCTAssertEqual(e.message, #"duplicate id "a" (first used at $.collectionView.items[0].id)"#)
            XCTAssertNotNil(e.line)
        }
    }


    /// A character none of Flipbook's fonts draws is named, with its code point, where the file
    /// writes it — never left blank on every frame; symbols the fonts have pass.
    func testCharacterNoFontDrawsIsNamed() throws {
        func scene(_ title: String) -> String {
            #"{"canvas": {"width": 200, "height": 200}, "duration": 1, "collectionView": {"layout": {"type": "flow"}, "items": [{"id": "a", "title": "\#(title)"}]}}"#
        }
        XCTAssertThrowsError(try decode(scene("Close ✕"))) { error in
            let e = error as! InputError
            XCTAssertEqual(e.path, "$.collectionView.items[0].title")
            XCTAssertTrue(e.message.contains("\"✕\" (U+2715)"), e.message)
        }
        XCTAssertNoThrow(try decode(scene("Done ✓ ★ → ⌘ 中文 👨‍👩‍👧 e\u{301} 1️⃣ 🇯🇵")))
    }
}
