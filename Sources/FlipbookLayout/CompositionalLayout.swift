import FlipbookCore

/// UICollectionViewCompositionalLayout: sections of one group each, repeated until the
/// section's items run out, stacked along the scroll direction with `interSectionSpacing`.
///
/// Scene section i uses `sections[i]`, the last one for every section after (UIKit's section
/// provider). Within a section (Apple's NSCollectionLayoutSection, NSCollectionLayoutGroup,
/// NSCollectionLayoutDimension pages):
///
///     [header]                     boundary items that extend the section (pinned ones float)
///     contentInsets.top
///     [group][interGroupSpacing][group]…   along the scroll direction, or across it when the
///     contentInsets.bottom                 section scrolls orthogonally (a scroll view of its own)
///     [footer]
///
/// A group's size is relative to the section's container (the view less its content insets
/// and the section's); an item's to its group. Boundary items are measured against the
/// section's width less its leading and trailing insets and follow them (UIKit's
/// `supplementariesFollowContentInsets`, true by default). A decoration background covers
/// the section's frame, boundary items included, shrunk by its own insets.
///
/// Every group of a section has the same size, so an item's frame is computed from its index
/// (group = index / items per group) and a rect query costs O(elements in the rect): nothing
/// is stored per item, and 100,000 items prepare as fast as 100.
///
/// Self-sizing: in a vertical layout, a section whose group's height is `estimated` and whose
/// group holds items (not groups) has its cells measured at their widths in the group; an item
/// whose height is estimated takes its measured height, and each group grows to hold its items
/// (side by side: the tallest; stacked: their sum and spacing), as UIKit's estimated groups do.
/// Those sections store one frame per item and a start per group. Estimated widths, nested
/// groups and orthogonal sections keep their estimates as given.
public struct CompositionalLayout: CollectionViewLayout {
    public var scrollDirection: ScrollDirection
    public var interSectionSpacing: Double
    public var sections: [Section]

    public init(sections: [Section], scrollDirection: ScrollDirection = .vertical, interSectionSpacing: Double = 0) {
        self.sections = sections; self.scrollDirection = scrollDirection; self.interSectionSpacing = interSectionSpacing
    }
    public init(section: Section, scrollDirection: ScrollDirection = .vertical) {
        self.init(sections: [section], scrollDirection: scrollDirection)
    }

    /// The ranges the scene-file decoder reads; validation checks them.
    public static let spacings = 0...10_000.0, insets = 0...10_000.0, counts = 1...1000, zIndexes = SceneLimits.zIndexRange
    public static let maxNesting = 8, maxItemsPerGroup = 10_000

    private var geometry: [SectionGeometry] = []
    private var contentSize: Size = .zero
    private var container: Size = .zero
    private var inset: EdgeInsets = .zero

    /// A prepared section: where it is and how to find any of its items from an index.
    struct SectionGeometry: Sendable {
        var specIndex: Int
        var itemCount: Int
        /// The whole section along the main axis (boundary items that extend it included).
        var start: Double, end: Double
        /// Where its content (insets and groups) starts along the main axis.
        var contentStart: Double, contentEnd: Double
        var groupSize: Size
        /// Group 0's origin: (main, cross); for an orthogonal section cross is in its scroll coordinates.
        var firstGroup: (main: Double, cross: Double)
        var stride: Double
        var groupCount: Int
        var itemsPerGroup: Int
        var itemFrames: [Rect]
        var orthogonal: Bool
        /// An orthogonal section's content length along its own scroll axis.
        var scrollLength: Double
        var boundary: [(item: BoundarySupplementaryItem, frame: Rect)]
        var decorations: [(item: DecorationItem, frame: Rect)]
        var environment: Environment
        /// A self-sizing section's groups: where each starts along the main axis (from group
        /// 0's origin) and how long it is, and each item's frame in its group.
        var sized: SizedGroups?
    }

    struct SizedGroups: Sendable {
        var starts: [Double]
        var lengths: [Double]
        var frames: [Rect]
    }

    var vertical: Bool { scrollDirection == .vertical }

    public func section(at index: Int) -> Section { sections[min(index, sections.count - 1)] }

    /// Whether section `spec`'s cells size themselves (see the type's comment).
    func selfSizes(_ spec: Section) -> Bool {
        vertical && spec.orthogonalScrollingBehavior == .none && spec.group.layoutSize.heightDimension.kind == .estimated
            && spec.group.subitems.allSatisfy { if case .item = $0 { return true } else { return false } }
    }

    /// A self-sizing section's items, in group order, with their frames in a group of the estimated size.
    private func slots(of spec: Section, effective: Size) -> (items: [Item], frames: [Rect]) {
        let items: [Item] = spec.group.subitems.compactMap { if case .item(let i) = $0 { return i } else { return nil } }
        let frames = spec.group.itemFrames(in: spec.group.layoutSize.resolved(in: effective))
        // A group repeats its items in order to fill itself (Group).
        return (frames.indices.map { items[$0 % items.count] }, frames)
    }

    private func effectiveSize(_ spec: Section, container: Size) -> Size {
        let ci = spec.contentInsets
        return Size(width: max(0, container.width - ci.leading - ci.trailing), height: max(0, container.height - ci.top - ci.bottom))
    }

    public func selfSizingWidths(inSection section: Int, context: LayoutContext) -> [SelfSizingWidth?]? {
        let spec = self.section(at: section)
        guard selfSizes(spec) else { return nil }
        let container = Size(width: max(0, context.bounds.width - context.contentInset.left - context.contentInset.right),
                             height: max(0, context.bounds.height - context.contentInset.top - context.contentInset.bottom))
        let (items, frames) = slots(of: spec, effective: effectiveSize(spec, container: container))
        return zip(items, frames).map { item, frame in item.layoutSize.heightDimension.kind == .estimated ? .fixed(frame.width) : nil }
    }

    /// A self-sizing section's groups, from the measured item heights in `context`.
    private func sizedGroups(_ spec: Section, section s: Int, items count: Int, effective: Size, context: LayoutContext) -> SizedGroups {
        let (slotItems, estimatedFrames) = slots(of: spec, effective: effective)
        let group = spec.group
        let perGroup = max(1, slotItems.count)
        let gi = group.contentInsets
        let estimate = group.layoutSize.resolved(in: effective)
        let estimatedContent = max(0, estimate.height - gi.top - gi.bottom)
        let spacing = group.interItemSpacing?.value ?? 0
        var out = SizedGroups(starts: [], lengths: [], frames: [])
        /// An item at `x` and `width` (its insets across already applied), given `h` from `y`:
        /// its own insets along the axis taken as Item.inset takes them (none where estimated).
        func placed(_ item: Item, _ estimated: Rect, y: Double, h: Double) -> Rect {
            let along = item.inset(Rect(x: 0, y: y, width: 0, height: h))
            return Rect(x: estimated.minX, y: along.minY, width: estimated.width, height: along.height)
        }
        out.frames.reserveCapacity(count)
        var cursor = 0.0
        var first = 0
        while first < count {
            let end = min(count, first + perGroup)
            // Each item's own length: measured, in points, or a fraction of the group's content.
            func measured(_ i: Int) -> Double? {
                let item = slotItems[i - first]
                switch item.layoutSize.heightDimension.kind {
                case .estimated: return context.sizeForItem(at: ItemIndexPath(item: i, section: s))?.height ?? item.layoutSize.heightDimension.value
                case .absolute: return item.layoutSize.heightDimension.value
                default: return nil
                }
            }
            var length: Double
            if group.direction == .horizontal {
                let tallest = (first..<end).compactMap(measured).max()
                let content = tallest ?? estimatedContent
                for i in first..<end {
                    let item = slotItems[i - first], frame = estimatedFrames[i - first]
                    let h = measured(i) ?? item.layoutSize.heightDimension.resolved(in: Size(width: frame.width, height: content))
                    out.frames.append(placed(item, frame, y: gi.top, h: h))
                }
                length = gi.top + content + gi.bottom
            } else {
                var y = gi.top
                for i in first..<end {
                    let item = slotItems[i - first], frame = estimatedFrames[i - first]
                    let h = measured(i) ?? item.layoutSize.heightDimension.resolved(in: Size(width: frame.width, height: estimatedContent))
                    if i > first { y += spacing }
                    out.frames.append(placed(item, frame, y: y, h: h))
                    y += h
                }
                length = y + gi.bottom
            }
            out.starts.append(cursor)
            out.lengths.append(length)
            cursor += length + spec.interGroupSpacing
            first = end
        }
        return out
    }

    // MARK: - Validation

    static func wholeNumber(in range: ClosedRange<Int>) -> String { range.expectation() }

    public func invalidParameter() -> (property: String, expected: String)? {
        if sections.isEmpty { return ("sections", "at least one section") }
        if !Self.spacings.allows(interSectionSpacing) { return ("interSectionSpacing", Self.spacings.expectation()) }
        for (s, section) in sections.enumerated() {
            let p = "sections[\(s)]"
            if let problem = Self.problem(of: section.group, depth: 1) { return (p + ".group" + problem.0, problem.1) }
            if section.group.itemCount > Self.maxItemsPerGroup { return (p + ".group", "at most \(Self.maxItemsPerGroup) items in a group") }
            if !Self.spacings.allows(section.interGroupSpacing) { return (p + ".interGroupSpacing", Self.spacings.expectation()) }
            if let problem = Self.problem(of: section.contentInsets) { return (p + ".contentInsets." + problem, Self.insets.expectation()) }
            var kinds = Set<ElementKind>()
            for (b, item) in section.boundarySupplementaryItems.enumerated() {
                let bp = p + ".boundarySupplementaryItems[\(b)]"
                if item.elementKind != .sectionHeader && item.elementKind != .sectionFooter {
                    return (bp + ".kind", "\"header\" or \"footer\"")
                }
                if !kinds.insert(item.elementKind).inserted { return (bp + ".kind", "one \"\(item.elementKind)\" a section") }
                if let problem = Self.problem(of: item.layoutSize) { return (bp + ".size" + problem.0, problem.1) }
                let allowed: [Alignment] = vertical ? [.top, .bottom] : [.leading, .trailing]
                if !allowed.contains(item.alignment) {
                    return (bp + ".alignment", "\"\(allowed[0].rawValue)\" or \"\(allowed[1].rawValue)\" in a \(scrollDirection.rawValue) layout")
                }
                if let z = item.zIndex, !Self.zIndexes.contains(z) { return (bp + ".zIndex", Self.zIndexes.expectation()) }
            }
            for (d, item) in section.decorationItems.enumerated() {
                let dp = p + ".decorationItems[\(d)]"
                if item.elementKind != .sectionBackground { return (dp + ".kind", "\"background\"") }
                if d > 0 { return (dp, "one background a section") }
                if let problem = Self.problem(of: item.contentInsets) { return (dp + ".contentInsets." + problem, Self.insets.expectation()) }
                if !Self.zIndexes.contains(item.zIndex) { return (dp + ".zIndex", Self.zIndexes.expectation()) }
            }
            if let t = section.visibleItemsTransform {
                for ((name, range), ramp) in zip(VisibleItemsTransform.ranges, [t.scale, t.alpha, t.zIndex]) {
                    guard let ramp else { continue }
                    for (end, v) in [("center", ramp.center), ("edge", ramp.edge)] where !range.allows(v) {
                        return (p + ".visibleItemsTransform.\(name).\(end)", range.expectation())
                    }
                }
            }
        }
        return nil
    }

    /// A pinned boundary item needs room to float in the view: no longer than the visible
    /// length of the scroll axis.
    public func invalidParameter(forViewSize size: Size) -> (property: String, expected: String)? {
        let visible = vertical ? size.height : size.width
        for (s, section) in sections.enumerated() {
            let container = Size(width: size.width - section.contentInsets.leading - section.contentInsets.trailing, height: size.height)
            for (b, item) in section.boundarySupplementaryItems.enumerated() where item.pinToVisibleBounds {
                let resolved = item.layoutSize.resolved(in: container)
                let length = vertical ? resolved.height : resolved.width
                if length > visible {
                    return ("sections[\(s)].boundarySupplementaryItems[\(b)].size",
                            "a pinned \(item.elementKind) no longer than the view (\(NumberFormat.short(length)) pt in \(NumberFormat.short(visible)) pt leaves it no room)")
                }
            }
        }
        return nil
    }

    static func problem(of size: LayoutSize) -> (String, String)? {
        if let p = size.widthDimension.problem { return (".width." + size.widthDimension.kind.rawValue, p) }
        if let p = size.heightDimension.problem { return (".height." + size.heightDimension.kind.rawValue, p) }
        return nil
    }

    static func problem(of insets: DirectionalEdgeInsets) -> String? {
        insets.values.first { !Self.insets.allows($0.1) }?.0
    }

    static func problem(of group: Group, depth: Int) -> (String, String)? {
        if depth > maxNesting { return ("", "groups nested at most \(maxNesting) deep") }
        if let p = problem(of: group.layoutSize) { return (".size" + p.0, p.1) }
        if group.subitems.isEmpty { return (".items", "at least one item") }
        if let n = group.count {
            if !counts.contains(n) { return (".count", counts.expectation()) }
            if group.subitems.count != 1 { return (".items", "one item to repeat \"count\" times") }
        }
        if let s = group.interItemSpacing, !spacings.allows(s.value) { return (".interItemSpacing", spacings.expectation()) }
        if let p = problem(of: group.contentInsets) { return (".contentInsets." + p, insets.expectation()) }
        for (k, sub) in group.subitems.enumerated() {
            switch sub {
            case .item(let i):
                if let p = problem(of: i.layoutSize) { return (".items[\(k)].size" + p.0, p.1) }
                if let p = problem(of: i.contentInsets) { return (".items[\(k)].contentInsets." + p, insets.expectation()) }
            case .group(let g):
                if let p = problem(of: g, depth: depth + 1) { return (".items[\(k)].group" + p.0, p.1) }
            }
        }
        return nil
    }

    // MARK: - Prepare

    public mutating func prepare(_ context: LayoutContext) {
        inset = context.contentInset
        container = Size(width: max(0, context.bounds.width - inset.left - inset.right),
                         height: max(0, context.bounds.height - inset.top - inset.bottom))
        geometry = []
        var cursor = 0.0
        for s in 0..<context.numberOfSections {
            if s > 0 { cursor += interSectionSpacing }
            let g = layOut(section: s, items: context.numberOfItems(inSection: s), at: cursor, context: context)
            geometry.append(g)
            cursor = g.end
        }
        contentSize = vertical ? Size(width: container.width, height: cursor) : Size(width: cursor, height: container.height)
    }

    /// Main/cross coordinates to a rect: the main axis is the scroll direction's.
    func rect(main: Double, cross: Double, mainLength: Double, crossLength: Double) -> Rect {
        vertical ? Rect(x: cross, y: main, width: crossLength, height: mainLength)
                 : Rect(x: main, y: cross, width: mainLength, height: crossLength)
    }
    func mainLength(_ s: Size) -> Double { vertical ? s.height : s.width }
    func crossLength(_ s: Size) -> Double { vertical ? s.width : s.height }

    private func layOut(section s: Int, items: Int, at start: Double, context: LayoutContext) -> SectionGeometry {
        let specIndex = min(s, sections.count - 1)
        let spec = sections[specIndex]
        let ci = spec.contentInsets
        // Insets on the main axis (lead, trail) and across it.
        let (mainLead, mainTrail, crossLead, crossTrail) = vertical ? (ci.top, ci.bottom, ci.leading, ci.trailing)
                                                                    : (ci.leading, ci.trailing, ci.top, ci.bottom)
        let effective = Size(width: max(0, container.width - ci.leading - ci.trailing), height: max(0, container.height - ci.top - ci.bottom))
        let environment = Environment(containerSize: container, effectiveContentSize: effective)
        let sized = selfSizes(spec) ? sizedGroups(spec, section: s, items: items, effective: effective, context: context) : nil
        let groupSize = spec.group.layoutSize.resolved(in: effective)
        let frames = spec.group.itemFrames(in: groupSize)
        let perGroup = max(1, frames.count)
        let groupCount = (items + perGroup - 1) / perGroup
        let orthogonal = spec.orthogonalScrollingBehavior != .none
        let boundaryContainer = vertical ? Size(width: effective.width, height: container.height)
                                         : Size(width: container.width, height: effective.height)
        let boundarySizes = spec.boundarySupplementaryItems.map { $0.layoutSize.resolved(in: boundaryContainer) }

        var cursor = start
        var boundary: [(BoundarySupplementaryItem, Rect)] = []
        func crossOrigin(_ size: Size) -> Double {
            crossLead + (crossLength(boundaryContainer) - crossLength(size)) / 2
        }
        // Leading boundary items (headers) before the content.
        let leadingEdge: Alignment = vertical ? .top : .leading
        for (b, item) in spec.boundarySupplementaryItems.enumerated() where item.alignment == leadingEdge && item.extendsBoundary {
            let size = boundarySizes[b]
            boundary.append((item, rect(main: cursor, cross: crossOrigin(size), mainLength: mainLength(size), crossLength: crossLength(size))))
            cursor += mainLength(size)
        }
        let contentStart = cursor
        let stride: Double
        let groupMain = mainLength(groupSize), groupCross = crossLength(groupSize)
        var scrollLength = 0.0
        let firstGroup = (main: contentStart + mainLead, cross: crossLead)
        if orthogonal {
            stride = groupCross + spec.interGroupSpacing
            scrollLength = crossLead + (groupCount > 0 ? Double(groupCount) * groupCross + Double(groupCount - 1) * spec.interGroupSpacing : 0) + crossTrail
            cursor = contentStart + mainLead + (groupCount > 0 ? groupMain : 0) + mainTrail
        } else if let sized {
            stride = groupMain + spec.interGroupSpacing
            cursor = contentStart + mainLead + (sized.starts.last.map { $0 + sized.lengths[sized.lengths.count - 1] } ?? 0) + mainTrail
        } else {
            stride = groupMain + spec.interGroupSpacing
            cursor = contentStart + mainLead + (groupCount > 0 ? Double(groupCount) * groupMain + Double(groupCount - 1) * spec.interGroupSpacing : 0) + mainTrail
        }
        let contentEnd = cursor
        // Boundary items that do not extend the section sit inside its content.
        for (b, item) in spec.boundarySupplementaryItems.enumerated() where item.alignment == leadingEdge && !item.extendsBoundary {
            let size = boundarySizes[b]
            boundary.append((item, rect(main: contentStart, cross: crossOrigin(size), mainLength: mainLength(size), crossLength: crossLength(size))))
        }
        for (b, item) in spec.boundarySupplementaryItems.enumerated() where item.alignment != leadingEdge {
            let size = boundarySizes[b]
            let main = item.extendsBoundary ? cursor : contentEnd - mainLength(size)
            boundary.append((item, rect(main: main, cross: crossOrigin(size), mainLength: mainLength(size), crossLength: crossLength(size))))
            if item.extendsBoundary { cursor += mainLength(size) }
        }
        let sectionFrame = rect(main: start, cross: 0, mainLength: cursor - start, crossLength: crossLength(container))
        let decorations = spec.decorationItems.map { d in
            (d, d.contentInsets.apply(sectionFrame))
        }
        return SectionGeometry(specIndex: specIndex, itemCount: items, start: start, end: cursor, contentStart: contentStart,
                               contentEnd: contentEnd, groupSize: groupSize, firstGroup: firstGroup, stride: stride,
                               groupCount: groupCount, itemsPerGroup: perGroup, itemFrames: frames, orthogonal: orthogonal,
                               scrollLength: scrollLength, boundary: boundary, decorations: decorations, environment: environment,
                               sized: sized)
    }

    public var collectionViewContentSize: Size { contentSize }

    // MARK: - Orthogonal sections

    /// The sections that scroll across the layout's axis, each a scroll view of its own.
    public var orthogonalScrollingSections: [OrthogonalScrollingSection] {
        geometry.indices.compactMap { s in
            let g = geometry[s]
            guard g.orthogonal else { return nil }
            let band = rect(main: g.contentStart, cross: 0, mainLength: g.contentEnd - g.contentStart, crossLength: crossLength(container))
            let groupStart = g.firstGroup.cross
            return OrthogonalScrollingSection(section: s, frame: band, scrollsHorizontally: vertical, contentLength: g.scrollLength,
                                              visibleLength: crossLength(container), behavior: section(at: s).orthogonalScrollingBehavior,
                                              groupStart: groupStart, groupLength: crossLength(g.groupSize), stride: g.stride,
                                              groupCount: g.groupCount)
        }
    }

    // MARK: - Queries

    /// Item `item` of prepared section `g`, at orthogonal offset `offset`.
    private func itemAttributes(_ g: SectionGeometry, section: Int, item: Int, offset: Double) -> LayoutAttributes {
        let group = item / g.itemsPerGroup, slot = item % g.itemsPerGroup
        if let sized = g.sized {
            let main = g.firstGroup.main + sized.starts[group]
            return LayoutAttributes(forCellWith: ItemIndexPath(item: item, section: section),
                                    frame: sized.frames[item].offsetBy(dx: g.firstGroup.cross, dy: main))
        }
        let k = Double(group) * g.stride
        let main = g.orthogonal ? g.firstGroup.main : g.firstGroup.main + k
        let cross = g.orthogonal ? g.firstGroup.cross + k - offset : g.firstGroup.cross
        let origin = vertical ? Point(x: cross, y: main) : Point(x: main, y: cross)
        let f = slot < g.itemFrames.count ? g.itemFrames[slot] : .zero
        return LayoutAttributes(forCellWith: ItemIndexPath(item: item, section: section), frame: f.offsetBy(dx: origin.x, dy: origin.y))
    }

    public func layoutAttributesForElements(in rect: Rect) -> [LayoutAttributes] {
        layoutAttributesForElements(in: rect, orthogonalOffsets: [:])
    }

    public func layoutAttributesForElements(in rect: Rect, orthogonalOffsets: [Int: Point]) -> [LayoutAttributes] {
        let lo = vertical ? rect.minY : rect.minX, hi = vertical ? rect.maxY : rect.maxX
        let crossLo = vertical ? rect.minX : rect.minY, crossHi = vertical ? rect.maxX : rect.maxY
        // The first section that ends after `lo` (sections are sorted along the main axis).
        var a = 0, b = geometry.count
        while a < b {
            let m = (a + b) / 2
            if geometry[m].end <= lo { a = m + 1 } else { b = m }
        }
        var out: [LayoutAttributes] = []
        var s = a
        while s < geometry.count, geometry[s].start < hi {
            let g = geometry[s]
            let spec = section(at: s)
            for d in g.decorations where d.frame.intersects(rect) {
                var attrs = LayoutAttributes(forDecorationViewOfKind: d.item.elementKind, with: ItemIndexPath(item: 0, section: s), frame: d.frame)
                attrs.zIndex = d.item.zIndex
                out.append(attrs)
            }
            var items: [LayoutAttributes] = []
            let offsetPoint = orthogonalOffsets[s] ?? .zero
            let offset = vertical ? offsetPoint.x : offsetPoint.y
            if let sized = g.sized, g.groupCount > 0 {
                // Groups differ in length: the first that ends after `lo`, on until one starts after `hi`.
                let from = lo - g.firstGroup.main, to = hi - g.firstGroup.main
                var a = 0, b = sized.starts.count
                while a < b {
                    let m = (a + b) / 2
                    if sized.starts[m] + sized.lengths[m] <= from { a = m + 1 } else { b = m }
                }
                var group = a
                while group < sized.starts.count, sized.starts[group] < to {
                    let end = min(g.itemCount, (group + 1) * g.itemsPerGroup)
                    for item in (group * g.itemsPerGroup)..<end {
                        let attrs = itemAttributes(g, section: s, item: item, offset: offset)
                        if attrs.frame.intersects(rect) { items.append(attrs) }
                    }
                    group += 1
                }
            } else if g.groupCount > 0 && g.stride > 0 {
                let (from, to, base): (Double, Double, Double) = g.orthogonal
                    ? (crossLo + offset, crossHi + offset, g.firstGroup.cross) : (lo, hi, g.firstGroup.main)
                let length = g.orthogonal ? crossLength(g.groupSize) : mainLength(g.groupSize)
                // Groups [first, last] overlap the range; items may overflow a group by a little, so one more each side.
                let first = Self.groupIndex((from - base - length) / g.stride, count: g.groupCount)
                let last = Self.groupIndex((to - base) / g.stride + 1, count: g.groupCount)
                if first <= last {
                    for group in first...last {
                        let end = min(g.itemCount, (group + 1) * g.itemsPerGroup)
                        for item in (group * g.itemsPerGroup)..<end {
                            let attrs = itemAttributes(g, section: s, item: item, offset: offset)
                            if attrs.frame.intersects(rect) { items.append(attrs) }
                        }
                    }
                }
            }
            if !items.isEmpty {
                if let t = spec.visibleItemsTransform {
                    let horizontal = g.orthogonal ? vertical : !vertical
                    // The band spans the view's width, so its visible centre is the view's.
                    let centre = g.orthogonal ? crossLength(container) / 2 : (lo + hi) / 2
                    let half = g.orthogonal ? crossLength(container) / 2 : (hi - lo) / 2
                    t.apply(to: &items, center: centre, halfWidth: half, horizontal: horizontal)
                }
                spec.visibleItemsInvalidationHandler?(&items, offsetPoint, g.environment)
                out.append(contentsOf: items)
            }
            for (item, frame) in g.boundary {
                var attrs = LayoutAttributes(forSupplementaryViewOfKind: item.elementKind, with: ItemIndexPath(item: 0, section: s),
                                             frame: item.pinToVisibleBounds ? pinned(frame, item, g, visible: rect) : frame)
                attrs.zIndex = item.effectiveZIndex
                if attrs.frame.intersects(rect) { out.append(attrs) }
            }
            s += 1
        }
        return out
    }

    /// A group index from a position in strides, clamped to the groups there are (a rect far
    /// outside, or a tiny stride, gives numbers no Int holds).
    static func groupIndex(_ strides: Double, count: Int) -> Int {
        guard strides.isFinite else { return strides > 0 ? count - 1 : 0 }
        return Int(min(max(strides.rounded(.down), 0), Double(max(0, count - 1))))
    }

    /// A pinned item's frame while `visible` (in content coordinates) is on screen: held at the
    /// visible edge, and kept inside its section's frame, so the section's end pushes it away.
    func pinned(_ frame: Rect, _ item: BoundarySupplementaryItem, _ g: SectionGeometry, visible: Rect) -> Rect {
        let length = vertical ? frame.height : frame.width
        let natural = vertical ? frame.minY : frame.minX
        let visibleLo = vertical ? visible.minY + inset.top : visible.minX + inset.left
        let visibleHi = vertical ? visible.maxY - inset.bottom : visible.maxX - inset.right
        let leading = item.alignment == .top || item.alignment == .leading
        let position = leading ? min(max(natural, visibleLo), g.end - length)
                               : max(min(natural, visibleHi - length), g.start)
        return vertical ? Rect(x: frame.minX, y: position, width: frame.width, height: frame.height)
                        : Rect(x: position, y: frame.minY, width: frame.width, height: frame.height)
    }

    public func layoutAttributesForItem(at indexPath: ItemIndexPath) -> LayoutAttributes? {
        layoutAttributesForItem(at: indexPath, orthogonalOffsets: [:])
    }

    public func layoutAttributesForItem(at indexPath: ItemIndexPath, orthogonalOffsets: [Int: Point]) -> LayoutAttributes? {
        guard indexPath.section >= 0, indexPath.section < geometry.count else { return nil }
        let g = geometry[indexPath.section]
        guard indexPath.item >= 0, indexPath.item < g.itemCount else { return nil }
        let o = orthogonalOffsets[indexPath.section] ?? .zero
        return itemAttributes(g, section: indexPath.section, item: indexPath.item, offset: vertical ? o.x : o.y)
    }

    public func layoutAttributesForSupplementaryView(ofKind kind: ElementKind, at indexPath: ItemIndexPath) -> LayoutAttributes? {
        guard indexPath.section >= 0, indexPath.section < geometry.count else { return nil }
        let g = geometry[indexPath.section]
        if let d = g.decorations.first(where: { $0.item.elementKind == kind }) {
            var a = LayoutAttributes(forDecorationViewOfKind: kind, with: ItemIndexPath(item: 0, section: indexPath.section), frame: d.frame)
            a.zIndex = d.item.zIndex
            return a
        }
        guard let b = g.boundary.first(where: { $0.item.elementKind == kind }) else { return nil }
        var a = LayoutAttributes(forSupplementaryViewOfKind: kind, with: ItemIndexPath(item: 0, section: indexPath.section), frame: b.frame)
        a.zIndex = b.item.effectiveZIndex
        return a
    }
}

/// A section that scrolls across its layout's axis (UIKit nests a scroll view for it), and
/// where each orthogonalScrollingBehavior lets it come to rest.
public struct OrthogonalScrollingSection: Hashable, Sendable {
    public var section: Int
    /// The band it scrolls in, in the collection view's content coordinates.
    public var frame: Rect
    public var scrollsHorizontally: Bool
    /// Its content's length along its scroll axis, and the length it shows.
    public var contentLength: Double
    public var visibleLength: Double
    public var behavior: CompositionalLayout.OrthogonalScrollingBehavior
    /// Group 0's leading edge, a group's length and the distance from one group to the next.
    public var groupStart: Double
    public var groupLength: Double
    public var stride: Double
    public var groupCount: Int

    /// UIScrollView's paging: the multiple of `size` nearest `proposed`, at most one page from
    /// the page `start` is on, within `range` (isPagingEnabled and the `paging` behaviour).
    public static func page(_ proposed: Double, from start: Double, size: Double, in range: ClosedRange<Double>) -> Double {
        guard size > 0 else { return min(max(proposed, range.lowerBound), range.upperBound) }
        let from = (start / size).rounded()
        let page = min(max((proposed / size).rounded(), from - 1), from + 1)
        return min(max(page * size, range.lowerBound), range.upperBound)
    }

    /// The offset at which group `g` rests under this behaviour.
    public func restingOffset(ofGroup g: Int) -> Double {
        let edge = groupStart + Double(g) * stride
        return behavior == .groupPagingCentered ? edge + groupLength / 2 - visibleLength / 2 : edge - groupStart
    }

    /// The lowest and highest offsets it scrolls between: its content, widened for the centred
    /// behaviour so the first and last groups can rest centred (UIKit insets the nested view).
    public var offsetRange: ClosedRange<Double> {
        let natural = 0...max(0, contentLength - visibleLength)
        guard behavior == .groupPagingCentered, groupCount > 0 else { return natural }
        return min(0, restingOffset(ofGroup: 0))...max(natural.upperBound, restingOffset(ofGroup: groupCount - 1))
    }

    /// Where a group-centred section starts: its first group centred.
    public var initialOffset: Double { behavior == .groupPagingCentered && groupCount > 0 ? restingOffset(ofGroup: 0) : 0 }

    /// Where the section comes to rest when a drag that began at `start` is released with a
    /// natural rest at `proposed` (UIScrollView's targetContentOffset): Apple's one-line rules
    /// (UICollectionLayoutSectionOrthogonalScrollingBehavior) — `continuous` where it stops;
    /// `continuousGroupLeadingBoundary` at the leading boundary of the group nearest that stop;
    /// `paging` a visible length at a time; `groupPaging` and `groupPagingCentered` one group at
    /// a time (the next or previous group from where the drag began, whichever the stop is
    /// nearer), at its leading edge or centred.
    public func targetOffset(forProposed proposed: Double, start: Double) -> Double {
        let range = offsetRange
        func clamp(_ v: Double) -> Double { min(max(v, range.lowerBound), range.upperBound) }
        guard groupCount > 0, stride > 0 else { return clamp(proposed) }
        func nearestGroup(_ offset: Double) -> Int {
            CompositionalLayout.groupIndex((offset - restingOffset(ofGroup: 0)) / stride + 0.5, count: groupCount)
        }
        switch behavior {
        case .none, .continuous:
            return clamp(proposed)
        case .continuousGroupLeadingBoundary:
            return clamp(restingOffset(ofGroup: nearestGroup(proposed)))
        case .paging:
            return Self.page(proposed, from: start, size: visibleLength, in: range)
        case .groupPaging, .groupPagingCentered:
            let from = nearestGroup(start)
            let to = min(max(nearestGroup(proposed), from - 1), from + 1)
            return clamp(restingOffset(ofGroup: to))
        }
    }
}
