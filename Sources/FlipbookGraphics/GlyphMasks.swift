import CCairo

/// Coverage masks of single glyphs at exact sub-pixel positions, for `Typesetter.draw`.
///
/// A scrolling list draws the same glyphs ("Card", digits) on every card of a frame, and every
/// card of a frame sits at the same fraction of a device pixel (cards are whole points apart;
/// the scroll moves them together). Filling each label's outlines rasterizes those glyphs again
/// for every card; a mask keyed by (font, glyph, scale, phase) rasterizes each once per frame,
/// then each use is a Pixman composite. Nothing is rounded: a mask is exactly the glyph's
/// coverage at its position, so the cache can only change speed, never pixels — which is also
/// why a thread's cache may be reset at any time without changing output.
final class GlyphMasks {
    struct Key: Hashable {
        let font: OpaquePointer
        let glyph: UInt
        let scale: Double
        let phaseX: Double
        let phaseY: Double
    }

    /// A glyph's coverage, an A8 surface whose pixel (0, 0) lies at device pixel
    /// (x, y) from the whole pixel of the glyph's origin. A glyph without ink (a space) has none.
    final class Mask {
        let surface: OpaquePointer
        let x: Int32
        let y: Int32
        let width: Int32, height: Int32
        init(surface: OpaquePointer, x: Int32, y: Int32) {
            self.surface = surface; self.x = x; self.y = y
            width = cairo_image_surface_get_width(surface); height = cairo_image_surface_get_height(surface)
        }
        deinit { cairo_surface_destroy(surface) }
    }

    /// Masks kept at most before the cache starts again: a frame uses a few dozen (one per
    /// glyph and phase), and the phase changes from one moving frame to the next.
    static let limit = 1024
    /// Past this scale a glyph is large enough that filling its outline once is as cheap as a mask.
    static let maxScale = 4.0

    private var masks: [Key: Mask?] = [:]
    /// The fonts the keys point at, referenced so that none is freed (and its address reused)
    /// while a mask names it.
    private var fonts: Set<OpaquePointer> = []

    deinit { reset() }

    private func reset() {
        masks.removeAll(keepingCapacity: true)
        for f in fonts { cairo_scaled_font_destroy(f) }
        fonts.removeAll(keepingCapacity: true)
    }

    /// The mask of `glyph` of `font` drawn at `scale` device pixels per point, its origin at
    /// `phase` (each in [0, 1)) past a whole device pixel.
    func mask(font: OpaquePointer, glyph: UInt, scale: Double, phase: (x: Double, y: Double)) -> Mask? {
        let key = Key(font: font, glyph: glyph, scale: scale, phaseX: phase.x, phaseY: phase.y)
        if let m = masks[key] { return m }
        if masks.count >= GlyphMasks.limit { reset() }
        if fonts.insert(font).inserted { cairo_scaled_font_reference(font) }
        let m = GlyphMasks.make(key)
        masks[key] = m
        return m
    }

    private static func make(_ key: Key) -> Mask? {
        var glyph = cairo_glyph_t(index: key.glyph, x: 0, y: 0)
        var e = cairo_text_extents_t()
        cairo_scaled_font_glyph_extents(key.font, &glyph, 1, &e)
        guard e.width > 0, e.height > 0 else { return nil }
        // The ink box in device pixels from the whole pixel of the origin, one pixel wider on
        // each side for the antialiased edge.
        let x0 = (key.phaseX + key.scale * e.x_bearing).rounded(.down) - 1
        let y0 = (key.phaseY + key.scale * e.y_bearing).rounded(.down) - 1
        let x1 = (key.phaseX + key.scale * (e.x_bearing + e.width)).rounded(.up) + 1
        let y1 = (key.phaseY + key.scale * (e.y_bearing + e.height)).rounded(.up) + 1
        guard let surface = cairo_image_surface_create(CAIRO_FORMAT_A8, Int32(x1 - x0), Int32(y1 - y0)) else { return nil }
        // The outline is taken in points, as the label's whole outline is, then filled at the
        // device scale.
        let path = Typesetter.path(of: [Typesetter.PreparedText.Run(font: key.font, glyphs: [glyph])])
        let cr = cairo_create(surface)!
        cairo_translate(cr, key.phaseX - x0, key.phaseY - y0)
        cairo_scale(cr, key.scale, key.scale)
        cairo_append_path(cr, path)
        cairo_fill(cr)
        cairo_destroy(cr)
        cairo_path_destroy(path)
        cairo_surface_flush(surface)
        return Mask(surface: surface, x: Int32(x0), y: Int32(y0))
    }
}
