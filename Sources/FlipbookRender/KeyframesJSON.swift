import FlipbookCore
import FlipbookJSON

/// `keyframes.json`: the timeline as text (format in docs/keyframes-format.md). Written with
/// JSONWriter, so the same timeline always gives the same bytes.
public struct KeyframesJSONFormat: TimelineFormat {
    public var name: String { "json" }
    public static let fileName = "keyframes.json"
    public init() {}

    public func renderTimeline(_ timeline: Timeline, options: RenderOptions) throws -> [OutputFile] {
        [OutputFile(name: KeyframesJSONFormat.fileName, bytes: Array(KeyframesJSONFormat.text(timeline).utf8))]
    }

    static func point(_ w: inout JSONWriter, _ key: String, _ p: Point) {
        w.beginObject(key)
        w.number("x", p.x)
        w.number("y", p.y)
        w.endObject()
    }

    /// x, y, width, height as fields of the object being written.
    static func rect(_ w: inout JSONWriter, _ r: Rect) {
        w.number("x", r.minX)
        w.number("y", r.minY)
        w.number("width", r.width)
        w.number("height", r.height)
    }

    public static func text(_ timeline: Timeline) -> String {
        var w = JSONWriter()
        w.beginObject()
        w.string("scene", timeline.scene)
        w.integer("fps", timeline.fps)
        w.beginObject("canvas")
        w.number("width", timeline.canvas.width)
        w.number("height", timeline.canvas.height)
        w.integer("scale", timeline.canvas.scale)
        w.endObject()
        w.beginArray("frames")
        for f in timeline.frames {
            w.newline()
            w.beginObject()
            w.integer("index", f.index)
            w.number("time", f.time)
            point(&w, "contentOffset", f.contentOffset)
            w.beginArray("items")
            for it in f.items {
                w.beginObject()
                w.string("id", it.id)
                w.string("kind", it.kind)
                rect(&w, it.frame)
                w.integer("zIndex", it.zIndex)
                w.number("alpha", it.alpha)
                w.number("rotation", it.rotation)
                w.number("scale", it.scale)
                w.bool("hidden", it.hidden)
                w.endObject()
            }
            w.endArray()
            if !f.touches.isEmpty {
                w.beginArray("touches")
                for t in f.touches {
                    w.beginObject()
                    w.integer("id", t.id)
                    w.number("x", t.location.x)
                    w.number("y", t.location.y)
                    w.endObject()
                }
                w.endArray()
            }
            if !f.scrollViews.isEmpty {
                w.beginArray("scrollViews")
                for v in f.scrollViews {
                    w.beginObject()
                    w.string("id", v.id)
                    point(&w, "contentOffset", v.contentOffset)
                    w.beginObject("frame")
                    rect(&w, v.frame)
                    w.endObject()
                    w.endObject()
                }
                w.endArray()
            }
            if !f.recognizers.isEmpty {
                w.beginArray("recognizers")
                for r in f.recognizers {
                    w.beginObject()
                    w.string("name", r.name)
                    w.string("state", r.state)
                    w.endObject()
                }
                w.endArray()
            }
            w.endObject()
        }
        w.newline()
        w.endArray()
        w.endObject()
        w.newline()
        return w.text
    }
}
