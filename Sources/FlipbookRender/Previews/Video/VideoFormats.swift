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
        try VideoEncoder(codec: .h264, width: canvas.pixelWidth, height: canvas.pixelHeight, quality: options.videoQuality)
    }
}

public struct WebMFormat: AnimationFormat {
    public var name: String { "webm" }
    public var summary: String { "<scene>.webm, one VP9 video (--video-quality)" }
    public init() {}
    public func fileName(forScene scene: String) -> String { scene + ".webm" }
    public func makeEncoder(canvas: Canvas, options: RenderOptions) throws -> any AnimationEncoder {
        try VideoEncoder(codec: .vp9, width: canvas.pixelWidth, height: canvas.pixelHeight, quality: options.videoQuality)
    }
}

extension RenderOptions {
    /// The default `videoQuality`: the lowest that keeps every example at or above 40 dB mean
    /// PSNR against its PNG frames in both codecs (docs/previews.md has the measurements).
    public static let defaultVideoQuality: Double = 60
}

/// Feeds frames to one codec and its container.
final class VideoEncoder: AnimationEncoder {
    enum Codec { case h264, vp9 }
    let codec: Codec
    let width: Int, height: Int
    let quality: Double
    private var h264: OpaquePointer?
    private var vp9: OpaquePointer?
    private var mp4: MP4Writer?
    private var webm: WebMWriter?
    private var frameIndex = 0
    private var origin: Int?

    /// A keyframe at least this often (seconds), so a player can seek without decoding from the start.
    static let keyframeSeconds = 5

    init(codec: Codec, width: Int, height: Int, quality: Double) throws {
        self.codec = codec; self.width = width; self.height = height; self.quality = quality
    }

    deinit {
        if let h264 { fb_h264_close(h264) }
        if let vp9 { fb_vp9_close(vp9) }
    }

    /// H.264's quantiser 51-0 and VP9's 63-0 for quality 0-100.
    static func h264QP(quality: Double) -> Int32 { Int32(((100 - quality) * 51 / 100).rounded()) }
    static func vp9CQ(quality: Double) -> Int32 { Int32(((100 - quality) * 63 / 100).rounded()) }

    /// OpenH264 codes even sides of at least 16 pixels: a side that is odd or shorter gains
    /// copies of the last column or row.
    var codedWidth: Int { codec == .h264 ? max(16, (width + 1) & ~1) : width }
    var codedHeight: Int { codec == .h264 ? max(16, (height + 1) & ~1) : height }

    /// Opens the codec at the first frame, when the frame rate is known.
    private func start(_ span: FrameSpan) throws {
        var error = [CChar](repeating: 0, count: 256)
        let rate = Int32(span.fps)
        let keyInterval = Int32(max(1, VideoEncoder.keyframeSeconds * span.fps / span.step))
        switch codec {
        case .h264:
            h264 = fb_h264_open(Int32(codedWidth), Int32(codedHeight), rate, VideoEncoder.h264QP(quality: quality), keyInterval, &error, error.count)
            mp4 = MP4Writer(width: codedWidth, height: codedHeight, timescale: span.fps, frameDuration: span.step)
            if h264 == nil { throw RenderError("MP4: " + message(error)) }
        case .vp9:
            vp9 = fb_vp9_open(Int32(width), Int32(height), rate, VideoEncoder.vp9CQ(quality: quality), VideoEncoder.vp9Speed, keyInterval,
                              &error, error.count)
            webm = WebMWriter(width: width, height: height, timescale: span.fps, frameDuration: span.step)
            if vp9 == nil { throw RenderError("WebM: " + message(error)) }
        }
    }

    private func message(_ chars: [CChar]) -> String {
        String(decoding: chars.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// libvpx's cpu-used: 0 is slowest; docs/previews.md has the measured choice.
    static let vp9Speed: Int32 = 5

    func add(_ image: FrameImage, span: FrameSpan) throws {
        if origin == nil {
            origin = span.start
            try start(span)
        }
        let picture = YCbCr420(image, paddedWidth: codedWidth, paddedHeight: codedHeight)
        let repeats = max(1, (span.end - span.start) / span.step)
        try picture.y.withUnsafeBufferPointer { y in
            try picture.cb.withUnsafeBufferPointer { u in
                try picture.cr.withUnsafeBufferPointer { v in
                    var planes = fb_yuv420(y: y.baseAddress, u: u.baseAddress, v: v.baseAddress,
                                           strideY: Int32(picture.width), strideUV: Int32(picture.chromaWidth))
                    for _ in 0..<repeats { try encode(&planes) }
                }
            }
        }
    }

    private func encode(_ planes: inout fb_yuv420) throws {
        switch codec {
        case .h264:
            var packet = fb_packet()
            guard fb_h264_encode(h264, &planes, Int64(frameIndex), &packet) == 0 else { throw RenderError("MP4: OpenH264 failed to encode frame \(frameIndex)") }
            try mp4!.add(annexB: Array(UnsafeBufferPointer(start: packet.data, count: packet.size)))
        case .vp9:
            guard fb_vp9_encode(vp9, &planes, Int64(frameIndex)) == 0 else { throw RenderError("WebM: libvpx failed: " + String(cString: fb_vp9_error(vp9))) }
            collectVP9()
        }
        frameIndex += 1
    }

    private func collectVP9() {
        var packet = fb_packet()
        var pts: Int64 = 0
        while fb_vp9_next(vp9, &packet, &pts) == 1 {
            webm!.add(Array(UnsafeBufferPointer(start: packet.data, count: packet.size)), keyframe: packet.keyframe != 0)
        }
    }

    func finish() throws -> [UInt8] {
        guard frameIndex > 0 else { throw RenderError("an animation needs at least one frame") }
        switch codec {
        case .h264:
            return try mp4!.finish()
        case .vp9:
            guard fb_vp9_encode(vp9, nil, 0) == 0 else { throw RenderError("WebM: libvpx failed: " + String(cString: fb_vp9_error(vp9))) }
            collectVP9()
            guard webm!.frameCount == frameIndex else { throw RenderError("WebM: libvpx returned \(webm!.frameCount) of \(frameIndex) frames") }
            return try webm!.finish()
        }
    }
}
