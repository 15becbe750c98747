import FlipbookCore

/// One value of a parsed document, with the path that leads to it.
public struct JSONField: Sendable {
    public let node: JSONNode
    /// The path as a chain of steps, written out only when asked for (an error message): a
    /// scene of 100,000 items reads some 400,000 fields and reports none of their paths.
    let location: JSONLocation
    public let file: String
    /// The arrays the parse kept compact, read through `list` (nil when none were).
    let lists: CompactLists?
    /// The JSON path of this value, such as `$.script[2].duration`.
    public var path: String { location.path }

    public init(node: JSONNode, path: String = "$", file: String) {
        self.node = node; self.location = JSONLocation(root: path); self.file = file; lists = nil
    }

    init(node: JSONNode, location: JSONLocation, file: String, lists: CompactLists?) {
        self.node = node; self.location = location; self.file = file; self.lists = lists
    }

    /// A value below this one.
    func child(_ node: JSONNode, _ location: JSONLocation) -> JSONField {
        JSONField(node: node, location: location, file: file, lists: lists)
    }

    /// Parses a whole document; syntax errors become InputErrors at their position. The arrays
    /// at `compacting` are kept compact (`JSONParser.parse(_:maxDepth:compacting:)`): they read
    /// the same through `list`, `array` and `node(atPath:)`, but their `node` is empty.
    public static func parse(_ bytes: [UInt8], file: String, compacting paths: Set<[String]> = []) throws -> JSONField {
        do {
            if paths.isEmpty { return JSONField(node: try JSONParser.parse(bytes), file: file) }
            let (node, lists) = try JSONParser.parse(bytes, compacting: paths)
            return JSONField(node: node, location: JSONLocation(root: "$"), file: file, lists: lists)
        } catch let e as JSONSyntaxError {
            throw InputError(file: file, line: e.line, column: e.column, message: "malformed JSON: \(e.message)")
        }
    }

    /// The value at a JSON path such as `$.script[2].duration` or `$.a["odd key"]` below this
    /// one (which is `$`); nil when the path does not lead to a value.
    public func node(atPath path: String) -> JSONNode? {
        var chars = Array(path.unicodeScalars)[...]
        guard chars.first == "$" else { return nil }
        chars = chars.dropFirst()
        var current = node
        while let c = chars.first {
            if c == "." {
                chars = chars.dropFirst()
                let key = String(String.UnicodeScalarView(chars.prefix { $0 != "." && $0 != "[" }))
                chars = chars.dropFirst(key.unicodeScalars.count)
                guard case .object(let members) = current.value, let m = members.first(where: { $0.key == key }) else { return nil }
                current = m.value
            } else if c == "[" {
                guard let close = chars.firstIndex(of: "]") else { return nil }
                let inner = String(String.UnicodeScalarView(chars[chars.index(after: chars.startIndex)..<close]))
                chars = chars[chars.index(after: close)...]
                if let i = Int(inner) {
                    if let lists, let list = lists.list(for: current) {
                        guard i >= 0, i < list.count else { return nil }
                        current = lists.node(i, of: list)
                        continue
                    }
                    guard case .array(let elements) = current.value, i >= 0, i < elements.count else { return nil }
                    current = elements[i]
                } else {
                    // A quoted key: JSONObject.childPath writes it with JSONWriter.quote.
                    guard case .object(let members) = current.value,
                          case .string(let key)? = try? JSONParser.parse(Array(inner.utf8)).value,
                          let m = members.first(where: { $0.key == key }) else { return nil }
                    current = m.value
                }
            } else {
                return nil
            }
        }
        return current
    }

    public func error(_ message: String) -> InputError {
        InputError(file: file, path: path, line: node.line, column: node.column, message: message)
    }

    /// "expected X, got Y" at this field.
    public func expected(_ what: String) -> InputError { error("expected \(what), got \(got)") }

    public var got: String {
        switch node.value {
        // Six decimals would show 1e-17 as 0: tiny numbers keep their exponent.
        case .number(let v): return v != 0 && abs(v) < 1e-6 ? "\(v)" : NumberFormat.short(v)
        case .string(let s): return InputError.quote(s, limit: 40)
        case .bool(let b): return b ? "true" : "false"
        default: return node.typeName
        }
    }

    public var isNull: Bool { if case .null = node.value { return true } else { return false } }

    public func number() throws -> Double {
        guard case .number(let v) = node.value else { throw expected("a number") }
        return v
    }

    public func number(in range: ClosedRange<Double>, _ what: String? = nil) throws -> Double {
        let v = try number()
        guard range.contains(v) else {
            throw expected(what ?? "a number from \(NumberFormat.short(range.lowerBound)) to \(NumberFormat.short(range.upperBound))")
        }
        return v
    }

    public func nonNegative(max: Double = .greatestFiniteMagnitude) throws -> Double {
        let v = try number()
        guard v >= 0, v <= max else {
            throw expected(max == .greatestFiniteMagnitude ? "a number ≥ 0" : "a number from 0 to \(NumberFormat.short(max))")
        }
        return v
    }

    public func positive(max: Double = .greatestFiniteMagnitude) throws -> Double {
        let v = try number()
        guard v > 0, v <= max else {
            throw expected(max == .greatestFiniteMagnitude ? "a number > 0" : "a number > 0 and ≤ \(NumberFormat.short(max))")
        }
        return v
    }

    /// The number `field` declares, in its range.
    package func number<Root>(_ field: NumberField<Root>) throws -> Double {
        let v = try number()
        guard field.allows(v) else { throw expected(field.expected) }
        return v
    }

    public func integer(in range: ClosedRange<Int>) throws -> Int {
        let v = try number()
        guard v == v.rounded(), v >= Double(range.lowerBound), v <= Double(range.upperBound) else {
            throw expected(range.expectation())
        }
        return Int(v)
    }

    public func string() throws -> String {
        guard case .string(let s) = node.value else { throw expected("a string") }
        return s
    }

    public func nonEmptyString() throws -> String {
        let s = try string()
        guard !s.isEmpty else { throw expected("a non-empty string") }
        return s
    }

    /// One of a fixed set of names.
    public func oneOf(_ names: [String]) throws -> String {
        guard case .string(let s) = node.value, names.contains(s) else {
            var near = ""
            if case .string(let s) = node.value { near = Spelling.suggestion(s, among: names) }
            throw error("expected one of " + names.map { "\"\($0)\"" }.joined(separator: ", ") + ", got \(got)" + near)
        }
        return s
    }

    /// An object whose keys are checked later, by what it turns out to be (a layout's fields
    /// once its "type" is read).
    public func anyObject() throws -> JSONObject {
        guard case .object(let members) = node.value else { throw expected("an object") }
        return JSONObject(field: self, members: members)
    }

    /// One of an enumeration's cases, by raw value.
    public func oneOf<Value: CaseIterable & RawRepresentable>(_ type: Value.Type) throws -> Value where Value.RawValue == String {
        Value(rawValue: try oneOf(Value.allCases.map(\.rawValue)))!
    }

    public func bool() throws -> Bool {
        guard case .bool(let b) = node.value else { throw expected("true or false") }
        return b
    }

    public func array(minCount: Int = 0, maxCount: Int = .max) throws -> [JSONField] {
        let list = try self.list(minCount: minCount, maxCount: maxCount)
        return (0..<list.count).map { element($0, list.node($0)) }
    }

    /// The elements of an array without a field (and its path) per element: a list of 100,000
    /// items is read as its members where the parse kept it compact; `element(_:_:)` makes the
    /// field of one that needs it (to report a problem).
    public func list(minCount: Int = 0, maxCount: Int = .max) throws -> JSONList {
        guard case .array(let elements) = node.value else { throw expected("an array") }
        let list = lists.flatMap { lists in lists.list(for: node).map { JSONList(compact: $0, lists: lists) } } ?? JSONList(nodes: elements)
        guard list.count >= minCount else {
            throw error("expected an array of at least \(minCount) element\(minCount == 1 ? "" : "s"), got \(list.count)")
        }
        guard list.count <= maxCount else {
            throw error("expected an array of at most \(maxCount) elements, got \(list.count)")
        }
        return list
    }

    /// The field of element `index` (`node`) of this array.
    public func element(_ index: Int, _ node: JSONNode) -> JSONField {
        child(node, JSONLocation(parent: location, index: index))
    }

    /// An object whose keys must all be in `allowed` (typos are errors, not silently ignored).
    public func object(allowed: [String]) throws -> JSONObject {
        guard case .object(let members) = node.value else { throw expected("an object") }
        for m in members where !allowed.contains(m.key) {
            let f = child(m.value, JSONLocation(parent: location, key: m.key))
            throw f.error("unknown field \(InputError.quote(m.key)); expected one of: " + allowed.joined(separator: ", ") + Spelling.suggestion(m.key, among: allowed))
        }
        return JSONObject(field: self, members: members)
    }

    /// The members of an object whose keys are names, not fields (a table such as "looks"),
    /// in the file's order.
    public func entries(maxCount: Int = .max) throws -> [(key: String, value: JSONField)] {
        guard case .object(let members) = node.value else { throw expected("an object") }
        guard members.count <= maxCount else { throw error("expected an object of at most \(maxCount) members, got \(members.count)") }
        return members.map { ($0.key, child($0.value, JSONLocation(parent: location, key: $0.key))) }
    }

    public func color() throws -> Color {
        guard case .string(let s) = node.value, let c = Color(hex: s) else {
            throw expected("a colour \"#RRGGBB\" or \"#RRGGBBAA\"")
        }
        return c
    }
}

/// A step of a JSON path: below `parent`, the member `key` or the element `index`.
final class JSONLocation: Sendable {
    let parent: JSONLocation?
    let key: String?
    let index: Int
    /// Only the root carries text ("$", or a path given whole).
    let root: String?

    init(root: String) { parent = nil; key = nil; index = 0; self.root = root }
    init(parent: JSONLocation, key: String) { self.parent = parent; self.key = key; index = 0; root = nil }
    init(parent: JSONLocation, index: Int) { self.parent = parent; key = nil; self.index = index; root = nil }

    var path: String {
        guard let parent else { return root ?? "$" }
        if let key { return JSONObject.childPath(parent.path, key) }
        return "\(parent.path)[\(index)]"
    }
}

/// An object of a parsed document; fields are looked up by key.
public struct JSONObject: Sendable {
    public let field: JSONField
    let members: [(key: String, value: JSONNode)]

    package static func childPath(_ path: String, _ key: String) -> String {
        let simple = !key.isEmpty && key.unicodeScalars.allSatisfy {
            ($0 >= "a" && $0 <= "z") || ($0 >= "A" && $0 <= "Z") || ($0 >= "0" && $0 <= "9") || $0 == "_"
        }
        return simple ? "\(path).\(key)" : "\(path)[\(JSONWriter.quote(key))]"
    }

    public var path: String { field.path }
    public var keys: [String] { members.map(\.key) }
    /// The members in source order, keys with their values.
    public var pairs: [(key: String, value: JSONNode)] { members }
    public func has(_ key: String) -> Bool { members.contains { $0.key == key } }

    public func optional(_ key: String) -> JSONField? {
        guard let m = members.first(where: { $0.key == key }) else { return nil }
        return field.child(m.value, JSONLocation(parent: field.location, key: key))
    }

    /// The number `field` declares, in its range; its default when the object does not have it.
    package func number<Root>(_ field: NumberField<Root>) throws -> Double? {
        try optional(field.name)?.number(field) ?? field.defaultValue
    }

    /// The same, for a field declared with a default.
    package func number<Root>(orDefault field: NumberField<Root>) throws -> Double {
        guard let v = try number(field) else { preconditionFailure("the field \(field.name) declares no default") }
        return v
    }

    public func required(_ key: String, _ what: String? = nil) throws -> JSONField {
        guard let f = optional(key) else {
            throw InputError(file: field.file, path: JSONObject.childPath(field.path, key), line: field.node.line,
                             column: field.node.column, message: "missing required field" + (what.map { " (\($0))" } ?? ""))
        }
        return f
    }

    public func error(_ message: String) -> InputError { field.error(message) }

    /// Rejects any key that is neither `own` (the action's fields, listed in the message) nor
    /// one of `common` (at, action, comment…).
    public func onlyKeys(_ own: [String], common: [String], action: String) throws {
        for k in keys where !common.contains(k) && !own.contains(k) {
            throw optional(k)!.error("field \(InputError.quote(k)) does not apply to action \(InputError.quote(action)); expected one of: " + own.joined(separator: ", ") + Spelling.suggestion(k, among: own))
        }
    }
}

/// The elements of an array (`JSONField.list`): nodes, or the members of flat objects where
/// the parse kept the array compact.
public struct JSONList: Sendable {
    private enum Storage: Sendable {
        case nodes([JSONNode])
        case compact(CompactList, CompactLists)
    }
    private let storage: Storage

    init(nodes: [JSONNode]) { storage = .nodes(nodes) }
    init(compact: CompactList, lists: CompactLists) { storage = .compact(compact, lists) }

    public var count: Int {
        switch storage {
        case .nodes(let n): return n.count
        case .compact(let c, _): return c.count
        }
    }

    /// Element `i`'s members when it is a flat object of a compact array (keys in source order,
    /// each once); nil when it is only available as a node.
    public func members(_ i: Int) -> ArraySlice<JSONMember>? {
        guard case .compact(let c, _) = storage else { return nil }
        return c.members(ofElement: i)
    }

    /// Element `i` as a node (parsed again from the document when it was kept as members).
    public func node(_ i: Int) -> JSONNode {
        switch storage {
        case .nodes(let n): return n[i]
        case .compact(let c, let lists): return lists.node(i, of: c)
        }
    }
}
