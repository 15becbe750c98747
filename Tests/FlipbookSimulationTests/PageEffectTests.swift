import Foundation
import XCTest
import FlipbookCore
import FlipbookLayout
import FlipbookAnimation
import FlipbookGraphics
@testable import FlipbookSimulation
@testable import FlipbookEffects
@testable import FlipbookSceneFile
import Flipbook

final class ExpandCollapseTests: XCTestCase {
    /// Cell heights of the example, in order; the list starts 12 below the view's top, 12 apart.
    let heights: [Double] = [160, 100, 80, 120, 90, 100, 80, 100, 90, 120, 80, 100]
    let ids = ["member", "orders", "coupons", "address", "history", "favorites", "service", "invoice", "payment", "security", "settings", "about"]

    func contentY(_ index: Int, memberHeight: Double) -> Double {
        var y = 12.0
        for i in 0..<index { y += (i == 0 ? memberHeight : heights[i]) + 12 }
        return y
    }

    func testFramesAtStartMiddleAndEndOfEachToggle() throws {
        let scene = try loadExample("expand-collapse")
        let (sim, frames) = try runAll(scene)
        let offset = frames[80].contentOffset.y
        XCTAssertEqual(offset, frames.last!.contentOffset.y, "the list stays scrolled where the drag left it")
        // Taps are recognised at lift: 1.48 s, 2.48 s, 3.48 s (the tap lasts 0.08 s).
        for (start, from, to) in [(1.48, 160.0, 260.0), (2.48, 260, 160), (3.48, 160, 260)] {
            for (t, fraction) in [(start, 0.0), (start + 0.15, 0.5), (start + 0.3, 1.0), (start + 0.075, TimingCurve.easeInEaseOut.value(at: 0.25))] {
                let sim2 = try Simulator(scene: scene)
                sim2.advance(to: t)
                let items = sim2.drawItems(at: t)
                let h = from + (to - from) * fraction
                for (i, id) in ids.enumerated() {
                    let y0 = contentY(i, memberHeight: from), y1 = contentY(i, memberHeight: to)
                    let expected = 20 - offset + y0 + (y1 - y0) * fraction
                    if let cell = items.first(where: { $0.id == id }) {
                        XCTAssertEqual(cell.frame.minY, expected, accuracy: 1e-6, "\(id) at \(t) s")
                        XCTAssertEqual(cell.frame.height, i == 0 ? h : heights[i], accuracy: 1e-6)
                        XCTAssertEqual(cell.frame.minX, 12)
                    } else {
                        XCTAssertTrue(expected >= 667 || expected + (i == 0 ? h : heights[i]) <= 20, "\(id) missing but on screen at \(t) s")
                    }
                }
            }
        }
        // Content size follows: 12 + Σ heights + 11 × 12 + 12.
        let cv = sim.collectionView
        let others: Double = heights.dropFirst().reduce(0, +)
        let expectedHeight: Double = 12 + 260 + others + 11 * 12 + 12
        XCTAssertEqual(cv.layout.collectionViewContentSize.height, expectedHeight)
        XCTAssertEqual(cv.scrollView.contentSize.height, cv.layout.collectionViewContentSize.height)
        // One cell for the card on every frame (no second copy on top), always opaque.
        for f in frames {
            XCTAssertEqual(f.items.filter { $0.id == "member" }.count, f.items.contains { $0.id == "member" } ? 1 : 0)
            XCTAssertTrue(f.items.filter { $0.id == "member" }.allSatisfy { $0.alpha == 1 && !$0.hidden })
        }
        assertNoFlickerOrJumps(frames, clip: scene.collectionView.frame)
    }

    /// During the collapse, cells below the screen come on screen along their path from their
    /// real old place (the article's pitfall 2 is absent).
    func testCellsEnteringDuringCollapseSlideInFromBelow() throws {
        let scene = try loadExample("expand-collapse")
        let (_, frames) = try runAll(scene)
        let offset = frames[80].contentOffset.y
        let start = 2.48
        var entered = 0
        for (i, id) in ids.enumerated() {
            let y0 = 20 - offset + contentY(i, memberHeight: 260), y1 = 20 - offset + contentY(i, memberHeight: 160)
            guard y0 >= 667, y1 < 667 else { continue }  // off screen before, on screen after
            entered += 1
            var seen = 0
            for f in frames where f.time > start && f.time <= start + 0.3 + 1e-9 {
                let fraction = TimingCurve.easeInEaseOut.value(at: (f.time - start) / 0.3)
                let y = y0 + (y1 - y0) * fraction
                if let cell = f.items.first(where: { $0.id == id }) {
                    XCTAssertEqual(cell.frame.minY, y, accuracy: 1e-6, "\(id) on its path at \(f.time) s")
                    seen += 1
                } else {
                    XCTAssertGreaterThanOrEqual(y, 667, "\(id) is only missing while still below the screen")
                }
            }
            XCTAssertGreaterThan(seen, 3)
        }
        XCTAssertGreaterThan(entered, 0, "the example brings at least one cell on screen during the collapse")
    }

    /// expand-collapse-short's last taps: a fold opening (tap lifts at 5.08 s) is tapped again on
    /// the button where the cell is going (lifts at 5.23 s). UIKit's additive animations leave
    /// the opening to finish and add the collapse on top, so the height is
    /// 160 + 400 × (f(t − 5.08) − f(t − 5.23)), f the 0.3 s ease-in-ease-out: it slows, turns
    /// and comes back with no step in its speed, instead of turning round in one frame.
    func testASecondTapDuringTheFoldTurnsItBackFromWhereItIs() throws {
        let scene = try loadExample("expand-collapse-short")
        let (_, frames) = try runAll(scene)
        func f(_ t: Double) -> Double { TimingCurve.easeInEaseOut.value(at: min(1, max(0, t / 0.3))) }
        var heights: [Double] = []
        for frame in frames where frame.time >= 5.0 && frame.time <= 5.6 {
            let h = frame.items.first { $0.id == "member" }!.frame.height
            XCTAssertEqual(h, 160 + 400 * (f(frame.time - 5.08) - f(frame.time - 5.23)), accuracy: 1e-6, "at \(frame.time) s")
            heights.append(h)
        }
        let steps = zip(heights.dropFirst(), heights).map { $0 - $1 }
        let peak = heights.firstIndex(of: heights.max()!)!
        XCTAssertGreaterThan(heights[peak], 300, "it was well on its way")
        XCTAssertLessThan(heights[peak], 560, "and turned back before the end")
        for (k, pair) in zip(steps.dropFirst(), steps).enumerated() {
            XCTAssertLessThan(abs(pair.0 - pair.1), 12, "speed changes smoothly at frame \(k)")
        }
        XCTAssertEqual(heights.last!, 160, accuracy: 1e-9)
    }

    /// expand-collapse-short: a 400 pt fold. Collapsing brings three off-screen cells in at once,
    /// each on its straight eased path from its real place; collapsing while scrolled to the end
    /// leaves content (622) shorter than the view (647), and the offset follows to 0 on the same curve.
    func testTallFoldAndContentShorterThanTheView() throws {
        let scene = try loadExample("expand-collapse-short")
        let (sim, frames) = try runAll(scene)
        let heights = [160.0, 100, 80, 120, 90], names = ["member", "orders", "coupons", "address", "history"]
        func y(_ i: Int, member: Double) -> Double {
            var total = 12.0
            for k in 0..<i { total += (k == 0 ? member : heights[k]) + 12 }
            return total
        }
        func cell(_ f: TimelineFrame, _ id: String) -> DrawItem? { f.items.first { $0.id == id } }
        XCTAssertEqual(sim.collectionView.layout.collectionViewContentSize.height, y(5, member: 160))
        XCTAssertEqual(y(5, member: 160), 622)
        // The first collapse (tap lifts at 1.38 s): coupons, address and history start below the
        // 667 pt canvas and all end on screen, each at eased progress of the same 0.3 s.
        let start = 1.38
        let entering = (2...4).filter { 20 + y($0, member: 560) >= 667 && 20 + y($0, member: 160) < 667 }
        XCTAssertEqual(entering, [2, 3, 4], "three cells enter together")
        var seenTogether = 0
        for f in frames where f.time > start && f.time < start + 0.3 {
            let u = TimingCurve.easeInEaseOut.value(at: (f.time - start) / 0.3)
            XCTAssertEqual(cell(f, "member")!.frame.height, 560 + (160 - 560) * u, accuracy: 1e-6)
            var onScreen = 0
            for i in entering {
                let expected = 20 + y(i, member: 560) + (y(i, member: 160) - y(i, member: 560)) * u
                if let c = cell(f, names[i]) {
                    XCTAssertEqual(c.frame.minY, expected, accuracy: 1e-6, "\(names[i]) at \(f.time)")
                    if c.frame.minY < 667 { onScreen += 1 }
                } else {
                    XCTAssertGreaterThanOrEqual(expected, 667, "\(names[i]) missing while on screen at \(f.time)")
                }
            }
            if onScreen == 3 { seenTogether += 1 }
        }
        XCTAssertGreaterThan(seenTogether, 3, "all three on screen, still sliding, for several frames")
        // Scrolled to the end while expanded, then collapsed (tap lifts at 4.48 s): the offset
        // goes from where the drag left it to 0 — the most a 622 pt content allows in a 647 pt
        // view — on the cell's own curve, and ends exactly there.
        let scrolled = frames[260].contentOffset.y
        XCTAssertGreaterThan(scrolled, 300)
        for f in frames where f.time > 4.48 && f.time <= 4.78 + 1e-9 {
            let u = TimingCurve.easeInEaseOut.value(at: min(1, (f.time - 4.48) / 0.3))
            XCTAssertEqual(f.contentOffset.y, scrolled * (1 - u), accuracy: 1e-6, "offset at \(f.time)")
            XCTAssertEqual(cell(f, "member")!.frame.height, 560 + (160 - 560) * u, accuracy: 1e-6)
        }
        XCTAssertEqual(frames.last!.contentOffset.y, 0)
        for (i, id) in names.enumerated() { XCTAssertEqual(cell(frames.last!, id)!.frame.minY, 20 + y(i, member: 160)) }
        assertNoFlickerOrJumps(frames, clip: scene.collectionView.frame)
    }
}

final class PullForMoreTests: XCTestCase {
    func states(_ f: TimelineFrame) -> [String: ScrollViewState] { Dictionary(uniqueKeysWithValues: f.scrollViews.map { ($0.id, $0) }) }

    func check(_ name: String, threshold: Double, swap: Double, detailExit: Double, moreBelow: Double, jumps: Bool = false) throws {
        let scene = try loadExample(name)
        let (sim, frames) = try runAll(scene)
        let effect = sim.effects.first as! PullForMoreEffect
        XCTAssertEqual(effect.swapTimes.count, 2, "\(name): swap and swap back")
        // The swap starts on the first frame where the detail's offset passes the threshold, not before.
        let first = frames.firstIndex { states($0)["detail"]!.contentOffset.y > threshold }!
        XCTAssertLessThanOrEqual(effect.swapTimes[0], frames[first].time + 1e-9)
        XCTAssertGreaterThan(effect.swapTimes[0], frames[first - 1].time)
        XCTAssertTrue(frames[..<first].allSatisfy { states($0)["detail"]!.frame.minY == 64 && states($0)["more"]!.frame.minY == moreBelow })
        // The first pull stays below the threshold and springs back: nothing swapped before it.
        XCTAssertGreaterThan(frames[..<first].map { states($0)["detail"]!.contentOffset.y }.max()!, threshold - 40)
        // Page frames at the start and end of each swap.
        let sw = effect.swapTimes[0]
        let end = frames.first { $0.time >= sw + swap - 1e-9 }!
        XCTAssertEqual(states(end)["detail"]!.frame.minY, detailExit)
        XCTAssertEqual(states(end)["more"]!.frame.minY, 64)
        let back = effect.swapTimes[1]
        let home = frames.first { $0.time >= back + swap - 1e-9 }!
        XCTAssertEqual(states(home)["detail"]!.frame.minY, 64)
        XCTAssertEqual(states(home)["more"]!.frame.minY, moreBelow)
        XCTAssertEqual(states(frames.last!)["more"]!.contentOffset.y, 0, accuracy: 1e-9, "the header closed")
        // Refresh header text at each stage.
        func header(_ f: TimelineFrame) -> String? {
            guard case .text(let t) = f.items.first(where: { $0.id == "m.refresh" })?.appearance.content.first else { return nil }
            return t.text
        }
        let pullStart = 3.6, release = 3.6 + 0.9
        try checkHeaderArrow(frames, release: release)
        XCTAssertEqual(header(frames.first { $0.time > pullStart + 0.15 }!), "下拉可以刷新", "pulled less than 54 pt")
        XCTAssertEqual(header(frames.last { $0.time < release }!), "松开立即刷新", "pulled past 54 pt")
        XCTAssertEqual(header(frames.first { $0.time > release + 0.05 }!), "正在刷新数据中...")
        // MJRefreshHeader's headerRefreshingAction: open to −54 in 0.25 s (ease-in-ease-out from
        // where the release left it); the refresh starts open, and the article ends it 1 s later.
        XCTAssertEqual(effect.refreshStartTimes, [release + 0.25])
        XCTAssertEqual(back, release + 0.25 + 1, accuracy: 1e-9, "open in 0.25 s, a 1 s refresh, then the pages swap back")
        let released = frames.last { $0.time <= release + 1e-9 }!
        let y0 = states(released)["more"]!.contentOffset.y
        XCTAssertLessThan(y0, -54, "released past the header's height")
        for f in frames where f.time > release && f.time < release + 0.25 {
            let u = TimingCurve.easeInEaseOut.value(at: (f.time - release) / 0.25)
            XCTAssertEqual(states(f)["more"]!.contentOffset.y, y0 + (-54 - y0) * u, accuracy: 1e-6, "opening at \(f.time)")
        }
        let refreshing = frames.filter { $0.time >= release + 0.25 - 1e-9 && $0.time < back }
        XCTAssertTrue(refreshing.allSatisfy { abs(states($0)["more"]!.contentOffset.y + 54) < 1e-9 }, "held open at −54 while refreshing")
        if !jumps { assertNoFlickerOrJumps(frames, clip: Rect(x: 0, y: 0, width: 375, height: 667)) }
    }

    /// MJRefreshNormalHeader's arrow: down (0) while the pull is short, turned to −π (up, turning
    /// counter-clockwise) in 0.25 s from the frame the title says "松开立即刷新", and a spinner in
    /// its place while refreshing.
    func checkHeaderArrow(_ frames: [TimelineFrame], release: Double) throws {
        func element(_ f: TimelineFrame) -> Element? { f.items.first { $0.id == "m.refresh" }?.appearance.content.last }
        func rotation(_ f: TimelineFrame) -> Double? { if case .arrow(let a) = element(f) { return a.rotation }; return nil }
        func title(_ f: TimelineFrame) -> String? {
            if case .text(let t) = f.items.first(where: { $0.id == "m.refresh" })?.appearance.content.first { return t.text }
            return nil
        }
        guard let crossed = frames.firstIndex(where: { title($0) == "松开立即刷新" }) else { return XCTFail("never pulled past") }
        let t0 = frames[crossed].time
        XCTAssertTrue(frames[..<crossed].allSatisfy { rotation($0) == 0 || rotation($0) == nil }, "down before the threshold")
        let turning = frames[crossed...].prefix { $0.time < t0 + 0.25 - 1 / 60.0 && $0.time < release }
        XCTAssertGreaterThanOrEqual(turning.count, 10)
        var previous = 0.0
        for f in turning {
            let r = try XCTUnwrap(rotation(f))
            XCTAssertLessThan(r, previous + 1e-12, "turning one way (counter-clockwise) at \(f.time)")
            XCTAssertGreaterThan(r, -Double.pi)
            previous = r
        }
        let half = try XCTUnwrap(frames.first { $0.time >= t0 + 0.125 - 1e-9 }.flatMap(rotation))
        XCTAssertEqual(half, -Double.pi / 2, accuracy: 0.4, "half-way after half the 0.25 s")
        let done = frames.filter { $0.time >= t0 + 0.25 && $0.time < release }
        XCTAssertFalse(done.isEmpty)
        for f in done { XCTAssertEqual(try XCTUnwrap(rotation(f)), -Double.pi, accuracy: 1e-9) }
        let refreshing = try XCTUnwrap(frames.first { $0.time > release + 0.1 })
        guard case .spinner = element(refreshing) else { return XCTFail("a spinner while refreshing") }
    }

    func testViewVersion() throws {
        try check("pull-for-more", threshold: 104, swap: 0.3, detailExit: -667, moreBelow: 667)
    }

    /// A second refresh: the pages swapped to the more page again and pulled again, the header's
    /// second line reads the time the first refresh ended (`lastUpdated`), not "无记录", and the
    /// refresh opens and ends on the same clock (open 0.25 s after release, swap back 1 s later).
    func testASecondRefreshShowsTheLastUpdate() throws {
        let url = packageRoot.appendingPathComponent("examples/pull-for-more.json")
        var json = try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as! [String: Any]
        var script = json["script"] as! [[String: Any]]
        var drag = script[1], pull = script[2]
        drag["at"] = 6.8
        pull["at"] = 8.4
        script += [drag, pull]
        json["script"] = script
        json["duration"] = 11.4
        let scene = try SceneDecoder().decode([UInt8](try JSONSerialization.data(withJSONObject: json)), file: "pull-for-more-twice.json")
        let (sim, frames) = try runAll(scene)
        let effect = sim.effects.first as! PullForMoreEffect
        XCTAssertEqual(effect.swapTimes.count, 4)
        XCTAssertEqual(effect.refreshStartTimes, [4.5 + 0.25, 9.3 + 0.25])
        XCTAssertEqual(effect.swapTimes[3], 9.3 + 0.25 + 1, accuracy: 1e-9)
        func lines(_ f: TimelineFrame) -> [String] {
            f.items.first { $0.id == "m.refresh" }?.appearance.content.compactMap { if case .text(let t) = $0 { return t.text } else { return nil } } ?? []
        }
        let second = try XCTUnwrap(frames.first { $0.time > 8.6 && lines($0).first == "松开立即刷新" })
        XCTAssertEqual(lines(second), ["松开立即刷新", "最后更新：今天 09:41"])
    }

    /// The header as MJRefreshNormalHeader draws it (MJRefreshConst.h, MJRefreshStateHeader.m,
    /// MJRefreshNormalHeader.m): both labels bold 14 pt RGB(90, 90, 90), centred in the halves of
    /// the 54 pt header (13.5 and 40.5); "无记录" until a refresh has ended; the arrow 25 pt left of
    /// the wider label's text; at the end of the refresh the spinner fades out over 0.4 s, no
    /// arrow shown, and the arrow is back (pointing down) after.
    func testHeaderLooksAndTimesLikeMJRefresh() throws {
        let (sim, frames) = try runAll(try loadExample("pull-for-more"))
        let effect = sim.effects.first as! PullForMoreEffect
        let end = effect.swapTimes[1]
        func header(_ f: TimelineFrame) -> DrawItem? { f.items.first { $0.id == "m.refresh" } }
        func labels(_ f: TimelineFrame) -> [TextElement] {
            header(f)?.appearance.content.compactMap { if case .text(let t) = $0 { return t } else { return nil } } ?? []
        }
        let pulling = try XCTUnwrap(frames.first { labels($0).first?.text == "松开立即刷新" })
        let l = labels(pulling)
        XCTAssertEqual(l.map(\.text), ["松开立即刷新", "最后更新：无记录"])
        for t in l {
            XCTAssertEqual(t.fontSize, 14)
            XCTAssertEqual(t.weight, .bold)
            XCTAssertEqual(t.color, Color(red: 90 / 255, green: 90 / 255, blue: 90 / 255))
            XCTAssertEqual(t.alignment, .center)
            XCTAssertEqual(t.frame.width, 375)
        }
        XCTAssertEqual(l.map(\.frame.midY), [13.5, 40.5])
        let arrow = try XCTUnwrap(header(pulling)?.appearance.content.last.flatMap { if case .arrow(let a) = $0 { return a } else { return nil } })
        let wider = try ["松开立即刷新", "最后更新：无记录"].map { try Typesetter.naturalWidth(of: $0, fontSize: 14, weight: .bold) }.max()!
        XCTAssertEqual(arrow.frame.midX, 375 / 2 - wider / 2 - 25, accuracy: 1e-9)
        XCTAssertEqual(arrow.frame.midY, 27, accuracy: 1e-9)
        XCTAssertEqual(arrow.frame.height, 23, "arrow@2x.png's 46 px at 2x")
        XCTAssertEqual(arrow.color, Color(red: 90 / 255, green: 90 / 255, blue: 90 / 255))
        // The refresh's end: the spinner fades (ease-in-ease-out over 0.4 s), then the arrow.
        var fading = 0
        for f in frames where f.time > end && f.time < end + 0.4 - 1e-9 {
            guard let last = header(f)?.appearance.content.last else { continue }
            guard case .spinner(let s) = last else { XCTFail("a fading spinner, not an arrow, at \(f.time)"); continue }
            XCTAssertEqual(s.color.alpha, 1 - TimingCurve.easeInEaseOut.value(at: (f.time - end) / 0.4), accuracy: 1e-9)
            XCTAssertEqual(labels(f).map(\.text), ["下拉可以刷新", "最后更新：今天 09:41"])
            fading += 1
        }
        XCTAssertGreaterThan(fading, 20)
        // Off screen by the end: the header's own content says what it shows.
        let after = try XCTUnwrap(sim.view("more")?.item("m.refresh")?.content.last)
        guard case .arrow(let rotation, _) = after.kind, rotation == 0 else { return XCTFail("the arrow, down, after the fade") }
    }

    func testViewControllerVersion() throws {
        try check("pull-for-more-vc", threshold: 144, swap: 0.6, detailExit: 64 - 563, moreBelow: 64 + 563)
        let (_, frames) = try runAll(try loadExample("pull-for-more-vc"))
        func nav(_ f: TimelineFrame) -> String { f.items.first { $0.id == "nav" }!.appearance.content.compactMap { if case .text(let t) = $0 { return t.text }; return nil }.first! }
        XCTAssertEqual(nav(frames[0]), "Detail")
        XCTAssertEqual(nav(frames[200]), "More")
        XCTAssertEqual(nav(frames.last!), "Detail")
        XCTAssertEqual(frames[0].items.first { $0.id == "cart" }!.frame, Rect(x: 0, y: 627, width: 375, height: 40))
    }

    /// `"transition": "none"`: the article's own UIViewAnimationOptionTransitionNone swap — each
    /// page is either in place or gone, never in between, and the title switches with it.
    func testViewControllerVersionWithoutTransition() throws {
        try check("pull-for-more-vc-none", threshold: 144, swap: 0, detailExit: 64 - 563, moreBelow: 64 + 563, jumps: true)
        let (_, frames) = try runAll(try loadExample("pull-for-more-vc-none"))
        for f in frames {
            let s = states(f)
            XCTAssertTrue([64, 64 - 563].contains(s["detail"]!.frame.minY), "detail at \(s["detail"]!.frame.minY), frame \(f.index)")
            XCTAssertTrue([64, 64 + 563].contains(s["more"]!.frame.minY), "more at \(s["more"]!.frame.minY), frame \(f.index)")
            XCTAssertEqual(s["detail"]!.frame.minY == 64, s["more"]!.frame.minY != 64, "exactly one page shows, frame \(f.index)")
        }
        let swapped = frames.firstIndex { states($0)["more"]!.frame.minY == 64 }!
        func nav(_ f: TimelineFrame) -> String? { f.items.first { $0.id == "nav" }?.appearance.content.compactMap { if case .text(let t) = $0 { return t.text }; return nil }.first }
        XCTAssertEqual(nav(frames[swapped - 1]), "Detail")
        XCTAssertEqual(nav(frames[swapped]), "More")
    }

    func testTransitionIsForTheViewControllerVersion() throws {
        var text = try String(contentsOf: packageRoot.appendingPathComponent("examples/pull-for-more.json"), encoding: .utf8)
        text = text.replacingOccurrences(of: #""type": "pullForMore","#, with: #""type": "pullForMore", "transition": "none","#)
        XCTAssertThrowsError(try decode(text, file: "p.json")) { e in
            XCTAssertEqual("\(e)", #"p.json:12:40: $.effect.transition: expected no "transition" with style "view": it applies to style "viewController""#)
        }
    }
}
