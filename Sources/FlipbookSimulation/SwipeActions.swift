import FlipbookCore
import FlipbookLayout
import FlipbookAnimation

/// A list row swiped open (or opening, or closing): how far it has moved from its place
/// toward its side, as a function of time, and the actions under it.
public struct RowSwipe: Sendable {
    public var item: String
    public var side: SwipeSide
    public var configuration: SwipeActionsConfiguration
    /// The row's width (what a full swipe and a delete move it by).
    public var rowWidth: Double
    /// Once its action deleted the row: where the row was (content coordinates) and when the
    /// deletion began; the actions fill that place and fade as a deleted cell does.
    var deleted: (frame: Rect, time: Double)?
    enum Motion: Sendable {
        case following(Double)
        case released(ReleaseMotion)
    }
    var motion: Motion

    /// How far the row is moved toward its side at `time` (≥ 0).
    public func offset(at time: Double) -> Double {
        switch motion {
        case .following(let o): return o
        case .released(let m): return m.position(at: time)
        }
    }
    /// The row's horizontal translation: left for trailing actions, right for leading ones.
    public func translation(at time: Double) -> Double { side == .trailing ? -offset(at: time) : offset(at: time) }

    /// Every action's natural width (Flipbook's choice: UIKit sizes its buttons to their titles
    /// and publishes no number; 74 pt holds a short title at 15 pt with room either side).
    public static let buttonWidth = 74.0
    public var actionsWidth: Double { Double(configuration.actions.count) * RowSwipe.buttonWidth }
    /// Past this offset a release performs the first action when full swipes are on (our
    /// choice: the actions' width plus 60 pt, and at least 60 % of the row).
    public var fullSwipeOffset: Double { max(actionsWidth + 60, 0.6 * rowWidth) }

    /// The buttons' frames, in the row's coordinates, when it is moved by `offset`, in the
    /// order of the actions: the revealed strip shared in proportion while partly open; beyond
    /// the actions' width the first action takes the extra, and past the full-swipe offset it
    /// spreads over the others. The first action is the outermost, at the edge the swipe comes from (Apple's
    /// UISwipeActionsConfiguration.init(actions:): "The first item in the array represents the
    /// outermost action … when the user swipes from right-to-left, the first action is
    /// rightmost"), the others inward toward the row.
    public func buttonFrames(offset: Double, height: Double) -> [Rect] {
        let n = configuration.actions.count
        guard n > 0, offset > 0 else { return [] }
        var widths = Array(repeating: min(offset, actionsWidth) / Double(n), count: n)
        if offset > actionsWidth { widths[0] += offset - actionsWidth }
        var out: [Rect] = []
        var edge = side == .trailing ? rowWidth : 0
        for w in widths {
            if side == .trailing {
                out.append(Rect(x: edge - w, y: 0, width: w, height: height))
                edge -= w
            } else {
                out.append(Rect(x: edge, y: 0, width: w, height: height))
                edge += w
            }
        }
        // Past the full-swipe offset the first action spreads over the others (drawn over them,
        // they stay where they were), its inner edge reaching the row's as the row moves on by
        // the others' width: no button vanishes or changes colour from one frame to the next.
        if configuration.performsFirstActionWithFullSwipe && n > 1 && offset > fullSwipeOffset {
            let others = widths.dropFirst().reduce(0, +)
            let u = min(1, (offset - fullSwipeOffset) / max(others, 1e-9))
            let spread = widths[0] + others * u
            out[0] = side == .trailing ? Rect(x: rowWidth - spread, y: 0, width: spread, height: height)
                                       : Rect(x: 0, y: 0, width: spread, height: height)
        }
        return out
    }
}

extension CollectionView {
    /// The actions under a swiped row, drawn before it, in canvas points: each button's fill
    /// ("<item>.<k>.actions") and its title ("<item>.<k>.title.actions"). The title keeps one
    /// size and sits by the row's edge, as UIKit's does, so an animated SVG draws it once and
    /// moves it; the next button's fill covers what a squeezed title overhangs.
    func swipeActionItems(for row: VisibleElement, rowFrame: Rect, at time: Double) -> [DrawItem] {
        guard let swipe, swipe.item == row.id else { return [] }
        let offset = swipe.offset(at: time)
        guard offset > 0.01 else { return [] }
        let clip = frame(at: time), z = row.presentation.zIndex
        var out: [DrawItem] = []
        // From the row outward: a squeezed title reaches outward, under the next button's fill.
        for (k, (action, b)) in zip(swipe.configuration.actions, swipe.buttonFrames(offset: offset, height: rowFrame.height)).enumerated().reversed()
        where b.width > 0 && (swipe.deleted == nil || k == 0) {
            // Once deleted, the first action covers the others: only it fades (as one cell would).
            let f = b.offsetBy(dx: rowFrame.minX, dy: rowFrame.minY)
            // A deleted row's actions fade with it (the cell holding them is deleted).
            let alpha = row.presentation.alpha
            out.append(DrawItem(id: "\(row.id).\(k).actions", kind: .swipeActions, frame: f, zIndex: z, alpha: alpha, clip: clip,
                                appearance: Appearance(background: action.effectiveBackgroundColor)))
            let w = RowSwipe.buttonWidth
            let label = Rect(x: swipe.side == .trailing ? f.minX : f.maxX - w, y: f.minY, width: w, height: f.height)
            var look = Appearance(background: .clear)
            let hasTitle = !(action.title ?? "").isEmpty
            if let image = action.image {
                let side = 24.0
                look.content.append(.image(ImageElement(image: image, frame: Rect(x: (w - side) / 2, y: f.height / 2 - side / 2 - (hasTitle ? 9 : 0), width: side, height: side),
                                                        contentMode: .scaleAspectFit)))
            }
            if let title = action.title, hasTitle {
                look.content.append(.text(TextElement(text: title, frame: Rect(x: 4, y: action.image == nil ? 0 : f.height / 2 + 4, width: w - 8,
                                                                               height: action.image == nil ? f.height : 20),
                                                      fontSize: 15, color: .white, alignment: .center)))
            }
            out.append(DrawItem(id: "\(row.id).\(k).title.actions", kind: .swipeActions, frame: label, zIndex: z, alpha: alpha, clip: clip,
                                appearance: look))
        }
        return out
    }
}

/// A layout whose rows' swipe actions come from an app's code (a UIKit list configuration's
/// swipe-actions providers), asked when a swipe begins, as UIKit asks them; performing one runs
/// the app's handler, which decides what happens to the row.
package protocol SwipeActionsProviding {
    /// Whether any row may have actions (the simulation installs the swipe then).
    var providesSwipeActions: Bool { get }
    /// The actions a swipe toward `side` reveals on item `id` now, if any.
    func swipeActions(forItem id: String, side: SwipeSide) -> SwipeActionsConfiguration?
    /// Runs the handler of action `index` of the configuration last given for `id` and `side`.
    func performSwipeAction(_ index: Int, side: SwipeSide, item id: String, in simulator: Simulator)
}

/// Swipe actions on a list (UICollectionView with UISwipeActionsConfiguration): a sideways pan
/// on a row that has actions for that side moves the row over them; a release opens or closes
/// it by position and velocity, or past the full-swipe offset performs the first action; a tap
/// on an action performs it, a tap elsewhere (or a scroll) closes the row. A destructive action
/// slides the row away and deletes it (the rows below close the gap, UIKit's deletion). Where
/// the actions come from an app's code (SwipeActionsProviding), its handler runs instead: a
/// destructive action's row slides away first; the row is deleted if the handler deleted its
/// item, and closes otherwise.
final class SwipeActionsController {
    unowned let simulator: Simulator
    unowned let view: CollectionView
    let pan: PanGestureRecognizer
    let tap: TapGestureRecognizer
    /// A tap on a row's delete accessory (the red minus of a list in editing mode).
    let deleteTap: TapGestureRecognizer
    /// Where the drag began: the row's offset then.
    private var startOffset = 0.0

    /// Our choices (UIKit publishes none): a release faster than this opens or closes by its
    /// direction, slower by whether the row is past half its actions' width.
    static let flickVelocity = 300.0
    /// A deleted row's batch update: UIKit's default animation.
    static let deleteTiming = AnimationTiming.standard

    init(simulator: Simulator, view: CollectionView) {
        self.simulator = simulator
        self.view = view
        pan = PanGestureRecognizer(name: view.spec.id + ".swipe", view: { [unowned simulator, unowned view] in view.frame(at: simulator.now) })
        tap = TapGestureRecognizer(name: view.spec.id + ".swipeTap", view: { [unowned simulator, unowned view] in view.frame(at: simulator.now) })
        deleteTap = TapGestureRecognizer(name: view.spec.id + ".deleteAccessory", view: { [unowned simulator, unowned view] in view.frame(at: simulator.now) })
        pan.shouldBegin = { [unowned self] r in self.claims(r.startLocation, translation: r.translation) }
        pan.action = { [unowned self] r in
            switch r.state {
            case .began: self.began(at: r.startLocation, translation: r.translation)
            case .changed: self.changed(translation: r.translation)
            case .ended, .cancelled: self.ended(velocity: r.state == .ended ? r.velocity : .zero)
            default: break
            }
        }
        tap.shouldBegin = { [unowned self] _ in self.view.swipe != nil }
        tap.action = { [unowned self] r in if r.state == .ended { self.tapped(at: r.location) } }
        deleteTap.shouldReceiveTouch = { [unowned self] p in self.view.swipe == nil && self.deleteAccessory(at: p) != nil }
        deleteTap.action = { [unowned self] r in if r.state == .ended, let id = self.deleteAccessory(at: r.startLocation) { self.reveal(id) } }
    }

    /// The row whose delete accessory is under `p`: the 22 pt minus at the row's leading inset,
    /// answering a 44 pt square around it (the HIG's minimum hit target).
    private func deleteAccessory(at p: Point) -> String? {
        guard let (id, frame) = row(at: p), let item = view.item(id), item.accessories.contains(.delete),
              let a = view.layoutAttributes(for: id), let config = a.listRow else { return nil }
        let c = view.contentPoint(fromCanvas: p, at: now)
        let centre = Point(x: frame.minX + config.leadingInset + 11, y: frame.midY)
        return abs(c.x - centre.x) <= 22 && abs(c.y - centre.y) <= 22 ? id : nil
    }

    /// The delete accessory's tap shows the row's trailing actions, as a swipe that opens them
    /// does (UITableView's editing pattern: "tap a minus symbol in a red circle or swipe your
    /// finger along the row and a delete button slides in from the right",
    /// https://andyheydon.com/2013/01/18/upgrading-the-delete-confirmation-button/).
    private func reveal(_ id: String) {
        guard let config = actions(of: id, .trailing), let frame = view.layoutAttributes(for: id)?.frame else { return }
        view.swipe = RowSwipe(item: id, side: .trailing, configuration: config, rowWidth: frame.width, motion: .following(0))
        move(to: view.swipe!.actionsWidth, velocity: 0)
    }

    var now: Double { simulator.now }

    /// The row under a canvas point and its configuration for a sideways move.
    private func row(at p: Point) -> (id: String, frame: Rect)? {
        guard let id = view.itemID(atCanvas: p, at: now), let a = view.layoutAttributes(for: id), a.listRow?.isHeader != true else { return nil }
        return (id, a.frame)
    }

    /// Whether a drag from `p` moving by `translation` is a swipe (so the scroll view's pan leaves it).
    func claims(_ p: Point, translation t: Point) -> Bool {
        guard abs(t.x) > abs(t.y), let (id, _) = row(at: p) else { return false }
        if let s = view.swipe, s.item == id { return true }
        return actions(of: id, t.x < 0 ? .trailing : .leading) != nil
    }

    private var provider: (any SwipeActionsProviding)? { view.layout as? any SwipeActionsProviding }

    /// The actions item `id` shows toward `side`: the app's code's, else the item's own.
    private func actions(of id: String, _ side: SwipeSide) -> SwipeActionsConfiguration? {
        if let provider { return provider.swipeActions(forItem: id, side: side).flatMap { $0.actions.isEmpty ? nil : $0 } }
        return view.item(id)?.swipeActions(side)
    }

    private func began(at p: Point, translation t: Point) {
        guard let (id, frame) = row(at: p) else { return }
        if let s = view.swipe, s.item == id {
            startOffset = s.offset(at: now)
            view.swipe?.motion = .following(startOffset)
        } else {
            let side: SwipeSide = t.x < 0 ? .trailing : .leading
            guard let config = actions(of: id, side) else { return }
            if view.swipe != nil { close() }
            view.swipe = RowSwipe(item: id, side: side, configuration: config, rowWidth: frame.width, motion: .following(0))
            startOffset = 0
        }
        changed(translation: t)
    }

    /// The row follows the finger until its actions are shown, then (without full swipes)
    /// with the scroll view's rubber band past them.
    private func changed(translation t: Point) {
        guard var s = view.swipe else { return }
        let toward = s.side == .trailing ? -t.x : t.x
        // Measured from where the pan began, less the hysteresis the recognizer needed to start.
        let raw = max(0, startOffset + toward - (s.side == .trailing ? -pan.translationAtBegan.x : pan.translationAtBegan.x))
        let shown = raw <= s.actionsWidth || s.configuration.performsFirstActionWithFullSwipe
            ? raw : s.actionsWidth + RubberBand.offset(forPull: raw - s.actionsWidth, dimension: s.rowWidth)
        s.motion = .following(min(shown, s.rowWidth))
        view.swipe = s
    }

    private func ended(velocity v: Point) {
        guard let s = view.swipe else { return }
        let o = s.offset(at: now)
        let toward = s.side == .trailing ? -v.x : v.x
        if s.configuration.performsFirstActionWithFullSwipe && o >= s.fullSwipeOffset {
            perform(0, velocity: toward)
            return
        }
        let open = toward > Self.flickVelocity || (toward >= -Self.flickVelocity && o > s.actionsWidth / 2)
        move(to: open ? s.actionsWidth : 0, velocity: toward)
    }

    private func move(to target: Double, velocity: Double) {
        guard var s = view.swipe else { return }
        s.motion = .released(ReleaseMotion(position: s.offset(at: now), velocity: velocity, time: now, target: target))
        view.swipe = s
        if target == 0, case .released(let m) = s.motion {
            let item = s.item
            simulator.after(m.endTime - now) { [unowned self] _ in
                if let c = self.view.swipe, c.item == item, c.offset(at: self.now) == 0 { self.view.swipe = nil }
            }
        }
    }

    func close() { move(to: 0, velocity: 0) }

    private func tapped(at p: Point) {
        guard let s = view.swipe, let a = view.layoutAttributes(for: s.item) else { return close() }
        let c = view.contentPoint(fromCanvas: p, at: now)
        let local = Point(x: c.x - a.frame.minX, y: c.y - a.frame.minY)
        let buttons = s.buttonFrames(offset: s.offset(at: now), height: a.frame.height)
        if let k = buttons.firstIndex(where: { $0.contains(local) }) { perform(k, velocity: 0) } else { close() }
    }

    /// Performs action `k`: a destructive one slides the row away and deletes it; any other
    /// closes the row.
    private func perform(_ k: Int, velocity: Double) {
        guard let s = view.swipe else { return }
        if let provider { return perform(k, velocity: velocity, by: provider) }
        guard s.configuration.actions[k].style == .destructive else { return close() }
        move(to: s.rowWidth, velocity: velocity)
        guard case .released(let m)? = view.swipe?.motion else { return }
        let item = s.item
        simulator.after(max(0, m.endTime - now)) { [unowned self] t in
            guard self.view.item(item) != nil else { return }
            if let frame = self.view.layoutAttributes(for: item)?.frame, self.view.swipe?.item == item { self.view.swipe?.deleted = (frame, t) }
            _ = self.view.performBatchUpdates([.delete(id: item)], timing: Self.deleteTiming, at: t)
            // Its actions stay under it while it fades, then go with it.
            self.simulator.after(Self.deleteTiming.duration) { [unowned self] _ in
                if self.view.swipe?.item == item { self.view.swipe = nil }
            }
        }
    }

    /// The app's handler decides: run when a destructive action's row has slid away (at once
    /// for another); the row goes if the handler deleted its item, else it closes.
    private func perform(_ k: Int, velocity: Double, by provider: any SwipeActionsProviding) {
        guard let s = view.swipe else { return }
        let item = s.item
        let run: (Double) -> Void = { [unowned self] t in
            guard self.view.item(item) != nil, self.view.swipe?.item == item else { return }
            let frame = self.view.layoutAttributes(for: item)?.frame
            provider.performSwipeAction(k, side: s.side, item: item, in: self.simulator)
            guard self.view.swipe?.item == item else { return }
            if self.view.item(item) == nil, let frame {
                // Deleted: its fill fades with it, its actions under it, then they go.
                self.view.swipe?.deleted = (frame, t)
                self.simulator.after(Self.deleteTiming.duration) { [unowned self] _ in
                    if self.view.swipe?.item == item { self.view.swipe = nil }
                }
            } else {
                self.close()
            }
        }
        guard s.configuration.actions[k].style == .destructive else { return run(now) }
        move(to: s.rowWidth, velocity: velocity)
        guard case .released(let m)? = view.swipe?.motion else { return }
        simulator.after(max(0, m.endTime - now), run)
    }

    func scrollBegan() { if view.swipe != nil { close() } }
}
