import XCTest
import FlipbookCore
@testable import FlipbookLayout

/// The Wallet layout against the article's Objective-C, transcribed independently here
/// (article 1 of docs/effects.md, layoutAttributesForElementsInRect: steps 1-3).
final class WalletLayoutTests: XCTestCase {
    // The demo's collection view: 375 x 647 at y 20, contentInset (44, 10, 10, 20).
    let size = Size(width: 375, height: 647)
    let inset = EdgeInsets(top: 44, left: 10, bottom: 10, right: 20)

    func layout(count: Int, offsetY: Double) -> WalletLayout {
        var l = WalletLayout()
        l.prepare(LayoutContext(bounds: Rect(origin: Point(x: -10, y: offsetY), size: size), contentInset: inset, itemCounts: [count]))
        return l
    }

    /// The article's loop, literally: rows minRow..<maxRow, the "keep one card" test, sticky
    /// top, then the pull-down override.
    func articleFrames(count: Int, offsetY: Double) -> [Int: Double] {
        var out: [Int: Double] = [:]
        let minRow = max(0, Int(floor(offsetY / 100)))
        let maxRow = min(Int(ceil((offsetY + 647) / 100)), count)
        if minRow >= maxRow { return out }
        for row in minRow..<maxRow where Double(row) * 100 >= offsetY - 100 {
            var y = max(offsetY, Double(row) * 100)
            if offsetY < -44 {
                y = Double(row) * 100 - abs(offsetY + 44) + abs(offsetY + 44) * Double(row) * 0.25
            }
            // CGRectIntersectsRect(cellRect, visible rect)
            if y < offsetY + 647 && y + 200 > offsetY { out[row] = y }
        }
        return out
    }

    func testGeometryMatchesArticleAtManyOffsets() {
        var offsets: [Double] = [-44, -44.5, -45, -100, -144, -204, -300, -600, 0, 0.5, 99.9, 100, 250, 453, 500, 1000, 5000]
        var o = -400.0
        while o < 1400 { offsets.append(o); o += 7.3 }
        for count in [1, 3, 10, 20] {
            for offsetY in offsets {
                let l = layout(count: count, offsetY: offsetY)
                let expected = articleFrames(count: count, offsetY: offsetY)
                let attrs = l.layoutAttributesForElements(in: Rect(x: -10, y: offsetY, width: 375, height: 647))
                XCTAssertEqual(Set(attrs.map(\.indexPath.item)), Set(expected.keys), "ids present, n=\(count) offset=\(offsetY)")
                for a in attrs {
                    XCTAssertEqual(a.frame.minY, expected[a.indexPath.item]!, accuracy: 1e-9, "y of row \(a.indexPath.item) at \(offsetY)")
                    XCTAssertEqual(a.frame.minX, 0)
                    XCTAssertEqual(a.frame.width, 375 - 20, "width = collection view width − inset.right")
                    XCTAssertEqual(a.frame.height, 200)
                    XCTAssertEqual(a.zIndex, 2 * a.indexPath.item)
                }
            }
        }
    }

    func testRestingStackNeitherSticksNorSpreads() {
        // At the resting offset (−inset.top) card i is at i·100: no sticky, no spread.
        let l = layout(count: 10, offsetY: -44)
        XCTAssertEqual(l.layoutAttributesForElements(in: Rect(x: -10, y: -44, width: 375, height: 647)).map(\.frame.minY),
                       [0, 100, 200, 300, 400, 500, 600])
    }

    func testStickyTopPilesCardsAtOffset() {
        let l = layout(count: 10, offsetY: 420)
        let ys = l.layoutAttributesForElements(in: Rect(x: -10, y: 420, width: 375, height: 647)).map { ($0.indexPath.item, $0.frame.minY) }
        // Rows 0-3 are culled; row 4 (natural top 400) sticks at the offset.
        XCTAssertEqual(ys.map(\.0), [4, 5, 6, 7, 8, 9])
        XCTAssertEqual(ys.map(\.1), [420, 500, 600, 700, 800, 900])
    }

    func testPullDownFansOutWithCardZeroFixedOnScreen() {
        // d = 160: y = 100i − 160 + 40i; on screen (y − offset) card 0 stays at inset.top.
        let offsetY = -204.0
        let l = layout(count: 10, offsetY: offsetY)
        let attrs = l.layoutAttributesForElements(in: Rect(x: -10, y: offsetY, width: 375, height: 647))
        XCTAssertEqual(attrs.map(\.frame.minY), [-160, -20, 120, 260, 400])
        XCTAssertEqual(attrs[0].frame.minY - offsetY, 44)
        // Item 4's fanned top (400) is above the visible bottom (443); item 5's (540) is not.
        XCTAssertEqual(l.frameForRow(5).minY, 540)
    }

    func testContentSizeFollowsArticle() {
        // (n − 1)·100 + 200 − inset.bottom, width − left − right.
        XCTAssertEqual(layout(count: 10, offsetY: 0).collectionViewContentSize, Size(width: 345, height: 1090))
        XCTAssertEqual(layout(count: 20, offsetY: 0).collectionViewContentSize.height, 2090)
        XCTAssertEqual(layout(count: 0, offsetY: 0).collectionViewContentSize.height, 0)
    }

    func testItemAttributesAreFormulaEvenWhenCulled() {
        let l = layout(count: 10, offsetY: 420)
        XCTAssertEqual(l.layoutAttributesForItem(at: ItemIndexPath(item: 0))?.frame.minY, 420, "sticky, though culled from rect queries")
        XCTAssertNil(l.layoutAttributesForItem(at: ItemIndexPath(item: 10)))
        XCTAssertTrue(l.shouldInvalidateLayout(forBoundsChange: .zero))
    }

    func testRectQueryOnlyVisitsVisibleRows() {
        // A million cards: the query walks `visibleRows`, computed from the offset (never a scan),
        // so the range must be the seven rows on screen, and the answer those rows alone.
        let big = layout(count: 1_000_000, offsetY: 50_000_000)
        XCTAssertEqual(big.visibleRows, 500_000..<500_007)
        let attrs = big.layoutAttributesForElements(in: Rect(x: -10, y: 50_000_000, width: 375, height: 647))
        XCTAssertEqual(attrs.map(\.indexPath.item), Array(500_000..<500_007))
        XCTAssertEqual(layout(count: 10, offsetY: 0).visibleRows, 0..<7)
    }
}
