// FlipbookRender: keyframes in, files out. Every backend implements OutputFormat; the
// pipeline (RenderPipeline) runs per-frame formats in parallel and writes all files into a
// temporary directory that replaces the output only when everything succeeded.
// Only this module imports Cairo.
import FlipbookCore

/// Options every backend understands.
public struct RenderOptions: Sendable {
    /// Draw the fingers that are down as translucent circles, as screen recordings do.
    public var showTouches: Bool
    public init(showTouches: Bool = false) { self.showTouches = showTouches }
}

/// A file produced for a whole timeline (keyframes.json, later animated previews).
public struct OutputFile: Sendable {
    public var name: String
    public var bytes: [UInt8]
    public init(name: String, bytes: [UInt8]) { self.name = name; self.bytes = bytes }
}

/// A backend. A new output format is a new type conforming to this, plus one registry entry.
public protocol OutputFormat: Sendable {
    /// The name used with `--format` and as the frame files' extension.
    var name: String { get }
    /// Per-frame formats write `frame-NNNNN.<name>` for every frame; others write whole-timeline files.
    var isPerFrame: Bool { get }
    func renderFrame(_ frame: Frame, canvas: Canvas, options: RenderOptions) throws -> [UInt8]
    func renderTimeline(_ timeline: Timeline, options: RenderOptions) throws -> [OutputFile]
}

extension OutputFormat {
    public func renderFrame(_ frame: Frame, canvas: Canvas, options: RenderOptions) throws -> [UInt8] { [] }
    public func renderTimeline(_ timeline: Timeline, options: RenderOptions) throws -> [OutputFile] { [] }
}

/// A failure while rendering (not the user's input): exit code 1.
public struct RenderError: Error, CustomStringConvertible, Sendable {
    public var message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}

public enum OutputFormats {
    public static let all: [any OutputFormat] = [PNGFormat(), SVGFormat(), KeyframesJSONFormat()]
    public static var names: [String] { all.map(\.name) }
    public static func named(_ name: String) -> (any OutputFormat)? { all.first { $0.name == name } }

    /// The file name of frame `index` in a per-frame format.
    public static func frameFileName(_ index: Int, ext: String) -> String {
        let digits = String(index)
        return "frame-" + String(repeating: "0", count: max(0, 5 - digits.count)) + digits + "." + ext
    }
}
