import Foundation
import FlipbookCore

/// A colour in the sRGB space (https://developer.apple.com/documentation/uikit/uicolor). The
/// system colours are their light-mode values in Apple's Human Interface Guidelines' colour table
/// (https://developer.apple.com/design/human-interface-guidelines/color#Specifications).
open class UIColor: NSObject, @unchecked Sendable {
    let value: Color

    init(_ value: Color) { self.value = value }

    public init(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        value = Color(red: Double(red), green: Double(green), blue: Double(blue), alpha: Double(alpha))
    }
    public init(white: CGFloat, alpha: CGFloat) {
        value = Color(red: Double(white), green: Double(white), blue: Double(white), alpha: Double(alpha))
    }
    /// Hue, saturation and brightness from 0 to 1.
    public init(hue: CGFloat, saturation: CGFloat, brightness: CGFloat, alpha: CGFloat) {
        let h = (Double(hue) - Double(hue).rounded(.down)) * 6, s = Double(saturation), v = Double(brightness)
        let i = Int(h) % 6, f = h - h.rounded(.down)
        let p = v * (1 - s), q = v * (1 - s * f), t = v * (1 - s * (1 - f))
        let (r, g, b): (Double, Double, Double) = [(v, t, p), (q, v, p), (p, v, t), (p, q, v), (t, p, v), (v, p, q)][i]
        value = Color(red: r, green: g, blue: b, alpha: Double(alpha))
    }

    /// A Display P3 colour, drawn as its sRGB equivalent (Flipbook draws sRGB): linearised with
    /// the sRGB curve both spaces use, taken through the linear P3-to-sRGB matrix of CSS Color 4's
    /// sample code (https://www.w3.org/TR/css-color-4/#color-conversion-code), encoded again; what
    /// lies outside sRGB's gamut is clipped to it, as an sRGB display shows it
    /// (https://developer.apple.com/documentation/uikit/uicolor/init(displayp3red:green:blue:alpha:)).
    public init(displayP3Red red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        func linear(_ c: Double) -> Double { abs(c) <= 0.04045 ? c / 12.92 : (c < 0 ? -1 : 1) * pow((abs(c) + 0.055) / 1.055, 2.4) }
        func encoded(_ c: Double) -> Double {
            let v = min(1, max(0, c))
            return v <= 0.0031308 ? 12.92 * v : 1.055 * pow(v, 1 / 2.4) - 0.055
        }
        let r = linear(Double(red)), g = linear(Double(green)), b = linear(Double(blue))
        value = Color(red: encoded(1.2249401762805598 * r - 0.22494017628055996 * g),
                      green: encoded(-0.042056954709688163 * r + 1.0420569547096881 * g),
                      blue: encoded(-0.019637554590334432 * r - 0.078636045550631889 * g + 1.0982736001409663 * b),
                      alpha: Double(alpha))
    }

    /// The colour's sRGB components (https://developer.apple.com/documentation/uikit/uicolor/getred(_:green:blue:alpha:)):
    /// every Flipbook colour is sRGB, so true. UIKit's takes pointers; `&r` calls this the same.
    open func getRed(_ red: inout CGFloat, green: inout CGFloat, blue: inout CGFloat, alpha: inout CGFloat) -> Bool {
        red = CGFloat(value.red); green = CGFloat(value.green); blue = CGFloat(value.blue); alpha = CGFloat(value.alpha)
        return true
    }

    /// The same colour with another opacity.
    open func withAlphaComponent(_ alpha: CGFloat) -> UIColor {
        UIColor(Color(red: value.red, green: value.green, blue: value.blue, alpha: Double(alpha)))
    }

    open var cgColor: CGColor { CGColor(self) }

    open override func isEqual(_ object: Any?) -> Bool { (object as? UIColor)?.value == value }
    open override var hash: Int { value.hashValue }

    private static func hex(_ s: String) -> UIColor { UIColor(Color(hex: s)!) }

    public static let black = UIColor(.black)
    public static let white = UIColor(.white)
    public static let clear = UIColor(Color(red: 0, green: 0, blue: 0, alpha: 0))
    public static let darkGray = UIColor(white: 1.0 / 3, alpha: 1)
    public static let lightGray = UIColor(white: 2.0 / 3, alpha: 1)
    public static let gray = UIColor(white: 0.5, alpha: 1)
    public static let red = UIColor(red: 1, green: 0, blue: 0, alpha: 1)
    public static let green = UIColor(red: 0, green: 1, blue: 0, alpha: 1)
    public static let blue = UIColor(red: 0, green: 0, blue: 1, alpha: 1)
    public static let cyan = UIColor(red: 0, green: 1, blue: 1, alpha: 1)
    public static let yellow = UIColor(red: 1, green: 1, blue: 0, alpha: 1)
    public static let magenta = UIColor(red: 1, green: 0, blue: 1, alpha: 1)
    public static let orange = UIColor(red: 1, green: 0.5, blue: 0, alpha: 1)
    public static let purple = UIColor(red: 0.5, green: 0, blue: 0.5, alpha: 1)
    public static let brown = UIColor(red: 0.6, green: 0.4, blue: 0.2, alpha: 1)

    public static let systemRed = hex("#FF3B30")
    public static let systemOrange = hex("#FF9500")
    public static let systemYellow = hex("#FFCC00")
    public static let systemGreen = hex("#34C759")
    public static let systemMint = hex("#00C7BE")
    public static let systemTeal = hex("#30B0C7")
    public static let systemCyan = hex("#32ADE6")
    public static let systemBlue = hex("#007AFF")
    public static let systemIndigo = hex("#5856D6")
    public static let systemPurple = hex("#AF52DE")
    public static let systemPink = hex("#FF2D55")
    public static let systemBrown = hex("#A2845E")
    public static let systemGray = hex("#8E8E93")
    public static let systemGray2 = hex("#AEAEB2")
    public static let systemGray3 = hex("#C7C7CC")
    public static let systemGray4 = hex("#D1D1D6")
    public static let systemGray5 = hex("#E5E5EA")
    public static let systemGray6 = hex("#F2F2F7")
    public static let systemBackground = UIColor(.white)
    public static let secondarySystemBackground = hex("#F2F2F7")
    public static let systemGroupedBackground = hex("#F2F2F7")
    public static let secondarySystemGroupedBackground = UIColor(.white)
    public static let label = UIColor(.black)
    /// #3C3C43 at 60 %.
    public static let secondaryLabel = hex("#3C3C4399")
    // The other label colours in light mode, as measured on iOS 13 and published
    // (https://noahgilmore.com/blog/dark-mode-uicolor-compatibility): #3C3C43 at 30 % and 18 %.
    public static let tertiaryLabel = hex("#3C3C434D")
    public static let quaternaryLabel = hex("#3C3C432E")
    public static let placeholderText = hex("#3C3C434D")
    /// The link colour: the system blue.
    public static let link = hex("#007AFF")
    public static let separator = hex("#3C3C4349")
}

/// A colour as Core Graphics passes it (`layer.shadowColor = UIColor.black.cgColor`).
public final class CGColor: @unchecked Sendable {
    let color: UIColor
    init(_ color: UIColor) { self.color = color }
    public var alpha: CGFloat { CGFloat(color.value.alpha) }
}
