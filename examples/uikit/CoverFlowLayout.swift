// Written as an iOS app writes it, and compiled unchanged against Flipbook's UIKit module: a
// cover flow. A horizontal flow-layout subclass turns each cover about the y axis by its
// distance from the centre, seen in perspective (m34 = -1/d, the usual CATransform3D idiom),
// and brings the centred cover to the front. Nothing in this file knows about Flipbook.
import UIKit

final class CoverFlowLayout: UICollectionViewFlowLayout {
    /// How far a cover turns once it is a page or more from the centre.
    let maximumAngle: CGFloat = .pi / 3
    /// The viewer's distance from the screen, in points.
    let eyeDistance: CGFloat = 500

    override init() {
        super.init()
        scrollDirection = .horizontal
        itemSize = CGSize(width: 180, height: 180)
        minimumLineSpacing = -40
    }

    required init?(coder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }

    private var pageWidth: CGFloat { itemSize.width + minimumLineSpacing }

    override func prepare() {
        if let collectionView = collectionView {
            let horizontal = (collectionView.bounds.width - itemSize.width) / 2
            let vertical = (collectionView.bounds.height - itemSize.height) / 2
            sectionInset = UIEdgeInsets(top: vertical, left: horizontal, bottom: vertical, right: horizontal)
        }
        super.prepare()
    }

    override func shouldInvalidateLayout(forBoundsChange newBounds: CGRect) -> Bool {
        return true
    }

    override func layoutAttributesForElements(in rect: CGRect) -> [UICollectionViewLayoutAttributes]? {
        guard let collectionView = collectionView,
              let attributes = super.layoutAttributesForElements(in: rect) else { return nil }
        let centerX = collectionView.contentOffset.x + collectionView.bounds.width / 2
        return attributes.map { original in
            let attributes = original.copy() as! UICollectionViewLayoutAttributes
            let offset = (attributes.center.x - centerX) / pageWidth
            let clamped = min(max(offset, -1), 1)
            var transform = CATransform3DIdentity
            transform.m34 = -1 / eyeDistance
            // Covers on the right turn their faces left, toward the centre, and the reverse.
            transform = CATransform3DRotate(transform, -clamped * maximumAngle, 0, 1, 0)
            attributes.transform3D = transform
            attributes.zIndex = Int(100 - abs(offset) * 10)
            return attributes
        }
    }

    override func targetContentOffset(forProposedContentOffset proposedContentOffset: CGPoint,
                                      withScrollingVelocity velocity: CGPoint) -> CGPoint {
        let page = (proposedContentOffset.x / pageWidth).rounded()
        return CGPoint(x: page * pageWidth, y: proposedContentOffset.y)
    }
}
