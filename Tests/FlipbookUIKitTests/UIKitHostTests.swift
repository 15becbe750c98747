import XCTest
import Foundation
import UIKit
import Flipbook
@testable import FlipbookSimulation

/// The UIKit host (issue 61): a UIKit scene is values plus its host — the script holds no
/// closure or object, the app's code runs in the host and comes back as value commands, and
/// what running it writes (the screen, the code steps) is the host's, not a global's.
final class UIKitHostTests: XCTestCase {
    /// Every closure and object reachable from `value` by reflection, by path.
    func references(in value: Any, at path: String, _ found: inout [String]) {
        let type = String(describing: Swift.type(of: value))
        if type.contains("->") { found.append(path + ": " + type); return }
        let mirror = Mirror(reflecting: value)
        // Copy-on-write storage of a value (SharedBox) is the value; the validation mark is an
        // flag of the last validate(), holding nothing of the app.
        if mirror.displayStyle == .class && !type.hasPrefix("SharedBox<") {
            if type != "ValidationMark" { found.append(path + ": " + type) }
            return
        }
        for (k, child) in mirror.children.enumerated() { references(in: child.value, at: path + "." + (child.label ?? "\(k)"), &found) }
    }

    func testAUIKitScenesScriptIsValuesAndItsCodeIsTheHosts() throws {
        let source = CellSource([6]) { cell, _ in cell.backgroundColor = .systemBlue }
        let cv = UICollectionView(frame: CGRect(x: 0, y: 0, width: 200, height: 300), collectionViewLayout: UICollectionViewFlowLayout())
        cv.register(UICollectionViewCell.self, forCellWithReuseIdentifier: "c")
        cv.dataSource = source
        let scene = Scene(name: "values", canvas: Canvas(width: 200, height: 300, scale: 1), fps: 10, duration: 1, collectionView: cv, script: [
            .at(0.2) { UIView.animate(withDuration: 0.3) { cv.setContentOffset(CGPoint(x: 0, y: 60), animated: false) } },
            .step(ScriptStep(time: 0.6, action: .setContentOffset(x: nil, y: 0))),
        ])
        var found: [String] = []
        for (i, step) in scene.script.enumerated() { references(in: step, at: "$.script[\(i)]", &found) }
        XCTAssertEqual(found, [], "a script step holds values only")
        // The whole scene is values but for its host, which owns the app's objects: the
        // collection view is not held by the view's layout nor by an effect.
        for child in Mirror(reflecting: scene).children where child.label != "host" { references(in: child.value, at: "$." + (child.label ?? "?"), &found) }
        XCTAssertEqual(found, [], "the scene holds values only, and its host")
        XCTAssertTrue(scene.collectionView.layout is HostedLayout)
        XCTAssertNil(scene.effect)
        XCTAssertTrue((scene.host as? UIKitHost)?.collectionView === cv)
        guard case .code(let code) = scene.script[0].action else { return XCTFail("the code at 0.2 s is a code step") }
        XCTAssertEqual(code.id, 0)
        XCTAssertTrue(scene.host is UIKitHost)
        // The code ran in the host and came back as an animation to y = 60 over 0.3 s; at 0.6 s the step of values.
        let timeline = try Simulator.run(scene)
        XCTAssertEqual(timeline.frames[5].contentOffset.y, 60, accuracy: 1e-9)
        XCTAssertEqual(timeline.frames[6].contentOffset.y, 0, accuracy: 1e-9)
        // The same values without the host are refused, not run.
        var bare = scene
        bare.host = nil
        XCTAssertThrowsError(try bare.validate()) { XCTAssertTrue("\($0)".contains("$.collectionView.layout: expected a layout this scene's host answers"), "\($0)") }
        bare.collectionView.layout = FlowLayout()
        XCTAssertThrowsError(try bare.validate()) { XCTAssertTrue("\($0)".contains("$.script[0]: expected a code step of this scene's own app code"), "\($0)") }
    }

    /// A controller whose view is a collection view of the screen's size when loaded.
    final class ScreenController: UIViewController {
        let source = CellSource([4])
        var loadedOn: CGRect?
        var seenInCode: [CGFloat] = []
        override func loadView() {
            loadedOn = UIScreen.main.bounds
            let cv = UICollectionView(frame: UIScreen.main.bounds, collectionViewLayout: UICollectionViewFlowLayout())
            cv.register(UICollectionViewCell.self, forCellWithReuseIdentifier: "c")
            cv.dataSource = source
            view = cv
        }
    }

    func testTheScreenIsTheScenesWhileItsCodeRunsAndNoOneElses() throws {
        XCTAssertEqual(UIScreen.main.bounds, CGRect(x: 0, y: 0, width: 390, height: 844))
        XCTAssertEqual(UIScreen.main.scale, 2)
        // Two scenes of different canvases made and run at once on two threads: each one's view
        // is loaded for its own canvas and its code reads its own screen at every step.
        let widths: [Double] = [300, 200]
        final class Results: @unchecked Sendable {
            let lock = NSLock()
            var controllers: [Int: ScreenController] = [:]
            var failures: [String] = []
        }
        let results = Results()
        DispatchQueue.concurrentPerform(iterations: 2) { k in
            let vc = ScreenController()
            let steps = (1...9).map { i in SceneStep.at(Double(i) / 10) { vc.seenInCode.append(UIScreen.main.bounds.width * UIScreen.main.scale) } }
            let scene = Scene(name: "screen\(k)", canvas: Canvas(width: widths[k], height: 400, scale: 3), fps: 10, duration: 1,
                              viewController: vc, script: steps)
            var failure: String?
            do { _ = try Simulator.run(scene) } catch { failure = "\(error)" }
            results.lock.lock()
            results.controllers[k] = vc
            if let failure { results.failures.append(failure) }
            results.lock.unlock()
        }
        let controllers = results.controllers
        XCTAssertEqual(results.failures, [])
        for k in 0..<2 {
            XCTAssertEqual(controllers[k]?.loadedOn, CGRect(x: 0, y: 0, width: widths[k], height: 400))
            XCTAssertEqual(controllers[k]?.seenInCode, Array(repeating: CGFloat(widths[k] * 3), count: 9))
        }
        // Outside any scene the screen is still the default: no scene wrote it.
        XCTAssertEqual(UIScreen.main.bounds, CGRect(x: 0, y: 0, width: 390, height: 844))
        XCTAssertEqual(UIScreen.main.scale, 2)
    }
}
