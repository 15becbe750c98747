import FlipbookCore
import FlipbookLayout
import FlipbookAnimation
import FlipbookSimulation

/// Effect 4 (article 4 of docs/effects.md, “iOS 在CollectionView上做展开收起动画”): a cell with a fold button that switches its height.
///
/// Tapping the button ("展开" / "收起") reloads the same cell with the other height and button
/// title inside one 0.3 s animation (UIView.animate's ease-in-ease-out): the cell grows or
/// shrinks, showing or clipping its extra rows, every cell below slides by the difference, and
/// the content size follows. Both of the article's pitfalls are absent: the cell animates itself
/// (no second copy over it, no black flash), and cells that come on screen during a collapse
/// slide in from their real places below instead of appearing at their end positions.
public final class ExpandCollapseEffect: Effect {
    public struct Options: Sendable {
        public var item = ""
        public var expandedHeight: Double?
        public var duration = 0.3
        public var expandTitle = "展开"
        public var collapseTitle = "收起"
        public var button = ContentSpec(kind: .rect(.clear, cornerRadius: 14), right: 12, bottom: 10, width: 64, height: 28)
        public var buttonColor = Color(red: 1, green: 1, blue: 1, alpha: 0.25)
        public var buttonTitleColor = Color.white
        public init() {}
    }

    public let options: Options
    unowned var sim: Simulator!
    var cv: CollectionView { sim.owner(of: options.item) }
    public private(set) var isExpanded = false
    public private(set) var tap: TapGestureRecognizer!
    private var collapsedHeight = 0.0
    /// The cell's own content, before the button is added.
    private var baseContent: [ContentSpec] = []

    public init(options: Options) { self.options = options }

    var expandedHeight: Double { options.expandedHeight ?? collapsedHeight + 100 }

    public func attach(to simulator: Simulator) {
        sim = simulator
        guard let item = cv.item(options.item) else { return }
        collapsedHeight = item.size?.height ?? cv.layout.defaultItemSize.height
        baseContent = item.content
        var withButton = item
        withButton.content = content(buttonTitle: options.expandTitle)
        cv.updateItem(withButton)
        let view = cv
        tap = TapGestureRecognizer(name: "expand.tap", view: { [unowned self] in view.frame(at: self.sim.now) })
        tap.shouldReceiveTouch = { [unowned self] p in self.buttonContains(p) }
        tap.action = { [unowned self] r in if r.state == .ended { self.toggle() } }
        simulator.gestures.add(tap)
    }

    /// The cell's content with the fold button (a rounded block and its title) on top.
    func content(buttonTitle: String) -> [ContentSpec] {
        var block = options.button
        block.kind = .rect(options.buttonColor, cornerRadius: options.button.height / 2)
        var label = options.button
        label.kind = .text(TextElement(text: buttonTitle, frame: .zero, fontSize: 14, weight: .bold, color: options.buttonTitleColor,
                                       alignment: .center))
        return baseContent + [block, label]
    }

    /// Whether a canvas point is on the button (of the cell's model frame: where UIKit hit-tests).
    func buttonContains(_ p: Point) -> Bool {
        guard let state = cv.modelState(of: options.item, at: sim.now) else { return false }
        let local = cv.contentPoint(fromCanvas: p, at: sim.now) - state.frame.origin
        return options.button.frame(in: state.frame.size).contains(local)
    }

    /// Reloads the cell with the other height and title in one animation with everything below.
    public func toggle() {
        guard let item = cv.item(options.item) else { return }
        isExpanded.toggle()
        let width = item.size?.width ?? cv.layout.defaultItemSize.width
        let patch = ItemPatch(size: Size(width: width, height: isExpanded ? expandedHeight : collapsedHeight),
                              content: content(buttonTitle: isExpanded ? options.collapseTitle : options.expandTitle))
        let timing = AnimationTiming.curve(.easeInEaseOut, duration: options.duration)
        let now = sim.now
        cv.performBatchUpdates([.reload(id: options.item, patch)], timing: timing, at: now)
        // A shorter content may leave the view past its end: it follows, in the same animation.
        let scroll = cv.scrollView
        let offset = scroll.contentOffset(at: now)
        if offset.y > scroll.maximumContentOffset.y {
            scroll.scroll(to: Point(x: offset.x, y: scroll.maximumContentOffset.y), timing: timing, at: now)
        }
    }
}
