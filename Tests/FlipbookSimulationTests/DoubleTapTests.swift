import XCTest
import Flipbook

/// A double tap (TapGestureRecognizer.numberOfTapsRequired = 2) and the single tap that waits
/// for it to fail (requiresFailureOf, UIKit's require(toFail:)): two taps 0.2 s apart are one
/// double tap and no single tap; one tap alone is a single tap, recognised only once the double
/// tap's 0.35 s wait for its second tap has run out (UIKit's maximumIntervalBetweenSuccessiveTaps,
/// cited at TapGestureRecognizer); two taps 0.5 s apart are two single taps.
final class DoubleTapTests: XCTestCase {
    func run(taps downTimes: [Double], singleFirst: Bool = true) throws -> (single: [Double], double: [Double], log: [String]) {
        let cv = CollectionViewSpec(frame: Rect(x: 0, y: 0, width: 375, height: 667), layout: WalletLayout(),
                                    sections: [SectionSpec(id: "s", items: (0..<3).map { ItemSpec(id: "c\($0)", title: "c\($0)", color: Color(hex: "#007AFF")!) })])
        var s = Scene(name: "taps", canvas: Canvas(width: 375, height: 667, scale: 1), fps: 60, duration: 2, collectionView: cv)
        s.collectionView.scrollEnabled = false
        let p = Point(x: 100, y: 100)
        s.touches = downTimes.map { TouchTrack(downTime: $0, downPoint: p, segments: [.init(to: p, duration: 0.08)]) }
        let sim = try Simulator(scene: s)
        let frame = { sim.collectionView.spec.frame }
        let double = TapGestureRecognizer(name: "double", view: frame)
        double.numberOfTapsRequired = 2
        let single = TapGestureRecognizer(name: "single", view: frame)
        single.requiresFailureOf = [double]
        var singles: [Double] = [], doubles: [Double] = [], log: [String] = []
        single.action = { (r: GestureRecognizer) in log.append("single \(r.state)"); if r.state == .ended { singles.append(sim.now) } }
        double.action = { (r: GestureRecognizer) in log.append("double \(r.state)"); if r.state == .ended { doubles.append(sim.now) } }
        // Either order of adding them gives the same outcome.
        for r in singleFirst ? [single, double] : [double, single] { sim.gestures.add(r) }
        _ = try sim.record()
        return (singles, doubles, log)
    }

    /// A scene file's `doubleTap` step is two taps of one finger, `interval` (0.15 s) from the
    /// first lifting to the second touching down: a double tap, not a single.
    func testASceneFilesDoubleTapStep() throws {
        let text = #"{"canvas": {"width": 375, "height": 667}, "fps": 60, "duration": 1, "collectionView": {"layout": {"type": "wallet"}, "scrollEnabled": false, "items": [{"id": "a"}]}, "script": [{"at": 0.2, "action": "doubleTap", "point": {"x": 100, "y": 100}}]}"#
        let scene = try SceneDecoder().decode(Array(text.utf8), file: "double.json")
        for (got, expected) in zip(scene.touches.map(\.downTime) + scene.touches.map(\.upTime), [0.2, 0.43, 0.28, 0.51]) {
            XCTAssertEqual(got, expected, accuracy: 1e-9)
        }
        XCTAssertEqual(scene.touches.count, 2)
        let sim = try Simulator(scene: scene)
        let double = TapGestureRecognizer(name: "double", view: { sim.collectionView.spec.frame })
        double.numberOfTapsRequired = 2
        var recognized: [Double] = []
        double.action = { (r: GestureRecognizer) in if r.state == .ended { recognized.append(sim.now) } }
        sim.gestures.add(double)
        _ = try sim.record()
        XCTAssertEqual(recognized.count, 1)
        XCTAssertEqual(try XCTUnwrap(recognized.first), 0.51, accuracy: 1.0 / 120 + 1e-9)
        XCTAssertThrowsError(try SceneDecoder().decode(Array(text.replacingOccurrences(of: #""point""#, with: #""interval": 0, "point""#).utf8), file: "double.json")) { error in
            XCTAssertTrue("\(error)".contains("interval"), "\(error)")
        }
    }

    func testTwoQuickTapsAreOneDoubleTap() throws {
        for singleFirst in [true, false] {
            let r = try run(taps: [0.2, 0.4], singleFirst: singleFirst)
            XCTAssertEqual(r.double.count, 1, "\(r.log)")
            XCTAssertEqual(try XCTUnwrap(r.double.first), 0.48, accuracy: 1.0 / 120 + 1e-9, "when the second finger lifts")
            XCTAssertEqual(r.single, [], "\(r.log)")
            let one = try run(taps: [0.2], singleFirst: singleFirst)
            XCTAssertEqual(try XCTUnwrap(one.single.first), 0.63, accuracy: 1.0 / 120 + 1e-9, "\(one.log)")
        }
    }

    func testOneTapIsASingleTapOnceTheDoubleTapGivesUp() throws {
        let r = try run(taps: [0.2])
        XCTAssertEqual(r.double, [])
        // The finger lifts at 0.28 s; the double tap waits 0.35 s more for a second tap.
        XCTAssertEqual(try XCTUnwrap(r.single.first), 0.63, accuracy: 1.0 / 120 + 1e-9, "\(r.log)")
        XCTAssertEqual(r.single.count, 1)
    }

    func testTapsTooFarApartAreTwoSingleTaps() throws {
        let r = try run(taps: [0.2, 0.8])
        XCTAssertEqual(r.double, [], "\(r.log)")
        XCTAssertEqual(r.single.count, 2, "\(r.log)")
        XCTAssertEqual(r.single[0], 0.63, accuracy: 1.0 / 120 + 1e-9)
        XCTAssertEqual(r.single[1], 0.88 + 0.35, accuracy: 1.0 / 120 + 1e-9)
    }
}
