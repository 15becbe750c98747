import FlipbookCore
import FlipbookLayout
import FlipbookAnimation

/// One finger's contact with the screen, from touch-down to lift, as the script defines it.
/// Its position is a pure function of time; the simulator samples it on a fixed step.
public struct TouchTrack: Sendable {
    public struct Segment: Sendable {
        public var to: Point
        public var duration: Double
        public var curve: TimingCurve
        /// A move to `to` over `duration` seconds along `curve`; a hold is a move to where the finger is.
        public init(to: Point, duration: Double, curve: TimingCurve = .linear) {
            self.to = to; self.duration = duration; self.curve = curve
        }
    }

    public var finger: Int
    public var downTime: Double
    public var downPoint: Point
    /// Moves and holds (a hold is a segment to the same point), in order.
    public var segments: [Segment]
    /// JSON path of the step that made this track, for messages.
    public var path: String

    public init(finger: Int = 1, downTime: Double, downPoint: Point, segments: [Segment], path: String = "") {
        self.finger = finger; self.downTime = downTime; self.downPoint = downPoint; self.segments = segments; self.path = path
    }

    /// When the finger lifts: after the last segment.
    public var upTime: Double { downTime + segments.reduce(0) { $0 + $1.duration } }

    public func isDown(at t: Double) -> Bool {
        t >= downTime - FrameClock.epsilon && t < upTime - FrameClock.epsilon
    }

    /// Where the finger is at `t` (clamped to the track's start and end).
    public func location(at t: Double) -> Point {
        var start = downTime
        var from = downPoint
        for s in segments {
            let end = start + s.duration
            if t < end {
                let f = s.duration > 0 ? s.curve.value(at: (t - start) / s.duration) : 1
                return t <= start ? from : .interpolate(from, s.to, f)
            }
            start = end
            from = s.to
        }
        return from
    }
}
