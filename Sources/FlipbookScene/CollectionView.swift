import FlipbookCore
import FlipbookLayout
import FlipbookAnimation

/// A collection view at run time, like UICollectionView: the data source (sections of item
/// ids), the layout, the scroll view, and what is on screen at a given time.
///
/// Per-frame cost is O(items on screen): the layout is asked only for the visible rect and
/// is re-prepared only when invalidated (or on a bounds change it asks to see).
public final class CollectionView {
    public let spec: CollectionViewSpec
    public let scrollView: ScrollView
    /// Item ids per section, in data-source order.
    public private(set) var sections: [[String]]
    public private(set) var layout: any CollectionViewLayout
    private var items: [String: ItemSpec] = [:]
    private var indexPaths: [String: IndexPath] = [:]
    private var itemSizes: [[Size]]?
    private var preparedBounds: Rect?
    private var layoutIsValid = false

    public init(spec: CollectionViewSpec) {
        self.spec = spec
        scrollView = ScrollView(frame: spec.frame, contentInset: spec.contentInset, contentOffset: spec.initialContentOffset)
        layout = spec.layout
        sections = spec.sections.map { $0.items.map(\.id) }
        for s in spec.sections { for it in s.items { items[it.id] = it } }
        reindex()
        prepareLayoutIfNeeded(bounds: scrollView.bounds)
    }

    private func reindex() {
        indexPaths = [:]
        for (s, ids) in sections.enumerated() {
            for (i, id) in ids.enumerated() { indexPaths[id] = IndexPath(item: i, section: s) }
        }
        let hasSizes = sections.contains { $0.contains { items[$0]?.size != nil } }
        itemSizes = hasSizes ? sections.map { $0.map { items[$0]?.size ?? Size(width: -1, height: -1) } } : nil
        if itemSizes != nil, let flow = layout as? FlowLayout {
            // Items without their own size use the layout's itemSize.
            itemSizes = itemSizes!.map { $0.map { $0.width < 0 ? flow.itemSize : $0 } }
        }
    }

    public func indexPath(for id: String) -> IndexPath? { indexPaths[id] }
    public func itemID(at indexPath: IndexPath) -> String? {
        guard indexPath.section >= 0, indexPath.section < sections.count,
              indexPath.item >= 0, indexPath.item < sections[indexPath.section].count else { return nil }
        return sections[indexPath.section][indexPath.item]
    }
    public func item(_ id: String) -> ItemSpec? { items[id] }

    /// invalidateLayout(): the next query re-prepares the layout.
    public func invalidateLayout() { layoutIsValid = false }

    public func layoutContext(bounds: Rect) -> LayoutContext {
        LayoutContext(bounds: bounds, contentInset: spec.contentInset, itemCounts: sections.map(\.count), itemSizes: itemSizes)
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

    public func bounds(at time: Double) -> Rect { Rect(origin: contentOffset(at: time), size: spec.frame.size) }

    /// The layout's attributes for what is visible at `time`, with the id of each element.
    public func visibleAttributes(at time: Double) -> [(id: String, attributes: LayoutAttributes)] {
        let b = bounds(at: time)
        prepareLayoutIfNeeded(bounds: b)
        var out: [(String, LayoutAttributes)] = []
        for a in layout.layoutAttributesForElements(in: b) {
            switch a.representedElementCategory {
            case .cell:
                if let id = itemID(at: a.indexPath) { out.append((id, a)) }
            case .supplementaryView(let kind):
                guard a.indexPath.section < spec.sections.count else { continue }
                out.append((spec.sections[a.indexPath.section].id + "." + kind, a))
            }
        }
        return out
    }

    /// Everything this collection view draws at `time`, back to front, in canvas points.
    public func drawItems(at time: Double) -> [DrawItem] {
        let offset = contentOffset(at: time)
        let clip = spec.frame
        var result = [DrawItem(id: spec.id, kind: "view", frame: spec.frame, zIndex: -1,
                               appearance: Appearance(background: spec.backgroundColor))]
        let visible = visibleAttributes(at: time).sorted { a, b in
            if a.attributes.zIndex != b.attributes.zIndex { return a.attributes.zIndex < b.attributes.zIndex }
            if a.attributes.isCell != b.attributes.isCell { return !a.attributes.isCell }
            return a.attributes.indexPath < b.attributes.indexPath
        }
        for (id, a) in visible {
            var frame = a.frame.offsetBy(dx: spec.frame.minX - offset.x + a.transform.translation.x,
                                         dy: spec.frame.minY - offset.y + a.transform.translation.y)
            frame = Rect(origin: frame.origin, size: a.frame.size)
            guard frame.intersects(clip) || a.transform.rotation != 0 || a.transform.scale > 1 else { continue }
            let appearance: Appearance
            let kind: String
            switch a.representedElementCategory {
            case .cell:
                guard let item = items[id] else { continue }
                appearance = CellAppearance.cell(item, style: spec.cell, size: a.frame.size)
                kind = "cell"
            case .supplementaryView(let k):
                let title = spec.sections[a.indexPath.section].header ?? ""
                appearance = CellAppearance.header(title, style: spec.headerStyle, background: spec.backgroundColor, size: a.frame.size)
                kind = k
            }
            result.append(DrawItem(id: id, kind: kind, frame: frame, zIndex: a.zIndex, alpha: a.alpha,
                                   rotation: a.transform.rotation, scale: a.transform.scale, hidden: a.isHidden,
                                   clip: clip, appearance: appearance))
        }
        return result
    }
}
