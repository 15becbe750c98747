import FlipbookCore

/// Animated GIF (GIF89a, w3.org/Graphics/GIF/spec-gif89a.txt): 256 colours a frame, delays in
/// centiseconds. Browsers play a delay under 2 cs as 10 cs, so frame boundaries are rounded to
/// whole centiseconds when the timeline runs at 50 fps or less, and to even centiseconds above
/// that: every frame then lasts at least 2 cs and starts within 1 cs of its true time, frames
/// that would last no time are dropped, and the total is the timeline's duration to the
/// centisecond. Each later frame holds only the changed rectangle, with pixels that did not
/// change (or changed less than `tolerance`) transparent, disposal "do not dispose". Colours:
/// the first frame's median-cut palette is the global table; a frame it does not serve well
/// gets its own table, exact when its changed pixels use few colours, else median cut. No
/// dithering: flat UI colours stay flat. The LZW encoder may substitute near colours where
/// that lengthens a string (`lossyTolerance`); the figures are in docs/previews.md.
public struct GIFFormat: AnimationFormat {
    public var name: String { "gif" }
    public var summary: String { "<scene>.gif, one animated GIF (256 colours a frame)" }
    public init() {}
    public func fileName(forScene scene: String) -> String { scene + ".gif" }
    public func makeEncoder(canvas: Canvas, options: RenderOptions) throws -> any AnimationEncoder {
        GIFEncoder(width: canvas.pixelWidth, height: canvas.pixelHeight, plays: options.loopCount)
    }
}

final class GIFEncoder: AnimationEncoder {
    /// A changed pixel within this squared RGB distance of what is shown stays transparent.
    static let tolerance = 20
    let width: Int, height: Int
    private var out: [UInt8] = []
    /// The last image written, which later frames are compared with.
    private var previous: FrameImage?
    /// The last frame's bytes after its Graphic Control Extension, and when it starts (cs);
    /// written once the next frame says when it ends.
    private var pending: (bytes: [UInt8], transparent: Int?, start: Int)?
    private var origin: Int?
    /// Where the last span added ends (cs): the end of the animation once it is the last.
    private var lastEnd = 0

    let plays: Int
    /// The global colour table: the first frame's palette (255 colours and the transparent
    /// index 255). A later frame whose colours it serves as well as a table of their own would
    /// (within `globalSlack`) uses it and saves the 768 bytes of a local table.
    private var global: [UInt32] = []

    init(width: Int, height: Int, plays: Int) {
        self.width = width; self.height = height; self.plays = plays
    }

    private func writeHeader() {
        out += Array("GIF89a".utf8) + le16(width) + le16(height) + [0xF7, 255, 0]  // 256-entry global table, 8-bit colour
        for i in 0..<256 {
            let c = i < global.count ? global[i] : 0
            out += [UInt8(c >> 16 & 0xFF), UInt8(c >> 8 & 0xFF), UInt8(c & 0xFF)]
        }
        if plays != 1 {
            // NETSCAPE2.0: repeat count after the first play; 0 repeats forever.
            out += [0x21, 0xFF, 0x0B] + Array("NETSCAPE2.0".utf8) + [0x03, 0x01] + le16(plays == 0 ? 0 : plays - 1) + [0]
        }
    }

    func le16(_ v: Int) -> [UInt8] { [UInt8(v & 0xFF), UInt8((v >> 8) & 0xFF)] }

    /// A timeline frame index (relative to the first) in centiseconds on this animation's grid.
    static func centiseconds(_ frames: Int, fps: Int) -> Int {
        let grid = fps <= 50 ? 1 : 2
        // round(100·frames / (fps·grid)) · grid, in integers (half rounds up).
        return (200 * frames + fps * grid) / (2 * fps * grid) * grid
    }

    func add(_ image: FrameImage, span: FrameSpan) throws {
        let origin = self.origin ?? span.start
        self.origin = origin
        let start = GIFEncoder.centiseconds(span.start - origin, fps: span.fps)
        let end = GIFEncoder.centiseconds(span.end - origin, fps: span.fps)
        lastEnd = end
        // Shown for no time on the grid: the frame before it stays until the next one.
        if end == start && pending != nil { return }
        let rect: ChangedRect
        if let previous {
            guard let r = ChangedRect.between(previous, image) else { return }
            rect = r
        } else {
            rect = ChangedRect(x: 0, y: 0, width: width, height: height)
        }
        flush(until: start)
        pending = encode(image, rect: rect, start: start)
        previous = image
    }

    func finish() throws -> [UInt8] {
        guard pending != nil else { throw RenderError("an animation needs at least one frame") }
        flush(until: lastEnd)
        out.append(0x3B)
        return out
    }

    private func flush(until end: Int) {
        guard let p = pending else { return }
        let delay = max(2, end - p.start)
        out += [0x21, 0xF9, 0x04, UInt8(1 << 2 | (p.transparent == nil ? 0 : 1))] + le16(delay) + [UInt8(p.transparent ?? 0), 0]
        out += p.bytes
        pending = nil
    }

    /// The LZW encoder may write a colour up to this squared RGB distance from a pixel's own
    /// when that continues its current string (gifsicle's --lossy idea), bounded so the mean
    /// PSNR stays above 50 dB on the examples (docs/previews.md).
    static let lossyTolerance = 150

    /// A frame takes the global table when its squared error there is at most this many times
    /// what its own table would give: 768 bytes saved outweigh a little colour error. Larger
    /// values shrink scrolling UI further but cost frames with new colours (docs/previews.md).
    static let globalSlack = 3.0

    /// What the viewer sees now (0xRRGGBB after quantisation), which new pixels are compared with.
    private var displayed: [UInt32] = []

    private func encode(_ image: FrameImage, rect: ChangedRect, start: Int) -> (bytes: [UInt8], transparent: Int?, start: Int) {
        let n = rect.width * rect.height
        var histogram = ColorHistogram(capacityHint: min(n, 4096))
        // Per pixel: the histogram slot of its colour, or −1 where the viewer already sees it
        // (within `tolerance`): those stay transparent.
        var slots = [Int32](repeating: -1, count: n)
        // The rectangle's colours, 0xRRGGBB, unpacked once for the palette and the encoder.
        var colors = [UInt32](repeating: 0, count: n)
        let first = displayed.isEmpty
        if first { displayed = [UInt32](repeating: 0, count: width * height) }
        let tolerance = GIFEncoder.tolerance
        image.pixels.withUnsafeBufferPointer { px in
            displayed.withUnsafeBufferPointer { shown in
                for y in 0..<rect.height {
                    let row = (rect.y + y) * width + rect.x
                    for x in 0..<rect.width {
                        let rgb = packedRGB(px[row + x])
                        colors[y * rect.width + x] = rgb
                        if !first && rgbDistance(rgb, shown[row + x]) <= tolerance { continue }
                        slots[y * rect.width + x] = Int32(histogram.add(rgb))
                    }
                }
            }
        }
        let anyUnchanged = slots.contains(-1)
        let maxColors = anyUnchanged ? 255 : 256
        var (palette, mapping) = MedianCut.palette(colors: histogram.colors, counts: histogram.counts, maxColors: maxColors)
        var transparent = anyUnchanged ? palette.count : nil
        var useGlobal = false
        if first {
            // The first frame's colours become the global table: 255 of them, index 255 transparent.
            global = MedianCut.palette(colors: histogram.colors, counts: histogram.counts, maxColors: 255).palette
            writeHeader()
        }
        var globalMapping = [UInt8](repeating: 0, count: histogram.colors.count)
        var globalError = 0, localError = 0
        for (i, c) in histogram.colors.enumerated() {
            let g = MedianCut.nearest(c, in: global)
            globalMapping[i] = UInt8(g)
            globalError += rgbDistance(c, global[g]) * histogram.counts[i]
            localError += rgbDistance(c, palette[Int(mapping[i])]) * histogram.counts[i]
        }
        if Double(globalError) <= Double(localError) * GIFEncoder.globalSlack {
            palette = global
            mapping = globalMapping
            useGlobal = true
        }
        if useGlobal { transparent = anyUnchanged ? 255 : nil }
        let used = useGlobal ? 256 : palette.count + (anyUnchanged ? 1 : 0)
        var bits = 1
        while 1 << bits < used { bits += 1 }
        var pixels = (0..<n).map { i in
            slots[i] < 0 ? LZWEncoder.Pixel(index: UInt8(transparent!), color: colors[i], mayBeTransparent: true)
                         : LZWEncoder.Pixel(index: mapping[Int(slots[i])], color: colors[i], mayBeTransparent: false)
        }
        var lzw = LZWEncoder(minimumCodeSize: max(2, bits))
        let data = pixels.withUnsafeMutableBufferPointer {
            lzw.encode($0, palette: palette, transparent: transparent, tolerance: first ? 0 : GIFEncoder.lossyTolerance)
        }
        // What the viewer sees now: the written colour where a pixel was not left transparent.
        for y in 0..<rect.height {
            for x in 0..<rect.width {
                let p = Int(pixels[y * rect.width + x].index)
                if p < palette.count { displayed[(rect.y + y) * width + rect.x + x] = palette[p] }
            }
        }
        var bytes: [UInt8] = [0x2C] + le16(rect.x) + le16(rect.y) + le16(rect.width) + le16(rect.height)
        if useGlobal {
            bytes.append(0)
        } else {
            bytes.append(UInt8(0x80 | (bits - 1)))
            for i in 0..<(1 << bits) {
                let c = i < palette.count ? palette[i] : 0
                bytes += [UInt8(c >> 16 & 0xFF), UInt8(c >> 8 & 0xFF), UInt8(c & 0xFF)]
            }
        }
        bytes += data
        return (bytes, transparent, start)
    }
}
