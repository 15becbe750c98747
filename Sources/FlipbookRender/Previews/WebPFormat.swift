import CWebP
import FlipbookCore

/// Animated WebP through libwebp's WebPAnimEncoder (developers.google.com/speed/webp/docs/container-api):
/// lossless by default, lossy at `RenderOptions.webpQuality`. Timestamps are milliseconds,
/// rounded from each frame's exact time, so the total is the duration to the millisecond.
/// One thread (thread_level 0), so the bytes do not depend on the machine.
public struct WebPFormat: AnimationFormat {
    public var name: String { "webp" }
    public var summary: String { "<scene>.webp, one animated WebP (lossless by default)" }
    public init() {}
    public func fileName(forScene scene: String) -> String { scene + ".webp" }
    public func makeEncoder(canvas: Canvas, options: RenderOptions) throws -> any AnimationEncoder {
        try WebPEncoder(width: canvas.pixelWidth, height: canvas.pixelHeight, opaque: canvas.background.alpha >= 1, options: options)
    }
}

final class WebPEncoder: AnimationEncoder {
    let width: Int, height: Int
    private let encoder: OpaquePointer
    private var config = WebPConfig()
    private var origin: Int?
    private var lastEnd = 0
    private var count = 0

    /// Every pixel opaque (the canvas background is), so no un-premultiplying is needed.
    let opaque: Bool

    init(width: Int, height: Int, opaque: Bool, options: RenderOptions) throws {
        self.width = width; self.height = height; self.opaque = opaque
        var anim = WebPAnimEncoderOptions()
        guard WebPAnimEncoderOptionsInit(&anim) != 0, WebPConfigInit(&config) != 0 else { throw RenderError("libwebp version mismatch") }
        anim.anim_params.loop_count = Int32(options.loopCount)
        anim.allow_mixed = 0
        if let q = options.webpQuality {
            config.lossless = 0
            config.quality = Float(q)
        } else {
            config.lossless = 1
            config.quality = WebPFormat.losslessEffort
        }
        config.method = WebPFormat.method
        config.thread_level = 0
        guard WebPValidateConfig(&config) != 0 else { throw RenderError("invalid WebP settings") }
        guard let e = WebPAnimEncoderNew(Int32(width), Int32(height), &anim) else { throw RenderError("could not create a WebP encoder") }
        encoder = e
    }

    deinit { WebPAnimEncoderDelete(encoder) }

    static func milliseconds(_ frames: Int, fps: Int) -> Int { (2000 * frames + fps) / (2 * fps) }

    func add(_ image: FrameImage, span: FrameSpan) throws {
        let origin = self.origin ?? span.start
        self.origin = origin
        lastEnd = WebPEncoder.milliseconds(span.end - origin, fps: span.fps)
        var picture = WebPPicture()
        guard WebPPictureInit(&picture) != 0 else { throw RenderError("libwebp version mismatch") }
        picture.width = Int32(width)
        picture.height = Int32(height)
        picture.use_argb = 1
        defer { WebPPictureFree(&picture) }
        // Cairo's ARGB32 is B, G, R, A in memory on little-endian machines: WebP's BGRA as it
        // is when opaque (premultiplied equals straight), else once un-premultiplied.
        var pixels = image.pixels
        if !opaque {
            for (i, p) in pixels.enumerated() {
                let c = straightRGBA(p)
                pixels[i] = UInt32(c.a) << 24 | UInt32(c.r) << 16 | UInt32(c.g) << 8 | UInt32(c.b)
            }
        }
        let imported = pixels.withUnsafeBytes {
            WebPPictureImportBGRA(&picture, $0.baseAddress!.assumingMemoryBound(to: UInt8.self), Int32(width * 4))
        }
        guard imported != 0 else { throw RenderError("WebP: out of memory importing a frame") }
        let timestamp = Int32(WebPEncoder.milliseconds(span.start - origin, fps: span.fps))
        guard WebPAnimEncoderAdd(encoder, &picture, timestamp, &config) != 0 else {
            throw RenderError("WebP encoding failed: " + String(cString: WebPAnimEncoderGetError(encoder)))
        }
        count += 1
    }

    func finish() throws -> [UInt8] {
        guard count > 0 else { throw RenderError("an animation needs at least one frame") }
        guard WebPAnimEncoderAdd(encoder, nil, Int32(lastEnd), nil) != 0 else {
            throw RenderError("WebP encoding failed: " + String(cString: WebPAnimEncoderGetError(encoder)))
        }
        var data = WebPData()
        WebPDataInit(&data)
        defer { WebPDataClear(&data) }
        guard WebPAnimEncoderAssemble(encoder, &data) != 0 else {
            throw RenderError("WebP assembly failed: " + String(cString: WebPAnimEncoderGetError(encoder)))
        }
        return Array(UnsafeBufferPointer(start: data.bytes, count: data.size))
    }
}

extension WebPFormat {
    /// Lossless effort (0-100) and method (0-6): libwebp's defaults, the knee of size against
    /// time on UI frames (docs/previews.md: method 5 takes 1.6x as long for 0.3 % less).
    static let losslessEffort: Float = 75
    static let method: Int32 = 4
}
