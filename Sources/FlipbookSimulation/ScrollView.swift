import FlipbookCore
import FlipbookLayout
import FlipbookAnimation

/// UIScrollView's delegate hooks an effect can implement.
public protocol ScrollViewDelegate: AnyObject {
    func scrollViewDidScroll(_ scrollView: ScrollView, at time: Double)
    func scrollViewWillBeginDragging(_ scrollView: ScrollView, at time: Double)
    /// Velocity in points per millisecond (as UIKit reports it) and where the content will stop.
    func scrollViewWillEndDragging(_ scrollView: ScrollView, velocity: Point, targetContentOffset: Point, at time: Double)
    func scrollViewDidEndDecelerating(_ scrollView: ScrollView, at time: Double)
}

extension ScrollViewDelegate {
    public func scrollViewDidScroll(_ scrollView: ScrollView, at time: Double) {}
    public func scrollViewWillBeginDragging(_ scrollView: ScrollView, at time: Double) {}
    public func scrollViewWillEndDragging(_ scrollView: ScrollView, velocity: Point, targetContentOffset: Point, at time: Double) {}
    public func scrollViewDidEndDecelerating(_ scrollView: ScrollView, at time: Double) {}
}

/// UIScrollView's scrolling options with UIKit's defaults: the one declaration a scene's views
/// (CollectionViewSpec.scrolling), the simulation's ScrollView and the UIKit module's
/// UIScrollView keep them in.
package struct ScrollBehavior: Hashable, Sendable {
    /// true (https://developer.apple.com/documentation/uikit/uiscrollview/bounces).
    package var bounces = true
    /// false: bounce vertically only when the content is taller than the view.
    package var alwaysBounceVertical = false
    package var alwaysBounceHorizontal = false
    /// true: a finger scrolls the view.
    package var isScrollEnabled = true
    /// Per millisecond: 0.998 normal, 0.99 fast (UIScrollView.DecelerationRate).
    package var decelerationRate = Deceleration.normal
    /// UIScrollView.isPagingEnabled, false: a release comes to rest on a multiple of the view's
    /// size ("the scroll view stops on multiples of the scroll view's bounds when the user
    /// scrolls", Apple's isPagingEnabled page), at most one page from where the drag began.
    package var isPagingEnabled = false
    package init() {}
}

/// A scroll view's contentOffset as a function of time, like UIScrollView.
///
/// Its motion is one of: resting; an animated scroll (setContentOffset(animated:)); following
/// a finger (with the rubber band past an edge); or released — decelerating at
/// `decelerationRate` per millisecond and bouncing off edges with a critically damped spring —
/// planned per axis at the moment of release. So `contentOffset(at:)` is a pure function of
/// time between events, whatever the frame rate.
public final class ScrollView {
    public let frame: Rect
    public var contentInset: EdgeInsets
    public var contentSize: Size = .zero
    /// Its scrolling options: the scene view's (CollectionViewSpec.scrolling).
    package var behavior = ScrollBehavior()
    public var bounces: Bool { get { behavior.bounces } set { behavior.bounces = newValue } }
    public var alwaysBounceVertical: Bool { get { behavior.alwaysBounceVertical } set { behavior.alwaysBounceVertical = newValue } }
    public var alwaysBounceHorizontal: Bool { get { behavior.alwaysBounceHorizontal } set { behavior.alwaysBounceHorizontal = newValue } }
    public var isScrollEnabled: Bool { get { behavior.isScrollEnabled } set { behavior.isScrollEnabled = newValue } }
    public var decelerationRate: Double { get { behavior.decelerationRate } set { behavior.decelerationRate = newValue } }
    public var isPagingEnabled: Bool { get { behavior.isPagingEnabled } set { behavior.isPagingEnabled = newValue } }
    /// Where a release comes to rest, given its natural rest, its velocity (points per second)
    /// and the offset the drag began at: a layout's targetContentOffset(forProposedContentOffset:
    /// withScrollingVelocity:), or an orthogonal section's behaviour. nil keeps the natural rest.
    public var targetContentOffset: ((_ proposed: Point, _ velocity: Point, _ dragStart: Point) -> Point)?
    private var dragStartOffset = Point.zero
    public weak var delegate: (any ScrollViewDelegate)?

    enum Motion {
        case resting(Point)
        case animating(Transition<Point>, to: Point)
        /// Following a finger: the offset the finger implies (before the rubber band), and the
        /// translation that corresponds to it.
        case dragging(start: Point, startTranslation: Point, shown: Point)
        case released(x: ReleaseMotion?, y: ReleaseMotion?, at: Point)
    }
    private(set) var motion: Motion { didSet { motionGeneration += 1 } }
    /// Changes whenever the motion is replaced (so a stale "did end decelerating" can be ignored).
    public private(set) var motionGeneration = 0

    public init(frame: Rect, contentInset: EdgeInsets, contentOffset: Point) {
        self.frame = frame
        self.contentInset = contentInset
        motion = .resting(contentOffset)
    }

    /// Bounds at the model offset (where the view is going).
    public var bounds: Rect { Rect(origin: targetOffset, size: frame.size) }

    var targetOffset: Point {
        switch motion {
        case .resting(let p): return p
        case .animating(_, let to): return to
        case .dragging(_, _, let shown): return shown
        case .released(let x, let y, let at): return Point(x: x?.finalPosition ?? at.x, y: y?.finalPosition ?? at.y)
        }
    }

    /// The offset on screen at `time`.
    public func contentOffset(at time: Double) -> Point {
        switch motion {
        case .resting(let p): return p
        case .animating(let tr, let to): return tr.value(at: time, to: to)
        case .dragging(_, _, let shown): return shown
        case .released(let x, let y, let at):
            return Point(x: x?.position(at: time) ?? at.x, y: y?.position(at: time) ?? at.y)
        }
    }

    public var isDragging: Bool { if case .dragging = motion { return true }; return false }

    /// Decelerating or bouncing after a release, or running an animated scroll, at `time`.
    public func isMoving(at time: Double) -> Bool {
        switch motion {
        case .animating(let tr, _): return !tr.isFinished(at: time)
        case .released: return time < releaseEndTime! - FrameClock.epsilon
        default: return false
        }
    }

    /// When the current release motion ends (for scrollViewDidEndDecelerating), if released.
    public var releaseEndTime: Double? {
        if case .released(let x, let y, _) = motion { return max(x?.endTime ?? 0, y?.endTime ?? 0) }
        return nil
    }

    // MARK: - Limits

    /// The lowest and highest offsets a user can rest at (UIKit's edges with contentInset).
    public var minimumContentOffset: Point { Point(x: -contentInset.left, y: -contentInset.top) }
    public var maximumContentOffset: Point {
        let minO = minimumContentOffset
        return Point(x: max(minO.x, contentSize.width + contentInset.right - frame.width),
                     y: max(minO.y, contentSize.height + contentInset.bottom - frame.height))
    }
    /// Whether a finger can scroll each axis (content larger than the view, or always-bounce).
    public var scrollsVertically: Bool { maximumContentOffset.y > minimumContentOffset.y || alwaysBounceVertical }
    public var scrollsHorizontally: Bool { maximumContentOffset.x > minimumContentOffset.x || alwaysBounceHorizontal }

    // MARK: - Programmatic scrolling

    /// setContentOffset(_:animated: false): jumps, stopping any motion.
    public func setContentOffset(_ offset: Point) { motion = .resting(offset) }

    /// setContentOffset(_:animated: true) with an explicit timing, from the offset on screen.
    public func scroll(to offset: Point, timing: AnimationTiming, at time: Double) {
        let from = contentOffset(at: time)
        motion = .animating(Transition(from: from, beginTime: time, timing: timing), to: offset)
    }

    // MARK: - Fingers

    /// A finger touched down: a decelerating or bouncing view stops where it is (UIKit catches it).
    public func touchDown(at time: Double) {
        if case .released = motion { motion = .resting(contentOffset(at: time)) }
        dragStartOffset = contentOffset(at: time)
    }

    /// A touch ended without dragging: content left past an edge springs back.
    public func touchEndedWithoutDrag(at time: Double) {
        if case .resting(let p) = motion { release(from: p, velocity: .zero, at: time, notify: false) }
    }

    /// The pan began: remember the offset it starts from (unwinding any rubber band).
    public func dragBegan(translation: Point, at time: Double) {
        let shown = contentOffset(at: time)
        let minO = minimumContentOffset, maxO = maximumContentOffset
        let raw = Point(x: RubberBand.unapply(shown.x, minimum: minO.x, maximum: maxO.x, dimension: frame.width),
                        y: RubberBand.unapply(shown.y, minimum: minO.y, maximum: maxO.y, dimension: frame.height))
        motion = .dragging(start: raw, startTranslation: translation, shown: shown)
        dragStartOffset = shown
        delegate?.scrollViewWillBeginDragging(self, at: time)
    }

    /// The finger moved: the content follows it, rubber-banded past the edges.
    public func dragChanged(translation: Point, at time: Double) {
        guard case .dragging(let start, let t0, _) = motion else { return }
        let minO = minimumContentOffset, maxO = maximumContentOffset
        /// One axis: the offset the finger implies, rubber-banded (or clamped) past the edges.
        func follow(_ start: Double, _ moved: Double, _ lo: Double, _ hi: Double, _ dimension: Double) -> Double {
            let raw = start - moved
            return bounces ? RubberBand.apply(raw, minimum: lo, maximum: hi, dimension: dimension) : min(max(raw, lo), hi)
        }
        var shown = start
        if scrollsHorizontally { shown.x = follow(start.x, translation.x - t0.x, minO.x, maxO.x, frame.width) }
        if scrollsVertically { shown.y = follow(start.y, translation.y - t0.y, minO.y, maxO.y, frame.height) }
        motion = .dragging(start: start, startTranslation: t0, shown: shown)
        delegate?.scrollViewDidScroll(self, at: time)
    }

    /// The finger lifted with `velocity` (finger points per second): decelerate, or spring back.
    public func dragEnded(velocity: Point, at time: Double) {
        guard case .dragging(_, _, let shown) = motion else { return }
        release(from: shown, velocity: Point(x: scrollsHorizontally ? -velocity.x : 0, y: scrollsVertically ? -velocity.y : 0),
                at: time, notify: true)
    }

    /// The pan was cancelled: behave as a release with no velocity.
    public func dragCancelled(at time: Double) { dragEnded(velocity: .zero, at: time) }

    private func release(from p: Point, velocity v: Point, at time: Double, notify: Bool) {
        func plan() {
            let minO = minimumContentOffset, maxO = maximumContentOffset
            func axis(_ pos: Double, _ vel: Double, _ lo: Double, _ hi: Double, _ enabled: Bool) -> ReleaseMotion? {
                guard enabled || pos < lo || pos > hi else { return nil }
                let m = ReleaseMotion(position: pos, velocity: vel, time: time, minimum: lo, maximum: hi, bounces: bounces, rate: decelerationRate)
                return m.segments.isEmpty ? nil : m
            }
            var mx = axis(p.x, v.x, minO.x, maxO.x, scrollsHorizontally)
            var my = axis(p.y, v.y, minO.y, maxO.y, scrollsVertically)
            if isPagingEnabled || targetContentOffset != nil {
                let proposed = Point(x: mx?.finalPosition ?? p.x, y: my?.finalPosition ?? p.y)
                var target = targetContentOffset?(proposed, v, dragStartOffset) ?? proposed
                if isPagingEnabled {
                    target = Point(x: OrthogonalScrollingSection.page(target.x, from: dragStartOffset.x, size: frame.width, in: minO.x...maxO.x),
                                   y: OrthogonalScrollingSection.page(target.y, from: dragStartOffset.y, size: frame.height, in: minO.y...maxO.y))
                }
                /// Past an edge the rubber band's spring decides; inside, the motion ends on the target.
                func toward(_ pos: Double, _ vel: Double, _ lo: Double, _ hi: Double, _ to: Double, _ planned: ReleaseMotion?, _ enabled: Bool) -> ReleaseMotion? {
                    guard enabled, pos >= lo - 1e-9, pos <= hi + 1e-9, abs(to - (planned?.finalPosition ?? pos)) > 1e-9 else { return planned }
                    let m = ReleaseMotion(position: pos, velocity: vel, time: time, target: min(max(to, lo), hi))
                    return m.segments.isEmpty ? nil : m
                }
                mx = toward(p.x, v.x, minO.x, maxO.x, target.x, mx, scrollsHorizontally)
                my = toward(p.y, v.y, minO.y, maxO.y, target.y, my, scrollsVertically)
            }
            motion = mx == nil && my == nil ? .resting(p) : .released(x: mx, y: my, at: p)
        }
        plan()
        if notify {
            // The delegate may change the insets here (a refresh header holding the view open);
            // the release then goes to the new edges — unless it also animated the offset itself.
            let inset = contentInset, generation = motionGeneration
            delegate?.scrollViewWillEndDragging(self, velocity: Point(x: v.x / 1000, y: v.y / 1000), targetContentOffset: targetOffset, at: time)
            if contentInset != inset && motionGeneration == generation { plan() }
        }
    }
}

/// The scroll view of a compositional layout's orthogonally scrolling section (UIKit nests
/// one in the collection view for each): flicks, deceleration, rubber band and the section's
/// behaviour's resting places apply to it.
public final class OrthogonalScroller {
    public let section: Int
    public private(set) var info: OrthogonalScrollingSection
    public let scrollView: ScrollView

    init(_ info: OrthogonalScrollingSection, spec: CollectionViewSpec) {
        section = info.section
        self.info = info
        let start = info.initialOffset
        scrollView = ScrollView(frame: Rect(origin: .zero, size: info.frame.size), contentInset: .zero,
                                contentOffset: info.scrollsHorizontally ? Point(x: start, y: 0) : Point(x: 0, y: start))
        scrollView.bounces = spec.bounces
        scrollView.decelerationRate = spec.decelerationRate
        scrollView.targetContentOffset = { [weak self] proposed, _, dragStart in
            guard let self else { return proposed }
            let horizontal = self.info.scrollsHorizontally
            let t = self.info.targetOffset(forProposed: horizontal ? proposed.x : proposed.y, start: horizontal ? dragStart.x : dragStart.y)
            return horizontal ? Point(x: t, y: proposed.y) : Point(x: proposed.x, y: t)
        }
        update(info)
    }

    /// The section as the layout prepared it now: its content length and the offsets it may rest between.
    func update(_ info: OrthogonalScrollingSection) {
        self.info = info
        let range = info.offsetRange
        // Insets widen the scrollable range to the behaviour's (the centred one's first and last groups).
        let before = -range.lowerBound, after = range.upperBound + info.visibleLength - info.contentLength
        if info.scrollsHorizontally {
            scrollView.contentSize = Size(width: info.contentLength, height: info.frame.height)
            scrollView.contentInset = EdgeInsets(left: max(0, before), right: max(0, after))
        } else {
            scrollView.contentSize = Size(width: info.frame.width, height: info.contentLength)
            scrollView.contentInset = EdgeInsets(top: max(0, before), bottom: max(0, after))
        }
    }
}
