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
    /// hidden = YES); returns the snapshot's state. With `fadeIn`, the snapshot fades in over
    /// the item instead of replacing it at once — for a snapshot drawn above items that cover
    /// part of the item, so that part is not cut over them in one frame — and the caller hides
    /// the item (`setHidden`) when the fade ends.
    @discardableResult
    public func liftSnapshot(of item: String, zIndex: Int, shadow: Shadow?, fadeIn: Double = 0, at time: Double) -> ItemState? {
        guard var state = presentationState(of: item, at: time) else { return nil }
        state.zIndex = zIndex
        let id = CollectionView.snapshotID(of: item)
        if fadeIn > 0 { state.alpha = 0 }
        addSnapshot(id: id, of: item, state: state, shadow: shadow)
        if fadeIn > 0 {
            updateSnapshot(id, [(.alpha, .number(1))], timing: .curve(.easeInEaseOut, duration: fadeIn), at: time)
        } else {
            setHidden(item, true)
        }
        return state
    }

    /// Glides an item's snapshot onto the item's model frame in `duration`; call
    /// `dropSnapshot(of:at:)` when it ends.
    public func settleSnapshot(of item: String, duration: Double, at time: Double) {
        guard let home = modelState(of: item, at: time) else { return }
        updateSnapshot(CollectionView.snapshotID(of: item), [(.frame, .rect(home.frame))],
                       timing: .curve(.easeInEaseOut, duration: duration), at: time)
    }

    /// Removes an item's snapshot and shows the item again. With `fadeOut`, the item shows at
    /// once and the snapshot fades out over it and is then removed: the parts of the item that
    /// other items cover come back under them gradually instead of in one frame.
    public func dropSnapshot(of item: String, fadeOut: Double = 0, at time: Double) {
        let id = CollectionView.snapshotID(of: item)
        setHidden(item, false)
        guard fadeOut > 0, let i = overlays.firstIndex(where: { $0.id == id }) else {
            removeSnapshot(id)
            return
        }
        updateSnapshot(id, [(.alpha, .number(0))], timing: .curve(.easeInEaseOut, duration: fadeOut), at: time)
        overlays[i].removedWhenStill = true
    }

}
