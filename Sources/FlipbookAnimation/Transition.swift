import FlipbookCore

/// How an animation's progress runs over time.
public enum AnimationTiming: Hashable, Sendable {
    /// A Bézier curve over a fixed duration (UIView.animate, CABasicAnimation).
    case curve(TimingCurve, duration: Double)
    /// A spring's closed-form progress (may overshoot 1); exactly 1 from `duration` on, as a
    /// UIView spring animation ends at its duration.
    case spring(Spring, duration: Double)

    /// Eased progress `t` seconds after the animation began (clamped to the end value after it).
    public func fraction(atElapsed t: Double) -> Double {
        if t >= duration - FrameClock.epsilon { return 1 }
        if t <= 0 { return 0 }
        switch self {
        case .curve(let curve, let duration):
            return curve.value(at: t / duration)
        case .spring(let spring, _):
            return spring.fraction(at: t)
        }
    }

    /// Seconds from begin to the end value.
    public var duration: Double {
        switch self {
        case .curve(_, let d), .spring(_, let d): return max(0, d)
        }
    }

    /// A spring that runs until it settles (CASpringAnimation with duration = settlingDuration).
    public static func spring(_ spring: Spring) -> AnimationTiming { .spring(spring, duration: spring.settlingDuration) }

    /// Core Animation's default transition: 0.25 s, ease-in-ease-out (UIView.animate's curve).
    public static let standard = AnimationTiming.curve(.easeInEaseOut, duration: 0.25)
}

/// A property moving from a captured start value toward a target.
///
/// The target is passed in when the value is read, so a transition can follow a target that
/// itself moves (a sticky card whose resting place changes while the list scrolls) and still
/// ends exactly on it. Starting a new transition from `value(at:)` of the running one is
/// beginFromCurrentState: the on-screen value never jumps.
public struct Transition<Value: Interpolatable>: Sendable {
    public var from: Value
    /// Absolute time (seconds) at which motion starts, after any delay.
    public var beginTime: Double
    public var timing: AnimationTiming

    public init(from: Value, beginTime: Double, timing: AnimationTiming = .standard) {
        self.from = from; self.beginTime = beginTime; self.timing = timing
    }

    public var endTime: Double { beginTime + timing.duration }
    public func fraction(at time: Double) -> Double { timing.fraction(atElapsed: time - beginTime) }
    public func isFinished(at time: Double) -> Bool { time >= endTime - FrameClock.epsilon }
    public func value(at time: Double, to target: Value) -> Value {
        Value.interpolate(from, target, fraction(at: time))
    }
}
