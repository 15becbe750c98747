import FlipbookCore

/// How a list row is drawn, as UICollectionViewListCell takes it from its layout: its
/// background, which corners of its section's rounded group it rounds, where its text starts
/// and where its separator runs.
public struct ListRowConfiguration: Hashable, Sendable {
    public var background: Color
    public var cornerRadius: Double
    public var roundedCorners: Corners
    /// Where the row's content starts and ends (its layout margins).
    public var leadingInset: Double
    public var trailingInset: Double
    /// The separator along the row's bottom edge starts `separatorLeading` in and runs to its
    /// trailing edge; nil: none under this row.
    public var separatorLeading: Double?
    /// A full-width line along the row's top edge (the first row of a grouped section).
    public var topSeparator: Bool
    public var titleSize: Double
    public var secondaryTextSize: Double
    /// The first row of a section whose headerMode is firstItemInSection: drawn as its header.
    public var isHeader: Bool
    /// The row's image side and the space after it, when rows show images.
    public var imageSize: Double?
    public var imageToText: Double
    public init(background: Color, cornerRadius: Double = 0, roundedCorners: Corners = [], leadingInset: Double, trailingInset: Double,
                separatorLeading: Double?, topSeparator: Bool = false, titleSize: Double = 17, secondaryTextSize: Double = 12,
                isHeader: Bool = false, imageSize: Double? = nil, imageToText: Double = 16) {
        self.background = background; self.cornerRadius = cornerRadius; self.roundedCorners = roundedCorners
        self.leadingInset = leadingInset; self.trailingInset = trailingInset; self.separatorLeading = separatorLeading
        self.topSeparator = topSeparator; self.titleSize = titleSize; self.secondaryTextSize = secondaryTextSize
        self.isHeader = isHeader; self.imageSize = imageSize; self.imageToText = imageToText
    }

    /// How a row looks while a batch update moves it from this configuration to `new`: a corner
    /// rounds only when both round it, and the separator under it stays while either has one.
    /// So the row above a deleted last row keeps its square corners and its separator until the
    /// deleted row has faded and the gap closed (rounding it at once would open a notch beside
    /// the row still fading below it), and a row that gains a row below squares at once.
    package func whileChanging(to new: ListRowConfiguration) -> ListRowConfiguration {
        var r = new
        r.roundedCorners = roundedCorners.intersection(new.roundedCorners)
        r.separatorLeading = new.separatorLeading ?? separatorLeading
        return r
    }
}

/// UICollectionLayoutListConfiguration as a layout: one row a line, full width (`plain`,
/// `grouped`) or in a rounded group inset from the sides (`insetGrouped`), with separators,
/// and section headers and footers by `headerMode` and `footerMode`.
///
/// Apple documents the configuration, not its metrics; these are measured, each from a public
/// source. Content starts at the cell's layout margin, and an inset group stands that far from
/// the sides: the system layout margins, "16 to 20 points on iPhone" (Apple,
/// developer.apple.com/documentation/swiftui/contentmarginguide/container) — 16 pt on a phone
/// narrower than 414 pt, 20 pt from 414 pt (measured: useyourloaf.com/blog/changing-root-view-layout-margins/
/// for 16 pt at compact width; the iPhone Plus's 20 pt in
/// medium.com/vik-s-code-journal/margins-and-autolayout-on-iphone-6-plus-91044c808778).
/// A one-line row is 44 pt, UITableView's classic default row height and the height UIKit's
/// list cell has at the default text size (48 with secondary text in a plain or grouped list;
/// an inset group's rows grow to their two lines instead). The rest is Flutter's
/// Cupertino list, measured from iOS 14.4's Settings, Notes and Reminders apps
/// (github.com/flutter/flutter, packages/flutter/lib/src/cupertino/list_section.dart and
/// list_tile.dart): inset groups with corner radius 10, 10 pt below them (20 above without a
/// header), a header 16 pt below the previous group and 6 pt above its rows; grouped sections
/// 22 pt apart, 8 pt below their rows; separators from the text's leading edge (past the image
/// when rows have one), hidden under an inset group's last row.
public struct ListLayout: CollectionViewLayout {
    public enum Appearance: String, Hashable, Sendable, CaseIterable { case plain, grouped, insetGrouped }
    /// UICollectionLayoutListConfiguration.HeaderMode.
    public enum HeaderMode: String, Hashable, Sendable, CaseIterable { case none, supplementary, firstItemInSection }
    public enum FooterMode: String, Hashable, Sendable, CaseIterable { case none, supplementary }

    public var appearance: Appearance
    public var headerMode: HeaderMode
    public var footerMode: FooterMode
    public var showsSeparators: Bool
    /// Sections whose rows show an image at their leading edge (their text and separators
    /// then start past it), and sections whose rows show secondary text (taller rows).
    public var sectionsWithImages: Set<Int>
    public var sectionsWithSecondaryText: Set<Int>

    public init(appearance: Appearance = .plain, headerMode: HeaderMode = .none, footerMode: FooterMode = .none,
                showsSeparators: Bool = true, sectionsWithImages: Set<Int> = [], sectionsWithSecondaryText: Set<Int> = []) {
        self.appearance = appearance; self.headerMode = headerMode; self.footerMode = footerMode
        self.showsSeparators = showsSeparators; self.sectionsWithImages = sectionsWithImages
        self.sectionsWithSecondaryText = sectionsWithSecondaryText
    }

    // MARK: Metrics (Flutter's measurements of iOS 14.4; see the type's comment). Header and
    // footer heights are their margins plus a line of their text (13 pt: 17, 20 pt: 26),
    // whole points so that rows and separators fall on pixels as UIKit's do.

    public struct Metrics: Hashable, Sendable {
        public var minimumRowHeight: Double
        public var sideMargin: Double
        public var cornerRadius: Double
        public var textLeading: Double
        public var textTrailing: Double
        /// Space above a section's rows (and header), and below them.
        public var sectionTop: Double
        public var rowsBottom: Double
        public var headerHeight: Double
        public var footerHeight: Double
        public var titleSize: Double
        public var secondaryTextSize: Double
        /// The image's side and the space after it.
        public var imageSize: Double
        public var imageToText: Double
    }

    /// The metrics of section `section`'s rows.
    public func metrics(section: Int) -> Metrics {
        metrics(images: sectionsWithImages.contains(section), secondaryText: sectionsWithSecondaryText.contains(section))
    }

    public func metrics(images hasImages: Bool, secondaryText hasSecondaryText: Bool) -> Metrics {
        let rowHeight: Double = hasSecondaryText ? 48 : 44
        switch appearance {
        case .plain:
            return Metrics(minimumRowHeight: rowHeight, sideMargin: 0, cornerRadius: 0, textLeading: margin, textTrailing: margin,
                           sectionTop: 0, rowsBottom: 0, headerHeight: 28, footerHeight: 28, titleSize: 17, secondaryTextSize: 12,
                           imageSize: 28, imageToText: 16)
        case .grouped:
            return Metrics(minimumRowHeight: rowHeight, sideMargin: 0, cornerRadius: 0, textLeading: margin, textTrailing: margin,
                           sectionTop: 22, rowsBottom: 8, headerHeight: 17 + 6, footerHeight: 17 + 8, titleSize: 17, secondaryTextSize: 12,
                           imageSize: 28, imageToText: 16)
        case .insetGrouped:
            // The header is UIKit's default, groupedHeader(): a line of 13 pt text (17 pt here).
            return Metrics(minimumRowHeight: 44, sideMargin: margin, cornerRadius: 10, textLeading: margin, textTrailing: margin,
                           sectionTop: 20, rowsBottom: 10, headerHeight: 16 + 17 + 6, footerHeight: 17 + 10, titleSize: 17, secondaryTextSize: 14,
                           imageSize: 30, imageToText: 12)
        }
    }

    /// The system layout margin of a view `width` points wide (see the type's comment).
    package static func layoutMargin(forWidth width: Double) -> Double { width >= 414 ? 20 : 16 }

    /// The layout margin of the view last prepared for (a 375 pt phone's before that).
    private var margin = ListLayout.layoutMargin(forWidth: 375)

    /// Grouped lists draw on systemGroupedBackground (#F2F2F7) with rows in white; a plain list is white.
    public static let groupedBackground = Color(red: 242 / 255, green: 242 / 255, blue: 247 / 255)
    public var rowBackground: Color { .white }

    private var rows: [[Rect]] = []
    private var starts: [Double] = []
    private var headers: [Rect?] = []
    private var footers: [Rect?] = []
    private var bands: [(minY: Double, maxY: Double, section: Int)] = []
    private var contentSize: Size = .zero

    public var defaultItemSize: Size { Size(width: 0, height: 0) }

    public mutating func prepare(_ context: LayoutContext) {
        let width = max(0, context.bounds.width - context.contentInset.left - context.contentInset.right)
        margin = ListLayout.layoutMargin(forWidth: context.bounds.width)
        rows = []; headers = []; footers = []; bands = []
        var y = 0.0
        for s in 0..<context.numberOfSections {
            let start = y
            let m = metrics(section: s)
            let count = context.numberOfItems(inSection: s)
            // An inset group's header brings its own 16 pt above it, in place of the 20 above the rows.
            if !(appearance == .insetGrouped && headerMode == .supplementary) { y += m.sectionTop }
            if headerMode == .supplementary {
                headers.append(Rect(x: m.sideMargin, y: y, width: width - 2 * m.sideMargin, height: m.headerHeight))
                y += m.headerHeight
            } else {
                headers.append(nil)
            }
            var frames: [Rect] = []
            frames.reserveCapacity(count)
            for i in 0..<count {
                // A row is as tall as the data source asks, never less than the minimum.
                let asked = context.sizeForItem(at: ItemIndexPath(item: i, section: s))?.height ?? 0
                let h = max(m.minimumRowHeight, asked)
                frames.append(Rect(x: m.sideMargin, y: y, width: width - 2 * m.sideMargin, height: h))
                y += h
            }
            rows.append(frames)
            y += m.rowsBottom
            if footerMode == .supplementary {
                footers.append(Rect(x: m.sideMargin, y: y, width: width - 2 * m.sideMargin, height: m.footerHeight))
                y += m.footerHeight
            } else {
                footers.append(nil)
            }
            bands.append((start, y, s))
        }
        contentSize = Size(width: width, height: y)
    }

    public var collectionViewContentSize: Size { contentSize }

    /// List rows size themselves to their content, at the row's width (UIKit's list cells are
    /// self-sizing; the layout keeps its minimum row height).
    public func selfSizingWidths(inSection section: Int, context: LayoutContext) -> [SelfSizingWidth?]? {
        var prepared = self
        prepared.margin = ListLayout.layoutMargin(forWidth: context.bounds.width)
        return [.fixed(max(0, context.bounds.width - context.contentInset.left - context.contentInset.right - 2 * prepared.metrics(section: section).sideMargin))]
    }

    /// The row's look: its section's corners, its text margins and its separator.
    public func rowConfiguration(at indexPath: ItemIndexPath) -> ListRowConfiguration {
        let m = metrics(section: indexPath.section)
        let hasImages = sectionsWithImages.contains(indexPath.section)
        let count = indexPath.section < rows.count ? rows[indexPath.section].count : 0
        // With headerMode firstItemInSection the first row is the header: it has no separator above it.
        let first = indexPath.item == 0, last = indexPath.item == count - 1
        var corners: Corners = []
        if appearance == .insetGrouped {
            if first { corners.formUnion(.top) }
            if last { corners.formUnion(.bottom) }
        }
        let textStart = hasImages ? m.textLeading + m.imageSize + m.imageToText : m.textLeading
        // A grouped section's last row ends in a full-width line; an inset group's has none.
        var separator: Double? = showsSeparators ? textStart : nil
        if showsSeparators && last { separator = appearance == .grouped ? 0 : appearance == .plain ? textStart : nil }
        return ListRowConfiguration(background: rowBackground, cornerRadius: m.cornerRadius, roundedCorners: corners,
                                    leadingInset: m.textLeading, trailingInset: m.textTrailing, separatorLeading: separator,
                                    topSeparator: showsSeparators && appearance == .grouped && first && headerMode != .firstItemInSection,
                                    titleSize: m.titleSize, secondaryTextSize: m.secondaryTextSize,
                                    isHeader: headerMode == .firstItemInSection && first,
                                    imageSize: hasImages ? m.imageSize : nil, imageToText: m.imageToText)
    }

    private func attributes(_ s: Int, _ i: Int) -> LayoutAttributes {
        var a = LayoutAttributes(forCellWith: ItemIndexPath(item: i, section: s), frame: rows[s][i])
        a.listRow = rowConfiguration(at: a.indexPath)
        return a
    }

    public func layoutAttributesForElements(in rect: Rect) -> [LayoutAttributes] {
        var out: [LayoutAttributes] = []
        var b = bands.partitioningIndex { $0.maxY <= rect.minY }
        while b < bands.count, bands[b].minY < rect.maxY {
            let s = bands[b].section
            if let h = headers[s], h.intersects(rect) {
                out.append(LayoutAttributes(forSupplementaryViewOfKind: .sectionHeader, with: ItemIndexPath(item: 0, section: s), frame: h))
            }
            // Rows are sorted: the first that ends below rect.minY, then on until rect.maxY.
            let frames = rows[s]
            var i = frames.partitioningIndex { $0.maxY <= rect.minY }
            while i < frames.count, frames[i].minY < rect.maxY {
                if frames[i].intersects(rect) { out.append(attributes(s, i)) }
                i += 1
            }
            if let f = footers[s], f.intersects(rect) {
                out.append(LayoutAttributes(forSupplementaryViewOfKind: .sectionFooter, with: ItemIndexPath(item: 0, section: s), frame: f))
            }
            b += 1
        }
        return out
    }

    public func layoutAttributesForItem(at indexPath: ItemIndexPath) -> LayoutAttributes? {
        guard indexPath.section >= 0, indexPath.section < rows.count, indexPath.item >= 0, indexPath.item < rows[indexPath.section].count else { return nil }
        return attributes(indexPath.section, indexPath.item)
    }

    public func layoutAttributesForSupplementaryView(ofKind kind: ElementKind, at indexPath: ItemIndexPath) -> LayoutAttributes? {
        guard indexPath.section >= 0, indexPath.section < headers.count else { return nil }
        let frame = kind == .sectionHeader ? headers[indexPath.section] : kind == .sectionFooter ? footers[indexPath.section] : nil
        return frame.map { LayoutAttributes(forSupplementaryViewOfKind: kind, with: ItemIndexPath(item: 0, section: indexPath.section), frame: $0) }
    }
}

/// A layout whose rows are a ListLayout's, its own or behind an adapter (a UIKit
/// `UICollectionViewCompositionalLayout.list(using:)`): the collection view tells it what its
/// rows show and measures them as list rows.
package protocol ListRows {
    /// The list as last prepared.
    var listRows: ListLayout? { get }
    /// The sections whose rows show an image, and those whose rows show secondary text.
    mutating func setListContents(images: Set<Int>, secondaryText: Set<Int>)
}

extension ListLayout: ListRows {
    package var listRows: ListLayout? { self }
    package mutating func setListContents(images: Set<Int>, secondaryText: Set<Int>) {
        sectionsWithImages = images
        sectionsWithSecondaryText = secondaryText
    }
}

/// A layout whose cells measure themselves (a UIKit layout's cells, by their Auto Layout
/// constraints): the collection view asks it for a self-sizing cell's size at a width instead
/// of measuring the item's own content.
package protocol CellMeasuring {
    /// The size of the cell of item `id` at `indexPath` fitted to `width`, or nil to measure the
    /// item as usual.
    func measuredSize(ofItem id: String, at indexPath: ItemIndexPath, width: SelfSizingWidth) -> Size?
}
