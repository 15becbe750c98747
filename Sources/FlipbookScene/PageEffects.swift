import FlipbookCore
import FlipbookLayout
import FlipbookAnimation

/// Effect 4 (seeds/003): a cell with a fold button that switches its height.
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
        static let keys = ["item", "expandedHeight", "duration", "expandTitle", "collapseTitle", "button", "buttonColor", "buttonTitleColor"]
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

    public func install(in simulator: Simulator) {
        sim = simulator
        guard let item = cv.item(options.item) else { return }
        collapsedHeight = item.size?.height ?? ((cv.layout as? FlowLayout)?.itemSize.height ?? 100)
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
        label.kind = .text(buttonTitle, fontSize: 14, weight: .bold, color: options.buttonTitleColor, alignment: .center)
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
        let width = item.size?.width ?? ((cv.layout as? FlowLayout)?.itemSize.width ?? 100)
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

/// Effect 5 (seeds/004): "keep pulling to see more", as the Taobao / Tmall product pages do.
///
/// The detail page is a scroll view whose content ends with a 40 pt "--上拉，显示更多--" label;
/// the "more" page waits just below the screen. Pulling the detail page up past its end until
/// its contentOffset.y exceeds the threshold (40 + 64 in the article) swaps the pages: the
/// detail moves up and out, the more page up and in. Pulling the more page down shows a
/// pull-to-refresh header ("下拉可以刷新", then "松开立即刷新" once pulled past its height);
/// released there it holds the header open ("正在刷新数据中...") for the refresh (1 s), then
/// the header closes and the pages swap back.
///
/// Two styles: `view` (the article's view version: 0.3 s, the detail leaving to
/// y = −(H + 64)) and `viewController` (a 0.6 s vertical slide of both pages by the page height
/// — what the author wanted — with the navigation title switching between "Detail" and "More").
public final class PullForMoreEffect: Effect, ScrollViewDelegate {
    public enum Style: String, Sendable, CaseIterable { case view, viewController }
    public enum RefreshState: String, Sendable { case idle, pulling, refreshing }

    public struct Options: Sendable {
        public var style = Style.view
        public var more = ""
        public var threshold: Double?
        public var swapDuration: Double?
        public var refreshDuration = 1.0
        public var headerItem: String?
        public var headerHeight = 54.0
        public var navItem: String?
        public var titles = ["Detail", "More"]
        public var refreshTitles = ["↓ 下拉可以刷新", "↑ 松开立即刷新", "正在刷新数据中..."]
        public init() {}
        static let keys = ["style", "more", "threshold", "swapDuration", "refreshDuration", "headerItem", "headerHeight", "navItem", "titles", "refreshTitles"]
    }

    public let options: Options
    unowned var sim: Simulator!
    var detail: CollectionView { sim.collectionView }
    var more: CollectionView { sim.view(options.more)! }
    public private(set) var showingMore = false
    public private(set) var refreshState = RefreshState.idle
    /// When the last swap began (for tests and docs).
    public private(set) var swapTimes: [Double] = []

    public init(options: Options) { self.options = options }

    var pageHeight: Double { detail.spec.frame.height }
    var swapDuration: Double { options.swapDuration ?? (options.style == .view ? 0.3 : 0.6) }
    /// The article's test: contentOffset.y > MOREVIEW_HEIGHT + NAV_HEIGHT (40 + 64).
    var threshold: Double { options.threshold ?? 104 }
    /// Where the detail page goes: the article's upViewFrame (y = −SCREEN_HEIGHT − NAV_HEIGHT) for
    /// the view version; one page up for the view-controller slide.
    var detailExit: Point {
        Point(x: 0, y: options.style == .view ? -(sim.scene.canvas.height + detail.spec.frame.minY) : -pageHeight)
    }

    public func install(in simulator: Simulator) {
        sim = simulator
        detail.scrollView.delegate = self
        more.scrollView.delegate = self
        // The more page waits just below its place (the article's downViewFrame).
        more.moveFrame(to: Point(x: 0, y: pageHeight), timing: nil, at: 0)
        if let nav = options.navItem { simulator.setChromeTitle(nav, options.titles[0]) }
        setHeader(.idle)
    }

    func setHeader(_ state: RefreshState) {
        refreshState = state
        guard let id = options.headerItem, var item = more.item(id) else { return }
        let index = state == .idle ? 0 : state == .pulling ? 1 : 2
        item.title = options.refreshTitles[index]
        more.updateItem(item)
    }

    func swap(toMore: Bool, at time: Double) {
        showingMore = toMore
        swapTimes.append(time)
        let timing = AnimationTiming.curve(.easeInEaseOut, duration: swapDuration)
        detail.moveFrame(to: toMore ? detailExit : .zero, timing: timing, at: time)
        more.moveFrame(to: toMore ? .zero : Point(x: 0, y: pageHeight), timing: timing, at: time)
        if let nav = options.navItem { sim.setChromeTitle(nav, options.titles[toMore ? 1 : 0]) }
    }

    // MARK: - ScrollViewDelegate

    public func scrollViewDidScroll(_ scrollView: ScrollView, at time: Double) {
        if scrollView === detail.scrollView {
            if !showingMore && scrollView.contentOffset(at: time).y > threshold { swap(toMore: true, at: time) }
        } else if scrollView === more.scrollView, refreshState != .refreshing, scrollView.isDragging {
            let pulled = -(scrollView.contentOffset(at: time).y + scrollView.contentInset.top)
            setHeader(pulled > options.headerHeight ? .pulling : .idle)
        }
    }

    public func scrollViewWillEndDragging(_ scrollView: ScrollView, velocity: Point, targetContentOffset: Point, at time: Double) {
        guard scrollView === more.scrollView, refreshState == .pulling else { return }
        // Refreshing: the header stays open while the data loads.
        setHeader(.refreshing)
        scrollView.contentInset.top += options.headerHeight
        sim.after(options.refreshDuration) { [unowned self] now in self.endRefreshing(at: now) }
    }

    func endRefreshing(at time: Double) {
        let scroll = more.scrollView
        scroll.contentInset.top -= options.headerHeight
        scroll.scroll(to: Point(x: scroll.contentOffset(at: time).x, y: -scroll.contentInset.top),
                      timing: .curve(.easeInEaseOut, duration: 0.4), at: time)
        setHeader(.idle)
        swap(toMore: false, at: time)
    }
}
