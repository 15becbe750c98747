import FlipbookCore

/// A 2-D transform as UIKit layouts use it: rotation and scale about the centre, plus a translation.
public struct Transform: Hashable, Sendable {
    public var rotation: Double
    public var scale: Double
    public var translation: Point
    public init(rotation: Double = 0, scale: Double = 1, translation: Point = .zero) {
        self.rotation = rotation; self.scale = scale; self.translation = translation
    }
    public static let identity = Transform()
}

/// What a layout says about one element, like UICollectionViewLayoutAttributes.
public struct LayoutAttributes: Hashable, Sendable {
    public enum Category: Hashable, Sendable {
        case cell
        case supplementaryView(kind: ElementKind)
        /// A decoration view (a section background): no data behind it.
        case decorationView(kind: ElementKind)
    }

    public var indexPath: ItemIndexPath
    public var representedElementCategory: Category
    /// Frame in content coordinates (before `transform`).
    public var frame: Rect
    /// Higher draws on top; equal values keep index-path order.
    public var zIndex: Int
    public var alpha: Double
    public var transform: Transform
    public var isHidden: Bool
    /// A list row's look, from a list layout (nil for every other element).
    public var listRow: ListRowConfiguration?
    /// The cell's content as drawn at this moment, in its own coordinates (a UIKit cell's view
    /// tree after `apply(_:)` with these attributes); nil: the item's own content.
    package var contentElements: [Element]?
    /// A transform `transform` cannot say (DrawItem.transform3D), from a UIKit layout.
    package var transform3D: Transform3D?

    public init(forCellWith indexPath: ItemIndexPath, frame: Rect = .zero, zIndex: Int = 0) {
        self.indexPath = indexPath
        representedElementCategory = .cell
        self.frame = frame
        self.zIndex = zIndex
        alpha = 1
        transform = .identity
        isHidden = false
        listRow = nil
        contentElements = nil
    }

    public init(forSupplementaryViewOfKind kind: ElementKind, with indexPath: ItemIndexPath, frame: Rect = .zero) {
        self.init(forCellWith: indexPath, frame: frame)
        representedElementCategory = .supplementaryView(kind: kind)
    }

    public init(forDecorationViewOfKind kind: ElementKind, with indexPath: ItemIndexPath, frame: Rect = .zero) {
        self.init(forCellWith: indexPath, frame: frame)
        representedElementCategory = .decorationView(kind: kind)
    }

    public var center: Point {
        get { frame.center }
        set { frame.center = newValue }
    }
    public var size: Size {
        get { frame.size }
        set { frame = Rect(origin: Point(x: frame.midX - newValue.width / 2, y: frame.midY - newValue.height / 2), size: newValue) }
    }
    public var isCell: Bool { representedElementCategory == .cell }
}

