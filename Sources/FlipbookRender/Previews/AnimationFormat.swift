#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import FlipbookCore

// Animated previews (GIF, APNG, animated WebP): one file for the whole timeline. The pipeline
// draws the frames on every core, merges consecutive identical frames into one longer one,
// and hands each distinct frame, in order, to one encoder per format.

/// A frame's pixels: Cairo's premultiplied ARGB (0xAARRGGBB, native-endian), row-major,
/// `width` pixels a row with no padding.
public struct FrameImage: Sendable, Equatable {
    public let width: Int
    public let height: Int
    public var pixels: [UInt32]
    public init(width: Int, height: Int, pixels: [UInt32]) {
        precondition(pixels.count == width * height)
        self.width = width; self.height = height; self.pixels = pixels
    }
}

extension FrameImage {
    /// Draws `frame` as the PNG backend does, straight into the image's own pixels.
    public init(drawing frame: TimelineFrame, canvas: Canvas, options: RenderOptions = RenderOptions()) throws {
        let w = canvas.pixelWidth, h = canvas.pixelHeight
        var pixels = [UInt32](repeating: 0, count: w * h)
        try pixels.withUnsafeMutableBytes { buffer in
            // ARGB32 rows of w·4 bytes are a valid Cairo stride (a multiple of 4).
            try Raster.draw(frame, canvas: canvas, options: options, into: buffer.baseAddress!.assumingMemoryBound(to: UInt8.self))
        }
        self.init(width: w, height: h, pixels: pixels)
    }
}

/// When an image is on screen: from the timeline's frame `start` up to (not including) frame
/// `end`, at `fps`, the timeline keeping every `step`-th frame (`render --step`). Exact, so
/// each format can round it its own way.
public struct FrameSpan: Sendable, Equatable {
    public var start: Int
    public var end: Int
    public var fps: Int
    public var step: Int
    public init(start: Int, end: Int, fps: Int, step: Int = 1) { self.start = start; self.end = end; self.fps = fps; self.step = step }
    public var startTime: Double { Double(start) / Double(fps) }
    public var endTime: Double { Double(end) / Double(fps) }
}

/// Receives a timeline's distinct frames in order and assembles one animated file.
public protocol AnimationEncoder: AnyObject {
    /// The next frame; `span.start` is the previous frame's `span.end`, and the image differs
    /// from the previous one.
    func add(_ image: FrameImage, span: FrameSpan) throws
    /// The file, after the last frame.
    func finish() throws -> [UInt8]
}

/// An encoder that works on several frames at once, on at most `workers` threads (the
/// render's), set before the first frame; its bytes must not depend on the number.
protocol ConcurrentAnimationEncoder: AnimationEncoder {
    var workers: Int { get set }
}

/// A backend that writes one animated file for the whole timeline.
public protocol AnimationFormat: Sendable {
    /// The name used with `--format`.
    var name: String { get }
    /// What it writes, for `flipbook help render`.
    var summary: String { get }
    /// The file it writes for a scene ("wallet-scroll.gif").
    func fileName(forScene scene: String) -> String
    func makeEncoder(canvas: Canvas, options: RenderOptions) throws -> any AnimationEncoder
    /// What is wrong with `canvas` for this format's encoder (a size it cannot code), or nil:
    /// asked before anything is drawn, so a render is refused up front.
    func canvasProblem(_ canvas: Canvas) -> String?
}

extension AnimationFormat {
    public func canvasProblem(_ canvas: Canvas) -> String? { nil }
}

/// The rectangle of pixels that differ between two images of one size (nil when equal).
struct ChangedRect: Equatable {
    var x: Int, y: Int, width: Int, height: Int

    static func between(_ a: FrameImage, _ b: FrameImage) -> ChangedRect? {
        let w = a.width, h = a.height
        return a.pixels.withUnsafeBufferPointer { pa in
            b.pixels.withUnsafeBufferPointer { pb in
                var top = 0
                while top < h, memcmpRow(pa.baseAddress! + top * w, pb.baseAddress! + top * w, w) { top += 1 }
                if top == h { return nil }
                var bottom = h - 1
                while bottom > top, memcmpRow(pa.baseAddress! + bottom * w, pb.baseAddress! + bottom * w, w) { bottom -= 1 }
                var left = w, right = -1
                for y in top...bottom {
                    let ra = pa.baseAddress! + y * w, rb = pb.baseAddress! + y * w
                    var x = 0
                    while x < left, ra[x] == rb[x] { x += 1 }
                    if x < left { left = x }
                    var r = w - 1
                    while r > right, ra[r] == rb[r] { r -= 1 }
                    if r > right { right = r }
                }
                return ChangedRect(x: left, y: top, width: right - left + 1, height: bottom - top + 1)
            }
        }
    }

    static func memcmpRow(_ a: UnsafePointer<UInt32>, _ b: UnsafePointer<UInt32>, _ n: Int) -> Bool {
        memcmp(a, b, n * 4) == 0
    }
}
