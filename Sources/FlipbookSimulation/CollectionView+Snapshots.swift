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
    /// hidden = YES); returns the snapshot's state.
    @discardableResult
    public func liftSnapshot(of item: String, zIndex: Int, shadow: Shadow?, at time: Double) -> ItemState? {
        guard var state = presentationState(of: item, at: time) else { return nil }
        state.zIndex = zIndex
        addSnapshot(id: CollectionView.snapshotID(of: item), of: item, state: state, shadow: shadow)
        setHidden(item, true)
        return state
    }

    /// Glides an item's snapshot onto the item's model frame in `duration`; call
    /// `dropSnapshot(of:)` when it ends.
    public func settleSnapshot(of item: String, duration: Double, at time: Double) {
        guard let home = modelState(of: item, at: time) else { return }
        updateSnapshot(CollectionView.snapshotID(of: item), [(.frame, .rect(home.frame))],
                       timing: .curve(.easeInEaseOut, duration: duration), at: time)
    }

    /// Removes an item's snapshot and shows the item again.
    public func dropSnapshot(of item: String) {
        removeSnapshot(CollectionView.snapshotID(of: item))
        setHidden(item, false)
    }

}
