import CCairo
import FlipbookCore
import FlipbookGraphics

/// Coverage masks of the rounded rectangles one frame fills and outlines several times over.
///
/// The cards of a list share a size, a corner radius and a border, and — whole points apart,
/// scrolled together — the same fraction of a device pixel. Filling and stroking each card's
/// path runs Cairo's rasterizer (and, for the border, its stroker) once a card: most of what a
/// card costs. Here a shape that two or more items of the frame draw at the same sub-pixel
/// phase is rasterized once into an 8-bit coverage mask, and each item composites its colour
/// through it on whole device pixels. The mask is the same rasterization moved by whole
/// pixels, so coverage is the same; the compositing arithmetic may round a level differently
/// from Cairo's span fill. Which items use a mask depends only on the frame (shapes counted
/// before drawing), never on what another frame or thread drew, so output stays the same on
/// any number of threads. Image surfaces only: in an SVG a mask would be an embedded bitmap.
struct ShapeMasks {
    /// A shape in device pixels: a fill primitive's rounded rectangle (`lineWidth` 0) or a
    /// border stroke's line (`lineWidth` its width), of an item `width` x `height` points at
    /// `scale`, its origin `phaseX`, `phaseY` (each in [0, 1)) past a whole device pixel.
    struct Key: Hashable {
        var shape: RoundedRect
        var lineWidth: Double
        var width: Double, height: Double
        var scale: Double
        var phaseX: Double, phaseY: Double
    }

    /// The device transform of an item that can use a mask: a plain scale and translation.
    struct Placement {
        var scale: Double
        /// The whole device pixel at or before the item's origin, and the fraction past it.
        var x: Double, y: Double
        var phaseX: Double, phaseY: Double

        init?(_ m: cairo_matrix_t) {
            guard m.xy == 0, m.yx == 0, m.xx == m.yy, m.xx > 0, m.xx <= 8, m.x0.isFinite, m.y0.isFinite else { return nil }
            scale = m.xx
            x = m.x0.rounded(.down); y = m.y0.rounded(.down)
            phaseX = m.x0 - x; phaseY = m.y0 - y
        }
    }

    /// A shape's coverage, an A8 surface whose pixel (0, 0) is the whole device pixel of the
    /// shape's origin, and the cross inside it that the shape covers whole (a fill) or leaves
    /// empty (a border).
    final class Mask {
        let surface: OpaquePointer
        let width: Double, height: Double
        let cross: CoveredCross?
        let isFill: Bool
        init(surface: OpaquePointer, cross: CoveredCross?, isFill: Bool) {
            self.surface = surface; self.cross = cross; self.isFill = isFill
            width = Double(cairo_image_surface_get_width(surface)); height = Double(cairo_image_surface_get_height(surface))
        }
        deinit { cairo_surface_destroy(surface) }
    }

    /// The largest shape (in device pixels) given a mask.
    static let maxPixels = Double(4 << 20)

    private var uses: [Key: Int] = [:]
    private var masks: [Key: Mask] = [:]
    /// False for surfaces other than images (SVG), where nothing is masked.
    let enabled: Bool

    init(target: OpaquePointer) {
        enabled = Shapes.isImage(target)
    }

    /// An item's fill and border (nil where it has none, or none that a mask can draw).
    typealias Keys = (fill: Key?, border: Key?)

    /// The keys of the fill and the border among an item's top-level `primitives` (its look,
    /// DrawList's) when drawn with device matrix `m`.
    static func keys(_ item: DrawItem, _ primitives: [DrawPrimitive], matrix m: cairo_matrix_t) -> Keys {
        // Group opacity draws into a group surface first; those items are rare.
        guard item.alpha >= 0.999, let p = Placement(m) else { return (nil, nil) }
        let f = item.frame
        // A huge item (a long page) is drawn directly: its mask would be megabytes.
        guard f.width * p.scale * f.height * p.scale <= maxPixels, max(f.width, f.height) * p.scale < 32_000 else { return (nil, nil) }
        func key(_ shape: RoundedRect, _ lineWidth: Double) -> Key {
            Key(shape: shape, lineWidth: lineWidth, width: f.width, height: f.height, scale: p.scale, phaseX: p.phaseX, phaseY: p.phaseY)
        }
        var keys: Keys = (nil, nil)
        for primitive in primitives {
            switch primitive {
            case .fill(.roundedRect(let shape), _) where keys.fill == nil: keys.fill = key(shape, 0)
            case .stroke(.roundedRect(let line), _, let width, false) where keys.border == nil: keys.border = key(line, width)
            default: break
            }
        }
        return keys
    }

    /// Counts the shapes of the items about to be drawn, so that `mask(for:)` answers only
    /// for those drawn at least twice.
    mutating func count(_ key: Key?) {
        guard enabled, let key else { return }
        uses[key, default: 0] += 1
    }

    /// The mask of `key` when the frame draws it more than once, made on first use.
    mutating func mask(for key: Key?) -> Mask? {
        guard enabled, let key, uses[key, default: 0] > 1 else { return nil }
        if let m = masks[key] { return m }
        let m = ShapeMasks.make(key)
        masks[key] = m
        return m
    }

    /// Composites the current source through `mask` with the item's origin at `placement`:
    /// around the mask's cross through the mask, and a fill's cross as plain boxes (full
    /// coverage there, so the same pixels; Pixman fills boxes several times faster). Uses the
    /// current path, which is empty afterwards.
    static func paint(_ mask: Mask, at p: Placement, on cr: OpaquePointer) {
        cairo_save(cr)
        cairo_identity_matrix(cr)
        cairo_new_path(cr)
        if let cross = mask.cross?.offset(p.x, p.y) {
            if cross.appendSurroundings(x0: p.x, y0: p.y, x1: p.x + mask.width, y1: p.y + mask.height, on: cr) { cairo_clip(cr) }
            cairo_mask_surface(cr, mask.surface, p.x, p.y)
            cairo_restore(cr)
            cairo_save(cr)
            cairo_identity_matrix(cr)
            if mask.isFill { cross.fill(on: cr) }
        } else {
            cairo_mask_surface(cr, mask.surface, p.x, p.y)
        }
        cairo_restore(cr)
    }

    /// The shape drawn as CairoDrawing draws its primitive, moved by whole device pixels so its
    /// origin's pixel is the mask's (0, 0).
    private static func make(_ key: Key) -> Mask? {
        let width = Int32((key.phaseX + key.width * key.scale).rounded(.up)) + 1
        let height = Int32((key.phaseY + key.height * key.scale).rounded(.up)) + 1
        guard let surface = cairo_image_surface_create(CAIRO_FORMAT_A8, max(1, width), max(1, height)) else { return nil }
        let cr = cairo_create(surface)!
        cairo_translate(cr, key.phaseX, key.phaseY)
        cairo_scale(cr, key.scale, key.scale)
        CairoDrawing.append(.roundedRect(key.shape), on: cr)
        if key.lineWidth == 0 {
            cairo_fill(cr)
        } else {
            cairo_set_line_width(cr, key.lineWidth)
            cairo_stroke(cr)
        }
        cairo_destroy(cr)
        cairo_surface_flush(surface)
        // A fill covers its cross whole; a border's line, stroked half its width each side,
        // leaves the cross of its outer edge, its width in, untouched.
        let w = key.lineWidth
        let outer = w == 0 ? key.shape : RoundedRect(key.shape.rect.insetBy(dx: -w / 2, dy: -w / 2), radius: key.shape.radius + w / 2, corners: key.shape.corners)
        let cross = CoveredCross(outer.rect, radius: outer.radius, matrix: cairo_matrix_t(xx: key.scale, yx: 0, xy: 0, yy: key.scale, x0: key.phaseX, y0: key.phaseY),
                                 edgeInset: w)
        return Mask(surface: surface, cross: cross, isFill: key.lineWidth == 0)
    }
}
