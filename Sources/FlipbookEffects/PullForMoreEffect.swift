import FlipbookCore
import FlipbookLayout
import FlipbookAnimation
import FlipbookGraphics
import FlipbookSimulation

/// Effect 5 (article 5 of docs/effects.md, “iOS 动画 ——仿继续拖动，查看更多”): "keep pulling to see more", as the Taobao / Tmall product pages do.
///
/// The detail page is a scroll view whose content ends with a 40 pt "--上拉，显示更多--" label;
/// the "more" page waits just below the screen. Pulling the detail page up past its end until
/// its contentOffset.y exceeds the threshold (40 + 64 in the article) swaps the pages: the
/// detail moves up and out, the more page up and in. Pulling the more page down shows a
/// pull-to-refresh header drawn and timed as MJRefreshNormalHeader does it (MJRefresh,
/// https://github.com/CoderMJLee/MJRefresh: MJRefreshConst.h, MJRefreshStateHeader.m,
/// MJRefreshNormalHeader.m, MJRefreshHeader.m): two labels in bold 14 pt RGB(90, 90, 90), each
/// centred in its half of the 54 pt header (13.5 and 40.5 pt down), the state line
/// ("下拉可以刷新", then "松开立即刷新" once pulled past the header's height) over
/// "最后更新：无记录" until a refresh has ended and the scene's time text after it; the arrow
/// tinted like the labels, 25 pt (MJRefreshLabelLeftInset) left of the wider label's text,
/// turning 180° in 0.25 s (MJRefreshFastAnimationDuration) when the pull crosses the threshold.
/// Released there, the header opens: inset and offset animate to −54 in 0.25 s
/// (headerRefreshingAction), and the refresh starts when it is open ("正在刷新数据中...", a spinner
/// in place of the arrow). The article's refresh block ends it 1 s later and swaps the pages
/// back; the header closes in 0.4 s (MJRefreshSlowAnimationDuration) as the spinner fades out
/// over the same 0.4 s, the arrow hidden until then.
///
/// Two styles: `view` (the article's view version: 0.3 s, the detail leaving to
/// y = −(H + 64)) and `viewController`, with the navigation title switching between "Detail"
/// and "More", in one of two transitions: `slide` (a 0.6 s vertical slide of both pages by the
/// page height — what the author said he wanted) or `none` (what the article's code does:
/// transitionFromViewController with UIViewAnimationOptionTransitionNone and no animations,
/// which puts the new page's view over the old one at once).
public final class PullForMoreEffect: Effect, ScrollViewDelegate {
    public enum Style: String, Sendable, CaseIterable { case view, viewController }
    public enum RefreshState: String, Sendable { case idle, pulling, refreshing }
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
        /// The header's second line after a refresh has ended (MJRefresh shows the date it saved
        /// then; a scene gives it, so output stays deterministic). Before: `neverUpdated`.
        public var lastUpdated = "最后更新：今天 09:41"
        /// MJRefreshHeaderLastTimeText + MJRefreshHeaderNoneLastDateText (zh-Hans).
        public var neverUpdated = "最后更新：无记录"
        public init() {}
    }

    public let options: Options
    unowned var sim: Simulator!
    var detail: CollectionView { sim.collectionView }
    var more: CollectionView { sim.view(options.more)! }
    public private(set) var showingMore = false
    public private(set) var refreshState = RefreshState.idle
    /// When the last swap began (for tests and docs).
    public private(set) var swapTimes: [Double] = []
    /// The header arrow's turn: from, to (radians) and when it began.
    private var arrowTurn = (from: 0.0, to: 0.0, begin: -1.0)
    private var headerLink: DisplayLink?
    private var refreshBegan = 0.0
    /// When the spinner began fading out at the end of a refresh (−∞: not fading).
    private var spinnerFadeBegan = -Double.infinity
    /// Whether a refresh has ended (the time label then shows `lastUpdated`).
    public private(set) var hasRefreshed = false
    /// When each refresh's callback ran: the header fully open (for tests and docs).
    public private(set) var refreshStartTimes: [Double] = []
    /// MJRefreshFastAnimationDuration: the arrow's turn and the header's opening.
    public static let arrowTurnDuration = 0.25, openDuration = 0.25
    /// The arrow image's height (MJRefresh.bundle/arrow@2x.png, 46 px at 2x).
    static let arrowHeight = 23.0
    /// MJRefreshSlowAnimationDuration: the header's closing and the spinner's fade.
    public static let closeDuration = 0.4
    /// MJRefreshConst.h: MJRefreshLabelTextColor, MJRefreshLabelFont (bold 14); MJRefreshConst.m:
    /// MJRefreshLabelLeftInset.
    public static let labelColor = Color(red: 90 / 255, green: 90 / 255, blue: 90 / 255), labelSize = 14.0, labelLeftInset = 25.0

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
        setHeader(.idle)
    }

    func setHeader(_ state: RefreshState, at time: Double = 0) {
        let old = refreshState
        refreshState = state
        guard options.headerItem != nil else { return }
        switch (old, state) {
        case (.idle, .pulling), (.pulling, .idle):
            // The arrow turns from where it is on screen (UIView animation from the current state).
            let now = arrowRotation(at: time)
            // MJRefresh turns it to 0.000001 − π: counter-clockwise up, and clockwise back.
            arrowTurn = (now, state == .pulling ? -Double.pi : 0, time)
        case (.refreshing, .idle):
            // MJRefreshNormalHeader: the arrow is reset but stays hidden while the spinner fades.
            arrowTurn = (0, 0, time)
            spinnerFadeBegan = time
        default:
            break
        }
        if state == .refreshing { refreshBegan = time }
        updateHeader(at: time)
        // Redrawn every frame while the arrow turns or the spinner spins.
        if headerLink == nil && (state == .refreshing || arrowTurn.from != arrowTurn.to || isSpinnerFading(at: time)) {
            headerLink = sim.addDisplayLink { [unowned self] now in self.updateHeader(at: now) }
        }
    }

    /// The arrow's angle at `time`: 0 points down, −π up.
    public func arrowRotation(at time: Double) -> Double {
        let t = min(1, max(0, (time - arrowTurn.begin) / PullForMoreEffect.arrowTurnDuration))
        return arrowTurn.from + (arrowTurn.to - arrowTurn.from) * TimingCurve.easeInEaseOut.value(at: t)
    }

    func isSpinnerFading(at time: Double) -> Bool { time < spinnerFadeBegan + PullForMoreEffect.closeDuration - 1e-9 }

    func updateHeader(at time: Double) {
        guard let id = options.headerItem, var item = more.item(id) else { return }
        let index = refreshState == .idle ? 0 : refreshState == .pulling ? 1 : 2
        let size = more.presentationState(of: id, at: time)?.frame.size ?? item.size ?? Size(width: 0, height: options.headerHeight)
        // MJRefreshStateHeader: the state label fills the top half, the time label the bottom
        // half, both centred; MJRefreshNormalHeader centres the arrow (and the spinner)
        // vertically, labelLeftInset left of the wider label's text.
        let texts = [options.refreshTitles[index], hasRefreshed ? options.lastUpdated : options.neverUpdated]
        let half = size.height / 2
        item.title = ""
        item.subtitle = ""
        var content = texts.enumerated().map { k, text in
            ContentSpec(kind: .text(TextElement(text: text, frame: .zero, fontSize: PullForMoreEffect.labelSize, weight: .bold,
                                                color: PullForMoreEffect.labelColor, alignment: .center)),
                        x: 0, y: Double(k) * half, width: size.width, height: half)
        }
        let textWidth = texts.map { (try? Typesetter.naturalWidth(of: $0, fontSize: PullForMoreEffect.labelSize, weight: .bold)) ?? 0 }.max() ?? 0
        let centreX = size.width / 2 - (textWidth / 2 + PullForMoreEffect.labelLeftInset)
        let side = min(size.height * 0.7, 36.0)
        let place = { (kind: ContentSpec.Kind, width: Double, height: Double) in
            ContentSpec(kind: kind, x: centreX - width / 2, y: (size.height - height) / 2, width: width, height: height)
        }
        if refreshState == .refreshing || isSpinnerFading(at: time) {
            // UIActivityIndicatorView turns once a second in twelve steps; at the end of a refresh
            // it fades out over 0.4 s (UIView.animate's ease-in-ease-out) with no arrow shown.
            let phase = Int(((time - refreshBegan) * 12).rounded(.down)) % 12
            var color = Color.systemGray
            if refreshState != .refreshing {
                let u = TimingCurve.easeInEaseOut.value(at: min(1, max(0, (time - spinnerFadeBegan) / PullForMoreEffect.closeDuration)))
                color = color.withAlpha(1 - u)
            }
            content.append(place(.spinner(phase: phase, color: color), side * 0.6, side))
        } else {
            // MJRefresh.bundle's arrow@2x.png is 46 px tall: 23 pt (measured from the image in
            // github.com/CoderMJLee/MJRefresh); the shaft and head keep our proportions.
            let height = min(PullForMoreEffect.arrowHeight, size.height)
            content.append(place(.arrow(rotation: arrowRotation(at: time), color: PullForMoreEffect.labelColor), height * 0.45, height))
        }
        item.content = content
        more.updateItem(item)
        if refreshState != .refreshing && !isSpinnerFading(at: time) && time >= arrowTurn.begin + PullForMoreEffect.arrowTurnDuration {
            headerLink?.invalidate()
            headerLink = nil
        }
    }

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
        } else if scrollView === more.scrollView, refreshState != .refreshing, scrollView.isDragging {
            let pulled = -(scrollView.contentOffset(at: time).y + scrollView.contentInset.top)
            let state: RefreshState = pulled > options.headerHeight ? .pulling : .idle
            if state != refreshState { setHeader(state, at: time) }
        }
    }

    public func scrollViewWillEndDragging(_ scrollView: ScrollView, velocity: Point, targetContentOffset: Point, at time: Double) {
        guard scrollView === more.scrollView, refreshState == .pulling else { return }
        // MJRefreshHeader's headerRefreshingAction: the inset grows by the header's height and
        // the offset goes to −(inset) in one 0.25 s UIView animation; the refreshing block runs
        // when it completes, and the article's block ends the refresh 1 s after that.
        setHeader(.refreshing, at: time)
        scrollView.contentInset.top += options.headerHeight
        scrollView.scroll(to: Point(x: scrollView.contentOffset(at: time).x, y: -scrollView.contentInset.top),
                          timing: .curve(.easeInEaseOut, duration: PullForMoreEffect.openDuration), at: time)
        sim.after(PullForMoreEffect.openDuration) { [unowned self] open in
            self.refreshStartTimes.append(open)
            self.sim.after(self.options.refreshDuration) { [unowned self] now in self.endRefreshing(at: now) }
        }
    }

    func endRefreshing(at time: Double) {
        let scroll = more.scrollView
        scroll.contentInset.top -= options.headerHeight
        // headerEndingAction: the inset (and the offset with it) back in 0.4 s.
        scroll.scroll(to: Point(x: scroll.contentOffset(at: time).x, y: -scroll.contentInset.top),
                      timing: .curve(.easeInEaseOut, duration: PullForMoreEffect.closeDuration), at: time)
        hasRefreshed = true
        setHeader(.idle, at: time)
        swap(toMore: false, at: time)
    }
}
