import Foundation
import FlipbookCore
import FlipbookLayout
import FlipbookAnimation

/// UITapGestureRecognizer (one finger): recognised when the finger has lifted
/// `numberOfTapsRequired` times, each within `maximumPressDuration` of touching down and the
/// next touching down within `maximumIntervalBetweenSuccessiveTaps` of the last lifting, none
/// moving more than `allowableMovement` from where the first began.
public final class TapGestureRecognizer: GestureRecognizer {
    /// Our choice (UIKit does not publish one): a press this long is not a tap.
    public var maximumPressDuration = 0.5
    public var allowableMovement = 10.0
    /// UITapGestureRecognizer.numberOfTapsRequired: 1 (Apple's page); 2 is a double tap.
    public var numberOfTapsRequired = 1
    /// 0.35 s: UIKit's own default for UITapRecognizer, which UITapGestureRecognizer uses (not
    /// published; measured from iOS 26.1's UIKitCore as decompiled in
    /// https://github.com/EthanArbuckle/iPhone18-3_26.1_23B85_Restore/blob/main/System/Library/PrivateFrameworks/UIKitCore.framework/UIKitCore/UITapRecognizer.mm,
    /// `-[UITapRecognizer init]`).
    package var maximumIntervalBetweenSuccessiveTaps = 0.35
    /// Taps made so far in this sequence.
    package private(set) var taps = 0

    public override init(name: String, view: @escaping () -> Rect) { super.init(name: name, view: view) }

    public override func touchDown(at p: Point, time t: Double) { schedule(after: maximumPressDuration, tag: 0) }
    public override func touchMoved(to p: Point, time t: Double) {
        if state == .possible && p.distance(to: startLocation) > allowableMovement { transition(to: .failed) }
    }
    public override func touchUp(at p: Point, time t: Double) {
        guard state == .possible else { return }
        if p.distance(to: startLocation) > allowableMovement { return transition(to: .failed) }
        taps += 1
        if taps >= numberOfTapsRequired {
            transition(to: .ended)
        } else {
            awaitNextTouch(timeout: maximumIntervalBetweenSuccessiveTaps, tag: 1)
        }
    }
    public override func timerFired(_ tag: Int, time t: Double) {
        // Held too long (tag 0), or the next tap did not come in time (tag 1).
        if state == .possible && (tag == 1 || !awaitsNextTouch) { transition(to: .failed) }
    }
    override func reset() {
        super.reset()
        taps = 0
    }
}

/// UILongPressGestureRecognizer: begins when the finger has stayed within `allowableMovement`
/// for `minimumPressDuration` (0.5 s by default; 0 begins at touch-down), then reports every
/// move as changed and ends when the finger lifts.
public final class LongPressGestureRecognizer: GestureRecognizer {
    public var minimumPressDuration = 0.5
    public var allowableMovement = 10.0

    public override init(name: String, view: @escaping () -> Rect) { super.init(name: name, view: view) }

    public override func touchDown(at p: Point, time t: Double) {
        if minimumPressDuration <= 0 { transition(to: .began) } else { schedule(after: minimumPressDuration, tag: 0) }
    }
    public override func touchMoved(to p: Point, time t: Double) {
        switch state {
        case .possible:
            // The movement limit applies only before recognition.
            if p.distance(to: startLocation) > allowableMovement { transition(to: .failed) }
        case .began, .changed:
            transition(to: .changed)
        default: break
        }
    }
    public override func touchUp(at p: Point, time t: Double) {
        switch state {
        case .possible: transition(to: .failed)
        case .began, .changed: transition(to: .ended)
        default: break
        }
    }
    public override func timerFired(_ tag: Int, time t: Double) {
        if state == .possible && pending == nil { transition(to: .began) }
    }
}

/// UIPanGestureRecognizer: begins once the finger has moved `hysteresis` points, then reports
/// moves as changed and ends when it lifts (with `velocity` in points per second).
public final class PanGestureRecognizer: GestureRecognizer {
    /// Our choice: UIKit's pan starts after roughly 10 points of movement.
    public var hysteresis = 10.0
    /// Translation at the moment the pan began (scroll views subtract it so content does not jump).
    public private(set) var translationAtBegan = Point.zero

    public override init(name: String, view: @escaping () -> Rect) { super.init(name: name, view: view) }

    public override func touchMoved(to p: Point, time t: Double) {
        switch state {
        case .possible:
            if pending == nil && p.distance(to: startLocation) >= hysteresis {
                translationAtBegan = translation
                transition(to: .began)
            }
        case .began, .changed:
            transition(to: .changed)
        default: break
        }
    }
    public override func touchUp(at p: Point, time t: Double) {
        switch state {
        case .began, .changed: transition(to: .ended)
        case .possible: transition(to: .failed)
        default: break
        }
    }
}

/// What UIPinchGestureRecognizer and UIRotationGestureRecognizer share: two touches, measured
/// against where they were when the second went down.
open class TwoTouchGestureRecognizer: GestureRecognizer {
    open override var maximumNumberOfTouches: Int { 2 }
    /// The two fingers' positions now and when the second touched down (nil with one finger).
    public var touchPair: (now: (Point, Point), start: (Point, Point))? {
        guard let second = additionalTouches.first else { return nil }
        return ((location, second.location), (pairStart ?? location, second.start))
    }
    /// Where the first finger was when the second went down.
    private var pairStart: Point?
    /// (time, value) samples of the measured quantity, for its velocity.
    private var history: [(Double, Double)] = []

    open override func additionalTouchDown(at p: Point, time t: Double) {
        pairStart = location
        history = [(t, measure() ?? 0)]
    }
    /// The quantity this recognizer reports (scale, rotation), nil without two fingers.
    open func measure() -> Double? { nil }
    /// How far the quantity must move from its start before the gesture begins.
    open var threshold: Double { 0 }
    open var restingValue: Double { 0 }

    /// Per second, over the last `velocityWindow`.
    public var valueVelocity: Double {
        guard let last = history.last else { return 0 }
        let first = history.last { last.0 - $0.0 >= GestureRecognizer.velocityWindow - 1e-9 } ?? history.first!
        let dt = last.0 - first.0
        return dt > 1e-9 ? (last.1 - first.1) / dt : 0
    }

    public override func touchMoved(to p: Point, time t: Double) {
        guard let v = measure() else { return }
        history.append((t, v))
        if history.count > 64 { history.removeFirst(history.count - 64) }
        switch state {
        case .possible: if abs(v - restingValue) >= threshold { transition(to: .began) }
        case .began, .changed: transition(to: .changed)
        default: break
        }
    }
    open override func additionalTouchUp(at p: Point, time t: Double) {
        switch state {
        case .began, .changed: transition(to: .ended)
        case .possible: transition(to: .failed)
        default: break
        }
    }
    open override func touchUp(at p: Point, time t: Double) { additionalTouchUp(at: p, time: t) }
}

/// UIPinchGestureRecognizer: `scale` is the distance between the two fingers over their
/// distance when the second went down (UIKit: "the scale factor relative to the points of the
/// two touches in screen coordinates"); it begins once the scale has moved by `minimumScaleChange`
/// (our choice: UIKit publishes no threshold) and ends when a finger lifts.
public final class PinchGestureRecognizer: TwoTouchGestureRecognizer {
    public var minimumScaleChange = 0.05
    public override var threshold: Double { minimumScaleChange }
    public override var restingValue: Double { 1 }
    public var scale: Double { measure() ?? 1 }
    /// Scale factor per second.
    public var scaleVelocity: Double { valueVelocity }
    public override func measure() -> Double? {
        guard let p = touchPair else { return nil }
        let d0 = p.start.0.distance(to: p.start.1)
        return d0 > 0 ? p.now.0.distance(to: p.now.1) / d0 : nil
    }
}

/// UIRotationGestureRecognizer: `rotation` in radians (clockwise positive on screen) of the
/// line between the fingers since the second went down; begins past `minimumRotation` (our
/// choice), ends when a finger lifts.
public final class RotationGestureRecognizer: TwoTouchGestureRecognizer {
    public var minimumRotation = 0.05
    public override var threshold: Double { minimumRotation }
    public var rotation: Double { measure() ?? 0 }
    /// Radians per second.
    public var rotationVelocity: Double { valueVelocity }
    public override func measure() -> Double? {
        guard let p = touchPair else { return nil }
        let a0 = atan2(p.start.1.y - p.start.0.y, p.start.1.x - p.start.0.x)
        let a1 = atan2(p.now.1.y - p.now.0.y, p.now.1.x - p.now.0.x)
        var d = a1 - a0
        while d > .pi { d -= 2 * .pi }
        while d < -.pi { d += 2 * .pi }
        return d
    }
}

/// The touch a collection view tracks on a cell: it highlights after `highlightDelay` at rest,
/// is recognised when the finger lifts within `allowableMovement`, and fails when it moves
/// further (the scroll view's pan takes it).
package final class CellPressRecognizer: GestureRecognizer {
    /// UIScrollView's delaysContentTouches wait before a resting touch reaches the cell: 150 ms,
    /// measured (Apple's header says only that the touch is delayed; the figure is the one
    /// public measurements report, e.g.
    /// https://mo4tech.com/how-is-uiscrollview-implemented-and-how-does-it-capture-and-respond-to-gestures.html).
    package static let highlightDelay = 0.15
    package var allowableMovement = 10.0
    package var highlight: (() -> Void)?

    package override init(name: String, view: @escaping () -> Rect) { super.init(name: name, view: view) }

    package override func touchDown(at p: Point, time t: Double) { schedule(after: CellPressRecognizer.highlightDelay, tag: 0) }
    package override func touchMoved(to p: Point, time t: Double) {
        if state == .possible && p.distance(to: startLocation) > allowableMovement { transition(to: .failed) }
    }
    package override func touchUp(at p: Point, time t: Double) {
        if state == .possible { transition(to: .ended) }
    }
    package override func timerFired(_ tag: Int, time t: Double) {
        if state == .possible { highlight?() }
    }
}
