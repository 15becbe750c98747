import FlipbookCore
import FlipbookLayout
import FlipbookAnimation

/// An element on screen: a cell or a supplementary view, with its model and presentation state.
public struct VisibleElement: Sendable {
    public var id: String
    /// A cell, or the supplementary kind (`.sectionHeader`, `.sectionFooter`).
    public var kind: ElementKind
    public var indexPath: ItemIndexPath
    /// What the layout and the scripts say (where the element is going).
    public var model: ItemState
    /// What is on screen now (model plus running animations).
    public var presentation: ItemState
    /// A list row's look from its layout (nil for other elements).
    public var listRow: ListRowConfiguration? = nil
    /// The cell's content as its layout drew it this moment (LayoutAttributes.contentElements).
    package var contentElements: [Element]? = nil
    /// The layout's 3-D transform this moment (LayoutAttributes.transform3D).
    package var transform3D: Transform3D? = nil
    public var isCell: Bool { kind == .cell }
}

/// A collection view at run time, like UICollectionView: the data source (sections of item
/// ids), the layout, the scroll view, and what is on screen at a given time.
///
/// Model and presentation follow Core Animation: the model is where the layout and the script
/// put things (what scripts and gestures read); the presentation adds running animations
/// (what the keyframes and renderers show). Per-frame cost is O(elements on screen + animating
/// elements): the layout is asked only for the visible rect.
public final class CollectionView {
    /// The view's spec; its sections change with a batch update's section changes.
    public internal(set) var spec: CollectionViewSpec
    public let scrollView: ScrollView
    /// Item ids per section, in data-source order.
    public internal(set) var sections: [[String]]
    public internal(set) var layout: any CollectionViewLayout
    /// The items by id, made when first asked for: until the data changes, cells read their
    /// item from the spec by index path (`item(_:at:)`), so a scene that only scrolls never
    /// hashes its 100,000 ids.
    lazy var items: [String: ItemSpec] = {
        var table: [String: ItemSpec] = [:]
        // Sized up front: growing a dictionary of 100,000 items rehashes and copies it ~17 times.
        table.reserveCapacity(spec.sections.reduce(0) { $0 + $1.items.count })
        for s in spec.sections { for it in s.items { table[it.id] = it } }
        return table
    }()
    /// Whether the items are still the spec's, each at its index path there.
    var itemsAreSpec = true
    /// Each item's index path, made when first asked for after the data changed: a scene that
    /// only scrolls never looks an item up by id, and indexing 100,000 ids costs more than
    /// rendering its frames.
    var indexPaths: [String: ItemIndexPath] {
        if let i = indexPathStorage { return i }
        var made: [String: ItemIndexPath] = [:]
        made.reserveCapacity(sections.reduce(0) { $0 + $1.count })
        for (s, ids) in sections.enumerated() {
            for (i, id) in ids.enumerated() { made[id] = ItemIndexPath(item: i, section: s) }
        }
        indexPathStorage = made
        return made
    }
    private var indexPathStorage: [String: ItemIndexPath]?
    var itemSizes: [[Size]]?
    var itemOrigins: [[Point]]?
    var preparedBounds: Rect?
    var layoutIsValid = false
    /// Where the view is moved to from its scene frame (a page sliding away), and the motion there.
    var frameOffset = Point.zero
    var frameTransition: Transition<Point>?

    /// Model values set by the script (UIView property assignments), by item id.
    var overrides: [String: [ItemProperty: PropertyValue]] = [:]
    var hiddenOverrides: [String: Bool] = [:]
    var zIndexOverrides: [String: Int] = [:]
    /// Running animations by element id.
    var animators: [String: ItemAnimator] = [:]
    /// Key-frame animations every cell shows (the jiggle of edit mode).
    var cellKeyframes: [KeyframeSpec] = []
    /// Deleted items still animating out.
    var ghosts: [String: Ghost] = [:]
    /// List rows whose corners or separator a batch update changes, held in the look that
    /// bridges both (ListRowConfiguration.whileChanging) until its animation ends.
    var heldListRows: [String: (row: ListRowConfiguration, until: Double)] = [:]
    /// The cell a resting finger highlights (CellStyle.highlightedColor), until it lifts.
    package var highlightedItem: String?
    /// What was on screen before a code step changed the layout's objects (CodeStep): the next
    /// batch update at that moment animates from it, not from what the changed layout says.
    var onScreenBeforeCode: (time: Double, elements: [String: VisibleElement], presentation: [String: ItemState])?
    /// Where the layout put the cells within a screen of the view before a code step changed the
    /// layout's objects: a cell that comes on screen in its batch update starts there.
    var placesBeforeCode: [String: ItemState] = [:]
    /// Views added on top of the cells (a lifted snapshot), in content coordinates, in order.
    var overlays: [Overlay] = []

    /// A view drawn from an item's own appearance (snapshotView(afterScreenUpdates:)), placed in
    /// content coordinates like a subview of the collection view.
    struct Overlay {
        var id: String
        var item: String
        var model: ItemState
        var animator: ItemAnimator
        var shadow: Shadow?
        /// Set while the snapshot, drawn above the items that cover part of its item, comes out
        /// over them or goes back under them.
        var reveal: Reveal?
    }

    /// How much of the part of a lifted item that others cover its snapshot shows: from none
    /// (the snapshot ends where the first item drawn over the item begins, as the item did) to
    /// all, or back, on an ease-in-ease-out over `duration` — the edge moves, so nothing is cut
    /// over or under another card in one frame and nothing is drawn translucent.
    struct Reveal {
        var begin: Double
        var duration: Double
        var opening: Bool
        func shown(at time: Double) -> Double {
            let u = TimingCurve.easeInEaseOut.value(at: duration > 0 ? min(1, max(0, (time - begin) / duration)) : 1)
            return opening ? u : 1 - u
        }
    }

    struct Ghost {
        var item: ItemSpec
        var indexPath: ItemIndexPath
        var state: ItemState
        var animator: ItemAnimator
        /// A deleted list row keeps its row's look while it fades.
        var listRow: ListRowConfiguration?
        /// A deleted section's header or footer: its kind, and the section it titles.
        var kind = ElementKind.cell
        var section: SectionSpec?
        var contentElements: [Element]?
    }

    /// The list row swiped open, opening or closing, if any (swipe actions).
    public internal(set) var swipe: RowSwipe?

    /// The sections whose cells were measured (their labels are drawn as measured).
    private(set) var selfSizedSections: Set<Int> = []

    /// The scroll views of the layout's orthogonally scrolling sections, in section order.
    public private(set) var orthogonalScrollers: [OrthogonalScroller] = []

    /// What its labels are measured with (the simulation's text service).
    package let text: TextMeasurements

    package init(spec: CollectionViewSpec, text: TextMeasurements) {
        self.spec = spec
        self.text = text
        scrollView = ScrollView(frame: spec.frame, contentInset: spec.contentInset, contentOffset: spec.initialContentOffset)
        layout = spec.layout
        sections = spec.sections.map { $0.items.map(\.id) }
        setListContents(spec.sections.map(\.items))
        indexSizes(size: { spec.sections[$0].items[$1].size }, origin: { spec.sections[$0].items[$1].origin })
        sizeSelfSizingCells()
        scrollView.targetContentOffset = { [weak self] proposed, velocity, _ in
            guard let self else { return proposed }
            // The layout is current at the release (a UIKit layout reads the view's offset here).
            self.prepareLayoutIfNeeded(bounds: self.scrollView.bounds)
            return self.layout.targetContentOffset(forProposedContentOffset: proposed, withScrollingVelocity: velocity)
        }
        scrollView.isPagingEnabled = spec.isPagingEnabled
        prepareLayoutIfNeeded(bounds: scrollView.bounds)
    }

    /// A list's rows size to their content: the layout needs to know which sections' rows show
    /// an image or secondary text.
    func setListContents(_ sectionItems: [[ItemSpec]]) {
        guard var list = layout as? any ListRows else { return }
        list.setListContents(images: Set(sectionItems.indices.filter { s in sectionItems[s].contains { $0.image != nil } }),
                             secondaryText: Set(sectionItems.indices.filter { s in sectionItems[s].contains { !$0.subtitle.isEmpty } }))
        if let changed = list as? any CollectionViewLayout { layout = changed }
    }

    // MARK: - Data source

    /// After the data changed: index paths are made again when asked for, sizes and origins now.
    func reindex() {
        indexPathStorage = nil
        indexSizes(size: { [items, sections] in items[sections[$0][$1]]?.size },
                   origin: { [items, sections] in items[sections[$0][$1]]?.origin })
        sizeSelfSizingCells()
    }

    /// Per-item sizes and origins for the layout, read by (section, index) — from the spec itself
    /// at the start, so no id is hashed; from the data by id after a change.
    private func indexSizes(size: (Int, Int) -> Size?, origin: (Int, Int) -> Point?) {
        let counts = sections.map(\.count)
        func any<T>(_ value: (Int, Int) -> T?) -> Bool {
            counts.indices.contains { s in (0..<counts[s]).contains { value(s, $0) != nil } }
        }
        if any(size) {
            let fallback = layout.defaultItemSize
            itemSizes = counts.indices.map { s in (0..<counts[s]).map { size(s, $0) ?? fallback } }
        } else {
            itemSizes = nil
        }
        itemOrigins = any(origin) ? counts.indices.map { s in (0..<counts[s]).map { origin(s, $0) ?? .zero } } : nil
    }

    /// Self-sizing cells (a list's rows, a flow layout with an estimatedItemSize, a
    /// compositional section of estimated height): each cell the layout asks for is measured
    /// when the data changes, by the typesetter that draws it, at the width the layout gives
    /// (or its item's own width where the layout lets the content decide); an item's own
    /// height, if larger, stays.
    private func sizeSelfSizingCells() {
        let context = layoutContext(bounds: scrollView.bounds)
        var sizes: [[Size]]?
        selfSizedSections = []
        for s in sections.indices {
            guard let widths = layout.selfSizingWidths(inSection: s, context: context), !widths.isEmpty else { continue }
            if sizes == nil {
                let fallback = layout.defaultItemSize
                sizes = itemSizes ?? sections.map { Array(repeating: fallback, count: $0.count) }
            }
            selfSizedSections.insert(s)
            let list = (layout as? any ListRows)?.listRows
            for i in sections[s].indices {
                guard let width = widths[i % widths.count] else { continue }
                let ip = ItemIndexPath(item: i, section: s)
                guard let item = self.item(sections[s][i], at: ip) else { continue }
                var size: Size
                // A cell that measures itself (an app's own cell in a UIKit list, by its
                // constraints) comes first; a list row with the list's content is the list's.
                if let measured = (layout as? any CellMeasuring)?.measuredSize(ofItem: item.id, at: ip, width: width) {
                    size = measured
                } else if let list, case .fixed(let w) = width {
                    size = Size(width: w, height: text.value(or: 0) {
                        try CellAppearance.listRowHeight(item, row: list.rowConfiguration(at: ip), width: w, text: $0)
                    })
                } else {
                    // Where the width is the content's, an item's own width holds it (SelfSizingWidth).
                    var fit = width
                    if case .fitting = width, let own = item.size { fit = .fixed(own.width) }
                    size = text.value(or: .zero) { try CellAppearance.fittingSize(item, style: item.style ?? spec.cell, width: fit, text: $0) }
                }
                size.height = max(size.height, item.size?.height ?? 0)
                sizes![s][i] = size
            }
        }
        if let sizes { itemSizes = sizes }
    }

    public func indexPath(for id: String) -> ItemIndexPath? { indexPaths[id] }
    public func itemID(at indexPath: ItemIndexPath) -> String? {
        guard indexPath.section >= 0, indexPath.section < sections.count,
              indexPath.item >= 0, indexPath.item < sections[indexPath.section].count else { return nil }
        return sections[indexPath.section][indexPath.item]
    }
    public func item(_ id: String) -> ItemSpec? { items[id] }

    /// The item `id`, which the layout placed at `indexPath`: read from the spec while the data
    /// is unchanged, from the id table otherwise.
    func item(_ id: String, at indexPath: ItemIndexPath) -> ItemSpec? {
        if itemsAreSpec, indexPath.section >= 0, indexPath.section < spec.sections.count {
            let list = spec.sections[indexPath.section].items
            if indexPath.item >= 0, indexPath.item < list.count, list[indexPath.item].id == id { return list[indexPath.item] }
        }
        return items[id]
    }

    /// The id of a section's supplementary view ("<section id>.header").
    public func supplementaryID(kind: ElementKind, section: Int) -> String { spec.sections[section].id + "." + kind.rawValue }

    // MARK: - Layout

    /// invalidateLayout(): the next query re-prepares the layout.
    public func invalidateLayout() { layoutIsValid = false }

    public func layoutContext(bounds: Rect) -> LayoutContext {
        var context = LayoutContext(bounds: bounds, contentInset: spec.contentInset, itemCounts: sections.map(\.count), itemSizes: itemSizes,
                                    itemOrigins: itemOrigins)
        context.itemIDs = sections
        return context
    }

    /// Prepares the layout for `bounds` when it is invalid or asks to follow bounds changes.
    public func prepareLayoutIfNeeded(bounds: Rect) {
        if layoutIsValid, let p = preparedBounds, p == bounds || !layout.shouldInvalidateLayout(forBoundsChange: bounds) { return }
        layout.prepare(layoutContext(bounds: bounds))
        preparedBounds = bounds
        layoutIsValid = true
        scrollView.contentSize = layout.collectionViewContentSize
        syncOrthogonalScrollers()
    }

    /// Makes a scroll view for each orthogonal section the layout has (kept, with its offset,
    /// while the section stays orthogonal) and gives it the section's content size.
    private func syncOrthogonalScrollers() {
        let sections = layout.orthogonalScrollingSections
        if sections.isEmpty && orthogonalScrollers.isEmpty { return }
        orthogonalScrollers = sections.map { info in
            let scroller = orthogonalScrollers.first { $0.section == info.section } ?? OrthogonalScroller(info, spec: spec)
            scroller.update(info)
            return scroller
        }
    }

    /// Each orthogonal section's contentOffset on screen at `time`, by section.
    public func orthogonalOffsets(at time: Double) -> [Int: Point] {
        var out: [Int: Point] = [:]
        for s in orthogonalScrollers { out[s.section] = s.scrollView.contentOffset(at: time) }
        return out
    }
    /// Where each orthogonal section is going (its model offset).
    var modelOrthogonalOffsets: [Int: Point] {
        var out: [Int: Point] = [:]
        for s in orthogonalScrollers { out[s.section] = s.scrollView.bounds.origin }
        return out
    }

    /// An orthogonal section's band on the canvas at `time`.
    public func canvasFrame(of scroller: OrthogonalScroller, at time: Double) -> Rect {
        let o = contentOffset(at: time), f = frame(at: time)
        return scroller.info.frame.offsetBy(dx: f.minX - o.x, dy: f.minY - o.y).intersection(f)
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
        itemsAreSpec = false
    }
    public func bounds(at time: Double) -> Rect { Rect(origin: contentOffset(at: time), size: spec.frame.size) }

    /// The layout's attributes for what is visible at `time`, with each element's id.
    public func visibleAttributes(at time: Double) -> [(id: String, attributes: LayoutAttributes)] {
        let b = bounds(at: time)
        prepareLayoutIfNeeded(bounds: b)
        var out: [(String, LayoutAttributes)] = []
        let offsets = orthogonalScrollers.isEmpty ? [:] : orthogonalOffsets(at: time)
        for a in layout.layoutAttributesForElements(in: b, orthogonalOffsets: offsets) {
            if let id = elementID(for: a) { out.append((id, a)) }
        }
        return out
    }

    func elementID(for a: LayoutAttributes) -> String? {
        switch a.representedElementCategory {
        case .cell: return itemID(at: a.indexPath)
        case .supplementaryView(let kind), .decorationView(let kind):
            guard a.indexPath.section >= 0, a.indexPath.section < spec.sections.count else { return nil }
            return supplementaryID(kind: kind, section: a.indexPath.section)
        }
    }

    /// The layout's current attributes for an element id (cells and supplementary views).
    public func layoutAttributes(for id: String) -> LayoutAttributes? {
        if let ip = indexPaths[id] {
            return orthogonalScrollers.isEmpty ? layout.layoutAttributesForItem(at: ip)
                : layout.layoutAttributesForItem(at: ip, orthogonalOffsets: modelOrthogonalOffsets)
        }
        guard let (s, kind) = CollectionView.section(ofSupplementaryID: id, in: spec.sections) else { return nil }
        return layout.layoutAttributesForSupplementaryView(ofKind: kind, at: ItemIndexPath(item: 0, section: s))
    }

    /// The section and kind a supplementary id ("<section id>.<kind>") names: the longest
    /// section id it starts with, so "s1.2.header" is section "s1.2"'s header, not "s1"'s.
    static func section(ofSupplementaryID id: String, in sections: [SectionSpec]) -> (section: Int, kind: ElementKind)? {
        var best: Int?
        for (s, section) in sections.enumerated() where id.hasPrefix(section.id + ".") {
            if best.map({ sections[$0].id.count < section.id.count }) ?? true { best = s }
        }
        return best.map { ($0, ElementKind(String(id.dropFirst(sections[$0].id.count + 1)))) }
    }

    // MARK: - Model and presentation

    func kind(of a: LayoutAttributes) -> ElementKind {
        switch a.representedElementCategory {
        case .cell: return .cell
        case .supplementaryView(let k), .decorationView(let k): return k
        }
    }

    func modelState(_ id: String, _ a: LayoutAttributes) -> ItemState {
        let spec = a.isCell ? item(id, at: a.indexPath) : nil
        var s = ItemState(a, color: spec?.color ?? .clear)
        // The item's own zIndex over its layout's (UICollectionViewLayoutAttributes.zIndex set
        // for this item); an effect's override over both, while it lasts.
        if let z = spec?.zIndex { s.zIndex = z }
        if let o = overrides[id] {
            for p in ItemProperty.allCases { if let v = o[p] { s[p] = v } }
        }
        if let h = hiddenOverrides[id] { s.isHidden = h }
        if let z = zIndexOverrides[id] { s.zIndex = z }
        if let c = highlightColor(of: id, spec) { s.color = c }
        return s
    }

    /// The colour `id` is filled with while a resting finger highlights it (its style's
    /// highlightedColor), or nil: a cell's fill and a list row's background both take it.
    func highlightColor(of id: String, _ item: ItemSpec?) -> Color? {
        id == highlightedItem ? (item?.style ?? spec.cell).highlightedColor : nil
    }

    func presentation(_ id: String, model: ItemState, isCell: Bool, at time: Double) -> ItemState {
        var s = animators[id]?.presentation(of: model, at: time) ?? model
        if isCell { ItemAnimator.apply(cellKeyframes, to: &s, at: time) }
        if let swipe, swipe.item == id { s.translation.x += swipe.translation(at: time) }
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
            let p = presentation(id, model: m, isCell: k == .cell, at: time)
            if CollectionView.mayBeVisible(p, in: b) {
                let row = heldListRows[id].flatMap { time < $0.until ? $0.row : nil } ?? a.listRow
                out.append(VisibleElement(id: id, kind: k, indexPath: a.indexPath, model: m, presentation: p, listRow: row,
                                          contentElements: a.contentElements, transform3D: a.transform3D))
            }
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
                out.append(VisibleElement(id: o.id, kind: .snapshot, indexPath: indexPaths[o.item] ?? ItemIndexPath(item: 0), model: o.model, presentation: p))
            }
        }
        for id in ghosts.keys.sorted() {
            let g = ghosts[id]!
            let p = g.animator.presentation(of: g.state, at: time)
            if CollectionView.mayBeVisible(p, in: b) {
                out.append(VisibleElement(id: id, kind: g.kind, indexPath: g.indexPath, model: g.state, presentation: p, listRow: g.listRow,
                                          contentElements: g.contentElements))
            }
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
        if s.rotation != 0 || s.scale != 1 { f = f.boundsOfAnyRotation(scale: max(1, abs(s.scale))) }
        return f.intersects(bounds)
    }

    /// Drops finished animations (and ghosts whose fade-out ended); the order does not matter.
    func prune(at time: Double) {
        heldListRows = heldListRows.filter { time < $0.value.until }
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

}
