import FlipbookCore
import FlipbookLayout
import FlipbookAnimation


/// Turns an item and the scene's cell style into what the renderer draws.
public enum CellAppearance {
    public static let titleInset = 16.0
    /// Space on each side of a title in an item whose width is "fit".
    public static let fitPadding = 14.0

    /// A cell; `selfSized` when its layout measured it (`fittingSize`): its labels are then
    /// stacked from the top at their measured heights, as they were measured.
    public static func cell(_ item: ItemSpec, style: CellStyle, size: Size, selfSized: Bool = false, text: any TextMeasuring) throws -> Appearance {
        var a = layer(style, background: item.color)
        if selfSized {
            a.content = try measuredLabels(item, style: style, width: size.width, text: text).elements
        } else {
            a.content = labels(item.title, subtitle: item.subtitle, style: style, background: item.color, size: size,
                               fits: item.fitsTitle)
        }
        for c in item.content { a.content.append(element(c, in: size)) }
        return a
    }

    /// UIKit's label colours: secondaryLabel (#3C3C43 at 60 %), tertiaryLabel (at 30 %),
    /// separator (at 29 %), the tint and the destructive red (Apple's UI element colour pages;
    /// the values as Flutter's CupertinoColors lists them, packages/flutter/lib/src/cupertino/colors.dart).
    public static let secondaryLabel = Color(red: 60 / 255, green: 60 / 255, blue: 67 / 255, alpha: 0.6)
    public static let tertiaryLabel = Color(red: 60 / 255, green: 60 / 255, blue: 67 / 255, alpha: 0.3)
    public static let separator = Color(red: 60 / 255, green: 60 / 255, blue: 67 / 255, alpha: 0.29)
    public static let tint = Color(red: 0, green: 122 / 255, blue: 1)
    public static let destructive = Color(red: 1, green: 59 / 255, blue: 48 / 255)

    /// A list row (UICollectionViewListCell with UIListContentConfiguration.cell()): its image,
    /// title and secondary text between its margins, accessories at the ends, its separator.
    public static func listCell(_ item: ItemSpec, row: ListRowConfiguration, size: Size, text fonts: any TextMeasuring) throws -> Appearance {
        var a = Appearance(background: row.isHeader ? .clear : row.background, cornerRadius: row.cornerRadius, roundedCorners: row.roundedCorners)
        let text = try listText(item, row: row, width: size.width, text: fonts)
        let mid = size.height / 2
        var x = row.leadingInset, trailing = size.width - row.trailingInset
        func symbol(_ kind: SymbolElement.Kind, width: Double, height: Double, at left: Double, _ color: Color) {
            a.content.append(.symbol(SymbolElement(kind: kind, frame: Rect(x: left, y: mid - height / 2, width: width, height: height), color: color)))
        }
        if item.accessories.contains(.delete) {
            symbol(.delete, width: 22, height: 22, at: x, destructive)
            x += 22 + 16
        }
        for accessory in item.accessories.reversed() where accessory != .delete {
            let (kind, w, h, color): (SymbolElement.Kind, Double, Double, Color) = switch accessory {
            case .disclosureIndicator: (.disclosureIndicator, 8, 13, tertiaryLabel)
            case .checkmark: (.checkmark, 14, 13, tint)
            case .detail: (.detail, 22, 22, tint)
            case .reorder: (.reorder, 18, 13, tertiaryLabel)
            case .delete: (.delete, 0, 0, destructive)
            }
            symbol(kind, width: w, height: h, at: trailing - w, color)
            trailing -= w + 12
        }
        if let side = row.imageSize {
            if let image = item.image {
                a.content.append(.image(ImageElement(image: image, frame: Rect(x: x, y: mid - side / 2, width: side, height: side),
                                                     contentMode: .scaleAspectFill, cornerRadius: side * 0.225)))
            }
            x += side + row.imageToText
        }
        // The text block, centred: the lines are the ones its height was measured from.
        let (title, secondary) = (text.title, text.secondary)
        if item.secondaryTextBesideTitle, var value = secondary {
            // Side by side, each centred on the row.
            var t = title
            t.frame.origin = Point(x: text.x, y: mid - t.frame.height / 2)
            value.frame.origin.y = mid - value.frame.height / 2
            a.content += [.text(t), .text(value)]
        } else {
            let block = title.frame.height + (secondary.map { listTitleToSecondary + $0.frame.height } ?? 0)
            var t = title
            t.frame.origin = Point(x: text.x, y: mid - block / 2)
            a.content.append(.text(t))
            if var s = secondary {
                s.frame.origin = Point(x: text.x, y: t.frame.maxY + listTitleToSecondary)
                a.content.append(.text(s))
            }
        }
        // A row of the app's own views (a UIKit list cell's content view), over its background.
        for c in item.content { a.content.append(element(c, in: size)) }
        if row.topSeparator {
            a.content.append(.symbol(SymbolElement(kind: .topSeparator, frame: Rect(x: 0, y: 0, width: size.width, height: size.height), color: separator)))
        }
        if let s = row.separatorLeading {
            a.content.append(.symbol(SymbolElement(kind: .separator, frame: Rect(x: s, y: 0, width: size.width - s, height: size.height), color: separator)))
        }
        return a
    }

    /// Space between a list row's title and secondary text (Flutter's notched tile, measured
    /// from iOS 14.4: list_tile.dart), and above and below its text block (ours: UIKit's list
    /// cells keep 11 pt, the 44 pt row less a 17 pt line, halved and rounded).
    public static let listTitleToSecondary = 3.0, listVerticalMargin = 11.0

    /// A list row's title and secondary text as drawn at row width `width`: wrapped to as many
    /// lines as they need (UIListContentConfiguration's numberOfLines is 0), measured by the
    /// typesetter that draws them, and where they start.
    public static func listText(_ item: ItemSpec, row: ListRowConfiguration, width: Double, text: any TextMeasuring) throws -> (x: Double, title: TextElement, secondary: TextElement?) {
        var x = row.leadingInset, trailing = width - row.trailingInset
        if item.accessories.contains(.delete) { x += 22 + 16 }
        for accessory in item.accessories where accessory != .delete {
            trailing -= (accessory == .disclosureIndicator ? 8 : accessory == .checkmark ? 14 : accessory == .detail ? 22 : 18) + 12
        }
        if let side = row.imageSize { x += side + row.imageToText }
        let w = max(1, trailing - x)
        func label(_ string: String, _ size: Double, _ weight: FontWeight, _ color: Color, _ properties: ListTextProperties?) throws -> TextElement {
            var e = TextElement(text: string, frame: Rect(x: 0, y: 0, width: w, height: 0), fontSize: size, weight: weight, color: color, numberOfLines: 0)
            if let properties { e = properties.applied(to: e) }
            e.frame.size.height = try typesetHeight(e, text)
            return e
        }
        if item.secondaryTextBesideTitle, !item.subtitle.isEmpty {
            // valueCell(): "side-by-side primary and secondary text" (Apple's page for it), the
            // secondary at the title's size in the secondary colour, on one line at the trailing
            // end, at most half the row (ours), the title wrapping in the rest.
            let natural = try text.naturalWidth(of: item.subtitle, fontSize: row.titleSize, weight: .regular).rounded(.up)
            let sw = min(natural, w / 2)
            var value = TextElement(text: item.subtitle, frame: Rect(x: trailing - sw, y: 0, width: sw, height: 0), fontSize: row.titleSize,
                                    color: secondaryLabel, alignment: .right, numberOfLines: 1)
            if let p = item.listSecondaryText { value = p.applied(to: value) }
            value.frame.size.height = try typesetHeight(value, text)
            var title = TextElement(text: item.title, frame: Rect(x: 0, y: 0, width: max(1, w - sw - listTitleToValue), height: 0),
                                    fontSize: row.titleSize, color: .black, numberOfLines: 0)
            if let p = item.listTitleText { title = p.applied(to: title) }
            title.frame.size.height = try typesetHeight(title, text)
            return (x, title, value)
        }
        let title = try label(item.title, row.isHeader ? row.titleSize + 3 : row.titleSize, row.isHeader ? .bold : .regular, .black, item.listTitleText)
        let secondary = item.subtitle.isEmpty ? nil : try label(item.subtitle, row.secondaryTextSize, .regular, secondaryLabel, item.listSecondaryText)
        return (x, title, secondary)
    }

    /// The least space between a valueCell's title and its secondary text (ours).
    static let listTitleToValue = 8.0

    /// A label's typeset height at its width in whole points.
    static func typesetHeight(_ label: TextElement, _ text: any TextMeasuring) throws -> Double {
        try text.height(of: label).rounded(.up)
    }

    /// The height a list row's content asks for (the layout keeps its minimum).
    public static func listRowHeight(_ item: ItemSpec, row: ListRowConfiguration, width: Double, text: any TextMeasuring) throws -> Double {
        let t = try listText(item, row: row, width: width, text: text)
        if item.secondaryTextBesideTitle { return max(t.title.frame.height, t.secondary?.frame.height ?? 0) + 2 * listVerticalMargin }
        return t.title.frame.height + (t.secondary.map { listTitleToSecondary + $0.frame.height } ?? 0) + 2 * listVerticalMargin
    }

    // MARK: - Self-sizing cells

    /// Space above and below a self-sizing cell's text when its style sets no contentInsets,
    /// and between its title and subtitle (ours: UIKit leaves both to the cell's constraints;
    /// 12 pt keeps a one-line 17 pt title at 44 pt, UIKit's minimum tap target).
    public static let selfSizingVerticalInset = 12.0, titleToSubtitle = 2.0

    /// The insets a cell's labels keep from its edges.
    static func insets(_ style: CellStyle, fits: Bool, selfSized: Bool) -> EdgeInsets {
        let side = style.titleAlignment == .center ? 4 : titleInset
        let vertical = selfSized ? selfSizingVerticalInset : 0
        var insets = style.contentInsets ?? EdgeInsets(top: vertical, left: side, bottom: vertical, right: side)
        if fits { insets.left = fitPadding; insets.right = fitPadding }
        return insets
    }

    /// The size a self-sizing cell asks for (preferredLayoutAttributesFitting(_:)): its width
    /// given, or its content's up to a limit; its height its labels' typeset height at that
    /// width plus its insets, measured by the typesetter that draws them.
    public static func fittingSize(_ item: ItemSpec, style: CellStyle, width: SelfSizingWidth, text: any TextMeasuring) throws -> Size {
        let insets = insets(style, fits: item.fitsTitle, selfSized: true)
        let w: Double
        switch width {
        case .fixed(let v): w = v
        case .fitting(let limit):
            let title = item.title.isEmpty ? 0 : try text.naturalWidth(of: item.title, fontSize: style.titleSize, weight: style.titleWeight)
            let subtitle = item.subtitle.isEmpty ? 0 : try text.naturalWidth(of: item.subtitle, fontSize: style.subtitleSize, weight: .regular)
            w = min(limit, (max(title, subtitle) + insets.left + insets.right).rounded(.up))
        }
        return Size(width: w, height: try measuredLabels(item, style: style, width: w, text: text).height)
    }

    /// A self-sizing cell's labels at width `width`, stacked from its top inset, and the
    /// height they need with the insets: the title in as many lines as its style allows, the
    /// subtitle in all it needs (a body label, numberOfLines 0).
    static func measuredLabels(_ item: ItemSpec, style: CellStyle, width: Double, text: any TextMeasuring) throws -> (elements: [Element], height: Double) {
        let insets = insets(style, fits: item.fitsTitle, selfSized: true)
        let w = max(1, width - insets.left - insets.right)
        let color = style.titleColor ?? (item.color.luminance > 0.6 ? Color.black : Color.white)
        var y = insets.top
        var out: [Element] = []
        func add(_ e: TextElement) throws {
            var e = e
            e.frame = Rect(x: insets.left, y: y, width: w, height: try typesetHeight(e, text))
            y = e.frame.maxY
            out.append(.text(e))
        }
        if !item.title.isEmpty {
            try add(TextElement(text: item.title, frame: Rect(x: 0, y: 0, width: w, height: 0), fontSize: style.titleSize, weight: style.titleWeight, color: color,
                            alignment: style.titleAlignment, numberOfLines: style.titleNumberOfLines, lineBreakMode: style.titleLineBreakMode))
        }
        if !item.subtitle.isEmpty {
            if !out.isEmpty { y += titleToSubtitle }
            try add(TextElement(text: item.subtitle, frame: Rect(x: 0, y: 0, width: w, height: 0), fontSize: style.subtitleSize,
                            color: style.subtitleColor ?? color.withAlpha(color.alpha * 0.7), alignment: style.titleAlignment,
                            numberOfLines: 0))
        }
        return (out, y + insets.bottom)
    }

    /// The CALayer part of a style: background, corners, border and shadow.
    static func layer(_ style: CellStyle, background: Color) -> Appearance {
        Appearance(background: background, cornerRadius: style.cornerRadius, roundedCorners: style.corners,
                   border: style.border, borderWidth: style.borderWidth, shadow: style.shadow, clipsToBounds: style.clipsToBounds)
    }

    /// A content element placed in an item of `size`.
    package static func element(_ c: ContentSpec, in size: Size) -> Element {
        let f = c.frame(in: size)
        switch c.kind {
        case .text(var t):
            t.frame = f
            t.view = c.view
            return .text(t)
        case .rect(let color, let radius):
            var r = RectElement(frame: f, color: color, cornerRadius: radius)
            r.border = c.borderColor
            r.borderWidth = c.borderWidth
            r.shadow = c.shadow
            r.corners = c.corners
            r.view = c.view
            return .rect(r)
        case .image(let image, let mode, let radius):
            var i = ImageElement(image: image, frame: f, contentMode: mode, cornerRadius: radius)
            i.tint = c.imageTint
            i.alpha = c.imageAlpha
            i.view = c.view
            return .image(i)
        case .arrow(let rotation, let color):
            return .arrow(ArrowElement(frame: f, rotation: rotation, color: color))
        case .spinner(let phase, let color):
            return .spinner(SpinnerElement(frame: f, phase: phase, color: color))
        case .clip(let radius, let content):
            var clip = ClipElement(frame: f, cornerRadius: radius, content: content.map { element($0, in: size) })
            clip.view = c.view
            return .clip(clip)
        case .transformed(let t, let content):
            var group = TransformedElement(transform: t, content: content.map { element($0, in: size) })
            group.view = c.view
            return .transformed(group)
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
        let insets = insets(style, fits: fits, selfSized: false)
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
            out.append(.text(TextElement(text: title, frame: titleFrame, fontSize: style.titleSize, weight: style.titleWeight, color: color,
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
