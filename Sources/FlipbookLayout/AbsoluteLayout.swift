import FlipbookCore

/// Items at explicit frames (the data source's origin and size for each item), like a
/// UICollectionViewLayout subclass that returns fixed attributes. Useful for galleries and
/// screens that are not lists. Rect queries binary-search the items sorted by top edge and
/// scan while tops are above the rect's bottom — O(log n + k) for rows of similar height.
public struct AbsoluteLayout: CollectionViewLayout {
    /// Size of items without their own.
    public var itemSize: Size = Size(width: 50, height: 50)

    private var all: [LayoutAttributes] = []
    /// Indices into `all`, sorted by minY.
    private var byTop: [Int] = []
    /// The tallest item, bounding how far above a rect a visible item can start.
    private var maxHeight = 0.0
    private var index: [[Int]] = []
    private var contentSize: Size = .zero

    public init(itemSize: Size = Size(width: 50, height: 50)) { self.itemSize = itemSize }

    public var defaultItemSize: Size { itemSize }
    public func invalidParameter() -> (property: String, expected: String)? {
        for (name, v) in [("itemSize.width", itemSize.width), ("itemSize.height", itemSize.height)]
        where !FlowLayout.itemLengths.allows(v, excludingLowerBound: true) { return (name, FlowLayout.itemLengths.expectation(excludingLowerBound: true)) }
        return nil
    }

    public mutating func prepare(_ context: LayoutContext) {
        all = []
        index = []
        var maxX = 0.0, maxY = 0.0
        maxHeight = 0
        for s in 0..<context.numberOfSections {
            var row: [Int] = []
            for i in 0..<context.numberOfItems(inSection: s) {
                let ip = ItemIndexPath(item: i, section: s)
                let size = context.sizeForItem(at: ip) ?? itemSize
                let origin = context.originForItem(at: ip) ?? .zero
                let a = LayoutAttributes(forCellWith: ip, frame: Rect(origin: origin, size: size))
                row.append(all.count)
                all.append(a)
                maxX = max(maxX, a.frame.maxX)
                maxY = max(maxY, a.frame.maxY)
                maxHeight = max(maxHeight, size.height)
            }
            index.append(row)
        }
        byTop = all.indices.sorted { all[$0].frame.minY != all[$1].frame.minY ? all[$0].frame.minY < all[$1].frame.minY : $0 < $1 }
        contentSize = Size(width: maxX, height: maxY)
    }

    public var collectionViewContentSize: Size { contentSize }

    public func layoutAttributesForElements(in rect: Rect) -> [LayoutAttributes] {
        // First item whose top is at or below rect.minY − maxHeight: nothing earlier can reach the rect.
        let floorY = rect.minY - maxHeight
        var out: [LayoutAttributes] = []
        var i = byTop.partitioningIndex { all[$0].frame.minY < floorY }
        while i < byTop.count, all[byTop[i]].frame.minY < rect.maxY {
            if all[byTop[i]].frame.intersects(rect) { out.append(all[byTop[i]]) }
            i += 1
        }
        return out.sorted { $0.indexPath < $1.indexPath }
    }

    public func layoutAttributesForItem(at indexPath: ItemIndexPath) -> LayoutAttributes? {
        guard indexPath.section >= 0, indexPath.section < index.count, indexPath.item >= 0, indexPath.item < index[indexPath.section].count else { return nil }
        return all[index[indexPath.section][indexPath.item]]
    }
}
