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
    }

    /// A card turned by its transform (UIView.transform: about its centre, the layer's default
    /// anchor point) with a square subview turning with it. Every pixel of the cell is checked
    /// against the turn worked out here: turned back about the centre, a point inside the card's
    /// untransformed frame is red (green inside the square), outside it white — pixels within
    /// 1.5 px of an edge, which anti-aliasing blends, left out.
    final class TurnedCell: UICollectionViewCell {
        nonisolated(unsafe) static var angle: CGFloat = 0
        nonisolated(unsafe) static var throughLayer = false
        let card = UIView(frame: CGRect(x: 40, y: 40, width: 120, height: 40))
        let square = UIView(frame: CGRect(x: 10, y: 10, width: 20, height: 20))
        override init(frame: CGRect) {
            super.init(frame: frame)
            contentView.backgroundColor = .white
            card.backgroundColor = .systemRed
            square.backgroundColor = .systemGreen
            contentView.addSubview(card)
            card.addSubview(square)
            if TurnedCell.throughLayer {
                card.layer.transform = CATransform3DMakeRotation(TurnedCell.angle, 0, 0, 1)
            } else {
                card.transform = CGAffineTransform(rotationAngle: TurnedCell.angle)
            }
        }
        required init?(coder: NSCoder) { fatalError() }
    }

    func testATurnedSubviewAndItsSubviewsAreDrawnTurnedAboutItsCentre() throws {
        let scale = 2
        for (angle, throughLayer) in [(CGFloat.pi / 6, false), (-1.1, false), (CGFloat.pi / 6, true)] {
            TurnedCell.angle = angle
            TurnedCell.throughLayer = throughLayer
            let (frame, r) = try renderOneCell(TurnedCell.self, size: CGSize(width: 200, height: 120), scale: scale)
            if let keep = ProcessInfo.processInfo.environment["KEEP_UIKIT_RENDER"] { FileManager.default.createFile(atPath: keep + "/turned-\(angle)-\(throughLayer).png", contents: Data(try r.pngData())) }
            // The card's centre, (100, 60); a screen point turned back by -angle about it.
            let cx = 100.0, cy = 60.0, cosA = cos(Double(angle)), sinA = sin(Double(angle))
            var checked = 0
            for py in 0..<(120 * scale) { for px in 0..<(200 * scale) {
                let x = (Double(px) + 0.5) / Double(scale) - cx, y = (Double(py) + 0.5) / Double(scale) - cy
                let u = cosA * x + sinA * y + cx, v = -sinA * x + cosA * y + cy  // in the card's untransformed frame
                func distance(_ a: Double, _ lo: Double, _ hi: Double) -> Double { min(abs(a - lo), abs(a - hi)) }
                let margin = 1.5 / Double(scale)
                let inCard = (40...160).contains(u) && (40...80).contains(v), inSquare = (50...70).contains(u) && (50...70).contains(v)
                if distance(u, 40, 160) < margin || distance(v, 40, 80) < margin || distance(u, 50, 70) < margin || distance(v, 50, 70) < margin { continue }
                let (red, green, blue) = r.rgb(px, py)
                let expected = inSquare ? (52, 199, 89) : inCard ? (255, 59, 48) : (255, 255, 255)
                if abs(red - expected.0) > 2 || abs(green - expected.1) > 2 || abs(blue - expected.2) > 2 {
                    return XCTFail("angle \(angle)\(throughLayer ? " (layer)" : ""): pixel (\(px), \(py)) is \((red, green, blue)), expected \(expected)")
                }
                checked += 1
            }}
            XCTAssertGreaterThan(checked, 80_000)
            // keyframes.json keeps the turn, and reads back to the same bytes.
            let t = Timeline(scene: "t", fps: 60, canvas: Canvas(width: 200, height: 120, scale: scale), frames: [frame])
            let text = try KeyframesJSONFormat.text(t)
            XCTAssertTrue(text.contains("\"transform\":[\(NumberFormat.short(cosA)),\(NumberFormat.short(sinA))"), text)
            XCTAssertEqual(try KeyframesJSONFormat.text(KeyframesJSONFormat.read(Array(text.utf8), file: "k.json")), text)
        }
    }

    /// A label turned a quarter (vertical text down a card's side): its ink runs down, not
    /// across — taller than 100 pt and narrower than 30 pt about the label's centre (100, 100) —
    /// in the PNG, and the animated SVG draws it through the same matrix.
    func testATurnedLabelRunsDown() throws {
        final class Side: UICollectionViewCell {
            let label = UILabel(frame: CGRect(x: 20, y: 85, width: 160, height: 30))
            override init(frame: CGRect) {
                super.init(frame: frame)
                contentView.backgroundColor = .white
                label.text = "HELLO WORLD"
                label.font = .systemFont(ofSize: 20)
                label.textAlignment = .center
                label.transform = CGAffineTransform(rotationAngle: .pi / 2)
                contentView.addSubview(label)
            }
            required init?(coder: NSCoder) { fatalError() }
        }
        let (frame, r) = try renderOneCell(Side.self, size: CGSize(width: 200, height: 200), scale: 1)
        var xs: [Int] = [], ys: [Int] = []
        for y in 0..<200 { for x in 0..<200 where r.rgb(x, y).0 < 128 { xs.append(x); ys.append(y) } }
        let width = try XCTUnwrap(xs.max()) - XCTUnwrap(xs.min()), height = try XCTUnwrap(ys.max()) - XCTUnwrap(ys.min())
        XCTAssertGreaterThan(height, 100); XCTAssertLessThan(width, 30)
        XCTAssertEqual(Double(xs.min()! + xs.max()!) / 2, 100, accuracy: 3)
        XCTAssertEqual(Double(ys.min()! + ys.max()!) / 2, 100, accuracy: 3)
        let svg = String(decoding: try AnimatedSVGFormat().renderTimeline(Timeline(scene: "t", fps: 60, canvas: Canvas(width: 200, height: 200, scale: 1), frames: [frame]),
                                                                            options: RenderOptions())[0].bytes, as: UTF8.self)
        XCTAssertTrue(svg.contains("<g transform=\"matrix(0 1 -1 0 200 0)\">"), svg)
    }

    /// The check names a turn that changed: "› card: transform rotated 30° → rotated 45°".
    func testAChangedTurnIsNamed() throws {
        func timeline(_ angle: CGFloat) throws -> Timeline {
            TurnedCell.angle = angle
            TurnedCell.throughLayer = false
            let frame = try renderOneCell(TurnedCell.self, size: CGSize(width: 200, height: 120), scale: 1).frame
            return Timeline(scene: "t", fps: 60, canvas: Canvas(width: 200, height: 120, scale: 1), frames: [frame])
        }
        let golden = try KeyframesJSONFormat.read(Array(KeyframesJSONFormat.text(timeline(.pi / 6)).utf8), file: "keyframes.json")
        let lines = SemanticDiff.compare(golden, try timeline(.pi / 4)).items.map { $0.summary(fps: 60) }
        XCTAssertEqual(lines.count, 1, "\(lines)")
        XCTAssertTrue(lines.first?.hasPrefix("\"0-0\" › card: transform rotated 30° → rotated 45° at frame") == true, "\(lines)")
    }

    /// What a turn cannot draw yet is one line: a perspective layer transform on a subview, and
    /// a shadow inside a turned view.
    func testWhatATurnCannotDrawIsOneLine() throws {
        final class Perspective: UICollectionViewCell {
            let card = UIView(frame: CGRect(x: 40, y: 40, width: 120, height: 40))
            override init(frame: CGRect) {
                super.init(frame: frame)
                card.backgroundColor = .systemRed
                var t = CATransform3DIdentity
                t.m34 = -1 / 500
                card.layer.transform = CATransform3DRotate(t, 0.5, 0, 1, 0)
                contentView.addSubview(card)
            }
            required init?(coder: NSCoder) { fatalError() }
        }
        XCTAssertThrowsError(try renderOneCell(Perspective.self, size: CGSize(width: 200, height: 120), scale: 1)) { error in
            XCTAssertTrue("\(error)".contains("card: a UIView's 3-D layer transform (perspective, or a turn out of the screen's plane) in a cell is not drawn yet"), "\(error)")
        }
        final class TurnedShadow: UICollectionViewCell {
            let card = UIView(frame: CGRect(x: 40, y: 40, width: 120, height: 40))
            override init(frame: CGRect) {
                super.init(frame: frame)
                card.backgroundColor = .systemRed
                card.layer.shadowOpacity = 0.5
                card.transform = CGAffineTransform(rotationAngle: 0.2)
                contentView.addSubview(card)
            }
            required init?(coder: NSCoder) { fatalError() }
        }
        XCTAssertThrowsError(try renderOneCell(TurnedShadow.self, size: CGSize(width: 200, height: 120), scale: 1)) { error in
            XCTAssertTrue("\(error)".contains("card: a layer shadow in a turned UIView is not drawn yet"), "\(error)")
        }
    }
}
