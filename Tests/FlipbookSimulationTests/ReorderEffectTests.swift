import XCTest
import FlipbookCore
import FlipbookLayout
import FlipbookAnimation
@testable import FlipbookSimulation
@testable import FlipbookEffects
@testable import FlipbookSceneFile
import Flipbook

final class JiggleReorderTests: XCTestCase {
    func cell(_ f: TimelineFrame, _ id: String) -> DrawItem { f.items.first { $0.id == id }! }

    /// The grid of effect 2: columns at x 13 and 195, rows 182 apart.
    func slot(_ i: Int) -> Point { Point(x: i % 2 == 0 ? 13 : 195, y: Double(i / 2) * 182) }

    func testJiggleReorderExample() throws {
        let scene = try loadExample("jiggle-reorder")
        let (sim, frames) = try runAll(scene)
        // Before: item i in slot i.
        for i in 0..<8 { XCTAssertEqual(cell(frames[0], "item\(i)").frame.origin, slot(i)) }
        // Jiggle from 0.9 s (0.4 s + 0.5 s press): every cell in phase, piecewise linear, period 0.2 s.
        XCTAssertEqual(cell(frames[53], "item3").rotation, 0, "not yet")
        for i in [54, 57, 60, 63, 66, 80, 101] {
            let local = (Double(i) / 60 - 0.9).truncatingRemainder(dividingBy: 0.2) / 0.2
            let expected = local < 0.5 ? -0.03 + 0.12 * local : 0.03 - 0.12 * (local - 0.5)
            for id in ["item1", "item4", "item7"] { XCTAssertEqual(cell(frames[i], id).rotation, expected, accuracy: 1e-9, "\(id) at frame \(i)") }
        }
        // During: the finger rests over slot 1 (1.6 s + 0.5 s): item 0 is there, item 1 re-flowed to slot 0.
        let during = frames[130]
        XCTAssertEqual(cell(during, "item0").frame.center, Point(x: 278, y: 83), "centre = finger")
        XCTAssertEqual(cell(during, "item0").zIndex, Int(Int32.max), "drawn above all others")
        XCTAssertEqual(cell(during, "item1").frame.origin, slot(0))
        XCTAssertEqual(cell(during, "item2").frame.origin, slot(2))
        // After release (4.3 s) and the 0.25 s settle: item 0 in item 5's slot, the rest shifted up one.
        let after = frames[280]
        let firstOrder = ["item1", "item2", "item3", "item4", "item5", "item0", "item6", "item7", "item8", "item9", "item10", "item11"]
        for (i, id) in firstOrder.prefix(8).enumerated() { XCTAssertEqual(cell(after, id).frame.origin, slot(i), id) }
        // Jiggling stops for every cell at release — and stays off through the quick drag at
        // 4.8 s (the 0.5 s recogniser is back, so it moves nothing) and the long press on the
        // gap at 5.6 s (no cell under it), until the new long press at 6.6 s + 0.5 s.
        XCTAssertTrue(frames[259..<426].allSatisfy { $0.items.allSatisfy { $0.rotation == 0 } })
        XCTAssertTrue(frames[257].items.contains { $0.rotation != 0 })
        XCTAssertTrue(frames[427].items.contains { $0.rotation != 0 }, "jiggling again after the second long press")
        for (i, id) in firstOrder.prefix(8).enumerated() { XCTAssertEqual(cell(frames[425], id).frame.origin, slot(i), "\(id) unmoved by the quick drag") }
        // The second drag: item 2 picked up 28 pt left of and 23 pt above its centre at 7.6 s.
        // After the 0.1 s pick-up its centre is exactly the finger (UIKit's
        // updateInteractiveMovementTargetPosition), not trailing it.
        for i in 463..<516 {
            let finger = frames[i].touches.first!.location
            XCTAssertEqual(cell(frames[i], "item2").frame.center, finger, "frame \(i)")
        }
        XCTAssertEqual(cell(frames[456], "item2").frame.center, Point(x: 278.5, y: 83.5), "picked up where it was: no jump")
        // Released at 8.6 s (frame 516) 54 pt off slot 2's centre: it glides into the slot in
        // 0.25 s (ease-in-ease-out, straight), then the data holds item 2 at index 2.
        let release = cell(frames[516], "item2").frame.center, home = Point(x: 96.5, y: 265.5)
        XCTAssertEqual(release.x - home.x, 53.5, accuracy: 1)
        for k in 1...15 {
            let c = cell(frames[516 + k], "item2").frame.center
            let u = TimingCurve.easeInEaseOut.value(at: Double(k) / 15)
            XCTAssertEqual(c.x, release.x + (home.x - release.x) * u, accuracy: 1e-6, "settle x at +\(k)")
            XCTAssertEqual(c.y, release.y + (home.y - release.y) * u, accuracy: 1e-6, "settle y at +\(k)")
        }
        XCTAssertEqual(sim.collectionView.sections[0], ["item1", "item3", "item2", "item4", "item5", "item0", "item6", "item7", "item8", "item9", "item10", "item11"])
        XCTAssertTrue(frames.last!.items.allSatisfy { $0.rotation == 0 })
        assertNoFlickerOrJumps(frames, clip: scene.collectionView.frame)
    }

    /// A tap on the background while jiggling ends jiggle mode (the article's tap on the
    /// background): the cells stop shaking at once, and a later plain drag moves nothing.
    func testTapOnEmptySpaceEndsJiggling() throws {
        var scene = try loadExample("jiggle-reorder")
        scene.touches = [
            TouchTrack.longPress(at: 0.4, point: Point(x: 96, y: 265), hold: 0.6),
            TouchTrack(finger: 1, downTime: 1.5, downPoint: Point(x: 187, y: 300), segments: [.init(to: Point(x: 187, y: 300), duration: 0.08)]),
            TouchTrack(finger: 1, downTime: 2.0, downPoint: Point(x: 96, y: 83), segments: [.init(to: Point(x: 278, y: 83), duration: 0.5)]),
        ]
        scene.script = []
        let (sim, frames) = try runAll(scene)
        XCTAssertTrue(frames[60].items.contains { $0.rotation != 0 }, "jiggling after the long press")
        // The tap lifts at 1.58 s: from the next frame on, nothing turns.
        XCTAssertTrue(frames[95...].allSatisfy { $0.items.allSatisfy { $0.rotation == 0 } })
        XCTAssertEqual(sim.collectionView.sections[0].prefix(2), ["item0", "item1"], "the plain drag moved nothing")
        XCTAssertTrue(frames[150].items.contains { $0.id == "item0" && $0.frame.origin == slot(0) })
    }

    /// The article's drag recognizer has no press delay and begins on any press: a press and
    /// drag on the gap between the cells does not scroll (the pan waits for it to fail), and
    /// its end ends jiggle mode, as handlelongGesture's Ended case does.
    func testPressAndDragOnEmptySpaceEndsJigglingWithoutScrolling() throws {
        var scene = try loadExample("jiggle-reorder")
        scene.touches = [
            TouchTrack.longPress(at: 0.4, point: Point(x: 96, y: 265), hold: 0.6),
            TouchTrack(finger: 1, downTime: 1.5, downPoint: Point(x: 187, y: 500), segments: [.init(to: Point(x: 187, y: 200), duration: 0.4)]),
        ]
        scene.script = []
        let (_, frames) = try runAll(scene)
        XCTAssertTrue(frames[80].items.contains { $0.rotation != 0 }, "jiggling after the long press")
        XCTAssertTrue(frames[80...150].allSatisfy { $0.contentOffset.y == 0 }, "the drag on the gap did not scroll")
        // Lifted at 1.9 s: from the next frame on, nothing turns.
        XCTAssertTrue(frames[115...].allSatisfy { $0.items.allSatisfy { $0.rotation == 0 } })
    }

    func testHalfSecondPressReleasedOneFrameEarlyDoesNothing() throws {
        var scene = try loadExample("jiggle-reorder")
        scene.touches = [TouchTrack(finger: 1, downTime: 0.4, downPoint: Point(x: 96, y: 265),
                                    segments: [.init(to: Point(x: 96, y: 265), duration: 0.5 - 1.0 / 60, curve: .linear)])]
        let (_, early) = try runAll(scene)
        XCTAssertTrue(early.allSatisfy { $0.items.allSatisfy { $0.rotation == 0 } }, "no jiggle")
        scene.touches[0].segments[0].duration = 0.5
        let (_, exact) = try runAll(scene)
        XCTAssertTrue(exact.last!.items.contains { $0.rotation != 0 }, "jiggles when held the full 0.5 s")
    }
}

final class TagReorderTests: XCTestCase {
    func testMoveRuleAtItsThreshold() {
        let size = Size(width: 60, height: 32)
        let c = Point(x: 100, y: 100)
        // Centre distance ≤ width/2 (30) and vertical distance ≤ height/2 (16).
        XCTAssertTrue(TagReorderEffect.shouldMove(snapshotCenter: Point(x: 129.99, y: 100), snapshotSize: size, cellCenter: c))
        XCTAssertTrue(TagReorderEffect.shouldMove(snapshotCenter: Point(x: 130, y: 100), snapshotSize: size, cellCenter: c))
        XCTAssertFalse(TagReorderEffect.shouldMove(snapshotCenter: Point(x: 130.01, y: 100), snapshotSize: size, cellCenter: c))
        XCTAssertTrue(TagReorderEffect.shouldMove(snapshotCenter: Point(x: 100, y: 116), snapshotSize: size, cellCenter: c))
        XCTAssertFalse(TagReorderEffect.shouldMove(snapshotCenter: Point(x: 100, y: 116.01), snapshotSize: size, cellCenter: c))
        // Both limits at once: 20 right and 16 down is 25.6 away — inside; 25 right and 17 down is not.
        XCTAssertTrue(TagReorderEffect.shouldMove(snapshotCenter: Point(x: 120, y: 116), snapshotSize: size, cellCenter: c))
        XCTAssertFalse(TagReorderEffect.shouldMove(snapshotCenter: Point(x: 125, y: 117), snapshotSize: size, cellCenter: c))
    }

    func testTagWidthsFollowTheirText() throws {
        let scene = try loadExample("tag-reorder")
        let items = scene.collectionView.sections.flatMap(\.items)
        // Two CJK characters at 15 pt (1 em each) plus 14 pt padding each side, rounded up.
        XCTAssertEqual(items.first { $0.title == "推荐" }!.size!.width, 2 * 15 + 28)
        // Latin titles are checked against Cairo's own measurement in RenderTests.
        XCTAssertGreaterThan(items.first { $0.title == "iOS 开发" }!.size!.width, items.first { $0.title == "Swift" }!.size!.width)
    }

    func testTagReorderExample() throws {
        let scene = try loadExample("tag-reorder")
        let sim = try Simulator(scene: scene)
        var frames: [TimelineFrame] = []
        var states: [[[String]]] = []
        for i in 0..<scene.frameCount {
            sim.advance(to: sim.clock.time(ofFrame: i))
            frames.append(sim.snapshot(index: i))
            states.append(sim.collectionView.sections)
        }
        let ids = { (titles: [String]) in titles.map { t in scene.collectionView.sections.flatMap(\.items).first { $0.title == t }!.id } }
        let mine = ["推荐", "热点", "北京", "视频", "社会", "娱乐", "科技", "汽车", "体育", "财经", "军事", "国际"]
        XCTAssertEqual(states[0][0], ids(mine))
        // Within a section: 热点 moved onto 体育's place; the tags between shifted one by one.
        XCTAssertEqual(states[150][0], ids(["推荐", "北京", "视频", "社会", "娱乐", "科技", "汽车", "体育", "热点", "财经", "军事", "国际"]))
        // Across sections: 健康 left 推荐频道 and joined 我的频道 before 军事.
        XCTAssertEqual(states[300][0], ids(["推荐", "北京", "视频", "社会", "娱乐", "科技", "汽车", "体育", "热点", "财经", "健康", "军事", "国际"]))
        XCTAssertEqual(states[300][1], ids(["时尚", "历史", "游戏", "旅游", "美食", "育儿", "数码", "动漫", "Apple", "Swift", "iOS 开发"]))
        // The near miss moves nothing: the data after it equals the data before that drag.
        XCTAssertEqual(states[420], states[300])
        // iOS 开发 leaves 推荐频道 for 更多频道 (the article's rule, re-applied as the tags re-flow
        // under the finger, puts it after 家居, the first of the second row): 推荐频道 keeps its
        // third row (Swift, centred alone), so the 更多频道 header stays where it is.
        XCTAssertEqual(states.last![1], ids(["时尚", "历史", "游戏", "旅游", "美食", "育儿", "数码", "动漫", "Apple", "Swift"]))
        XCTAssertEqual(states.last![2], ids(["电影", "音乐", "读书", "摄影", "家居", "iOS 开发", "宠物", "星座", "房产"]))
        func item(_ f: Int, _ id: String) -> DrawItem? { frames[f].items.first { $0.id == id } }
        XCTAssertEqual(Set((420..<frames.count).map { item($0, "more.header")!.frame.minY }), [428])
        // Lifted at 9.25 s (frame 555) far below its slot: the snapshot glides from there to the
        // tag's centre in 0.25 s, ease-in-ease-out, then the tag shows again.
        let tag = ids(["iOS 开发"])[0], snapshot = tag + ".snapshot"
        XCTAssertTrue(frames[555].touches.isEmpty && !frames[554].touches.isEmpty)
        let from = item(555, snapshot)!.frame.center, home = item(555, tag)!.frame.center
        XCTAssertGreaterThan(from.y - home.y, 80, "dropped far from its slot (two rows and more)")
        for k in 1..<15 {
            let u = TimingCurve.easeInEaseOut.value(at: Double(k) / 15)
            let c = item(555 + k, snapshot)!.frame.center
            XCTAssertEqual(c.x, from.x + (home.x - from.x) * u, accuracy: 1e-6)
            XCTAssertEqual(c.y, from.y + (home.y - from.y) * u, accuracy: 1e-6)
        }
        XCTAssertNil(item(570, snapshot))
        XCTAssertEqual(item(570, tag)?.hidden, false)
        // Each drag hides the tag behind a snapshot and shows it again at the end.
        XCTAssertTrue(frames[60].items.contains { $0.kind == .snapshot })
        XCTAssertFalse(frames.last!.items.contains { $0.kind == .snapshot || $0.hidden })
        // The snapshot is the tag as drawn (snapshotViewAfterScreenUpdates), shadow and all: no
        // shadow of its own appears at the lift or vanishes at the drop.
        var lifted = 0
        for f in frames {
            for s in f.items where s.kind == .snapshot {
                let tag = f.items.first { $0.id == String(s.id.dropLast(".snapshot".count)) }!
                XCTAssertEqual(s.appearance.shadow, tag.appearance.shadow, "frame \(f.index)")
                XCTAssertEqual(s.appearance.background, tag.appearance.background, "frame \(f.index)")
                XCTAssertEqual(s.appearance.border, tag.appearance.border, "frame \(f.index)")
                lifted += 1
            }
        }
        XCTAssertGreaterThan(lifted, 100)
        assertNoFlickerOrJumps(frames, clip: scene.collectionView.frame)
    }

    func testPointTwoSecondPressReleasedOneFrameEarlyDoesNothing() throws {
        var scene = try loadExample("tag-reorder")
        let down = Point(x: 116.2, y: 124)
        /// Presses 热点 for `hold` seconds and lifts; reports whether a snapshot was ever drawn.
        func snapshotShown(_ hold: Double) throws -> Bool {
            scene.touches = [TouchTrack(finger: 1, downTime: 0.5, downPoint: down, segments: [.init(to: down, duration: hold, curve: .linear)])]
            return try Simulator.run(scene).frames.contains { $0.items.contains { $0.kind == .snapshot } }
        }
        XCTAssertFalse(try snapshotShown(0.2 - 1.0 / 60), "released one frame before 0.2 s: nothing happens")
        XCTAssertTrue(try snapshotShown(0.2), "held 0.2 s: the tag lifts into a snapshot")
    }
}
