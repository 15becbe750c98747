import FlipbookCore
import FlipbookJSON

/// Item templates in scene files (docs/scene-format.md#item-templates): an item may name a
/// template from the scene's `"templates"` and override its fields, and a `"repeat": n` item
/// stands for n items — in every string of copy i, `{i}` is i (from 0) and `{i+1}`, `{i-2}`… are
/// i moved by that much; a field given as an array (other than the fields that are arrays,
/// `content` and `accessories`) is cycled through, copy i taking element i mod its count.
///
/// Expansion works on the document's nodes, before any item is read: each item comes out as
/// the fields the file wrote, at their lines and columns and under the path of the entry that
/// wrote them, so an error in a copy points into the template and says which copy it is.
struct ItemTemplates {
    /// The scene's `"templates"`: each an object of item fields.
    var named: [String: JSONObject] = [:]

    /// Fields that are arrays in an item, so an array there is the value, not a cycle.
    static let arrayFields: Set<String> = ["content", "accessories"]

    init() {}

    init(_ f: JSONField) throws {
        let o = try f.anyObject()
        for key in o.keys {
            let t = try o.required(key).anyObject()
            if t.has("repeat") || t.has("template") {
                throw t.optional(t.has("repeat") ? "repeat" : "template")!.error("expected item fields; a template cannot repeat or name another template")
            }
            named[key] = t
        }
    }

    /// One item of a list as the file writes it: the field to read it from, and for a copy of
    /// a repeat its index.
    struct Entry {
        var field: JSONField
        var copy: Int?
    }

    /// Whether `list` (the array `field`, or the one object it is) uses templates or repeats;
    /// a plain list is read as before, straight from its members.
    static func isTemplated(_ field: JSONField, _ list: JSONList?) -> Bool {
        guard let list else { return true }  // an object in place of the array: a repeat
        for i in 0..<list.count {
            if let members = list.members(i) {
                if members.contains(where: { $0.key == "repeat" || $0.key == "template" }) { return true }
            } else if case .object(let m) = list.node(i).value, m.contains(where: { $0.key == "repeat" || $0.key == "template" }) {
                return true
            }
        }
        return false
    }

    /// What expansions may still make in one scene, shared by all its lists: items (the scene's
    /// limit) and bytes of copied nodes and text, measured from the document before anything is
    /// copied, so a small file cannot grow into gigabytes first and be refused after.
    final class Budget {
        var items: Int
        var bytes: Int
        let totalBytes: Int
        init(items: Int = SceneLimits.maxItems, bytes: Int) { self.items = items; self.bytes = bytes; totalBytes = bytes }

        /// Takes `count` copies of `perCopy` bytes from what is left, or refuses the entry at
        /// `field` (a repeat, or a template reference, which expands its template once).
        func charge(_ count: Int, copiesOf perCopy: Int, at field: JSONField, what: String) throws {
            let (cost, overflow) = count.multipliedReportingOverflow(by: perCopy)
            guard overflow || cost > bytes else { bytes -= cost; return }
            func size(_ b: Int) -> String { b < 1 << 20 ? "\(b >> 10) KB" : "\(b >> 20) MB" }
            let need = overflow ? "more than \(Int.max >> 20) MB" : size(cost)
            throw field.error("expected a \(what) whose copies fit the memory budget: \(count == 1 ? "a copy" : "\(count) copies") of about \(perCopy) bytes "
                + "need\(count == 1 ? "s" : "") \(need), more than the \(size(bytes)) left of the \(size(totalBytes)) item templates "
                + "may use (an eighth of --max-memory); use the template less, repeat less or raise --max-memory")
        }
    }

    /// Bytes one copy of `node` takes once expanded: a node's own cost and its text, with room
    /// for the numbers `{i…}` placeholders become; a cycled array costs its largest element.
    static func weight(_ node: JSONNode, cycling: Bool) -> Int {
        switch node.value {
        case .array(let values) where cycling: return values.map { weight($0, cycling: false) }.max() ?? nodeBytes
        case .array(let values): return values.reduce(nodeBytes) { $0 + weight($1, cycling: false) }
        case .object(let members): return members.reduce(nodeBytes) { $0 + $1.key.utf8.count + weight($1.value, cycling: false) }
        case .string(let text): return nodeBytes + text.utf8.count + 20 * placeholders(in: text)
        default: return nodeBytes
        }
    }

    /// A JSONNode in memory, measured roughly (its value, line and column, and a list slot).
    static let nodeBytes = 64

    static func placeholders(in text: String) -> Int {
        var n = 0, previous: UInt8 = 0
        for b in text.utf8 { if previous == UInt8(ascii: "{") && b == UInt8(ascii: "i") { n += 1 }; previous = b }
        return n
    }

    /// The items `field` stands for, expanded; at most `limit` of them, within `budget`.
    func expand(_ field: JSONField, limit: Int, budget: Budget? = nil) throws -> [Entry] {
        let budget = budget ?? Budget(items: limit, bytes: Int.max)
        let limit = min(limit, budget.items)
        let elements: [JSONField]
        if case .object = field.node.value {
            elements = [field]
        } else {
            let list = try field.list(maxCount: limit)
            elements = (0..<list.count).map { field.element($0, list.node($0)) }
        }
        var out: [Entry] = []
        for e in elements {
            guard case .object = e.node.value else { out.append(Entry(field: e)); continue }
            let o = try e.anyObject()
            var members = o.pairs.filter { $0.key != "template" && $0.key != "repeat" }
            if let tf = o.optional("template") {
                let name = try tf.nonEmptyString()
                guard let t = named[name] else {
                    let known = named.keys.sorted()
                    throw tf.error("unknown template \(InputError.quote(name)); " + (known.isEmpty ? "the scene has no \"templates\""
                        : "expected one of: " + InputError.list(known) + Spelling.suggestion(name, among: known)))
                }
                // The template's fields first, each replaced by the item's own of that name.
                let own = Set(members.map(\.key))
                members = t.pairs.filter { !own.contains($0.key) } + members
            }
            let perCopy = members.reduce(0) { $0 + $1.key.utf8.count + Self.weight($1.value, cycling: !Self.arrayFields.contains($1.key)) }
            guard let rf = o.optional("repeat") else {
                // A template reference is a copy too: its fields are read into a new item, so it
                // is charged like one copy of a repeat (a plain item is paid for by the file).
                if let tf = o.optional("template") { try budget.charge(1, copiesOf: perCopy, at: tf, what: "template reference") }
                out.append(Entry(field: JSONField(node: JSONNode(value: .object(members), line: e.node.line, column: e.node.column), path: e.path, file: e.file)))
                continue
            }
            let count = try rf.integer(in: 1...max(1, limit - out.count))
            try budget.charge(count, copiesOf: perCopy, at: rf, what: "repeat")
            for (key, node) in members where !Self.arrayFields.contains(key) {
                if case .array(let values) = node.value, values.isEmpty {
                    throw JSONField(node: node, path: e.path + "." + key, file: e.file).error("expected at least one value to cycle through")
                }
            }
            out.reserveCapacity(out.count + count)
            for i in 0..<count {
                let copy = members.map { key, node in (key: key, value: Self.copy(node, i, cycling: !Self.arrayFields.contains(key))) }
                out.append(Entry(field: JSONField(node: JSONNode(value: .object(copy), line: e.node.line, column: e.node.column), path: e.path, file: e.file),
                                 copy: i))
            }
        }
        budget.items -= out.count
        return out
    }

    /// A field's value in copy `i`: the i-th of a cycled array, with `{i}` placeholders filled.
    static func copy(_ node: JSONNode, _ i: Int, cycling: Bool) -> JSONNode {
        var n = node
        switch node.value {
        case .array(let values) where cycling:
            return copy(values[i % values.count], i, cycling: false)
        case .array(let values):
            n.value = .array(values.map { copy($0, i, cycling: false) })
        case .object(let members):
            n.value = .object(members.map { (key: $0.key, value: copy($0.value, i, cycling: false)) })
        case .string(let s):
            n.value = .string(fill(s, i))
        default:
            break
        }
        return n
    }

    /// `s` with each `{i}`, `{i+k}` and `{i-k}` replaced by i, i + k, i − k.
    static func fill(_ s: String, _ i: Int) -> String {
        guard s.contains("{i") else { return s }
        var out = ""
        var rest = Substring(s)
        while let open = rest.range(of: "{i") {
            out += rest[..<open.lowerBound]
            let after = rest[open.upperBound...]
            if let close = after.firstIndex(of: "}") {
                let offset = after[..<close]
                if offset.isEmpty {
                    out += String(i)
                    rest = after[after.index(after: close)...]
                    continue
                }
                if let sign = offset.first, sign == "+" || sign == "-", let k = Int(offset.dropFirst()), offset.count <= 10 {
                    out += String(sign == "+" ? i + k : i - k)
                    rest = after[after.index(after: close)...]
                    continue
                }
            }
            out += "{i"
            rest = after
        }
        return out + rest
    }

    /// Where the items of expanded lists come from, so that a problem `Scene.validate` finds in
    /// item k of such a list (a duplicate id, a bad colour) is named at the entry that wrote it.
    final class Log: @unchecked Sendable {
        private var lists: [(path: String, entries: [(source: String, copy: Int?)])] = []

        func record(_ listPath: String, _ entries: [Entry]) {
            lists.append((listPath, entries.map { ($0.field.path, $0.copy) }))
        }

        static func note(_ copy: Int) -> String { " (copy \(copy) of the repeat, {i} = \(copy))" }

        /// `e` with an expanded item's path replaced by its entry's, and the copy named; other
        /// expanded items the message names ("first used at …") are named the same way.
        func pointIntoTemplates(_ e: inout InputError) {
            for (path, entries) in lists {
                /// The expanded item `text` starts with (`path[k]`), and the text after it.
                func expanded(_ text: Substring) -> (source: String, copy: Int?, rest: Substring)? {
                    guard text.hasPrefix(path + "[") else { return nil }
                    let digits = text.dropFirst(path.count + 1)
                    guard let close = digits.firstIndex(of: "]"), let k = Int(digits[..<close]), k < entries.count else { return nil }
                    return (entries[k].source, entries[k].copy, digits[digits.index(after: close)...])
                }
                var message = "", rest = Substring(e.message)
                while let r = rest.range(of: path + "[") {
                    message += rest[..<r.lowerBound]
                    guard let item = expanded(rest[r.lowerBound...]) else {
                        message += rest[r]
                        rest = rest[r.upperBound...]
                        continue
                    }
                    // The path runs on to a space, "," or ")"; the copy is named after it.
                    let end = item.rest.firstIndex { " ,)".contains($0) } ?? item.rest.endIndex
                    message += item.source + item.rest[..<end] + (item.copy.map { " (copy \($0))" } ?? "")
                    rest = item.rest[end...]
                }
                e.message = message + rest
                if let item = expanded(Substring(e.path)) {
                    e.path = item.source + item.rest
                    if let copy = item.copy { e.message += Log.note(copy) }
                    return
                }
            }
        }
    }
}
