// Interpolation: the one operation animations need from a value type. Progress may leave
// 0...1 (springs overshoot), so implementations extrapolate linearly.

public protocol Interpolatable: Equatable, Sendable {
    static func interpolate(_ from: Self, _ to: Self, _ fraction: Double) -> Self
}

extension Double: Interpolatable {
    public static func interpolate(_ a: Double, _ b: Double, _ f: Double) -> Double { a + (b - a) * f }
}

extension Point: Interpolatable {
    public static func interpolate(_ a: Point, _ b: Point, _ f: Double) -> Point {
        Point(x: .interpolate(a.x, b.x, f), y: .interpolate(a.y, b.y, f))
    }
}

extension Size: Interpolatable {
    public static func interpolate(_ a: Size, _ b: Size, _ f: Double) -> Size {
        Size(width: .interpolate(a.width, b.width, f), height: .interpolate(a.height, b.height, f))
    }
}

extension Rect: Interpolatable {
    public static func interpolate(_ a: Rect, _ b: Rect, _ f: Double) -> Rect {
        Rect(origin: .interpolate(a.origin, b.origin, f), size: .interpolate(a.size, b.size, f))
    }
}

extension Color: Interpolatable {
    /// Component-wise in straight RGBA, clamped to 0...1 (an overshooting spring cannot
    /// produce an invalid colour).
    public static func interpolate(_ a: Color, _ b: Color, _ f: Double) -> Color {
        func c(_ x: Double, _ y: Double) -> Double { min(max(x + (y - x) * f, 0), 1) }
        return Color(red: c(a.red, b.red), green: c(a.green, b.green), blue: c(a.blue, b.blue), alpha: c(a.alpha, b.alpha))
    }
}

extension Shadow {
    /// The shadow part of the way from `a` to `b` (none is the same shadow at no opacity):
    /// opacity, offset and radius in proportion, the colour of the one that shows; nil when
    /// neither casts one. How a layer's shadow properties animate (each is animatable, CALayer).
    package static func interpolate(_ a: Shadow?, _ b: Shadow?, _ f: Double) -> Shadow? {
        guard a != nil || b != nil else { return nil }
        let from = a ?? Shadow(color: b!.color, opacity: 0, offset: b!.offset, radius: b!.radius)
        let to = b ?? Shadow(color: a!.color, opacity: 0, offset: a!.offset, radius: a!.radius)
        let opacity = max(0, Double.interpolate(from.opacity, to.opacity, f))
        if opacity <= 0 { return nil }
        return Shadow(color: f < 0.5 ? from.color : to.color, opacity: opacity, offset: .interpolate(from.offset, to.offset, f),
                      radius: max(0, .interpolate(from.radius, to.radius, f)))
    }
}

/// Values that form a vector space: what cubic (Catmull-Rom) and paced key-frame animations
/// need beyond interpolation.
public protocol VectorLike: Interpolatable {
    /// Σ weightᵢ·valueᵢ.
    static func combine(_ terms: [(Self, Double)]) -> Self
    /// Euclidean distance, for paced key-frames. Not `distance(to:)`: on Double that name is
    /// Strideable's signed difference, which a client importing Flipbook must keep.
    func euclideanDistance(to other: Self) -> Double
}

extension Double: VectorLike {
    public static func combine(_ terms: [(Double, Double)]) -> Double { terms.reduce(0) { $0 + $1.0 * $1.1 } }
    public func euclideanDistance(to other: Double) -> Double { abs(self - other) }
}

extension Point: VectorLike {
    public func euclideanDistance(to other: Point) -> Double { distance(to: other) }
    public static func combine(_ terms: [(Point, Double)]) -> Point {
        Point(x: terms.reduce(0) { $0 + $1.0.x * $1.1 }, y: terms.reduce(0) { $0 + $1.0.y * $1.1 })
    }
}

extension Size: VectorLike {
    public static func combine(_ terms: [(Size, Double)]) -> Size {
        Size(width: terms.reduce(0) { $0 + $1.0.width * $1.1 }, height: terms.reduce(0) { $0 + $1.0.height * $1.1 })
    }
    public func euclideanDistance(to o: Size) -> Double { ((width - o.width) * (width - o.width) + (height - o.height) * (height - o.height)).squareRoot() }
}

extension Rect: VectorLike {
    public static func combine(_ terms: [(Rect, Double)]) -> Rect {
        Rect(origin: .combine(terms.map { ($0.0.origin, $0.1) }), size: .combine(terms.map { ($0.0.size, $0.1) }))
    }
    public func euclideanDistance(to o: Rect) -> Double {
        let d = [minX - o.minX, minY - o.minY, width - o.width, height - o.height]
        return d.reduce(0) { $0 + $1 * $1 }.squareRoot()
    }
}

extension Color: VectorLike {
    /// Component-wise, clamped to 0...1.
    public static func combine(_ terms: [(Color, Double)]) -> Color {
        func c(_ k: KeyPath<Color, Double>) -> Double { min(max(terms.reduce(0) { $0 + $1.0[keyPath: k] * $1.1 }, 0), 1) }
        return Color(red: c(\.red), green: c(\.green), blue: c(\.blue), alpha: c(\.alpha))
    }
    public func euclideanDistance(to o: Color) -> Double {
        let d = [red - o.red, green - o.green, blue - o.blue, alpha - o.alpha]
        return d.reduce(0) { $0 + $1 * $1 }.squareRoot()
    }
}
