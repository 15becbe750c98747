import Foundation
import Flipbook

/// What a command may use, checked before the work is done (docs/reliability.md, "Budgets"):
/// memory (`--max-memory`) for the timeline's drawn items, the frames drawn at once, an SVG
/// frame, the animated previews and the images a scene loads; and time (`--max-seconds`), as
/// an estimate of the drawing before it starts and a deadline while it runs. Each overrun is
/// one line naming the budget and how to change it (BudgetExceeded, exit 2), so any accepted
/// scene renders within its budgets or says why not.
struct RenderBudget {
    static let defaultMegabytes = RecordingLimits.defaultMemoryMegabytes
    /// What --max-memory accepts, in MB.
    static let megabyteRange = 64...1_048_576
    /// What --max-seconds accepts.
    static let secondRange = 1...1_000_000
    static let defaultSeconds = 600
    let megabytes: Int
    let seconds: Int
    /// What the deadline stops, in its message ("the render", "the comparison", "the merge").
    let work: String
    init(megabytes: Int, seconds: Int = defaultSeconds, work: String = "the render") {
        self.megabytes = megabytes; self.seconds = seconds; self.work = work
    }
    var bytes: Int { megabytes << 20 }

    /// Bytes one worker needs for a frame: the surface, its unpacked rows, the encoder's
    /// output and a batch of animation frames (measured: about 4 bytes a pixel, four times).
    static func bytesPerWorker(_ canvas: Canvas) -> Int { canvas.pixelWidth * canvas.pixelHeight * 4 * 4 }

    /// As many workers as requested, fewer when half the budget would not hold their frames.
    func workers(for canvas: Canvas, requested: Int) throws -> Int {
        let per = RenderBudget.bytesPerWorker(canvas)
        guard per <= bytes / 2 else {
            throw BudgetExceeded("a \(canvas.pixelWidth)x\(canvas.pixelHeight) frame needs about \((per >> 20) + 1) MB to draw and encode, more than half of --max-memory \(megabytes); lower --scale or raise --max-memory")
        }
        return max(1, min(requested, (bytes / 2) / per))
    }

    /// The timeline's share of the budget (RecordingLimits' policy).
    func recordingLimits(_ cancellation: Cancellation) -> RecordingLimits {
        RecordingLimits(memoryMegabytes: megabytes, cancellation: cancellation)
    }

    /// The memory and time `formats` of `timeline` would take, checked before drawing starts.
    func checkWork(_ timeline: Timeline, formats: [OutputFormat], workers: Int = 1) throws {
        let cost = RenderCost.estimate(timeline, formats: formats)
        if cost.memoryBytes > bytes / 2 {
            throw BudgetExceeded("\(cost.memoryWhat) would need about \(cost.memoryBytes >> 20) MB, more than half of --max-memory \(megabytes): \(cost.memoryHint), or raise --max-memory")
        }
        let wall = cost.seconds / Double(max(1, workers))
        if wall > Double(seconds) {
            throw BudgetExceeded("drawing \(timeline.frames.count) frame\(timeline.frames.count == 1 ? "" : "s") would take about \(NumberFormat.short(wall.rounded())) s (estimated from what they draw: \(cost.secondsWhat)), more than --max-seconds \(seconds); render fewer frames (--frames, --step) or raise --max-seconds")
        }
    }

    /// The time budget's message when the deadline passes while working.
    var deadlineMessage: String {
        work == "the render" ? "the render took longer than --max-seconds \(seconds) and was stopped; render fewer frames (--frames, --step) or raise --max-seconds"
                             : "\(work) took longer than --max-seconds \(seconds) and was stopped; raise --max-seconds"
    }
}

extension CLI {
    /// Set by the signal handler (which may only store a flag); `Cancellation` polls it.
    nonisolated(unsafe) static var signalled: sig_atomic_t = 0

    /// SIGINT, SIGTERM, SIGHUP and SIGQUIT ask the work to stop between frames (it then
    /// removes what it staged and exits 128 + the signal: 130 for Ctrl-C, 143 for SIGTERM, as
    /// a shell reports a process the signal ended); a second signal exits at once, with the
    /// same code, and the next run into that directory clears what was left. The cancellation also ends the work once
    /// the budget's seconds are spent.
    static func installCancellation(_ budget: RenderBudget) -> Cancellation {
        signalled = 0
        for s in [SIGINT, SIGTERM, SIGHUP, SIGQUIT] {
            signal(s) { number in
                if CLI.signalled != 0 { _exit(128 + CLI.signalled) }
                CLI.signalled = number
            }
        }
        return Cancellation(seconds: Double(budget.seconds), budgetMessage: budget.deadlineMessage, requested: { CLI.signalled != 0 })
    }

    static func removeCancellation() {
        for s in [SIGINT, SIGTERM, SIGHUP, SIGQUIT] { signal(s, SIG_DFL) }
    }
}
