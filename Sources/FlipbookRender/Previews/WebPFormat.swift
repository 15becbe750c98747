import CWebP
import Dispatch
import Foundation
import FlipbookCore

/// Animated WebP (developers.google.com/speed/webp/docs/riff_container), lossless by default,
/// lossy at `RenderOptions.webpQuality`. Timestamps are milliseconds, rounded from each frame's
/// exact time, so the total is the duration to the millisecond.
///
/// Lossless: each frame after the first is the rectangle that changed, snapped to even offsets
/// (ANMF stores them halved), encoded alone by libwebp (WebPEncode) and written over the canvas
/// without blending, then assembled in order by libwebp's mux (WebPMuxAssemble). libwebp's
/// WebPAnimEncoder instead blends each sub-frame with its unchanged pixels made transparent,
/// which on UI frames is 8 % larger (docs/performance.md), and encodes one frame at a time;
/// here each frame depends only on the one before, so frames are encoded on every worker and
/// the bytes do not depend on how many. Lossy goes through WebPAnimEncoder, whose sub-frame
/// choices are made for lossy error. Each libwebp call runs on one thread (thread_level 0).
public struct WebPFormat: AnimationFormat {
    public var name: String { "webp" }
    public var summary: String { "<scene>.webp, one animated WebP (lossless by default)" }
    public init() {}
    public func fileName(forScene scene: String) -> String { scene + ".webp" }
    public func makeEncoder(canvas: Canvas, options: RenderOptions) throws -> any AnimationEncoder {
        let opaque = canvas.background.alpha >= 1
        guard let quality = options.webpQuality else {
            return try LosslessWebPEncoder(width: canvas.pixelWidth, height: canvas.pixelHeight, opaque: opaque, loopCount: options.loopCount)
        }
        return try LossyWebPEncoder(width: canvas.pixelWidth, height: canvas.pixelHeight, opaque: opaque, quality: quality, loopCount: options.loopCount)
    }

    static func milliseconds(_ frames: Int, fps: Int) -> Int { (2000 * frames + fps) / (2 * fps) }

    /// Imports `rect` of `image` into `picture` (its size set to the rectangle's). Cairo's ARGB32
    /// is B, G, R, A in memory on little-endian machines: WebP's BGRA as it is when opaque
    /// (premultiplied equals straight), read in place; else un-premultiplied into a copy.
    static func importBGRA(_ picture: inout WebPPicture, _ image: FrameImage, _ rect: ChangedRect, opaque: Bool) -> Bool {
        picture.width = Int32(rect.width)
        picture.height = Int32(rect.height)
        picture.use_argb = 1
        if opaque {
            return image.pixels.withUnsafeBytes {
                let start = $0.baseAddress!.assumingMemoryBound(to: UInt8.self) + 4 * (rect.y * image.width + rect.x)
                return WebPPictureImportBGRA(&picture, start, Int32(image.width * 4)) != 0
            }
        }
        var straight = [UInt32](repeating: 0, count: rect.width * rect.height)
        for y in 0..<rect.height {
            for x in 0..<rect.width {
                let c = straightRGBA(image.pixels[(rect.y + y) * image.width + rect.x + x])
                straight[y * rect.width + x] = UInt32(c.a) << 24 | UInt32(c.r) << 16 | UInt32(c.g) << 8 | UInt32(c.b)
            }
        }
        return straight.withUnsafeBytes {
            WebPPictureImportBGRA(&picture, $0.baseAddress!.assumingMemoryBound(to: UInt8.self), Int32(rect.width * 4)) != 0
        }
    }
}

final class LosslessWebPEncoder: ConcurrentAnimationEncoder, @unchecked Sendable {
    let width: Int, height: Int, opaque: Bool, loopCount: Int
    var workers = 1
    private var config = WebPConfig()
    private var previous: FrameImage?
    private var origin: Int?
    private var lastEnd = 0
    /// Per frame in order: its rectangle and start (ms); its bitstream once encoded.
    private var frames: [(rect: ChangedRect, start: Int)] = []
    private var bitstreams: [[UInt8]?] = []
    private var failure: Error?
    private let lock = NSLock()
    private let group = DispatchGroup()
    private var inFlight: DispatchSemaphore?

    init(width: Int, height: Int, opaque: Bool, loopCount: Int) throws {
        self.width = width; self.height = height; self.opaque = opaque; self.loopCount = loopCount
        guard WebPConfigInit(&config) != 0 else { throw RenderError("libwebp version mismatch") }
        config.lossless = 1
        config.quality = WebPFormat.losslessEffort
        config.method = WebPFormat.method
        config.thread_level = 0
        guard WebPValidateConfig(&config) != 0 else { throw RenderError("invalid WebP settings") }
    }

    func add(_ image: FrameImage, span: FrameSpan) throws {
        let origin = self.origin ?? span.start
        self.origin = origin
        lastEnd = WebPFormat.milliseconds(span.end - origin, fps: span.fps)
        var rect = ChangedRect(x: 0, y: 0, width: width, height: height)
        if let previous {
            guard let r = ChangedRect.between(previous, image) else { return }
            rect = r
            // ANMF offsets are stored halved: start the rectangle on even coordinates.
            rect.width += rect.x & 1; rect.x &= ~1
            rect.height += rect.y & 1; rect.y &= ~1
        }
        previous = image
        let index = frames.count
        frames.append((rect, WebPFormat.milliseconds(span.start - origin, fps: span.fps)))
        lock.lock(); bitstreams.append(nil); lock.unlock()  // encoding frames write into it
        if inFlight == nil { inFlight = DispatchSemaphore(value: max(1, workers)) }
        let inFlight = self.inFlight!
        inFlight.wait()
        DispatchQueue.global().async(group: group) { [config, rect] in
            defer { inFlight.signal() }
            let result = Result { try self.encode(image, rect, config) }
            self.lock.lock(); defer { self.lock.unlock() }
            switch result {
            case .success(let bytes): self.bitstreams[index] = bytes
            case .failure(let error): if self.failure == nil { self.failure = error }
            }
        }
    }

    /// One frame's rectangle as a single-image lossless WebP.
    private func encode(_ image: FrameImage, _ rect: ChangedRect, _ config: WebPConfig) throws -> [UInt8] {
        var config = config
        var picture = WebPPicture()
        guard WebPPictureInit(&picture) != 0 else { throw RenderError("libwebp version mismatch") }
        defer { WebPPictureFree(&picture) }
        guard WebPFormat.importBGRA(&picture, image, rect, opaque: opaque) else { throw RenderError("WebP: out of memory importing a frame") }
        let writer = UnsafeMutablePointer<WebPMemoryWriter>.allocate(capacity: 1)
        defer { WebPMemoryWriterClear(writer); writer.deallocate() }
        WebPMemoryWriterInit(writer)
        picture.writer = WebPMemoryWrite
        picture.custom_ptr = UnsafeMutableRawPointer(writer)
        guard WebPEncode(&config, &picture) != 0 else { throw RenderError("WebP encoding failed (libwebp error \(picture.error_code.rawValue))") }
        return Array(UnsafeBufferPointer(start: writer.pointee.mem, count: writer.pointee.size))
    }

    func finish() throws -> [UInt8] {
        group.wait()
        if let failure { throw failure }
        guard !frames.isEmpty else { throw RenderError("an animation needs at least one frame") }
        guard let mux = WebPMuxNew() else { throw RenderError("WebP: out of memory") }
        defer { WebPMuxDelete(mux) }
        for (i, frame) in frames.enumerated() {
            let end = i + 1 < frames.count ? frames[i + 1].start : lastEnd
            let status = bitstreams[i]!.withUnsafeBufferPointer { b -> WebPMuxError in
                var info = WebPMuxFrameInfo()
                info.bitstream = WebPData(bytes: b.baseAddress, size: b.count)
                info.x_offset = Int32(frame.rect.x)
                info.y_offset = Int32(frame.rect.y)
                info.duration = Int32(max(1, end - frame.start))
                info.id = WEBP_CHUNK_ANMF
                info.dispose_method = WEBP_MUX_DISPOSE_NONE
                info.blend_method = WEBP_MUX_NO_BLEND
                return WebPMuxPushFrame(mux, &info, 1)
            }
            guard status == WEBP_MUX_OK else { throw RenderError("WebP: could not add frame \(i) (libwebp mux error \(status.rawValue))") }
        }
        // White background (as WebPAnimEncoder writes), shown by players before the first frame.
        var params = WebPMuxAnimParams(bgcolor: 0xFFFF_FFFF, loop_count: Int32(loopCount))
        guard WebPMuxSetAnimationParams(mux, &params) == WEBP_MUX_OK,
              WebPMuxSetCanvasSize(mux, Int32(width), Int32(height)) == WEBP_MUX_OK else { throw RenderError("WebP: invalid animation settings") }
        var data = WebPData()
        WebPDataInit(&data)
        defer { WebPDataClear(&data) }
        guard WebPMuxAssemble(mux, &data) == WEBP_MUX_OK else { throw RenderError("WebP assembly failed") }
        return Array(UnsafeBufferPointer(start: data.bytes, count: data.size))
    }
}

/// Lossy animated WebP through libwebp's WebPAnimEncoder (container-api), one thread.
final class LossyWebPEncoder: AnimationEncoder {
    let width: Int, height: Int
    private let encoder: OpaquePointer
    private var config = WebPConfig()
    private var origin: Int?
    private var lastEnd = 0
    private var count = 0

    /// Every pixel opaque (the canvas background is), so no un-premultiplying is needed.
    let opaque: Bool

    init(width: Int, height: Int, opaque: Bool, quality: Double, loopCount: Int) throws {
        self.width = width; self.height = height; self.opaque = opaque
        var anim = WebPAnimEncoderOptions()
        guard WebPAnimEncoderOptionsInit(&anim) != 0, WebPConfigInit(&config) != 0 else { throw RenderError("libwebp version mismatch") }
        anim.anim_params.loop_count = Int32(loopCount)
        anim.allow_mixed = 0
        config.lossless = 0
        config.quality = Float(quality)
        config.method = WebPFormat.method
        config.thread_level = 0
        guard WebPValidateConfig(&config) != 0 else { throw RenderError("invalid WebP settings") }
        guard let e = WebPAnimEncoderNew(Int32(width), Int32(height), &anim) else { throw RenderError("could not create a WebP encoder") }
        encoder = e
    }

    deinit { WebPAnimEncoderDelete(encoder) }

    func add(_ image: FrameImage, span: FrameSpan) throws {
        let origin = self.origin ?? span.start
        self.origin = origin
        lastEnd = WebPFormat.milliseconds(span.end - origin, fps: span.fps)
        var picture = WebPPicture()
        guard WebPPictureInit(&picture) != 0 else { throw RenderError("libwebp version mismatch") }
        defer { WebPPictureFree(&picture) }
        let whole = ChangedRect(x: 0, y: 0, width: width, height: height)
        guard WebPFormat.importBGRA(&picture, image, whole, opaque: opaque) else { throw RenderError("WebP: out of memory importing a frame") }
        let timestamp = Int32(WebPFormat.milliseconds(span.start - origin, fps: span.fps))
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
    /// time on UI frames (docs/previews.md): effort 100 is 4.4 % smaller for 3x the time, and
    /// methods 5 and 6 gain under 0.1 %.
    static let losslessEffort: Float = 75
    static let method: Int32 = 4
}
