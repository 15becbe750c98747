import Foundation
import FlipbookCore

/// A damped harmonic oscillator m·x'' + c·x' + k·x = 0, solved in closed form, so its value
/// is exact at any sample time (no step-by-step integration, no dependence on frame rate).
///
/// Motion is normalised like Core Animation's: x is the displacement from the target in
/// units of the whole distance, starting at x(0) = −1; progress = 1 + x(t); velocity is in
/// distances per second, positive toward the target.
///
///     ζ < 1   x = e^(−βt)·(x0·cos ωd·t + ((v0 + β·x0)/ωd)·sin ωd·t)
///     ζ = 1   x = e^(−βt)·(x0 + (v0 + β·x0)·t)
///     ζ > 1   x = e^(−βt)·(x0·cosh ω2·t + ((v0 + β·x0)/ω2)·sinh ω2·t),  ω2 = √(β² − ω0²)
///
/// with ω0 = √(k/m), β = c/2m, ζ = c / (2√(mk)), ωd = ω0·√(1 − ζ²).
public struct Spring: Hashable, Sendable, CustomStringConvertible {
    public var mass: Double
    public var stiffness: Double
    public var damping: Double
    /// Initial velocity in distances per second, positive toward the target (CASpringAnimation).
    public var initialVelocity: Double

    /// CASpringAnimation's physical parameters; defaults are Core Animation's (1, 100, 10, 0).
    public init(mass: Double = 1, stiffness: Double = 100, damping: Double = 10, initialVelocity: Double = 0) {
        precondition(mass > 0 && stiffness > 0 && damping >= 0, "spring needs mass > 0, stiffness > 0, damping ≥ 0")
        self.mass = mass; self.stiffness = stiffness; self.damping = damping; self.initialVelocity = initialVelocity
    }

    public var description: String { "Spring(mass: \(mass), stiffness: \(stiffness), damping: \(damping), v0: \(initialVelocity))" }

    /// A spring's numbers as a scene file gives them, each declared once for the decoder and the
    /// schema: CASpringAnimation's four (defaults Core Animation's), UIView's damping ratio (with
    /// a duration) and SwiftUI's response and damping fraction (`response(_:dampingFraction:)`).
    /// The upper bounds are a file's (`problem()` asks only what the closed form needs).
    package enum Fields {
        package static let mass = NumberField<Spring>("mass", \.mass, 0...1e6, excludingLowerBound: true, default: 1)
        package static let stiffness = NumberField<Spring>("stiffness", \.stiffness, 0...1e7, excludingLowerBound: true, default: 100)
        package static let damping = NumberField<Spring>("damping", \.damping, 0...1e7, default: 10)
        package static let initialVelocity = NumberField<Spring>("initialVelocity", \.initialVelocity, -1000...1000, default: 0)
        package static let dampingRatio = NumberField<Spring>("dampingRatio", nil, 0...1, excludingLowerBound: true, "UIView form: with duration")
        package static let response = NumberField<Spring>("response", nil, 0...100, excludingLowerBound: true, "SwiftUI form: with dampingFraction")
        package static let dampingFraction = NumberField<Spring>("dampingFraction", nil, 0...100, excludingLowerBound: true, default: 0.825, "SwiftUI form")
        package static let all = [mass, stiffness, damping, initialVelocity, dampingRatio, response, dampingFraction]
    }

    /// What is wrong with a spring whose properties were set after `init` (which checks them),
    /// as (property, expected); nil when it can move. Scene.validate asks.
    public func problem() -> (property: String, expected: String)? {
        if !(mass.isFinite && mass > 0) { return ("mass", "a finite number > 0") }
        if !(stiffness.isFinite && stiffness > 0) { return ("stiffness", "a finite number > 0") }
        if !(damping.isFinite && damping >= 0) { return ("damping", "a finite number ≥ 0") }
        if !initialVelocity.isFinite { return ("initialVelocity", "a finite number") }
        return nil
    }

    public var undampedFrequency: Double { (stiffness / mass).squareRoot() }
    public var dampingRatio: Double { damping / (2 * (mass * stiffness).squareRoot()) }
    var beta: Double { damping / (2 * mass) }

    /// Displacement from the target at `t` seconds (x(0) = −1).
    public func displacement(at t: Double) -> Double {
        let x0 = -1.0, v0 = initialVelocity
        let w0 = undampedFrequency, b = beta
        let zeta = dampingRatio
        if abs(zeta - 1) < 1e-12 {
            return exp(-b * t) * (x0 + (v0 + b * x0) * t)
        } else if zeta < 1 {
            let wd = w0 * (1 - zeta * zeta).squareRoot()
            return exp(-b * t) * (x0 * cos(wd * t) + ((v0 + b * x0) / wd) * sin(wd * t))
        } else {
            let w2 = (b * b - w0 * w0).squareRoot()
            // cosh/sinh grow like e^(ω2·t); fold them into the decay to keep large t finite.
            let c1 = (x0 + (v0 + b * x0) / w2) / 2   // coefficient of e^((−β+ω2)t)
            let c2 = (x0 - (v0 + b * x0) / w2) / 2   // coefficient of e^((−β−ω2)t)
            return c1 * exp((-b + w2) * t) + c2 * exp((-b - w2) * t)
        }
    }

    /// Progress toward the target (0 at the start, 1 at rest; overshoots above 1 when ζ < 1).
    public func fraction(at t: Double) -> Double { t <= 0 ? 0 : 1 + displacement(at: t) }

    /// Envelope threshold for "at rest", as a fraction of the distance. Our calibration: with it,
    /// stiffness 100 settles in 2.85 s at damping 5 and just over 1 s at damping 15, the two
    /// figures in Apple's CASpringAnimation.settlingDuration documentation.
    public static let restThreshold = 1.0 / 1200

    /// An upper bound of |x(t)| that decreases once motion dies down.
    func envelope(at t: Double) -> Double {
        let x0 = -1.0, v0 = initialVelocity
        let w0 = undampedFrequency, b = beta
        let zeta = dampingRatio
        if abs(zeta - 1) < 1e-12 {
            return (abs(x0) + abs(v0 + b * x0) * t) * exp(-b * t)
        } else if zeta < 1 {
            let wd = w0 * (1 - zeta * zeta).squareRoot()
            let amplitude = (x0 * x0 + pow((v0 + b * x0) / wd, 2)).squareRoot()
            return amplitude * exp(-b * t)
        } else {
            let w2 = (b * b - w0 * w0).squareRoot()
            let c1 = abs((x0 + (v0 + b * x0) / w2) / 2), c2 = abs((x0 - (v0 + b * x0) / w2) / 2)
            return (c1 + c2) * exp((-b + w2) * t)
        }
    }

    /// Seconds until the motion stays within `restThreshold` of the target (like
    /// CASpringAnimation.settlingDuration). Found by bisection on the envelope.
    public var settlingDuration: Double {
        let eps = Spring.restThreshold
        // The envelope decreases from `lo` on: from 0, except that the critically damped one,
        // (1 + |v0 − β|·t)·e^(−βt), first rises to a peak when the start velocity is large.
        var lo = 0.0
        if abs(dampingRatio - 1) < 1e-12 {
            let a = abs(initialVelocity - beta), b = beta
            if a > b { lo = (a - b) / (a * b) }
        }
        if envelope(at: lo) <= eps { return lo }
        var hi = max(lo, 0.01)
        while envelope(at: hi) > eps && hi < 1e6 { hi *= 2 }
        for _ in 0..<200 {
            let mid = (lo + hi) / 2
            if envelope(at: mid) > eps { lo = mid } else { hi = mid }
        }
        return hi
    }

    // MARK: - The other ways UIKit and SwiftUI describe a spring

    /// UIView.animate(withDuration:delay:usingSpringWithDamping:initialSpringVelocity:): m = 1,
    /// and ω0 chosen so that the envelope reaches 0.001 exactly at `duration` (12 Newton steps
    /// from ω0 = 5/duration; ζ clamped to (0, 1], duration to [0.01, 10]) — the mapping
    /// re-implementations use (Framer's SpringCurveValueConverter.coffee, github.com/koenbok/Framer).
    public static func uiView(duration: Double, dampingRatio: Double, initialVelocity: Double = 0) -> Spring {
        let epsilon = 0.001
        let zeta = min(max(dampingRatio, 1e-6), 1)
        let T = min(max(duration, 0.01), 10)
        let v = initialVelocity
        var w = 5 / T
        for _ in 0..<12 {
            let f: Double, df: Double
            if zeta < 1 {
                // f(ω) = ε − ((ζω − v) / (ω√(1−ζ²)))·e^(−ζωT)
                let s = (1 - zeta * zeta).squareRoot()
                let a = zeta * w - v, b = w * s, c = exp(-zeta * w * T)
                f = epsilon - (a / b) * c
                let dg = ((zeta * b - a * s) / (b * b)) * c + (a / b) * (-zeta * T * c)
                df = -dg
            } else {
                // f(ω) = e^(−ωT)·((ω − v)·T + 1) − ε
                let e = exp(-w * T)
                f = e * ((w - v) * T + 1) - epsilon
                df = -T * T * (w - v) * e
            }
            if df == 0 { break }
            w -= f / df
        }
        let k = w * w
        return Spring(mass: 1, stiffness: k, damping: 2 * zeta * k.squareRoot(), initialVelocity: v)
    }

    /// SwiftUI's Spring(response:dampingRatio:): m = 1, k = (2π/response)², c = 4π·ζ/response.
    public static func response(_ response: Double, dampingFraction: Double, initialVelocity: Double = 0) -> Spring {
        let k = pow(2 * Double.pi / response, 2)
        return Spring(mass: 1, stiffness: k, damping: 4 * Double.pi * dampingFraction / response, initialVelocity: initialVelocity)
    }
}
