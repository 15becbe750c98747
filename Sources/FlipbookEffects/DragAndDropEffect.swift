import FlipbookCore
import FlipbookLayout
import FlipbookAnimation
import FlipbookSimulation

/// Drag and drop between collection views, with UICollectionViewDragDelegate and
/// DropDelegate's semantics: a long press on an item of any of the scene's views lifts a
/// preview (the item's look, 5 % larger, with the lifted shadow) that follows the finger above
/// every view; over a view, that view opens an insertion gap where the item would land (an
/// invisible placeholder inserted, and moved as the finger moves, by batch updates, so the
/// items around it animate); on lift over a view the preview glides into the gap (0.25 s) and
/// the data moves: the item leaves its source (the gap there closes) and takes the
/// placeholder's place. Lifted anywhere else, the preview glides back and nothing changes.
/// With `move` the source item is hidden while it is dragged (a move); otherwise it stays
/// (UIKit shows the source as it was until the drop when copying).
public final class DragAndDropEffect: Effect {
    public struct Options: Sendable {
        public var move = true
        /// UIKit's drag lift begins after a long press; 0.5 s is UILongPressGestureRecognizer's default.
        public var minimumPressDuration = 0.5
        public init() {}
    }

    public let options: Options
    unowned var sim: Simulator!
    public private(set) var longPress: LongPressGestureRecognizer!

    struct Drag {
        var item: ItemSpec
        var source: CollectionView
        /// The finger's offset from the preview's centre, kept while dragging.
        var grab: Point
        var size: Size
        var appearance: Appearance
        /// The view with the insertion gap, and where.
        var target: (view: CollectionView, at: ItemIndexPath)?
        /// After the lift: the preview's centre moving to where it lands.
        var landing: (from: Point, to: Point, begin: Double, timing: AnimationTiming)?
        /// When the preview began to lift (its scale and shadow grow over `lift`).
        var liftBegin: Double
    }
    private var drag: Drag?
    /// The lift grows the preview to 1.05x and its lifted shadow in, and the landing takes them
    /// back, each over Core Animation's default 0.25 s (UIKit animates both and publishes no
    /// number: ours), never in one frame.
    static let previewScale = 1.05, glide = AnimationTiming.standard, lift = AnimationTiming.standard

    public init(options: Options) { self.options = options }

    public func attach(to simulator: Simulator) {
        sim = simulator
        longPress = LongPressGestureRecognizer(name: "dragAndDrop.longPress", view: { Rect(x: -1e9, y: -1e9, width: 2e9, height: 2e9) })
        longPress.minimumPressDuration = options.minimumPressDuration
        longPress.shouldBegin = { [unowned self] r in self.drag == nil && self.item(at: r.startLocation) != nil }
        longPress.action = { [unowned self] r in self.handle(r) }
        simulator.gestures.add(longPress)
        for pan in simulator.scrollPans { pan.requiresFailureOf.append(longPress) }
        simulator.addFloatingItems { [unowned self] t in self.preview(at: t) }
    }

    /// The id placeholders take (`<item>.placeholder`, a generated suffix).
    /// The gap `item` opens in `view`: named by the view too, so the gap closing in one view and
    /// the one opening in the next, shown together for a moment, never share an id in a frame.
    static func placeholderID(_ item: String, in view: CollectionView) -> String { view.spec.id + "." + item + ".placeholder" }

    func item(at p: Point) -> (view: CollectionView, id: String)? {
        for v in sim.views.reversed() where v.frame(at: sim.now).contains(p) {
            if let id = v.itemID(atCanvas: p, at: sim.now), !id.hasSuffix(".placeholder") { return (v, id) }
            return nil
        }
        return nil
    }

    /// The preview's frame on the canvas at `time`, if one is shown.
    public func previewFrame(at time: Double) -> Rect? {
        guard let d = drag else { return nil }
        let centre: Point
        if let l = d.landing {
            let f = l.timing.fraction(atElapsed: time - l.begin)
            centre = .interpolate(l.from, l.to, f)
        } else {
            centre = longPress.location - d.grab
        }
        return Rect(x: centre.x - d.size.width / 2, y: centre.y - d.size.height / 2, width: d.size.width, height: d.size.height)
    }

    func preview(at time: Double) -> [DrawItem] {
        guard let d = drag, let f = previewFrame(at: time) else { return [] }
        var look = d.appearance
        // Lifted: 0 → 1 over the lift; landing: back to 0 over the glide.
        var lifted = Self.lift.fraction(atElapsed: time - d.liftBegin)
        if let l = d.landing { lifted = min(lifted, 1 - l.timing.fraction(atElapsed: time - l.begin)) }
        look.shadow = Shadow.interpolate(d.appearance.shadow, .lifted, lifted)
        let scale = 1 + (Self.previewScale - 1) * lifted
        return [DrawItem(id: d.item.id + ".snapshot", kind: .snapshot, frame: f, zIndex: Int(Int32.max), scale: scale, appearance: look)]
    }

    func handle(_ r: GestureRecognizer) {
        let now = sim.now
        switch r.state {
        case .began:
            guard let (view, id) = item(at: r.startLocation), let item = view.item(id),
                  let drawn = view.drawItems(at: now).first(where: { $0.id == id }) else { return }
            drag = Drag(item: item, source: view, grab: r.location - drawn.frame.center, size: drawn.frame.size,
                        appearance: drawn.appearance, liftBegin: now)
            if options.move { view.setHidden(id, true) }
        case .changed:
            updateTarget(at: r.location, now: now)
        case .ended, .cancelled:
            guard var d = drag, let from = previewFrame(at: now)?.center else { return }
            if r.state == .ended, let target = d.target, let landing = placeholderFrame(in: target.view, id: Self.placeholderID(d.item.id, in: target.view), at: now) {
                d.landing = (from, landing.center, now, Self.glide)
                drag = d
                sim.after(Self.glide.duration) { [unowned self] t in self.drop(at: t) }
            } else {
                if let t = d.target { _ = t.view.performBatchUpdates([.delete(id: Self.placeholderID(d.item.id, in: t.view))], timing: .standard, at: now) }
                d.target = nil
                let home = d.source.drawItems(at: now).first { $0.id == d.item.id }?.frame.center ?? from
                d.landing = (from, home, now, Self.glide)
                drag = d
                sim.after(Self.glide.duration) { [unowned self] _ in
                    if let d = self.drag { d.source.setHidden(d.item.id, false) }
                    self.drag = nil
                }
            }
        default: break
        }
    }

    /// The placeholder's frame on the canvas, where it will be once its insertion settles.
    func placeholderFrame(in view: CollectionView, id: String, at time: Double) -> Rect? {
        guard let s = view.modelState(of: id, at: time) else { return nil }
        let o = view.contentOffset(at: time), f = view.frame(at: time)
        return s.frame.offsetBy(dx: f.minX - o.x, dy: f.minY - o.y)
    }

    /// Opens, moves or closes the insertion gap for the finger at `p`.
    func updateTarget(at p: Point, now: Double) {
        guard var d = drag else { return }
        let over = sim.views.last { $0.frame(at: now).contains(p) }
        if let current = d.target, current.view !== over {
            _ = current.view.performBatchUpdates([.delete(id: Self.placeholderID(d.item.id, in: current.view))], timing: .standard, at: now)
            d.target = nil
        }
        guard let view = over else { drag = d; return }
        let placeholder = Self.placeholderID(d.item.id, in: view)
        let at = insertionIndex(in: view, at: p, excluding: [placeholder, d.item.id], now: now)
        if let current = d.target {
            if current.at != at {
                _ = view.performBatchUpdates([.move(id: placeholder, to: at)], timing: .standard, at: now)
                d.target = (view, at)
            }
        } else {
            var gap = ItemSpec(id: placeholder, color: .clear, size: d.item.size ?? view.layout.defaultItemSize)
            var style = CellStyle()
            style.shadow = nil
            style.border = nil
            gap.style = style
            _ = view.performBatchUpdates([.insert(gap, at: at)], timing: .standard, at: now)
            d.target = (view, at)
        }
        drag = d
    }

    /// Where an item dropped at canvas point `p` goes: before the nearest item whose centre it
    /// is left of (or above), after it otherwise — above or below the middle of a row as wide as
    /// most of the view (a list's: a finger on its trailing reorder handle is not "after" it);
    /// the end of the last section when none is near.
    func insertionIndex(in view: CollectionView, at p: Point, excluding: Set<String>, now: Double) -> ItemIndexPath {
        let c = view.contentPoint(fromCanvas: p, at: now)
        let width = view.frame(at: now).width
        var best: (ip: ItemIndexPath, distance: Double, after: Bool)?
        for (id, a) in view.visibleAttributes(at: now) where a.isCell && !excluding.contains(id) {
            let d = a.frame.center.distance(to: c)
            if best == nil || d < best!.distance {
                // A row as wide as most of the view is a list's: above or below its middle.
                let row = a.frame.width >= 0.5 * width
                let after = row ? c.y > a.frame.midY : c.y > a.frame.maxY || (c.y >= a.frame.minY && c.x > a.frame.midX)
                best = (a.indexPath, d, after)
            }
        }
        // Index paths of the data without the excluded items (the placeholder is moved, the
        // source item is still in place until the drop).
        func index(_ ip: ItemIndexPath) -> Int {
            let ids = view.sections[ip.section].prefix(ip.item)
            return ids.filter { !excluding.contains($0) }.count
        }
        guard let b = best else { return ItemIndexPath(item: max(0, view.sections.last.map { $0.filter { !excluding.contains($0) }.count } ?? 0), section: max(0, view.sections.count - 1)) }
        return ItemIndexPath(item: index(b.ip) + (b.after ? 1 : 0), section: b.ip.section)
    }

    /// The preview has landed: the item takes the placeholder's place, and leaves its source.
    func drop(at now: Double) {
        guard let d = drag, let target = d.target else { drag = nil; return }
        let placeholder = Self.placeholderID(d.item.id, in: target.view)
        guard let ip = target.view.indexPath(for: placeholder) else { drag = nil; return }
        let item = d.item
        if d.source === target.view {
            _ = target.view.performBatchUpdates([.delete(id: placeholder), .move(id: item.id, to: ip)], timing: .curve(.linear, duration: 0), at: now)
            target.view.setHidden(item.id, false)
        } else {
            if options.move { _ = d.source.performBatchUpdates([.delete(id: item.id)], timing: .standard, at: now) }
            _ = target.view.performBatchUpdates([.delete(id: placeholder), .insert(item, at: ip)], timing: .curve(.linear, duration: 0), at: now)
        }
        drag = nil
    }
}

extension DragAndDropEffect.Options: EffectConfiguration {
    public func makeEffect() -> any Effect { DragAndDropEffect(options: self) }
    public func validate(in scene: Scene) throws {
        try SceneCheck.numbers(self, Self.numbers, at: "$.effect")
    }

    /// The options' numbers (the decoder and the schema read the same).
    package static var numbers: [NumberField<Self>] {
        [NumberField("minimumPressDuration", \.minimumPressDuration, 0...10, default: Self().minimumPressDuration, "Seconds before the lift")]
    }
}
