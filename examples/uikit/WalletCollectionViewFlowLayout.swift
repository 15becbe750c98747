// Article 1 ("Wallet的拖拉效果", effect 1 of docs/effects.md): the author's
// CollectionViewFlowLayout, translated from Objective-C to Swift statement by statement — its
// names, #define constants (as static lets), structure and arithmetic kept — as the article's
// third step leaves it: the sticky top and the pull-down spread. One change, marked below: the
// article's prepareLayout reads an `inset` it never declares (it would not compile); it is the
// collection view's contentInset, as in the article's other methods.
import UIKit

final class CollectionViewFlowLayout: UICollectionViewFlowLayout {
    static let kCellHeight: CGFloat = 200 /// cell 高度
    static let kCellSpace: CGFloat = 100 // cell0Top to cell1Top

    private var kCollectionViewWidth: CGFloat { self.collectionView!.frame.size.width }
    private var kCollectionViewHeight: CGFloat { self.collectionView!.frame.size.height }

    override init() {
        super.init()
    }

    required init?(coder: NSCoder) {
        super.init(coder: coder)
    }

    override func prepare() {
        super.prepare()
        let inset = self.collectionView!.contentInset  // declared here: see the header
        self.itemSize = CGSize(width: kCollectionViewWidth - inset.right - inset.left, height: Self.kCellHeight)
        self.minimumLineSpacing = Self.kCellSpace - Self.kCellHeight
    }

    override var collectionViewContentSize: CGSize {
        let inset = self.collectionView!.contentInset
        let items = self.collectionView!.numberOfItems(inSection: 0)
        let size = CGSize(width: self.collectionView!.frame.size.width - inset.left - inset.right,
                          height: CGFloat(items - 1) * Self.kCellSpace + Self.kCellHeight - inset.bottom)
        return size
    }

    override func layoutAttributesForElements(in rect: CGRect) -> [UICollectionViewLayoutAttributes]? {
        let rows = self.collectionView!.numberOfItems(inSection: 0)
        let offsetY = self.collectionView!.contentOffset.y
        let inset = self.collectionView!.contentInset
        var attrs: [UICollectionViewLayoutAttributes] = []
        // 与rect相交的最大最小item值 (the rows that can meet the rect)
        let minRow = max(0, Int(floor(offsetY / Self.kCellSpace)))
        let maxRow = min(Int(ceil((offsetY + self.collectionView!.frame.size.height) / Self.kCellSpace)), rows)
        var row = minRow
        while row < maxRow {
            // 顶部只留一个cell (keep one card at the top)
            if CGFloat(row) * Self.kCellSpace >= offsetY - Self.kCellSpace {
                let indexPath = IndexPath(item: row, section: 0)
                let att = UICollectionViewLayoutAttributes(forCellWith: indexPath)
                var cellRect = CGRect(x: 0, y: max(offsetY, CGFloat(row) * Self.kCellSpace),
                                      width: self.collectionView!.frame.size.width - inset.right, height: Self.kCellHeight)
                if offsetY < -inset.top {
                    // 0.25是相对于offsetY的偏移比例,根据需要自行调节 (0.25: the spread per row, relative to the pull)
                    cellRect.origin.y = CGFloat(att.indexPath.item) * Self.kCellSpace - abs(offsetY + inset.top)
                        + abs(offsetY + inset.top) * CGFloat(att.indexPath.item) * 0.25
                }
                att.frame = cellRect
                // 因为我们的cell有重叠,必须设置zIndex,否则复用时层级会有问题 (the cells overlap: zIndex keeps their order)
                att.zIndex = att.indexPath.item * 2
                att.transform3D = CATransform3DMakeTranslation(0, 0, CGFloat(att.indexPath.item * 2))
                if cellRect.intersects(rect) || cellRect.contains(rect) {
                    attrs.append(att)
                }
            }
            row += 1
        }
        return attrs
    }

    override func shouldInvalidateLayout(forBoundsChange newBounds: CGRect) -> Bool {
        return true
    }
}
