import FlipbookCore
import FlipbookJSON

/// A timeline written as one JSON file of its own name (keyframes.json, timeline.json).
protocol TimelineJSONFile: TimelineFormat {
    static var fileName: String { get }
    static func text(_ timeline: Timeline) throws -> String
}

extension TimelineJSONFile {
    public func renderTimeline(_ timeline: Timeline, options: RenderOptions) throws -> [OutputFile] {
        [OutputFile(name: Self.fileName, bytes: Array(try Self.text(timeline).utf8))]
    }
}

/// `keyframes.json`: the timeline as text (format in docs/keyframes-format.md). Written with
/// JSONWriter, so the same timeline always gives the same bytes.
public struct KeyframesJSONFormat: TimelineJSONFile {
    public var name: String { "json" }
    public var summary: String { "keyframes.json: what is drawn where on every frame" }
    public static let fileName = "keyframes.json"
    public init() {}

    /// The scene's name, fps and canvas, as both timeline files begin.
    static func writeHeader(_ timeline: Timeline, _ w: inout JSONWriter) {
        w.string("scene", timeline.scene)
        w.integer("fps", timeline.fps)
        w.beginObject("canvas")
        w.number("width", timeline.canvas.width)
        w.number("height", timeline.canvas.height)
        w.integer("scale", timeline.canvas.scale)
        if timeline.canvas.background != .white { w.string("background", timeline.canvas.background.hex) }
        w.endObject()
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

    /// Refuses a timeline with a non-finite number (JSONWriter.finished()).
    public static func text(_ timeline: Timeline) throws -> String {
        var w = JSONWriter()
        var looks = LookTable()
        w.beginObject()
        writeHeader(timeline, &w)
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
                w.string("kind", it.kind.rawValue)
                rect(&w, it.frame)
                w.integer("zIndex", it.zIndex)
                w.number("alpha", it.alpha)
                w.number("rotation", it.rotation)
                w.number("scale", it.scale)
                if let t = it.transform3D {
                    w.beginArray("transform3D")
                    for v in t.m { w.number(nil, v) }
                    w.endArray()
                }
                w.bool("hidden", it.hidden)
                w.string("look", looks.name(it.appearance))
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
                    w.string("state", r.state.rawValue)
                    w.endObject()
                }
                w.endArray()
            }
            w.endObject()
        }
        w.newline()
        w.endArray()
        looks.write(to: &w)
        w.endObject()
        w.newline()
        return try w.finished()
    }

    /// The distinct looks of a timeline by name, written as `"looks": {name: look, …}`, one a
    /// line, in name order.
    struct LookTable {
        private var names: [Appearance: String] = [:]
        private var texts: [String: String] = [:]
        private var nonFinite: String?

        mutating func name(_ a: Appearance) -> String {
            if let n = names[a] { return n }
            let (n, json, bad) = Looks.written(a)
            names[a] = n
            texts[n] = json
            if nonFinite == nil, let bad { nonFinite = "look \(n): \(bad)" }
            return n
        }

        func write(to w: inout JSONWriter) {
            w.beginObject("looks")
            for (name, json) in texts.sorted(by: { $0.key < $1.key }) {
                w.newline()
                w.raw(name, json, nonFinite: nonFinite)
            }
            w.newline()
            w.endObject()
        }
    }

    /// A DrawItem.transform3D as written: its 16 numbers, row by row.
    static func transform3D(_ f: JSONField) throws -> Transform3D {
        let values = try f.array(minCount: 16, maxCount: 16).map { try $0.number() }
        guard values.allSatisfy({ SceneLimits.timelineNumbers.allows($0) }) else { throw f.expected("16 numbers, each \(SceneLimits.timelineNumbers.expectation())") }
        return Transform3D(values)
    }

    /// The canvas and the looks by name, as both timeline files keep them (`writeHeader`,
    /// LookTable), checked within the scene limits.
    static func readHeader(_ o: JSONObject) throws -> (Canvas, [String: Appearance]) {
        let c = try o.required("canvas").object(allowed: ["width", "height", "scale", "background"])
        let canvas = Canvas(width: try c.required("width").positive(max: SceneLimits.maxCanvasPoints),
                            height: try c.required("height").positive(max: SceneLimits.maxCanvasPoints),
                            scale: try c.required("scale").integer(in: SceneLimits.scaleRange),
                            background: try c.optional("background")?.color() ?? .white)
        var looks: [String: Appearance] = [:]
        for (name, f) in try o.optional("looks")?.entries() ?? [] { looks[name] = try Looks.read(f) }
        return (canvas, looks)
    }

    /// Reads keyframes.json back into a Timeline (for comparing renders): what `text` wrote,
    /// so writing it again gives the same bytes. Items come back without their clip (which the
    /// file does not record). A file from anywhere is checked as a scene would be: at most
    /// 36,000 frames in increasing order, canvas and frame rate within the scene limits, every
    /// look it names defined. Errors name the file and the field.
    public static func read(_ bytes: [UInt8], file: String) throws -> Timeline {
        let root = try JSONField.parse(bytes, file: file)
        let o = try root.object(allowed: ["scene", "fps", "canvas", "frames", "looks"])
        let (canvas, looks) = try readHeader(o)
        func look(_ f: JSONField) throws -> Appearance {
            let name = try f.string()
            guard let a = looks[name] else { throw f.expected("the name of a look in \"looks\"") }
            return a
        }
        // Numbers bounded as Scene.validate bounds a scene's, far from where a comparison's
        // arithmetic or a conversion to Int could overflow.
        func number(_ f: JSONField) throws -> Double { try f.number(in: SceneLimits.timelineNumbers) }
        func point(_ f: JSONField) throws -> Point {
            let p = try f.object(allowed: ["x", "y"])
            return Point(x: try number(p.required("x")), y: try number(p.required("y")))
        }
        func rect(_ r: JSONObject) throws -> Rect {
            Rect(x: try number(r.required("x")), y: try number(r.required("y")),
                 width: try number(r.required("width")), height: try number(r.required("height")))
        }
        let int32 = Int(Int32.min)...Int(Int32.max)
        var frames: [TimelineFrame] = []
        let framesField = try o.required("frames")
        for f in try framesField.array(maxCount: SceneLimits.maxFrames) {
            let fo = try f.object(allowed: ["index", "time", "contentOffset", "items", "touches", "scrollViews", "recognizers"])
            var items: [DrawItem] = []
            var previous: [String: Appearance] = [:]
            for it in try fo.required("items").array(maxCount: SceneLimits.maxItems + 100) {
                let io = try it.object(allowed: ["id", "kind", "x", "y", "width", "height", "zIndex", "alpha", "rotation", "scale", "transform3D", "hidden", "look"])
                let a = try io.optional("look").map(look) ?? Appearance(background: .clear)
                var item = DrawItem(id: try io.required("id").string(), kind: ElementKind(try io.required("kind").string()), frame: try rect(io),
                                    zIndex: try io.required("zIndex").integer(in: int32), alpha: try number(io.required("alpha")),
                                    rotation: try number(io.required("rotation")), scale: try number(io.required("scale")),
                                    hidden: try io.required("hidden").bool(), transform3D: try io.optional("transform3D").map(KeyframesJSONFormat.transform3D),
                                    appearance: a)
                // One storage per look, as a recording keeps it.
                if let p = previous[item.id], p == a { item.appearance = p } else { previous[item.id] = a }
                items.append(item)
            }
            let touches = try fo.optional("touches")?.array().map { t -> TouchPoint in
                let to = try t.object(allowed: ["id", "x", "y"])
                return TouchPoint(id: try to.required("id").integer(in: int32), location: Point(x: try number(to.required("x")), y: try number(to.required("y"))))
            } ?? []
            let views = try fo.optional("scrollViews")?.array().map { v -> ScrollViewState in
                let vo = try v.object(allowed: ["id", "contentOffset", "frame"])
                return ScrollViewState(id: try vo.required("id").string(), contentOffset: try point(vo.required("contentOffset")),
                                       frame: try rect(vo.required("frame").object(allowed: ["x", "y", "width", "height"])))
            } ?? []
            let recognizers = try fo.optional("recognizers")?.array().map { r -> RecognizerChange in
                let ro = try r.object(allowed: ["name", "state"])
                return RecognizerChange(name: try ro.required("name").string(), state: try ro.required("state").oneOf(GestureState.self))
            } ?? []
            let indexField = try fo.required("index")
            let index = try indexField.integer(in: 0...Int(Int32.max))
            if let last = frames.last, index <= last.index { throw indexField.expected("a frame index above the previous one's \(last.index)") }
            frames.append(TimelineFrame(index: index, time: try number(fo.required("time")),
                                        contentOffset: try point(fo.required("contentOffset")), items: items, touches: touches,
                                        recognizers: recognizers, scrollViews: views))
        }
        return Timeline(scene: try o.required("scene").string(), fps: try o.required("fps").integer(in: SceneLimits.fpsRange),
                        canvas: canvas, frames: frames)
    }
}
