// The timeline: what is drawn where on every frame. A TimelineFrame is a plain value that holds
// everything a renderer needs and nothing it must compute from history, so frames can be
// rasterized in any order, on any thread, or only a range of them — with the same bytes.

/// Which corners of a rectangle are rounded.
public struct Corners: OptionSet, Hashable, Sendable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }
    public static let topLeft = Corners(rawValue: 1)
    public static let topRight = Corners(rawValue: 2)
    public static let bottomLeft = Corners(rawValue: 4)
    public static let bottomRight = Corners(rawValue: 8)
    public static let top: Corners = [.topLeft, .topRight]
    public static let bottom: Corners = [.bottomLeft, .bottomRight]
    public static let all: Corners = [.top, .bottom]
}

/// A layer's drop shadow, as CALayer names it (shadowColor, shadowOpacity, shadowOffset,
/// shadowRadius); its shape (shadowPath) is the item's rounded rectangle. Drawn as a Gaussian
/// blur of that shape whose standard deviation is `radius` points — the usual reading of
/// shadowRadius (design tools export a CALayer shadow of radius r as a CSS box-shadow of blur
/// 2r, and CSS blurs with σ = blur / 2, https://www.w3.org/TR/css-backgrounds-3/#shadow-blur).
public struct Shadow: Hashable, Sendable {
    public var color: Color
    /// Multiplies the colour's alpha, once for the whole shadow (CALayer.shadowOpacity).
    public var opacity: Double
    /// Positive y moves the shadow down (UIKit's coordinates).
    public var offset: Point
    /// Blur radius in points.
    public var radius: Double
    public init(color: Color = .black, opacity: Double = 0.16, offset: Point = Point(x: 0, y: 2), radius: Double = 4) {
        self.color = color; self.opacity = opacity; self.offset = offset; self.radius = radius
    }
    /// The shadow a resting card casts: soft, slightly below the card.
    public static let card = Shadow()
    /// The stronger shadow of a lifted card (a snapshot being dragged).
    public static let lifted = Shadow(opacity: 0.32, offset: Point(x: 0, y: 8), radius: 10)

    /// How far a blur of standard deviation `sigma` spreads past its shape: the Gaussian kernel is
    /// cut at 3σ (beyond it less than 0.3 % of the weight), plus `margin` for the anti-aliased
    /// edge. The one place the reach is computed: bounds, masks, the SVG filter and the cost
    /// estimate each give only their margin.
    package static func blurReach(sigma: Double, margin: Double = 0) -> Double { 3 * max(0, sigma) + margin }

    /// This shadow's reach in points past its offset shape (`blurReach` of its radius).
    package func reach(margin: Double) -> Double { Shadow.blurReach(sigma: radius, margin: margin) }
}

public enum TextAlignment: String, Hashable, Sendable { case left, center, right }
/// The weights Flipbook sets text in: UIFont.Weight's regular, semibold (navigation titles,
/// the headline style) and bold.
public enum FontWeight: String, Hashable, Sendable, CaseIterable { case regular, semibold, bold }

/// How a label breaks and truncates lines (NSLineBreakMode).
public enum LineBreakMode: String, Hashable, Sendable, CaseIterable {
    case byWordWrapping, byCharWrapping, byClipping, byTruncatingHead, byTruncatingTail, byTruncatingMiddle
}

/// A label inside an item, positioned in the item's own coordinates, with UILabel's rules: at
/// most `numberOfLines` lines (0 = as many as fit), broken and truncated by `lineBreakMode`,
/// the block of lines centred vertically in `frame` and nothing drawn outside it.
public struct TextElement: Hashable, Sendable {
    public var text: String
    public var frame: Rect
    public var fontSize: Double
    public var weight: FontWeight
    public var color: Color
    public var alignment: TextAlignment
    public var numberOfLines: Int
    public var lineBreakMode: LineBreakMode
    /// Set in the italic face (UIFont.italicSystemFont(ofSize:)).
    public var italic = false
    /// Stretches set differently (an attributed string's runs); empty: all of it as above.
    package var runs: [TextRun] = []
    /// Points between one line's bottom and the next one's top (NSParagraphStyle.lineSpacing).
    package var lineSpacing = 0.0
    /// Points between one paragraph's last line and the next paragraph's first
    /// (NSParagraphStyle.paragraphSpacing), added to `lineSpacing` there.
    package var paragraphSpacing = 0.0
    /// The view this draws, by its path in its cell ("titleLabel", "contentView › UIStackView[0]"),
    /// which reports name; nil outside a UIKit cell's view tree. Not drawn.
    package var view: String?
    public init(text: String, frame: Rect, fontSize: Double = 17, weight: FontWeight = .regular,
                color: Color = .black, alignment: TextAlignment = .left, numberOfLines: Int = 1,
                lineBreakMode: LineBreakMode = .byTruncatingTail) {
        self.text = text; self.frame = frame; self.fontSize = fontSize; self.weight = weight
        self.color = color; self.alignment = alignment; self.numberOfLines = numberOfLines
        self.lineBreakMode = lineBreakMode
    }
}

/// A stretch of a label set differently from the rest (an attributed string's run): UTF-8 byte
/// offsets into its text and what differs (nil: the label's own). The UIKit module makes them
/// for text its label shows whole (a truncated label with runs is refused there).
package struct TextRun: Hashable, Sendable {
    package var start: Int
    package var end: Int
    package var fontSize: Double?
    package var weight: FontWeight?
    package var italic: Bool?
    package var color: Color?
    /// Core Text's kern (NSAttributedString.Key.kern): points each character of the run moves
    /// the next one along, the last character's included (it widens the line); 0 turns the
    /// font's own pair kerning off.
    package var kern: Double?
    package init(start: Int, end: Int, fontSize: Double? = nil, weight: FontWeight? = nil, italic: Bool? = nil, color: Color? = nil, kern: Double? = nil) {
        self.start = start; self.end = end; self.fontSize = fontSize; self.weight = weight; self.italic = italic; self.color = color
        self.kern = kern
    }
}

/// How an image fills its frame (UIView.ContentMode).
public enum ContentMode: String, Hashable, Sendable, CaseIterable {
    case scaleToFill, scaleAspectFit, scaleAspectFill, center
}

/// A PNG image inside an item, in the item's own coordinates, clipped to its frame.
public struct ImageElement: Hashable, Sendable {
    /// The picture itself, read and decoded when the scene was read.
    public var image: ImageData
    public var frame: Rect
    public var contentMode: ContentMode
    public var cornerRadius: Double
    /// A template image's colour (UIImage.RenderingMode.alwaysTemplate): its pixels' alpha
    /// filled with it; nil draws the picture as it is.
    package var tint: Color?
    /// The image's opacity (a translucent UIImageView's alpha).
    package var alpha = 1.0
    /// The view this draws, by its path in its cell ("titleLabel", "contentView › UIStackView[0]"),
    /// which reports name; nil outside a UIKit cell's view tree. Not drawn.
    package var view: String?
    public init(image: ImageData, frame: Rect, contentMode: ContentMode = .scaleAspectFill, cornerRadius: Double = 0) {
        self.image = image; self.frame = frame; self.contentMode = contentMode; self.cornerRadius = cornerRadius
    }
}

/// A filled (optionally rounded) rectangle inside an item, in the item's own coordinates.
public struct RectElement: Hashable, Sendable {
    public var frame: Rect
    public var color: Color
    public var cornerRadius: Double
    /// CALayer's border: drawn inside the rectangle along its rounded outline (nil: none).
    public var border: Color? = nil
    public var borderWidth: Double = 0
    /// CALayer's shadow of the rectangle, behind it (nil: none); cast even when the fill is
    /// clear (a layer's shadowPath).
    public var shadow: Shadow? = nil
    /// The corners `cornerRadius` rounds (CALayer.maskedCorners).
    package var corners: Corners = .all
    /// The view this draws, by its path in its cell ("titleLabel", "contentView › UIStackView[0]"),
    /// which reports name; nil outside a UIKit cell's view tree. Not drawn.
    package var view: String?
    public init(frame: Rect, color: Color, cornerRadius: Double = 0) {
        self.frame = frame; self.color = color; self.cornerRadius = cornerRadius
    }
}

/// Elements drawn clipped to a (rounded) rectangle: a view that clips its subviews
/// (UIView.clipsToBounds) inside an item, in the item's own coordinates, as its content is.
public struct ClipElement: Hashable, Sendable {
    public var frame: Rect
    public var cornerRadius: Double
    public var content: [Element]
    /// The clipping view's name in its cell (TextElement.view). Not drawn.
    package var view: String?
    public init(frame: Rect, cornerRadius: Double = 0, content: [Element]) {
        self.frame = frame; self.cornerRadius = cornerRadius; self.content = content
    }
}

/// Elements drawn through a 2-D transform: a view inside an item turned, sheared or scaled
/// unevenly by its transform (UIView.transform, about its centre), in the item's own
/// coordinates — its content placed as the view would be untransformed, the transform then
/// applied to all of it.
public struct TransformedElement: Hashable, Sendable {
    public var transform: Transform2D
    public var content: [Element]
    /// The transformed view's name in its cell (TextElement.view). Not drawn.
    package var view: String?
    public init(transform: Transform2D, content: [Element]) {
        self.transform = transform; self.content = content
    }
}

extension Array where Element == FlipbookCore.Element {
    /// The elements with each clip's own in its place, in drawing order (the clips left out);
    /// a transformed group is kept, emptied, before its own (which report its transform).
    package var flattened: [FlipbookCore.Element] {
        flatMap { e -> [FlipbookCore.Element] in
            switch e {
            case .clip(let c): return c.content.flattened
            case .transformed(var t):
                let content = t.content.flattened
                t.content = []
                return [.transformed(t)] + content
            default: return [e]
            }
        }
    }
}

public enum Element: Hashable, Sendable {
    case text(TextElement)
    case rect(RectElement)
    case image(ImageElement)
    /// Elements clipped to a view's bounds.
    case clip(ClipElement)
    /// Elements drawn through a view's transform.
    case transformed(TransformedElement)
    /// A pull-to-refresh arrow (MJRefreshNormalHeader's), pointing down when `rotation` is 0;
    /// it turns about its centre.
    case arrow(ArrowElement)
    /// A spinner (UIActivityIndicatorView, medium): twelve spokes, brightest at `phase`.
    case spinner(SpinnerElement)
    /// A list cell's accessory or separator, drawn as paths in place of the SF Symbol.
    case symbol(SymbolElement)
}

/// The glyphs of UICollectionViewListCell's accessories (SF Symbols cannot be shipped, so
/// they are paths of the symbol's size and weight) and its separator line.
public struct SymbolElement: Hashable, Sendable {
    public enum Kind: String, Hashable, Sendable, CaseIterable {
        /// chevron.forward (UICellAccessory.disclosureIndicator)
        case disclosureIndicator
        /// checkmark (.checkmark)
        case checkmark
        /// info.circle (.detail)
        case detail
        /// minus.circle.fill (.delete)
        case delete
        /// line.3.horizontal (.reorder)
        case reorder
        /// A separator: one device pixel tall along the bottom of the frame.
        case separator
        /// The same along the top of the frame.
        case topSeparator
    }
    public var kind: Kind
    public var frame: Rect
    public var color: Color
    public init(kind: Kind, frame: Rect, color: Color) { self.kind = kind; self.frame = frame; self.color = color }
}

public struct ArrowElement: Hashable, Sendable {
    public var frame: Rect
    public var rotation: Double
    public var color: Color
    public init(frame: Rect, rotation: Double = 0, color: Color = .systemGray) {
        self.frame = frame; self.rotation = rotation; self.color = color
    }
}

public struct SpinnerElement: Hashable, Sendable {
    public var frame: Rect
    /// Which of the twelve spokes is brightest (0 = the top one, clockwise).
    public var phase: Int
    public var color: Color
    public init(frame: Rect, phase: Int = 0, color: Color = .systemGray) {
        self.frame = frame; self.phase = phase; self.color = color
    }
}

/// How an item looks, independent of where it is.
public struct Appearance: Hashable, Sendable {
    public var background: Color
    public var cornerRadius: Double
    public var roundedCorners: Corners
    /// Border colour (CALayer.borderColor), drawn inside the shape.
    public var border: Color?
    /// Border width in points (CALayer.borderWidth); nil is a hairline, one device pixel.
    public var borderWidth: Double?
    public var shadow: Shadow?
    /// Content drawn over the shape, in the item's own coordinates.
    public var content: [Element]
    /// UIView.clipsToBounds (CALayer.masksToBounds): whether the content is clipped to the
    /// rounded shape. An item clips, as a card with rounded corners must; false lets content
    /// reach past the edge (a badge over a corner).
    public var clipsToBounds: Bool

    public init(background: Color, cornerRadius: Double = 0, roundedCorners: Corners = .all, border: Color? = nil,
                borderWidth: Double? = nil, shadow: Shadow? = nil, content: [Element] = [], clipsToBounds: Bool = true) {
        self.background = background; self.cornerRadius = cornerRadius; self.roundedCorners = roundedCorners
        self.border = border; self.borderWidth = borderWidth; self.shadow = shadow; self.content = content
        self.clipsToBounds = clipsToBounds
    }
}

/// One drawn thing on one frame, with resolved geometry in canvas points.
public struct DrawItem: Hashable, Sendable {
    /// Whether a backend draws it: not hidden, not transparent, and not scaled to nothing (a
    /// scale under 1e-6 covers no pixel even of the largest item, and Cairo cannot invert it).
    public var isDrawn: Bool { !hidden && alpha > 0.001 && abs(scale) > 1e-6 }
    /// The scene's id for the item; it stays with the item when the item moves.
    public var id: String
    /// What it is: a cell, a supplementary view, a drag snapshot, a scroll view, …
    public var kind: ElementKind
    /// Frame in canvas points before rotation and scale (which apply about its centre).
    public var frame: Rect
    public var zIndex: Int
    public var alpha: Double
    /// Rotation in radians; positive turns clockwise on screen (y points down).
    public var rotation: Double
    public var scale: Double
    public var hidden: Bool
    /// Canvas rectangle the item is clipped to (its scroll view), if any.
    public var clip: Rect?
    /// A 3-D transform about the item's centre (perspective, shear, a non-uniform scale) that
    /// `rotation` and `scale` cannot say; when set, they are 0 and 1. Drawn by mapping the
    /// item's image through it.
    public var transform3D: Transform3D?
    /// How it looks. Kept in a shared box: an item usually looks the same for many frames, and
    /// a recording shares one box between them (`sharingAppearance(with:)`), so a long
    /// timeline costs its geometry, not its looks, per frame.
    public var appearance: Appearance {
        get { box.value }
        set { box = SharedBox(newValue) }
    }
    private var box: SharedBox<Appearance>

    public init(id: String, kind: ElementKind = .cell, frame: Rect, zIndex: Int = 0, alpha: Double = 1, rotation: Double = 0,
                scale: Double = 1, hidden: Bool = false, clip: Rect? = nil, transform3D: Transform3D? = nil, appearance: Appearance) {
        self.id = id; self.kind = kind; self.frame = frame; self.zIndex = zIndex; self.alpha = alpha
        self.rotation = rotation; self.scale = scale; self.hidden = hidden; self.clip = clip; self.transform3D = transform3D
        self.box = SharedBox(appearance)
    }

    /// Takes `other`'s appearance storage when the two look the same (the value is unchanged).
    public mutating func shareAppearance(with other: DrawItem) {
        if box !== other.box && box.value == other.box.value { box = other.box }
    }
}

/// An immutable value kept by reference, so the struct holding it stays small and copies of
/// it share one allocation; equal (and hashed) by the value. Used for the large, rarely
/// changing parts of values stored many times over (an item's looks, its style).
package final class SharedBox<Value: Hashable & Sendable>: Hashable, @unchecked Sendable {
    public let value: Value
    public init(_ value: Value) { self.value = value }
    public static func == (a: SharedBox, b: SharedBox) -> Bool { a === b || a.value == b.value }
    public func hash(into hasher: inout Hasher) { hasher.combine(value) }
}

/// What a drawn item is. A supplementary kind is any string a layout names (UIKit's element
/// kinds are strings too, `UICollectionView.elementKindSectionHeader`), so this is an open set
/// of values with the built-in ones as constants rather than a closed enum.
public struct ElementKind: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    public var rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public init(_ rawValue: String) { self.rawValue = rawValue }
    public var description: String { rawValue }

    /// A collection-view cell.
    public static let cell = ElementKind("cell")
    /// The image of a cell being dragged (UICollectionView's interactive movement).
    public static let snapshot = ElementKind("snapshot")
    /// A scroll view's own frame and background.
    public static let view = ElementKind("view")
    /// Screen furniture outside the scroll views (a navigation bar, a toolbar).
    public static let chrome = ElementKind("chrome")
    /// UICollectionView.elementKindSectionHeader.
    public static let sectionHeader = ElementKind("header")
    /// UICollectionView.elementKindSectionFooter.
    public static let sectionFooter = ElementKind("footer")
    /// A section's background decoration view (NSCollectionLayoutDecorationItem.background).
    public static let sectionBackground = ElementKind("background")
    /// The swipe actions revealed under a list row ("<item>.actions").
    public static let swipeActions = ElementKind("swipeActions")
}

/// UIGestureRecognizer.State.
public enum GestureState: String, Sendable, CaseIterable {
    case possible, began, changed, ended, cancelled, failed
    public var isActive: Bool { self == .began || self == .changed }
    public var isFinished: Bool { self == .ended || self == .cancelled || self == .failed }
}

/// A finger on the screen, recorded so a reader can see why something moved.
public struct TouchPoint: Hashable, Sendable {
    public var id: Int
    public var location: Point
    public init(id: Int, location: Point) { self.id = id; self.location = location }
}

/// A gesture recognizer whose state changed since the previous frame.
public struct RecognizerChange: Hashable, Sendable {
    public var name: String
    public var state: GestureState
    public init(name: String, state: GestureState) { self.name = name; self.state = state }
}

/// A scroll view's state on a frame (recorded when a scene has several).
public struct ScrollViewState: Hashable, Sendable {
    public var id: String
    public var contentOffset: Point
    public var frame: Rect
    public init(id: String, contentOffset: Point, frame: Rect) { self.id = id; self.contentOffset = contentOffset; self.frame = frame }
}

/// The canvas every frame is drawn on.
public struct Canvas: Hashable, Sendable {
    public var width: Double
    public var height: Double
    /// Device pixels per point: 1, 2 or 3.
    public var scale: Int
    public var background: Color
    public init(width: Double, height: Double, scale: Int = 2, background: Color = .white) {
        self.width = width; self.height = height; self.scale = scale; self.background = background
    }
    public var pixelWidth: Int { Int((width * Double(scale)).rounded(.up)) }
    public var pixelHeight: Int { Int((height * Double(scale)).rounded(.up)) }
}

/// The state of the screen at exactly `time` = index / fps.
public struct TimelineFrame: Hashable, Sendable {
    public var index: Int
    public var time: Double
    /// The main scroll view's contentOffset.
    public var contentOffset: Point
    /// Everything drawn, in drawing order (back to front).
    public var items: [DrawItem]
    public var touches: [TouchPoint]
    public var recognizers: [RecognizerChange]
    /// Every scroll view, when the scene has more than one.
    public var scrollViews: [ScrollViewState]

    public init(index: Int, time: Double, contentOffset: Point, items: [DrawItem], touches: [TouchPoint] = [],
                recognizers: [RecognizerChange] = [], scrollViews: [ScrollViewState] = []) {
        self.index = index; self.time = time; self.contentOffset = contentOffset; self.items = items
        self.touches = touches; self.recognizers = recognizers; self.scrollViews = scrollViews
    }
}

/// A whole simulated scene: the input of every renderer.
public struct Timeline: Sendable {
    public var scene: String
    public var fps: Int
    public var canvas: Canvas
    public var frames: [TimelineFrame]
    public init(scene: String, fps: Int, canvas: Canvas, frames: [TimelineFrame]) {
        self.scene = scene; self.fps = fps; self.canvas = canvas; self.frames = frames
    }
}
