import Foundation
import UIKit
import FlipbookCore
import FlipbookSimulation
import FlipbookEffects

/// MJRefreshComponent.h: `MJRefreshComponentAction`.
public typealias MJRefreshComponentAction = () -> Void

/// MJRefreshComponent.h: the refresh states.
public enum MJRefreshState: Int, Sendable { case idle = 1, pulling, refreshing, willRefresh, noMoreData }

/// MJRefreshComponent: a refresh control on a scroll view.
open class MJRefreshComponent: UIView {
    /// Runs when the control starts refreshing (the header fully open), as a code step of the scene.
    open var refreshingBlock: MJRefreshComponentAction?
    /// The scene's header while a simulation runs.
    var live: RefreshHeader?
    unowned(unsafe) var simulator: Simulator?

    open var state: MJRefreshState {
        switch live?.state {
        case .pulling: return .pulling
        case .refreshing: return .refreshing
        default: return .idle
        }
    }
    open var isRefreshing: Bool { state == .refreshing }

    /// Ends the refresh: during the scene the header closes from this moment (0.4 s, as
    /// MJRefresh's headerEndingAction); before it, nothing is refreshing.
    open func endRefreshing() {
        guard isRunningSceneCode, let live, let simulator else { return }
        live.endRefreshing(at: simulator.now)
    }
}

/// MJRefreshConst.h / MJRefreshConst.m: the header's height.
public let MJRefreshHeaderHeight: CGFloat = 54.0

/// MJRefreshHeader: the header above a scroll view's content, MJRefreshHeaderHeight tall.
open class MJRefreshHeader: MJRefreshComponent, ScrollViewSceneAttachment {

    /// MJRefreshHeader's `+headerWithRefreshingBlock:`, as Swift imports it.
    public convenience init(refreshingBlock: @escaping MJRefreshComponentAction) {
        self.init(frame: .zero)
        self.refreshingBlock = refreshingBlock
    }

    /// MJRefreshStateHeader's texts as the scene draws them (zh-Hans, MJRefresh's defaults).
    var options: RefreshHeader.Options { RefreshHeader.Options() }

    package func items(sceneViewID: String, width: Double) -> [ItemSpec] {
        var item = ItemSpec(id: sceneViewID + ".mj_header", title: "", color: Color(red: 0, green: 0, blue: 0, alpha: 0))
        item.origin = Point(x: 0, y: -Double(MJRefreshHeaderHeight))
        item.size = Size(width: width, height: Double(MJRefreshHeaderHeight))
        item.style = .supplementary  // square, no shadow or border
        return [item]
    }

    package func attach(to simulator: Simulator, view: CollectionView) {
        var o = options
        o.headerItem = view.spec.id + ".mj_header"
        o.headerHeight = Double(MJRefreshHeaderHeight)
        let header = RefreshHeader(view: view, simulator: simulator, options: o)
        header.onRefresh = { [weak self] _ in
            guard let block = self?.refreshingBlock else { return }
            performSceneCode(in: simulator, path: "$.touches", block)
        }
        live = header
        self.simulator = simulator
    }

    package func scrollViewDidScroll(_ scrollView: ScrollView, at time: Double) { live?.scrollViewDidScroll(scrollView, at: time) }
    package func scrollViewWillEndDragging(_ scrollView: ScrollView, at time: Double) { live?.scrollViewWillEndDragging(scrollView, at: time) }
}

/// MJRefreshStateHeader: the header with its state and last-updated labels.
open class MJRefreshStateHeader: MJRefreshHeader {}

/// MJRefreshNormalHeader: the state header with an arrow and an activity indicator.
open class MJRefreshNormalHeader: MJRefreshStateHeader {}

extension UIScrollView {
    /// UIScrollView+MJRefresh.h: the scroll view's header (one; setting another replaces it).
    public var mj_header: MJRefreshHeader? {
        get { sceneAttachments.lazy.compactMap { $0 as? MJRefreshHeader }.first }
        set {
            sceneAttachments.removeAll { $0 is MJRefreshHeader }
            if let newValue { sceneAttachments.append(newValue) }
        }
    }
}
