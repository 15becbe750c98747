import FlipbookCore

/// The fields an object of a document may hold and what each holds. A decoder reads an
/// object through its table (`JSONField.object(_:)`: any other key is an error), and
/// `JSONSchema` writes the same tables as a JSON Schema for editors, so the keys the schema
/// lists are the keys the decoder accepts.
public struct FieldTable: Sendable {
    public private(set) var fields: [FieldSpec]
    /// The keys, in the table's order (the order error messages list them in).
    public private(set) var names: [String]

    public init(_ fields: [FieldSpec]) {
        self.fields = fields
        names = fields.map(\.name)
    }

    /// This table with `more` fields after its own.
    public func adding(_ more: [FieldSpec]) -> FieldTable { FieldTable(fields + more) }

    /// Fields of the same names whose type is `any` (a type registered with names only).
    public init(names: [String]) { self.init(names.map { FieldSpec($0, .any) }) }

    public subscript(name: String) -> FieldSpec? { fields.first { $0.name == name } }
}

/// One field of a `FieldTable`.
public struct FieldSpec: Sendable {
    public var name: String
    public var type: FieldType
    /// One line for the editor's hover text.
    public var summary: String
    public var isRequired: Bool

    public init(_ name: String, _ type: FieldType, _ summary: String = "", required: Bool = false) {
        self.name = name; self.type = type; self.summary = summary; isRequired = required
    }

    /// The same field, required.
    public var required: FieldSpec { var f = self; f.isRequired = true; return f }

    /// A number's field as its declaration says: its range, and its summary with the default.
    package init<Root>(_ field: NumberField<Root>, required: Bool = false) {
        let defaultText = field.defaultValue.map { "Default " + NumberFormat.short($0) }
        let summary = [field.summary, defaultText].compactMap { $0 }.filter { !$0.isEmpty }.joined(separator: "; ")
        self.init(field.name, .number(field.range, excludingLowerBound: field.excludesLowerBound), summary, required: required)
    }
}

/// What a field holds, in the terms of JSON Schema (draft 2020-12).
public indirect enum FieldType: Sendable {
    case any
    case bool
    case null
    case string(minLength: Int)
    /// A number in `range` (any finite number when nil); with `excludingLowerBound`, above it.
    case number(ClosedRange<Double>?, excludingLowerBound: Bool)
    case integer(ClosedRange<Int>)
    /// One of these strings.
    case names([String])
    /// `"#RGB"`, `"#RRGGBB"` or `"#RRGGBBAA"` (Color(hex:)).
    case color
    case array(FieldType, count: ClosedRange<Int>?)
    case object(FieldTable)
    /// An object whose keys are names (a table such as "templates"), each value of this type.
    case entries(FieldType)
    /// A definition of the schema, by name (`JSONSchema.definitions`).
    case reference(String)
    case anyOf([FieldType])
    /// An object told apart by the string at `key`: each name's fields (besides `key`, which the
    /// schema adds) — a layout by "type", a script step by "action".
    case tagged(key: String, variants: [(name: String, table: FieldTable)])

    public static let string = FieldType.string(minLength: 0)
    public static let nonEmptyString = FieldType.string(minLength: 1)
    public static let number = FieldType.number(nil, excludingLowerBound: false)
    public static func number(_ range: ClosedRange<Double>) -> FieldType { .number(range, excludingLowerBound: false) }
    /// A number > 0 and ≤ `max` (JSONField.positive).
    public static func positive(max: Double = .greatestFiniteMagnitude) -> FieldType { .number(0...max, excludingLowerBound: true) }
    /// A number from 0 to `max` (JSONField.nonNegative).
    public static func nonNegative(max: Double = .greatestFiniteMagnitude) -> FieldType { .number(0...max, excludingLowerBound: false) }
    public static func array(_ element: FieldType) -> FieldType { .array(element, count: nil) }
    public static func nullable(_ type: FieldType) -> FieldType { .anyOf([type, .null]) }
    /// An enumeration's cases by raw value.
    public static func names<Value: CaseIterable & RawRepresentable>(_ type: Value.Type) -> FieldType where Value.RawValue == String {
        .names(Value.allCases.map(\.rawValue))
    }
}

extension JSONField {
    /// An object whose keys must all be in `table` (typos are errors, not silently ignored).
    public func object(_ table: FieldTable) throws -> JSONObject { try object(allowed: table.names) }
}

/// Writes field tables as one JSON Schema document (draft 2020-12).
package struct JSONSchema: Sendable {
    package var id: String
    package var title: String
    package var summary: String
    /// The document's root object.
    package var root: FieldTable
    /// Named types `FieldType.reference` points at, written under `$defs` in this order.
    package var definitions: [(name: String, type: FieldType, summary: String)]

    package init(id: String, title: String, summary: String, root: FieldTable, definitions: [(name: String, type: FieldType, summary: String)]) {
        self.id = id; self.title = title; self.summary = summary; self.root = root; self.definitions = definitions
    }

    /// The schema, one JSON document with a final newline.
    package func document() throws -> String {
        var w = JSONWriter()
        w.beginObject()
        w.string("$schema", "https://json-schema.org/draft/2020-12/schema")
        w.string("$id", id)
        w.string("title", title)
        w.string("description", summary)
        JSONSchema.writeObject(root, into: &w, extraKey: nil)
        w.beginObject("$defs")
        for d in definitions {
            w.beginObject(d.name)
            if !d.summary.isEmpty { w.string("description", d.summary) }
            JSONSchema.writeBody(d.type, into: &w)
            w.endObject()
        }
        w.endObject()
        w.endObject()
        w.newline()
        return try w.finished()
    }

    /// `type` as a schema object of its own.
    static func write(_ type: FieldType, _ key: String?, summary: String = "", into w: inout JSONWriter) {
        w.beginObject(key)
        if !summary.isEmpty { w.string("description", summary) }
        writeBody(type, into: &w)
        w.endObject()
    }

    /// The members that say what `type` is, inside an object already begun.
    static func writeBody(_ type: FieldType, into w: inout JSONWriter) {
        switch type {
        case .any: break
        case .bool: w.string("type", "boolean")
        case .null: w.string("type", "null")
        case .string(let min):
            w.string("type", "string")
            if min > 0 { w.integer("minLength", min) }
        case .number(let range, let excluding):
            w.string("type", "number")
            if let range {
                if excluding { w.number("exclusiveMinimum", range.lowerBound) } else if range.lowerBound > -.greatestFiniteMagnitude { w.number("minimum", range.lowerBound) }
                if range.upperBound < .greatestFiniteMagnitude { w.number("maximum", range.upperBound) }
            }
        case .integer(let range):
            w.string("type", "integer")
            w.integer("minimum", range.lowerBound)
            w.integer("maximum", range.upperBound)
        case .names(let names):
            w.beginArray("enum")
            for n in names { w.string(nil, n) }
            w.endArray()
        case .color:
            w.string("type", "string")
            w.string("pattern", "^#([0-9A-Fa-f]{3}|[0-9A-Fa-f]{6}|[0-9A-Fa-f]{8})$")
        case .array(let element, let count):
            w.string("type", "array")
            write(element, "items", into: &w)
            if let count {
                if count.lowerBound > 0 { w.integer("minItems", count.lowerBound) }
                if count.upperBound < .max { w.integer("maxItems", count.upperBound) }
            }
        case .object(let table):
            writeObject(table, into: &w, extraKey: nil)
        case .entries(let value):
            w.string("type", "object")
            write(value, "additionalProperties", into: &w)
        case .reference(let name):
            w.string("$ref", "#/$defs/" + name)
        case .anyOf(let types):
            w.beginArray("anyOf")
            for t in types { write(t, nil, into: &w) }
            w.endArray()
        case .tagged(let key, let variants):
            // The tag's names for the editor's completion; each variant's fields once the tag is
            // known, so a field is checked against its own variant only.
            w.string("type", "object")
            w.beginArray("required"); w.string(nil, key); w.endArray()
            w.beginObject("properties")
            write(.names(variants.map(\.name)), key, into: &w)
            w.endObject()
            w.beginArray("allOf")
            for v in variants {
                w.beginObject()
                w.beginObject("if")
                w.beginObject("properties"); w.beginObject(key); w.string("const", v.name); w.endObject(); w.endObject()
                w.beginArray("required"); w.string(nil, key); w.endArray()
                w.endObject()
                w.beginObject("then")
                writeObject(v.table, into: &w, extraKey: key)
                w.endObject()
                w.endObject()
            }
            w.endArray()
        }
    }

    /// A closed object: `table`'s fields (and `extraKey`, written as any value) and no others.
    static func writeObject(_ table: FieldTable, into w: inout JSONWriter, extraKey: String?) {
        w.string("type", "object")
        w.beginObject("properties")
        if let extraKey, table[extraKey] == nil { w.beginObject(extraKey); w.endObject() }
        for f in table.fields { write(f.type, f.name, summary: f.summary, into: &w) }
        w.endObject()
        let required = table.fields.filter(\.isRequired).map(\.name)
        if !required.isEmpty {
            w.beginArray("required")
            for r in required { w.string(nil, r) }
            w.endArray()
        }
        w.bool("additionalProperties", false)
    }
}
