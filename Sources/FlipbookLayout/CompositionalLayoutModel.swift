import FlipbookCore

// The values of UICollectionViewCompositionalLayout, with UIKit's names inside the
// `CompositionalLayout` namespace (`CompositionalLayout.Section` is NSCollectionLayoutSection).
// Rules cited from Apple's pages: https://developer.apple.com/documentation/uikit/uicollectionviewcompositionallayout

extension CompositionalLayout {
    /// NSCollectionLayoutDimension: a length relative to the container, or in points.
    public struct Dimension: Hashable, Sendable {
        public enum Kind: String, Hashable, Sendable, CaseIterable {
            case fractionalWidth, fractionalHeight, absolute, estimated
        }
        public var kind: Kind
        public var value: Double
        public init(_ kind: Kind, _ value: Double) { self.kind = kind; self.value = value }
        public static func fractionalWidth(_ v: Double) -> Dimension { Dimension(.fractionalWidth, v) }
        public static func fractionalHeight(_ v: Double) -> Dimension { Dimension(.fractionalHeight, v) }
        public static func absolute(_ v: Double) -> Dimension { Dimension(.absolute, v) }
        /// A height measured from the cell's content where its section self-sizes (CompositionalLayout's
        /// comment says where); elsewhere the estimate is used as given.
        public static func estimated(_ v: Double) -> Dimension { Dimension(.estimated, v) }

        /// "Fractional" dimensions are relative to the container's width or height (Apple,
        /// NSCollectionLayoutDimension); absolute and estimated ones are points.
        public func resolved(in container: Size) -> Double {
            switch kind {
            case .fractionalWidth: return value * container.width
            case .fractionalHeight: return value * container.height
            case .absolute, .estimated: return value
            }
        }

        /// The values a dimension of `kind` may take (above the lower bound): a fraction ≤ 100,
        /// points ≤ a large item. The schema lists the same.
        package static func range(of kind: Kind) -> ClosedRange<Double> {
            switch kind {
            case .fractionalWidth, .fractionalHeight: 0...100
            case .absolute, .estimated: 0...SceneLimits.maxItemPoints
            }
        }

        public var problem: String? {
            let range = Self.range(of: kind)
            if range.allows(value, excludingLowerBound: true) { return nil }
            return kind == .fractionalWidth || kind == .fractionalHeight
                ? "a fraction > 0 and ≤ \(NumberFormat.short(range.upperBound))" : range.expectation(excludingLowerBound: true)
        }
    }

    /// NSCollectionLayoutSize.
    public struct LayoutSize: Hashable, Sendable {
        public var widthDimension: Dimension
        public var heightDimension: Dimension
        public init(widthDimension: Dimension, heightDimension: Dimension) {
            self.widthDimension = widthDimension; self.heightDimension = heightDimension
        }
        public func resolved(in container: Size) -> Size {
            Size(width: widthDimension.resolved(in: container), height: heightDimension.resolved(in: container))
        }
    }

    /// NSCollectionLayoutSpacing: exactly `value` apart, or at least `value` with the rest of
    /// the group's length shared equally between the gaps.
    public enum Spacing: Hashable, Sendable {
        case fixed(Double)
        case flexible(Double)
        public var value: Double { switch self { case .fixed(let v), .flexible(let v): return v } }
    }

    /// NSDirectionalEdgeInsets (leading is the left edge: Flipbook lays out left to right).
    public struct DirectionalEdgeInsets: Hashable, Sendable {
        public var top: Double, leading: Double, bottom: Double, trailing: Double
        public init(top: Double = 0, leading: Double = 0, bottom: Double = 0, trailing: Double = 0) {
            self.top = top; self.leading = leading; self.bottom = bottom; self.trailing = trailing
        }
        public static let zero = DirectionalEdgeInsets()
        var values: [(String, Double)] { [("top", top), ("leading", leading), ("bottom", bottom), ("trailing", trailing)] }
    }

    /// NSCollectionLayoutItem: a size relative to its group, and insets that shrink its
    /// content inside the space it is given (ignored on an axis whose dimension is estimated,
    /// as Apple's contentInsets page says).
    public struct Item: Hashable, Sendable {
        public var layoutSize: LayoutSize
        public var contentInsets: DirectionalEdgeInsets
        public init(layoutSize: LayoutSize, contentInsets: DirectionalEdgeInsets = .zero) {
            self.layoutSize = layoutSize; self.contentInsets = contentInsets
        }
    }

    /// What a group holds: items, or groups nested in it.
    public indirect enum Subitem: Hashable, Sendable {
        case item(Item)
        case group(Group)
    }

    /// NSCollectionLayoutGroup: subitems side by side (`horizontal`) or stacked (`vertical`),
    /// each at its own size. A group of one subitem repeats it while the group has room for the
    /// next, as UIKit's does: a horizontal group of `[item]` a fifth of its width holds five (the
    /// grid of Apple's "Implementing Modern Collection Views" sample; public layouts such as
    /// github.com/inseven/SelectableCollectionView's IconCollectionViewLayout rely on it).
    /// With `count`, UIKit's `horizontal(layoutSize:repeatingSubitem:count:)`: the one subitem
    /// is repeated `count` times and sized to fill the group, whatever its own length.
    public struct Group: Hashable, Sendable {
        public enum Direction: String, Hashable, Sendable, CaseIterable { case horizontal, vertical }
        public var direction: Direction
        public var layoutSize: LayoutSize
        public var subitems: [Subitem]
        public var count: Int?
        public var interItemSpacing: Spacing?
        public var contentInsets: DirectionalEdgeInsets
        public init(direction: Direction, layoutSize: LayoutSize, subitems: [Subitem], count: Int? = nil,
                    interItemSpacing: Spacing? = nil, contentInsets: DirectionalEdgeInsets = .zero) {
            self.direction = direction; self.layoutSize = layoutSize; self.subitems = subitems; self.count = count
            self.interItemSpacing = interItemSpacing; self.contentInsets = contentInsets
        }
        public static func horizontal(layoutSize: LayoutSize, subitems: [Subitem]) -> Group {
            Group(direction: .horizontal, layoutSize: layoutSize, subitems: subitems)
        }
        public static func vertical(layoutSize: LayoutSize, subitems: [Subitem]) -> Group {
            Group(direction: .vertical, layoutSize: layoutSize, subitems: subitems)
        }
        public static func horizontal(layoutSize: LayoutSize, repeatingSubitem: Subitem, count: Int) -> Group {
            Group(direction: .horizontal, layoutSize: layoutSize, subitems: [repeatingSubitem], count: count)
        }
        public static func vertical(layoutSize: LayoutSize, repeatingSubitem: Subitem, count: Int) -> Group {
            Group(direction: .vertical, layoutSize: layoutSize, subitems: [repeatingSubitem], count: count)
        }

        /// How many items one group places (nested groups count their own), at most
        /// `Int.max / 2` (nested counts multiply).
        public var itemCount: Int {
            let limit = Int.max / 2
            let each = subitems.reduce(0) { n, s in
                switch s { case .item: return min(limit, n + 1); case .group(let g): return min(limit, n + g.itemCount) }
            }
            guard let n = count else { return each }
            let (product, overflow) = n.multipliedReportingOverflow(by: each)
            return overflow || product > limit ? limit : product
        }

        /// Every item's frame in a group of `size` at the origin, in item order, with each
        /// item's content insets applied.
        public func itemFrames(in size: Size) -> [Rect] {
            var out: [Rect] = []
            place(in: contentInsets.apply(Rect(origin: .zero, size: size)), into: &out)
            return out
        }

        func place(in frame: Rect, into out: inout [Rect]) {
            let container = frame.size
            let subs: [Subitem] = count.map { n in Array(repeating: subitems.first!, count: n) } ?? subitems
            let horizontal = direction == .horizontal
            let spacing = interItemSpacing?.value ?? 0
            // Each subitem's size in the group: a count group divides its length equally.
            var sizes = subs.map { s -> Size in
                switch s {
                case .item(let i): return i.layoutSize.resolved(in: container)
                case .group(let g): return g.layoutSize.resolved(in: container)
                }
            }
            if let n = count, n > 0 {
                let share = max(0, ((horizontal ? container.width : container.height) - spacing * Double(n - 1)) / Double(n))
                for k in sizes.indices { if horizontal { sizes[k].width = share } else { sizes[k].height = share } }
            }
            let length = horizontal ? container.width : container.height
            var placed = Array(zip(subs, sizes))
            if count == nil, subitems.count == 1 {
                // Repeat the one subitem while the next fits at the least spacing.
                var used = placed.reduce(0) { $0 + (horizontal ? $1.1.width : $1.1.height) } + spacing * Double(max(0, placed.count - 1))
                var k = 0
                while placed.count < CompositionalLayout.maxItemsPerGroup {
                    let next = (subs[k % subs.count], sizes[k % sizes.count])
                    let step = (horizontal ? next.1.width : next.1.height) + spacing
                    guard step > 1e-9, used + step <= length + 1e-9 else { break }
                    placed.append(next)
                    used += step
                    k += 1
                }
            }
            var gap = spacing
            if case .flexible(let minimum)? = interItemSpacing, placed.count > 1 {
                let used = placed.reduce(0) { $0 + (horizontal ? $1.1.width : $1.1.height) }
                gap = max(minimum, (length - used) / Double(placed.count - 1))
            }
            var cursor = horizontal ? frame.minX : frame.minY
            for (s, size) in placed {
                let slot = horizontal ? Rect(x: cursor, y: frame.minY, width: size.width, height: size.height)
                                      : Rect(x: frame.minX, y: cursor, width: size.width, height: size.height)
                switch s {
                case .item(let i): out.append(i.inset(slot))
                case .group(let g): g.place(in: g.contentInsets.apply(slot), into: &out)
                }
                cursor += (horizontal ? size.width : size.height) + gap
            }
        }
    }

    /// UICollectionLayoutSectionOrthogonalScrollingBehavior.
    public enum OrthogonalScrollingBehavior: String, Hashable, Sendable, CaseIterable {
        case none, continuous, continuousGroupLeadingBoundary, paging, groupPaging, groupPagingCentered
    }

    /// NSRectAlignment, for the edges Flipbook's boundary items take: `top`/`bottom` in a
    /// vertical layout, `leading`/`trailing` in a horizontal one.
    public enum Alignment: String, Hashable, Sendable, CaseIterable { case top, bottom, leading, trailing }

    /// NSCollectionLayoutBoundarySupplementaryItem: a section header or footer.
    public struct BoundarySupplementaryItem: Hashable, Sendable {
        public var elementKind: ElementKind
        public var layoutSize: LayoutSize
        public var alignment: Alignment
        /// Floats over the content while the section is on screen, pushed by the section's end.
        public var pinToVisibleBounds: Bool
        /// The section grows to hold the item (UIKit's default); otherwise it overlaps the content.
        public var extendsBoundary: Bool
        /// nil: 1 for a pinned item (it floats over the cells), else 0 (Flipbook's choice).
        public var zIndex: Int?
        public init(elementKind: ElementKind, layoutSize: LayoutSize, alignment: Alignment,
                    pinToVisibleBounds: Bool = false, extendsBoundary: Bool = true, zIndex: Int? = nil) {
            self.elementKind = elementKind; self.layoutSize = layoutSize; self.alignment = alignment
            self.pinToVisibleBounds = pinToVisibleBounds; self.extendsBoundary = extendsBoundary; self.zIndex = zIndex
        }
        public var effectiveZIndex: Int { zIndex ?? (pinToVisibleBounds ? 1 : 0) }
    }

    /// NSCollectionLayoutDecorationItem.background(elementKind:): a view behind the section,
    /// the section's frame shrunk by `contentInsets`.
    public struct DecorationItem: Hashable, Sendable {
        public var elementKind: ElementKind
        public var contentInsets: DirectionalEdgeInsets
        /// Below the section's items (UIKit draws backgrounds beneath them).
        public var zIndex: Int
        public init(elementKind: ElementKind = .sectionBackground, contentInsets: DirectionalEdgeInsets = .zero, zIndex: Int = -1) {
            self.elementKind = elementKind; self.contentInsets = contentInsets; self.zIndex = zIndex
        }
        public static func background(elementKind: ElementKind = .sectionBackground) -> DecorationItem {
            DecorationItem(elementKind: elementKind)
        }
    }

    /// The container a section's items are measured in (NSCollectionLayoutEnvironment).
    public struct Environment: Hashable, Sendable {
        /// The collection view's size less its content insets.
        public var containerSize: Size
        /// The same less the section's content insets.
        public var effectiveContentSize: Size
    }

    /// The declarative form of a visibleItemsInvalidationHandler for the common carousel: each
    /// visible item's scale and alpha (and zIndex) go linearly from their `center` value, for an
    /// item centred in the section's visible width, to their `edge` value for one whose centre
    /// is half that width (or more) away.
    public struct VisibleItemsTransform: Hashable, Sendable {
        public struct Ramp: Hashable, Sendable {
            public var center: Double
            public var edge: Double
            public init(center: Double, edge: Double) { self.center = center; self.edge = edge }
            public func value(at t: Double) -> Double { center + (edge - center) * min(1, max(0, t)) }
        }
        public var scale: Ramp?
        public var alpha: Ramp?
        public var zIndex: Ramp?
        /// Each ramp's name and the values its ends may take (validation and the schema).
        package static let ranges: [(name: String, range: ClosedRange<Double>)] = [
            ("scale", 0...10), ("alpha", 0...1), ("zIndex", Double(SceneLimits.zIndexRange.lowerBound)...Double(SceneLimits.zIndexRange.upperBound)),
        ]
        public init(scale: Ramp? = nil, alpha: Ramp? = nil, zIndex: Ramp? = nil) {
            self.scale = scale; self.alpha = alpha; self.zIndex = zIndex
        }

        /// Applies the ramps to items whose centres lie `distance(item)` from the visible centre,
        /// `halfWidth` being the distance of the edge.
        public func apply(to items: inout [LayoutAttributes], center: Double, halfWidth: Double, horizontal: Bool) {
            guard halfWidth > 0 else { return }
            for k in items.indices where items[k].isCell {
                let c = horizontal ? items[k].frame.midX : items[k].frame.midY
                let t = abs(c - center) / halfWidth
                if let s = scale { items[k].transform.scale = s.value(at: t) }
                if let a = alpha { items[k].alpha = a.value(at: t) }
                if let z = zIndex { items[k].zIndex = Int(z.value(at: t).rounded()) }
            }
        }
    }

    /// A visibleItemsInvalidationHandler: the items on screen, the section's scroll offset and
    /// its environment; it may change their transforms, alpha and zIndex.
    public typealias VisibleItemsInvalidationHandler = @Sendable (_ visibleItems: inout [LayoutAttributes], _ contentOffset: Point,
                                                                  _ environment: Environment) -> Void

    /// NSCollectionLayoutSection: one group repeated until the section's items run out.
    public struct Section: Sendable {
        public var group: Group
        public var interGroupSpacing: Double
        public var contentInsets: DirectionalEdgeInsets
        public var orthogonalScrollingBehavior: OrthogonalScrollingBehavior
        public var boundarySupplementaryItems: [BoundarySupplementaryItem]
        public var decorationItems: [DecorationItem]
        public var visibleItemsTransform: VisibleItemsTransform?
        public var visibleItemsInvalidationHandler: VisibleItemsInvalidationHandler?
        public init(group: Group, interGroupSpacing: Double = 0, contentInsets: DirectionalEdgeInsets = .zero,
                    orthogonalScrollingBehavior: OrthogonalScrollingBehavior = .none,
                    boundarySupplementaryItems: [BoundarySupplementaryItem] = [], decorationItems: [DecorationItem] = [],
                    visibleItemsTransform: VisibleItemsTransform? = nil,
                    visibleItemsInvalidationHandler: VisibleItemsInvalidationHandler? = nil) {
            self.group = group; self.interGroupSpacing = interGroupSpacing; self.contentInsets = contentInsets
            self.orthogonalScrollingBehavior = orthogonalScrollingBehavior
            self.boundarySupplementaryItems = boundarySupplementaryItems; self.decorationItems = decorationItems
            self.visibleItemsTransform = visibleItemsTransform
            self.visibleItemsInvalidationHandler = visibleItemsInvalidationHandler
        }
    }

    /// UICollectionViewCompositionalLayoutConfiguration's scroll direction.
    public typealias ScrollDirection = FlipbookLayout.ScrollDirection
}

/// UICollectionView.ScrollDirection.
public enum ScrollDirection: String, Hashable, Sendable, CaseIterable { case vertical, horizontal }

extension CompositionalLayout.Item {
    /// The item's frame inside the space it is given.
    func inset(_ slot: Rect) -> Rect {
        var i = contentInsets
        if layoutSize.widthDimension.kind == .estimated { i.leading = 0; i.trailing = 0 }
        if layoutSize.heightDimension.kind == .estimated { i.top = 0; i.bottom = 0 }
        return i.apply(slot)
    }
}

extension CompositionalLayout.DirectionalEdgeInsets {
    func apply(_ r: Rect) -> Rect {
        Rect(x: r.minX + leading, y: r.minY + top, width: max(0, r.width - leading - trailing), height: max(0, r.height - top - bottom))
    }
}
