import FlipbookCore
import FlipbookJSON

/// What changed in a scene file since its golden was recorded (the golden keeps the file as
/// `scene.json`): one line per changed field, at its line in the file now —
/// `template "card": style.titleWeight "bold" → "regular" (scenes/feed.json:12)`,
/// `$.collectionView.contentInset.top: 44 → 48 (scenes/feed.json:8)`,
/// `$.collectionView.items: "t5" ↔ "t6" swapped (scenes/tags.json:97, 98)`. These are the causes
/// `check` names before the effects it measured; no line at all, while the renders differ, says
/// the cause is outside the scene (the renderer, its libraries or fonts, or Swift code).
package enum SceneDocumentDiff {
    /// How `check` prefixes these lines in a scene's report.
    package static let prefix = "scene change: "

    /// The file and (first) line a change line ends with: "… (scenes/feed.json:12)" or
    /// "… (scenes/tags.json:97, 98)".
    package static func location(of line: String) -> (file: String, line: Int)? {
        guard line.hasSuffix(")"), let open = line.range(of: " (", options: .backwards) else { return nil }
        let inside = line[open.upperBound..<line.index(before: line.endIndex)]
        let first = inside.split(separator: ",").first.map(String.init) ?? ""
        guard let colon = first.range(of: ":", options: .backwards), let n = Int(first[colon.upperBound...]) else { return nil }
        return (String(first[..<colon.lowerBound]), n)
    }

    /// The lines, at most `limit` (and one saying how many more); nil when either document is
    /// not JSON.
    package static func changes(old: [UInt8], new: [UInt8], file: String, limit: Int = 8) -> [String]? {
        guard let a = try? JSONParser.parse(old), let b = try? JSONParser.parse(new) else { return nil }
        var lines: [String] = []
        compare(a, b, path: "$", file: file, into: &lines)
        if lines.count > limit { lines = Array(lines.prefix(limit)) + ["and \(lines.count - limit) more changes in the scene file"] }
        return lines
    }

    private static func compare(_ a: JSONNode, _ b: JSONNode, path: String, file: String, into lines: inout [String]) {
        func at(_ node: JSONNode) -> String { "(\(file):\(node.line))" }
        func say(_ what: String, _ node: JSONNode) { lines.append(label(path) + what + " " + at(node)) }
        switch (a.value, b.value) {
        case (.object(let ma), .object(let mb)):
            for (key, vb) in mb where key != "comment" {
                let p = JSONObject.childPath(path, key)
                if let va = ma.first(where: { $0.key == key })?.value {
                    compare(va, vb, path: p, file: file, into: &lines)
                } else {
                    lines.append(label(p) + "added, " + short(vb) + " " + at(vb))
                }
            }
            for (key, va) in ma where key != "comment" && !mb.contains(where: { $0.key == key }) {
                lines.append(label(JSONObject.childPath(path, key)) + "removed (was " + short(va) + ") " + at(b))
            }
        case (.array(let ea), .array(let eb)):
            let idsA = ea.map(id), idsB = eb.map(id)
            if !ea.isEmpty, !eb.isEmpty, !idsA.contains(nil), !idsB.contains(nil),
               Set(idsA.compactMap { $0 }).count == idsA.count, Set(idsB.compactMap { $0 }).count == idsB.count {
                // Elements with ids (items, sections, views): matched by id — those removed,
                // those added, the order of the rest, then each one's own fields.
                let ka = idsA.map { $0! }, kb = idsB.map { $0! }
                let inA = Set(ka), inB = Set(kb)
                for gone in ka where !inB.contains(gone) { say("\(InputError.quote(gone)) removed", self.node(b: eb, near: ka.firstIndex(of: gone)!) ?? b) }
                for (k, new) in kb.enumerated() where !inA.contains(new) { say("\(InputError.quote(new)) added", eb[k]) }
                let commonA = ka.filter(inB.contains), commonB = kb.filter(inA.contains)
                let moved = commonB.indices.filter { commonA[$0] != commonB[$0] }
                if moved.count == 2, commonA[moved[0]] == commonB[moved[1]] {
                    let first = kb.firstIndex(of: commonB[moved[0]])!, second = kb.firstIndex(of: commonB[moved[1]])!
                    lines.append(label(path) + "\(InputError.quote(commonB[moved[1]])) ↔ \(InputError.quote(commonB[moved[0]])) swapped "
                                 + "(\(file):\(eb[first].line), \(eb[second].line))")
                } else if !moved.isEmpty {
                    say("order changed (\(moved.count) moved, first \(InputError.quote(commonB[moved[0]])))", eb[kb.firstIndex(of: commonB[moved[0]])!])
                }
                for (k, vb) in eb.enumerated() {
                    if let j = ka.firstIndex(of: kb[k]) { compare(ea[j], vb, path: path + "[\(k)]", file: file, into: &lines) }
                }
                return
            }
            for k in 0..<min(ea.count, eb.count) { compare(ea[k], eb[k], path: path + "[\(k)]", file: file, into: &lines) }
            if eb.count > ea.count { say("\(eb.count - ea.count) element\(eb.count - ea.count == 1 ? "" : "s") added (\(ea.count) → \(eb.count))", eb[ea.count]) }
            if ea.count > eb.count { say("\(ea.count - eb.count) element\(ea.count - eb.count == 1 ? "" : "s") removed (\(ea.count) → \(eb.count))", b) }
        default:
            if short(a) != short(b) || !same(a, b) { say(short(a) + " → " + short(b), b) }
        }
    }

    /// Each template the document's items name and those items' ids (of every view), for
    /// the changes of a template to reach them.
    package static func templateUsers(_ document: [UInt8]) -> [String: Set<String>] {
        guard let root = try? JSONParser.parse(document) else { return [:] }
        var users: [String: Set<String>] = [:]
        func visit(_ node: JSONNode) {
            switch node.value {
            case .object(let m):
                if let t = m.first(where: { $0.key == "template" })?.value, case .string(let name) = t.value, let id = id(node) {
                    users[name, default: []].insert(id)
                }
                for (_, v) in m { visit(v) }
            case .array(let e): e.forEach(visit)
            default: break
            }
        }
        visit(root)
        return users
    }

    /// Whether an item id is `written`, the id as the file writes it: a repeat's `"card{i}"`
    /// stands for "card0", "card1" and so on (a placeholder is a number here).
    package static func id(_ id: String, matches written: String) -> Bool {
        guard written.contains("{") else { return id == written }
        var literals: [Substring] = []
        var rest = written[...]
        while let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") {
            literals.append(rest[..<open])
            rest = rest[rest.index(after: close)...]
        }
        literals.append(rest)
        var at = id[...]
        for (k, literal) in literals.enumerated() {
            if k == 0 {
                guard at.hasPrefix(literal) else { return false }
                at = at.dropFirst(literal.count)
                continue
            }
            // A placeholder's value, then the literal (the last one ends the id).
            let sign = at.hasPrefix("-") ? 1 : 0
            let whole = at.dropFirst(sign).prefix { $0.isASCII && $0.isNumber }
            guard !whole.isEmpty else { return false }
            at = at.dropFirst(sign + whole.count)
            if at.hasPrefix("."), let d = at.dropFirst().first, d.isASCII, d.isNumber {
                at = at.dropFirst().drop { $0.isASCII && $0.isNumber }
            }
            guard at.hasPrefix(literal) else { return false }
            at = at.dropFirst(literal.count)
        }
        return at.isEmpty
    }

    /// The element now where a removed one was (the nearest after it, else the last).
    private static func node(b elements: [JSONNode], near index: Int) -> JSONNode? {
        elements.isEmpty ? nil : elements[min(index, elements.count - 1)]
    }

    /// A template's fields are named as the template's: the change reaches every item using it.
    private static func label(_ path: String) -> String {
        let prefix = "$.templates."
        if path.hasPrefix(prefix) {
            let rest = path.dropFirst(prefix.count)
            let name = rest.prefix { $0 != "." && $0 != "[" }
            let field = rest.dropFirst(name.count).drop { $0 == "." }
            return "template \(InputError.quote(String(name)))" + (field.isEmpty ? ": " : ": \(field) ")
        }
        return path + ": "
    }

    /// An element's "id", when it is an object that has one (items, sections, views).
    private static func id(_ node: JSONNode) -> String? {
        guard case .object(let m) = node.value, let v = m.first(where: { $0.key == "id" })?.value else { return nil }
        switch v.value {
        case .string(let s): return s
        case .number(let n): return NumberFormat.short(n)
        default: return nil
        }
    }

    private static func same(_ a: JSONNode, _ b: JSONNode) -> Bool {
        switch (a.value, b.value) {
        case (.number(let x), .number(let y)): return x == y
        case (.string(let x), .string(let y)): return x == y
        case (.bool(let x), .bool(let y)): return x == y
        case (.null, .null): return true
        default: return false
        }
    }

    /// A value in a line: scalars as an error message quotes them (JSONField.got), containers
    /// by their size.
    private static func short(_ n: JSONNode) -> String {
        switch n.value {
        case .array(let e): return "[\(e.count) element\(e.count == 1 ? "" : "s")]"
        case .object(let m): return "{" + m.prefix(3).map(\.key).joined(separator: ", ") + (m.count > 3 ? ", …" : "") + "}"
        case .null: return "null"
        default: return JSONField(node: n, file: "").got
        }
    }
}
