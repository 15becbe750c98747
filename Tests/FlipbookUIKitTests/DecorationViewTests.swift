import XCTest
import UIKit
import Flipbook

/// A decoration view registered by class (register(_:forDecorationViewOfKind:)) is made, given
/// its attributes through apply(_:), and drawn where the layout puts it (issue 61: Apple's
/// "section background decoration" sample laid them out and drew them transparent).
final class DecorationViewTests: XCTestCase {
    final class Backdrop: UICollectionReusableView {
        var applied = 0
        override init(frame: CGRect) {
            super.init(frame: frame)
            backgroundColor = UIColor(red: 0, green: 1, blue: 0, alpha: 1)
        }
        required init?(coder: NSCoder) { fatalError() }
        override func apply(_ layoutAttributes: UICollectionViewLayoutAttributes) {
            applied += 1
            layer.cornerRadius = 8
        }
    }

    /// One cell at (20, 20, 60, 40) over a backdrop at (10, 10, 180, 100).
    final class Layout: UICollectionViewLayout {
        override init() {
            super.init()
            register(Backdrop.self, forDecorationViewOfKind: "backdrop")
        }
        required init?(coder: NSCoder) { fatalError() }
        override var collectionViewContentSize: CGSize { CGSize(width: 200, height: 300) }
        override func layoutAttributesForElements(in rect: CGRect) -> [UICollectionViewLayoutAttributes]? {
            let cell = UICollectionViewLayoutAttributes(forCellWith: IndexPath(item: 0, section: 0))
            cell.frame = CGRect(x: 20, y: 20, width: 60, height: 40)
            let d = UICollectionViewLayoutAttributes(forDecorationViewOfKind: "backdrop", with: IndexPath(item: 0, section: 0))
            d.frame = CGRect(x: 10, y: 10, width: 180, height: 100)
            d.zIndex = -1
            return [d, cell]
        }
        override func layoutAttributesForItem(at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
            layoutAttributesForElements(in: .zero)?.last
        }
    }

    func testRegisteredDecorationIsDrawn() throws {
        let canvas = Canvas(width: 200, height: 300, scale: 1, background: .white)
        let cv = UICollectionView(frame: CGRect(x: 0, y: 0, width: 200, height: 300), collectionViewLayout: Layout())
        cv.register(UICollectionViewCell.self, forCellWithReuseIdentifier: "c")
        let source = CellSource([1]) { cell, _ in cell.backgroundColor = UIColor(red: 0, green: 0, blue: 1, alpha: 1) }
        cv.dataSource = source
        let frame = try Simulator.run(Scene(name: "decoration", canvas: canvas, duration: 0.1, collectionView: cv), frames: 0...0).frames[0]
        let raster = try Raster(drawing: frame, canvas: canvas)
        XCTAssertTrue(raster.rgb(100, 80) == (0, 255, 0), "the backdrop's green inside it, beside the cell: \(raster.rgb(100, 80))")
        XCTAssertTrue(raster.rgb(40, 40) == (0, 0, 255), "the cell over it: \(raster.rgb(40, 40))")
        XCTAssertTrue(raster.rgb(5, 5) == (255, 255, 255), "outside the backdrop, the canvas: \(raster.rgb(5, 5))")
        // apply(_:) rounded its corners: (11, 11) lies outside an 8 pt arc from (18, 18).
        XCTAssertTrue(raster.rgb(10, 10) == (255, 255, 255), "its rounded corner: \(raster.rgb(10, 10))")
    }
}

/// One hit test (issue 61): where two cells of equal zIndex overlap, the tap the runtime routes
/// and the app's own indexPathForItem(at:) name the same cell, the later one, drawn on top.
final class HitTestTests: XCTestCase {
    final class Overlapping: UICollectionViewLayout {
        override var collectionViewContentSize: CGSize { CGSize(width: 200, height: 300) }
        override func layoutAttributesForElements(in rect: CGRect) -> [UICollectionViewLayoutAttributes]? {
            (0..<2).map { i in
                let a = UICollectionViewLayoutAttributes(forCellWith: IndexPath(item: i, section: 0))
                a.frame = CGRect(x: 20 + CGFloat(i) * 40, y: 20, width: 100, height: 60)  // 60-120 is both cells'
                return a
            }
        }
        override func layoutAttributesForItem(at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
            layoutAttributesForElements(in: .zero)?[indexPath.item]
        }
    }

    final class Selecting: NSObject, UICollectionViewDelegate {
        var selected: [Int] = []
        var asked: [Int?] = []
        func collectionView(_ collectionView: UICollectionView, didSelectItemAt indexPath: IndexPath) {
            selected.append(indexPath.item)
            asked.append(collectionView.indexPathForItem(at: CGPoint(x: 90, y: 50))?.item)
        }
    }

    func testTapAndIndexPathForItemAgree() throws {
        let canvas = Canvas(width: 200, height: 300, scale: 1, background: .white)
        let cv = UICollectionView(frame: CGRect(x: 0, y: 0, width: 200, height: 300), collectionViewLayout: Overlapping())
        cv.register(UICollectionViewCell.self, forCellWithReuseIdentifier: "c")
        let source = CellSource([2]) { cell, _ in cell.backgroundColor = .systemBlue }
        let delegate = Selecting()
        cv.dataSource = source
        cv.delegate = delegate
        XCTAssertEqual(cv.indexPathForItem(at: CGPoint(x: 90, y: 50))?.item, 1, "before the scene: the later cell, on top")
        XCTAssertEqual(cv.indexPathForItem(at: CGPoint(x: 30, y: 50))?.item, 0, "where only the first is")
        let tap = TouchTrack(finger: 1, downTime: 0.2, downPoint: Point(x: 90, y: 50), segments: [.init(to: Point(x: 90, y: 50), duration: 0.08)])
        _ = try Simulator.run(Scene(name: "hit", canvas: canvas, fps: 30, duration: 0.6, collectionView: cv, touches: [tap]))
        XCTAssertEqual(delegate.selected, [1], "the runtime routes the tap to the cell on top")
        XCTAssertEqual(delegate.asked, [1], "and the app's own hit test agrees")
    }
}
