import XCTest
import FlipbookCore
import FlipbookGraphics
@testable import FlipbookSimulation
@testable import FlipbookSceneFile
import FlipbookLayout

/// Self-sizing cells outside lists: a flow layout with an estimatedItemSize and a compositional
/// section of estimated height. Each expected size is built here from the rule: the label's
/// typeset height at the text's width (the typesetter's own measure, as drawing uses it), plus
/// 12 pt above and below and 2 pt between title and subtitle; a flow cell with no width of its
/// own is its widest label's one-line width plus 16 pt each side.
final class SelfSizingCellTests: XCTestCase {
    func typeset(_ text: String, width: Double, size: Double, bold: Bool, lines: Int) throws -> Double {
        try Typesetter.height(of: TextElement(text: text, frame: Rect(x: 0, y: 0, width: width, height: 0), fontSize: size,
                                              weight: bold ? .bold : .regular, numberOfLines: lines)).rounded(.up)
    }

    func cells(_ t: Timeline, frame i: Int = 0) -> [String: Rect] {
        Dictionary(uniqueKeysWithValues: t.frames[i].items.filter { $0.kind == .cell }.map { ($0.id, $0.frame) })
    }

    static let body = "Self-sizing cells are measured by the same typesetter that draws them, so a long body wraps onto as many lines as it needs."

    func flowScene(estimated: String = #""automatic""#, script: String = "[]") -> String {
        minimalScene(collectionView: #", "cell": {"titleNumberOfLines": 0}"#,
                     items: #"[{"id": "tag", "title": "Swift"}, {"id": "card", "title": "Notes", "subtitle": "\#(Self.body)", "width": 343, "height": 44},"# +
                            #" {"id": "next", "title": "Below", "width": 343, "height": 44}]"#,
                     layout: #"{"type": "flow", "estimatedItemSize": \#(estimated), "minimumLineSpacing": 8, "sectionInset": {"top": 16, "left": 16, "bottom": 16, "right": 16}}"#,
                     script: script)
    }

    func testFlowCellsAreTheirTextsSize() throws {
        for estimated in [#""automatic""#, #"{"width": 100, "height": 30}"#] {
            let c = cells(try Simulator.run(try decode(flowScene(estimated: estimated)), frames: 0...0))
            // The tag: as wide as "Swift" in bold 17 pt plus 16 pt each side, one line tall plus 24.
            let natural = try Typesetter.naturalWidth(of: "Swift", fontSize: 17, weight: .bold)
            let tag = c["tag"]!
            XCTAssertEqual(tag.width, (natural + 32).rounded(.up), accuracy: 1e-9)
            XCTAssertEqual(tag.height, try typeset("Swift", width: tag.width - 32, size: 17, bold: true, lines: 0) + 24, accuracy: 1e-9)
            XCTAssertEqual(tag.minY, 16, accuracy: 1e-9)
            // The card keeps its own width, as a width constraint would; its body wraps.
            let card = c["card"]!
            XCTAssertEqual(card.width, 343)
            let title = try typeset("Notes", width: 311, size: 17, bold: true, lines: 0)
            let body = try typeset(Self.body, width: 311, size: 13, bold: false, lines: 0)
            XCTAssertGreaterThan(body, 13 * 2.5, "the body wraps onto three lines or more")
            XCTAssertEqual(card.height, 12 + title + 2 + body + 12, accuracy: 1e-9)
            // Lines: a line of one item is centred; the next line starts minimumLineSpacing below.
            XCTAssertEqual(card.minY, tag.maxY + 8, accuracy: 1e-9)
            XCTAssertEqual(c["next"]!.minY, card.maxY + 8, accuracy: 1e-9)
            // A given height is a minimum: "Below" asks for 44 or its one line plus 24, whichever is more.
            XCTAssertEqual(c["next"]!.height, max(44, try typeset("Below", width: 311, size: 17, bold: true, lines: 0) + 24), accuracy: 1e-9)
            let tall = cells(try Simulator.run(try decode(flowScene(estimated: estimated).replacingOccurrences(of: #""title": "Below", "width": 343, "height": 44"#, with: #""title": "Below", "width": 343, "height": 90"#)), frames: 0...0))
            XCTAssertEqual(tall["next"]!.height, 90, "a given height larger than the text's stays")
        }
    }

    func testDrawnLabelsAreTheMeasuredOnes() throws {
        let t = try Simulator.run(try decode(flowScene()), frames: 0...0)
        let card = t.frames[0].items.first { $0.id == "card" }!
        let labels = card.appearance.content.compactMap { if case .text(let l) = $0 { return l } else { return nil } }
        XCTAssertEqual(labels.map(\.text), ["Notes", Self.body])
        XCTAssertEqual(labels[0].frame.minY, 12)
        XCTAssertEqual(labels[1].frame.minY, labels[0].frame.maxY + 2)
        XCTAssertEqual(labels[1].numberOfLines, 0)
        XCTAssertEqual(labels[1].frame.maxY, card.frame.height - 12, accuracy: 1e-9)
    }

    /// A reload that shortens the body re-measures the card; the cell below moves up with the
    /// batch update's animation (0.25 s default), monotonically, to exactly below the new height.
    func testAReloadReMeasuresAndTheCellsBelowFollow() throws {
        let script = #"[{"at": 0.2, "action": "performBatchUpdates", "updates": [{"reload": "card", "subtitle": "Short now."}]}]"#
        let scene = try decode(flowScene(script: script))
        let t = try Simulator.run(scene, frames: 0...(scene.frameCount - 1))
        let before = cells(t)["next"]!.minY
        let end = cells(t, frame: t.frames.count - 1)
        let newHeight = 12 + (try typeset("Notes", width: 311, size: 17, bold: true, lines: 0)) + 2 + (try typeset("Short now.", width: 311, size: 13, bold: false, lines: 0)) + 12
        XCTAssertEqual(end["card"]!.height, max(44, newHeight), accuracy: 1e-9)
        XCTAssertEqual(end["next"]!.minY, end["card"]!.maxY + 8, accuracy: 1e-9)
        XCTAssertLessThan(end["next"]!.minY, before - 20)
        let ys = t.frames.indices.map { cells(t, frame: $0)["next"]!.minY }
        for k in 1..<ys.count { XCTAssertLessThanOrEqual(ys[k], ys[k - 1] + 1e-9, "moves up monotonically at frame \(k)") }
        let fps = Double(scene.fps)
        let mid = Int((0.2 + 0.125) * fps)
        XCTAssertTrue(ys[mid] < before - 1 && ys[mid] > end["next"]!.minY + 1, "mid-animation between the two places")
    }

    func testCompositionalEstimatedRowsGrowToTheTallestItem() throws {
        let item = #"{"size": {"width": {"fractionalWidth": 0.5}, "height": {"estimated": 60}}}"#
        let layout = #"{"type": "compositional", "sections": [{"group": {"direction": "horizontal", "size": {"width": {"fractionalWidth": 1}, "height": {"estimated": 60}}, "items": [\#(item), \#(item)]}, "interGroupSpacing": 10, "contentInsets": {"top": 16, "leading": 16, "bottom": 16, "trailing": 16}}]}"#
        let items = #"[{"id": "a", "title": "One"}, {"id": "b", "title": "Two", "subtitle": "\#(Self.body)"}, {"id": "c", "title": "Three"}]"#
        let c = cells(try Simulator.run(try decode(minimalScene(collectionView: #", "cell": {"titleNumberOfLines": 0}"#, items: items, layout: layout)), frames: 0...0))
        let column = (375.0 - 32) / 2
        let one = 12 + (try typeset("One", width: column - 32, size: 17, bold: true, lines: 0)) + 12
        let two = 12 + (try typeset("Two", width: column - 32, size: 17, bold: true, lines: 0)) + 2 + (try typeset(Self.body, width: column - 32, size: 13, bold: false, lines: 0)) + 12
        XCTAssertEqual(c["a"]!, Rect(x: 16, y: 16, width: column, height: one))
        XCTAssertEqual(c["b"]!.minX, 16 + column, accuracy: 1e-9)
        XCTAssertEqual(c["b"]!.height, two, accuracy: 1e-9)
        XCTAssertGreaterThan(two, one + 30)
        // The second group starts below the first's tallest item.
        XCTAssertEqual(c["c"]!.minY, 16 + two + 10, accuracy: 1e-9)
        XCTAssertEqual(c["c"]!.height, one, accuracy: 1e-9)
    }

    func testCompositionalStackedGroupsSumTheirItems() throws {
        let layout = #"{"type": "compositional", "sections": [{"group": {"direction": "vertical", "size": {"width": {"fractionalWidth": 1}, "height": {"estimated": 100}}, "interItemSpacing": {"fixed": 4}, "items": [{"size": {"width": {"fractionalWidth": 1}, "height": {"estimated": 40}}}, {"size": {"width": {"fractionalWidth": 1}, "height": {"absolute": 30}}}]}, "interGroupSpacing": 10}]}"#
        let items = #"[{"id": "a", "title": "One", "subtitle": "\#(Self.body)"}, {"id": "b", "title": "Fixed"}, {"id": "c", "title": "Next"}]"#
        let c = cells(try Simulator.run(try decode(minimalScene(collectionView: #", "cell": {"titleNumberOfLines": 0}"#, items: items, layout: layout)), frames: 0...0))
        let a = 12 + (try typeset("One", width: 375 - 32, size: 17, bold: true, lines: 0)) + 2 + (try typeset(Self.body, width: 375 - 32, size: 13, bold: false, lines: 0)) + 12
        XCTAssertEqual(c["a"]!, Rect(x: 0, y: 0, width: 375, height: a))
        XCTAssertEqual(c["b"]!, Rect(x: 0, y: a + 4, width: 375, height: 30))
        XCTAssertEqual(c["c"]!.minY, a + 4 + 30 + 10, accuracy: 1e-9)
    }

    func testABadEstimateIsNamed() {
        for (value, expected) in [(#""auto""#, #""automatic""#), (#"{"width": -1, "height": 10}"#, "> 0")] {
            XCTAssertThrowsError(try decode(flowScene(estimated: value)).validate()) { e in
                let error = e as? InputError
                XCTAssertEqual(error?.path.hasPrefix("$.collectionView.layout.estimatedItemSize"), true, "\(String(describing: error))")
                XCTAssertEqual(error?.message.contains(expected), true, "\(String(describing: error))")
            }
        }
    }
}

/// A list built in Swift looks like the same list read from a file: the defaults live in the spec.
final class ListSpecDefaultsTests: XCTestCase {
    func testCodeBuiltListsTakeTheirAppearancesLooks() throws {
        let frame = Rect(x: 0, y: 0, width: 375, height: 667)
        let inset = CollectionViewSpec(frame: frame, layout: ListLayout(appearance: .insetGrouped), sections: [])
        XCTAssertEqual(inset.backgroundColor, Color(red: 242 / 255, green: 242 / 255, blue: 247 / 255), "systemGroupedBackground #F2F2F7")
        // UIKit's default header, groupedHeader(): 13 pt grey, regular, at the 16 pt margin.
        XCTAssertEqual(inset.headerStyle.titleSize, 13)
        XCTAssertEqual(inset.headerStyle.titleColor, Color(red: 108 / 255, green: 108 / 255, blue: 108 / 255))
        XCTAssertEqual(inset.headerStyle.titleWeight, .regular)
        XCTAssertEqual(inset.headerStyle.contentInsets?.left, 16)
        let plain = CollectionViewSpec(frame: frame, layout: ListLayout(appearance: .plain), sections: [])
        XCTAssertEqual(plain.backgroundColor, .white)
        XCTAssertEqual(plain.headerStyle.titleSize, 13)
        XCTAssertEqual(plain.footerStyle.contentInsets?.left, 16)
        XCTAssertEqual(plain.footerStyle.titleWeight, .regular, "UIKit's list footers are regular")
        // Drawn so: the settings example's footer and headers in regular 13 pt.
        let t = try Simulator.run(try loadExample("settings-list"), frames: 0...0)
        func weights(_ kind: ElementKind) -> [FontWeight] {
            t.frames[0].items.filter { $0.kind == kind }.flatMap { $0.appearance.content.compactMap { if case .text(let l) = $0 { return l.weight } else { return nil } } }
        }
        XCTAssertFalse(weights(.sectionFooter).isEmpty)
        XCTAssertEqual(Set(weights(.sectionFooter)), [.regular])
        XCTAssertEqual(Set(weights(.sectionHeader)), [.regular])
        let decoded = try decode(minimalScene(layout: #"{"type": "list", "appearance": "insetGrouped"}"#)).collectionView
        XCTAssertEqual(decoded.backgroundColor, inset.backgroundColor)
        XCTAssertEqual(decoded.headerStyle.titleSize, inset.headerStyle.titleSize)
        XCTAssertEqual(decoded.headerStyle.contentInsets, inset.headerStyle.contentInsets)
    }
}
