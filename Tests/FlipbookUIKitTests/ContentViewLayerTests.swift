import XCTest
import UIKit
import Flipbook

/// A cell's content view is a layer of its own (issue 61): its corner radius rounds what is
/// seen, over the cell's own colour when it has one (the radius was ignored, so a golden had
/// square corners and a 12 → 16 change passed the CI gate).
final class ContentViewLayerTests: XCTestCase {
    class Rounded: UICollectionViewCell {
        class var radius: CGFloat { 12 }
        class var cellColor: UIColor? { nil }
        override init(frame: CGRect) {
            super.init(frame: frame)
            backgroundColor = Self.cellColor
            contentView.backgroundColor = UIColor(red: 1, green: 0, blue: 0, alpha: 1)
            contentView.layer.cornerRadius = Self.radius
        }
        required init?(coder: NSCoder) { fatalError() }
    }
    final class Rounded16: Rounded { override class var radius: CGFloat { 16 } }
    final class RoundedOverBlue: Rounded { override class var cellColor: UIColor? { UIColor(red: 0, green: 0, blue: 1, alpha: 1) } }

    /// Whether device pixel (x, y) of a 100 × 60 cell at @1x is the content view's red: its
    /// centre must lie inside the rounded rectangle of radius r (computed here, not read back).
    func insideRounded(_ x: Int, _ y: Int, radius r: Double) -> Bool {
        let px = Double(x) + 0.5, py = Double(y) + 0.5
        let cx = min(max(px, r), 100 - r), cy = min(max(py, r), 60 - r)
        return (px - cx) * (px - cx) + (py - cy) * (py - cy) <= r * r
    }

    func testContentViewCornerRadiusRoundsTheCell() throws {
        for (radius, cell) in [(12.0, Rounded.self), (16.0, Rounded16.self)] {
            let (_, raster) = try renderOneCell(cell, size: CGSize(width: 100, height: 60), scale: 1)
            // Pixels well inside or well outside the arc (antialiased ones at the edge skipped).
            for (x, y) in [(0, 0), (2, 2), (3, 1), (5, 5), (1, 10), (97, 57), (50, 0), (50, 30), (99, 30)] {
                let px = Double(x) + 0.5, py = Double(y) + 0.5
                let cx = min(max(px, radius), 100 - radius), cy = min(max(py, radius), 60 - radius)
                let d = ((px - cx) * (px - cx) + (py - cy) * (py - cy)).squareRoot()
                guard abs(d - radius) > 1 else { continue }
                let expected = insideRounded(x, y, radius: radius) ? (255, 0, 0) : (255, 255, 255)
                XCTAssertTrue(raster.rgb(x, y) == expected, "radius \(radius): pixel (\(x), \(y)) is \(raster.rgb(x, y)), expected \(expected)")
            }
        }
        // Radius 12 and 16 differ at (4, 4): inside 12's arc (distance 11.3 from (12, 12)), outside 16's.
        XCTAssertTrue(insideRounded(4, 4, radius: 12) && !insideRounded(4, 4, radius: 16))
    }

    func testRoundedContentViewOverTheCellsOwnColour() throws {
        let (_, raster) = try renderOneCell(RoundedOverBlue.self, size: CGSize(width: 100, height: 60), scale: 1)
        XCTAssertTrue(raster.rgb(0, 0) == (0, 0, 255), "the cell's blue shows in the corner: \(raster.rgb(0, 0))")
        XCTAssertTrue(raster.rgb(50, 30) == (255, 0, 0), "the content view's red inside: \(raster.rgb(50, 30))")
    }

    /// A content view whose layer's anchor point is its right edge (as a cube or page-turn
    /// animator sets it): its layer transform turns and scales about that edge, where UIKit
    /// puts the layer's position — here half size, so the red spans x 50-100, y 15-45.
    final class Hinged: UICollectionViewCell {
        override init(frame: CGRect) {
            super.init(frame: frame)
            contentView.backgroundColor = UIColor(red: 1, green: 0, blue: 0, alpha: 1)
            contentView.layer.anchorPoint = CGPoint(x: 1, y: 0.5)
            contentView.layer.transform = CATransform3DMakeScale(0.5, 0.5, 1)
        }
        required init?(coder: NSCoder) { fatalError() }
    }

    func testContentViewTransformTurnsAboutItsAnchorPoint() throws {
        let (_, raster) = try renderOneCell(Hinged.self, size: CGSize(width: 100, height: 60), scale: 1)
        // The frame stays the cell's bounds (the cell lays it out so), its position (100, 30).
        for (x, y, red) in [(30, 30, false), (48, 30, false), (52, 30, true), (90, 30, true), (75, 17, true), (75, 13, false), (75, 47, false)] {
            XCTAssertTrue(raster.rgb(x, y) == (red ? (255, 0, 0) : (255, 255, 255)), "(\(x), \(y)) is \(raster.rgb(x, y)), expected \(red ? "red" : "white")")
        }
    }

    /// A content view moved by its transform (a parallax animator's) moves its background with
    /// its subviews: the red starts 20 pt in.
    final class Shifted: UICollectionViewCell {
        override init(frame: CGRect) {
            super.init(frame: frame)
            contentView.backgroundColor = UIColor(red: 1, green: 0, blue: 0, alpha: 1)
            contentView.transform = CGAffineTransform(translationX: 20, y: 0)
        }
        required init?(coder: NSCoder) { fatalError() }
    }

    func testContentViewTransformMovesItsBackground() throws {
        let (_, raster) = try renderOneCell(Shifted.self, size: CGSize(width: 100, height: 60), scale: 1)
        XCTAssertTrue(raster.rgb(10, 30) == (255, 255, 255), "left of the moved content view: \(raster.rgb(10, 30))")
        XCTAssertTrue(raster.rgb(30, 30) == (255, 0, 0), "inside it: \(raster.rgb(30, 30))")
    }
}
