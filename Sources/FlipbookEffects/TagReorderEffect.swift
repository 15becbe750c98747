import FlipbookCore
import FlipbookLayout
import FlipbookAnimation
import FlipbookSimulation

/// Effect 3 (article 3 of docs/effects.md, “iOS9之前collectionView拖拽重排的实现”): drag reorder of a multi-section tag cloud without the iOS 9 API.
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
    }

    public let options: Options
    unowned var sim: Simulator!
    var cv: CollectionView { sim.collectionView }
    public private(set) var longPress: LongPressGestureRecognizer!
    public private(set) var moving: String?
    private var lastLocation = Point.zero
    static let snapshotZIndex = Int(Int32.max)

    public init(options: Options = Options()) { self.options = options }

    public func attach(to simulator: Simulator) {
        sim = simulator
        // Unowned: the simulator owns its recognizers, and this closure is theirs.
        longPress = LongPressGestureRecognizer(name: "tags.longPress", view: { [unowned simulator] in simulator.collectionView.spec.frame })
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
            // snapshotViewAfterScreenUpdates: the tag itself, drawn exactly as it was (the
            // article's snapshot casts no shadow, so none appears or vanishes in one frame).
            guard let id = cv.itemID(atCanvas: r.startLocation, at: now),
                  cv.liftSnapshot(of: id, zIndex: TagReorderEffect.snapshotZIndex, shadow: nil, at: now) != nil else { return }
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
            sim.after(options.settleDuration) { [unowned self] now in
                self.cv.dropSnapshot(of: id, at: now)
                if self.moving == id { self.moving = nil }
            }
        default: break
        }
    }
}
