import Foundation
import XCTest
import Flipbook

/// The stacking-pop measure (FlipbookDiff/StackingPops.swift) on hand-made frames whose answer
/// is known, then on every example: no example may cut part of a card over or under another.
final class StackingPopTests: XCTestCase {
    func frame(_ index: Int, _ items: [DrawItem]) -> TimelineFrame {
        TimelineFrame(index: index, time: Double(index) / 60, contentOffset: .zero, items: items)
    }
    func card(_ id: String, _ r: Rect, z: Int, alpha: Double = 1, kind: ElementKind = .cell) -> DrawItem {
        DrawItem(id: id, kind: kind, frame: r, zIndex: z, alpha: alpha, appearance: Appearance(background: .white))
    }

    func testOrderFlipInPlaceIsTheOverlapArea() {
        let a = Rect(x: 0, y: 0, width: 100, height: 100), b = Rect(x: 50, y: 60, width: 100, height: 100)
        // b over a, then a over b, neither moving: the 50 × 40 overlap pops.
        let p = StackingPops.pop(from: frame(0, [card("a", a, z: 0), card("b", b, z: 1)]),
                                 to: frame(1, [card("b", b, z: 0), card("a", a, z: 1)]))
        XCTAssertEqual(p?.area, 2000)
        XCTAssertEqual(p?.items, ["a", "b"])
    }

    /// A clear cell (a drop placeholder) draws nothing, so its order is nobody's business; with a
    /// border it draws, and its flip is the overlap again.
    func testAnItemThatDrawsNothingCoversNothing() {
        let a = Rect(x: 0, y: 0, width: 100, height: 100), b = Rect(x: 50, y: 60, width: 100, height: 100)
        var clear = card("gap", b, z: 1)
        clear.appearance = Appearance(background: .clear, cornerRadius: 12)
        var flipped = clear
        flipped.zIndex = 0
        XCTAssertNil(StackingPops.pop(from: frame(0, [card("a", a, z: 0), clear]), to: frame(1, [flipped, card("a", a, z: 1)])))
        clear.appearance.border = .black
        flipped.appearance.border = .black
        XCTAssertEqual(StackingPops.pop(from: frame(0, [card("a", a, z: 0), clear]), to: frame(1, [flipped, card("a", a, z: 1)]))?.area, 2000)
    }

    func testMovingApartOrUnchangedOrderIsNoPop() {
        let a = Rect(x: 0, y: 0, width: 100, height: 100)
        // b slides over a: what a point shows changes, but b did not cover it before.
        XCTAssertNil(StackingPops.pop(from: frame(0, [card("a", a, z: 0), card("b", a.offsetBy(dx: 100, dy: 0), z: 1)]),
                                      to: frame(1, [card("a", a, z: 0), card("b", a.offsetBy(dx: 90, dy: 0), z: 1)])))
        // The order flips where they no longer overlap: nothing is cut.
        XCTAssertNil(StackingPops.pop(from: frame(0, [card("a", a, z: 0), card("b", a.offsetBy(dx: 99, dy: 0), z: 1)]),
                                      to: frame(1, [card("b", a.offsetBy(dx: 100, dy: 0), z: 0), card("a", a, z: 1)])))
    }

    func testSnapshotIsItsCardAndACrossFadeIsNoPop() {
        let a = Rect(x: 0, y: 0, width: 100, height: 100), b = Rect(x: 0, y: 50, width: 100, height: 100)
        // a's snapshot over b is handed to the cell a under b in one frame: a's lower half pops.
        let lifted = frame(0, [card("a", a, z: 0, alpha: 0), card("b", b, z: 1), card("a.snapshot", a, z: 9, kind: .snapshot)])
        let dropped = frame(1, [card("a", a, z: 0), card("b", b, z: 1)])
        XCTAssertEqual(StackingPops.pop(from: lifted, to: dropped)?.area, 5000)
        // The same hand-over as a fade of the snapshot over four frames moves at most 1/4 a frame.
        var frames = [lifted]
        for (i, alpha) in [0.75, 0.5, 0.25].enumerated() {
            frames.append(frame(i + 1, [card("a", a, z: 0), card("b", b, z: 1), card("a.snapshot", a, z: 9, alpha: alpha, kind: .snapshot)]))
        }
        frames.append(frame(4, [card("a", a, z: 0), card("b", b, z: 1)]))
        for i in 1..<frames.count { XCTAssertNil(StackingPops.pop(from: frames[i - 1], to: frames[i]), "frame \(i)") }
    }

    /// A snapshot half faded in over its card (the old Wallet pick-up) and over the next card is
    /// an artefact over both overlaps; the same snapshot opaque, with its card hidden, is none;
    /// a row fading out over nothing lifted (a delete) is none either.
    func testHandOverArtefactsAreTranslucentCopies() {
        let a = Rect(x: 0, y: 0, width: 100, height: 200), next = Rect(x: 0, y: 100, width: 100, height: 200)
        let lifted = a.offsetBy(dx: 0, dy: -10)
        let fading = frame(0, [card("a", a, z: 0), card("b", next, z: 2), card("a.snapshot", lifted, z: 9, alpha: 0.5, kind: .snapshot)])
        let found = HandOverArtefacts.artefact(in: fading)
        XCTAssertEqual(found?.area, 100 * 190, "the whole snapshot: over its card (0-190) and the next card (100-190) beneath it")
        XCTAssertEqual(found?.items, ["a", "a"], "most of it over its own card")
        var hidden = card("a", a, z: 0)
        hidden.hidden = true
        XCTAssertNil(HandOverArtefacts.artefact(in: frame(0, [hidden, card("b", next, z: 2), card("a.snapshot", lifted, z: 9, kind: .snapshot)])))
        XCTAssertNil(HandOverArtefacts.artefact(in: frame(0, [card("a", a, z: 0, alpha: 0.4), card("b", next, z: 2)])))
    }

    func testNoExampleHasHandOverArtefacts() throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: packageRoot.appendingPathComponent("examples").path)
            .filter { $0.hasSuffix(".json") }.sorted()
        for name in names {
            let timeline = try Simulator(scene: try loadExample(String(name.dropLast(5)))).record()
            let found = HandOverArtefacts.artefacts(in: timeline)
            let worst = found.max { $0.area < $1.area }
            XCTAssertTrue(found.isEmpty, "\(name): \(found.count) frames with a translucent copy, worst at frame \(worst?.frame ?? -1) (\(worst?.items ?? []), \(Int(worst?.area ?? 0)) pt²)")
        }
    }

    func testNoExamplePops() throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: packageRoot.appendingPathComponent("examples").path)
            .filter { $0.hasSuffix(".json") }.sorted()
        XCTAssertGreaterThanOrEqual(names.count, 11)
        for name in names {
            let timeline = try Simulator(scene: try loadExample(String(name.dropLast(5)))).record()
            let pops = StackingPops.pops(in: timeline)
            let worst = pops.max { $0.area < $1.area }
            // FLIPBOOK_POPS=1 lists every pop (frame:pt² [items]), to know which frames to look at.
            if !pops.isEmpty, ProcessInfo.processInfo.environment["FLIPBOOK_POPS"] != nil {
                print(name, pops.map { "\($0.frame):\(Int($0.area)) \($0.items)" })
            }
            XCTAssertLessThanOrEqual(worst?.area ?? 0, 400, "\(name): \(pops.count) pops, worst at frame \(worst?.frame ?? 0) (\(worst?.items ?? []))")
        }
    }
}
