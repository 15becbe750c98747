// Geometry mirrors CoreGraphics names (CGPoint, CGRect, UIEdgeInsets) so an iOS developer
// can read layout code without a glossary. Points, origin top-left, y down.

/// A point in points, like CGPoint.
public struct Point: Hashable, Sendable, CustomStringConvertible {
    public var x: Double
    public var y: Double
    public init(x: Double, y: Double) { self.x = x; self.y = y }
    public static let zero = Point(x: 0, y: 0)
    public var description: String { "(\(x), \(y))" }

    public static func + (a: Point, b: Point) -> Point { Point(x: a.x + b.x, y: a.y + b.y) }
    public static func - (a: Point, b: Point) -> Point { Point(x: a.x - b.x, y: a.y - b.y) }
    public static func * (a: Point, k: Double) -> Point { Point(x: a.x * k, y: a.y * k) }
    public func distance(to other: Point) -> Double {
        ((x - other.x) * (x - other.x) + (y - other.y) * (y - other.y)).squareRoot()
    }
}

/// A size in points, like CGSize.
public struct Size: Hashable, Sendable, CustomStringConvertible {
    public var width: Double
    public var height: Double
    public init(width: Double, height: Double) { self.width = width; self.height = height }
    public static let zero = Size(width: 0, height: 0)
    public var description: String { "(\(width) x \(height))" }
    /// Width and height swapped (a layout mirrored across the diagonal).
    public var transposed: Size { Size(width: height, height: width) }
}

/// A rectangle, like CGRect. Width and height are expected non-negative.
public struct Rect: Hashable, Sendable, CustomStringConvertible {
    public var origin: Point
    public var size: Size
    public init(origin: Point, size: Size) { self.origin = origin; self.size = size }
    /// Mirrored across the diagonal: x ↔ y, width ↔ height.
    public var transposed: Rect { Rect(x: origin.y, y: origin.x, width: size.height, height: size.width) }
    public init(x: Double, y: Double, width: Double, height: Double) {
        origin = Point(x: x, y: y)
        size = Size(width: width, height: height)
    }
    public static let zero = Rect(x: 0, y: 0, width: 0, height: 0)

    public var minX: Double { origin.x }
    public var minY: Double { origin.y }
    public var maxX: Double { origin.x + size.width }
    public var maxY: Double { origin.y + size.height }
    public var midX: Double { origin.x + size.width / 2 }
    public var midY: Double { origin.y + size.height / 2 }
    public var width: Double { size.width }
    public var height: Double { size.height }
    public var center: Point {
        get { Point(x: midX, y: midY) }
        set { origin = Point(x: newValue.x - size.width / 2, y: newValue.y - size.height / 2) }
    }
    public var isEmpty: Bool { size.width <= 0 || size.height <= 0 }
    public var description: String { "(\(origin.x), \(origin.y), \(size.width), \(size.height))" }

    /// True when the two rectangles share interior area (CGRectIntersectsRect; touching edges do not count).
    public func intersects(_ other: Rect) -> Bool {
        !isEmpty && !other.isEmpty && minX < other.maxX && other.minX < maxX && minY < other.maxY && other.minY < maxY
    }
    public func contains(_ p: Point) -> Bool { p.x >= minX && p.x < maxX && p.y >= minY && p.y < maxY }
    public func offsetBy(dx: Double, dy: Double) -> Rect {
        Rect(x: origin.x + dx, y: origin.y + dy, width: size.width, height: size.height)
    }
    public func insetBy(dx: Double, dy: Double) -> Rect {
        Rect(x: origin.x + dx, y: origin.y + dy, width: size.width - 2 * dx, height: size.height - 2 * dy)
    }
    public func union(_ other: Rect) -> Rect {
        let x0 = min(minX, other.minX), y0 = min(minY, other.minY)
        return Rect(x: x0, y: y0, width: max(maxX, other.maxX) - x0, height: max(maxY, other.maxY) - y0)
    }
    public func intersection(_ other: Rect) -> Rect {
        let x0 = max(minX, other.minX), y0 = max(minY, other.minY)
        let x1 = min(maxX, other.maxX), y1 = min(maxY, other.maxY)
        if x1 <= x0 || y1 <= y0 { return .zero }
        return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }
    /// The square about the same centre that holds this rectangle scaled by `scale` and
    /// rotated by any angle: what a rotated, scaled view can reach.
    public func boundsOfAnyRotation(scale: Double) -> Rect {
        let r = (width * width + height * height).squareRoot() / 2 * abs(scale)
        return Rect(x: midX - r, y: midY - r, width: 2 * r, height: 2 * r)
    }
}

/// Insets, like UIEdgeInsets.
public struct EdgeInsets: Hashable, Sendable {
    public var top: Double, left: Double, bottom: Double, right: Double
    public init(top: Double = 0, left: Double = 0, bottom: Double = 0, right: Double = 0) {
        self.top = top; self.left = left; self.bottom = bottom; self.right = right
    }
    public static let zero = EdgeInsets()
    /// Mirrored across the diagonal: top ↔ left, bottom ↔ right.
    public var transposed: EdgeInsets { EdgeInsets(top: left, left: top, bottom: right, right: bottom) }
}

/// A section/item address, like Foundation's IndexPath for collection views (named
/// apart from it so that `import Foundation` beside Flipbook stays unambiguous).
public struct ItemIndexPath: Hashable, Comparable, Sendable, CustomStringConvertible {
    public var section: Int
    public var item: Int
    public init(item: Int, section: Int = 0) { self.item = item; self.section = section }
    public static func < (a: ItemIndexPath, b: ItemIndexPath) -> Bool {
        a.section != b.section ? a.section < b.section : a.item < b.item
    }
    public var description: String { "[\(section), \(item)]" }
}

extension Size {
    /// Finite and not negative: a size the layouts can do arithmetic with.
    public var isValidExtent: Bool { width.isFinite && height.isFinite && width >= 0 && height >= 0 }
}

extension Int {
    /// The nearest Int to a data-derived Double, never trapping: NaN is 0, and values beyond
    /// Int's range clamp to its ends.
    public init(saturating v: Double) {
        if v.isNaN { self = 0 } else if v >= 9.2e18 { self = .max } else if v <= -9.2e18 { self = .min } else { self = Int(v) }
    }
}

/// A 2-D affine transform, CGAffineTransform's six numbers
/// (https://developer.apple.com/documentation/corefoundation/cgaffinetransform): a point
/// (x, y) goes to (a x + c y + tx, b x + d y + ty).
public struct Transform2D: Hashable, Sendable {
    public var a, b, c, d, tx, ty: Double
    public init(a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double) {
        self.a = a; self.b = b; self.c = c; self.d = d; self.tx = tx; self.ty = ty
    }
    /// The linear part `(a b c d)` applied about `centre` (a view's transform about its centre).
    package init(a: Double, b: Double, c: Double, d: Double, about centre: Point) {
        self.init(a: a, b: b, c: c, d: d, tx: centre.x - a * centre.x - c * centre.y, ty: centre.y - b * centre.x - d * centre.y)
    }
    package func apply(_ p: Point) -> Point { Point(x: a * p.x + c * p.y + tx, y: b * p.x + d * p.y + ty) }
    /// The smallest rectangle holding `r`'s four corners transformed.
    package func bounds(of r: Rect) -> Rect {
        let ps = [Point(x: r.minX, y: r.minY), Point(x: r.maxX, y: r.minY), Point(x: r.minX, y: r.maxY), Point(x: r.maxX, y: r.maxY)].map(apply)
        let x0 = ps.map(\.x).min()!, y0 = ps.map(\.y).min()!
        return Rect(x: x0, y: y0, width: ps.map(\.x).max()! - x0, height: ps.map(\.y).max()! - y0)
    }
    package var isFinite: Bool { [a, b, c, d, tx, ty].allSatisfy(\.isFinite) }
}

/// A layer's 3-D transform as Core Animation applies it, drawn where a rotation and a uniform
/// scale cannot say it (perspective, shear, a non-uniform scale): the 4 × 4 matrix of
/// CATransform3D, row vectors (a point (x, y, z, 1) times the matrix,
/// https://developer.apple.com/documentation/quartzcore/catransform3d), applied about the
/// item's centre (the layer's default anchor point). An item lies in z = 0, so the third row
/// never reaches the screen; perspective comes in through m14, m24 and m44
/// (m34 = −1/d once a rotation has put x or y into z).
public struct Transform3D: Hashable, Sendable {
    /// Row by row: m11 m12 m13 m14, m21 … m44.
    public var m: [Double]

    public init(_ rows: [Double]) {
        precondition(rows.count == 16, "a 4 × 4 matrix")
        m = rows
    }

    /// Where the point `p` of the item's own plane (relative to its centre) lands relative to
    /// the centre on screen, or nil when it is behind the eye (w ≤ 0), where nothing is drawn.
    package func project(_ p: Point) -> Point? {
        let x = p.x * m[0] + p.y * m[4] + m[12]
        let y = p.x * m[1] + p.y * m[5] + m[13]
        let w = p.x * m[3] + p.y * m[7] + m[15]
        guard w > 1e-9, x.isFinite, y.isFinite, w.isFinite else { return nil }
        return Point(x: x / w, y: y / w)
    }

    /// The inverse of `project`, made once for an item and asked for each pixel it covers.
    package var inverse: Inverse? { Inverse(self) }

    /// The plane's 3 × 3 homography inverted: for a point on screen relative to the centre, the
    /// point of the item's plane drawn there.
    package struct Inverse {
        // Columns (X, Y, 1) → (x, y, w): the adjugate of H, whose columns are (m11 m21 m41),
        // (m12 m22 m42), (m14 m24 m44); the determinant cancels in the division.
        private let a, b, c, d, e, f, g, h, i: Double
        private let forward: Transform3D

        init?(_ t: Transform3D) {
            let m = t.m
            let (a, b, c, d, e, f, g, h, i) = (m[0], m[4], m[12], m[1], m[5], m[13], m[3], m[7], m[15])
            let A = e * i - f * h, B = -(d * i - f * g), C = d * h - e * g
            guard abs(a * A + b * B + c * C) > 1e-300 else { return nil }
            self.a = A; self.d = B; self.g = C
            self.b = -(b * i - c * h); self.e = a * i - c * g; self.h = -(a * h - b * g)
            self.c = b * f - c * e; self.f = -(a * f - c * d); self.i = a * e - b * d
            forward = t
        }

        /// The homography's rows (x, y, w as linear functions of the screen point) and the
        /// forward projection's w row, for a loop that steps them along a row of pixels.
        package var rows: (x: (Double, Double, Double), y: (Double, Double, Double), w: (Double, Double, Double),
                           forwardW: (Double, Double, Double)) {
            ((a, b, c), (d, e, f), (g, h, i), (forward.m[3], forward.m[7], forward.m[15]))
        }

        /// The plane's point drawn at `q`, or nil when no point in front of the eye lands there.
        package func callAsFunction(_ q: Point) -> Point? {
            let x = a * q.x + b * q.y + c, y = d * q.x + e * q.y + f, w = g * q.x + h * q.y + i
            guard abs(w) > 1e-300 else { return nil }
            let p = Point(x: x / w, y: y / w)
            // A point behind the eye projects to the screen mirrored: not drawn.
            guard forward.project(p) != nil else { return nil }
            return p
        }
    }
}

extension RandomAccessCollection where Index == Int {
    /// The first index whose element is not `before` (the elements are partitioned: all that
    /// are `before` come first), by binary search — how a layout finds the first band, row or
    /// section a rect reaches.
    package func partitioningIndex(before: (Element) -> Bool) -> Int {
        var lo = startIndex, hi = endIndex
        while lo < hi {
            let mid = (lo + hi) / 2
            if before(self[mid]) { lo = mid + 1 } else { hi = mid }
        }
        return lo
    }
}
