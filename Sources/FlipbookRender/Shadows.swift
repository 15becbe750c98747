import CCairo
import FlipbookCore
import FlipbookGraphics
import Foundation

/// Drop shadows as Core Animation draws them: the shape's alpha blurred by a Gaussian of
/// standard deviation shadowRadius (see FlipbookCore.Shadow), tinted with the shadow colour
/// times shadowOpacity once, offset by shadowOffset.
///
/// The blur is computed once per shape and kept: a mask is made for a small rounded rectangle
/// with the same corners and blur, and larger sizes are assembled from it as a nine-slice (the
/// corners copied, the middle rows and columns repeated). That is exact, not an approximation:
/// along a straight edge, farther than the corner radius plus the kernel's reach from a
/// corner, the blurred value depends only on the distance to that edge.
enum ShadowMasks {
    struct Key: Hashable {
        var width: Int, height: Int
        /// Corner radius and σ in quarter device pixels.
        var corner: Int, sigma: Int
        var corners: Int
    }

    /// An 8-bit alpha mask `pad` pixels larger than the shape on every side.
    final class Mask: @unchecked Sendable {
        let width: Int, height: Int, stride: Int, pad: Int
        let pixels: UnsafeMutablePointer<UInt8>
        init(width: Int, height: Int, pad: Int) {
            self.width = width; self.height = height; self.pad = pad
            stride = Int(cairo_format_stride_for_width(CAIRO_FORMAT_A8, Int32(width)))
            pixels = .allocate(capacity: stride * height)
            pixels.initialize(repeating: 0, count: stride * height)
        }
        deinit { pixels.deallocate() }
        func surface() -> OpaquePointer {
            cairo_image_surface_create_for_data(pixels, CAIRO_FORMAT_A8, Int32(width), Int32(height), Int32(stride))
        }
    }

    /// Values made on first use and shared by the drawing threads; the table starts again when
    /// full. A value depends only on its key, so what is kept changes speed, never output.
    final class SharedCache<K: Hashable, V>: @unchecked Sendable {
        private let lock = NSLock()
        private var table: [K: V] = [:]
        private let limit: Int
        init(limit: Int) { self.limit = limit }

        func value(_ key: K, make: () -> V) -> V {
            lock.lock()
            if let v = table[key] { lock.unlock(); return v }
            lock.unlock()
            let v = make()  // outside the lock: a blur takes milliseconds
            lock.lock()
            defer { lock.unlock() }
            if table.count >= limit { table.removeAll(keepingCapacity: true) }
            table[key] = v
            return v
        }
    }

    /// Masks kept at most; a scene that animates a card's size makes a new one every frame, so
    /// the cache is small and starts again when full (a mask is a memory copy away from its base).
    static let cacheLimit = 48
    /// Whole masks larger than this (in pixels) are not kept: only their visible part is made.
    static let cachedPixelsLimit = 4 << 20
    private static let masks = SharedCache<Key, Mask>(limit: cacheLimit)

    /// How far from each end the blur of a corner reaches, in pixels.
    static func reach(_ key: Key) -> Int { Int((Double(key.corner) / 4 + 3 * Double(key.sigma) / 4).rounded(.up)) + 1 }

    /// The blurred mask of a shape no larger than 2·reach+1 inside: what larger ones are cut from.
    static func base(_ key: Key) -> Mask {
        let small = baseKey(key)
        return masks.value(small) { blurred(small) }
    }

    /// The key of the base `key`'s mask is cut from: no larger than 2·reach+1 inside.
    static func baseKey(_ key: Key) -> Key {
        var small = key
        small.width = min(key.width, 2 * reach(key) + 1)
        small.height = min(key.height, 2 * reach(key) + 1)
        return small
    }

    /// The whole mask for `key` (kept when small enough).
    static func mask(_ key: Key) -> Mask {
        let whole = Window(x: 0, y: 0, width: key.width + 2 * pad(sigma: Double(key.sigma) / 4),
                           height: key.height + 2 * pad(sigma: Double(key.sigma) / 4))
        if !keepsWhole(whole) { return stretch(base(key), to: key, window: whole) }
        let b = base(key)
        if b.width == whole.width && b.height == whole.height { return b }
        return masks.value(key) { stretch(b, to: key, window: whole) }
    }

    /// Whether a whole mask is small enough to make and keep: within the pixel budget, and
    /// within Cairo's largest image side (32,767 px) — a long thin card can pass the first only.
    static func keepsWhole(_ whole: Window) -> Bool {
        whole.width * whole.height <= cachedPixelsLimit && whole.width <= 32_767 && whole.height <= 32_767
    }

    /// A rectangle of mask pixels.
    struct Window: Equatable { var x, y, width, height: Int }

    static func pad(sigma: Double) -> Int { kernelRadius(sigma: sigma) + 1 }

    /// Taps each side of the centre of the kernel cut at the blur's reach.
    static func kernelRadius(sigma: Double) -> Int { Int(Shadow.blurReach(sigma: sigma).rounded(.up)) }

    /// The shape drawn by Cairo (anti-aliased) and blurred with a separable Gaussian kernel
    /// cut at 3σ and normalised to sum 1.
    static func blurred(_ key: Key) -> Mask {
        let sigma = Double(key.sigma) / 4
        let pad = pad(sigma: sigma)
        let m = Mask(width: key.width + 2 * pad, height: key.height + 2 * pad, pad: pad)
        let s = m.surface()
        let cr = cairo_create(s)!
        CairoDrawing.append(.roundedRect(RoundedRect(Rect(x: Double(pad), y: Double(pad), width: Double(key.width), height: Double(key.height)),
                                                     radius: Double(key.corner) / 4, corners: Corners(rawValue: key.corners))), on: cr)
        cairo_set_source_rgba(cr, 0, 0, 0, 1)
        cairo_fill(cr)
        cairo_destroy(cr)
        cairo_surface_flush(s)
        cairo_surface_destroy(s)
        guard sigma > 0 else { return m }
        let r = kernelRadius(sigma: sigma)
        var kernel = (-r...r).map { exp(-Double($0 * $0) / (2 * sigma * sigma)) }
        let total = kernel.reduce(0, +)
        kernel = kernel.map { $0 / total }
        let w = m.width, h = m.height
        var a = [Double](repeating: 0, count: w * h)
        for y in 0..<h { for x in 0..<w { a[y * w + x] = Double(m.pixels[y * m.stride + x]) } }
        var b = [Double](repeating: 0, count: w * h)
        for y in 0..<h {
            for x in 0..<w {
                var v = 0.0
                for k in max(-r, -x)...min(r, w - 1 - x) { v += kernel[k + r] * a[y * w + x + k] }
                b[y * w + x] = v
            }
        }
        for y in 0..<h {
            for x in 0..<w {
                var v = 0.0
                for k in max(-r, -y)...min(r, h - 1 - y) { v += kernel[k + r] * b[(y + k) * w + x] }
                m.pixels[y * m.stride + x] = UInt8(min(255, max(0, v.rounded())))
            }
        }
        return m
    }

    /// The part `window` of the mask for `key`, cut from `base` (the same corners and blur, at
    /// most 2·reach+1 wide and high inside): `pad + reach` pixels kept at each end, the middle
    /// row and column repeated in between.
    static func stretch(_ base: Mask, to key: Key, window: Window) -> Mask {
        let pad = base.pad, keep = reach(key)
        let fullWidth = key.width + 2 * pad, fullHeight = key.height + 2 * pad
        let m = Mask(width: window.width, height: window.height, pad: pad)
        func source(_ i: Int, size: Int, baseSize: Int) -> Int {
            let end = pad + keep
            if i < end { return i }
            if i >= size - end { return i - (size - baseSize) }
            return min(end, baseSize - 1)
        }
        let columns = (0..<window.width).map { source(window.x + $0, size: fullWidth, baseSize: base.width) }
        for y in 0..<window.height {
            let sy = source(window.y + y, size: fullHeight, baseSize: base.height)
            let from = base.pixels + sy * base.stride, to = m.pixels + y * m.stride
            for x in 0..<window.width { to[x] = from[columns[x]] }
        }
        return m
    }

    /// The mask a shadow is drawn from: its key, at how many mask pixels per point.
    struct Geometry {
        let key: Key
        /// The corner radius in points, clamped to the shape.
        let radius: Double
        let pad: Int
        /// Mask pixels a point (the device scale, or less for a wide blur).
        let density: Double

        init?(_ shadow: Shadow, shape: Rect, cornerRadius: Double, corners: Corners, scale: Double) {
            guard shape.width > 0, shape.height > 0 else { return nil }
            radius = max(0, min(cornerRadius, shape.width / 2, shape.height / 2))
            let sigma = max(0, shadow.radius)
            // A wide blur is smooth, so its mask is made at fewer pixels per point (σ at most
            // 16 px, the part cut from the blur at most 1024 px a side) and scaled up when
            // drawn: the cost of a blur stays bounded whatever the radius.
            var density = scale
            while sigma * density > 16 || 2 * (radius + 6 * sigma) * density + 3 > 1024 { density /= 2 }
            self.density = density
            // A shape under a quarter of a mask pixel wide or high casts next to nothing (and
            // would scale the mask to a singular matrix).
            guard shape.width * density >= 0.25, shape.height * density >= 0.25 else { return nil }
            // Nor can a mask be made for a shape wider than any canvas by orders of magnitude.
            guard shape.width * density < 1e8, shape.height * density < 1e8, radius.isFinite, sigma.isFinite else { return nil }
            key = Key(width: max(1, Int((shape.width * density).rounded())), height: max(1, Int((shape.height * density).rounded())),
                      corner: Int((radius * density * 4).rounded()), sigma: Int((sigma * density * 4).rounded()), corners: corners.rawValue)
            pad = ShadowMasks.pad(sigma: Double(key.sigma) / 4)
        }

        /// The key of the blurred base the mask is cut from (what is blurred, once per key).
        var baseKey: Key { ShadowMasks.baseKey(key) }

        /// Multiply-adds of blurring the base: two passes of a 6σ+1 kernel over it.
        var blurOperations: Int {
            let b = baseKey, sigma = Double(b.sigma) / 4
            guard sigma > 0 else { return 0 }
            let taps = 2 * ShadowMasks.kernelRadius(sigma: sigma) + 1
            return (b.width + 2 * pad) * (b.height + 2 * pad) * taps * 2
        }

        /// Mask pixels of the whole shadow (what is composited, at most).
        var maskPixels: Int { (key.width + 2 * pad) * (key.height + 2 * pad) }
    }

    /// Draws `shadow` of the rounded rectangle `shape` (item coordinates, points) on `cr`,
    /// whose device scale is `scale` pixels per point. `shapeIsOpaque`: the shape is filled
    /// opaque over the shadow next, so the pixels it covers whole need no shadow.
    static func draw(_ shadow: Shadow, shape: Rect, cornerRadius: Double, corners: Corners, scale: Double,
                     shapeIsOpaque: Bool = false, on cr: OpaquePointer) {
        let alpha = shadow.color.alpha * shadow.opacity
        guard alpha > 0, let g = Geometry(shadow, shape: shape, cornerRadius: cornerRadius, corners: corners, scale: scale) else { return }
        let (key, radius, w, h, pad) = (g.key, g.radius, g.key.width, g.key.height, g.pad)
        // The shape's corners in device pixels, before the mask's own placement below.
        var shapeMatrix = cairo_matrix_t()
        cairo_get_matrix(cr, &shapeMatrix)
        // Mask pixels to points: exactly 1/scale unless the size was rounded to whole pixels.
        let sx = shape.width / Double(w), sy = shape.height / Double(h)
        cairo_save(cr)
        cairo_translate(cr, shape.minX + shadow.offset.x - Double(pad) * sx, shape.minY + shadow.offset.y - Double(pad) * sy)
        cairo_scale(cr, sx, sy)
        // When mask pixels are device pixels, put them on whole device pixels: Pixman then
        // composites the mask with a plain copy loop instead of filtering it (several times
        // faster), and a blurred edge moved by under half a pixel looks the same.
        var matrix = cairo_matrix_t()
        cairo_get_matrix(cr, &matrix)
        let onDevicePixels = matrix.xy == 0 && matrix.yx == 0 && abs(matrix.xx - 1) < 0.01 && abs(matrix.yy - 1) < 0.01
        if onDevicePixels {
            matrix.xx = 1; matrix.yy = 1
            matrix.x0 = matrix.x0.rounded(); matrix.y0 = matrix.y0.rounded()
            cairo_set_matrix(cr, &matrix)
        }
        // Only the part that can show is made: a huge card's whole mask would not fit in memory.
        var x1 = 0.0, y1 = 0.0, x2 = 0.0, y2 = 0.0
        cairo_clip_extents(cr, &x1, &y1, &x2, &y2)
        guard x1.isFinite, y1.isFinite, x2.isFinite, y2.isFinite else { cairo_restore(cr); return }
        let whole = Window(x: 0, y: 0, width: w + 2 * pad, height: h + 2 * pad)
        func pixel(_ v: Double, _ rule: FloatingPointRoundingRule) -> Int { Int(min(1e9, max(-1e9, v)).rounded(rule)) }
        let left = max(0, pixel(x1, .down) - 1), top = max(0, pixel(y1, .down) - 1)
        let right = min(whole.width, pixel(x2, .up) + 1), bottom = min(whole.height, pixel(y2, .up) + 1)
        guard left < right, top < bottom else { cairo_restore(cr); return }
        let window = Window(x: left, y: top, width: right - left, height: bottom - top)
        // A mask small enough to keep is kept whole (Cairo clips it), so a card that moves
        // half off screen does not need a new one every frame.
        let keepWhole = keepsWhole(whole)
        let m = keepWhole ? mask(key) : stretch(base(key), to: key, window: window)
        // Pixels only: in an SVG the clip would be more markup, not less work.
        let pixels = Shapes.drawsPixels(cr)
        if shapeIsOpaque && onDevicePixels && shapeMatrix.xy == 0 && shapeMatrix.yx == 0 && pixels {
            clipOutCovered(shape, radius: radius, shapeMatrix: shapeMatrix, maskOrigin: (matrix.x0, matrix.y0),
                           maskSize: (whole.width, whole.height), on: cr)
        }
        let origin = (x: keepWhole ? 0 : Double(window.x), y: keepWhole ? 0 : Double(window.y))
        if pixels {
            cairo_set_source_rgba(cr, shadow.color.red, shadow.color.green, shadow.color.blue, alpha)
            let s = m.surface()
            cairo_mask_surface(cr, s, origin.x, origin.y)
            cairo_surface_destroy(s)
        } else {
            // Cairo's SVG surface writes a mask without its pattern's transform (the blur would
            // sit at the page's origin at mask-pixel size): the tinted shadow goes in as an
            // image source instead, which it places correctly.
            let c = shadow.color
            let s = surface(keepWhole ? tint(key, of: m, red: c.red, green: c.green, blue: c.blue, alpha: alpha)
                                      : tinted(m, red: c.red, green: c.green, blue: c.blue, alpha: alpha))
            cairo_set_source_surface(cr, s, origin.x, origin.y)
            cairo_paint(cr)
            cairo_surface_destroy(s)
        }
        cairo_restore(cr)
    }

    struct TintKey: Hashable {
        var mask: Key
        var red: Double, green: Double, blue: Double, alpha: Double
    }

    /// A tinted shadow: premultiplied ARGB pixels and their PNG (Flipbook's encoder).
    final class Tint: @unchecked Sendable {
        let width: Int, height: Int
        let pixels: [UInt32]
        let png: [UInt8]
        init(width: Int, height: Int, pixels: [UInt32]) {
            self.width = width; self.height = height; self.pixels = pixels
            png = pixels.withUnsafeBytes { b in
                (try? PNGEncoder.encode(data: b.baseAddress!.assumingMemoryBound(to: UInt8.self), width: width, height: height,
                                        stride: 4 * width)) ?? []
            }
        }
    }
    private static let tints = SharedCache<TintKey, Tint>(limit: cacheLimit)

    /// `tinted(mask)` of a kept mask, kept too: a card's shadow is the same image every frame.
    static func tint(_ key: Key, of mask: Mask, red: Double, green: Double, blue: Double, alpha: Double) -> Tint {
        tints.value(TintKey(mask: key, red: red, green: green, blue: blue, alpha: alpha)) {
            tinted(mask, red: red, green: green, blue: blue, alpha: alpha)
        }
    }

    /// The shadow's pixels: `mask` as coverage of the colour at `alpha`.
    static func tinted(_ mask: Mask, red: Double, green: Double, blue: Double, alpha: Double) -> Tint {
        var pixels = [UInt32](repeating: 0, count: mask.width * mask.height)
        for y in 0..<mask.height {
            for x in 0..<mask.width {
                let a = Double(mask.pixels[y * mask.stride + x]) / 255 * alpha
                func channel(_ c: Double) -> UInt32 { UInt32((c * a * 255).rounded()) }
                pixels[y * mask.width + x] = channel(1) << 24 | channel(red) << 16 | channel(green) << 8 | channel(blue)
            }
        }
        return Tint(width: mask.width, height: mask.height, pixels: pixels)
    }

    /// A new image surface of `tint`, its PNG attached, which Cairo's SVG surface embeds as it
    /// is instead of encoding the image again with libpng. A new surface for every use: Cairo
    /// writes a surface used twice in one SVG once, so sharing one would make a frame's bytes
    /// depend on what other frames drew first.
    static func surface(_ tint: Tint) -> OpaquePointer {
        let s = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(tint.width), Int32(tint.height))!
        let stride = Int(cairo_image_surface_get_stride(s))
        let data = cairo_image_surface_get_data(s)!
        let rowBytes = 4 * tint.width
        tint.pixels.withUnsafeBytes { (b: UnsafeRawBufferPointer) in
            let from = b.baseAddress!
            for y in 0..<tint.height {
                UnsafeMutableRawPointer(data + y * stride).copyMemory(from: from + y * rowBytes, byteCount: rowBytes)
            }
        }
        cairo_surface_mark_dirty(s)
        if !tint.png.isEmpty, let copy = malloc(tint.png.count) {
            tint.png.withUnsafeBytes { copy.copyMemory(from: $0.baseAddress!, byteCount: tint.png.count) }
            cairo_surface_set_mime_data(s, "image/png", copy.assumingMemoryBound(to: UInt8.self), UInt(tint.png.count), { free($0) }, copy)
        }
        return s
    }

    /// Clips the mask (at `maskOrigin` in device pixels, `maskSize` pixels) to what the opaque
    /// shape does not cover whole (its CoveredCross). Those pixels are painted over by the
    /// shape at full coverage, so leaving their shadow out changes no pixel, and about two
    /// thirds of a card's mask is never composited.
    private static func clipOutCovered(_ shape: Rect, radius: Double, shapeMatrix m: cairo_matrix_t,
                                       maskOrigin: (x: Double, y: Double), maskSize: (width: Int, height: Int), on cr: OpaquePointer) {
        guard let cross = CoveredCross(shape, radius: radius, matrix: m) else { return }
        cairo_save(cr)
        cairo_identity_matrix(cr)
        cairo_new_path(cr)
        let added = cross.appendSurroundings(x0: maskOrigin.x, y0: maskOrigin.y, x1: maskOrigin.x + Double(maskSize.width),
                                             y1: maskOrigin.y + Double(maskSize.height), on: cr)
        cairo_restore(cr)
        // The path keeps its device coordinates; the clip is the caller's until it restores.
        if added { cairo_clip(cr) } else { cairo_new_path(cr) }
    }
}
