import XCTest
import FlipbookCore
import FlipbookLayout
import FlipbookAnimation
@testable import FlipbookSimulation
@testable import FlipbookEffects
@testable import FlipbookSceneFile
import Flipbook

final class WalletEffectTests: XCTestCase {
    func testSwapDecisionsAtThirtyPoints() {
        let d = 30.0
        // Next card's top 29.9 below the snapshot's: swap down; 30.1: no swap.
        XCTAssertEqual(WalletEffect.swapTarget(current: 4, snapshotTop: 500, neighbourTops: (529.9, nil), distance: d), 5)
        XCTAssertNil(WalletEffect.swapTarget(current: 4, snapshotTop: 500, neighbourTops: (530.1, nil), distance: d))
        XCTAssertEqual(WalletEffect.swapTarget(current: 4, snapshotTop: 500, neighbourTops: (470.1, nil), distance: d), 5, "either side of the next card's top")
        // Previous card.
        XCTAssertEqual(WalletEffect.swapTarget(current: 4, snapshotTop: 500, neighbourTops: (nil, 470.1), distance: d), 3)
        XCTAssertNil(WalletEffect.swapTarget(current: 4, snapshotTop: 500, neighbourTops: (nil, 469.9), distance: d))
        XCTAssertNil(WalletEffect.swapTarget(current: 4, snapshotTop: 500, neighbourTops: (nil, 470.0), distance: d), "exactly 30 is not within")
        // Both within range: the next card is checked first.
        XCTAssertEqual(WalletEffect.swapTarget(current: 4, snapshotTop: 500, neighbourTops: (520, 495), distance: d), 5)
        XCTAssertEqual(WalletEffect.swapTarget(current: 4, snapshotTop: 500, neighbourTops: (560, 495), distance: d), 3)
        // Neighbours the layout does not show (nil) never swap.
        XCTAssertNil(WalletEffect.swapTarget(current: 0, snapshotTop: 0, neighbourTops: (nil, nil), distance: d))
    }

    func testAutoScrollStepAndClamps() {
        // View 647 tall, content 2090 (20 cards): the bottom edge is offset 1443.
        func step(_ dir: WalletEffect.AutoScroll, _ y: Double) -> Double {
            WalletEffect.autoScrollStep(direction: dir, offsetY: y, viewHeight: 647, contentHeight: 2090, speed: 4)
        }
        XCTAssertEqual(step(.up, 100), 4)
        XCTAssertEqual(step(.up, 1441), 2, "clamped to the bottom edge")
        XCTAssertEqual(step(.up, 1443), 0)
        XCTAssertEqual(step(.down, 100), -4)
        XCTAssertEqual(step(.down, 3), -3, "clamped to the top edge (offset 0, as the article)")
        XCTAssertEqual(step(.down, 0), 0)
        XCTAssertEqual(step(.down, -44), 0)
        XCTAssertEqual(step(.none, 100), 0)
    }

    /// The lifted card floats above the stack. The pick-up puts an opaque copy exactly over
    /// the card, and the part of the card the next card covered comes out over it as the copy
    /// lifts: the copy's lower edge goes from the next card's top to its own bottom on the
    /// lift's 0.25 s ease-in-ease-out, drawn as the copy's own edge (a shorter copy, its border
    /// and shadow along that edge, issue 45: not a clip, a hard line without a shadow). Until
    /// it is out the card stays in its slot under the stack (the next card's rounded corners
    /// show it, not what is behind the stack) and its shadow hands over to the copy's: the
    /// card's fades as the copy's grows from none to the lifted one. The drop runs it
    /// backwards during the settle, the card under its copy once the copy is over its slot, so
    /// the card shows alone where its copy ended, tucked under the next card, with its own
    /// shadow. No translucent copy, ever (the hand-over artefact measure, StackingPopTests,
    /// keeps every example at zero).
    func testLiftAndDropRevealUnderTheNextCard() throws {
        let scene = try loadExample("wallet-move")
        let (_, frames) = try runAll(scene)
        let view = scene.collectionView.frame
        func item(_ f: Int, _ id: String) -> DrawItem? { frames[f].items.first { $0.id == id } }
        /// The top of the first card drawn over card2 that overlaps it from below its top.
        func nextTop(_ f: Int, over r: Rect) -> Double? {
            let z = item(f, "card2")!.zIndex
            return frames[f].items.filter { $0.kind == .cell && $0.id != "card2" && $0.zIndex > z && !$0.hidden && $0.frame.minY > r.minY && $0.frame.minY < r.maxY }
                .map(\.frame.minY).min()
        }
        // Pressed at 0.5 s, recognised at 1.0 s = frame 60.
        let lift = try XCTUnwrap(item(60, "card2.snapshot"))
        XCTAssertEqual(lift.alpha, 1, "opaque from the first frame")
        let card = item(59, "card2")!
        XCTAssertEqual(lift.frame.origin, card.frame.origin, "exactly where the card was")
        XCTAssertNil(lift.appearance.shadow, "no shadow of its own yet: the card's is there")
        XCTAssertEqual(card.appearance.shadow, .card)
        XCTAssertEqual(item(60, "card2")?.hidden, false, "the card still under the stack")
        XCTAssertEqual(item(60, "card2")?.appearance.shadow, .card)
        XCTAssertEqual(item(75, "card2")?.hidden, true, "hidden once its copy is out")
        for k in 0...15 {
            let s = try XCTUnwrap(item(60 + k, "card2.snapshot"))
            let clip = try XCTUnwrap(s.clip)
            let u = TimingCurve.easeInEaseOut.value(at: Double(k) / 15)
            // The whole copy, where the lift (the same 0.25 s curve, 30 pt up) has taken it.
            let full = Rect(x: card.frame.minX, y: card.frame.minY - 30 * u, width: card.frame.width, height: card.frame.height)
            XCTAssertEqual(s.frame.minY, full.minY, accuracy: 1e-9, "frame \(60 + k)")
            // The copy's shadow from none to the lifted one; the card's from its own to none.
            if k > 0 {
                let shadow = try XCTUnwrap(s.appearance.shadow)
                XCTAssertEqual(shadow.opacity, 0.32 * u, accuracy: 1e-9, "frame \(60 + k)")
                XCTAssertEqual(shadow.radius, 10, accuracy: 1e-9, "frame \(60 + k)")
                XCTAssertEqual(shadow.offset.y, 8, accuracy: 1e-9, "frame \(60 + k)")
            }
            if k < 15 {
                XCTAssertEqual(item(60 + k, "card2")?.hidden, false, "frame \(60 + k)")
                XCTAssertEqual(item(60 + k, "card2")?.frame, card.frame)
                XCTAssertEqual(item(60 + k, "card2")?.appearance.shadow?.opacity ?? 0, 0.16 * (1 - u), accuracy: 1e-9, "frame \(60 + k)")
            }
            if k == 15 { XCTAssertEqual(s.frame, full, "all of it shown once lifted"); XCTAssertEqual(clip, view); continue }
            let edge = try XCTUnwrap(nextTop(60 + k, over: full))
            let bottom = edge + (full.maxY - edge) * u
            // A point longer at first, that point cut by the clip (its border comes into view
            // with the edge); the clip lets the lifted shadow (offset 8, blur 3σ = 30, and a
            // point) below the edge come out with it, from none on the first frame.
            XCTAssertEqual(s.frame.maxY, bottom + (1 - u), accuracy: 1e-9, "frame \(60 + k)")
            XCTAssertEqual(clip.maxY, min(view.maxY, bottom + u * (8 + 30 + 1)), accuracy: 1e-9, "frame \(60 + k)")
            XCTAssertEqual(clip.minY, view.minY)
        }
        // Above every card whenever it is drawn: the same z, the last thing drawn.
        for f in frames where f.items.contains(where: { $0.kind == .snapshot }) {
            XCTAssertEqual(f.items.last { $0.kind != .view }?.id, "card2.snapshot", "frame \(f.index)")
            XCTAssertEqual(f.items.first { $0.kind == .snapshot }?.zIndex, WalletEffect.liftedZIndex)
            XCTAssertEqual(f.items.first { $0.kind == .snapshot }?.alpha, 1)
        }
        // The drop: on the last frame with the copy (a frame before the settle's end) it is all
        // but on the card's frame, its lower edge all but at the next card's top, the card
        // under it; on the next the copy is gone.
        let shown = (100..<frames.count).first { item($0, "card2.snapshot") == nil }!
        XCTAssertEqual(item(shown, "card2")?.hidden, false)
        XCTAssertEqual(item(shown - 1, "card2")?.hidden, false, "under its copy")
        XCTAssertNil(item(shown, "card2.snapshot"))
        let last = try XCTUnwrap(item(shown - 1, "card2.snapshot"))
        let home = item(shown, "card2")!.frame
        for (a, b) in [(last.frame.minX, home.minX), (last.frame.minY, home.minY), (last.frame.width, home.width)] {
            XCTAssertEqual(a, b, accuracy: 1, "settled on the card")
        }
        let full = Rect(origin: last.frame.origin, size: home.size)
        // Its lower edge within the last frame's sliver of the hand-over (a 60th of 0.25 s on
        // the curve's flat end) of the next card's top.
        XCTAssertEqual(min(last.frame.maxY, try XCTUnwrap(last.clip).maxY), try XCTUnwrap(nextTop(shown - 1, over: full)), accuracy: 1.5)
        XCTAssertEqual(last.appearance.shadow?.opacity ?? 0, 0, accuracy: 0.01, "the copy's shadow handed back")
        XCTAssertEqual(item(shown - 1, "card2")?.appearance.shadow?.opacity ?? 0, 0.16, accuracy: 0.01, "to the card's own")
    }

    func testPanToCloseDecisions() {
        // View 647, footer 50: threshold H/2 − 25 = 298.5 on screen; velocity 1300 pt/s.
        func close(_ v: Double, _ top: Double) -> Bool {
            WalletEffect.shouldClose(velocityY: v, topOnScreen: top, viewHeight: 647, footerHeight: 50, closeVelocity: 1300)
        }
        XCTAssertFalse(close(0, 298.4))
        XCTAssertTrue(close(0, 298.6))
        XCTAssertFalse(close(1299, 100))
        XCTAssertTrue(close(1301, 100))
        XCTAssertFalse(close(-5000, 100), "an upward fling does not close")
    }

    /// Expanded and footer frames against the article's formulas (article 1 of docs/effects.md, step 5).
    func testExpandedAndFooterFrames() {
        let size = Size(width: 375, height: 647)
        let inset = EdgeInsets(top: 44, left: 10, bottom: 10, right: 20)
        // Rows on screen, worked out by hand: cards every 100 pt, a 647 pt tall view.
        let cases: [(offsetY: Double, tapped: Int, rows: Range<Int>)] = [
            (-44, 3, 0..<7), (-44, 0, 0..<7), (250, 4, 2..<9), (777, 9, 7..<15), (1443, 19, 14..<20),
        ]
        for (offsetY, tapped, rows) in cases {
            var l = WalletLayout()
            l.expandedItem = tapped
            l.prepare(LayoutContext(bounds: Rect(origin: Point(x: -10, y: offsetY), size: size), contentInset: inset, itemCounts: [20]))
            XCTAssertEqual(l.visibleRows, rows, "offset \(offsetY)")
            var k = 0
            for row in rows {
                let f = l.layoutAttributesForItem(at: ItemIndexPath(item: row))!.frame
                if row == tapped {
                    XCTAssertEqual(f, Rect(x: 0, y: offsetY, width: 355, height: 597), "expanded card at \(offsetY)")
                    XCTAssertEqual(l.expandedCardMargin, Double(4 - min(k, 3)) * 5)
                } else {
                    let left = Double(4 - k) * 5
                    XCTAssertEqual(f, Rect(x: left, y: offsetY + 597 + Double(k) * 10 + 10, width: 355 - 2 * left, height: 200),
                                   "footer row \(row) (k \(k)) at \(offsetY)")
                    k = min(k + 1, 3)
                }
                XCTAssertEqual(l.layoutAttributesForItem(at: ItemIndexPath(item: row))!.zIndex, 2 * row)
            }
        }
        // One case in plain numbers: offset 250, card 4 tapped. Footer cards 2 and 3 (k 0, 1)
        // sit under the expanded card at 250 + 597 + 10k + 10, inset 20 − 5k on each side.
        var l = WalletLayout()
        l.expandedItem = 4
        l.prepare(LayoutContext(bounds: Rect(origin: Point(x: -10, y: 250), size: size), contentInset: inset, itemCounts: [20]))
        XCTAssertEqual(l.layoutAttributesForItem(at: ItemIndexPath(item: 4))!.frame, Rect(x: 0, y: 250, width: 355, height: 597))
        XCTAssertEqual(l.layoutAttributesForItem(at: ItemIndexPath(item: 2))!.frame, Rect(x: 20, y: 857, width: 315, height: 200))
        XCTAssertEqual(l.layoutAttributesForItem(at: ItemIndexPath(item: 3))!.frame, Rect(x: 15, y: 867, width: 325, height: 200))
    }

    // MARK: - The examples, end to end

    func testWalletMoveExample() throws {
        let scene = try loadExample("wallet-move")
        let (sim, frames) = try runAll(scene)
        let offsets = frames.map(\.contentOffset.y)
        // The moving card ends one slot up (it was dropped in the top zone over card 1's slot);
        // every other card keeps its relative order.
        let ids = (0..<20).map { "card\($0)" }
        var expected = ids
        expected.remove(at: 2)
        expected.insert("card2", at: 1)
        XCTAssertEqual(sim.collectionView.sections[0], expected)
        // Auto-scroll moves exactly 4 pt per display refresh (one per frame at 60 fps), or stops at the edge.
        let steps = zip(offsets, offsets.dropFirst()).map { $1 - $0 }
        XCTAssertTrue(steps.allSatisfy { [0, 4, -4].contains($0) }, "\(Set(steps))")
        XCTAssertGreaterThan(steps.filter { $0 == 4 }.count, 100, "scrolled down with the card")
        XCTAssertGreaterThan(steps.filter { $0 == -4 }.count, 100, "scrolled back up")
        // It stops at the top edge (−inset.top), not before and not past it.
        XCTAssertEqual(offsets.min()!, -44)
        XCTAssertEqual(offsets.last!, 0, "stopped at the top content edge (offset 0, the article's clamp)")
        XCTAssertTrue(frames[60].items.contains { $0.id == "card2.snapshot" }, "the snapshot replaces the card after 0.5 s")
        XCTAssertTrue(frames[76].items.first { $0.id == "card2" }!.hidden)
        XCTAssertFalse(frames.last!.items.contains { $0.kind == .snapshot })
        XCTAssertFalse(frames.last!.items.first { $0.id == "card2" }!.hidden, "the card shows again after the settle")
        // Lifted 30 pt in 0.25 s (frames 60 → 75), before the finger starts moving at 1.3 s.
        let start = frames[60].items.first { $0.id == "card2.snapshot" }!.frame.minY
        XCTAssertEqual(frames[75].items.first { $0.id == "card2.snapshot" }!.frame.minY, start - 30, accuracy: 1e-9)
        assertNoFlickerOrJumps(frames, clip: scene.collectionView.frame)
    }

    /// wallet-finger-scroll: the stack scrolled by a finger follows UIScrollView — 1:1 while
    /// dragging, the 0.998 deceleration after a flick, the rubber band past the top and the
    /// critically damped bounce back — then auto-scroll stops at the article's bottom clamp.
    func testWalletFingerScrollExample() throws {
        let scene = try loadExample("wallet-finger-scroll")
        let (sim, frames) = try runAll(scene)
        let y = frames.map(\.contentOffset.y)
        func finger(_ i: Int) -> Double { frames[i].touches.first!.location.y }
        let height = scene.collectionView.frame.height, top = -44.0
        // Dragging (0.4-0.9 s): the content moves exactly as far as the finger.
        XCTAssertEqual(y[50] - y[40], -(finger(50) - finger(40)), accuracy: 1e-9)
        // The flick lifts at 1.6 s (frame 96) moving 300 pt/s, and the offset decelerates as
        // UIScrollView's: x(t) = x0 + v0·(r^(1000t) − 1)/(1000·ln r), r = 0.998 — until the next
        // drag catches it at 3.4 s.
        XCTAssertTrue(frames[96].touches.isEmpty && !frames[95].touches.isEmpty)
        XCTAssertEqual(y[96] - y[95], 5, accuracy: 1e-9, "300 pt/s")
        for k in 97..<204 {
            let t = Double(k) / 60 - 1.6
            XCTAssertEqual(y[k], y[96] + 300 * (pow(0.998, 1000 * t) - 1) / (1000 * log(0.998)), accuracy: 1e-6, "frame \(k)")
        }
        // The pull (4.6-5.7 s) past the top: beyond −44 the offset is the rubber band of how far
        // the finger has gone past the edge, (1 − 1/(x·0.55/H + 1))·H.
        let pullFrames = 276..<342
        let a = pullFrames.first { $0 > 276 && y[$0] != y[$0 - 1] && y[$0] > top }!
        var banded = 0
        for k in pullFrames where y[k] < top {
            let raw = y[a] - (finger(k) - finger(a))
            let x = top - raw
            XCTAssertEqual(y[k], top - (1 - 1 / (x * 0.55 / height + 1)) * height, accuracy: 1e-6, "frame \(k)")
            banded += 1
        }
        XCTAssertGreaterThan(banded, 40)
        XCTAssertLessThan(y.min()!, top - 120, "pulled well past the top")
        // The stack fans out by the pull spread while pulled (card 1 below its rest slot).
        let card1 = { (i: Int) in frames[i].items.first { $0.id == "bocom" }!.frame.minY }
        XCTAssertGreaterThan(card1(330) - card1(0), 30)
        // Released with no velocity at 5.7 s: back to the edge as d(t) = d0·e^(−10t)·(1 + 10t).
        let d0 = top - y[342]
        XCTAssertGreaterThan(d0, 120)
        // (It stops once within UIScrollView's half-pixel threshold, about frame 395.)
        XCTAssertTrue(y[410..<420].allSatisfy { $0 == top })
        for k in 343...390 {
            let t = Double(k) / 60 - 5.7
            XCTAssertEqual(y[k], top - d0 * exp(-10 * t) * (1 + 10 * t), accuracy: 1e-6, "bounce at frame \(k)")
        }
        // Auto-scroll toward the bottom: 4 pt per refresh, then the remainder, then it stops at
        // contentHeight − H (the article's clamp, short of UIScrollView's own end) while held.
        let contentHeight = (sim.collectionView.layout as! WalletLayout).collectionViewContentSize.height
        XCTAssertEqual(y[700], contentHeight - height)
        let steps = zip(y[480..<720], y[481..<720]).map { $1 - $0 }
        XCTAssertEqual(Set(steps).subtracting([0, 4]).count, 1, "one short last step: \(Set(steps))")
        XCTAssertTrue(y[720...].allSatisfy { $0 == contentHeight - height }, "stays after the drop")
        // Card 2 swapped its way down with the auto-scroll and was dropped near the end.
        XCTAssertGreaterThan(sim.collectionView.sections[0].firstIndex(of: "apple")!, 6)
        XCTAssertFalse(frames.last!.items.contains { $0.kind == .snapshot || $0.hidden })
        assertNoFlickerOrJumps(frames, clip: scene.collectionView.frame)
    }

    /// wallet-expand-scrolled: expanding while scrolled down puts the card at the current offset;
    /// while expanded nothing scrolls and the card never goes above the top; a tap on the
    /// expanded card collapses, and scrolling works again after.
    func testWalletExpandWhileScrolledExample() throws {
        let scene = try loadExample("wallet-expand-scrolled")
        let sim = try Simulator(scene: scene)
        var frames: [TimelineFrame] = []
        var expanded: [String?] = []
        for i in 0..<scene.frameCount {
            sim.advance(to: sim.clock.time(ofFrame: i))
            frames.append(sim.snapshot(index: i))
            expanded.append((sim.effects.first as! WalletEffect).expanded)
        }
        let y = frames.map(\.contentOffset.y)
        func card(_ i: Int, _ id: String) -> Rect { frames[i].items.first { $0.id == id }!.frame }
        // Scrolled by the finger first: 0.4-0.9 s.
        let scrolled = y[80]
        XCTAssertGreaterThan(scrolled, 200)
        // The tap at 1.5 s (canvas y 420, content 420 − 20 + offset) lands on card 6's strip
        // (rows 100 pt apart); it expands to (0, offsetY) in content: the view's top on the canvas.
        XCTAssertEqual(Int(((420 - 20 + scrolled) / 100).rounded(.down)), 6)
        XCTAssertEqual(expanded[100], "card6")
        XCTAssertEqual(card(130, "card6"), Rect(x: 10, y: 20, width: 355, height: 597))
        // Footer slot k (the k-th other visible card, capped at 3) at y = offsetY + H − 50 + 10k + 10.
        for (k, id) in ["card2", "card3", "card4", "card5"].enumerated() {
            XCTAssertEqual(card(130, id), Rect(x: 10 + WalletLayout.footerMargin(k), y: 20 + 597 + 10 * Double(k) + 10,
                                               width: 355 - 2 * WalletLayout.footerMargin(k), height: 200), id)
        }
        // The drag on the footer (2.4-3.1 s) scrolls nothing and moves no card.
        XCTAssertTrue(y[130..<276].allSatisfy { $0 == scrolled }, "no scrolling while expanded")
        for i in 144..<200 { XCTAssertEqual(frames[i].items.filter { $0.kind == .cell }.map(\.frame), frames[130].items.filter { $0.kind == .cell }.map(\.frame)) }
        // Dragged upward (3.5-4.2 s), the expanded card stays at the top.
        for i in 210..<260 { XCTAssertEqual(card(i, "card6"), Rect(x: 10, y: 20, width: 355, height: 597), "frame \(i)") }
        XCTAssertTrue(frames[230].touches.count == 1)
        // The tap at 4.6 s on the expanded card collapses it: the stack is back 0.25 s later at
        // the offset it was scrolled to, and the card at its stack slot.
        XCTAssertNotNil(expanded[275])
        XCTAssertNil(expanded[290])
        XCTAssertEqual(card(320, "card6").minY, 20 + 600 - scrolled, accuracy: 1e-9)
        // Scrolling works again: the drag at 5.6 s moves the offset.
        let rescrolled = y[400]
        XCTAssertLessThan(rescrolled, scrolled - 150)
        // Expanded again (6.6 s) and closed by a pan while scrolled (7.5-8.3 s): the card stays
        // under the finger from the pan's first change (top − finger = 20 − 300, where the
        // finger came down), its side margin grows with its top on screen, it closes, and the
        // offset never moves.
        let id = try XCTUnwrap(expanded[440])
        var tracked = 0
        var margins: [Double] = []
        for i in 450...512 {
            guard let c = frames[i].items.first(where: { $0.id == id }), c.frame.height == 597, c.frame.minY > 20,
                  let finger = frames[i].touches.first?.location.y else { continue }
            XCTAssertEqual(c.frame.minY - finger, 20 - 300, accuracy: 1e-9, "frame \(i)")
            margins.append(c.frame.minX - 10)
            tracked += 1
        }
        XCTAssertGreaterThan(tracked, 25)
        XCTAssertEqual(margins, margins.sorted(), "the margin grows as the card goes down")
        XCTAssertGreaterThan(margins.last!, 0)
        XCTAssertNil(expanded.last!, "released past H/2 − 25: closed")
        XCTAssertTrue(y[400...].allSatisfy { $0 == rescrolled }, "expanding and closing never scroll")
        assertNoFlickerOrJumps(frames, clip: scene.collectionView.frame)
    }

    func testWalletExpandExample() throws {
        let scene = try loadExample("wallet-expand")
        let sim = try Simulator(scene: scene)
        var frames: [TimelineFrame] = []
        var scrollEnabled: [Bool] = []
        for i in 0..<scene.frameCount {
            sim.advance(to: sim.clock.time(ofFrame: i))
            frames.append(sim.snapshot(index: i))
            scrollEnabled.append(sim.collectionView.scrollView.isScrollEnabled)
        }
        let effect = sim.effects.first as! WalletEffect
        XCTAssertNil(effect.expanded)
        XCTAssertEqual(sim.collectionView.sections[0], (0..<20).map { "card\($0)" }, "expanding never reorders")
        // Expanded by 0.58 s + 0.25 s: card 3 fills (10, 20, 355, 597) on the canvas; footer under it.
        let f = frames[60]
        XCTAssertEqual(f.items.first { $0.id == "card3" }!.frame, Rect(x: 10, y: 20, width: 355, height: 597))
        XCTAssertEqual(f.items.first { $0.id == "card0" }!.frame, Rect(x: 30, y: 627, width: 315, height: 200))
        // Cards 4-6 are the 3rd-5th other visible cards: k capped at 3, x = (4 − 3)·5 = 5.
        XCTAssertEqual(f.items.first { $0.id == "card6" }!.frame, Rect(x: 15, y: 657, width: 345, height: 200))
        XCTAssertFalse(scrollEnabled[60], "scrolling is disabled while expanded")
        // The small pan returns (frame 150), the big one closes (the stack is back by frame 270).
        XCTAssertEqual(frames[150].items.first { $0.id == "card3" }!.frame, Rect(x: 10, y: 20, width: 355, height: 597))
        XCTAssertEqual(frames[270].items.first { $0.id == "card3" }!.frame, Rect(x: 10, y: 364, width: 355, height: 200))
        XCTAssertTrue(scrollEnabled[270])
        // While dragged the margin grows in proportion: margin = (top on screen / 597) × card 3's
        // footer margin, which is 5 (three visible rows before it: k = 3).
        for i in 180...215 {
            guard let c = frames[i].items.first(where: { $0.id == "card3" }), c.frame.height == 597 else { continue }
            let top = c.frame.minY - 20
            XCTAssertEqual(c.frame.minX - 10, top / 597 * 5, accuracy: 1e-9, "frame \(i)")
        }
        // The close pan keeps the card under the finger from its first change (the article adds
        // translationInView:, which UIKit counts from touch-down): top − finger is the 20 − 300
        // it was when the finger came down, on every frame of the drag once the card moved.
        var tracked = 0
        for i in 168...215 {
            guard let c = frames[i].items.first(where: { $0.id == "card3" }), c.frame.height == 597, c.frame.minY > 20,
                  let finger = frames[i].touches.first?.location.y else { continue }
            XCTAssertEqual(c.frame.minY - finger, 20 - 300, accuracy: 1e-9, "frame \(i)")
            tracked += 1
        }
        XCTAssertGreaterThan(tracked, 25)
        // The flick closes card 5 by velocity and the stack is back at the end.
        XCTAssertEqual(frames.last!.items.first { $0.id == "card5" }!.frame.minY, 564)
        assertNoFlickerOrJumps(frames, clip: scene.collectionView.frame)
    }

    func testEffectNeedsTheWalletLayout() {
        let text = minimalScene(top: #""effect": {"type": "wallet"},"#, layout: #"{"type": "flow"}"#)
        XCTAssertThrowsError(try decode(text)) { e in
            XCTAssertEqual((e as! InputError).path, "$.effect.type")
        }
        XCTAssertThrowsError(try decode(minimalScene(top: #""effect": {"type": "wallet", "swapDistance": -3},"#))) { e in
            XCTAssertEqual((e as! InputError).path, "$.effect.swapDistance")
        }
    }
}
