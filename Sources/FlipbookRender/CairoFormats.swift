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
public struct PNGFormat: FrameFormat {
    public var name: String { "png" }
    public var summary: String { "frame-00000.png … at the canvas scale" }
    public init() {}

    public func renderFrame(_ frame: TimelineFrame, canvas: Canvas, options: RenderOptions) throws -> [UInt8] {
        try Raster(drawing: frame, canvas: canvas, options: options).pngData()
    }
}

/// SVG frames through Cairo's SVG surface, sized in px (1 px per point).
public struct SVGFormat: FrameFormat {
    public var name: String { "svg" }
    public var summary: String { "frame-00000.svg … (vector, 1 px per point)" }
    public init() {}

    public func renderFrame(_ frame: TimelineFrame, canvas: Canvas, options: RenderOptions) throws -> [UInt8] {
        let sink = ByteSink()
        try withExtendedLifetime(sink) {
            guard let surface = cairo_svg_surface_create_for_stream(writeToSink, Unmanaged.passUnretained(sink).toOpaque(),
                                                                    canvas.width, canvas.height) else {
                throw RenderError("could not create an SVG surface")
            }
            // Without this Cairo sizes the document in pt, which browsers show 4/3 too large.
            cairo_svg_surface_set_document_unit(surface, CAIRO_SVG_UNIT_PX)
            let cr = cairo_create(surface)!
            try CairoDrawing.draw(frame, canvas: canvas, on: cr, options: options)
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

    /// Cairo names the root group `surfaceN` and embedded images (shadow masks) `imageN` after
    /// process-wide counters, so the same frame drawn twice in one process differs. Renumber
    /// those ids in order of appearance, each prefix on its own.
    static func normalizeIDs(_ bytes: [UInt8]) -> [UInt8] {
        let markers = ["surface", "image"].map { Array($0.utf8) }
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        var mapping: [[UInt8]: [String: String]] = [:]
        var i = 0
        scan: while i < bytes.count {
            // Match `id="surfaceN` or `#surfaceN` (references), and the same for imageN.
            if i > 0, bytes[i - 1] == UInt8(ascii: "\"") || bytes[i - 1] == UInt8(ascii: "#") {
                for marker in markers where i + marker.count < bytes.count && bytes[i] == marker[0]
                    && Array(bytes[i..<i + marker.count]) == marker {
                    var j = i + marker.count
                    while j < bytes.count, bytes[j] >= 0x30, bytes[j] <= 0x39 { j += 1 }
                    if j > i + marker.count {
                        let old = String(decoding: bytes[i..<j], as: UTF8.self)
                        let new = mapping[marker]?[old] ?? String(decoding: marker, as: UTF8.self) + "\(mapping[marker, default: [:]].count + 1)"
                        mapping[marker, default: [:]][old] = new
                        out.append(contentsOf: Array(new.utf8))
                        i = j
                        continue scan
                    }
                }
            }
            out.append(bytes[i])
            i += 1
        }
        return out
    }
}
