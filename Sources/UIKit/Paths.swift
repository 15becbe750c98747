import Foundation
import FlipbookCore

/// A path as Core Graphics passes it (https://developer.apple.com/documentation/coregraphics/cgpath),
/// kept as the shape it was made from: what a layer's `shadowPath` casts a shadow of. A
/// rectangle, a rounded rectangle with round corners and a circle are drawn; another shape
/// (an ellipse that is not a circle, elliptical corners, a turned path) is one line when drawn.
/// The initialisers take the transform by value, not by pointer as Core Graphics does: the
/// usual `transform: nil` compiles the same; `&transform` is a compile error.
public final class CGPath: @unchecked Sendable {
    enum Shape: Equatable {
        case rect(CGRect)
        case roundedRect(CGRect, radius: CGFloat)
        case unsupported(String)
    }
    let shape: Shape

    init(_ shape: Shape) { self.shape = shape }

    public convenience init(rect: CGRect, transform: CGAffineTransform?) {
        self.init(CGPath.placed(.rect(rect), transform))
    }
    public convenience init(roundedRect rect: CGRect, cornerWidth: CGFloat, cornerHeight: CGFloat, transform: CGAffineTransform?) {
        self.init(cornerWidth == cornerHeight ? CGPath.placed(.roundedRect(rect, radius: cornerWidth), transform)
                  : .unsupported("a rounded rectangle with elliptical corners (cornerWidth \(cornerWidth), cornerHeight \(cornerHeight))"))
    }
    public convenience init(ellipseIn rect: CGRect, transform: CGAffineTransform?) {
        self.init(rect.width == rect.height ? CGPath.placed(.roundedRect(rect, radius: rect.width / 2), transform)
                  : .unsupported("an ellipse that is not a circle (\(rect.width) × \(rect.height))"))
    }

    /// The shape moved by a transform of translation and positive scale (radius scaled with it
    /// when the scale is even); any other is unsupported.
    private static func placed(_ shape: Shape, _ transform: CGAffineTransform?) -> Shape {
        guard let t = transform, t != .identity else { return shape }
        guard t.b == 0, t.c == 0, t.a > 0, t.d > 0 else { return .unsupported("a path made with a turning or mirroring transform") }
        switch shape {
        case .rect(let r): return .rect(r.applying(t))
        case .roundedRect(let r, let radius):
            return t.a == t.d ? .roundedRect(r.applying(t), radius: radius * t.a) : .unsupported("a rounded path scaled unevenly")
        case .unsupported: return shape
        }
    }

    /// The smallest rectangle holding the path (https://developer.apple.com/documentation/coregraphics/cgpath/boundingbox).
    public var boundingBox: CGRect {
        switch shape {
        case .rect(let r), .roundedRect(let r, _): return r
        case .unsupported: return .null
        }
    }
}

/// A path made by UIKit's shape initialisers (https://developer.apple.com/documentation/uikit/uibezierpath),
/// read as its `cgPath`.
open class UIBezierPath: NSObject {
    public let cgPath: CGPath
    public init(rect: CGRect) { cgPath = CGPath(rect: rect, transform: nil) }
    public init(roundedRect rect: CGRect, cornerRadius: CGFloat) {
        // "Values larger than half the rectangle's width or height are clamped appropriately to
        // half the width or height" (https://developer.apple.com/documentation/uikit/uibezierpath/init(roundedrect:cornerradius:)).
        cgPath = CGPath(.roundedRect(rect, radius: max(0, min(cornerRadius, min(rect.width, rect.height) / 2))))
    }
    public init(ovalIn rect: CGRect) { cgPath = CGPath(ellipseIn: rect, transform: nil) }
    open var bounds: CGRect { cgPath.boundingBox }
}
