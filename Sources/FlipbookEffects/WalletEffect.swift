import FlipbookCore
import FlipbookLayout
import FlipbookAnimation
import FlipbookSimulation

/// Effect 1, the Wallet card stack (article 1 of docs/effects.md, “Wallet的拖拉效果”), with the article's constants — and without its
/// two flaws: upward swaps under the sticky top do not flicker (so there is no 0.2 s pause),
/// and expanding moves every card straight from where it is (no jump to the left first).
///
/// - Long press (0.5 s) on a card: an opaque snapshot drawn from the card takes its place above
///   the whole stack (the card hidden at once) and lifts 30 pt in 0.25 s, coming out over the
///   next card as it rises (its covered part revealed from the next card's edge down, not cut
///   over it in one frame); it follows the finger vertically. When its top is
///   within 30 pt of the next card's top (checked first) or the previous card's, the two swap
///   (moveItem in a batch update). Within 200 pt of the bottom or 100 pt of the top the view
///   auto-scrolls 4 pt per display refresh, carrying the snapshot, until the content edge. On
///   release the snapshot settles onto the card in 0.25 s, going back under the next card as
///   it glides (the reveal run backwards), and the card shows again in its slot, pixel for pixel
///   where the snapshot was.
/// - Tap a card: it expands to (0, offsetY, width, H − 50) and the other visible cards go into
///   the footer stack (WalletLayout.expandedItem); scrolling is disabled. Any tap collapses.
/// - Pan the expanded card down: it follows the finger and its side margin grows with how far
///   down it is; released faster than 1300 pt/s downward, or with its top below H/2 − 25 on
///   screen, it slides to y = H in 0.25 s and the stack collapses; otherwise it returns.
public final class WalletEffect: Effect {
    public struct Options: Sendable {
        public var minimumPressDuration = 0.5
        public var liftDistance = 30.0
        public var liftDuration = 0.25        // kComeUpAnimationDuration
        public var swapDistance = 30.0        // kCanMoveDistance
        public var autoScrollSpeed = 4.0      // kAutoScrollSpeed (device)
        public var bottomAutoScrollZone = 200.0
        public var topAutoScrollZone = 100.0
        public var closeVelocity = 1300.0
        /// How long the lifted snapshot takes to come out over the cards that cover part of its
        /// card at the pick-up, and to go back under them at the drop (Flipbook's, with the lift
        /// and the settle; the article switches in one frame, see `liftedZIndex`). 0: at once.
        public var handOverDuration = 0.25
        public init() {}

    }

    public enum AutoScroll: Sendable { case none, up, down }

    public let options: Options
    unowned var sim: Simulator!
    var cv: CollectionView { sim.collectionView }
    /// `Options.validate(in:)` makes sure the scene's layout is a WalletLayout; the default only
    /// keeps a hand-made simulator from trapping.
    var layout: WalletLayout { cv.layout as? WalletLayout ?? WalletLayout() }

    public private(set) var longPress: LongPressGestureRecognizer!
    public private(set) var tap: TapGestureRecognizer!
    public private(set) var closePan: PanGestureRecognizer!

    // Long-press move.
    public private(set) var moving: String?
    private var released = false
    public private(set) var autoScroll = AutoScroll.none
    private var lastLocation = Point.zero
    private var link: DisplayLink?
    // Expand.
    public private(set) var expanded: String?
    private var panStartY = 0.0

    public init(options: Options = Options()) { self.options = options }

    public func attach(to simulator: Simulator) {
        sim = simulator
        let cv = simulator.collectionView
        let view = { cv.spec.frame }

        longPress = LongPressGestureRecognizer(name: "wallet.longPress", view: view)
        longPress.minimumPressDuration = options.minimumPressDuration
        longPress.shouldBegin = { [unowned self] r in
            self.expanded == nil && self.moving == nil && self.cv.itemID(atCanvas: r.startLocation, at: self.sim.now) != nil
        }
        longPress.action = { [unowned self] r in self.handleLongPress(r) }

        tap = TapGestureRecognizer(name: "wallet.tap", view: view)
        tap.action = { [unowned self] r in if r.state == .ended { self.handleTap(r) } }

        closePan = PanGestureRecognizer(name: "wallet.closePan", view: view)
        closePan.isEnabled = false
        closePan.shouldReceiveTouch = { [unowned self] p in
            guard let e = self.expanded, let s = self.cv.presentationState(of: e, at: self.sim.now) else { return false }
            return s.frame.contains(self.cv.contentPoint(fromCanvas: p, at: self.sim.now))
        }
        closePan.action = { [unowned self] r in self.handleClosePan(r) }

        simulator.gestures.add(longPress)
        simulator.gestures.add(tap)
        simulator.gestures.add(closePan)
        // A long press on a card wins over scrolling until it fails.
        simulator.scrollPan.requiresFailureOf.append(longPress)
    }

    var snapshotID: String? { moving.map(CollectionView.snapshotID) }

    // MARK: - Long-press move

    func handleLongPress(_ r: GestureRecognizer) {
        let now = sim.now
        switch r.state {
        case .began:
            // The snapshot floats above the whole stack while it is held: opaque, exactly over
            // the card, which is hidden at once; what the next card covered comes out as it lifts.
            guard let id = cv.itemID(atCanvas: r.startLocation, at: now),
                  let state = cv.liftSnapshot(of: id, zIndex: WalletEffect.liftedZIndex, shadow: .lifted,
                                              revealDuration: options.handOverDuration, at: now) else { return }
            moving = id
            released = false
            var lifted = state.frame
            lifted.origin.y -= options.liftDistance
            cv.updateSnapshot(CollectionView.snapshotID(of: id), [(.frame, .rect(lifted))],
                              timing: .curve(.easeInEaseOut, duration: options.liftDuration), at: now)
            lastLocation = cv.contentPoint(fromCanvas: r.location, at: now)
            autoScroll = .none
        case .changed:
            guard let sid = snapshotID, var frame = cv.snapshotState(sid)?.frame else { return }
            let location = cv.contentPoint(fromCanvas: r.location, at: now)
            let translateY = location.y - lastLocation.y
            frame.origin.y += translateY
            cv.updateSnapshot(sid, [(.frame, .rect(frame))], at: now)
            updateAutoScroll(snapshotTop: frame.minY, translateY: translateY)
            lastLocation = location
        case .ended, .cancelled, .failed:
            endMove()
        default: break
        }
    }

    /// The article's auto-scroll decision: while not scrolling, the first move toward an edge
    /// zone starts it (and a move outside both zones may swap); while scrolling, distance alone decides.
    func updateAutoScroll(snapshotTop y: Double, translateY: Double) {
        let offsetY = cv.contentOffset(at: sim.now).y
        let height = cv.spec.frame.height
        let top = y - offsetY
        let bottom = y - offsetY - height
        let nearTop = abs(top) < options.topAutoScrollZone
        let nearBottom = abs(bottom) < options.bottomAutoScrollZone
        if autoScroll == .none {
            if nearTop && translateY < -0.5 { autoScroll = .down } else if nearBottom && translateY > 0.5 { autoScroll = .up }
            if !nearTop && !nearBottom { swapIfNeeded() }
        } else {
            autoScroll = nearTop ? .down : nearBottom ? .up : .none
        }
        if autoScroll != .none {
            if link == nil { link = sim.addDisplayLink { [unowned self] _ in self.autoScrollTick() } }
        } else {
            link?.invalidate()
            link = nil
        }
    }

    /// One display refresh of auto-scroll: 4 pt toward the zone's edge, carrying the snapshot,
    /// never past the content's edges (offset 0 at the top, contentHeight − H at the bottom).
    func autoScrollTick() {
        guard let sid = snapshotID, var frame = cv.snapshotState(sid)?.frame else { return }
        let now = sim.now
        let scroll = cv.scrollView
        let offsetY = scroll.contentOffset(at: now).y
        let height = cv.spec.frame.height
        let contentHeight = layout.collectionViewContentSize.height
        let step = WalletEffect.autoScrollStep(direction: autoScroll, offsetY: offsetY, viewHeight: height,
                                               contentHeight: contentHeight, speed: options.autoScrollSpeed)
        guard step != 0 else { return }
        frame.origin.y += step
        cv.updateSnapshot(sid, [(.frame, .rect(frame))], at: now)
        lastLocation.y += step
        scroll.setContentOffset(Point(x: scroll.contentOffset(at: now).x, y: offsetY + step))
        swapIfNeeded()
    }

    /// How far one auto-scroll step moves: the speed, or less at a content edge (the article's clamps).
    public static func autoScrollStep(direction: AutoScroll, offsetY: Double, viewHeight: Double, contentHeight: Double, speed: Double) -> Double {
        switch direction {
        case .none: return 0
        case .up:
            if offsetY + viewHeight >= contentHeight { return 0 }
            return min(speed, contentHeight - viewHeight - offsetY)
        case .down:
            if offsetY <= 0 { return 0 }
            return max(-speed, -offsetY)
        }
    }

    /// Which neighbour the snapshot should swap with: the next card if its top is within the
    /// swap distance (checked first), else the previous one; only cards the layout shows count.
    public static func swapTarget(current: Int, snapshotTop: Double, neighbourTops: (next: Double?, previous: Double?),
                                  distance: Double) -> Int? {
        if let n = neighbourTops.next, abs(n - snapshotTop) < distance { return current + 1 }
        if let p = neighbourTops.previous, abs(p - snapshotTop) < distance { return current - 1 }
        return nil
    }

    /// The lifted snapshot's zIndex: above every card, as Wallet lifts a card out of the stack.
    /// The article adds the snapshot as a subview at 2i + 1 and re-orders it at each swap; any z
    /// inside the stack flips the order of overlapping cards in place at some swap (a card cut
    /// over or under the snapshot in one frame), and the drop hands it to a cell at 2i with the
    /// next card over it. Above everything, nothing changes order while it is held, and at the
    /// pick-up and the drop the part the next card covers is revealed and hidden by a moving
    /// edge instead (`Options.handOverDuration`).
    public static let liftedZIndex = Int(Int32.max)

    func swapIfNeeded() {
        guard let id = moving, cv.isHidden(id), let sid = snapshotID, let ip = cv.indexPath(for: id),
              let snap = cv.snapshotState(sid) else { return }
        let visible = Dictionary(cv.visibleAttributes(at: sim.now).filter(\.attributes.isCell).map { ($0.attributes.indexPath.item, $0.attributes.frame.minY) },
                                 uniquingKeysWith: { a, _ in a })
        guard let target = WalletEffect.swapTarget(current: ip.item, snapshotTop: snap.frame.minY,
                                                   neighbourTops: (visible[ip.item + 1], visible[ip.item - 1]), distance: options.swapDistance)
        else { return }
        cv.performBatchUpdates([.move(id: id, to: ItemIndexPath(item: target, section: 0))], timing: .standard, at: sim.now)
    }

    func endMove() {
        link?.invalidate()
        link = nil
        autoScroll = .none
        guard let id = moving, !released else { return }
        released = true
        // The snapshot goes back under the next card as it glides home, so the card shows in
        // its slot exactly as the snapshot last looked.
        cv.settleSnapshot(of: id, duration: options.liftDuration, reveal: options.handOverDuration > 0, at: sim.now)
        sim.after(options.liftDuration) { [unowned self] now in
            self.cv.dropSnapshot(of: id, at: now)
            if self.moving == id { self.moving = nil }
        }
    }

    // MARK: - Tap to expand

    func handleTap(_ r: GestureRecognizer) {
        if expanded != nil {
            collapse()
            return
        }
        guard moving == nil, let id = cv.itemID(atCanvas: r.location, at: sim.now), let ip = cv.indexPath(for: id) else { return }
        expanded = id
        sim.setScrollEnabled(false)
        closePan.isEnabled = true
        let row = ip.item
        cv.performBatchUpdates([.layout(LayoutPatch { l in
            if var w = l as? WalletLayout { w.expandedItem = row; l = w }
        })], timing: .standard, at: sim.now)
    }

    /// Back to the stack, every card animating from where it is on screen.
    func collapse() {
        guard let e = expanded else { return }
        expanded = nil
        closePan.isEnabled = false
        let end = cv.performBatchUpdates([.clearProperties(id: e, [.frame]), .layout(LayoutPatch { l in
            if var w = l as? WalletLayout { w.expandedItem = nil; l = w }
        })], timing: .standard, at: sim.now)
        sim.after(end - sim.now) { [unowned self] _ in if self.expanded == nil { self.sim.setScrollEnabled(true) } }
    }

    // MARK: - Pan to close

    /// Whether a release closes the card: downward velocity over 1300 pt/s, or its top below
    /// H/2 − 25 on screen (the article compares content y, which is only right at offset 0).
    public static func shouldClose(velocityY: Double, topOnScreen: Double, viewHeight: Double, footerHeight: Double,
                                   closeVelocity: Double) -> Bool {
        velocityY > closeVelocity || topOnScreen > viewHeight / 2 - footerHeight / 2
    }

    /// The expanded card dragged so its top is at `y`: the margin grows with how far down it is.
    func draggedFrame(y: Double) -> Rect {
        let l = layout
        let offsetY = cv.contentOffset(at: sim.now).y
        let height = cv.spec.frame.height
        let fraction = (y - offsetY) / (height - l.footerHeight)
        let left = fraction * l.expandedCardMargin
        return Rect(x: left, y: y, width: cv.spec.frame.width - cv.spec.contentInset.right - 2 * left, height: height - l.footerHeight)
    }

    func handleClosePan(_ r: GestureRecognizer) {
        guard let e = expanded, let pan = r as? PanGestureRecognizer else { return }
        let now = sim.now
        let offsetY = cv.contentOffset(at: now).y
        let height = cv.spec.frame.height
        switch r.state {
        case .began:
            panStartY = cv.presentationState(of: e, at: now)?.frame.minY ?? offsetY
        case .changed:
            if pan.velocity.y > options.closeVelocity {
                // A fast downward fling closes at once (the article checks during the drag).
                close(e)
                return
            }
            // The article adds translationInView: to the frame at every change, the first one
            // included, and UIKit's translation counts from where the finger came down: the card
            // is under the finger from the pan's first change on (it takes up the 10 pt the
            // recognizer waited for at once, as on a phone).
            let y = max(offsetY, panStartY + pan.translation.y)
            cv.setProperties(e, [(.frame, .rect(draggedFrame(y: y)))], timing: nil, beginTime: now, at: now)
        case .ended:
            let top = (cv.modelState(of: e, at: now)?.frame.minY ?? offsetY) - offsetY
            if WalletEffect.shouldClose(velocityY: pan.velocity.y, topOnScreen: top, viewHeight: height,
                                        footerHeight: layout.footerHeight, closeVelocity: options.closeVelocity) {
                close(e)
            } else {
                cv.setProperties(e, [(.frame, .rect(layout.expandedFrame))], timing: .curve(.easeInEaseOut, duration: 0.25), beginTime: now, at: now)
            }
        case .cancelled:
            break
        default: break
        }
    }

    /// Slides the card off the bottom (y = H on screen) in 0.25 s, then collapses the stack.
    func close(_ e: String) {
        let now = sim.now
        closePan.isEnabled = false
        let margin = layout.expandedCardMargin
        let offsetY = cv.contentOffset(at: now).y
        let height = cv.spec.frame.height
        let target = Rect(x: margin, y: offsetY + height, width: cv.spec.frame.width - cv.spec.contentInset.right - 2 * margin,
                          height: height - layout.footerHeight)
        cv.setProperties(e, [(.frame, .rect(target))], timing: .curve(.easeInEaseOut, duration: 0.25), beginTime: now, at: now)
        sim.after(0.25) { [unowned self] _ in self.collapse() }
    }
}
