import FlipbookCore
import FlipbookLayout
import FlipbookAnimation

/// The collection view of a scene and its data.
public struct CollectionViewSpec: Sendable {
    public var id: String = "collectionView"
    /// Frame on the canvas.
    public var frame: Rect
    public var contentInset: EdgeInsets = .zero
    /// Initial contentOffset; nil means UIKit's resting offset (−inset.left, −inset.top).
    public var contentOffset: Point?
    public var backgroundColor: Color = .white
    public var layout: any CollectionViewLayout
    public var sections: [SectionSpec]
    public var cell = CellStyle()
    /// How section headers, footers and section backgrounds look (a background colour makes
    /// them opaque: a pinned header then hides the cells it floats over).
    public var headerStyle = CellStyle.supplementary
    public var footerStyle = CellStyle.supplementary
    public var backgroundStyle = CellStyle.supplementary
    /// The style of supplementary or decoration views of `kind`.
    public func style(for kind: ElementKind) -> CellStyle {
        kind == .sectionFooter ? footerStyle : kind == .sectionBackground ? backgroundStyle : headerStyle
    }
    /// UIScrollView's scrolling options (ScrollBehavior, UIKit's defaults).
    package var scrolling = ScrollBehavior()
    public var bounces: Bool { get { scrolling.bounces } set { scrolling.bounces = newValue } }
    public var alwaysBounceVertical: Bool { get { scrolling.alwaysBounceVertical } set { scrolling.alwaysBounceVertical = newValue } }
    public var alwaysBounceHorizontal: Bool { get { scrolling.alwaysBounceHorizontal } set { scrolling.alwaysBounceHorizontal = newValue } }
    public var isScrollEnabled: Bool { get { scrolling.isScrollEnabled } set { scrolling.isScrollEnabled = newValue } }
    /// The scene file's spelling (`"scrollEnabled"`) of UIKit's isScrollEnabled.
    @available(*, deprecated, renamed: "isScrollEnabled")
    public var scrollEnabled: Bool { get { scrolling.isScrollEnabled } set { scrolling.isScrollEnabled = newValue } }
    public var decelerationRate: Double { get { scrolling.decelerationRate } set { scrolling.decelerationRate = newValue } }
    public var isPagingEnabled: Bool { get { scrolling.isPagingEnabled } set { scrolling.isPagingEnabled = newValue } }

    /// A list takes its appearance's background and header and footer looks, as UIKit's list
    /// configurations draw them: systemGroupedBackground behind grouped lists; headers and
    /// footers 13 pt grey, regular (UIListContentConfiguration's groupedHeader() and
    /// groupedFooter(), the footnote style: 13 pt in the Human Interface Guidelines' type table),
    /// their text at the layout margin like the rows' (ListLayout.layoutMargin(forWidth:)); an inset
    /// group's header 16 pt below the group above (Flutter's CupertinoListSection, measured from
    /// iOS 14.4: packages/flutter/lib/src/cupertino/list_section.dart). A scene's `header` look
    /// gives the prominent header (20 pt bold, prominentInsetGroupedHeader()).
    public init(frame: Rect, layout: any CollectionViewLayout, sections: [SectionSpec]) {
        self.frame = frame; self.layout = layout; self.sections = sections
        // A list from a scene file, or one a UIKit layout lays out (UICollectionViewCompositionalLayout.list).
        guard let list = (layout as? any ListRows)?.listRows else { return }
        let inset = list.appearance == .insetGrouped
        let grey = Color(red: 108 / 255, green: 108 / 255, blue: 108 / 255)
        if list.appearance != .plain { backgroundColor = ListLayout.groupedBackground }
        let margin = ListLayout.layoutMargin(forWidth: frame.width)
        headerStyle.titleSize = 13
        headerStyle.titleWeight = .regular
        headerStyle.titleColor = grey
        headerStyle.contentInsets = EdgeInsets(top: inset ? 16 : 0, left: margin, bottom: 0, right: margin)
        footerStyle.titleSize = 13
        footerStyle.titleWeight = .regular
        footerStyle.titleColor = grey
        footerStyle.contentInsets = EdgeInsets(top: 0, left: margin, bottom: 0, right: margin)
    }

    public var initialContentOffset: Point { contentOffset ?? Point(x: -contentInset.left, y: -contentInset.top) }
}
