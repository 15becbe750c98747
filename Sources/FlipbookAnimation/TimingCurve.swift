import FlipbookCore

/// A cubic Bézier timing function with end points (0,0) and (1,1), like CAMediaTimingFunction.
///
/// `value(at:)` solves x(s) = progress for the curve parameter s exactly (safeguarded Newton
/// iteration to 1e-14, not a lookup table), then returns y(s).
public struct TimingCurve: Hashable, Sendable, CustomStringConvertible {
    public let x1: Double, y1: Double, x2: Double, y2: Double

    /// A control point's x: time runs forward.
    package static let controlPointXRange = 0.0...1.0
    /// A control point's y a scene file may give: overshoot, within ten times the change.
    package static let controlPointYRange = -10.0...10.0

    /// Control points must have x in 0...1 so that time runs forward; y may leave 0...1 (overshoot).
    public init(controlPoints x1: Double, _ y1: Double, _ x2: Double, _ y2: Double) {
        precondition(Self.controlPointXRange.contains(x1) && Self.controlPointXRange.contains(x2), "timing curve x control values must be in 0...1")
        self.x1 = x1; self.y1 = y1; self.x2 = x2; self.y2 = y2
    }

    // Core Animation's named functions (Apple docs, CAMediaTimingFunctionName).
    public static let linear = TimingCurve(controlPoints: 0, 0, 1, 1)
    public static let easeIn = TimingCurve(controlPoints: 0.42, 0, 1, 1)
    public static let easeOut = TimingCurve(controlPoints: 0, 0, 0.58, 1)
    public static let easeInEaseOut = TimingCurve(controlPoints: 0.42, 0, 0.58, 1)
    /// CA's `default` — front-loaded (80 % done at half time); not UIKit's ease-in-out.
    public static let `default` = TimingCurve(controlPoints: 0.25, 0.1, 0.25, 1)

    public static let named: [(name: String, curve: TimingCurve)] = [
        ("linear", .linear), ("easeIn", .easeIn), ("easeOut", .easeOut),
        ("easeInEaseOut", .easeInEaseOut), ("default", .default),
    ]
    public static func named(_ name: String) -> TimingCurve? { named.first { $0.name == name }?.curve }

    public var name: String? { TimingCurve.named.first { $0.curve == self }?.name }
    public var description: String { name ?? "cubicBezier(\(x1), \(y1), \(x2), \(y2))" }

    @inline(__always) private static func bezier(_ s: Double, _ p1: Double, _ p2: Double) -> Double {
        let u = 1 - s
        return 3 * u * u * s * p1 + 3 * u * s * s * p2 + s * s * s
    }
    @inline(__always) private static func derivative(_ s: Double, _ p1: Double, _ p2: Double) -> Double {
        let u = 1 - s
        return 3 * u * u * p1 + 6 * u * s * (p2 - p1) + 3 * s * s * (1 - p2)
    }

    /// The curve parameter s with x(s) = x, for x in 0...1.
    public func parameter(forX x: Double) -> Double {
        if x <= 0 { return 0 }
        if x >= 1 { return 1 }
        var lo = 0.0, hi = 1.0
        var s = x
        for _ in 0..<100 {
            let fx = TimingCurve.bezier(s, x1, x2) - x
            if abs(fx) < 1e-14 { return s }
            if fx > 0 { hi = s } else { lo = s }
            let d = TimingCurve.derivative(s, x1, x2)
            var next = d != 0 ? s - fx / d : .nan
            // Newton when it stays inside the bracket, bisection otherwise.
            if !(next > lo && next < hi) { next = (lo + hi) / 2 }
            if next == s { return s }
            s = next
        }
        return s
    }

    /// Eased progress for linear progress `x` (clamped to 0...1).
    public func value(at x: Double) -> Double {
        if self == .linear { return min(max(x, 0), 1) }
        if x <= 0 { return 0 }
        if x >= 1 { return 1 }
        return TimingCurve.bezier(parameter(forX: x), y1, y2)
    }
}
