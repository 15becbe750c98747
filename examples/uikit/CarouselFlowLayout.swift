// Written as an iOS app writes it, and compiled unchanged against Flipbook's UIKit module: a
// flow-layout subclass that calls super, copies its attributes into a subclass with a field of
// its own, scales the cards by their distance from the centre with a CGAffineTransform, and pages
// with targetContentOffset. Nothing in this file knows about Flipbook.
import UIKit

final class CarouselLayoutAttributes: UICollectionViewLayoutAttributes {
    var distanceFromCenter: CGFloat = 0

    override func copy(with zone: NSZone? = nil) -> Any {
        let copy = super.copy(with: zone) as! CarouselLayoutAttributes
        copy.distanceFromCenter = distanceFromCenter
        return copy
    }

    override func isEqual(_ object: Any?) -> Bool {
        guard let other = object as? CarouselLayoutAttributes else { return false }
        return other.distanceFromCenter == distanceFromCenter && super.isEqual(object)
    }
}

final class CarouselFlowLayout: UICollectionViewFlowLayout {
    let minimumScale: CGFloat = 0.8

    override class var layoutAttributesClass: AnyClass { CarouselLayoutAttributes.self }

    override init() {
        super.init()
        scrollDirection = .horizontal
        itemSize = CGSize(width: 280, height: 400)
        minimumLineSpacing = 20
    }

    required init?(coder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }

    private var pageWidth: CGFloat { itemSize.width + minimumLineSpacing }

    override func prepare() {
        if let collectionView = collectionView {
            let inset = (collectionView.bounds.width - itemSize.width) / 2
            sectionInset = UIEdgeInsets(top: 0, left: inset, bottom: 0, right: inset)
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
            let attributes = original.copy() as! CarouselLayoutAttributes
            let distance = abs(attributes.center.x - centerX)
            let ratio = min(distance / pageWidth, 1)
            let scale = 1 - (1 - minimumScale) * ratio
            attributes.distanceFromCenter = distance
            attributes.transform = CGAffineTransform(scaleX: scale, y: scale)
            attributes.zIndex = Int(10 - ratio * 10)
            return attributes
        }
    }

    override func targetContentOffset(forProposedContentOffset proposedContentOffset: CGPoint,
                                      withScrollingVelocity velocity: CGPoint) -> CGPoint {
        guard let collectionView = collectionView else { return proposedContentOffset }
        let current = (collectionView.contentOffset.x / pageWidth).rounded()
        var page = (proposedContentOffset.x / pageWidth).rounded()
        if abs(velocity.x) > 0.3 {
            page = velocity.x > 0 ? current + 1 : current - 1
        }
        page = min(max(page, current - 1), current + 1)
        return CGPoint(x: page * pageWidth, y: proposedContentOffset.y)
    }
}

final class CardCell: UICollectionViewCell {
    override init(frame: CGRect) {
        super.init(frame: frame)
        contentView.backgroundColor = .systemBlue
        layer.cornerRadius = 16
        layer.masksToBounds = true
    }

    required init?(coder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }
}

final class CarouselDataSource: NSObject, UICollectionViewDataSource {
    let count: Int
    init(count: Int) { self.count = count }

    func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int {
        return count
    }

    func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell {
        let cell = collectionView.dequeueReusableCell(withReuseIdentifier: "card", for: indexPath) as! CardCell
        if indexPath.item % 2 == 1 { cell.contentView.backgroundColor = .systemOrange }
        return cell
    }
}
