import FlipbookCore
import FlipbookLayout
import FlipbookAnimation

/// The animatable properties of an item, as scene files name them.
public enum ItemProperty: String, CaseIterable, Sendable {
    case frame, center, size, alpha, rotation, scale, translation, color

    /// The kind of value the property takes.
    public var valueKind: PropertyValue.Kind {
        switch self {
        case .frame: return .rect
        case .center, .translation: return .point
        case .size: return .size
        case .alpha, .rotation, .scale: return .number
        case .color: return .color
        }
    }

    /// What a value of this property may be: the one rule that the scene-file decoder (which adds
    /// the value's position in the file) and `Scene.validate()` (for scenes built in code) read.
    /// `field` is the part of the value at fault ("x", "width"; "" for the value itself).
    package func problem(with value: PropertyValue) -> (field: String, expected: String)? {
        let position = -SceneLimits.maxOffset...SceneLimits.maxOffset
        let side = 0...SceneLimits.maxItemPoints
        func number(_ name: String, _ v: Double, _ range: ClosedRange<Double>, excludingZero: Bool = false) -> (field: String, expected: String)? {
            range.allows(v, excludingLowerBound: excludingZero) ? nil : (name, range.expectation(excludingLowerBound: excludingZero))
        }
        switch (self, value) {
        case (.alpha, .number(let v)): return number("", v, 0...1)
        case (.scale, .number(let v)): return number("", v, 0...1000)
        case (.rotation, .number(let v)): return number("", v, -1000...1000)
        case (.center, .point(let p)), (.translation, .point(let p)):
            return number("x", p.x, position) ?? number("y", p.y, position)
        case (.size, .size(let s)):
            return number("width", s.width, side, excludingZero: true) ?? number("height", s.height, side, excludingZero: true)
        case (.frame, .rect(let r)):
            return number("x", r.origin.x, position) ?? number("y", r.origin.y, position)
                ?? number("width", r.width, side) ?? number("height", r.height, side)
        case (.color, .color(let c)): return c.isValid ? nil : ("", "a colour with components from 0 to 1")
        default: return ("", "a \(valueKind.rawValue) (the kind of value \(rawValue) takes)")
        }
    }
}

/// A value of any animatable property.
public enum PropertyValue: Hashable, Sendable, VectorLike {
    case number(Double)
    case point(Point)
    case size(Size)
    case rect(Rect)
    case color(Color)

    public enum Kind: String, Sendable { case number, point, size, rect, color }

    public var kind: Kind {
        switch self {
        case .number: return .number
        case .point: return .point
        case .size: return .size
        case .rect: return .rect
        case .color: return .color
        }
    }

    /// Interpolates values of the same kind; mismatched kinds cannot happen for one property,
    /// but if they did the target would win.
    public static func interpolate(_ a: PropertyValue, _ b: PropertyValue, _ f: Double) -> PropertyValue {
        switch (a, b) {
        case (.number(let x), .number(let y)): return .number(.interpolate(x, y, f))
        case (.point(let x), .point(let y)): return .point(.interpolate(x, y, f))
        case (.size(let x), .size(let y)): return .size(.interpolate(x, y, f))
        case (.rect(let x), .rect(let y)): return .rect(.interpolate(x, y, f))
        case (.color(let x), .color(let y)): return .color(.interpolate(x, y, f))
        default: return b
        }
    }

    public static func combine(_ terms: [(PropertyValue, Double)]) -> PropertyValue {
        guard let first = terms.first?.0 else { return .number(0) }
        switch first {
        case .number: return .number(.combine(terms.compactMap { if case .number(let v) = $0.0 { return (v, $0.1) }; return nil }))
        case .point: return .point(.combine(terms.compactMap { if case .point(let v) = $0.0 { return (v, $0.1) }; return nil }))
        case .size: return .size(.combine(terms.compactMap { if case .size(let v) = $0.0 { return (v, $0.1) }; return nil }))
        case .rect: return .rect(.combine(terms.compactMap { if case .rect(let v) = $0.0 { return (v, $0.1) }; return nil }))
        case .color: return .color(.combine(terms.compactMap { if case .color(let v) = $0.0 { return (v, $0.1) }; return nil }))
        }
    }

    public func euclideanDistance(to other: PropertyValue) -> Double {
        switch (self, other) {
        case (.number(let x), .number(let y)): return x.euclideanDistance(to: y)
        case (.point(let x), .point(let y)): return x.euclideanDistance(to: y)
        case (.size(let x), .size(let y)): return x.euclideanDistance(to: y)
        case (.rect(let x), .rect(let y)): return x.euclideanDistance(to: y)
        case (.color(let x), .color(let y)): return x.euclideanDistance(to: y)
        default: return 0
        }
    }

    /// Adds `delta` (additive animations).
    func adding(_ delta: PropertyValue) -> PropertyValue { .combine([(self, 1), (delta, 1)]) }
}

/// Everything about an item that animates, in content coordinates.
public struct ItemState: Hashable, Sendable {
    public var frame: Rect
    public var alpha: Double = 1
    public var rotation: Double = 0
    public var scale: Double = 1
    public var translation: Point = .zero
    public var color: Color = .white
    public var zIndex: Int = 0
    public var isHidden: Bool = false

    public init(frame: Rect, color: Color = .white) {
        self.frame = frame
        self.color = color
    }

    public init(_ a: LayoutAttributes, color: Color) {
        frame = a.frame
        alpha = a.alpha
        rotation = a.transform.rotation
        scale = a.transform.scale
        translation = a.transform.translation
        zIndex = a.zIndex
        isHidden = a.isHidden
        self.color = color
    }

    public subscript(property: ItemProperty) -> PropertyValue {
        get {
            switch property {
            case .frame: return .rect(frame)
            case .center: return .point(frame.center)
            case .size: return .size(frame.size)
            case .alpha: return .number(alpha)
            case .rotation: return .number(rotation)
            case .scale: return .number(scale)
            case .translation: return .point(translation)
            case .color: return .color(color)
            }
        }
        set {
            switch (property, newValue) {
            case (.frame, .rect(let r)): frame = r
            case (.center, .point(let p)): frame.center = p
            case (.size, .size(let s)):
                let c = frame.center
                frame.size = s
                frame.center = c
            case (.alpha, .number(let v)): alpha = v
            case (.rotation, .number(let v)): rotation = v
            case (.scale, .number(let v)): scale = v
            case (.translation, .point(let p)): translation = p
            case (.color, .color(let c)): color = c
            default: break
            }
        }
    }

    /// The properties a layout controls, animated together by batch updates.
    public static let layoutProperties: [ItemProperty] = [.frame, .alpha, .rotation, .scale, .translation]
}
