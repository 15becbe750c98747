import Foundation
import FlipbookCore
import FlipbookGraphics
import CCairo

/// `<scene>.svg`: the whole animation as one self-contained SVG that plays in a browser, also as
/// `<img src>` in a README (CSS animations run in SVG images; scripts would not).
///
/// Each distinct look of an item (its appearance at its size) is drawn once in `<defs>`,
/// written by Flipbook itself: rounded rectangles, borders, text as glyph outlines (the same
/// Pango layout the PNGs use), images inline as PNG data, shadows as an SVG Gaussian blur of
/// σ = shadowRadius. Every frame's items are then placed as `<use>` elements moved by CSS
/// `@keyframes` on transform and opacity, sampled from the timeline: samples that lie on a
/// straight line with their neighbours (0.05 pt, 0.1°, 0.001 in scale, 0.005 in opacity) are
/// dropped, so a linear move costs two keyframes and an eased one only those where it bends.
///
/// SVG draws in document order and CSS cannot animate that order, so an item that changes
/// its place in the stacking order (or its look, or its clip) gets one `<use>` per place,
/// each visible only on the frames it is there. The places form one list that every frame's
/// order is a subsequence of (built greedily, frame after frame).
///
/// Looks are drawn from DrawList's primitives, as the PNGs are. Colour emoji (bitmap glyphs
/// without outlines) come as a small PNG inside their label's definition; Skia's blur and
/// anti-aliasing differ from Cairo's by a little (Tests/animated-svg checks the frames against
/// the PNGs in Chromium).
public struct AnimatedSVGFormat: TimelineFormat {
    public var name: String { "animated-svg" }
    public var summary: String { "<scene>.svg, the whole animation as one SVG (CSS keyframes; plays in browsers and as <img>)" }
    public init() {}

    public func renderTimeline(_ timeline: Timeline, options: RenderOptions) throws -> [OutputFile] {
        var t = timeline
        if options.showTouches {
            // Fingers as items above everything (kind "touch": DrawList.finger's look), placed
            // by their centre like every item.
            let box = 2 * DrawList.fingerRadius + 1.5
            for k in t.frames.indices {
                for touch in t.frames[k].touches {
                    t.frames[k].items.append(DrawItem(id: "touch.\(touch.id)", kind: AnimatedSVGWriter.fingerKind,
                                                      frame: Rect(x: touch.location.x - box / 2, y: touch.location.y - box / 2, width: box, height: box),
                                                      appearance: Appearance(background: .clear)))
                }
            }
        }
        let document = try Typesetter.with { try AnimatedSVGWriter(t, typesetter: $0).document() }
        return [OutputFile(name: timeline.scene + ".svg", bytes: Array(document.utf8))]
    }
}

/// Numbers in the document: at most two decimals, no "-0", no exponent.
func svgNumber(_ v: Double) -> String {
    // Huge values (a fuzzed scene) keep their exponent form, which SVG and CSS accept.
    guard v.isFinite else { return "0" }
    if abs(v) >= 1e12 { return NumberFormat.short(v) }
    var r = (v * 100).rounded() / 100
    if r == 0 { r = 0 }
    if r == r.rounded(), abs(r) < 1e12 { return String(Int64(r)) }
    let n = Int64((abs(r) * 100).rounded())
    let frac = n % 100
    return (r < 0 ? "-" : "") + String(n / 100) + "." + (frac < 10 ? "0" : "") + String(frac % 10 == 0 ? frac / 10 : frac)
}

final class AnimatedSVGWriter {
    let timeline: Timeline
    let typesetter: Typesetter
    /// Each label's glyph outlines are written once, where the label is first drawn, and placed
    /// by `<use>`: a card whose size animates gets a new look every frame, not new outlines.
    var labels: [LabelKey: (id: Int, origin: Point)] = [:]
    /// What a label's outline depends on: its font and its lines' text and placement (and,
    /// when a line is ellipsized, the width the ellipsis was fitted to).
    struct LabelKey: Hashable {
        var fontSize: Double, weight: FontWeight, italic: Bool, runs: [TextRun]
        var lines: [String], xs: [Double], dys: [Double]
        var width: Double?
    }
    var labelDefs = ""
    var clipCount = 0

    init(_ timeline: Timeline, typesetter: Typesetter) throws {
        guard !timeline.frames.isEmpty else { throw RenderError("an animated SVG needs at least one frame") }
        // CSS transforms of an SVG element are 2-D: a perspective cannot be keyframed there, and
        // drawing the item flat would be a wrong frame.
        for f in timeline.frames {
            if let item = f.items.first(where: { $0.transform3D != nil && $0.isDrawn }) {
                throw InputError(file: timeline.scene, message: "item \(InputError.quote(item.id)) has a 3-D transform at frame \(f.index), which an animated SVG cannot draw; render png, svg, gif, apng, webp, mp4 or webm instead")
            }
        }
        self.timeline = timeline
        self.typesetter = typesetter
    }

    /// A look: the appearance at a size (a finger's when nil).
    struct Look: Hashable { var appearance: Appearance?; var width: Double; var height: Double }
    static let fingerKind = ElementKind("touch")
    /// A place in the stacking order: which item, in which look, clipped how.
    /// The clip's size is part of the place; where the clip is (a page sliding in) is animated
    /// like the item, so a moving scroll view does not make new places every frame.
    struct PlaceKey: Hashable { var id: String; var look: Int; var clip: Size? }
    /// What an item shows on one frame.
    struct Sample: Equatable {
        var x = 0.0, y = 0.0, rotation = 0.0, scale = 1.0, opacity = 0.0
        /// A stretched look's width and height as factors of the size it was drawn at (1: as drawn).
        var width = 1.0, height = 1.0
        func values() -> [Double] { [x, y, rotation, scale, opacity, width, height] }
    }

    /// Whether a look is a plain rectangle of one colour (its primitives: one fill, no
    /// rounded corner): it is then drawn once, at the item's largest size, and stretched to
    /// each frame's size, so a cell whose size animates (a grid changing its columns) costs no
    /// new look a frame. Answered once per look.
    func stretches(_ item: DrawItem, _ known: inout [Look: Bool]) -> Bool {
        let look = Look(appearance: item.appearance, width: item.frame.width, height: item.frame.height)
        if let plain = known[look] { return plain }
        let plain = DrawList.isPlainRectangle(DrawList.look(item.appearance, size: item.frame.size, scale: Double(timeline.canvas.scale)))
        known[look] = plain
        return plain
    }

    func document() throws -> String {
        let frames = timeline.frames
        var plain: [Look: Bool] = [:]
        var looks: [Look: Int] = [:]
        var lookList: [Look] = []
        var places: [PlaceKey] = []
        // For each place, its sample on every frame (nil: not shown).
        var samples: [[Sample?]] = []
        var clipOrigins: [[Point?]] = []
        // Plain rectangles whose size changes (a grid changing its columns) are stretched; one
        // that keeps its size keeps a look of that size (Chromium rasterizes a transformed
        // layer's content once, so a stretched unit square that also moves can blur).
        var largestSize: [String: Size] = [:], resized = Set<String>()
        for frame in frames {
            for item in frame.items where item.isDrawn && stretches(item, &plain) {
                let size = item.frame.size
                if let s = largestSize[item.id] {
                    if s != size { resized.insert(item.id) }
                    largestSize[item.id] = Size(width: max(s.width, size.width), height: max(s.height, size.height))
                } else {
                    largestSize[item.id] = size
                }
            }
        }
        for (k, frame) in frames.enumerated() {
            var cursor = 0
            for item in frame.items where item.isDrawn {
                let finger = item.kind == AnimatedSVGWriter.fingerKind
                let stretched = !finger && resized.contains(item.id) && stretches(item, &plain)
                // A stretched look is drawn at the item's largest size, and every size is a factor
                // of it: Chromium may raster the look once and scale the raster, which blurs when
                // it enlarges (a swipe action growing from its first, narrow size: 31.9 dB).
                let base = stretched ? largestSize[item.id]! : item.frame.size
                let look = Look(appearance: finger ? nil : item.appearance, width: base.width, height: base.height)
                let lookIndex: Int
                if let i = looks[look] { lookIndex = i } else {
                    lookIndex = lookList.count
                    looks[look] = lookIndex
                    lookList.append(look)
                }
                let key = PlaceKey(id: item.id, look: lookIndex, clip: item.clip?.size)
                // The first place of this key at or after the cursor; else a new one there.
                var index = cursor
                while index < places.count && !(places[index] == key && samples[index][k] == nil) { index += 1 }
                if index == places.count || places[index] != key {
                    index = cursor
                    places.insert(key, at: index)
                    samples.insert([Sample?](repeating: nil, count: frames.count), at: index)
                    clipOrigins.insert([Point?](repeating: nil, count: frames.count), at: index)
                }
                clipOrigins[index][k] = item.clip?.origin
                samples[index][k] = Sample(x: item.frame.midX, y: item.frame.midY, rotation: item.rotation * 180 / Double.pi,
                                           scale: item.scale, opacity: item.alpha,
                                           width: stretched && base.width > 0 ? item.frame.width / base.width : 1,
                                           height: stretched && base.height > 0 ? item.frame.height / base.height : 1)
                cursor = index + 1
            }
        }
        let canvas = timeline.canvas
        // A kept frame lasts until the next one (several frames with --step), the last one step.
        let step = frames.count > 1 ? frames[1].time - frames[0].time : 1 / Double(timeline.fps)
        let duration = frames[frames.count - 1].time - frames[0].time + step
        var defs = ""
        var clips: [String: Int] = [:]  // by size
        for (i, look) in lookList.enumerated() { defs += try self.look(look, id: i) }
        defs = labelDefs + defs
        var css = ""
        var body = ""
        for (p, key) in places.enumerated() {
            var track = held(samples[p])
            // A stretched look that keeps one size takes it in a fixed transform of its own, so
            // its keyframes (if it moves) need no scale.
            var stretch = ""
            if let first = track.first, first.width != 1 || first.height != 1,
               track.allSatisfy({ $0.width == first.width && $0.height == first.height }) {
                stretch = " transform=\"scale(\(svgNumber3(first.width)) \(svgNumber3(first.height)))\""
                for k in track.indices { track[k].width = 1; track[k].height = 1 }
            }
            var open = "", close = ""
            if let size = key.clip {
                // The clip is a rectangle at the origin of a group that moves with the scroll
                // view; the item moves inside that group, relative to it. A page sliding in then
                // costs two short tracks, not a place per frame.
                let origins = held(samples[p].indices.map { k in clipOrigins[p][k].map { Sample(x: $0.x, y: $0.y, opacity: 1) } })
                    .map { o -> Sample in var o = o; o.opacity = 1; return o }
                for k in track.indices { track[k].x -= origins[k].x; track[k].y -= origins[k].y }
                let sizeKey = "\(svgNumber(size.width))x\(svgNumber(size.height))"
                let n = clips[sizeKey] ?? clips.count
                if clips[sizeKey] == nil {
                    clips[sizeKey] = n
                    defs += "<clipPath id=\"c\(n)\"><rect width=\"\(svgNumber(size.width))\" height=\"\(svgNumber(size.height))\"/></clipPath>\n"
                }
                let (moves, animated) = self.keyframes(origins, duration: duration)
                if animated {
                    css += "@keyframes kc\(p){\(moves)}\n.c\(p){animation:kc\(p) \(svgNumber3(duration))s linear infinite}\n"
                    open = "<g class=\"c\(p)\">"
                } else {
                    open = "<g transform=\"translate(\(svgNumber(origins[0].x)) \(svgNumber(origins[0].y)))\">"
                }
                open += "<g clip-path=\"url(#c\(n))\">"
                close = "</g></g>"
            }
            let (keyframes, animated) = self.keyframes(track, duration: duration)
            if animated {
                css += "@keyframes k\(p){\(keyframes)}\n.u\(p){animation:k\(p) \(svgNumber3(duration))s linear infinite}\n"
                body += open + (stretch.isEmpty ? "<use href=\"#a\(key.look)\" class=\"u\(p)\"/>"
                                : "<g class=\"u\(p)\"><use href=\"#a\(key.look)\"\(stretch)/></g>") + close + "\n"
            } else {
                let s = track[0]
                let opacity = s.opacity < 0.999 ? " opacity=\"\(svgNumber3(s.opacity))\"" : ""
                body += open + (stretch.isEmpty ? "<use href=\"#a\(key.look)\" transform=\"\(transformAttribute(s))\"\(opacity)/>"
                                : "<g transform=\"\(transformAttribute(s))\"\(opacity)><use href=\"#a\(key.look)\"\(stretch)/></g>") + close + "\n"
            }
        }
        let w = svgNumber(canvas.width), h = svgNumber(canvas.height)
        var out = "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(w)\" height=\"\(h)\" viewBox=\"0 0 \(w) \(h)\">\n"
        out += "<style>\nuse,g{transform-origin:0 0}\n" + css + "</style>\n"
        out += "<defs>\n" + defs + "</defs>\n"
        out += "<rect width=\"\(w)\" height=\"\(h)\" fill=\"\(fill(canvas.background))\"\(opacityAttribute("fill-opacity", canvas.background.alpha))/>\n"
        out += body + "</svg>\n"
        return out
    }

    /// Frames where the place is not shown take the geometry of the nearest frame where it is
    /// (the next one first), at opacity 0, so it never slides in from elsewhere.
    func held(_ track: [Sample?]) -> [Sample] {
        guard let first = track.firstIndex(where: { $0 != nil }), let last = track.lastIndex(where: { $0 != nil }) else {
            return [Sample](repeating: Sample(), count: track.count)
        }
        // Before the first shown frame: that frame's geometry; after the last: the last one's;
        // in a gap: the geometry after the gap.
        var out = [Sample](repeating: track[last]!, count: track.count)
        var next = track[first]!
        for k in (0...last).reversed() {
            if let s = track[k] { next = s }
            out[k] = track[k] ?? next
        }
        for k in track.indices where track[k] == nil { out[k].opacity = 0 }
        return out
    }

    /// The CSS keyframes of a track (a sample per frame), with collinear samples dropped and a
    /// hard step where the place appears or disappears. Returns false for a track that never changes.
    func keyframes(_ track: [Sample], duration: Double) -> (String, Bool) {
        guard track.count > 1, track.contains(where: { $0 != track[0] }) else { return ("", false) }
        let start = timeline.frames[0].time
        func time(_ k: Int) -> Double { timeline.frames[k].time - start }
        // x and y within 0.05 pt: Chromium drew pull-for-more's moving cards at whole device
        // pixels (the nearest; measured, docs/animated-svg.md), so an error in the line adds to
        // up to half a pixel of rounding; at 0.1 pt one frame fell to 31.8 dB at scale 2.
        let tolerance = [0.05, 0.05, 0.1, 0.001, 0.005, 0.05, 0.05]
        var points: [(t: Double, s: Sample)] = []
        for (k, s) in track.enumerated() {
            // Appearing or vanishing happens between frames: hold the old value until just before.
            if k > 0, (track[k - 1].opacity == 0) != (s.opacity == 0) {
                points.append((time(k) - 0.0005, track[k - 1]))
            }
            points.append((time(k), s))
        }
        points.append((duration, track[track.count - 1]))
        // Keep a point unless it lies on the line between the last kept one and the next.
        var kept = [points[0]]
        var i = 1
        while i < points.count - 1 {
            let a = kept[kept.count - 1], c = points[i + 1]
            var straight = c.t - a.t < 1e-9 ? false : true
            if straight {
                // Every point skipped since `a`, and this one, must lie on a–c.
                var j = i
                while j > 0 && points[j].t > a.t {
                    let f = (points[j].t - a.t) / (c.t - a.t)
                    let av = a.s.values(), bv = points[j].s.values(), cv = c.s.values()
                    for q in tolerance.indices where abs(av[q] + (cv[q] - av[q]) * f - bv[q]) > tolerance[q] { straight = false }
                    if !straight { break }
                    j -= 1
                }
            }
            if !straight { kept.append(points[i]) }
            i += 1
        }
        kept.append(points[points.count - 1])
        let rotates = track.contains { $0.rotation != 0 }, scales = track.contains { $0.scale != 1 || $0.width != 1 || $0.height != 1 }
        let fades = track.contains { $0.opacity < 0.999 }
        var out = ""
        for p in kept {
            var t = "translate(\(svgNumber(p.s.x))px,\(svgNumber(p.s.y))px)"
            if rotates { t += " rotate(\(svgNumber(p.s.rotation))deg)" }
            if scales { t += " " + scaleFunction(p.s) }
            // Six decimals: a keyframe lands within 6 µs of its frame even in a 10-minute scene.
            out += NumberFormat.short(min(100, max(0, p.t / duration * 100))) + "%{transform:" + t + (fades ? ";opacity:" + svgNumber3(p.s.opacity) : "") + "}"
        }
        return (out, true)
    }

    func transformAttribute(_ s: Sample) -> String {
        var t = "translate(\(svgNumber(s.x)) \(svgNumber(s.y)))"
        if s.rotation != 0 { t += " rotate(\(svgNumber(s.rotation)))" }
        if s.scale != 1 || s.width != 1 || s.height != 1 { t += " " + scaleFunction(s) }
        return t
    }

    /// The item's scale, times a stretched look's size.
    func scaleFunction(_ s: Sample) -> String {
        s.width == 1 && s.height == 1 ? "scale(\(svgNumber3(s.scale)))"
            : "scale(\(svgNumber3(s.scale * s.width)),\(svgNumber3(s.scale * s.height)))"
    }

    // MARK: - Looks

    func fill(_ c: Color) -> String { c.withAlpha(1).hex.lowercased() }
    func opacityAttribute(_ name: String, _ alpha: Double) -> String { alpha < 0.999 ? " \(name)=\"\(svgNumber3(alpha))\"" : "" }

    /// One look, centred on the origin (items are placed by their centre, where rotation and
    /// scale apply), drawn from DrawList's primitives.
    func look(_ look: Look, id: Int) throws -> String {
        let w = look.width, h = look.height
        let primitives = look.appearance.map { DrawList.look($0, size: Size(width: w, height: h), scale: Double(timeline.canvas.scale)) }
            ?? DrawList.finger(at: Point(x: w / 2, y: h / 2))
        var g = "<g id=\"a\(id)\"><g transform=\"translate(\(svgNumber(-w / 2)) \(svgNumber(-h / 2)))\">"
        for p in primitives { g += try svg(p, look: id) }
        return g + "</g></g>\n"
    }

    /// One primitive as SVG; `look` names the filters and clips it defines.
    func svg(_ p: DrawPrimitive, look id: Int) throws -> String {
        switch p {
        case .shadow(let s, let shape, _):
            guard s.opacity * s.color.alpha > 0 else { return "" }
            let region = DrawList.shadowBounds(s, of: shape, margin: 2)
            var shifted = shape
            shifted.rect = shape.rect.offsetBy(dx: s.offset.x, dy: s.offset.y)
            return "<filter id=\"f\(id)\" filterUnits=\"userSpaceOnUse\" x=\"\(svgNumber(region.minX))\" y=\"\(svgNumber(region.minY))\" width=\"\(svgNumber(region.width))\" height=\"\(svgNumber(region.height))\"><feGaussianBlur stdDeviation=\"\(svgNumber(s.radius))\"/></filter>"
                + "<path d=\"\(path(shifted.path))\" fill=\"\(fill(s.color))\" fill-opacity=\"\(svgNumber3(s.color.alpha * s.opacity))\" filter=\"url(#f\(id))\"/>"
        case .fill(let shape, let color):
            return "<path d=\"\(path(shape))\" fill=\"\(fill(color))\"\(opacityAttribute("fill-opacity", color.alpha))/>"
        case .stroke(let shape, let color, let width, let round):
            let caps = round ? " stroke-linecap=\"round\" stroke-linejoin=\"round\"" : ""
            return "<path d=\"\(path(shape))\" fill=\"none\" stroke=\"\(fill(color))\" stroke-width=\"\(svgNumber3(width))\"\(opacityAttribute("stroke-opacity", color.alpha))\(caps)/>"
        case .clip(let shape, let content):
            guard !content.isEmpty else { return "" }
            let inner = try content.map { try svg($0, look: id) }.joined()
            return "<clipPath id=\"s\(id)\"><path d=\"\(path(shape.path))\"/></clipPath><g clip-path=\"url(#s\(id))\">" + inner + "</g>"
        case .transformed(let t, let content):
            guard !content.isEmpty else { return "" }
            let inner = try content.map { try svg($0, look: id) }.joined()
            // The linear part to a millionth: at 0.01 a turn's cosine would misplace a wide view's edge.
            let linear = [t.a, t.b, t.c, t.d].map(NumberFormat.short)
            return "<g transform=\"matrix(\((linear + [svgNumber(t.tx), svgNumber(t.ty)]).joined(separator: " ")))\">" + inner + "</g>"
        case .text(let t):
            return label(t)
        case .image(let i):
            let decoded = i.image
            guard !decoded.isReference else { throw RenderError("the image \(decoded) is a name read back from a recording, not an image to draw") }
            clipCount += 1
            let id = clipCount
            var picture = image(Data(decoded.png), in: Shapes.imageRect(i, imageWidth: decoded.width, imageHeight: decoded.height))
            var defs = ""
            if let tint = i.tint {
                // A template image: the tint where the picture has alpha.
                defs = "<filter id=\"k\(id)\"><feFlood flood-color=\"\(fill(tint))\"\(opacityAttribute("flood-opacity", tint.alpha))/>"
                    + "<feComposite in2=\"SourceAlpha\" operator=\"in\"/></filter>"
                picture = "<g filter=\"url(#k\(id))\">" + picture + "</g>"
            }
            return defs + "<clipPath id=\"i\(id)\"><path d=\"\(path(RoundedRect(i.frame, radius: i.cornerRadius).path))\"/></clipPath>"
                + "<g clip-path=\"url(#i\(id))\"\(opacityAttribute("opacity", i.alpha))>" + picture + "</g>"
        }
    }

    /// A label: its glyph outlines, defined once, placed by `<use>`.
    func label(_ t: TextElement) -> String {
        // Keyed by what is set, not by where: a frame that changes height only moves the
        // lines (a card whose height animates keeps its title), so one outline serves all
        // its looks, moved by how far the first baseline moved.
        let lines = typesetter.lines(of: t)
        guard let first = lines.first else { return "" }
        let key = LabelKey(fontSize: t.fontSize, weight: t.weight, italic: t.italic, runs: t.runs, lines: lines.map(\.text), xs: lines.map(\.x),
                           dys: lines.map { $0.baseline - first.baseline },
                           width: lines.contains { $0.text.hasSuffix("…") } ? t.frame.width : nil)
        let origin = Point(x: t.frame.minX, y: t.frame.minY + first.baseline)
        let entry: (id: Int, origin: Point)
        if let known = labels[key] { entry = known } else {
            // Written where it is first drawn; elsewhere the same definition is moved by the
            // difference. Colour emoji have no outlines: they come as a small PNG at the
            // render's scale, inside the definition (the `use`'s fill colours only the path).
            entry = (labels.count, origin)
            labels[key] = entry
            var def = "<g id=\"t\(entry.id)\">"
            if t.runs.contains(where: { $0.color != nil }) {
                // An attributed run's colour is its own; the rest take the `use`'s fill.
                for (color, d) in typesetter.outlines(t, number: svgNumber) {
                    def += "<path d=\"\(d)\"" + (color.map { " fill=\"\(fill($0))\"\(opacityAttribute("fill-opacity", $0.alpha))" } ?? "") + "/>"
                }
            } else {
                def += "<path d=\"\(typesetter.outline(t, number: svgNumber))\"/>"
            }
            if let emoji = typesetter.colourGlyphs(t, scale: Double(timeline.canvas.scale)) {
                defer { cairo_surface_destroy(emoji.png) }
                if let png = try? PNGEncoder.encode(surface: emoji.png) {
                    def += image(Data(png), in: emoji.rect)
                }
            }
            labelDefs += def + "</g>\n"
        }
        let dx = origin.x - entry.origin.x, dy = origin.y - entry.origin.y
        let place = dx == 0 && dy == 0 ? "" : " x=\"\(svgNumber(dx))\" y=\"\(svgNumber(dy))\""
        return "<use href=\"#t\(entry.id)\"\(place) fill=\"\(fill(t.color))\"\(opacityAttribute("fill-opacity", t.color.alpha))/>"
    }

    /// SVG path data of a shape.
    func path(_ shape: DrawShape) -> String {
        switch shape {
        case .roundedRect(let r): return path(r.path)
        case .circle(let c, let r):
            // Two half-circle arcs: one arc cannot end where it starts.
            return path([.move(Point(x: c.x + r, y: c.y)), .arc(center: c, radius: r, from: 0, to: Double.pi),
                         .arc(center: c, radius: r, from: Double.pi, to: 2 * Double.pi), .close])
        case .path(let commands): return path(commands)
        }
    }

    /// A PNG placed to fill `rect`.
    /// An embedded PNG, or JPEG (an image file's own bytes, by its signature).
    func image(_ png: Data, in rect: Rect) -> String {
        let type = ImageStore.isJPEG(Array(png.prefix(3))) ? "jpeg" : "png"
        return "<image x=\"\(svgNumber(rect.minX))\" y=\"\(svgNumber(rect.minY))\" width=\"\(svgNumber(rect.width))\" height=\"\(svgNumber(rect.height))\" preserveAspectRatio=\"none\" href=\"data:image/\(type);base64,\(png.base64EncodedString())\"/>"
    }

    /// SVG path data for `commands` (arcs as SVG arcs, clockwise on screen like Cairo's).
    func path(_ commands: [PathCommand]) -> String {
        let n = svgNumber
        var d = ""
        var current: (String, String)?
        for c in commands {
            switch c {
            case .move(let p): current = (n(p.x), n(p.y)); d += "M\(current!.0) \(current!.1)"
            case .line(let p):
                // Horizontal and vertical lines are written as H and V: most edges are.
                let to = (n(p.x), n(p.y))
                if let c = current, c.1 == to.1 { d += "H\(to.0)" } else if let c = current, c.0 == to.0 { d += "V\(to.1)" } else { d += "L\(to.0) \(to.1)" }
                current = to
            case .arc(let center, let r, let from, let to):
                // Like cairo_arc: a line to the arc's start when the path is elsewhere.
                let start = (n(center.x + r * cos(from)), n(center.y + r * sin(from)))
                if current == nil || current! != start { d += "L\(start.0) \(start.1)" }
                let end = (n(center.x + r * cos(to)), n(center.y + r * sin(to)))
                d += "A\(n(r)) \(n(r)) 0 \(to - from > Double.pi ? 1 : 0) 1 \(end.0) \(end.1)"
                current = end
            case .close: d += "Z"
            }
        }
        return d
    }

}

/// Three decimals (opacities, scales, percentages, seconds).
func svgNumber3(_ v: Double) -> String {
    guard v.isFinite else { return "0" }
    return abs(v) >= 1e12 ? NumberFormat.short(v) : NumberFormat.short((v * 1000).rounded() / 1000)
}
