import FlipbookCore

/// A frame as video encoders take it: 8-bit Y'CbCr 4:2:0 with BT.709's matrix at limited
/// ("studio") range, Y' 16-235 and Cb, Cr 16-240 (ITU-R BT.709-6, items 3.2-3.5 and 6.10).
/// Chroma is sampled once a 2x2 block, from the block's mean R'G'B' (a frame with odd sides has
/// blocks of one or two pixels at its right and bottom edges). `paddedWidth`/`paddedHeight`
/// let H.264, which codes even sides only, repeat the last column and row.
struct YCbCr420: Equatable {
    let width: Int, height: Int
    var y: [UInt8], cb: [UInt8], cr: [UInt8]
    var chromaWidth: Int { (width + 1) / 2 }
    var chromaHeight: Int { (height + 1) / 2 }

    /// Converts premultiplied ARGB: an opaque frame's colours as they are, a translucent
    /// pixel as it shows over black.
    init(_ image: FrameImage, paddedWidth: Int? = nil, paddedHeight: Int? = nil) {
        let w = paddedWidth ?? image.width, h = paddedHeight ?? image.height
        precondition(w >= image.width && h >= image.height)
        width = w; height = h
        let cw = (w + 1) / 2, ch = (h + 1) / 2
        var y = [UInt8](repeating: 0, count: w * h)
        var cb = [UInt8](repeating: 0, count: cw * ch), cr = cb
        let sw = image.width, sh = image.height
        image.pixels.withUnsafeBufferPointer { src in
            y.withUnsafeMutableBufferPointer { yp in
                for row in 0..<h {
                    let s = src.baseAddress! + min(row, sh - 1) * sw
                    let d = yp.baseAddress! + row * w
                    for x in 0..<sw { d[x] = YCbCr420.luma(s[x]) }
                    for x in sw..<w { d[x] = d[sw - 1] }
                }
            }
            cb.withUnsafeMutableBufferPointer { cbp in
                cr.withUnsafeMutableBufferPointer { crp in
                    for by in 0..<ch {
                        for bx in 0..<cw {
                            var r = 0, g = 0, b = 0, n = 0
                            for row in (2 * by)..<min(2 * by + 2, h) {
                                let s = src.baseAddress! + min(row, sh - 1) * sw
                                for x in (2 * bx)..<min(2 * bx + 2, w) {
                                    let p = s[min(x, sw - 1)]
                                    r += Int(p >> 16 & 0xFF); g += Int(p >> 8 & 0xFF); b += Int(p & 0xFF); n += 1
                                }
                            }
                            let (u, v) = YCbCr420.chroma(r: r, g: g, b: b, count: n)
                            cbp[by * cw + bx] = u; crp[by * cw + bx] = v
                        }
                    }
                }
            }
        }
        self.y = y; self.cb = cb; self.cr = cr
    }

    // BT.709: Y' = 0.2126 R' + 0.7152 G' + 0.0722 B', Cb = (B' − Y')/1.8556, Cr = (R' − Y')/1.5748,
    // scaled by 219/255 (luma) and 224/255 (chroma) into 8-bit studio range, in 16.16 fixed point.
    static let shift = 16
    static let half = 1 << (shift - 1)
    static func fixed(_ x: Double) -> Int { Int((x * Double(1 << shift)).rounded()) }
    static let yR = fixed(0.2126 * 219 / 255), yG = fixed(0.7152 * 219 / 255), yB = fixed(0.0722 * 219 / 255)
    static let cbR = fixed(-0.2126 / 1.8556 * 224 / 255), cbG = fixed(-0.7152 / 1.8556 * 224 / 255), cbB = fixed(0.5 * 224 / 255)
    static let crR = fixed(0.5 * 224 / 255), crG = fixed(-0.7152 / 1.5748 * 224 / 255), crB = fixed(-0.0722 / 1.5748 * 224 / 255)

    @inline(__always) static func luma(_ p: UInt32) -> UInt8 {
        let r = Int(p >> 16 & 0xFF), g = Int(p >> 8 & 0xFF), b = Int(p & 0xFF)
        return UInt8(16 + ((yR * r + yG * g + yB * b + half) >> shift))
    }

    /// Cb and Cr of the mean of `count` pixels whose channels sum to r, g, b.
    @inline(__always) static func chroma(r: Int, g: Int, b: Int, count: Int) -> (UInt8, UInt8) {
        let d = count << shift
        func rounded(_ x: Int) -> UInt8 { UInt8(128 + (x >= 0 ? (x + d / 2) / d : -((-x + d / 2) / d))) }
        return (rounded(cbR * r + cbG * g + cbB * b), rounded(crR * r + crG * g + crB * b))
    }
}
