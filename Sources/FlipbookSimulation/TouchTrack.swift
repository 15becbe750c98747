import Foundation
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

// The touch helpers scene files use, for scenes built in Swift too.
extension TouchTrack {
    /// A straight, constant-speed stroke that lifts while moving: it releases with `velocity`
    /// (points per second).
    public static func flick(finger: Int = 1, at time: Double, from start: Point, velocity: Point, duration: Double = 0.1) -> TouchTrack {
        TouchTrack(finger: finger, downTime: time, downPoint: start,
                   segments: [.init(to: Point(x: start.x + velocity.x * duration, y: start.y + velocity.y * duration), duration: duration)])
    }

    /// A finger that presses `hold` seconds where it went down (then follows `path`).
    public static func longPress(finger: Int = 1, at time: Double, point: Point, hold: Double, path: [Segment] = []) -> TouchTrack {
        TouchTrack(finger: finger, downTime: time, downPoint: point, segments: [.init(to: point, duration: hold)] + path)
    }

    /// Two fingers on either side of `center`, `angle` radians from the horizontal (0: side by
    /// side), whose distance goes from `fromDistance` to `toDistance` over `duration` along
    /// `curve` and whose line turns from `fromAngle` to `toAngle` (a pinch, a rotation or both).
    /// The path is sampled every 1/60 s and followed in straight pieces.
    public static func twoFingers(fingers: (Int, Int) = (1, 2), at time: Double, center: Point, fromDistance: Double, toDistance: Double,
                                  fromAngle: Double = 0, toAngle: Double = 0, duration: Double, curve: TimingCurve = .easeInEaseOut,
                                  path: String = "") -> [TouchTrack] {
        func positions(_ p: Double) -> (Point, Point) {
            let d = fromDistance + (toDistance - fromDistance) * p, a = fromAngle + (toAngle - fromAngle) * p
            let dx = d / 2 * cos(a), dy = d / 2 * sin(a)
            return (Point(x: center.x - dx, y: center.y - dy), Point(x: center.x + dx, y: center.y + dy))
        }
        let pieces = max(1, Int((duration * 60).rounded(.up)))
        var first: [Segment] = [], second: [Segment] = []
        for k in 1...pieces {
            let (a, b) = positions(curve.value(at: Double(k) / Double(pieces)))
            first.append(.init(to: a, duration: duration / Double(pieces)))
            second.append(.init(to: b, duration: duration / Double(pieces)))
        }
        let (a0, b0) = positions(0)
        return [TouchTrack(finger: fingers.0, downTime: time, downPoint: a0, segments: first, path: path),
                TouchTrack(finger: fingers.1, downTime: time, downPoint: b0, segments: second, path: path)]
    }
}
