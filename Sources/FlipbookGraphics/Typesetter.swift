import CCairo
import FlipbookCore
import Foundation

/// Sets labels with Pango and draws them with Cairo, following UILabel: the text wraps at the
/// label's width (by words, or by characters), at most `numberOfLines` lines are shown (0 = as
/// many as the height holds), the last shown line is truncated with "…" at its tail, head or
/// middle when text is left over, and the block of lines is centred vertically in the label.
///
/// Layout is independent of the drawing scale: metric hinting and glyph-position rounding are
/// off, so a label breaks at the same places in a PNG at any scale and in SVG (where Cairo
/// writes glyphs as outlines). One Typesetter is used by one thread at a time; take one with
/// `Typesetter.with`.
public final class Typesetter: @unchecked Sendable {
    private let fontMap: UnsafeMutablePointer<PangoFontMap>
    private let context: OpaquePointer
    private var cache: [TextElement: PreparedText] = [:]
    /// `height(of:)` by label (its frame's width, font and line rules; not its position).
    private var heights: [TextElement: Double] = [:]
    /// `naturalWidth(of:fontSize:weight:)` by text and font: a header asks every frame it is redrawn.
    private struct WidthKey: Hashable { var text: String; var fontSize: Double; var weight: FontWeight; var italic: Bool }
    private var widths: [WidthKey: Double] = [:]
    /// Cached layouts kept at most (then the cache starts again): bounded memory however long the scene.
    static let cacheLimit = 2048

    init() throws {
        let config = try FontLibrary.configuration()
        guard let map = pango_cairo_font_map_new_for_font_type(CAIRO_FONT_TYPE_FT) else {
            throw GraphicsError("Pango could not create a font map")
        }
        pango_fc_font_map_set_config(OpaquePointer(map), config)
        fontMap = map
        context = pango_font_map_create_context(map)
        let options = cairo_font_options_create()
        cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF)
        cairo_font_options_set_hint_style(options, CAIRO_HINT_STYLE_NONE)
        cairo_font_options_set_antialias(options, CAIRO_ANTIALIAS_GRAY)
        pango_cairo_context_set_font_options(context, options)
        cairo_font_options_destroy(options)
        pango_context_set_round_glyph_positions(context, 0)
    }

    deinit {
        for p in cache.values { p.release() }
        g_object_unref(UnsafeMutableRawPointer(context))
        g_object_unref(UnsafeMutableRawPointer(fontMap))
    }

    // MARK: - A pool, one typesetter per thread that draws

    nonisolated(unsafe) private static var idle: [Typesetter] = []
    private static let lock = NSLock()

    /// Runs `body` with a typesetter no other thread is using.
    public static func with<R>(_ body: (Typesetter) throws -> R) throws -> R {
        lock.lock()
        let t = idle.popLast()
        lock.unlock()
        let typesetter = try t ?? Typesetter()
        defer { lock.lock(); idle.append(typesetter); lock.unlock() }
        return try body(typesetter)
    }

    /// The first character of `text` that none of Flipbook's fonts draws (it would be an empty
    /// box or a blank), or nil. Each character is tried once, in a layout of its own, and
    /// remembered: Latin text is checked without a layout at all. Marks, joiners and variation
    /// selectors, which draw only beside the character they modify, are not tried alone.
    package static func missingCharacter(in text: String) -> Unicode.Scalar? {
        if text.utf8.allSatisfy({ $0 < 0x80 }) { return nil }  // ASCII: Inter has it all
        for u in text.unicodeScalars where u.value >= 0x80 {
            switch u.properties.generalCategory {
            case .nonspacingMark, .enclosingMark, .spacingMark, .format, .control, .surrogate, .privateUse, .unassigned: continue
            default: break
            }
            glyphLock.lock()
            let known = glyphs[u.value]
            glyphLock.unlock()
            if let known { if !known { return u }; continue }
            let has = (try? with { t -> Bool in
                for weight in FontWeight.allCases {
                    let layout = t.makeLayout(String(u), fontSize: 17, weight: weight)
                    defer { g_object_unref(UnsafeMutableRawPointer(layout)) }
                    if pango_layout_get_unknown_glyphs_count(layout) != 0 { return false }
                    // A font may claim a symbol and still draw nothing (a colour font's entry
                    // with no bitmap): a symbol must leave ink, in both weights. Letters, digits
                    // and punctuation come from the text faces, which draw what they claim.
                    switch u.properties.generalCategory {
                    case .mathSymbol, .currencySymbol, .modifierSymbol, .otherSymbol:
                        if !t.inks(String(u), weight: weight) { return false }
                    default: break
                    }
                }
                return true
            }) ?? true
            glyphLock.lock()
            glyphs[u.value] = has
            glyphLock.unlock()
            if !has { return u }
        }
        return nil
    }
    nonisolated(unsafe) private static var glyphs: [UInt32: Bool] = [:]
    private static let glyphLock = NSLock()

    /// Whether `text`, drawn at 32 pt on a small surface, leaves any pixel not transparent.
    func inks(_ text: String, weight: FontWeight) -> Bool {
        let side: Int32 = 96
        guard let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, side, side) else { return true }
        defer { cairo_surface_destroy(surface) }
        guard let cr = cairo_create(surface) else { return true }
        draw(TextElement(text: text, frame: Rect(x: 0, y: 0, width: Double(side), height: Double(side)), fontSize: 32, weight: weight,
                         color: .black, alignment: .center), on: cr)
        cairo_destroy(cr)
        cairo_surface_flush(surface)
        let stride = Int(cairo_image_surface_get_stride(surface))
        guard let data = cairo_image_surface_get_data(surface) else { return true }
        for y in 0..<Int(side) {
            for x in 0..<Int(side) where data[y * stride + x * 4 + 3] != 0 { return true }
        }
        return false
    }

    /// The width of `text` set on one line, unwrapped: what a "fit" tag is sized by.
    public static func naturalWidth(of text: String, fontSize: Double, weight: FontWeight, italic: Bool = false) throws -> Double {
        try with { t in
            let key = WidthKey(text: text, fontSize: fontSize, weight: weight, italic: italic)
            if let w = t.widths[key] { return w }
            let layout = t.makeLayout(text, fontSize: fontSize, weight: weight, italic: italic)
            defer { g_object_unref(UnsafeMutableRawPointer(layout)) }
            let w = Double(logicalWidth(layout)) / Double(PANGO_SCALE)
            if t.widths.count >= Typesetter.cacheLimit { t.widths.removeAll(keepingCapacity: true) }
            t.widths[key] = w
            return w
        }
    }

    /// The width of `label`'s text set on one line with its runs, unwrapped.
    package static func naturalWidth(of label: TextElement) throws -> Double {
        guard !label.runs.isEmpty else { return try naturalWidth(of: label.text, fontSize: label.fontSize, weight: label.weight, italic: label.italic) }
        return try with { t in
            let layout = t.makeLayout(label.text, fontSize: label.fontSize, weight: label.weight, italic: label.italic, runs: label.runs)
            defer { g_object_unref(UnsafeMutableRawPointer(layout)) }
            return Double(logicalWidth(layout)) / Double(PANGO_SCALE) + trailingKern(label, lineEnd: label.text.utf8.count)
        }
    }

    /// The height of the lines `label` shows at its width (all of them when `numberOfLines` is
    /// 0), whatever its frame's height: what a self-sizing cell is measured by, with the same
    /// line breaking that draws it.
    public static func height(of label: TextElement) throws -> Double {
        var key = label
        key.frame = Rect(x: 0, y: 0, width: label.frame.width, height: 0)
        key.color = .clear
        return try with { t in
            if let h = t.heights[key] { return h }
            let layout = t.makeLayout(label.text, fontSize: label.fontSize, weight: label.weight, italic: label.italic, runs: label.runs)
            defer { g_object_unref(UnsafeMutableRawPointer(layout)) }
            t.configure(layout, label, wrap: label.lineBreakMode != .byClipping)
            let all = t.boxes(layout, paragraphSpacing: label.paragraphSpacing)
            let used = all.prefix(max(1, label.numberOfLines == 0 ? all.count : min(all.count, label.numberOfLines)))
            let h = (used.last.map { $0.top + $0.height } ?? 0) - (used.first?.top ?? 0)
            if t.heights.count >= Typesetter.cacheLimit { t.heights.removeAll(keepingCapacity: true) }
            t.heights[key] = h
            return h
        }
    }

    /// The block of lines `label` shows at its width (as `height(of:)` counts them): its height,
    /// and its first and last lines' baselines from its top — what Auto Layout's baseline
    /// anchors read, the block being centred in the label's frame as it is drawn.
    package static func baselines(of label: TextElement) throws -> (height: Double, first: Double, last: Double) {
        try with { t in
            let layout = t.makeLayout(label.text, fontSize: label.fontSize, weight: label.weight, italic: label.italic, runs: label.runs)
            defer { g_object_unref(UnsafeMutableRawPointer(layout)) }
            t.configure(layout, label, wrap: label.lineBreakMode != .byClipping)
            let all = t.boxes(layout, paragraphSpacing: label.paragraphSpacing)
            let used = all.prefix(max(1, label.numberOfLines == 0 ? all.count : min(all.count, label.numberOfLines)))
            guard let first = used.first, let last = used.last else { return (0, 0, 0) }
            return (last.top + last.height - first.top, first.baseline - first.top, last.baseline - first.top)
        }
    }

    /// The logical width of `layout`'s text, in Pango units.
    static func logicalWidth(_ layout: OpaquePointer) -> Int32 {
        var logical = PangoRectangle()
        pango_layout_get_extents(layout, nil, &logical)
        return logical.width
    }

    static func pangoUnits(_ points: Double) -> Int32 { Int32(clamping: Int((points * Double(PANGO_SCALE)).rounded())) }

    /// The letter spacing of each stretch of `text` (byte ranges, in points; none where it is
    /// 0): the system font's (`SystemFont.letterSpacing`, Latin only) at each character's size
    /// and weight, plus its run's kern. Pango spaces a character by half its spacing on either
    /// side and trims the halves at a line's ends: between two characters of one spacing that
    /// is Core Text's tracking and kern; a kern after the last character, which Core Text
    /// keeps, is added back where lines are measured (`trailingKern`). The last character
    /// takes the spacing of the one before it: its own half would otherwise make that gap the
    /// mean of the two ("kern all but the last character", the usual way to drop the trailing
    /// kern, stays exact).
    static func spacing(_ text: String, fontSize: Double, weight: FontWeight, runs: [TextRun]) -> [(Range<Int>, Double)] {
        var result: [(Range<Int>, Double)] = []
        var offset = 0
        var previous: Double?
        let count = text.count
        for (i, c) in text.enumerated() {
            let length = c.utf8.count
            defer { offset += length }
            var points = 0.0
            if SystemFont.isTracked(c) {
                let size = runs.last { $0.start <= offset && offset < $0.end && $0.fontSize != nil }?.fontSize ?? fontSize
                let w = runs.last { $0.start <= offset && offset < $0.end && $0.weight != nil }?.weight ?? weight
                points = SystemFont.letterSpacing(size: size, weight: w)
            }
            points += kern(of: runs, at: offset) ?? 0
            if i == count - 1, i > 0, let previous { points = previous }
            previous = points
            if let last = result.last, last.1 == points, last.0.upperBound == offset {
                result[result.count - 1].0 = last.0.lowerBound..<offset + length
            } else if points != 0 {
                result.append((offset..<offset + length, points))
            }
        }
        return result
    }

    /// The kern the last run over byte `index` gives it (nil: none).
    static func kern(of runs: [TextRun], at index: Int) -> Double? {
        runs.last { $0.start <= index && index < $0.end && $0.kern != nil }?.kern
    }

    /// The kern Core Text keeps after a line's last character (which Pango trims): the kern of
    /// the last character before byte `end` that is not a space, in points.
    static func trailingKern(_ label: TextElement, lineEnd end: Int) -> Double {
        guard label.runs.contains(where: { ($0.kern ?? 0) != 0 }) else { return 0 }
        let bytes = Array(label.text.utf8)
        var i = min(end, bytes.count) - 1
        while i >= 0, bytes[i] == 0x20 || bytes[i] == 0x0A || bytes[i] == 0x0D || bytes[i] == 0x09 || bytes[i] & 0xC0 == 0x80 { i -= 1 }
        return i < 0 ? 0 : kern(of: label.runs, at: i) ?? 0
    }

    // MARK: - Setting a label

    /// The lines of a label: each a Pango line and where its baseline starts, relative to the
    /// label's frame origin.
    public struct PlacedLine {
        let line: UnsafeMutablePointer<PangoLayoutLine>
        public let x: Double
        public let baseline: Double
        public let width: Double
        /// The text of the line as drawn (with the ellipsis when truncated).
        public let text: String
    }

    final class PreparedText {
        let layouts: [OpaquePointer]
        let lines: [PlacedLine]
        /// The outline glyphs' path relative to the label's origin (`glyphOutline`).
        var outline: UnsafeMutablePointer<cairo_path_t>?
        /// The same by attributed runs' colours (`outlinesByColor`), for a label with coloured runs.
        var colouredOutlines: [(Color?, UnsafeMutablePointer<cairo_path_t>)]?
        /// The outline glyphs by font, relative to the label's origin (`outlineRuns`). A run's
        /// font lives as long as the layouts.
        var runs: [Run]?
        struct Run { let font: OpaquePointer; let glyphs: [cairo_glyph_t]; var color: Color? = nil }
        /// Whether the label has colour (emoji) glyphs, drawn as bitmaps each time (known once
        /// `runs` is made).
        var hasColour = false
        init(layouts: [OpaquePointer], lines: [PlacedLine]) { self.layouts = layouts; self.lines = lines }
        func release() {
            for l in layouts { g_object_unref(UnsafeMutableRawPointer(l)) }
            if let outline { cairo_path_destroy(outline) }
            for (_, path) in colouredOutlines ?? [] { cairo_path_destroy(path) }
        }
    }

    func makeLayout(_ text: String, fontSize: Double, weight: FontWeight, italic: Bool = false, runs: [TextRun] = []) -> OpaquePointer {
        let layout = pango_layout_new(context)!
        let font = pango_font_description_new()
        pango_font_description_set_family(font, FontLibrary.family)
        pango_font_description_set_absolute_size(font, fontSize * Double(PANGO_SCALE))
        pango_font_description_set_weight(font, weight.pango)
        // Inter's own italic faces; Chinese, which has none, is slanted by Pango.
        if italic { pango_font_description_set_style(font, PANGO_STYLE_ITALIC) }
        pango_layout_set_font_description(layout, font)
        pango_font_description_free(font)
        // UILabel breaks a long word without a hyphen (hyphenationFactor 0); Pango adds one.
        let attributes = pango_attr_list_new()
        pango_attr_list_insert(attributes, pango_attr_insert_hyphens_new(0))
        // An attributed string's runs, each over its bytes.
        for r in runs {
            var made: [UnsafeMutablePointer<PangoAttribute>] = []
            if let size = r.fontSize { made.append(pango_attr_size_new_absolute(Int32((size * Double(PANGO_SCALE)).rounded()))) }
            if let w = r.weight { made.append(pango_attr_weight_new(w.pango)) }
            if let i = r.italic { made.append(pango_attr_style_new(i ? PANGO_STYLE_ITALIC : PANGO_STYLE_NORMAL)) }
            if let c = r.color {
                func channel(_ v: Double) -> UInt16 { UInt16((min(1, max(0, v)) * 65535).rounded()) }
                made.append(pango_attr_foreground_new(channel(c.red), channel(c.green), channel(c.blue)))
                made.append(pango_attr_foreground_alpha_new(channel(c.alpha)))
            }
            // Kern 0 is "no kerning at all" (kCTKernAttributeName's page): the font's pair
            // kerning off. Other kerns are letter spacing (`spacing`).
            if r.kern == 0 { made.append(pango_attr_font_features_new("kern 0")) }
            for a in made {
                a.pointee.start_index = guint(max(0, r.start))
                a.pointee.end_index = guint(max(r.start, r.end))
                pango_attr_list_insert(attributes, a)
            }
        }
        for (range, points) in Typesetter.spacing(text, fontSize: fontSize, weight: weight, runs: runs) {
            let a = pango_attr_letter_spacing_new(Typesetter.pangoUnits(points))!
            a.pointee.start_index = guint(range.lowerBound)
            a.pointee.end_index = guint(range.upperBound)
            pango_attr_list_insert(attributes, a)
        }
        pango_layout_set_attributes(layout, attributes)
        pango_attr_list_unref(attributes)
        pango_layout_set_text(layout, text, -1)
        return layout
    }

    /// The lines `label` shows, laid out in its frame (cached by everything but position and colour).
    public func lines(of label: TextElement) -> [PlacedLine] { prepare(label).lines }

    func prepare(_ label: TextElement) -> PreparedText {
        var key = label
        key.frame.origin = Point(x: 0, y: 0)
        key.color = .clear
        if let p = cache[key] { return p }
        if cache.count >= Typesetter.cacheLimit {
            for p in cache.values { p.release() }
            cache.removeAll(keepingCapacity: true)
        }
        let p = setLines(key)
        cache[key] = p
        return p
    }

    /// What a label's layout width is widened by: Pango breaks a line counting the letter
    /// spacing it then trims at the line's ends (and rounds it to its units), so a label exactly
    /// as wide as its text would wrap by that much. A kern is left out: a kerned line is
    /// measured with its last character's kern already (`trailingKern`). Lines aligned within
    /// the wider width are moved back by it (`setLines`).
    static func slack(_ label: TextElement) -> Double {
        let tracking = label.runs.map { r -> TextRun in var r = r; r.kern = nil; return r }
        let spacing = Typesetter.spacing(label.text, fontSize: label.fontSize, weight: label.weight, runs: tracking).map(\.1).max() ?? 0
        return spacing > 0 ? spacing + 2 / Double(PANGO_SCALE) : 0
    }

    /// `layout` set for `label`'s frame, widened by `slack` (`Typesetter.slack(label)`, which a
    /// caller that needs it too passes in).
    private func configure(_ layout: OpaquePointer, _ label: TextElement, wrap: Bool, slack: Double? = nil) {
        let width = Int32(clamping: Int(((label.frame.width + (slack ?? Typesetter.slack(label))) * Double(PANGO_SCALE)).rounded(.down)))
        if wrap || label.lineBreakMode != .byClipping {
            pango_layout_set_width(layout, max(1, width))
        }
        pango_layout_set_wrap(layout, label.lineBreakMode == .byCharWrapping ? PANGO_WRAP_CHAR : PANGO_WRAP_WORD_CHAR)
        // Pango's spacing is NSParagraphStyle's lineSpacing: between one line's bottom and the next's top.
        if label.lineSpacing != 0 { pango_layout_set_spacing(layout, Int32((label.lineSpacing * Double(PANGO_SCALE)).rounded())) }
        switch label.alignment {
        case .left: pango_layout_set_alignment(layout, PANGO_ALIGN_LEFT)
        case .center: pango_layout_set_alignment(layout, PANGO_ALIGN_CENTER)
        case .right: pango_layout_set_alignment(layout, PANGO_ALIGN_RIGHT)
        }
    }

    private struct LineBox {
        var line: UnsafeMutablePointer<PangoLayoutLine>; var x, top, baseline, width, height: Double
        /// Placed in the label's width already (`horizontalEllipsis`), not by Pango's alignment.
        var placed = false
    }

    /// The layout's lines; `paragraphSpacing` more points above each line that starts a
    /// paragraph after the first (Pango has no paragraph spacing of its own).
    private func boxes(_ layout: OpaquePointer, paragraphSpacing: Double = 0) -> [LineBox] {
        var out: [LineBox] = []
        let iter = pango_layout_get_iter(layout)
        defer { pango_layout_iter_free(iter) }
        let s = Double(PANGO_SCALE)
        let text = paragraphSpacing == 0 ? nil : pango_layout_get_text(layout).map { UnsafeRawPointer($0).assumingMemoryBound(to: UInt8.self) }
        var shift = 0.0
        repeat {
            var logical = PangoRectangle()
            pango_layout_iter_get_line_extents(iter, nil, &logical)
            let line = pango_layout_iter_get_line_readonly(iter)!
            // A line after a paragraph separator (a line feed, a carriage return, U+2029) starts a paragraph.
            if let text, case let i = Int(line.pointee.start_index), i > 0,
               text[i - 1] == 0x0A || text[i - 1] == 0x0D || i >= 3 && text[i - 3] == 0xE2 && text[i - 2] == 0x80 && text[i - 1] == 0xA9 {
                shift += paragraphSpacing
            }
            out.append(LineBox(line: line, x: Double(logical.x) / s, top: Double(logical.y) / s + shift,
                               baseline: Double(pango_layout_iter_get_baseline(iter)) / s + shift,
                               width: Double(logical.width) / s, height: Double(logical.height) / s))
        } while pango_layout_iter_next_line(iter) != 0
        return out
    }

    private func setLines(_ label: TextElement) -> PreparedText {
        let mode = label.lineBreakMode
        let full = makeLayout(label.text, fontSize: label.fontSize, weight: label.weight, italic: label.italic, runs: label.runs)
        let slack = Typesetter.slack(label)
        configure(full, label, wrap: mode != .byClipping, slack: slack)
        var layouts = [full]
        var all = boxes(full, paragraphSpacing: label.paragraphSpacing)
        // Lines shown: numberOfLines (0 = no limit), and no more than the height holds (at least one).
        var fit = 0
        for b in all where b.top + b.height <= label.frame.height + 0.5 { fit += 1 }
        let shown = max(1, min(label.numberOfLines == 0 ? Int.max : label.numberOfLines, fit))
        let truncating = [.byTruncatingHead, .byTruncatingTail, .byTruncatingMiddle].contains(mode)
        if all.count > shown, truncating {
            // The last shown line holds the rest of the text on one line, ellipsized.
            let bytes = Array(label.text.utf8)
            let start = Int(all[shown - 1].line.pointee.start_index)
            var rest = String(decoding: bytes[min(start, bytes.count)...], as: UTF8.self)
            rest = rest.split(whereSeparator: { $0.isNewline }).joined(separator: " ")
            let last = makeLayout(rest, fontSize: label.fontSize, weight: label.weight, italic: label.italic)
            configure(last, label, wrap: true, slack: slack)
            pango_layout_set_ellipsize(last, mode == .byTruncatingHead ? PANGO_ELLIPSIZE_START
                                       : mode == .byTruncatingMiddle ? PANGO_ELLIPSIZE_MIDDLE : PANGO_ELLIPSIZE_END)
            pango_layout_set_single_paragraph_mode(last, 1)
            let top = all[shown - 1].top
            var tail: LineBox
            if let mended = horizontalEllipsis(replacingIn: last, rest, label) {
                g_object_unref(UnsafeMutableRawPointer(last))
                layouts.append(mended.layout)
                tail = mended.box
            } else {
                layouts.append(last)
                tail = boxes(last)[0]
            }
            tail.top += top
            tail.baseline += top
            all = Array(all[..<(shown - 1)]) + [tail]
        } else {
            all = Array(all.prefix(shown))
        }
        let blockHeight = (all.last.map { $0.top + $0.height } ?? 0) - (all.first?.top ?? 0)
        let dy = (label.frame.height - blockHeight) / 2 - (all.first?.top ?? 0)
        let lines = all.map { b -> PlacedLine in
            var x = b.x
            // A line is as wide as Core Text sets it: with its last character's kern.
            let trailing = b.line.pointee.layout == full
                ? Typesetter.trailingKern(label, lineEnd: Int(b.line.pointee.start_index + b.line.pointee.length)) : 0
            let width = b.width + trailing
            if b.placed {
                // horizontalEllipsis placed it.
            } else if mode == .byClipping {
                // Unwrapped lines are aligned here: Pango aligns only within a set width.
                switch label.alignment {
                case .left: x = 0
                case .center: x = (label.frame.width - width) / 2
                case .right: x = label.frame.width - width
                }
            } else {
                switch label.alignment {
                case .left: break
                case .center: x -= (trailing + slack) / 2
                case .right: x -= trailing + slack
                }
            }
            return PlacedLine(line: b.line, x: x, baseline: b.baseline + dy, width: width, text: Typesetter.text(of: b.line))
        }
        return PreparedText(layouts: layouts, lines: lines)
    }

    /// `ellipsized` set again as UILabel truncates: the kept text and one "…" at their own
    /// widths, the line aligned in the label as any other. Pango widens its ellipsis to fill
    /// the line (pango/ellipsize.c: the gap it elides is whole clusters, the spare width goes
    /// to the ellipsis run), which left up to a character's width of blank beside "…" (issue 45,
    /// "wallet-m…  0471.png"); and where the gap starts at a wide (CJK) character it sets U+22EF,
    /// the midline ellipsis, or three full stops in a font without it ("Card 9 ⋯" beside
    /// "Card 1…"; update_ellipsis_shape), where UILabel's truncation is always the one ellipsis
    /// character. The text Pango kept, "…" and the rest it kept are set as one line, a
    /// character more or less elided until it is the longest that fits. Nil when nothing was
    /// elided.
    private func horizontalEllipsis(replacingIn ellipsized: OpaquePointer, _ text: String, _ label: TextElement)
        -> (layout: OpaquePointer, box: LineBox)? {
        guard pango_layout_is_ellipsized(ellipsized) != 0, let line = pango_layout_get_line_readonly(ellipsized, 0) else { return nil }
        var gap: Range<Int>?
        var run = line.pointee.runs
        while let r = run {
            if let item = r.pointee.data?.assumingMemoryBound(to: PangoGlyphItem.self).pointee.item,
               Int32(item.pointee.analysis.flags) & Int32(PANGO_ANALYSIS_FLAG_IS_ELLIPSIS) != 0 {
                gap = Int(item.pointee.offset)..<Int(item.pointee.offset + item.pointee.length)
            }
            run = r.pointee.next
        }
        let bytes = Array(text.utf8)
        guard let gap = gap?.clamped(to: 0..<bytes.count) else { return nil }
        // Kept characters before and after the gap; the mode says which side gives way.
        var head = Array(String(decoding: bytes[..<gap.lowerBound], as: UTF8.self))
        var tail = Array(String(decoding: bytes[gap.upperBound...], as: UTF8.self))
        let all = Array(text)
        let goal = Int32(clamping: Int((label.frame.width * Double(PANGO_SCALE)).rounded(.down)))
        func set(_ head: [Character], _ tail: [Character]) -> (layout: OpaquePointer, width: Int32) {
            let layout = makeLayout(String(head) + "…" + String(tail), fontSize: label.fontSize, weight: label.weight, italic: label.italic)
            pango_layout_set_single_paragraph_mode(layout, 1)
            return (layout, Typesetter.logicalWidth(layout))
        }
        func release(_ layout: OpaquePointer) { g_object_unref(UnsafeMutableRawPointer(layout)) }
        func takeOne(_ head: inout [Character], _ tail: inout [Character]) -> Bool {
            switch label.lineBreakMode {
            case .byTruncatingHead: if tail.isEmpty { return false }; tail.removeFirst()
            case .byTruncatingMiddle where head.count <= tail.count && !tail.isEmpty: tail.removeFirst()
            default: if head.isEmpty { return false }; head.removeLast()
            }
            return true
        }
        func giveOne(_ head: inout [Character], _ tail: inout [Character]) -> Bool {
            guard head.count + tail.count < all.count - 1 else { return false }
            switch label.lineBreakMode {
            case .byTruncatingHead: tail.insert(all[all.count - tail.count - 1], at: 0)
            case .byTruncatingMiddle where head.count > tail.count: tail.insert(all[all.count - tail.count - 1], at: 0)
            default: head.append(all[head.count])
            }
            return true
        }
        // The layout last set is kept: the one that fits, or the shortest there is.
        var kept = set(head, tail)
        while kept.width > goal, takeOne(&head, &tail) {
            release(kept.layout)
            kept = set(head, tail)
        }
        while true {
            var h = head, t = tail
            guard giveOne(&h, &t) else { break }
            let longer = set(h, t)
            guard longer.width <= goal else { release(longer.layout); break }
            release(kept.layout)
            (kept, head, tail) = (longer, h, t)
        }
        let layout = kept.layout
        var box = boxes(layout)[0]
        let spare = label.frame.width - box.width
        switch label.alignment {
        case .left: box.x = 0
        case .center: box.x = spare / 2
        case .right: box.x = spare
        }
        box.placed = true
        return (layout, box)
    }

    /// The characters of a line as shown, the ellipsis included (read from its glyph runs'
    /// item ranges would miss it, so the line's text is taken from its layout's text and, for an
    /// ellipsized line, marked with "…").
    static func text(of line: UnsafeMutablePointer<PangoLayoutLine>) -> String {
        let layout = line.pointee.layout!
        guard let cText = pango_layout_get_text(layout) else { return "" }
        let bytes = Array(UnsafeBufferPointer(start: UnsafeRawPointer(cText).assumingMemoryBound(to: UInt8.self), count: strlen(cText)))
        let start = Int(line.pointee.start_index), end = min(bytes.count, start + Int(line.pointee.length))
        let text = String(decoding: bytes[min(start, end)..<end], as: UTF8.self)
        return pango_layout_is_ellipsized(layout) != 0 ? text + "…" : text
    }

    // MARK: - Drawing

    /// Calls `body` for each glyph run of `label`'s shown lines: the run's Cairo font, whether it
    /// is a colour (bitmap) font, and its glyphs at their positions in the label's parent.
    func forEachRun(_ label: TextElement, _ body: (OpaquePointer, Bool, [cairo_glyph_t]) -> Void) {
        forEachRun(label) { font, colour, glyphs, _ in body(font, colour, glyphs) }
    }

    /// As above, with the colour a run of the label's attributed runs gives the glyphs (nil:
    /// the label's own).
    func forEachRun(_ label: TextElement, _ body: (OpaquePointer, Bool, [cairo_glyph_t], Color?) -> Void) {
        let unit = Double(PANGO_SCALE)
        for l in prepare(label).lines {
            var x = label.frame.minX + l.x
            let baseline = label.frame.minY + l.baseline
            var node = l.line.pointee.runs
            while let n = node {
                let run = n.pointee.data.assumingMemoryBound(to: PangoGlyphItem.self).pointee
                let glyphs = run.glyphs.pointee
                var placed: [cairo_glyph_t] = []
                for g in 0..<Int(glyphs.num_glyphs) {
                    let info = glyphs.glyphs[g]
                    if info.glyph != PANGO_GLYPH_EMPTY && info.glyph & PANGO_GLYPH_UNKNOWN_FLAG == 0 {
                        placed.append(cairo_glyph_t(index: UInt(info.glyph), x: x + Double(info.geometry.x_offset) / unit,
                                                    y: baseline + Double(info.geometry.y_offset) / unit))
                    }
                    x += Double(info.geometry.width) / unit
                }
                if let font = run.item.pointee.analysis.font, let scaled = pango_cairo_font_get_scaled_font(OpaquePointer(font)) {
                    body(scaled, isColour(font), placed, label.runs.isEmpty ? nil : Typesetter.foreground(of: run.item.pointee.analysis))
                }
                node = n.pointee.next
            }
        }
    }

    /// The foreground colour an attributed run sets on a Pango item (its extra attributes), if any.
    static func foreground(of analysis: PangoAnalysis) -> Color? {
        var rgb: PangoColor?
        var alpha = 65535.0
        var node = analysis.extra_attrs
        while let n = node {
            if let attribute = n.pointee.data?.assumingMemoryBound(to: PangoAttribute.self) {
                switch attribute.pointee.klass.pointee.type {
                case PANGO_ATTR_FOREGROUND:
                    rgb = UnsafeMutableRawPointer(attribute).assumingMemoryBound(to: PangoAttrColor.self).pointee.color
                case PANGO_ATTR_FOREGROUND_ALPHA:
                    alpha = Double(UnsafeMutableRawPointer(attribute).assumingMemoryBound(to: PangoAttrInt.self).pointee.value)
                default: break
                }
            }
            node = n.pointee.next
        }
        guard let c = rgb else { return nil }
        return Color(red: Double(c.red) / 65535, green: Double(c.green) / 65535, blue: Double(c.blue) / 65535, alpha: alpha / 65535)
    }

    /// The colour (emoji) glyphs of `label` drawn into an image at `scale` pixels per point:
    /// the image and the rectangle (in the label's parent) it covers; nil when it has none.
    /// What the animated SVG embeds, since these glyphs have no outlines.
    package func colourGlyphs(_ label: TextElement, scale: Double) -> (png: OpaquePointer, rect: Rect)? {
        var runs: [(OpaquePointer, [cairo_glyph_t])] = []
        var box: Rect?
        forEachRun(label) { font, colour, glyphs in
            guard colour, !glyphs.isEmpty else { return }
            var e = cairo_text_extents_t()
            cairo_scaled_font_glyph_extents(font, glyphs, Int32(glyphs.count), &e)
            let r = Rect(x: glyphs[0].x + e.x_bearing, y: glyphs[0].y + e.y_bearing, width: e.width, height: e.height)
            box = box.map { b in
                let x0 = min(b.minX, r.minX), y0 = min(b.minY, r.minY)
                return Rect(x: x0, y: y0, width: max(b.maxX, r.maxX) - x0, height: max(b.maxY, r.maxY) - y0)
            } ?? r
            runs.append((font, glyphs))
        }
        guard let b = box, b.width > 0, b.height > 0 else { return nil }
        let x0 = (b.minX * scale).rounded(.down) / scale, y0 = (b.minY * scale).rounded(.down) / scale
        let w = Int(((b.maxX - x0) * scale).rounded(.up)), h = Int(((b.maxY - y0) * scale).rounded(.up))
        let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(w), Int32(h))!
        let cr = cairo_create(surface)!
        cairo_scale(cr, scale, scale)
        cairo_translate(cr, -x0, -y0)
        for (font, glyphs) in runs {
            cairo_set_scaled_font(cr, font)
            cairo_show_glyphs(cr, glyphs, Int32(glyphs.count))
        }
        cairo_destroy(cr)
        cairo_surface_flush(surface)
        return (surface, Rect(x: x0, y: y0, width: Double(w) / scale, height: Double(h) / scale))
    }

    /// Whether a font is the emoji font (bitmaps in colour, not outlines).
    private func isColour(_ font: UnsafeMutablePointer<PangoFont>) -> Bool {
        let description = pango_font_describe(font)
        defer { pango_font_description_free(description) }
        let family = pango_font_description_get_family(description).map { String(cString: $0) } ?? ""
        return family.contains("Emoji")
    }

    /// Draws `label` on `cr` (user space in points), clipped to its frame. Outline glyphs are
    /// drawn at their exact positions: Cairo's glyph compositing would put each on a whole
    /// device pixel, so moving text would step and the SVG outlines would not match. On an
    /// image under a plain scale and translation (every card of a scrolling list) each glyph
    /// is a coverage mask made for its exact sub-pixel position (`GlyphMasks`), so the "Card"
    /// and digits that every card of a frame repeats at the same phase are rasterized once;
    /// otherwise (and in an SVG) the label's whole outline path is filled. Colour emoji, which
    /// have no outlines, are drawn as Cairo glyphs.
    ///
    /// `container` is a rounded rectangle (user space) the label is clipped to as well — the
    /// item it is drawn in. Masked glyphs that all lie on pixels both clips cover whole are
    /// drawn unclipped, which gives the same pixels: Cairo would otherwise make a clip mask for
    /// every glyph.
    package func draw(_ label: TextElement, on cr: OpaquePointer, within container: RoundedRect? = nil) {
        guard !label.text.isEmpty, label.frame.width > 0, label.frame.height > 0 else { return }
        cairo_save(cr)
        let f = label.frame
        func clip(label: Bool, container clipsContainer: Bool) {
            if let container, clipsContainer {
                cairo_new_path(cr)
                Shapes.append(Shapes.roundedRect(container.rect, radius: container.radius, corners: container.corners), to: cr)
                cairo_clip(cr)
            }
            if label {
                cairo_new_path(cr)
                cairo_rectangle(cr, f.minX, f.minY, f.width, f.height)
                cairo_clip(cr)
            }
        }
        let c = label.color
        cairo_set_source_rgba(cr, c.red, c.green, c.blue, c.alpha)
        let prepared = prepare(label)
        var m = cairo_matrix_t()
        cairo_get_matrix(cr, &m)
        // Masks are bitmaps: on an SVG surface each would be an embedded image, not outlines.
        if drawsGlyphMasks, m.xy == 0, m.yx == 0, m.xx == m.yy, m.xx > 0, m.xx <= GlyphMasks.maxScale, Shapes.drawsPixels(cr) {
            let runs = outlineRuns(label, prepared)
            var placed: [(mask: GlyphMasks.Mask, x: Double, y: Double, color: Color?)] = []
            var ink = (x0: Double.infinity, y0: Double.infinity, x1: -Double.infinity, y1: -Double.infinity)
            for run in runs {
                for g in run.glyphs {
                    let x = m.x0 + m.xx * (f.minX + g.x), y = m.y0 + m.xx * (f.minY + g.y)
                    let ix = x.rounded(.down), iy = y.rounded(.down)
                    guard let mask = glyphMasks.mask(font: run.font, glyph: g.index, scale: m.xx, phase: (x - ix, y - iy)) else { continue }
                    let px = ix + Double(mask.x), py = iy + Double(mask.y)
                    placed.append((mask, px, py, run.color))
                    ink = (min(ink.x0, px), min(ink.y0, py), max(ink.x1, px + Double(mask.width)), max(ink.y1, py + Double(mask.height)))
                }
            }
            // Each clip is needed only if some glyph's mask reaches a pixel it does not cover
            // whole: for the label, the whole pixels inside its frame; for the container, its
            // CoveredCross. Colour glyphs, drawn below, take both.
            let d = CoveredCross.deviceBox(f, m)
            let inFrame = ink.x0 >= d.x0.rounded(.up) && ink.y0 >= d.y0.rounded(.up) && ink.x1 <= d.x1.rounded(.down) && ink.y1 <= d.y1.rounded(.down)
            var inContainer = container == nil
            if let k = container, let cross = CoveredCross(k.rect, radius: k.radius, matrix: m) { inContainer = cross.contains(ink) }
            clip(label: !inFrame || prepared.hasColour, container: !inContainer || prepared.hasColour)
            cairo_identity_matrix(cr)
            var current: Color?
            for p in placed {
                // An attributed run's colour, else the label's (set above).
                if p.color != current {
                    let c = p.color ?? label.color
                    cairo_set_source_rgba(cr, c.red, c.green, c.blue, c.alpha)
                    current = p.color
                }
                cairo_mask_surface(cr, p.mask.surface, p.x, p.y)
            }
            cairo_set_matrix(cr, &m)
        } else {
            clip(label: true, container: true)
            cairo_save(cr)
            cairo_translate(cr, label.frame.minX, label.frame.minY)
            for (color, outline) in outlinesByColor(label, prepared) {
                if let c = color { cairo_set_source_rgba(cr, c.red, c.green, c.blue, c.alpha) }
                cairo_new_path(cr)
                cairo_append_path(cr, outline)
                cairo_fill(cr)
            }
            cairo_restore(cr)
        }
        if prepared.hasColour {
            forEachRun(label) { font, colour, glyphs in
                guard colour else { return }
                cairo_set_scaled_font(cr, font)
                cairo_show_glyphs(cr, glyphs, Int32(glyphs.count))
            }
        }
        cairo_restore(cr)
    }

    /// The outline (not colour) glyph runs of `label`, positioned relative to its origin; made
    /// once per prepared label.
    private func outlineRuns(_ label: TextElement, _ prepared: PreparedText) -> [PreparedText.Run] {
        if let runs = prepared.runs { return runs }
        var origin = label
        origin.frame.origin = .zero
        var runs: [PreparedText.Run] = []
        forEachRun(origin) { font, colour, glyphs, color in
            if colour { prepared.hasColour = true; return }
            runs.append(PreparedText.Run(font: font, glyphs: glyphs, color: color))
        }
        prepared.runs = runs
        return runs
    }

    private let glyphMasks = GlyphMasks()
    /// Off: every label's outline is filled as one path (what the masks are tested against).
    var drawsGlyphMasks = true

    /// The outline glyphs' paths relative to the label's origin, by the colour an attributed run
    /// gives them (nil: the label's own, first); one path when the label has no coloured runs.
    private func outlinesByColor(_ label: TextElement, _ prepared: PreparedText) -> [(Color?, UnsafeMutablePointer<cairo_path_t>)] {
        let runs = outlineRuns(label, prepared)
        guard runs.contains(where: { $0.color != nil }) else { return [(nil, glyphOutline(label, prepared))] }
        if let made = prepared.colouredOutlines { return made }
        var colors: [Color?] = [nil]
        for r in runs where !colors.contains(r.color) { colors.append(r.color) }
        let made = colors.map { c in (c, Typesetter.path(of: runs.filter { $0.color == c })) }
        prepared.colouredOutlines = made
        return made
    }

    /// The outline glyphs' path relative to the label's origin, made once per prepared label
    /// (glyph outlines cost more to make than to fill).
    private func glyphOutline(_ label: TextElement, _ prepared: PreparedText) -> UnsafeMutablePointer<cairo_path_t> {
        if let outline = prepared.outline { return outline }
        let outline = Typesetter.path(of: outlineRuns(label, prepared))
        prepared.outline = outline
        return outline
    }

    /// The outlines of `runs`' glyphs in user space (points), taken on an unbounded surface:
    /// Cairo leaves out the paths of glyphs that fall outside a bounded one.
    static func path(of runs: [PreparedText.Run]) -> UnsafeMutablePointer<cairo_path_t> {
        let surface = cairo_recording_surface_create(CAIRO_CONTENT_ALPHA, nil)
        let recorder = cairo_create(surface)!
        for run in runs {
            cairo_set_scaled_font(recorder, run.font)
            cairo_glyph_path(recorder, run.glyphs, Int32(run.glyphs.count))
        }
        let path = cairo_copy_path(recorder)!
        cairo_destroy(recorder)
        cairo_surface_destroy(surface)
        return path
    }

    /// The outlines of `label`'s glyphs as SVG path data, in the coordinates of its frame's
    /// parent: exactly what `draw` fills. Colour emoji have no outlines: they are not in the
    /// path; the animated SVG embeds them as images (`colourGlyphs`).
    /// Coordinates are written by `number`.
    public func outline(_ label: TextElement, number: (Double) -> String) -> String {
        guard !label.text.isEmpty, label.frame.width > 0, label.frame.height > 0 else { return "" }
        return pathData(glyphOutline(label, prepare(label)), label, number: number)
    }

    /// SVG path data of the label's outline glyphs by the colour an attributed run gives them
    /// (nil: the label's own).
    package func outlines(_ label: TextElement, number: (Double) -> String) -> [(color: Color?, d: String)] {
        guard !label.text.isEmpty, label.frame.width > 0, label.frame.height > 0 else { return [] }
        return outlinesByColor(label, prepare(label)).map { ($0.0, pathData($0.1, label, number: number)) }
    }

    private func pathData(_ path: UnsafeMutablePointer<cairo_path_t>, _ label: TextElement, number: (Double) -> String) -> String {
        let ox = label.frame.minX, oy = label.frame.minY
        var d = ""
        var i = 0
        let data = path.pointee.data!
        func point(_ k: Int) -> String { number(ox + data[k].point.x) + " " + number(oy + data[k].point.y) }
        while i < Int(path.pointee.num_data) {
            let header = data[i].header
            switch header.type {
            case CAIRO_PATH_MOVE_TO: d += "M" + point(i + 1)
            case CAIRO_PATH_LINE_TO: d += "L" + point(i + 1)
            case CAIRO_PATH_CURVE_TO: d += "C" + point(i + 1) + " " + point(i + 2) + " " + point(i + 3)
            default: d += "Z"
            }
            i += Int(header.length)
        }
        return d
    }

    /// Glyphs of `label` that no font has (drawn as boxes); 0 when every character has a glyph.
    public func unknownGlyphs(in label: TextElement) -> Int {
        prepare(label).layouts.reduce(0) { $0 + Int(pango_layout_get_unknown_glyphs_count($1)) }
    }
}

/// A rounded rectangle: `corners` rounded by `radius` (clamped to half the shorter side). The
/// one type for a shape the draw list fills, borders or clips to and a label is clipped to
/// (`Typesetter.draw(_:on:within:)`); its path is FlipbookRender's (`RoundedRect.path`).
public struct RoundedRect: Hashable, Sendable {
    public var rect: Rect
    public var radius: Double
    public var corners: Corners
    public init(_ rect: Rect, radius: Double, corners: Corners = .all) { self.rect = rect; self.radius = radius; self.corners = corners }

    /// The centre line of a border `width` wide drawn inside this shape, as CALayer draws its
    /// border: inset by half the width, the radius with it.
    public func borderLine(width: Double) -> RoundedRect {
        RoundedRect(rect.insetBy(dx: width / 2, dy: width / 2), radius: max(0, radius - width / 2), corners: corners)
    }
}

extension FontWeight {
    var pango: PangoWeight {
        switch self {
        case .regular: return PANGO_WEIGHT_NORMAL
        case .semibold: return PANGO_WEIGHT_SEMIBOLD
        case .bold: return PANGO_WEIGHT_BOLD
        }
    }
}

/// The text service (`TextMeasuring`) of the typesetter that draws: what the simulation, the
/// effects and the UIKit module measure labels with, so a size is the drawn text's size.
public struct PangoTextMeasurer: TextMeasuring {
    public init() {}
    public func naturalWidth(of label: TextElement) throws -> Double { try measure(label, Typesetter.naturalWidth) }
    public func height(of label: TextElement) throws -> Double { try measure(label, Typesetter.height) }
    public func baselines(of label: TextElement) throws -> TextBaselines {
        let b = try measure(label, Typesetter.baselines)
        return TextBaselines(height: b.height, first: b.first, last: b.last)
    }
    /// `body(label)`, a failure named by the label.
    private func measure<T>(_ label: TextElement, _ body: (TextElement) throws -> T) throws -> T {
        do { return try body(label) } catch { throw TextMeasurementFailed(label, error) }
    }
    public func missingCharacter(in text: String) -> Unicode.Scalar? { Typesetter.missingCharacter(in: text) }
}
