import FlipbookCore

/// A vertical UICollectionViewFlowLayout.
///
/// Items fill lines left to right and wrap; like UIKit, a line of several items is justified
/// (the first touches the left section inset, the last the right one, with equal gaps), a
/// line of one item is centred, and items are centred vertically in their line:
///
///     | inset.left                                  inset.right |
///     | [ item ]   gap   [   item   ]   gap   [ item ]           |  gap = (available − Σwidths) / (n − 1)
///     |            minimumLineSpacing                           |
///     |               [ lone item, centred ]                    |
///
/// Exception (UIKit since iOS 6, rdar://20825965): when a section's items differ in height,
/// its last line is left-aligned at the minimum spacing instead of justified.
///
/// Sections stack vertically: header, sectionInset.top, lines, sectionInset.bottom, footer.
///
/// Pinned headers and footers (`sectionHeadersPinToVisibleBounds`,
/// `sectionFootersPinToVisibleBounds`): a header "scrolls with content until it reaches the top
/// of the screen", is pinned there, and "each new header view that scrolls to the top of the
/// screen pushes the previously pinned header view offscreen" (Apple's
/// sectionHeadersPinToVisibleBounds page): it is held at the visible top (below the content
/// inset) but never below its section's end, which is where the next header starts. A footer
/// pins to the visible bottom the same way, never above its section's start. Pinned ones float
/// over the cells (z-index 1, as a pinned compositional boundary item: Flipbook's choice).
///
/// Self-sizing (a non-zero `estimatedItemSize`, or `FlowLayout.automaticSize`): each cell is
/// measured before the first frame, as wide as its content up to the section's width (or as
/// wide as its item's own width, as a width constraint would make it) and as tall as its text
/// at that width; the lines are then laid out with the measured sizes. The estimate itself is
/// never drawn: UIKit shows estimates only until the cells are measured, which Flipbook does
/// before any frame (Apple's estimatedItemSize and automaticSize pages: a non-zero value makes
/// the view ask each cell for its size). Widths follow the content unless held, as UIKit's
/// fitting lets cells "expand in a horizontal direction first" until a width constraint fixes
/// them (measured: github.com/danielgalasko/DGSelfSizingCollectionViewCells). A horizontal
/// flow does not self-size (its cells keep their sizes).
///
/// With `scrollDirection = .horizontal` everything is mirrored across the diagonal, as UIKit
/// mirrors its rules: items fill columns top to bottom and wrap to the right, a column is
/// justified between sectionInset.top and .bottom, minimumLineSpacing separates columns, and
/// headers and footers are `headerReferenceSize.width` wide, to the left and right of their
/// sections. The layout is computed transposed and its frames transposed back.
public struct FlowLayout: CollectionViewLayout {
    public var defaultItemSize: Size { itemSize }
    /// The parameters' ranges; the scene-file decoder reads the same (validation checks them).
    public static let itemLengths = 0...SceneLimits.maxItemPoints, lineSpacings = -10_000...10_000.0, spacings = 0...10_000.0
    public static let insets = 0...SceneLimits.maxCanvasPoints

    /// The layout's numbers as a scene file gives them (UICollectionViewFlowLayout's names; the
    /// header and footer sizes split, as a vertical flow reads only their heights), declared
    /// once for the decoder, `invalidParameter()` and the schema; defaults UIKit's.
    package enum Fields {
        package typealias N = NumberField<FlowLayout>
        package static let minimumLineSpacing = N("minimumLineSpacing", \.minimumLineSpacing, lineSpacings, default: 10, "Between lines")
        package static let minimumInteritemSpacing = N("minimumInteritemSpacing", \.minimumInteritemSpacing, spacings, default: 10,
                                                       "Least gap between items in a line")
        package static let headerHeight = N("headerHeight", \.headerReferenceSize.height, spacings, default: 0, "Section header height").uikit("headerReferenceSize.height")
        package static let footerHeight = N("footerHeight", \.footerReferenceSize.height, spacings, default: 0, "Section footer height").uikit("footerReferenceSize.height")
        package static let headerWidth = N("headerWidth", \.headerReferenceSize.width, spacings, default: 0, "A horizontal flow's header width").uikit("headerReferenceSize.width")
        package static let footerWidth = N("footerWidth", \.footerReferenceSize.width, spacings, default: 0, "A horizontal flow's footer width").uikit("footerReferenceSize.width")
        package static let all = [minimumLineSpacing, minimumInteritemSpacing, headerHeight, footerHeight, headerWidth, footerWidth]
    }

    public func invalidParameter() -> (property: String, expected: String)? {
        for (name, v) in [("itemSize.width", itemSize.width), ("itemSize.height", itemSize.height)]
        where !Self.itemLengths.allows(v, excludingLowerBound: true) { return (name, Self.itemLengths.expectation(excludingLowerBound: true)) }
        if let problem = NumberField.firstProblem(in: self, Fields.all) { return problem }
        for (name, v) in [("top", sectionInset.top), ("left", sectionInset.left), ("bottom", sectionInset.bottom), ("right", sectionInset.right)]
        where !Self.insets.allows(v) { return ("sectionInset." + name, Self.insets.expectation()) }
        if estimatedItemSize != .zero && estimatedItemSize != Self.automaticSize {
            for (name, v) in [("estimatedItemSize.width", estimatedItemSize.width), ("estimatedItemSize.height", estimatedItemSize.height)]
            where !Self.itemLengths.allows(v, excludingLowerBound: true) { return (name, Self.itemLengths.expectation(excludingLowerBound: true)) }
        }
        return nil
    }
    public var itemSize: Size
    public var minimumLineSpacing: Double
    public var minimumInteritemSpacing: Double
    public var sectionInset: EdgeInsets
    public var headerReferenceSize: Size
    public var footerReferenceSize: Size
    public var scrollDirection: ScrollDirection = .vertical
    /// UICollectionViewFlowLayout.estimatedItemSize: `.zero` (the default) turns self-sizing off.
    public var estimatedItemSize: Size = .zero
    /// UICollectionViewFlowLayout.automaticSize: self-sizing with no estimate.
    public static let automaticSize = Size(width: .infinity, height: .infinity)
    public var selfSizes: Bool { estimatedItemSize != .zero && scrollDirection == .vertical }
    /// UICollectionViewFlowLayout.sectionHeadersPinToVisibleBounds (default false).
    public var sectionHeadersPinToVisibleBounds = false
    /// UICollectionViewFlowLayout.sectionFootersPinToVisibleBounds (default false).
    public var sectionFootersPinToVisibleBounds = false
    private var pins: Bool { sectionHeadersPinToVisibleBounds || sectionFootersPinToVisibleBounds }

    /// A section's own spacing, insets and header and footer sizes, as
    /// UICollectionViewDelegateFlowLayout gives them per section (insetForSectionAt,
    /// minimumLineSpacingForSectionAt…).
    package struct SectionMetrics: Hashable, Sendable {
        package var sectionInset: EdgeInsets
        package var minimumLineSpacing: Double
        package var minimumInteritemSpacing: Double
        package var headerReferenceSize: Size
        package var footerReferenceSize: Size
        package init(sectionInset: EdgeInsets, minimumLineSpacing: Double, minimumInteritemSpacing: Double,
                    headerReferenceSize: Size, footerReferenceSize: Size) {
            self.sectionInset = sectionInset; self.minimumLineSpacing = minimumLineSpacing
            self.minimumInteritemSpacing = minimumInteritemSpacing
            self.headerReferenceSize = headerReferenceSize; self.footerReferenceSize = footerReferenceSize
        }
        var transposed: SectionMetrics {
            SectionMetrics(sectionInset: sectionInset.transposed, minimumLineSpacing: minimumLineSpacing,
                           minimumInteritemSpacing: minimumInteritemSpacing, headerReferenceSize: headerReferenceSize.transposed,
                           footerReferenceSize: footerReferenceSize.transposed)
        }
    }
    /// Per-section metrics, by section; a section past its end uses the layout's own properties.
    package var sectionMetrics: [SectionMetrics] = []

    /// The metrics section `s` is laid out with.
    package func metrics(ofSection s: Int) -> SectionMetrics {
        if s >= 0, s < sectionMetrics.count { return sectionMetrics[s] }
        return SectionMetrics(sectionInset: sectionInset, minimumLineSpacing: minimumLineSpacing, minimumInteritemSpacing: minimumInteritemSpacing,
                              headerReferenceSize: headerReferenceSize, footerReferenceSize: footerReferenceSize)
    }

    /// Every element, in vertical bands; `bands` index into it for O(log n + k) rect queries.
    private var all: [LayoutAttributes] = []
    private var bands: [Band] = []
    private var itemIndex: [[Int]] = []
    private var headerIndex: [Int?] = []
    private var footerIndex: [Int?] = []
    private var contentSize: Size = .zero
    /// Each section's extent along the scroll axis (header top to footer bottom, transposed for
    /// a horizontal flow), and the content inset, for pinning.
    private var sectionExtents: [ClosedRange<Double>] = []
    private var inset = EdgeInsets.zero

    private struct Band: Sendable {
        var minY: Double
        var maxY: Double
        var range: Range<Int>
    }

    public init(itemSize: Size = Size(width: 50, height: 50), minimumLineSpacing: Double = 10,
                minimumInteritemSpacing: Double = 10, sectionInset: EdgeInsets = .zero,
                headerReferenceSize: Size = .zero, footerReferenceSize: Size = .zero) {
        self.itemSize = itemSize
        self.minimumLineSpacing = minimumLineSpacing
        self.minimumInteritemSpacing = minimumInteritemSpacing
        self.sectionInset = sectionInset
        self.headerReferenceSize = headerReferenceSize
        self.footerReferenceSize = footerReferenceSize
    }

    public mutating func prepare(_ context: LayoutContext) {
        guard scrollDirection == .horizontal else { return prepareVertically(context) }
        let t = context
        var mirrored = LayoutContext(bounds: t.bounds.transposed, contentInset: t.contentInset.transposed, itemCounts: t.itemCounts,
                                     itemSizes: t.itemSizes?.map { $0.map(\.transposed) }, itemOrigins: t.itemOrigins)
        mirrored.itemOrigins = nil
        var flipped = self
        flipped.itemSize = itemSize.transposed
        flipped.sectionInset = sectionInset.transposed
        flipped.headerReferenceSize = headerReferenceSize.transposed
        flipped.footerReferenceSize = footerReferenceSize.transposed
        flipped.sectionMetrics = sectionMetrics.map(\.transposed)
        flipped.prepareVertically(mirrored)
        all = flipped.all.map { a in
            var a = a
            a.frame = a.frame.transposed
            return a
        }
        bands = flipped.bands
        itemIndex = flipped.itemIndex
        headerIndex = flipped.headerIndex
        footerIndex = flipped.footerIndex
        sectionExtents = flipped.sectionExtents
        inset = flipped.inset
        contentSize = flipped.contentSize.transposed
    }

    private mutating func prepareVertically(_ context: LayoutContext) {
        all = []
        bands = []
        itemIndex = []
        headerIndex = []
        footerIndex = []
        sectionExtents = []
        inset = context.contentInset
        let width = max(0, context.bounds.width - context.contentInset.left - context.contentInset.right)
        var y = 0.0

        func addBand(_ attrs: [LayoutAttributes], minY: Double, maxY: Double) -> Int {
            let start = all.count
            all.append(contentsOf: attrs)
            bands.append(Band(minY: minY, maxY: maxY, range: start..<all.count))
            return start
        }

        /// A full-width header or footer band at `y`; nil when its height is 0.
        func addSupplementary(_ kind: ElementKind, section: Int, height: Double) -> Int? {
            guard height > 0 else { return nil }
            let a = LayoutAttributes(forSupplementaryViewOfKind: kind, with: ItemIndexPath(item: 0, section: section),
                                     frame: Rect(x: 0, y: y, width: width, height: height))
            defer { y += height }
            return addBand([a], minY: y, maxY: y + height)
        }

        // One pass per line over two reused buffers, with `all` sized up front: a section of
        // 100,000 items then costs one append per item, not an array per line.
        all.reserveCapacity(context.itemCounts.reduce(0, +) + 2 * context.numberOfSections)
        var sizes: [Size] = []
        for section in 0..<context.numberOfSections {
            let count = context.numberOfItems(inSection: section)
            let m = metrics(ofSection: section)
            let sectionStart = y
            defer { sectionExtents.append(sectionStart...y) }
            let (sectionInset, minimumLineSpacing, minimumInteritemSpacing) = (m.sectionInset, m.minimumLineSpacing, m.minimumInteritemSpacing)
            headerIndex.append(addSupplementary(ElementKind.sectionHeader, section: section, height: m.headerReferenceSize.height))
            y += sectionInset.top
            var indices = [Int](repeating: 0, count: count)
            let available = width - sectionInset.left - sectionInset.right
            let sectionSizes = context.itemSizes.flatMap { section < $0.count ? $0[section] : nil }
            func size(_ item: Int) -> Size {
                if let sectionSizes, item < sectionSizes.count { return sectionSizes[item] }
                return itemSize
            }
            let uniformHeights = sectionSizes == nil || count == 0 || (1..<count).allSatisfy { size($0).height == size(0).height }
            var item = 0
            var firstLine = true
            while item < count {
                // Fill one line.
                let first = item
                sizes.removeAll(keepingCapacity: true)
                var used = 0.0
                while item < count {
                    let size = size(item)
                    let needed = sizes.isEmpty ? size.width : used + minimumInteritemSpacing + size.width
                    if !sizes.isEmpty && needed > available + 1e-9 { break }
                    sizes.append(size)
                    used = needed
                    item += 1
                }
                if !firstLine { y += minimumLineSpacing }
                firstLine = false
                var lineHeight = 0.0, totalWidth = 0.0
                for size in sizes { lineHeight = max(lineHeight, size.height); totalWidth += size.width }
                var x: Double
                let gap: Double
                if item == count && !uniformHeights {
                    x = sectionInset.left
                    gap = minimumInteritemSpacing
                } else if sizes.count == 1 {
                    x = sectionInset.left + (available - totalWidth) / 2
                    gap = 0
                } else {
                    x = sectionInset.left
                    gap = (available - totalWidth) / Double(sizes.count - 1)
                }
                let start = all.count
                for (k, size) in sizes.enumerated() {
                    let frame = Rect(x: x, y: y + (lineHeight - size.height) / 2, width: size.width, height: size.height)
                    all.append(LayoutAttributes(forCellWith: ItemIndexPath(item: first + k, section: section), frame: frame))
                    indices[first + k] = start + k
                    x += size.width + gap
                }
                bands.append(Band(minY: y, maxY: y + lineHeight, range: start..<all.count))
                y += lineHeight
            }
            y += sectionInset.bottom
            itemIndex.append(indices)
            footerIndex.append(addSupplementary(ElementKind.sectionFooter, section: section, height: m.footerReferenceSize.height))
        }
        contentSize = Size(width: width, height: y)
    }

    public var collectionViewContentSize: Size { contentSize }

    public func selfSizingWidths(inSection section: Int, context: LayoutContext) -> [SelfSizingWidth?]? {
        guard selfSizes else { return nil }
        let available = context.bounds.width - context.contentInset.left - context.contentInset.right - sectionInset.left - sectionInset.right
        return [.fitting(upTo: max(1, available))]
    }

    public func layoutAttributesForElements(in rect: Rect) -> [LayoutAttributes] {
        layoutAttributesForElements(in: rect, visible: rect)
    }

    /// The elements in `rect` with headers and footers pinned to `visible`, the view's bounds
    /// (a layout asked for more than is on screen pins to what is).
    package func layoutAttributesForElements(in rect: Rect, visible: Rect) -> [LayoutAttributes] {
        var result = elements(in: rect)
        guard pins else { return result }
        let pinnedKinds: Set<ElementKind> = Set((sectionHeadersPinToVisibleBounds ? [ElementKind.sectionHeader] : [])
                                                + (sectionFootersPinToVisibleBounds ? [ElementKind.sectionFooter] : []))
        result.removeAll { if case .supplementaryView(let kind) = $0.representedElementCategory { return pinnedKinds.contains(kind) }; return false }
        // Sections that reach the visible range: their pinned elements are on screen.
        let horizontal = scrollDirection == .horizontal
        let v = horizontal ? visible.transposed : visible
        var s = sectionExtents.partitioningIndex { $0.upperBound <= v.minY }
        while s < sectionExtents.count, sectionExtents[s].lowerBound < v.maxY {
            for kind in [ElementKind.sectionHeader, .sectionFooter] where pinnedKinds.contains(kind) {
                if let a = pinnedAttributes(kind, section: s, visible: visible), a.frame.intersects(rect) { result.append(a) }
            }
            s += 1
        }
        return result
    }

    /// A header or footer of section `s` where it is drawn while `visible` is on screen.
    package func pinnedAttributes(_ kind: ElementKind, section s: Int, visible: Rect) -> LayoutAttributes? {
        guard var a = layoutAttributesForSupplementaryView(ofKind: kind, at: ItemIndexPath(item: 0, section: s)) else { return nil }
        let header = kind == ElementKind.sectionHeader
        guard header ? sectionHeadersPinToVisibleBounds : sectionFootersPinToVisibleBounds, s < sectionExtents.count else { return a }
        let horizontal = scrollDirection == .horizontal
        let v = horizontal ? visible.transposed : visible, i = inset  // kept transposed
        var f = horizontal ? a.frame.transposed : a.frame
        let extent = sectionExtents[s]
        f.origin.y = header ? min(max(f.minY, v.minY + i.top), extent.upperBound - f.height)
                            : max(min(f.minY, v.maxY - i.bottom - f.height), extent.lowerBound)
        a.frame = horizontal ? f.transposed : f
        a.zIndex = 1
        return a
    }

    private func elements(in rect: Rect) -> [LayoutAttributes] {
        let horizontal = scrollDirection == .horizontal
        let rect = horizontal ? rect.transposed : rect
        // Bands are sorted by minY and maxY; find the first band that ends below rect.minY.
        var result: [LayoutAttributes] = []
        var b = bands.partitioningIndex { $0.maxY <= rect.minY }
        while b < bands.count, bands[b].minY < rect.maxY {
            for a in all[bands[b].range] where (horizontal ? a.frame.transposed : a.frame).intersects(rect) { result.append(a) }
            b += 1
        }
        return result
    }

    public func layoutAttributesForItem(at indexPath: ItemIndexPath) -> LayoutAttributes? {
        guard indexPath.section >= 0, indexPath.section < itemIndex.count,
              indexPath.item >= 0, indexPath.item < itemIndex[indexPath.section].count else { return nil }
        return all[itemIndex[indexPath.section][indexPath.item]]
    }

    public func layoutAttributesForSupplementaryView(ofKind kind: ElementKind, at indexPath: ItemIndexPath) -> LayoutAttributes? {
        let table = kind == ElementKind.sectionHeader ? headerIndex : kind == ElementKind.sectionFooter ? footerIndex : []
        guard indexPath.section >= 0, indexPath.section < table.count, let i = table[indexPath.section] else { return nil }
        return all[i]
    }
}
