import CCairo
import FlipbookCore

/// Collects the bytes a Cairo stream writes.
final class ByteSink {
    var bytes: [UInt8] = []
}

/// Cairo's write callback: appends to the ByteSink passed as the closure pointer.
let writeToSink: cairo_write_func_t = { closure, data, length in
    guard let closure, let data else { return CAIRO_STATUS_WRITE_ERROR }
    let sink = Unmanaged<ByteSink>.fromOpaque(closure).takeUnretainedValue()
    sink.bytes.append(contentsOf: UnsafeBufferPointer(start: data, count: Int(length)))
    return CAIRO_STATUS_SUCCESS
}

func cairoCheck(_ status: cairo_status_t, _ what: String) throws {
    guard status == CAIRO_STATUS_SUCCESS else {
        throw RenderError("\(what): " + String(cString: cairo_status_to_string(status)))
    }
}

/// PNG frames from a Cairo image surface at the canvas scale.
public struct PNGFormat: OutputFormat {
    public var name: String { "png" }
    public var isPerFrame: Bool { true }
    public init() {}

    /// Draws the frame into a new ARGB32 image surface (the caller destroys it).
    public static func drawSurface(_ frame: Frame, canvas: Canvas, options: RenderOptions) throws -> OpaquePointer {
        guard let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(canvas.pixelWidth), Int32(canvas.pixelHeight)) else {
            throw RenderError("could not create a \(canvas.pixelWidth)x\(canvas.pixelHeight) image surface")
        }
        try cairoCheck(cairo_surface_status(surface), "image surface")
        let cr = cairo_create(surface)!
        defer { cairo_destroy(cr) }
        cairo_scale(cr, Double(canvas.scale), Double(canvas.scale))
        CairoDrawing.draw(frame, canvas: canvas, on: cr, options: options)
        try cairoCheck(cairo_status(cr), "drawing frame \(frame.index)")
        cairo_surface_flush(surface)
        return surface
    }

    /// Encodes an image surface as PNG bytes (Flipbook's encoder: see PNGEncoder).
    public static func encode(_ surface: OpaquePointer) throws -> [UInt8] {
        try PNGEncoder.encode(surface: surface)
    }

    /// Cairo's own PNG writer (libpng), kept for comparison in the benchmark and tests.
    public static func encodeWithCairo(_ surface: OpaquePointer) throws -> [UInt8] {
        let sink = ByteSink()
        let status = withExtendedLifetime(sink) {
            cairo_surface_write_to_png_stream(surface, writeToSink, Unmanaged.passUnretained(sink).toOpaque())
        }
        try cairoCheck(status, "PNG encoding")
        return sink.bytes
    }

    public func renderFrame(_ frame: Frame, canvas: Canvas, options: RenderOptions) throws -> [UInt8] {
        let surface = try PNGFormat.drawSurface(frame, canvas: canvas, options: options)
        defer { cairo_surface_destroy(surface) }
        return try PNGFormat.encode(surface)
    }
}

/// SVG frames through Cairo's SVG surface, sized in px (1 px per point).
public struct SVGFormat: OutputFormat {
    public var name: String { "svg" }
    public var isPerFrame: Bool { true }
    public init() {}

    public func renderFrame(_ frame: Frame, canvas: Canvas, options: RenderOptions) throws -> [UInt8] {
        let sink = ByteSink()
        try withExtendedLifetime(sink) {
            guard let surface = cairo_svg_surface_create_for_stream(writeToSink, Unmanaged.passUnretained(sink).toOpaque(),
                                                                    canvas.width, canvas.height) else {
                throw RenderError("could not create an SVG surface")
            }
            // Without this Cairo sizes the document in pt, which browsers show 4/3 too large.
            cairo_svg_surface_set_document_unit(surface, CAIRO_SVG_UNIT_PX)
            let cr = cairo_create(surface)!
            CairoDrawing.draw(frame, canvas: canvas, on: cr, options: options)
            let status = cairo_status(cr)
            cairo_destroy(cr)
            cairo_surface_finish(surface)
            let surfaceStatus = cairo_surface_status(surface)
            cairo_surface_destroy(surface)
            try cairoCheck(status, "drawing SVG frame \(frame.index)")
            try cairoCheck(surfaceStatus, "writing SVG frame \(frame.index)")
        }
        return SVGFormat.normalizeIDs(sink.bytes)
    }

    /// Cairo names the root group `surfaceN` after a process-wide counter, so the same frame
    /// drawn twice in one process differs. Renumber those ids in order of appearance.
    static func normalizeIDs(_ bytes: [UInt8]) -> [UInt8] {
        let marker = Array("surface".utf8)
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        var mapping: [String: String] = [:]
        var i = 0
        while i < bytes.count {
            // Match `id="surfaceN` or `#surfaceN` (references).
            if i + marker.count < bytes.count, bytes[i] == UInt8(ascii: "s"), i > 0,
               bytes[i - 1] == UInt8(ascii: "\"") || bytes[i - 1] == UInt8(ascii: "#"),
               Array(bytes[i..<i + marker.count]) == marker {
                var j = i + marker.count
                while j < bytes.count, bytes[j] >= 0x30, bytes[j] <= 0x39 { j += 1 }
                if j > i + marker.count {
                    let old = String(decoding: bytes[i..<j], as: UTF8.self)
                    let new = mapping[old] ?? "surface\(mapping.count + 1)"
                    mapping[old] = new
                    out.append(contentsOf: Array(new.utf8))
                    i = j
                    continue
                }
            }
            out.append(bytes[i])
            i += 1
        }
        return out
    }
}
