import FlipbookCore
import FlipbookLayout
import FlipbookAnimation
import FlipbookSimulation

/// Effect 5 (article 5 of docs/effects.md, “iOS 动画 ——仿继续拖动，查看更多”): "keep pulling to see more", as the Taobao / Tmall product pages do.
///
/// The detail page is a scroll view whose content ends with a 40 pt "--上拉，显示更多--" label;
/// the "more" page waits just below the screen. Pulling the detail page up past its end until
/// its contentOffset.y exceeds the threshold (40 + 64 in the article) swaps the pages: the
/// detail moves up and out, the more page up and in. Pulling the more page down shows a
/// pull-to-refresh header drawn and timed as MJRefreshNormalHeader does it (`RefreshHeader`);
/// the article's refresh block ends it 1 s after it opens and swaps the pages back.
///
/// Two styles: `view` (the article's view version: 0.3 s, the detail leaving to
/// y = −(H + 64)) and `viewController`, with the navigation title switching between "Detail"
/// and "More", in one of two transitions: `slide` (a 0.6 s vertical slide of both pages by the
/// page height — what the author said he wanted) or `none` (what the article's code does:
/// transitionFromViewController with UIViewAnimationOptionTransitionNone and no animations,
/// which puts the new page's view over the old one at once).
public final class PullForMoreEffect: Effect, ScrollViewDelegate {
    public enum Style: String, Sendable, CaseIterable { case view, viewController }
    /// How the view-controller version swaps its pages.
    public enum Transition: String, Sendable, CaseIterable { case slide, none }

    public struct Options: Sendable {
        public var style = Style.view
        public var more = ""
        public var threshold: Double?
        public var swapDuration: Double?
        /// For `viewController` only.
        public var transition = Transition.slide
        public var refreshDuration = 1.0
        public var headerItem: String?
        public var headerHeight = 54.0
        public var navItem: String?
        public var titles = ["Detail", "More"]
        public var refreshTitles = ["下拉可以刷新", "松开立即刷新", "正在刷新数据中..."]
        /// The header's second line after a refresh has ended (RefreshHeader.Options.lastUpdated).
        public var lastUpdated = "最后更新：今天 09:41"
        /// Before one has (RefreshHeader.Options.neverUpdated).
        public var neverUpdated = "最后更新：无记录"
        public init() {}
    }

    public let options: Options
    unowned var sim: Simulator!
    var detail: CollectionView { sim.collectionView }
    var more: CollectionView { sim.view(options.more)! }
    public private(set) var showingMore = false
    /// When the last swap began (for tests and docs).
    public private(set) var swapTimes: [Double] = []
    /// The more page's pull-to-refresh header.
    package private(set) var header: RefreshHeader!
    /// Whether a refresh has ended (the time label then shows `lastUpdated`).
    public var hasRefreshed: Bool { header.hasRefreshed }
    /// When each refresh's callback ran: the header fully open (for tests and docs).
    public var refreshStartTimes: [Double] { header.refreshStartTimes }
    public static let arrowTurnDuration = RefreshHeader.arrowTurnDuration, openDuration = RefreshHeader.openDuration
    public static let closeDuration = RefreshHeader.closeDuration
    public static let labelColor = RefreshHeader.labelColor, labelSize = RefreshHeader.labelSize, labelLeftInset = RefreshHeader.labelLeftInset

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

    public func attach(to simulator: Simulator) {
        sim = simulator
        detail.scrollView.delegate = self
        more.scrollView.delegate = self
        // The more page waits just below its place (the article's downViewFrame).
        more.moveFrame(to: Point(x: 0, y: pageHeight), timing: nil, at: 0)
        if let nav = options.navItem { simulator.setChromeTitle(nav, options.titles[0]) }
        var o = RefreshHeader.Options()
        o.headerItem = options.headerItem
        o.headerHeight = options.headerHeight
        o.refreshTitles = options.refreshTitles
        o.lastUpdated = options.lastUpdated
        o.neverUpdated = options.neverUpdated
        header = RefreshHeader(view: more, simulator: simulator, options: o)
        // The article's refresh block: the refresh ends 1 s after it starts, and the pages swap back.
        header.onRefresh = { [unowned self] _ in
            self.sim.after(self.options.refreshDuration) { [unowned self] now in
                self.header.endRefreshing(at: now)
                self.swap(toMore: false, at: now)
            }
        }
    }

    /// The arrow's angle at `time`: 0 points down, −π up.
    public func arrowRotation(at time: Double) -> Double { header.arrowRotation(at: time) }

    func swap(toMore: Bool, at time: Double) {
        showingMore = toMore
        swapTimes.append(time)
        let timing: AnimationTiming? = options.style == .viewController && options.transition == .none
            ? nil : .curve(.easeInEaseOut, duration: swapDuration)
        detail.moveFrame(to: toMore ? detailExit : .zero, timing: timing, at: time)
        more.moveFrame(to: toMore ? .zero : Point(x: 0, y: pageHeight), timing: timing, at: time)
        if let nav = options.navItem { sim.setChromeTitle(nav, options.titles[toMore ? 1 : 0]) }
    }

    // MARK: - ScrollViewDelegate

    public func scrollViewDidScroll(_ scrollView: ScrollView, at time: Double) {
        if scrollView === detail.scrollView {
            if !showingMore && scrollView.contentOffset(at: time).y > threshold { swap(toMore: true, at: time) }
        } else if scrollView === more.scrollView {
            header.scrollViewDidScroll(scrollView, at: time)
        }
    }

    public func scrollViewWillEndDragging(_ scrollView: ScrollView, velocity: Point, targetContentOffset: Point, at time: Double) {
        guard scrollView === more.scrollView else { return }
        header.scrollViewWillEndDragging(scrollView, at: time)
    }
}
