import FlipbookCore
import FlipbookLayout
import FlipbookAnimation

/// Effect 2 (seeds/001): iOS 9 interactive movement in a jiggling grid.
///
/// A 0.5 s long press on a cell puts every cell into jiggle mode — a key-frame rotation
/// through −0.03, 0.03, −0.03 rad over 0.2 s, linear, repeating, all cells in phase (the article
/// adds the same animation to each cell at once). Then a press with no delay on a cell starts
/// interactive movement: the cell's centre follows the finger (it glides there in 0.25 s
/// rather than jumping), it draws above everything, and whenever the finger is over another
/// cell the layout re-flows with the moving item at that cell's index path, animated. On
/// release the cell settles into its slot, the data source moves the item (remove and insert),
/// and every cell stops jiggling.
public final class JiggleReorderEffect: Effect {
    public struct Options: Sendable {
        public var minimumPressDuration = 0.5
        public var jiggleAngle = 0.03
        public var jiggleDuration = 0.2
        public var settleDuration = 0.25
        public init() {}
        static let keys = ["minimumPressDuration", "jiggleAngle", "jiggleDuration", "settleDuration"]
        init(decoding o: JSONObject) throws {
            if let v = o.optional("minimumPressDuration") { minimumPressDuration = try v.nonNegative(max: 10) }
            if let v = o.optional("jiggleAngle") { jiggleAngle = try v.number(in: 0...1) }
            if let v = o.optional("jiggleDuration") { jiggleDuration = try v.positive(max: 10) }
            if let v = o.optional("settleDuration") { settleDuration = try v.nonNegative(max: 10) }
        }
    }

    public let options: Options
    unowned var sim: Simulator!
    var cv: CollectionView { sim.collectionView }
    public private(set) var enterJiggle: LongPressGestureRecognizer!
    public private(set) var drag: LongPressGestureRecognizer!
    public private(set) var isJiggling = false
    public private(set) var moving: String?
    /// Drawn above every other cell (layoutAttributesForInteractivelyMovingItem: zIndex NSIntegerMax).
    static let movingZIndex = Int(Int32.max)

    public init(options: Options = Options()) { self.options = options }

    public func install(in simulator: Simulator) {
        sim = simulator
        let view = { simulator.collectionView.spec.frame }
        enterJiggle = LongPressGestureRecognizer(name: "jiggle.longPress", view: view)
        enterJiggle.minimumPressDuration = options.minimumPressDuration
        enterJiggle.shouldBegin = { [unowned self] r in !self.isJiggling && self.cv.itemID(atCanvas: r.startLocation, at: self.sim.now) != nil }
        enterJiggle.action = { [unowned self] r in if r.state == .began { self.startJiggle() } }

        drag = LongPressGestureRecognizer(name: "jiggle.drag", view: view)
        drag.minimumPressDuration = 0
        drag.isEnabled = false
        drag.shouldBegin = { [unowned self] r in self.cv.itemID(atCanvas: r.startLocation, at: self.sim.now) != nil }
        drag.action = { [unowned self] r in self.handleDrag(r) }

        simulator.gestures.add(enterJiggle)
        simulator.gestures.add(drag)
        simulator.scrollPan.requiresFailureOf += [enterJiggle, drag]
    }

    /// The jiggle as a key-frame animation (CAKeyframeAnimation on transform.rotation).
    public func jiggle(beginTime: Double) -> KeyframeAnimation<PropertyValue> {
        let a = options.jiggleAngle
        return KeyframeAnimation(values: [.number(-a), .number(a), .number(-a)], duration: options.jiggleDuration,
                                 beginTime: beginTime, repeatCount: .infinity)
    }

    func startJiggle() {
        isJiggling = true
        cv.addKeyframes(ItemAnimator.Keyframes(key: "shake", property: .rotation, animation: jiggle(beginTime: sim.now), additive: false), to: nil)
        // The article swaps recognizers: the next press (with no delay) drags.
        enterJiggle.isEnabled = false
        drag.isEnabled = true
    }

    func handleDrag(_ r: GestureRecognizer) {
        let now = sim.now
        switch r.state {
        case .began:
            guard let id = cv.itemID(atCanvas: r.startLocation, at: now) else { return }
            moving = id
            cv.setZIndex(id, JiggleReorderEffect.movingZIndex)
            let p = cv.contentPoint(fromCanvas: r.location, at: now)
            cv.setProperties(id, [(.center, .point(p))], timing: .curve(.easeOut, duration: 0.25), beginTime: now, at: now)
        case .changed:
            guard let id = moving else { return }
            let p = cv.contentPoint(fromCanvas: r.location, at: now)
            cv.setProperties(id, [(.center, .point(p))], timing: nil, beginTime: now, at: now, keepRunning: true)
            if let target = targetIndexPath(at: p, moving: id), target != cv.indexPath(for: id) {
                cv.performBatchUpdates([.move(id: id, to: target)], timing: .standard, at: now)
            }
        case .ended, .cancelled:
            guard let id = moving else { return }
            moving = nil
            cv.clearProperties(id, [.center], timing: .curve(.easeInEaseOut, duration: options.settleDuration), at: now)
            sim.after(options.settleDuration) { [unowned self] _ in if self.moving != id { self.cv.setZIndex(id, nil) } }
            // endInteractiveMovement: the data source already has the final order; stop jiggling.
            cv.removeKeyframes(key: "shake", from: nil)
            isJiggling = false
            drag.isEnabled = false
            enterJiggle.isEnabled = true
        default: break
        }
    }

    /// targetIndexPathForInteractivelyMovingItem: the index path of the cell under the finger
    /// (by its model frame), or nil over a gap.
    func targetIndexPath(at p: Point, moving id: String) -> IndexPath? {
        for (other, a) in cv.visibleAttributes(at: sim.now) where a.isCell && other != id && a.frame.contains(p) {
            return a.indexPath
        }
        return nil
    }
}

/// Effect 3 (seeds/002): drag reorder of a multi-section tag cloud without the iOS 9 API.
///
/// A 0.2 s long press snapshots the tag and hides it; the snapshot moves by the finger's delta.
/// When the snapshot's centre is within half its width of another visible tag's centre and the
/// vertical distance is at most half its height, the hidden tag moves to that tag's index path
/// (within a section the tags between shift one by one; across sections it leaves one and
/// joins the other), animated like moveItem. On release the snapshot glides to the hidden
/// tag's centre in 0.25 s, is removed, and the tag shows again.
public final class TagReorderEffect: Effect {
    public struct Options: Sendable {
        public var minimumPressDuration = 0.2
        public var settleDuration = 0.25
        public init() {}
        static let keys = ["minimumPressDuration", "settleDuration"]
        init(decoding o: JSONObject) throws {
            if let v = o.optional("minimumPressDuration") { minimumPressDuration = try v.nonNegative(max: 10) }
            if let v = o.optional("settleDuration") { settleDuration = try v.nonNegative(max: 10) }
        }
    }

    public let options: Options
    unowned var sim: Simulator!
    var cv: CollectionView { sim.collectionView }
    public private(set) var longPress: LongPressGestureRecognizer!
    public private(set) var moving: String?
    private var lastLocation = Point.zero
    static let snapshotZIndex = Int(Int32.max)

    public init(options: Options = Options()) { self.options = options }

    public func install(in simulator: Simulator) {
        sim = simulator
        longPress = LongPressGestureRecognizer(name: "tags.longPress", view: { simulator.collectionView.spec.frame })
        longPress.minimumPressDuration = options.minimumPressDuration
        longPress.shouldBegin = { [unowned self] r in self.moving == nil && self.cv.itemID(atCanvas: r.startLocation, at: self.sim.now) != nil }
        longPress.action = { [unowned self] r in self.handle(r) }
        simulator.gestures.add(longPress)
        simulator.scrollPan.requiresFailureOf.append(longPress)
    }

    /// The article's rule: centre distance ≤ half the snapshot's width and vertical distance
    /// ≤ half its height.
    public static func shouldMove(snapshotCenter s: Point, snapshotSize: Size, cellCenter c: Point) -> Bool {
        s.distance(to: c) <= snapshotSize.width * 0.5 && abs(s.y - c.y) <= snapshotSize.height * 0.5
    }

    func handle(_ r: GestureRecognizer) {
        let now = sim.now
        switch r.state {
        case .began:
            // snapshotViewAfterScreenUpdates: the tag itself; a light shadow keeps it readable over others.
            guard let id = cv.itemID(atCanvas: r.startLocation, at: now),
                  cv.liftSnapshot(of: id, zIndex: TagReorderEffect.snapshotZIndex, shadow: .card, at: now) != nil else { return }
            moving = id
            lastLocation = cv.contentPoint(fromCanvas: r.location, at: now)
        case .changed:
            guard let id = moving, var snap = cv.snapshotState(CollectionView.snapshotID(of: id)) else { return }
            let location = cv.contentPoint(fromCanvas: r.location, at: now)
            snap.frame.center = snap.frame.center + (location - lastLocation)
            lastLocation = location
            cv.updateSnapshot(CollectionView.snapshotID(of: id), [(.frame, .rect(snap.frame))], at: now)
            for (other, a) in cv.visibleAttributes(at: now) where a.isCell && other != id {
                if TagReorderEffect.shouldMove(snapshotCenter: snap.frame.center, snapshotSize: snap.frame.size, cellCenter: a.center) {
                    cv.performBatchUpdates([.move(id: id, to: a.indexPath)], timing: .standard, at: now)
                    break
                }
            }
        case .ended, .cancelled:
            // The snapshot is the tag's own size, so gliding onto its frame moves its centre there.
            guard let id = moving else { return }
            cv.settleSnapshot(of: id, duration: options.settleDuration, at: now)
            sim.after(options.settleDuration) { [unowned self] _ in
                self.cv.dropSnapshot(of: id)
                if self.moving == id { self.moving = nil }
            }
        default: break
        }
    }
}
