import FlipbookCore
import FlipbookLayout
import FlipbookAnimation

/// Turns an item and the scene's cell style into what the renderer draws.
public enum CellAppearance {
    public static let titleInset = 16.0
    /// Space on each side of a title in an item whose width is "fit".
    public static let fitPadding = 14.0

    public static func cell(_ item: ItemSpec, style: CellStyle, size: Size) -> Appearance {
        var a = layer(style, background: item.color)
        a.content = labels(item.title, subtitle: item.subtitle, style: style, background: item.color, size: size,
                           fits: item.fitsTitle)
        for c in item.content { a.content.append(element(c, in: size)) }
        return a
    }

    /// The CALayer part of a style: background, corners, border and shadow.
    static func layer(_ style: CellStyle, background: Color) -> Appearance {
        Appearance(background: background, cornerRadius: style.cornerRadius, roundedCorners: style.corners,
                   border: style.border, borderWidth: style.borderWidth, shadow: style.shadow)
    }

    static func element(_ c: ContentSpec, in size: Size) -> Element {
        let f = c.frame(in: size)
        switch c.kind {
        case .text(var t):
            t.frame = f
            return .text(t)
        case .rect(let color, let radius):
            return .rect(RectElement(frame: f, color: color, cornerRadius: radius))
        case .image(let path, let mode, let radius):
            return .image(ImageElement(path: path, frame: f, contentMode: mode, cornerRadius: radius))
        case .arrow(let rotation, let color):
            return .arrow(ArrowElement(frame: f, rotation: rotation, color: color))
        case .spinner(let phase, let color):
            return .spinner(SpinnerElement(frame: f, phase: phase, color: color))
        }
    }

    /// A header, footer or section background: the style's own fill (clear by default), its
    /// title on it, or on the view's `background` when clear.
    public static func header(_ text: String, style: CellStyle, background: Color, size: Size) -> Appearance {
        var a = layer(style, background: style.backgroundColor ?? .clear)
        let background = style.backgroundColor.map { $0.alpha >= 1 ? $0 : background } ?? background
        var s = style
        if s.titleColor == nil { s.titleColor = Color(hex: "#6D6D72") }
        a.content = labels(text, subtitle: "", style: s, background: background, size: size, fits: false)
        return a
    }

    /// Left- or right-aligned titles sit in a strip along the top (like a Wallet card's name),
    /// the subtitle under them; centred titles are centred in the whole cell (like a tag or a
    /// tile), the subtitle below the middle.
    static func labels(_ title: String, subtitle: String, style: CellStyle, background: Color, size: Size, fits: Bool) -> [Element] {
        guard !title.isEmpty || !subtitle.isEmpty else { return [] }
        let color = style.titleColor ?? (background.luminance > 0.6 ? Color.black : Color.white)
        var insets = style.contentInsets ?? EdgeInsets(top: 0, left: style.titleAlignment == .center ? 4 : titleInset,
                                                       bottom: 0, right: style.titleAlignment == .center ? 4 : titleInset)
        if fits { insets.left = fitPadding; insets.right = fitPadding }
        let width = max(0, size.width - insets.left - insets.right)
        let available = max(0, size.height - insets.top - insets.bottom)
        let lines = style.titleNumberOfLines
        let titleFrame: Rect, subtitleFrame: Rect
        switch style.titleAlignment {
        case .center:
            let h = subtitle.isEmpty ? available : available * 0.6
            titleFrame = Rect(x: insets.left, y: insets.top, width: width, height: h)
            subtitleFrame = Rect(x: insets.left, y: insets.top + available * 0.5, width: width, height: available * 0.4)
        default:
            let line = style.titleSize * 1.3
            let h = lines == 0 ? available : min(available, line * Double(lines) + line)
            titleFrame = Rect(x: insets.left, y: insets.top, width: width, height: h)
            subtitleFrame = Rect(x: insets.left, y: titleFrame.maxY - style.titleSize * 0.55, width: width,
                                 height: style.subtitleSize * 1.6)
        }
        var out: [Element] = []
        if !title.isEmpty {
            out.append(.text(TextElement(text: title, frame: titleFrame, fontSize: style.titleSize, weight: .bold, color: color,
                                         alignment: style.titleAlignment, numberOfLines: lines,
                                         lineBreakMode: style.titleLineBreakMode)))
        }
        if !subtitle.isEmpty {
            out.append(.text(TextElement(text: subtitle, frame: subtitleFrame, fontSize: style.subtitleSize,
                                         color: style.subtitleColor ?? color.withAlpha(color.alpha * 0.7),
                                         alignment: style.titleAlignment)))
        }
        return out
    }
}
