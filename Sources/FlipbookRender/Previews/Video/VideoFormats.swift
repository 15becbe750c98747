import CVideo
import FlipbookCore

/// MP4 (H.264, Main profile) and WebM (VP9, profile 0): one video file each, at the scene's
/// frame rate with every frame coded (constant frame rate: a frame held for n steps is coded n
/// times, the repeats as a few bytes each), BT.709 4:2:0 at limited range, tagged so in both the
/// bitstream and the container. Quality is `RenderOptions.videoQuality` (0-100), mapped to a
/// constant quantiser for each codec, so the quality does not depend on the content's motion.
/// The encoders run on one thread: the same frames give the same bytes on any machine.
/// OpenH264 (BSD-2-Clause) and libvpx (BSD-3-Clause) are the encoders (docs/previews.md says
/// why these two); the containers are written by Flipbook (MP4Writer, WebMWriter).
public struct MP4Format: AnimationFormat {
    public var name: String { "mp4" }
    public var summary: String { "<scene>.mp4, one H.264 video (--video-quality)" }
    public init() {}
    public func fileName(forScene scene: String) -> String { scene + ".mp4" }
    public func makeEncoder(canvas: Canvas, options: RenderOptions) throws -> any AnimationEncoder {
        if let problem = canvasProblem(canvas) { throw RenderError(problem) }
        return VideoEncoder(codec: .h264, width: canvas.pixelWidth, height: canvas.pixelHeight, quality: options.videoQuality)
    }

    /// H.264's highest level OpenH264 codes, 5.2, holds frames of at most 36,864 macroblocks
    /// of 16 x 16 px (about 9.4 million pixels), none more than √(8 · 36,864) = 543 macroblocks
    /// (8,688 px) on a side (ITU-T H.264 Table A-1, MaxFS, and A.3.1's side bound).
    static let maxMacroblocks = 36_864
    public func canvasProblem(_ canvas: Canvas) -> String? {
        let w = (canvas.pixelWidth + 15) / 16, h = (canvas.pixelHeight + 15) / 16
        let side = Int(Double(8 * MP4Format.maxMacroblocks).squareRoot())
        guard w * h > MP4Format.maxMacroblocks || max(w, h) > side else { return nil }
        return "mp4 (H.264 level 5.2) codes at most \(MP4Format.maxMacroblocks * 256) pixels a frame and \(side * 16) px a side; "
            + "\(canvas.pixelWidth)x\(canvas.pixelHeight) is more: lower --scale or use webm"
    }
}

public struct WebMFormat: AnimationFormat {
    public var name: String { "webm" }
    public var summary: String { "<scene>.webm, one VP9 video (--video-quality)" }
    public init() {}
    public func fileName(forScene scene: String) -> String { scene + ".webm" }
    public func makeEncoder(canvas: Canvas, options: RenderOptions) throws -> any AnimationEncoder {
        VideoEncoder(codec: .vp9, width: canvas.pixelWidth, height: canvas.pixelHeight, quality: options.videoQuality)
    }
}

extension RenderOptions {
    /// The default `videoQuality`: the lowest that keeps every example at or above 40 dB mean
    /// PSNR against its PNG frames in both codecs (docs/previews.md has the measurements).
    public static let defaultVideoQuality: Double = 60
}

/// Feeds frames to one codec and its container, opened at the first frame (when the frame
/// rate is known).
final class VideoEncoder: AnimationEncoder {
    enum Codec { case h264, vp9 }
    let codec: Codec
    let width: Int, height: Int
    let quality: Double
    private var stream: (any VideoStream)?
    private var frameCount = 0

    /// A keyframe at least this often (seconds), so a player can seek without decoding from the start.
    static let keyframeSeconds = 5

    init(codec: Codec, width: Int, height: Int, quality: Double) {
        self.codec = codec; self.width = width; self.height = height; self.quality = quality
    }

    func add(_ image: FrameImage, span: FrameSpan) throws {
        let stream = try self.stream ?? open(span)
        self.stream = stream
        let picture = YCbCr420(image, paddedWidth: stream.codedWidth, paddedHeight: stream.codedHeight)
        let repeats = max(1, (span.end - span.start) / span.step)
        try picture.y.withUnsafeBufferPointer { y in
            try picture.cb.withUnsafeBufferPointer { u in
                try picture.cr.withUnsafeBufferPointer { v in
                    var planes = fb_yuv420(y: y.baseAddress, u: u.baseAddress, v: v.baseAddress,
                                           strideY: Int32(picture.width), strideUV: Int32(picture.chromaWidth))
                    for _ in 0..<repeats {
                        try stream.encode(&planes, frameIndex: frameCount)
                        frameCount += 1
                    }
                }
            }
        }
    }

    func finish() throws -> [UInt8] {
        guard let stream else { throw RenderError("an animation needs at least one frame") }
        return try stream.finish(frameCount: frameCount)
    }

    private func open(_ span: FrameSpan) throws -> any VideoStream {
        let keyInterval = max(1, VideoEncoder.keyframeSeconds * span.fps / span.step)
        switch codec {
        case .h264: return try H264Stream(width: width, height: height, span: span, quality: quality, keyInterval: keyInterval)
        case .vp9: return try VP9Stream(width: width, height: height, span: span, quality: quality, keyInterval: keyInterval)
        }
    }
}

/// One encoder writing into its container.
protocol VideoStream: AnyObject {
    /// The sides the codec codes; a frame is padded to them.
    var codedWidth: Int { get }
    var codedHeight: Int { get }
    func encode(_ planes: inout fb_yuv420, frameIndex: Int) throws
    func finish(frameCount: Int) throws -> [UInt8]
}

/// H.264 (OpenH264) in MP4.
final class H264Stream: VideoStream {
    let codedWidth: Int, codedHeight: Int
    private let encoder: OpaquePointer
    private var mp4: MP4Writer

    /// H.264's quantiser, 51-0 for quality 0-100.
    static func qp(quality: Double) -> Int32 { Int32(((100 - quality) * 51 / 100).rounded()) }

    init(width: Int, height: Int, span: FrameSpan, quality: Double, keyInterval: Int) throws {
        // OpenH264 codes even sides of at least 16 pixels: a side that is odd or shorter gains
        // copies of the last column or row.
        codedWidth = max(16, (width + 1) & ~1)
        codedHeight = max(16, (height + 1) & ~1)
        var error = [CChar](repeating: 0, count: 256)
        guard let e = fb_h264_open(Int32(codedWidth), Int32(codedHeight), Int32(span.fps), H264Stream.qp(quality: quality),
                                   Int32(keyInterval), &error, error.count) else {
            throw RenderError("MP4: " + cMessage(error))
        }
        encoder = e
        mp4 = MP4Writer(width: codedWidth, height: codedHeight, timescale: span.fps, frameDuration: span.step)
    }

    deinit { fb_h264_close(encoder) }

    func encode(_ planes: inout fb_yuv420, frameIndex: Int) throws {
        var packet = fb_packet()
        guard fb_h264_encode(encoder, &planes, Int64(frameIndex), &packet) == 0 else {
            throw RenderError("MP4: OpenH264 failed to encode frame \(frameIndex)")
        }
        try mp4.add(annexB: Array(UnsafeBufferPointer(start: packet.data, count: packet.size)))
    }

    func finish(frameCount: Int) throws -> [UInt8] { try mp4.finish() }
}

/// VP9 (libvpx) in WebM.
final class VP9Stream: VideoStream {
    let codedWidth: Int, codedHeight: Int
    private let encoder: OpaquePointer
    private var webm: WebMWriter

    /// VP9's cq-level, 63-0 for quality 0-100.
    static func cqLevel(quality: Double) -> Int32 { Int32(((100 - quality) * 63 / 100).rounded()) }
    /// libvpx's cpu-used: 0 is slowest; docs/previews.md has the measured choice.
    static let speed: Int32 = 5

    init(width: Int, height: Int, span: FrameSpan, quality: Double, keyInterval: Int) throws {
        codedWidth = width; codedHeight = height  // VP9 codes any size
        var error = [CChar](repeating: 0, count: 256)
        guard let e = fb_vp9_open(Int32(width), Int32(height), Int32(span.fps), VP9Stream.cqLevel(quality: quality), VP9Stream.speed,
                                  Int32(keyInterval), &error, error.count) else {
            throw RenderError("WebM: " + cMessage(error))
        }
        encoder = e
        webm = WebMWriter(width: width, height: height, timescale: span.fps, frameDuration: span.step)
    }

    deinit { fb_vp9_close(encoder) }

    func encode(_ planes: inout fb_yuv420, frameIndex: Int) throws {
        guard fb_vp9_encode(encoder, &planes, Int64(frameIndex)) == 0 else { throw failure() }
        collect()
    }

    func finish(frameCount: Int) throws -> [UInt8] {
        guard fb_vp9_encode(encoder, nil, 0) == 0 else { throw failure() }
        collect()
        guard webm.frameCount == frameCount else { throw RenderError("WebM: libvpx returned \(webm.frameCount) of \(frameCount) frames") }
        return try webm.finish()
    }

    private func collect() {
        var packet = fb_packet()
        while fb_vp9_next(encoder, &packet) == 1 {
            webm.add(Array(UnsafeBufferPointer(start: packet.data, count: packet.size)), keyframe: packet.keyframe != 0)
        }
    }

    private func failure() -> RenderError { RenderError("WebM: libvpx failed: " + String(cString: fb_vp9_error(encoder))) }
}

/// A C library's message from a NUL-terminated buffer.
private func cMessage(_ chars: [CChar]) -> String {
    String(decoding: chars.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
}
