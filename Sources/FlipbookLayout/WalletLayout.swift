import FlipbookCore

/// The Wallet card stack of effect 1 (TactBoy's CollectionViewFlowLayout; article 1 of docs/effects.md, “Wallet的拖拉效果”).
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
    /// The smallest card spacing accepted: below it a stack of `SceneLimits`-many cards would
    /// not fit the row arithmetic (offset / cellSpace must stay a sane Int).
    public static let minimumCellSpace = 0.01
    /// The parameters' ranges; the scene-file decoder reads the same (validation checks them).
    public static let cellHeights = 0...10_000.0, cellSpaces = minimumCellSpace...10_000, pullFactors = -10...10.0
    public static let footerLengths = 0...10_000.0

    /// The layout's numbers, declared once for the decoder, `invalidParameter()` and the schema;
    /// defaults the article's (kCellHeight 200, kCellSpace 100, the 0.25 spread). The footer's
    /// three are set in code only: a scene file does not list them.
    package enum Fields {
        package typealias N = NumberField<WalletLayout>
        package static let cellHeight = N("cellHeight", \.cellHeight, cellHeights, excludingLowerBound: true, default: 200, "Card height")
        package static let cellSpace = N("cellSpace", \.cellSpace, cellSpaces, default: 100, "Top of one card to the next")
        package static let pullFactor = N("pullFactor", \.pullFactor, pullFactors, default: 0.25, "Spread per row when pulled past the top")
        package static let footerHeight = N("footerHeight", \.footerHeight, footerLengths, default: 50)
        package static let footerFirstMargin = N("footerFirstMargin", \.footerFirstMargin, footerLengths, default: 10)
        package static let footerSpacing = N("footerSpacing", \.footerSpacing, footerLengths, default: 10)
        /// What a scene file may give.
        package static let file = [cellHeight, cellSpace, pullFactor]
        package static let all = file + [footerHeight, footerFirstMargin, footerSpacing]
    }

    public func invalidParameter() -> (property: String, expected: String)? { NumberField.firstProblem(in: self, Fields.all) }
    /// kCellHeight: card height.
    public var cellHeight: Double = 200
    /// kCellSpace: top of card i to top of card i+1.
    public var cellSpace: Double = 100
    /// Pull-down spread per row: the article's 0.25.
    public var pullFactor: Double = 0.25
    /// kExpandBottomHeight: the footer below an expanded card.
    public var footerHeight: Double = 50
    /// kExpandBottomFirstCellMarginOfTop and kExpandBottomCellSpace.
    public var footerFirstMargin: Double = 10
    public var footerSpacing: Double = 10
    /// The expanded card (tap to expand), if any: it fills the view above the footer and the
    /// other visible cards shrink into the footer stack.
    public var expandedItem: Int?

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
        let minRow = max(0, Int(saturating: (offsetY / cellSpace).rounded(.down)))
        let maxRow = min(Int(saturating: ((offsetY + context.bounds.height) / cellSpace).rounded(.up)), count)
        guard minRow < maxRow else { return 0..<0 }
        // "Keep one card at the top": rows whose natural top is more than a card space above the offset are dropped.
        var first = minRow
        while first < maxRow, Double(first) * cellSpace < offsetY - cellSpace { first += 1 }
        return first..<maxRow
    }

    /// Footer slot of a visible card while another is expanded: the k-th other visible row,
    /// k capped at 3 — x = (4 − k)·5, width = width − 2x, y = offsetY + (H − 50) + 10k + 10.
    public func footerIndex(ofRow row: Int) -> Int? {
        guard let e = expandedItem, row != e, visibleRows.contains(row) else { return nil }
        let before = visibleRows.lowerBound..<row
        return min(before.count - (before.contains(e) ? 1 : 0), 3)
    }

    /// The side margin of footer slot k: (4 − k)·5.
    public static func footerMargin(_ k: Int) -> Double { Double(4 - min(k, 3)) * 5 }

    /// The expanded card's own footer margin (the article's currentCellShrinkMarginLeft): the
    /// margin of the slot it would take, counted among the visible rows before it.
    public var expandedCardMargin: Double {
        guard let e = expandedItem else { return 0 }
        return WalletLayout.footerMargin(min(max(0, e - visibleRows.lowerBound), 3))
    }

    /// The expanded card's frame: (0, offsetY, width − inset.right, H − footerHeight).
    public var expandedFrame: Rect {
        Rect(x: 0, y: context.contentOffset.y, width: context.bounds.width - context.contentInset.right,
             height: context.bounds.height - footerHeight)
    }

    /// The article's frame for row `row` at the current offset (no culling).
    public func frameForRow(_ row: Int) -> Rect {
        if let e = expandedItem {
            if row == e { return expandedFrame }
            let offsetY = context.contentOffset.y
            let width = context.bounds.width - context.contentInset.right
            // Rows outside the visible range are not laid out while expanded; give them the last slot.
            let k = footerIndex(ofRow: row) ?? 3
            let left = WalletLayout.footerMargin(k)
            return Rect(x: left, y: offsetY + (context.bounds.height - footerHeight) + Double(k) * footerSpacing + footerFirstMargin,
                        width: width - 2 * left, height: cellHeight)
        }
        return stackFrame(row)
    }

    /// The stacked (not expanded) frame of a row.
    public func stackFrame(_ row: Int) -> Rect {
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

    public func layoutAttributesForItem(at indexPath: ItemIndexPath) -> LayoutAttributes? {
        guard indexPath.section == 0, indexPath.item >= 0, indexPath.item < count else { return nil }
        return attributes(indexPath.item)
    }

    private func attributes(_ row: Int) -> LayoutAttributes {
        LayoutAttributes(forCellWith: ItemIndexPath(item: row), frame: frameForRow(row), zIndex: 2 * row)
    }

    public func shouldInvalidateLayout(forBoundsChange newBounds: Rect) -> Bool { true }
}
