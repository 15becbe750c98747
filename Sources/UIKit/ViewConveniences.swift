import Foundation
import FlipbookCore

// What real view code calls every day besides drawing (issue 62): autoresizing, the safe area,
// traits, the layout direction, hit-testing, key-value observing of a view's geometry and the
// media clock. Each with UIKit's names, signatures and defaults; where UIKit's effect changes
// what is drawn, Flipbook does it.

// MARK: - Autoresizing

extension UIView {
    /// https://developer.apple.com/documentation/uikit/uiview/autoresizingmask-swift.struct,
    /// with UIKit's raw values (UIViewAutoresizingFlexibleLeftMargin = 1 << 0, …).
    public struct AutoresizingMask: OptionSet, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        public static let flexibleLeftMargin = AutoresizingMask(rawValue: 1 << 0)
        public static let flexibleWidth = AutoresizingMask(rawValue: 1 << 1)
        public static let flexibleRightMargin = AutoresizingMask(rawValue: 1 << 2)
        public static let flexibleTopMargin = AutoresizingMask(rawValue: 1 << 3)
        public static let flexibleHeight = AutoresizingMask(rawValue: 1 << 4)
        public static let flexibleBottomMargin = AutoresizingMask(rawValue: 1 << 5)
    }

    /// Resizes each subview by its mask after the bounds went from `old` to their size. Along
    /// an axis the change is shared among the flexible parts (the margin before, the length,
    /// the margin after) in proportion to their lengths, as Apple's autoresizingMask page says
    /// ("distribute the size difference proportionally among the flexible portions"); flexible
    /// parts of no length share it equally.
    func resizeSubviews(from old: CGSize) {
        for sub in subviews where !sub.autoresizingMask.isEmpty {
            let m = sub.autoresizingMask, f = sub.frame
            let (x, w) = Self.resized(start: f.minX, length: f.width, in: old.width, to: bounds.width,
                                      flexible: (m.contains(.flexibleLeftMargin), m.contains(.flexibleWidth), m.contains(.flexibleRightMargin)))
            let (y, h) = Self.resized(start: f.minY, length: f.height, in: old.height, to: bounds.height,
                                      flexible: (m.contains(.flexibleTopMargin), m.contains(.flexibleHeight), m.contains(.flexibleBottomMargin)))
            if CGRect(x: x, y: y, width: w, height: h) != f { sub.frame = CGRect(x: x, y: y, width: w, height: h) }
        }
    }

    /// One axis of `resizeSubviews(from:)`: the new start and length.
    static func resized(start: CGFloat, length: CGFloat, in old: CGFloat, to new: CGFloat,
                        flexible: (before: Bool, length: Bool, after: Bool)) -> (CGFloat, CGFloat) {
        let parts = [(flexible.before, start), (flexible.length, length), (flexible.after, old - start - length)]
        let shared = parts.filter(\.0)
        guard !shared.isEmpty else { return (start, length) }
        let delta = new - old, total = shared.reduce(0) { $0 + max(0, $1.1) }
        func share(_ part: (Bool, CGFloat)) -> CGFloat {
            guard part.0 else { return 0 }
            return total > 0 ? delta * max(0, part.1) / total : delta / CGFloat(shared.count)
        }
        return (start + share(parts[0]), max(0, length + share(parts[1])))
    }
}

// MARK: - Safe area

extension UIView {
    /// The insets that keep content clear of bars: a view controller's root view has its
    /// controller's `additionalSafeAreaInsets` (Flipbook's canvas has no status bar or home
    /// indicator of its own: the scene's `chrome` draws bars, and its view frame places the
    /// view below them); any other view the part of its superview's insets it overlaps
    /// (https://developer.apple.com/documentation/uikit/uiview/safeareainsets).
    public var safeAreaInsets: UIEdgeInsets {
        if let controller = owningViewController { return controller.additionalSafeAreaInsets }
        guard let parent = superview else { return .zero }
        let p = parent.safeAreaInsets
        guard p != .zero else { return .zero }
        let safe = CGRect(x: parent.bounds.minX + p.left, y: parent.bounds.minY + p.top,
                          width: parent.bounds.width - p.left - p.right, height: parent.bounds.height - p.top - p.bottom)
        let f = frame
        return UIEdgeInsets(top: max(0, safe.minY - f.minY), left: max(0, safe.minX - f.minX),
                            bottom: max(0, f.maxY - safe.maxY), right: max(0, f.maxX - safe.maxX))
    }

}

// MARK: - Traits and direction

/// https://developer.apple.com/documentation/uikit/uiuserinterfacestyle
public enum UIUserInterfaceStyle: Int, Sendable { case unspecified = 0, light, dark }
/// https://developer.apple.com/documentation/uikit/uiuserinterfacesizeclass
public enum UIUserInterfaceSizeClass: Int, Sendable { case unspecified = 0, compact, regular }
/// https://developer.apple.com/documentation/uikit/uiuserinterfaceidiom
public enum UIUserInterfaceIdiom: Int, Sendable { case unspecified = -1, phone = 0, pad, tv, carPlay, mac = 5, vision }
/// https://developer.apple.com/documentation/uikit/uiuserinterfacelayoutdirection
public enum UIUserInterfaceLayoutDirection: Int, Sendable { case leftToRight = 0, rightToLeft }
/// https://developer.apple.com/documentation/uikit/uitraitenvironmentlayoutdirection
public enum UITraitEnvironmentLayoutDirection: Int, Sendable { case unspecified = -1, leftToRight = 0, rightToLeft }
/// https://developer.apple.com/documentation/uikit/uisemanticcontentattribute
public enum UISemanticContentAttribute: Int, Sendable {
    case unspecified = 0, playback, spatial, forceLeftToRight, forceRightToLeft
}

/// https://developer.apple.com/documentation/uikit/uicontentsizecategory: the user's text
/// size, with UIKit's raw values. Flipbook draws at the default, `.large`.
public struct UIContentSizeCategory: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let unspecified = UIContentSizeCategory(rawValue: "_UICTContentSizeCategoryUnspecified")
    public static let extraSmall = UIContentSizeCategory(rawValue: "UICTContentSizeCategoryXS")
    public static let small = UIContentSizeCategory(rawValue: "UICTContentSizeCategoryS")
    public static let medium = UIContentSizeCategory(rawValue: "UICTContentSizeCategoryM")
    public static let large = UIContentSizeCategory(rawValue: "UICTContentSizeCategoryL")
    public static let extraLarge = UIContentSizeCategory(rawValue: "UICTContentSizeCategoryXL")
    public static let extraExtraLarge = UIContentSizeCategory(rawValue: "UICTContentSizeCategoryXXL")
    public static let extraExtraExtraLarge = UIContentSizeCategory(rawValue: "UICTContentSizeCategoryXXXL")
    public var isAccessibilityCategory: Bool { rawValue.contains("Accessibility") }
}

/// The traits a view is drawn with (https://developer.apple.com/documentation/uikit/uitraitcollection).
open class UITraitCollection: NSObject, @unchecked Sendable {
    public let displayScale: CGFloat
    public let userInterfaceStyle: UIUserInterfaceStyle
    public let layoutDirection: UITraitEnvironmentLayoutDirection
    public let horizontalSizeClass: UIUserInterfaceSizeClass
    public let verticalSizeClass: UIUserInterfaceSizeClass
    public let userInterfaceIdiom: UIUserInterfaceIdiom
    public let preferredContentSizeCategory: UIContentSizeCategory

    /// Unspecified traits, as UIKit's `init()`.
    public override init() {
        displayScale = 0; userInterfaceStyle = .unspecified; layoutDirection = .unspecified
        horizontalSizeClass = .unspecified; verticalSizeClass = .unspecified; userInterfaceIdiom = .unspecified
        preferredContentSizeCategory = .unspecified
    }

    init(screen: UIScreen) {
        let size = screen.bounds.size
        displayScale = screen.scale; userInterfaceStyle = .light; layoutDirection = .leftToRight
        horizontalSizeClass = size.width >= 744 ? .regular : .compact
        verticalSizeClass = size.height < 500 ? .compact : .regular
        userInterfaceIdiom = min(size.width, size.height) >= 744 ? .pad : .phone
        preferredContentSizeCategory = .large
    }
}

extension UITraitCollection {
    /// The traits of Flipbook's screen (`UIScreen.main`, the scene's canvas while its code
    /// runs): light mode, left to right, the default text size, and the size classes of a
    /// device that size — regular width from the narrowest iPad's 744 pt (iPad mini, 6th
    /// generation), compact height below 500 pt (an iPhone in landscape), as the Human
    /// Interface Guidelines' size-class table assigns them
    /// (https://developer.apple.com/design/human-interface-guidelines/layout#Specifications).
    static var screen: UITraitCollection { UITraitCollection(screen: .main) }
}

extension UIView {
    /// Left to right unless the view forces right to left
    /// (https://developer.apple.com/documentation/uikit/uiview/effectiveuserinterfacelayoutdirection);
    /// Flipbook lays out left to right, so a forced right-to-left view is refused where it is read.
    public var effectiveUserInterfaceLayoutDirection: UIUserInterfaceLayoutDirection {
        if semanticContentAttribute == .forceRightToLeft {
            UIKitHost.refuse("\(type(of: self)).semanticContentAttribute = .forceRightToLeft: right-to-left layout is not drawn yet")
            return .rightToLeft
        }
        return .leftToRight
    }
}

/// https://developer.apple.com/documentation/uikit/uiapplication: what view code asks of the
/// app — its layout direction (left to right: Flipbook's only one).
open class UIApplication: NSObject, @unchecked Sendable {
    public class var shared: UIApplication { app }
    private static let app = UIApplication()
    open var userInterfaceLayoutDirection: UIUserInterfaceLayoutDirection { .leftToRight }
    /// The size category the user chose: the default.
    open var preferredContentSizeCategory: UIContentSizeCategory { .large }
}

// MARK: - Hit-testing

/// An event the system delivers (https://developer.apple.com/documentation/uikit/uievent):
/// hit-testing takes one; Flipbook's touches come from the scene's script.
open class UIEvent: NSObject {}

extension UIView {
    /// hitTest(_:with:) as UIKit's: the farthest descendant of the view (itself included) that contains `point`, in the
    /// view's coordinates, or nil. As Apple's page describes it: a view that is hidden, has
    /// user interaction disabled or an alpha below 0.01 is skipped with its subviews; a point
    /// outside the view's bounds skips its subviews (clipped or not); the subviews are asked
    /// front to back (https://developer.apple.com/documentation/uikit/uiview/hittest(_:with:)).
    func defaultHitTest(_ point: CGPoint, with event: UIEvent?) -> UIView? {
        guard !isHidden, isUserInteractionEnabled, alpha >= 0.01, self.point(inside: point, with: event) else { return nil }
        for sub in subviews.reversed() {
            if let hit = sub.hitTest(sub.convert(point, from: self), with: event) { return hit }
        }
        return self
    }

}

// MARK: - Key-value observing

/// https://developer.apple.com/documentation/foundation/nskeyvalueobservingoptions
public struct NSKeyValueObservingOptions: OptionSet, Sendable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }
    public static let new = NSKeyValueObservingOptions(rawValue: 0x01)
    public static let old = NSKeyValueObservingOptions(rawValue: 0x02)
    public static let initial = NSKeyValueObservingOptions(rawValue: 0x04)
    public static let prior = NSKeyValueObservingOptions(rawValue: 0x08)
}

/// https://developer.apple.com/documentation/foundation/nskeyvalueobservedchange: the values
/// the options asked for.
public struct NSKeyValueObservedChange<Value> {
    public let oldValue: Value?
    public let newValue: Value?
    public let isPrior: Bool
}

/// The observation `observe(_:options:changeHandler:)` returns: observing lasts until it is
/// invalidated or freed, as Foundation's (https://developer.apple.com/documentation/foundation/nskeyvalueobservation).
public final class NSKeyValueObservation: NSObject {
    fileprivate weak var view: UIView?
    public func invalidate() {
        view?.observers.removeAll { $0.token === self || $0.token == nil }
        view = nil
    }
    deinit { invalidate() }
}

/// One observer on a view: compares its key path's value when the view changes.
final class ViewObserver {
    weak var token: NSKeyValueObservation?
    let check: () -> Void
    init(token: NSKeyValueObservation, check: @escaping () -> Void) { self.token = token; self.check = check }
}

/// `observe(_:options:changeHandler:)` on every view, with `Self` the view's own class, as
/// Foundation declares it on NSObject (which Linux's Foundation does not have). Not for your
/// code to adopt.
public protocol _UIViewObserving: UIView {}
extension UIView: _UIViewObserving {}
extension _UIViewObserving {
    /// Calls `changeHandler` when the value at `keyPath` changes: the view's frame, bounds,
    /// centre, transform, alpha, isHidden and backgroundColor, and what is computed from them,
    /// as their setters fire KVO in UIKit (a value set to what it was is no change).
    public func observe<Value>(_ keyPath: KeyPath<Self, Value>, options: NSKeyValueObservingOptions = [],
                               changeHandler: @escaping (Self, NSKeyValueObservedChange<Value>) -> Void) -> NSKeyValueObservation {
        let token = NSKeyValueObservation()
        token.view = self
        var last = self[keyPath: keyPath]
        if options.contains(.initial) {
            changeHandler(self, NSKeyValueObservedChange(oldValue: nil, newValue: options.contains(.new) ? last : nil, isPrior: false))
        }
        observers.append(ViewObserver(token: token) { [unowned self] in
            let now = self[keyPath: keyPath]
            if sameValue(last, now) { return }
            let old = last
            last = now
            changeHandler(self, NSKeyValueObservedChange(oldValue: options.contains(.old) ? old : nil,
                                                         newValue: options.contains(.new) ? now : nil, isPrior: false))
        })
        return token
    }
}

extension UIView {
    /// A property the view is drawn from was set: its observers compare their values.
    func viewChanged() {
        guard !observers.isEmpty else { return }
        for o in observers where o.token != nil { o.check() }
    }
}

/// Whether two values of a key path are equal (values that are not Equatable always differ).
private func sameValue<Value>(_ a: Value, _ b: Value) -> Bool {
    guard let a = a as? any Equatable else { return false }
    return a.isEqual(to: b)
}
extension Equatable {
    fileprivate func isEqual(to other: Any) -> Bool { (other as? Self) == self }
}

// MARK: - The media clock

/// The scene's clock, in seconds from its start: the time the running code step is at, 0 while
/// the scene is made (https://developer.apple.com/documentation/quartzcore/1395996-cacurrentmediatime:
/// "the current absolute time, in seconds"; Flipbook's absolute time is the scene's, so a
/// golden is the same on every run).
public func CACurrentMediaTime() -> TimeInterval { SceneRecording.current?.time ?? 0 }
