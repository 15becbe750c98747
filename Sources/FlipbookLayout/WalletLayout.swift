import FlipbookCore

/// The Wallet card stack of effect 1 (TactBoy's CollectionViewFlowLayout, seeds/000).
///
/// Card i sits `cellSpace` below card i−1 and is `cellHeight` tall, so cards overlap and
/// later cards draw on top (zIndex 2i):
///
///     y = i·100            normal
///     y = max(offsetY, i·100)                         sticky top: cards pile up at the top edge
///     y = i·100 − d + d·i·0.25, d = |offsetY + inset.top|   pulled past the top: the stack fans out
///
/// Only rows floor(offsetY/100) ..< min(ceil((offsetY + H)/100), n) are laid out (and of
/// those, rows with i·100 ≥ offsetY − 100), so a rect query costs O(visible rows).
/// The layout depends on contentOffset, so every bounds change invalidates it.
public struct WalletLayout: CollectionViewLayout {
    public var name: String { "wallet" }
    /// kCellHeight: card height.
    public var cellHeight: Double = 200
    /// kCellSpace: top of card i to top of card i+1.
    public var cellSpace: Double = 100
    /// Pull-down spread per row: the article's 0.25.
    public var pullFactor: Double = 0.25

    private var context = LayoutContext(bounds: .zero, itemCounts: [0])

    public init(cellHeight: Double = 200, cellSpace: Double = 100, pullFactor: Double = 0.25) {
        self.cellHeight = cellHeight
        self.cellSpace = cellSpace
        self.pullFactor = pullFactor
    }

    public mutating func prepare(_ context: LayoutContext) { self.context = context }

    var count: Int { context.numberOfItems(inSection: 0) }

    /// collectionViewContentSize as the article computes it: (n−1)·space + height − inset.bottom.
    public var collectionViewContentSize: Size {
        let inset = context.contentInset
        let n = count
        let height = n == 0 ? 0 : Double(n - 1) * cellSpace + cellHeight - inset.bottom
        return Size(width: context.bounds.width - inset.left - inset.right, height: height)
    }

    /// The rows the article lays out at the current offset (before intersecting with a rect).
    public var visibleRows: Range<Int> {
        let offsetY = context.contentOffset.y
        let minRow = max(0, Int((offsetY / cellSpace).rounded(.down)))
        let maxRow = min(Int(((offsetY + context.bounds.height) / cellSpace).rounded(.up)), count)
        guard minRow < maxRow else { return 0..<0 }
        // "Keep one card at the top": rows whose natural top is more than a card space above the offset are dropped.
        var first = minRow
        while first < maxRow, Double(first) * cellSpace < offsetY - cellSpace { first += 1 }
        return first..<maxRow
    }

    /// The article's frame for row `row` at the current offset (no culling).
    public func frameForRow(_ row: Int) -> Rect {
        let offsetY = context.contentOffset.y
        let inset = context.contentInset
        let width = context.bounds.width - inset.right
        var y = max(offsetY, Double(row) * cellSpace)
        if offsetY < -inset.top {
            let d = abs(offsetY + inset.top)
            y = Double(row) * cellSpace - d + d * Double(row) * pullFactor
        }
        return Rect(x: 0, y: y, width: width, height: cellHeight)
    }

    public func layoutAttributesForElements(in rect: Rect) -> [LayoutAttributes] {
        var result: [LayoutAttributes] = []
        for row in visibleRows {
            let a = attributes(row)
            if a.frame.intersects(rect) { result.append(a) }
        }
        return result
    }

    public func layoutAttributesForItem(at indexPath: IndexPath) -> LayoutAttributes? {
        guard indexPath.section == 0, indexPath.item >= 0, indexPath.item < count else { return nil }
        return attributes(indexPath.item)
    }

    private func attributes(_ row: Int) -> LayoutAttributes {
        LayoutAttributes(forCellWith: IndexPath(item: row), frame: frameForRow(row), zIndex: 2 * row)
    }

    public func shouldInvalidateLayout(forBoundsChange newBounds: Rect) -> Bool { true }
}
