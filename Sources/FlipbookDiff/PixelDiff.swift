import FlipbookCore
import FlipbookRender

/// A perceptual, anti-aliasing-aware comparison of two frames, after pixelmatch
/// (github.com/mapbox/pixelmatch): colour distance in YIQ space (Kotsarenko & Ramos,
/// "Measuring perceived color difference using YIQ NTSC transmission color space in mobile
/// applications", 2010), and a changed pixel counted only when it is not anti-aliasing in
/// both images — a pixel between a darker and a brighter neighbour that both have identical
/// siblings (Vysniauskas, "Anti-aliased pixel and intensity slope detector", 2009).
public struct PixelDiff: Sendable {
    /// 0…1: how different two colours must be to count. 0 by default: a render is the same
    /// bytes on the same machine and libraries, so any change of a pixel that is not
    /// anti-aliasing counts (one level in one channel over a flat area). pixelmatch's 0.1,
    /// which lets a #00704A → #00754A card pass, is for comparing across machines.
    public var threshold = 0.0
    public init(threshold: Double = 0) { self.threshold = threshold }

    public struct Result: Sendable, Equatable {
        /// Pixels that differ perceptibly and are not anti-aliasing.
        public var changed: Int
        /// Pixels that differ but were taken for anti-aliasing.
        public var antialiased: Int
        public var total: Int
    }

    /// Compares two images of one size.
    public func compare(_ a: FrameImage, _ b: FrameImage) -> Result { compare(a, b, diffImage: nil) }

    /// Compares two images of one size, and draws the diff image: the baseline faded to grey,
    /// changed pixels red and anti-aliased ones yellow (opaque ARGB32).
    public func diff(_ a: FrameImage, _ b: FrameImage) -> (result: Result, image: FrameImage) {
        var image = FrameImage(width: a.width, height: a.height, pixels: [UInt32](repeating: 0, count: a.pixels.count))
        let r = image.pixels.withUnsafeMutableBufferPointer { compare(a, b, diffImage: $0.baseAddress!) }
        return (r, image)
    }

    func compare(_ a: FrameImage, _ b: FrameImage, diffImage: UnsafeMutablePointer<UInt32>?) -> Result {
        precondition(a.width == b.width && a.height == b.height)
        let w = a.width, h = a.height
        let maxDelta = 35215 * threshold * threshold
        var changed = 0, aa = 0
        a.pixels.withUnsafeBufferPointer { pa in
            b.pixels.withUnsafeBufferPointer { pb in
                let A = pa.baseAddress!, B = pb.baseAddress!
                for y in 0..<h {
                    for x in 0..<w {
                        let i = y * w + x
                        let same = A[i] == B[i]
                        let delta = same ? 0 : PixelDiff.colorDelta(A[i], B[i], yOnly: false)
                        if abs(delta) > maxDelta {
                            // Anti-aliasing only where the pixel is an edge pixel in both images: an edge
                            // drawn a little differently, not one that moved or grew (pixelmatch takes
                            // either image, so a heavier stroke's new edge went uncounted).
                            if PixelDiff.antialiased(A, x, y, w, h, B) && PixelDiff.antialiased(B, x, y, w, h, A) {
                                aa += 1
                                diffImage?[i] = 0xFFFF_FF00
                            } else {
                                changed += 1
                                diffImage?[i] = 0xFFFF_0000
                            }
                        } else if let diffImage {
                            let (r, g, bl) = PixelDiff.blendedRGB(A[i])
                            let v = 255 + (PixelDiff.luma(r, g, bl) - 255) * 0.1
                            let c = UInt32(max(0, min(255, v.rounded())))
                            diffImage[i] = 0xFF00_0000 | c << 16 | c << 8 | c
                        }
                    }
                }
            }
        }
        return Result(changed: changed, antialiased: aa, total: w * h)
    }

    /// Straight RGB blended over white (how a translucent pixel looks on a page).
    @inline(__always) static func blendedRGB(_ p: UInt32) -> (Double, Double, Double) {
        let a = Double(p >> 24)
        // Cairo's pixels are premultiplied: over white, c + 255·(1 − α).
        let r = Double(p >> 16 & 0xFF), g = Double(p >> 8 & 0xFF), b = Double(p & 0xFF)
        if a == 255 { return (r, g, b) }
        let k = 255 - a
        return (r + k, g + k, b + k)
    }

    @inline(__always) static func luma(_ r: Double, _ g: Double, _ b: Double) -> Double { r * 0.29889531 + g * 0.58662247 + b * 0.11448223 }

    /// Squared YIQ distance, signed: negative when the first colour is the brighter.
    @inline(__always) static func colorDelta(_ p: UInt32, _ q: UInt32, yOnly: Bool) -> Double {
        let (r1, g1, b1) = blendedRGB(p), (r2, g2, b2) = blendedRGB(q)
        let y1 = luma(r1, g1, b1), y2 = luma(r2, g2, b2)
        let y = y1 - y2
        if yOnly { return y }
        let i = (r1 * 0.59597799 - g1 * 0.27417610 - b1 * 0.32180189) - (r2 * 0.59597799 - g2 * 0.27417610 - b2 * 0.32180189)
        let q = (r1 * 0.21147017 - g1 * 0.52261711 + b1 * 0.31114694) - (r2 * 0.21147017 - g2 * 0.52261711 + b2 * 0.31114694)
        let delta = 0.5053 * y * y + 0.299 * i * i + 0.1957 * q * q
        return y1 > y2 ? -delta : delta
    }

    /// Whether pixel (x1, y1) of `img` looks like anti-aliasing: among its 8 neighbours there
    /// are at most two equal to it, a darker and a brighter one, and one of those two has
    /// three or more identical neighbours in both images (an edge, not texture).
    static func antialiased(_ img: UnsafePointer<UInt32>, _ x1: Int, _ y1: Int, _ w: Int, _ h: Int, _ other: UnsafePointer<UInt32>) -> Bool {
        let x0 = max(x1 - 1, 0), y0 = max(y1 - 1, 0), x2 = min(x1 + 1, w - 1), y2 = min(y1 + 1, h - 1)
        let pos = y1 * w + x1
        var zeroes = (x1 == x0 || x1 == x2 || y1 == y0 || y1 == y2) ? 1 : 0
        var minD = 0.0, maxD = 0.0
        var minX = 0, minY = 0, maxX = 0, maxY = 0
        for x in x0...x2 {
            for y in y0...y2 where x != x1 || y != y1 {
                let delta = colorDelta(img[pos], img[y * w + x], yOnly: true)
                if delta == 0 {
                    zeroes += 1
                    if zeroes > 2 { return false }
                } else if delta < minD {
                    minD = delta; minX = x; minY = y
                } else if delta > maxD {
                    maxD = delta; maxX = x; maxY = y
                }
            }
        }
        if minD == 0 || maxD == 0 { return false }
        return (hasManySiblings(img, minX, minY, w, h) && hasManySiblings(other, minX, minY, w, h))
            || (hasManySiblings(img, maxX, maxY, w, h) && hasManySiblings(other, maxX, maxY, w, h))
    }

    static func hasManySiblings(_ img: UnsafePointer<UInt32>, _ x1: Int, _ y1: Int, _ w: Int, _ h: Int) -> Bool {
        let x0 = max(x1 - 1, 0), y0 = max(y1 - 1, 0), x2 = min(x1 + 1, w - 1), y2 = min(y1 + 1, h - 1)
        let v = img[y1 * w + x1]
        var zeroes = (x1 == x0 || x1 == x2 || y1 == y0 || y1 == y2) ? 1 : 0
        for x in x0...x2 {
            for y in y0...y2 where x != x1 || y != y1 {
                if img[y * w + x] == v { zeroes += 1 }
                if zeroes > 2 { return true }
            }
        }
        return false
    }
}
