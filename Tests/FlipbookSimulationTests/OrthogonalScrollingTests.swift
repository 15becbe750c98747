import XCTest
import FlipbookCore
import FlipbookLayout
import FlipbookAnimation
@testable import FlipbookSimulation
@testable import FlipbookSceneFile

/// Orthogonal sections and paging scroll views come to rest where UIKit's rules say, after
/// flicks of several speeds, without the content speeding up when the finger lets go.
final class OrthogonalScrollingTests: XCTestCase {
    let width = 375.0
    var groupWidth: Double { 0.8 * (width - 32) }
    var stride: Double { groupWidth + 10 }

    func carouselScene(_ behavior: String, velocity: Double) throws -> Scene {
        let layout = """
        {"type": "compositional", "sections": [{"group": {"direction": "horizontal",
          "size": {"width": {"fractionalWidth": 0.8}, "height": {"absolute": 200}},
          "items": [{"size": {"width": {"fractionalWidth": 1}, "height": {"fractionalHeight": 1}}}]},
          "interGroupSpacing": 10, "contentInsets": {"top": 0, "leading": 16, "bottom": 0, "trailing": 16},
          "orthogonalScrollingBehavior": "\(behavior)"}]}
        """
        let items = "[" + (0..<8).map { #"{"id": "c\#($0)"}"# }.joined(separator: ", ") + "]"
        let script = #"[{"at": 0.2, "action": "flick", "from": {"x": 300, "y": 100}, "velocity": {"x": \#(-velocity), "y": 0}, "duration": 0.15}]"#
        return try decode(minimalScene(items: items, layout: layout, script: script).replacingOccurrences(of: #""duration": 1,"#, with: #""duration": 4,"#))
    }

    /// (section scroll offset per frame, release frame)
    func offsets(_ scene: Scene) throws -> [Double] {
        let t = try Simulator.run(scene)
        return t.frames.map { f in f.scrollViews.first { $0.id == "collectionView.section0" }!.contentOffset.x }
    }

    func testEachBehaviourRestsOnItsPlaces() throws {
        func centred(_ g: Int) -> Double { 16 + Double(g) * stride + groupWidth / 2 - width / 2 }
        let cases: [(String, (Int) -> Double, Double)] = [
            ("paging", { Double($0) * self.width }, 0),
            ("groupPaging", { Double($0) * self.stride }, 0),
            ("groupPagingCentered", centred, centred(0)),
            ("continuousGroupLeadingBoundary", { Double($0) * self.stride }, 0),
        ]
        for (behavior, place, start) in cases {
            for velocity in [150.0, 700, 1500, 4000] {
                let o = try offsets(try carouselScene(behavior, velocity: velocity))
                XCTAssertEqual(o[0], start, accuracy: 1e-9, "\(behavior) starts at rest")
                let end = o.last!
                let g = (0..<8).min { abs(place($0) - end) < abs(place($1) - end) }!
                // Or at the end of the content, where the last groups cannot reach the leading edge.
                let maxOffset = 16 + 8 * groupWidth + 7 * 10 + 16 - width
                if abs(end - maxOffset) < 1e-6 && behavior == "continuousGroupLeadingBoundary" { continue }
                XCTAssertEqual(end, place(g), accuracy: 1e-6, "\(behavior) at \(velocity) pt/s rests on a place, got \(end)")
                if behavior != "continuousGroupLeadingBoundary" {
                    XCTAssertLessThanOrEqual(g, 1, "\(behavior) at \(velocity): one page or group a drag")
                    if velocity >= 1500 { XCTAssertEqual(g, 1, "\(behavior): a flick reaches the next place") }
                }
                if velocity == 150 { XCTAssertEqual(g, 0, "\(behavior): a slow drag of \(NumberFormat.short(o[21] - start)) pt snaps back") }
                // A flick does not speed the content up when released: no frame's step after it
                // is larger than the fastest step the finger made (plus a little for sampling).
                guard velocity >= 700 else { continue }
                let release = Int((0.35 * 60).rounded(.up))
                let fingerStep = (1...release).map { abs(o[$0] - o[$0 - 1]) }.max()!
                let after = (release + 1..<o.count).map { abs(o[$0] - o[$0 - 1]) }.max()!
                XCTAssertLessThanOrEqual(after, fingerStep * 1.1 + 0.5, "\(behavior) at \(velocity): no jump in speed at release")
            }
        }
    }

    /// The main scroll view's isPagingEnabled: pages of its bounds, at most one a drag.
    func testPagingScrollView() throws {
        for (script, page) in [
            (#"{"at": 0.2, "action": "drag", "from": {"x": 300, "y": 100}, "to": {"x": 170, "y": 100}, "duration": 0.8, "holdAfter": 0.2}"#, 0.0),
            (#"{"at": 0.2, "action": "drag", "from": {"x": 300, "y": 100}, "to": {"x": 90, "y": 100}, "duration": 0.8, "holdAfter": 0.2}"#, 1),
            (#"{"at": 0.2, "action": "flick", "from": {"x": 300, "y": 100}, "velocity": {"x": -600, "y": 0}, "duration": 0.15}"#, 1),
            (#"{"at": 0.2, "action": "flick", "from": {"x": 300, "y": 100}, "velocity": {"x": -5000, "y": 0}, "duration": 0.1}"#, 1),
        ] {
            let layout = #"{"type": "flow", "scrollDirection": "horizontal", "itemSize": {"width": 375, "height": 667}, "minimumLineSpacing": 0, "minimumInteritemSpacing": 0}"#
            let items = "[" + (0..<4).map { #"{"id": "p\#($0)"}"# }.joined(separator: ", ") + "]"
            let text = minimalScene(collectionView: #", "isPagingEnabled": true"#, items: items, layout: layout, script: "[\(script)]")
                .replacingOccurrences(of: #""duration": 1,"#, with: #""duration": 3,"#)
            let t = try Simulator.run(try decode(text))
            XCTAssertEqual(t.frames.last!.contentOffset.x, page * 375, accuracy: 1e-9, script)
            XCTAssertEqual(t.frames.last!.contentOffset.y, 0)
        }
    }

    /// Released toward a target: the velocity is kept, the motion ends exactly there.
    func testReleaseTowardATarget() {
        for (v, target) in [(900.0, 300.0), (900, 600), (100, 375), (-400, 375), (0, 375)] {
            let m = ReleaseMotion(position: 50, velocity: v, time: 1, target: target)
            XCTAssertEqual(m.velocity(at: 1), v, accuracy: 1e-9, "v \(v) → \(target)")
            XCTAssertEqual(m.position(at: 1), 50, accuracy: 1e-9)
            XCTAssertEqual(m.position(at: m.endTime + 1e-6), target)
            XCTAssertLessThan(abs(m.position(at: m.endTime - 1e-6) - target), 0.01)
            XCTAssertLessThanOrEqual(m.endTime - 1, ReleaseMotion.longestGlide + 1e-9)
            if v * (target - 50) > 0 && 2 * (target - 50) / v <= ReleaseMotion.longestGlide {
                // Toward the target it only slows down.
                let speeds = Swift.stride(from: 1.0, to: m.endTime, by: 0.01).map { abs(m.velocity(at: $0)) }
                XCTAssertTrue(zip(speeds, speeds.dropFirst()).allSatisfy { $1 <= $0 + 1e-9 }, "v \(v) → \(target) slows down")
            }
        }
    }

    /// A vertical drag that starts on the carousel scrolls the page; a sideways one the carousel.
    func testDragsChooseTheirScrollView() throws {
        let layout = """
        {"type": "compositional", "sections": [{"group": {"direction": "horizontal",
          "size": {"width": {"fractionalWidth": 0.8}, "height": {"absolute": 200}},
          "items": [{"size": {"width": {"fractionalWidth": 1}, "height": {"fractionalHeight": 1}}}]},
          "orthogonalScrollingBehavior": "continuous"},
          {"group": {"direction": "horizontal", "size": {"width": {"fractionalWidth": 1}, "height": {"absolute": 100}},
          "items": [{"size": {"width": {"fractionalWidth": 1}, "height": {"fractionalHeight": 1}}}]}}]}
        """
        let sections = #", "sections": [{"id": "a", "items": [{"id": "a0"}, {"id": "a1"}, {"id": "a2"}]}, {"id": "b", "items": ["# +
            (0..<20).map { #"{"id": "b\#($0)"}"# }.joined(separator: ", ") + "]}]"
        for (to, carousel, page) in [((200.0, 0.0), true, false), ((300, -100), false, true)] {
            let script = #"[{"at": 0.1, "action": "drag", "from": {"x": 300, "y": 150}, "to": {"x": \#(to.0), "y": \#(to.1 + 150)}, "duration": 0.5, "holdAfter": 0.3}]"#
            var text = minimalScene(collectionView: sections, items: "[]", layout: layout, script: script)
            text = text.replacingOccurrences(of: #""items": [] , "sections""#, with: #""sections""#)
            let t = try Simulator.run(try decode(text))
            let last = t.frames.last!
            let section = last.scrollViews.first { $0.id == "collectionView.a" }!.contentOffset.x
            XCTAssertEqual(section > 50, carousel, "carousel moved \(section)")
            XCTAssertEqual(last.contentOffset.y > 50, page, "page moved \(last.contentOffset.y)")
        }
    }

    /// A scene built in code is checked like a file: a NaN fraction is named, nothing traps.
    func testCodeBuiltCompositionalSceneIsValidated() throws {
        var scene = try carouselScene("paging", velocity: 100)
        var layout = scene.collectionView.layout as! CompositionalLayout
        layout.sections[0].group.layoutSize.widthDimension = .fractionalWidth(.nan)
        scene.collectionView.layout = layout
        XCTAssertThrowsError(try Simulator(scene: scene)) { e in
            XCTAssertEqual((e as? InputError)?.path, "$.collectionView.layout.sections[0].group.size.width.fractionalWidth")
        }
    }
}
