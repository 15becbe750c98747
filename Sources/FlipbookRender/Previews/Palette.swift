/// Colour counting and reduction for GIF frames (RGB, 8 bits a channel, packed 0xRRGGBB).
///
/// A frame whose changed pixels use at most 255 colours gets exactly those (lossless). Beyond
/// that, median cut (Heckbert, "Color image quantization for frame buffer display", 1982)
/// splits the colour histogram into boxes along their longest axis at the pixel-weighted
/// median, and each box becomes its pixels' mean colour; every colour then maps to its
/// nearest palette entry. Deterministic: ties break by colour value.
struct ColorHistogram {
    private(set) var colors: [UInt32] = []
    private(set) var counts: [Int] = []
    private var table: [Int32]
    private let mask: Int

    init(capacityHint: Int) {
        var size = 1024
        while size < capacityHint * 2 { size <<= 1 }
        table = [Int32](repeating: -1, count: size)
        mask = size - 1
    }

    @inline(__always) static func hash(_ c: UInt32) -> Int { Int((c &* 0x9E37_79B1) >> 7) }

    /// Counts one pixel of colour `c`; returns its slot in `colors`.
    @discardableResult
    mutating func add(_ c: UInt32) -> Int {
        var slot = ColorHistogram.hash(c) & mask
        while true {
            let e = table[slot]
            if e < 0 {
                if colors.count * 2 >= table.count { grow(); return add(c) }
                table[slot] = Int32(colors.count)
                colors.append(c)
                counts.append(1)
                return colors.count - 1
            }
            if colors[Int(e)] == c { counts[Int(e)] += 1; return Int(e) }
            slot = (slot + 1) & mask
        }
    }

    /// The slot of a colour already counted.
    func index(of c: UInt32) -> Int {
        var slot = ColorHistogram.hash(c) & mask
        while true {
            let e = Int(table[slot])
            if colors[e] == c { return e }
            slot = (slot + 1) & mask
        }
    }

    private mutating func grow() {
        var bigger = ColorHistogram(capacityHint: table.count)
        for (c, n) in zip(colors, counts) {
            let i = bigger.add(c)
            bigger.counts[i] = n
        }
        self = bigger
    }
}

enum MedianCut {
    /// At most `maxColors` colours for the histogram's colours, and for each histogram colour
    /// the index of its palette entry.
    static func palette(colors: [UInt32], counts: [Int], maxColors: Int) -> (palette: [UInt32], mapping: [UInt8]) {
        if colors.count <= maxColors {
            // Exact: the colours themselves, sorted so that the table does not depend on pixel order.
            let order = colors.indices.sorted { colors[$0] < colors[$1] }
            var mapping = [UInt8](repeating: 0, count: colors.count)
            for (p, i) in order.enumerated() { mapping[i] = UInt8(p) }
            return (order.map { colors[$0] }, mapping)
        }
        /// A box of histogram colours: its pixel count, its squared error about its mean (what
        /// a split can reduce: the MSE the PSNR measures), and the axis of largest spread.
        struct Box { var members: [Int]; var weight: Int; var error: Double; var axis: Int }
        func channel(_ c: UInt32, _ axis: Int) -> Int { Int((c >> UInt32(16 - 8 * axis)) & 0xFF) }
        func makeBox(_ members: [Int]) -> Box {
            var weight = 0
            var sum = [0.0, 0.0, 0.0], sumSquares = [0.0, 0.0, 0.0]
            for m in members {
                let n = counts[m]
                weight += n
                for a in 0..<3 {
                    let v = Double(channel(colors[m], a))
                    sum[a] += v * Double(n); sumSquares[a] += v * v * Double(n)
                }
            }
            let w = Double(max(1, weight))
            let spread = (0..<3).map { sumSquares[$0] - sum[$0] * sum[$0] / w }
            let axis = spread[1] >= spread[0] && spread[1] >= spread[2] ? 1 : (spread[0] >= spread[2] ? 0 : 2)
            return Box(members: members, weight: weight, error: spread.reduce(0, +), axis: axis)
        }
        var boxes = [makeBox(Array(colors.indices))]
        while boxes.count < maxColors {
            // Split the box with the largest squared error.
            var best = -1, bestScore = 0.0
            for (i, b) in boxes.enumerated() where b.members.count > 1 && b.error > bestScore {
                best = i; bestScore = b.error
            }
            if best < 0 { break }
            let b = boxes[best]
            let sorted = b.members.sorted {
                let x = channel(colors[$0], b.axis), y = channel(colors[$1], b.axis)
                return x != y ? x < y : colors[$0] < colors[$1]
            }
            var acc = 0, cut = 1
            for (i, m) in sorted.enumerated() {
                acc += counts[m]
                if acc * 2 >= b.weight { cut = max(1, min(sorted.count - 1, i + 1)); break }
            }
            boxes[best] = makeBox(Array(sorted[..<cut]))
            boxes.append(makeBox(Array(sorted[cut...])))
        }
        var palette: [UInt32] = []
        for b in boxes {
            var sum = [0, 0, 0]
            for m in b.members { for a in 0..<3 { sum[a] += channel(colors[m], a) * counts[m] } }
            let w = max(1, b.weight)
            palette.append(UInt32((sum[0] + w / 2) / w) << 16 | UInt32((sum[1] + w / 2) / w) << 8 | UInt32((sum[2] + w / 2) / w))
        }
        var mapping = [UInt8](repeating: 0, count: colors.count)
        for (i, c) in colors.enumerated() { mapping[i] = UInt8(nearest(c, in: palette)) }
        return (palette, mapping)
    }

    static func nearest(_ c: UInt32, in palette: [UInt32]) -> Int {
        var best = 0, bestD = Int.max
        for (i, p) in palette.enumerated() {
            let d = rgbDistance(c, p)
            if d < bestD { bestD = d; best = i }
        }
        return best
    }
}

/// Squared distance of two 0xRRGGBB colours (what the PSNR of a GIF frame measures).
@inline(__always)
func rgbDistance(_ a: UInt32, _ b: UInt32) -> Int {
    let dr = Int(a >> 16 & 0xFF) - Int(b >> 16 & 0xFF), dg = Int(a >> 8 & 0xFF) - Int(b >> 8 & 0xFF), db = Int(a & 0xFF) - Int(b & 0xFF)
    return dr * dr + dg * dg + db * db
}

/// A Cairo pixel as 0xRRGGBB, straight (un-premultiplied), alpha dropped.
@inline(__always)
func packedRGB(_ p: UInt32) -> UInt32 {
    let c = straightRGBA(p)
    return UInt32(c.r) << 16 | UInt32(c.g) << 8 | UInt32(c.b)
}
