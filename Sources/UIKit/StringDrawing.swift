import Foundation
import FlipbookCore
import FlipbookGraphics

extension NSAttributedString.Key {
    /// https://developer.apple.com/documentation/foundation/nsattributedstring/key/font
    public static let font = NSAttributedString.Key("NSFont")
    /// https://developer.apple.com/documentation/foundation/nsattributedstring/key/foregroundcolor
    public static let foregroundColor = NSAttributedString.Key("NSColor")
}

extension NSString {
    /// The size of the string set on one line in the `.font` attribute (17 pt system font when
    /// none), measured by the typesetter that draws labels; fractional, as Apple's page says
    /// (raise it to whole points to size a view)
    /// (https://developer.apple.com/documentation/foundation/nsstring/size(withattributes:)).
    public func size(withAttributes attrs: [NSAttributedString.Key: Any]? = nil) -> CGSize {
        let font = attrs?[.font] as? UIFont ?? UIFont.systemFont(ofSize: 17)
        let text = self as String
        let width = font.naturalWidth(of: text)
        let height = (try? Typesetter.height(of: font.element(text.isEmpty ? " " : text, width: 100_000))) ?? 0
        return CGSize(width: width, height: height)
    }
}
