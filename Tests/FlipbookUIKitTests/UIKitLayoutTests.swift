import XCTest
@testable import UIKit
import Flipbook
@testable import UIKitExamples
@testable import FlipbookCLI

/// The UIKit module's layouts rendered by Flipbook: geometry against formulas worked out here
/// from UIKit's documented rules, not read back from Flipbook's own layouts.
final class UIKitLayoutTests: XCTestCase {
    let canvas = Canvas(width: 390, height: 600, scale: 1, background: .white)

    func carouselScene(duration: Double = 2, touches: [TouchTrack] = []) -> (Scene, CarouselDataSource) {
        let layout = CarouselFlowLayout()
        let cv = UICollectionView(frame: CGRect(x: 0, y: 0, width: 390, height: 600), collectionViewLayout: layout)
        cv.register(CardCell.self, forCellWithReuseIdentifier: "card")
        let dataSource = CarouselDataSource(count: 8)
        cv.dataSource = dataSource
        cv.decelerationRate = .fast
        return (Scene(name: "carousel", canvas: canvas, fps: 60, duration: duration, collectionView: cv, touches: touches), dataSource)
    }

    func item(_ id: String, in frame: TimelineFrame) -> DrawItem? { frame.items.first { $0.id == id } }

    /// At rest: the centred card is full size; each neighbour is one page (280 + 20 pt) away,
    /// so its ratio is 1 and its scale the minimum, 0.8. The horizontal flow centres a column of
    /// one item between the section's top and bottom: y = (600 − 400) / 2.
    func testCarouselAtRestMatchesTheFlowRules() throws {
        let (scene, source) = carouselScene()
        _ = source
        let timeline = try Simulator.run(scene, frames: 0...0)
        let f = timeline.frames[0]
        let inset = (390.0 - 280) / 2
        let first = try XCTUnwrap(item("0-0", in: f))
        XCTAssertEqual(first.frame.minX, inset, accuracy: 1e-9)
        XCTAssertEqual(first.frame.minY, 100, accuracy: 1e-9)
        XCTAssertEqual(first.frame.width, 280, accuracy: 1e-9)
        XCTAssertEqual(first.frame.height, 400, accuracy: 1e-9)
        XCTAssertEqual(first.scale, 1, accuracy: 1e-9)
        XCTAssertEqual(first.zIndex, 10)
        let second = try XCTUnwrap(item("0-1", in: f))
        XCTAssertEqual(second.frame.minX, inset + 300, accuracy: 1e-9)
        XCTAssertEqual(second.scale, 0.8, accuracy: 1e-9)
        XCTAssertEqual(second.zIndex, 0)
        // The card two pages away starts at 55 + 600 = 655 pt, past the 390 pt view and past the
        // rect one screen beyond it (780 pt): UIKit would not ask for it.
        XCTAssertNil(item("0-3", in: f))
        // Cells are drawn from the data source's cells: odd items orange, even blue, 16 pt corners.
        XCTAssertEqual(first.appearance.background, Color(hex: "#007AFF")); XCTAssertEqual(first.appearance.cornerRadius, 16)
        XCTAssertEqual(second.appearance.background, Color(hex: "#FF9500"))
    }

    /// A flick to the left (finger moving left, content moving right) released at 2000 pt/s is
    /// 2 pt/ms in UIKit's units, over the layout's 0.3 threshold: from the release offset (under
    /// half a page, so page 0 by the layout's rounding) it pages exactly one card on, to 300 pt,
    /// where the deceleration alone would have carried it past 600 (a travel of v²/2a, far more
    /// than a page at 2000 pt/s).
    func testFlickPagesThroughTargetContentOffset() throws {
        let flick = TouchTrack.flick(at: 0.2, from: Point(x: 300, y: 300), velocity: Point(x: -2000, y: 0), duration: 0.05)
        let (scene, source) = carouselScene(duration: 2.5, touches: [flick])
        _ = source
        let timeline = try Simulator.run(scene)
        let release = try XCTUnwrap(timeline.frames.first { $0.time >= 0.25 + 1e-9 })
        XCTAssertLessThan(release.contentOffset.x, 150, "released before half a page")
        let last = try XCTUnwrap(timeline.frames.last)
        XCTAssertEqual(last.contentOffset.x, 300, accuracy: 0.01)
        // Mid-scroll, the scale follows the distance from the centre at that offset.
        for f in timeline.frames where f.contentOffset.x > 10 && f.contentOffset.x < 290 {
            let centre = f.contentOffset.x + 195
            for id in ["0-0", "0-1"] {
                guard let it = item(id, in: f) else { continue }
                let contentCenter = it.frame.midX + f.contentOffset.x
                let ratio = min(abs(contentCenter - centre) / 300, 1)
                XCTAssertEqual(it.scale, 1 - 0.2 * ratio, accuracy: 1e-6, "frame \(f.index) \(id)")
            }
        }
    }

    /// The attributes subclass copies its own field and compares it (Apple's subclassing notes).
    func testAttributesSubclassCopiesAndCompares() {
        let a = CarouselLayoutAttributes(forCellWith: IndexPath(item: 3, section: 1))
        a.frame = CGRect(x: 10, y: 20, width: 30, height: 40)
        a.distanceFromCenter = 12
        let b = a.copy() as! CarouselLayoutAttributes
        XCTAssertTrue(b !== a)
        XCTAssertEqual(b.distanceFromCenter, 12)
        XCTAssertEqual(b.frame, CGRect(x: 10, y: 20, width: 30, height: 40))
        XCTAssertEqual(b.center, CGPoint(x: 25, y: 40))
        XCTAssertEqual(b.indexPath.item, 3)
        XCTAssertEqual(b.indexPath.section, 1)
        XCTAssertTrue(a.isEqual(b))
        b.distanceFromCenter = 13
        XCTAssertFalse(a.isEqual(b))
        XCTAssertTrue(CarouselFlowLayout.layoutAttributesClass == CarouselLayoutAttributes.self)
    }

    /// super.layoutAttributesForElements hands back instances of layoutAttributesClass.
    func testFlowLayoutMakesAttributesOfTheSubclass() throws {
        let (scene, source) = carouselScene()
        _ = (scene, source)
        let cv = try XCTUnwrap((scene.host as? UIKitHost)?.collectionView)
        cv.collectionViewLayout.invalidateLayout()
        let a = try XCTUnwrap(cv.layoutAttributesForItem(at: IndexPath(item: 2, section: 0)))
        XCTAssertTrue(a is CarouselLayoutAttributes)
        XCTAssertEqual(a.frame.minX, 55 + 600, accuracy: 1e-9)
        XCTAssertEqual(cv.indexPathForItem(at: CGPoint(x: 55 + 300 + 1, y: 300))?.item, 1)
        XCTAssertNil(cv.indexPathForItem(at: CGPoint(x: 340, y: 300)), "the 20 pt gap between cards 0 and 1")
    }

    /// A vertical flow with a UICollectionViewDelegateFlowLayout: sizes per item, insets and
    /// spacing per section, worked out with UIKit's rules (a full line justified between the
    /// insets, a lone item centred, sections stacked).
    func testDelegateFlowLayoutSizesAndSectionMetrics() throws {
        final class Source: NSObject, UICollectionViewDataSource, UICollectionViewDelegateFlowLayout {
            func numberOfSections(in collectionView: UICollectionView) -> Int { 3 }
            func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int { section == 0 ? 3 : 1 }
            func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell {
                let cell = collectionView.dequeueReusableCell(withReuseIdentifier: "c", for: indexPath)
                cell.backgroundColor = .systemGreen
                return cell
            }
            func collectionView(_ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout, sizeForItemAt indexPath: IndexPath) -> CGSize {
                CGSize(width: 100 + 10 * CGFloat(indexPath.item), height: 50)
            }
            func collectionView(_ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout, insetForSectionAt section: Int) -> UIEdgeInsets {
                section == 0 ? UIEdgeInsets(top: 10, left: 20, bottom: 30, right: 20) : UIEdgeInsets(top: 5, left: 0, bottom: 0, right: 0)
            }
        }
        let layout = UICollectionViewFlowLayout()
        let cv = UICollectionView(frame: CGRect(x: 0, y: 0, width: 390, height: 600), collectionViewLayout: layout)
        cv.register(UICollectionViewCell.self, forCellWithReuseIdentifier: "c")
        let source = Source()
        cv.dataSource = source
        cv.delegate = source
        let scene = Scene(name: "flow", canvas: canvas, duration: 0.1, collectionView: cv)
        let f = try Simulator.run(scene, frames: 0...0).frames[0]
        // Section 0: widths 100, 110, 120 = 330 fit in 390 − 40 = 350 with two gaps of at least
        // 10 (350 ≥ 350): one justified line, gap (350 − 330) / 2 = 10.
        XCTAssertEqual(item("0-0", in: f)?.frame, Rect(x: 20, y: 10, width: 100, height: 50))
        XCTAssertEqual(item("0-1", in: f)?.frame, Rect(x: 130, y: 10, width: 110, height: 50))
        XCTAssertEqual(item("0-2", in: f)?.frame, Rect(x: 250, y: 10, width: 120, height: 50))
        // Section 1 starts below section 0's bottom inset: 10 + 50 + 30 + its own top inset 5; a
        // lone item is centred in the full width: (390 − 100) / 2.
        XCTAssertEqual(item("1-0", in: f)?.frame, Rect(x: 145, y: 95, width: 100, height: 50))
        XCTAssertEqual(item("1-0", in: f)?.appearance.background, Color(hex: "#34C759"))
    }

    /// A perspective (a card turned 45° about y, seen from 500 pt) is drawn as Core Animation
    /// projects it: each edge of the card where the matrix, applied as CATransform3D documents
    /// (row vectors, about the layer's centre), puts it — red 1.5 px inside, white 1.5 px
    /// outside — the near edge taller than the far one. The animated SVG, which cannot draw it,
    /// refuses the scene with one line.
    func testPerspectiveTransformIsDrawnProjected() throws {
        final class Tilt: UICollectionViewFlowLayout {
            static var turn: CATransform3D {
                var t = CATransform3DIdentity
                t.m34 = -1 / 500
                return CATransform3DRotate(t, .pi / 4, 0, 1, 0)
            }
            override func layoutAttributesForElements(in rect: CGRect) -> [UICollectionViewLayoutAttributes]? {
                super.layoutAttributesForElements(in: rect)?.map { a in
                    a.transform3D = Tilt.turn
                    return a
                }
            }
        }
        let layout = Tilt()
        layout.itemSize = CGSize(width: 160, height: 160)
        layout.sectionInset = UIEdgeInsets(top: 150, left: 0, bottom: 0, right: 0)
        let cv = UICollectionView(frame: CGRect(x: 0, y: 0, width: 390, height: 600), collectionViewLayout: layout)
        cv.register(UICollectionViewCell.self, forCellWithReuseIdentifier: "c")
        let source = CellSource([1], identifier: "c") { cell, _ in cell.backgroundColor = .red }
        cv.dataSource = source
        let t = try Simulator.run(Scene(name: "tilt", canvas: canvas, duration: 0.1, collectionView: cv), frames: 0...0)
        let it = try XCTUnwrap(item("0-0", in: t.frames[0]))
        // Centred on its line: x = (390 − 160) / 2 = 115, 150 pt down.
        XCTAssertEqual(it.frame, Rect(x: 115, y: 150, width: 160, height: 160))
        XCTAssertNotNil(it.transform3D)
        let m = Tilt.turn
        func onScreen(_ x: Double, _ y: Double) -> Point {
            let X = x * Double(m.m11) + y * Double(m.m21) + Double(m.m41), Y = x * Double(m.m12) + y * Double(m.m22) + Double(m.m42)
            let W = x * Double(m.m14) + y * Double(m.m24) + Double(m.m44)
            return Point(x: 195 + X / W, y: 230 + Y / W)
        }
        let corners = [onScreen(-80, -80), onScreen(80, -80), onScreen(80, 80), onScreen(-80, 80)]
        let centroid = Point(x: corners.map(\.x).reduce(0, +) / 4, y: corners.map(\.y).reduce(0, +) / 4)
        let left = corners[3].y - corners[0].y, right = corners[2].y - corners[1].y
        XCTAssertGreaterThan(abs(left - right), 20, "the near edge is taller: \(left) against \(right)")
        let raster = try Raster(drawing: t.frames[0], canvas: canvas)
        if let keep = ProcessInfo.processInfo.environment["KEEP_UIKIT_RENDER"] { FileManager.default.createFile(atPath: keep + "/tilt.png", contents: Data(try raster.pngData())) }
        func rgb(_ p: Point) -> (Int, Int, Int) { raster.rgb(Int(p.x), Int(p.y)) }
        for k in 0..<4 {
            let a = corners[k], b = corners[(k + 1) % 4]
            let mid = Point(x: (a.x + b.x) / 2, y: (a.y + b.y) / 2)
            let dx = centroid.x - mid.x, dy = centroid.y - mid.y, d = (dx * dx + dy * dy).squareRoot()
            let inside = rgb(Point(x: mid.x + 1.5 * dx / d, y: mid.y + 1.5 * dy / d))
            let outside = rgb(Point(x: mid.x - 1.5 * dx / d, y: mid.y - 1.5 * dy / d))
            XCTAssertTrue(inside.0 > 200 && inside.1 < 60 && inside.2 < 60, "edge \(k) inside: \(inside)")
            XCTAssertTrue(outside.0 > 200 && outside.1 > 200 && outside.2 > 200, "edge \(k) outside: \(outside)")
        }
        // An SVG frame holds the mapped card as an image where the PNG draws it.
        let svg = String(decoding: try SVGFormat().renderFrame(t.frames[0], canvas: canvas, options: RenderOptions()), as: UTF8.self)
        XCTAssertTrue(svg.contains("<image"), "the card as an image")
        XCTAssertThrowsError(try AnimatedSVGFormat().renderTimeline(t, options: RenderOptions())) { error in
            XCTAssertTrue("\(error)".contains("item \"0-0\" has a 3-D transform at frame 0, which an animated SVG cannot draw"), "\(error)")
        }
    }

    /// A paging animator's cube face: the cell's `apply(_:)` turns its content view's layer in
    /// perspective by an angle its layout's attributes subclass carries. The whole item turns
    /// (the content view is all of it: the cell draws nothing of its own), drawn through the
    /// matrix: the edge nearer the eye is taller on screen than the farther one.
    func testContentViewLayerTransformTurnsTheCell() throws {
        final class FaceAttributes: UICollectionViewLayoutAttributes {
            var angle: CGFloat = 0
            override func copy(with zone: NSZone? = nil) -> Any {
                let c = super.copy(with: zone) as! FaceAttributes
                c.angle = angle
                return c
            }
            override func isEqual(_ object: Any?) -> Bool { (object as? FaceAttributes)?.angle == angle && super.isEqual(object) }
        }
        final class Faces: UICollectionViewFlowLayout {
            override class var layoutAttributesClass: AnyClass { FaceAttributes.self }
            override func layoutAttributesForElements(in rect: CGRect) -> [UICollectionViewLayoutAttributes]? {
                super.layoutAttributesForElements(in: rect)?.map { a in
                    let f = a.copy() as! FaceAttributes
                    f.angle = .pi / 5
                    return f
                }
            }
        }
        final class FaceCell: UICollectionViewCell {
            override func apply(_ layoutAttributes: UICollectionViewLayoutAttributes) {
                guard let f = layoutAttributes as? FaceAttributes else { return }
                var t = CATransform3DIdentity
                t.m34 = -1 / 500
                contentView.layer.transform = CATransform3DRotate(t, f.angle, 0, 1, 0)
            }
        }
        let layout = Faces()
        layout.itemSize = CGSize(width: 200, height: 200)
        layout.sectionInset = UIEdgeInsets(top: 150, left: 0, bottom: 0, right: 0)
        let cv = UICollectionView(frame: CGRect(x: 0, y: 0, width: 390, height: 600), collectionViewLayout: layout)
        cv.register(FaceCell.self, forCellWithReuseIdentifier: "c")
        let source = CellSource([1], identifier: "c") { cell, _ in cell.contentView.backgroundColor = .red }
        cv.dataSource = source
        let t = try Simulator.run(Scene(name: "face", canvas: canvas, duration: 0.1, collectionView: cv), frames: 0...0)
        let it = try XCTUnwrap(item("0-0", in: t.frames[0]))
        var expected = CATransform3DIdentity
        expected.m34 = -1 / 500
        expected = CATransform3DRotate(expected, .pi / 5, 0, 1, 0)
        XCTAssertEqual(it.transform3D?.m, UIKitLayout.general(expected)?.m)
        // Red columns' heights one pixel inside the card's left and right edges on screen.
        let raster = try Raster(drawing: t.frames[0], canvas: canvas)
        let heights = raster.withPixels { px, row -> [Int] in
            var columns: [Int: Int] = [:]
            for y in 0..<600 { for x in 0..<390 where px[y * row + x] >> 16 & 0xFF > 200 && px[y * row + x] >> 8 & 0xFF < 60 { columns[x, default: 0] += 1 } }
            let xs = columns.keys.sorted()
            return [columns[xs.first! + 1]!, columns[xs.last! - 1]!]
        }
        XCTAssertGreaterThan(abs(heights[0] - heights[1]), 20, "one edge nearer: \(heights)")
    }

    /// examples/uikit's cover flow, at rest on its fourth cover: the covers turn away from the
    /// centre in perspective on both sides alike, so the frame is its own mirror image about
    /// the centre line (each pixel within 2 levels of its mirror's), the centred cover is drawn
    /// square and flat, and its neighbour narrower than it is tall.
    func testCoverFlowIsItsOwnMirrorImageAtRest() throws {
        let layout = CoverFlowLayout()
        let cv = UICollectionView(frame: CGRect(x: 0, y: 0, width: 390, height: 600), collectionViewLayout: layout)
        cv.register(UICollectionViewCell.self, forCellWithReuseIdentifier: "c")
        let palette: [UIColor] = [.systemBlue, .systemOrange, .systemGreen, .systemPink]
        let source = CellSource([7], identifier: "c") { cell, ip in cell.backgroundColor = palette[abs(ip.item - 3)] }
        cv.dataSource = source
        // Cover 3 centred: three pages of 180 − 40 pt.
        cv.setContentOffset(CGPoint(x: 3 * 140, y: 0), animated: false)
        let t = try Simulator.run(Scene(name: "cover-flow", canvas: canvas, duration: 0.1, collectionView: cv), frames: 0...0)
        let f = t.frames[0]
        XCTAssertEqual(item("0-3", in: f)?.frame, Rect(x: 105, y: 210, width: 180, height: 180))
        XCTAssertNil(item("0-3", in: f)?.transform3D, "the centred cover is not turned")
        XCTAssertNotNil(item("0-2", in: f)?.transform3D)
        let raster = try Raster(drawing: f, canvas: canvas)
        if let keep = ProcessInfo.processInfo.environment["KEEP_UIKIT_RENDER"] { FileManager.default.createFile(atPath: keep + "/cover-flow.png", contents: Data(try raster.pngData())) }
        var worst = 0, coloured = 0
        raster.withPixels { px, row in
            for y in 0..<600 {
                for x in 0..<195 {
                    let a = px[y * row + x], b = px[y * row + 389 - x]
                    for shift in [0, 8, 16] { worst = max(worst, abs(Int(a >> UInt32(shift) & 0xFF) - Int(b >> UInt32(shift) & 0xFF))) }
                    if a & 0xFFFFFF != 0xFFFFFF { coloured += 1 }
                }
            }
        }
        XCTAssertLessThanOrEqual(worst, 2, "mirror-symmetric")
        XCTAssertGreaterThan(coloured, 195 * 150, "covers are drawn on the left half")
        /// The columns and rows where `matches` holds.
        func extent(_ matches: @escaping (UInt32) -> Bool, columns: Range<Int> = 0..<390) -> (width: Int, height: Int) {
            raster.withPixels { px, row in
                var xs = Set<Int>(), ys = Set<Int>()
                for y in 0..<600 { for x in columns where matches(px[y * row + x]) { xs.insert(x); ys.insert(y) } }
                return (xs.count, ys.count)
            }
        }
        // The centred cover (systemBlue #007AFF) is drawn at its own size, flat.
        let centred = extent { $0 & 0xFF > 200 && $0 >> 16 & 0xFF < 60 }
        XCTAssertEqual(Double(centred.width), 180, accuracy: 2)
        XCTAssertEqual(Double(centred.height), 180, accuracy: 2)
        // Its left neighbour (systemOrange #FF9500), turned 60° away, shows narrower than tall.
        let neighbour = extent({ $0 >> 16 & 0xFF > 200 && (100...190).contains($0 >> 8 & 0xFF) && $0 & 0xFF < 60 }, columns: 0..<195)
        XCTAssertGreaterThan(neighbour.width, 10)
        XCTAssertLessThan(neighbour.width, neighbour.height)
    }

    /// Pinned headers (Apple's sectionHeadersPinToVisibleBounds page: a header pins to the top
    /// of the bounds, and the next one pushes it off) through a scroll: on every frame each
    /// header is where that rule puts it, worked out here from the sections' extents.
    func testPinnedHeadersFollowTheBoundsThroughAScroll() throws {
        final class Headers: NSObject, UICollectionViewDataSource {
            func numberOfSections(in collectionView: UICollectionView) -> Int { 3 }
            func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int { 5 }
            func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell {
                let cell = collectionView.dequeueReusableCell(withReuseIdentifier: "c", for: indexPath)
                cell.backgroundColor = .systemBlue
                return cell
            }
            func collectionView(_ collectionView: UICollectionView, viewForSupplementaryElementOfKind kind: String, at indexPath: IndexPath) -> UICollectionReusableView {
                let header = collectionView.dequeueReusableSupplementaryView(ofKind: kind, withReuseIdentifier: "h", for: indexPath)
                header.backgroundColor = .systemGray
                return header
            }
        }
        let layout = UICollectionViewFlowLayout()
        layout.itemSize = CGSize(width: 390, height: 100)
        layout.headerReferenceSize = CGSize(width: 0, height: 44)
        layout.sectionHeadersPinToVisibleBounds = true
        let cv = UICollectionView(frame: CGRect(x: 0, y: 0, width: 390, height: 600), collectionViewLayout: layout)
        cv.register(UICollectionViewCell.self, forCellWithReuseIdentifier: "c")
        cv.register(UICollectionReusableView.self, forSupplementaryViewOfKind: UICollectionView.elementKindSectionHeader, withReuseIdentifier: "h")
        let source = Headers()
        cv.dataSource = source
        let flick = TouchTrack.flick(at: 0.1, from: Point(x: 200, y: 550), velocity: Point(x: 0, y: -1500), duration: 0.3)
        let t = try Simulator.run(Scene(name: "pinned", canvas: canvas, fps: 60, duration: 2, collectionView: cv, touches: [flick]))
        // A section: its 44 pt header, five 100 pt lines 10 apart: 44 + 500 + 40 = 584 pt.
        let sectionLength = 44.0 + 5 * 100 + 4 * 10
        var held = 0, pushed = 0
        for f in t.frames {
            let offset = f.contentOffset.y
            for s in 0..<3 {
                let start = Double(s) * sectionLength, end = start + sectionLength
                let header = f.items.first { $0.id == "section\(s).header" }
                guard end - offset > 0, start - offset < 600 else {
                    XCTAssertNil(header, "frame \(f.index): section \(s) is off screen"); continue
                }
                // Held at the top (offset), never below its section's end less its height.
                let expected = min(max(start, offset), end - 44)
                let h = try XCTUnwrap(header, "frame \(f.index): section \(s)'s header")
                XCTAssertEqual(h.frame.minY + offset, expected, accuracy: 1e-6, "frame \(f.index) section \(s)")
                XCTAssertEqual(h.frame.height, 44)
                if expected == offset && offset > start { held += 1 }
                if expected < offset { pushed += 1 }
            }
        }
        XCTAssertGreaterThan(held, 0, "some frame shows a header held at the top")
        XCTAssertGreaterThan(pushed, 0, "some frame shows a header pushed up by the next")
    }

    /// A rotation and a uniform scale about the centre, and a translation, reach the drawn item
    /// as UIKit composes them: the centre moves by the translation, the angle and scale are the
    /// matrix's.
    func testAffineTransformReachesTheDrawnItem() throws {
        final class Spin: UICollectionViewFlowLayout {
            override func layoutAttributesForElements(in rect: CGRect) -> [UICollectionViewLayoutAttributes]? {
                super.layoutAttributesForElements(in: rect)?.map { a in
                    a.transform = CGAffineTransform(rotationAngle: .pi / 6).scaledBy(x: 1.5, y: 1.5).translatedBy(x: 0, y: 0)
                        .concatenating(CGAffineTransform(translationX: 40, y: -10))
                    return a
                }
            }
        }
        let cv = UICollectionView(frame: CGRect(x: 0, y: 0, width: 390, height: 600), collectionViewLayout: Spin())
        cv.register(UICollectionViewCell.self, forCellWithReuseIdentifier: "c")
        let source = CellSource([1], identifier: "c")
        cv.dataSource = source
        let f = try Simulator.run(Scene(name: "spin", canvas: canvas, duration: 0.1, collectionView: cv), frames: 0...0).frames[0]
        let it = try XCTUnwrap(item("0-0", in: f))
        // The default 50 × 50 item alone on its line is centred: x = (390 − 50) / 2 = 170.
        XCTAssertEqual(it.frame.midX, 170 + 25 + 40, accuracy: 1e-9)
        XCTAssertEqual(it.frame.midY, 25 - 10, accuracy: 1e-9)
        XCTAssertEqual(it.rotation, .pi / 6, accuracy: 1e-9)
        XCTAssertEqual(it.scale, 1.5, accuracy: 1e-9)
    }
}

/// A scene made in code stands for a scene file in the `flipbook` command
/// (FlipbookCommand.main(scenes:)): render, validate and check take its name.
final class UIKitCommandTests: XCTestCase {
    func testRegisteredSceneRendersByName() throws {
        CLI.codeScenes["uikit-carousel"] = {
            let cv = UICollectionView(frame: CGRect(x: 0, y: 0, width: 390, height: 600), collectionViewLayout: CarouselFlowLayout())
            cv.register(CardCell.self, forCellWithReuseIdentifier: "card")
            cv.dataSource = CarouselDataSource.shared
            cv.backgroundColor = .systemGroupedBackground
            let flick = TouchTrack.flick(at: 0.2, from: Point(x: 300, y: 300), velocity: Point(x: -2000, y: 0), duration: 0.05)
            return Scene(name: "uikit-carousel", canvas: Canvas(width: 390, height: 600, scale: 1, background: .white), duration: 1.5,
                         collectionView: cv, touches: [flick])
        }
        defer { CLI.codeScenes["uikit-carousel"] = nil }
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("uikit-carousel-\(getpid())").path
        defer { if ProcessInfo.processInfo.environment["KEEP_UIKIT_RENDER"] == nil { try? FileManager.default.removeItem(atPath: out) } }
        final class Printed: @unchecked Sendable { var text = "" }
        let log = Printed()
        var printed: String { log.text }
        let console = Console(out: { log.text += $0 }, err: { log.text += $0 }, errIsTerminal: false, environment: [:])
        XCTAssertEqual(CLI.main(["flipbook", "validate", "uikit-carousel"], console: console), 0, printed)
        XCTAssertTrue(printed.contains("uikit-carousel: ok"), printed)
        XCTAssertEqual(CLI.main(["flipbook", "render", "uikit-carousel", "-o", out, "--format", "png,json", "-q"], console: console), 0, printed)
        let frames = try FileManager.default.contentsOfDirectory(atPath: out).filter { $0.hasPrefix("frame-") }
        XCTAssertEqual(frames.count, 90)
        let keyframes = try String(contentsOfFile: out + "/keyframes.json", encoding: .utf8)
        XCTAssertTrue(keyframes.contains(#""scene":"uikit-carousel""#))
        // Pixels at known points of the last frame (paged to 300 pt): card 1 is centred, full
        // size, x 55-335, y 100-500, and orange (the data source colours odd items so).
        let image = try ImageStore.read(out + "/frame-00089.png")
        /// An opaque pixel as #RRGGBB (Cairo's ARGB32 rows, little-endian: B, G, R, A).
        func pixel(x: Int, y: Int) -> String {
            let i = y * image.stride + x * 4
            return String(format: "#%02X%02X%02X", image.pixels[i + 2], image.pixels[i + 1], image.pixels[i])
        }
        XCTAssertEqual(pixel(x: 195, y: 300), "#FF9500")
        // Between the cards' edges, the view's grouped background: card 0 at scale 0.8 spans
        // 55 − 300 + 28 … 335 − 300 − 28 = −217 … 7 on screen, leaving x 20 uncovered.
        XCTAssertEqual(pixel(x: 20, y: 300), "#F2F2F7")
    }
}

extension CarouselDataSource {
    nonisolated(unsafe) static let shared = CarouselDataSource(count: 8)
}

/// UICollectionViewCompositionalLayout's objects, laid out by Flipbook: frames from the
/// sizes, insets and spacing Apple documents, worked out here.
final class CompositionalLayoutTests: XCTestCase {
    let canvas = Canvas(width: 390, height: 600, scale: 1, background: .white)

    func frame0(_ layout: UICollectionViewLayout, counts: [Int], touches: [TouchTrack] = [], duration: Double = 0.1) throws -> [TimelineFrame] {
        let cv = UICollectionView(frame: CGRect(x: 0, y: 0, width: 390, height: 600), collectionViewLayout: layout)
        cv.register(UICollectionViewCell.self, forCellWithReuseIdentifier: "c")
        let source = CellSource(counts)
        cv.dataSource = source
        let timeline = try Simulator.run(Scene(name: "compositional", canvas: canvas, duration: duration, collectionView: cv, touches: touches))
        return timeline.frames
    }

    /// Three items a row: each a third of the group, less its 5 pt content insets; the group
    /// spans the section's width less its 10 pt insets; rows 100 + 8 pt apart.
    func testGridFromItemsGroupsAndSections() throws {
        let item = NSCollectionLayoutItem(layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1.0 / 3), heightDimension: .fractionalHeight(1)))
        item.contentInsets = NSDirectionalEdgeInsets(top: 5, leading: 5, bottom: 5, trailing: 5)
        let group = NSCollectionLayoutGroup.horizontal(layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .absolute(100)),
                                                       subitems: [item])
        let section = NSCollectionLayoutSection(group: group)
        section.contentInsets = NSDirectionalEdgeInsets(top: 10, leading: 10, bottom: 10, trailing: 10)
        section.interGroupSpacing = 8
        let f = try frame0(UICollectionViewCompositionalLayout(section: section), counts: [7])[0]
        let third = (390.0 - 20) / 3
        for (k, id) in ["0-0", "0-1", "0-2", "0-3", "0-6"].enumerated() {
            let index = [0, 1, 2, 3, 6][k]
            let it = try XCTUnwrap(f.items.first { $0.id == id }, id)
            XCTAssertEqual(it.frame.minX, 10 + Double(index % 3) * third + 5, accuracy: 1e-9, id)
            XCTAssertEqual(it.frame.minY, 10 + Double(index / 3) * 108 + 5, accuracy: 1e-9, id)
            XCTAssertEqual(it.frame.width, third - 10, accuracy: 1e-9, id)
            XCTAssertEqual(it.frame.height, 90, accuracy: 1e-9, id)
        }
    }

    /// A section provider, a header boundary item and an orthogonally scrolling section: the
    /// header sits above the section at its size, and a horizontal drag in the orthogonal band
    /// moves its items by the drag, the rest of the view not at all.
    func testSectionProviderHeaderAndOrthogonalScrolling() throws {
        let layout = UICollectionViewCompositionalLayout { section, environment in
            let item = NSCollectionLayoutItem(layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .fractionalHeight(1)))
            let group = NSCollectionLayoutGroup.horizontal(layoutSize: NSCollectionLayoutSize(widthDimension: .absolute(150), heightDimension: .absolute(150)),
                                                           subitems: [item])
            let s = NSCollectionLayoutSection(group: group)
            s.interGroupSpacing = 10
            if section == 0 {
                s.orthogonalScrollingBehavior = .continuous
                let header = NSCollectionLayoutBoundarySupplementaryItem(
                    layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .absolute(44)),
                    elementKind: UICollectionView.elementKindSectionHeader, alignment: .top)
                s.boundarySupplementaryItems = [header]
            }
            XCTAssertEqual(environment.container.contentSize.width, 390)
            return s
        }
        let drag = TouchTrack(finger: 1, downTime: 0.1, downPoint: Point(x: 300, y: 120),
                              segments: [.init(to: Point(x: 200, y: 120), duration: 0.3, curve: .linear), .init(to: Point(x: 200, y: 120), duration: 0.3, curve: .linear)],
                              path: "drag")
        let frames = try frame0(layout, counts: [6, 4], touches: [drag], duration: 1)
        let first = frames[0]
        let header = try XCTUnwrap(first.items.first { $0.kind == .sectionHeader })
        XCTAssertEqual(header.frame, Rect(x: 0, y: 0, width: 390, height: 44))
        XCTAssertEqual(first.items.first { $0.id == "0-1" }?.frame, Rect(x: 160, y: 44, width: 150, height: 150))
        // Section 1 stacks below the orthogonal band (44 + 150) and wraps, not scrolling sideways.
        XCTAssertEqual(first.items.first { $0.id == "1-0" }?.frame.minY, 194)
        let held = try XCTUnwrap(frames.first { $0.time > 0.55 && $0.time < 0.65 })
        let moved = try XCTUnwrap(held.items.first { $0.id == "0-1" })
        let still = try XCTUnwrap(held.items.first { $0.id == "1-0" })
        XCTAssertLessThan(moved.frame.minX, 160 - 50, "the band follows the finger left")
        XCTAssertEqual(still.frame.minX, first.items.first { $0.id == "1-0" }!.frame.minX, "section 1 does not move")
        XCTAssertEqual(held.contentOffset.y, 0)
    }

    /// A visibleItemsInvalidationHandler written as apps write it scales each item by its
    /// distance from the visible centre: the item centred at rest keeps scale 1, its neighbour
    /// one group away gets 1 − 0.3 · 160 / 195.
    func testVisibleItemsInvalidationHandler() throws {
        let item = NSCollectionLayoutItem(layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .fractionalHeight(1)))
        let group = NSCollectionLayoutGroup.horizontal(layoutSize: NSCollectionLayoutSize(widthDimension: .absolute(150), heightDimension: .absolute(150)),
                                                       subitems: [item])
        let section = NSCollectionLayoutSection(group: group)
        section.interGroupSpacing = 10
        section.contentInsets = NSDirectionalEdgeInsets(top: 0, leading: 120, bottom: 0, trailing: 120)
        section.orthogonalScrollingBehavior = .continuous
        section.visibleItemsInvalidationHandler = { items, offset, environment in
            let centre = offset.x + environment.container.contentSize.width / 2
            for item in items {
                let distance = abs(item.center.x - centre)
                let scale = max(0.7, 1 - 0.3 * distance / (environment.container.contentSize.width / 2))
                item.transform = CGAffineTransform(scaleX: scale, y: scale)
            }
        }
        let f = try frame0(UICollectionViewCompositionalLayout(section: section), counts: [5])[0]
        let centred = try XCTUnwrap(f.items.first { $0.id == "0-0" })
        XCTAssertEqual(centred.frame.midX, 195, accuracy: 1e-9, "120 + 75: centred")
        XCTAssertEqual(centred.scale, 1, accuracy: 1e-9)
        let next = try XCTUnwrap(f.items.first { $0.id == "0-1" })
        XCTAssertEqual(next.scale, 1 - 0.3 * 160 / 195, accuracy: 1e-9)
    }

    /// `list(using:)` is Flipbook's list layout with the same configuration.
    func testListConfigurationIsTheListLayout() throws {
        var configuration = UICollectionLayoutListConfiguration(appearance: .insetGrouped)
        configuration.showsSeparators = false
        let f = try frame0(UICollectionViewCompositionalLayout.list(using: configuration), counts: [3, 2])[0]
        var native = ListLayout(appearance: .insetGrouped)
        native.showsSeparators = false
        native.prepare(LayoutContext(bounds: Rect(x: 0, y: 0, width: 390, height: 600), itemCounts: [3, 2]))
        for (s, n) in [(0, 3), (1, 2)] {
            for i in 0..<n {
                let expected = try XCTUnwrap(native.layoutAttributesForItem(at: ItemIndexPath(item: i, section: s)))
                XCTAssertEqual(f.items.first { $0.id == "\(s)-\(i)" }?.frame, expected.frame, "\(s)-\(i)")
            }
        }
    }
}
