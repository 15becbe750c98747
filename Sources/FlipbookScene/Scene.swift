// FlipbookScene: scene files in, keyframes out. A Scene is the decoded, validated JSON
// (documented in docs/scene-format.md); the Simulator plays its script on the fixed step
// and produces the Timeline every renderer consumes.
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
    public var headerStyle = CellStyle()
    // UIScrollView options.
    public var bounces = true
    public var alwaysBounceVertical = false
    public var alwaysBounceHorizontal = false
    public var scrollEnabled = true
    public var decelerationRate = 0.998

    public init(frame: Rect, layout: any CollectionViewLayout, sections: [SectionSpec]) {
        self.frame = frame; self.layout = layout; self.sections = sections
    }

    public var initialContentOffset: Point { contentOffset ?? Point(x: -contentInset.left, y: -contentInset.top) }
}

/// New values for some properties of one item.
public struct PropertyChange: Sendable {
    public var item: String
    public var values: [(ItemProperty, PropertyValue)]
    public var hidden: Bool?
    public init(item: String, values: [(ItemProperty, PropertyValue)], hidden: Bool? = nil) {
        self.item = item; self.values = values; self.hidden = hidden
    }
}

/// UIView.animate: changes that animate together, nested transactions, and a completion.
public struct Transaction: Sendable {
    public var timing: AnimationTiming
    public var delay: Double
    public var changes: [PropertyChange]
    /// Nested UIView.animate blocks; they inherit this timing unless they override it.
    public var nested: [Transaction]
    /// Actions run when the transaction's animations end.
    public var completion: [Action]
    public init(timing: AnimationTiming = .standard, delay: Double = 0, changes: [PropertyChange] = [],
                nested: [Transaction] = [], completion: [Action] = []) {
        self.timing = timing; self.delay = delay; self.changes = changes; self.nested = nested; self.completion = completion
    }
}

/// A key-frame animation to add, with its begin time relative to the action.
public struct KeyframeSpec: Sendable {
    public var key: String
    public var property: ItemProperty
    public var animation: KeyframeAnimation<PropertyValue>
    public var additive: Bool
}

/// Changes to an item's content in a reload; nil fields keep the item's current value.
public struct ItemPatch: Sendable {
    public var title: String?
    public var color: Color?
    public var size: Size?
    public var content: [ContentSpec]?
    public init(title: String? = nil, color: Color? = nil, size: Size? = nil, content: [ContentSpec]? = nil) {
        self.title = title; self.color = color; self.size = size; self.content = content
    }
    public func applied(to item: ItemSpec) -> ItemSpec {
        var i = item
        if let title { i.title = title }
        if let color { i.color = color }
        if let size { i.size = size }
        if let content { i.content = content }
        return i
    }
}

/// A timed action of the script.
public indirect enum Action: Sendable {
    /// Jump to an offset (setContentOffset(_:animated: false)); nil components keep their value.
    case setContentOffset(x: Double?, y: Double?)
    /// Animate to an offset with a duration and curve.
    case scrollTo(x: Double?, y: Double?, timing: AnimationTiming)
    /// Set item properties without animation.
    case set([PropertyChange])
    /// UIView.animate.
    case animate(Transaction)
    /// CALayer.add(_:forKey:) on one item, or on every cell when the item is nil.
    case addAnimation(item: String?, KeyframeSpec, beginOffset: Double)
    /// CALayer.removeAnimation(forKey:) / removeAllAnimations() (nil key).
    case removeAnimation(item: String?, key: String?)
    /// performBatchUpdates with a timing and a completion.
    case performBatchUpdates([BatchChange], timing: AnimationTiming, completion: [Action])
}

public struct ScriptStep: Sendable {
    public var time: Double
    public var action: Action
    /// JSON path of the step, for messages.
    public var path: String
    public init(time: Double, action: Action, path: String = "") { self.time = time; self.action = action; self.path = path }
}

/// A decoded, validated scene.
public struct Scene: Sendable {
    public var name: String
    public var canvas: Canvas
    public var fps: Int
    /// Seconds of animation to render.
    public var duration: Double
    public var collectionView: CollectionViewSpec
    public var script: [ScriptStep]
    /// Fingers, from the script's touch steps.
    public var touches: [TouchTrack]
    /// How often touches are sampled (Hz), independent of fps, so physics does not depend on it.
    public var touchSampleRate: Int = 120
    /// The simulated display (Hz): CADisplayLink callbacks run this often.
    public var displayRefreshRate: Int = 60
    /// The interaction effect the scene runs (Wallet, reorder…), if any.
    public var effect: EffectSpec?
    /// More scroll views after the main one (pages), drawn in order after it.
    public var views: [CollectionViewSpec] = []
    /// Fixed items drawn above every view (a navigation bar, a bottom bar), in canvas points.
    public var chrome: [ItemSpec] = []

    /// The main collection view first, then the others.
    public var allViews: [CollectionViewSpec] { [collectionView] + views }

    public init(name: String, canvas: Canvas, fps: Int, duration: Double, collectionView: CollectionViewSpec,
                script: [ScriptStep] = [], touches: [TouchTrack] = []) {
        self.name = name; self.canvas = canvas; self.fps = fps; self.duration = duration
        self.collectionView = collectionView; self.script = script; self.touches = touches
    }

    public var frameCount: Int { FrameClock(fps: fps).frameCount(forDuration: duration) }
}

/// Limits that keep a scene from exhausting memory or disk (checked at decode time and after
/// command-line overrides).
public enum SceneLimits {
    public static let maxCanvasPoints = 4096.0
    public static let maxPixelsPerSide = 8192
    public static let maxFrames = 36_000
    public static let maxItems = 100_000
    public static let maxScriptSteps = 10_000
    public static let fpsRange = 1...240
    public static let scaleRange = 1...3
}
