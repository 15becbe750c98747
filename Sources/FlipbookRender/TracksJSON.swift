import FlipbookCore
import FlipbookJSON

/// `timeline.json`: a timeline as one line per track, the form a golden keeps (docs/
/// keyframes-format.md, "Tracks"). Where keyframes.json has a line per frame — so a change of
/// timing rewrites every line after it — this has a line per scroll view, per item, per finger
/// and per look, and items are in their scroll view's content coordinates: a scroll that starts
/// later changes the scroll view's line, not the lines of the cells it carries; removing an item
/// changes its line and those of the items it moved. Values run-length coded over the frames
/// the item is drawn on (a point as "x,y"); `read` gives back the timeline `write` was given (to keyframes.json's
/// six decimals; items of a frame in view order).
public struct TracksJSONFormat: TimelineJSONFile {
    public var name: String { "tracks" }
    public var summary: String { "timeline.json: the timeline, a line per track (as goldens keep it)" }
    public static let fileName = "timeline.json"
    public init() {}

    /// A value track over a run of frames: `v` for one frame, `[n, v]` for n frames of v.
    struct Track<V: Equatable> {
        var runs: [(count: Int, value: V)] = []
        mutating func append(_ v: V) {
            if let last = runs.last, last.value == v { runs[runs.count - 1].count += 1 } else { runs.append((1, v)) }
        }
        func write(_ key: String, _ w: inout JSONWriter, _ value: (inout JSONWriter, V) -> Void) {
            w.beginArray(key)
            for r in runs {
                if r.count == 1 { value(&w, r.value) } else { w.beginArray(); w.integer(nil, r.count); value(&w, r.value); w.endArray() }
            }
            w.endArray()
        }
    }

    /// One item on one frame, its frame in its scroll view's content coordinates.
    struct Sample {
        var item: DrawItem
        var frame: Rect
    }

    /// The scroll view an item is in on a frame: its content offset and visible size.
    struct ViewState {
        var id: String
        var origin: Point
        var offset: Point
        var size: Size
        /// What the scroll view shows, in content coordinates.
        var visible: Rect { Rect(origin: offset, size: size) }
    }

    /// Each frame's scroll views by id.
    static func viewStatesByFrame(_ timeline: Timeline) -> [[String: ViewState]] {
        timeline.frames.map { f in
            var out: [String: ViewState] = [:]
            for it in f.items where it.kind == .view {
                let offset = f.scrollViews.first { $0.id == it.id }?.contentOffset ?? f.contentOffset
                out[it.id] = ViewState(id: it.id, origin: Point(x: it.frame.minX, y: it.frame.minY), offset: offset, size: it.frame.size)
            }
            return out
        }
    }

    /// Each frame's items with their scroll view (nil for views themselves and chrome).
    static func samples(_ timeline: Timeline) -> [[(Sample, ViewState?)]] {
        timeline.frames.map { f in
            var view: ViewState?
            return f.items.map { it in
                if it.kind == .view {
                    let offset = f.scrollViews.first { $0.id == it.id }?.contentOffset ?? f.contentOffset
                    view = ViewState(id: it.id, origin: Point(x: it.frame.minX, y: it.frame.minY), offset: offset, size: it.frame.size)
                    return (Sample(item: it, frame: it.frame), nil)
                }
                if it.kind == .chrome { view = nil }
                guard let v = view else { return (Sample(item: it, frame: it.frame), nil) }
                return (Sample(item: it, frame: it.frame.offsetBy(dx: v.offset.x - v.origin.x, dy: v.offset.y - v.origin.y)), v)
            }
        }
    }

    /// Refuses a timeline with a non-finite number (JSONWriter.finished()).
    public static func text(_ timeline: Timeline) throws -> String {
        var looks = KeyframesJSONFormat.LookTable()
        let n = NumberFormat.short
        let frames = timeline.frames
        let perFrame = samples(timeline)
        let viewStates = viewStatesByFrame(timeline)
        var order: [String] = []
        var byItem: [String: [Int: (Sample, ViewState?)]] = [:]  // item → frame position → sample
        var views: [String] = [], offsets: [String: [Int: Point]] = [:]
        for (k, list) in perFrame.enumerated() {
            for (sample, view) in list {
                let id = sample.item.id
                if byItem[id] == nil { order.append(id) }
                byItem[id, default: [:]][k] = (sample, view)
                if sample.item.kind == .view {
                    if offsets[id] == nil { views.append(id) }
                    let o = frames[k].scrollViews.first { $0.id == id }?.contentOffset ?? frames[k].contentOffset
                    offsets[id, default: [:]][k] = o
                }
            }
        }
        var w = JSONWriter()
        w.beginObject()
        w.string("format", "flipbook-tracks")
        w.integer("version", 1)
        KeyframesJSONFormat.writeHeader(timeline, &w)
        writeRanges(frames.map(\.index), "frames", &w)
        let raw: (inout JSONWriter, String) -> Void = { w, v in w.raw(nil, v) }
        w.beginArray("views")
        for id in views {
            let track = offsets[id]!
            var offset = Track<String>()
            let positions = track.keys.sorted()
            for k in positions { offset.append("\(n(track[k]!.x)),\(n(track[k]!.y))") }
            w.newline()
            w.beginObject()
            w.string("id", id)
            writeRanges(positions.map { frames[$0].index }, "present", &w)
            offset.write("contentOffset", &w) { w, v in w.string(nil, v) }
            w.endObject()
        }
        w.newline()
        w.endArray()
        w.beginArray("items")
        for id in order {
            let track = byItem[id]!
            let positions = track.keys.sorted()
            // An item tracked in one scroll view's content space stays in it; one that moves
            // between views (or out to the chrome) is tracked on the canvas.
            let first = track[positions[0]]!.1?.id
            let view = positions.allSatisfy({ track[$0]!.1?.id == first }) ? first : nil
            w.newline()
            w.beginObject()
            w.string("id", id)
            // An item in a scroll view is tracked from its first to its last frame, its values
            // held where it is not drawn; where it is drawn is what the scroll view shows of it,
            // so only the exceptions are written ("shown" though outside, "notShown" though in).
            let span: [Int]
            if let view {
                w.string("view", view)
                span = Array(positions[0]...positions[positions.count - 1])
                w.integer("first", frames[span[0]].index)
                w.integer("last", frames[span[span.count - 1]].index)
                var shown: [Int] = [], notShown: [Int] = []
                var held = track[positions[0]]!.0
                for k in span {
                    let drawn = track[k] != nil
                    if let t = track[k] { held = t.0 }
                    let inView = viewStates[k][view].map { visible(held, in: $0) } ?? false
                    if drawn && !inView { shown.append(frames[k].index) }
                    if !drawn && inView { notShown.append(frames[k].index) }
                }
                if !shown.isEmpty { writeRanges(shown, "shown", &w) }
                if !notShown.isEmpty { writeRanges(notShown, "notShown", &w) }
            } else {
                span = positions
                writeRanges(positions.map { frames[$0].index }, "present", &w)
            }
            var kind = Track<String>(), x = Track<String>(), y = Track<String>(), width = Track<String>(), height = Track<String>()
            var zIndex = Track<Int>(), alpha = Track<String>(), rotation = Track<String>(), scale = Track<String>()
            var hidden = Track<Bool>(), look = Track<String>(), transform3D = Track<String>()
            var held = track[positions[0]]!.0
            for k in span {
                if let t = track[k] { held = t.0 }
                let it = held.item, f = view == nil ? it.frame : held.frame
                kind.append(it.kind.rawValue); x.append(n(f.minX)); y.append(n(f.minY)); width.append(n(f.width)); height.append(n(f.height))
                zIndex.append(it.zIndex); alpha.append(n(it.alpha)); rotation.append(n(it.rotation)); scale.append(n(it.scale))
                hidden.append(it.hidden); look.append(looks.name(it.appearance))
                transform3D.append(it.transform3D.map { $0.m.map(n).joined(separator: " ") } ?? "")
            }
            kind.write("kind", &w) { w, v in w.string(nil, v) }
            for (key, t) in [("x", x), ("y", y), ("width", width), ("height", height)] { t.write(key, &w, raw) }
            zIndex.write("zIndex", &w) { w, v in w.integer(nil, v) }
            for (key, t) in [("alpha", alpha), ("rotation", rotation), ("scale", scale)] { t.write(key, &w, raw) }
            hidden.write("hidden", &w) { w, v in w.bool(nil, v) }
            look.write("look", &w) { w, v in w.string(nil, v) }
            // Only items a UIKit layout gives a 3-D transform have one: 16 numbers a frame, "" for none.
            if held.item.transform3D != nil || span.contains(where: { track[$0]?.0.item.transform3D != nil }) {
                transform3D.write("transform3D", &w) { w, v in w.string(nil, v) }
            }
            w.endObject()
        }
        w.newline()
        w.endArray()
        var fingers: [Int] = [], touches: [Int: [(Int, Point)]] = [:]
        for f in frames { for t in f.touches { if touches[t.id] == nil { fingers.append(t.id) }; touches[t.id, default: []].append((f.index, t.location)) } }
        w.beginArray("touches")
        for id in fingers {
            var x = Track<String>(), y = Track<String>()
            for (_, p) in touches[id]! { x.append(n(p.x)); y.append(n(p.y)) }
            w.newline()
            w.beginObject()
            w.integer("id", id)
            writeRanges(touches[id]!.map(\.0), "present", &w)
            x.write("x", &w, raw)
            y.write("y", &w, raw)
            w.endObject()
        }
        w.newline()
        w.endArray()
        // Every recognizer change on one line: a change of timing is one changed line.
        w.newline()
        w.beginArray("recognizers")
        for f in frames where !f.recognizers.isEmpty {
            w.beginArray()
            w.integer(nil, f.index)
            for r in f.recognizers { w.string(nil, r.name); w.string(nil, r.state.rawValue) }
            w.endArray()
        }
        w.endArray()
        looks.write(to: &w)
        w.endObject()
        w.newline()
        return try w.finished()
    }

    /// Whether a sample is inside what its scroll view shows (its frame scaled about its centre).
    static func visible(_ s: Sample, in v: ViewState) -> Bool {
        let w = s.frame.width * abs(s.item.scale), h = s.frame.height * abs(s.item.scale)
        let r = Rect(x: s.frame.midX - w / 2, y: s.frame.midY - h / 2, width: w, height: h)
        let b = v.visible
        return r.maxX > b.minX && r.minX < b.maxX && r.maxY > b.minY && r.minY < b.maxY
    }

    /// Frame indices as `[[first, last], …]` runs.
    package static func writeRanges(_ indices: [Int], _ key: String, _ w: inout JSONWriter) {
        var ranges: [ClosedRange<Int>] = []
        for i in indices {
            if let last = ranges.last, last.upperBound + 1 == i { ranges[ranges.count - 1] = last.lowerBound...i } else { ranges.append(i...i) }
        }
        writeRanges(ranges, key, &w)
    }

    package static func writeRanges(_ ranges: [ClosedRange<Int>], _ key: String, _ w: inout JSONWriter) {
        w.beginArray(key)
        for r in ranges { w.beginArray(); w.integer(nil, r.lowerBound); w.integer(nil, r.upperBound); w.endArray() }
        w.endArray()
    }

    /// Reads timeline.json back into a timeline (canvas coordinates, as keyframes.json has
    /// them), checked as a scene would be; errors name the file and the field.
    public static func read(_ bytes: [UInt8], file: String) throws -> Timeline {
        let root = try JSONField.parse(bytes, file: file)
        let o = try root.object(allowed: ["format", "version", "scene", "fps", "canvas", "frames", "views", "items", "touches", "recognizers", "looks"])
        let formatField = try o.required("format")
        guard try formatField.string() == "flipbook-tracks" else { throw formatField.expected("\"flipbook-tracks\"") }
        _ = try o.required("version").integer(in: 1...1)
        let (canvas, looks) = try KeyframesJSONFormat.readHeader(o)
        let fps = try o.required("fps").integer(in: SceneLimits.fpsRange)
        func indices(_ f: JSONField) throws -> [Int] {
            var out: [Int] = []
            for r in try f.array(maxCount: SceneLimits.maxFrames) {
                let p = try r.array(minCount: 2, maxCount: 2)
                let lo = try p[0].integer(in: 0...Int(Int32.max)), hi = try p[1].integer(in: 0...Int(Int32.max))
                guard lo <= hi, (out.last ?? -1) < lo, out.count + hi - lo < SceneLimits.maxFrames else {
                    throw r.expected("[first, last] after the runs before it, at most \(SceneLimits.maxFrames) frames")
                }
                out += Array(lo...hi)
            }
            return out
        }
        let frameIndices = try indices(o.required("frames"))
        let position = Dictionary(uniqueKeysWithValues: frameIndices.enumerated().map { ($1, $0) })
        var frames = frameIndices.map { TimelineFrame(index: $0, time: Double($0) / Double(fps), contentOffset: .zero, items: []) }
        func slot(_ i: Int, _ f: JSONField) throws -> Int {
            guard let s = position[i] else { throw f.expected("frames of the timeline's \"frames\"") }
            return s
        }
        /// A run-length track expanded to one value per frame it covers (`count` of them).
        func values<V>(_ f: JSONField, _ count: Int, _ value: (JSONField) throws -> V) throws -> [V] {
            var out: [V] = []
            out.reserveCapacity(count)
            for e in try f.array(maxCount: count) {
                if case .array = e.node.value {
                    let p = try e.array(minCount: 2, maxCount: 2)
                    let n = try p[0].integer(in: 1...max(1, count - out.count))
                    out += Array(repeating: try value(p[1]), count: n)
                } else {
                    out.append(try value(e))
                }
            }
            guard out.count == count else { throw f.error("expected values for \(count) frames, got \(out.count)") }
            return out
        }
        // Numbers bounded as Scene.validate bounds a scene's (KeyframesJSONFormat.read too).
        let range = SceneLimits.timelineNumbers
        func pointValue(_ f: JSONField) throws -> Point {
            let p = try f.string().split(separator: ",").compactMap { Double($0) }
            guard p.count == 2, p.allSatisfy({ range.allows($0) }) else { throw f.expected("a point \"x,y\", each \(range.expectation())") }
            return Point(x: p[0], y: p[1])
        }
        var viewIDs: [String] = []
        var offsets: [String: [Int: Point]] = [:]
        for v in try o.required("views").array(maxCount: 100) {
            let vo = try v.object(allowed: ["id", "present", "contentOffset"])
            let id = try vo.required("id").string()
            viewIDs.append(id)
            let presentField = try vo.required("present")
            let present = try indices(presentField)
            for (i, p) in zip(present, try values(vo.required("contentOffset"), present.count, pointValue)) {
                offsets[id, default: [:]][try slot(i, presentField)] = p
            }
        }
        struct Placed { var view: String?; var item: DrawItem }
        var perFrame = [[Placed]](repeating: [], count: frames.count)
        var viewFrames: [String: [Int: Rect]] = [:]
        let itemFields = try o.required("items").array(maxCount: SceneLimits.maxItems + 1000)
        // Views and chrome first (their frames say what each scroll view shows), then the items in views.
        for pass in 0..<2 {
            for it in itemFields {
                let io = try it.object(allowed: ["id", "view", "present", "first", "last", "shown", "notShown", "kind", "x", "y", "width", "height",
                                                 "zIndex", "alpha", "rotation", "scale", "transform3D", "hidden", "look"])
                let view = try io.optional("view")?.string()
                guard (view == nil) == (pass == 0) else { continue }
                let id = try io.required("id").string()
                // The frame positions the values cover.
                let span: [Int]
                if view != nil {
                    let firstField = try io.required("first"), lastField = try io.required("last")
                    let a = try slot(try firstField.integer(in: 0...Int(Int32.max)), firstField)
                    let b = try slot(try lastField.integer(in: 0...Int(Int32.max)), lastField)
                    guard a <= b else { throw lastField.expected("a frame at or after \"first\"") }
                    span = Array(a...b)
                } else {
                    let presentField = try io.required("present")
                    span = try indices(presentField).map { try slot($0, presentField) }
                }
                let n = span.count
                let kinds = try values(io.required("kind"), n) { try ElementKind($0.string()) }
                let num: (String) throws -> [Double] = { key in try values(io.required(key), n) { try $0.number(in: range) } }
                let (xs, ys, ws, hs) = (try num("x"), try num("y"), try num("width"), try num("height"))
                let zs = try values(io.required("zIndex"), n) { try $0.integer(in: Int(Int32.min)...Int(Int32.max)) }
                let (alphas, rotations, scales) = (try num("alpha"), try num("rotation"), try num("scale"))
                let hidden = try values(io.required("hidden"), n) { try $0.bool() }
                let transforms = try io.optional("transform3D").map { field in
                    try values(field, n) { v -> Transform3D? in
                        let text = try v.string()
                        if text.isEmpty { return nil }
                        let m = text.split(separator: " ").compactMap { Double($0) }
                        guard m.count == 16, m.allSatisfy({ range.allows($0) }) else { throw v.expected("16 numbers, each \(range.expectation()), or \"\" for none") }
                        return Transform3D(m)
                    }
                }
                let lookField = try io.required("look")
                let lookNames = try values(lookField, n) { try $0.string() }
                let shown = Set(try io.optional("shown").map(indices) ?? []), notShown = Set(try io.optional("notShown").map(indices) ?? [])
                var previous: Appearance?
                for k in 0..<n {
                    guard let look = looks[lookNames[k]] else { throw lookField.expected("the names of looks in \"looks\"") }
                    let s = span[k]
                    var item = DrawItem(id: id, kind: kinds[k], frame: Rect(x: xs[k], y: ys[k], width: ws[k], height: hs[k]), zIndex: zs[k],
                                        alpha: alphas[k], rotation: rotations[k], scale: scales[k], hidden: hidden[k], transform3D: transforms?[k],
                                        appearance: previous.flatMap { $0 == look ? $0 : nil } ?? look)
                    previous = item.appearance
                    if let view {
                        // Drawn where its scroll view shows it, but for the exceptions written.
                        guard let offset = offsets[view]?[s], let vf = viewFrames[view]?[s] else { continue }
                        let state = ViewState(id: view, origin: Point(x: vf.minX, y: vf.minY), offset: offset, size: vf.size)
                        let index = frames[s].index
                        let drawn = (visible(Sample(item: item, frame: item.frame), in: state) || shown.contains(index)) && !notShown.contains(index)
                        guard drawn else { continue }
                        item.frame = item.frame.offsetBy(dx: vf.minX - offset.x, dy: vf.minY - offset.y)
                    } else if kinds[k] == .view {
                        viewFrames[id, default: [:]][s] = item.frame
                    }
                    perFrame[s].append(Placed(view: view, item: item))
                }
            }
        }
        let rank = Dictionary(uniqueKeysWithValues: viewIDs.enumerated().map { ($1, $0) })
        for s in frames.indices {
            // Each view, then the items in it, as a frame lists them; chrome last.
            func key(_ p: Placed) -> (Int, Int) {
                p.item.kind == .view ? (rank[p.item.id] ?? viewIDs.count, 0) : (p.view.flatMap { rank[$0] } ?? viewIDs.count, 1)
            }
            frames[s].items = perFrame[s].enumerated().sorted { l, r in
                let a = key(l.element), b = key(r.element)
                return a != b ? a < b : l.offset < r.offset
            }.map(\.element.item)
            // The main scroll view is the first (it is drawn first).
            if let main = viewIDs.first, let offset = offsets[main]?[s] { frames[s].contentOffset = offset }
            if viewIDs.count > 1 {
                frames[s].scrollViews = frames[s].items.filter { $0.kind == .view }.compactMap { v in
                    offsets[v.id]?[s].map { ScrollViewState(id: v.id, contentOffset: $0, frame: v.frame) }
                }
            }
        }
        for t in try o.optional("touches")?.array(maxCount: 100) ?? [] {
            let to = try t.object(allowed: ["id", "present", "x", "y"])
            let id = try to.required("id").integer(in: Int(Int32.min)...Int(Int32.max))
            let presentField = try to.required("present")
            let present = try indices(presentField)
            let xs = try values(to.required("x"), present.count) { try $0.number(in: range) }, ys = try values(to.required("y"), present.count) { try $0.number(in: range) }
            for k in present.indices { frames[try slot(present[k], presentField)].touches.append(TouchPoint(id: id, location: Point(x: xs[k], y: ys[k]))) }
        }
        for r in try o.optional("recognizers")?.array(maxCount: SceneLimits.maxFrames) ?? [] {
            let p = try r.array(minCount: 3)
            guard p.count % 2 == 1 else { throw r.expected("[frame, name, state, …]") }
            let s = try slot(try p[0].integer(in: 0...Int(Int32.max)), p[0])
            for k in stride(from: 1, to: p.count, by: 2) { frames[s].recognizers.append(RecognizerChange(name: try p[k].string(), state: try p[k + 1].oneOf(GestureState.self))) }
        }
        return Timeline(scene: try o.required("scene").string(), fps: fps, canvas: canvas, frames: frames)
    }
}
