import Foundation
import FlipbookCore
import FlipbookLayout

/// A grid of lines (https://developer.apple.com/documentation/uikit/uicollectionviewflowlayout),
/// computed by Flipbook's FlowLayout (Sources/FlipbookLayout/FlowLayout.swift: UIKit's line
/// filling, justification and last-line rule), so that a subclass's `super` calls answer what
/// UIKit's flow layout does. Per-item sizes and per-section insets and spacings come from the
/// collection view's delegate when it is a UICollectionViewDelegateFlowLayout.
open class UICollectionViewFlowLayout: UICollectionViewLayout {
    /// 50 × 50 (https://developer.apple.com/documentation/uikit/uicollectionviewflowlayout/itemsize).
    open var itemSize = CGSize(width: 50, height: 50) { didSet { if oldValue != itemSize { invalidateLayout() } } }
    /// .zero: self-sizing off (https://developer.apple.com/documentation/uikit/uicollectionviewflowlayout/estimateditemsize).
    open var estimatedItemSize = CGSize.zero { didSet { if oldValue != estimatedItemSize { invalidateLayout() } } }
    /// 10 (https://developer.apple.com/documentation/uikit/uicollectionviewflowlayout/minimumlinespacing).
    open var minimumLineSpacing: CGFloat = 10 { didSet { if oldValue != minimumLineSpacing { invalidateLayout() } } }
    /// 10 (https://developer.apple.com/documentation/uikit/uicollectionviewflowlayout/minimuminteritemspacing).
    open var minimumInteritemSpacing: CGFloat = 10 { didSet { if oldValue != minimumInteritemSpacing { invalidateLayout() } } }
    open var sectionInset = UIEdgeInsets.zero { didSet { if oldValue != sectionInset { invalidateLayout() } } }
    open var scrollDirection = UICollectionView.ScrollDirection.vertical { didSet { if oldValue != scrollDirection { invalidateLayout() } } }
    open var headerReferenceSize = CGSize.zero { didSet { if oldValue != headerReferenceSize { invalidateLayout() } } }
    open var footerReferenceSize = CGSize.zero { didSet { if oldValue != footerReferenceSize { invalidateLayout() } } }
    /// false (https://developer.apple.com/documentation/uikit/uicollectionviewflowlayout/sectionheaderspintovisiblebounds):
    /// the rule is FlowLayout's (Sources/FlipbookLayout/FlowLayout.swift).
    open var sectionHeadersPinToVisibleBounds = false { didSet { if oldValue != sectionHeadersPinToVisibleBounds { invalidateLayout() } } }
    /// false (https://developer.apple.com/documentation/uikit/uicollectionviewflowlayout/sectionfooterspintovisiblebounds).
    open var sectionFootersPinToVisibleBounds = false { didSet { if oldValue != sectionFootersPinToVisibleBounds { invalidateLayout() } } }
    /// (https://developer.apple.com/documentation/uikit/uicollectionviewflowlayout/automaticsize)
    public static let automaticSize = CGSize(width: CGFloat.greatestFiniteMagnitude, height: CGFloat.greatestFiniteMagnitude)

    private var computed = FlowLayout()

    /// What the last `prepare()` could not lay out with — a parameter FlowLayout's own check
    /// (`invalidParameter()`, the one scene files pass) refuses, or a delegate's size or metric
    /// that is not a usable number — named as UIKit names it; nil when all were usable.
    /// UIKitLayout stops the scene with it, so a NaN never reaches a frame.
    package private(set) var parameterProblem: String?

    public override init() { super.init() }
    public required init?(coder: NSCoder) { super.init(coder: coder) }

    private var flowDelegate: UICollectionViewDelegateFlowLayout? { collectionView?.delegate as? UICollectionViewDelegateFlowLayout }

    open override func prepare() {
        super.prepare()
        guard let cv = collectionView else { return }
        var flow = FlowLayout(itemSize: Size(itemSize), minimumLineSpacing: Double(minimumLineSpacing),
                              minimumInteritemSpacing: Double(minimumInteritemSpacing), sectionInset: EdgeInsets(sectionInset),
                              headerReferenceSize: Size(headerReferenceSize), footerReferenceSize: Size(footerReferenceSize))
        flow.scrollDirection = scrollDirection == .horizontal ? .horizontal : .vertical
        flow.sectionHeadersPinToVisibleBounds = sectionHeadersPinToVisibleBounds
        flow.sectionFootersPinToVisibleBounds = sectionFootersPinToVisibleBounds
        parameterProblem = nil
        // Stops this pass with `problem`: nothing is laid out from unusable numbers.
        func refuse(_ problem: String) {
            parameterProblem = problem
            computed = FlowLayout()
        }
        if estimatedItemSize != .zero && estimatedItemSize != UICollectionViewFlowLayout.automaticSize { flow.estimatedItemSize = Size(estimatedItemSize) }
        if let problem = Self.problem(flow, named: "UICollectionViewFlowLayout.") { return refuse(problem) }
        flow.estimatedItemSize = .zero  // self-sizing is this class's own (below)
        let counts = (0..<cv.numberOfSections).map { cv.numberOfItems(inSection: $0) }
        var sizes: [[Size]]?
        if let d = flowDelegate {
            // UIKit asks the delegate for every item and section when it implements these; the
            // protocol's defaults answer with this layout's own properties.
            sizes = counts.enumerated().map { s, n in (0..<n).map { Size(d.collectionView(cv, layout: self, sizeForItemAt: IndexPath(item: $0, section: s))) } }
            flow.sectionMetrics = counts.indices.map { s in
                FlowLayout.SectionMetrics(sectionInset: EdgeInsets(d.collectionView(cv, layout: self, insetForSectionAt: s)),
                                          minimumLineSpacing: Double(d.collectionView(cv, layout: self, minimumLineSpacingForSectionAt: s)),
                                          minimumInteritemSpacing: Double(d.collectionView(cv, layout: self, minimumInteritemSpacingForSectionAt: s)),
                                          headerReferenceSize: Size(d.collectionView(cv, layout: self, referenceSizeForHeaderInSection: s)),
                                          footerReferenceSize: Size(d.collectionView(cv, layout: self, referenceSizeForFooterInSection: s)))
            }
            // Each section's metrics through the same check, as the delegate method that gave them.
            for (s, m) in (flow.sectionMetrics ?? []).enumerated() {
                var section = flow
                section.sectionInset = m.sectionInset
                section.minimumLineSpacing = m.minimumLineSpacing
                section.minimumInteritemSpacing = m.minimumInteritemSpacing
                section.headerReferenceSize = m.headerReferenceSize
                section.footerReferenceSize = m.footerReferenceSize
                if let problem = Self.problem(section, named: "UICollectionViewDelegateFlowLayout.collectionView(_:layout:…) for section \(s): ") { return refuse(problem) }
            }
            if let problem = Self.sizeProblem(sizes ?? [], named: "UICollectionViewDelegateFlowLayout.collectionView(_:layout:sizeForItemAt:)") { return refuse(problem) }
        }
        if estimatedItemSize != .zero {
            // Self-sizing: each cell is asked for its size from the estimate (the delegate's
            // size when it gives one), as UIKit asks preferredLayoutAttributesFitting(_:).
            let estimate = estimatedItemSize == UICollectionViewFlowLayout.automaticSize ? CGSize(width: 50, height: 50) : estimatedItemSize
            sizes = counts.enumerated().map { s, n in
                (0..<n).map { i in
                    let ip = IndexPath(item: i, section: s)
                    let asked = sizes.map { CGSize($0[s][i]) } ?? estimate
                    guard let id = cv.itemID(at: ip), let cell = cv.cells[id] else { return Size(asked) }
                    // Measured once per cell and estimate, as UIKit keeps a self-sized cell's size
                    // until the cell is reloaded (a layout that invalidates on every scroll asks again).
                    if let known = cv.fittedSizes[id], known.asked == asked { return Size(known.size) }
                    let a = UICollectionViewLayoutAttributes.from(LayoutAttributes(forCellWith: ItemIndexPath(ip), frame: Rect(origin: .zero, size: Size(asked))),
                                                                  as: attributesType)
                    let size = cell.preferredLayoutAttributesFitting(a).size
                    cv.fittedSizes[id] = (asked, size)
                    return Size(size)
                }
            }
        }
        if estimatedItemSize != .zero, let problem = Self.sizeProblem(sizes ?? [], named: "preferredLayoutAttributesFitting(_:).size") { return refuse(problem) }
        let context = LayoutContext(bounds: Rect(cv.bounds), contentInset: EdgeInsets(cv.adjustedContentInset), itemCounts: counts, itemSizes: sizes)
        flow.prepare(context)
        computed = flow
    }

    /// FlowLayout's own refusal of `flow`'s parameters, in UIKit's names (FlowLayout.Fields
    /// says them: "headerHeight" is headerReferenceSize.height), with the value it was given.
    static func problem(_ flow: FlowLayout, named prefix: String) -> String? {
        guard let (property, expected) = flow.invalidParameter() else { return nil }
        let value: Double
        var name = property
        if let field = FlowLayout.Fields.all.first(where: { $0.name == property }) {
            (name, value) = (field.uikitName ?? field.name, field.value(in: flow) ?? .nan)
        } else {
            // The sizes and insets, whose parts FlowLayout names as UIKit does.
            let parts: [String: Double] = [
                "itemSize.width": flow.itemSize.width, "itemSize.height": flow.itemSize.height,
                "sectionInset.top": flow.sectionInset.top, "sectionInset.left": flow.sectionInset.left,
                "sectionInset.bottom": flow.sectionInset.bottom, "sectionInset.right": flow.sectionInset.right,
                "estimatedItemSize.width": flow.estimatedItemSize.width, "estimatedItemSize.height": flow.estimatedItemSize.height,
            ]
            value = parts[property] ?? .nan
        }
        return prefix + name + ": expected " + expected + ", got " + UIKitNumber.text(value)
    }

    /// The first item size that is not a finite length from 0 to FlowLayout's largest.
    static func sizeProblem(_ sizes: [[Size]], named what: String) -> String? {
        let lengths = FlowLayout.itemLengths
        for (s, section) in sizes.enumerated() {
            for (i, size) in section.enumerated() where !lengths.allows(size.width) || !lengths.allows(size.height) {
                return "\(what) for item [\(s), \(i)]: expected a size of \(lengths.expectation()) each way, got (\(UIKitNumber.text(size.width)), \(UIKitNumber.text(size.height)))"
            }
        }
        return nil
    }

    open override var collectionViewContentSize: CGSize { CGSize(computed.collectionViewContentSize) }

    open override func layoutAttributesForElements(in rect: CGRect) -> [UICollectionViewLayoutAttributes]? {
        computed.layoutAttributesForElements(in: Rect(rect), visible: visibleBounds).map(attributes)
    }

    /// The view's bounds, which pinned headers and footers hold to.
    private var visibleBounds: Rect {
        guard let cv = collectionView else { return .zero }
        return Rect(CGRect(origin: cv.contentOffset, size: cv.bounds.size))
    }

    open override func layoutAttributesForItem(at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
        computed.layoutAttributesForItem(at: ItemIndexPath(indexPath)).map(attributes)
    }

    open override func layoutAttributesForSupplementaryView(ofKind elementKind: String, at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
        computed.pinnedAttributes(ElementKind(uikit: elementKind), section: indexPath.section, visible: visibleBounds).map(attributes)
    }

    /// A flow layout follows a change of the view's size, not a scroll (pinned headers and
    /// footers are placed from the bounds when asked, so a scroll needs no new pass).
    open override func shouldInvalidateLayout(forBoundsChange newBounds: CGRect) -> Bool {
        guard let cv = collectionView else { return false }
        return newBounds.size != cv.bounds.size
    }

    /// Attributes of `layoutAttributesClass` for one of Flipbook's.
    private func attributes(_ a: LayoutAttributes) -> UICollectionViewLayoutAttributes { .from(a, as: attributesType) }
}

extension UICollectionView {
    /// https://developer.apple.com/documentation/uikit/uicollectionview/scrolldirection
    public enum ScrollDirection: Int, Sendable { case vertical, horizontal }
}

// MARK: - Between UIKit's values and Flipbook's

extension Size { init(_ s: CGSize) { self.init(width: Double(s.width), height: Double(s.height)) } }
extension Point { init(_ p: CGPoint) { self.init(x: Double(p.x), y: Double(p.y)) } }
extension Rect { init(_ r: CGRect) { self.init(x: Double(r.minX), y: Double(r.minY), width: Double(r.width), height: Double(r.height)) } }
extension EdgeInsets { init(_ i: UIEdgeInsets) { self.init(top: Double(i.top), left: Double(i.left), bottom: Double(i.bottom), right: Double(i.right)) } }
extension ItemIndexPath { init(_ ip: IndexPath) { self.init(item: ip.item, section: ip.section) } }
extension IndexPath { init(_ ip: ItemIndexPath) { self.init(item: ip.item, section: ip.section) } }
extension CGSize { init(_ s: Size) { self.init(width: s.width, height: s.height) } }
extension CGPoint { init(_ p: Point) { self.init(x: p.x, y: p.y) } }
extension CGRect { init(_ r: Rect) { self.init(x: r.minX, y: r.minY, width: r.width, height: r.height) } }

extension ElementKind {
    /// UIKit's kind string for Flipbook's kinds (headers and footers have UIKit's constants).
    var uikitName: String {
        switch self {
        case .sectionHeader: return UICollectionView.elementKindSectionHeader
        case .sectionFooter: return UICollectionView.elementKindSectionFooter
        default: return rawValue
        }
    }
    init(uikit name: String) {
        switch name {
        case UICollectionView.elementKindSectionHeader: self = .sectionHeader
        case UICollectionView.elementKindSectionFooter: self = .sectionFooter
        default: self.init(name)
        }
    }
}
