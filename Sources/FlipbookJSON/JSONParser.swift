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
        var p = Parser(bytes: bytes, maxDepth: maxDepth)
        p.skipWhitespace()
        let node = try p.parseValue(depth: 0)
        p.skipWhitespace()
        if p.index < bytes.count { throw p.error("unexpected text after the JSON value") }
        return node
    }

    public static func parse(_ text: String) throws -> JSONNode { try parse(Array(text.utf8)) }

    private struct Parser {
        let bytes: [UInt8]
        let maxDepth: Int
        var index = 0
        var line = 1
        var lineStart = 0

        init(bytes: [UInt8], maxDepth: Int) {
            self.bytes = bytes
            self.maxDepth = maxDepth
            // Skip a UTF-8 byte-order mark.
            if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { index = 3; lineStart = 3 }
        }

        var column: Int { index - lineStart + 1 }

        /// The string these UTF-8 bytes spell, or nil when they are not valid UTF-8. Decoding
        /// repairs bad bytes with U+FFFD, so a result that does not give back the same bytes
        /// was not valid (ASCII always is).
        static func string(_ utf8: UnsafeBufferPointer<UInt8>) -> String? {
            let s = String(decoding: utf8, as: UTF8.self)
            if utf8.allSatisfy({ $0 < 0x80 }) { return s }
            var copy = s
            return copy.withUTF8 { $0.elementsEqual(utf8) } ? s : nil
        }

        func error(_ message: String) -> JSONSyntaxError {
            JSONSyntaxError(message: message, line: line, column: column)
        }

        mutating func skipWhitespace() {
            while index < bytes.count {
                let c = bytes[index]
                if c == 0x0A { line += 1; index += 1; lineStart = index }
                else if c == 0x20 || c == 0x09 || c == 0x0D { index += 1 }
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
                    let value = try parseValue(depth: depth + 1)
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
                while true {
                    skipWhitespace()
                    elements.append(try parseValue(depth: depth + 1))
                    skipWhitespace()
                    guard index < bytes.count else { throw error("unexpected end of input inside an array") }
                    if bytes[index] == UInt8(ascii: ",") { index += 1; continue }
                    if bytes[index] == UInt8(ascii: "]") { index += 1; return node(.array(elements)) }
                    throw error("expected ',' or ']' in an array")
                }
            case UInt8(ascii: "\""):
                return node(.string(try parseString()))
            case UInt8(ascii: "t"):
                try expectWord("true"); return node(.bool(true))
            case UInt8(ascii: "f"):
                try expectWord("false"); return node(.bool(false))
            case UInt8(ascii: "n"):
                try expectWord("null"); return node(.null)
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                return node(.number(try parseNumber()))
            default:
                throw error("unexpected character '\(String(decoding: [bytes[index]], as: UTF8.self))', expected a value")
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
            while index < bytes.count {
                let c = bytes[index]
                if c == UInt8(ascii: "\"") {
                    let s = bytes.withUnsafeBufferPointer { Parser.string(UnsafeBufferPointer(rebasing: $0[start..<index])) }
                    index += 1
                    guard let s else { throw error("string is not valid UTF-8") }
                    return s
                }
                if c == UInt8(ascii: "\\") || c < 0x20 { break }
                index += 1
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
            guard let s = out.withUnsafeBufferPointer(Parser.string) else { throw error("string is not valid UTF-8") }
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
