import FlipbookCore
import FlipbookLayout
import FlipbookAnimation

/// An element on screen: a cell or a supplementary view, with its model and presentation state.
public struct VisibleElement: Sendable {
    public var id: String
    /// "cell", or the supplementary kind ("header", "footer").
    public var kind: String
    public var indexPath: IndexPath
    /// What the layout and the scripts say (where the element is going).
    public var model: ItemState
    /// What is on screen now (model plus running animations).
    public var presentation: ItemState
    public var isCell: Bool { kind == "cell" }
}

/// One change in a batch update (performBatchUpdates).
public enum BatchChange: Sendable {
    case delete(id: String)
    /// Insert a new item at an index path of the data after the update.
    case insert(ItemSpec, at: IndexPath)
    /// Move an item to an index path of the data after the update.
    case move(id: String, to: IndexPath)
    /// Reload an item with new content (title, colour, size, rows); its geometry animates like any other.
    case reload(id: String, ItemPatch)
    /// invalidateLayout with changed parameters (a patch decoded for the scene's layout).
    case layout(LayoutPatch)
    /// Drop script-set values of an item, so it animates to its layout attributes with the rest.
    case clearProperties(id: String, [ItemProperty])
}

/// Changes to a layout's parameters, applied inside a batch update.
public struct LayoutPatch: Sendable {
    public let apply: @Sendable (inout any CollectionViewLayout) -> Void
    public init(_ apply: @escaping @Sendable (inout any CollectionViewLayout) -> Void) { self.apply = apply }
}

/// A collection view at run time, like UICollectionView: the data source (sections of item
/// ids), the layout, the scroll view, and what is on screen at a given time.
///
/// Model and presentation follow Core Animation: the model is where the layout and the script
/// put things (what scripts and gestures read); the presentation adds running animations
/// (what the keyframes and renderers show). Per-frame cost is O(elements on screen + animating
/// elements): the layout is asked only for the visible rect.
public final class CollectionView {
    public let spec: CollectionViewSpec
    public let scrollView: ScrollView
    /// Item ids per section, in data-source order.
    public private(set) var sections: [[String]]
    public private(set) var layout: any CollectionViewLayout
    private var items: [String: ItemSpec] = [:]
    private var indexPaths: [String: IndexPath] = [:]
    private var itemSizes: [[Size]]?
    private var itemOrigins: [[Point]]?
    private var preparedBounds: Rect?
    private var layoutIsValid = false
    /// Where the view is moved to from its scene frame (a page sliding away), and the motion there.
    private var frameOffset = Point.zero
    private var frameTransition: Transition<Point>?

    /// Model values set by the script (UIView property assignments), by item id.
    private var overrides: [String: [ItemProperty: PropertyValue]] = [:]
    private var hiddenOverrides: [String: Bool] = [:]
    private var zIndexOverrides: [String: Int] = [:]
    /// Running animations by element id.
    private var animators: [String: ItemAnimator] = [:]
    /// Key-frame animations every cell shows (the jiggle of edit mode).
    private var cellKeyframes: [ItemAnimator.Keyframes] = []
    /// Deleted items still animating out.
    private var ghosts: [String: Ghost] = [:]
    /// Views added on top of the cells (a lifted snapshot), in content coordinates, in order.
    private var overlays: [Overlay] = []

    /// A view drawn from an item's own appearance (snapshotView(afterScreenUpdates:)), placed in
    /// content coordinates like a subview of the collection view.
    struct Overlay {
        var id: String
        var item: String
        var model: ItemState
        var animator: ItemAnimator
        var shadow: Shadow?
    }

    struct Ghost {
        var item: ItemSpec
        var indexPath: IndexPath
        var state: ItemState
        var animator: ItemAnimator
    }

    public init(spec: CollectionViewSpec) {
        self.spec = spec
        scrollView = ScrollView(frame: spec.frame, contentInset: spec.contentInset, contentOffset: spec.initialContentOffset)
        layout = spec.layout
        sections = spec.sections.map { $0.items.map(\.id) }
        for s in spec.sections { for it in s.items { items[it.id] = it } }
        reindex()
        prepareLayoutIfNeeded(bounds: scrollView.bounds)
    }

    // MARK: - Data source

    private func reindex() {
        indexPaths = [:]
        for (s, ids) in sections.enumerated() {
            for (i, id) in ids.enumerated() { indexPaths[id] = IndexPath(item: i, section: s) }
        }
        let hasSizes = sections.contains { $0.contains { items[$0]?.size != nil } }
        if hasSizes {
            let fallback = (layout as? FlowLayout)?.itemSize ?? Size(width: 50, height: 50)
            itemSizes = sections.map { $0.map { items[$0]?.size ?? fallback } }
        } else {
            itemSizes = nil
        }
        let hasOrigins = sections.contains { $0.contains { items[$0]?.origin != nil } }
        itemOrigins = hasOrigins ? sections.map { $0.map { items[$0]?.origin ?? .zero } } : nil
    }

    public func indexPath(for id: String) -> IndexPath? { indexPaths[id] }
    public func itemID(at indexPath: IndexPath) -> String? {
        guard indexPath.section >= 0, indexPath.section < sections.count,
              indexPath.item >= 0, indexPath.item < sections[indexPath.section].count else { return nil }
        return sections[indexPath.section][indexPath.item]
    }
    public func item(_ id: String) -> ItemSpec? { items[id] }

    /// The id of a section's supplementary view ("<section id>.header").
    public func supplementaryID(kind: String, section: Int) -> String { spec.sections[section].id + "." + kind }

    // MARK: - Layout

    /// invalidateLayout(): the next query re-prepares the layout.
    public func invalidateLayout() { layoutIsValid = false }

    public func layoutContext(bounds: Rect) -> LayoutContext {
        LayoutContext(bounds: bounds, contentInset: spec.contentInset, itemCounts: sections.map(\.count), itemSizes: itemSizes,
                      itemOrigins: itemOrigins)
    }

    /// Prepares the layout for `bounds` when it is invalid or asks to follow bounds changes.
    public func prepareLayoutIfNeeded(bounds: Rect) {
        if layoutIsValid, let p = preparedBounds, p == bounds || !layout.shouldInvalidateLayout(forBoundsChange: bounds) { return }
        layout.prepare(layoutContext(bounds: bounds))
        preparedBounds = bounds
        layoutIsValid = true
        scrollView.contentSize = layout.collectionViewContentSize
    }

    public func contentOffset(at time: Double) -> Point { scrollView.contentOffset(at: time) }

    /// The view's frame on the canvas at `time` (its scene frame, moved by any page animation).
    public func frame(at time: Double) -> Rect {
        let o = frameTransition?.value(at: time, to: frameOffset) ?? frameOffset
        return spec.frame.offsetBy(dx: o.x, dy: o.y)
    }

    /// Moves the whole view by `offset` from its scene frame; with `timing` it slides there from
    /// where it is on screen.
    public func moveFrame(to offset: Point, timing: AnimationTiming?, at time: Double) {
        let current = frameTransition?.value(at: time, to: frameOffset) ?? frameOffset
        frameOffset = offset
        frameTransition = timing.map { Transition(from: current, beginTime: time, timing: $0) }
    }

    /// Replaces an item's content at once (no animation), e.g. a label's text.
    public func updateItem(_ item: ItemSpec) {
        guard items[item.id] != nil else { return }
        items[item.id] = item
    }
    public func bounds(at time: Double) -> Rect { Rect(origin: contentOffset(at: time), size: spec.frame.size) }

    /// The layout's attributes for what is visible at `time`, with each element's id.
    public func visibleAttributes(at time: Double) -> [(id: String, attributes: LayoutAttributes)] {
        let b = bounds(at: time)
        prepareLayoutIfNeeded(bounds: b)
        var out: [(String, LayoutAttributes)] = []
        for a in layout.layoutAttributesForElements(in: b) {
            if let id = elementID(for: a) { out.append((id, a)) }
        }
        return out
    }

    func elementID(for a: LayoutAttributes) -> String? {
        switch a.representedElementCategory {
        case .cell: return itemID(at: a.indexPath)
        case .supplementaryView(let kind):
            guard a.indexPath.section >= 0, a.indexPath.section < spec.sections.count else { return nil }
            return supplementaryID(kind: kind, section: a.indexPath.section)
        }
    }

    /// The layout's current attributes for an element id (cells and supplementary views).
    public func layoutAttributes(for id: String) -> LayoutAttributes? {
        if let ip = indexPaths[id] { return layout.layoutAttributesForItem(at: ip) }
        for (s, section) in spec.sections.enumerated() where id.hasPrefix(section.id + ".") {
            let kind = String(id.dropFirst(section.id.count + 1))
            return layout.layoutAttributesForSupplementaryView(ofKind: kind, at: IndexPath(item: 0, section: s))
        }
        return nil
    }

    // MARK: - Model and presentation

    func kind(of a: LayoutAttributes) -> String {
        if case .supplementaryView(let k) = a.representedElementCategory { return k }
        return "cell"
    }

    func modelState(_ id: String, _ a: LayoutAttributes) -> ItemState {
        var s = ItemState(a, color: items[id]?.color ?? .clear)
        if let o = overrides[id] {
            for p in ItemProperty.allCases { if let v = o[p] { s[p] = v } }
        }
        if let h = hiddenOverrides[id] { s.isHidden = h }
        if let z = zIndexOverrides[id] { s.zIndex = z }
        return s
    }

    func presentation(_ id: String, model: ItemState, isCell: Bool, at time: Double) -> ItemState {
        var s = animators[id]?.presentation(of: model, at: time) ?? model
        if isCell { ItemAnimator.apply(cellKeyframes, to: &s, at: time) }
        return s
    }

    /// The model state of an element now (what scripts and gestures read).
    public func modelState(of id: String, at time: Double) -> ItemState? {
        prepareLayoutIfNeeded(bounds: bounds(at: time))
        guard let a = layoutAttributes(for: id) else { return nil }
        return modelState(id, a)
    }

    /// The presentation state of an element now (what is on screen).
    public func presentationState(of id: String, at time: Double) -> ItemState? {
        if let g = ghosts[id] { return g.animator.presentation(of: g.state, at: time) }
        guard let m = modelState(of: id, at: time) else { return nil }
        return presentation(id, model: m, isCell: indexPaths[id] != nil, at: time)
    }

    /// Every element on screen at `time` (visible by the layout, or moved on screen by an
    /// animation), back to front: by zIndex, supplementary views before cells, then index path.
    public func elements(at time: Double) -> [VisibleElement] {
        let b = bounds(at: time)
        prune(at: time)
        var out: [VisibleElement] = []
        var seen = Set<String>()
        /// Laid out by the layout: drawn where its presentation is, if that reaches the screen
        /// (its model may be on screen while an animation still holds it elsewhere, or the reverse).
        func addLaidOut(_ id: String, _ a: LayoutAttributes) {
            let m = modelState(id, a)
            let k = kind(of: a)
            let p = presentation(id, model: m, isCell: k == "cell", at: time)
            if CollectionView.mayBeVisible(p, in: b) { out.append(VisibleElement(id: id, kind: k, indexPath: a.indexPath, model: m, presentation: p)) }
        }
        for (id, a) in visibleAttributes(at: time) {
            seen.insert(id)
            addLaidOut(id, a)
        }
        for id in animators.keys.sorted() where !seen.contains(id) {
            if let a = layoutAttributes(for: id) { addLaidOut(id, a) }
        }
        for o in overlays {
            let p = o.animator.presentation(of: o.model, at: time)
            if CollectionView.mayBeVisible(p, in: b) {
                out.append(VisibleElement(id: o.id, kind: "snapshot", indexPath: indexPaths[o.item] ?? IndexPath(item: 0), model: o.model, presentation: p))
            }
        }
        for id in ghosts.keys.sorted() {
            let g = ghosts[id]!
            let p = g.animator.presentation(of: g.state, at: time)
            if CollectionView.mayBeVisible(p, in: b) { out.append(VisibleElement(id: id, kind: "cell", indexPath: g.indexPath, model: g.state, presentation: p)) }
        }
        return out.sorted { a, b in
            if a.presentation.zIndex != b.presentation.zIndex { return a.presentation.zIndex < b.presentation.zIndex }
            if a.isCell != b.isCell { return !a.isCell }
            if a.indexPath != b.indexPath { return a.indexPath < b.indexPath }
            return a.id < b.id
        }
    }

    /// Whether a state can reach into `bounds` (rotation and scale grow it about its centre).
    static func mayBeVisible(_ s: ItemState, in bounds: Rect) -> Bool {
        var f = s.frame.offsetBy(dx: s.translation.x, dy: s.translation.y)
        if s.rotation != 0 || s.scale != 1 {
            let r = (f.width * f.width + f.height * f.height).squareRoot() / 2 * max(1, abs(s.scale))
            f = Rect(x: f.midX - r, y: f.midY - r, width: 2 * r, height: 2 * r)
        }
        return f.intersects(bounds)
    }

    /// Drops finished animations (and ghosts whose fade-out ended); the order does not matter.
    private func prune(at time: Double) {
        animators = animators.compactMapValues { a in
            var a = a
            a.prune(at: time)
            return a.isEmpty ? nil : a
        }
        for i in overlays.indices { overlays[i].animator.prune(at: time) }
        ghosts = ghosts.compactMapValues { g in
            var g = g
            g.animator.prune(at: time)
            return g.animator.isEmpty ? nil : g
        }
    }

    /// Everything this collection view draws at `time`, back to front, in canvas points.
    public func drawItems(at time: Double) -> [DrawItem] {
        let offset = contentOffset(at: time)
        let viewFrame = frame(at: time)
        let clip = viewFrame
        var result = [DrawItem(id: spec.id, kind: "view", frame: viewFrame, zIndex: -1,
                               appearance: Appearance(background: spec.backgroundColor))]
        for e in elements(at: time) {
            let s = e.presentation
            let frame = s.frame.offsetBy(dx: viewFrame.minX - offset.x + s.translation.x,
                                         dy: viewFrame.minY - offset.y + s.translation.y)
            result.append(DrawItem(id: e.id, kind: e.kind, frame: frame, zIndex: s.zIndex, alpha: s.alpha,
                                   rotation: s.rotation, scale: s.scale, hidden: s.isHidden, clip: clip,
                                   appearance: appearance(of: e.id, kind: e.kind, indexPath: e.indexPath, state: s)))
        }
        return result
    }

    func appearance(of id: String, kind: String, indexPath: IndexPath, state: ItemState) -> Appearance {
        if kind == "snapshot", let o = overlays.first(where: { $0.id == id }) {
            // Drawn from the item itself, pixel for pixel, with the overlay's own shadow.
            var a = appearance(of: o.item, kind: "cell", indexPath: indexPath, state: state)
            a.shadow = o.shadow
            return a
        }
        if kind == "cell" {
            var item = items[id] ?? ghosts[id]?.item ?? ItemSpec(id: id, color: state.color)
            item.color = state.color
            return CellAppearance.cell(item, style: item.style ?? spec.cell, size: state.frame.size)
        }
        let title = indexPath.section < spec.sections.count ? spec.sections[indexPath.section].header ?? "" : ""
        return CellAppearance.header(title, style: spec.headerStyle, background: spec.backgroundColor, size: state.frame.size)
    }

    // MARK: - Changes from scripts (UIView property assignments and animations)

    /// Sets model values; with `timing` they animate from what is on screen (beginFromCurrentState),
    /// otherwise running transitions of those properties are removed and the values jump.
    /// With `keepRunning`, an unanimated change leaves a running transition in place: it goes on
    /// toward the new value (a dragged cell catching up with the finger).
    public func setProperties(_ id: String, _ values: [(ItemProperty, PropertyValue)], timing: AnimationTiming?,
                              beginTime: Double, at time: Double, keepRunning: Bool = false) {
        let before = presentationState(of: id, at: time)
        for (p, v) in values { overrides[id, default: [:]][p] = v }
        retarget(id, values.map(\.0), before: before, timing: timing, beginTime: beginTime, keepRunning: keepRunning)
    }

    private func retarget(_ id: String, _ properties: [ItemProperty], before: ItemState?, timing: AnimationTiming?,
                          beginTime: Double, keepRunning: Bool = false) {
        var animator = animators[id] ?? ItemAnimator()
        animator.retarget(properties, before: before, timing: timing, beginTime: beginTime, keepRunning: keepRunning)
        animators[id] = animator.isEmpty ? nil : animator
    }

    private func removeOverrides(_ id: String, _ properties: [ItemProperty]) {
        for p in properties { overrides[id]?[p] = nil }
        if overrides[id]?.isEmpty == true { overrides[id] = nil }
    }

    public func setHidden(_ id: String, _ hidden: Bool) { hiddenOverrides[id] = hidden }

    /// Draws an item at `z` instead of its layout zIndex (nil restores the layout's).
    public func setZIndex(_ id: String, _ z: Int?) { zIndexOverrides[id] = z }

    /// Adds a key-frame animation to one element, or to every cell when `id` is nil.
    public func addKeyframes(_ k: ItemAnimator.Keyframes, to id: String?) {
        if let id {
            animators[id, default: ItemAnimator()].add(k)
        } else {
            cellKeyframes.removeAll { $0.key == k.key }
            cellKeyframes.append(k)
        }
    }

    /// Removes key-frame animations (one key, or all) from one element or from every cell.
    public func removeKeyframes(key: String?, from id: String?) {
        if let id {
            animators[id]?.removeKeyframes(key: key)
        } else {
            if let key { cellKeyframes.removeAll { $0.key == key } } else { cellKeyframes.removeAll() }
            for k in animators.keys.sorted() { animators[k]!.removeKeyframes(key: key) }
        }
    }

    /// Removes script-set values so the layout's attributes show again; with `timing` the
    /// presentation moves there from what is on screen.
    public func clearProperties(_ id: String, _ properties: [ItemProperty], timing: AnimationTiming?, at time: Double) {
        let before = presentationState(of: id, at: time)
        removeOverrides(id, properties)
        retarget(id, properties, before: before, timing: timing, beginTime: time)
    }

    // MARK: - Overlays

    /// Adds a snapshot of `item` (same appearance) at `state`, in content coordinates.
    public func addSnapshot(id: String, of item: String, state: ItemState, shadow: Shadow? = .lifted) {
        overlays.removeAll { $0.id == id }
        overlays.append(Overlay(id: id, item: item, model: state, animator: ItemAnimator(), shadow: shadow))
    }

    /// Moves a snapshot; with `timing` it animates there from where it is on screen.
    public func updateSnapshot(_ id: String, _ values: [(ItemProperty, PropertyValue)], timing: AnimationTiming? = nil, at time: Double) {
        guard let i = overlays.firstIndex(where: { $0.id == id }) else { return }
        let before = overlays[i].animator.presentation(of: overlays[i].model, at: time)
        for (p, v) in values { overlays[i].model[p] = v }
        overlays[i].animator.retarget(values.map(\.0), before: before, timing: timing, beginTime: time)
    }

    public func setSnapshotZIndex(_ id: String, _ z: Int) {
        if let i = overlays.firstIndex(where: { $0.id == id }) { overlays[i].model.zIndex = z }
    }

    /// The snapshot's model state (where it is going).
    public func snapshotState(_ id: String) -> ItemState? { overlays.first { $0.id == id }?.model }

    public func removeSnapshot(_ id: String) { overlays.removeAll { $0.id == id } }

    /// The id of the snapshot standing in for an item.
    public static func snapshotID(of item: String) -> String { item + ".snapshot" }

    /// Replaces an item with a snapshot of itself where it is on screen (snapshotView, then
    /// hidden = YES); returns the snapshot's state.
    @discardableResult
    public func liftSnapshot(of item: String, zIndex: Int, shadow: Shadow?, at time: Double) -> ItemState? {
        guard var state = presentationState(of: item, at: time) else { return nil }
        state.zIndex = zIndex
        addSnapshot(id: CollectionView.snapshotID(of: item), of: item, state: state, shadow: shadow)
        setHidden(item, true)
        return state
    }

    /// Glides an item's snapshot onto the item's model frame in `duration`; call
    /// `dropSnapshot(of:)` when it ends.
    public func settleSnapshot(of item: String, duration: Double, at time: Double) {
        guard let home = modelState(of: item, at: time) else { return }
        updateSnapshot(CollectionView.snapshotID(of: item), [(.frame, .rect(home.frame))],
                       timing: .curve(.easeInEaseOut, duration: duration), at: time)
    }

    /// Removes an item's snapshot and shows the item again.
    public func dropSnapshot(of item: String) {
        removeSnapshot(CollectionView.snapshotID(of: item))
        setHidden(item, false)
    }

    // MARK: - Geometry helpers for gestures

    /// A canvas point in content coordinates at `time`.
    public func contentPoint(fromCanvas p: Point, at time: Double) -> Point {
        let o = contentOffset(at: time)
        let f = frame(at: time)
        return Point(x: p.x - f.minX + o.x, y: p.y - f.minY + o.y)
    }

    /// indexPathForItem(at:): the topmost visible cell whose model frame contains a canvas point.
    public func itemID(atCanvas p: Point, at time: Double) -> String? {
        let c = contentPoint(fromCanvas: p, at: time)
        var best: (id: String, z: Int, ip: IndexPath)?
        for (id, a) in visibleAttributes(at: time) where a.isCell && !a.isHidden && a.frame.contains(c) {
            let m = modelState(id, a)
            if m.isHidden { continue }
            if best == nil || m.zIndex > best!.z || (m.zIndex == best!.z && a.indexPath > best!.ip) { best = (id, m.zIndex, a.indexPath) }
        }
        return best?.id
    }

    // MARK: - Batch updates

    /// performBatchUpdates: applies `changes` at `time` and animates every element from where it
    /// is on screen (or, if it was off screen, from its real old place) to its new attributes.
    /// Deletes apply first, then inserts and moves at their final index paths (UIKit's order).
    /// Returns the time the animation ends (for the completion).
    @discardableResult
    public func performBatchUpdates(_ changes: [BatchChange], timing: AnimationTiming, at time: Double) -> Double {
        let oldBounds = bounds(at: time)
        let before = Dictionary(elements(at: time).map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
        // Where things are on screen now — including items just off screen that are animating
        // or placed by the script: they start from there, not from their layout attributes.
        var presentationBefore = before.mapValues(\.presentation)
        for id in Set(animators.keys).union(overrides.keys).sorted() where presentationBefore[id] == nil {
            if let s = presentationState(of: id, at: time) { presentationBefore[id] = s }
        }
        prepareLayoutIfNeeded(bounds: oldBounds)
        let oldLayout = layout
        let oldIndexPaths = indexPaths

        // Data changes: deletes, then inserts and moves at their final positions in ascending order.
        // Removing an id never changes which section others are in, so the old index paths
        // still find their sections; everything is re-indexed once at the end.
        var deleted = Set<String>()
        var removed = Set<String>()
        var placed: [(id: String, to: IndexPath)] = []
        func remove(_ id: String) -> Bool {
            guard let ip = oldIndexPaths[id], !removed.contains(id) else { return false }
            sections[ip.section].removeAll { $0 == id }
            removed.insert(id)
            return true
        }
        for c in changes {
            switch c {
            case .delete(let id):
                if remove(id) { deleted.insert(id) }
            case .move(let id, let to):
                if remove(id) { placed.append((id, to)) }
            case .insert(let item, let to):
                items[item.id] = item
                placed.append((item.id, to))
            case .reload(let id, let patch):
                if let item = items[id] { items[id] = patch.applied(to: item) }
            case .layout(let patch):
                patch.apply(&layout)
            case .clearProperties(let id, let props):
                removeOverrides(id, props)
            }
        }
        for (id, to) in placed.sorted(by: { $0.to < $1.to }) {
            let s = min(max(to.section, 0), sections.count - 1)
            sections[s].insert(id, at: min(max(to.item, 0), sections[s].count))
        }
        reindex()
        invalidateLayout()
        prepareLayoutIfNeeded(bounds: oldBounds)

        let insertedIDs = Set(changes.compactMap { if case .insert(let it, _) = $0 { return it.id }; return nil })
        let after = visibleAttributes(at: time)
        var candidates = Set(before.keys).union(after.map(\.id))
        candidates.formUnion(placed.map(\.id))
        for id in candidates.sorted() {
            if deleted.contains(id) {
                guard let b = before[id], let oldIP = oldIndexPaths[id], let item = items[id] else { continue }
                var end = b.presentation
                if let f = layout.finalLayoutAttributesForDisappearingItem(at: oldIP) {
                    end = ItemState(f, color: b.presentation.color)
                } else {
                    end.alpha = 0
                }
                var animator = ItemAnimator()
                for p in ItemState.layoutProperties {
                    animator.startTransition(p, from: b.presentation[p], beginTime: time, timing: timing, fixedTarget: end[p])
                }
                ghosts[id] = Ghost(item: item, indexPath: oldIP, state: b.presentation, animator: animator)
                animators[id] = nil
                continue
            }
            guard let a = layoutAttributes(for: id) else { continue }
            let model = modelState(id, a)
            let from: ItemState
            if let b = presentationBefore[id] {
                from = b
            } else if insertedIDs.contains(id) {
                guard CollectionView.mayBeVisible(model, in: oldBounds) else { continue }
                var start = model
                if let i = layout.initialLayoutAttributesForAppearingItem(at: a.indexPath) {
                    start = modelState(id, i)
                } else {
                    start.alpha = 0
                }
                from = start
            } else if let oldIP = oldIndexPaths[id], let old = oldLayout.layoutAttributesForItem(at: oldIP) {
                // Off screen before the update: start from its real old place, not its new one.
                from = modelState(id, old)
            } else {
                continue
            }
            for p in ItemState.layoutProperties where from[p] != model[p] {
                animators[id, default: ItemAnimator()].startTransition(p, from: from[p], beginTime: time, timing: timing)
            }
        }
        for id in deleted { items[id] = nil; overrides[id] = nil; hiddenOverrides[id] = nil }
        return time + timing.duration
    }
}
