import Foundation

// Auto Layout's API (https://developer.apple.com/documentation/uikit/nslayoutconstraint,
// https://developer.apple.com/documentation/uikit/nslayoutanchor): constraints between views'
// and layout guides' edges, centres and sizes, solved by AutoLayoutSolver when a cell is laid out.

/// https://developer.apple.com/documentation/uikit/uilayoutpriority
public struct UILayoutPriority: RawRepresentable, Hashable, Comparable, Sendable, ExpressibleByFloatLiteral, ExpressibleByIntegerLiteral {
    public var rawValue: Float
    public init(rawValue: Float) { self.rawValue = rawValue }
    public init(_ rawValue: Float) { self.rawValue = rawValue }
    public init(floatLiteral value: Float) { rawValue = value }
    public init(integerLiteral value: Int) { rawValue = Float(value) }
    public static func < (a: UILayoutPriority, b: UILayoutPriority) -> Bool { a.rawValue < b.rawValue }
    public static let required = UILayoutPriority(1000)
    public static let defaultHigh = UILayoutPriority(750)
    public static let defaultLow = UILayoutPriority(250)
    public static let fittingSizeLevel = UILayoutPriority(50)
    public static func + (p: UILayoutPriority, v: Float) -> UILayoutPriority { UILayoutPriority(p.rawValue + v) }
    public static func - (p: UILayoutPriority, v: Float) -> UILayoutPriority { UILayoutPriority(p.rawValue - v) }
}

/// What an anchor or constraint attribute measures.
enum NSLayoutAttributeKind: Sendable {
    case left, right, top, bottom, leading, trailing, width, height, centerX, centerY, firstBaseline, lastBaseline
}

/// https://developer.apple.com/documentation/uikit/nslayoutconstraint
open class NSLayoutConstraint: NSObject {
    /// https://developer.apple.com/documentation/uikit/nslayoutconstraint/relation
    public enum Relation: Int, Sendable { case lessThanOrEqual = -1, equal = 0, greaterThanOrEqual = 1 }

    let firstAnchor: AnyLayoutAnchor
    let secondAnchor: AnyLayoutAnchor?
    public let relation: Relation
    public let multiplier: CGFloat
    open var constant: CGFloat
    /// `.required` (Apple's page).
    open var priority = UILayoutPriority.required
    open var identifier: String?
    /// Why UIKit would refuse the constraint (made with a pairing it raises on), reported when
    /// its view is laid out.
    var invalid: String?
    open var isActive = false {
        didSet {
            guard isActive != oldValue else { return }
            if isActive { firstAnchor.owner?.constraints.append(self) } else { firstAnchor.owner?.constraints.removeAll { $0 === self } }
        }
    }

    init(_ first: AnyLayoutAnchor, _ relation: Relation, _ second: AnyLayoutAnchor?, multiplier: CGFloat = 1, constant: CGFloat = 0) {
        firstAnchor = first; self.relation = relation; secondAnchor = second; self.multiplier = multiplier; self.constant = constant
    }

    public class func activate(_ constraints: [NSLayoutConstraint]) { for c in constraints { c.isActive = true } }
    /// https://developer.apple.com/documentation/uikit/nslayoutconstraint/axis
    public enum Axis: Int, Sendable { case horizontal, vertical }
    public class func deactivate(_ constraints: [NSLayoutConstraint]) { for c in constraints { c.isActive = false } }
}

/// One edge, centre or size of a view or layout guide, type-erased (NSLayoutAnchor's storage).
final class AnyLayoutAnchor: @unchecked Sendable {
    weak var view: UIView?
    weak var guide: UILayoutGuide?
    let attribute: NSLayoutAttributeKind
    init(view: UIView, _ attribute: NSLayoutAttributeKind) { self.view = view; self.attribute = attribute }
    init(guide: UILayoutGuide, _ attribute: NSLayoutAttributeKind) { self.guide = guide; self.attribute = attribute }
    /// The view that keeps constraints on this anchor (a guide's owning view).
    var owner: UIView? { view ?? guide?.owningView }
}

/// https://developer.apple.com/documentation/uikit/nslayoutanchor
open class NSLayoutAnchor<AnchorType: AnyObject>: NSObject {
    let anchor: AnyLayoutAnchor
    init(_ anchor: AnyLayoutAnchor) { self.anchor = anchor }

    open func constraint(equalTo other: NSLayoutAnchor<AnchorType>) -> NSLayoutConstraint { NSLayoutConstraint(anchor, .equal, other.anchor) }
    open func constraint(greaterThanOrEqualTo other: NSLayoutAnchor<AnchorType>) -> NSLayoutConstraint { NSLayoutConstraint(anchor, .greaterThanOrEqual, other.anchor) }
    open func constraint(lessThanOrEqualTo other: NSLayoutAnchor<AnchorType>) -> NSLayoutConstraint { NSLayoutConstraint(anchor, .lessThanOrEqual, other.anchor) }
    open func constraint(equalTo other: NSLayoutAnchor<AnchorType>, constant c: CGFloat) -> NSLayoutConstraint {
        NSLayoutConstraint(anchor, .equal, other.anchor, constant: c)
    }
    open func constraint(greaterThanOrEqualTo other: NSLayoutAnchor<AnchorType>, constant c: CGFloat) -> NSLayoutConstraint {
        NSLayoutConstraint(anchor, .greaterThanOrEqual, other.anchor, constant: c)
    }
    open func constraint(lessThanOrEqualTo other: NSLayoutAnchor<AnchorType>, constant c: CGFloat) -> NSLayoutConstraint {
        NSLayoutConstraint(anchor, .lessThanOrEqual, other.anchor, constant: c)
    }
}

/// https://developer.apple.com/documentation/uikit/nslayoutxaxisanchor
public final class NSLayoutXAxisAnchor: NSLayoutAnchor<NSLayoutXAxisAnchor>, @unchecked Sendable {}
/// https://developer.apple.com/documentation/uikit/nslayoutyaxisanchor
public final class NSLayoutYAxisAnchor: NSLayoutAnchor<NSLayoutYAxisAnchor>, @unchecked Sendable {}

/// https://developer.apple.com/documentation/uikit/nslayoutdimension
public final class NSLayoutDimension: NSLayoutAnchor<NSLayoutDimension>, @unchecked Sendable {
    public func constraint(equalToConstant c: CGFloat) -> NSLayoutConstraint { NSLayoutConstraint(anchor, .equal, nil, constant: c) }
    public func constraint(greaterThanOrEqualToConstant c: CGFloat) -> NSLayoutConstraint { NSLayoutConstraint(anchor, .greaterThanOrEqual, nil, constant: c) }
    public func constraint(lessThanOrEqualToConstant c: CGFloat) -> NSLayoutConstraint { NSLayoutConstraint(anchor, .lessThanOrEqual, nil, constant: c) }
    public func constraint(equalTo other: NSLayoutDimension, multiplier m: CGFloat) -> NSLayoutConstraint {
        NSLayoutConstraint(anchor, .equal, other.anchor, multiplier: m)
    }
    public func constraint(equalTo other: NSLayoutDimension, multiplier m: CGFloat, constant c: CGFloat) -> NSLayoutConstraint {
        NSLayoutConstraint(anchor, .equal, other.anchor, multiplier: m, constant: c)
    }
    public func constraint(greaterThanOrEqualTo other: NSLayoutDimension, multiplier m: CGFloat, constant c: CGFloat) -> NSLayoutConstraint {
        NSLayoutConstraint(anchor, .greaterThanOrEqual, other.anchor, multiplier: m, constant: c)
    }
    public func constraint(lessThanOrEqualTo other: NSLayoutDimension, multiplier m: CGFloat, constant c: CGFloat) -> NSLayoutConstraint {
        NSLayoutConstraint(anchor, .lessThanOrEqual, other.anchor, multiplier: m, constant: c)
    }
}

/// A rectangle that takes part in Auto Layout without a view
/// (https://developer.apple.com/documentation/uikit/uilayoutguide); a view's margins guide is one.
open class UILayoutGuide: NSObject {
    open weak var owningView: UIView?
    /// The margins guide of a view: its bounds inset by its layoutMargins (not a free rectangle).
    weak var marginsOf: UIView?
    /// The safe-area guide of a view: its bounds.
    weak var boundsOf: UIView?
    open var identifier = ""

    public override init() { super.init() }

    /// A view's own guide: its bounds, inset by its layout margins when `margins`.
    convenience init(of view: UIView, margins: Bool, identifier: String) {
        self.init()
        owningView = view
        if margins { marginsOf = view } else { boundsOf = view }
        self.identifier = identifier
    }

    public lazy var leadingAnchor = NSLayoutXAxisAnchor(AnyLayoutAnchor(guide: self, .leading))
    public lazy var trailingAnchor = NSLayoutXAxisAnchor(AnyLayoutAnchor(guide: self, .trailing))
    public lazy var leftAnchor = NSLayoutXAxisAnchor(AnyLayoutAnchor(guide: self, .left))
    public lazy var rightAnchor = NSLayoutXAxisAnchor(AnyLayoutAnchor(guide: self, .right))
    public lazy var topAnchor = NSLayoutYAxisAnchor(AnyLayoutAnchor(guide: self, .top))
    public lazy var bottomAnchor = NSLayoutYAxisAnchor(AnyLayoutAnchor(guide: self, .bottom))
    public lazy var centerXAnchor = NSLayoutXAxisAnchor(AnyLayoutAnchor(guide: self, .centerX))
    public lazy var centerYAnchor = NSLayoutYAxisAnchor(AnyLayoutAnchor(guide: self, .centerY))
    public lazy var widthAnchor = NSLayoutDimension(AnyLayoutAnchor(guide: self, .width))
    public lazy var heightAnchor = NSLayoutDimension(AnyLayoutAnchor(guide: self, .height))
}

extension UIView {
    /// https://developer.apple.com/documentation/uikit/uiview/nointrinsicmetric
    public static let noIntrinsicMetric: CGFloat = -1

    /// https://developer.apple.com/documentation/uikit/uiview/layoutfittingcompressedsize
    public static let layoutFittingCompressedSize = CGSize.zero
    /// https://developer.apple.com/documentation/uikit/uiview/layoutfittingexpandedsize
    public static let layoutFittingExpandedSize = CGSize(width: 1e6, height: 1e6)

    /// The size the view's constraints give it, as near `targetSize` as the fitting priorities
    /// say: required holds the target on that axis, `fittingSizeLevel` (50) lets the content
    /// decide (https://developer.apple.com/documentation/uikit/uiview/systemlayoutsizefitting(_:withhorizontalfittingpriority:verticalfittingpriority:)).
    /// Its subviews are laid out for that size. With required constraints that conflict, the
    /// view's own size.
    public func systemLayoutSizeFitting(_ targetSize: CGSize, withHorizontalFittingPriority horizontalFittingPriority: UILayoutPriority,
                                        verticalFittingPriority: UILayoutPriority) -> CGSize {
        layoutSubviews()
        return AutoLayoutSolver.fittingSize(self, target: targetSize, horizontal: horizontalFittingPriority, vertical: verticalFittingPriority) ?? bounds.size
    }

    /// `systemLayoutSizeFitting(_:withHorizontalFittingPriority:verticalFittingPriority:)` at
    /// `fittingSizeLevel` on both axes (https://developer.apple.com/documentation/uikit/uiview/systemlayoutsizefitting(_:)).
    public func systemLayoutSizeFitting(_ targetSize: CGSize) -> CGSize {
        systemLayoutSizeFitting(targetSize, withHorizontalFittingPriority: .fittingSizeLevel, verticalFittingPriority: .fittingSizeLevel)
    }
}

extension NSLayoutConstraint {
    /// https://developer.apple.com/documentation/uikit/nslayoutconstraint/attribute
    public enum Attribute: Int, Sendable {
        case left = 1, right, top, bottom, leading, trailing, width, height, centerX, centerY, lastBaseline, firstBaseline
        case leftMargin, rightMargin, topMargin, bottomMargin, leadingMargin, trailingMargin, centerXWithinMargins, centerYWithinMargins
        case notAnAttribute = 0
    }

    /// The constraint `view1.attr1 relation multiplier × view2.attr2 + c`, the API from before
    /// anchors (https://developer.apple.com/documentation/uikit/nslayoutconstraint/init(item:attribute:relatedby:toitem:attribute:multiplier:constant:)):
    /// items are views or layout guides; a margin attribute is the view's `layoutMarginsGuide`'s
    /// edge; `toItem` nil with `.notAnAttribute` makes a constant size. Inactive until activated,
    /// as Apple's page says. A pairing UIKit refuses ("Invalid pairing of layout attributes": a
    /// location with a size, across axes, or a location against a constant) is the cell's
    /// one-line error when it is laid out.
    public convenience init(item view1: Any, attribute attr1: NSLayoutConstraint.Attribute, relatedBy relation: NSLayoutConstraint.Relation,
                            toItem view2: Any?, attribute attr2: NSLayoutConstraint.Attribute, multiplier: CGFloat, constant c: CGFloat) {
        let first = NSLayoutConstraint.anchor(view1, attr1)
        let second = view2.flatMap { attr2 == .notAnAttribute ? nil : NSLayoutConstraint.anchor($0, attr2) }
        self.init(first ?? AnyLayoutAnchor(view: UIView(), .width), relation, second, multiplier: multiplier, constant: c)
        func axis(_ a: NSLayoutAttributeKind) -> (vertical: Bool, size: Bool) {
            switch a {
            case .left, .right, .leading, .trailing, .centerX: return (false, false)
            case .top, .bottom, .centerY, .firstBaseline, .lastBaseline: return (true, false)
            case .width: return (false, true)
            case .height: return (true, true)
            }
        }
        let name = "NSLayoutConstraint(item: \(type(of: view1)), attribute: .\(attr1), relatedBy: .\(relation), toItem: \(view2.map { "\(type(of: $0))" } ?? "nil"), attribute: .\(attr2))"
        if first == nil {
            // Not on a view, so never laid out: refused where the code runs.
            UIKitHost.refuse("\(name): the first item must be a UIView or a UILayoutGuide with an attribute other than .notAnAttribute (UIKit raises)")
        } else if view2 != nil && attr2 != .notAnAttribute && second == nil {
            invalid = "\(name): the second item must be a UIView or a UILayoutGuide (UIKit raises)"
        } else if let f = first.map({ axis($0.attribute) }) {
            if let s = second.map({ axis($0.attribute) }) {
                // Locations pair with locations of their axis; sizes pair with sizes (either axis).
                if f.size != s.size || (!f.size && f.vertical != s.vertical) {
                    invalid = "\(name): Invalid pairing of layout attributes (UIKit raises)"
                }
            } else if !f.size {
                invalid = "\(name): a location attribute cannot equal a constant; Invalid pairing of layout attributes (UIKit raises)"
            }
        }
    }

    /// The anchor `attribute` of a view or guide names; nil for anything else.
    private static func anchor(_ item: Any, _ attribute: Attribute) -> AnyLayoutAnchor? {
        guard let (kind, margin) = anchors[attribute] else { return nil }
        if let view = item as? UIView { return margin ? AnyLayoutAnchor(guide: view.layoutMarginsGuide, kind) : AnyLayoutAnchor(view: view, kind) }
        if let guide = item as? UILayoutGuide, !margin, kind != .firstBaseline, kind != .lastBaseline { return AnyLayoutAnchor(guide: guide, kind) }
        return nil
    }

    /// Each attribute's anchor, and whether it is the view's margins guide's.
    private static let anchors: [Attribute: (NSLayoutAttributeKind, margin: Bool)] = [
        .left: (.left, false), .right: (.right, false), .top: (.top, false), .bottom: (.bottom, false),
        .leading: (.leading, false), .trailing: (.trailing, false), .width: (.width, false), .height: (.height, false),
        .centerX: (.centerX, false), .centerY: (.centerY, false), .lastBaseline: (.lastBaseline, false), .firstBaseline: (.firstBaseline, false),
        .leftMargin: (.left, true), .rightMargin: (.right, true), .topMargin: (.top, true), .bottomMargin: (.bottom, true),
        .leadingMargin: (.leading, true), .trailingMargin: (.trailing, true), .centerXWithinMargins: (.centerX, true), .centerYWithinMargins: (.centerY, true),
    ]
}
