import FlipbookCore
import FlipbookLayout
import FlipbookAnimation

/// New values for some properties of one item.
public struct PropertyChange: Sendable {
    public var item: String
    public var values: [(ItemProperty, PropertyValue)]
    public var hidden: Bool?
    /// JSON path of the change, for messages (the decoder's; "" when built in code).
    public var path: String
    public init(item: String, values: [(ItemProperty, PropertyValue)], hidden: Bool? = nil, path: String = "") {
        self.item = item; self.values = values; self.hidden = hidden; self.path = path
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

    /// Seconds from when the block runs to when its last animation ends: its delay, then the
    /// longer of its own duration and its nested blocks' (whose delays add to its own).
    public var totalDuration: Double { delay + max(timing.duration, nested.map(\.totalDuration).max() ?? 0) }
}

/// A CAKeyframeAnimation on one item property, under a key (CALayer.add(_:forKey:)). In a
/// script step its `animation.beginTime` is relative to the step.
public struct KeyframeSpec: Sendable {
    public var key: String
    public var property: ItemProperty
    public var animation: KeyframeAnimation<PropertyValue>
    /// Added to the model value (CAPropertyAnimation.isAdditive) instead of replacing it.
    public var additive: Bool
    public init(key: String, property: ItemProperty, animation: KeyframeAnimation<PropertyValue>, additive: Bool = false) {
        self.key = key; self.property = property; self.animation = animation; self.additive = additive
    }
}

/// Changes to an item's content in a reload; nil fields keep the item's current value.
public struct ItemPatch: Sendable {
    public var title: String?
    public var subtitle: String?
    public var color: Color?
    public var size: Size?
    public var content: [ContentSpec]?
    public init(title: String? = nil, subtitle: String? = nil, color: Color? = nil, size: Size? = nil, content: [ContentSpec]? = nil) {
        self.title = title; self.subtitle = subtitle; self.color = color; self.size = size; self.content = content
    }
    public func applied(to item: ItemSpec) -> ItemSpec {
        var i = item
        if let title { i.title = title }
        if let subtitle { i.subtitle = subtitle }
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
    /// Code that runs when the simulation reaches it (a UIKit scene's own calls); the actions
    /// it returns run then.
    case code(CodeStep)
}

/// Swift code a scene runs at a moment of its timeline — what a UIKit app does in a callback
/// (performBatchUpdates on its data source, setContentOffset, a new layout) — given what the
/// simulation knows then; it answers with the actions that amounts to. A scene made in code
/// only: a scene file has none.
public struct CodeStep: Sendable {
    package let run: @Sendable (CodeContext) throws -> [Action]
    package init(_ run: @escaping @Sendable (CodeContext) throws -> [Action]) { self.run = run }
}

/// What a code step is told when it runs.
public struct CodeContext: Sendable {
    /// The scene time, in seconds.
    package var time: Double
    /// The main collection view's item ids, section by section, as the data is now.
    package var itemIDs: [[String]]
    /// The main collection view's section ids, as the data is now.
    package var sectionIDs: [String] = []
    /// The items on screen now with their frames in the view's content coordinates (asked
    /// only by code that reads cells' frames: visibleCells, cell.center).
    package var visibleItems: @Sendable () -> [(id: String, frame: Rect)] = { [] }
    /// The main view's layout (a UIKit scene's adapter, which knows its objects).
    package var layout: (any CollectionViewLayout)?
    /// Applies a snapshot view's change at once (UIView.snapshotView, addSubview, moving it,
    /// removing it, a cell's isHidden).
    package var snapshot: @Sendable (SnapshotCommand) -> Void = { _ in }
    /// Drives an interactive layout transition at once (startInteractiveTransition(to:)).
    package var transition: @Sendable (TransitionCommand) -> Void = { _ in }
    /// Moves a view of the scene (by id) to an offset from its scene frame, over a timing
    /// (from where it is on screen) or at once.
    package var moveView: @Sendable (String, Point, AnimationTiming?) -> Void = { _, _, _ in }
}

/// A step of an interactive layout transition made by code.
package enum TransitionCommand: @unchecked Sendable {
    /// From the current layout to `next`, at progress 0.
    case start(next: any CollectionViewLayout)
    case progress(Double)
    /// Finished or cancelled: every element animates to `layout` over `timing`.
    case end(layout: any CollectionViewLayout, timing: AnimationTiming)
}

/// A change to a snapshot view added to the collection view, or to an item's visibility.
package enum SnapshotCommand: Sendable {
    case add(id: String, item: String, frame: Rect)
    case move(id: String, frame: Rect, timing: AnimationTiming?)
    case remove(id: String)
    case hide(item: String, Bool)
}

public struct ScriptStep: Sendable {
    public var time: Double
    public var action: Action
    /// JSON path of the step, for messages.
    public var path: String
    public init(time: Double, action: Action, path: String = "") { self.time = time; self.action = action; self.path = path }
}
