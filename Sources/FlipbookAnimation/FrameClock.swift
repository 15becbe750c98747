import FlipbookCore

/// The fixed step: frame i is the state at exactly i / fps seconds, computed from the integer
/// index every time (never by adding 1/fps repeatedly, which drifts).
public struct FrameClock: Hashable, Sendable {
    public let fps: Int
    public init(fps: Int) {
        precondition(fps > 0)
        self.fps = fps
    }

    /// Tolerance for "the same instant": times are products of decimal input and 1/fps.
    public static let epsilon = 1e-9

    public func time(ofFrame index: Int) -> Double { Double(index) / Double(fps) }

    /// Frames covering `duration` seconds as a video does: indices 0 ..< ceil(duration·fps).
    public func frameCount(forDuration duration: Double) -> Int {
        max(1, Int((duration * Double(fps) - FrameClock.epsilon).rounded(.up)))
    }

    /// The first instant strictly after `time` (by more than `epsilon`) on the grid k / rate:
    /// when a sampler running at `rate` Hz (touches, display refreshes) next fires.
    public static func tick(after time: Double, rate: Int) -> Double {
        let r = Double(rate)
        return (((time + epsilon) * r).rounded(.down) + 1) / r
    }

    /// The first frame that shows the state at or after `time`.
    public func firstFrame(atOrAfter time: Double) -> Int {
        Int((time * Double(fps) - FrameClock.epsilon * Double(fps)).rounded(.up))
    }
}
