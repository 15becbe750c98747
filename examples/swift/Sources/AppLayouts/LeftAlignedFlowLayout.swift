import UIKit.UICollectionViewFlowLayout

/// An app's own layout file, as it is written for iOS (a submodule import included): a flow
/// layout whose lines start at the section inset with the minimum spacing between items, where
/// UIKit's flow layout justifies them. It keeps `super`'s line breaks and rows, and copies the
/// attributes before changing them, as Apple asks of a subclass.
public final class LeftAlignedFlowLayout: UICollectionViewFlowLayout {
    public override func layoutAttributesForElements(in rect: CGRect) -> [UICollectionViewLayoutAttributes]? {
        guard let attributes = super.layoutAttributesForElements(in: rect) else { return nil }
        var left = sectionInset.left
        var lineBottom: CGFloat = -.greatestFiniteMagnitude
        return attributes.map { original in
            guard let copied = original.copy() as? UICollectionViewLayoutAttributes else { return original }
            guard copied.representedElementCategory == .cell else { return copied }
            if copied.frame.minY >= lineBottom { left = sectionInset.left }
            copied.frame.origin.x = left
            left += copied.frame.width + minimumInteritemSpacing
            lineBottom = max(lineBottom, copied.frame.maxY)
            return copied
        }
    }
}
