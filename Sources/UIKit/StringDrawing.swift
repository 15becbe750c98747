import Foundation
import FlipbookCore
import FlipbookGraphics

extension NSAttributedString.Key {
    /// https://developer.apple.com/documentation/foundation/nsattributedstring/key/font
    public static let font = NSAttributedString.Key("NSFont")
    /// https://developer.apple.com/documentation/foundation/nsattributedstring/key/foregroundcolor
    public static let foregroundColor = NSAttributedString.Key("NSColor")
    /// Points each character moves the next one along, the last one's widening the line; 0
    /// turns the font's kerning off (https://developer.apple.com/documentation/foundation/nsattributedstring/key/kern,
    /// and Core Text's https://developer.apple.com/documentation/coretext/kctkernattributename).
    public static let kern = NSAttributedString.Key("NSKern")
}

extension NSString {
    /// The size of the string set on one line in the `.font` attribute (17 pt system font when
    /// none), measured by the typesetter that draws labels; fractional, as Apple's page says
    /// (raise it to whole points to size a view)
    /// (https://developer.apple.com/documentation/foundation/nsstring/size(withattributes:)).
    public func size(withAttributes attrs: [NSAttributedString.Key: Any]? = nil) -> CGSize {
        let font = attrs?[.font] as? UIFont ?? UIFont.systemFont(ofSize: 17)
        let text = self as String
        var width = font.naturalWidth(of: text)
        if let k = attrs?[.kern].flatMap(UIKitNumber.points), k != 0, !text.isEmpty {
            var e = font.element(text, width: 0)
            e.runs = [TextRun(start: 0, end: text.utf8.count, kern: Double(k))]
            width = UIKitText.width(e)
        }
        let height = UIKitText.height(font.element(text.isEmpty ? " " : text, width: 100_000))
        return CGSize(width: width, height: height)
    }
}

extension NSAttributedString.Key {
    /// https://developer.apple.com/documentation/foundation/nsattributedstring/key/paragraphstyle
    public static let paragraphStyle = NSAttributedString.Key("NSParagraphStyle")
}

/// A paragraph's layout (https://developer.apple.com/documentation/uikit/nsparagraphstyle): a
/// label draws its alignment, line break mode, `lineSpacing` and `paragraphSpacing` ("distance
/// between the bottom of this paragraph and top of next").
open class NSParagraphStyle: NSObject, NSCopying, NSMutableCopying {
    /// `.natural` (Apple's page).
    open internal(set) var alignment = NSTextAlignment.natural
    /// `.byWordWrapping` (Apple's page).
    open internal(set) var lineBreakMode = NSLineBreakMode.byWordWrapping
    open internal(set) var lineSpacing: CGFloat = 0
    open internal(set) var paragraphSpacing: CGFloat = 0
    open class var `default`: NSParagraphStyle { NSParagraphStyle() }

    public override init() { super.init() }
    public func copy(with zone: NSZone? = nil) -> Any { copy(into: NSParagraphStyle()) }
    public func mutableCopy(with zone: NSZone? = nil) -> Any { copy(into: NSMutableParagraphStyle()) }
    private func copy<T: NSParagraphStyle>(into other: T) -> T {
        other.alignment = alignment; other.lineBreakMode = lineBreakMode
        other.lineSpacing = lineSpacing; other.paragraphSpacing = paragraphSpacing
        return other
    }
    open override func isEqual(_ object: Any?) -> Bool {
        guard let o = object as? NSParagraphStyle else { return false }
        return o.alignment == alignment && o.lineBreakMode == lineBreakMode && o.lineSpacing == lineSpacing && o.paragraphSpacing == paragraphSpacing
    }
}

/// https://developer.apple.com/documentation/uikit/nsmutableparagraphstyle
open class NSMutableParagraphStyle: NSParagraphStyle {
    open override var alignment: NSTextAlignment { get { super.alignment } set { super.alignment = newValue } }
    open override var lineBreakMode: NSLineBreakMode { get { super.lineBreakMode } set { super.lineBreakMode = newValue } }
    open override var lineSpacing: CGFloat { get { super.lineSpacing } set { super.lineSpacing = newValue } }
    open override var paragraphSpacing: CGFloat { get { super.paragraphSpacing } set { super.paragraphSpacing = newValue } }
}
