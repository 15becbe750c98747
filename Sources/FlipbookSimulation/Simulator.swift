import FlipbookCore
import FlipbookLayout
import FlipbookAnimation

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
    /// The scene's scroll views: the main collection view first, then `views`.
    public let views: [CollectionView]
    /// The main collection view.
    public var collectionView: CollectionView { views[0] }
    public let gestures = GestureSystem()
    /// Each view's own pan recognizer ("<view id>.pan"), in the order of `views`.
    public private(set) var scrollPans: [PanGestureRecognizer] = []
    /// The main scroll view's pan.
    public var scrollPan: PanGestureRecognizer { scrollPans[0] }
    /// Fixed items above every view (navigation bar, bottom bar); effects may retitle them.
    public private(set) var chrome: [ItemSpec]
    private var queue = EventQueue()
    private var nextSeq = 0
    private var displayLinks: [DisplayLink] = []
    private var tickScheduled = false
    private var lastTouchPoint: [Int: Point] = [:]
    public private(set) var now: Double = 0
    /// The first script step UIKit would have refused (an invalid batch update), if any;
    /// `record()` throws it.
    public private(set) var failure: InputError?
    /// The effects installed (the scene's own first); the simulator keeps them alive.
    public private(set) var effects: [any Effect] = []

    /// What labels are measured with, and characters checked against (the `Flipbook` module's
    /// `Simulator(scene:)` passes the typesetter that draws).
    public var text: any TextMeasuring { measurements.service }
    /// The text service as views and effects use it while drawing (a failure stops the recording).
    package let measurements: TextMeasurements

    /// Validates the scene (`Scene.validate(text:)`), so that nothing the runtime cannot handle
    /// reaches it, then installs the scene's effect and schedules its script and touches.
    public init(scene: Scene, text: any TextMeasuring) throws {
        try scene.validate(text: text)
        self.scene = scene
        clock = FrameClock(fps: scene.fps)
        let measurements = TextMeasurements(text)
        self.measurements = measurements
        // A view the host lays out gets the host's layout (validate() saw that it answers one).
        views = scene.allViews.enumerated().map { k, spec in
            guard spec.layout is HostedLayout, let layout = scene.host?.layout(ofView: k) else { return CollectionView(spec: spec, text: measurements) }
            var hosted = spec
            hosted.layout = layout
            return CollectionView(spec: hosted, text: measurements)
        }
        chrome = scene.chrome
        for v in views {
            v.scrollView.behavior = v.spec.scrolling
        }
        gestures.timerScheduler = { [unowned self] time, fire in
            self.schedule(at: time, order: EventQueue.Order.timer, .timer(fire))
        }
        for i in views.indices {
            let v = views[i]
            if (v.layout as? any SwipeActionsProviding)?.providesSwipeActions == true
                || v.layout is ListLayout && v.spec.sections.contains(where: { $0.items.contains { $0.leadingSwipeActions != nil || $0.trailingSwipeActions != nil } }) {
                swipeControllers[i] = SwipeActionsController(simulator: self, view: v)
            }
            installScrollPan(i)
            installHighlight(i)
        }
        if let configuration = scene.effect { install(configuration.makeEffect()) }
        if let own = scene.host?.makeEffect() { install(own) }
        for (i, step) in scene.script.enumerated() {
            schedule(at: step.time, .actions([step.action], path: step.path.isEmpty ? "$.script[\(i)]" : step.path))
        }
        for (i, t) in scene.touches.enumerated() {
            schedule(at: t.downTime, order: EventQueue.Order.touch, .touchDown(i))
            schedule(at: t.upTime, order: EventQueue.Order.touch, .touchUp(i))
            scheduleNextSample(i, after: t.downTime)
        }
    }

    private func installScrollPan(_ index: Int) {
        let cv = views[index]
        let scroll = cv.scrollView
        let pan = PanGestureRecognizer(name: cv.spec.id + ".pan", view: { [unowned self] in cv.frame(at: self.now) })
        pan.isEnabled = scroll.isScrollEnabled
        pan.action = { [unowned self] r in
            switch r.state {
            case .began:
                self.swipeControllers[index]?.scrollBegan()
                scroll.dragBegan(translation: r.translation, at: self.now)
            case .changed: scroll.dragChanged(translation: r.translation, at: self.now)
            case .ended:
                scroll.dragEnded(velocity: r.velocity, at: self.now)
                self.scrollReleased(index)
            case .cancelled:
                scroll.dragCancelled(at: self.now)
                self.scrollReleased(index)
            default: break
            }
        }
        gestures.add(pan)
        scrollPans.append(pan)
        if let swipe = swipeControllers[index] {
            // A sideways drag on a row with actions is the row's, not the scroll view's.
            gestures.add(swipe.pan)
            gestures.add(swipe.tap)
            gestures.add(swipe.deleteTap)
            pan.shouldBegin = { [unowned swipe] r in !swipe.claims(r.startLocation, translation: r.translation) }
        }
        guard !cv.orthogonalScrollers.isEmpty else { return }
        // A drag that starts in an orthogonal section and moves more across the view's axis
        // than along it scrolls the section, not the view (UIKit's nested scroll views).
        func across(_ s: OrthogonalScroller, _ r: GestureRecognizer) -> Bool {
            let t = r.translation
            return s.info.scrollsHorizontally ? abs(t.x) > abs(t.y) : abs(t.y) > abs(t.x)
        }
        pan.shouldBegin = { [unowned self, unowned cv] r in
            !cv.orthogonalScrollers.contains { cv.canvasFrame(of: $0, at: self.now).contains(r.startLocation) && across($0, r) }
        }
        for scroller in cv.orthogonalScrollers {
            let inner = scroller.scrollView
            let name = cv.spec.id + "." + cv.spec.sections[scroller.section].id + ".pan"
            let sectionPan = PanGestureRecognizer(name: name, view: { [unowned self, unowned cv, unowned scroller] in
                cv.canvasFrame(of: scroller, at: self.now)
            })
            sectionPan.isEnabled = scroll.isScrollEnabled
            sectionPan.shouldBegin = { [unowned scroller] r in across(scroller, r) }
            sectionPan.action = { [unowned self] r in
                switch r.state {
                case .began: inner.dragBegan(translation: r.translation, at: self.now)
                case .changed: inner.dragChanged(translation: r.translation, at: self.now)
                case .ended: inner.dragEnded(velocity: r.velocity, at: self.now)
                case .cancelled: inner.dragCancelled(at: self.now)
                default: break
                }
            }
            gestures.add(sectionPan)
            sectionPans.append((sectionPan, scroller, index))
        }
    }
    /// A view whose cells have a highlightedColor highlights the cell a finger rests on, as
    /// UICollectionView does: after the scroll view's touch delay, until the finger lifts or
    /// moves off to scroll (CellPressRecognizer; the UIKit module's cells use the same one).
    private func installHighlight(_ index: Int) {
        let cv = views[index]
        func highlights(_ id: String) -> Bool { ((cv.item(id)?.style ?? cv.spec.cell).highlightedColor) != nil }
        guard cv.spec.cell.highlightedColor != nil || cv.spec.sections.contains(where: { $0.items.contains { $0.style?.highlightedColor != nil } }) else { return }
        let press = CellPressRecognizer(name: cv.spec.id + ".highlight", view: { [unowned self] in cv.frame(at: self.now) })
        press.shouldReceiveTouch = { [unowned self] p in cv.itemID(atCanvas: p, at: self.now).map(highlights) ?? false }
        // It watches the touch beside the scroll view's pan and the rest: it never takes it.
        press.recognizesSimultaneously = { _ in true }
        press.highlight = { [unowned self, unowned press] in cv.highlightedItem = cv.itemID(atCanvas: press.startLocation, at: self.now) }
        press.action = { r in if r.state == .ended || r.state == .failed || r.state == .cancelled { cv.highlightedItem = nil } }
        gestures.add(press)
    }

    /// Each list view's swipe actions, by view index.
    private var swipeControllers: [Int: SwipeActionsController] = [:]
    /// The orthogonal sections' pans ("<view id>.<section id>.pan") and their scroll views.
    private var sectionPans: [(pan: PanGestureRecognizer, scroller: OrthogonalScroller, view: Int)] = []

    /// Adds an effect: the simulator keeps it alive and calls its `attach(to:)`.
    public func install(_ effect: any Effect) {
        effects.append(effect)
        effect.attach(to: self)
    }

    /// The view with this id.
    public func view(_ id: String) -> CollectionView? { views.first { $0.spec.id == id } }

    /// The view whose data source holds an item (the main one if none does).
    public func owner(of itemID: String) -> CollectionView {
        views.first { $0.item(itemID) != nil || $0.indexPath(for: itemID) != nil } ?? collectionView
    }

    /// scrollEnabled: enables or disables a scroll view's pan (UIKit ties them together).
    public func setScrollEnabled(_ enabled: Bool, view: CollectionView? = nil) {
        let v = view ?? collectionView
        v.scrollView.isScrollEnabled = enabled
        if let i = views.firstIndex(where: { $0 === v }) {
            scrollPans[i].isEnabled = enabled
            for s in sectionPans where s.view == i { s.pan.isEnabled = enabled }
        }
    }

    /// Changes a chrome item's title (a navigation bar switching between pages).
    public func setChromeTitle(_ id: String, _ title: String) {
        if let i = chrome.firstIndex(where: { $0.id == id }) { chrome[i].title = title }
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
        case .actions(let actions, let path): for a in actions { perform(a, path: path) }
        case .timer(let fire): fire(now)
        case .touchDown(let i): touchDown(scene.touches[i])
        case .touchSample(let i): touchSample(i)
        case .touchUp(let i): touchUp(scene.touches[i])
        case .displayTick: displayTick()
        case .scrollEnded(let index, let generation):
            let scroll = views[index].scrollView
            if scroll.motionGeneration == generation { scroll.delegate?.scrollViewDidEndDecelerating(scroll, at: now) }
        }
    }

    // MARK: - Touches

    /// The next sample of track i strictly after `time`, on the k / touchSampleRate grid.
    private func scheduleNextSample(_ i: Int, after time: Double) {
        let t = FrameClock.tick(after: time, rate: scene.touchSampleRate)
        if t < scene.touches[i].upTime - FrameClock.epsilon {
            schedule(at: t, order: EventQueue.Order.touch, .touchSample(i))
        }
    }

    private func touchDown(_ t: TouchTrack) {
        lastTouchPoint[t.finger] = t.downPoint
        for v in views where v.frame(at: now).contains(t.downPoint) {
            v.scrollView.touchDown(at: now)
            for s in v.orthogonalScrollers where v.canvasFrame(of: s, at: now).contains(t.downPoint) { s.scrollView.touchDown(at: now) }
        }
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
        // The other fingers down now are where they are at this instant too (UIKit reports
        // every touch's position with an event), so a pinch ends on both fingers' last places.
        for other in scene.touches where other.finger != t.finger && lastTouchPoint[other.finger] != nil
            && other.downTime <= now + FrameClock.epsilon && other.upTime >= now - FrameClock.epsilon {
            let q = other.location(at: now)
            if q != lastTouchPoint[other.finger] {
                lastTouchPoint[other.finger] = q
                gestures.touchSample(finger: other.finger, at: q, time: now, moved: true)
            }
        }
        if p != lastTouchPoint[t.finger] { gestures.touchSample(finger: t.finger, at: p, time: now, moved: true) }
        let dragged = scrollPans.map { $0.touch == t.finger && $0.state.isActive }
        let caught = views.map { $0.frame(at: now).contains(t.downPoint) }
        let sectionsCaught = sectionPans.filter { !($0.pan.touch == t.finger && $0.pan.state.isActive) && $0.pan.touch == t.finger }
        gestures.touchUp(finger: t.finger, at: p, time: now)
        lastTouchPoint[t.finger] = nil
        for i in views.indices where !dragged[i] && caught[i] {
            views[i].scrollView.touchEndedWithoutDrag(at: now)
            scrollReleased(i)
        }
        for s in sectionsCaught { s.scroller.scrollView.touchEndedWithoutDrag(at: now) }
    }

    /// After a release: tell the delegate when the deceleration (or bounce) ends.
    private func scrollReleased(_ index: Int) {
        let scroll = views[index].scrollView
        if let end = scroll.releaseEndTime {
            schedule(at: end, order: EventQueue.Order.timer, .scrollEnded(index, scroll.motionGeneration))
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
        let needed = !displayLinks.isEmpty || views.contains { $0.scrollView.delegate != nil && $0.scrollView.isMoving(at: now) }
        guard needed, !tickScheduled else { return }
        schedule(at: FrameClock.tick(after: now, rate: scene.displayRefreshRate), order: EventQueue.Order.display, .displayTick)
        tickScheduled = true
    }

    private func displayTick() {
        tickScheduled = false
        for v in views {
            let scroll = v.scrollView
            if let d = scroll.delegate, scroll.isMoving(at: now) || scroll.isMoving(at: now - 1 / Double(scene.displayRefreshRate)) {
                d.scrollViewDidScroll(scroll, at: now)
            }
        }
        for link in displayLinks where link.isValid { link.callback(now) }
    }

    // MARK: - Script actions

    /// Runs one action at the current time; `path` names the script step in messages.
    public func perform(_ action: Action, path: String = "$.script") {
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
                let owner = self.owner(of: c.item)
                owner.setProperties(c.item, c.values, timing: nil, beginTime: now, at: now)
                if let h = c.hidden { owner.setHidden(c.item, h) }
            }
        case .animate(let t):
            let end = run(t, delay: 0, path: path)
            if !t.completion.isEmpty { schedule(at: end, .actions(t.completion, path: path + ".completion")) }
        case .addAnimation(let item, let spec, let beginOffset):
            var animation = spec.animation
            animation.beginTime = now + beginOffset
            let k = KeyframeSpec(key: spec.key, property: spec.property, animation: animation, additive: spec.additive)
            if let item { owner(of: item).addKeyframes(k, to: item) } else { for v in views { v.addKeyframes(k, to: nil) } }
        case .removeAnimation(let item, let key):
            if let item { owner(of: item).removeKeyframes(key: key, from: item) } else { for v in views { v.removeKeyframes(key: key, from: nil) } }
        case .performBatchUpdates(let changes, let timing, let completion):
            // UIKit raises before animating anything; the simulation stops with that reason
            // (record() throws it), so nothing is rendered from a scene a device would crash on.
            var problem = BatchUpdateCheck.problem(changes, sections: cv.sections)
            if problem == nil, !cv.orthogonalScrollers.isEmpty, changes.contains(where: \.changesSections) {
                problem = "inserting, deleting or moving sections of a layout with orthogonally scrolling sections is not drawn yet (items are)"
            }
            // A section's id names its header and footer: one section each.
            var sectionIDs = Set(cv.spec.sections.map(\.id))
            for case .insertSection(let section, _) in changes where problem == nil && !sectionIDs.insert(section.id).inserted {
                problem = "attempt to insert section \(InputError.quote(section.id)), an id another section has"
            }
            if let problem {
                if failure == nil {
                    failure = InputError(file: scene.messageFile(), path: path, message: BatchUpdateCheck.message(problem, at: now))
                }
                return
            }
            let end = cv.performBatchUpdates(changes, timing: timing, at: now)
            if !completion.isEmpty { schedule(at: end, .actions(completion, path: path + ".completion")) }
        case .code(let step):
            do {
                guard let host = scene.host else { throw SceneCheck.issue(path, Scene.noHost) }
                cv.keepOnScreenBeforeCode(at: now)
                defer { cv.onScreenBeforeCode = nil; cv.placesBeforeCode = [:] }
                let context = CodeContext(time: now, itemIDs: cv.sections, sectionIDs: cv.spec.sections.map(\.id), layout: cv.layout, view: cv)
                // Checked whole before any of it is applied: a refused answer changes nothing.
                let commands = try host.run(step, in: context)
                for c in commands { try Scene.checkCommand(c, at: path, time: now, fonts: text) }
                var actions: [Action] = []
                for command in commands {
                    switch command {
                    case .action(let a): actions.append(a)
                    case .snapshot(.add(let id, let item, let frame)):
                        var state = ItemState(frame: frame)
                        state.zIndex = Int(Int32.max)  // a subview added last is over the cells
                        cv.addSnapshot(id: id, of: item, state: state, shadow: nil)
                    case .snapshot(.move(let id, let frame, let timing)):
                        cv.updateSnapshot(id, [(.frame, .rect(frame))], timing: timing, at: now)
                    case .snapshot(.remove(let id)): cv.removeSnapshot(id)
                    case .snapshot(.hide(let item, let hidden)): cv.setHidden(item, hidden)
                    case .transition(.start(let next)): cv.startInteractiveTransition(to: next)
                    case .transition(.progress(let p)): cv.transitionProgress = p
                    case .transition(.end(let layout, let timing)): cv.setCollectionViewLayout(layout, timing: timing, at: now)
                    case .moveView(let id, let offset, let timing): view(id)?.moveFrame(to: offset, timing: timing, at: now)
                    }
                }
                // The views' changes are made as the code made them; its actions run after it.
                for a in actions { perform(a, path: path) }
            } catch var e as InputError where e.file.isEmpty {
                // A command the gate refused: its own path (the step's, and the field).
                e.file = scene.messageFile()
                if failure == nil { failure = e }
            } catch {
                if failure == nil { failure = InputError(file: scene.messageFile(), path: path, message: "\(error)") }
            }
        }
    }

    /// Applies a transaction's changes (animated from what is on screen) and its nested
    /// transactions; returns when the last of them ends.
    private func run(_ t: Transaction, delay: Double, path: String) -> Double {
        let begin = now + delay + t.delay
        for c in t.changes {
            let owner = self.owner(of: c.item)
            owner.setProperties(c.item, c.values, timing: t.timing, beginTime: begin, at: now)
            if let h = c.hidden { owner.setHidden(c.item, h) }
        }
        for n in t.nested {
            let nestedEnd = run(n, delay: delay + t.delay, path: path)
            if !n.completion.isEmpty { schedule(at: nestedEnd, .actions(n.completion, path: path + ".completion")) }
        }
        return now + delay + t.totalDuration
    }

    // MARK: - Frames

    /// Everything drawn at `time` (the clock must have been advanced there): each view, then
    /// the chrome, then what effects float above all (a drag preview between views).
    public func drawItems(at time: Double) -> [DrawItem] {
        var perView = views.map { $0.drawItems(at: time) }
        // An item moved to another view fades out of the one it left while it is in the new one:
        // the leaving copy (no longer in its view's data) is "<view>.<item>.leaving", so no id
        // is drawn twice in a frame (a diff keys on ids).
        if perView.count > 1 {
            var counts: [String: Int] = [:]
            for list in perView { for it in list { counts[it.id, default: 0] += 1 } }
            if counts.values.contains(where: { $0 > 1 }) {
                for (k, view) in views.enumerated() {
                    for i in perView[k].indices where counts[perView[k][i].id]! > 1 && perView[k][i].kind == .cell && view.indexPath(for: perView[k][i].id) == nil {
                        perView[k][i].id = view.spec.id + "." + perView[k][i].id + ".leaving"
                    }
                }
            }
        }
        var items = perView.flatMap { $0 }
        for c in chrome {
            let size = c.size ?? .zero
            items.append(DrawItem(id: c.id, kind: .chrome, frame: Rect(origin: c.origin ?? .zero, size: size), zIndex: 0,
                                  appearance: measurements.value(or: Appearance(background: c.color)) {
                                      try CellAppearance.cell(c, style: c.style ?? CellStyle(), size: size, text: $0)
                                  }))
        }
        for provider in floatingItems { items += provider(time) }
        return items
    }

    /// Items an effect draws above every view and the chrome, in canvas points, as a function
    /// of time (UIKit's drag previews live in a window of their own).
    public func addFloatingItems(_ provider: @escaping (Double) -> [DrawItem]) { floatingItems.append(provider) }
    private var floatingItems: [(Double) -> [DrawItem]] = []

    /// The frame at index `index` (the clock must have been advanced to its time).
    public func snapshot(index: Int) -> TimelineFrame { snapshot(index: index, time: clock.time(ofFrame: index)) }

    /// The state at exactly `time` (the clock must have been advanced there), labelled `index`.
    func snapshot(index: Int, time t: Double) -> TimelineFrame {
        let items = drawItems(at: t)
        var states = views.count > 1
            ? views.map { ScrollViewState(id: $0.spec.id, contentOffset: $0.contentOffset(at: t), frame: $0.frame(at: t)) } : []
        // An orthogonal section's offset is recorded as a scroll view of its own ("<view id>.<section id>").
        for v in views {
            for s in v.orthogonalScrollers {
                states.append(ScrollViewState(id: v.spec.id + "." + v.spec.sections[s.section].id,
                                              contentOffset: s.scrollView.contentOffset(at: t), frame: v.canvasFrame(of: s, at: t)))
            }
        }
        return TimelineFrame(index: index, time: t, contentOffset: collectionView.contentOffset(at: t), items: items,
                     touches: touches(at: t), recognizers: gestures.drainLog(), scrollViews: states)
    }

    /// Simulates the whole scene and keeps the frames in `range` (all by default). The
    /// simulation always starts at frame 0, since a frame's state depends on what came before.
    /// With `step` > 1 only every step-th frame of the range is kept (first, first + step, …).
    public static func run(_ scene: Scene, frames range: ClosedRange<Int>? = nil, step: Int = 1,
                           limits: RecordingLimits = RecordingLimits(), text: any TextMeasuring) throws -> Timeline {
        try Simulator(scene: scene, text: text).record(frames: range, step: step, limits: limits)
    }

    /// The state at exactly each of `times` (seconds from the start, ascending), for stills
    /// between frames as well as on them. Each frame's index is the first frame at or after it.
    public static func run(_ scene: Scene, at times: [Double], text: any TextMeasuring) throws -> [TimelineFrame] {
        let sim = try Simulator(scene: scene, text: text)
        var out: [TimelineFrame] = []
        for t in times.sorted() {
            sim.advance(to: t)
            if let failure = sim.failure { throw failure }
            out.append(sim.snapshot(index: sim.clock.firstFrame(atOrAfter: t), time: t))
            try sim.checkLayouts()
        }
        return out
    }

    /// A layout that answered something Flipbook cannot draw, or a label the text service could
    /// not measure, stops the recording with it.
    private func checkLayouts() throws {
        if let failure = measurements.failure { throw InputError(file: scene.messageFile(), path: "", message: failure.description) }
        for (k, v) in views.enumerated() {
            if let problem = v.layout.unsupportedUse {
                let path = v.layout is any NamesItsOwnProblems ? "" : k == 0 ? "$.collectionView.layout" : "$.views[\(k - 1)].layout"
                throw InputError(file: scene.messageFile(), path: path, message: problem)
            }
        }
    }

    /// Plays this simulator from its start (after any effects you installed) and records the
    /// frames as `run(_:frames:step:)` does. Call it once: the simulation only moves forward.
    public func record(frames range: ClosedRange<Int>? = nil, step: Int = 1, limits: RecordingLimits = RecordingLimits()) throws -> Timeline {
        var drawItems = 0
        let count = scene.frameCount
        let last = min(range?.upperBound ?? count - 1, count - 1)
        let first = range?.lowerBound ?? 0
        var frames: [TimelineFrame] = []
        if last >= 0 {
            for i in 0...last {
                if i % 64 == 0 { try limits.cancellation.check() }
                advance(to: clock.time(ofFrame: i))
                if let failure { throw failure }
                if i >= first && (i - first) % max(1, step) == 0 {
                    var frame = snapshot(index: i)
                    try checkLayouts()
                    if let previous = frames.last { frame.share(with: previous) }
                    drawItems += frame.items.count
                    if drawItems > limits.maxDrawItems {
                        throw BudgetExceeded("the timeline would hold more than \(limits.maxDrawItems) drawn items (\(frames.count) frames so far, about \(limits.bytesPerDrawItem * limits.maxDrawItems >> 20) MB); render fewer frames (--frames, --step) or raise --max-memory")
                    }
                    frames.append(frame)
                } else {
                    _ = gestures.drainLog()  // a kept frame lists only changes since the frame before it
                }
            }
        }
        return Timeline(scene: scene.name, fps: scene.fps, canvas: scene.canvas, frames: frames)
    }
}

extension TimelineFrame {
    /// Shares storage with `previous` where nothing changed: the whole item list of a frame at
    /// rest, else each item's appearance (by id). Memory then grows with what moves.
    mutating func share(with previous: TimelineFrame) {
        // Appearances first (each compared once), so comparing the lists after is mostly
        // identity checks of the shared boxes.
        var earlier: [String: Int] = [:]
        for (k, item) in previous.items.enumerated() { earlier[item.id] = k }
        for k in items.indices {
            if let j = earlier[items[k].id] { items[k].shareAppearance(with: previous.items[j]) }
        }
        if items == previous.items { items = previous.items }
    }
}

/// Bounds on a recording: a way to stop it (a signal) and the memory its frames may take.
public struct RecordingLimits: Sendable {
    /// Checked between frames: a cancelled recording throws `Cancelled`, one past its time
    /// budget `BudgetExceeded`.
    public var cancellation: Cancellation
    /// Drawn items over all kept frames (each costs about `bytesPerDrawItem` in memory).
    public var maxDrawItems = Int.max
    /// A DrawItem with its appearance, measured roughly (docs/reliability.md).
    public var bytesPerDrawItem = 400
    public init(cancellation: Cancellation = .none, maxDrawItems: Int = .max) {
        self.cancellation = cancellation; self.maxDrawItems = maxDrawItems
    }

    /// The memory budget `flipbook` uses when `--max-memory` is not given, in MB.
    public static let defaultMemoryMegabytes = 2048

    /// The policy every caller shares (the command line, FlipbookTesting): the timeline may take
    /// 40 % of a memory budget of `megabytes`, the rest is for drawing and encoding.
    public init(memoryMegabytes megabytes: Int, cancellation: Cancellation = .none) {
        self.init(cancellation: cancellation)
        maxDrawItems = max(1000, (megabytes << 20) * 2 / 5 / bytesPerDrawItem)
    }
}
