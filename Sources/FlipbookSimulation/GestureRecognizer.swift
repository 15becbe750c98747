import FlipbookCore
import FlipbookLayout
import FlipbookAnimation

/// A gesture recognizer, like UIGestureRecognizer: it watches one touch that begins inside its
/// view and moves through UIKit's states. Subclasses decide when to begin, fail or end;
/// `GestureSystem` decides whether they may (exclusivity, require-to-fail).
open class GestureRecognizer {
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
    /// Still undecided after its touch lifted, waiting for the next touch of a sequence (a
    /// double tap between its taps, `awaitNextTouch()`): the next touch in its view continues it.
    var awaitsNextTouch = false
    /// Its touch lifted while it waits (its own next touch, or another recognizer's failure):
    /// it resets once it is decided.
    var lifted = false
    /// Counts the touches it has followed: a timer set for one touch does not fire in the next.
    var sequence = 0

    public private(set) var startLocation = Point.zero
    public private(set) var startTime = 0.0
    public private(set) var location = Point.zero
    public private(set) var time = 0.0
    private var samples: [(time: Double, point: Point)] = []

    /// How many touches the recognizer follows at once (UIKit's pinch and rotation follow two);
    /// touches after the first that begin in its view while it follows the first join it.
    open var maximumNumberOfTouches: Int { 1 }
    /// The touches after the first, by finger: where each began and where it is.
    public private(set) var additionalTouches: [(finger: Int, start: Point, location: Point)] = []
    /// Whether `finger` is one this recognizer follows.
    func follows(_ finger: Int) -> Bool { touch == finger || additionalTouches.contains { $0.finger == finger } }

    /// Samples older than this do not count toward the velocity.
    public static let velocityWindow = 0.05

    public init(name: String, view: @escaping () -> Rect) {
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
        sequence += 1
        startLocation = p; startTime = t
        location = p; time = t
        samples = [(t, p)]
        touchDown(at: p, time: t)
    }

    /// The next touch of a sequence (`awaitNextTouch`): `startLocation` stays the first touch's
    /// (UIKit's location of a multi-tap is its first tap's); `startTime` is this touch's.
    func continueSequence(touch id: Int, at p: Point, time t: Double) {
        touch = id
        sequence += 1
        awaitsNextTouch = false
        lifted = false
        startTime = t
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
        awaitsNextTouch = false
        lifted = false
        samples = []
        additionalTouches = []
    }

    func addTouch(_ finger: Int, at p: Point, time t: Double) {
        additionalTouches.append((finger, p, p))
        additionalTouchDown(at: p, time: t)
    }

    func sampleAdditional(_ finger: Int, at p: Point, time t: Double) {
        guard let i = additionalTouches.firstIndex(where: { $0.finger == finger }) else { return }
        additionalTouches[i].location = p
        self.time = t
        touchMoved(to: location, time: t)
    }

    func endAdditional(_ finger: Int, at p: Point, time t: Double) {
        guard let i = additionalTouches.firstIndex(where: { $0.finger == finger }) else { return }
        additionalTouches[i].location = p
        additionalTouchUp(at: p, time: t)
        additionalTouches.remove(at: i)
    }

    // MARK: - Subclass hooks (override these in your own recognizer, as with UIGestureRecognizer's touchesBegan…)

    /// The touch began inside the view (`startLocation`, `startTime` are set).
    open func touchDown(at p: Point, time t: Double) {}
    /// A sample of the touch found it moved.
    open func touchMoved(to p: Point, time t: Double) {}
    /// The finger lifted; a recognizer still `possible` afterwards fails.
    open func touchUp(at p: Point, time t: Double) {}
    /// A timer from `schedule(after:tag:)` fired while the same touch is down.
    open func timerFired(_ tag: Int, time t: Double) {}
    /// A further touch joined (see `maximumNumberOfTouches`); it is in `additionalTouches`.
    open func additionalTouchDown(at p: Point, time t: Double) {}
    /// A further touch lifted (it is still in `additionalTouches` during the call).
    open func additionalTouchUp(at p: Point, time t: Double) {}

    /// Asks the system to move to `state` (it may wait, or fail this recognizer instead).
    public func transition(to state: GestureState) { system?.request(self, state) }
    /// Calls `timerFired(tag, …)` `delay` seconds after the touch began, if it is still down.
    public func schedule(after delay: Double, tag: Int) { system?.scheduleTimer(for: self, at: startTime + delay, tag: tag) }
    /// Stays undecided when the finger lifts (call it from `touchUp`): the next touch that begins
    /// in the view comes to `touchDown` as the sequence's next (a double tap's second tap), and
    /// `timerFired(tag, …)` comes `timeout` seconds from now unless one has begun by then.
    package func awaitNextTouch(timeout: Double, tag: Int) {
        awaitsNextTouch = true
        system?.scheduleTimer(for: self, at: time + timeout, tag: tag)
    }
    /// A state this recognizer asked for and is waiting to enter until others fail (require(toFail:)).
    public var pendingState: GestureState? { pending }
}
