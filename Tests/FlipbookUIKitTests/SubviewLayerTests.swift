import XCTest
@testable import UIKit
import Flipbook

/// A subview's CALayer border and shadow, as Apple's pages describe them: the border drawn
/// inside the bounds, over the layer's sublayers; the shadow offset and blurred behind what the
/// layer draws, and clipped away when the layer masks to its bounds.
final class SubviewLayerTests: XCTestCase {
    final class Cell: UICollectionViewCell {
        let framed = UIView(), fill = UIView(), shadowed = UIView(), masked = UIView()
        override init(frame: CGRect) {
            super.init(frame: frame)
            contentView.backgroundColor = UIColor(white: 0.9, alpha: 1)
            framed.frame = CGRect(x: 20, y: 20, width: 100, height: 60)
            framed.backgroundColor = .white
            framed.layer.borderWidth = 4
            framed.layer.borderColor = UIColor.red.cgColor
            fill.frame = framed.bounds
            fill.backgroundColor = .blue
            framed.addSubview(fill)
            for (v, x) in [(shadowed, 150.0), (masked, 240.0)] {
                v.frame = CGRect(x: x, y: 20, width: 60, height: 60)
                v.backgroundColor = .white
                v.layer.shadowOpacity = 1
                v.layer.shadowRadius = 0
                v.layer.shadowOffset = CGSize(width: 5, height: 5)
                contentView.addSubview(v)
            }
            masked.layer.masksToBounds = true
            contentView.addSubview(framed)
        }
        required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }
    }

    func testBorderOverSubviewsAndShadowBehind() throws {
        let r = try renderOneCell(Cell.self, size: CGSize(width: 320, height: 100), scale: 1).raster
        // The 4 pt border, red, over the blue subview that fills the view; blue inside it.
        XCTAssertEqual(r.rgb(21, 50).0, 255); XCTAssertEqual(r.rgb(21, 50).2, 0, "red border at x 21")
        XCTAssertEqual(r.rgb(70, 22).0, 255, "red border at y 22")
        XCTAssertEqual(r.rgb(70, 50).2, 255); XCTAssertEqual(r.rgb(70, 50).0, 0, "blue inside the border")
        // The shadow: the view's rectangle moved 5 pt right and down, black, sharp (radius 0).
        XCTAssertEqual(r.rgb(212, 82).0, 0, "shadow beyond the view's corner")
        XCTAssertEqual(r.rgb(180, 50).0, 255, "the view itself, white, over its shadow")
        XCTAssertEqual(r.rgb(152, 82).0, 230, "no shadow left of the offset: the cell's grey")
        // Masking to bounds clips the shadow away.
        XCTAssertEqual(r.rgb(302, 82).0, 230, "no shadow under a view that masks to its bounds")
    }
}

/// A view's layer's background colour and opacity are the view's backgroundColor and alpha, as
/// in UIKit: set on the layer, they are drawn.
final class LayerBackedPropertyTests: XCTestCase {
    final class Cell: UICollectionViewCell {
        override init(frame: CGRect) {
            super.init(frame: frame)
            contentView.backgroundColor = .white
            let v = UIView(frame: CGRect(x: 10, y: 10, width: 40, height: 40))
            v.layer.backgroundColor = UIColor.red.cgColor
            v.layer.opacity = 0.5
            contentView.addSubview(v)
        }
        required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }
    }

    func testLayerBackgroundAndOpacityAreTheViews() throws {
        let view = UIView()
        view.layer.opacity = 0.25
        XCTAssertEqual(view.alpha, 0.25)
        view.backgroundColor = .blue
        XCTAssertTrue(view.layer.backgroundColor?.color === UIColor.blue)
        let r = try renderOneCell(Cell.self, size: CGSize(width: 60, height: 60), scale: 1).raster
        let (red, green, blue) = r.rgb(30, 30)
        XCTAssertEqual(red, 255)
        XCTAssertEqual(green, 128, accuracy: 1, "red at half opacity over white")
        XCTAssertEqual(blue, 128, accuracy: 1)
    }
}
