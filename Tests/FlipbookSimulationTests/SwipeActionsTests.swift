import XCTest
import FlipbookCore
import FlipbookLayout
import FlipbookAnimation
@testable import FlipbookSimulation
@testable import FlipbookSceneFile
import FlipbookGraphics

/// Swipe actions by frame: the row's offset against the finger's travel, the resistance past
/// the actions, the release snap, tap-to-perform, the full swipe, and the deletion after it.
final class SwipeActionsTests: XCTestCase {
    func scene(fullSwipe: Bool = true, script: String, duration: Double = 3) throws -> Scene {
        let actions = ##"{"actions": [{"title": "Delete", "style": "destructive"}, {"title": "Flag", "backgroundColor": "#FF9500"}], "performsFirstActionWithFullSwipe": \##(fullSwipe)}"##
        let items = "[" + (0..<8).map { #"{"id": "r\#($0)", "title": "Row \#($0)", "trailingSwipeActions": \#(actions)}"# }.joined(separator: ", ") + "]"
        let text = minimalScene(items: items, layout: #"{"type": "list"}"#, script: script)
            .replacingOccurrences(of: #""duration": 1,"#, with: #""duration": \#(duration),"#)
        return try decode(text)
    }
    /// No one-frame pops in mail-swipe's two deletions (a tap on Delete, a full swipe): the Flag
    /// button is covered by Delete's fill as the row moves on, never more than 40 pt of it in
    /// one frame (it vanished in one before); and once the row is deleted its Delete fill stays
    /// in its place, fading as the deleted cell does (Core Animation's 0.25 s ease-in-ease-out:
    /// no step over 0.15 at 60 fps) while the rows below close the gap — it vanished in one
    /// frame, leaving a white gap.
    func testMailSwipeDeletionsHaveNoOneFramePops() throws {
        let t = try Simulator.run(try loadExample("mail-swipe"))
        for row in ["mail2", "mail4"] {
            let delete = row + ".0.actions", flag = row + ".1.actions"
            func item(_ f: TimelineFrame, _ id: String) -> DrawItem? { f.items.first { $0.id == id } }
            // The part of Flag that Delete's fill does not cover.
            func flagShown(_ f: TimelineFrame) -> Double {
                guard let a = item(f, flag) else { return 0 }
                guard let d = item(f, delete) else { return a.frame.width }
                return max(0, min(a.frame.maxX, d.frame.minX) - a.frame.minX)
            }
            let frames = t.frames.filter { item($0, delete) != nil }
            XCTAssertGreaterThan(frames.count, 20, row)
            for (a, b) in zip(frames, frames.dropFirst()) where b.index == a.index + 1 {
                XCTAssertLessThanOrEqual(abs(flagShown(a) - flagShown(b)), 40, "\(row): frames \(a.index)→\(b.index)")
            }
            let fading = frames.filter { item($0, delete)!.alpha < 1 }
            XCTAssertGreaterThanOrEqual(fading.count, 14, "\(row) fades over the deletion's 0.25 s")
            XCTAssertEqual(fading.first.map { item($0, delete)!.frame.width }, 375, "\(row): the whole row's width")
            for (a, b) in zip(fading, fading.dropFirst()) {
                let da = item(a, delete)!.alpha, db = item(b, delete)!.alpha
                XCTAssertLessThanOrEqual(db, da, row)
                XCTAssertLessThanOrEqual(da - db, 0.15, "\(row): frames \(a.index)→\(b.index)")
            }
        }
    }

    /// Row i's centre: rows are 44 pt tall from the view's top (a plain list).
    func y(_ i: Int) -> Double { 44 * Double(i) + 22 }
    func rowX(_ f: TimelineFrame, _ id: String) -> Double? { f.items.first { $0.id == id }?.frame.minX }

    /// Until the actions are shown the row moves exactly as far as the finger has since the pan
    /// began; past them, without full swipes, it follows the rubber band.
    func testRowFollowsTheFinger() throws {
        for fullSwipe in [true, false] {
            let drag = #"[{"at": 0.1, "action": "drag", "from": {"x": 330, "y": \#(y(1))}, "to": {"x": 30, "y": \#(y(1))}, "duration": 1.0, "curve": "linear"}]"#
            let s = try scene(fullSwipe: fullSwipe, script: drag)
            let t = try Simulator.run(s)
            // The finger has travelled 300 · (t − 0.1) pt (linear); the first frame that moved
            // the row is the reference, and from there the row must keep pace with the finger.
            var base: (travel: Double, offset: Double)?
            var checked = 0
            for f in t.frames where f.time > 0.1 && f.time < 1.1 {
                let travel = 300 * (f.time - 0.1), offset = -(rowX(f, "r1") ?? 0)
                if offset == 0 { continue }
                guard let b = base else { base = (travel, offset); continue }
                let oneToOne = b.offset + travel - b.travel
                let actions = 2 * RowSwipe.buttonWidth
                let expected = oneToOne <= actions ? oneToOne
                    : fullSwipe ? min(oneToOne, 375) : actions + RubberBand.offset(forPull: oneToOne - actions, dimension: 375)
                XCTAssertEqual(offset, expected, accuracy: 0.02, "full swipe \(fullSwipe) at \(f.time)")
                checked += 1
            }
            XCTAssertGreaterThan(checked, 40)
        }
    }

    func testReleaseOpensOrClosesByPositionAndVelocity() throws {
        let width = 2 * RowSwipe.buttonWidth
        // Slow drags ending past half the actions open; short of it close.
        for (to, open) in [(330.0 - 100, true), (330 - 60, false)] {
            let s = try scene(script: #"[{"at": 0.1, "action": "drag", "from": {"x": 330, "y": \#(y(1))}, "to": {"x": \#(to), "y": \#(y(1))}, "duration": 0.6, "holdAfter": 0.2}]"#)
            let last = try Simulator.run(s).frames.last!
            XCTAssertEqual(rowX(last, "r1")!, open ? -width : 0, accuracy: 1e-9, "drag to \(to)")
            XCTAssertEqual(last.items.contains { $0.id == "r1.0.actions" }, open)
        }
        // A quick flick opens even from a short drag.
        let flick = try scene(script: #"[{"at": 0.1, "action": "flick", "from": {"x": 330, "y": \#(y(1))}, "velocity": {"x": -600, "y": 0}, "duration": 0.08}]"#)
        XCTAssertEqual(rowX(try Simulator.run(flick).frames.last!, "r1")!, -width, accuracy: 1e-9)
    }

    /// Tapping Delete slides the row away and deletes it: the rows below end exactly where the
    /// layout puts them, moving up monotonically; tapping elsewhere closes.
    func testTapToPerformAndTapElsewhere() throws {
        let open = #"{"at": 0.1, "action": "drag", "from": {"x": 330, "y": \#(y(2))}, "to": {"x": 180, "y": \#(y(2))}, "duration": 0.5, "holdAfter": 0.2}"#
        // Delete, the first action, is the outermost: the outer 74 pt of the 148 revealed.
        let s = try scene(script: "[\(open), " + #"{"at": 1.3, "action": "tap", "point": {"x": \#(375 - 37), "y": \#(y(2))}}]"#)
        let t = try Simulator.run(s)
        let last = t.frames.last!
        XCTAssertNil(last.items.first { $0.id == "r2" }, "deleted")
        for i in 3..<8 {
            XCTAssertEqual(last.items.first { $0.id == "r\(i)" }!.frame.minY, 44 * Double(i - 1), accuracy: 1e-9, "r\(i) closes the gap")
            let ys = t.frames.compactMap { f in f.items.first { $0.id == "r\(i)" }?.frame.minY }
            XCTAssertTrue(zip(ys, ys.dropFirst()).allSatisfy { $1 <= $0 + 1e-9 }, "r\(i) moves up monotonically")
        }
        // The inner button is Flag: tapping it performs no deletion.
        let flag = try Simulator.run(try scene(script: "[\(open), " + #"{"at": 1.3, "action": "tap", "point": {"x": \#(375 - 148 + 37), "y": \#(y(2))}}]"#))
        XCTAssertNotNil(flag.frames.last!.items.first { $0.id == "r2" }, "Flag, inward of Delete, deletes nothing")
        let closes = try scene(script: "[\(open), " + #"{"at": 1.3, "action": "tap", "point": {"x": 100, "y": \#(y(6))}}]"#)
        let after = try Simulator.run(closes).frames.last!
        XCTAssertEqual(rowX(after, "r2"), 0)
        XCTAssertNotNil(after.items.first { $0.id == "r6" }, "the tap closed the row and did nothing else")
    }

    /// A list in editing mode: a tap on a row's delete accessory (the red minus at the row's
    /// 16 pt leading margin) slides the row over its trailing actions, as a swipe that opens them
    /// does; a tap on Delete then deletes it. A tap beside the minus does nothing.
    func testTheDeleteAccessoryRevealsTheTrailingActions() throws {
        let actions = ##"{"actions": [{"title": "Delete", "style": "destructive"}]}"##
        let items = "[" + (0..<5).map { #"{"id": "r\#($0)", "title": "Row \#($0)", "accessories": ["delete"], "trailingSwipeActions": \#(actions)}"# }.joined(separator: ", ") + "]"
        func run(_ script: String) throws -> Timeline {
            try Simulator.run(decode(minimalScene(items: items, layout: #"{"type": "list"}"#, script: script)
                .replacingOccurrences(of: #""duration": 1,"#, with: #""duration": 2,"#)))
        }
        let minus = #"{"at": 0.2, "action": "tap", "point": {"x": 27, "y": \#(y(2))}}"#
        let t = try run("[\(minus)]")
        // Open on its one 74 pt action once the spring has settled, the rows around it still.
        XCTAssertEqual(rowX(t.frames.last!, "r2")!, -RowSwipe.buttonWidth, accuracy: 1e-9)
        XCTAssertEqual(rowX(t.frames.last!, "r1"), 0)
        XCTAssertTrue(t.frames.last!.items.contains { $0.id == "r2.0.actions" })
        // Then Delete, at the trailing edge: the row goes and the rows below close the gap.
        let deleted = try run("[\(minus), " + #"{"at": 1.0, "action": "tap", "point": {"x": \#(375 - 37), "y": \#(y(2))}}]"#)
        XCTAssertNil(deleted.frames.last!.items.first { $0.id == "r2" })
        XCTAssertEqual(deleted.frames.last!.items.first { $0.id == "r3" }!.frame.minY, 44 * 2, accuracy: 1e-9)
        // A tap on the row's text is no tap on the minus.
        let beside = try run(#"[{"at": 0.2, "action": "tap", "point": {"x": 120, "y": \#(y(2))}}]"#)
        XCTAssertEqual(rowX(beside.frames.last!, "r2"), 0)
    }

    func testFullSwipeDeletesInOneGesture() throws {
        let s = try scene(script: #"[{"at": 0.1, "action": "drag", "from": {"x": 360, "y": \#(y(4))}, "to": {"x": 40, "y": \#(y(4))}, "duration": 0.3}]"#)
        let t = try Simulator.run(s)
        XCTAssertNil(t.frames.last!.items.first { $0.id == "r4" })
        XCTAssertEqual(t.frames.last!.items.first { $0.id == "r5" }!.frame.minY, 44 * 4, accuracy: 1e-9)
        // Without full swipes the same drag leaves the row open on its actions.
        let kept = try Simulator.run(try scene(fullSwipe: false, script: #"[{"at": 0.1, "action": "drag", "from": {"x": 360, "y": \#(y(4))}, "to": {"x": 40, "y": \#(y(4))}, "duration": 0.3}]"#))
        XCTAssertEqual(rowX(kept.frames.last!, "r4")!, -2 * RowSwipe.buttonWidth, accuracy: 1e-9)
    }

    /// The buttons share what is revealed; past the actions the first takes the rest, and past
    /// the full-swipe offset it spreads over the others. The first
    /// action is the outermost (UISwipeActionsConfiguration.init(actions:): "when the user
    /// swipes from right-to-left, the first action is rightmost"): A at the right edge, B inward.
    func testButtonFrames() {
        let s = RowSwipe(item: "a", side: .trailing, configuration: SwipeActionsConfiguration(actions: [ContextualAction(title: "A"), ContextualAction(title: "B")]),
                         rowWidth: 375, motion: .following(0))
        XCTAssertEqual(s.buttonFrames(offset: 74, height: 44), [Rect(x: 338, y: 0, width: 37, height: 44), Rect(x: 301, y: 0, width: 37, height: 44)])
        XCTAssertEqual(s.buttonFrames(offset: 200, height: 44), [Rect(x: 249, y: 0, width: 126, height: 44), Rect(x: 175, y: 0, width: 74, height: 44)])
        // Past the full-swipe offset (60 % of 375 = 225) A spreads over B, which stays in place
        // beneath it: by 25 of B's 74 pt at 250, all of it from 225 + 74 on.
        XCTAssertEqual(s.buttonFrames(offset: 250, height: 44), [Rect(x: 375 - (176 + 25), y: 0, width: 176 + 25, height: 44), Rect(x: 125, y: 0, width: 74, height: 44)])
        XCTAssertEqual(s.buttonFrames(offset: 300, height: 44), [Rect(x: 75, y: 0, width: 300, height: 44), Rect(x: 75, y: 0, width: 74, height: 44)])
        // Leading (a swipe to the right): the first action is leftmost.
        let leading = RowSwipe(item: "a", side: .leading, configuration: s.configuration, rowWidth: 375, motion: .following(0))
        XCTAssertEqual(leading.buttonFrames(offset: 148, height: 44), [Rect(x: 0, y: 0, width: 74, height: 44), Rect(x: 74, y: 0, width: 74, height: 44)])
    }

    func testAnActionNeedsATitleOrAnImage() {
        let text = minimalScene(items: #"[{"id": "a", "trailingSwipeActions": {"actions": [{"style": "destructive"}]}}]"#, layout: #"{"type": "list"}"#)
        XCTAssertThrowsError(try decode(text)) { e in
            XCTAssertEqual((e as? InputError)?.path, "$.collectionView.items[0].trailingSwipeActions.actions[0]")
            XCTAssertEqual((e as? InputError)?.message.contains("a \"title\" or an \"image\""), true)
        }
    }
}

/// List rows size themselves to their text: a row is its title's typeset height at the text's
/// width plus 11 pt above and below, never less than the list's minimum.
final class SelfSizingListTests: XCTestCase {
    func testRowsAreTheirTextsHeight() throws {
        let long = "Keyboards, text replacement and the dictation language used when you speak to type"
        let text = minimalScene(items: #"[{"id": "a", "title": "Short"}, {"id": "b", "title": "\#(long)", "accessories": ["disclosureIndicator"]}]"#,
                                layout: #"{"type": "list", "appearance": "insetGrouped"}"#)
        let t = try Simulator.run(try decode(text), frames: 0...0)
        let rows = t.frames[0].items.filter { $0.kind == .cell }
        XCTAssertEqual(rows[0].frame.height, 44, "the minimum")
        // The group 16 pt from each side; text from the 16 pt margin to the trailing margin less
        // the chevron (8 pt) and its 12 pt gap.
        let width = 375.0 - 32 - 16 - 16 - 8 - 12
        let typeset = try Typesetter.height(of: TextElement(text: long, frame: Rect(x: 0, y: 0, width: width, height: 0), fontSize: 17, numberOfLines: 0))
        XCTAssertGreaterThan(typeset, 17 * 2, "it wraps")
        XCTAssertEqual(rows[1].frame.height, typeset.rounded(.up) + 22, accuracy: 1e-9)
        XCTAssertEqual(rows[1].frame.minY, rows[0].frame.maxY, accuracy: 1e-9)
        // Drawn on as many lines as it was measured with.
        let label = rows[1].appearance.content.compactMap { if case .text(let l) = $0 { return l } else { return nil } }.first!
        XCTAssertEqual(label.numberOfLines, 0)
        XCTAssertEqual(label.frame.height, typeset.rounded(.up), accuracy: 1e-9)
    }
}
