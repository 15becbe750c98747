import FlipbookCore
import FlipbookLayout
import FlipbookAnimation

/// A callback on every refresh of the simulated display, like CADisplayLink.
public final class DisplayLink {
    let callback: (Double) -> Void
    public fileprivate(set) var isValid = true
    init(_ callback: @escaping (Double) -> Void) { self.callback = callback }
    /// Stops the callbacks (CADisplayLink.invalidate()).
    public func invalidate() { isValid = false }
}

/// Plays a scene on the fixed step and records the frames.
///
/// Time only ever comes from integers: frame i samples the world at exactly i / fps; touches
/// are sampled at k / touchSampleRate and display-link callbacks run at k / displayRefreshRate,
/// both independent of the output frame rate. Between those instants events (script steps,
/// gesture timers, completions) are applied in a fixed order — time, then kind (script,
/// timer, touch, display), then scheduling order — and everything that moves is a pure
/// function of time, so the same scene puts the same content at the same times at any fps.
public final class Simulator {
    public let scene: Scene
    public let clock: FrameClock
    public let collectionView: CollectionView
    public let gestures = GestureSystem()
    /// The scroll view's own pan recognizer ("<collection view id>.pan").
    public private(set) var scrollPan: PanGestureRecognizer!
    private var queue = EventQueue()
    private var nextSeq = 0
    private var displayLinks: [DisplayLink] = []
    private var tickScheduled = false
    private var lastTouchPoint: [Int: Point] = [:]
    public private(set) var now: Double = 0
    /// The scene's interaction effect, installed at start.
    public private(set) var effect: (any Effect)?

    public init(scene: Scene) {
        self.scene = scene
        clock = FrameClock(fps: scene.fps)
        collectionView = CollectionView(spec: scene.collectionView)
        let scroll = collectionView.scrollView
        let spec = scene.collectionView
        scroll.bounces = spec.bounces
        scroll.alwaysBounceVertical = spec.alwaysBounceVertical
        scroll.alwaysBounceHorizontal = spec.alwaysBounceHorizontal
        scroll.isScrollEnabled = spec.scrollEnabled
        scroll.decelerationRate = spec.decelerationRate
        gestures.timerScheduler = { [unowned self] time, fire in
            self.schedule(at: time, order: EventQueue.Order.timer, .timer(fire))
        }
        installScrollPan()
        if let spec = scene.effect {
            let e = spec.make()
            e.install(in: self)
            effect = e
        }
        for step in scene.script { schedule(at: step.time, .actions([step.action])) }
        for (i, t) in scene.touches.enumerated() {
            schedule(at: t.downTime, order: EventQueue.Order.touch, .touchDown(i))
            schedule(at: t.upTime, order: EventQueue.Order.touch, .touchUp(i))
            scheduleNextSample(i, after: t.downTime)
        }
    }

    private func installScrollPan() {
        let cv = collectionView
        let scroll = cv.scrollView
        let pan = PanGestureRecognizer(name: cv.spec.id + ".pan", view: { cv.spec.frame })
        pan.isEnabled = scroll.isScrollEnabled
        pan.action = { [unowned self] r in
            switch r.state {
            case .began: scroll.dragBegan(translation: r.translation, at: self.now)
            case .changed: scroll.dragChanged(translation: r.translation, at: self.now)
            case .ended:
                scroll.dragEnded(velocity: r.velocity, at: self.now)
                self.scrollReleased()
            case .cancelled:
                scroll.dragCancelled(at: self.now)
                self.scrollReleased()
            default: break
            }
        }
        gestures.add(pan)
        scrollPan = pan
    }

    /// scrollEnabled: enables or disables the scroll view's pan (UIKit ties them together).
    public func setScrollEnabled(_ enabled: Bool) {
        collectionView.scrollView.isScrollEnabled = enabled
        scrollPan.isEnabled = enabled
    }

    // MARK: - Events

    /// Schedules payload at an absolute time; equal times keep scheduling order within a kind.
    func schedule(at time: Double, order: Int = EventQueue.Order.script, _ payload: EventQueue.Payload) {
        queue.schedule(at: time, order: order, seq: nextSeq, payload)
        nextSeq += 1
    }

    /// Runs `body` at `time` (an effect's timer, like dispatch_after).
    public func after(_ delay: Double, _ body: @escaping (Double) -> Void) {
        schedule(at: now + delay, order: EventQueue.Order.timer, .timer(body))
    }

    /// Applies every event up to and including `time`, then moves the clock there.
    public func advance(to time: Double) {
        while let e = queue.popFirst(notAfter: time) {
            now = max(now, e.time)
            apply(e.payload)
            ensureDisplayTicks()
        }
        now = time
    }

    private func apply(_ payload: EventQueue.Payload) {
        switch payload {
        case .actions(let actions): for a in actions { perform(a) }
        case .timer(let fire): fire(now)
        case .touchDown(let i): touchDown(scene.touches[i])
        case .touchSample(let i): touchSample(i)
        case .touchUp(let i): touchUp(scene.touches[i])
        case .displayTick: displayTick()
        case .scrollEnded(let generation):
            let scroll = collectionView.scrollView
            if scroll.motionGeneration == generation { scroll.delegate?.scrollViewDidEndDecelerating(scroll, at: now) }
        }
    }

    // MARK: - Touches

    /// The next sample of track i strictly after `time`, on the k / touchSampleRate grid.
    private func scheduleNextSample(_ i: Int, after time: Double) {
        let rate = Double(scene.touchSampleRate)
        let k = (time * rate + 1e-6).rounded(.down) + 1
        let t = k / rate
        if t < scene.touches[i].upTime - FrameClock.epsilon {
            schedule(at: t, order: EventQueue.Order.touch, .touchSample(i))
        }
    }

    private func touchDown(_ t: TouchTrack) {
        lastTouchPoint[t.finger] = t.downPoint
        if collectionView.spec.frame.contains(t.downPoint) { collectionView.scrollView.touchDown(at: now) }
        gestures.touchDown(finger: t.finger, at: t.downPoint, time: now)
    }

    private func touchSample(_ i: Int) {
        let t = scene.touches[i]
        let p = t.location(at: now)
        let moved = p != lastTouchPoint[t.finger]
        lastTouchPoint[t.finger] = p
        gestures.touchSample(finger: t.finger, at: p, time: now, moved: moved)
        scheduleNextSample(i, after: now)
    }

    private func touchUp(_ t: TouchTrack) {
        let p = t.location(at: t.upTime)
        if p != lastTouchPoint[t.finger] { gestures.touchSample(finger: t.finger, at: p, time: now, moved: true) }
        let dragged = scrollPan.touch == t.finger && scrollPan.state.isActive
        gestures.touchUp(finger: t.finger, at: p, time: now)
        lastTouchPoint[t.finger] = nil
        if !dragged && collectionView.spec.frame.contains(t.downPoint) {
            collectionView.scrollView.touchEndedWithoutDrag(at: now)
            scrollReleased(notify: false)
        }
    }

    /// After a release: tell the delegate when the deceleration (or bounce) ends.
    private func scrollReleased(notify: Bool = true) {
        let scroll = collectionView.scrollView
        if let end = scroll.releaseEndTime {
            schedule(at: end, order: EventQueue.Order.timer, .scrollEnded(scroll.motionGeneration))
        }
    }

    /// Fingers down at `time`, with their exact positions.
    public func touches(at time: Double) -> [TouchPoint] {
        scene.touches.filter { $0.isDown(at: time) }.map { TouchPoint(id: $0.finger, location: $0.location(at: time)) }
            .sorted { $0.id < $1.id }
    }

    // MARK: - Display link

    /// Calls `callback` on every display refresh until the link is invalidated.
    @discardableResult
    public func addDisplayLink(_ callback: @escaping (Double) -> Void) -> DisplayLink {
        let link = DisplayLink(callback)
        displayLinks.append(link)
        ensureDisplayTicks()
        return link
    }

    private func ensureDisplayTicks() {
        displayLinks.removeAll { !$0.isValid }
        let scroll = collectionView.scrollView
        let needed = !displayLinks.isEmpty || (scroll.delegate != nil && scroll.isMoving(at: now))
        guard needed, !tickScheduled else { return }
        let rate = Double(scene.displayRefreshRate)
        let k = (now * rate + 1e-6).rounded(.down) + 1
        schedule(at: k / rate, order: EventQueue.Order.display, .displayTick)
        tickScheduled = true
    }

    private func displayTick() {
        tickScheduled = false
        let scroll = collectionView.scrollView
        if let d = scroll.delegate, scroll.isMoving(at: now) || scroll.isMoving(at: now - 1 / Double(scene.displayRefreshRate)) {
            d.scrollViewDidScroll(scroll, at: now)
        }
        for link in displayLinks where link.isValid { link.callback(now) }
    }

    // MARK: - Script actions

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

    // MARK: - Frames

    /// The frame at index `index` (the clock must have been advanced to its time).
    public func snapshot(index: Int) -> Frame {
        let t = clock.time(ofFrame: index)
        return Frame(index: index, time: t, contentOffset: collectionView.contentOffset(at: t),
                     items: collectionView.drawItems(at: t), touches: touches(at: t), recognizers: gestures.drainLog())
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
                if range.map({ $0.contains(i) }) ?? true {
                    frames.append(sim.snapshot(index: i))
                } else {
                    _ = sim.gestures.drainLog()  // a kept frame lists only changes since the frame before it
                }
            }
        }
        return Timeline(scene: scene.name, fps: scene.fps, canvas: scene.canvas, frames: frames)
    }
}

/// Events ordered by time, then by kind, then by the order they were scheduled — never by
/// anything that varies between runs.
struct EventQueue {
    enum Order {
        static let script = 0
        /// Gesture timers, completions and effect timers: a long press held exactly its
        /// minimum duration is recognised before a lift at that same instant.
        static let timer = 1
        static let touch = 2
        static let display = 3
    }
    enum Payload {
        /// Script steps and completions: actions run at the event's time.
        case actions([Action])
        case timer((Double) -> Void)
        case touchDown(Int)
        case touchSample(Int)
        case touchUp(Int)
        case displayTick
        case scrollEnded(Int)
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
