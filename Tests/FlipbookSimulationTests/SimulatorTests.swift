import XCTest
import FlipbookCore
import FlipbookLayout
import FlipbookAnimation
@testable import FlipbookSimulation
@testable import FlipbookEffects
@testable import FlipbookSceneFile
import Flipbook

final class SimulatorTests: XCTestCase {
    /// The wallet-scroll example, frame by frame: the offset follows the script's eased
    /// segments, and every card sits where the article's formulas put it.
    func testWalletScrollFollowsArticleFrameByFrame() throws {
        let scene = try loadExample("wallet-scroll")
        let timeline = try Simulator.run(scene)
        XCTAssertEqual(timeline.frames.count, 324)

        // The script, restated: (start, duration, from, to, curve).
        let segments: [(Double, Double, Double, Double, TimingCurve)] = [
            (0.5, 1.2, -44, 420, .easeInEaseOut), (2.1, 1.0, 420, -44, .easeInEaseOut),
            (3.5, 0.6, -44, -204, .easeOut), (4.6, 0.25, -204, -44, .easeInEaseOut),
        ]
        func expectedOffset(_ t: Double) -> Double {
            var y = -44.0
            for (start, d, from, to, curve) in segments where t >= start {
                y = from + (to - from) * curve.value(at: min(1, (t - start) / d))
            }
            return y
        }
        var sawSticky = false, sawFan = false
        for frame in timeline.frames {
            XCTAssertEqual(frame.time, Double(frame.index) / 60)
            let offsetY = expectedOffset(frame.time)
            XCTAssertEqual(frame.contentOffset.y, offsetY, accuracy: 1e-9, "offset at frame \(frame.index)")
            XCTAssertEqual(frame.contentOffset.x, -10)
            let cards = frame.items.filter { $0.kind == .cell }
            let d = abs(offsetY + 44)
            let minRow = max(0, Int(floor(offsetY / 100)))
            let maxRow = min(Int(ceil((offsetY + 647) / 100)), 10)
            var expectedIDs: [String] = []
            for row in minRow..<max(minRow, maxRow) {
                let contentY = offsetY < -44 ? Double(row) * 100 - d + d * Double(row) * 0.25 : max(offsetY, Double(row) * 100)
                let canvasY = contentY - offsetY + 20
                if canvasY < 667 && canvasY + 200 > 20 { expectedIDs.append(scene.collectionView.sections[0].items[row].id) }
                if let card = cards.first(where: { $0.id == scene.collectionView.sections[0].items[row].id }) {
                    XCTAssertEqual(card.frame.minY, canvasY, accuracy: 1e-9, "row \(row) at frame \(frame.index)")
                    XCTAssertEqual(card.frame.minX, 10, "content x 0 shown at inset.left")
                    XCTAssertEqual(card.frame.width, 355)
                    XCTAssertEqual(card.zIndex, 2 * row)
                    if offsetY > 0, Double(row) * 100 < offsetY { sawSticky = true }
                    if d > 100 { sawFan = true }
                }
            }
            XCTAssertEqual(cards.map(\.id), expectedIDs, "cards drawn back to front at frame \(frame.index)")
        }
        XCTAssertTrue(sawSticky && sawFan, "the example shows both the sticky top and the fan-out")
    }

    func testFrameRangeKeepsSimulatedState() throws {
        let scene = try loadExample("wallet-scroll")
        let all = try Simulator.run(scene)
        let part = try Simulator.run(scene, frames: 100...110)
        XCTAssertEqual(part.frames.map(\.index), Array(100...110))
        XCTAssertEqual(part.frames, Array(all.frames[100...110]))
    }

    func testInterruptedScrollContinuesFromScreen() throws {
        // A scrollTo at 0.1 s is interrupted at 0.2 s by another: no jump at the interruption.
        let scene = try decode(minimalScene(script: """
        [{"at": 0.1, "action": "scrollTo", "contentOffset": {"y": 300}, "duration": 0.5, "curve": "linear"},
         {"at": 0.2, "action": "scrollTo", "contentOffset": {"y": 0}, "duration": 0.5, "curve": "linear"}]
        """))
        let frames = try Simulator.run(scene).frames
        XCTAssertEqual(frames[12].contentOffset.y, 60, accuracy: 1e-9, "0.2 s: 1/5 of the way to 300")
        XCTAssertEqual(frames[18].contentOffset.y, 60 - 60 * 0.2, accuracy: 1e-9, "0.3 s: 1/5 of the way back")
        XCTAssertEqual(frames[42].contentOffset.y, 0, accuracy: 1e-9)
    }

    func testActionsBetweenFramesStartAtTheirOwnTime() throws {
        // An action at 0.51 s (between frames 30 and 31 at 60 fps) starts its motion at 0.51 s.
        let scene = try decode(minimalScene(script: """
        [{"at": 0.51, "action": "scrollTo", "contentOffset": {"y": 100}, "duration": 0.1, "curve": "linear"}]
        """))
        let frames = try Simulator.run(scene).frames
        XCTAssertEqual(frames[30].contentOffset.y, 0)
        XCTAssertEqual(frames[31].contentOffset.y, 100 * (31.0 / 60 - 0.51) / 0.1, accuracy: 1e-9)
    }
}
