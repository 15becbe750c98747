import FlipbookCore
import FlipbookLayout
import FlipbookAnimation
import FlipbookSimulation

/// Effect 2 (article 2 of docs/effects.md, on iOS 9 interactive movement): iOS 9 interactive movement in a jiggling grid.
///
/// A 0.5 s long press on a cell puts every cell into jiggle mode — a key-frame rotation
/// through −0.03, 0.03, −0.03 rad over 0.2 s, linear, repeating, all cells in phase (the article
/// adds the same animation to each cell at once). Then a press with no delay on a cell starts
/// interactive movement: the cell's centre is the finger (updateInteractiveMovementTargetPosition
/// with the touch location), after a 0.1 s pick-up that eases out the distance between the
/// finger and the centre instead of jumping it in one frame; it draws above everything, and whenever the finger is over another
/// cell the layout re-flows with the moving item at that cell's index path, animated. On
/// release the cell settles into its slot, the data source moves the item (remove and insert),
/// and every cell stops jiggling.
public final class JiggleReorderEffect: Effect {
    public struct Options: Sendable {
        public var minimumPressDuration = 0.5
        public var jiggleAngle = 0.03
        public var jiggleDuration = 0.2
        public var settleDuration = 0.25
        /// How long the centre takes to reach the finger after the press; 0 is UIKit's own jump.
        public var pickUpDuration = 0.1
        public init() {}
    }

    public let options: Options
    unowned var sim: Simulator!
    var cv: CollectionView { sim.collectionView }
    public private(set) var enterJiggle: LongPressGestureRecognizer!
    public private(set) var drag: LongPressGestureRecognizer!
    /// A tap on the background while jiggling ends jiggle mode (the article's tap on the
    /// collection view's background stops the shaking).
    public private(set) var tapOutside: TapGestureRecognizer!
    public private(set) var isJiggling = false
    public private(set) var moving: String?
    /// Drawn above every other cell (layoutAttributesForInteractivelyMovingItem: zIndex NSIntegerMax).
    static let movingZIndex = Int(Int32.max)

    public init(options: Options = Options()) { self.options = options }

    public func attach(to simulator: Simulator) {
        sim = simulator
        // Unowned: the simulator owns its recognizers, and this closure is theirs.
        let view = { [unowned simulator] in simulator.collectionView.spec.frame }
        enterJiggle = LongPressGestureRecognizer(name: "jiggle.longPress", view: view)
        enterJiggle.minimumPressDuration = options.minimumPressDuration
        enterJiggle.shouldBegin = { [unowned self] r in !self.isJiggling && self.cv.itemID(atCanvas: r.startLocation, at: self.sim.now) != nil }
        enterJiggle.action = { [unowned self] r in if r.state == .began { self.startJiggle() } }

        drag = LongPressGestureRecognizer(name: "jiggle.drag", view: view)
        drag.minimumPressDuration = 0
        drag.isEnabled = false
        // The article's handlelongGesture: any press begins it (its minimumPressDuration is 0),
        // over a cell or not, so the scroll view's pan, which waits for it to fail, does not
        // scroll; when it ends, jiggle mode ends — a press and drag on empty space included.
        drag.shouldBegin = { _ in true }
        drag.action = { [unowned self] r in self.handleDrag(r) }

        tapOutside = TapGestureRecognizer(name: "jiggle.tapOutside", view: view)
        tapOutside.shouldReceiveTouch = { [unowned self] p in self.isJiggling && self.cv.itemID(atCanvas: p, at: self.sim.now) == nil }
        tapOutside.action = { [unowned self] r in if r.state == .ended && self.moving == nil { self.stopJiggle() } }

        simulator.gestures.add(enterJiggle)
        simulator.gestures.add(drag)
        simulator.gestures.add(tapOutside)
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
        cv.addKeyframes(KeyframeSpec(key: "shake", property: .rotation, animation: jiggle(beginTime: sim.now), additive: false), to: nil)
        // The article swaps recognizers: the next press (with no delay) drags.
        enterJiggle.isEnabled = false
        drag.isEnabled = true
    }

    /// Leaves jiggle mode: the cells stop shaking and the next press needs a long press again.
    func stopJiggle() {
        cv.removeKeyframes(key: "shake", from: nil)
        isJiggling = false
        drag.isEnabled = false
        enterJiggle.isEnabled = true
    }

    func handleDrag(_ r: GestureRecognizer) {
        let now = sim.now
        switch r.state {
        case .began:
            guard let id = cv.itemID(atCanvas: r.startLocation, at: now) else { return }
            moving = id
            cv.setZIndex(id, JiggleReorderEffect.movingZIndex)
            let p = cv.contentPoint(fromCanvas: r.location, at: now)
            // The centre is on the finger from now on; a translation from where the cell was,
            // eased to zero, is the pick-up. After it, the centre is exactly the finger.
            let centre = cv.presentationState(of: id, at: now).map { Point(x: $0.frame.midX, y: $0.frame.midY) } ?? p
            cv.setProperties(id, [(.center, .point(p)), (.translation, .point(Point(x: centre.x - p.x, y: centre.y - p.y)))],
                             timing: nil, beginTime: now, at: now)
            cv.setProperties(id, [(.translation, .point(.zero))],
                             timing: options.pickUpDuration > 0 ? .curve(.easeOut, duration: options.pickUpDuration) : nil,
                             beginTime: now, at: now)
        case .changed:
            guard let id = moving else { return }
            let p = cv.contentPoint(fromCanvas: r.location, at: now)
            cv.setProperties(id, [(.center, .point(p))], timing: nil, beginTime: now, at: now)
            if let target = targetIndexPath(at: p, moving: id), target != cv.indexPath(for: id) {
                cv.performBatchUpdates([.move(id: id, to: target)], timing: .standard, at: now)
            }
        case .ended, .cancelled:
            guard let id = moving else {
                // Pressed on empty space: beginInteractiveMovementForItemAtIndexPath: found no cell.
                stopJiggle()
                return
            }
            moving = nil
            cv.clearProperties(id, [.center, .translation], timing: .curve(.easeInEaseOut, duration: options.settleDuration), at: now)
            sim.after(options.settleDuration) { [unowned self] _ in if self.moving != id { self.cv.setZIndex(id, nil) } }
            // endInteractiveMovement: the data source already has the final order; stop jiggling.
            stopJiggle()
        default: break
        }
    }

    /// targetIndexPathForInteractivelyMovingItem: the index path of the cell under the finger
    /// (by its model frame), or nil over a gap.
    func targetIndexPath(at p: Point, moving id: String) -> ItemIndexPath? {
        for (other, a) in cv.visibleAttributes(at: sim.now) where a.isCell && other != id && a.frame.contains(p) {
            return a.indexPath
        }
        return nil
    }
}
