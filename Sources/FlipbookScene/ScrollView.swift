import FlipbookCore
import FlipbookAnimation

/// A scroll view's contentOffset as a function of time, like UIScrollView.
///
/// The offset is held as the current motion (resting, or an animated scroll that started at
/// a known time), so `contentOffset(at:)` is a pure function of time between events.
public final class ScrollView {
    public let frame: Rect
    public var contentInset: EdgeInsets
    public var contentSize: Size = .zero

    enum Motion {
        case resting(Point)
        case animating(Transition<Point>, to: Point)
    }
    private var motion: Motion

    public init(frame: Rect, contentInset: EdgeInsets, contentOffset: Point) {
        self.frame = frame
        self.contentInset = contentInset
        motion = .resting(contentOffset)
    }

    public var bounds: Rect { Rect(origin: motion.restingOrTarget, size: frame.size) }

    /// The offset on screen at `time`.
    public func contentOffset(at time: Double) -> Point {
        switch motion {
        case .resting(let p): return p
        case .animating(let tr, let to): return tr.value(at: time, to: to)
        }
    }

    /// Whether an animated scroll is still running at `time`.
    public func isAnimating(at time: Double) -> Bool {
        if case .animating(let tr, _) = motion { return !tr.isFinished(at: time) }
        return false
    }

    /// setContentOffset(_:animated: false): jumps, stopping any running scroll animation.
    public func setContentOffset(_ offset: Point) { motion = .resting(offset) }

    /// setContentOffset(_:animated: true) with an explicit timing, starting from the offset on
    /// screen at `time` (an interrupted scroll continues from where it is).
    public func scroll(to offset: Point, timing: AnimationTiming, at time: Double) {
        let from = contentOffset(at: time)
        motion = .animating(Transition(from: from, beginTime: time, timing: timing), to: offset)
    }

    /// The lowest and highest offsets a user can rest at (UIKit's edges with contentInset).
    public var minimumContentOffset: Point { Point(x: -contentInset.left, y: -contentInset.top) }
    public var maximumContentOffset: Point {
        let minO = minimumContentOffset
        return Point(x: max(minO.x, contentSize.width + contentInset.right - frame.width),
                     y: max(minO.y, contentSize.height + contentInset.bottom - frame.height))
    }
}

extension ScrollView.Motion {
    var restingOrTarget: Point {
        switch self {
        case .resting(let p): return p
        case .animating(_, let to): return to
        }
    }
}
