import XCTest
import FlipbookCore
@testable import FlipbookLayout

/// List geometry against the metrics the layout cites (the system layout margin: 16 pt below
/// 414 pt wide, 20 pt from there; 44 pt one-line rows; Flutter's measurements of iOS 14.4's
/// lists for the rest), each frame computed here from the numbers: rows, inset groups and their
/// corners, separators and their insets, header and footer modes.
final class ListLayoutTests: XCTestCase {
    func prepared(_ l: ListLayout, width: Double = 375, counts: [Int], sizes: [[Size]]? = nil) -> ListLayout {
        var l = l
        l.prepare(LayoutContext(bounds: Rect(x: 0, y: 0, width: width, height: 600), itemCounts: counts, itemSizes: sizes))
        return l
    }
    func row(_ l: ListLayout, _ item: Int, _ section: Int = 0) -> LayoutAttributes {
        l.layoutAttributesForItem(at: ItemIndexPath(item: item, section: section))!
    }

    func testInsetGroupedSections() {
        let l = prepared(ListLayout(appearance: .insetGrouped, headerMode: .supplementary, footerMode: .supplementary), counts: [3, 1])
        // groupedHeader(): 16 pt above a line of 13 pt text (17 pt), 6 pt above the rows.
        let margin = 16.0, header = 16.0 + 17 + 6, footer = 17.0 + 10, width = 375 - 2 * margin
        // The header (with its own 16 pt above), one-line rows 44 pt tall, the group 16 pt from each side.
        XCTAssertEqual(l.layoutAttributesForSupplementaryView(ofKind: .sectionHeader, at: ItemIndexPath(item: 0, section: 0))?.frame,
                       Rect(x: margin, y: 0, width: width, height: header))
        for i in 0..<3 { XCTAssertEqual(row(l, i).frame, Rect(x: margin, y: header + Double(i) * 44, width: width, height: 44), "row \(i)") }
        let footerY = header + 3 * 44 + 10
        XCTAssertEqual(l.layoutAttributesForSupplementaryView(ofKind: .sectionFooter, at: ItemIndexPath(item: 0, section: 0))?.frame,
                       Rect(x: margin, y: footerY, width: width, height: footer))
        XCTAssertEqual(row(l, 0, 1).frame.minY, footerY + footer + header, accuracy: 1e-9)
        // Corners: the group's top on the first row, its bottom on the last, all four on a lone row.
        XCTAssertEqual(row(l, 0).listRow?.roundedCorners, .top)
        XCTAssertEqual(row(l, 1).listRow?.roundedCorners, [])
        XCTAssertEqual(row(l, 2).listRow?.roundedCorners, .bottom)
        XCTAssertEqual(row(l, 0, 1).listRow?.roundedCorners, .all)
        XCTAssertEqual(row(l, 0).listRow?.cornerRadius, 10)
        // The text at the cell's layout margin, separators from it, none under the last row.
        XCTAssertEqual(row(l, 0).listRow?.separatorLeading, margin)
        XCTAssertEqual(row(l, 0).listRow?.leadingInset, margin)
        XCTAssertEqual(row(l, 0).listRow?.trailingInset, margin)
        XCTAssertNil(row(l, 2).listRow?.separatorLeading)
    }

    func testTheLayoutMarginFollowsTheWidth() {
        // 16 pt on the 375 and 390 pt phones, 20 pt on the 414 and 428 pt ones.
        for (width, margin) in [(375.0, 16.0), (390, 16), (414, 20), (428, 20)] {
            let l = prepared(ListLayout(appearance: .insetGrouped), width: width, counts: [1])
            XCTAssertEqual(row(l, 0).frame, Rect(x: margin, y: 20, width: width - 2 * margin, height: 44), "\(width) pt")
            XCTAssertEqual(row(l, 0).listRow?.leadingInset, margin, "\(width) pt")
            let plain = prepared(ListLayout(appearance: .plain), width: width, counts: [2])
            XCTAssertEqual(row(plain, 0).listRow?.separatorLeading, margin, "\(width) pt")
        }
    }

    func testImagesMoveTextAndSeparators() {
        let l = prepared(ListLayout(appearance: .insetGrouped, sectionsWithImages: [0]), counts: [2, 2])
        XCTAssertEqual(row(l, 0).frame.height, 44, "a 30 pt image fits a one-line row")
        XCTAssertEqual(row(l, 0).listRow?.separatorLeading, 16 + 30 + 12, "the image at the margin, the text 12 pt after it")
        XCTAssertEqual(row(l, 0, 1).frame.height, 44)
        XCTAssertEqual(row(l, 0, 1).listRow?.separatorLeading, 16)
        // No header: 20 pt above the group, 10 below it.
        XCTAssertEqual(row(l, 0).frame.minY, 20)
        XCTAssertEqual(row(l, 0, 1).frame.minY, 20 + 88 + 10 + 20)
    }

    func testGroupedAndPlain() {
        let grouped = prepared(ListLayout(appearance: .grouped), counts: [2, 1])
        XCTAssertEqual(row(grouped, 0).frame, Rect(x: 0, y: 22, width: 375, height: 44))
        XCTAssertEqual(row(grouped, 0, 1).frame.minY, 22 + 88 + 8 + 22)
        XCTAssertEqual(row(grouped, 0).listRow?.topSeparator, true, "a full-width line above the group")
        XCTAssertEqual(row(grouped, 0).listRow?.separatorLeading, 16, "at the text, the layout margin")
        XCTAssertEqual(row(grouped, 1).listRow?.separatorLeading, 0, "and one below it")
        let plain = prepared(ListLayout(appearance: .plain, headerMode: .supplementary, sectionsWithSecondaryText: [0]), counts: [2])
        XCTAssertEqual(row(plain, 0).frame, Rect(x: 0, y: 28, width: 375, height: 48), "under a 28 pt header; 48 pt with secondary text")
        XCTAssertEqual(row(plain, 1).listRow?.separatorLeading, 16, "a plain list's last row keeps its separator")
        XCTAssertEqual(row(plain, 0).listRow?.roundedCorners, [])
        let none = prepared(ListLayout(appearance: .plain, showsSeparators: false), counts: [2])
        XCTAssertNil(row(none, 0).listRow?.separatorLeading)
    }

    func testRowsGrowToTheirContentAndFirstItemHeaders() {
        let l = prepared(ListLayout(appearance: .plain, headerMode: .firstItemInSection), counts: [3],
                         sizes: [[Size(width: 0, height: 30), Size(width: 0, height: 90), Size(width: 0, height: 0)]])
        XCTAssertEqual(row(l, 0).frame.height, 44, "never below the minimum")
        XCTAssertEqual(row(l, 1).frame, Rect(x: 0, y: 44, width: 375, height: 90))
        XCTAssertEqual(row(l, 0).listRow?.isHeader, true)
        XCTAssertEqual(row(l, 1).listRow?.isHeader, false)
        XCTAssertNil(l.layoutAttributesForSupplementaryView(ofKind: .sectionHeader, at: ItemIndexPath(item: 0, section: 0)))
        // The rect query finds the rows it meets, by binary search.
        XCTAssertEqual(l.layoutAttributesForElements(in: Rect(x: 0, y: 50, width: 375, height: 100)).map(\.indexPath.item), [1, 2])
    }
}
