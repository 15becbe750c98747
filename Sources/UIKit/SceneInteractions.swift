import Foundation
import FlipbookCore
import FlipbookLayout
import FlipbookSimulation

extension UICollectionView {
    /// The selected items, as the data is now (https://developer.apple.com/documentation/uikit/uicollectionview/indexpathsforselecteditems).
    public var indexPathsForSelectedItems: [IndexPath]? {
        var out: [IndexPath] = []
        for (s, section) in itemIDs.enumerated() { for (i, id) in section.enumerated() where selectedIDs.contains(id) { out.append(IndexPath(item: i, section: s)) } }
        return out
    }

    /// Deselects the item; its cell's isSelected becomes false (the delegate is not told, as
    /// in UIKit).
    public func deselectItem(at indexPath: IndexPath, animated: Bool) {
        guard let id = itemID(at: indexPath) else { return }
        setSelected(false, id: id)
    }

    /// Marks the item's cell selected or not; the cell is drawn again from its views (a cell that
    /// restyles its subviews in isSelected's didSet, its background colour, its selected
    /// background view). A look Flipbook does not draw yet is one line of the scene's error.
    func setSelected(_ selected: Bool, id: String) {
        if selected { selectedIDs.insert(id) } else { selectedIDs.remove(id) }
        restyle(id) { $0.isSelected = selected }
    }

    /// Marks the item's cell highlighted or not, drawn again as `setSelected` draws it.
    func setHighlighted(_ highlighted: Bool, id: String) {
        restyle(id) { $0.isHighlighted = highlighted }
    }

    private func restyle(_ id: String, _ change: (UICollectionViewCell) -> Void) {
        guard let cell = cells[id] else { return }
        let before = UIKitCellLook.look(of: cell).1
        change(cell)
        drawnContent["cell|" + id] = nil
        if cell.contentConfiguration is UIListContentConfiguration, cell.backgroundConfiguration != nil {
            SceneRecording.current?.fail("cell \(id): a backgroundConfiguration on a cell with a UIListContentConfiguration is not drawn yet (on a cell of your own views it is)")
        }
        if UIKitCellLook.look(of: cell).1 != before {
            SceneRecording.current?.fail("cell \(id): a corner radius, border or shadow of the cell that changes with its state is not drawn yet (its colours, subviews and background views are)")
        }
    }
}

/// Touches on a UIKit scene's cells highlight and select them as UICollectionView does
/// (https://developer.apple.com/documentation/uikit/changing-the-appearance-of-selected-and-highlighted-cells):
/// a finger that rests on a cell highlights it (`shouldHighlightItemAt`, the cell's
/// `isHighlighted`, `didHighlightItemAt`) once the scroll view's delay for telling a tap from a
/// scroll has passed; lifting it unhighlights the cell (`didUnhighlightItemAt`) and selects it:
/// `shouldSelectItemAt`, the previous selection deselected (`didDeselectItemAt`), the cell's
/// `isSelected`, then `didSelectItemAt` — whose code runs at that moment of the scene, its calls
/// becoming the scene's actions (SceneStep.at). A finger that moves away (a scroll) only
/// unhighlights.
final class UIKitInteractionsEffect: Effect {
    let cv: UICollectionView
    unowned var sim: Simulator!
    private(set) var press: CellPressRecognizer!
    /// The item the touch highlighted, until it is unhighlighted.
    private var highlighted: String?
    /// Tells the delegate the scroll view's callbacks.
    private var scrollCallbacks: ScrollCallbackRelay?

    init(_ cv: UICollectionView) { self.cv = cv }

    func attach(to simulator: Simulator) {
        sim = simulator
        cv.selectedIDs = []
        let view = simulator.collectionView
        press = CellPressRecognizer(name: "collectionView.select", view: { [unowned simulator] in view.frame(at: simulator.now) })
        press.shouldReceiveTouch = { [unowned self] p in view.itemID(atCanvas: p, at: self.sim.now) != nil }
        press.highlight = { [unowned self] in self.highlight(at: self.press.startLocation) }
        press.action = { [unowned self] r in
            switch r.state {
            case .ended: self.select(at: r.location)
            case .failed, .cancelled: self.unhighlight()
            default: break
            }
        }
        simulator.gestures.add(press)
        installAppRecognizers()
        // The collection view's delegate hears the scroll view's callbacks, as code steps.
        if cv.delegate != nil {
            scrollCallbacks = ScrollCallbackRelay(view: cv, sim: simulator)
            simulator.collectionView.scrollView.delegate = scrollCallbacks
        }
    }

    /// The app's own recognizers on the collection view, each driven by a recognizer of the
    /// simulation's of the same kind; their actions run as code steps at each state change.
    private func installAppRecognizers() {
        let view = sim.collectionView
        var made: [(UIGestureRecognizer, GestureRecognizer)] = []
        defer {
            // require(toFail:) between them, as the simulation's recognizers follow it; and the
            // collection view's own selection waits for them all, as a recognizer on the view
            // gets its touches first and, recognised, cancels them (a tap recognizer on a
            // collection view keeps its cells from being selected).
            for (g, r) in made { r.requiresFailureOf = g.required.compactMap { q in made.first { $0.0 === q }?.1 } }
            press.requiresFailureOf = made.map(\.1)
        }
        for (k, g) in (cv.gestureRecognizers ?? []).enumerated() {
            let frame: () -> Rect = { [unowned self] in view.frame(at: self.sim.now) }
            let r: GestureRecognizer
            switch g {
            case let lp as UILongPressGestureRecognizer:
                let x = LongPressGestureRecognizer(name: "collectionView.longPress.\(k)", view: frame)
                x.minimumPressDuration = Double(lp.minimumPressDuration)
                x.allowableMovement = Double(lp.allowableMovement)
                r = x
            case let tap as UITapGestureRecognizer:
                let x = TapGestureRecognizer(name: "collectionView.tap.\(k)", view: frame)
                x.numberOfTapsRequired = tap.numberOfTapsRequired
                r = x
            case is UIPanGestureRecognizer:
                r = PanGestureRecognizer(name: "collectionView.pan.\(k)", view: frame)
            default:
                continue  // refused when the scene was made (Scene(name:…collectionView:))
            }
            r.isEnabled = g.isEnabled
            r.action = { [unowned self] r in self.deliver(r, to: g) }
            sim.gestures.add(r)
            made.append((g, r))
        }
    }

    /// The recognizer's state and touch, UIKit's way, then its action at this moment.
    private func deliver(_ r: GestureRecognizer, to g: UIGestureRecognizer) {
        let state: UIGestureRecognizer.State
        switch r.state {
        case .began: state = .began
        case .changed: state = .changed
        case .ended: state = .ended
        case .cancelled: state = .cancelled
        case .failed, .possible: g.state = r.state == .failed ? .failed : .possible; return
        }
        g.state = state
        g.canvasLocation = CGPoint(x: r.location.x, y: r.location.y)
        g.touches = state == .ended || state == .cancelled ? 0 : 1
        if let pan = g as? UIPanGestureRecognizer {
            if state == .began { pan.began() }
            pan.canvasTranslation = CGPoint(x: r.translation.x, y: r.translation.y)
            pan.canvasVelocity = CGPoint(x: r.velocity.x, y: r.velocity.y)
        }
        let time = sim.now
        g.locate = { [unowned self] p, target in self.locate(p, in: target, at: time) }
        performSceneCode(in: sim, path: "$.touches") { g.action(g) }
    }

    /// A canvas point in `target`'s coordinates: the collection view's content coordinates,
    /// a cell's own (from where its item is then), or the window's (nil, another view).
    private func locate(_ p: CGPoint, in target: UIView?, at time: Double) -> CGPoint {
        guard let target else { return p }
        let view = sim.collectionView
        let c = view.contentPoint(fromCanvas: Point(x: Double(p.x), y: Double(p.y)), at: time)
        let content = CGPoint(x: c.x, y: c.y)
        if target === cv { return content }
        // A cell, or a view inside one: from the cell's place on screen.
        var v: UIView? = target
        while let candidate = v, !(candidate is UICollectionViewCell) { v = candidate.superview }
        if let cell = v as? UICollectionViewCell, let id = cell.sceneItemID, let f = view.layoutAttributes(for: id)?.frame {
            let inCell = CGPoint(x: content.x - f.minX, y: content.y - f.minY)
            return target === cell ? inCell : target.convert(inCell, from: cell)
        }
        return p
    }

    private func highlight(at p: Point) {
        guard let id = sim.collectionView.itemID(atCanvas: p, at: sim.now) else { return }
        performSceneCode(in: sim, path: "$.touches") { [unowned self] in self.highlightNow(id) }
    }

    /// Runs inside a code step: shouldHighlightItemAt, the cell's isHighlighted, didHighlightItemAt.
    private func highlightNow(_ id: String) {
        guard let indexPath = cv.indexPath(forItemID: id) else { return }
        if let delegate = cv.delegate, !delegate.collectionView(cv, shouldHighlightItemAt: indexPath) { return }
        highlighted = id
        cv.setHighlighted(true, id: id)
        cv.delegate?.collectionView(cv, didHighlightItemAt: indexPath)
    }

    /// Runs inside a code step (or makes one).
    private func unhighlightNow() {
        guard let id = highlighted else { return }
        highlighted = nil
        cv.setHighlighted(false, id: id)
        if let indexPath = cv.indexPath(forItemID: id) { cv.delegate?.collectionView(cv, didUnhighlightItemAt: indexPath) }
    }

    private func unhighlight() {
        guard highlighted != nil else { return }
        performSceneCode(in: sim, path: "$.touches") { [unowned self] in self.unhighlightNow() }
    }

    func select(at p: Point) {
        let view = sim.collectionView
        guard let id = view.itemID(atCanvas: p, at: sim.now) else { return unhighlight() }
        let cv = self.cv
        performSceneCode(in: sim, path: "$.touches") { [unowned self] in
            // A tap shorter than the delay is highlighted and unhighlighted as it ends (UIKit
            // delivers the delayed touch-down then), so the delegate hears both.
            if self.highlighted == nil { self.highlightNow(id) }
            self.unhighlightNow()
            guard let indexPath = cv.indexPath(forItemID: id) else { return }
            if let delegate = cv.delegate, !delegate.collectionView(cv, shouldSelectItemAt: indexPath) { return }
            for previous in cv.indexPathsForSelectedItems ?? [] where previous != indexPath {
                if let other = cv.itemID(at: previous) { cv.setSelected(false, id: other) }
                cv.delegate?.collectionView(cv, didDeselectItemAt: previous)
            }
            cv.setSelected(true, id: id)
            cv.delegate?.collectionView(cv, didSelectItemAt: indexPath)
        }
    }
}

/// Something a library adds to a scroll view (MJRefresh's header) that a scene of scroll views
/// draws as items of the scroll view's scene view and drives from its scroll callbacks, as the
/// library observes its scroll view's offset and pan on iOS.
package protocol ScrollViewSceneAttachment: AnyObject {
    /// Its items in the scroll view's content (`width`: the scroll view's).
    func items(sceneViewID: String, width: Double) -> [ItemSpec]
    /// A simulation of the scene starts: `view` is the scroll view's.
    func attach(to simulator: Simulator, view: CollectionView)
    func scrollViewDidScroll(_ scrollView: ScrollView, at time: Double)
    func scrollViewWillEndDragging(_ scrollView: ScrollView, at time: Double)
}

/// Your code (a library's callback: MJRefresh's refreshing block) run at this moment of the
/// scene, as a code step: its calls become the scene's actions.
package func performSceneCode(in simulator: Simulator, path: String, _ body: @escaping () -> Void) {
    // A UIKit scene has its host from the start; a scene without one is refused naming the step.
    simulator.perform(UIKitHost.of(simulator)?.step(body) ?? .code(CodeStep(id: -1)), path: path)
}

/// Whether your code is running in a scene's code step now.
package var isRunningSceneCode: Bool { SceneRecording.current != nil }

/// A scene of a view controller's scroll views (Scene.ofScrollViews): each one's delegate hears
/// its scroll view's callbacks as UIKit calls them, with `contentOffset` where the content is
/// then, and its code runs at that moment of the scene (a code step: a frame it sets in
/// UIView.animate moves the page).
final class UIKitScrollViewsEffect: Effect {
    let scrollViews: [(view: UIScrollView, id: String)]
    unowned var sim: Simulator!
    private var relays: [ScrollCallbackRelay] = []

    init(_ scrollViews: [(view: UIScrollView, id: String)]) { self.scrollViews = scrollViews }

    func attach(to simulator: Simulator) {
        sim = simulator
        for (view, id) in scrollViews {
            guard let scroll = simulator.view(id)?.scrollView else { continue }
            view.contentOffset = CGPoint(scroll.contentOffset(at: 0))
            let relay = ScrollCallbackRelay(view: view, sim: simulator)
            relays.append(relay)
            scroll.delegate = relay
            if let sceneView = simulator.view(id) { for a in view.sceneAttachments { a.attach(to: simulator, view: sceneView) } }
        }
    }

}

/// A scroll view's callbacks to its delegate (a collection view's delegate is its scroll view
/// delegate), each as a code step at that moment with `contentOffset` where the content is
/// then; and to what a library attached to it (ScrollViewSceneAttachment), at once.
final class ScrollCallbackRelay: ScrollViewDelegate {
    let view: UIScrollView
    unowned let sim: Simulator
    /// Callbacks the delegate turned out not to implement (found the first time each is called:
    /// an empty call on every display refresh would be a code step each).
    private var unimplemented: Set<String> = []
    init(view: UIScrollView, sim: Simulator) { self.view = view; self.sim = sim }

    private func call(_ name: String, _ scroll: ScrollView, at time: Double, _ callback: @escaping (UIScrollViewDelegate, UIScrollView) -> Void) {
        guard !unimplemented.contains(name) else { return }
        let view = self.view
        let offset = scroll.contentOffset(at: time)
        performSceneCode(in: sim, path: "$.touches") { [weak self] in
            view.contentOffset = CGPoint(x: offset.x, y: offset.y)
            guard let delegate = view.delegate, let host = UIKitHost.running else { return }
            host.unimplementedCallbackRan = false
            callback(delegate, view)
            if host.unimplementedCallbackRan { self?.unimplemented.insert(name) }
        }
    }
    func scrollViewDidScroll(_ scrollView: ScrollView, at time: Double) {
        for a in view.sceneAttachments { a.scrollViewDidScroll(scrollView, at: time) }
        call("didScroll", scrollView, at: time) { $0.scrollViewDidScroll($1) }
    }
    func scrollViewWillBeginDragging(_ scrollView: ScrollView, at time: Double) { call("willBeginDragging", scrollView, at: time) { $0.scrollViewWillBeginDragging($1) } }
    func scrollViewWillEndDragging(_ scrollView: ScrollView, velocity: Point, targetContentOffset: Point, at time: Double) {
        for a in view.sceneAttachments { a.scrollViewWillEndDragging(scrollView, at: time) }
    }
    func scrollViewDidEndDecelerating(_ scrollView: ScrollView, at time: Double) { call("didEndDecelerating", scrollView, at: time) { $0.scrollViewDidEndDecelerating($1) } }
}
