import FlipbookCore
import FlipbookLayout
import FlipbookAnimation
import FlipbookSimulation

/// A pull-to-refresh header on a view of the simulation, drawn and timed as MJRefresh's
/// MJRefreshNormalHeader does it (MJRefresh, https://github.com/CoderMJLee/MJRefresh:
/// MJRefreshConst.h, MJRefreshStateHeader.m, MJRefreshNormalHeader.m, MJRefreshHeader.m): two
/// labels in bold 14 pt RGB(90, 90, 90), each centred in its half of the 54 pt header (13.5 and
/// 40.5 pt down), the state line ("下拉可以刷新", then "松开立即刷新" once pulled past the
/// header's height) over "最后更新：无记录" until a refresh has ended and the scene's time text
/// after it; the arrow tinted like the labels, 25 pt (MJRefreshLabelLeftInset) left of the wider
/// label's text, turning 180° in 0.25 s (MJRefreshFastAnimationDuration) when the pull crosses
/// the threshold. Released there, the header opens: inset and offset animate to −54 in 0.25 s
/// (headerRefreshingAction), and `onRefresh` runs when it is open ("正在刷新数据中...", a spinner
/// in place of the arrow). `endRefreshing(at:)` closes it in 0.4 s
/// (MJRefreshSlowAnimationDuration) as the spinner fades out over the same 0.4 s, the arrow
/// hidden until then.
///
/// The owner passes its view's scroll callbacks (`scrollViewDidScroll`,
/// `scrollViewWillEndDragging`), as MJRefresh observes its scroll view's offset and pan.
package final class RefreshHeader {
    package enum State: String, Sendable { case idle, pulling, refreshing }

    package struct Options: Sendable {
        /// The item that draws the header (its content is set every frame it changes); nil
        /// refreshes without drawing one.
        package var headerItem: String?
        package var headerHeight = 54.0
        package var refreshTitles = ["下拉可以刷新", "松开立即刷新", "正在刷新数据中..."]
        /// The second line after a refresh has ended (MJRefresh shows the date it saved then; a
        /// scene gives it, so output stays deterministic). Before: `neverUpdated`.
        package var lastUpdated = "最后更新：今天 09:41"
        /// MJRefreshHeaderLastTimeText + MJRefreshHeaderNoneLastDateText (zh-Hans).
        package var neverUpdated = "最后更新：无记录"
        package init() {}
    }

    package let options: Options
    let view: CollectionView
    unowned let sim: Simulator
    /// Runs when a refresh starts: the header fully open (MJRefresh's refreshingBlock).
    package var onRefresh: ((Double) -> Void)?
    package private(set) var state = State.idle
    /// Whether a refresh has ended (the time label then shows `lastUpdated`).
    package private(set) var hasRefreshed = false
    /// When each refresh started: the header fully open (for tests and docs).
    package private(set) var refreshStartTimes: [Double] = []
    /// The arrow's turn: from, to (radians) and when it began.
    private var arrowTurn = (from: 0.0, to: 0.0, begin: -1.0)
    private var link: DisplayLink?
    private var refreshBegan = 0.0
    /// When the spinner began fading out at the end of a refresh (−∞: not fading).
    private var spinnerFadeBegan = -Double.infinity

    /// MJRefreshFastAnimationDuration: the arrow's turn and the header's opening.
    package static let arrowTurnDuration = 0.25, openDuration = 0.25
    /// The arrow image's height (MJRefresh.bundle/arrow@2x.png, 46 px at 2x).
    static let arrowHeight = 23.0
    /// MJRefreshSlowAnimationDuration: the header's closing and the spinner's fade.
    package static let closeDuration = 0.4
    /// MJRefreshConst.h: MJRefreshLabelTextColor, MJRefreshLabelFont (bold 14); MJRefreshConst.m:
    /// MJRefreshLabelLeftInset.
    package static let labelColor = Color(red: 90 / 255, green: 90 / 255, blue: 90 / 255), labelSize = 14.0, labelLeftInset = 25.0

    package init(view: CollectionView, simulator: Simulator, options: Options) {
        self.view = view
        self.sim = simulator
        self.options = options
        set(.idle)
    }

    func set(_ new: State, at time: Double = 0) {
        let old = state
        state = new
        guard options.headerItem != nil else { return }
        switch (old, new) {
        case (.idle, .pulling), (.pulling, .idle):
            // The arrow turns from where it is on screen (UIView animation from the current state).
            let now = arrowRotation(at: time)
            // MJRefresh turns it to 0.000001 − π: counter-clockwise up, and clockwise back.
            arrowTurn = (now, new == .pulling ? -Double.pi : 0, time)
        case (.refreshing, .idle):
            // MJRefreshNormalHeader: the arrow is reset but stays hidden while the spinner fades.
            arrowTurn = (0, 0, time)
            spinnerFadeBegan = time
        default:
            break
        }
        if new == .refreshing { refreshBegan = time }
        update(at: time)
        // Redrawn every frame while the arrow turns or the spinner spins.
        if link == nil && (new == .refreshing || arrowTurn.from != arrowTurn.to || isSpinnerFading(at: time)) {
            link = sim.addDisplayLink { [unowned self] now in self.update(at: now) }
        }
    }

    /// The arrow's angle at `time`: 0 points down, −π up.
    package func arrowRotation(at time: Double) -> Double {
        let t = min(1, max(0, (time - arrowTurn.begin) / RefreshHeader.arrowTurnDuration))
        return arrowTurn.from + (arrowTurn.to - arrowTurn.from) * TimingCurve.easeInEaseOut.value(at: t)
    }

    func isSpinnerFading(at time: Double) -> Bool { time < spinnerFadeBegan + RefreshHeader.closeDuration - 1e-9 }

    func update(at time: Double) {
        guard let id = options.headerItem, var item = view.item(id) else { return }
        let index = state == .idle ? 0 : state == .pulling ? 1 : 2
        let size = view.presentationState(of: id, at: time)?.frame.size ?? item.size ?? Size(width: 0, height: options.headerHeight)
        // MJRefreshStateHeader: the state label fills the top half, the time label the bottom
        // half, both centred; MJRefreshNormalHeader centres the arrow (and the spinner)
        // vertically, labelLeftInset left of the wider label's text.
        let texts = [options.refreshTitles[index], hasRefreshed ? options.lastUpdated : options.neverUpdated]
        let half = size.height / 2
        item.title = ""
        item.subtitle = ""
        var content = texts.enumerated().map { k, text in
            ContentSpec(kind: .text(TextElement(text: text, frame: .zero, fontSize: RefreshHeader.labelSize, weight: .bold,
                                                color: RefreshHeader.labelColor, alignment: .center)),
                        x: 0, y: Double(k) * half, width: size.width, height: half)
        }
        let textWidth = texts.map { text in
            sim.measurements.value(or: 0) { try $0.naturalWidth(of: text, fontSize: RefreshHeader.labelSize, weight: .bold) }
        }.max() ?? 0
        let centreX = size.width / 2 - (textWidth / 2 + RefreshHeader.labelLeftInset)
        let side = min(size.height * 0.7, 36.0)
        let place = { (kind: ContentSpec.Kind, width: Double, height: Double) in
            ContentSpec(kind: kind, x: centreX - width / 2, y: (size.height - height) / 2, width: width, height: height)
        }
        if state == .refreshing || isSpinnerFading(at: time) {
            // UIActivityIndicatorView turns once a second in twelve steps; at the end of a refresh
            // it fades out over 0.4 s (UIView.animate's ease-in-ease-out) with no arrow shown.
            let phase = Int(((time - refreshBegan) * 12).rounded(.down)) % 12
            var color = Color.systemGray
            if state != .refreshing {
                let u = TimingCurve.easeInEaseOut.value(at: min(1, max(0, (time - spinnerFadeBegan) / RefreshHeader.closeDuration)))
                color = color.withAlpha(1 - u)
            }
            content.append(place(.spinner(phase: phase, color: color), side * 0.6, side))
        } else {
            // MJRefresh.bundle's arrow@2x.png is 46 px tall: 23 pt (measured from the image in
            // github.com/CoderMJLee/MJRefresh); the shaft and head keep our proportions.
            let height = min(RefreshHeader.arrowHeight, size.height)
            content.append(place(.arrow(rotation: arrowRotation(at: time), color: RefreshHeader.labelColor), height * 0.45, height))
        }
        item.content = content
        view.updateItem(item)
        if state != .refreshing && !isSpinnerFading(at: time) && time >= arrowTurn.begin + RefreshHeader.arrowTurnDuration {
            link?.invalidate()
            link = nil
        }
    }

    /// MJRefreshHeader's scrollViewContentOffsetDidChange: while the finger drags, the state
    /// follows whether the pull passes the header's height.
    package func scrollViewDidScroll(_ scrollView: ScrollView, at time: Double) {
        guard state != .refreshing, scrollView.isDragging else { return }
        let pulled = -(scrollView.contentOffset(at: time).y + scrollView.contentInset.top)
        let new: State = pulled > options.headerHeight ? .pulling : .idle
        if new != state { set(new, at: time) }
    }

    /// Released past the threshold: MJRefreshHeader's headerRefreshingAction — the inset grows
    /// by the header's height and the offset goes to −(inset) in one 0.25 s UIView animation;
    /// the refresh starts when it completes.
    package func scrollViewWillEndDragging(_ scrollView: ScrollView, at time: Double) {
        guard state == .pulling else { return }
        set(.refreshing, at: time)
        scrollView.contentInset.top += options.headerHeight
        scrollView.scroll(to: Point(x: scrollView.contentOffset(at: time).x, y: -scrollView.contentInset.top),
                          timing: .curve(.easeInEaseOut, duration: RefreshHeader.openDuration), at: time)
        sim.after(RefreshHeader.openDuration) { [unowned self] open in
            self.refreshStartTimes.append(open)
            self.onRefresh?(open)
        }
    }

    /// MJRefreshHeader's endRefreshing (headerEndingAction): the inset, and the offset with it,
    /// back in 0.4 s.
    package func endRefreshing(at time: Double) {
        guard state == .refreshing else { return }
        let scroll = view.scrollView
        scroll.contentInset.top -= options.headerHeight
        scroll.scroll(to: Point(x: scroll.contentOffset(at: time).x, y: -scroll.contentInset.top),
                      timing: .curve(.easeInEaseOut, duration: RefreshHeader.closeDuration), at: time)
        hasRefreshed = true
        set(.idle, at: time)
    }
}
