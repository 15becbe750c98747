import XCTest
import FlipbookCore
import FlipbookLayout
import FlipbookAnimation
@testable import FlipbookSimulation
import Flipbook

/// The host boundary without UIKit: a host of the test's own (as a SwiftUI or web-view host
/// would be) plugs into a scene, is asked at its code steps with the simulation's values, and
/// what it answers is checked and applied as a script's steps are.
final class SceneHostTests: XCTestCase {
    /// Answers each code step with `answers[step.id]`, keeping what it was told.
    final class ScriptedHost: SceneHost, @unchecked Sendable {
        var answers: [[HostCommand]]
        var told: [(time: Double, itemIDs: [[String]], visibleItems: [(id: String, frame: Rect)])] = []
        init(_ answers: [[HostCommand]]) { self.answers = answers }
        func run(_ step: CodeStep, in context: CodeContext) throws -> [HostCommand] {
            told.append((context.time, context.itemIDs, context.visibleItems))
            return answers[step.id]
        }
    }

    /// A flow layout of 100 pt rows, 20 items, in a 300 × 400 view: rows 0–3 fill the view.
    func scene(host: ScriptedHost?, steps: [(Double, Int)]) -> Scene {
        let flow = FlowLayout(itemSize: Size(width: 300, height: 100), minimumLineSpacing: 0, minimumInteritemSpacing: 0)
        let items = (0..<20).map { ItemSpec(id: "i\($0)", title: "\($0)", color: .white) }
        let spec = CollectionViewSpec(frame: Rect(x: 0, y: 0, width: 300, height: 400), layout: flow, sections: [SectionSpec(id: "s", items: items)])
        var s = Scene(name: "hosted", canvas: Canvas(width: 300, height: 400), fps: 60, duration: 1.5, collectionView: spec,
                      script: steps.map { ScriptStep(time: $0.0, action: .code(CodeStep(id: $0.1))) })
        s.host = host
        return s
    }

    func testAHostsAnswerIsAppliedAtItsStep() throws {
        // Step 0 at 0.5 s scrolls to y = 200 over 0.5 s, linearly: at 0.75 s it is half way.
        let host = ScriptedHost([[.action(.scrollTo(x: nil, y: 200, timing: .curve(.linear, duration: 0.5)))]])
        let timeline = try Simulator.run(scene(host: host, steps: [(0.5, 0)]))
        let at = { (t: Double) in timeline.frames.first { abs($0.time - t) < 1e-9 }!.contentOffset.y }
        XCTAssertEqual(at(0.5), 0, accuracy: 1e-9)
        XCTAssertEqual(at(0.75), 100, accuracy: 1e-6)
        XCTAssertEqual(at(1.0), 200, accuracy: 1e-9)
        // It was told the moment, the data and what is on screen: rows 0-3 (y 0, 100, 200, 300).
        XCTAssertEqual(host.told.count, 1)
        XCTAssertEqual(host.told[0].time, 0.5, accuracy: 1e-9)
        XCTAssertEqual(host.told[0].itemIDs, [(0..<20).map { "i\($0)" }])
        XCTAssertEqual(host.told[0].visibleItems.map(\.id), ["i0", "i1", "i2", "i3"])
        XCTAssertEqual(host.told[0].visibleItems.map(\.frame.minY), [0, 100, 200, 300])
    }

    func testAHostsViewCommandsAreChecked() throws {
        // Each answer is refused whole, naming the step and the field, and nothing of it runs.
        let refused: [(HostCommand, String)] = [
            (.action(.setContentOffset(x: nil, y: .nan)), "$.script[0].contentOffset"),
            (.snapshot(.add(id: "s", item: "i0", frame: Rect(x: 0, y: .infinity, width: 10, height: 10))), "$.script[0].snapshot.frame.y"),
            (.moveView(id: "main", offset: Point(x: -.infinity, y: 0), timing: nil), "$.script[0].frame.x"),
            (.transition(.progress(.nan)), "$.script[0].transitionProgress"),
            (.action(.scrollTo(x: 0, y: 10, timing: .curve(.linear, duration: -1))), "$.script[0].duration"),
        ]
        for (command, path) in refused {
            let host = ScriptedHost([[.action(.setContentOffset(x: nil, y: 50)), command]])
            XCTAssertThrowsError(try Simulator.run(scene(host: host, steps: [(0.5, 0)])), "\(command)") { error in
                let e = error as? InputError
                XCTAssertEqual(e?.path, path, "\(command)")
                XCTAssertEqual(e?.file, "scene \"hosted\"")
            }
        }
    }

    /// A host that lays out the main view (200 pt rows where the scene's value says only
    /// "hosted"), installs an effect of its own and can report a problem of its making.
    final class LayingOutHost: SceneHost, @unchecked Sendable {
        final class Own: Effect {
            var attachedAfter: Int?
            func attach(to simulator: Simulator) { attachedAfter = simulator.effects.count }
        }
        var made: [Own] = []
        var problem: (path: String, message: String)?
        func run(_ step: CodeStep, in context: CodeContext) throws -> [HostCommand] { [] }
        func layout(ofView index: Int) -> (any CollectionViewLayout)? {
            index == 0 ? FlowLayout(itemSize: Size(width: 300, height: 200), minimumLineSpacing: 0, minimumInteritemSpacing: 0) : nil
        }
        func makeEffect() -> (any Effect)? { let e = Own(); made.append(e); return e }
    }

    func testAHostLaysOutItsViewAndRunsItsOwnEffect() throws {
        let host = LayingOutHost()
        var s = scene(host: nil, steps: [])
        s.collectionView.layout = HostedLayout()
        s.host = host
        let frame = try Simulator.run(s, frames: 0...0).frames[0]
        // Rows of the host's 200 pt: items 0 and 1 fill the 400 pt view, item 1 at y = 200.
        XCTAssertEqual(frame.items.filter { $0.id.hasPrefix("i") }.map(\.id), ["i0", "i1"])
        XCTAssertEqual(frame.items.first { $0.id == "i1" }?.frame.minY, 200)
        // Its effect is made for the simulation and installed (the only one: the scene has none).
        XCTAssertEqual(host.made.count, 1)
        XCTAssertEqual(host.made[0].attachedAfter, 1)
        // A problem it met making the scene refuses it, under the host's path.
        host.problem = ("$.collectionView", "a thing the host cannot draw")
        s.host = host  // set again: a scene remembers that it passed until it is changed
        XCTAssertThrowsError(try s.validate()) { XCTAssertEqual("\($0)", "scene \"hosted\": $.collectionView: a thing the host cannot draw") }
        // Without the host the view has no layout: refused naming it.
        s.host = nil
        XCTAssertThrowsError(try s.validate()) {
            XCTAssertEqual("\($0)", "scene \"hosted\": $.collectionView.layout: \(Scene.noHostLayout)")
        }
    }

    func testACodeStepNeedsAHost() {
        XCTAssertThrowsError(try scene(host: nil, steps: [(0.2, 0)]).validate()) { error in
            XCTAssertEqual("\(error)", "scene \"hosted\": $.script[0]: expected a code step of this scene's own app code (a UIKit scene's script run in another scene has no host to run it)")
        }
    }
}
