import Foundation

/// The layout-related attributes of one element
/// (https://developer.apple.com/documentation/uikit/uicollectionviewlayoutattributes). A subclass
/// adds its own fields and overrides `copy(with:)` and `isEqual(_:)`, as Apple's subclassing notes
/// ask; a layout names it in `layoutAttributesClass`.
open class UICollectionViewLayoutAttributes: NSObject, NSCopying {
    /// Setting it sets `center` and `size` (Apple's frame page). With a transform, it is the
    /// untransformed frame, as Auto Layout reads a view's.
    open var frame: CGRect {
        get { CGRect(x: center.x - size.width / 2, y: center.y - size.height / 2, width: size.width, height: size.height) }
        set {
            size = newValue.size
            center = CGPoint(x: newValue.midX, y: newValue.midY)
        }
    }
    open var center = CGPoint.zero
    open var size = CGSize.zero
    open var bounds: CGRect {
        get { CGRect(origin: .zero, size: size) }
        set { size = newValue.size }
    }
    /// Assigning it replaces `transform3D` with its 3-D version (Apple's transform page).
    open var transform: CGAffineTransform {
        get { CATransform3DGetAffineTransform(transform3D) }
        set { transform3D = CATransform3DMakeAffineTransform(newValue) }
    }
    open var transform3D = CATransform3DIdentity
    open var alpha: CGFloat = 1
    open var zIndex = 0
    open var isHidden = false
    open var indexPath = IndexPath(item: 0, section: 0)
    open internal(set) var representedElementCategory = UICollectionView.ElementCategory.cell
    /// nil for cells; the kind of a supplementary or decoration view.
    open internal(set) var representedElementKind: String?

    func setCategory(_ category: UICollectionView.ElementCategory, kind: String?) {
        representedElementCategory = category
        representedElementKind = kind
    }

    public required override init() { super.init() }

    public convenience init(forCellWith indexPath: IndexPath) {
        self.init()
        self.indexPath = indexPath
    }
    public convenience init(forSupplementaryViewOfKind elementKind: String, with indexPath: IndexPath) {
        self.init()
        self.indexPath = indexPath
        representedElementCategory = .supplementaryView
        representedElementKind = elementKind
    }
    public convenience init(forDecorationViewOfKind decorationViewKind: String, with indexPath: IndexPath) {
        self.init()
        self.indexPath = indexPath
        representedElementCategory = .decorationView
        representedElementKind = decorationViewKind
    }

    /// A copy of the same class: a subclass's override calls super and copies its own fields.
    open func copy(with zone: NSZone? = nil) -> Any {
        let copy = type(of: self).init()
        copy.center = center; copy.size = size; copy.transform3D = transform3D; copy.alpha = alpha
        copy.zIndex = zIndex; copy.isHidden = isHidden; copy.indexPath = indexPath
        copy.representedElementCategory = representedElementCategory; copy.representedElementKind = representedElementKind
        return copy
    }

    open override func isEqual(_ object: Any?) -> Bool {
        guard let o = object as? UICollectionViewLayoutAttributes, type(of: o) == type(of: self) else { return false }
        return center == o.center && size == o.size && transform3D == o.transform3D && alpha == o.alpha && zIndex == o.zIndex
            && isHidden == o.isHidden && indexPath == o.indexPath && representedElementCategory == o.representedElementCategory
            && representedElementKind == o.representedElementKind
    }

    open override var hash: Int { indexPath.hashValue ^ zIndex }

    open override var description: String {
        "<\(type(of: self)) index path: (\(indexPath.section)-\(indexPath.item)); frame = \(frame); zIndex = \(zIndex)>"
    }
}

extension UICollectionView {
    /// https://developer.apple.com/documentation/uikit/uicollectionview/elementcategory
    public enum ElementCategory: UInt, Sendable {
        case cell, supplementaryView, decorationView
    }

    /// https://developer.apple.com/documentation/uikit/uicollectionview/elementkindsectionheader
    public static let elementKindSectionHeader = "UICollectionElementKindSectionHeader"
    /// https://developer.apple.com/documentation/uikit/uicollectionview/elementkindsectionfooter
    public static let elementKindSectionFooter = "UICollectionElementKindSectionFooter"
}
