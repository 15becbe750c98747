import FlipbookCore
import FlipbookLayout
import FlipbookAnimation

extension CollectionView {
    // MARK: - Overlays

    /// Adds a snapshot of `item` (same appearance) at `state`, in content coordinates.
    public func addSnapshot(id: String, of item: String, state: ItemState, shadow: Shadow? = .lifted) {
        overlays.removeAll { $0.id == id }
        overlays.append(Overlay(id: id, item: item, model: state, animator: ItemAnimator(), shadow: shadow))
    }

    /// Moves a snapshot; with `timing` it animates there from where it is on screen.
    public func updateSnapshot(_ id: String, _ values: [(ItemProperty, PropertyValue)], timing: AnimationTiming? = nil, at time: Double) {
        guard let i = overlays.firstIndex(where: { $0.id == id }) else { return }
        let before = overlays[i].animator.presentation(of: overlays[i].model, at: time)
        for (p, v) in values { overlays[i].model[p] = v }
        overlays[i].animator.retarget(values.map(\.0), before: before, timing: timing, beginTime: time)
    }

    public func setSnapshotZIndex(_ id: String, _ z: Int) {
        if let i = overlays.firstIndex(where: { $0.id == id }) { overlays[i].model.zIndex = z }
    }

    /// The snapshot's model state (where it is going).
    public func snapshotState(_ id: String) -> ItemState? { overlays.first { $0.id == id }?.model }

    public func removeSnapshot(_ id: String) { overlays.removeAll { $0.id == id } }

    /// The id of the snapshot standing in for an item.
    public static func snapshotID(of item: String) -> String { item + ".snapshot" }

    /// Replaces an item with a snapshot of itself where it is on screen (snapshotView, then
    /// hidden = YES) and returns the snapshot's state. A snapshot drawn above items that cover
    /// part of the item would show that part over them in one frame; with `revealDuration` it
    /// shows it gradually instead, its lower edge moving from the top of the first item drawn
    /// over it down to its own bottom (`Reveal`), so the item seems to come out of the stack.
    @discardableResult
    public func liftSnapshot(of item: String, zIndex: Int, shadow: Shadow?, revealDuration: Double = 0, at time: Double) -> ItemState? {
        guard var state = presentationState(of: item, at: time) else { return nil }
        state.zIndex = zIndex
        let id = CollectionView.snapshotID(of: item)
        addSnapshot(id: id, of: item, state: state, shadow: shadow)
        if revealDuration > 0, let i = overlays.firstIndex(where: { $0.id == id }) {
            overlays[i].reveal = Reveal(begin: time, duration: revealDuration, opening: true)
        }
        setHidden(item, true)
        return state
    }

    /// Glides an item's snapshot onto the item's model frame in `duration`; call
    /// `dropSnapshot(of:at:)` when it ends. With `reveal`, the part of the item that others
    /// cover goes back under them during the glide (the lift's reveal run backwards), so the
    /// drop hands over to the item with nothing cut.
    public func settleSnapshot(of item: String, duration: Double, reveal: Bool = false, at time: Double) {
        guard let home = modelState(of: item, at: time) else { return }
        let id = CollectionView.snapshotID(of: item)
        updateSnapshot(id, [(.frame, .rect(home.frame))], timing: .curve(.easeInEaseOut, duration: duration), at: time)
        if reveal, let i = overlays.firstIndex(where: { $0.id == id }) {
            overlays[i].reveal = Reveal(begin: time, duration: duration, opening: false)
        }
    }

    /// Removes an item's snapshot and shows the item again.
    public func dropSnapshot(of item: String, at time: Double) {
        setHidden(item, false)
        removeSnapshot(CollectionView.snapshotID(of: item))
    }

}
