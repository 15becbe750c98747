import Foundation
import Flipbook

/// What a render may use, checked before the work is done (docs/reliability.md): the
/// timeline's drawn items over all frames, the frames drawn at once (pixels × workers), and
/// an SVG frame's size (items × text). Each overrun is one line naming the budget and how to
/// change it, so any accepted scene renders within `--max-memory` or says why not.
struct RenderBudget {
    static let defaultMegabytes = 2048
    let megabytes: Int
    init(megabytes: Int) { self.megabytes = megabytes }
    var bytes: Int { megabytes << 20 }

    /// Bytes one worker needs for a frame: the surface, its unpacked rows, the encoder's
    /// output and a batch of animation frames (measured: about 4 bytes a pixel, four times).
    static func bytesPerWorker(_ canvas: Canvas) -> Int { canvas.pixelWidth * canvas.pixelHeight * 4 * 4 }

    /// As many workers as requested, fewer when half the budget would not hold their frames.
    func workers(for canvas: Canvas, requested: Int) throws -> Int {
        let per = RenderBudget.bytesPerWorker(canvas)
        guard per <= bytes / 2 else {
            throw UsageError(message: "a \(canvas.pixelWidth)x\(canvas.pixelHeight) frame needs about \((per >> 20) + 1) MB to draw and encode, more than half of --max-memory \(megabytes); lower --scale or raise --max-memory", command: "render")
        }
        return max(1, min(requested, (bytes / 2) / per))
    }

    /// The timeline may take 40 % of the budget.
    var recordingLimits: RecordingLimits {
        let per = RecordingLimits().bytesPerDrawItem
        return RecordingLimits(shouldStop: { RenderPipeline.cancelRequested != 0 }, maxDrawItems: max(1000, bytes * 2 / 5 / per))
    }

    /// Cairo keeps an SVG frame in memory: about 1 KB an item and 300 bytes a character of text
    /// (glyph outlines). A frame may take a quarter of the budget.
    func checkSVG(_ timeline: Timeline) throws {
        for f in timeline.frames {
            var estimate = 0
            for item in f.items where !item.hidden {
                estimate += 1024
                for e in item.appearance.content { if case .text(let t) = e { estimate += 300 * t.text.unicodeScalars.count } }
            }
            if estimate > bytes / 4 {
                throw UsageError(message: "SVG frame \(f.index) would need about \(estimate >> 20) MB (\(f.items.count) items); more than a quarter of --max-memory \(megabytes): render it as png, fewer items, or raise --max-memory", command: "render")
            }
        }
    }
}

extension CLI {
    /// SIGINT, SIGTERM, SIGHUP and SIGQUIT ask the render to stop between frames (it then
    /// removes what it staged and exits 1); a second signal exits at once (130), and the next
    /// render into that directory clears what was left.
    static func installCancellation() {
        RenderPipeline.cancelRequested = 0
        for s in [SIGINT, SIGTERM, SIGHUP, SIGQUIT] {
            signal(s) { _ in
                if RenderPipeline.cancelRequested != 0 { _exit(130) }
                RenderPipeline.cancelRequested = 1
            }
        }
    }

    static func removeCancellation() {
        for s in [SIGINT, SIGTERM, SIGHUP, SIGQUIT] { signal(s, SIG_DFL) }
    }
}
