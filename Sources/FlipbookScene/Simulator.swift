import FlipbookCore
import FlipbookLayout
import FlipbookAnimation

/// Plays a scene on the fixed step and records the frames.
///
/// Time only ever comes from the frame index: frame i samples the world at exactly i / fps.
/// Between samples, events (script steps) are applied in time order at their own instants,
/// so an action at 0.51 s starts its motion at 0.51 s whatever the frame rate; everything
/// that moves is a pure function of time between events.
public final class Simulator {
    public let scene: Scene
    public let clock: FrameClock
    public let collectionView: CollectionView
    private var queue = EventQueue()
    public private(set) var now: Double = 0

    private var nextSeq = 0

    public init(scene: Scene) {
        self.scene = scene
        clock = FrameClock(fps: scene.fps)
        collectionView = CollectionView(spec: scene.collectionView)
        for step in scene.script {
            schedule(at: step.time, .actions([step.action]))
        }
    }

    /// Schedules payload at an absolute time; equal times keep scheduling order.
    func schedule(at time: Double, order: Int = EventQueue.Order.script, _ payload: EventQueue.Payload) {
        queue.schedule(at: time, order: order, seq: nextSeq, payload)
        nextSeq += 1
    }

    /// Applies every event up to and including `time`, then moves the clock there.
    public func advance(to time: Double) {
        while let e = queue.popFirst(notAfter: time) {
            now = max(now, e.time)
            apply(e.payload)
        }
        now = time
    }

    private func apply(_ payload: EventQueue.Payload) {
        switch payload {
        case .actions(let actions): for a in actions { perform(a) }
        }
    }

    /// Runs one action at the current time.
    public func perform(_ action: Action) {
        let cv = collectionView
        let scroll = cv.scrollView
        switch action {
        case .setContentOffset(let x, let y):
            let current = scroll.contentOffset(at: now)
            scroll.setContentOffset(Point(x: x ?? current.x, y: y ?? current.y))
        case .scrollTo(let x, let y, let timing):
            let current = scroll.contentOffset(at: now)
            scroll.scroll(to: Point(x: x ?? current.x, y: y ?? current.y), timing: timing, at: now)
        case .set(let changes):
            for c in changes {
                cv.setProperties(c.item, c.values, timing: nil, beginTime: now, at: now)
                if let h = c.hidden { cv.setHidden(c.item, h) }
            }
        case .animate(let t):
            let end = run(t, delay: 0)
            if !t.completion.isEmpty { schedule(at: end, .actions(t.completion)) }
        case .addAnimation(let item, let spec, let beginOffset):
            var animation = spec.animation
            animation.beginTime = now + beginOffset
            cv.addKeyframes(ItemAnimator.Keyframes(key: spec.key, property: spec.property, animation: animation,
                                                   additive: spec.additive), to: item)
        case .removeAnimation(let item, let key):
            cv.removeKeyframes(key: key, from: item)
        case .performBatchUpdates(let changes, let timing, let completion):
            let resolved: [BatchChange] = changes.compactMap { c in
                switch c {
                case .delete(let id): return .delete(id: id)
                case .insert(let item, let ip): return .insert(item, at: ip)
                case .move(let id, let ip): return .move(id: id, to: ip)
                case .layout(let patch): return .layout(patch)
                case .reload(let id, let patch):
                    guard let item = cv.item(id) else { return nil }
                    return .reload(patch.applied(to: item))
                }
            }
            let end = cv.performBatchUpdates(resolved, timing: timing, at: now)
            if !completion.isEmpty { schedule(at: end, .actions(completion)) }
        }
    }

    /// Applies a transaction's changes (animated from what is on screen) and its nested
    /// transactions; returns when the last of them ends.
    private func run(_ t: Transaction, delay: Double) -> Double {
        let begin = now + delay + t.delay
        for c in t.changes {
            collectionView.setProperties(c.item, c.values, timing: t.timing, beginTime: begin, at: now)
            if let h = c.hidden { collectionView.setHidden(c.item, h) }
        }
        var end = begin + t.timing.duration
        for n in t.nested {
            let nestedEnd = run(n, delay: delay + t.delay)
            if !n.completion.isEmpty { schedule(at: nestedEnd, .actions(n.completion)) }
            end = max(end, nestedEnd)
        }
        return end
    }

    /// The frame at index `index` (the clock must have been advanced to its time).
    public func snapshot(index: Int) -> Frame {
        let t = clock.time(ofFrame: index)
        return Frame(index: index, time: t, contentOffset: collectionView.contentOffset(at: t),
                     items: collectionView.drawItems(at: t))
    }

    /// Simulates the whole scene and keeps the frames in `range` (all by default). The
    /// simulation always starts at frame 0, since a frame's state depends on what came before.
    public static func run(_ scene: Scene, frames range: ClosedRange<Int>? = nil) -> Timeline {
        let sim = Simulator(scene: scene)
        let count = scene.frameCount
        let last = min(range?.upperBound ?? count - 1, count - 1)
        var frames: [Frame] = []
        if last >= 0 {
            for i in 0...last {
                sim.advance(to: sim.clock.time(ofFrame: i))
                if range.map({ $0.contains(i) }) ?? true { frames.append(sim.snapshot(index: i)) }
            }
        }
        return Timeline(scene: scene.name, fps: scene.fps, canvas: scene.canvas, frames: frames)
    }
}

/// Events ordered by time, then by kind (script before touches before display-link ticks),
/// then by the order they were scheduled — never by anything that varies between runs.
struct EventQueue {
    enum Order {
        static let script = 0
    }
    enum Payload {
        /// Script steps and completions: actions run at the event's time.
        case actions([Action])
    }
    struct Event {
        var time: Double
        var order: Int
        var seq: Int
        var payload: Payload
    }
    private var heap: [Event] = []

    private static func before(_ a: Event, _ b: Event) -> Bool {
        if abs(a.time - b.time) > FrameClock.epsilon { return a.time < b.time }
        if a.order != b.order { return a.order < b.order }
        return a.seq < b.seq
    }

    mutating func schedule(at time: Double, order: Int, seq: Int, _ payload: Payload) {
        heap.append(Event(time: time, order: order, seq: seq, payload: payload))
        var i = heap.count - 1
        while i > 0 {
            let p = (i - 1) / 2
            if EventQueue.before(heap[i], heap[p]) { heap.swapAt(i, p); i = p } else { break }
        }
    }

    mutating func popFirst(notAfter time: Double) -> Event? {
        guard let first = heap.first, first.time <= time + FrameClock.epsilon else { return nil }
        let last = heap.removeLast()
        if !heap.isEmpty {
            heap[0] = last
            var i = 0
            while true {
                let l = 2 * i + 1, r = l + 1
                var m = i
                if l < heap.count, EventQueue.before(heap[l], heap[m]) { m = l }
                if r < heap.count, EventQueue.before(heap[r], heap[m]) { m = r }
                if m == i { break }
                heap.swapAt(i, m)
                i = m
            }
        }
        return first
    }

    var isEmpty: Bool { heap.isEmpty }
}
