import FlipbookCore
import FlipbookLayout
import FlipbookAnimation

/// Turns an item and the scene's cell style into what the renderer draws.
public enum CellAppearance {
    public static let titleInset = 16.0
    /// Space on each side of a title in an item whose width is "fit".
    public static let fitPadding = 14.0

    public static func cell(_ item: ItemSpec, style: CellStyle, size: Size) -> Appearance {
        var a = Appearance(background: item.color, cornerRadius: style.cornerRadius, roundedCorners: style.corners,
                           border: style.border, shadow: style.shadow ? .card : nil)
        if !item.title.isEmpty {
            a.content = [.text(title(item.title, style: style, background: item.color, size: size))]
        }
        for c in item.content { a.content.append(element(c, in: size)) }
        return a
    }

    static func element(_ c: ContentSpec, in size: Size) -> Element {
        let f = c.frame(in: size)
        switch c.kind {
        case .text(let text, let fontSize, let weight, let color, let alignment):
            return .text(TextElement(text: text, frame: f, fontSize: fontSize, weight: weight, color: color, alignment: alignment))
        case .rect(let color, let radius):
            return .rect(RectElement(frame: f, color: color, cornerRadius: radius))
        }
    }

    public static func header(_ text: String, style: CellStyle, background: Color, size: Size) -> Appearance {
        var a = Appearance(background: .clear, cornerRadius: style.cornerRadius, roundedCorners: style.corners,
                           border: style.border, shadow: style.shadow ? .card : nil)
        var s = style
        if s.titleColor == nil { s.titleColor = Color(hex: "#6D6D72") }
        a.content = [.text(title(text, style: s, background: background, size: size))]
        return a
    }

    /// Left- or right-aligned titles sit in a strip along the top (like a Wallet card's name);
    /// centred titles are centred in the whole cell (like a tag or a tile).
    static func title(_ text: String, style: CellStyle, background: Color, size: Size) -> TextElement {
        let color = style.titleColor ?? (background.luminance > 0.6 ? Color.black : Color.white)
        let frame: Rect
        switch style.titleAlignment {
        case .center:
            frame = Rect(x: 4, y: 0, width: max(0, size.width - 8), height: size.height)
        default:
            let h = min(size.height, style.titleSize * 2.6)
            frame = Rect(x: titleInset, y: 0, width: max(0, size.width - 2 * titleInset), height: h)
        }
        return TextElement(text: text, frame: frame, fontSize: style.titleSize, weight: .bold, color: color,
                           alignment: style.titleAlignment)
    }
}
