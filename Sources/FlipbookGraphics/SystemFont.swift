import FlipbookCore

/// How wide the system font sets Latin text, and the spacing that makes Flipbook's face set
/// it as wide.
///
/// iOS sets text in SF, spaced by the size-specific tracking of the Human Interface
/// Guidelines' tracking table (https://developer.apple.com/design/human-interface-guidelines/typography,
/// "Specifications": in 1/1000 em, +12 at 10 pt, −6 at 13, −26 at 17, +14 at 28). SF itself may
/// not be shipped, so Flipbook sets Latin in Inter Display, whose letters are close to SF's,
/// with a letter spacing per size and weight that gives it SF's average advance plus that
/// tracking.
///
/// SF's average advance is capsize's published average character width (English letter
/// frequencies; https://github.com/seek-oss/capsize, @capsizecss/metrics 1.x) of `SF Pro`,
/// 932/2048 em, taken against its figure for Inter, 1335/2816 em, so the weighting cancels:
/// SF's advance is 0.960 of Inter's. (Capsize 3.x measures macOS's `.SFNS-Regular` instead,
/// 853/2048 against Inter's 978/2048, 0.872: that face's default instance sets a 20 pt title
/// visibly tighter than iOS does, so the `SF Pro` figure is the one used.) Inter's and Inter
/// Display's own averages are measured on the reference text below (`referenceText`) with
/// Debian's fonts-inter 4.0 (`averageAdvances`). Capsize gives SF's regular
/// face only; its heavier weights are taken to widen as Inter's do. Chinese, emoji and other
/// scripts are not tracked (PingFang has no such table): only characters below U+2E80.
package enum SystemFont {
    /// The HIG's tracking for iOS, in 1/1000 em, by point size (6–40; held at the ends).
    static let trackingTable: [Double] = [41, 34, 26, 19, 12, 6, 0, -6, -11, -16, -20, -26, -25, -25, -23, -18, -12, -4, 3, 6, 8,
                                          11, 14, 14, 14, 13, 13, 12, 12, 11, 10, 10, 8, 8, 8]
    static let trackingSizes = 6.0...40.0

    /// The HIG's tracking at `size`, in points (linear between whole sizes).
    package static func tracking(size: Double) -> Double {
        let s = min(trackingSizes.upperBound, max(trackingSizes.lowerBound, size))
        let i = Int((s - trackingSizes.lowerBound).rounded(.down)), f = s - trackingSizes.lowerBound - Double(i)
        let a = trackingTable[i], b = trackingTable[min(i + 1, trackingTable.count - 1)]
        return (a + (b - a) * f) / 1000 * size
    }

    /// SF's average advance over Inter's, per the capsize figures above.
    static let sfOverInter = (932.0 / 2048) / (1335.0 / 2816)

    /// Inter's and Inter Display's average advances on `referenceText`, in em, by weight
    /// (measured on Debian's fonts-inter 4.0).
    static func averageAdvances(_ weight: FontWeight) -> (inter: Double, display: Double) {
        switch weight {
        case .regular: return (0.457205, 0.4111)
        case .semibold: return (0.466401, 0.4254)
        case .bold: return (0.470998, 0.4324)
        }
    }

    /// The letter spacing, in points, that sets Latin text in Inter Display as wide as SF at
    /// `size`: SF's average advance less Inter Display's, plus the HIG's tracking.
    package static func letterSpacing(size: Double, weight: FontWeight) -> Double {
        guard size > 0, size.isFinite else { return 0 }
        let a = averageAdvances(weight)
        return (sfOverInter * a.inter - a.display) * size + tracking(size: size)
    }

    /// Whether a character is spaced as SF's Latin is (not Chinese, not emoji).
    static func isTracked(_ c: Character) -> Bool {
        guard let u = c.unicodeScalars.first else { return false }
        return u.value < 0x2E80 && !u.properties.isEmojiPresentation
    }

    /// English prose, the text the averages are measured on (the Universal Declaration of Human
    /// Rights, articles 1 and 2, abridged).
    package static let referenceText = "All human beings are born free and equal in dignity and rights. They are endowed with reason and "
        + "conscience and should act towards one another in a spirit of brotherhood. Everyone is entitled to all the rights and "
        + "freedoms set forth in this Declaration, without distinction of any kind, such as race, colour, sex, language, religion, "
        + "political or other opinion, national or social origin, property, birth or other status."
}
