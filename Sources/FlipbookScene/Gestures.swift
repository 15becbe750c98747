import FlipbookCore
import FlipbookAnimation

/// UIGestureRecognizer.State.
public enum GestureState: String, Sendable {
    case possible, began, changed, ended, cancelled, failed
    var isActive: Bool { self == .began || self == .changed }
    var isFinished: Bool { self == .ended || self == .cancelled || self == .failed }
}

/// A gesture recognizer, like UIGestureRecognizer: it watches one touch that begins inside its
/// view and moves through UIKit's states. Subclasses decide when to begin, fail or end;
/// `GestureSystem` decides whether they may (exclusivity, require-to-fail).
public class GestureRecognizer {
    public let name: String
    public internal(set) var state: GestureState = .possible
    public var isEnabled = true {
        didSet { if !isEnabled { system?.disabled(self) } }
    }
    /// The view's frame on the canvas; touches must begin inside it.
    public var view: () -> Rect
    /// gestureRecognizer(_:shouldReceive:) — nil receives every touch in the view.
    public var shouldReceiveTouch: ((Point) -> Bool)?
    /// gestureRecognizerShouldBegin(_:) — checked when the recognizer is about to begin.
    public var shouldBegin: ((GestureRecognizer) -> Bool)?
    /// require(toFail:): this one may only begin once these have failed.
    public var requiresFailureOf: [GestureRecognizer] = []
    /// gestureRecognizer(_:shouldRecognizeSimultaneouslyWith:).
    public var recognizesSimultaneously: ((GestureRecognizer) -> Bool)?
    /// The target-action, called after every state change except a return to `possible`.
    public var action: ((GestureRecognizer) -> Void)?

    weak var system: GestureSystem?
    var touch: Int?
    /// A state this recognizer asked for while it waits for others to fail.
    var pending: GestureState?

    public private(set) var startLocation = Point.zero
    public private(set) var startTime = 0.0
    public private(set) var location = Point.zero
    public private(set) var time = 0.0
    private var samples: [(time: Double, point: Point)] = []

    /// Samples older than this do not count toward the velocity.
    public static let velocityWindow = 0.05

    init(name: String, view: @escaping () -> Rect) {
        self.name = name
        self.view = view
    }

    /// Where the touch is now relative to where it began (UIPanGestureRecognizer.translation).
    public var translation: Point { location - startLocation }

    /// Points per second over the last `velocityWindow` of samples; 0 when the finger rested.
    public var velocity: Point {
        guard let last = samples.last else { return .zero }
        var first = last
        for s in samples.reversed() where last.time - s.time <= GestureRecognizer.velocityWindow + 1e-9 { first = s }
        let dt = last.time - first.time
        guard dt > 1e-9 else { return .zero }
        return (last.point - first.point) * (1 / dt)
    }

    // MARK: - Touch handling (called by GestureSystem)

    func begin(touch id: Int, at p: Point, time t: Double) {
        touch = id
        startLocation = p; startTime = t
        location = p; time = t
        samples = [(t, p)]
        touchDown(at: p, time: t)
    }

    func sample(_ p: Point, time t: Double, moved: Bool) {
        location = p; time = t
        samples.append((t, p))
        if samples.count > 64 { samples.removeFirst(samples.count - 64) }
        if moved { touchMoved(to: p, time: t) }
    }

    func end(at p: Point, time t: Double) {
        location = p; time = t
        samples.append((t, p))
        touchUp(at: p, time: t)
    }

    func reset() {
        state = .possible
        touch = nil
        pending = nil
        samples = []
    }

    // MARK: - Subclass hooks

    func touchDown(at p: Point, time t: Double) {}
    func touchMoved(to p: Point, time t: Double) {}
    func touchUp(at p: Point, time t: Double) {}
    func timerFired(_ tag: Int, time t: Double) {}

    /// Asks the system to move to `state` (it may wait, or fail this recognizer instead).
    func transition(to state: GestureState) { system?.request(self, state) }
    func schedule(after delay: Double, tag: Int) { system?.scheduleTimer(for: self, at: startTime + delay, tag: tag) }
}

/// UITapGestureRecognizer (one tap, one finger): recognised when the finger lifts within
/// `maximumPressDuration` without moving more than `allowableMovement`.
public final class TapGestureRecognizer: GestureRecognizer {
    /// Our choice (UIKit does not publish one): a press this long is not a tap.
    public var maximumPressDuration = 0.5
    public var allowableMovement = 10.0

    public override init(name: String, view: @escaping () -> Rect) { super.init(name: name, view: view) }

    override func touchDown(at p: Point, time t: Double) { schedule(after: maximumPressDuration, tag: 0) }
    override func touchMoved(to p: Point, time t: Double) {
        if state == .possible && p.distance(to: startLocation) > allowableMovement { transition(to: .failed) }
    }
    override func touchUp(at p: Point, time t: Double) {
        if state == .possible { transition(to: .ended) }
    }
    override func timerFired(_ tag: Int, time t: Double) {
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

    override func touchDown(at p: Point, time t: Double) {
        if minimumPressDuration <= 0 { transition(to: .began) } else { schedule(after: minimumPressDuration, tag: 0) }
    }
    override func touchMoved(to p: Point, time t: Double) {
        switch state {
        case .possible:
            // The movement limit applies only before recognition.
            if p.distance(to: startLocation) > allowableMovement { transition(to: .failed) }
        case .began, .changed:
            transition(to: .changed)
        default: break
        }
    }
    override func touchUp(at p: Point, time t: Double) {
        switch state {
        case .possible: transition(to: .failed)
        case .began, .changed: transition(to: .ended)
        default: break
        }
    }
    override func timerFired(_ tag: Int, time t: Double) {
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

    override func touchMoved(to p: Point, time t: Double) {
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
    override func touchUp(at p: Point, time t: Double) {
        switch state {
        case .began, .changed: transition(to: .ended)
        case .possible: transition(to: .failed)
        default: break
        }
    }
}

/// Delivers touches to recognizers and arbitrates between them as UIKit does: recognizers
/// are exclusive unless they allow simultaneous recognition, and one that requires another
/// to fail waits until it has.
public final class GestureSystem {
    public private(set) var recognizers: [GestureRecognizer] = []
    /// Asks the simulator for a timer event: (time, fire).
    var timerScheduler: ((Double, @escaping (Double) -> Void) -> Void)?
    /// State changes since the last frame, in order (for keyframes.json).
    private(set) var log: [RecognizerChange] = []

    public init() {}

    public func add(_ r: GestureRecognizer) {
        r.system = self
        recognizers.append(r)
    }

    func drainLog() -> [RecognizerChange] {
        defer { log = [] }
        return log
    }

    func scheduleTimer(for r: GestureRecognizer, at time: Double, tag: Int) {
        guard let touch = r.touch else { return }
        timerScheduler?(time) { [weak r] t in
            guard let r, r.touch == touch else { return }
            r.timerFired(tag, time: t)
        }
    }

    // MARK: - Touches

    public func touchDown(finger: Int, at p: Point, time t: Double) {
        for r in recognizers where r.isEnabled && r.touch == nil && r.view().contains(p) && (r.shouldReceiveTouch?(p) ?? true) {
            r.reset()
            r.begin(touch: finger, at: p, time: t)
        }
    }

    public func touchSample(finger: Int, at p: Point, time t: Double, moved: Bool) {
        for r in recognizers where r.touch == finger && !r.state.isFinished { r.sample(p, time: t, moved: moved) }
    }

    public func touchUp(finger: Int, at p: Point, time t: Double) {
        for r in recognizers where r.touch == finger && !r.state.isFinished { r.end(at: p, time: t) }
        // Anything still undecided when the touch ends fails; then everything resets.
        for r in recognizers where r.touch == finger && r.state == .possible { request(r, .failed) }
        for r in recognizers where r.touch == finger { r.reset() }
    }

    func disabled(_ r: GestureRecognizer) {
        guard r.touch != nil else { return }
        if r.state.isActive { request(r, .cancelled) } else if r.state == .possible { request(r, .failed) }
        r.reset()
    }

    // MARK: - Arbitration

    func allowSimultaneous(_ a: GestureRecognizer, _ b: GestureRecognizer) -> Bool {
        (a.recognizesSimultaneously?(b) ?? false) || (b.recognizesSimultaneously?(a) ?? false)
    }

    func request(_ r: GestureRecognizer, _ new: GestureState) {
        guard r.state != new || new == .changed else { return }
        let starting = r.state == .possible && (new == .began || new == .ended)
        if starting {
            if let sb = r.shouldBegin, !sb(r) { return set(r, .failed) }
            let shared = r.requiresFailureOf.filter { $0.touch == r.touch && $0.touch != nil }
            if shared.contains(where: { $0.state.isActive || $0.state == .ended }) { return set(r, .failed) }
            if shared.contains(where: { $0.state == .possible }) {
                r.pending = new
                return
            }
        }
        set(r, new)
        if starting {
            // An exclusive recognition makes every other undecided recognizer on this touch fail.
            for o in recognizers where o !== r && o.touch == r.touch && o.state == .possible && !allowSimultaneous(r, o) {
                set(o, .failed)
            }
        }
    }

    private func set(_ r: GestureRecognizer, _ new: GestureState) {
        r.state = new
        r.pending = nil
        if log.last != RecognizerChange(name: r.name, state: new.rawValue) {
            log.append(RecognizerChange(name: r.name, state: new.rawValue))
        }
        r.action?(r)
        if new == .failed {
            // Recognizers waiting for this one may go ahead now.
            for w in recognizers where w.pending != nil && w.requiresFailureOf.contains(where: { $0 === r }) {
                let wanted = w.pending!
                w.pending = nil
                request(w, wanted)
            }
        } else if new == .began || new == .ended {
            for w in recognizers where w.pending != nil && w.requiresFailureOf.contains(where: { $0 === r }) { set(w, .failed) }
        }
    }
}
