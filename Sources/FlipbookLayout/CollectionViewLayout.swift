import FlipbookCore

/// What a layout may read of its collection view (UIKit layouts read `self.collectionView`).
public struct LayoutContext: Sendable {
    /// The visible rectangle in content coordinates: origin = contentOffset, size = the view's size.
    public var bounds: Rect
    public var contentInset: EdgeInsets
    /// Number of items in each section.
    public var itemCounts: [Int]
    /// Per-item sizes from the data source (sizeForItemAt), when items differ; indexed like `itemCounts`.
    public var itemSizes: [[Size]]?
    /// Per-item origins from the data source, for layouts that place items explicitly.
    public var itemOrigins: [[Point]]?
    /// The items' ids by section and index, as the data is now (after batch updates): which
    /// item an index path shows (a UIKit layout's cells follow their items, not their slots).
    package var itemIDs: [[String]]?

    public init(bounds: Rect, contentInset: EdgeInsets = .zero, itemCounts: [Int], itemSizes: [[Size]]? = nil,
                itemOrigins: [[Point]]? = nil) {
        self.bounds = bounds; self.contentInset = contentInset; self.itemCounts = itemCounts
        self.itemSizes = itemSizes; self.itemOrigins = itemOrigins
    }

    public var contentOffset: Point { bounds.origin }
    public var numberOfSections: Int { itemCounts.count }
    public func numberOfItems(inSection section: Int) -> Int {
        section >= 0 && section < itemCounts.count ? itemCounts[section] : 0
    }
    public func sizeForItem(at indexPath: ItemIndexPath) -> Size? {
        guard let itemSizes, indexPath.section < itemSizes.count, indexPath.item < itemSizes[indexPath.section].count else { return nil }
        return itemSizes[indexPath.section][indexPath.item]
    }
    public func originForItem(at indexPath: ItemIndexPath) -> Point? {
        guard let itemOrigins, indexPath.section < itemOrigins.count, indexPath.item < itemOrigins[indexPath.section].count else { return nil }
        return itemOrigins[indexPath.section][indexPath.item]
    }
}

/// How a self-sizing layout has a cell measured (UICollectionViewCell's
/// preferredLayoutAttributesFitting(_:)): at a fixed width, its height from its content, or
/// with its width from its content too, no wider than a limit — unless the item gives a width
/// of its own, which holds it as a width constraint would.
public enum SelfSizingWidth: Hashable, Sendable {
    case fixed(Double)
    case fitting(upTo: Double)
}

/// A collection-view layout, modelled on UICollectionViewLayout.
///
/// The collection view calls `prepare(_:)` whenever the layout is invalidated (after data
/// changes, `invalidateLayout()`, or a bounds change that `shouldInvalidateLayout` accepts);
/// the other methods must answer from the prepared state. `layoutAttributesForElements(in:)`
/// is called every frame, so it must cost O(elements in the rect), not O(all items).
public protocol CollectionViewLayout: Sendable {
    /// The size of an item the data source gives no size for (a flow layout's itemSize).
    var defaultItemSize: Size { get }
    /// The first parameter that would make the layout's arithmetic unsafe, as
    /// (property name, what it must be); nil when all are fine. `Scene.validate()` asks it.
    func invalidParameter() -> (property: String, expected: String)?
    mutating func prepare(_ context: LayoutContext)
    var collectionViewContentSize: Size { get }
    func layoutAttributesForElements(in rect: Rect) -> [LayoutAttributes]
    func layoutAttributesForItem(at indexPath: ItemIndexPath) -> LayoutAttributes?
    func layoutAttributesForSupplementaryView(ofKind kind: ElementKind, at indexPath: ItemIndexPath) -> LayoutAttributes?
    func shouldInvalidateLayout(forBoundsChange newBounds: Rect) -> Bool
    /// Where an item inserted by a batch update starts; nil means "at its final place, faded in".
    func initialLayoutAttributesForAppearingItem(at indexPath: ItemIndexPath) -> LayoutAttributes?
    /// Where an item deleted by a batch update ends; nil means "where it was, faded out".
    func finalLayoutAttributesForDisappearingItem(at indexPath: ItemIndexPath) -> LayoutAttributes?
    /// Where a scroll released with a natural rest at `proposedContentOffset` comes to rest
    /// (UICollectionViewLayout's targetContentOffset(forProposedContentOffset:withScrollingVelocity:);
    /// velocity in points per second). The default keeps the proposal.
    func targetContentOffset(forProposedContentOffset proposedContentOffset: Point, withScrollingVelocity velocity: Point) -> Point
    /// Like `invalidParameter()`, for what depends on the view's visible size (a pinned header
    /// taller than the view).
    func invalidParameter(forViewSize size: Size) -> (property: String, expected: String)?
    /// Sections that scroll across the layout's axis, each a scroll view of its own (a
    /// compositional layout's orthogonal sections); none by default.
    var orthogonalScrollingSections: [OrthogonalScrollingSection] { get }
    /// `layoutAttributesForElements(in:)` with each orthogonal section's contentOffset, by section.
    func layoutAttributesForElements(in rect: Rect, orthogonalOffsets: [Int: Point]) -> [LayoutAttributes]
    /// `layoutAttributesForItem(at:)` with each orthogonal section's contentOffset, by section.
    func layoutAttributesForItem(at indexPath: ItemIndexPath, orthogonalOffsets: [Int: Point]) -> LayoutAttributes?
    /// Self-sizing cells: how the cells of `section` are measured, by slot (item i takes
    /// `widths[i % widths.count]`; a nil slot keeps the layout's size), or nil when the
    /// layout's sizes are final (the default). The collection view measures each cell before
    /// the first frame and after every data change, and prepares the layout with the sizes in
    /// `LayoutContext.itemSizes`.
    func selfSizingWidths(inSection section: Int, context: LayoutContext) -> [SelfSizingWidth?]?
    /// Something this layout answered that Flipbook cannot draw (a perspective transform from a
    /// UIKit layout), in one line; the simulation stops with it rather than draw a wrong frame.
    /// nil by default.
    var unsupportedUse: String? { get }
}

/// A layout whose `unsupportedUse` names what it is about in its own terms (an app's UIKit
/// objects: `UICollectionViewFlowLayout.itemSize.width`, a delegate method), so the message
/// stands without the scene file's `$.collectionView.layout` (the UIKit module's layout).
package protocol NamesItsOwnProblems {}

extension CollectionViewLayout {
    public var defaultItemSize: Size { Size(width: 50, height: 50) }
    public func invalidParameter() -> (property: String, expected: String)? { nil }
    public func layoutAttributesForSupplementaryView(ofKind kind: ElementKind, at indexPath: ItemIndexPath) -> LayoutAttributes? { nil }
    public func shouldInvalidateLayout(forBoundsChange newBounds: Rect) -> Bool { false }
    public func initialLayoutAttributesForAppearingItem(at indexPath: ItemIndexPath) -> LayoutAttributes? { nil }
    public func finalLayoutAttributesForDisappearingItem(at indexPath: ItemIndexPath) -> LayoutAttributes? { nil }
    public func targetContentOffset(forProposedContentOffset proposedContentOffset: Point, withScrollingVelocity velocity: Point) -> Point {
        proposedContentOffset
    }
    public func invalidParameter(forViewSize size: Size) -> (property: String, expected: String)? { nil }
    public var orthogonalScrollingSections: [OrthogonalScrollingSection] { [] }
    public func layoutAttributesForElements(in rect: Rect, orthogonalOffsets: [Int: Point]) -> [LayoutAttributes] {
        layoutAttributesForElements(in: rect)
    }
    public func layoutAttributesForItem(at indexPath: ItemIndexPath, orthogonalOffsets: [Int: Point]) -> LayoutAttributes? {
        layoutAttributesForItem(at: indexPath)
    }
    public func selfSizingWidths(inSection section: Int, context: LayoutContext) -> [SelfSizingWidth?]? { nil }
    public var unsupportedUse: String? { nil }
}
