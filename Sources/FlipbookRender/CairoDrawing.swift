import CCairo
import FlipbookCore

/// Draws one TimelineFrame on a Cairo context whose user space is canvas points. Shared by the PNG
/// (image surface) and SVG surfaces, so both show exactly the same thing.
enum CairoDrawing {
    /// Text uses TextMetrics.fontFamily, one CJK-capable family named explicitly: Cairo's toy
    /// font API picks a single font and does no per-glyph fallback, so "sans-serif" would draw
    /// Chinese as boxes.
    static func draw(_ frame: TimelineFrame, canvas: Canvas, on cr: OpaquePointer, options: RenderOptions) {
        set(cr, canvas.background)
        cairo_paint(cr)
        for item in frame.items where !item.hidden && item.alpha > 0.001 {
            drawItem(item, scale: Double(canvas.scale), on: cr)
        }
        if options.showTouches {
            for t in frame.touches {
                cairo_new_path(cr)
                cairo_arc(cr, t.location.x, t.location.y, 22, 0, 2 * Double.pi)
                cairo_set_source_rgba(cr, 0.5, 0.5, 0.5, 0.35)
                cairo_fill_preserve(cr)
                cairo_set_source_rgba(cr, 1, 1, 1, 0.8)
                cairo_set_line_width(cr, 1.5)
                cairo_stroke(cr)
            }
        }
    }

    static func set(_ cr: OpaquePointer, _ c: Color, alpha: Double = 1) {
        cairo_set_source_rgba(cr, c.red, c.green, c.blue, c.alpha * alpha)
    }

    static func drawItem(_ item: DrawItem, scale: Double, on cr: OpaquePointer) {
        let f = item.frame
        let a = item.appearance
        cairo_save(cr)
        if let clip = item.clip {
            cairo_rectangle(cr, clip.minX, clip.minY, clip.width, clip.height)
            cairo_clip(cr)
        }
        // Rotation and scale apply about the centre (the layer's default anchor point).
        cairo_translate(cr, f.midX, f.midY)
        if item.rotation != 0 { cairo_rotate(cr, item.rotation) }
        if item.scale != 1 { cairo_scale(cr, item.scale, item.scale) }
        cairo_translate(cr, -f.width / 2, -f.height / 2)

        // Group opacity, like CALayer.opacity: the item is composed first, then faded as a whole.
        let grouped = item.alpha < 0.999
        if grouped { cairo_push_group(cr) }

        let local = Rect(x: 0, y: 0, width: f.width, height: f.height)
        if let shadow = a.shadow, a.background.alpha > 0 {
            drawShadow(shadow, shape: local, radius: a.cornerRadius, corners: a.roundedCorners, on: cr)
        }
        roundedRect(cr, local, radius: a.cornerRadius, corners: a.roundedCorners)
        if a.background.alpha > 0 {
            set(cr, a.background)
            cairo_fill_preserve(cr)
        }
        if !a.content.isEmpty {
            cairo_save(cr)
            cairo_clip_preserve(cr)
            for e in a.content { drawElement(e, on: cr) }
            cairo_restore(cr)
        }
        if let border = a.border {
            // A hairline: one device pixel, inset half a pixel so it lies inside the shape.
            let w = 1 / scale
            cairo_new_path(cr)
            roundedRect(cr, local.insetBy(dx: w / 2, dy: w / 2), radius: max(0, a.cornerRadius - w / 2), corners: a.roundedCorners)
            cairo_set_line_width(cr, w)
            set(cr, border)
            cairo_stroke(cr)
        }
        cairo_new_path(cr)
        if grouped {
            cairo_pop_group_to_source(cr)
            cairo_paint_with_alpha(cr, item.alpha)
        }
        cairo_restore(cr)
    }

    /// A soft shadow: the shape drawn several times, growing and fading, offset by the shadow
    /// offset. Deterministic and cheap, unlike a true Gaussian blur.
    static func drawShadow(_ s: Shadow, shape: Rect, radius: Double, corners: Corners, on cr: OpaquePointer) {
        let steps = 6
        let base = shape.offsetBy(dx: s.offset.x, dy: s.offset.y)
        for i in 0..<steps {
            let grow = s.radius * (1 - Double(i) / Double(steps)) - s.radius / 3
            roundedRect(cr, base.insetBy(dx: -grow, dy: -grow), radius: max(0, radius + grow), corners: corners.isEmpty ? .all : corners)
            set(cr, s.color, alpha: 1.0 / Double(steps) * 0.9)
            cairo_fill(cr)
        }
    }

    static func roundedRect(_ cr: OpaquePointer, _ r: Rect, radius: Double, corners: Corners) {
        let rad = max(0, min(radius, r.width / 2, r.height / 2))
        let pi = Double.pi
        cairo_new_sub_path(cr)
        if rad == 0 || corners.isEmpty {
            cairo_rectangle(cr, r.minX, r.minY, r.width, r.height)
            return
        }
        func c(_ corner: Corners) -> Double { corners.contains(corner) ? rad : 0 }
        let tl = c(.topLeft), tr = c(.topRight), br = c(.bottomRight), bl = c(.bottomLeft)
        cairo_move_to(cr, r.minX + tl, r.minY)
        cairo_line_to(cr, r.maxX - tr, r.minY)
        if tr > 0 { cairo_arc(cr, r.maxX - tr, r.minY + tr, tr, -pi / 2, 0) }
        cairo_line_to(cr, r.maxX, r.maxY - br)
        if br > 0 { cairo_arc(cr, r.maxX - br, r.maxY - br, br, 0, pi / 2) }
        cairo_line_to(cr, r.minX + bl, r.maxY)
        if bl > 0 { cairo_arc(cr, r.minX + bl, r.maxY - bl, bl, pi / 2, pi) }
        cairo_line_to(cr, r.minX, r.minY + tl)
        if tl > 0 { cairo_arc(cr, r.minX + tl, r.minY + tl, tl, pi, 3 * pi / 2) }
        cairo_close_path(cr)
    }

    static func drawElement(_ e: Element, on cr: OpaquePointer) {
        switch e {
        case .rect(let r):
            cairo_new_path(cr)
            roundedRect(cr, r.frame, radius: r.cornerRadius, corners: .all)
            set(cr, r.color)
            cairo_fill(cr)
        case .text(let t):
            drawText(t, on: cr)
        }
    }

    static func selectFont(_ cr: OpaquePointer, size: Double, weight: FontWeight) {
        cairo_select_font_face(cr, TextMetrics.fontFamily, CAIRO_FONT_SLANT_NORMAL,
                               weight == .bold ? CAIRO_FONT_WEIGHT_BOLD : CAIRO_FONT_WEIGHT_NORMAL)
        cairo_set_font_size(cr, size)
        // Unhinted metrics: advances are exactly em × size at every scale, so text lays out the
        // same in PNG (any scale) and SVG, and matches FlipbookCore.TextMetrics.
        let options = cairo_font_options_create()
        cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF)
        cairo_set_font_options(cr, options)
        cairo_font_options_destroy(options)
    }

    static func drawText(_ t: TextElement, on cr: OpaquePointer) {
        guard !t.text.isEmpty, t.frame.width > 0, t.frame.height > 0 else { return }
        cairo_save(cr)
        cairo_new_path(cr)
        cairo_rectangle(cr, t.frame.minX, t.frame.minY, t.frame.width, t.frame.height)
        cairo_clip(cr)
        selectFont(cr, size: t.fontSize, weight: t.weight)
        var fe = cairo_font_extents_t()
        cairo_font_extents(cr, &fe)
        var te = cairo_text_extents_t()
        cairo_text_extents(cr, t.text, &te)
        let x: Double
        switch t.alignment {
        case .left: x = t.frame.minX
        case .center: x = t.frame.midX - te.x_advance / 2
        case .right: x = t.frame.maxX - te.x_advance
        }
        // Centre the font's ascent+descent box vertically in the frame.
        let baseline = t.frame.midY + (fe.ascent - fe.descent) / 2
        cairo_move_to(cr, x, baseline)
        set(cr, t.color)
        cairo_show_text(cr, t.text)
        cairo_new_path(cr)
        cairo_restore(cr)
    }
}
