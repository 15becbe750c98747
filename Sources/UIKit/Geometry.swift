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

/// The screen Flipbook draws for: while a scene built from UIKit code is made or runs its code
/// (Scene(name:canvas:…collectionView:)), the scene's canvas — its host's screen —, else an
/// iPhone 14's 390 × 844 points at scale 2, an iPhone's since the iPhone 4
/// (https://developer.apple.com/documentation/uikit/uiscreen/scale).
public final class UIScreen: Sendable {
    /// The screen of the scene whose code runs on this thread (https://developer.apple.com/documentation/uikit/uiscreen/main).
    public class var main: UIScreen { UIKitHost.running?.screen ?? unhosted }
    private static let unhosted = UIScreen(scale: 2, bounds: CGRect(x: 0, y: 0, width: 390, height: 844))

    init(scale: CGFloat, bounds: CGRect) { self.scale = scale; self.bounds = bounds }
    public let scale: CGFloat
    /// The canvas in points.
    public let bounds: CGRect
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

/// The CoreGraphics comparisons iOS has and Linux's Foundation lacks
/// (https://developer.apple.com/documentation/corefoundation/cgsize/equalto(_:) and its
/// CGPoint and CGRect twins): equality of the values.
extension CGSize {
    public func equalTo(_ size2: CGSize) -> Bool { self == size2 }
}
extension CGPoint {
    public func equalTo(_ point2: CGPoint) -> Bool { self == point2 }
}
extension CGRect {
    public func equalTo(_ rect2: CGRect) -> Bool { self == rect2 }
}

/// UIKit's additions to NSIndexPath, as to IndexPath
/// (https://developer.apple.com/documentation/foundation/nsindexpath): a collection view's item
/// and section, a table view's row (the index at position 1; section at 0).
extension NSIndexPath {
    public convenience init(item: Int, section: Int) { self.init(indexes: [section, item], length: 2) }
    public convenience init(row: Int, section: Int) { self.init(indexes: [section, row], length: 2) }
    public var section: Int { index(atPosition: 0) }
    public var item: Int { index(atPosition: 1) }
    public var row: Int { index(atPosition: 1) }
}
