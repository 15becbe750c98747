import XCTest
import Foundation
import FlipbookCore
@testable import FlipbookAnimation

final class SpringTests: XCTestCase {
    /// Independent reference: RK4 integration of m·x'' + c·x' + k·x = 0 from x = −1, x' = v0,
    /// with a step of 1e-4 s (truncation error far below 1e-9 over these spans).
    func integrate(_ s: Spring, to t: Double) -> Double {
        var x = -1.0, v = s.initialVelocity
        let h = 1e-4
        let steps = Int((t / h).rounded())
        func a(_ x: Double, _ v: Double) -> Double { (-s.stiffness * x - s.damping * v) / s.mass }
        for _ in 0..<steps {
            let k1x = v, k1v = a(x, v)
            let k2x = v + h / 2 * k1v, k2v = a(x + h / 2 * k1x, v + h / 2 * k1v)
            let k3x = v + h / 2 * k2v, k3v = a(x + h / 2 * k2x, v + h / 2 * k2v)
            let k4x = v + h * k3v, k4v = a(x + h * k3x, v + h * k3v)
            x += h / 6 * (k1x + 2 * k2x + 2 * k3x + k4x)
            v += h / 6 * (k1v + 2 * k2v + 2 * k3v + k4v)
        }
        return x
    }

    func testClosedFormMatchesIntegrationInAllThreeRegimes() {
        let springs = [
            Spring(),                                                      // ζ = 0.5, CA defaults
            Spring(mass: 1, stiffness: 100, damping: 20),                  // ζ = 1 exactly
            Spring(mass: 2, stiffness: 50, damping: 40, initialVelocity: 3),  // ζ = 2
            Spring(mass: 0.5, stiffness: 300, damping: 2, initialVelocity: -4), // lightly damped, starts away
            Spring(mass: 1, stiffness: 100, damping: 20, initialVelocity: 25),  // critical with a kick
        ]
        for s in springs {
            for t in [0.0, 0.05, 0.1, 0.2, 0.35, 0.5, 0.8, 1.0, 1.5] {
                XCTAssertEqual(s.displacement(at: t), integrate(s, to: t), accuracy: 1e-9, "\(s) at \(t)")
            }
        }
    }

    func testUIViewMappingReproducesCheckValues() {
        // Framer's SpringCurveValueConverter (github.com/koenbok/Framer): (duration, damping ratio) → (stiffness, damping), mass 1.
        let cases: [(Double, Double, Double, Double)] = [(3, 0.25, 54.83, 3.70), (0.5, 0.7, 387.3, 27.55),
                                                         (0.5, 1, 341.0, 36.93), (0.3, 0.8, 898.9, 47.97)]
        for (T, zeta, k, c) in cases {
            let s = Spring.uiView(duration: T, dampingRatio: zeta)
            XCTAssertEqual(s.mass, 1)
            XCTAssertEqual(s.stiffness, k, accuracy: 0.051 * max(1, k / 100), "k for T=\(T) ζ=\(zeta)")
            XCTAssertEqual(s.damping, c, accuracy: 0.006 * max(1, c / 10), "c for T=\(T) ζ=\(zeta)")
            XCTAssertEqual(s.dampingRatio, zeta, accuracy: 1e-12)
        }
        // Framer's README states 54.8336 / 3.7025 for the first case.
        let f = Spring.uiView(duration: 3, dampingRatio: 0.25)
        XCTAssertEqual(f.stiffness, 54.8336, accuracy: 5e-4)
        XCTAssertEqual(f.damping, 3.7025, accuracy: 5e-4)
    }

    func testSwiftUIMapping() {
        // SwiftUI spring(response:dampingFraction:) as k = (2π/response)², c = 4π·fraction/response (OpenSwiftUI's Spring): spring(response 0.5, 0.825) → k 157.9, c 20.7; interactiveSpring(0.15, 0.86) → 1754.6, 72.0.
        let a = Spring.response(0.5, dampingFraction: 0.825)
        XCTAssertEqual(a.stiffness, 157.9, accuracy: 0.05)
        XCTAssertEqual(a.damping, 20.7, accuracy: 0.05)
        let b = Spring.response(0.15, dampingFraction: 0.86)
        XCTAssertEqual(b.stiffness, 1754.6, accuracy: 0.05)
        XCTAssertEqual(b.damping, 72.0, accuracy: 0.05)
        XCTAssertEqual(b.dampingRatio, 0.86, accuracy: 1e-12)
    }

    func testSettlingDuration() {
        // Apple's CASpringAnimation.settlingDuration page: stiffness 100, damping 5 ≈ 2.85 s;
        // damping 15 "just over 1 second".
        XCTAssertEqual(Spring(damping: 5).settlingDuration, 2.85, accuracy: 0.01)
        let d15 = Spring(damping: 15).settlingDuration
        XCTAssertGreaterThan(d15, 1.0)
        XCTAssertLessThan(d15, 1.05)
        // Past the settling time the motion stays within the threshold; somewhere before it, it does not.
        for s in [Spring(), Spring(damping: 20), Spring(damping: 40), Spring(damping: 20, initialVelocity: 30), Spring(mass: 3, stiffness: 1000, damping: 500)] {
            let T = s.settlingDuration
            for k in 0...400 {
                XCTAssertLessThanOrEqual(abs(s.displacement(at: T + Double(k) * 0.01)), Spring.restThreshold + 1e-15, "\(s)")
            }
            let before = stride(from: 0.0, to: T, by: T / 400).map { abs(s.displacement(at: $0)) }.max()!
            XCTAssertGreaterThan(before, Spring.restThreshold * 0.5, "\(s) moves before it settles")
        }
    }

    func testSpringTimingOvershootsAndEndsExactly() {
        let timing = AnimationTiming.spring(Spring.uiView(duration: 0.5, dampingRatio: 0.5), duration: 0.5)
        let samples = stride(from: 0.0, through: 0.5, by: 1 / 240).map { timing.fraction(atElapsed: $0) }
        XCTAssertGreaterThan(samples.max()!, 1.1, "ζ = 0.5 overshoots")
        XCTAssertEqual(timing.fraction(atElapsed: 0.5), 1)
        XCTAssertEqual(timing.fraction(atElapsed: 0), 0)
        // Without an explicit duration a spring timing runs until the motion has come to rest.
        // Apple's default CASpringAnimation (m 1, k 100, c 10): ζ = 0.5, ω0 = 10, and with no
        // start velocity the envelope is e^(−ζω0·t)/√(1 − ζ²), which falls to 1/1200 at
        // t = ln(1200/√0.75)/5 ≈ 1.4467 s; the motion stays within 1/1200 from then on.
        let settled = AnimationTiming.spring(Spring())
        let T = settled.duration
        XCTAssertEqual(T, log(1200 / 0.75.squareRoot()) / 5, accuracy: 1e-6)
        let after = stride(from: T, through: T + 2, by: 1 / 240).map { abs(Spring().displacement(at: $0)) }.max()!
        XCTAssertLessThanOrEqual(after, Spring.restThreshold + 1e-12)
        XCTAssertEqual(settled.fraction(atElapsed: T), 1)
        XCTAssertNotEqual(settled.fraction(atElapsed: T - 1 / 60), 1)
        // Transition with a spring: value = from + (to − from)·(1 + x(t)).
        let tr = Transition(from: 100.0, beginTime: 1, timing: .spring(Spring(), duration: 2))
        XCTAssertEqual(tr.value(at: 1.3, to: 200), 100 + 100 * (1 + Spring().displacement(at: 0.3)), accuracy: 1e-12)
    }
}

final class KeyframeAnimationTests: XCTestCase {
    /// Effect 2's jiggle: rotation −0.03 → 0.03 → −0.03 over 0.2 s, repeating forever.
    func testJiggle() {
        let a = KeyframeAnimation(values: [-0.03, 0.03, -0.03], duration: 0.2, beginTime: 1, repeatCount: .infinity)
        let expectations: [(Double, Double)] = [(1.0, -0.03), (1.05, 0), (1.1, 0.03), (1.15, 0), (1.2, -0.03),
                                                (1.025, -0.015), (2.03, -0.03 + 0.06 * 0.3), (101.1, 0.03)]
        for (t, v) in expectations {
            XCTAssertEqual(a.value(at: t)!, v, accuracy: 1e-9, "t = \(t)")
        }
        XCTAssertNil(a.value(at: 0.99), "not begun, fill removed")
        XCTAssertFalse(a.isFinished(at: 1e6))
        XCTAssertEqual(a.activeDuration, .infinity)
    }

    func testKeyTimesAndSegmentTiming() {
        let a = KeyframeAnimation(values: [0.0, 10, 20], duration: 1, keyTimes: [0, 0.8, 1])
        XCTAssertEqual(a.value(at: 0.4)!, 5, accuracy: 1e-12)
        XCTAssertEqual(a.value(at: 0.9)!, 15, accuracy: 1e-12)
        let b = KeyframeAnimation(values: [0.0, 10, 20], duration: 1, timingFunctions: [.easeIn, .linear])
        XCTAssertEqual(b.value(at: 0.25)!, 10 * TimingCurve.easeIn.value(at: 0.5), accuracy: 1e-12)
        XCTAssertEqual(b.value(at: 0.75)!, 15, accuracy: 1e-12)
        // The animation's own timing function applies first, then the segment's.
        let c = KeyframeAnimation(values: [0.0, 10, 20], duration: 1, timingFunction: .easeInEaseOut)
        let q = TimingCurve.easeInEaseOut.value(at: 0.3)
        XCTAssertEqual(c.value(at: 0.3)!, 20 * q, accuracy: 1e-12)
    }

    func testDiscrete() {
        let a = KeyframeAnimation(values: [1.0, 2, 3], duration: 0.3, calculationMode: .discrete)
        XCTAssertEqual(a.value(at: 0.05), 1)
        XCTAssertEqual(a.value(at: 0.1), 2, "a value starts exactly at its key time")
        XCTAssertEqual(a.value(at: 0.25), 3)
        // One more key time than values: the last value holds until the last key time.
        let b = KeyframeAnimation(values: [1.0, 2, 3], duration: 1, keyTimes: [0, 0.5, 0.9, 1], calculationMode: .discrete)
        XCTAssertEqual(b.value(at: 0.6), 2)
        XCTAssertEqual(b.value(at: 0.95), 3)
    }

    func testPacedMovesAtConstantSpeed() {
        // Path (0,0) → (30,0) → (30,10): 40 pt long; keyTimes and timing functions are ignored.
        let a = KeyframeAnimation(values: [Point(x: 0, y: 0), Point(x: 30, y: 0), Point(x: 30, y: 10)], duration: 1,
                                  keyTimes: [0, 0.1, 1], calculationMode: .paced, timingFunctions: [.easeIn, .easeIn])
        XCTAssertEqual(a.value(at: 0.5)!, Point(x: 20, y: 0))
        XCTAssertEqual(a.value(at: 0.875)!.y, 5, accuracy: 1e-12)
        XCTAssertEqual(a.value(at: 0.875)!.x, 30, accuracy: 1e-12)
    }

    func testCubicPassesThroughValuesAndIsCatmullRom() {
        let v: [Double] = [0, 10, 0, 20]
        let a = KeyframeAnimation(values: v, duration: 3, calculationMode: .cubic)
        for (i, x) in v.enumerated() { XCTAssertEqual(a.sample(progress: Double(i) / 3)!, x, accuracy: 1e-12) }
        // Middle segment (10 → 0) at u = 0.5: 0.5·(2·10 + (−0 + 0)·0.5 + (0 − 50 + 0 − 20)·0.25 + (−0 + 30 − 0 + 20)·0.125)
        let expected = 0.5 * (20 + 0 * 0.5 + (2 * 0 - 5 * 10 + 4 * 0 - 20) * 0.25 + (-0 + 3 * 10 - 3 * 0 + 20) * 0.125)
        XCTAssertEqual(a.value(at: 1.5)!, expected, accuracy: 1e-12)
        // Evenly spaced collinear values: the spline is the straight line.
        let line = KeyframeAnimation(values: [0.0, 1, 2, 3], duration: 3, calculationMode: .cubic)
        XCTAssertEqual(line.value(at: 1.25)!, 1.25, accuracy: 1e-12)
    }

    func testRepeatAutoreverseAndFill() {
        let a = KeyframeAnimation(values: [0.0, 10], duration: 1, repeatCount: 2, autoreverses: true, fillMode: .forwards)
        XCTAssertEqual(a.activeDuration, 4)
        XCTAssertEqual(a.value(at: 0.5)!, 5, accuracy: 1e-12)
        XCTAssertEqual(a.value(at: 1.25)!, 7.5, accuracy: 1e-12, "playing backward")
        XCTAssertEqual(a.value(at: 2.5)!, 5, accuracy: 1e-12, "second cycle, forward")
        XCTAssertEqual(a.value(at: 9)!, 0, accuracy: 1e-12, "holds the end of the last (reversed) cycle")
        let b = KeyframeAnimation(values: [0.0, 10], duration: 1, repeatCount: 1.5, fillMode: .forwards)
        XCTAssertEqual(b.value(at: 7)!, 5, accuracy: 1e-12, "a fractional repeat stops mid-cycle")
        let c = KeyframeAnimation(values: [0.0, 10], duration: 1, repeatCount: 2)
        XCTAssertEqual(c.value(at: 1.999)!, 9.99, accuracy: 1e-9)
        XCTAssertNil(c.value(at: 2), "removed at the end")
        XCTAssertTrue(c.isFinished(at: 2))
        let d = KeyframeAnimation(values: [3.0, 10], duration: 1, beginTime: 5, fillMode: .backwards)
        XCTAssertEqual(d.value(at: 1), 3, "fill backwards shows the first value before it begins")
        XCTAssertNil(d.value(at: 6.5))
    }
}
