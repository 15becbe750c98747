import FlipbookCore
import FlipbookLayout
import FlipbookAnimation

extension CollectionView {
    /// startInteractiveTransition(to:): from now on the layout is a `TransitionLayout` from the
    /// current layout to `next`, at `transitionProgress` 0, until it is finished or cancelled.
    public func startInteractiveTransition(to next: any CollectionViewLayout) {
        guard !(layout is TransitionLayout) else { return }
        layout = TransitionLayout(currentLayout: layout, nextLayout: next)
        invalidateLayout()
    }

    /// Whether an interactive transition is running.
    public var isInTransition: Bool { layout is TransitionLayout }

    /// UICollectionViewTransitionLayout.transitionProgress (clamped to 0…1; the layout is
    /// invalidated, as UIKit invalidates it when the progress is set).
    public var transitionProgress: Double {
        get { (layout as? TransitionLayout)?.transitionProgress ?? 0 }
        set {
            guard var t = layout as? TransitionLayout else { return }
            t.transitionProgress = min(max(newValue.isFinite ? newValue : 0, 0), 1)
            layout = t
            invalidateLayout()
        }
    }

    /// finishInteractiveTransition(): every element animates from where it is on screen to
    /// the next layout's attributes; returns when the animation ends.
    @discardableResult
    public func finishInteractiveTransition(timing: AnimationTiming = .standard, at time: Double) -> Double {
        guard let t = layout as? TransitionLayout else { return time }
        return setCollectionViewLayout(t.nextLayout, timing: timing, at: time)
    }

    /// cancelInteractiveTransition(): back to the layout the transition started from.
    @discardableResult
    public func cancelInteractiveTransition(timing: AnimationTiming = .standard, at time: Double) -> Double {
        guard let t = layout as? TransitionLayout else { return time }
        return setCollectionViewLayout(t.currentLayout, timing: timing, at: time)
    }

    /// setCollectionViewLayout(_:animated:): a batch update that replaces the layout, so
    /// every element animates from where it is on screen to its place in `new`.
    @discardableResult
    public func setCollectionViewLayout(_ new: any CollectionViewLayout, timing: AnimationTiming = .standard, at time: Double) -> Double {
        let replacement = SendableLayout(new)
        return performBatchUpdates([.layout(LayoutPatch { $0 = replacement.layout })], timing: timing, at: time)
    }
}

/// A layout value carried into a Sendable closure (layouts are Sendable values).
private struct SendableLayout: Sendable {
    let layout: any CollectionViewLayout
    init(_ layout: any CollectionViewLayout) { self.layout = layout }
}
