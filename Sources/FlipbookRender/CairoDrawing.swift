import CCairo
import FlipbookCore
import FlipbookGraphics

/// Draws one TimelineFrame on a Cairo context whose user space is canvas points. Shared by the PNG
/// (image surface) and SVG surfaces, so both show exactly the same thing.
enum CairoDrawing {
    /// Text is set by FlipbookGraphics.Typesetter (Pango, the fonts Flipbook loads itself).
    static func draw(_ frame: TimelineFrame, canvas: Canvas, on cr: OpaquePointer, options: RenderOptions) throws {
        try Typesetter.with { typesetter in
            set(cr, canvas.background)
            cairo_paint(cr)
            let scale = Double(canvas.scale)
            let items = frame.items.filter { !$0.hidden && $0.alpha > 0.001 }
            var shapes = ShapeMasks(target: cairo_get_target(cr))
            // Each item's shapes, counted before anything is drawn (which of them get a mask).
            let keys = !shapes.enabled || items.count < 2 ? [] : items.map { item -> ShapeMasks.Keys in
                cairo_save(cr)
                applyTransform(item, on: cr)
                let k = ShapeMasks.keys(item, scale: scale, matrix: matrix(cr))
                cairo_restore(cr)
                shapes.count(k.fill)
                shapes.count(k.border)
                return k
            }
            for (i, item) in items.enumerated() {
                drawItem(item, scale: scale, typesetter: typesetter, shapes: &shapes, keys: keys.isEmpty ? (nil, nil) : keys[i], on: cr)
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
    }

    static func set(_ cr: OpaquePointer, _ c: Color, alpha: Double = 1) {
        cairo_set_source_rgba(cr, c.red, c.green, c.blue, c.alpha * alpha)
    }

    /// Moves user space from canvas points to the item's own (origin at its top left).
    static func applyTransform(_ item: DrawItem, on cr: OpaquePointer) {
        let f = item.frame
        // Rotation and scale apply about the centre (the layer's default anchor point).
        cairo_translate(cr, f.midX, f.midY)
        if item.rotation != 0 { cairo_rotate(cr, item.rotation) }
        if item.scale != 1 { cairo_scale(cr, item.scale, item.scale) }
        cairo_translate(cr, -f.width / 2, -f.height / 2)
    }

    static func matrix(_ cr: OpaquePointer) -> cairo_matrix_t {
        var m = cairo_matrix_t()
        cairo_get_matrix(cr, &m)
        return m
    }

    /// The border's width: drawn inward from the bounds, as CALayer does; no width is a
    /// hairline (one device pixel).
    static func borderWidth(_ a: Appearance, frame f: Rect, scale: Double) -> Double {
        min(a.borderWidth ?? 1 / scale, f.width / 2, f.height / 2)
    }

    /// The path and line width that stroke a border `width` wide inside `bounds`.
    static func borderPath(_ cr: OpaquePointer, _ bounds: Rect, width w: Double, radius: Double, corners: Corners) {
        roundedRect(cr, bounds.insetBy(dx: w / 2, dy: w / 2), radius: max(0, radius - w / 2), corners: corners)
        cairo_set_line_width(cr, w)
    }

    /// Draws `item`; `keys` are its shapes in `shapes` (none: drawn as paths).
    static func drawItem(_ item: DrawItem, scale: Double, typesetter: Typesetter, shapes: inout ShapeMasks,
                         keys: ShapeMasks.Keys = (nil, nil), on cr: OpaquePointer) {
        let f = item.frame
        let a = item.appearance
        cairo_save(cr)
        if let clip = item.clip {
            cairo_rectangle(cr, clip.minX, clip.minY, clip.width, clip.height)
            cairo_clip(cr)
        }
        applyTransform(item, on: cr)
        let placement = ShapeMasks.Placement(matrix(cr))

        // Group opacity, like CALayer.opacity: the item is composed first, then faded as a whole.
        let grouped = item.alpha < 0.999
        let local = Rect(x: 0, y: 0, width: f.width, height: f.height)
        if grouped {
            // Cairo makes the group as large as the clip: without one, a canvas-sized image per
            // translucent item. Clipped to what the item can draw (its bounds and shadow), on
            // whole device pixels so the clip's own edge changes no pixel (images only: in an
            // SVG it would be markup, not less work).
            if Shapes.drawsPixels(cr) { clipToDeviceBounds(visualBounds(item, local: local, scale: scale), on: cr) }
            cairo_push_group(cr)
        }

        if let shadow = a.shadow, a.background.alpha > 0 {
            ShadowMasks.draw(shadow, shape: local, cornerRadius: a.cornerRadius, corners: a.roundedCorners,
                             scale: scale * item.scale, shapeIsOpaque: a.background.alpha >= 1, on: cr)
        }
        if let fillMask = shapes.mask(for: keys.fill), let placement {
            set(cr, a.background)
            ShapeMasks.paint(fillMask, at: placement, on: cr)
        } else {
            roundedRect(cr, local, radius: a.cornerRadius, corners: a.roundedCorners)
            if a.background.alpha > 0 {
                set(cr, a.background)
                cairo_fill_preserve(cr)
            }
        }
        // Content is clipped to the item's shape. On an image a label takes the shape and
        // applies it only if its glyphs reach the shape's edge (Typesetter.draw); in an SVG,
        // one clip holds all the content.
        func clippedToShape(_ draw: () -> Void) {
            cairo_save(cr)
            cairo_new_path(cr)
            roundedRect(cr, local, radius: a.cornerRadius, corners: a.roundedCorners)
            cairo_clip(cr)
            draw()
            cairo_restore(cr)
        }
        if shapes.enabled {
            let shape = RoundedClip(rect: local, radius: a.cornerRadius, corners: a.roundedCorners)
            for e in a.content {
                if case .text(let t) = e { typesetter.draw(t, on: cr, within: shape) } else { clippedToShape { drawElement(e, typesetter: typesetter, on: cr) } }
            }
        } else if !a.content.isEmpty {
            clippedToShape { for e in a.content { drawElement(e, typesetter: typesetter, on: cr) } }
        }
        if let border = a.border {
            let w = borderWidth(a, frame: f, scale: scale)
            if w > 0 {
                cairo_new_path(cr)
                set(cr, border)
                if let mask = shapes.mask(for: keys.border), let placement {
                    ShapeMasks.paint(mask, at: placement, on: cr)
                } else {
                    borderPath(cr, local, width: w, radius: a.cornerRadius, corners: a.roundedCorners)
                    cairo_stroke(cr)
                }
            }
        }
        cairo_new_path(cr)
        if grouped {
            cairo_pop_group_to_source(cr)
            cairo_paint_with_alpha(cr, item.alpha)
        }
        cairo_restore(cr)
    }

    /// What `item` can cover, in its own coordinates: its bounds and, with a shadow, the
    /// shadow's offset bounds grown by the blur's reach (3σ and a pixel).
    static func visualBounds(_ item: DrawItem, local: Rect, scale: Double) -> Rect {
        guard let shadow = item.appearance.shadow, item.appearance.background.alpha > 0 else { return local }
        let reach = 3 * max(0, shadow.radius) + 2 / max(scale, 1)
        let s = local.offsetBy(dx: shadow.offset.x, dy: shadow.offset.y).insetBy(dx: -reach, dy: -reach)
        return Rect(x: min(local.minX, s.minX), y: min(local.minY, s.minY),
                    width: max(local.maxX, s.maxX) - min(local.minX, s.minX), height: max(local.maxY, s.maxY) - min(local.minY, s.minY))
    }

    /// Clips to the device pixels around `r` (user coordinates): its transformed corners'
    /// bounding box, grown by a pixel and rounded out to whole pixels.
    static func clipToDeviceBounds(_ r: Rect, on cr: OpaquePointer) {
        var xs: [Double] = [], ys: [Double] = []
        for (x, y) in [(r.minX, r.minY), (r.maxX, r.minY), (r.minX, r.maxY), (r.maxX, r.maxY)] {
            var dx = x, dy = y
            cairo_user_to_device(cr, &dx, &dy)
            xs.append(dx); ys.append(dy)
        }
        func whole(_ v: Double, _ rule: FloatingPointRoundingRule) -> Double { min(1e7, max(-1e7, v.rounded(rule))) }
        let x0 = whole(xs.min()! - 1, .down), y0 = whole(ys.min()! - 1, .down)
        let x1 = whole(xs.max()! + 1, .up), y1 = whole(ys.max()! + 1, .up)
        guard x0.isFinite, y0.isFinite, x1.isFinite, y1.isFinite else { return }
        cairo_save(cr)
        cairo_identity_matrix(cr)
        cairo_new_path(cr)
        cairo_rectangle(cr, x0, y0, x1 - x0, y1 - y0)
        cairo_restore(cr)
        cairo_clip(cr)
    }

    static func roundedRect(_ cr: OpaquePointer, _ r: Rect, radius: Double, corners: Corners) {
        cairo_new_sub_path(cr)
        Shapes.append(Shapes.roundedRect(r, radius: radius, corners: corners), to: cr)
    }

    static func drawElement(_ e: Element, typesetter: Typesetter, on cr: OpaquePointer) {
        switch e {
        case .rect(let r):
            cairo_new_path(cr)
            roundedRect(cr, r.frame, radius: r.cornerRadius, corners: .all)
            set(cr, r.color)
            cairo_fill(cr)
        case .text(let t):
            typesetter.draw(t, on: cr)
        case .image(let i):
            ImageStore.draw(i, on: cr)
        case .arrow(let a):
            drawArrow(a, on: cr)
        case .spinner(let s):
            drawSpinner(s, on: cr)
        }
    }

    static func drawArrow(_ a: ArrowElement, on cr: OpaquePointer) {
        let arrow = Shapes.arrow(a)
        cairo_new_path(cr)
        Shapes.append(arrow.path, to: cr)
        cairo_set_line_width(cr, arrow.lineWidth)
        cairo_set_line_cap(cr, CAIRO_LINE_CAP_ROUND)
        cairo_set_line_join(cr, CAIRO_LINE_JOIN_ROUND)
        set(cr, a.color)
        cairo_stroke(cr)
    }

    static func drawSpinner(_ s: SpinnerElement, on cr: OpaquePointer) {
        let spinner = Shapes.spinner(s)
        cairo_set_line_width(cr, spinner.lineWidth)
        cairo_set_line_cap(cr, CAIRO_LINE_CAP_ROUND)
        for spoke in spinner.spokes {
            cairo_new_path(cr)
            cairo_move_to(cr, spoke.from.x, spoke.from.y)
            cairo_line_to(cr, spoke.to.x, spoke.to.y)
            set(cr, s.color, alpha: spoke.alpha)
            cairo_stroke(cr)
        }
    }
}
