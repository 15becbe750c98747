import Foundation

/// The base of every collection-view layout
/// (https://developer.apple.com/documentation/uikit/uicollectionviewlayout): subclasses override
/// `prepare()`, `collectionViewContentSize` and the attribute queries; Flipbook asks them as a
/// collection view does (UIKitLayout).
open class UICollectionViewLayout: NSObject, NSCoding {
    /// The collection view using this layout, set when the view is made with it.
    open internal(set) weak var collectionView: UICollectionView?
    var decorationViewClasses: [String: AnyClass] = [:]

    public override init() { super.init() }
    public required init?(coder: NSCoder) { super.init() }
    open func encode(with coder: NSCoder) {}

    /// The class of the attributes this layout makes: a subclass of
    /// UICollectionViewLayoutAttributes when it adds fields
    /// (https://developer.apple.com/documentation/uikit/uicollectionviewlayout/layoutattributesclass).
    open class var layoutAttributesClass: AnyClass { UICollectionViewLayoutAttributes.self }

    /// The class of `layoutAttributesClass`, as UIKit's layouts make their attributes.
    var attributesType: UICollectionViewLayoutAttributes.Type {
        (type(of: self).layoutAttributesClass as? UICollectionViewLayoutAttributes.Type) ?? UICollectionViewLayoutAttributes.self
    }

    // MARK: - Providing layout attributes

    /// Called whenever the layout is invalidated, before it is queried: compute and cache here.
    open func prepare() {}
    /// The size of the whole content; zero by default (Apple's page).
    open var collectionViewContentSize: CGSize { .zero }
    open func layoutAttributesForElements(in rect: CGRect) -> [UICollectionViewLayoutAttributes]? { nil }
    open func layoutAttributesForItem(at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? { nil }
    open func layoutAttributesForSupplementaryView(ofKind elementKind: String, at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? { nil }
    open func layoutAttributesForDecorationView(ofKind elementKind: String, at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? { nil }
    /// Where the content comes to rest after a scroll released at `velocity` (points per
    /// millisecond, as UIKit passes it) would stop at `proposedContentOffset`; by default there.
    open func targetContentOffset(forProposedContentOffset proposedContentOffset: CGPoint, withScrollingVelocity velocity: CGPoint) -> CGPoint {
        proposedContentOffset
    }
    /// Where the content rests after an animated change of layout or data; by default the proposal.
    open func targetContentOffset(forProposedContentOffset proposedContentOffset: CGPoint) -> CGPoint { proposedContentOffset }

    // MARK: - Invalidation

    /// false by default: scrolling keeps the layout (Apple's page).
    open func shouldInvalidateLayout(forBoundsChange newBounds: CGRect) -> Bool { false }
    open class var invalidationContextClass: AnyClass { UICollectionViewLayoutInvalidationContext.self }
    open func invalidationContext(forBoundsChange newBounds: CGRect) -> UICollectionViewLayoutInvalidationContext {
        ((type(of: self).invalidationContextClass as? UICollectionViewLayoutInvalidationContext.Type) ?? UICollectionViewLayoutInvalidationContext.self).init()
    }
    /// Marks the layout for `prepare()` before the next query.
    /// Inside a scene's code step (SceneStep.at), outside a batch update, the items animate to
    /// the layout's new attributes (over the enclosing UIView.animate's timing) or jump to them.
    open func invalidateLayout() {
        isValid = false
        if let r = SceneRecording.current, r.batch == nil, !r.swappingLayout { r.layoutChanged(animated: !r.timings.isEmpty) }
    }
    open func invalidateLayout(with context: UICollectionViewLayoutInvalidationContext) { invalidateLayout() }
    var isValid = false

    // MARK: - Updates

    open func prepare(forCollectionViewUpdates updateItems: [UICollectionViewUpdateItem]) {}
    open func finalizeCollectionViewUpdates() {}
    /// Where an inserted item starts; nil: at its final place, faded in (UIKit's default).
    open func initialLayoutAttributesForAppearingItem(at itemIndexPath: IndexPath) -> UICollectionViewLayoutAttributes? { nil }
    /// Where a deleted item ends; nil: where it was, faded out.
    open func finalLayoutAttributesForDisappearingItem(at itemIndexPath: IndexPath) -> UICollectionViewLayoutAttributes? { nil }
    open func prepare(forAnimatedBoundsChange oldBounds: CGRect) {}
    open func finalizeAnimatedBoundsChange() {}
    open func prepareForTransition(to newLayout: UICollectionViewLayout) {}
    open func prepareForTransition(from oldLayout: UICollectionViewLayout) {}
    open func finalizeLayoutTransition() {}

    // MARK: - Interactive movement

    /// The index path of the item at `position`, the one it has when none is there (Apple's page:
    /// "the index path corresponding to the specified location").
    open func targetIndexPath(forInteractivelyMovingItem previousIndexPath: IndexPath, withPosition position: CGPoint) -> IndexPath {
        collectionView?.indexPathForItem(at: position) ?? previousIndexPath
    }
    open func layoutAttributesForInteractivelyMovingItem(at indexPath: IndexPath, withTargetPosition position: CGPoint) -> UICollectionViewLayoutAttributes? {
        guard let a = layoutAttributesForItem(at: indexPath)?.copy() as? UICollectionViewLayoutAttributes else { return nil }
        a.center = position
        a.zIndex = Int.max / 2
        return a
    }

    // MARK: - Decoration views

    open func register(_ viewClass: AnyClass?, forDecorationViewOfKind elementKind: String) {
        decorationViewClasses[elementKind] = viewClass
    }
}

/// https://developer.apple.com/documentation/uikit/uicollectionviewlayoutinvalidationcontext
open class UICollectionViewLayoutInvalidationContext: NSObject {
    public required override init() { super.init() }
    open private(set) var invalidateEverything = true
    open private(set) var invalidateDataSourceCounts = true
    open var contentOffsetAdjustment = CGPoint.zero
    open var contentSizeAdjustment = CGSize.zero
}

/// One change of a batch update, as `prepare(forCollectionViewUpdates:)` receives it
/// (https://developer.apple.com/documentation/uikit/uicollectionviewupdateitem).
open class UICollectionViewUpdateItem: NSObject {
    public enum Action: Int, Sendable { case insert, delete, reload, move, none }
    open private(set) var indexPathBeforeUpdate: IndexPath?
    open private(set) var indexPathAfterUpdate: IndexPath?
    open private(set) var updateAction: Action

    init(action: Action, before: IndexPath?, after: IndexPath?) {
        updateAction = action; indexPathBeforeUpdate = before; indexPathAfterUpdate = after
    }
}
