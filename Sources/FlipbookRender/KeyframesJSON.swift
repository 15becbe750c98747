import FlipbookCore

/// `keyframes.json`: the timeline as text (format in docs/keyframes-format.md). Written with
/// JSONWriter, so the same timeline always gives the same bytes.
public struct KeyframesJSONFormat: OutputFormat {
    public var name: String { "json" }
    public var isPerFrame: Bool { false }
    public static let fileName = "keyframes.json"
    public init() {}

    public func renderTimeline(_ timeline: Timeline, options: RenderOptions) throws -> [OutputFile] {
        [OutputFile(name: KeyframesJSONFormat.fileName, bytes: Array(KeyframesJSONFormat.text(timeline).utf8))]
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
            w.beginObject("contentOffset")
            w.number("x", f.contentOffset.x)
            w.number("y", f.contentOffset.y)
            w.endObject()
            w.beginArray("items")
            for it in f.items {
                w.beginObject()
                w.string("id", it.id)
                w.string("kind", it.kind)
                w.number("x", it.frame.minX)
                w.number("y", it.frame.minY)
                w.number("width", it.frame.width)
                w.number("height", it.frame.height)
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
                    w.beginObject("contentOffset")
                    w.number("x", v.contentOffset.x)
                    w.number("y", v.contentOffset.y)
                    w.endObject()
                    w.beginObject("frame")
                    w.number("x", v.frame.minX)
                    w.number("y", v.frame.minY)
                    w.number("width", v.frame.width)
                    w.number("height", v.frame.height)
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
