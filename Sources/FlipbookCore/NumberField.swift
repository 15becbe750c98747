/// One number a value type holds, declared once: its name as scene files and messages spell
/// it, the values it may take, its default and a line of doc. The type's own check (and so
/// `Scene.validate()` for a value built in code), the scene-file decoder (which reads the field
/// in that range, at its position) and the JSON Schema (`flipbook schema`) all read this
/// declaration, so a range is written in one place.
public struct NumberField<Root>: @unchecked Sendable {
    public let name: String
    /// Where the value lives; nil for an input that is not stored as given (a spring's
    /// `response`, which becomes its stiffness).
    public let keyPath: WritableKeyPath<Root, Double>?
    public let range: ClosedRange<Double>
    /// The lower bound itself is not allowed (a distance that must be > 0).
    public let excludesLowerBound: Bool
    /// The value when the field is absent (nil: none, or it depends on other fields).
    public let defaultValue: Double?
    /// One line for an editor's hover text (the schema adds the default).
    public let summary: String

    /// Where an optional value lives (nil until set: the effect then works it out).
    package let optionalKeyPath: WritableKeyPath<Root, Double?>?

    /// The property's name in UIKit's API where it differs (a flow layout's `headerHeight` is
    /// `headerReferenceSize.height`): the UIKit module's messages say that one.
    package private(set) var uikitName: String?

    /// The same field, named `name` in UIKit's API.
    package func uikit(_ name: String) -> NumberField { var f = self; f.uikitName = name; return f }

    public init(_ name: String, _ keyPath: WritableKeyPath<Root, Double>?, _ range: ClosedRange<Double>, excludingLowerBound: Bool = false,
                default defaultValue: Double? = nil, _ summary: String = "") {
        self.name = name; self.keyPath = keyPath; self.range = range; self.excludesLowerBound = excludingLowerBound
        self.defaultValue = defaultValue; self.summary = summary; optionalKeyPath = nil
    }

    /// A number that may be left unset.
    public init(_ name: String, _ keyPath: WritableKeyPath<Root, Double?>, _ range: ClosedRange<Double>, excludingLowerBound: Bool = false,
                _ summary: String = "") {
        self.name = name; self.keyPath = nil; self.range = range; self.excludesLowerBound = excludingLowerBound
        defaultValue = nil; self.summary = summary; optionalKeyPath = keyPath
    }

    /// Whether a value holds this number (it is not only an input).
    package var isStored: Bool { keyPath != nil || optionalKeyPath != nil }

    /// The number `root` holds for this field (nil: unset, or not stored).
    package func value(in root: Root) -> Double? {
        if let keyPath { return root[keyPath: keyPath] }
        return optionalKeyPath.flatMap { root[keyPath: $0] }
    }

    /// Stores `v` in `root` (nothing for an input that is not stored).
    package func set(_ v: Double, in root: inout Root) {
        if let keyPath { root[keyPath: keyPath] = v } else if let optionalKeyPath { root[keyPath: optionalKeyPath] = v }
    }

    /// "a number from 0 to 10" (or "> 0 and ≤ 10").
    public var expected: String { range.expectation(excludingLowerBound: excludesLowerBound) }

    public func allows(_ v: Double) -> Bool { range.allows(v, excludingLowerBound: excludesLowerBound) }
}


extension NumberField {
    /// The first of `fields` whose value in `root` is out of its range, as a layout's
    /// `invalidParameter()` reports it: (its name, what was expected).
    package static func firstProblem(in root: Root, _ fields: [NumberField<Root>]) -> (property: String, expected: String)? {
        for f in fields { if let v = f.value(in: root), !f.allows(v) { return (f.name, f.expected) } }
        return nil
    }
}
