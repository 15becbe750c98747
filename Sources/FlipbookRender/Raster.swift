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
        try cairoCheck(cairo_surface_status(surface), "image surface")
        let cr = cairo_create(surface)!
        defer { cairo_destroy(cr) }
        cairo_scale(cr, Double(canvas.scale), Double(canvas.scale))
        CairoDrawing.draw(frame, canvas: canvas, on: cr, options: options)
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
        try cairoCheck(cairo_surface_status(surface), "image surface")
        let cr = cairo_create(surface)!
        defer { cairo_destroy(cr) }
        cairo_scale(cr, Double(canvas.scale), Double(canvas.scale))
        CairoDrawing.draw(frame, canvas: canvas, on: cr, options: options)
        try cairoCheck(cairo_status(cr), "drawing frame \(frame.index)")
        cairo_surface_flush(surface)
    }

    /// Calls `body` with the pixels: `height` rows of `pixelsPerRow` native-endian UInt32s,
    /// each premultiplied ARGB (Cairo's ARGB32), of which the first `width` are the image.
    public func withPixels<R>(_ body: (_ pixels: UnsafePointer<UInt32>, _ pixelsPerRow: Int) throws -> R) rethrows -> R {
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
