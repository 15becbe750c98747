import CCairo
import FlipbookCore
import FlipbookGraphics

/// Draws one TimelineFrame on a Cairo context whose user space is canvas points. Shared by the
/// PNG (image surface) and SVG surfaces, so both show exactly the same thing. It draws
/// DrawList's primitives: what an item looks like is decided there, not here.
enum CairoDrawing {
    /// Text is set by FlipbookGraphics.Typesetter (Pango, the fonts Flipbook loads itself).
    static func draw(_ frame: TimelineFrame, canvas: Canvas, on cr: OpaquePointer, options: RenderOptions) throws {
        try Typesetter.with { typesetter in
            set(cr, canvas.background)
            cairo_paint(cr)
            let scale = Double(canvas.scale)
            let items = frame.items.filter(\.isDrawn)
            let looks = items.map { DrawList.look($0.appearance, size: $0.frame.size, scale: scale) }
            var shapes = ShapeMasks(target: cairo_get_target(cr))
            // Each item's shapes, counted before anything is drawn (which of them get a mask).
            let keys = !shapes.enabled || items.count < 2 ? [] : zip(items, looks).map { item, look -> ShapeMasks.Keys in
                cairo_save(cr)
                applyTransform(item, on: cr)
                let k = ShapeMasks.keys(item, look, matrix: matrix(cr))
                cairo_restore(cr)
                shapes.count(k.fill)
                shapes.count(k.border)
                return k
            }
            for (i, item) in items.enumerated() {
                try drawItem(item, looks[i], scale: scale, typesetter: typesetter, shapes: &shapes, keys: keys.isEmpty ? (nil, nil) : keys[i], on: cr)
            }
            if options.showTouches {
                var context = Context(scale: scale, typesetter: typesetter, placement: nil, keys: (nil, nil))
                for t in frame.touches { for p in DrawList.finger(at: t.location) { try draw(p, &context, shapes: &shapes, on: cr) } }
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

    /// What a primitive is drawn with: the item's device scale, the typesetter, and where the
    /// item's shape masks go (nil: drawn as paths).
    struct Context {
        var scale: Double
        var typesetter: Typesetter
        var placement: ShapeMasks.Placement?
        var keys: ShapeMasks.Keys
        /// Square fills take whole device pixels (`fillAliased`); false in an item's flat image
        /// for its 3-D projection, which is resampled anyway.
        var aliasesEdges = true
    }

    /// Draws `item`, whose look is `primitives`; `keys` are its shapes in `shapes` (none: drawn as paths).
    static func drawItem(_ item: DrawItem, _ primitives: [DrawPrimitive], scale: Double, typesetter: Typesetter, shapes: inout ShapeMasks,
                         keys: ShapeMasks.Keys = (nil, nil), on cr: OpaquePointer) throws {
        if let t = item.transform3D { return try drawProjected(item, primitives, t, scale: scale, typesetter: typesetter, on: cr) }
        let f = item.frame
        cairo_save(cr)
        if let clip = item.clip {
            cairo_rectangle(cr, clip.minX, clip.minY, clip.width, clip.height)
            cairo_clip(cr)
        }
        applyTransform(item, on: cr)
        var context = Context(scale: scale * item.scale, typesetter: typesetter, placement: ShapeMasks.Placement(matrix(cr)), keys: keys)
        // Group opacity, like CALayer.opacity: the item is composed first, then faded as a whole.
        let grouped = item.alpha < 0.999
        if grouped {
            // Cairo makes the group as large as the clip: without one, a canvas-sized image per
            // translucent item. Clipped to what the item can draw (its bounds and shadow), on
            // whole device pixels so the clip's own edge changes no pixel (images only: in an
            // SVG it would be markup, not less work).
            if Shapes.drawsPixels(cr) { clipToDeviceBounds(DrawList.bounds(primitives, size: f.size, margin: 2 / max(scale, 1)), on: cr) }
            cairo_push_group(cr)
        }
        defer { cairo_restore(cr) }
        for p in primitives { try draw(p, &context, shapes: &shapes, on: cr) }
        cairo_new_path(cr)
        if grouped {
            cairo_pop_group_to_source(cr)
            cairo_paint_with_alpha(cr, item.alpha)
        }
    }

    /// Draws an item through its 3-D transform, as Core Animation composites a layer: the item
    /// is drawn flat into an image at the device scale, and each device pixel its projection
    /// covers takes the point of that image the inverse projection finds there (bilinear, so
    /// the edges are smooth). A vector format gets that image, placed in the page.
    static func drawProjected(_ item: DrawItem, _ primitives: [DrawPrimitive], _ t: Transform3D, scale: Double, typesetter: Typesetter,
                              on cr: OpaquePointer) throws {
        let f = item.frame
        let look = DrawList.bounds(primitives, size: f.size, margin: 2 / max(scale, 1)).insetBy(dx: -1, dy: -1)
        guard look.width > 0, look.height > 0, look.width * look.height * scale * scale < ProjectedImage.maxPixels else { return }
        // Where the look's corners land, in canvas points; nothing is drawn when one is behind the eye.
        let corners = [Point(x: look.minX, y: look.minY), Point(x: look.maxX, y: look.minY), Point(x: look.minX, y: look.maxY),
                       Point(x: look.maxX, y: look.maxY)].map { t.project(Point(x: $0.x - f.width / 2, y: $0.y - f.height / 2)) }
        guard corners.allSatisfy({ $0 != nil }) else { return }
        let xs = corners.map { $0!.x + f.midX }, ys = corners.map { $0!.y + f.midY }
        // The device pixels they cover, within the canvas (and the item's clip).
        var area = Rect(x: xs.min()!, y: ys.min()!, width: xs.max()! - xs.min()!, height: ys.max()! - ys.min()!)
        var limit = area
        let drawsPixels = Shapes.drawsPixels(cr)
        if drawsPixels {
            let target = cairo_get_target(cr)
            limit = Rect(x: 0, y: 0, width: Double(cairo_image_surface_get_width(target)) / scale, height: Double(cairo_image_surface_get_height(target)) / scale)
        }
        if let clip = item.clip { limit = limit.intersection(clip) }
        area = area.intersection(limit)
        let x0 = Int((area.minX * scale).rounded(.down)), y0 = Int((area.minY * scale).rounded(.down))
        let x1 = Int((area.maxX * scale).rounded(.up)), y1 = Int((area.maxY * scale).rounded(.up))
        guard x1 > x0, y1 > y0 else { return }

        let flat = try ProjectedImage(width: Int((look.width * scale).rounded(.up)), height: Int((look.height * scale).rounded(.up)), reused: true)
        defer { flat.destroy() }
        guard let fc = cairo_create(flat.surface) else { throw RenderError("cairo could not draw an item's image") }
        cairo_scale(fc, scale, scale)
        cairo_translate(fc, -look.minX, -look.minY)
        var shapes = ShapeMasks(target: flat.surface)
        var context = Context(scale: scale, typesetter: typesetter, placement: nil, keys: (nil, nil), aliasesEdges: false)
        for p in primitives { try draw(p, &context, shapes: &shapes, on: fc) }
        cairo_destroy(fc)
        cairo_surface_flush(flat.surface)

        guard let inverse = t.inverse else { return }
        let out = try ProjectedImage(width: x1 - x0, height: y1 - y0, reused: drawsPixels)
        defer { out.destroy() }
        let source = flat.pixels, target = out.pixels
        let sw = flat.width, sh = flat.height, ss = flat.stride / 4, ts = out.stride / 4
        // inverse(q) and the eye test inline, from the homography's rows (no call per pixel).
        let (rx, ry, rw, fw) = inverse.rows
        let uOffset = (f.width / 2 - look.minX) * scale - 0.5, vOffset = (f.height / 2 - look.minY) * scale - 0.5
        @inline(__always) func byte(_ v: Double) -> UInt32 { UInt32(max(0, min(255, v.rounded()))) }
        // Each column's screen x, the same for every row.
        let qxs = (0..<out.width).map { (Double(x0 + $0) + 0.5) / scale - f.midX }
        // A pixel takes a colour only where the inverse lands within a pixel or two of the image,
        // inside the projection of the look grown by two image pixels: a convex quad (the look
        // is ahead of the eye), so each row is tested only across the quad's span there, a
        // device pixel wider on each side. (The look's content is a point inside its edges, so
        // the pixels this leaves out would take only transparent pixels.)
        let grow = 2 / scale
        let quad = [Point(x: look.minX - grow, y: look.minY - grow), Point(x: look.maxX + grow, y: look.minY - grow),
                    Point(x: look.maxX + grow, y: look.maxY + grow), Point(x: look.minX - grow, y: look.maxY + grow)]
            .map { t.project(Point(x: $0.x - f.width / 2, y: $0.y - f.height / 2)) }
        let edges: [(Point, Point)]? = quad.allSatisfy({ $0 != nil }) ? (0..<4).map { k in
            let a = quad[k]!, b = quad[(k + 1) % 4]!
            return (Point(x: (a.x + f.midX) * scale, y: (a.y + f.midY) * scale), Point(x: (b.x + f.midX) * scale, y: (b.y + f.midY) * scale))
        } : nil
        for py in 0..<out.height {
            let qy = (Double(y0 + py) + 0.5) / scale - f.midY
            var first = 0, last = out.width - 1
            if let edges {
                // The quad's extent along this row's centre line, in the out image's columns.
                let cy = Double(y0 + py) + 0.5
                var lo = Double.infinity, hi = -Double.infinity
                for (a, b) in edges where (a.y <= cy) != (b.y <= cy) {
                    let x = a.x + (cy - a.y) / (b.y - a.y) * (b.x - a.x)
                    lo = min(lo, x); hi = max(hi, x)
                }
                guard lo <= hi else { continue }
                first = max(0, Int((lo - Double(x0)).rounded(.down)) - 1)
                last = min(out.width - 1, Int((hi - Double(x0)).rounded(.up)) + 1)
                guard first <= last else { continue }
            }
            let wy = rw.1 * qy, xy = rx.1 * qy, yy = ry.1 * qy
            let row = py * ts
            for px in first...last {
                let qx = qxs[px]
                let w = rw.0 * qx + wy + rw.2
                guard abs(w) > 1e-300 else { continue }
                let x = (rx.0 * qx + xy + rx.2) / w, y = (ry.0 * qx + yy + ry.2) / w
                // A point behind the eye projects to the screen mirrored: not drawn.
                let ahead = x * fw.0 + y * fw.1 + fw.2
                guard ahead > 1e-9, x.isFinite, y.isFinite else { continue }
                // The image's pixel centres are at half pixels.
                let u = x * scale + uOffset, v = y * scale + vOffset
                guard u > -1, v > -1, u < Double(sw), v < Double(sh) else { continue }
                // floor(u) for u > -1, without a call.
                let iu = u >= 0 ? Int(u) : -1, iv = v >= 0 ? Int(v) : -1
                let au = u - Double(iu), av = v - Double(iv)
                if iu >= 0, iv >= 0, iu + 1 < sw, iv + 1 < sh {
                    // Inside the image: where the four pixels are one colour (most of a page),
                    // their weighted mean is that colour.
                    let r0 = iv * ss + iu, r1 = r0 + ss
                    let p = source[r0]
                    if source[r0 + 1] == p, source[r1] == p, source[r1 + 1] == p {
                        target[row + px] = p
                        continue
                    }
                }
                var c0 = 0.0, c1 = 0.0, c2 = 0.0, c3 = 0.0
                /// Adds the source pixel (sx, sy), transparent outside the image, at weight w.
                @inline(__always) func tap(_ sx: Int, _ sy: Int, _ w: Double) {
                    guard w > 0, sx >= 0, sy >= 0, sx < sw, sy < sh else { return }
                    let c = source[sy * ss + sx]
                    c0 += w * Double(c >> 24); c1 += w * Double(c >> 16 & 0xFF)
                    c2 += w * Double(c >> 8 & 0xFF); c3 += w * Double(c & 0xFF)
                }
                tap(iu, iv, (1 - au) * (1 - av)); tap(iu + 1, iv, au * (1 - av))
                tap(iu, iv + 1, (1 - au) * av); tap(iu + 1, iv + 1, au * av)
                target[row + px] = byte(c0) << 24 | byte(c1) << 16 | byte(c2) << 8 | byte(c3)
            }
        }
        cairo_surface_mark_dirty(out.surface)
        cairo_save(cr)
        defer { cairo_restore(cr) }
        cairo_scale(cr, 1 / scale, 1 / scale)
        cairo_set_source_surface(cr, out.surface, Double(x0), Double(y0))
        cairo_paint_with_alpha(cr, item.alpha)
    }

    /// Draws one primitive in the current user space (an item's own coordinates).
    static func draw(_ p: DrawPrimitive, _ c: inout Context, shapes: inout ShapeMasks, on cr: OpaquePointer) throws {
        switch p {
        case .shadow(let s, let shape, let opaque):
            ShadowMasks.draw(s, shape: shape.rect, cornerRadius: shape.radius, corners: shape.corners, scale: c.scale,
                             shapeIsOpaque: opaque, on: cr)
        case .fill(let shape, let color):
            set(cr, color)
            if c.aliasesEdges, case .roundedRect(let r) = shape, r.radius <= 0 || r.corners.isEmpty, fillAliased(r.rect, on: cr) {
                // Square: filled on whole device pixels.
            } else if case .roundedRect = shape, let mask = shapes.mask(for: c.keys.fill), let placement = c.placement {
                ShapeMasks.paint(mask, at: placement, on: cr)
            } else {
                cairo_new_path(cr)
                append(shape, on: cr)
                cairo_fill(cr)
            }
            c.keys.fill = nil  // the item's own fill comes first; its content's rects are not masked
        case .stroke(let shape, let color, let width, let round):
            cairo_new_path(cr)
            set(cr, color)
            if case .roundedRect = shape, let mask = shapes.mask(for: c.keys.border), let placement = c.placement {
                ShapeMasks.paint(mask, at: placement, on: cr)
            } else {
                append(shape, on: cr)
                cairo_set_line_width(cr, width)
                if round {
                    cairo_set_line_cap(cr, CAIRO_LINE_CAP_ROUND)
                    cairo_set_line_join(cr, CAIRO_LINE_JOIN_ROUND)
                }
                cairo_stroke(cr)
            }
        case .clip(let shape, let content):
            // Content is clipped to the item's shape. On an image a label takes the shape and
            // applies it only if its glyphs reach the shape's edge (Typesetter.draw); in an SVG,
            // one clip holds all the content.
            func clipped(_ body: () throws -> Void) throws {
                cairo_save(cr)
                defer { cairo_restore(cr) }
                cairo_new_path(cr)
                append(.roundedRect(shape), on: cr)
                cairo_clip(cr)
                try body()
            }
            if shapes.enabled {
                for e in content {
                    if case .text(let t) = e { c.typesetter.draw(t, on: cr, within: shape) } else { try clipped { try draw(e, &c, shapes: &shapes, on: cr) } }
                }
            } else if !content.isEmpty {
                try clipped { for e in content { try draw(e, &c, shapes: &shapes, on: cr) } }
            }
        case .transformed(let t, let content):
            cairo_save(cr)
            defer { cairo_restore(cr) }
            var m = cairo_matrix_t(xx: t.a, yx: t.b, xy: t.c, yy: t.d, x0: t.tx, y0: t.ty)
            cairo_transform(cr, &m)
            for e in content { try draw(e, &c, shapes: &shapes, on: cr) }
        case .text(let t):
            c.typesetter.draw(t, on: cr)
        case .image(let i):
            try ImageStore.draw(i, on: cr)
        }
    }

    /// Fills `r` on the device pixels whose centres it covers, as Core Animation draws a layer
    /// that is not on pixel boundaries: without antialiasing its edges (UIViewEdgeAntialiasing,
    /// "whether Core Animation layers use antialiasing when drawing a layer that isn't aligned
    /// to pixel boundaries", off unless an app's Info.plist turns it on:
    /// https://developer.apple.com/documentation/bundleresources/information-property-list/uiviewedgeantialiasing).
    /// So two opaque views that abut at a fraction of a pixel leave no seam between them
    /// (edgeAntialiasingMask's page: antialiased edges that abut "seams that would otherwise
    /// occur"). Only on an image, and only when the rectangle stays axis-aligned on it (a
    /// turned view keeps smooth edges); false when it did not fill.
    static func fillAliased(_ r: Rect, on cr: OpaquePointer) -> Bool {
        let m = matrix(cr)
        guard m.xy == 0, m.yx == 0, Shapes.drawsPixels(cr) else { return false }
        var x0 = r.minX, y0 = r.minY, x1 = r.maxX, y1 = r.maxY
        cairo_user_to_device(cr, &x0, &y0)
        cairo_user_to_device(cr, &x1, &y1)
        // Pixel i (its centre at i + 0.5) is covered when the centre lies in [edge0, edge1).
        func edge(_ v: Double) -> Double { min(1e7, max(-1e7, (v - 0.5).rounded(.up))) }
        let left = edge(min(x0, x1)), right = edge(max(x0, x1)), top = edge(min(y0, y1)), bottom = edge(max(y0, y1))
        guard left.isFinite, right.isFinite, top.isFinite, bottom.isFinite else { return false }
        cairo_save(cr)
        cairo_identity_matrix(cr)
        cairo_new_path(cr)
        if right > left, bottom > top {
            cairo_rectangle(cr, left, top, right - left, bottom - top)
            cairo_fill(cr)
        }
        cairo_restore(cr)
        return true
    }

    /// Adds `shape` to the current path.
    static func append(_ shape: DrawShape, on cr: OpaquePointer) {
        switch shape {
        case .roundedRect(let r):
            cairo_new_sub_path(cr)
            Shapes.append(r.path, to: cr)
        case .circle(let center, let radius): cairo_arc(cr, center.x, center.y, radius, 0, 2 * Double.pi)
        case .path(let commands): Shapes.append(commands, to: cr)
        }
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
}

/// An ARGB32 image surface for the projected path, its pixels reachable as 32-bit words.
struct ProjectedImage {
    /// More than a 4K canvas at 3x is refused (drawn as nothing) rather than allocated.
    static let maxPixels = Double(64 << 20)
    let surface: OpaquePointer
    let width: Int, height: Int, stride: Int
    let pixels: UnsafeMutablePointer<UInt32>
    private let buffer: ReusedBuffers.Buffer?

    /// `reused`: in memory this thread keeps for the next item (cleared, not mapped again: a
    /// page-sized image made per projected item per frame was page faults, 8 % of a paging
    /// scene's render); only for an image cairo reads while it draws it, never one a vector
    /// surface keeps to write out later.
    init(width: Int, height: Int, reused: Bool) throws {
        guard width > 0, height > 0, Double(width) * Double(height) < ProjectedImage.maxPixels else {
            throw RenderError("could not make a \(width) x \(height) image for an item's 3-D transform")
        }
        let rowBytes = Int(cairo_format_stride_for_width(CAIRO_FORMAT_ARGB32, Int32(width)))
        let kept = reused ? ReusedBuffers.take(bytes: rowBytes * height) : nil
        let made = kept.map { cairo_image_surface_create_for_data($0.memory, CAIRO_FORMAT_ARGB32, Int32(width), Int32(height), Int32(rowBytes)) }
            ?? cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(width), Int32(height))
        guard let s = made, cairo_surface_status(s) == CAIRO_STATUS_SUCCESS, let data = cairo_image_surface_get_data(s) else {
            kept.map(ReusedBuffers.give)
            throw RenderError("could not make a \(width) x \(height) image for an item's 3-D transform")
        }
        surface = s
        buffer = kept
        self.width = width; self.height = height
        stride = Int(cairo_image_surface_get_stride(s))
        pixels = UnsafeMutableRawPointer(data).bindMemory(to: UInt32.self, capacity: stride / 4 * height)
    }

    func destroy() {
        cairo_surface_destroy(surface)
        buffer.map(ReusedBuffers.give)
    }
}

/// Zeroed memory for projected items' images, kept per thread between items and frames (a
/// thread's renders take turns, so nothing is shared): up to two buffers — an item's flat
/// image and its projection are alive together — of at most 64 MiB each, freed with the thread.
enum ReusedBuffers {
    final class Buffer {
        let memory: UnsafeMutablePointer<UInt8>
        let capacity: Int
        init(capacity: Int) { self.capacity = capacity; memory = .allocate(capacity: capacity) }
        deinit { memory.deallocate() }
    }
    final class Pool { var free: [Buffer] = [] }
    static let maxBytes = 64 << 20
    private static let pools = ThreadLocal<Pool>()
    private static var pool: Pool {
        if let p = pools.value { return p }
        let p = Pool()
        pools.value = p
        return p
    }

    /// A buffer of at least `bytes`, zeroed; nil when that is more than is kept.
    static func take(bytes: Int) -> Buffer? {
        guard bytes <= maxBytes else { return nil }
        let p = pool
        let b = p.free.firstIndex { $0.capacity >= bytes }.map { p.free.remove(at: $0) } ?? Buffer(capacity: bytes)
        b.memory.initialize(repeating: 0, count: bytes)
        return b
    }

    /// Kept for the next item; of more than two, the smallest goes.
    static func give(_ b: Buffer) {
        let p = pool
        p.free.append(b)
        if p.free.count > 2, let smallest = p.free.indices.min(by: { p.free[$0].capacity < p.free[$1].capacity }) { p.free.remove(at: smallest) }
    }
}
