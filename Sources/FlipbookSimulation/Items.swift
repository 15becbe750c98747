import FlipbookCore
import FlipbookLayout
import FlipbookAnimation

/// A piece of content inside an item (a row of text, a coloured block, a button), placed
/// against the item's top or bottom edge so it stays put while the item resizes.
public struct ContentSpec: Hashable, Sendable {
    public enum Kind: Hashable, Sendable {
        /// A label; its frame is filled in where the element is placed.
        case text(TextElement)
        case rect(Color, cornerRadius: Double)
        /// A PNG, read when the scene is read (ImageStore.read for a scene built in code).
        case image(ImageData, contentMode: ContentMode, cornerRadius: Double)
        /// A pull-to-refresh arrow turned by `rotation` radians (0 points down), and a spinner
        /// with spoke `phase` brightest: drawn by effects (MJRefreshNormalHeader's), not scenes.
        case arrow(rotation: Double, color: Color)
        case spinner(phase: Int, color: Color)
        /// Content (placed in the item, as the element is) clipped to this element's frame: a
        /// UIKit view that clips its subviews (made from a cell's view tree, not a scene file).
        indirect case clip(cornerRadius: Double, content: [ContentSpec])
        /// Content (placed in the item, as the element is) drawn through a transform: a UIKit
        /// view turned or sheared by its transform (made from a cell's view tree).
        indirect case transformed(Transform2D, content: [ContentSpec])
    }
    public var kind: Kind
    /// Distance from the left edge, or from the right edge when `x` is nil.
    public var x: Double?
    public var right: Double?
    /// Distance from the top edge, or (when nil) the element's bottom from the item's bottom.
    public var y: Double?
    public var bottom: Double?
    /// nil stretches between the left and right distances.
    public var width: Double?
    public var height: Double
    /// The view it was made from, by its path in its cell (TextElement.view); nil in a scene file.
    package var view: String?
    /// A rect's CALayer border and shadow (a UIKit subview's; RectElement draws them).
    package var border: (color: Color, width: Double)? {
        get { borderColor.map { ($0, borderWidth) } }
        set { borderColor = newValue?.color; borderWidth = newValue?.width ?? 0 }
    }
    package var borderColor: Color?
    package var borderWidth = 0.0
    package var shadow: Shadow?
    /// A rect's rounded corners (CALayer.maskedCorners).
    package var corners: Corners = .all
    /// An image's template colour and opacity (ImageElement's tint and alpha).
    package var imageTint: Color?
    package var imageAlpha = 1.0

    public init(kind: Kind, x: Double? = nil, right: Double? = nil, y: Double? = nil, bottom: Double? = nil, width: Double? = nil, height: Double) {
        self.kind = kind; self.x = x; self.right = right; self.y = y; self.bottom = bottom; self.width = width; self.height = height
    }

    /// Where an element sits and how its text and corners are set, each number declared once:
    /// `problem()`, the scene-file decoder and the schema read these.
    package enum Fields {
        package static let x = NumberField<ContentSpec>("x", \.x, -1e5...1e5, "From the left")
        package static let right = NumberField<ContentSpec>("right", \.right, -1e5...1e5, "From the right")
        package static let y = NumberField<ContentSpec>("y", \.y, -1e5...1e5, "From the top")
        package static let bottom = NumberField<ContentSpec>("bottom", \.bottom, -1e5...1e5, "From the bottom")
        package static let width = NumberField<ContentSpec>("width", \.width, 0...1e5, "Default: between the left and right distances")
        package static let height = NumberField<ContentSpec>("height", \.height, 0...1e5)
        package static let placement = [x, right, y, bottom, width, height]
        /// A rect's or image's corners (held in its kind).
        package static let cornerRadius = NumberField<ContentSpec>("cornerRadius", nil, 0...10_000, default: 0, "A block's or image's corners")
        package static let fontSize = NumberField<TextElement>("fontSize", \.fontSize, 0...500, excludingLowerBound: true, default: 15)
        /// A label's lines (0: as many as fit).
        package static let numberOfLines = 0...1000
    }

    /// The first value out of range, as (property, expected); nil when the element can be drawn.
    /// The scene-file decoder reads the same declarations (`Fields`).
    public func problem() -> (property: String, expected: String)? {
        for f in Fields.placement {
            if let v = f.value(in: self), !f.allows(v) { return (f.name, f.expected) }
        }
        let corner = Fields.cornerRadius
        switch kind {
        case .text(let t):
            if !Fields.fontSize.allows(t.fontSize) { return ("fontSize", Fields.fontSize.expected) }
            if !Fields.numberOfLines.contains(t.numberOfLines) {
                return ("numberOfLines", Fields.numberOfLines.expectation())
            }
            if !t.color.isValid { return ("color", "a colour with components from 0 to 1") }
        case .rect(let c, let r):
            if !c.isValid { return ("rect", "a colour with components from 0 to 1") }
            if !corner.allows(r) { return (corner.name, corner.expected) }
        case .image(_, _, let r):
            if !corner.allows(r) { return (corner.name, corner.expected) }
        case .arrow(let rotation, let c):
            if !rotation.isFinite || !c.isValid { return ("arrow", "a finite rotation and a colour") }
        case .spinner(_, let c):
            if !c.isValid { return ("spinner", "a colour with components from 0 to 1") }
        case .clip(let r, let content):
            if !corner.allows(r) { return (corner.name, corner.expected) }
            if let inner = content.lazy.compactMap({ $0.problem() }).first { return inner }
        case .transformed(let t, let content):
            if !t.isFinite { return ("transform", "finite numbers") }
            if let inner = content.lazy.compactMap({ $0.problem() }).first { return inner }
        }
        return nil
    }

    /// The element's frame in an item of `size`.
    public func frame(in size: Size) -> Rect {
        let w = width ?? max(0, size.width - (x ?? 0) - (right ?? 0))
        let left = x ?? (size.width - (right ?? 0) - w)
        let top = y ?? (size.height - (bottom ?? 0) - height)
        return Rect(x: left, y: top, width: w, height: height)
    }
}

/// One item of the data source: a card, a tile, a tag.
public struct ItemSpec: Hashable, Sendable {
    public var id: String
    public var title: String
    /// A second, smaller line under the title (UITableViewCell's detailTextLabel).
    public var subtitle: String = ""
    /// The item is as wide as its title ("width": "fit"), so the title has no room to lose
    /// to the style's insets.
    public var fitsTitle = false
    public var color: Color
    /// Per-item size for flow layouts (sizeForItemAt); nil uses the layout's itemSize.
    public var size: Size?
    /// Per-item origin for the absolute layout.
    public var origin: Point?
    /// Overrides the collection view's cell style for this item.
    public var style: CellStyle? {
        get { styleBox?.value }
        set { styleBox = newValue.map(SharedBox.init) }
    }
    /// A style is ~300 bytes; boxed, an item of a 100,000-item scene stays small.
    private var styleBox: SharedBox<CellStyle>?
    /// Rows of text, blocks and buttons drawn inside the item (clipped to it).
    public var content: [ContentSpec] = []
    /// A list row's accessories (UICellAccessory), in order; the delete control sits at the
    /// leading edge, the others at the trailing edge.
    public var accessories: [CellAccessory] = []
    /// In a list row, the secondary text beside the title, at its trailing end, rather than
    /// under it (UIListContentConfiguration.valueCell()).
    package var secondaryTextBesideTitle = false
    /// A list row's text and secondary text set otherwise than the list's metrics set them
    /// (UIListContentConfiguration's textProperties and secondaryTextProperties); nil: as they are.
    package var listTitleText: ListTextProperties?
    package var listSecondaryText: ListTextProperties?
    /// A list row's image (UIListContentConfiguration.image), read when the scene is read.
    public var image: ImageData?
    /// Where it is drawn among the others (UICollectionViewLayoutAttributes.zIndex), over what
    /// its layout says; nil keeps the layout's.
    public var zIndex: Int?
    /// A list row's swipe actions (trailingSwipeActionsConfigurationProvider and the leading one).
    public var trailingSwipeActions: SwipeActionsConfiguration? {
        get { swipeBox?.value.trailing }
        set { setSwipe(leading: leadingSwipeActions, trailing: newValue) }
    }
    public var leadingSwipeActions: SwipeActionsConfiguration? {
        get { swipeBox?.value.leading }
        set { setSwipe(leading: newValue, trailing: trailingSwipeActions) }
    }
    /// Boxed like the style: most items of a long list have none.
    private var swipeBox: SharedBox<RowSwipeActions>?
    private mutating func setSwipe(leading: SwipeActionsConfiguration?, trailing: SwipeActionsConfiguration?) {
        swipeBox = leading == nil && trailing == nil ? nil : SharedBox(RowSwipeActions(leading: leading, trailing: trailing))
    }
    /// The actions a swipe toward `side` reveals, if any.
    public func swipeActions(_ side: SwipeSide) -> SwipeActionsConfiguration? {
        let c = side == .leading ? leadingSwipeActions : trailingSwipeActions
        return c.flatMap { $0.actions.isEmpty ? nil : $0 }
    }
    public init(id: String, title: String = "", color: Color, size: Size? = nil, origin: Point? = nil, style: CellStyle? = nil,
                content: [ContentSpec] = []) {
        self.id = id; self.title = title; self.color = color; self.size = size; self.origin = origin
        self.styleBox = style.map(SharedBox.init)
        self.content = content
    }

    /// An item of a title and a subtitle only, without a style to copy (most of a long list).
    package init(id: String, title: String, subtitle: String, color: Color) {
        self.id = id; self.title = title; self.subtitle = subtitle; self.color = color
    }
}

/// UIContextualAction: a button a swipe reveals beside a list row.
public struct ContextualAction: Hashable, Sendable {
    public enum Style: String, Hashable, Sendable, CaseIterable { case normal, destructive }
    public var title: String?
    /// A PNG, read when the scene is read.
    public var image: ImageData?
    /// nil: systemRed for a destructive action, systemGray otherwise (UIContextualAction's defaults).
    public var backgroundColor: Color?
    public var style: Style
    public init(title: String? = nil, image: ImageData? = nil, backgroundColor: Color? = nil, style: Style = .normal) {
        self.title = title; self.image = image; self.backgroundColor = backgroundColor; self.style = style
    }
    public var effectiveBackgroundColor: Color {
        backgroundColor ?? (style == .destructive ? Color(red: 1, green: 59 / 255, blue: 48 / 255) : Color(red: 142 / 255, green: 142 / 255, blue: 147 / 255))
    }
}

/// UISwipeActionsConfiguration: the actions in order from the row's edge inwards; a full
/// swipe performs the first when `performsFirstActionWithFullSwipe` (true by default, as
/// Apple's page for the property says).
public struct SwipeActionsConfiguration: Hashable, Sendable {
    public var actions: [ContextualAction]
    public var performsFirstActionWithFullSwipe: Bool
    public init(actions: [ContextualAction], performsFirstActionWithFullSwipe: Bool = true) {
        self.actions = actions; self.performsFirstActionWithFullSwipe = performsFirstActionWithFullSwipe
    }
}

/// Which edge's actions a swipe reveals: `leading` (the row moves right), `trailing` (left).
public enum SwipeSide: String, Hashable, Sendable { case leading, trailing }

struct RowSwipeActions: Hashable, Sendable {
    var leading: SwipeActionsConfiguration?
    var trailing: SwipeActionsConfiguration?
}

/// UICellAccessory's kinds that a list row shows.
public enum CellAccessory: String, Hashable, Sendable, CaseIterable {
    case disclosureIndicator, checkmark, detail, delete, reorder
}

/// A section of items, with an optional header title.
public struct SectionSpec: Hashable, Sendable {
    public var id: String
    public var header: String?
    /// The footer's title, when the layout gives the section a footer.
    public var footer: String?
    public var items: [ItemSpec]
    public init(id: String, header: String? = nil, footer: String? = nil, items: [ItemSpec]) {
        self.id = id; self.header = header; self.footer = footer; self.items = items
    }
}

/// How cells are drawn: CALayer's look (corner radius, masked corners, border, shadow) and
/// the title and subtitle labels' UILabel settings.
public struct CellStyle: Hashable, Sendable {
    public var cornerRadius: Double = 12
    /// CALayer.maskedCorners: which corners `cornerRadius` rounds.
    public var corners: Corners = .all
    /// nil draws no shadow.
    public var shadow: Shadow? = .card
    public var border: Color? = Color(red: 0, green: 0, blue: 0, alpha: 0.15)
    /// nil is a hairline (one device pixel).
    public var borderWidth: Double? = nil
    /// UIView.clipsToBounds: content clipped to the rounded shape, or reaching past its edge.
    public var clipsToBounds = true
    public var titleSize: Double = 17
    /// nil picks black or white by the cell colour's luminance.
    public var titleColor: Color? = nil
    public var titleAlignment: TextAlignment = .left
    /// Bold by default (a card's name); a list's footers are regular, as UIKit's are.
    public var titleWeight: FontWeight = .bold
    public var titleNumberOfLines = 1
    public var titleLineBreakMode: LineBreakMode = .byTruncatingTail
    public var subtitleSize: Double = 13
    /// nil is the title colour at 70 % opacity.
    public var subtitleColor: Color? = nil
    /// Space between the cell's edges and its labels; nil is 16 pt at the sides for left- and
    /// right-aligned titles, 4 pt for centred ones.
    public var contentInsets: EdgeInsets? = nil
    /// The fill of a header, footer or section background, which have no item colour of their
    /// own (a cell is filled with its item's colour); nil is clear.
    public var backgroundColor: Color? = nil
    /// A cell's fill while it is highlighted (UICollectionViewCell.isHighlighted): from when a
    /// finger has rested on it for the scroll view's 150 ms touch delay until the finger lifts
    /// or moves away to scroll; nil: touches do not highlight it.
    public var highlightedColor: Color? = nil
    public init() {}

    /// Headers, footers and section backgrounds by default: square, no shadow, no border.
    public static var supplementary: CellStyle {
        var s = CellStyle()
        s.shadow = nil
        s.border = nil
        s.cornerRadius = 0
        s.titleSize = 15
        return s
    }

    /// The values a style may take: what Scene.validate checks and the scene-file decoder
    /// reads (one place for both).
    public enum Limits {
        public static let cornerRadius = 0...1000.0
        public static let borderWidth = 0...1000.0
        public static let textSize = 0.0...200.0  // exclusive of 0
        public static let numberOfLines = 0...1000
        public static let shadowRadius = 0...100.0
        public static let shadowOpacity = 0...1.0
        public static let shadowOffset = -1000...1000.0
        public static let insets = -10_000...10_000.0
    }

    /// The first value out of its range, as (property path, what was expected); nil when all fit.
    public func problem() -> (property: String, expected: String)? {
        func outside(_ v: Double, _ r: ClosedRange<Double>) -> Bool { !(v.isFinite && r.contains(v)) }
        if outside(cornerRadius, Limits.cornerRadius) { return ("cornerRadius", "a number from 0 to 1000") }
        if let w = borderWidth, outside(w, Limits.borderWidth) { return ("borderWidth", "a number from 0 to 1000") }
        if outside(titleSize, Limits.textSize) || titleSize == 0 { return ("titleSize", "a number > 0 and ≤ 200") }
        if outside(subtitleSize, Limits.textSize) || subtitleSize == 0 { return ("subtitleSize", "a number > 0 and ≤ 200") }
        if !Limits.numberOfLines.contains(titleNumberOfLines) { return ("titleNumberOfLines", Limits.numberOfLines.expectation()) }
        for (name, c) in [("titleColor", titleColor), ("subtitleColor", subtitleColor), ("border", border), ("backgroundColor", backgroundColor)] {
            if let c, !c.isValid { return (name, "a colour with components from 0 to 1") }
        }
        if let s = shadow {
            if outside(s.radius, Limits.shadowRadius) { return ("shadow.radius", "a number from 0 to 100") }
            if outside(s.opacity, Limits.shadowOpacity) { return ("shadow.opacity", "a number from 0 to 1") }
            if outside(s.offset.x, Limits.shadowOffset) || outside(s.offset.y, Limits.shadowOffset) {
                return ("shadow.offset", "numbers from -1000 to 1000")
            }
            if !s.color.isValid { return ("shadow.color", "a colour with components from 0 to 1") }
        }
        if let i = contentInsets, [i.top, i.left, i.bottom, i.right].contains(where: { outside($0, Limits.insets) }) {
            return ("contentInsets", "numbers from -10000 to 10000")
        }
        return nil
    }
}

/// How a list row's text is set where the app says so (UIListContentConfiguration.TextProperties);
/// each nil keeps what the list draws.
package struct ListTextProperties: Hashable, Sendable {
    package var fontSize: Double?
    package var weight: FontWeight?
    package var italic: Bool?
    package var color: Color?
    package var numberOfLines: Int?
    package var alignment: TextAlignment?
    package init(fontSize: Double? = nil, weight: FontWeight? = nil, italic: Bool? = nil, color: Color? = nil,
                 numberOfLines: Int? = nil, alignment: TextAlignment? = nil) {
        self.fontSize = fontSize; self.weight = weight; self.italic = italic; self.color = color
        self.numberOfLines = numberOfLines; self.alignment = alignment
    }

    /// `label` set as these properties say.
    package func applied(to label: TextElement) -> TextElement {
        var e = label
        if let v = fontSize { e.fontSize = v }
        if let v = weight { e.weight = v }
        if let v = italic { e.italic = v }
        if let v = color { e.color = v }
        if let v = numberOfLines { e.numberOfLines = v }
        if let v = alignment { e.alignment = v }
        return e
    }
}
