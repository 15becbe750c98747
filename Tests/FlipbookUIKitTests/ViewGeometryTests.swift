import XCTest
import UIKit
import Flipbook

/// UIView and CALayer geometry a cell's code sets, checked at known pixels (scale 1, a white
/// content view): subview order (insertSubview and friends), sizeToFit, maskedCorners, a
/// shadowPath, and anchorPoint — which moves the frame (the centre is the layer's position)
/// and is the point a rotation turns about.
final class ViewGeometryTests: XCTestCase {
    static let red = (255, 59, 48), blue = (0, 122, 255), white = (255, 255, 255), black = (0, 0, 0)
    func near(_ c: (Int, Int, Int), _ e: (Int, Int, Int)) -> Bool { abs(c.0 - e.0) <= 3 && abs(c.1 - e.1) <= 3 && abs(c.2 - e.2) <= 3 }

    final class Stacked: UICollectionViewCell {
        let back = UIView(frame: CGRect(x: 10, y: 10, width: 40, height: 40)), front = UIView(frame: CGRect(x: 30, y: 30, width: 40, height: 40))
        override init(frame: CGRect) {
            super.init(frame: frame)
            contentView.backgroundColor = .white
            back.backgroundColor = .systemRed
            front.backgroundColor = .systemBlue
            contentView.addSubview(front)
            // Below the blue one, though added after it: the overlap (30–50) stays blue…
            contentView.insertSubview(back, belowSubview: front)
        }
        required init?(coder: NSCoder) { fatalError() }
    }

    func testInsertSubviewOrdersTheDrawing() throws {
        let r = try renderOneCell(Stacked.self, size: CGSize(width: 100, height: 100), scale: 1).raster
        XCTAssertTrue(near(r.rgb(40, 40), Self.blue), "\(r.rgb(40, 40))")
        XCTAssertTrue(near(r.rgb(15, 15), Self.red))
        // …and brought to the front it covers the overlap.
        let cell = Stacked(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        XCTAssertTrue(cell.contentView.subviews.first === cell.back)
        cell.contentView.bringSubviewToFront(cell.back)
        XCTAssertTrue(cell.contentView.subviews.last === cell.back)
        cell.contentView.sendSubviewToBack(cell.back)
        XCTAssertTrue(cell.contentView.subviews.first === cell.back)
        cell.contentView.exchangeSubview(at: 0, withSubviewAt: 1)
        XCTAssertTrue(cell.contentView.subviews.last === cell.back)
    }

    func testSizeToFit() {
        let label = UILabel(frame: CGRect(x: 7, y: 9, width: 1, height: 1))
        label.text = "Keynote"
        label.sizeToFit()
        XCTAssertEqual(label.frame.origin, CGPoint(x: 7, y: 9), "sizeToFit keeps the origin")
        XCTAssertEqual(label.frame.size, label.intrinsicContentSize)
        let plain = UIView(frame: CGRect(x: 0, y: 0, width: 30, height: 20))
        XCTAssertEqual(plain.sizeThatFits(CGSize(width: 5, height: 5)), CGSize(width: 30, height: 20), "a plain view's own size (Apple's page)")
    }

    final class Corners: UICollectionViewCell {
        let tab = UIView(frame: CGRect(x: 10, y: 10, width: 60, height: 60))
        let floating = UIView(frame: CGRect(x: 10, y: 80, width: 60, height: 10))
        override init(frame: CGRect) {
            super.init(frame: frame)
            contentView.backgroundColor = .white
            tab.backgroundColor = .systemRed
            tab.layer.cornerRadius = 20
            tab.layer.maskedCorners = [.layerMinXMinYCorner, .layerMaxXMinYCorner]
            // A clear view whose shadowPath casts a hard black shadow 10 pt below its rectangle.
            floating.layer.shadowPath = UIBezierPath(rect: floating.bounds).cgPath
            floating.layer.shadowOpacity = 1
            floating.layer.shadowRadius = 0
            floating.layer.shadowOffset = CGSize(width: 0, height: 10)
            contentView.addSubview(tab)
            contentView.addSubview(floating)
        }
        required init?(coder: NSCoder) { fatalError() }
    }

    func testMaskedCornersAndAShadowPath() throws {
        let (frame, r) = try renderOneCell(Corners.self, size: CGSize(width: 100, height: 110), scale: 1)
        // Top corners rounded by 20: (12, 12) lies outside the arc centred at (30, 30)…
        XCTAssertTrue(near(r.rgb(12, 12), Self.white), "\(r.rgb(12, 12))")
        XCTAssertTrue(near(r.rgb(67, 12), Self.white))
        // …the bottom ones square.
        XCTAssertTrue(near(r.rgb(11, 68), Self.red))
        XCTAssertTrue(near(r.rgb(68, 68), Self.red))
        // The shadow: the view's rectangle (y 80–90) moved 10 pt down, y 90–100; the view
        // itself draws nothing.
        XCTAssertTrue(near(r.rgb(40, 95), Self.black), "\(r.rgb(40, 95))")
        XCTAssertTrue(near(r.rgb(40, 85), Self.white), "the clear view over its own shadow's gap")
        // keyframes.json keeps the corners and reads back to the same bytes.
        let t = Timeline(scene: "t", fps: 60, canvas: Canvas(width: 100, height: 110, scale: 1), frames: [frame])
        let text = try KeyframesJSONFormat.text(t)
        XCTAssertTrue(text.contains("\"corners\":[\"topLeft\",\"topRight\"]"), text)
        XCTAssertEqual(try KeyframesJSONFormat.text(KeyframesJSONFormat.read(Array(text.utf8), file: "k.json")), text)
    }

    final class Anchored: UICollectionViewCell {
        nonisolated(unsafe) static var angle: CGFloat = 0
        let bar = UIView(frame: CGRect(x: 40, y: 40, width: 40, height: 10))
        override init(frame: CGRect) {
            super.init(frame: frame)
            contentView.backgroundColor = .white
            bar.backgroundColor = .systemBlue
            // Its centre (60, 45) stays the position: with the anchor at the top left, the bar
            // is drawn from (60, 45), and turns about that point.
            bar.layer.anchorPoint = .zero
            bar.transform = CGAffineTransform(rotationAngle: Anchored.angle)
            contentView.addSubview(bar)
        }
        required init?(coder: NSCoder) { fatalError() }
    }

    func testAnchorPointMovesTheFrameAndIsThePivot() throws {
        Anchored.angle = 0
        let cell = Anchored(frame: CGRect(x: 0, y: 0, width: 120, height: 120))
        XCTAssertEqual(cell.bar.frame, CGRect(x: 60, y: 45, width: 40, height: 10))
        var r = try renderOneCell(Anchored.self, size: CGSize(width: 120, height: 120), scale: 1).raster
        XCTAssertTrue(near(r.rgb(95, 50), Self.blue))
        XCTAssertTrue(near(r.rgb(45, 45), Self.white), "no longer at its old frame")
        // A quarter turn clockwise about (60, 45): the bar now hangs down, x 50–60, y 45–85.
        Anchored.angle = .pi / 2
        r = try renderOneCell(Anchored.self, size: CGSize(width: 120, height: 120), scale: 1).raster
        XCTAssertTrue(near(r.rgb(55, 80), Self.blue), "\(r.rgb(55, 80))")
        XCTAssertTrue(near(r.rgb(65, 48), Self.white), "\(r.rgb(65, 48))")
    }
}
