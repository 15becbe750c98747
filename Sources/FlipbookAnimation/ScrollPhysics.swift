import Foundation
import FlipbookCore

/// UIScrollView's rubber band: how far content follows a finger that pulls past an edge.
///
///     b(x) = (1 − 1 / (x·c/d + 1))·d      x = pull past the edge, d = the view's size on that axis
///
/// with c = 0.55: the content moves 0.55 pt per point at first and never more than d.
public enum RubberBand {
    public static let coefficient = 0.55

    public static func offset(forPull x: Double, dimension d: Double, c: Double = coefficient) -> Double {
        guard d > 0 else { return 0 }
        return (1 - 1 / (x * c / d + 1)) * d
    }

    /// The pull that gives an on-screen overshoot `y` (inverse of `offset(forPull:)`, y < d).
    public static func pull(forOffset y: Double, dimension d: Double, c: Double = coefficient) -> Double {
        guard d > 0, y < d else { return .greatestFiniteMagnitude }
        return y * d / ((d - y) * c)
    }

    /// The offset shown for an unconstrained (finger-implied) offset `raw`: clamped to
    /// [minimum, maximum], plus the rubber band of whatever lies beyond.
    public static func apply(_ raw: Double, minimum: Double, maximum: Double, dimension: Double) -> Double {
        let clamped = min(max(raw, minimum), maximum)
        let excess = raw - clamped
        if excess == 0 { return clamped }
        return clamped + (excess > 0 ? 1 : -1) * offset(forPull: abs(excess), dimension: dimension)
    }

    /// The unconstrained offset that `apply` maps to `shown` (for a drag that starts out of bounds).
    public static func unapply(_ shown: Double, minimum: Double, maximum: Double, dimension: Double) -> Double {
        let clamped = min(max(shown, minimum), maximum)
        let excess = shown - clamped
        if excess == 0 { return clamped }
        return clamped + (excess > 0 ? 1 : -1) * pull(forOffset: min(abs(excess), dimension * 0.999), dimension: dimension)
    }
}

/// UIScrollView's deceleration after a release: the velocity decays by `rate` every millisecond.
///
///     v(t) = v0·r^(1000t)      x(t) = x0 + v0·(r^(1000t) − 1) / (1000·ln r)      rest = x0 − v0 / (1000·ln r)
public struct Deceleration: Hashable, Sendable {
    public static let normal = 0.998
    public static let fast = 0.99

    public var x0: Double
    /// Points per second.
    public var v0: Double
    public var rate: Double

    public init(x0: Double, v0: Double, rate: Double = Deceleration.normal) {
        self.x0 = x0; self.v0 = v0; self.rate = rate
    }

    var k: Double { 1000 * log(rate) }  // negative

    public func position(at t: Double) -> Double { x0 + v0 * (pow(rate, 1000 * t) - 1) / k }
    public func velocity(at t: Double) -> Double { v0 * pow(rate, 1000 * t) }
    public var restPosition: Double { x0 - v0 / k }

    /// Seconds until the remaining distance to rest is `threshold` points (0.1: the motion
    /// then holds where it is, invisibly short of the exact rest point).
    public func duration(threshold: Double = 0.1) -> Double {
        let remaining = abs(v0 / k)
        guard remaining > threshold else { return 0 }
        return log(threshold / remaining) / k
    }

    /// When the motion reaches `position`, or nil if it never does.
    public func time(toReach position: Double) -> Double? {
        guard v0 != 0 else { return nil }
        let arg = 1 + (position - x0) * k / v0
        guard arg > 0, arg <= 1 else { return nil }
        return log(arg) / k
    }
}

/// A critically damped spring pulling content back to an edge (ω = 10 rad/s, as
/// ScrollMechanics' bounce: mass 1, stiffness 100, damping ratio 1), in points:
///
///     d(t) = e^(−ωt)·(d0 + (v0 + ω·d0)·t)
public struct EdgeBounce: Hashable, Sendable {
    public static let omega = 10.0
    public var edge: Double
    /// Displacement from the edge and velocity (points, points per second) at the start.
    public var d0: Double
    public var v0: Double

    public init(edge: Double, d0: Double, v0: Double) { self.edge = edge; self.d0 = d0; self.v0 = v0 }

    public func displacement(at t: Double) -> Double {
        let w = EdgeBounce.omega
        return exp(-w * t) * (d0 + (v0 + w * d0) * t)
    }
    public func position(at t: Double) -> Double { edge + displacement(at: t) }
    public func velocity(at t: Double) -> Double {
        let w = EdgeBounce.omega
        return exp(-w * t) * ((v0 + w * d0) - w * (d0 + (v0 + w * d0) * t))
    }

    /// If the content is flung inward hard enough it crosses the edge once: when.
    public var crossingTime: Double? {
        let b = v0 + EdgeBounce.omega * d0
        guard b != 0 else { return nil }
        let t = -d0 / b
        return t > 1e-12 ? t : nil
    }

    /// Seconds until the content stays within `threshold` points of the edge.
    public func duration(threshold: Double = 0.1) -> Double {
        let w = EdgeBounce.omega
        let a = abs(d0), b = abs(v0 + w * d0)
        func envelope(_ t: Double) -> Double { exp(-w * t) * (a + b * t) }
        var lo = b > w * a ? (b - w * a) / (w * b) : 0  // the envelope's peak
        if envelope(lo) <= threshold { return lo }
        var hi = lo + 0.01
        while envelope(hi) > threshold { hi *= 2 }
        for _ in 0..<100 {
            let mid = (lo + hi) / 2
            if envelope(mid) > threshold { lo = mid } else { hi = mid }
        }
        return hi
    }
}

/// A cubic from `start` at `velocity` to `target` at rest in `duration` (Hermite): with
/// duration = 2·distance / velocity it is a constant deceleration (x = x0 + d·(2s − s²)).
public struct SnapCurve: Hashable, Sendable {
    public var start: Double, velocity: Double, target: Double, duration: Double
    public func position(at t: Double) -> Double {
        guard duration > 0 else { return target }
        let s = min(max(t / duration, 0), 1), m = velocity * duration
        return start + (target - start) * (3 * s * s - 2 * s * s * s) + m * (s * s * s - 2 * s * s + s)
    }
    public func velocity(at t: Double) -> Double {
        guard duration > 0, t < duration else { return 0 }
        let s = max(t / duration, 0), m = velocity * duration
        return ((target - start) * (6 * s - 6 * s * s) + m * (3 * s * s - 4 * s + 1)) / duration
    }
}

/// What one axis of a scroll view does after the finger lets go: a chain of deceleration and
/// bounce segments worked out at release, so the offset is a pure function of time after it.
public struct ReleaseMotion: Hashable, Sendable {
    public enum Segment: Hashable, Sendable {
        case decelerate(Deceleration)
        case bounce(EdgeBounce)
        case hold(Double)
        case ease(SnapCurve)
    }
    /// (start time, segment), in order; the last one ends at `endTime`.
    public private(set) var segments: [(start: Double, segment: Segment)] = []
    public private(set) var endTime: Double
    /// Where the motion ends.
    public private(set) var finalPosition: Double

    public static func == (a: ReleaseMotion, b: ReleaseMotion) -> Bool {
        a.endTime == b.endTime && a.finalPosition == b.finalPosition && a.segments.map(\.start) == b.segments.map(\.start)
            && a.segments.map(\.segment) == b.segments.map(\.segment)
    }
    public func hash(into h: inout Hasher) { h.combine(endTime); h.combine(finalPosition) }

    /// Plans the motion from `position` with `velocity` (points per second) at `time`, inside
    /// [minimum, maximum]. Out of bounds it springs back to the edge; inside it decelerates and,
    /// if it would cross an edge, bounces off it (or stops there when `bounces` is false).
    public init(position: Double, velocity: Double, time: Double, minimum: Double, maximum: Double,
                bounces: Bool = true, rate: Double = Deceleration.normal) {
        var t = time
        var p = position
        var v = velocity
        endTime = time
        finalPosition = position
        for _ in 0..<4 {  // at most: bounce → decelerate → bounce; the bound only guards loops
            if p < minimum - 1e-9 || p > maximum + 1e-9 {
                let edge = p < minimum ? minimum : maximum
                let b = EdgeBounce(edge: edge, d0: p - edge, v0: v)
                if let tc = b.crossingTime, tc < b.duration() {
                    segments.append((t, .bounce(b)))
                    p = edge
                    v = b.velocity(at: tc)
                    t += tc
                    continue
                }
                segments.append((t, .bounce(b)))
                endTime = t + b.duration()
                finalPosition = edge
                return
            }
            let d = Deceleration(x0: p, v0: v, rate: rate)
            let rest = d.restPosition
            if rest < minimum || rest > maximum {
                let edge = rest < minimum ? minimum : maximum
                if let tc = d.time(toReach: edge) {
                    segments.append((t, .decelerate(d)))
                    t += tc
                    if !bounces {
                        segments.append((t, .hold(edge)))
                        endTime = t
                        finalPosition = edge
                        return
                    }
                    let b = EdgeBounce(edge: edge, d0: 0, v0: d.velocity(at: tc))
                    segments.append((t, .bounce(b)))
                    endTime = t + b.duration()
                    finalPosition = edge
                    return
                }
            }
            let dur = d.duration()
            segments.append((t, .decelerate(d)))
            endTime = t + dur
            finalPosition = d.position(at: dur)
            return
        }
        endTime = t
        finalPosition = p
    }

    /// Plans the motion from `position` with `velocity` to rest exactly at `target` (a page, a
    /// group: a scroll view's targetContentOffset). UIKit documents where such a scroll stops,
    /// not how it gets there. Flipbook keeps the release velocity: released toward the target,
    /// the content slows at a constant rate and stops on it (v0 → 0 over 2·distance / v0, at
    /// most 1.5 s), so it never speeds up after the finger lets go; released too slowly, or
    /// away from it, it eases there in 0.33 s (UIScrollViewAnimationDuration in Chameleon's
    /// UIScrollView.m, github.com/BigZaphod/Chameleon, a public UIKit reimplementation).
    public init(position: Double, velocity: Double, time: Double, target: Double) {
        endTime = time
        finalPosition = target
        let distance = target - position
        if abs(distance) < 1e-9 && abs(velocity) < 1e-9 { return }
        let toward = distance != 0 && velocity != 0 && (velocity > 0) == (distance > 0)
        let duration = toward ? min(2 * distance / velocity, Self.longestGlide) : Self.snapDuration
        segments = [(time, .ease(SnapCurve(start: position, velocity: velocity, target: target, duration: duration)))]
        endTime = time + duration
    }
    public static let longestGlide = 1.5, snapDuration = 0.33

    public func position(at time: Double) -> Double {
        guard let first = segments.first else { return finalPosition }
        if time <= first.start { return value(first.segment, 0) }
        if time >= endTime { return finalPosition }
        var i = segments.count - 1
        while i > 0 && time < segments[i].start { i -= 1 }
        return value(segments[i].segment, time - segments[i].start)
    }

    public func velocity(at time: Double) -> Double {
        guard !segments.isEmpty, time < endTime else { return 0 }
        var i = segments.count - 1
        while i > 0 && time < segments[i].start { i -= 1 }
        let local = max(0, time - segments[i].start)
        switch segments[i].segment {
        case .decelerate(let d): return d.velocity(at: local)
        case .bounce(let b): return b.velocity(at: local)
        case .hold: return 0
        case .ease(let e): return e.velocity(at: local)
        }
    }

    private func value(_ s: Segment, _ local: Double) -> Double {
        switch s {
        case .decelerate(let d): return d.position(at: local)
        case .bounce(let b): return b.position(at: local)
        case .hold(let p): return p
        case .ease(let e): return e.position(at: local)
        }
    }
}
