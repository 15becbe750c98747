import XCTest
import FlipbookCore
import FlipbookLayout
import FlipbookAnimation
@testable import FlipbookSimulation
@testable import FlipbookEffects
@testable import FlipbookSceneFile
import Flipbook

/// The animation engine driven through scene files: transactions, springs, key-frames, batch updates.
final class AnimationEngineTests: XCTestCase {
    /// A 200-wide list of 40 rows, 50 tall (flow layout, one item per line), 300 tall on screen.
    func listScene(script: String, fps: Int = 60, duration: Double = 3) throws -> Scene {
        let items = (0..<40).map { #"{"id": "r\#($0)", "title": "Row \#($0)"}"# }.joined(separator: ",")
        return try decode("""
        {"canvas": {"width": 200, "height": 300, "scale": 1}, "fps": \(fps), "duration": \(duration),
         "collectionView": {"layout": {"type": "flow", "itemSize": {"width": 200, "height": 50}, "minimumLineSpacing": 0},
                            "items": [\(items)]},
         "script": \(script)}
        """)
    }

    func item(_ f: TimelineFrame, _ id: String) -> DrawItem? { f.items.first { $0.id == id } }

    func testTransactionReachesEndExactlyOnStartPlusDurationTimesFps() throws {
        for fps in [40, 60, 120] {  // 0.25 s is a whole number of frames at each
            let scene = try listScene(script: """
            [{"at": 0.5, "action": "animate", "duration": 0.25, "changes": [{"item": "r1", "alpha": 0.2}]}]
            """, fps: fps)
            let frames = try Simulator.run(scene).frames
            let start = fps / 2, end = start + fps / 4
            XCTAssertEqual(item(frames[start], "r1")!.alpha, 1, "\(fps) fps: unchanged on the start frame")
            XCTAssertEqual(item(frames[end], "r1")!.alpha, 0.2, "\(fps) fps: end value exactly on frame start + D·F")
            XCTAssertGreaterThan(item(frames[end - 1], "r1")!.alpha, 0.2 + 1e-6, "\(fps) fps: not one frame earlier")
            // Halfway in time is halfway in value for ease-in-ease-out.
            if fps == 120 { XCTAssertEqual(item(frames[start + 15], "r1")!.alpha, 0.6, accuracy: 1e-9) }
        }
    }

    func testInterruptedTransitionContinuesFromOnScreenValue() throws {
        // Rotation 0 → 1 over 1 s (linear), interrupted at 0.5 s by a move to −1 over 1 s.
        let scene = try listScene(script: """
        [{"at": 0, "action": "animate", "duration": 1, "curve": "linear", "changes": [{"item": "r0", "rotation": 1}]},
         {"at": 0.5, "action": "animate", "duration": 1, "curve": "linear", "changes": [{"item": "r0", "rotation": -1}]}]
        """)
        let f = try Simulator.run(scene).frames
        XCTAssertEqual(item(f[30], "r0")!.rotation, 0.5, accuracy: 1e-12, "on screen at the interruption")
        XCTAssertEqual(item(f[31], "r0")!.rotation, 0.5 + (-1 - 0.5) / 60, accuracy: 1e-12, "continues from 0.5, no jump")
        XCTAssertEqual(item(f[90], "r0")!.rotation, -1, accuracy: 1e-12)
        for i in 1..<120 {
            XCTAssertLessThanOrEqual(abs(item(f[i], "r0")!.rotation - item(f[i - 1], "r0")!.rotation), 1.5 / 60 + 1e-12, "no jump at frame \(i)")
        }
    }

    func testSpringTransactionFollowsClosedForm() throws {
        let scene = try listScene(script: """
        [{"at": 0, "action": "animate", "duration": 0.5, "spring": {"dampingRatio": 0.5}, "changes": [{"item": "r0", "translation": {"x": 100, "y": 0}}]},
         {"at": 0, "action": "animate", "spring": {"mass": 1, "stiffness": 100, "damping": 10}, "changes": [{"item": "r1", "scale": 2}]},
         {"at": 0, "action": "animate", "spring": {"response": 0.5, "dampingFraction": 0.825}, "changes": [{"item": "r2", "alpha": 0}]}]
        """)
        let f = try Simulator.run(scene).frames
        let ui = Spring.uiView(duration: 0.5, dampingRatio: 0.5)
        for i in [6, 12, 20, 29] {
            let t = Double(i) / 60
            XCTAssertEqual(item(f[i], "r0")!.frame.minX, 100 * ui.fraction(at: t), accuracy: 1e-9)
            XCTAssertEqual(item(f[i], "r1")!.scale, 1 + Spring().fraction(at: t), accuracy: 1e-9)
            XCTAssertEqual(item(f[i], "r2")!.alpha, 1 - Spring.response(0.5, dampingFraction: 0.825).fraction(at: t), accuracy: 1e-9)
        }
        XCTAssertEqual(item(f[30], "r0")!.frame.minX, 100, "a UIView spring ends at its duration")
        XCTAssertGreaterThan(f[0...30].map { item($0, "r0")!.frame.minX }.max()!, 110, "ζ = 0.5 overshoots")
        let settle = Spring().settlingDuration
        XCTAssertEqual(item(f[Int((settle * 60).rounded(.up))], "r1")!.scale, 2, "the CA spring runs until it settles")
    }

    func testCompletionRunsAtTheEndAndNestedBlocksInherit() throws {
        let scene = try listScene(script: """
        [{"at": 0.5, "action": "animate", "duration": 0.5, "delay": 0.25, "curve": "linear",
          "changes": [{"item": "r0", "alpha": 0.5},
                      {"animate": {"duration": 9, "curve": "easeIn", "changes": [{"item": "r1", "alpha": 0}]}},
                      {"animate": {"duration": 0.25, "overrideInheritedDuration": true, "changes": [{"item": "r2", "alpha": 0}]}}],
          "completion": [{"action": "set", "changes": [{"item": "r3", "alpha": 0.3}]}]}]
        """)
        let f = try Simulator.run(scene).frames
        // Delay 0.25: nothing moves until 0.75 s; linear to 1.25 s.
        XCTAssertEqual(item(f[45], "r0")!.alpha, 1)
        XCTAssertEqual(item(f[60], "r0")!.alpha, 0.75, accuracy: 1e-12)
        XCTAssertEqual(item(f[75], "r0")!.alpha, 0.5)
        // The nested block inherits 0.5 s linear (its own 9 s easeIn is ignored).
        XCTAssertEqual(item(f[60], "r1")!.alpha, 0.5, accuracy: 1e-12)
        // Overriding the duration keeps the inherited (linear) curve: done at 0.75 + 0.25 = 1 s.
        XCTAssertEqual(item(f[51], "r2")!.alpha, 0.6, accuracy: 1e-12)
        XCTAssertEqual(item(f[60], "r2")!.alpha, 0)
        // The completion runs at 1.25 s: frame 75 shows it, frame 74 does not.
        XCTAssertEqual(item(f[74], "r3")!.alpha, 1)
        XCTAssertEqual(item(f[75], "r3")!.alpha, 0.3)
    }

    func testJiggleOnAllCellsAndRemoval() throws {
        let scene = try listScene(script: """
        [{"at": 0.5, "action": "addAnimation", "allCells": true, "key": "shake", "property": "rotation",
          "values": [-0.03, 0.03, -0.03], "duration": 0.2, "repeatCount": "infinity"},
         {"at": 2, "action": "removeAnimation", "allCells": true, "key": "shake"}]
        """)
        let f = try Simulator.run(scene).frames
        for i in [30, 33, 36, 42, 45, 90, 119] {
            let local = (Double(i) / 60 - 0.5).truncatingRemainder(dividingBy: 0.2) / 0.2
            let expected = local < 0.5 ? -0.03 + 0.12 * local : 0.03 - 0.12 * (local - 0.5)
            for id in ["r0", "r3", "r5"] { XCTAssertEqual(item(f[i], id)!.rotation, expected, accuracy: 1e-9, "\(id) frame \(i)") }
        }
        XCTAssertEqual(item(f[29], "r0")!.rotation, 0)
        XCTAssertEqual(item(f[120], "r0")!.rotation, 0, "stopped")
    }

    /// A batch update that moves an item from far below the screen to the top: it slides in
    /// along a straight path from its real old place, never appearing at its end position.
    func testMoveFromOffScreenSlidesInFromItsOldPlace() throws {
        let scene = try listScene(script: """
        [{"at": 0.5, "action": "performBatchUpdates", "duration": 0.5, "curve": "linear",
          "updates": [{"move": "r20", "to": {"item": 0}}]}]
        """)
        let f = try Simulator.run(scene).frames
        XCTAssertNil(item(f[30], "r20"), "off screen before the update")
        // Old frame y = 1000, new y = 0: linear path y(t) = 1000·(1 − p).
        var onScreen = 0
        for i in 31...60 {
            let p = min(1, (Double(i) / 60 - 0.5) / 0.5)
            let y = 1000 * (1 - p)
            if let it = item(f[i], "r20") {
                XCTAssertEqual(it.frame.minY, y, accuracy: 1e-9, "frame \(i)")
                onScreen += 1
            } else {
                XCTAssertGreaterThanOrEqual(y, 300, "only missing while its path is below the screen (frame \(i))")
            }
        }
        XCTAssertEqual(onScreen, 9, "visible exactly while y < 300: frames 52-60")
        // Rows 0-19 shift down by 50 on the same clock.
        XCTAssertEqual(item(f[45], "r0")!.frame.minY, 25, accuracy: 1e-9)
        XCTAssertEqual(item(f[60], "r0")!.frame.minY, 50)
    }

    func testInsertFadesInAndDeleteFadesOut() throws {
        let scene = try listScene(script: """
        [{"at": 0.5, "action": "performBatchUpdates", "duration": 0.25,
          "updates": [{"insert": {"id": "new", "title": "New"}, "to": {"item": 1}}, {"delete": "r3"}],
          "completion": [{"action": "set", "changes": [{"item": "new", "rotation": 0.1}]}]}]
        """)
        let f = try Simulator.run(scene).frames
        let mid = 30 + 7  // 7/60 s into a 0.25 s ease-in-ease-out
        let q = TimingCurve.easeInEaseOut.value(at: (7.0 / 60) / 0.25)
        XCTAssertEqual(item(f[mid], "new")!.alpha, q, accuracy: 1e-9, "fades in")
        XCTAssertEqual(item(f[mid], "new")!.frame.minY, 50, "at its final place")
        XCTAssertEqual(item(f[mid], "r3")!.alpha, 1 - q, accuracy: 1e-9, "fades out")
        XCTAssertEqual(item(f[mid], "r3")!.frame.minY, 150, "where it was")
        XCTAssertEqual(item(f[45], "new")!.alpha, 1)
        XCTAssertNil(item(f[45], "r3"), "gone after the animation")
        // r1 and r2 move down one row (an insert above them); r4 stays (insert and delete cancel).
        XCTAssertEqual(item(f[45], "r1")!.frame.minY, 100)
        XCTAssertEqual(item(f[mid], "r4")!.frame.minY, 200)
        XCTAssertEqual(item(f[45], "new")!.rotation, 0.1, "the completion ran")
    }

    func testReloadAnimatesGeometryOfTheSameCell() throws {
        let scene = try listScene(script: """
        [{"at": 0.5, "action": "performBatchUpdates", "duration": 0.3, "curve": "linear",
          "updates": [{"reload": "r1", "title": "Expanded", "width": 200, "height": 150}]}]
        """)
        let f = try Simulator.run(scene).frames
        let mid = f[39]  // 0.15 s in: halfway
        XCTAssertEqual(mid.items.filter { $0.id == "r1" }.count, 1, "one cell, no second copy on top")
        XCTAssertEqual(item(mid, "r1")!.frame.height, 100, accuracy: 1e-9)
        XCTAssertEqual(item(mid, "r2")!.frame.minY, 150, accuracy: 1e-9, "the cell below slides by half the difference")
        XCTAssertEqual(item(f[48], "r2")!.frame.minY, 200)
        guard case .text(let t) = item(mid, "r1")!.appearance.content.first else { return XCTFail() }
        XCTAssertEqual(t.text, "Expanded")
    }

    func testAnimationBadInput() {
        let cases: [(String, String, String)] = [
            (#"[{"at": 0, "action": "animate", "spring": {"mass": 0}, "changes": [{"item": "r0", "alpha": 0}]}]"#, "$.script[0].spring.mass", "> 0"),
            (#"[{"at": 0, "action": "animate", "spring": {"stiffness": -5}, "changes": [{"item": "r0", "alpha": 0}]}]"#, "$.script[0].spring.stiffness", "> 0"),
            (#"[{"at": 0, "action": "animate", "spring": {"damping": -1}, "changes": [{"item": "r0", "alpha": 0}]}]"#, "$.script[0].spring.damping", "from 0 to"),
            (#"[{"at": 0, "action": "animate", "spring": {"damping": 0}, "changes": [{"item": "r0", "alpha": 0}]}]"#, "$.script[0].spring", "settles"),
            (#"[{"at": 0, "action": "animate", "spring": {"dampingRatio": 0.5}, "curve": "linear", "changes": [{"item": "r0", "alpha": 0}]}]"#, "$.script[0].curve", "not both"),
            (#"[{"at": 0, "action": "animate", "changes": [{"item": "nope", "alpha": 0}]}]"#, "$.script[0].changes[0].item", "unknown item id"),
            (#"[{"at": 0, "action": "animate", "changes": [{"item": "r0", "alpha": 2}]}]"#, "$.script[0].changes[0].alpha", "from 0 to 1"),
            (#"[{"at": 0, "action": "animate", "changes": [{"item": "r0", "opacity": 2}]}]"#, "$.script[0].changes[0].opacity", "unknown field"),
            (#"[{"at": 0, "action": "addAnimation", "item": "r0", "property": "spin", "values": [1], "duration": 1}]"#, "$.script[0].property", "one of"),
            (#"[{"at": 0, "action": "addAnimation", "item": "r0", "property": "rotation", "values": [1, 2], "duration": 1, "calculationMode": "spline"}]"#, "$.script[0].calculationMode", "one of"),
            (#"[{"at": 0, "action": "addAnimation", "item": "r0", "property": "rotation", "values": [1, 2, 3], "keyTimes": [0, 1], "duration": 1}]"#, "$.script[0].keyTimes", "expected 3 key times"),
            (#"[{"at": 0, "action": "addAnimation", "item": "r0", "property": "rotation", "values": [1, 2, 3], "keyTimes": [0, 0.7, 0.5], "duration": 1}]"#, "$.script[0].keyTimes[2]", "≥ the one before"),
            (#"[{"at": 0, "action": "addAnimation", "item": "r0", "property": "rotation", "values": [1, 2], "keyTimes": [0, 1.5], "duration": 1}]"#, "$.script[0].keyTimes[1]", "from 0 to 1"),
            (#"[{"at": 0, "action": "addAnimation", "item": "r0", "property": "rotation", "values": [1, 2], "timingFunctions": ["linear", "easeIn"], "duration": 1}]"#, "$.script[0].timingFunctions", "expected 1 timing"),
            (#"[{"at": 0, "action": "addAnimation", "item": "r0", "property": "center", "values": [1, 2], "duration": 1}]"#, "$.script[0].values[0]", "an object"),
            (#"[{"at": 0, "action": "addAnimation", "item": "r0", "property": "alpha", "values": [1], "duration": 0}]"#, "$.script[0].duration", "> 0"),
            (#"[{"at": 0, "action": "addAnimation", "item": "r0", "property": "alpha", "values": [1], "duration": 1, "repeatCount": "forever"}]"#, "$.script[0].repeatCount", "\"infinity\""),
            (#"[{"at": 0, "action": "removeAnimation"}]"#, "$.script[0]", "\"allCells\": true"),
            (#"[{"at": 0, "action": "performBatchUpdates", "updates": [{"remove": "r0"}]}]"#, "$.script[0].updates[0]", "one of \"delete\""),
            (#"[{"at": 0, "action": "performBatchUpdates", "updates": [{"insert": {"id": "r0"}, "to": {"item": 0}}]}]"#, "$.script[0].updates[0].insert.id", "already exists"),
            // An id is known from the batch update that inserts it on, in time: one rule (Scene.need) for files and code.
            (#"[{"at": 0.1, "action": "set", "changes": [{"item": "new", "alpha": 1}]}, {"at": 0.5, "action": "performBatchUpdates", "updates": [{"insert": {"id": "new"}, "to": {"item": 0}}]}]"#,
             "$.script[0].changes[0].item", "unknown item id"),
            (#"[{"at": 0, "action": "animate", "changes": [{"animate": {"changes": [{"item": "zz", "alpha": 0}]}}]}]"#, "$.script[0].changes[0].animate.changes[0].item", "unknown item id"),
            // An item a batch update deleted is gone for the steps after it (it did nothing before).
            (#"[{"at": 0.1, "action": "performBatchUpdates", "updates": [{"delete": "r3"}]}, {"at": 0.5, "action": "animate", "changes": [{"item": "r3", "alpha": 0}]}]"#,
             "$.script[1].changes[0].item", #"item "r3" was deleted before this step, by $.script[0].updates[0] at 0.1 s"#),
            (#"[{"at": 0, "action": "set", "changes": [{"item": "r33x", "alpha": 0}]}]"#, "$.script[0].changes[0].item", #"unknown item id "r33x"; did you mean "r33"?"#),
            // SwiftUI's name for Core Animation's curve, and a misspelling of it.
            (#"[{"at": 0, "action": "animate", "curve": "easeInOut", "changes": [{"item": "r0", "alpha": 0}]}]"#, "$.script[0].curve", #"got "easeInOut"; Core Animation calls it "easeInEaseOut""#),
            (#"[{"at": 0, "action": "animate", "curve": "easInEaseOut", "changes": [{"item": "r0", "alpha": 0}]}]"#, "$.script[0].curve", #"did you mean "easeInEaseOut"?"#),
            (#"[{"at": 0, "action": "performBatchUpdates", "updates": [{"layout": {"cellHeight": 3}}]}]"#, "$.script[0].updates[0].layout.cellHeight", "unknown field"),
        ]
        for (script, path, fragment) in cases {
            XCTAssertThrowsError(try listScene(script: script), path) { e in
                guard let e = e as? InputError else { return XCTFail("\(e)") }
                XCTAssertEqual(e.path, path, e.description)
                XCTAssertTrue(e.message.contains(fragment), "\(path): \(e.message)")
            }
        }
    }
}

/// A spring's numbers are declared once (Spring.Fields, issue 59): the schema lists each with the
/// declared range, and the decoder refuses a value past it in the declaration's words.
extension AnimationEngineTests {
    func testEachSpringNumberIsReadAndListedFromItsDeclaration() throws {
        let listed = SceneSchema.spring
        XCTAssertEqual(listed.names, ["mass", "stiffness", "damping", "initialVelocity", "dampingRatio", "response", "dampingFraction"])
        for field in Spring.Fields.all {
            guard case .number(let range, let excluding)? = listed[field.name]?.type else { XCTFail(field.name); continue }
            XCTAssertEqual(range, field.range, field.name)
            XCTAssertEqual(excluding, field.excludesLowerBound, field.name)
            // The fields each form needs beside this one: a UIView spring has a duration, a
            // SwiftUI damping fraction its response.
            let others = field.name == "dampingRatio" ? #", "duration": 0.5"# : ""
            let companion = field.name == "dampingFraction" ? #""response": 0.5, "# : ""
            let over = field.range.upperBound * 2 + 1
            let script = #"[{"at": 0, "action": "animate", "spring": {"# + companion + #""\#(field.name)": \#(NumberFormat.short(over))}\#(others), "changes": [{"item": "r0", "alpha": 0}]}]"#
            XCTAssertThrowsError(try listScene(script: script), field.name) { e in
                guard let e = e as? InputError else { return XCTFail("\(e)") }
                XCTAssertEqual(e.path, "$.script[0].spring.\(field.name)", e.description)
                XCTAssertEqual(e.message, "expected \(field.expected), got \(NumberFormat.short(over))", e.description)
            }
        }
        // The defaults a file leaves out are Core Animation's (CASpringAnimation: 1, 100, 10, 0).
        XCTAssertEqual(Spring.Fields.all.prefix(4).map(\.defaultValue), [1, 100, 10, 0])
        XCTAssertEqual(Spring(), Spring(mass: 1, stiffness: 100, damping: 10, initialVelocity: 0))
    }
}

/// examples/animation-gallery.json: every dot follows its curve or spring.
final class GalleryExampleTests: XCTestCase {
    func testDotsFollowTheirTiming() throws {
        let scene = try loadExample("animation-gallery")
        let frames = try Simulator.run(scene).frames
        let timings: [(Double) -> Double] = [
            TimingCurve.linear.value, TimingCurve.easeIn.value, TimingCurve.easeOut.value,
            TimingCurve.easeInEaseOut.value, TimingCurve.default.value,
            { Spring().fraction(at: $0) },
            { Spring.uiView(duration: 0.8, dampingRatio: 0.4).fraction(at: $0) },
            { Spring.response(0.5, dampingFraction: 0.6).fraction(at: $0) },
        ]
        for i in stride(from: 24, through: 80, by: 4) {
            let t = Double(i) / 60 - 0.4
            for (k, f) in timings.enumerated() {
                let dot = frames[i].items.first { $0.id == "dot\(k)" }!
                let fraction = t <= 0 ? 0 : (k < 5 ? f(min(t, 1)) : (k == 6 && t >= 0.8 - 1e-9 ? 1 : f(t)))
                XCTAssertEqual(dot.frame.minX, 212 + 320 * fraction, accuracy: 1e-9, "dot\(k) at frame \(i)")
            }
        }
        // The key-frame dot passes through its path's values at 0, 1/3, 2/3 and 1 of the second.
        let path: [(Double, Double)] = [(0, 0), (101, -16), (211, 16), (320, 0)]
        for (k, (x, y)) in path.enumerated() {
            let dot = frames[24 + 20 * k].items.first { $0.id == "dot8" }!
            XCTAssertEqual(dot.frame.minX, 212 + x, accuracy: 1e-9)
            XCTAssertEqual(dot.frame.minY, 70 + 56 * 8 + y, accuracy: 1e-9)
        }
    }
}

/// An item's own zIndex (UICollectionViewLayoutAttributes.zIndex) decides its place in the
/// draw order over its layout's; equal ones keep index-path order (docs/scene-format.md,
/// "Draw order").
final class ItemZIndexTests: XCTestCase {
    func testAnItemsZIndexPutsItOverTheOthers() throws {
        let scene = try decode("""
            {"canvas": {"width": 200, "height": 200}, "duration": 0.1,
             "collectionView": {"layout": {"type": "absolute"}, "items": [
               {"id": "a", "x": 0, "y": 0, "width": 100, "height": 100, "zIndex": 2},
               {"id": "b", "x": 50, "y": 50, "width": 100, "height": 100},
               {"id": "c", "x": 80, "y": 80, "width": 100, "height": 100, "zIndex": -1}]}}
            """)
        let frame = try Simulator.run(scene).frames[0]
        let cells = frame.items.filter { $0.kind == .cell }.map(\.id)
        XCTAssertEqual(cells, ["c", "b", "a"], "back to front: zIndex -1, the layout's 0, then 2")
        XCTAssertEqual(frame.items.first { $0.id == "a" }?.zIndex, 2)
        XCTAssertThrowsError(try decode("""
            {"canvas": {"width": 200, "height": 200}, "duration": 0.1,
             "collectionView": {"layout": {"type": "absolute"}, "items": [{"id": "a", "x": 0, "y": 0, "width": 10, "height": 10, "zIndex": 5000}]}}
            """)) { XCTAssertTrue("\($0)".contains("$.collectionView.items[0].zIndex: expected a whole number from -1000 to 1000"), "\($0)") }
    }
}

/// keyframes.json names each drawn thing once a frame: a diff keys on ids, so two items with
/// one id in a frame would be compared as one (drag-between-views' gap closing in one view while
/// it opens in the other once did, and the dropped tag fading out of the view it left).
final class UniqueIDsTests: XCTestCase {
    func testEveryFrameOfEveryExampleHasUniqueIDs() throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: packageRoot.appendingPathComponent("examples").path)
            .filter { $0.hasSuffix(".json") }.map { String($0.dropLast(5)) }.sorted()
        XCTAssertGreaterThan(names.count, 20)
        for name in names {
            let frames = try Simulator.run(try loadExample(name)).frames
            for f in frames {
                var seen = Set<String>()
                let repeated = f.items.map(\.id).filter { !seen.insert($0).inserted }
                XCTAssertEqual(repeated, [], "\(name) frame \(f.index)")
                if !repeated.isEmpty { break }
            }
        }
    }
}

/// The flow and Wallet layouts' numbers, the drag-and-drop and pinch options and the touches'
/// numbers are declared once too (issue 59): the schema lists each field with its declared
/// range, the decoder refuses a value past it (at the field, in the declaration's words), and
/// a layout built in code is refused by Scene.validate in the same words.
extension AnimationEngineTests {
    func scene(layout: String, effect: String = "", step: String = "") -> [UInt8] {
        Array(#"{"canvas": {"width": 375, "height": 667}, "duration": 1, "collectionView": {"layout": {\#(layout)}, "items": [{"id": "a"}, {"id": "b"}]}\#(effect), "script": [\#(step)]}"#.utf8)
    }

    func assertRefused<Root>(_ field: NumberField<Root>, at path: String, _ json: (String) -> [UInt8], file: StaticString = #filePath, line: UInt = #line) {
        let over = field.range.upperBound + 1
        XCTAssertThrowsError(try SceneDecoder().decode(json(NumberFormat.short(over)), file: "f.json"), field.name, file: file, line: line) { e in
            guard let e = e as? InputError else { return XCTFail("\(e)", file: file, line: line) }
            XCTAssertEqual(e.path, path, e.description, file: file, line: line)
            XCTAssertEqual(e.message, "expected \(field.expected), got \(NumberFormat.short(over))", e.description, file: file, line: line)
        }
        // Inside the range (its upper bound itself) the same file decodes.
        XCTAssertNoThrow(try SceneDecoder().decode(json(NumberFormat.short(field.range.upperBound)), file: "f.json"), field.name, file: file, line: line)
    }

    func assertListed<Root>(_ fields: [NumberField<Root>], in table: FieldTable, file: StaticString = #filePath, line: UInt = #line) {
        for field in fields {
            guard case .number(let range, let excluding)? = table[field.name]?.type else { XCTFail(field.name, file: file, line: line); continue }
            XCTAssertEqual(range, field.range, field.name, file: file, line: line)
            XCTAssertEqual(excluding, field.excludesLowerBound, field.name, file: file, line: line)
            if let d = field.defaultValue { XCTAssertTrue(table[field.name]!.summary.contains("Default " + NumberFormat.short(d)), field.name, file: file, line: line) }
        }
    }

    func testLayoutAndEffectNumbersAreReadAndListedFromTheirDeclarations() {
        assertListed(FlowLayout.Fields.all, in: FlowLayout.fieldTable)
        assertListed(WalletLayout.Fields.file, in: WalletLayout.fieldTable)
        assertListed(DragAndDropEffect.Options.numbers, in: DragAndDropEffect.Options.fieldTable)
        assertListed(PinchColumnsEffect.Options.numbers, in: PinchColumnsEffect.Options.fieldTable)
        // UIKit's defaults (UICollectionViewFlowLayout: 10 and 10) and the article's (200, 100, 0.25).
        XCTAssertEqual(FlowLayout.Fields.all.map(\.defaultValue), [10, 10, 0, 0, 0, 0])
        XCTAssertEqual(FlowLayout().minimumLineSpacing, 10)
        XCTAssertEqual(WalletLayout.Fields.file.map(\.defaultValue), [200, 100, 0.25])
        for field in FlowLayout.Fields.all {
            assertRefused(field, at: "$.collectionView.layout.\(field.name)") { self.scene(layout: #""type": "flow", "\#(field.name)": \#($0)"#) }
        }
        for field in WalletLayout.Fields.file {
            assertRefused(field, at: "$.collectionView.layout.\(field.name)") { self.scene(layout: #""type": "wallet", "\#(field.name)": \#($0)"#) }
        }
        assertRefused(PinchColumnsEffect.Options.numbers[0], at: "$.effect.completingScale") {
            self.scene(layout: #""type": "flow""#, effect: #", "effect": {"type": "pinchColumns", "completingScale": \#($0)}"#)
        }
        // From code: the same range, the same words.
        var flow = FlowLayout()
        flow.minimumInteritemSpacing = 10_001
        let cv = CollectionViewSpec(frame: Rect(x: 0, y: 0, width: 375, height: 667), layout: flow,
                                    sections: [SectionSpec(id: "s", items: [ItemSpec(id: "a", color: .white)])])
        let s = Scene(name: "t", canvas: Canvas(width: 375, height: 667, scale: 1), fps: 30, duration: 1, collectionView: cv)
        XCTAssertThrowsError(try s.validate()) { e in
            XCTAssertEqual("\(e)", #"scene "t": $.collectionView.layout.minimumInteritemSpacing: expected a number from 0 to 10000"#)
        }
    }

    func testTouchNumbersAreReadAndListedFromTheirDeclarations() {
        let tables = Dictionary(uniqueKeysWithValues: SceneSchema.touches.map { ($0.name, $0.table) })
        let uses: [(action: String, fields: [NumberField<Void>], fixed: String)] = [
            ("tap", [TouchFields.tapDuration], #""point": {"x": 10, "y": 10}"#),
            ("doubleTap", [TouchFields.doubleTapDuration, TouchFields.doubleTapInterval], #""point": {"x": 10, "y": 10}"#),
            ("drag", [TouchFields.dragDuration, TouchFields.holdBefore, TouchFields.holdAfter], #""from": {"x": 10, "y": 10}, "to": {"x": 10, "y": 50}"#),
            ("flick", [TouchFields.flickDuration], #""from": {"x": 10, "y": 10}, "velocity": {"y": 1}"#),
            ("pull", [TouchFields.pullDuration, TouchFields.pullHold], #""from": {"x": 10, "y": 10}, "by": {"y": 50}"#),
            ("pinch", [TouchFields.angle, TouchFields.twoFingerDuration], #""center": {"x": 100, "y": 100}, "fromDistance": 50, "toDistance": 100"#),
            ("rotate", [TouchFields.fromAngle, TouchFields.toAngle], #""center": {"x": 100, "y": 100}, "distance": 50"#),
        ]
        for use in uses {
            assertListed(use.fields, in: tables[use.action]!)
            for field in use.fields {
                assertRefused(field, at: "$.script[0].\(field.name)") {
                    self.scene(layout: #""type": "flow""#, step: #"{"at": 0, "action": "\#(use.action)", \#(use.fixed), "\#(field.name)": \#($0)}"#)
                }
            }
        }
        assertListed([TouchFields.deltaX, TouchFields.deltaY], in: SceneSchema.delta)
        assertListed([TouchFields.moveDuration], in: SceneSchema.waypoint)
        // The defaults: a tap is down 0.08 s, a double tap's taps 0.15 s apart (within UIKit's
        // 0.35 s), a drag 0.5 s, a pull 0.6 s and held 0.2 s.
        XCTAssertEqual([TouchFields.tapDuration, TouchFields.doubleTapInterval, TouchFields.dragDuration, TouchFields.pullDuration, TouchFields.pullHold].map(\.defaultValue),
                       [0.08, 0.15, 0.5, 0.6, 0.2])
    }
}
