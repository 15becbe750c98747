import XCTest
import FlipbookCore
import FlipbookLayout
import FlipbookAnimation
@testable import FlipbookSimulation
@testable import FlipbookEffects
@testable import FlipbookSceneFile
import Flipbook

final class ScrollPhysicsMathTests: XCTestCase {
    func testRubberBandFormulaValues() {
        // Rubber band b = (1 − 1/(x·0.55/d + 1))·d (docs/gestures.md), d = 844: x = 50/100/200/400/844 → 26.6/51.6/97.3/174.5/299.5.
        for (x, b) in [(50.0, 26.6), (100, 51.6), (200, 97.3), (400, 174.5), (844, 299.5)] {
            XCTAssertEqual(RubberBand.offset(forPull: x, dimension: 844), b, accuracy: 0.05)
        }
        XCTAssertEqual(RubberBand.pull(forOffset: RubberBand.offset(forPull: 321, dimension: 603), dimension: 603), 321, accuracy: 1e-9)
        XCTAssertEqual(RubberBand.apply(-150, minimum: -44, maximum: 500, dimension: 603), -44 - RubberBand.offset(forPull: 106, dimension: 603), accuracy: 1e-12)
        XCTAssertEqual(RubberBand.apply(100, minimum: -44, maximum: 500, dimension: 603), 100)
    }

    func testDecelerationFormula() {
        let d = Deceleration(x0: 100, v0: 2000)
        XCTAssertEqual(d.restPosition, 100 + 2000 / -(1000 * log(0.998)), accuracy: 1e-9)
        XCTAssertEqual(d.restPosition - 100, 999.0, accuracy: 0.5, "v0 × ~0.4995 s")
        XCTAssertEqual(d.velocity(at: 0.001), 2000 * 0.998, accuracy: 1e-9, "0.998 per millisecond")
        let t = d.duration(threshold: 0.5)
        XCTAssertEqual(d.restPosition - d.position(at: t), 0.5, accuracy: 1e-9)
        XCTAssertEqual(d.restPosition - d.position(at: d.duration()), 0.1, accuracy: 1e-9, "default stop: 0.1 pt short")
        XCTAssertEqual(d.time(toReach: 600)!, log(1 + 500 * 1000 * log(0.998) / 2000) / (1000 * log(0.998)), accuracy: 1e-12)
        XCTAssertNil(d.time(toReach: 5000), "never gets that far")
    }

    func testBounceIsCriticallyDampedAndDoesNotOvershoot() {
        let b = EdgeBounce(edge: 0, d0: -120, v0: 0)
        var previous = -120.0
        for i in 1...200 {
            let x = b.position(at: Double(i) / 100)
            XCTAssertLessThanOrEqual(x, 0, "never past the edge")
            XCTAssertGreaterThanOrEqual(x, previous - 1e-12, "returns monotonically")
            previous = x
        }
        XCTAssertLessThan(abs(b.position(at: b.duration())), 0.1 + 1e-9)
    }
}

final class TouchPhysicsTests: XCTestCase {
    /// A 375 x `height` list of 40 rows, 50 tall; the view starts at the top of the canvas.
    func list(_ script: String, height: Double = 667, fps: Int = 60, duration: Double = 4, extra: String = "") throws -> Scene {
        let items = (0..<40).map { #"{"id": "r\#($0)"}"# }.joined(separator: ",")
        return try decode("""
        {"canvas": {"width": 375, "height": \(height), "scale": 1}, "fps": \(fps), "duration": \(duration),
         "collectionView": {"layout": {"type": "flow", "itemSize": {"width": 375, "height": 50}, "minimumLineSpacing": 0},
                            "items": [\(items)] \(extra)},
         "script": \(script)}
        """)
    }

    func testRubberBandWhileDragging() throws {
        // The finger jumps 10 pt (the pan begins there, no content jump), then pulls x more.
        for x in [50.0, 100, 200, 400, 844] {
            let scene = try list("""
            [{"at": 0.1, "action": "touchDown", "point": {"x": 187, "y": 100}},
             {"at": 0.2, "action": "touchMove", "to": {"x": 187, "y": 110}, "duration": 0},
             {"at": 0.3, "action": "touchMove", "to": {"x": 187, "y": \(110 + x)}, "duration": 0},
             {"at": 0.6, "action": "touchUp"}]
            """, height: 844)
            let f = try Simulator.run(scene).frames
            XCTAssertEqual(f[15].contentOffset.y, 0, "pan began at 10 pt, content still at rest")
            XCTAssertEqual(f[30].contentOffset.y, -RubberBand.offset(forPull: x, dimension: 844), accuracy: 1e-9, "pull \(x)")
            // Released at rest velocity past the edge: springs back to the top without overshooting.
            let after = f[36...].map(\.contentOffset.y)
            XCTAssertTrue(zip(after, after.dropFirst()).allSatisfy { $0 <= $1 + 1e-12 && $1 <= 0 })
            XCTAssertEqual(after.last!, 0, accuracy: 0.1)
        }
    }

    func testFlickDeceleratesToTheFormulaRestPointMonotonically() throws {
        for (rate, name) in [(0.998, "normal"), (0.99, "fast")] {
            let scene = try list("""
            [{"at": 0.2, "action": "flick", "from": {"x": 187, "y": 600}, "velocity": {"x": 0, "y": -1200}, "duration": 0.1}]
            """, extra: #", "decelerationRate": "\#(name)""#)
            let sim = try Simulator(scene: scene)
            sim.advance(to: 0.3)  // the finger lifts at exactly 0.3 s
            let x0 = sim.collectionView.contentOffset(at: 0.3).y
            XCTAssertEqual(x0, 120 - 10, accuracy: 1e-9, "dragged 120 pt, minus the 10 pt before the pan began")
            var previous = x0
            for i in 19..<240 {
                let t = Double(i) / 60
                sim.advance(to: t)
                let y = sim.collectionView.contentOffset(at: t).y
                XCTAssertGreaterThanOrEqual(y, previous, "monotonic")
                previous = y
            }
            let rest = x0 - 1200 / (1000 * log(rate))
            XCTAssertEqual(previous, rest, accuracy: 0.5, "rate \(rate)")
        }
    }

    func testFlickTowardTheTopIsClampedAfterABounce() throws {
        let scene = try list("""
        [{"at": 0, "action": "setContentOffset", "contentOffset": {"y": 300}},
         {"at": 0.2, "action": "flick", "from": {"x": 187, "y": 200}, "velocity": {"x": 0, "y": 1500}, "duration": 0.1}]
        """)
        let ys = try Simulator.run(scene).frames.map(\.contentOffset.y)
        XCTAssertLessThan(ys.min()!, -5, "overshoots the top")
        XCTAssertEqual(ys.last!, 0, accuracy: 0.1, "comes to rest at the edge")
    }

    func testPanVelocityForConstantSpeed() throws {
        let scene = try list("""
        [{"at": 0.1, "action": "touch", "from": {"x": 100, "y": 500}, "path": [{"x": 340, "y": 180, "duration": 0.4, "curve": "linear"}]}]
        """)
        let sim = try Simulator(scene: scene)
        var velocities: [Point] = []
        let probe = PanGestureRecognizer(name: "probe", view: { Rect(x: 0, y: 0, width: 375, height: 667) })
        probe.recognizesSimultaneously = { _ in true }
        probe.action = { r in if r.state == .changed || r.state == .ended { velocities.append(r.velocity) } }
        sim.gestures.add(probe)
        sim.advance(to: 1)
        // 240 pt right and 320 pt up in 0.4 s: (600, −800) pt/s.
        XCTAssertGreaterThan(velocities.count, 20)
        for v in velocities.dropFirst(6) {
            XCTAssertEqual(v.x, 600, accuracy: 1e-6)
            XCTAssertEqual(v.y, -800, accuracy: 1e-6)
        }
    }

    /// Records each state change of a recognizer with its time.
    func record(_ r: GestureRecognizer, _ sim: Simulator) -> () -> [(String, Double)] {
        var log: [(String, Double)] = []
        r.action = { g in log.append((g.state.rawValue, sim.now)) }
        return { log }
    }

    /// Runs `script` with a full-screen recognizer of type `R` (the scroll pan waiting for it to
    /// fail when `panWaits`); returns the simulator and the recognizer's state changes.
    func observe<R: GestureRecognizer>(_ type: R.Type, _ script: String, until: Double = 2, panWaits: Bool = false,
                                       make: (String, @escaping () -> Rect) -> R) throws -> (Simulator, [(String, Double)]) {
        let sim = try Simulator(scene: try list(script))
        let r = make("probe", { Rect(x: 0, y: 0, width: 375, height: 667) })
        sim.gestures.add(r)
        if panWaits { sim.scrollPan.requiresFailureOf = [r] }
        let log = record(r, sim)
        sim.advance(to: until)
        return (sim, log())
    }

    func longPressLog(_ script: String, until: Double = 2) throws -> [(String, Double)] {
        try observe(LongPressGestureRecognizer.self, script, until: until, make: LongPressGestureRecognizer.init).1
    }

    func testLongPressRecognisedExactlyAtTheHoldTime() throws {
        let log = try longPressLog(#"[{"at": 0.3, "action": "longPress", "point": {"x": 100, "y": 100}, "hold": 0.8}]"#)
        XCTAssertEqual(log.map(\.0), ["began", "ended"])
        XCTAssertEqual(log[0].1, 0.8, accuracy: 1e-12, "0.3 s + 0.5 s")
        XCTAssertEqual(log[1].1, 1.1, accuracy: 1e-12)
        // Held exactly the minimum duration, then lifted: still recognised (timers run before touches).
        let exact = try longPressLog(#"[{"at": 0.3, "action": "longPress", "point": {"x": 100, "y": 100}, "hold": 0.5}]"#)
        XCTAssertEqual(exact.map(\.0), ["began", "ended"])
        // Lifted one frame (1/60 s) early: it fails.
        let early = try longPressLog(#"[{"at": 0.3, "action": "longPress", "point": {"x": 100, "y": 100}, "hold": 0.48333}]"#)
        XCTAssertEqual(early.map(\.0), ["failed"])
    }

    func testLongPressFailsWhenTheFingerMovesMoreThanTenPointsFirst() throws {
        for (dy, expected) in [(9.0, ["began", "changed", "ended"]), (11.0, ["failed"])] {
            let log = try longPressLog("""
            [{"at": 0.1, "action": "touch", "from": {"x": 100, "y": 300},
              "path": [{"x": 100, "y": \(300 + dy), "duration": 0.2}, {"hold": 0.5}, {"x": 100, "y": 380, "duration": 0.2}]}]
            """)
            XCTAssertEqual(Array(log.map(\.0).reduce(into: [String]()) { if $0.last != $1 { $0.append($1) } }), expected, "moved \(dy)")
        }
    }

    func testTapFailsWhenThePressIsTooLong() throws {
        for (hold, expected) in [(0.1, ["ended"]), (0.45, ["ended"]), (0.6, ["failed"])] {
            let (_, log) = try observe(TapGestureRecognizer.self, #"[{"at": 0.2, "action": "tap", "point": {"x": 100, "y": 100}, "duration": \#(hold)}]"#,
                                       make: TapGestureRecognizer.init)
            XCTAssertEqual(log.map(\.0), expected, "held \(hold) s")
        }
    }

    func testLongPressWinsOverTheScrollPanUntilItFails() throws {
        // Held still past 0.5 s, then dragged: the long press owns the touch; the list does not scroll.
        let (sim, log) = try observe(LongPressGestureRecognizer.self,
            #"[{"at": 0.1, "action": "longPress", "point": {"x": 100, "y": 400}, "hold": 0.6, "path": [{"x": 100, "y": 200, "duration": 0.3}]}]"#,
            panWaits: true, make: LongPressGestureRecognizer.init)
        XCTAssertEqual(log.first?.0, "began")
        XCTAssertEqual(sim.collectionView.contentOffset(at: 2).y, 0, "no scrolling while the long press owns the touch")
        // Dragged at once: the long press fails (moved > 10 pt) and the pan scrolls.
        let (sim2, log2) = try observe(LongPressGestureRecognizer.self,
            #"[{"at": 0.1, "action": "drag", "from": {"x": 100, "y": 400}, "to": {"x": 100, "y": 200}, "duration": 0.3, "holdAfter": 0.2}]"#,
            until: 0.55, panWaits: true, make: LongPressGestureRecognizer.init)
        XCTAssertEqual(log2.map(\.0), ["failed"])
        // The pan began at the first touch sample at least 10 pt from the start; content follows from there.
        let began = sim2.scrollPan.translationAtBegan.y
        XCTAssertTrue((-12.0 ... -10.0).contains(began), "\(began)")
        XCTAssertEqual(sim2.collectionView.contentOffset(at: 0.55).y, 200 + began, accuracy: 1e-9, "200 pt drag less the movement before the pan began")
    }

    func testSameContentAtSameTimesAtAnyFrameRate() throws {
        let base = try loadExample("scroll-physics")
        var runs: [Int: [TimelineFrame]] = [:]
        for fps in [30, 60, 120] {
            var s = base
            s.fps = fps
            runs[fps] = try Simulator.run(s).frames
        }
        XCTAssertEqual(runs[30]!.count, 270)
        for (i, f30) in runs[30]!.enumerated() {
            for fps in [60, 120] {
                let f = runs[fps]![i * fps / 30]
                XCTAssertEqual(f.time, f30.time, accuracy: 1e-12)
                XCTAssertEqual(f.contentOffset.y, f30.contentOffset.y, accuracy: 0.5, "offset at \(f.time) s, \(fps) fps")
                let a = Dictionary(uniqueKeysWithValues: f30.items.map { ($0.id, $0.frame) })
                for it in f.items { if let r = a[it.id] { XCTAssertEqual(it.frame.minY, r.minY, accuracy: 0.5) } }
            }
        }
    }

    func testKeyframesRecordTouchesAndRecognizerChanges() throws {
        let frames = try Simulator.run(try loadExample("scroll-physics")).frames
        let down = frames.filter { !$0.touches.isEmpty }
        XCTAssertFalse(down.isEmpty)
        XCTAssertEqual(frames[19].touches, [TouchPoint(id: 1, location: Point(x: 187, y: 560 - 1600 * (19.0 / 60 - 0.3)))])
        let changes = frames.flatMap(\.recognizers).map(\.state)
        XCTAssertTrue(changes.contains(.began) && changes.contains(.changed) && changes.contains(.ended))
        XCTAssertTrue(frames.allSatisfy { $0.recognizers.allSatisfy { $0.name == "collectionView.pan" } })
    }

    func testBadTouchInput() {
        let cases: [(String, String, String)] = [
            (#"[{"at": 1, "action": "touchUp"}]"#, "$.script[0]", "goes up at 1 s before it went down"),
            (#"[{"at": 1, "action": "touchMove", "to": {"x": 1, "y": 1}}]"#, "$.script[0]", "moves at 1 s before it went down"),
            (#"[{"at": 1, "action": "touchDown", "point": {"x": 1, "y": 1}}, {"at": 1.5, "action": "touchDown", "point": {"x": 1, "y": 1}}]"#, "$.script[1]", "still down"),
            (#"[{"at": 1, "action": "touchDown", "point": {"x": 1, "y": 1}}, {"at": 1.1, "action": "touchMove", "to": {"x": 5, "y": 5}, "duration": 1}, {"at": 1.5, "action": "touchUp"}]"#, "$.script[2]", "before finger 1's previous move ends"),
            (#"[{"at": 1, "action": "drag", "from": {"x": 10, "y": 10}, "to": {"x": 10, "y": 300}, "duration": 1}, {"at": 1.5, "action": "tap", "point": {"x": 5, "y": 5}}]"#, "$.script[1]", "still down"),
            (#"[{"at": 1, "action": "touch", "from": {"x": 10, "y": 10}, "path": []}]"#, "$.script[0].path", "at least 1 element"),
            (#"[{"at": 1, "action": "drag", "from": {"x": 10, "y": 10}, "to": {"x": 10, "y": 300}, "duration": -1}]"#, "$.script[0].duration", "from 0 to 3600"),
            (#"[{"at": 1, "action": "longPress", "point": {"x": 10, "y": 10}, "hold": -0.5}]"#, "$.script[0].hold", "from 0 to 3600"),
            (#"[{"at": 1, "action": "tap", "point": {"x": 5000, "y": 10}}]"#, "$.script[0].point.x", "within half a canvas"),
            (#"[{"at": 1, "action": "touch", "from": {"x": 10, "y": 10}, "path": [{"x": 10, "y": -9000}]}]"#, "$.script[0].path[0].y", "within half a canvas"),
            (#"[{"at": 1, "action": "flick", "from": {"x": 10, "y": 10}, "velocity": {"y": 90000}}]"#, "$.script[0].velocity", "keeps the finger near the canvas"),
            (#"[{"at": 1, "action": "tap", "point": {"x": 5, "y": 5}, "to": {"x": 1, "y": 1}}]"#, "$.script[0].to", "does not apply"),
            (#"[{"at": 1, "action": "tap", "point": {"x": 5, "y": 5}, "finger": 11}]"#, "$.script[0].finger", "from 1 to 10"),
        ]
        for (script, path, fragment) in cases {
            XCTAssertThrowsError(try list(script), path) { e in
                guard let e = e as? InputError else { return XCTFail("\(e)") }
                XCTAssertEqual(e.path, path, e.description)
                XCTAssertTrue(e.message.contains(fragment), "\(path): \(e.message)")
            }
        }
    }
}
