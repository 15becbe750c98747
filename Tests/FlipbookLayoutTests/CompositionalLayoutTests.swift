import XCTest
import FlipbookCore
@testable import FlipbookLayout

/// Frames checked against UIKit's documented rules, each computed here from the numbers alone:
/// fractional sizes relative to the container (the section's width less its insets for a
/// group, the group for an item), count groups filling their length, nested groups, fixed and
/// flexible spacing, insets, boundary items, pinning and pushing, section backgrounds, and the
/// resting places of each orthogonal behaviour.
final class CompositionalLayoutTests: XCTestCase {
    typealias C = CompositionalLayout

    func size(_ w: C.Dimension, _ h: C.Dimension) -> C.LayoutSize { C.LayoutSize(widthDimension: w, heightDimension: h) }
    func item(_ w: C.Dimension = .fractionalWidth(1), _ h: C.Dimension = .fractionalHeight(1), insets: C.DirectionalEdgeInsets = .zero) -> C.Subitem {
        .item(C.Item(layoutSize: size(w, h), contentInsets: insets))
    }

    func prepared(_ layout: C, view: Size = Size(width: 375, height: 600), inset: EdgeInsets = .zero, counts: [Int]) -> C {
        var l = layout
        l.prepare(LayoutContext(bounds: Rect(origin: .zero, size: view), contentInset: inset, itemCounts: counts))
        return l
    }

    func frame(_ l: C, _ item: Int, _ section: Int = 0, offsets: [Int: Point] = [:]) -> Rect {
        l.layoutAttributesForItem(at: ItemIndexPath(item: item, section: section), orthogonalOffsets: offsets)!.frame
    }

    func assertFrame(_ a: Rect, _ b: Rect, _ what: String, file: StaticString = #filePath, line: UInt = #line) {
        for (x, y, n) in [(a.minX, b.minX, "x"), (a.minY, b.minY, "y"), (a.width, b.width, "width"), (a.height, b.height, "height")] {
            XCTAssertEqual(x, y, accuracy: 1e-9, "\(what) \(n): \(a) vs \(b)", file: file, line: line)
        }
    }

    /// A three-column grid, UIKit's `horizontal(layoutSize:repeatingSubitem:count: 3)`: the
    /// items share the group's width less two gaps, whatever their own width says.
    func testCountGroupFillsItsWidthAndRepeats() {
        let insets = C.DirectionalEdgeInsets(top: 10, leading: 16, bottom: 20, trailing: 16)
        var group = C.Group.horizontal(layoutSize: size(.fractionalWidth(1), .fractionalWidth(1.0 / 3)), repeatingSubitem: item(.absolute(999)), count: 3)
        group.interItemSpacing = .fixed(2)
        let l = prepared(C(section: C.Section(group: group, interGroupSpacing: 4, contentInsets: insets)), counts: [8])
        let width = 375.0 - 16 - 16, side = (width - 2 * 2) / 3, rowHeight = width / 3
        for k in 0..<8 {
            let expected = Rect(x: 16 + Double(k % 3) * (side + 2), y: 10 + Double(k / 3) * (rowHeight + 4), width: side, height: rowHeight)
            assertFrame(frame(l, k), expected, "item \(k)")
        }
        // Three rows (the last holds two items), the insets above and below.
        XCTAssertEqual(l.collectionViewContentSize.height, 10 + 3 * rowHeight + 2 * 4 + 20, accuracy: 1e-9)
        XCTAssertEqual(l.collectionViewContentSize.width, 375)
    }

    /// A big item beside a vertical group of two: three items a group, the fourth starts the next.
    func testNestedGroups() {
        let column = C.Group.vertical(layoutSize: size(.fractionalWidth(0.5), .fractionalHeight(1)),
                                      subitems: [item(.fractionalWidth(1), .fractionalHeight(0.5)), item(.fractionalWidth(1), .fractionalHeight(0.5))])
        let group = C.Group.horizontal(layoutSize: size(.fractionalWidth(1), .absolute(200)),
                                       subitems: [item(.fractionalWidth(0.5), .fractionalHeight(1)), .group(column)])
        XCTAssertEqual(group.itemCount, 3)
        let l = prepared(C(section: C.Section(group: group, interGroupSpacing: 10)), view: Size(width: 300, height: 600), counts: [4])
        assertFrame(frame(l, 0), Rect(x: 0, y: 0, width: 150, height: 200), "big")
        assertFrame(frame(l, 1), Rect(x: 150, y: 0, width: 150, height: 100), "top right")
        assertFrame(frame(l, 2), Rect(x: 150, y: 100, width: 150, height: 100), "bottom right")
        assertFrame(frame(l, 3), Rect(x: 0, y: 210, width: 150, height: 200), "next group")
        XCTAssertEqual(l.collectionViewContentSize.height, 410)
    }

    /// A group of one subitem repeats it while the next fits (UIKit's grid idiom): a fifth of the
    /// width gives five a row; 100 pt items 10 pt apart in 390 give three (a fourth would end at
    /// 430); an item of no length is placed once, not for ever.
    func testGroupOfOneSubitemRepeatsToFill() {
        let fifth = C.Group.horizontal(layoutSize: size(.fractionalWidth(1), .absolute(50)), subitems: [item(.fractionalWidth(0.2), .fractionalHeight(1))])
        XCTAssertEqual(fifth.itemFrames(in: Size(width: 390, height: 50)).map(\.minX), [0, 78, 156, 234, 312].map { Double($0) })
        let l = prepared(C(section: C.Section(group: fifth)), view: Size(width: 390, height: 600), counts: [7])
        assertFrame(frame(l, 5), Rect(x: 0, y: 50, width: 78, height: 50), "the sixth starts the second row")
        var fixed = C.Group.horizontal(layoutSize: size(.fractionalWidth(1), .absolute(100)), subitems: [item(.absolute(100), .absolute(100))])
        fixed.interItemSpacing = .fixed(10)
        XCTAssertEqual(fixed.itemFrames(in: Size(width: 390, height: 100)).map(\.minX), [0, 110, 220])
        let empty = C.Group.horizontal(layoutSize: size(.fractionalWidth(1), .absolute(10)), subitems: [item(.absolute(0), .absolute(10))])
        XCTAssertEqual(empty.itemFrames(in: Size(width: 390, height: 10)).count, 1)
    }

    /// Fixed spacing puts items exactly that far apart; flexible spacing at least that far, the
    /// rest of the group's width shared equally between the gaps.
    func testFixedAndFlexibleSpacing() {
        let items = Array(repeating: item(.absolute(50), .absolute(40)), count: 4)
        for (spacing, gap) in [(C.Spacing.fixed(10), 10.0), (.flexible(10), (300.0 - 200) / 3), (.flexible(40), 40)] {
            var group = C.Group.horizontal(layoutSize: size(.fractionalWidth(1), .absolute(40)), subitems: items)
            group.interItemSpacing = spacing
            let l = prepared(C(section: C.Section(group: group)), view: Size(width: 300, height: 600), counts: [4])
            for k in 0..<4 { assertFrame(frame(l, k), Rect(x: Double(k) * (50 + gap), y: 0, width: 50, height: 40), "\(spacing) item \(k)") }
        }
    }

    /// An item's insets shrink it inside its space, except on an axis whose size is estimated.
    func testItemContentInsets() {
        let i = C.DirectionalEdgeInsets(top: 3, leading: 4, bottom: 5, trailing: 6)
        let group = C.Group.horizontal(layoutSize: size(.fractionalWidth(1), .absolute(100)),
                                       subitems: [item(.fractionalWidth(0.5), .fractionalHeight(1), insets: i), item(.fractionalWidth(0.5), .estimated(100), insets: i)])
        let l = prepared(C(section: C.Section(group: group)), view: Size(width: 200, height: 600), counts: [2])
        assertFrame(frame(l, 0), Rect(x: 4, y: 3, width: 100 - 10, height: 100 - 8), "inset item")
        assertFrame(frame(l, 1), Rect(x: 104, y: 0, width: 90, height: 100), "estimated height keeps its top and bottom")
    }

    func gridWithHeaders(pinned: Bool, sections: Int = 2) -> C {
        let group = C.Group.horizontal(layoutSize: size(.fractionalWidth(1), .absolute(100)), repeatingSubitem: item(), count: 2)
        let header = C.BoundarySupplementaryItem(elementKind: .sectionHeader, layoutSize: size(.fractionalWidth(1), .absolute(44)),
                                                 alignment: .top, pinToVisibleBounds: pinned)
        let footer = C.BoundarySupplementaryItem(elementKind: .sectionFooter, layoutSize: size(.fractionalWidth(0.5), .absolute(30)), alignment: .bottom)
        let section = C.Section(group: group, interGroupSpacing: 10, contentInsets: C.DirectionalEdgeInsets(top: 8, leading: 20, bottom: 12, trailing: 20),
                                boundarySupplementaryItems: [header, footer],
                                decorationItems: [C.DecorationItem(contentInsets: C.DirectionalEdgeInsets(top: 2, leading: 2, bottom: 2, trailing: 2))])
        return C(sections: [section], interSectionSpacing: 16)
    }

    /// header, top inset, rows, bottom inset, footer; the next section after the spacing.
    func testBoundaryItemsAndBackgrounds() {
        let l = prepared(gridWithHeaders(pinned: false), view: Size(width: 340, height: 500), counts: [6, 2])
        let rows0: Double = 3 * 100 + 2 * 10
        let end0: Double = 44 + 8 + rows0 + 12 + 30
        let header0 = l.layoutAttributesForSupplementaryView(ofKind: .sectionHeader, at: ItemIndexPath(item: 0, section: 0))!
        assertFrame(header0.frame, Rect(x: 20, y: 0, width: 300, height: 44), "header follows the insets")
        assertFrame(frame(l, 0), Rect(x: 20, y: 44 + 8, width: 150, height: 100), "first item under the header")
        let footer0 = l.layoutAttributesForSupplementaryView(ofKind: .sectionFooter, at: ItemIndexPath(item: 0, section: 0))!
        assertFrame(footer0.frame, Rect(x: 20 + 75, y: 44 + 8 + rows0 + 12, width: 150, height: 30), "footer centred under the content")
        let background = l.layoutAttributesForSupplementaryView(ofKind: .sectionBackground, at: ItemIndexPath(item: 0, section: 0))!
        XCTAssertEqual(background.representedElementCategory, .decorationView(kind: .sectionBackground))
        assertFrame(background.frame, Rect(x: 2, y: 2, width: 340 - 4, height: end0 - 4), "background covers the section, less its insets")
        XCTAssertLessThan(background.zIndex, 0)
        let header1 = l.layoutAttributesForSupplementaryView(ofKind: .sectionHeader, at: ItemIndexPath(item: 0, section: 1))!
        XCTAssertEqual(header1.frame.minY, end0 + 16, accuracy: 1e-9)
        XCTAssertEqual(l.collectionViewContentSize.height, end0 + 16 + 44 + 8 + 100 + 12 + 30, accuracy: 1e-9)
        // The rect query returns the same frames as the index queries, and only what meets the rect.
        let visible = l.layoutAttributesForElements(in: Rect(x: 0, y: 0, width: 340, height: 160))  // row 1 starts at 44 + 8 + 110 = 162
        XCTAssertEqual(Set(visible.filter(\.isCell).map(\.indexPath.item)), [0, 1])
        XCTAssertTrue(visible.contains { $0.representedElementCategory == .supplementaryView(kind: .sectionHeader) && $0.indexPath.section == 0 })
    }

    /// A pinned header stays at the top of the visible rect while its section is on screen,
    /// and the section's end pushes it away (so the next header pushes it up).
    func testPinnedHeadersArePushedByTheNextSection() {
        let l = prepared(gridWithHeaders(pinned: true), view: Size(width: 340, height: 300), counts: [6, 6])
        let rows0: Double = 3 * 100 + 2 * 10
        let end0: Double = 44 + 8 + rows0 + 12 + 30
        func header(_ s: Int, at y: Double) -> LayoutAttributes? {
            l.layoutAttributesForElements(in: Rect(x: 0, y: y, width: 340, height: 300))
                .first { $0.representedElementCategory == .supplementaryView(kind: .sectionHeader) && $0.indexPath.section == s }
        }
        XCTAssertEqual(header(0, at: 0)?.frame.minY, 0)
        XCTAssertEqual(header(0, at: 120)?.frame.minY, 120, "pinned")
        XCTAssertEqual(header(0, at: 120)?.zIndex, 1, "floats over the cells")
        XCTAssertEqual(header(0, at: end0 - 20)!.frame.minY, end0 - 44, accuracy: 1e-9, "pushed by its section's end")
        XCTAssertEqual(header(1, at: end0 - 20)!.frame.minY, end0 + 16, accuracy: 1e-9, "the next header in its place")
        XCTAssertEqual(header(1, at: end0 + 100)!.frame.minY, end0 + 100, accuracy: 1e-9, "the next header pins in turn")
        // With a content inset, pinned under it.
        let inset = prepared(gridWithHeaders(pinned: true), view: Size(width: 340, height: 300), inset: EdgeInsets(top: 64), counts: [6, 6])
        let h = inset.layoutAttributesForElements(in: Rect(x: 0, y: 100, width: 340, height: 300)).first { !$0.isCell && $0.indexPath.section == 0 && $0.representedElementCategory == .supplementaryView(kind: .sectionHeader) }
        XCTAssertEqual(h?.frame.minY, 164)
    }

    func carousel(_ behavior: C.OrthogonalScrollingBehavior, width: Double = 0.8) -> C {
        let group = C.Group.horizontal(layoutSize: size(.fractionalWidth(width), .absolute(200)), subitems: [item()])
        let section = C.Section(group: group, interGroupSpacing: 10, contentInsets: C.DirectionalEdgeInsets(top: 5, leading: 16, bottom: 5, trailing: 16),
                                orthogonalScrollingBehavior: behavior)
        return C(section: section)
    }

    /// An orthogonal section lays its groups out sideways in a band and scrolls them by its offset.
    func testOrthogonalSectionScrollsSideways() {
        let l = prepared(carousel(.continuous), view: Size(width: 375, height: 600), counts: [5])
        let groupWidth = 0.8 * (375 - 32), stride = groupWidth + 10
        for k in 0..<5 { assertFrame(frame(l, k), Rect(x: 16 + Double(k) * stride, y: 5, width: groupWidth, height: 200), "item \(k)") }
        assertFrame(frame(l, 2, offsets: [0: Point(x: 100, y: 0)]), Rect(x: 16 + 2 * stride - 100, y: 5, width: groupWidth, height: 200), "scrolled")
        XCTAssertEqual(l.collectionViewContentSize.height, 210)
        let info = l.orthogonalScrollingSections
        XCTAssertEqual(info.count, 1)
        XCTAssertEqual(info[0].contentLength, 16 + 5 * groupWidth + 4 * 10 + 16, accuracy: 1e-9)
        assertFrame(info[0].frame, Rect(x: 0, y: 0, width: 375, height: 210), "band")
        // Only what the offset brings into the rect.
        let shown = l.layoutAttributesForElements(in: Rect(x: 0, y: 0, width: 375, height: 600), orthogonalOffsets: [0: Point(x: 2 * stride, y: 0)])
        XCTAssertEqual(shown.map(\.indexPath.item), [1, 2, 3])
    }

    /// Each behaviour's resting place for drags that began at rest on group 1, computed from
    /// Apple's one-line rules: the natural stop; the leading boundary of the nearest group; a
    /// page of the visible width; one group at a time, at its leading edge or centred.
    func testOrthogonalBehavioursRestingPlaces() {
        let w = 375.0, groupWidth = 0.8 * (w - 32), stride = groupWidth + 10
        func info(_ b: C.OrthogonalScrollingBehavior) -> OrthogonalScrollingSection {
            prepared(carousel(b), view: Size(width: w, height: 600), counts: [6]).orthogonalScrollingSections[0]
        }
        let maxOffset = 16 + 6 * groupWidth + 5 * 10 + 16 - w
        XCTAssertEqual(info(.continuous).targetOffset(forProposed: 123.4, start: 0), 123.4)
        XCTAssertEqual(info(.continuous).targetOffset(forProposed: 1e6, start: 0), maxOffset, accuracy: 1e-9)
        let leading = info(.continuousGroupLeadingBoundary)
        XCTAssertEqual(leading.targetOffset(forProposed: 2.4 * stride, start: 0), 2 * stride, accuracy: 1e-9)
        XCTAssertEqual(leading.targetOffset(forProposed: 2.6 * stride, start: 0), 3 * stride, accuracy: 1e-9)
        let paging = info(.paging)
        XCTAssertEqual(paging.targetOffset(forProposed: 400, start: 0), w)
        XCTAssertEqual(paging.targetOffset(forProposed: 1400, start: 0), w, "one page a drag")
        XCTAssertEqual(paging.targetOffset(forProposed: 150, start: 0), 0)
        let group = info(.groupPaging)
        XCTAssertEqual(group.targetOffset(forProposed: 5 * stride, start: stride), 2 * stride, accuracy: 1e-9, "one group a drag")
        XCTAssertEqual(group.targetOffset(forProposed: 1.3 * stride, start: stride), stride, accuracy: 1e-9)
        XCTAssertEqual(group.targetOffset(forProposed: -50, start: stride), 0, accuracy: 1e-9)
        let centred = info(.groupPagingCentered)
        func centredOffset(_ g: Double) -> Double { 16 + g * stride + groupWidth / 2 - w / 2 }
        XCTAssertEqual(centred.initialOffset, centredOffset(0), accuracy: 1e-9, "starts with the first group centred")
        XCTAssertEqual(centred.targetOffset(forProposed: centredOffset(3), start: centredOffset(1)), centredOffset(2), accuracy: 1e-9)
        XCTAssertEqual(centred.offsetRange.lowerBound, centredOffset(0), accuracy: 1e-9)
        XCTAssertEqual(centred.offsetRange.upperBound, centredOffset(5), accuracy: 1e-9, "the last group can rest centred")
    }

    /// Scale and alpha ramp from the visible centre to the visible edge.
    func testVisibleItemsTransform() {
        var layout = carousel(.groupPagingCentered)
        layout.sections[0].visibleItemsTransform = C.VisibleItemsTransform(scale: .init(center: 1, edge: 0.8), alpha: .init(center: 1, edge: 0.5))
        let l = prepared(layout, view: Size(width: 375, height: 600), counts: [6])
        let groupWidth = 0.8 * (375 - 32.0), stride = groupWidth + 10
        let offset = 16 + stride + groupWidth / 2 - 375 / 2  // group 1 centred
        let shown = l.layoutAttributesForElements(in: Rect(x: 0, y: 0, width: 375, height: 600), orthogonalOffsets: [0: Point(x: offset, y: 0)])
        let centre = shown.first { $0.indexPath.item == 1 }!, next = shown.first { $0.indexPath.item == 2 }!
        XCTAssertEqual(centre.transform.scale, 1, accuracy: 1e-9)
        XCTAssertEqual(centre.alpha, 1, accuracy: 1e-9)
        let t = min(1, stride / (375 / 2))
        XCTAssertEqual(next.transform.scale, 1 + (0.8 - 1) * t, accuracy: 1e-9)
        XCTAssertEqual(next.alpha, 1 + (0.5 - 1) * t, accuracy: 1e-9)
    }

    /// A horizontal layout stacks sections left to right; an orthogonal section there scrolls vertically.
    func testHorizontalScrollDirection() {
        let group = C.Group.vertical(layoutSize: size(.absolute(120), .fractionalHeight(1)), repeatingSubitem: item(), count: 2)
        let header = C.BoundarySupplementaryItem(elementKind: .sectionHeader, layoutSize: size(.absolute(30), .fractionalHeight(1)), alignment: .leading)
        let l = prepared(C(sections: [C.Section(group: group, interGroupSpacing: 8, boundarySupplementaryItems: [header])], scrollDirection: .horizontal),
                         view: Size(width: 375, height: 300), counts: [5])
        assertFrame(frame(l, 0), Rect(x: 30, y: 0, width: 120, height: 150), "first column, top")
        assertFrame(frame(l, 1), Rect(x: 30, y: 150, width: 120, height: 150), "first column, bottom")
        assertFrame(frame(l, 2), Rect(x: 30 + 128, y: 0, width: 120, height: 150), "second column")
        XCTAssertEqual(l.collectionViewContentSize.width, 30 + 3 * 120 + 2 * 8)
        XCTAssertEqual(l.collectionViewContentSize.height, 300)
    }

    /// Nothing is stored per item: 100,000 items prepare and answer a screen's query at once.
    func testLargeSectionsAnswerFromTheirIndex() {
        let l = prepared(gridWithHeaders(pinned: true), view: Size(width: 340, height: 600), counts: [100_000])
        let rowStride = 110.0
        let row = 40_000.0, y = 44 + 8 + row * rowStride
        let shown = l.layoutAttributesForElements(in: Rect(x: 0, y: y, width: 340, height: 600)).filter(\.isCell)
        XCTAssertEqual(shown.first?.indexPath.item, 80_000)
        XCTAssertEqual(shown.count, 12)  // six rows of two (the sixth cut by the rect's edge at 600 = 5 × 110 + 50)
    }

    func testInvalidParameters() {
        func problem(_ edit: (inout C) -> Void) -> String? {
            var l = carousel(.paging)
            edit(&l)
            return l.invalidParameter().map { $0.property + ": " + $0.expected }
        }
        XCTAssertNil(problem { _ in })
        XCTAssertEqual(problem { $0.sections[0].group.layoutSize.widthDimension = .fractionalWidth(0) }, "sections[0].group.size.width.fractionalWidth: a fraction > 0 and ≤ 100")
        XCTAssertEqual(problem { $0.sections[0].group.layoutSize.heightDimension = .absolute(.nan) }?.hasPrefix("sections[0].group.size.height.absolute"), true)
        XCTAssertEqual(problem { $0.sections[0].group.subitems = [] }, "sections[0].group.items: at least one item")
        XCTAssertEqual(problem { $0.sections[0].group.count = 0 }, "sections[0].group.count: a whole number from 1 to 1000")
        XCTAssertEqual(problem { $0.sections = [] }, "sections: at least one section")
        XCTAssertEqual(problem { $0.sections[0].interGroupSpacing = -.infinity }?.hasPrefix("sections[0].interGroupSpacing"), true)
        // Nested counts multiply: refused, without overflowing.
        var nested = C.Group.horizontal(layoutSize: size(.fractionalWidth(1), .absolute(10)), repeatingSubitem: item(), count: 1000)
        for _ in 0..<7 { nested = .horizontal(layoutSize: size(.fractionalWidth(1), .absolute(10)), repeatingSubitem: .group(nested), count: 1000) }
        XCTAssertEqual(problem { $0.sections[0].group = nested }, "sections[0].group: at most 10000 items in a group")
        // Extreme but valid sizes lay out and answer queries without trapping.
        for fraction in [1e-300, 100] {
            var l = carousel(.groupPagingCentered)
            l.sections[0].group.layoutSize.widthDimension = .fractionalWidth(fraction)
            XCTAssertNil(l.invalidParameter())
            let p = prepared(l, counts: [5])
            _ = p.layoutAttributesForElements(in: Rect(x: -1e7, y: -1e7, width: 2e7, height: 2e7), orthogonalOffsets: [0: Point(x: 1e7, y: 0)])
            _ = p.orthogonalScrollingSections.first?.targetOffset(forProposed: -1e7, start: 1e7)
        }
        var tall = carousel(.none)
        tall.sections[0].boundarySupplementaryItems = [C.BoundarySupplementaryItem(elementKind: .sectionFooter, layoutSize: size(.fractionalWidth(1), .absolute(700)),
                                                                                     alignment: .bottom, pinToVisibleBounds: true)]
        XCTAssertNil(tall.invalidParameter())
        XCTAssertEqual(tall.invalidParameter(forViewSize: Size(width: 375, height: 600))?.property, "sections[0].boundarySupplementaryItems[0].size")
    }
}
