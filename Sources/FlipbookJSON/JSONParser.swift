// A small JSON reader that remembers where every value came from (line, column), so a
// scene error can name the file, the JSON path and the position; and a writer whose
// output is byte-stable (keys in insertion order, numbers in one fixed format).
// Foundation's JSONSerialization gives neither positions nor key order.

import FlipbookCore

/// A parsed JSON value with its source position (1-based line and column).
public struct JSONNode: Sendable {
    public enum Value: Sendable {
        case null
        case bool(Bool)
        case number(Double)
        case string(String)
        case array([JSONNode])
        /// Members in source order; duplicate keys are rejected by the parser.
        case object([(key: String, value: JSONNode)])
    }
    public var value: Value
    public var line: Int
    public var column: Int

    /// A value at a place in a document (a template's copy keeps its source's place).
    public init(value: Value, line: Int, column: Int) { self.value = value; self.line = line; self.column = column }

    public var typeName: String {
        switch value {
        case .null: return "null"
        case .bool: return "a boolean"
        case .number: return "a number"
        case .string: return "a string"
        case .array: return "an array"
        case .object: return "an object"
        }
    }
}

/// A JSON syntax error at a position.
public struct JSONSyntaxError: Error, Sendable {
    public var message: String
    public var line: Int
    public var column: Int
}

public enum JSONParser {
    /// Parses UTF-8 JSON text. Nesting deeper than `maxDepth` is an error (no stack overflow
    /// on hostile input).
    public static func parse(_ bytes: [UInt8], maxDepth: Int = 256) throws -> JSONNode {
        try parse(bytes, maxDepth: maxDepth, compacting: []).node
    }

    /// Parses like `parse(_:maxDepth:)`, but keeps the arrays at `paths` compact — a path
    /// being the keys that lead to the array from the root, array indices left out
    /// (["views", "sections", "items"] is every `$.views[i].sections[j].items`). In the tree
    /// each is an empty array at the same position, and `lists` holds its elements: a flat
    /// object (scalar values only) as a run of members, anything else as a node. A list of
    /// 100,000 small items then costs no node, member array or key string per item. The same
    /// text gives the same errors either way.
    package static func parse(_ bytes: [UInt8], maxDepth: Int = 256, compacting paths: Set<[String]>) throws
        -> (node: JSONNode, lists: CompactLists) {
        try parse(bytes, maxDepth: maxDepth, compacting: paths, splittingFrom: splitMinimumBytes)
    }

    /// From how many bytes on a compact array is read in two halves at once
    /// (`Parser.parseElementsInTwo`).
    static let splitMinimumBytes = 1 << 19

    static func parse(_ bytes: [UInt8], maxDepth: Int = 256, compacting paths: Set<[String]>, splittingFrom minimum: Int) throws
        -> (node: JSONNode, lists: CompactLists) {
        var p = Parser(bytes: bytes, maxDepth: maxDepth)
        p.compactPaths = paths
        p.splitMinimumBytes = minimum
        p.skipWhitespace()
        let node = try p.parseValue(depth: 0)
        p.skipWhitespace()
        if p.index < bytes.count { throw p.error("unexpected text after the JSON value") }
        return (node, CompactLists(bytes: bytes, maxDepth: maxDepth, lists: p.lists))
    }

    public static func parse(_ text: String) throws -> JSONNode { try parse(Array(text.utf8)) }

    /// Whether `b` is well-formed UTF-8 (the Unicode Standard's table 3-7): no stray or
    /// missing continuation bytes, no overlong forms, no surrogates, nothing past U+10FFFF.
    static func isValidUTF8(_ b: UnsafeBufferPointer<UInt8>) -> Bool {
        var i = 0
        let n = b.count
        func continuation(_ k: Int) -> Bool { k < n && b[k] & 0xC0 == 0x80 }
        while i < n {
            let c = b[i]
            if c < 0x80 { i += 1; continue }
            switch c {
            case 0xC2...0xDF:
                guard continuation(i + 1) else { return false }
                i += 2
            case 0xE0...0xEF:
                guard continuation(i + 1), continuation(i + 2) else { return false }
                if c == 0xE0 && b[i + 1] < 0xA0 { return false }  // overlong
                if c == 0xED && b[i + 1] > 0x9F { return false }  // a surrogate
                i += 3
            case 0xF0...0xF4:
                guard continuation(i + 1), continuation(i + 2), continuation(i + 3) else { return false }
                if c == 0xF0 && b[i + 1] < 0x90 { return false }  // overlong
                if c == 0xF4 && b[i + 1] > 0x8F { return false }  // past U+10FFFF
                i += 4
            default:
                return false
            }
        }
        return true
    }

    struct Parser {
        let bytes: [UInt8]
        let maxDepth: Int
        var index = 0
        var line = 1
        var lineStart = 0
        /// Where arrays are kept compact, the keys leading to the value being parsed (kept only
        /// when there are such paths), and the compact arrays by position.
        var compactPaths: Set<[String]> = []
        var keyPath: [String] = []
        var lists: [CompactLists.Position: CompactList] = [:]
        /// A compact array with at least this many bytes after it is read in two halves at once.
        var splitMinimumBytes = Int.max

        init(bytes: [UInt8], maxDepth: Int) {
            self.bytes = bytes
            self.maxDepth = maxDepth
            // Skip a UTF-8 byte-order mark.
            if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { index = 3; lineStart = 3 }
        }

        var column: Int { index - lineStart + 1 }

        /// The string these UTF-8 bytes spell, or nil when they are not valid UTF-8; `ascii`
        /// says the caller saw no byte over 0x7F (always valid, so not checked again).
        static func string(_ utf8: UnsafeBufferPointer<UInt8>, ascii: Bool = false) -> String? {
            // String(validating:) is generic and unspecialised here: ten times slower per title.
            ascii || JSONParser.isValidUTF8(utf8) ? String(decoding: utf8, as: UTF8.self) : nil
        }

        func error(_ message: String) -> JSONSyntaxError {
            JSONSyntaxError(message: message, line: line, column: column)
        }

        /// Space, tab, carriage return or line feed: JSON's whitespace.
        static func isWhitespace(_ c: UInt8) -> Bool { c == 0x20 || c == 0x0A || c == 0x09 || c == 0x0D }

        mutating func skipWhitespace() {
            while index < bytes.count {
                let c = bytes[index]
                if c == 0x0A { line += 1; index += 1; lineStart = index }
                else if Parser.isWhitespace(c) { index += 1 }
                else { break }
            }
        }

        mutating func parseValue(depth: Int) throws -> JSONNode {
            guard depth < maxDepth else { throw error("nesting deeper than \(maxDepth) levels") }
            guard index < bytes.count else { throw error("unexpected end of input, expected a value") }
            let (l, c) = (line, column)
            func node(_ v: JSONNode.Value) -> JSONNode { JSONNode(value: v, line: l, column: c) }
            switch bytes[index] {
            case UInt8(ascii: "{"):
                index += 1
                var members: [(key: String, value: JSONNode)] = []
                // Duplicate keys: a linear look through a small object (most of them) costs less
                // than hashing every key; a set takes over past 16 members.
                var seen: Set<String>?
                skipWhitespace()
                if index < bytes.count, bytes[index] == UInt8(ascii: "}") { index += 1; return node(.object(members)) }
                while true {
                    skipWhitespace()
                    guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else {
                        throw error("expected a quoted key")
                    }
                    let (kl, kc) = (line, column)
                    let key = try parseString()
                    let duplicate: Bool
                    if seen == nil && members.count < 16 {
                        duplicate = members.contains { $0.key == key }
                    } else {
                        if seen == nil { seen = Set(members.map(\.key)) }
                        duplicate = !seen!.insert(key).inserted
                    }
                    if duplicate {
                        throw JSONSyntaxError(message: "duplicate key \(InputError.quote(key))", line: kl, column: kc)
                    }
                    skipWhitespace()
                    guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { throw error("expected ':' after a key") }
                    index += 1
                    skipWhitespace()
                    let value: JSONNode
                    if compactPaths.isEmpty {
                        value = try parseValue(depth: depth + 1)
                    } else {
                        keyPath.append(key)
                        value = index < bytes.count && bytes[index] == UInt8(ascii: "[") && compactPaths.contains(keyPath)
                            ? try parseCompactArray(depth: depth + 1) : try parseValue(depth: depth + 1)
                        keyPath.removeLast()
                    }
                    members.append((key, value))
                    skipWhitespace()
                    guard index < bytes.count else { throw error("unexpected end of input inside an object") }
                    if bytes[index] == UInt8(ascii: ",") { index += 1; continue }
                    if bytes[index] == UInt8(ascii: "}") { index += 1; return node(.object(members)) }
                    throw error("expected ',' or '}' in an object")
                }
            case UInt8(ascii: "["):
                index += 1
                var elements: [JSONNode] = []
                skipWhitespace()
                if index < bytes.count, bytes[index] == UInt8(ascii: "]") { index += 1; return node(.array(elements)) }
                repeat {
                    skipWhitespace()
                    elements.append(try parseValue(depth: depth + 1))
                } while try nextElement()
                return node(.array(elements))
            default:
                guard let scalar = try parseScalar() else {
                    throw error("unexpected character '\(String(decoding: [bytes[index]], as: UTF8.self))', expected a value")
                }
                return node(scalar)
            }
        }

        /// A string, number, boolean or null at `index`; nil (nothing read) for anything else.
        mutating func parseScalar() throws -> JSONNode.Value? {
            switch bytes[index] {
            case UInt8(ascii: "\""): return .string(try parseString())
            case UInt8(ascii: "t"): try expectWord("true"); return .bool(true)
            case UInt8(ascii: "f"): try expectWord("false"); return .bool(false)
            case UInt8(ascii: "n"): try expectWord("null"); return .null
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try parseNumber())
            default: return nil
            }
        }

        /// After an array element: true past a ",", false past the closing "]".
        mutating func nextElement() throws -> Bool {
            skipWhitespace()
            guard index < bytes.count else { throw error("unexpected end of input inside an array") }
            if bytes[index] == UInt8(ascii: ",") { index += 1; return true }
            if bytes[index] == UInt8(ascii: "]") { index += 1; return false }
            throw error("expected ',' or ']' in an array")
        }

        /// An array kept compact (see `JSONParser.parse(_:maxDepth:compacting:)`): the same
        /// checks and errors as `parseValue` on it, an empty array in the tree.
        mutating func parseCompactArray(depth: Int) throws -> JSONNode {
            guard depth < maxDepth else { throw error("nesting deeper than \(maxDepth) levels") }
            let position = CompactLists.Position(line: line, column: column)
            let placeholder = JSONNode(value: .array([]), line: line, column: column)
            var list = CompactList()
            index += 1
            skipWhitespace()
            if index < bytes.count, bytes[index] == UInt8(ascii: "]") { index += 1; lists[position] = list; return placeholder }
            if bytes.count - index >= splitMinimumBytes, let split = splitPoint() {
                try parseElementsInTwo(into: &list, depth: depth + 1, from: split)
            } else {
                _ = try parseElements(into: &list, depth: depth + 1, stoppingAt: nil)
            }
            lists[position] = list
            return placeholder
        }

        /// Parses elements of a compact array into `list` through its closing "]"; or, when an
        /// element starts exactly at `stop`, up to it (true then, with `index` there).
        mutating func parseElements(into list: inout CompactList, depth: Int, stoppingAt stop: Int?) throws -> Bool {
            repeat {
                skipWhitespace()
                if index == stop { return true }
                let start = (index, line, lineStart)
                let first = list.members.count
                let content: CompactList.Element.Content
                if flatObject(depth: depth, into: &list) {
                    content = .members(first..<list.members.count)
                } else {
                    list.members.removeSubrange(first...)
                    (index, line, lineStart) = start
                    content = .node(try parseValue(depth: depth))
                }
                list.elements.append(CompactList.Element(start: start.0, line: start.1, lineStart: start.2, content: content))
            } while try nextElement()
            return false
        }

        /// Where the second half of a long array may start: the "{" of the first `}, {` past
        /// the middle of what is left of the document. Only a guess — it may lie inside a
        /// string, or past the array's end — which `parseElementsInTwo` confirms.
        func splitPoint() -> Int? {
            bytes.withUnsafeBufferPointer { b -> Int? in
                let isSpace = Parser.isWhitespace
                var i = index + (b.count - index) / 2
                let end = min(b.count, i + (1 << 16))
                while i < end {
                    if b[i] == UInt8(ascii: "}") {
                        var k = i + 1
                        while k < end, isSpace(b[k]) { k += 1 }
                        if k < end, b[k] == UInt8(ascii: ",") {
                            k += 1
                            while k < end, isSpace(b[k]) { k += 1 }
                            if k < end, b[k] == UInt8(ascii: "{") { return k }
                        }
                    }
                    i += 1
                }
                return nil
            }
        }

        /// Parses the elements of a long compact array on two threads: this parser up to
        /// `split`, a second one from there (its line counted from the start) to the end. When
        /// this one reaches `split` exactly at the start of an element, the second read what
        /// reading on would have read, from the same state, so its elements (or its error) are
        /// taken; otherwise the guess was wrong, and this parser reads on alone. Either way the
        /// result and any error are those of reading the array from start to end.
        mutating func parseElementsInTwo(into list: inout CompactList, depth: Int, from split: Int) throws {
            var second = Parser(bytes: bytes, maxDepth: maxDepth)
            second.compactPaths = compactPaths
            second.keyPath = keyPath
            var secondList = CompactList()
            var secondResult: Result<Bool, any Error> = .success(false)
            var firstResult: Result<Bool, any Error> = .success(false)
            Parallel.both({
                firstResult = Result { try self.parseElements(into: &list, depth: depth, stoppingAt: split) }
            }, {
                second.moveToLine(of: split)
                secondResult = Result { try second.parseElements(into: &secondList, depth: depth, stoppingAt: nil) }
            })
            guard try firstResult.get() else { return }  // this parser passed the guess and read to the end
            _ = try secondResult.get()
            // Kept as a second part, not copied in: appending 100,000 members cost a third of
            // what reading them did.
            list.rest = [secondList]
            lists.merge(second.lists) { mine, _ in mine }
            (index, line, lineStart) = (second.index, second.line, second.lineStart)
        }

        /// Puts this parser at `position` with the line and line start that reading up to it
        /// would have counted (outside strings, where a valid document keeps every newline).
        mutating func moveToLine(of position: Int) {
            bytes.withUnsafeBufferPointer { b in
                var lines = 0, last = -1
                for i in index..<position where b[i] == 0x0A { lines += 1; last = i }
                line += lines
                if last >= 0 { lineStart = last + 1 }
            }
            index = position
        }

        /// Appends to `list.members` the members of the object at `index` when it is flat —
        /// plain ASCII keys without escapes, each once, and only strings, numbers, booleans and
        /// nulls as values — and moves `index` past it. False otherwise, with members maybe
        /// appended (the caller removes them and parses the element again as a node, which
        /// reports any error). A key equal to the previous element's at the same place reuses
        /// its string.
        mutating func flatObject(depth: Int, into list: inout CompactList) -> Bool {
            guard depth + 1 < maxDepth, index < bytes.count, bytes[index] == UInt8(ascii: "{") else { return false }
            index += 1
            let first = list.members.count
            let previous = list.elements.last?.members ?? 0..<0
            skipWhitespace()
            if index < bytes.count, bytes[index] == UInt8(ascii: "}") { index += 1; return true }
            while true {
                skipWhitespace()
                guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { return false }
                let keyStart = index + 1
                var end = keyStart
                while end < bytes.count, bytes[end] != UInt8(ascii: "\""), bytes[end] >= 0x20, bytes[end] < 0x7F, bytes[end] != UInt8(ascii: "\\") { end += 1 }
                let count = list.members.count - first
                guard end < bytes.count, bytes[end] == UInt8(ascii: "\""), end - keyStart <= 32, count < 16 else { return false }
                let keyBytes = keyStart..<end
                let key: String? = bytes.withUnsafeBufferPointer { b in
                    func same(_ other: Range<Int>) -> Bool {
                        guard other.count == keyBytes.count else { return false }
                        for k in 0..<other.count where b[other.lowerBound + k] != b[keyStart + k] { return false }
                        return true
                    }
                    for m in first..<list.members.count where same(list.members[m].keyBytes) { return nil }  // a duplicate
                    if count < previous.count, same(list.members[previous.lowerBound + count].keyBytes) {
                        return list.members[previous.lowerBound + count].key
                    }
                    return String(decoding: UnsafeBufferPointer(rebasing: b[keyBytes]), as: UTF8.self)
                }
                guard let key else { return false }
                index = end + 1
                skipWhitespace()
                guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { return false }
                index += 1
                skipWhitespace()
                guard index < bytes.count else { return false }
                guard let value = try? parseScalar() else { return false }  // not a scalar, or bad: the node path reports it
                list.members.append(JSONMember(key: key, value: value, keyBytes: keyBytes))
                skipWhitespace()
                guard index < bytes.count else { return false }
                if bytes[index] == UInt8(ascii: ",") { index += 1; continue }
                if bytes[index] == UInt8(ascii: "}") { index += 1; return true }
                return false
            }
        }

        mutating func expectWord(_ word: String) throws {
            let w = Array(word.utf8)
            guard index + w.count <= bytes.count, Array(bytes[index..<index + w.count]) == w else {
                throw error("invalid literal, expected \(word)")
            }
            index += w.count
        }

        mutating func parseNumber() throws -> Double {
            let start = index
            func digits() -> Int {
                let s = index
                while index < bytes.count, bytes[index] >= 0x30, bytes[index] <= 0x39 { index += 1 }
                return index - s
            }
            if bytes[index] == UInt8(ascii: "-") { index += 1 }
            let intStart = index
            let intDigits = digits()
            guard intDigits > 0 else { throw error("invalid number") }
            if intDigits > 1, bytes[intStart] == UInt8(ascii: "0") {
                index = intStart + 1
                throw error("invalid number: leading zeros are not allowed")
            }
            if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
                index += 1
                guard digits() > 0 else { throw error("invalid number: digits expected after '.'") }
            }
            if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
                index += 1
                if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
                guard digits() > 0 else { throw error("invalid number: digits expected in the exponent") }
            }
            let text = String(decoding: bytes[start..<index], as: UTF8.self)
            guard let v = Double(text), v.isFinite else { throw error("number out of range") }
            return v
        }

        mutating func parseString() throws -> String {
            index += 1  // opening quote
            // Most strings have no escapes: the bytes between the quotes are the string.
            let start = index
            // One pass over the bytes in place, to the closing quote or the first byte that
            // needs care (an escape or a control character).
            let (end, closed, s) = bytes.withUnsafeBufferPointer { b -> (Int, Bool, String?) in
                var i = start, high: UInt8 = 0
                while i < b.count {
                    let c = b[i]
                    if c == UInt8(ascii: "\"") {
                        return (i, true, Parser.string(UnsafeBufferPointer(rebasing: b[start..<i]), ascii: high < 0x80))
                    }
                    if c == UInt8(ascii: "\\") || c < 0x20 { break }
                    high |= c
                    i += 1
                }
                return (i, false, nil)
            }
            index = end
            if closed {
                index += 1
                guard let s else { throw error("string is not valid UTF-8") }
                return s
            }
            var out = Array(bytes[start..<index])
            while true {
                guard index < bytes.count else { throw error("unterminated string") }
                let c = bytes[index]
                if c == UInt8(ascii: "\"") { index += 1; break }
                if c < 0x20 { throw error("control character in a string") }
                if c == UInt8(ascii: "\\") {
                    index += 1
                    guard index < bytes.count else { throw error("unterminated string") }
                    let e = bytes[index]
                    index += 1
                    switch e {
                    case UInt8(ascii: "\""): out.append(0x22)
                    case UInt8(ascii: "\\"): out.append(0x5C)
                    case UInt8(ascii: "/"): out.append(0x2F)
                    case UInt8(ascii: "b"): out.append(0x08)
                    case UInt8(ascii: "f"): out.append(0x0C)
                    case UInt8(ascii: "n"): out.append(0x0A)
                    case UInt8(ascii: "r"): out.append(0x0D)
                    case UInt8(ascii: "t"): out.append(0x09)
                    case UInt8(ascii: "u"):
                        var code = try hex4()
                        if (0xD800...0xDBFF).contains(code) {
                            guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u") else {
                                throw error("unpaired surrogate in \\u escape")
                            }
                            index += 2
                            let low = try hex4()
                            guard (0xDC00...0xDFFF).contains(low) else { throw error("invalid surrogate pair") }
                            code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
                        } else if (0xDC00...0xDFFF).contains(code) {
                            throw error("unpaired surrogate in \\u escape")
                        }
                        out.append(contentsOf: Array(String(Character(Unicode.Scalar(code)!)).utf8))
                    default:
                        throw error("invalid escape in a string")
                    }
                } else {
                    out.append(c)
                    index += 1
                }
            }
            guard let s = out.withUnsafeBufferPointer({ Parser.string($0) }) else { throw error("string is not valid UTF-8") }
            return s
        }

        mutating func hex4() throws -> UInt32 {
            // Exactly four hex digits: UInt32(_:radix:) alone would also take "+041" or "-000".
            guard index + 4 <= bytes.count, bytes[index..<index + 4].allSatisfy(\.isHexDigit),
                  let v = UInt32(String(decoding: bytes[index..<index + 4], as: UTF8.self), radix: 16) else {
                throw error("invalid \\u escape")
            }
            index += 4
            return v
        }
    }
}

extension UInt8 {
    /// 0-9, a-f or A-F in ASCII.
    var isHexDigit: Bool { (self >= 0x30 && self <= 0x39) || (self >= 0x41 && self <= 0x46) || (self >= 0x61 && self <= 0x66) }
}

/// The arrays a parse kept compact (`JSONParser.parse(_:maxDepth:compacting:)`), by the
/// position of their "[", with the document to parse an element again when it is asked for
/// as a node.
package final class CompactLists: Sendable {
    struct Position: Hashable, Sendable { var line: Int, column: Int }
    let bytes: [UInt8]
    let maxDepth: Int
    let lists: [Position: CompactList]

    init(bytes: [UInt8], maxDepth: Int, lists: [Position: CompactList]) {
        self.bytes = bytes; self.maxDepth = maxDepth; self.lists = lists
    }

    /// The compact list whose placeholder is `node`, if it is one.
    func list(for node: JSONNode) -> CompactList? {
        guard case .array(let e) = node.value, e.isEmpty, !lists.isEmpty else { return nil }
        return lists[Position(line: node.line, column: node.column)]
    }

    /// Element `i` of `list` as a node, parsed again where it stands (same values and positions).
    func node(_ i: Int, of list: CompactList) -> JSONNode {
        let e = list.element(i)
        if case .node(let node) = e.content { return node }
        var p = JSONParser.Parser(bytes: bytes, maxDepth: maxDepth)
        (p.index, p.line, p.lineStart) = (e.start, e.line, e.lineStart)
        // It parsed as a flat object once; it cannot fail now.
        return (try? p.parseValue(depth: 0)) ?? JSONNode(value: .null, line: e.line, column: e.start - e.lineStart + 1)
    }
}

/// The elements of one compact array.
struct CompactList: Sendable {
    struct Element: Sendable {
        enum Content: Sendable {
            /// A flat object: its members in `CompactList.members`.
            case members(Range<Int>)
            case node(JSONNode)
        }
        /// Where the element starts in the document.
        var start: Int, line: Int, lineStart: Int
        var content: Content
        var members: Range<Int>? { if case .members(let r) = content { return r }; return nil }
    }
    var elements: [Element] = []
    var members: [JSONMember] = []
    /// The elements after these when the list was read in two parts at once
    /// (`Parser.parseElementsInTwo`): at most one list, without a rest of its own, whose
    /// ranges index its own members.
    var rest: [CompactList] = []

    var count: Int { elements.count + (rest.first?.elements.count ?? 0) }

    func element(_ i: Int) -> Element { i < elements.count ? elements[i] : rest[0].elements[i - elements.count] }

    /// Element `i`'s members, when it is a flat object.
    func members(ofElement i: Int) -> ArraySlice<JSONMember>? {
        if i < elements.count {
            guard let r = elements[i].members else { return nil }
            return members[r]
        }
        let part = rest[0]
        guard let r = part.elements[i - elements.count].members else { return nil }
        return part.members[r]
    }
}

/// A member of a flat object in a compact list: a key and a scalar value.
public struct JSONMember: Sendable {
    public let key: String
    public let value: JSONNode.Value
    /// Where the key's bytes are in the document.
    let keyBytes: Range<Int>
}
