// Colours: straight (non-premultiplied) RGBA in 0...1, parsed from "#RRGGBB" / "#RRGGBBAA".

public struct Color: Hashable, Sendable, CustomStringConvertible {
    public var red: Double, green: Double, blue: Double, alpha: Double
    public init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
        self.red = red; self.green = green; self.blue = blue; self.alpha = alpha
    }
    public static let white = Color(red: 1, green: 1, blue: 1)
    public static let black = Color(red: 0, green: 0, blue: 0)
    public static let clear = Color(red: 0, green: 0, blue: 0, alpha: 0)
    /// UIColor.systemGray (#8E8E93, light mode).
    public static let systemGray = Color(red: 142 / 255.0, green: 142 / 255.0, blue: 147 / 255.0)

    /// Parses "#RGB", "#RRGGBB" or "#RRGGBBAA"; nil for anything else.
    public init?(hex: String) {
        guard hex.hasPrefix("#") else { return nil }
        var digits = Array(hex.dropFirst())
        if digits.count == 3 { digits = digits.flatMap { [$0, $0] } }
        // Hex digits only: UInt8(_:radix:) alone would read "+F" as 15.
        guard digits.count == 6 || digits.count == 8, digits.allSatisfy(\.isHexDigit) else { return nil }
        var bytes: [Double] = []
        var i = 0
        while i < digits.count {
            guard let v = UInt8(String(digits[i...i + 1]), radix: 16) else { return nil }
            bytes.append(Double(v) / 255)
            i += 2
        }
        self.init(red: bytes[0], green: bytes[1], blue: bytes[2], alpha: bytes.count == 4 ? bytes[3] : 1)
    }

    /// "#RRGGBB" (or "#RRGGBBAA" when not opaque), rounded to 8 bits per channel.
    public var hex: String {
        func h(_ v: Double) -> String {
            let b = Int((min(max(v, 0), 1) * 255).rounded())
            let s = String(b, radix: 16, uppercase: true)
            return s.count == 1 ? "0" + s : s
        }
        return "#" + h(red) + h(green) + h(blue) + (alpha < 1 ? h(alpha) : "")
    }
    public var description: String { hex }

    /// Relative luminance (sRGB weights, no gamma): enough to pick a legible text colour.
    public var luminance: Double { 0.299 * red + 0.587 * green + 0.114 * blue }

    public func withAlpha(_ a: Double) -> Color { Color(red: red, green: green, blue: blue, alpha: a) }

    /// Every component a finite number from 0 to 1 (what drawing expects).
    public var isValid: Bool { [red, green, blue, alpha].allSatisfy { $0.isFinite && $0 >= 0 && $0 <= 1 } }
}
