import XCTest
import FlipbookCore
import FlipbookLayout
import FlipbookAnimation
@testable import FlipbookSimulation
@testable import FlipbookEffects
@testable import FlipbookSceneFile

/// Two-finger touches, UIPinchGestureRecognizer and UIRotationGestureRecognizer against the
/// fingers' own geometry, the transition layout's interpolation, and the Photos pinch.
final class PinchTransitionTests: XCTestCase {
    /// The pinch's scale is the fingers' distance over their distance when the second went
    /// down; the rotation is the turn of the line between them.
    func testPinchScaleAndRotationFollowTheFingers() throws {
        for (from, to, a0, a1) in [(200.0, 100.0, 0.0, 0.0), (120, 260, 30, 30), (150, 150, 0, 40)] {
            var scene = try decode(minimalScene(layout: #"{"type": "flow"}"#))
            scene.touches = TouchTrack.twoFingers(at: 0.1, center: Point(x: 187, y: 300), fromDistance: from, toDistance: to,
                                                  fromAngle: a0 * .pi / 180, toAngle: a1 * .pi / 180, duration: 0.6)
            let sim = try Simulator(scene: scene)
            let pinch = PinchGestureRecognizer(name: "p", view: { Rect(x: 0, y: 0, width: 375, height: 667) })
            let rotation = RotationGestureRecognizer(name: "r", view: { Rect(x: 0, y: 0, width: 375, height: 667) })
            pinch.recognizesSimultaneously = { _ in true }
            var seen: [(Double, Double, Double)] = []
            pinch.action = { r in
                guard let p = r as? PinchGestureRecognizer, let pair = p.touchPair else { return }
                let ratio = pair.now.0.distance(to: pair.now.1) / pair.start.0.distance(to: pair.start.1)
                seen.append((sim.now, p.scale, ratio))
            }
            var turned: [Double] = []
            rotation.recognizesSimultaneously = { _ in true }
            rotation.action = { r in turned.append((r as! RotationGestureRecognizer).rotation) }
            sim.gestures.add(pinch)
            sim.gestures.add(rotation)
            _ = try sim.record()
            if from != to {
                XCTAssertFalse(seen.isEmpty, "the pinch began")
                for (t, scale, ratio) in seen { XCTAssertEqual(scale, ratio, accuracy: 1e-12, "at \(t)") }
                // At the end the fingers are `to` apart; the distance when the second finger went down was `from`.
                XCTAssertEqual(seen.last!.1, to / from, accuracy: 1e-9)
                XCTAssertEqual(pinch.state, .possible, "ended and reset when the fingers lifted")
            }
            if a0 != a1 { XCTAssertEqual(turned.last ?? 0, (a1 - a0) * .pi / 180, accuracy: 1e-9) }
        }
    }

    /// Every frame of the transition layout is the two layouts' frames interpolated by progress.
    func testTransitionLayoutInterpolates() {
        let a = FlowLayout(itemSize: Size(width: 100, height: 100), minimumLineSpacing: 2, minimumInteritemSpacing: 2)
        let b = FlowLayout(itemSize: Size(width: 60, height: 60), minimumLineSpacing: 2, minimumInteritemSpacing: 2)
        let context = LayoutContext(bounds: Rect(x: 0, y: 0, width: 375, height: 600), itemCounts: [20])
        var pa = a, pb = b
        pa.prepare(context); pb.prepare(context)
        for p in [0.0, 0.25, 0.5, 1] {
            var t = TransitionLayout(currentLayout: a, nextLayout: b, transitionProgress: p)
            t.prepare(context)
            for i in 0..<20 {
                let ip = ItemIndexPath(item: i)
                let fa = pa.layoutAttributesForItem(at: ip)!.frame, fb = pb.layoutAttributesForItem(at: ip)!.frame
                let f = t.layoutAttributesForItem(at: ip)!.frame
                XCTAssertEqual(f.minX, fa.minX + (fb.minX - fa.minX) * p, accuracy: 1e-9)
                XCTAssertEqual(f.minY, fa.minY + (fb.minY - fa.minY) * p, accuracy: 1e-9)
                XCTAssertEqual(f.width, fa.width + (fb.width - fa.width) * p, accuracy: 1e-9)
            }
            let h = pa.collectionViewContentSize.height + (pb.collectionViewContentSize.height - pa.collectionViewContentSize.height) * p
            XCTAssertEqual(t.collectionViewContentSize.height, h, accuracy: 1e-9)
        }
    }

    /// The example: five columns after the first pinch, still five after the cancelled one,
    /// three after the last; mid-transition frames lie between the two grids.
    func testPhotosPinch() throws {
        let t = try Simulator.run(try loadExample("photos-pinch"))
        func width(at time: Double) -> Double { t.frames[Int(time * 60)].items.first { $0.id == "p0" }!.frame.width }
        let three = ((375.0 - 4) / 3 * 2).rounded(.down) / 2, five = ((375.0 - 8) / 5 * 2).rounded(.down) / 2
        XCTAssertEqual(width(at: 0), three, accuracy: 1e-9)
        XCTAssertEqual(width(at: 2.0), five, accuracy: 1e-9)
        XCTAssertEqual(width(at: 3.2), five, accuracy: 1e-9, "the short pinch cancelled")
        XCTAssertEqual(width(at: 4.9), three, accuracy: 1e-9)
        let mid = width(at: 0.9)
        XCTAssertTrue(mid < three && mid > five, "interactive: \(mid)")
        // The transition starts from the grid on screen: the frame the pinch begins in (its
        // scale already past 1) moves the cells no more than the fingers' next frame does — no
        // jump (it moved them about 32 pt at once).
        let begins = t.frames.indices.filter { k in t.frames[k].recognizers.contains { $0.name == "pinchColumns.pinch" && $0.state == .began } }
        XCTAssertEqual(begins.count, 3)
        func moved(_ a: Int, _ b: Int) -> Double {
            let from = Dictionary(t.frames[a].items.filter { $0.kind == .cell }.map { ($0.id, $0.frame) }, uniquingKeysWith: { x, _ in x })
            return t.frames[b].items.filter { $0.kind == .cell }.compactMap { it in
                from[it.id].map { max(abs(it.frame.minX - $0.minX), abs(it.frame.minY - $0.minY), abs(it.frame.width - $0.width)) }
            }.max() ?? 0
        }
        for k in begins {
            XCTAssertLessThanOrEqual(moved(k - 1, k), 2 * moved(k, k + 1) + 1, "frame \(k)")
        }
    }

    func testTwoFingerStepsAreChecked() {
        for (step, path, fragment) in [
            (#"{"at": 0, "action": "pinch", "center": {"x": 100, "y": 100}, "fromDistance": 0, "toDistance": 100}"#, "$.script[0].fromDistance", "a distance between the fingers"),
            (#"{"at": 0, "action": "pinch", "center": {"x": 100, "y": 100}, "fromDistance": 50, "toDistance": 100, "fingers": [2, 2]}"#, "$.script[0].fingers", "two different fingers"),
            (#"{"at": 0, "action": "rotate", "center": {"x": 100, "y": 100}, "distance": 80, "toAngle": 45, "fromDistance": 3}"#, "$.script[0].fromDistance", "does not apply"),
        ] {
            XCTAssertThrowsError(try decode(minimalScene(layout: #"{"type": "flow"}"#, script: "[\(step)]"))) { e in
                XCTAssertEqual((e as? InputError)?.path, path)
                XCTAssertEqual((e as? InputError)?.message.contains(fragment), true, (e as? InputError)?.message ?? "")
            }
        }
        // Two touches of one finger at once.
        let twice = #"[{"at": 0, "action": "pinch", "center": {"x": 100, "y": 100}, "fromDistance": 50, "toDistance": 100, "duration": 1}, {"at": 0.5, "action": "tap", "point": {"x": 10, "y": 10}}]"#
        XCTAssertThrowsError(try decode(minimalScene(layout: #"{"type": "flow"}"#, script: twice))) { e in
            XCTAssertNotNil(e as? InputError)
        }
    }
}

/// Drag and drop between two views: the drop leaves the item in the destination's data, at
/// the gap the finger opened, and the source without it; a drop between the views changes nothing.
final class DragAndDropTests: XCTestCase {
    /// In a list (rows as wide as the view) a drop goes above or below the row by its middle, the
    /// way UIKit's list reordering decides, wherever across the row the finger is — on the
    /// trailing reorder handle too (it went one slot late there). In a grid, left or right of
    /// the item's centre still decides.
    func testInsertionIndexByTheRowsMiddleInALine() throws {
        let rows = (0..<5).map { ItemSpec(id: "r\($0)", color: .white) }
        let list = CollectionView(spec: CollectionViewSpec(frame: Rect(x: 0, y: 0, width: 375, height: 667), layout: ListLayout(),
                                                          sections: [SectionSpec(id: "s", items: rows)]))
        let effect = DragAndDropEffect(options: DragAndDropEffect.Options())
        // Row 2 spans y 88-132 (44 pt rows from the top); the handle is at the trailing edge.
        XCTAssertEqual(effect.insertionIndex(in: list, at: Point(x: 350, y: 100), excluding: [], now: 0), ItemIndexPath(item: 2))
        XCTAssertEqual(effect.insertionIndex(in: list, at: Point(x: 350, y: 120), excluding: [], now: 0), ItemIndexPath(item: 3))
        XCTAssertEqual(effect.insertionIndex(in: list, at: Point(x: 20, y: 120), excluding: [], now: 0), ItemIndexPath(item: 3))
        let grid = CollectionView(spec: CollectionViewSpec(frame: Rect(x: 0, y: 0, width: 375, height: 667),
                                                          layout: FlowLayout(itemSize: Size(width: 100, height: 100)),
                                                          sections: [SectionSpec(id: "s", items: rows)]))
        let first = try XCTUnwrap(grid.layoutAttributes(for: "r0")).frame
        XCTAssertEqual(effect.insertionIndex(in: grid, at: Point(x: first.midX + 10, y: first.minY + 10), excluding: [], now: 0), ItemIndexPath(item: 1),
                       "right of the centre, in a line of several")
    }

    /// The preview grows to 1.05x and its shadow from the item's own (0.16) to the lifted one
    /// (0.32) over 0.25 s at the lift, and back as it lands or glides home: never a step of
    /// more than a fifth of the change in one frame at 60 fps (a 0.25 s ease-in-ease-out moves
    /// at most about 0.1 of it a frame); it starts and ends at the item's own size and shadow.
    func testLiftAndDropAnimateTheScaleAndShadow() throws {
        let t = try Simulator.run(try loadExample("drag-between-views"))
        var runs: [[DrawItem]] = [], current: [DrawItem] = [], last = -2
        for f in t.frames {
            guard let s = f.items.first(where: { $0.kind == .snapshot }) else { continue }
            if f.index != last + 1, !current.isEmpty { runs.append(current); current = [] }
            current.append(s)
            last = f.index
        }
        if !current.isEmpty { runs.append(current) }
        XCTAssertEqual(runs.count, 2, "a drop and a cancelled drag")
        for run in runs {
            for s in [run.first!, run.last!] {
                XCTAssertEqual(s.scale, 1, accuracy: 0.002)
                XCTAssertEqual(s.appearance.shadow?.opacity ?? 0, 0.16, accuracy: 0.003)
            }
            XCTAssertEqual(run.map(\.scale).max()!, 1.05, accuracy: 1e-9, "lifted")
            for (a, b) in zip(run, run.dropFirst()) {
                XCTAssertLessThanOrEqual(abs(a.scale - b.scale), 0.05 / 5)
                XCTAssertLessThanOrEqual(abs((a.appearance.shadow?.opacity ?? 0) - (b.appearance.shadow?.opacity ?? 0)), 0.16 / 5)
            }
        }
    }

    func testDropMovesTheItemBetweenViews() throws {
        let scene = try loadExample("drag-between-views")
        let sim = try Simulator(scene: scene)
        let t = try sim.record()
        let favourites = sim.view("favourites")!, all = sim.view("all")!
        XCTAssertTrue(favourites.sections[0].contains("a0"), "Swift is a favourite now")
        XCTAssertFalse(all.sections[0].contains("a0"))
        XCTAssertEqual(favourites.sections[0].count, 5)
        XCTAssertEqual(all.sections[0].count, 8)
        XCTAssertTrue(all.sections[0].contains("a2"), "the cancelled drag left Core Data where it was")
        XCTAssertFalse(favourites.sections[0].contains { $0.hasSuffix(".placeholder") })
        // On the last frame the moved tag is drawn inside the favourites view, where its layout puts it.
        let last = t.frames.last!
        let swift = try XCTUnwrap(last.items.first { $0.id == "a0" && $0.kind == .cell })
        XCTAssertTrue(favourites.spec.frame.contains(swift.frame.center))
        let ip = favourites.indexPath(for: "a0")!
        let laidOut = favourites.layout.layoutAttributesForItem(at: ip)!.frame
        XCTAssertEqual(swift.frame.minX, laidOut.minX + favourites.spec.frame.minX, accuracy: 1e-6)
        XCTAssertEqual(swift.frame.minY, laidOut.minY + favourites.spec.frame.minY, accuracy: 1e-6)
        XCTAssertEqual(swift.hidden, false)
        // Both views' items are in the frames (keyframes.json records them), and the preview floats above all.
        XCTAssertTrue(last.items.contains { $0.id == "f0" } && last.items.contains { $0.id == "a1" })
        let lifted = t.frames[Int(1.5 * 60)]
        XCTAssertEqual(lifted.items.last?.id, "a0.snapshot", "the preview is drawn last")
    }
}
