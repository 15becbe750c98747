import Foundation
import XCTest
import FlipbookCore
@testable import FlipbookSimulation
@testable import FlipbookEffects
@testable import FlipbookSceneFile
import Flipbook

/// The package root, found from this file's path (Tests/FlipbookSceneTests/Support.swift).
let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

func loadExample(_ name: String) throws -> Scene {
    let url = packageRoot.appendingPathComponent("examples/\(name).json")
    return try SceneDecoder().decode([UInt8](try Data(contentsOf: url)), file: "examples/\(name).json")
}

func decode(_ text: String, file: String = "t.json") throws -> Scene {
    try SceneDecoder().decode(Array(text.utf8), file: file)
}

/// A minimal valid scene with `extra` spliced into the collection view and `script` as given.
func minimalScene(canvas: String = #"{"width": 375, "height": 667}"#, top: String = "", collectionView: String = "",
                  items: String = #"[{"id": "a"}, {"id": "b"}]"#, layout: String = #"{"type": "wallet"}"#,
                  script: String = "[]") -> String {
    """
    {"canvas": \(canvas), "duration": 1, \(top)
     "collectionView": {"layout": \(layout), "items": \(items) \(collectionView)},
     "script": \(script)}
    """
}

/// Visible = drawn, not hidden, and some sample point of it inside the view is not covered by
/// something drawn later. Cards are opaque rectangles here (rounded corners ignored).
func visibleIDs(_ f: TimelineFrame, clip: Rect) -> Set<String> {
    let drawn = f.items.filter { $0.kind != .view && !$0.hidden && $0.alpha > 0 }
    var out = Set<String>()
    for (i, it) in drawn.enumerated() {
        let r = it.frame.intersection(clip)
        if r.isEmpty { continue }
        var seen = false
        for sx in 0..<8 where !seen {
            for sy in 0..<24 where !seen {
                let p = Point(x: r.minX + (Double(sx) + 0.5) * r.width / 8, y: r.minY + (Double(sy) + 0.5) * r.height / 24)
                if !drawn[(i + 1)...].contains(where: { $0.frame.contains(p) }) { seen = true }
            }
        }
        if seen { out.insert(it.id) }
    }
    return out
}

func assertNoFlickerOrJumps(_ frames: [TimelineFrame], clip: Rect, file: StaticString = #filePath, line: UInt = #line) {
    let visible = frames.map { visibleIDs($0, clip: clip) }
    func frameOf(_ f: TimelineFrame, _ id: String) -> Rect? { f.items.first { $0.id == id && !$0.hidden }?.frame }
    for i in 1..<(frames.count - 1) {
        // A card seen before and after a frame is on screen in it (it may be covered, not gone).
        for id in visible[i - 1].intersection(visible[i + 1]) {
            XCTAssertNotNil(frameOf(frames[i], id), "\(id) vanishes at frame \(i)", file: file, line: line)
        }
        // Motion is continuous: no step much bigger than the steps around it.
        for it in frames[i].items where it.kind != .view && !it.hidden {
            guard let a = frameOf(frames[i - 1], it.id), let c = frameOf(frames[i + 1], it.id) else { continue }
            let b = it.frame
            for (p, q, r) in [(a.minY, b.minY, c.minY), (a.minX, b.minX, c.minX), (a.width, b.width, c.width)] {
                let step = abs(q - p), around = max(abs(r - q), i >= 2 ? (frameOf(frames[i - 2], it.id).map { abs(p - $0.minY) } ?? 0) : 0)
                XCTAssertLessThanOrEqual(step, 2 * around + 8, "\(it.id) jumps \(step) pt at frame \(i)", file: file, line: line)
            }
        }
    }
}


/// Simulates a whole scene, keeping the simulator for its final state.
func runAll(_ scene: Scene) throws -> (Simulator, [TimelineFrame]) {
    let sim = try Simulator(scene: scene)
    var frames: [TimelineFrame] = []
    for i in 0..<scene.frameCount {
        sim.advance(to: sim.clock.time(ofFrame: i))
        frames.append(sim.snapshot(index: i))
    }
    return (sim, frames)
}
