import Foundation
import FlipbookCore
import FlipbookLayout

// UIKit's compositional layout objects, each a description Flipbook's CompositionalLayout
// (Sources/FlipbookLayout/CompositionalLayout.swift) lays out: the same sizes, groups, spacing,
// orthogonal behaviours, boundary and decoration items, and visible-items handler
// (https://developer.apple.com/documentation/uikit/uicollectionviewcompositionallayout).

typealias Model = CompositionalLayout

/// https://developer.apple.com/documentation/uikit/nscollectionlayoutdimension
public final class NSCollectionLayoutDimension: NSObject, NSCopying, @unchecked Sendable {
    let model: Model.Dimension
    init(_ model: Model.Dimension) { self.model = model }

    /// A fraction of the container's width.
    public class func fractionalWidth(_ fractionalWidth: CGFloat) -> Self { Self(.fractionalWidth(Double(fractionalWidth))) }
    public class func fractionalHeight(_ fractionalHeight: CGFloat) -> Self { Self(.fractionalHeight(Double(fractionalHeight))) }
    public class func absolute(_ absoluteDimension: CGFloat) -> Self { Self(.absolute(Double(absoluteDimension))) }
    public class func estimated(_ estimatedDimension: CGFloat) -> Self { Self(.estimated(Double(estimatedDimension))) }

    public var isFractionalWidth: Bool { model.kind == .fractionalWidth }
    public var isFractionalHeight: Bool { model.kind == .fractionalHeight }
    public var isAbsolute: Bool { model.kind == .absolute }
    public var isEstimated: Bool { model.kind == .estimated }
    public var dimension: CGFloat { CGFloat(model.value) }
    public func copy(with zone: NSZone? = nil) -> Any { self }
}

/// https://developer.apple.com/documentation/uikit/nscollectionlayoutsize
public final class NSCollectionLayoutSize: NSObject, NSCopying, @unchecked Sendable {
    public let widthDimension: NSCollectionLayoutDimension
    public let heightDimension: NSCollectionLayoutDimension
    public init(widthDimension width: NSCollectionLayoutDimension, heightDimension height: NSCollectionLayoutDimension) {
        widthDimension = width; heightDimension = height
    }
    var model: Model.LayoutSize { Model.LayoutSize(widthDimension: widthDimension.model, heightDimension: heightDimension.model) }
    public func copy(with zone: NSZone? = nil) -> Any { self }
}

/// https://developer.apple.com/documentation/uikit/nscollectionlayoutspacing
public final class NSCollectionLayoutSpacing: NSObject, NSCopying, @unchecked Sendable {
    let model: Model.Spacing
    init(_ model: Model.Spacing) { self.model = model }
    public class func fixed(_ fixedSpacing: CGFloat) -> Self { Self(.fixed(Double(fixedSpacing))) }
    /// At least this much, more where the group has room (spread evenly).
    public class func flexible(_ flexibleSpacing: CGFloat) -> Self { Self(.flexible(Double(flexibleSpacing))) }
    public var spacing: CGFloat { CGFloat(model.value) }
    public var isFixedSpacing: Bool { if case .fixed = model { return true } else { return false } }
    public var isFlexibleSpacing: Bool { !isFixedSpacing }
    public func copy(with zone: NSZone? = nil) -> Any { self }
}

/// https://developer.apple.com/documentation/uikit/nscollectionlayoutitem
open class NSCollectionLayoutItem: NSObject, NSCopying, @unchecked Sendable {
    public let layoutSize: NSCollectionLayoutSize
    /// Zero; ignored along an estimated dimension, as Apple's page says.
    open var contentInsets = NSDirectionalEdgeInsets.zero

    public init(layoutSize: NSCollectionLayoutSize) { self.layoutSize = layoutSize }

    open func copy(with zone: NSZone? = nil) -> Any {
        let copy = NSCollectionLayoutItem(layoutSize: layoutSize)
        copy.contentInsets = contentInsets
        return copy
    }

    var subitem: Model.Subitem { .item(Model.Item(layoutSize: layoutSize.model, contentInsets: Model.DirectionalEdgeInsets(contentInsets))) }
}

/// https://developer.apple.com/documentation/uikit/nscollectionlayoutgroup
public final class NSCollectionLayoutGroup: NSCollectionLayoutItem, @unchecked Sendable {
    let direction: Model.Group.Direction
    public let subitems: [NSCollectionLayoutItem]
    let count: Int?
    public var interItemSpacing: NSCollectionLayoutSpacing?

    init(direction: Model.Group.Direction, layoutSize: NSCollectionLayoutSize, subitems: [NSCollectionLayoutItem], count: Int?) {
        self.direction = direction; self.subitems = subitems; self.count = count
        super.init(layoutSize: layoutSize)
    }

    public class func horizontal(layoutSize: NSCollectionLayoutSize, subitems: [NSCollectionLayoutItem]) -> NSCollectionLayoutGroup {
        NSCollectionLayoutGroup(direction: .horizontal, layoutSize: layoutSize, subitems: subitems, count: nil)
    }
    public class func vertical(layoutSize: NSCollectionLayoutSize, subitems: [NSCollectionLayoutItem]) -> NSCollectionLayoutGroup {
        NSCollectionLayoutGroup(direction: .vertical, layoutSize: layoutSize, subitems: subitems, count: nil)
    }
    /// `count` copies of `repeatingSubitem` sized to fill the group (iOS 16).
    public class func horizontal(layoutSize: NSCollectionLayoutSize, repeatingSubitem subitem: NSCollectionLayoutItem, count: Int) -> NSCollectionLayoutGroup {
        NSCollectionLayoutGroup(direction: .horizontal, layoutSize: layoutSize, subitems: [subitem], count: count)
    }
    public class func vertical(layoutSize: NSCollectionLayoutSize, repeatingSubitem subitem: NSCollectionLayoutItem, count: Int) -> NSCollectionLayoutGroup {
        NSCollectionLayoutGroup(direction: .vertical, layoutSize: layoutSize, subitems: [subitem], count: count)
    }
    /// The iOS 13 spelling of `horizontal(layoutSize:repeatingSubitem:count:)`.
    public class func horizontal(layoutSize: NSCollectionLayoutSize, subitem: NSCollectionLayoutItem, count: Int) -> NSCollectionLayoutGroup {
        horizontal(layoutSize: layoutSize, repeatingSubitem: subitem, count: count)
    }
    public class func vertical(layoutSize: NSCollectionLayoutSize, subitem: NSCollectionLayoutItem, count: Int) -> NSCollectionLayoutGroup {
        vertical(layoutSize: layoutSize, repeatingSubitem: subitem, count: count)
    }

    public override func copy(with zone: NSZone? = nil) -> Any {
        let copy = NSCollectionLayoutGroup(direction: direction, layoutSize: layoutSize, subitems: subitems, count: count)
        copy.contentInsets = contentInsets
        copy.interItemSpacing = interItemSpacing
        return copy
    }

    var model: Model.Group {
        Model.Group(direction: direction, layoutSize: layoutSize.model, subitems: subitems.map(\.subitem), count: count,
                    interItemSpacing: interItemSpacing?.model, contentInsets: Model.DirectionalEdgeInsets(contentInsets))
    }
    override var subitem: Model.Subitem { .group(model) }
}

/// https://developer.apple.com/documentation/uikit/nsrectalignment — the edges a boundary item
/// may sit on in Flipbook (a corner alignment does not compile).
public enum NSRectAlignment: Int, Sendable {
    case none = 0, top = 1, leading = 3, bottom = 5, trailing = 7

    var model: Model.Alignment? {
        switch self {
        case .top: return .top
        case .bottom: return .bottom
        case .leading: return .leading
        case .trailing: return .trailing
        case .none: return nil
        }
    }
}

/// https://developer.apple.com/documentation/uikit/nscollectionlayoutboundarysupplementaryitem
public final class NSCollectionLayoutBoundarySupplementaryItem: NSCollectionLayoutItem, @unchecked Sendable {
    public let elementKind: String
    public let alignment: NSRectAlignment
    /// false (Apple's page).
    public var pinToVisibleBounds = false
    /// true (Apple's page): the item adds to the section's size.
    public var extendsBoundary = true
    public var zIndex: Int?

    public init(layoutSize: NSCollectionLayoutSize, elementKind: String, alignment: NSRectAlignment) {
        self.elementKind = elementKind; self.alignment = alignment
        super.init(layoutSize: layoutSize)
    }

    var model: Model.BoundarySupplementaryItem {
        Model.BoundarySupplementaryItem(elementKind: ElementKind(uikit: elementKind), layoutSize: layoutSize.model, alignment: alignment.model ?? .top,
                                        pinToVisibleBounds: pinToVisibleBounds, extendsBoundary: extendsBoundary, zIndex: zIndex)
    }
}

/// https://developer.apple.com/documentation/uikit/nscollectionlayoutdecorationitem
public final class NSCollectionLayoutDecorationItem: NSCollectionLayoutItem, @unchecked Sendable {
    public let elementKind: String
    /// −1: behind the section's cells.
    public var zIndex = -1

    init(elementKind: String) {
        self.elementKind = elementKind
        super.init(layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .fractionalHeight(1)))
    }

    /// A background for the whole section, drawn with the view's section-background style.
    public class func background(elementKind: String) -> NSCollectionLayoutDecorationItem { NSCollectionLayoutDecorationItem(elementKind: elementKind) }

    var model: Model.DecorationItem {
        Model.DecorationItem(elementKind: ElementKind(uikit: elementKind), contentInsets: Model.DirectionalEdgeInsets(contentInsets), zIndex: zIndex)
    }
}

/// https://developer.apple.com/documentation/uikit/uicollectionlayoutsectionorthogonalscrollingbehavior
public enum UICollectionLayoutSectionOrthogonalScrollingBehavior: Int, Sendable {
    case none, continuous, continuousGroupLeadingBoundary, paging, groupPaging, groupPagingCentered

    var model: Model.OrthogonalScrollingBehavior {
        switch self {
        case .none: return .none
        case .continuous: return .continuous
        case .continuousGroupLeadingBoundary: return .continuousGroupLeadingBoundary
        case .paging: return .paging
        case .groupPaging: return .groupPaging
        case .groupPagingCentered: return .groupPagingCentered
        }
    }
}

/// https://developer.apple.com/documentation/uikit/nscollectionlayoutcontainer
public protocol NSCollectionLayoutContainer: AnyObject {
    var contentSize: CGSize { get }
    var effectiveContentSize: CGSize { get }
    var contentInsets: NSDirectionalEdgeInsets { get }
    var effectiveContentInsets: NSDirectionalEdgeInsets { get }
}

/// https://developer.apple.com/documentation/uikit/nscollectionlayoutenvironment
public protocol NSCollectionLayoutEnvironment: AnyObject {
    var container: NSCollectionLayoutContainer { get }
}

final class LayoutContainer: NSCollectionLayoutContainer, NSCollectionLayoutEnvironment {
    let contentSize: CGSize
    let effectiveContentSize: CGSize
    let contentInsets: NSDirectionalEdgeInsets
    let effectiveContentInsets: NSDirectionalEdgeInsets
    var container: NSCollectionLayoutContainer { self }
    init(size: CGSize, effectiveSize: CGSize? = nil) {
        contentSize = size; contentInsets = .zero; effectiveContentInsets = .zero
        effectiveContentSize = effectiveSize ?? size
    }
}

/// An item on screen, as a visibleItemsInvalidationHandler sees and changes it
/// (https://developer.apple.com/documentation/uikit/nscollectionlayoutvisibleitem).
public protocol NSCollectionLayoutVisibleItem: AnyObject {
    var alpha: CGFloat { get set }
    var zIndex: Int { get set }
    var isHidden: Bool { get set }
    var center: CGPoint { get set }
    var transform: CGAffineTransform { get set }
    var transform3D: CATransform3D { get set }
    var frame: CGRect { get }
    var bounds: CGRect { get }
    var indexPath: IndexPath { get }
    var representedElementCategory: UICollectionView.ElementCategory { get }
    var representedElementKind: String? { get }
}

public typealias NSCollectionLayoutSectionVisibleItemsInvalidationHandler =
    ([NSCollectionLayoutVisibleItem], CGPoint, NSCollectionLayoutEnvironment) -> Void

/// https://developer.apple.com/documentation/uikit/nscollectionlayoutsection
public final class NSCollectionLayoutSection: NSObject, NSCopying, @unchecked Sendable {
    public let group: NSCollectionLayoutGroup
    public var interGroupSpacing: CGFloat = 0
    public var contentInsets = NSDirectionalEdgeInsets.zero
    public var orthogonalScrollingBehavior = UICollectionLayoutSectionOrthogonalScrollingBehavior.none
    public var boundarySupplementaryItems: [NSCollectionLayoutBoundarySupplementaryItem] = []
    public var decorationItems: [NSCollectionLayoutDecorationItem] = []
    public var visibleItemsInvalidationHandler: NSCollectionLayoutSectionVisibleItemsInvalidationHandler?

    public init(group: NSCollectionLayoutGroup) { self.group = group }

    public func copy(with zone: NSZone? = nil) -> Any {
        let copy = NSCollectionLayoutSection(group: group)
        copy.interGroupSpacing = interGroupSpacing; copy.contentInsets = contentInsets
        copy.orthogonalScrollingBehavior = orthogonalScrollingBehavior
        copy.boundarySupplementaryItems = boundarySupplementaryItems; copy.decorationItems = decorationItems
        copy.visibleItemsInvalidationHandler = visibleItemsInvalidationHandler
        return copy
    }

    var model: Model.Section {
        var s = Model.Section(group: group.model, interGroupSpacing: Double(interGroupSpacing), contentInsets: Model.DirectionalEdgeInsets(contentInsets),
                              orthogonalScrollingBehavior: orthogonalScrollingBehavior.model,
                              boundarySupplementaryItems: boundarySupplementaryItems.map(\.model), decorationItems: decorationItems.map(\.model))
        if let handler = visibleItemsInvalidationHandler {
            let box = HandlerBox(handler)
            s.visibleItemsInvalidationHandler = { items, offset, environment in box.run(&items, offset, environment) }
        }
        return s
    }
}

/// The app's handler, called with Flipbook's attributes as visible-item objects and their
/// changes written back.
final class HandlerBox: @unchecked Sendable {
    let handler: NSCollectionLayoutSectionVisibleItemsInvalidationHandler
    init(_ handler: @escaping NSCollectionLayoutSectionVisibleItemsInvalidationHandler) { self.handler = handler }

    func run(_ items: inout [LayoutAttributes], _ offset: Point, _ environment: Model.Environment) {
        let visible = items.map { UICollectionViewLayoutAttributes.from($0) }
        let container = LayoutContainer(size: CGSize(environment.containerSize), effectiveSize: CGSize(environment.effectiveContentSize))
        handler(visible, CGPoint(offset), container)
        for k in items.indices {
            switch UIKitLayout.transform(visible[k].transform3D) {
            case .success(let t): items[k].transform = t; items[k].transform3D = nil
            case .failure: items[k].transform = .identity; items[k].transform3D = UIKitLayout.general(visible[k].transform3D)
            }
            items[k].frame = Rect(visible[k].frame)
            items[k].alpha = Double(visible[k].alpha)
            items[k].zIndex = visible[k].zIndex
            items[k].isHidden = visible[k].isHidden
        }
    }
}

extension UICollectionViewLayoutAttributes: NSCollectionLayoutVisibleItem {
    /// One of Flipbook's attributes as UIKit's object of `type` (its transform included).
    static func from(_ a: LayoutAttributes, as type: UICollectionViewLayoutAttributes.Type = UICollectionViewLayoutAttributes.self) -> UICollectionViewLayoutAttributes {
        let out = type.init()
        out.indexPath = IndexPath(a.indexPath)
        switch a.representedElementCategory {
        case .cell: break
        case .supplementaryView(let kind): out.setCategory(.supplementaryView, kind: kind.uikitName)
        case .decorationView(let kind): out.setCategory(.decorationView, kind: kind.uikitName)
        }
        out.frame = CGRect(a.frame)
        out.zIndex = a.zIndex
        out.alpha = CGFloat(a.alpha)
        out.isHidden = a.isHidden
        out.transform = CGAffineTransform(a.transform)
        return out
    }
}

extension CGAffineTransform {
    /// Flipbook's transform: rotation and uniform scale about the centre, then the translation.
    init(_ t: Transform) {
        self = CGAffineTransform(rotationAngle: CGFloat(t.rotation)).scaledBy(x: CGFloat(t.scale), y: CGFloat(t.scale))
            .concatenating(CGAffineTransform(translationX: CGFloat(t.translation.x), y: CGFloat(t.translation.y)))
    }
}

extension Model.DirectionalEdgeInsets {
    init(_ i: NSDirectionalEdgeInsets) {
        self.init(top: Double(i.top), leading: Double(i.leading), bottom: Double(i.bottom), trailing: Double(i.trailing))
    }
}

/// https://developer.apple.com/documentation/uikit/uicollectionviewcompositionallayoutconfiguration
public final class UICollectionViewCompositionalLayoutConfiguration: NSObject, NSCopying, @unchecked Sendable {
    public var scrollDirection = UICollectionView.ScrollDirection.vertical
    public var interSectionSpacing: CGFloat = 0
    public override init() { super.init() }
    public func copy(with zone: NSZone? = nil) -> Any {
        let c = UICollectionViewCompositionalLayoutConfiguration()
        c.scrollDirection = scrollDirection; c.interSectionSpacing = interSectionSpacing
        return c
    }
}

public typealias UICollectionViewCompositionalLayoutSectionProvider = (Int, NSCollectionLayoutEnvironment) -> NSCollectionLayoutSection?

/// A layout of sections described by NSCollectionLayout objects, laid out by Flipbook's
/// CompositionalLayout; `list(using:)` gives a list, laid out by Flipbook's ListLayout.
open class UICollectionViewCompositionalLayout: UICollectionViewLayout {
    private let sectionProvider: UICollectionViewCompositionalLayoutSectionProvider
    open var configuration: UICollectionViewCompositionalLayoutConfiguration { didSet { invalidateLayout() } }
    /// The value Flipbook lays out, made by prepare().
    private(set) var backing: any CollectionViewLayout = CompositionalLayout(sections: [])
    var list: ListLayout?
    /// The configuration `list(using:)` was given (its swipe-actions providers).
    var listConfiguration: UICollectionLayoutListConfiguration?

    public convenience init(section: NSCollectionLayoutSection) {
        self.init(section: section, configuration: UICollectionViewCompositionalLayoutConfiguration())
    }
    public convenience init(section: NSCollectionLayoutSection, configuration: UICollectionViewCompositionalLayoutConfiguration) {
        self.init(sectionProvider: { _, _ in section }, configuration: configuration)
    }
    public convenience init(sectionProvider: @escaping UICollectionViewCompositionalLayoutSectionProvider) {
        self.init(sectionProvider: sectionProvider, configuration: UICollectionViewCompositionalLayoutConfiguration())
    }
    public init(sectionProvider: @escaping UICollectionViewCompositionalLayoutSectionProvider, configuration: UICollectionViewCompositionalLayoutConfiguration) {
        self.sectionProvider = sectionProvider
        self.configuration = configuration
        super.init()
    }
    public required init?(coder: NSCoder) {
        sectionProvider = { _, _ in nil }
        configuration = UICollectionViewCompositionalLayoutConfiguration()
        super.init(coder: coder)
    }

    /// A list (https://developer.apple.com/documentation/uikit/uicollectionviewcompositionallayout/list(using:)).
    public class func list(using configuration: UICollectionLayoutListConfiguration) -> UICollectionViewCompositionalLayout {
        let layout = UICollectionViewCompositionalLayout(sectionProvider: { _, _ in nil })
        layout.list = configuration.model
        layout.listConfiguration = configuration
        if configuration.appearance == .sidebar || configuration.appearance == .sidebarPlain {
            layout.unsupported = "UICollectionLayoutListConfiguration.Appearance.\(configuration.appearance) is not drawn yet (plain, grouped and insetGrouped are)"
        }
        return layout
    }

    open override func prepare() {
        super.prepare()
        guard let cv = collectionView else { return }
        let counts = (0..<cv.numberOfSections).map { cv.numberOfItems(inSection: $0) }
        let inset = cv.adjustedContentInset
        // The simulation's context carries the sizes of self-sizing rows it measured.
        let context = cv.simulatedContext ?? LayoutContext(bounds: Rect(cv.bounds), contentInset: EdgeInsets(inset), itemCounts: counts)
        if var list {
            list.prepare(context)
            backing = list
            return
        }
        let size = CGSize(width: cv.bounds.width - inset.left - inset.right, height: cv.bounds.height - inset.top - inset.bottom)
        let environment = LayoutContainer(size: size)
        var sections: [Model.Section] = []
        for s in counts.indices {
            guard let section = sectionProvider(s, environment) else {
                unsupported = "the section provider returned nil for section \(s); UIKit needs a section for every one"
                sections.append(Model.Section(group: .horizontal(layoutSize: Model.LayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .absolute(0)),
                                                                  subitems: [])))
                continue
            }
            sections.append(section.model)
        }
        var model = CompositionalLayout(sections: sections.isEmpty ? [] : sections,
                                        scrollDirection: configuration.scrollDirection == .horizontal ? .horizontal : .vertical,
                                        interSectionSpacing: Double(configuration.interSectionSpacing))
        if !sections.isEmpty { model.prepare(context) }
        backing = model
    }

    /// What this layout was given that Flipbook cannot lay out, in one line.
    var unsupported: String?

    open override var collectionViewContentSize: CGSize { CGSize(backing.collectionViewContentSize) }

    open override func layoutAttributesForElements(in rect: CGRect) -> [UICollectionViewLayoutAttributes]? {
        backing.layoutAttributesForElements(in: Rect(rect)).map { UICollectionViewLayoutAttributes.from($0) }
    }
    open override func layoutAttributesForItem(at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
        backing.layoutAttributesForItem(at: ItemIndexPath(indexPath)).map { UICollectionViewLayoutAttributes.from($0) }
    }
    open override func layoutAttributesForSupplementaryView(ofKind elementKind: String, at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
        backing.layoutAttributesForSupplementaryView(ofKind: ElementKind(uikit: elementKind), at: ItemIndexPath(indexPath)).map { UICollectionViewLayoutAttributes.from($0) }
    }
    open override func shouldInvalidateLayout(forBoundsChange newBounds: CGRect) -> Bool {
        guard let cv = collectionView else { return false }
        return newBounds.size != cv.bounds.size
    }
}

/// https://developer.apple.com/documentation/uikit/uicollectionlayoutlistconfiguration
public struct UICollectionLayoutListConfiguration: @unchecked Sendable {
    /// UIKit's raw values; the sidebar ones (an iPad's split view column) compile and are one
    /// line when the list is drawn.
    public enum Appearance: Int, Sendable { case plain = 0, grouped, insetGrouped, sidebar, sidebarPlain }
    public enum HeaderMode: Int, Sendable { case none, supplementary, firstItemInSection }
    public enum FooterMode: Int, Sendable { case none, supplementary }
    public var appearance: Appearance
    public var headerMode = HeaderMode.none
    public var footerMode = FooterMode.none
    public var showsSeparators = true
    /// Asked for a row's actions when a swipe toward the trailing edge begins
    /// (https://developer.apple.com/documentation/uikit/uicollectionlayoutlistconfiguration/trailingswipeactionsconfigurationprovider).
    public var trailingSwipeActionsConfigurationProvider: SwipeActionsConfigurationProvider?
    /// Asked for a row's actions when a swipe toward the leading edge begins.
    public var leadingSwipeActionsConfigurationProvider: SwipeActionsConfigurationProvider?
    public init(appearance: Appearance) { self.appearance = appearance }

    var model: ListLayout {
        var l = ListLayout(appearance: appearance == .plain ? .plain : appearance == .grouped ? .grouped : .insetGrouped)
        l.headerMode = headerMode == .none ? .none : headerMode == .supplementary ? .supplementary : .firstItemInSection
        l.footerMode = footerMode == .none ? .none : .supplementary
        l.showsSeparators = showsSeparators
        return l
    }
}
