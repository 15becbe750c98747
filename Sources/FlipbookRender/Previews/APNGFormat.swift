import FlipbookCore

/// Animated PNG (APNG): lossless, plays in every current browser and on GitHub, shows the
/// first frame where APNG is unknown. Written by Flipbook's PNG encoder with the chunks of
/// the APNG specification (wiki.mozilla.org/APNG_Specification): acTL, then fcTL + IDAT for
/// the first frame and fcTL + fdAT for each later one. A later frame holds only the rectangle
/// that changed, replacing those pixels (blend SOURCE, dispose NONE), so every displayed
/// pixel equals the PNG frame's. Delays are exact fractions (frames / fps). Rows are not
/// filtered: for UI frames deflate (level 9) finds more of the repeats in raw pixels than in
/// Sub/Up/Paeth residuals (measured in docs/previews.md).
public struct APNGFormat: AnimationFormat {
    public var name: String { "apng" }
    public var summary: String { "<scene>.png, one lossless animated PNG" }
    public init() {}
    public func fileName(forScene scene: String) -> String { scene + ".png" }
    public func makeEncoder(canvas: Canvas, options: RenderOptions) throws -> any AnimationEncoder {
        APNGEncoder(width: canvas.pixelWidth, height: canvas.pixelHeight, opaque: canvas.background.alpha >= 1,
                    plays: options.loopCount)
    }

    /// zlib level for frame data: the smallest files for the time (docs/previews.md).
    static let level: Int32 = 9
}

final class APNGEncoder: AnimationEncoder {
    let width: Int, height: Int
    let channels: Int
    let plays: Int
    private var previous: FrameImage?
    /// Frames so far: where they are and their data; written after acTL at the end.
    private var frames: [(rect: ChangedRect, data: [UInt8], span: FrameSpan)] = []

    init(width: Int, height: Int, opaque: Bool, plays: Int) {
        self.width = width; self.height = height; channels = opaque ? 3 : 4; self.plays = plays
    }

    func add(_ image: FrameImage, span: FrameSpan) throws {
        let rect: ChangedRect
        if let previous {
            guard let r = ChangedRect.between(previous, image) else {
                frames[frames.count - 1].span.end = span.end
                return
            }
            rect = r
        } else {
            rect = ChangedRect(x: 0, y: 0, width: width, height: height)
        }
        let raw = image.pixels.withUnsafeBufferPointer {
            PNGEncoder.filteredRows($0.baseAddress!, pixelsPerRow: width, x: rect.x, y: rect.y, width: rect.width, height: rect.height,
                                   channels: channels, filter: .none)
        }
        frames.append((rect, try PNGEncoder.deflate(raw, level: APNGFormat.level, memLevel: 9), span))
        previous = image
    }

    func finish() throws -> [UInt8] {
        guard !frames.isEmpty else { throw RenderError("an animation needs at least one frame") }
        var png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        PNGEncoder.appendChunk(&png, "IHDR", be32(width) + be32(height) + [8, channels == 3 ? 2 : 6, 0, 0, 0])
        PNGEncoder.appendChunk(&png, "acTL", be32(frames.count) + be32(plays))
        var sequence = 0
        for (i, f) in frames.enumerated() {
            let (num, den) = APNGEncoder.delay(frames: f.span.end - f.span.start, fps: f.span.fps)
            let fctl = be32(sequence) + be32(f.rect.width) + be32(f.rect.height) + be32(f.rect.x) + be32(f.rect.y)
                + be16(num) + be16(den) + [0, 0]  // dispose NONE, blend SOURCE
            PNGEncoder.appendChunk(&png, "fcTL", fctl)
            sequence += 1
            if i == 0 {
                PNGEncoder.appendChunk(&png, "IDAT", f.data)
            } else {
                PNGEncoder.appendChunk(&png, "fdAT", be32(sequence) + f.data)
                sequence += 1
            }
        }
        PNGEncoder.appendChunk(&png, "IEND", [])
        return png
    }

    /// `frames / fps` seconds as a reduced fraction. It fits APNG's 16-bit fields: fps ≤ 240
    /// and a timeline has at most SceneLimits.maxFrames (36,000) frames.
    static func delay(frames: Int, fps: Int) -> (Int, Int) {
        func gcd(_ a: Int, _ b: Int) -> Int { b == 0 ? a : gcd(b, a % b) }
        let g = gcd(frames, fps)
        return (min(frames / g, 65535), fps / g)
    }
}
