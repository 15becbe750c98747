/// A callback on every refresh of the simulated display, like CADisplayLink.
import FlipbookCore
import FlipbookLayout
import FlipbookAnimation

public final class DisplayLink {
    let callback: (Double) -> Void
    public fileprivate(set) var isValid = true
    init(_ callback: @escaping (Double) -> Void) { self.callback = callback }
    /// Stops the callbacks (CADisplayLink.invalidate()).
    public func invalidate() { isValid = false }
}
