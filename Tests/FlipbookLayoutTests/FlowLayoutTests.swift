import XCTest
import FlipbookCore
@testable import FlipbookLayout

final class FlowLayoutTests: XCTestCase {
    /// Effect 2's grid (article 2 of docs/effects.md, on iOS 9 interactive movement): 375 wide, items 167 x 167, line spacing 15, insets 0/13/15/13.
    func testJiggleGridColumnsAndRows() {
        var l = FlowLayout(itemSize: Size(width: 167, height: 167), minimumLineSpacing: 15,
                           sectionInset: EdgeInsets(top: 0, left: 13, bottom: 15, right: 13))
        l.prepare(LayoutContext(bounds: Rect(x: 0, y: 0, width: 375, height: 667), itemCounts: [12]))
        for i in 0..<12 {
            let f = l.layoutAttributesForItem(at: ItemIndexPath(item: i))!.frame
            // Justified line: first item at the left inset, last flush with the right inset.
            XCTAssertEqual(f.minX, i % 2 == 0 ? 13 : 195, "x of item \(i)")
            XCTAssertEqual(f.minY, Double(i / 2) * 182, "y of item \(i)")
            XCTAssertEqual(f.size, Size(width: 167, height: 167))
        }
        // 6 rows of 167 + 5 gaps of 15 + bottom inset 15.
        XCTAssertEqual(l.collectionViewContentSize, Size(width: 375, height: 6 * 167 + 5 * 15 + 15))
    }

    func testVariableSizesWrapJustifyAndCentre() {
        // Width 300, insets 10/10: 280 available, interitem ≥ 10.
        var l = FlowLayout(minimumLineSpacing: 8, minimumInteritemSpacing: 10,
                           sectionInset: EdgeInsets(top: 5, left: 10, bottom: 5, right: 10))
        let sizes = [Size(width: 100, height: 30), Size(width: 80, height: 40), Size(width: 90, height: 30),  // 100+10+80+10+90 = 290 > 280: wraps after 2
                     Size(width: 120, height: 30), Size(width: 140, height: 30),                               // 90+10+120 = 220, +10+140 = 370: wraps
                     Size(width: 60, height: 20)]                                                                // 140+10+60 = 210
        l.prepare(LayoutContext(bounds: Rect(x: 0, y: 0, width: 300, height: 500), itemCounts: [6], itemSizes: [sizes]))
        let f = (0..<6).map { l.layoutAttributesForItem(at: ItemIndexPath(item: $0))!.frame }
        // Line 1: items 0,1 (height 40): justified gap 280 − 180 = 100; item 0 centred vertically (+5).
        XCTAssertEqual(f[0], Rect(x: 10, y: 10, width: 100, height: 30))
        XCTAssertEqual(f[1], Rect(x: 210, y: 5, width: 80, height: 40))
        // Line 2 at 5 + 40 + 8 = 53: items 2,3; gap 280 − 210 = 70.
        XCTAssertEqual(f[2], Rect(x: 10, y: 53, width: 90, height: 30))
        XCTAssertEqual(f[3], Rect(x: 170, y: 53, width: 120, height: 30))
        // Line 3 at 53 + 30 + 8 = 91: items 4,5 (line height 30); heights differ in this section, so
        // the last line is left-aligned at the minimum spacing (rdar://20825965); item 5 centred (+5).
        XCTAssertEqual(f[4], Rect(x: 10, y: 91, width: 140, height: 30))
        XCTAssertEqual(f[5], Rect(x: 160, y: 96, width: 60, height: 20))
        XCTAssertEqual(l.collectionViewContentSize.height, 91 + 30 + 5)
    }

    func testLastLineIsLeftAlignedWhenHeightsDiffer() {
        // rdar://20825965: uniform heights justify the last line too; mixed heights left-align it.
        var l = FlowLayout(minimumInteritemSpacing: 10, sectionInset: EdgeInsets(left: 10, right: 10))
        let uniform = [Size(width: 100, height: 30), Size(width: 100, height: 30), Size(width: 100, height: 30), Size(width: 50, height: 30), Size(width: 60, height: 30)]
        l.prepare(LayoutContext(bounds: Rect(x: 0, y: 0, width: 300, height: 500), itemCounts: [5], itemSizes: [uniform]))
        XCTAssertEqual(l.layoutAttributesForItem(at: ItemIndexPath(item: 4))!.frame.minX, 230, "justified: flush with the right inset")
        var mixed = uniform
        mixed[0].height = 40
        l.prepare(LayoutContext(bounds: Rect(x: 0, y: 0, width: 300, height: 500), itemCounts: [5], itemSizes: [mixed]))
        // Lines: [0, 1] and [2, 3, 4]; the last one now starts at the inset with 10 pt gaps.
        XCTAssertEqual(l.layoutAttributesForItem(at: ItemIndexPath(item: 2))!.frame.minX, 10)
        XCTAssertEqual(l.layoutAttributesForItem(at: ItemIndexPath(item: 3))!.frame.minX, 120)
        XCTAssertEqual(l.layoutAttributesForItem(at: ItemIndexPath(item: 4))!.frame.minX, 180, "left-aligned at the minimum spacing")
        XCTAssertEqual(l.layoutAttributesForItem(at: ItemIndexPath(item: 1))!.frame.minX, 100 + 10 + 80, "earlier lines stay justified")
    }

    func testLoneItemIsCentred() {
        var l = FlowLayout(itemSize: Size(width: 200, height: 50), sectionInset: EdgeInsets(left: 10, right: 10))
        l.prepare(LayoutContext(bounds: Rect(x: 0, y: 0, width: 300, height: 500), itemCounts: [2]))
        // 200 + 10 + 200 > 280, so each item is alone on its line, centred in 10...290.
        XCTAssertEqual(l.layoutAttributesForItem(at: ItemIndexPath(item: 0))!.frame.minX, 50)
        XCTAssertEqual(l.layoutAttributesForItem(at: ItemIndexPath(item: 1))!.frame, Rect(x: 50, y: 60, width: 200, height: 50))
    }

    func testSectionsStackWithHeaders() {
        var l = FlowLayout(itemSize: Size(width: 100, height: 40), minimumLineSpacing: 10, minimumInteritemSpacing: 10,
                           sectionInset: EdgeInsets(top: 4, left: 0, bottom: 6, right: 0), headerReferenceSize: Size(width: 0, height: 30))
        l.prepare(LayoutContext(bounds: Rect(x: 0, y: 0, width: 320, height: 500), itemCounts: [4, 1]))
        // Section 0: header 0-30, items from 34: 3 per line (100·3 + 2·10 = 320), second line at 84; ends 124 + 6 = 130.
        XCTAssertEqual(l.layoutAttributesForSupplementaryView(ofKind: ElementKind.sectionHeader, at: ItemIndexPath(item: 0, section: 0))!.frame,
                       Rect(x: 0, y: 0, width: 320, height: 30))
        XCTAssertEqual(l.layoutAttributesForItem(at: ItemIndexPath(item: 3))!.frame, Rect(x: 110, y: 84, width: 100, height: 40))
        XCTAssertEqual(l.layoutAttributesForSupplementaryView(ofKind: ElementKind.sectionHeader, at: ItemIndexPath(item: 0, section: 1))!.frame.minY, 130)
        XCTAssertEqual(l.layoutAttributesForItem(at: ItemIndexPath(item: 0, section: 1))!.frame.minY, 164)
        XCTAssertEqual(l.collectionViewContentSize.height, 164 + 40 + 6)
    }

    func testRectQueryEqualsBruteForce() {
        var l = FlowLayout(minimumLineSpacing: 7, minimumInteritemSpacing: 5, sectionInset: EdgeInsets(top: 3, left: 8, bottom: 9, right: 8),
                           headerReferenceSize: Size(width: 0, height: 25))
        // Deterministic pseudo-random sizes (a fixed LCG, seed in the test).
        var seed: UInt64 = 12345
        func next() -> Double { seed = seed &* 6364136223846793005 &+ 1442695040888963407; return Double(seed >> 33) / Double(1 << 31) }
        let counts = [37, 0, 61, 18]
        let sizes = counts.map { (0..<$0).map { _ in Size(width: 20 + 150 * next(), height: 10 + 60 * next()) } }
        l.prepare(LayoutContext(bounds: Rect(x: 0, y: 0, width: 360, height: 600), itemCounts: counts, itemSizes: sizes))
        var everything: [LayoutAttributes] = []
        for (s, n) in counts.enumerated() {
            if let h = l.layoutAttributesForSupplementaryView(ofKind: ElementKind.sectionHeader, at: ItemIndexPath(item: 0, section: s)) { everything.append(h) }
            for i in 0..<n { everything.append(l.layoutAttributesForItem(at: ItemIndexPath(item: i, section: s))!) }
        }
        for _ in 0..<200 {
            let rect = Rect(x: -20 + 100 * next(), y: -50 + l.collectionViewContentSize.height * next(), width: 50 + 300 * next(), height: 10 + 400 * next())
            let fast = l.layoutAttributesForElements(in: rect)
            let slow = everything.filter { $0.frame.intersects(rect) }
            XCTAssertEqual(Set(fast), Set(slow))
            XCTAssertEqual(fast.count, slow.count)
        }
    }
}

/// Pinned headers and footers, against Apple's sectionHeadersPinToVisibleBounds page: a header
/// scrolls with its section until it reaches the top of the view, stays there, and the next
/// section's header pushes it off; footers mirror that at the bottom.
final class PinnedFlowLayoutTests: XCTestCase {
    /// 320 pt wide, 100 × 40 items three a line: section 0 is header 0–30, lines at 34 and 84,
    /// inset to 130; section 1 header 130–160, a line at 164, inset to 210.
    func pinnedHeaders(contentInsetTop: Double) -> FlowLayout {
        var l = FlowLayout(itemSize: Size(width: 100, height: 40), minimumLineSpacing: 10, minimumInteritemSpacing: 10,
                           sectionInset: EdgeInsets(top: 4, left: 0, bottom: 6, right: 0), headerReferenceSize: Size(width: 0, height: 30))
        l.sectionHeadersPinToVisibleBounds = true
        l.prepare(LayoutContext(bounds: Rect(x: 0, y: 0, width: 320, height: 100), contentInset: EdgeInsets(top: contentInsetTop), itemCounts: [4, 1]))
        return l
    }

    func headers(_ l: FlowLayout, visibleY y: Double) -> [Int: LayoutAttributes] {
        let visible = Rect(x: 0, y: y, width: 320, height: 100)
        let found = l.layoutAttributesForElements(in: visible).filter { !$0.isCell }
        return Dictionary(uniqueKeysWithValues: found.map { ($0.indexPath.section, $0) })
    }

    func testHeadersHoldAtTheVisibleTopAndTheNextPushesThemOff() {
        let l = pinnedHeaders(contentInsetTop: 20)
        // Scrolled to 50: the visible top is 50 + 20 (the inset); section 0's header is held
        // there (its section ends at 130, so it may go down to 100); section 1's is at home.
        var h = headers(l, visibleY: 50)
        XCTAssertEqual(h[0]?.frame, Rect(x: 0, y: 70, width: 320, height: 30))
        XCTAssertEqual(h[1]?.frame.minY, 130)
        XCTAssertEqual(h[0]?.zIndex, 1)
        // At 95 the top is 115: section 0's header would pass 100, so section 1's pushes it to 100–130.
        h = headers(l, visibleY: 95)
        XCTAssertEqual(h[0]?.frame.minY, 100)
        XCTAssertEqual(h[1]?.frame.minY, 130)
        // At 150 (top 170) section 0 is gone; section 1's header is held at 170, inside 130…210 − 30.
        h = headers(l, visibleY: 150)
        XCTAssertNil(h[0])
        XCTAssertEqual(h[1]?.frame.minY, 170)
        // Pulled down past the top (−40): the header stays at home, 0.
        XCTAssertEqual(headers(l, visibleY: -40)[0]?.frame.minY, 0)
        // Asked for a larger rect than is on screen, it still pins to the bounds it is given.
        let wide = l.layoutAttributesForElements(in: Rect(x: 0, y: -50, width: 320, height: 300), visible: Rect(x: 0, y: 50, width: 320, height: 100))
        XCTAssertEqual(wide.first { !$0.isCell && $0.indexPath.section == 0 }?.frame.minY, 70)
        // Cells do not move.
        let cellTops = l.layoutAttributesForElements(in: Rect(x: 0, y: 50, width: 320, height: 100)).filter(\.isCell).map(\.frame.minY)
        XCTAssertEqual(cellTops.sorted(), [34, 34, 34, 84])
    }

    /// Footers 20 pt: section 0 is 0–150 (footer 130–150), section 1 150–250 (footer 230–250).
    func testFootersHoldAtTheVisibleBottom() {
        var l = FlowLayout(itemSize: Size(width: 100, height: 40), minimumLineSpacing: 10, minimumInteritemSpacing: 10,
                           sectionInset: EdgeInsets(top: 4, left: 0, bottom: 6, right: 0),
                           headerReferenceSize: Size(width: 0, height: 30), footerReferenceSize: Size(width: 0, height: 20))
        l.sectionFootersPinToVisibleBounds = true
        l.prepare(LayoutContext(bounds: Rect(x: 0, y: 0, width: 320, height: 100), itemCounts: [4, 1]))
        func footers(_ y: Double) -> [Int: Double] {
            let found = l.layoutAttributesForElements(in: Rect(x: 0, y: y, width: 320, height: 100))
                .filter { $0.representedElementCategory == .supplementaryView(kind: .sectionFooter) }
            return Dictionary(uniqueKeysWithValues: found.map { ($0.indexPath.section, $0.frame.minY) })
        }
        // At 0 the bottom is 100: section 0's footer rises from 130 to 100 − 20 = 80; section 1 is off screen.
        XCTAssertEqual(footers(0), [0: 80])
        // At 100 (bottom 200): section 0's footer is at home (130); section 1's rises from 230 to 180.
        XCTAssertEqual(footers(100), [0: 130, 1: 180])
        // A footer never rises above its section's start: at −200 nothing of section 1 shows, and
        // section 0's would be at −120, but is held at 0.
        XCTAssertEqual(footers(-150)[0], nil)
        XCTAssertEqual(l.pinnedAttributes(.sectionFooter, section: 1, visible: Rect(x: 0, y: -200, width: 320, height: 100))?.frame.minY, 150)
    }

    /// A horizontal flow pins its headers to the left edge.
    func testHorizontalHeadersPinLeft() {
        var l = FlowLayout(itemSize: Size(width: 100, height: 80), minimumLineSpacing: 10, minimumInteritemSpacing: 10,
                           headerReferenceSize: Size(width: 40, height: 0))
        l.scrollDirection = .horizontal
        l.sectionHeadersPinToVisibleBounds = true
        // Section 0: header 0–40, three columns of one item (80 + 10 + 80 > 100): 40, 150, 260 → ends 360.
        l.prepare(LayoutContext(bounds: Rect(x: 0, y: 0, width: 200, height: 100), itemCounts: [3, 3]))
        let at = { (x: Double) in l.layoutAttributesForElements(in: Rect(x: x, y: 0, width: 200, height: 100))
            .first { !$0.isCell && $0.indexPath.section == 0 }?.frame }
        XCTAssertEqual(at(100), Rect(x: 100, y: 0, width: 40, height: 100))
        XCTAssertEqual(at(340)?.minX, 320)  // pushed: 360 − 40
    }
}

/// A horizontal flow mirrors the vertical rules: columns filled top to bottom, a column of
/// several items justified between the top and bottom insets, a lone item centred, columns
/// `minimumLineSpacing` apart, headers as wide as `headerReferenceSize.width`.
final class HorizontalFlowLayoutTests: XCTestCase {
    func testColumnsMirrorLines() {
        var l = FlowLayout(itemSize: Size(width: 100, height: 80), minimumLineSpacing: 12, minimumInteritemSpacing: 10,
                           sectionInset: EdgeInsets(top: 5, left: 7, bottom: 15, right: 9), headerReferenceSize: Size(width: 40, height: 999))
        l.scrollDirection = .horizontal
        l.prepare(LayoutContext(bounds: Rect(x: 0, y: 0, width: 300, height: 270), itemCounts: [5]))
        // 250 pt of height inside the insets: two items a column (80 + 10 + 80 ≤ 250; three need 260).
        let available = 270.0 - 5 - 15
        let columnX = { (c: Int) in 40 + 7 + Double(c) * (100 + 12) }
        let expected: [Rect] = [
            Rect(x: columnX(0), y: 5, width: 100, height: 80), Rect(x: columnX(0), y: 5 + available - 80, width: 100, height: 80),
            Rect(x: columnX(1), y: 5, width: 100, height: 80), Rect(x: columnX(1), y: 5 + available - 80, width: 100, height: 80),
            Rect(x: columnX(2), y: 5 + (available - 80) / 2, width: 100, height: 80),  // a lone item, centred
        ]
        for (k, e) in expected.enumerated() { XCTAssertEqual(l.layoutAttributesForItem(at: ItemIndexPath(item: k))?.frame, e, "item \(k)") }
        XCTAssertEqual(l.layoutAttributesForSupplementaryView(ofKind: .sectionHeader, at: ItemIndexPath(item: 0))?.frame,
                       Rect(x: 0, y: 0, width: 40, height: 270))
        XCTAssertEqual(l.collectionViewContentSize, Size(width: columnX(2) + 100 + 9, height: 270))
        let shown = l.layoutAttributesForElements(in: Rect(x: columnX(1), y: 0, width: 50, height: 270)).map(\.indexPath.item)
        XCTAssertEqual(shown, [2, 3])
    }
}
