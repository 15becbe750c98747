import Foundation
import FlipbookCore
import FlipbookGraphics

/// A font: the system font at a size and weight
/// (https://developer.apple.com/documentation/uikit/uifont). Flipbook sets it in its own faces
/// (docs/scene-format.md#text): weights up to `.medium` are drawn regular, `.semibold`
/// semibold, `.bold` and heavier bold.
public final class UIFont: NSObject, @unchecked Sendable {
    public let pointSize: CGFloat
    public let weight: Weight
    public let fontName: String
    /// Set in the italic face (italicSystemFont(ofSize:)).
    let isItalic: Bool

    init(size: CGFloat, weight: Weight, name: String = ".SFUI", italic: Bool = false) {
        pointSize = size; self.weight = weight; fontName = name; isItalic = italic
    }

    /// The face Flipbook sets it in.
    var drawnWeight: FontWeight { weight >= .bold ? .bold : weight >= .semibold ? .semibold : .regular }
    /// `text` in this font, at `width` (0 lines: as many as it takes), as the typesetter sets it.
    func element(_ text: String, width: Double, fontSize: Double? = nil, numberOfLines: Int = 1,
                 lineBreakMode: LineBreakMode = .byTruncatingTail) -> TextElement {
        var e = TextElement(text: text, frame: Rect(x: 0, y: 0, width: width, height: 0), fontSize: fontSize ?? Double(pointSize),
                            weight: drawnWeight, numberOfLines: numberOfLines, lineBreakMode: lineBreakMode)
        e.italic = isItalic
        return e
    }
    /// The width of `text` on one line in this font.
    func naturalWidth(of text: String, fontSize: Double? = nil) -> Double {
        UIKitText.width(element(text, width: 0, fontSize: fontSize))
    }

    /// https://developer.apple.com/documentation/uikit/uifont/weight
    public struct Weight: RawRepresentable, Hashable, Comparable, Sendable {
        public var rawValue: CGFloat
        public init(rawValue: CGFloat) { self.rawValue = rawValue }
        public static func < (a: Weight, b: Weight) -> Bool { a.rawValue < b.rawValue }
        // The values UIKit's constants have (UIFontWeightUltraLight … UIFontWeightBlack).
        public static let ultraLight = Weight(rawValue: -0.8)
        public static let thin = Weight(rawValue: -0.6)
        public static let light = Weight(rawValue: -0.4)
        public static let regular = Weight(rawValue: 0)
        public static let medium = Weight(rawValue: 0.23)
        public static let semibold = Weight(rawValue: 0.3)
        public static let bold = Weight(rawValue: 0.4)
        public static let heavy = Weight(rawValue: 0.56)
        public static let black = Weight(rawValue: 0.62)
    }

    /// https://developer.apple.com/documentation/uikit/uifont/textstyle
    public struct TextStyle: RawRepresentable, Hashable, Sendable {
        public var rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public static let largeTitle = TextStyle(rawValue: "UICTFontTextStyleTitle0")
        public static let title1 = TextStyle(rawValue: "UICTFontTextStyleTitle1")
        public static let title2 = TextStyle(rawValue: "UICTFontTextStyleTitle2")
        public static let title3 = TextStyle(rawValue: "UICTFontTextStyleTitle3")
        public static let headline = TextStyle(rawValue: "UICTFontTextStyleHeadline")
        public static let body = TextStyle(rawValue: "UICTFontTextStyleBody")
        public static let callout = TextStyle(rawValue: "UICTFontTextStyleCallout")
        public static let subheadline = TextStyle(rawValue: "UICTFontTextStyleSubhead")
        public static let footnote = TextStyle(rawValue: "UICTFontTextStyleFootnote")
        public static let caption1 = TextStyle(rawValue: "UICTFontTextStyleCaption1")
        public static let caption2 = TextStyle(rawValue: "UICTFontTextStyleCaption2")
    }

    public class func systemFont(ofSize fontSize: CGFloat, weight: Weight) -> UIFont { UIFont(size: fontSize, weight: weight) }
    public class func systemFont(ofSize fontSize: CGFloat) -> UIFont { UIFont(size: fontSize, weight: .regular) }
    public class func boldSystemFont(ofSize fontSize: CGFloat) -> UIFont { UIFont(size: fontSize, weight: .bold) }
    /// The system font's italic (https://developer.apple.com/documentation/uikit/uifont/italicsystemfont(ofsize:)):
    /// Inter's italic face here.
    public class func italicSystemFont(ofSize fontSize: CGFloat) -> UIFont { UIFont(size: fontSize, weight: .regular, italic: true) }
    /// The size of `fontSize`'s digits; Flipbook's digits are already equal widths in its Latin face.
    public class func monospacedDigitSystemFont(ofSize fontSize: CGFloat, weight: Weight) -> UIFont { UIFont(size: fontSize, weight: weight) }
    /// 17 (https://developer.apple.com/documentation/uikit/uifont/labelfontsize).
    public class var labelFontSize: CGFloat { 17 }
    public class var systemFontSize: CGFloat { 14 }

    /// The style at iOS's default Dynamic Type size (Large), as Apple's Human Interface
    /// Guidelines' typography table gives it
    /// (https://developer.apple.com/design/human-interface-guidelines/typography#Specifications).
    public class func preferredFont(forTextStyle style: TextStyle) -> UIFont {
        let table: [TextStyle: (CGFloat, Weight)] = [
            .largeTitle: (34, .regular), .title1: (28, .regular), .title2: (22, .regular), .title3: (20, .regular),
            .headline: (17, .semibold), .body: (17, .regular), .callout: (16, .regular), .subheadline: (15, .regular),
            .footnote: (13, .regular), .caption1: (12, .regular), .caption2: (11, .regular),
        ]
        let (size, weight) = table[style] ?? (17, .regular)
        return UIFont(size: size, weight: weight)
    }

    public func withSize(_ fontSize: CGFloat) -> UIFont { UIFont(size: fontSize, weight: weight, name: fontName, italic: isItalic) }
}

/// https://developer.apple.com/documentation/uikit/nstextalignment
public enum NSTextAlignment: Int, Sendable {
    case left = 0, center = 1, right = 2, justified = 3, natural = 4
}

/// https://developer.apple.com/documentation/uikit/nslinebreakmode
public enum NSLineBreakMode: Int, Sendable {
    case byWordWrapping = 0, byCharWrapping, byClipping, byTruncatingHead, byTruncatingTail, byTruncatingMiddle
}

/// A label (https://developer.apple.com/documentation/uikit/uilabel), drawn by Flipbook's
/// typesetter with UILabel's rules (docs/scene-format.md#text).
open class UILabel: UIView {
    open var text: String? { didSet { treeChanged() } }
    /// The system font at 17 pt (Apple's font page).
    open var font: UIFont! = UIFont.systemFont(ofSize: 17) { didSet { treeChanged() } }
    /// `.label`: black in light mode.
    open var textColor: UIColor! = .label { didSet { treeChanged() } }
    /// `.natural`: left to right, Flipbook's only direction.
    open var textAlignment = NSTextAlignment.natural { didSet { treeChanged() } }
    /// 1; 0 is as many as fit.
    open var numberOfLines = 1 { didSet { treeChanged() } }
    open var lineBreakMode = NSLineBreakMode.byTruncatingTail { didSet { treeChanged() } }
    /// false (https://developer.apple.com/documentation/uikit/uicontentsizecategoryadjusting/adjustsfontforcontentsizecategory):
    /// a font from preferredFont(forTextStyle:) follows the user's text size; Flipbook draws at
    /// the default size (UIContentSizeCategory.large), where it changes nothing.
    open var adjustsFontForContentSizeCategory = false
    /// The width a multi-line label wraps at for its intrinsic height (0: the width Auto Layout gives it).
    open var preferredMaxLayoutWidth: CGFloat = 0
    /// Styled text (https://developer.apple.com/documentation/uikit/uilabel/attributedtext): its
    /// string is the label's text; one font and one colour over the whole string are the label's
    /// (what is not uniform, or another attribute, is one line when the cell is drawn).
    open var attributedText: NSAttributedString? {
        get { styledText ?? text.map { NSAttributedString(string: $0) } }
        set {
            styledText = newValue
            text = newValue?.string
        }
    }
    var styledText: NSAttributedString? { didSet { treeChanged() } }

    /// The font and colour the attributed text gives the whole string (nil where it gives none,
    /// or where its runs differ: the label's own then, and `textRuns` sets the runs), or what of
    /// it cannot be drawn yet.
    func attributedStyle() -> Result<(font: UIFont?, color: UIColor?), AttributedTextProblem> {
        guard let styled = styledText, styled.length > 0 else { return .success((nil, nil)) }
        var font: UIFont?, color: UIColor?, problem: String?
        var first = true, uniform = true
        styled.enumerateAttributes(in: NSRange(location: 0, length: styled.length), options: []) { attributes, _, _ in
            let f = attributes[.font] as? UIFont, c = attributes[.foregroundColor] as? UIColor
            if let other = attributes.keys.first(where: { $0 != .font && $0 != .foregroundColor && $0 != .paragraphStyle && $0 != .kern }) {
                problem = "attributedText's \(other.rawValue) attribute is not drawn yet (its fonts, colours, kern and paragraph style are)"
            }
            if let k = attributes[.kern], UIKitNumber.points(k) == nil {
                problem = "attributedText's NSKern value \(k) is not a number of points"
            }
            if first { font = f; color = c; first = false }
            else if f?.pointSize != font?.pointSize || f?.weight != font?.weight || f?.isItalic != font?.isItalic || c?.value != color?.value { uniform = false }
        }
        if problem == nil, let p = paragraphStyleProblem { problem = p }
        if problem == nil, let p = kernProblem { problem = p }
        if let problem { return .failure(AttributedTextProblem(message: problem)) }
        return .success(uniform ? (font, color) : (nil, nil))
    }

    /// The attributed text's paragraph style (one over the whole text: a label's is one paragraph).
    var paragraphStyle: NSParagraphStyle? {
        guard let styled = styledText, styled.length > 0 else { return nil }
        return styled.attribute(.paragraphStyle, at: 0, effectiveRange: nil) as? NSParagraphStyle
    }
    private var paragraphStyleProblem: String? {
        guard let styled = styledText, styled.length > 0 else { return nil }
        var styles: [NSParagraphStyle?] = []
        styled.enumerateAttribute(.paragraphStyle, in: NSRange(location: 0, length: styled.length), options: []) { value, _, _ in
            styles.append(value as? NSParagraphStyle)
        }
        if styles.count > 1 { return "attributedText with different paragraph styles over its text is not drawn yet (one over the whole text is)" }
        if let p = styles.first ?? nil, p.paragraphSpacing < 0 || p.lineSpacing < 0 {
            return "attributedText's paragraph style with a negative lineSpacing or paragraphSpacing is not drawn yet (Apple's pages: they are nonnegative)"
        }
        return nil
    }
    /// A kern that changes inside the text: the typesetter spaces a character by half its kern
    /// on either side, so where two kerns meet the gap would be their mean, not the first's.
    private var kernProblem: String? {
        guard let styled = styledText, styled.length > 1 else { return nil }
        var kerns: [CGFloat] = []
        // The last character's kern only widens the line: it may differ (the usual way to drop it).
        styled.enumerateAttribute(.kern, in: NSRange(location: 0, length: styled.length - 1), options: []) { value, _, _ in
            let k = value.flatMap(UIKitNumber.points) ?? 0
            if !kerns.contains(k) { kerns.append(k) }
        }
        return kerns.count > 1 ? "attributedText whose kern changes inside the text is not drawn yet (one kern over the whole text, or over all but its last character, is)" : nil
    }

    /// The alignment and line break mode the label draws with: its attributed text's paragraph
    /// style's, else its own.
    var drawnAlignment: NSTextAlignment { paragraphStyle?.alignment ?? textAlignment }
    var drawnLineBreakMode: NSLineBreakMode { paragraphStyle?.lineBreakMode ?? lineBreakMode }

    /// The attributed text's runs where its fonts or colours differ, as the typesetter takes
    /// them (UTF-8 offsets into the text; font sizes times `scale`); empty when one font and
    /// one colour cover it all. A range without a font or colour is set in the label's.
    func textRuns(scale: CGFloat = 1) -> [TextRun] {
        guard let styled = styledText, styled.length > 0, case .success(let style) = attributedStyle() else { return [] }
        // One font or colour over all of it is the label's own (`attributedStyle`), not a run's.
        let uniform = style.font != nil || style.color != nil
        let string = styled.string
        var runs: [TextRun] = []
        styled.enumerateAttributes(in: NSRange(location: 0, length: styled.length), options: []) { attributes, range, _ in
            guard let r = Range(range, in: string) else { return }
            let start = string.utf8.distance(from: string.utf8.startIndex, to: r.lowerBound)
            let end = string.utf8.distance(from: string.utf8.startIndex, to: r.upperBound)
            let f = uniform ? nil : attributes[.font] as? UIFont, c = uniform ? nil : attributes[.foregroundColor] as? UIColor
            let k = attributes[.kern].flatMap(UIKitNumber.points)
            runs.append(TextRun(start: start, end: end, fontSize: f.map { Double($0.pointSize * scale) }, weight: f?.drawnWeight,
                                italic: f?.isItalic, color: c?.value, kern: k.map { Double($0 * scale) }))
        }
        // Only a paragraph style: no runs (the label's own font and colour throughout).
        return runs.contains { $0.fontSize != nil || $0.color != nil || $0.kern != nil } ? runs : []
    }
    struct AttributedTextProblem: Error { let message: String }

    /// The font the text is set in: the attributed text's when it gives one, else `font`.
    var drawingFont: UIFont {
        if case .success(let style) = attributedStyle(), let f = style.font { return f }
        return font ?? UIFont.systemFont(ofSize: 17)
    }

    /// A one-line label whose text is wider than it shrinks its font until the text fits, down to
    /// `minimumScaleFactor` of its size (https://developer.apple.com/documentation/uikit/uilabel/adjustsfontsizetofitwidth).
    open var adjustsFontSizeToFitWidth = false
    /// 0: the font's own size is the smallest (Apple's page for the property).
    open var minimumScaleFactor: CGFloat = 0

    /// The font size the label draws at in `width`: its font's, or smaller when it shrinks to fit.
    func drawnFontSize(width: CGFloat) -> CGFloat {
        let size = drawingFont.pointSize
        guard adjustsFontSizeToFitWidth, minimumScaleFactor > 0, let text, !text.isEmpty, width > 0 else { return size }
        let natural = CGFloat(drawingFont.naturalWidth(of: text, fontSize: Double(size)))
        guard natural > width else { return size }
        return size * max(min(minimumScaleFactor, 1), width / natural)
    }

    /// The text's size: one line, or, with more lines allowed, wrapped at `size.width`
    /// (https://developer.apple.com/documentation/uikit/uiview/sizethatfits(_:)).
    open override func sizeThatFits(_ size: CGSize) -> CGSize {
        intrinsicSize(wrappingAt: numberOfLines != 1 && size.width > 0 ? size.width : nil)
    }

    /// The text's size as Flipbook's typesetter sets it: one line as wide as the text, or, with
    /// more lines allowed, wrapped at `preferredMaxLayoutWidth`.
    open override var intrinsicContentSize: CGSize { intrinsicSize(wrappingAt: preferredMaxLayoutWidth > 0 ? preferredMaxLayoutWidth : nil) }

    /// The size at `width` (nil: unwrapped): what Auto Layout's second pass asks of a multi-line label.
    func intrinsicSize(wrappingAt width: CGFloat?) -> CGSize {
        guard let element = measured(wrappingAt: width) else { return .zero }
        let h = UIKitText.height(element)
        return CGSize(width: CGFloat(element.frame.width.rounded(.up)), height: CGFloat(h.rounded(.up)))
    }

    /// The first and last baselines from the centre of the label's frame (its lines are drawn
    /// as a block centred in it), at `width` as `intrinsicSize(wrappingAt:)` sets the text; nil
    /// with no text (the label then has no baseline).
    func baselinesFromCentre(wrappingAt width: CGFloat?) -> (first: Double, last: Double)? {
        guard let element = measured(wrappingAt: width),
              let b = UIKitText.measured(element, or: nil, { try $0.baselines(of: $1) }) else { return nil }
        return (b.first - b.height / 2, b.last - b.height / 2)
    }

    /// The text as the typesetter measures it at `width` (nil: one line, unwrapped), its
    /// attributed runs included.
    private func measured(wrappingAt width: CGFloat?) -> TextElement? {
        guard let text, !text.isEmpty else { return nil }
        let font = drawingFont
        // Unwrapped, a text's own line breaks still start lines (as many as numberOfLines allows).
        var element = font.element(text, width: 0, numberOfLines: numberOfLines, lineBreakMode: LineBreakMode(drawnLineBreakMode))
        element.runs = textRuns()
        element.lineSpacing = Double(paragraphStyle?.lineSpacing ?? 0)
        element.paragraphSpacing = Double(paragraphStyle?.paragraphSpacing ?? 0)
        let natural = UIKitText.width(element)
        element.frame.size.width = width.map { min(Double($0), natural) } ?? natural
        return element
    }
}
