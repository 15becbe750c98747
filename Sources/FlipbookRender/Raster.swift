import CCairo
import FlipbookCore

/// One frame drawn into pixels at the canvas scale. It owns a Cairo image surface, which stays
/// inside this module: clients read pixels or encode, and never see a Cairo handle.
/// Not thread-safe (a Cairo surface is used by one thread at a time): make one per frame.
public final class Raster {
    let surface: OpaquePointer
    public let width: Int
    public let height: Int

    /// Draws `frame` as the PNG backend does.
    public init(drawing frame: TimelineFrame, canvas: Canvas, options: RenderOptions = RenderOptions()) throws {
        guard let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(canvas.pixelWidth), Int32(canvas.pixelHeight)) else {
            throw RenderError("could not create a \(canvas.pixelWidth)x\(canvas.pixelHeight) image surface")
        }
        self.surface = surface
        width = canvas.pixelWidth
        height = canvas.pixelHeight
        try Raster.draw(frame, canvas: canvas, options: options, on: surface)
    }

    /// Draws `frame` on an image surface of the canvas's pixel size.
    static func draw(_ frame: TimelineFrame, canvas: Canvas, options: RenderOptions, on surface: OpaquePointer) throws {
        try cairoCheck(cairo_surface_status(surface), "image surface")
        let cr = cairo_create(surface)!
        defer { cairo_destroy(cr) }
        cairo_scale(cr, Double(canvas.scale), Double(canvas.scale))
        try CairoDrawing.draw(frame, canvas: canvas, on: cr, options: options)
        try cairoCheck(cairo_status(cr), "drawing frame \(frame.index)")
        cairo_surface_flush(surface)
    }

    deinit { cairo_surface_destroy(surface) }

    /// Draws `frame` into `data`: canvas.pixelHeight rows of canvas.pixelWidth ARGB32 pixels.
    static func draw(_ frame: TimelineFrame, canvas: Canvas, options: RenderOptions, into data: UnsafeMutablePointer<UInt8>) throws {
        let w = Int32(canvas.pixelWidth), h = Int32(canvas.pixelHeight)
        guard let surface = cairo_image_surface_create_for_data(data, CAIRO_FORMAT_ARGB32, w, h, w * 4) else {
            throw RenderError("could not create a \(w)x\(h) image surface")
        }
        defer { cairo_surface_destroy(surface) }
        try draw(frame, canvas: canvas, options: options, on: surface)
    }

    /// Calls `body` with the pixels: `height` rows of `pixelsPerRow` native-endian UInt32s,
    /// each premultiplied ARGB (Cairo's ARGB32), of which the first `width` are the image.
    package func withPixels<R>(_ body: (_ pixels: UnsafePointer<UInt32>, _ pixelsPerRow: Int) throws -> R) rethrows -> R {
        let data = cairo_image_surface_get_data(surface)!
        let stride = Int(cairo_image_surface_get_stride(surface))
        return try body(UnsafeRawPointer(data).assumingMemoryBound(to: UInt32.self), stride / 4)
    }

    /// PNG bytes from Flipbook's encoder (PNGEncoder).
    public func pngData() throws -> [UInt8] { try PNGEncoder.encode(surface: surface) }

    /// PNG bytes from Cairo's own writer (libpng), for comparison in tests and the benchmark.
    public func pngDataFromCairo() throws -> [UInt8] {
        let sink = ByteSink()
        let status = withExtendedLifetime(sink) {
            cairo_surface_write_to_png_stream(surface, writeToSink, Unmanaged.passUnretained(sink).toOpaque())
        }
        try cairoCheck(status, "PNG encoding")
        return sink.bytes
    }

    /// Writes the file with `cairo_surface_write_to_png`: the plain-Cairo baseline of `make bench`.
    public func writePNGWithCairo(to path: String) throws {
        try cairoCheck(cairo_surface_write_to_png(surface, path), "writing \(path)")
    }
}

extension FrameImage {
    /// Decodes PNG bytes (with Cairo) into premultiplied ARGB pixels, as Flipbook draws them.
    public init(png bytes: [UInt8]) throws {
        final class Source { let bytes: [UInt8]; var offset = 0; init(_ b: [UInt8]) { bytes = b } }
        let source = Source(bytes)
        let read: cairo_read_func_t = { closure, data, length in
            guard let closure, let data else { return CAIRO_STATUS_READ_ERROR }
            let s = Unmanaged<Source>.fromOpaque(closure).takeUnretainedValue()
            let n = Int(length)
            guard s.offset + n <= s.bytes.count else { return CAIRO_STATUS_READ_ERROR }
            s.bytes.withUnsafeBufferPointer { data.update(from: $0.baseAddress! + s.offset, count: n) }
            s.offset += n
            return CAIRO_STATUS_SUCCESS
        }
        let surface = withExtendedLifetime(source) {
            cairo_image_surface_create_from_png_stream(read, Unmanaged.passUnretained(source).toOpaque())!
        }
        defer { cairo_surface_destroy(surface) }
        guard cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS else { throw RenderError("not a PNG Cairo can read") }
        if cairo_image_surface_get_format(surface) != CAIRO_FORMAT_ARGB32 && cairo_image_surface_get_format(surface) != CAIRO_FORMAT_RGB24 {
            throw RenderError("PNG decoded to an unexpected pixel format")
        }
        let w = Int(cairo_image_surface_get_width(surface)), h = Int(cairo_image_surface_get_height(surface))
        let stride = Int(cairo_image_surface_get_stride(surface)) / 4
        let rgb24 = cairo_image_surface_get_format(surface) == CAIRO_FORMAT_RGB24
        let data = UnsafeRawPointer(cairo_image_surface_get_data(surface)!).assumingMemoryBound(to: UInt32.self)
        var px = [UInt32](repeating: 0, count: w * h)
        for y in 0..<h { for x in 0..<w { px[y * w + x] = rgb24 ? data[y * stride + x] | 0xFF00_0000 : data[y * stride + x] } }
        self.init(width: w, height: h, pixels: px)
    }

    /// PNG bytes of the image (Flipbook's encoder).
    public func pngData() throws -> [UInt8] {
        try pixels.withUnsafeBytes {
            try PNGEncoder.encode(data: $0.baseAddress!.assumingMemoryBound(to: UInt8.self), width: width, height: height, stride: width * 4)
        }
    }
}

/// Straight (un-premultiplied) 8-bit channels of a Cairo ARGB32 pixel.
@inline(__always)
func straightRGBA(_ p: UInt32) -> (r: UInt8, g: UInt8, b: UInt8, a: UInt8) {
    let a = p >> 24
    var r = (p >> 16) & 0xFF, g = (p >> 8) & 0xFF, b = p & 0xFF
    if a != 0xFF && a != 0 {
        r = (r * 255 + a / 2) / a; g = (g * 255 + a / 2) / a; b = (b * 255 + a / 2) / a
    }
    return (UInt8(truncatingIfNeeded: r), UInt8(truncatingIfNeeded: g), UInt8(truncatingIfNeeded: b), UInt8(a))
}
