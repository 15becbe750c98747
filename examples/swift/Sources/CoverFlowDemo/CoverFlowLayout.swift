import Foundation
import Flipbook

// MARK: layout
/// A cover-flow carousel: cards in one horizontal row; the card nearest the centre of the
/// visible rect is full size and on top, the others shrink and fade with their distance.
struct CoverFlowLayout: CollectionViewLayout {
    var itemSize = Size(width: 160, height: 220)
    var spacing = 20.0
    /// How much a card shrinks one card-width away from the centre.
    var shrink = 0.25

    private var count = 0
    private var bounds = Rect.zero

    mutating func prepare(_ context: LayoutContext) {
        count = context.numberOfItems(inSection: 0)
        bounds = context.bounds
    }

    var collectionViewContentSize: Size {
        // Enough room that the first and last cards can reach the centre.
        Size(width: Double(max(count - 1, 0)) * (itemSize.width + spacing) + bounds.width, height: bounds.height)
    }

    // Scale, alpha and zIndex follow the scroll position, so every bounds change re-prepares.
    func shouldInvalidateLayout(forBoundsChange newBounds: Rect) -> Bool { true }

    var defaultItemSize: Size { itemSize }

    func layoutAttributesForItem(at indexPath: ItemIndexPath) -> LayoutAttributes? {
        guard indexPath.section == 0, indexPath.item >= 0, indexPath.item < count else { return nil }
        let step = itemSize.width + spacing
        let centreX = bounds.width / 2 + Double(indexPath.item) * step
        var a = LayoutAttributes(forCellWith: indexPath)
        a.size = itemSize
        a.center = Point(x: centreX, y: bounds.height / 2)
        let distance = min(abs(centreX - bounds.midX) / step, 3)
        a.transform = Transform(scale: 1 - shrink * distance)
        a.alpha = 1 - 0.2 * distance
        a.zIndex = 100 - Int((distance * 10).rounded())
        return a
    }

    func layoutAttributesForElements(in rect: Rect) -> [LayoutAttributes] {
        // Only the cards whose slot meets the rect: O(visible cards), not O(count).
        let step = itemSize.width + spacing
        let first = max(0, Int(((rect.minX - bounds.width / 2 - itemSize.width) / step).rounded(.down)))
        let last = min(count - 1, Int(((rect.maxX - bounds.width / 2 + itemSize.width) / step).rounded(.up)))
        guard first <= last else { return [] }
        return (first...last).compactMap { layoutAttributesForItem(at: ItemIndexPath(item: $0, section: 0)) }
    }
}
// MARK: end
