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

    public func invalidParameter() -> (property: String, expected: String)? {
        for (name, v) in [("itemSize.width", itemSize.width), ("itemSize.height", itemSize.height)]
        where !Self.itemLengths.allows(v, excludingLowerBound: true) { return (name, Self.itemLengths.expectation(excludingLowerBound: true)) }
        if !Self.lineSpacings.allows(minimumLineSpacing) { return ("minimumLineSpacing", Self.lineSpacings.expectation()) }
        if !Self.spacings.allows(minimumInteritemSpacing) { return ("minimumInteritemSpacing", Self.spacings.expectation()) }
        for (name, v) in [("top", sectionInset.top), ("left", sectionInset.left), ("bottom", sectionInset.bottom), ("right", sectionInset.right)]
        where !Self.insets.allows(v) { return ("sectionInset." + name, Self.insets.expectation()) }
        if estimatedItemSize != .zero && estimatedItemSize != Self.automaticSize {
            for (name, v) in [("estimatedItemSize.width", estimatedItemSize.width), ("estimatedItemSize.height", estimatedItemSize.height)]
            where !Self.itemLengths.allows(v, excludingLowerBound: true) { return (name, Self.itemLengths.expectation(excludingLowerBound: true)) }
        }
        for (name, v) in [("headerHeight", headerReferenceSize.height), ("footerHeight", footerReferenceSize.height), ("headerWidth", headerReferenceSize.width), ("footerWidth", footerReferenceSize.width)]
        where !Self.spacings.allows(v) { return (name, Self.spacings.expectation()) }
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
        contentSize = flipped.contentSize.transposed
    }

    private mutating func prepareVertically(_ context: LayoutContext) {
        all = []
        bands = []
        itemIndex = []
        headerIndex = []
        footerIndex = []
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
        let horizontal = scrollDirection == .horizontal
        let rect = horizontal ? rect.transposed : rect
        // Bands are sorted by minY and maxY; find the first band that ends below rect.minY.
        var lo = 0, hi = bands.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if bands[mid].maxY <= rect.minY { lo = mid + 1 } else { hi = mid }
        }
        var result: [LayoutAttributes] = []
        var b = lo
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
