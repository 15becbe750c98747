import FlipbookCore

/// A key-frame animation, like CAKeyframeAnimation: values at key times, a calculation mode,
/// per-segment timing functions, and CAMediaTiming's beginTime / repeatCount / autoreverses /
/// fillMode. `value(at:)` is a pure function of time; nil means "not applied now" (the
/// layer shows its model value).
public struct KeyframeAnimation<Value: VectorLike>: Sendable {
    public enum CalculationMode: String, Sendable, CaseIterable {
        /// Straight lines between values (the default).
        case linear
        /// Each value holds until the next key time.
        case discrete
        /// Constant speed along the values; keyTimes and timing functions are ignored.
        case paced
        /// A Catmull-Rom spline through the values.
        case cubic
    }

    public enum FillMode: String, Sendable, CaseIterable {
        /// Not applied outside its active time (Core Animation's default).
        case removed
        /// Holds its final value after it ends.
        case forwards
        /// Shows its first value before it begins.
        case backwards
        case both
    }

    public var values: [Value]
    /// Fractions of the duration in [0, 1], non-decreasing: one per value (discrete: one per
    /// value, or one more). nil spreads values evenly.
    public var keyTimes: [Double]?
    public var calculationMode: CalculationMode = .linear
    /// One per segment (values.count − 1), applied inside each segment.
    public var timingFunctions: [TimingCurve]?
    /// Applied to the whole cycle before the segment is found.
    public var timingFunction: TimingCurve?
    public var duration: Double
    /// Absolute time (seconds) at which the first cycle starts.
    public var beginTime: Double
    /// Number of cycles; 0 plays once, `.infinity` repeats forever, fractions stop mid-cycle.
    public var repeatCount: Double = 0
    /// Each cycle plays forward then backward (a cycle then lasts 2 × duration).
    public var autoreverses: Bool = false
    public var fillMode: FillMode = .removed

    public init(values: [Value], duration: Double, beginTime: Double = 0, keyTimes: [Double]? = nil,
                calculationMode: CalculationMode = .linear, timingFunctions: [TimingCurve]? = nil,
                timingFunction: TimingCurve? = nil, repeatCount: Double = 0, autoreverses: Bool = false,
                fillMode: FillMode = .removed) {
        precondition(!values.isEmpty && duration > 0)
        self.values = values; self.duration = duration; self.beginTime = beginTime; self.keyTimes = keyTimes
        self.calculationMode = calculationMode; self.timingFunctions = timingFunctions
        self.timingFunction = timingFunction; self.repeatCount = repeatCount; self.autoreverses = autoreverses
        self.fillMode = fillMode
    }

    /// What is wrong with an animation whose properties were set after `init` (which checks
    /// values and duration), as (property, expected); nil when `value(at:)` can sample it.
    /// Scene.validate asks.
    public func problem() -> (property: String, expected: String)? {
        if values.isEmpty { return ("values", "at least one value") }
        if !(duration.isFinite && duration > 0) { return ("duration", "a finite number > 0") }
        if !beginTime.isFinite { return ("beginTime", "a finite number") }
        if !(repeatCount >= 0 && !repeatCount.isNaN) { return ("repeatCount", "a number ≥ 0 (infinity repeats forever)") }
        if let k = keyTimes {
            let needed = calculationMode == .discrete ? [values.count, values.count + 1] : [values.count]
            if calculationMode != .paced && !needed.contains(k.count) { return ("keyTimes", "one key time per value") }
            if k.contains(where: { !($0.isFinite && $0 >= 0 && $0 <= 1) }) || zip(k, k.dropFirst()).contains(where: { $0 > $1 }) {
                return ("keyTimes", "non-decreasing fractions from 0 to 1")
            }
        }
        if let f = timingFunctions, calculationMode != .paced, f.count != max(0, values.count - 1) {
            return ("timingFunctions", "one timing function per segment (\(max(0, values.count - 1)))")
        }
        return nil
    }

    /// Length of one cycle.
    public var cycleDuration: Double { duration * (autoreverses ? 2 : 1) }
    /// Length of the whole active period (infinite when repeating forever).
    public var activeDuration: Double { cycleDuration * (repeatCount > 0 ? repeatCount : 1) }
    public var endTime: Double { beginTime + activeDuration }

    /// The value on screen at `time`, or nil when the animation does not apply — nor when its
    /// properties were set to something it cannot sample (`problem()`), so a caller that skipped
    /// validation gets no value rather than a trap.
    public func value(at time: Double) -> Value? {
        guard problem() == nil else { return nil }
        let local = time - beginTime
        if local < -FrameClock.epsilon {
            return fillMode == .backwards || fillMode == .both ? unsafeSample(progress: 0) : nil
        }
        if activeDuration.isFinite && local >= activeDuration - FrameClock.epsilon {
            guard fillMode == .forwards || fillMode == .both else { return nil }
            return unsafeSample(progress: progress(atLocal: activeDuration, atEnd: true))
        }
        return unsafeSample(progress: progress(atLocal: max(0, local), atEnd: false))
    }

    /// Whether the animation has ended and no longer affects anything at `time`.
    public func isFinished(at time: Double) -> Bool {
        activeDuration.isFinite && time >= endTime - FrameClock.epsilon && fillMode != .forwards && fillMode != .both
    }

    /// Progress through one forward pass (0...1) at local time `t`.
    func progress(atLocal t: Double, atEnd: Bool) -> Double {
        var c = t.truncatingRemainder(dividingBy: cycleDuration)
        // At the exact end of a whole number of cycles the remainder wraps to 0: use the cycle's end.
        if atEnd && c < FrameClock.epsilon && t > 0 { c = cycleDuration }
        var p = c / duration
        if autoreverses && p > 1 { p = 2 - p }
        return min(max(p, 0), 1)
    }

    /// Key times actually used: given, paced by distance, or even.
    public var effectiveKeyTimes: [Double] {
        let n = values.count
        if n == 1 { return [0] }
        switch calculationMode {
        case .paced:
            var cumulative = [0.0]
            for i in 1..<n { cumulative.append(cumulative[i - 1] + values[i - 1].euclideanDistance(to: values[i])) }
            let total = cumulative[n - 1]
            return total > 0 ? cumulative.map { $0 / total } : (0..<n).map { Double($0) / Double(n - 1) }
        case .discrete:
            if let k = keyTimes { return k }
            return (0..<n).map { Double($0) / Double(n) }
        case .linear, .cubic:
            if let k = keyTimes { return k }
            return (0..<n).map { Double($0) / Double(n - 1) }
        }
    }

    /// The value at progress p (0...1) through a forward pass; nil when `problem()` says the
    /// animation cannot be sampled.
    public func sample(progress p: Double) -> Value? {
        guard problem() == nil else { return nil }
        return unsafeSample(progress: p)
    }

    /// `sample(progress:)` for an animation known to be valid (`value(at:)` checked).
    func unsafeSample(progress p: Double) -> Value {
        let n = values.count
        if n == 1 { return values[0] }
        let paced = calculationMode == .paced
        let q = paced ? p : (timingFunction?.value(at: p) ?? p)
        let k = effectiveKeyTimes
        if calculationMode == .discrete {
            var i = 0
            while i + 1 < n && i + 1 < k.count && q >= k[i + 1] - 1e-12 { i += 1 }
            return values[i]
        }
        if q <= k[0] { return values[0] }
        if q >= k[n - 1] { return values[n - 1] }
        var i = 0
        while i + 2 < n && q >= k[i + 1] { i += 1 }
        let span = k[i + 1] - k[i]
        var u = span > 0 ? (q - k[i]) / span : 1
        if !paced, let fs = timingFunctions, i < fs.count { u = fs[i].value(at: u) }
        switch calculationMode {
        case .cubic:
            // Catmull-Rom through P(i−1), P(i), P(i+1), P(i+2), ends duplicated.
            let p0 = values[max(i - 1, 0)], p1 = values[i], p2 = values[i + 1], p3 = values[min(i + 2, n - 1)]
            let u2 = u * u, u3 = u2 * u
            return Value.combine([(p0, 0.5 * (-u + 2 * u2 - u3)), (p1, 0.5 * (2 - 5 * u2 + 3 * u3)),
                                  (p2, 0.5 * (u + 4 * u2 - 3 * u3)), (p3, 0.5 * (-u2 + u3))])
        default:
            return Value.interpolate(values[i], values[i + 1], u)
        }
    }
}
