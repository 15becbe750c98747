import Foundation

/// Inset distances for views (https://developer.apple.com/documentation/uikit/uiedgeinsets).
public struct UIEdgeInsets: Hashable, Sendable {
    public var top: CGFloat, left: CGFloat, bottom: CGFloat, right: CGFloat
    public init() { top = 0; left = 0; bottom = 0; right = 0 }
    public init(top: CGFloat, left: CGFloat, bottom: CGFloat, right: CGFloat) {
        self.top = top; self.left = left; self.bottom = bottom; self.right = right
    }
    public static let zero = UIEdgeInsets()
}

/// Edge insets that take the language direction into account; Flipbook lays out left to right,
/// so leading is left (https://developer.apple.com/documentation/uikit/nsdirectionaledgeinsets).
public struct NSDirectionalEdgeInsets: Hashable, Sendable {
    public var top: CGFloat, leading: CGFloat, bottom: CGFloat, trailing: CGFloat
    public init() { top = 0; leading = 0; bottom = 0; trailing = 0 }
    public init(top: CGFloat, leading: CGFloat, bottom: CGFloat, trailing: CGFloat) {
        self.top = top; self.leading = leading; self.bottom = bottom; self.trailing = trailing
    }
    public static let zero = NSDirectionalEdgeInsets()
}

/// UIKit's additions to IndexPath (https://developer.apple.com/documentation/foundation/indexpath):
/// a collection view's item and section, a table view's row.
extension IndexPath {
    public init(item: Int, section: Int) { self.init(indexes: [section, item]) }
    public init(row: Int, section: Int) { self.init(indexes: [section, row]) }
    public var section: Int {
        get { self[0] }
        set { self[0] = newValue }
    }
    public var item: Int {
        get { self[1] }
        set { self[1] = newValue }
    }
    public var row: Int {
        get { self[1] }
        set { self[1] = newValue }
    }
}

/// The screen Flipbook draws for. `scale` is the scene's canvas scale while a scene built from
/// UIKit code is made (Scene(name:canvas:…collectionView:)), else 2, an iPhone's since the
/// iPhone 4 (https://developer.apple.com/documentation/uikit/uiscreen/scale).
public final class UIScreen: @unchecked Sendable {
    public static let main = UIScreen()
    private let lock = NSLock()
    private var _scale: CGFloat = 2
    private var _bounds = CGRect(x: 0, y: 0, width: 390, height: 844)
    public internal(set) var scale: CGFloat {
        get { lock.lock(); defer { lock.unlock() }; return _scale }
        set { lock.lock(); _scale = newValue; lock.unlock() }
    }
    /// The canvas in points (an iPhone 14's 390 × 844 until a scene sets it).
    public internal(set) var bounds: CGRect {
        get { lock.lock(); defer { lock.unlock() }; return _bounds }
        set { lock.lock(); _bounds = newValue; lock.unlock() }
    }
    public var nativeScale: CGFloat { scale }
}

/// UIScrollView.DecelerationRate: velocity kept per millisecond
/// (https://developer.apple.com/documentation/uikit/uiscrollview/decelerationrate).
extension UIScrollView {
    public struct DecelerationRate: RawRepresentable, Hashable, Sendable {
        public var rawValue: CGFloat
        public init(rawValue: CGFloat) { self.rawValue = rawValue }
        /// 0.998 (UIScrollViewDecelerationRateNormal).
        public static let normal = DecelerationRate(rawValue: 0.998)
        /// 0.99 (UIScrollViewDecelerationRateFast).
        public static let fast = DecelerationRate(rawValue: 0.99)
    }
}
