import XCTest
import FlipbookCore
@testable import FlipbookAnimation

final class TimingCurveTests: XCTestCase {
    /// An independent solver: plain bisection on x(s) = p, 200 halvings (no Newton), then y(s).
    func reference(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double, _ p: Double) -> Double {
        func b(_ s: Double, _ a: Double, _ c: Double) -> Double { 3 * (1 - s) * (1 - s) * s * a + 3 * (1 - s) * s * s * c + s * s * s }
        var lo = 0.0, hi = 1.0
        for _ in 0..<200 { let m = (lo + hi) / 2; if b(m, x1, x2) < p { lo = m } else { hi = m } }
        return b((lo + hi) / 2, y1, y2)
    }

    func testNamedCurvesMatchTheReferenceTable() {
        // Reference values at p = 0.25 / 0.5 / 0.75 to 3 decimals, from the cubic Bézier of Apple's control points (docs/animation.md).
        let table: [(TimingCurve, [Double])] = [
            (.easeInEaseOut, [0.129, 0.500, 0.871]),
            (.default, [0.409, 0.802, 0.961]),
            (.easeIn, [0.094, 0.315, 0.622]),
            (.easeOut, [0.378, 0.685, 0.906]),
            (.linear, [0.25, 0.5, 0.75]),
        ]
        for (curve, values) in table {
            for (p, v) in zip([0.25, 0.5, 0.75], values) {
                XCTAssertEqual(curve.value(at: p), v, accuracy: 6e-4, "\(curve) at \(p)")
            }
        }
    }

    func testCurvesMatchIndependentSolverEverywhere() {
        let curves: [TimingCurve] = [.easeInEaseOut, .default, .easeIn, .easeOut,
                                     TimingCurve(controlPoints: 0.68, -0.55, 0.265, 1.55),  // overshooting "back" curve
                                     TimingCurve(controlPoints: 0.1, 0.9, 0.2, 0.95)]
        for c in curves {
            for k in 0...200 {
                let p = Double(k) / 200
                XCTAssertEqual(c.value(at: p), reference(c.x1, c.y1, c.x2, c.y2, p), accuracy: 1e-9, "\(c) at \(p)")
            }
        }
    }

    func testDegenerateCurvesWhereTimeStandsStill() {
        // (1,0,0,1) has dx/ds = 0 at s = 0.5, where x(s) − 0.5 ∝ (s − 0.5)³: any solver can only
        // pin s down to about (1e-16)^(1/3) ≈ 5e-6 there, so compare loosely; the exact
        // midpoint value is 0.5 by symmetry.
        let c = TimingCurve(controlPoints: 1, 0, 0, 1)
        XCTAssertEqual(c.value(at: 0.5), 0.5, accuracy: 1e-12)
        for k in 0...100 {
            let p = Double(k) / 100
            XCTAssertEqual(c.value(at: p), reference(1, 0, 0, 1, p), accuracy: 1e-4)
            let d = TimingCurve(controlPoints: 0, 1, 1, 0)
            XCTAssertEqual(d.value(at: p), reference(0, 1, 1, 0, p), accuracy: 1e-4)
        }
    }

    func testEndPointsAndClamping() {
        for c in TimingCurve.named.map(\.curve) {
            XCTAssertEqual(c.value(at: 0), 0)
            XCTAssertEqual(c.value(at: 1), 1)
            XCTAssertEqual(c.value(at: -0.5), 0)
            XCTAssertEqual(c.value(at: 1.5), 1)
        }
        XCTAssertEqual(TimingCurve.easeInEaseOut.value(at: 0.25) + TimingCurve.easeInEaseOut.value(at: 0.75), 1, accuracy: 1e-12,
                       "easeInEaseOut is point-symmetric about (0.5, 0.5)")
    }

    func testCurveNames() {
        XCTAssertEqual(TimingCurve.named("easeInEaseOut"), .easeInEaseOut)
        XCTAssertNil(TimingCurve.named("easeInOut"))
        XCTAssertEqual(TimingCurve.default.name, "default")
    }
}

final class FrameClockTests: XCTestCase {
    func testFrameCountsAndTimes() {
        // (fps, duration) → frames covering [0, duration) as a video does.
        let cases: [(Int, Double, Int)] = [(60, 2, 120), (60, 5.4, 324), (30, 1, 30), (24, 0.5, 12), (60, 0.01, 1),
                                           (25, 0.1, 3), (240, 1.5, 360), (1, 3, 3), (60, 1 / 60.0, 1), (59, 1, 59)]
        for (fps, d, n) in cases {
            XCTAssertEqual(FrameClock(fps: fps).frameCount(forDuration: d), n, "\(fps) fps × \(d) s")
        }
        let clock = FrameClock(fps: 60)
        // Computed from the index, never accumulated: frame 6000 is exactly 100 s.
        XCTAssertEqual(clock.time(ofFrame: 6000), 100)
        XCTAssertEqual(clock.time(ofFrame: 1), 1 / 60.0)
        // Frame i's time comes from i alone: exact at whole seconds far into a long scene
        // (a running sum of 1/60 is off by ~1e-12 after 6000 frames), and a frame's time maps
        // back to the same frame.
        XCTAssertEqual(clock.time(ofFrame: 6000), 100)
        XCTAssertEqual(clock.time(ofFrame: 36_000), 600)
        for i in [1, 7, 59, 6000, 35_999] {
            XCTAssertEqual(clock.firstFrame(atOrAfter: clock.time(ofFrame: i)), i)
        }
        XCTAssertEqual(FrameClock(fps: 30).time(ofFrame: 45), 1.5)
    }

    func testFirstFrameAtOrAfter() {
        let clock = FrameClock(fps: 60)
        XCTAssertEqual(clock.firstFrame(atOrAfter: 0), 0)
        XCTAssertEqual(clock.firstFrame(atOrAfter: 0.25), 15)
        XCTAssertEqual(clock.firstFrame(atOrAfter: 0.2501), 16)
        XCTAssertEqual(clock.firstFrame(atOrAfter: 1.0 / 3.0), 20)
    }
}

final class TransitionTests: XCTestCase {
    func testEndsExactlyOnStartPlusDurationTimesFps() {
        for (fps, duration) in [(60, 0.25), (30, 0.5), (120, 0.25), (24, 1.0), (60, 1.5)] {
            let clock = FrameClock(fps: fps)
            for start in [0, 7, 33] {
                let tr = Transition(from: 0.0, beginTime: clock.time(ofFrame: start), timing: .curve(.easeInEaseOut, duration: duration))
                let end = start + Int(duration * Double(fps))
                XCTAssertEqual(tr.value(at: clock.time(ofFrame: end), to: 100), 100, "\(fps) fps, \(duration) s from \(start)")
                XCTAssertLessThan(tr.value(at: clock.time(ofFrame: end - 1), to: 100), 100, "not one frame early")
                XCTAssertTrue(tr.isFinished(at: clock.time(ofFrame: end)))
                XCTAssertFalse(tr.isFinished(at: clock.time(ofFrame: end - 1)))
                XCTAssertEqual(tr.value(at: clock.time(ofFrame: start), to: 100), 0)
            }
        }
    }

    func testDefaultTransitionIsQuarterSecondEaseInEaseOut() {
        let tr = Transition(from: 10.0, beginTime: 1)
        XCTAssertEqual(tr.endTime, 1.25)
        // Halfway through the time, ease-in-ease-out is halfway through the value.
        XCTAssertEqual(tr.value(at: 1.125, to: 30), 20, accuracy: 1e-12)
        XCTAssertEqual(tr.value(at: 1.0625, to: 30), 10 + 20 * TimingCurve.easeInEaseOut.value(at: 0.25), accuracy: 1e-12)
    }

    func testFollowsAMovingTarget() {
        let tr = Transition(from: Point(x: 0, y: 0), beginTime: 0, timing: .curve(.linear, duration: 1))
        XCTAssertEqual(tr.value(at: 0.5, to: Point(x: 100, y: 50)), Point(x: 50, y: 25))
        XCTAssertEqual(tr.value(at: 1, to: Point(x: 7, y: 9)), Point(x: 7, y: 9), "ends exactly on wherever the target is")
    }
}
