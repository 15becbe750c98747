import FlipbookCore

/// Options every backend understands.
public struct RenderOptions: Sendable {
    /// Draw the fingers that are down as translucent circles, as screen recordings do.
    public var showTouches: Bool
    /// How many times an animated preview plays; 0 loops forever.
    public var loopCount: Int
    /// Lossy WebP at this quality (0-100); nil writes lossless WebP.
    public var webpQuality: Double?
    /// Frames on a contact sheet (evenly spaced; all of them when the timeline has fewer).
    public var sheetFrames: Int
    /// MP4 and WebM quality, 0-100 (a constant quantiser; higher is larger and closer).
    public var videoQuality: Double
    /// Frames on a contact sheet when nothing says otherwise (`--sheet-frames`).
    public static let defaultSheetFrames = 12
    public init(showTouches: Bool = false, loopCount: Int = 0, webpQuality: Double? = nil, sheetFrames: Int = RenderOptions.defaultSheetFrames,
                videoQuality: Double = RenderOptions.defaultVideoQuality) {
        self.showTouches = showTouches; self.loopCount = loopCount; self.webpQuality = webpQuality; self.sheetFrames = sheetFrames
        self.videoQuality = videoQuality
    }
}

/// A file produced for a whole timeline (keyframes.json, later animated previews).
public struct OutputFile: Sendable {
    public var name: String
    public var bytes: [UInt8]
    public init(name: String, bytes: [UInt8]) { self.name = name; self.bytes = bytes }
}

/// A backend that writes one file per frame (`frame-NNNNN.<name>`). Frames arrive in any order
/// and on any thread, so the bytes must depend on the frame alone.
public protocol FrameFormat: Sendable {
    /// The name used with `--format` and as the frame files' extension.
    var name: String { get }
    /// What it writes, for `flipbook help render`.
    var summary: String { get }
    func renderFrame(_ frame: TimelineFrame, canvas: Canvas, options: RenderOptions) throws -> [UInt8]
}

/// A backend that writes files for the whole timeline (keyframes.json, animated previews).
public protocol TimelineFormat: Sendable {
    /// The name used with `--format`.
    var name: String { get }
    /// What it writes, for `flipbook help render`.
    var summary: String { get }
    func renderTimeline(_ timeline: Timeline, options: RenderOptions) throws -> [OutputFile]
}

/// An output format: either kind of backend. A new format is a new type conforming to one of
/// the two protocols, plus one entry in `OutputFormats.all`.
public enum OutputFormat: Sendable {
    case frames(any FrameFormat)
    case timeline(any TimelineFormat)
    case animation(any AnimationFormat)

    public var name: String {
        switch self {
        case .frames(let f): return f.name
        case .timeline(let t): return t.name
        case .animation(let a): return a.name
        }
    }

    public var summary: String {
        switch self {
        case .frames(let f): return f.summary
        case .timeline(let t): return t.summary
        case .animation(let a): return a.summary
        }
    }
}

/// A failure while rendering (not the user's input): exit code 1.
public struct RenderError: Error, CustomStringConvertible, Sendable {
    public var message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}

public enum OutputFormats {
    public static let all: [OutputFormat] = [
        .frames(PNGFormat()), .frames(SVGFormat()), .timeline(KeyframesJSONFormat()), .timeline(TracksJSONFormat()),
        .animation(GIFFormat()), .animation(APNGFormat()), .animation(WebPFormat()), .animation(MP4Format()),
        .animation(WebMFormat()), .timeline(ContactSheetFormat()),
        .timeline(AnimatedSVGFormat()),
    ]
    public static var names: [String] { all.map(\.name) }
    public static func named(_ name: String) -> OutputFormat? { all.first { $0.name == name } }

    /// The frame index of a file named `frame-` + at least five digits + `.ext`, else nil —
    /// the only names Flipbook writes frames under.
    public static func frameIndex(fileName name: String, ext: String) -> Int? {
        let suffix = "." + ext
        guard name.hasPrefix("frame-"), name.hasSuffix(suffix) else { return nil }
        let digits = name.dropFirst(6).dropLast(suffix.count)
        guard digits.count >= 5, digits.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
        return Int(digits)
    }

    /// The file name of frame `index` in a per-frame format.
    public static func frameFileName(_ index: Int, ext: String) -> String {
        let digits = String(index)
        return "frame-" + String(repeating: "0", count: max(0, 5 - digits.count)) + digits + "." + ext
    }
}
