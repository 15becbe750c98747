// FlipbookDiff: two renders in, a verdict and a report out. It reads what a render wrote
// (keyframes.json and frame PNGs), compares the timelines item by item (semantic diff) and the
// frames pixel by pixel, and writes report.json, report.html and junit.xml. Nothing here
// renders: `flipbook check` renders with FlipbookRender and then compares with this module.
import FlipbookCore
import FlipbookJSON

/// One item on one frame as keyframes.json records it (docs/keyframes-format.md).
public struct RecordedItem: Sendable, Equatable {
    public var id: String
    public var kind: String
    public var frame: Rect
    public var zIndex: Int
    public var alpha: Double
    public var rotation: Double
    public var scale: Double
    public var hidden: Bool
}

/// A frame of keyframes.json.
public struct RecordedFrame: Sendable {
    public var index: Int
    public var time: Double
    public var contentOffset: Point
    public var items: [RecordedItem]
}

/// keyframes.json read back.
public struct RecordedTimeline: Sendable {
    public var scene: String
    public var fps: Int
    public var canvas: Canvas
    public var frames: [RecordedFrame]

    /// Seconds the timeline covers: from its first frame to the end of its last.
    public var duration: Double {
        guard let first = frames.first, let last = frames.last else { return 0 }
        return Double(last.index + 1 - first.index) / Double(fps)
    }

    /// Reads keyframes.json; errors name the file and the field.
    public static func read(_ bytes: [UInt8], file: String) throws -> RecordedTimeline {
        let root = try JSONField.parse(bytes, file: file)
        let o = try root.object(allowed: ["scene", "fps", "canvas", "frames"])
        let c = try o.required("canvas").object(allowed: ["width", "height", "scale"])
        let canvas = Canvas(width: try c.required("width").positive(), height: try c.required("height").positive(),
                            scale: try c.required("scale").integer(in: 1...16))
        var frames: [RecordedFrame] = []
        for f in try o.required("frames").array() {
            let fo = try f.object(allowed: ["index", "time", "contentOffset", "items", "touches", "scrollViews", "recognizers"])
            let off = try fo.required("contentOffset").object(allowed: ["x", "y"])
            var items: [RecordedItem] = []
            for it in try fo.required("items").array() {
                let io = try it.object(allowed: ["id", "kind", "x", "y", "width", "height", "zIndex", "alpha", "rotation", "scale", "hidden"])
                items.append(RecordedItem(
                    id: try io.required("id").string(), kind: try io.required("kind").string(),
                    frame: Rect(x: try io.required("x").number(), y: try io.required("y").number(),
                                width: try io.required("width").number(), height: try io.required("height").number()),
                    zIndex: try io.required("zIndex").integer(in: Int(Int32.min)...Int(Int32.max)),
                    alpha: try io.required("alpha").number(), rotation: try io.required("rotation").number(),
                    scale: try io.required("scale").number(), hidden: try io.required("hidden").bool()))
            }
            frames.append(RecordedFrame(index: try fo.required("index").integer(in: 0...Int(Int32.max)), time: try fo.required("time").number(),
                                        contentOffset: Point(x: try off.required("x").number(), y: try off.required("y").number()),
                                        items: items))
        }
        return RecordedTimeline(scene: try o.required("scene").string(), fps: try o.required("fps").integer(in: 1...10_000),
                                canvas: canvas, frames: frames)
    }
}
