import XCTest
import UIKit
import Flipbook

/// A view changed from layout code is drawn on the frame it changes (issue 61): every view
/// property marks its tree, and a marked cell is lowered again whatever else stayed the same.
/// Before, a cell was drawn again only when its attributes changed, so a layout that recolours
/// the visible cells through cellForItem(at:) showed the change on no cell at all.
final class ViewChangeTests: XCTestCase {
    /// A flow layout that colours every visible cell by the scroll offset, and dims a badge in
    /// it, from layoutAttributesForElements(in:), as paging and parallax libraries do.
    final class Recolouring: UICollectionViewFlowLayout {
        override func layoutAttributesForElements(in rect: CGRect) -> [UICollectionViewLayoutAttributes]? {
            let attributes = super.layoutAttributesForElements(in: rect)
            let scrolled = (collectionView?.contentOffset.y ?? 0) > 50
            for a in attributes ?? [] where a.representedElementCategory == .cell {
                guard let cell = collectionView?.cellForItem(at: a.indexPath) else { continue }
                cell.backgroundColor = scrolled ? UIColor(red: 1, green: 0, blue: 0, alpha: 1) : UIColor(red: 0, green: 0, blue: 1, alpha: 1)
                cell.contentView.subviews.first?.isHidden = scrolled
            }
            return attributes
        }
        override func shouldInvalidateLayout(forBoundsChange newBounds: CGRect) -> Bool { true }
    }

    final class Badged: UICollectionViewCell {
        override init(frame: CGRect) {
            super.init(frame: frame)
            backgroundColor = UIColor(red: 0, green: 0, blue: 1, alpha: 1)
            let badge = UIView(frame: CGRect(x: 10, y: 10, width: 20, height: 20))
            badge.backgroundColor = UIColor(red: 0, green: 1, blue: 0, alpha: 1)
            contentView.addSubview(badge)
        }
        required init?(coder: NSCoder) { fatalError() }
    }

    func testLayoutCodeRecoloursEveryVisibleCell() throws {
        let canvas = Canvas(width: 200, height: 300, scale: 1, background: .white)
        let layout = Recolouring()
        layout.itemSize = CGSize(width: 200, height: 90)
        layout.minimumLineSpacing = 10
        let cv = UICollectionView(frame: CGRect(x: 0, y: 0, width: 200, height: 300), collectionViewLayout: layout)
        cv.register(Badged.self, forCellWithReuseIdentifier: "c")
        let source = CellSource([10])
        cv.dataSource = source
        let scene = Scene(name: "recolour", canvas: canvas, fps: 10, duration: 1, collectionView: cv,
                          script: [.at(0.5) { cv.setContentOffset(CGPoint(x: 0, y: 100), animated: false) }])
        let t = try Simulator.run(scene)
        func pixels(_ frame: Int) throws -> Raster { try Raster(drawing: t.frames[frame], canvas: canvas) }
        // Rows every 100 pt: at rest, row k at y 100k; scrolled 100 pt, row k at 100(k − 1).
        let before = try pixels(2), after = try pixels(8)
        for y in [50, 150, 250] {
            XCTAssertTrue(before.rgb(100, y) == (0, 0, 255), "before the scroll, blue at y \(y): \(before.rgb(100, y))")
            XCTAssertTrue(after.rgb(100, y) == (255, 0, 0), "after it, every visible cell red at y \(y): \(after.rgb(100, y))")
        }
        XCTAssertTrue(before.rgb(20, 20) == (0, 255, 0), "the badge before: \(before.rgb(20, 20))")
        XCTAssertTrue(after.rgb(20, 20) == (255, 0, 0), "the badge hidden after, the cell's red under it: \(after.rgb(20, 20))")
    }
}
