import FlipbookCore
import FlipbookLayout
import FlipbookAnimation

/// UITapGestureRecognizer (one tap, one finger): recognised when the finger lifts within
/// `maximumPressDuration` without moving more than `allowableMovement`.
public final class TapGestureRecognizer: GestureRecognizer {
    /// Our choice (UIKit does not publish one): a press this long is not a tap.
    public var maximumPressDuration = 0.5
    public var allowableMovement = 10.0

    public override init(name: String, view: @escaping () -> Rect) { super.init(name: name, view: view) }

    public override func touchDown(at p: Point, time t: Double) { schedule(after: maximumPressDuration, tag: 0) }
    public override func touchMoved(to p: Point, time t: Double) {
        if state == .possible && p.distance(to: startLocation) > allowableMovement { transition(to: .failed) }
    }
    public override func touchUp(at p: Point, time t: Double) {
        if state == .possible { transition(to: .ended) }
    }
    public override func timerFired(_ tag: Int, time t: Double) {
        if state == .possible { transition(to: .failed) }
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
