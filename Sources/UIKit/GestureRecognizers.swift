import Foundation
import FlipbookCore

/// A gesture recognizer on the collection view (https://developer.apple.com/documentation/uikit/uigesturerecognizer),
/// driven by the scene's touches as UIKit drives it, its states and locations UIKit's. There is
/// no Objective-C runtime on Linux, so `#selector` target-action cannot compile: the recognizer
/// takes its action as a closure instead — `UILongPressGestureRecognizer { g in self.longPress(g) }`
/// in place of `UILongPressGestureRecognizer(target: self, action: #selector(longPress(_:)))` —
/// and runs it at each state change as a code step does (SceneStep.at): its UIKit calls become
/// the scene's actions at that moment.
open class UIGestureRecognizer: NSObject {
    /// https://developer.apple.com/documentation/uikit/uigesturerecognizer/state-swift.enum
    public enum State: Int, Sendable {
        case possible, began, changed, ended, cancelled, failed
        public static let recognized = State.ended
    }

    open internal(set) var state = State.possible
    open var isEnabled = true
    open internal(set) weak var view: UIView?
    let action: (UIGestureRecognizer) -> Void
    /// Recognizers this one waits for (require(toFail:)).
    var required: [UIGestureRecognizer] = []

    /// Where the touch is, in points of the canvas (the window), and how to map it into a view:
    /// set by the scene each time the recognizer changes state.
    var canvasLocation = CGPoint.zero
    var locate: (CGPoint, UIView?) -> CGPoint = { p, _ in p }
    var touches = 0

    init(action: @escaping (UIGestureRecognizer) -> Void) {
        self.action = action
        super.init()
    }

    /// The touch's location in `view`'s coordinates — for the collection view, its content
    /// coordinates; for a cell, the cell's — or in the window's when nil.
    open func location(in view: UIView?) -> CGPoint { locate(canvasLocation, view) }
    /// One finger's location; the recognizers here follow one.
    open func location(ofTouch touchIndex: Int, in view: UIView?) -> CGPoint { location(in: view) }
    open var numberOfTouches: Int { touches }
    /// https://developer.apple.com/documentation/uikit/uigesturerecognizer/require(tofail:)
    open func require(toFail otherGestureRecognizer: UIGestureRecognizer) { required.append(otherGestureRecognizer) }
}

/// https://developer.apple.com/documentation/uikit/uilongpressgesturerecognizer
open class UILongPressGestureRecognizer: UIGestureRecognizer {
    /// 0.5 s (Apple's page).
    open var minimumPressDuration: TimeInterval = 0.5
    /// 10 points (Apple's page).
    open var allowableMovement: CGFloat = 10
    open var numberOfTapsRequired = 0
    open var numberOfTouchesRequired = 1
    public init(handler: @escaping (UILongPressGestureRecognizer) -> Void) {
        super.init(action: { handler($0 as! UILongPressGestureRecognizer) })
    }
}

/// https://developer.apple.com/documentation/uikit/uitapgesturerecognizer
open class UITapGestureRecognizer: UIGestureRecognizer {
    /// 1 (Apple's page); 2 is a double tap, each tap within 0.35 s of the last (UIKit's
    /// unpublished default, measured: FlipbookSimulation's TapGestureRecognizer cites it).
    open var numberOfTapsRequired = 1
    open var numberOfTouchesRequired = 1
    public init(handler: @escaping (UITapGestureRecognizer) -> Void) {
        super.init(action: { handler($0 as! UITapGestureRecognizer) })
    }
}

/// https://developer.apple.com/documentation/uikit/uipangesturerecognizer
open class UIPanGestureRecognizer: UIGestureRecognizer {
    open var minimumNumberOfTouches = 1
    open var maximumNumberOfTouches = Int.max
    var canvasTranslation = CGPoint.zero
    var canvasVelocity = CGPoint.zero
    private var translationOffset = CGPoint.zero
    public init(handler: @escaping (UIPanGestureRecognizer) -> Void) {
        super.init(action: { handler($0 as! UIPanGestureRecognizer) })
    }
    /// The finger's travel since the pan began (or since `setTranslation`), in points.
    open func translation(in view: UIView?) -> CGPoint {
        CGPoint(x: canvasTranslation.x - translationOffset.x, y: canvasTranslation.y - translationOffset.y)
    }
    open func setTranslation(_ translation: CGPoint, in view: UIView?) {
        translationOffset = CGPoint(x: canvasTranslation.x - translation.x, y: canvasTranslation.y - translation.y)
    }
    /// Points per second.
    open func velocity(in view: UIView?) -> CGPoint { canvasVelocity }
    func began() { translationOffset = .zero }
}

extension UIView {
    /// https://developer.apple.com/documentation/uikit/uiview/addgesturerecognizer(_:) — on the
    /// collection view, driven by the scene's touches; on another view, one line when the scene
    /// is made.
    public func addGestureRecognizer(_ gestureRecognizer: UIGestureRecognizer) {
        gestureRecognizer.view = self
        attachedGestureRecognizers.append(gestureRecognizer)
    }
    public func removeGestureRecognizer(_ gestureRecognizer: UIGestureRecognizer) {
        attachedGestureRecognizers.removeAll { $0 === gestureRecognizer }
    }
    public var gestureRecognizers: [UIGestureRecognizer]? {
        get { attachedGestureRecognizers.isEmpty ? nil : attachedGestureRecognizers }
        set { attachedGestureRecognizers = newValue ?? [] }
    }
}
