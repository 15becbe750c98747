import CCairo
import FlipbookCore
import Foundation

/// A decoded PNG: premultiplied ARGB32 pixels as Cairo reads them, shared read-only by every
/// thread that draws it (each wraps the bytes in its own surface).
public final class DecodedImage: @unchecked Sendable {
    public let width: Int
    public let height: Int
    /// The PNG file as read (what the animated SVG embeds).
    public let png: [UInt8]
    /// The file's FNV-1a hash: what keyframes.json records, so a changed picture is a change.
    public let digest: String
    let stride: Int
    let pixels: UnsafeMutableRawPointer

    init(width: Int, height: Int, png: [UInt8], stride: Int, pixels: UnsafeMutableRawPointer) {
        self.width = width; self.height = height; self.png = png; self.stride = stride; self.pixels = pixels
        digest = FNV1a.hex(png)
    }
    deinit { pixels.deallocate() }

    /// A Cairo surface over the pixels; destroy it after use (the pixels stay).
    func surface() -> OpaquePointer {
        cairo_image_surface_create_for_data(pixels.assumingMemoryBound(to: UInt8.self), CAIRO_FORMAT_ARGB32,
                                            Int32(width), Int32(height), Int32(stride))
    }
}

/// PNG images referenced by scenes, decoded once per process and path.
public enum ImageStore {
    /// Larger images are refused: a cell's picture needs no more, and a huge file must not
    /// take the machine's memory.
    public static let maxSide = 4096
    nonisolated(unsafe) private static var images: [String: DecodedImage] = [:]
    private static let lock = NSLock()

    /// The decoded image at `path`; throws a GraphicsError saying why it cannot be used.
    public static func image(at path: String) throws -> DecodedImage {
        try cached(path) {
            // A regular file of sane size only: "/dev/zero" or a FIFO must not hang the read.
            guard let attributes = try? FileManager.default.attributesOfItem(atPath: path),
                  attributes[.type] as? FileAttributeType == .typeRegular else {
                throw GraphicsError("cannot read the image file (it is missing or not a regular file)")
            }
            if let size = attributes[.size] as? Int, size > PNGHeader.maxFileBytes {
                throw GraphicsError("expected an image file of at most \(PNGHeader.maxFileBytes >> 20) MB, got \(size >> 20) MB")
            }
            guard let data = FileManager.default.contents(atPath: path) else {
                throw GraphicsError("cannot read the image file (it is missing or not a readable file)")
            }
            return try decode([UInt8](data))
        }
    }

    /// The decoded image at `relative` inside `folder`, read through its handle (no link is
    /// followed, no ".." leads out); kept under `key`, which drawing names it by.
    public static func image(at relative: String, in folder: Directory, key: String) throws -> DecodedImage {
        try cached(key) {
            let bytes: [UInt8]
            do { bytes = try folder.read(relative, maxBytes: PNGHeader.maxFileBytes) } catch let e as FileError { throw GraphicsError(e.message) }
            return try decode(bytes)
        }
    }

    /// Drops the decoded images kept under `keys`, so the next use reads the files again (a
    /// preview whose picture was edited in place).
    public static func forget(_ keys: [String]) {
        lock.lock()
        for k in keys { images[k] = nil }
        lock.unlock()
    }

    private static func cached(_ key: String, _ make: () throws -> DecodedImage) throws -> DecodedImage {
        lock.lock()
        if let i = images[key] { lock.unlock(); return i }
        lock.unlock()
        let decoded = try make()
        lock.lock()
        defer { lock.unlock() }
        if let i = images[key] { return i }
        images[key] = decoded
        return decoded
    }

    /// PNG bytes decoded (checked first: the signature, and the size from the header before
    /// anything is inflated).
    static func decode(_ bytes: [UInt8]) throws -> DecodedImage {
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
        let pixels = UnsafeMutableRawPointer.allocate(byteCount: stride * height, alignment: 16)
        pixels.initializeMemory(as: UInt8.self, repeating: 0, count: stride * height)
        let target = cairo_image_surface_create_for_data(pixels.assumingMemoryBound(to: UInt8.self), CAIRO_FORMAT_ARGB32,
                                                         Int32(width), Int32(height), Int32(stride))
        let cr = cairo_create(target)
        cairo_set_source_surface(cr, s, 0, 0)
        cairo_paint(cr)
        cairo_destroy(cr)
        cairo_surface_flush(target)
        cairo_surface_destroy(target)
        return DecodedImage(width: width, height: height, png: bytes, stride: stride, pixels: pixels)
    }

    /// Draws `element` on `cr` (user space in points), fitted by its content mode and clipped
    /// to its frame (rounded by its corner radius).
    package static func draw(_ element: ImageElement, on cr: OpaquePointer) {
        guard let image = try? image(at: element.path), element.frame.width > 0, element.frame.height > 0 else { return }
        let placed = Shapes.imageRect(element, imageWidth: image.width, imageHeight: image.height)
        cairo_save(cr)
        cairo_new_path(cr)
        Shapes.append(Shapes.roundedRect(element.frame, radius: element.cornerRadius, corners: .all), to: cr)
        cairo_clip(cr)
        cairo_translate(cr, placed.minX, placed.minY)
        cairo_scale(cr, placed.width / Double(image.width), placed.height / Double(image.height))
        let surface = image.surface()
        cairo_set_source_surface(cr, surface, 0, 0)
        cairo_pattern_set_filter(cairo_get_source(cr), CAIRO_FILTER_GOOD)
        cairo_paint(cr)
        cairo_surface_destroy(surface)
        cairo_restore(cr)
    }
}
