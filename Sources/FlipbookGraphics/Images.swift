import CCairo
import CJPEG
import FlipbookCore
import Foundation

/// Reads and decodes the PNG and JPEG images scenes use into ImageData values, which the timeline then
/// carries: nothing is kept here, so no image is looked up by path at drawing time.
public enum ImageStore {
    /// Larger images are refused: a cell's picture needs no more, and a huge file must not
    /// take the machine's memory.
    public static let maxSide = 4096

    /// The image at `path` (for scenes built in code), read through `Directory` (a regular file
    /// of sane size: "/dev/zero" or a FIFO must not hang the read); throws a GraphicsError
    /// saying why it cannot be used, naming the file.
    public static func read(_ path: String) throws -> ImageData {
        let bytes: [UInt8]
        do { bytes = try Directory.readFile(atPath: path, maxBytes: PNGHeader.maxFileBytes, followsLink: true) } catch let e as FileError {
            throw GraphicsError("\(path): cannot read the image file (\(e.message))")
        }
        do { return try decode(bytes, source: path) } catch let e as GraphicsError { throw GraphicsError("\(path): \(e.message)") }
    }

    /// The image at `relative` inside `folder`, read through its handle (no link is followed,
    /// no ".." leads out); GraphicsError says why it cannot be used.
    public static func read(_ relative: String, in folder: Directory) throws -> ImageData {
        try read(relative, in: folder, cancellation: nil)
    }

    /// The same, stopped by `cancellation` (a deadline, a signal) while a long JPEG decodes:
    /// then its error (BudgetExceeded, Cancelled) is thrown.
    package static func read(_ relative: String, in folder: Directory, cancellation: Cancellation?) throws -> ImageData {
        let bytes: [UInt8]
        do { bytes = try folder.read(relative, maxBytes: PNGHeader.maxFileBytes) } catch let e as FileError { throw GraphicsError(e.message) }
        return try decode(bytes, source: folder.child(relative), cancellation: cancellation)
    }

    /// PNG or JPEG bytes decoded (checked first: the signature, and the size from the header
    /// before anything is inflated).
    package static func decode(_ bytes: [UInt8], source: String, cancellation: Cancellation? = nil) throws -> ImageData {
        if isJPEG(bytes) { return try decodeJPEG(bytes, source: source, cancellation: cancellation) }
        if !PNGHeader.isGitLFSPointer(bytes) && PNGHeader(bytes) == nil {
            throw GraphicsError("expected a PNG or JPEG file (it starts with neither's signature)")
        }
        if let problem = PNGHeader.problem(bytes, maxSide: maxSide) { throw GraphicsError(problem) }
        // Decoded from the bytes already read, not from the file a second time.
        final class Reader { let bytes: [UInt8]; var offset = 0; init(_ b: [UInt8]) { bytes = b } }
        let reader = Reader(bytes)
        let s = withExtendedLifetime(reader) {
            cairo_image_surface_create_from_png_stream({ context, data, length in
                let r = Unmanaged<Reader>.fromOpaque(context!).takeUnretainedValue()
                let n = Int(length)
                guard let data, r.offset + n <= r.bytes.count else { return CAIRO_STATUS_READ_ERROR }
                r.bytes.withUnsafeBufferPointer { data.update(from: $0.baseAddress! + r.offset, count: n) }
                r.offset += n
                return CAIRO_STATUS_SUCCESS
            }, Unmanaged.passUnretained(reader).toOpaque())!
        }
        defer { cairo_surface_destroy(s) }
        guard cairo_surface_status(s) == CAIRO_STATUS_SUCCESS else {
            throw GraphicsError("cannot decode the PNG: " + String(cString: cairo_status_to_string(cairo_surface_status(s))))
        }
        // Copy into ARGB32 whatever format Cairo chose (RGB24 and A8 too), so drawing is one path.
        let width = Int(cairo_image_surface_get_width(s)), height = Int(cairo_image_surface_get_height(s))
        let stride = Int(cairo_format_stride_for_width(CAIRO_FORMAT_ARGB32, Int32(width)))
        var pixels = [UInt8](repeating: 0, count: stride * height)
        pixels.withUnsafeMutableBytes { buffer in
            let target = cairo_image_surface_create_for_data(buffer.baseAddress!.assumingMemoryBound(to: UInt8.self), CAIRO_FORMAT_ARGB32,
                                                             Int32(width), Int32(height), Int32(stride))
            let cr = cairo_create(target)
            cairo_set_source_surface(cr, s, 0, 0)
            cairo_paint(cr)
            cairo_destroy(cr)
            cairo_surface_flush(target)
            cairo_surface_destroy(target)
        }
        return ImageData(source: source, png: bytes, width: width, height: height, stride: stride, pixels: pixels)
    }

    /// Whether `bytes` start as a JPEG does (the SOI marker, then another marker).
    package static func isJPEG(_ bytes: [UInt8]) -> Bool { bytes.starts(with: [0xFF, 0xD8, 0xFF]) }

    /// JPEG bytes decoded by libjpeg-turbo (Sources/CJPEG), opaque, into the ARGB32 pixels
    /// every image is drawn from; the size is read from the header and checked first.
    static func decodeJPEG(_ bytes: [UInt8], source: String, cancellation: Cancellation? = nil) throws -> ImageData {
        var error = [CChar](repeating: 0, count: 256)
        var w: Int32 = 0, h: Int32 = 0
        // libjpeg asks `stop` as it goes; the cancellation answers (its deadline, a signal).
        let stop: (@convention(c) (UnsafeMutableRawPointer?) -> Int32)? = cancellation == nil ? nil : { context in
            Unmanaged<Cancellation>.fromOpaque(context!).takeUnretainedValue().stopReason == nil ? 0 : 1
        }
        let context = cancellation.map { Unmanaged.passUnretained($0).toOpaque() }
        let read = bytes.withUnsafeBufferPointer { b in flipbook_jpeg_read(b.baseAddress, b.count, nil, 0, &w, &h, &error, error.count, stop, context) }
        func reason() -> String { String(decoding: error.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self) }
        guard read == 0 else { throw GraphicsError("cannot decode the JPEG: " + reason()) }
        guard w > 0, h > 0, w <= maxSide, h <= maxSide else {
            throw GraphicsError("expected a JPEG of at most \(maxSide) x \(maxSide) pixels, got \(w) x \(h)")
        }
        let stride = Int(cairo_format_stride_for_width(CAIRO_FORMAT_ARGB32, w))
        var pixels = [UInt8](repeating: 0, count: stride * Int(h))
        let decoded = bytes.withUnsafeBufferPointer { b in
            pixels.withUnsafeMutableBufferPointer { p in
                flipbook_jpeg_read(b.baseAddress, b.count, p.baseAddress, Int32(stride), &w, &h, &error, error.count, stop, context)
            }
        }
        if decoded != 0 { try cancellation?.check() }
        guard decoded == 0 else { throw GraphicsError("cannot decode the JPEG: " + reason()) }
        return ImageData(source: source, png: bytes, width: Int(w), height: Int(h), stride: stride, pixels: pixels)
    }

    /// Draws `element` on `cr` (user space in points), fitted by its content mode and clipped
    /// to its frame (rounded by its corner radius). An image read back from a recording has
    /// no pixels to draw: an error naming it.
    package static func draw(_ element: ImageElement, on cr: OpaquePointer) throws {
        let image = element.image
        guard !image.isReference else { throw GraphicsError("the image \(image) is a name read back from a recording, not an image to draw") }
        guard element.frame.width > 0, element.frame.height > 0 else { return }
        let placed = Shapes.imageRect(element, imageWidth: image.width, imageHeight: image.height)
        cairo_save(cr)
        cairo_new_path(cr)
        Shapes.append(Shapes.roundedRect(element.frame, radius: element.cornerRadius, corners: .all), to: cr)
        cairo_clip(cr)
        cairo_translate(cr, placed.minX, placed.minY)
        cairo_scale(cr, placed.width / Double(image.width), placed.height / Double(image.height))
        // Cairo only reads a source surface: the shared pixels are never written.
        image.pixels.withUnsafeBytes { buffer in
            let surface = cairo_image_surface_create_for_data(UnsafeMutablePointer(mutating: buffer.baseAddress!.assumingMemoryBound(to: UInt8.self)),
                                                              CAIRO_FORMAT_ARGB32, Int32(image.width), Int32(image.height), Int32(image.stride))
            let pattern = cairo_pattern_create_for_surface(surface)!
            cairo_pattern_set_filter(pattern, CAIRO_FILTER_GOOD)
            if let tint = element.tint {
                // A template image: its alpha is where the tint colour goes.
                cairo_set_source_rgba(cr, tint.red, tint.green, tint.blue, tint.alpha * element.alpha)
                cairo_mask(cr, pattern)
            } else {
                cairo_set_source(cr, pattern)
                if element.alpha < 1 { cairo_paint_with_alpha(cr, element.alpha) } else { cairo_paint(cr) }
            }
            cairo_pattern_destroy(pattern)
            // Drops the pattern's reference before the buffer's lifetime ends.
            cairo_set_source_rgb(cr, 0, 0, 0)
            cairo_surface_finish(surface)
            cairo_surface_destroy(surface)
        }
        cairo_restore(cr)
    }
}
