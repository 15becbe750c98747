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
