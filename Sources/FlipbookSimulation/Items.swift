import FlipbookCore
import FlipbookLayout
import FlipbookAnimation

/// A piece of content inside an item (a row of text, a coloured block, a button), placed
/// against the item's top or bottom edge so it stays put while the item resizes.
public struct ContentSpec: Hashable, Sendable {
    public enum Kind: Hashable, Sendable {
        case text(String, fontSize: Double, weight: FontWeight, color: Color, alignment: TextAlignment)
        case rect(Color, cornerRadius: Double)
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

    public init(kind: Kind, x: Double? = nil, right: Double? = nil, y: Double? = nil, bottom: Double? = nil, width: Double? = nil, height: Double) {
        self.kind = kind; self.x = x; self.right = right; self.y = y; self.bottom = bottom; self.width = width; self.height = height
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
    public var color: Color
    /// Per-item size for flow layouts (sizeForItemAt); nil uses the layout's itemSize.
    public var size: Size?
    /// Per-item origin for the absolute layout.
    public var origin: Point?
    /// Overrides the collection view's cell style for this item.
    public var style: CellStyle?
    /// Rows of text, blocks and buttons drawn inside the item (clipped to it).
    public var content: [ContentSpec] = []
    public init(id: String, title: String = "", color: Color, size: Size? = nil, origin: Point? = nil, style: CellStyle? = nil,
                content: [ContentSpec] = []) {
        self.id = id; self.title = title; self.color = color; self.size = size; self.origin = origin; self.style = style
        self.content = content
    }
}

/// A section of items, with an optional header title.
public struct SectionSpec: Hashable, Sendable {
    public var id: String
    public var header: String?
    public var items: [ItemSpec]
    public init(id: String, header: String? = nil, items: [ItemSpec]) {
        self.id = id; self.header = header; self.items = items
    }
}

/// How cells are drawn.
public struct CellStyle: Hashable, Sendable {
    public var cornerRadius: Double = 12
    public var corners: Corners = .all
    public var shadow: Bool = true
    public var border: Color? = Color(red: 0, green: 0, blue: 0, alpha: 0.15)
    public var titleSize: Double = 17
    /// nil picks black or white by the cell colour's luminance.
    public var titleColor: Color? = nil
    public var titleAlignment: TextAlignment = .left
    public init() {}
}
