// Text widths without a font engine: the advances of the renderer's one font, so layouts
// (tags whose width follows their text) can size items in the scene stage, where Cairo is not
// available. FlipbookRender's tests check these numbers against Cairo's own measurement.

/// Glyph advances of "WenQuanYi Micro Hei" as Cairo's toy text API draws it (no kerning).
public enum TextMetrics {
    /// The font family the renderer uses.
    public static let fontFamily = "WenQuanYi Micro Hei"

    // Advances in thousandths of an em for ASCII 32...126, measured with
    // cairo_text_extents at size 1000 (Cairo 1.16, fonts-wqy-microhei 0.2.0-beta). The renderer
    // turns metric hinting off, so advances scale linearly with the size and synthetic bold
    // keeps the regular advances (FreeType's linear advance).
    static let regularASCII: [UInt16] = [
        260, 269, 402, 646, 551, 825, 702, 226, 301, 301, 551, 551, 250, 322, 268, 373, 551, 551, 551, 551, 551, 551, 551, 551,
        551, 551, 268, 268, 551, 551, 551, 426, 866, 608, 621, 603, 684, 528, 491, 690, 701, 339, 271, 579, 491, 870, 729, 742,
        576, 741, 590, 519, 519, 698, 568, 884, 547, 527, 539, 303, 373, 303, 532, 411, 577, 531, 586, 463, 586, 535, 329, 518,
        589, 259, 259, 496, 259, 896, 589, 577, 586, 586, 399, 451, 339, 589, 479, 746, 500, 489, 441, 354, 551, 354, 551,
    ]
    /// Advance of one character in ems.
    public static func advance(of scalar: Unicode.Scalar, weight: FontWeight) -> Double {
        let v = scalar.value
        if v >= 32 && v <= 126 { return Double(regularASCII[Int(v - 32)]) / 1000 }
        if v == 0xB7 { return 0.268 }  // middle dot
        // CJK ideographs, kana, full-width punctuation and arrows: one em.
        return 1
    }

    /// Width in points of `text` set in one line at `fontSize`.
    public static func width(of text: String, fontSize: Double, weight: FontWeight = .regular) -> Double {
        text.unicodeScalars.reduce(0) { $0 + advance(of: $1, weight: weight) } * fontSize
    }
}
