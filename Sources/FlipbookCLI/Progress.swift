import Foundation
import Flipbook

/// The progress of a long command on stderr: on a terminal one line rewritten in place (the
/// scene, the stage, frames done, percentage and the time left), at most ten times a second;
/// in a log one line every five seconds; with `--quiet`, nothing. The time left is the stage's
/// own pace: frames still to do at the rate of those done.
final class ProgressLine: @unchecked Sendable {
    private let console: Console
    private let label: String
    private let lock = NSLock()
    private var stage = ""
    private var stageStart = 0.0
    /// In a log the first line waits a whole interval: a short render writes none.
    private var lastShown: Double
    private var shown = false
    /// The length of the line on show: a shorter one is padded over it (Console.inert lets no
    /// escape sequence through, not even Flipbook's own).
    private var shownLength = 0
    private let interval: Double
    static let terminalInterval = 0.1
    static let logInterval = 5.0

    /// nil when `quiet`.
    static func make(_ console: Console, label: String, quiet: Bool) -> ProgressLine? {
        quiet ? nil : ProgressLine(console: console, label: label)
    }

    private init(console: Console, label: String) {
        self.console = console
        self.label = label
        interval = console.errIsTerminal ? ProgressLine.terminalInterval : ProgressLine.logInterval
        lastShown = console.errIsTerminal ? -1e9 : Cancellation.now()
    }

    func update(_ p: RenderProgress, unit: String = "frame") {
        let now = Cancellation.now()
        lock.lock(); defer { lock.unlock() }
        if p.stage != stage { stage = p.stage; stageStart = now }
        let last = p.done >= p.total
        guard now - lastShown >= interval || (last && console.errIsTerminal) else { return }
        lastShown = now
        let text = ProgressLine.text(label, p, unit: unit, elapsed: now - stageStart)
        if console.errIsTerminal {
            console.err("\r" + text + String(repeating: " ", count: max(0, shownLength - text.count)))
            shownLength = text.count
        } else {
            console.err(text + "\n")
        }
        shown = true
    }

    /// "wallet-move: gif, mp4 — frame 120/516, 23 %, 0:42 left".
    static func text(_ label: String, _ p: RenderProgress, unit: String = "frame", elapsed: Double) -> String {
        let percent = p.total > 0 ? 100 * p.done / p.total : 100
        var s = "\(label): \(p.stage)"
        s += p.total > 1 ? " — \(unit) \(p.done)/\(p.total), \(percent) %" : p.done >= p.total ? " — done" : " — writing"
        if p.done > 0 && p.done < p.total && elapsed > 1 {
            let left = Int((elapsed / Double(p.done) * Double(p.total - p.done)).rounded())
            s += ", \(left / 60):" + String(format: "%02d", left % 60) + " left"
        }
        return s
    }

    /// Ends the line on a terminal (once, however often it is called).
    func finish() {
        lock.lock(); defer { lock.unlock() }
        if shown && console.errIsTerminal { console.err("\n") }
        shown = false
    }
}
