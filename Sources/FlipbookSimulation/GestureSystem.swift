import FlipbookCore
import FlipbookLayout
import FlipbookAnimation

/// Delivers touches to recognizers and arbitrates between them as UIKit does: recognizers
/// are exclusive unless they allow simultaneous recognition, and one that requires another
/// to fail waits until it has.
public final class GestureSystem {
    public private(set) var recognizers: [GestureRecognizer] = []
    /// Asks the simulator for a timer event: (time, fire).
    var timerScheduler: ((Double, @escaping (Double) -> Void) -> Void)?
    /// State changes since the last frame, in order (for keyframes.json).
    private(set) var log: [RecognizerChange] = []

    public init() {}

    public func add(_ r: GestureRecognizer) {
        r.system = self
        recognizers.append(r)
    }

    func drainLog() -> [RecognizerChange] {
        defer { log = [] }
        return log
    }

    func scheduleTimer(for r: GestureRecognizer, at time: Double, tag: Int) {
        guard let touch = r.touch else { return }
        let sequence = r.sequence
        timerScheduler?(time) { [weak r] t in
            guard let r, r.touch == touch, r.sequence == sequence, !r.state.isFinished else { return }
            r.timerFired(tag, time: t)
        }
    }

    // MARK: - Touches

    public func touchDown(finger: Int, at p: Point, time t: Double) {
        // A second finger joins a recognizer that follows several and is following one already.
        for r in recognizers where r.isEnabled && r.touch != nil && r.touch != finger && !r.state.isFinished
            && 1 + r.additionalTouches.count < r.maximumNumberOfTouches && r.view().contains(p) {
            r.addTouch(finger, at: p, time: t)
        }
        // A recognizer waiting for its sequence's next touch (a double tap's second) takes this one.
        for r in recognizers where r.isEnabled && r.awaitsNextTouch && r.state == .possible && r.view().contains(p) {
            r.continueSequence(touch: finger, at: p, time: t)
        }
        for r in recognizers where r.isEnabled && r.touch == nil && r.view().contains(p) && (r.shouldReceiveTouch?(p) ?? true) {
            r.reset()
            r.begin(touch: finger, at: p, time: t)
        }
    }

    public func touchSample(finger: Int, at p: Point, time t: Double, moved: Bool) {
        for r in recognizers where r.touch == finger && !r.state.isFinished && !r.lifted { r.sample(p, time: t, moved: moved) }
        for r in recognizers where r.touch != finger && moved && !r.state.isFinished && r.follows(finger) { r.sampleAdditional(finger, at: p, time: t) }
    }

    public func touchUp(finger: Int, at p: Point, time t: Double) {
        for r in recognizers where r.touch != finger && r.follows(finger) {
            r.endAdditional(finger, at: p, time: t)
        }
        for r in recognizers where r.touch == finger && !r.state.isFinished && !r.lifted { r.end(at: p, time: t) }
        // Anything still undecided when the touch ends fails — unless it waits for its next
        // touch, or to end once a recognizer that does has failed (a single tap behind a double
        // tap); then everything decided resets, the waiting ones once they are decided.
        func waits(_ r: GestureRecognizer) -> Bool {
            r.awaitsNextTouch || r.pending != nil && r.requiresFailureOf.contains { $0.awaitsNextTouch && $0.state == .possible }
        }
        for r in recognizers where r.touch == finger && r.state == .possible && !waits(r) { request(r, .failed) }
        for r in recognizers where r.touch == finger {
            if r.state == .possible && waits(r) { r.lifted = true } else { r.reset() }
        }
    }

    func disabled(_ r: GestureRecognizer) {
        guard r.touch != nil else { return }
        if r.state.isActive { request(r, .cancelled) } else if r.state == .possible { request(r, .failed) }
        r.reset()
    }

    // MARK: - Arbitration

    func allowSimultaneous(_ a: GestureRecognizer, _ b: GestureRecognizer) -> Bool {
        (a.recognizesSimultaneously?(b) ?? false) || (b.recognizesSimultaneously?(a) ?? false)
    }

    func request(_ r: GestureRecognizer, _ new: GestureState) {
        guard r.state != new || new == .changed else { return }
        let starting = r.state == .possible && (new == .began || new == .ended)
        if starting {
            if let sb = r.shouldBegin, !sb(r) { return set(r, .failed) }
            // Those following the same touch, and one that waits for its sequence's next touch.
            let shared = r.requiresFailureOf.filter { $0.touch == r.touch && $0.touch != nil || $0.awaitsNextTouch && $0.state == .possible }
            if shared.contains(where: { $0.state.isActive || $0.state == .ended }) { return set(r, .failed) }
            if shared.contains(where: { $0.state == .possible }) {
                r.pending = new
                return
            }
        }
        set(r, new)
        if starting {
            // An exclusive recognition makes every other undecided recognizer on this touch fail.
            for o in recognizers where o !== r && o.touch == r.touch && o.state == .possible && !allowSimultaneous(r, o) {
                set(o, .failed)
            }
        }
    }

    private func set(_ r: GestureRecognizer, _ new: GestureState) {
        r.state = new
        r.pending = nil
        if new.isFinished { r.awaitsNextTouch = false }
        if log.last != RecognizerChange(name: r.name, state: new) {
            log.append(RecognizerChange(name: r.name, state: new))
        }
        r.action?(r)
        defer { if r.lifted && r.state.isFinished { r.reset() } }
        if new == .failed {
            // Recognizers waiting for this one may go ahead now.
            for w in recognizers where w.pending != nil && w.requiresFailureOf.contains(where: { $0 === r }) {
                let wanted = w.pending!
                w.pending = nil
                request(w, wanted)
            }
        } else if new == .began || new == .ended {
            for w in recognizers where w.pending != nil && w.requiresFailureOf.contains(where: { $0 === r }) { set(w, .failed) }
        }
    }
}
