import XCTest
import UIKit
import Flipbook

/// A cell that moves a subview from its own attributes subclass in apply(_:) — a parallax
/// stripe slid by a transform inside a container that clips it (clipsToBounds, rounded) — and
/// a badge scaled 2× about its centre: drawn where UIKit puts them, clipped as UIKit clips
/// them, checked at known pixels of the PNG.
final class SubviewTransformTests: XCTestCase {
    final class ParallaxAttributes: UICollectionViewLayoutAttributes {
        var parallax: CGFloat = 0
        override func copy(with zone: NSZone? = nil) -> Any {
            let copy = super.copy(with: zone) as! ParallaxAttributes
            copy.parallax = parallax
            return copy
        }
        override func isEqual(_ object: Any?) -> Bool {
            guard let other = object as? ParallaxAttributes, other.parallax == parallax else { return false }
            return super.isEqual(object)
        }
    }

    final class ParallaxLayout: UICollectionViewFlowLayout {
        override class var layoutAttributesClass: AnyClass { ParallaxAttributes.self }
        override func layoutAttributesForElements(in rect: CGRect) -> [UICollectionViewLayoutAttributes]? {
            super.layoutAttributesForElements(in: rect)?.map { a in
                let copy = a.copy() as! ParallaxAttributes
                copy.parallax = a.indexPath.item == 0 ? 0 : 150
                return copy
            }
        }
    }

    final class ParallaxCell: UICollectionViewCell {
        let container = UIView(frame: CGRect(x: 10, y: 10, width: 180, height: 80))
        let stripe = UIView(frame: CGRect(x: 0, y: 0, width: 60, height: 80))
        let badge = UIView(frame: CGRect(x: 20, y: 20, width: 20, height: 20))
        override init(frame: CGRect) {
            super.init(frame: frame)
            backgroundColor = .white
            container.backgroundColor = .systemBlue
            container.clipsToBounds = true
            stripe.backgroundColor = .systemRed
            badge.backgroundColor = .systemGreen
            badge.transform = CGAffineTransform(scaleX: 2, y: 2)
            contentView.addSubview(container)
            container.addSubview(stripe)
            container.addSubview(badge)
        }
        required init?(coder: NSCoder) { fatalError() }
        override func apply(_ layoutAttributes: UICollectionViewLayoutAttributes) {
            super.apply(layoutAttributes)
            guard let a = layoutAttributes as? ParallaxAttributes else { return }
            stripe.transform = CGAffineTransform(translationX: a.parallax, y: 0)
        }
    }

    func testATranslatedSubviewIsClippedByItsContainerAndAScaledOneGrowsAboutItsCentre() throws {
        let layout = ParallaxLayout()
        layout.itemSize = CGSize(width: 200, height: 100)
        layout.minimumLineSpacing = 0
        let cv = UICollectionView(frame: CGRect(x: 0, y: 0, width: 200, height: 200), collectionViewLayout: layout)
        cv.register(ParallaxCell.self, forCellWithReuseIdentifier: "p")
        let source = CellSource([2], identifier: "p")
        cv.dataSource = source
        let canvas = Canvas(width: 200, height: 200, scale: 1, background: .white)
        let t = try Simulator.run(Scene(name: "parallax", canvas: canvas, duration: 0.1, collectionView: cv), frames: 0...0)
        let raster = try Raster(drawing: t.frames[0], canvas: canvas)
        if let keep = ProcessInfo.processInfo.environment["KEEP_UIKIT_RENDER"] { FileManager.default.createFile(atPath: keep + "/parallax.png", contents: Data(try raster.pngData())) }
        func rgb(_ x: Int, _ y: Int) -> (Int, Int, Int) { raster.rgb(x, y) }
        // systemRed #FF3B30, systemBlue #007AFF, systemGreen #34C759 (light mode).
        let red = (255, 59, 48), blue = (0, 122, 255), green = (52, 199, 89), white = (255, 255, 255)
        func XCTAssertColor(_ c: (Int, Int, Int), _ e: (Int, Int, Int), _ what: String, line: UInt = #line) {
            XCTAssertTrue(abs(c.0 - e.0) <= 2 && abs(c.1 - e.1) <= 2 && abs(c.2 - e.2) <= 2, "\(what): \(c) against \(e)", line: line)
        }
        // Item 0 (y 0–100), no parallax: the stripe at container x 0–60 → cell x 10–70.
        XCTAssertColor(rgb(65, 80), red, "stripe, item 0")
        XCTAssertColor(rgb(75, 80), blue, "container right of the stripe, item 0")
        // Item 1 (y 100–200), parallax 150: the stripe at cell x 160–220, cut at the
        // container's right edge (x 190); the cell's own white beyond it.
        XCTAssertColor(rgb(155, 180), blue, "container left of the slid stripe")
        XCTAssertColor(rgb(165, 180), red, "the slid stripe inside the container")
        XCTAssertColor(rgb(188, 180), red, "the stripe up to the container's edge")
        XCTAssertColor(rgb(193, 180), white, "clipped: the stripe does not reach past the container")
        // The badge: 20 × 20 at container (20, 20), scaled 2× about its centre (cell (40, 40)):
        // cell x and y 20–60.
        XCTAssertColor(rgb(22, 22), green, "badge's scaled top-left")
        XCTAssertColor(rgb(57, 57), green, "badge's scaled bottom-right")
        XCTAssertColor(rgb(62, 145), blue, "right of item 1's scaled badge")
        // The clip survives keyframes.json (a golden): written, read back and written again,
        // the same bytes, the clip nested with the stripe in it.
        let text = try KeyframesJSONFormat.text(t)
        XCTAssertTrue(text.contains("\"clip\":\"bounds\",\"frame\":[10,10,180,80]"), "the container clips item 1's stripe: \(text.split(separator: "\n").filter { $0.contains("clip") })")
        let back = try KeyframesJSONFormat.read(Array(text.utf8), file: "keyframes.json")
        XCTAssertEqual(try KeyframesJSONFormat.text(back), text)
        // A rotated subview is still one line, not a silent wrong frame.
        let rotated = CellSource([1], identifier: "p") { cell, _ in (cell as! ParallaxCell).badge.transform = CGAffineTransform(rotationAngle: 0.3) }
        cv.dataSource = rotated
        XCTAssertThrowsError(try Simulator.run(Scene(name: "rotated", canvas: canvas, duration: 0.1, collectionView: cv))) { error in
            XCTAssertTrue("\(error)".contains("badge: a UIView's rotation or shear (its transform) in a cell is not drawn yet"), "\(error)")
        }
    }
}
