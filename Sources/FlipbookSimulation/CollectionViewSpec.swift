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
    // UIScrollView options.
    public var bounces = true
    public var alwaysBounceVertical = false
    public var alwaysBounceHorizontal = false
    public var scrollEnabled = true
    public var decelerationRate = Deceleration.normal
    public var isPagingEnabled = false

    public init(frame: Rect, layout: any CollectionViewLayout, sections: [SectionSpec]) {
        self.frame = frame; self.layout = layout; self.sections = sections
    }

    public var initialContentOffset: Point { contentOffset ?? Point(x: -contentInset.left, y: -contentInset.top) }
}
