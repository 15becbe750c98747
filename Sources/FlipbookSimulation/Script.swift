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
    /// The app's code, run by the scene's host when the simulation reaches it (a UIKit scene's
    /// own calls); what it answers runs then.
    case code(CodeStep)
}

/// A moment of the app's own code, named by the host that runs it (a UIKit scene's): a UIKit
/// app's callback, a code step of a scene made in Swift. The value only names it; what it does
/// is known when the host runs it, and the host answers with values (`HostCommand`) that pass
/// the same checks as a script's steps. A scene file has none.
public struct CodeStep: Sendable {
    /// The host's number for the code.
    package let id: Int
    package init(id: Int) { self.id = id }
}

/// The app behind a scene made from its code (the UIKit module's host; a SwiftUI or a web
/// view host would be another module of this package): the simulation asks it to run a code
/// step at a moment and applies what it answers, as values. It is a reference — the app's
/// objects change as its code runs — so a scene with a host runs once; make the scene again to
/// run it again.
package protocol SceneHost: AnyObject, Sendable {
    /// Runs `step` at the moment `context` describes; answers with what the code did, in the
    /// order it did it. A thrown error stops the scene, named at the step.
    func run(_ step: CodeStep, in context: CodeContext) throws -> [HostCommand]
    /// The layout the host answers for the scene's view at `index` (0: the main one) whose
    /// spec's layout is `HostedLayout`: asked once, when a simulation starts; what it answers
    /// crosses as values (attributes, content size, the problems it met).
    func layout(ofView index: Int) -> (any CollectionViewLayout)?
    /// The host's own part in the simulation — what its app does with touches and scroll
    /// callbacks (a UIKit app's selection, its gesture recognizers, its scroll-view delegate) —
    /// installed after the scene's effect; its callbacks run as code steps. Nil: none.
    func makeEffect() -> (any Effect)?
    /// What the host met making the scene that cannot be simulated, under the path it is
    /// about; `Scene.validate()` refuses the scene with it.
    var problem: (path: String, message: String)? { get }
    /// What the host's app did that UIKit logs and carries on from ("Unable to simultaneously
    /// satisfy constraints"), each once, after a simulation: printed as warnings.
    var warnings: [String] { get }
}

extension SceneHost {
    package func layout(ofView index: Int) -> (any CollectionViewLayout)? { nil }
    package func makeEffect() -> (any Effect)? { nil }
    package var problem: (path: String, message: String)? { nil }
    package var warnings: [String] { [] }
}

/// The layout of a view laid out by the scene's host (a UIKit scene's collection view, whose
/// layout object is the app's): a value that only says so. The simulation asks the host for
/// the layout when it starts (`SceneHost.layout(ofView:)`); alone it lays out nothing.
package struct HostedLayout: CollectionViewLayout {
    package init() {}
    package mutating func prepare(_ context: LayoutContext) {}
    package var collectionViewContentSize: Size { .zero }
    package func layoutAttributesForElements(in rect: Rect) -> [LayoutAttributes] { [] }
    package func layoutAttributesForItem(at indexPath: ItemIndexPath) -> LayoutAttributes? { nil }
}

/// What a host's code step did, as a value the simulation applies: changes to views (at once,
/// as UIKit applies them when the code sets them), then the actions (animated from what is on
/// screen, each checked as a script's step is).
package enum HostCommand: Sendable {
    case action(Action)
    case snapshot(SnapshotCommand)
    case transition(TransitionCommand)
    /// Moves a view of the scene (by id) to an offset from its scene frame, over a timing
    /// (from where it is on screen) or at once.
    case moveView(id: String, offset: Point, timing: AnimationTiming?)
}

/// The moment a code step runs at, as its host's code reads it: the time, the data's ids and
/// the layout, and — only when the code reads a cell's place (visibleCells, a cell's center) —
/// the cells on screen. A scroll callback runs on every display refresh, so that is not worked
/// out for the calls that never ask.
package final class CodeContext {
    /// The scene time, in seconds.
    package let time: Double
    /// The main collection view's item ids, section by section, as the data is now.
    package let itemIDs: [[String]]
    /// The main collection view's section ids, as the data is now.
    package let sectionIDs: [String]
    /// The main view's layout (a UIKit scene's adapter, which knows its objects).
    package let layout: (any CollectionViewLayout)?
    private let view: CollectionView?
    /// The cells on screen when the code runs (not hidden), in drawing order, with their frames
    /// in the view's content coordinates.
    package private(set) lazy var visibleItems: [(id: String, frame: Rect)] =
        view?.visibleAttributes(at: time).filter { $0.attributes.isCell && !$0.attributes.isHidden }.map { ($0.id, $0.attributes.frame) } ?? []

    package init(time: Double, itemIDs: [[String]], sectionIDs: [String]? = nil, layout: (any CollectionViewLayout)? = nil, view: CollectionView? = nil) {
        self.time = time
        self.itemIDs = itemIDs
        self.sectionIDs = sectionIDs ?? itemIDs.indices.map { "section\($0)" }
        self.layout = layout
        self.view = view
    }
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
