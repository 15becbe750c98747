import FlipbookCore

/// Builds JSON text with keys in the order they are written and numbers in one fixed format,
/// so equal values always give equal bytes. JSON has no NaN or infinity: a non-finite number is
/// remembered (by its key) and `finished()` refuses the text, so no file Flipbook writes holds a
/// `null` that its own reader would then refuse.
public struct JSONWriter: Sendable {
    public private(set) var text = ""
    private var needsComma: [Bool] = [false]
    /// The key of the first non-finite number written ("an array element" without a key).
    package private(set) var firstNonFinite: String?
    public init() {}

    /// The text, or an error naming the first non-finite number written.
    public func finished() throws -> String {
        if let key = firstNonFinite { throw NonFiniteNumber(key: key) }
        return text
    }

    public struct NonFiniteNumber: Error, CustomStringConvertible {
        public var key: String
        public var description: String { "cannot write \(key): not a finite number (JSON has no NaN or infinity)" }
    }

    /// A JSON string literal: control characters as \uXXXX, everything else as itself.
    public static func quote(_ s: String) -> String {
        Quoting.quote(s) { u in
            guard u.value < 0x20 else { return nil }
            let h = String(u.value, radix: 16)
            return "\\u" + String(repeating: "0", count: 4 - h.count) + h
        }
    }

    private mutating func separate() {
        if needsComma[needsComma.count - 1] { text += "," }
        needsComma[needsComma.count - 1] = true
    }
    private mutating func keyPrefix(_ key: String?) {
        separate()
        if let key { text += JSONWriter.quote(key) + ":" }
    }

    public mutating func beginObject(_ key: String? = nil) { keyPrefix(key); text += "{"; needsComma.append(false) }
    public mutating func endObject() { needsComma.removeLast(); text += "}" }
    public mutating func beginArray(_ key: String? = nil) { keyPrefix(key); text += "["; needsComma.append(false) }
    public mutating func endArray() { needsComma.removeLast(); text += "]" }
    public mutating func number(_ key: String? = nil, _ v: Double) {
        if !v.isFinite && firstNonFinite == nil { firstNonFinite = key.map { "\"\($0)\"" } ?? "an array element" }
        keyPrefix(key)
        text += NumberFormat.short(v)
    }
    public mutating func integer(_ key: String? = nil, _ v: Int) { keyPrefix(key); text += String(v) }
    public mutating func string(_ key: String? = nil, _ v: String) { keyPrefix(key); text += JSONWriter.quote(v) }
    public mutating func bool(_ key: String? = nil, _ v: Bool) { keyPrefix(key); text += v ? "true" : "false" }
    public mutating func null(_ key: String? = nil) { keyPrefix(key); text += "null" }
    /// A value written before, as JSON text (a table entry written once and reused), with the
    /// first non-finite number its writer saw.
    public mutating func raw(_ key: String? = nil, _ json: String, nonFinite: String? = nil) {
        if firstNonFinite == nil { firstNonFinite = nonFinite }
        keyPrefix(key)
        text += json
    }
    /// A line break between top-level array elements keeps big files diff-friendly.
    public mutating func newline() { text += "\n" }
}
