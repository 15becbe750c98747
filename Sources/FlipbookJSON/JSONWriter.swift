import FlipbookCore

/// Builds JSON text with keys in the order they are written and numbers in one fixed format,
/// so equal values always give equal bytes.
public struct JSONWriter: Sendable {
    public private(set) var text = ""
    private var needsComma: [Bool] = [false]
    public init() {}

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
    public mutating func number(_ key: String? = nil, _ v: Double) { keyPrefix(key); text += NumberFormat.short(v) }
    public mutating func integer(_ key: String? = nil, _ v: Int) { keyPrefix(key); text += String(v) }
    public mutating func string(_ key: String? = nil, _ v: String) { keyPrefix(key); text += JSONWriter.quote(v) }
    public mutating func bool(_ key: String? = nil, _ v: Bool) { keyPrefix(key); text += v ? "true" : "false" }
    public mutating func null(_ key: String? = nil) { keyPrefix(key); text += "null" }
    /// A value written before, as JSON text (a table entry written once and reused).
    public mutating func raw(_ key: String? = nil, _ json: String) { keyPrefix(key); text += json }
    /// A line break between top-level array elements keeps big files diff-friendly.
    public mutating func newline() { text += "\n" }
}
