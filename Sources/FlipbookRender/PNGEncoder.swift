import CZlib
import CDeflate
import CFrameDeflate
import Foundation
import CCairo
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import FlipbookCore

/// Encodes a Cairo ARGB32 image as PNG, faster than cairo_surface_write_to_png for UI frames.
///
/// Cairo's writer goes through libpng, which tries all five filters on every row and deflates
/// at level 6. Flat-coloured UI compresses almost as well with a cheap choice per row — Sub or
/// Up, whichever leaves smaller residuals — and a single-pass deflate made for such rows
/// (Sources/CFrameDeflate). Lossless: the decoded pixels equal the surface's (un-premultiplied
/// when translucent). Deterministic: the same pixels give the same bytes on every machine.
/// The chunks are IHDR, IDAT, IEND only (no time stamp).
package enum PNGEncoder {
    /// `data` points at `height` rows of `stride` bytes, each pixel a native-endian UInt32 ARGB,
    /// premultiplied (CAIRO_FORMAT_ARGB32).
    package static func encode(data: UnsafePointer<UInt8>, width: Int, height: Int, stride: Int) throws -> [UInt8] {
        let pixelsPerRow = stride / 4
        let px = UnsafeRawPointer(data).assumingMemoryBound(to: UInt32.self)
        // Opaque frames (every alpha 255) are written as RGB: a quarter less to compress.
        var opaque = true
        for y in 0..<height {
            let row = px + y * pixelsPerRow
            var all: UInt32 = 0xFFFF_FFFF  // the alpha bytes ANDed: a row at a time, in vector code
            for x in 0..<width { all &= row[x] }
            if all < 0xFF00_0000 { opaque = false; break }
        }
        let raw = filteredRows(px, pixelsPerRow: pixelsPerRow, x: 0, y: 0, width: width, height: height, channels: opaque ? 3 : 4)
        let compressed = try PNGEncoder.frameDeflate(raw)

        var png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        var ihdr: [UInt8] = []
        ihdr.append(contentsOf: be32(width))
        ihdr.append(contentsOf: be32(height))
        ihdr.append(contentsOf: [8, opaque ? 2 : 6, 0, 0, 0])  // 8-bit, RGB or RGBA, deflate, adaptive filters, no interlace
        appendChunk(&png, "IHDR", ihdr)
        appendChunk(&png, "IDAT", compressed)
        appendChunk(&png, "IEND", [])
        return png
    }

    /// The PNG scanlines (filter byte + filtered bytes) of a `width` x `height` rectangle at
    /// (x, y) of premultiplied ARGB pixels, as straight RGB (`channels` 3) or RGBA (4).
    static func filteredRows(_ px: UnsafePointer<UInt32>, pixelsPerRow: Int, x x0: Int, y y0: Int, width: Int, height: Int,
                             channels: Int, filter: RowFilter = .subOrUp) -> [UInt8] {
        let rowBytes = width * channels
        var raw = [UInt8](repeating: 0, count: (rowBytes + 1) * height)
        // One spare byte: an RGB pixel is stored as four bytes, the fourth overwritten by the next.
        let previous = UnsafeMutablePointer<UInt8>.allocate(capacity: rowBytes + 1)
        let current = UnsafeMutablePointer<UInt8>.allocate(capacity: rowBytes + 1)
        previous.initialize(repeating: 0, count: rowBytes + 1)
        current.initialize(repeating: 0, count: rowBytes + 1)
        defer { previous.deallocate(); current.deallocate() }
        var prev = previous, cur = current
        raw.withUnsafeMutableBufferPointer { rawBuffer in
            let out = rawBuffer.baseAddress!
            var previousSource: UnsafePointer<UInt32>?
            for y in 0..<height {
                let row = px + (y0 + y) * pixelsPerRow + x0
                let line = out + y * (rowBytes + 1)
                // A row that repeats the one above (most of a UI frame) is found in the source
                // pixels, before any unpacking: under Up it is all zeros (the buffer starts
                // zeroed); unfiltered it is the previous line again.
                if let previousSource, memcmp(row, previousSource, width * 4) == 0 {
                    if filter == .none {
                        (line + 1).update(from: line + 1 - (rowBytes + 1), count: rowBytes)
                    } else {
                        line[0] = 2
                    }
                    continue
                }
                previousSource = UnsafePointer(row)
                // Unpack to RGB(A) with straight alpha.
                var o = 0
                if channels == 3 {
                    // Opaque: premultiplied equals straight. R, G, B in one little-endian store.
                    let out = UnsafeMutableRawPointer(cur)
                    for x in 0..<width {
                        let p = row[x]
                        let rgb = (p >> 16) & 0xFF | p & 0xFF00 | (p & 0xFF) << 16
                        out.storeBytes(of: rgb.littleEndian, toByteOffset: o, as: UInt32.self)
                        o += 3
                    }
                } else {
                    for x in 0..<width {
                        let c = straightRGBA(row[x])
                        cur[o] = c.r; cur[o + 1] = c.g; cur[o + 2] = c.b; cur[o + 3] = c.a
                        o += 4
                    }
                }
                if filter == .none {
                    line[0] = 0
                    (line + 1).update(from: cur, count: rowBytes)
                    swap(&prev, &cur)
                    continue
                }
                // Otherwise Sub or Up, whichever leaves the smaller sum of |signed residual|
                // (libpng's heuristic over two filters), estimated on every 7th byte: a UI row
                // is flat or it is not, and the estimate costs a seventh of the full sums.
                var sumSub = 0, sumUp = 0
                var i = channels
                while i < rowBytes {
                    sumSub &+= Int(Int8(bitPattern: cur[i] &- cur[i - channels]).magnitude)
                    sumUp &+= Int(Int8(bitPattern: cur[i] &- prev[i]).magnitude)
                    i += 7
                }
                // Loops indexed by i alone (offsets folded into the pointers) compile to vector code.
                let filtered = line + 1
                if sumUp <= sumSub {
                    line[0] = 2
                    for i in 0..<rowBytes { filtered[i] = cur[i] &- prev[i] }
                } else {
                    line[0] = 1
                    for i in 0..<channels { filtered[i] = cur[i] }
                    let left = cur - channels
                    for i in channels..<rowBytes { filtered[i] = cur[i] &- left[i] }
                }
                swap(&prev, &cur)
            }
        }
        return raw
    }

    /// How rows are filtered before deflate.
    enum RowFilter {
        /// Raw pixels (filter type 0).
        case none
        /// Up for a row that repeats the one above, else the better of Sub and Up.
        case subOrUp
    }

    /// Encodes a Cairo image surface.
    static func encode(surface: OpaquePointer) throws -> [UInt8] {
        try cairoCheck(cairo_surface_status(surface), "image surface")
        guard let data = cairo_image_surface_get_data(surface) else { throw RenderError("image surface has no data") }
        return try encode(data: data, width: Int(cairo_image_surface_get_width(surface)),
                          height: Int(cairo_image_surface_get_height(surface)), stride: Int(cairo_image_surface_get_stride(surface)))
    }

    static func appendChunk(_ png: inout [UInt8], _ type: String, _ data: [UInt8]) {
        let typeBytes = Array(type.utf8)
        png.append(contentsOf: be32(data.count))
        png.append(contentsOf: typeBytes)
        png.append(contentsOf: data)
        var crc = crc32(0, nil, 0)
        crc = typeBytes.withUnsafeBufferPointer { crc32(crc, $0.baseAddress, uInt($0.count)) }
        crc = data.withUnsafeBufferPointer { crc32(crc, $0.baseAddress, uInt($0.count)) }
        png.append(contentsOf: be32(Int(crc)))
    }

    /// A zlib stream (RFC 1950) of Flipbook's single-pass deflate for UI frames
    /// (Sources/CFrameDeflate): the header for a 32 KiB window, the blocks, the Adler-32 of the input.
    static func frameDeflate(_ input: [UInt8]) throws -> [UInt8] {
        let bound = fb_deflate_bound(input.count) + 6
        return try input.withUnsafeBufferPointer { inBuf in
            try [UInt8](unsafeUninitializedCapacity: bound) { out, count in
                let o = out.baseAddress!
                o[0] = 0x78; o[1] = 0x01  // deflate, 32 KiB window; 0x7801 is a multiple of 31 (FCHECK)
                let n = fb_deflate(inBuf.baseAddress, inBuf.count, o + 2)
                if n == 0 { throw RenderError("PNG encoding: out of memory") }
                let adler = libdeflate_adler32(1, inBuf.baseAddress, inBuf.count)
                for (k, b) in be32(Int(adler)).enumerated() { o[2 + n + k] = b }
                count = 2 + n + 4
            }
        }
    }

    /// zlib's deflate, for the APNG frames (where its level 9 makes smaller files than a fast
    /// deflate, and size matters more than time).
    static func deflate(_ input: [UInt8], level: Int32, memLevel: Int32 = 8) throws -> [UInt8] {
        var stream = z_stream()
        var status = deflateInit2_(&stream, level, Z_DEFLATED, 15, memLevel, Z_DEFAULT_STRATEGY, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size))
        guard status == Z_OK else { throw RenderError("zlib deflateInit failed (\(status))") }
        defer { deflateEnd(&stream) }
        let bound = Int(deflateBound(&stream, uLong(input.count)))
        var output = [UInt8](repeating: 0, count: bound)
        status = input.withUnsafeBufferPointer { inBuf in
            output.withUnsafeMutableBufferPointer { outBuf in
                stream.next_in = UnsafeMutablePointer(mutating: inBuf.baseAddress)
                stream.avail_in = uInt(inBuf.count)
                stream.next_out = outBuf.baseAddress
                stream.avail_out = uInt(outBuf.count)
                return CZlib.deflate(&stream, Z_FINISH)
            }
        }
        guard status == Z_STREAM_END else { throw RenderError("zlib deflate failed (\(status))") }
        // A copy of exactly the compressed bytes: the bound-sized buffer would stay allocated
        // by whoever keeps the result (an APNG holds every frame's).
        return Array(output[..<Int(stream.total_out)])
    }
}

/// Big-endian bytes, as PNG, APNG, MP4 and WebM write their integers.
func be16(_ v: Int) -> [UInt8] { [UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)] }
func be32(_ v: Int) -> [UInt8] { [UInt8(v >> 24 & 0xFF), UInt8(v >> 16 & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)] }
func be64(_ v: UInt64) -> [UInt8] { (0..<8).reversed().map { UInt8(v >> UInt64(8 * $0) & 0xFF) } }
