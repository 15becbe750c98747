import FlipbookCore
import FlipbookLayout
import FlipbookAnimation

extension CollectionView {
    // MARK: - Changes from scripts (UIView property assignments and animations)

    /// Sets model values; with `timing` they animate from what is on screen (beginFromCurrentState),
    /// otherwise running transitions of those properties are removed and the values jump.
    /// With `keepRunning`, an unanimated change leaves a running transition in place: it goes on
    /// toward the new value (a dragged cell catching up with the finger).
    public func setProperties(_ id: String, _ values: [(ItemProperty, PropertyValue)], timing: AnimationTiming?,
                              beginTime: Double, at time: Double, keepRunning: Bool = false) {
        let before = presentationState(of: id, at: time)
        for (p, v) in values { overrides[id, default: [:]][p] = v }
        retarget(id, values.map(\.0), before: before, timing: timing, beginTime: beginTime, keepRunning: keepRunning)
    }

    func retarget(_ id: String, _ properties: [ItemProperty], before: ItemState?, timing: AnimationTiming?,
                          beginTime: Double, keepRunning: Bool = false) {
        var animator = animators[id] ?? ItemAnimator()
        animator.retarget(properties, before: before, timing: timing, beginTime: beginTime, keepRunning: keepRunning)
        animators[id] = animator.isEmpty ? nil : animator
    }

    func removeOverrides(_ id: String, _ properties: [ItemProperty]) {
        for p in properties { overrides[id]?[p] = nil }
        if overrides[id]?.isEmpty == true { overrides[id] = nil }
    }

    public func setHidden(_ id: String, _ hidden: Bool) { hiddenOverrides[id] = hidden }
    /// Whether `setHidden` hid the item (UIView.isHidden).
    public func isHidden(_ id: String) -> Bool { hiddenOverrides[id] ?? false }

    /// Draws an item at `z` instead of its layout zIndex (nil restores the layout's).
    public func setZIndex(_ id: String, _ z: Int?) { zIndexOverrides[id] = z }

    /// Adds a key-frame animation to one element, or to every cell when `id` is nil.
    public func addKeyframes(_ k: KeyframeSpec, to id: String?) {
        if let id {
            animators[id, default: ItemAnimator()].add(k)
        } else {
            cellKeyframes.removeAll { $0.key == k.key }
            cellKeyframes.append(k)
        }
    }

    /// Removes key-frame animations (one key, or all) from one element or from every cell.
    public func removeKeyframes(key: String?, from id: String?) {
        if let id {
            animators[id]?.removeKeyframes(key: key)
        } else {
            if let key { cellKeyframes.removeAll { $0.key == key } } else { cellKeyframes.removeAll() }
            for k in animators.keys.sorted() { animators[k]!.removeKeyframes(key: key) }
        }
    }

    /// Removes script-set values so the layout's attributes show again; with `timing` the
    /// presentation moves there from what is on screen.
    public func clearProperties(_ id: String, _ properties: [ItemProperty], timing: AnimationTiming?, at time: Double) {
        let before = presentationState(of: id, at: time)
        removeOverrides(id, properties)
        retarget(id, properties, before: before, timing: timing, beginTime: time)
    }

}
