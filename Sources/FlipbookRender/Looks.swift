import FlipbookCore
import FlipbookGraphics
import FlipbookJSON

/// An item's appearance as keyframes.json and a golden's tracks record it (docs/
/// keyframes-format.md, "looks"): fill, corners, border, shadow and content (text with its
/// font, rects, images by name and content hash, the refresh arrow and spinner). Written once
/// per distinct look and named by a hash of its text, so a look keeps its name whatever else
/// changes in the timeline; `read` is the exact inverse of `write`.
public enum Looks {
    /// The look's JSON text (one object, defaults left out) and its name.
    public static func text(_ a: Appearance) -> (name: String, json: String) {
        let (name, json, _) = written(a)
        return (name, json)
    }

    /// `text(_:)` and the first non-finite number in it, if any (JSONWriter.firstNonFinite).
    static func written(_ a: Appearance) -> (name: String, json: String, nonFinite: String?) {
        var w = JSONWriter()
        write(a, to: &w)
        return (FNV1a.hex(w.text.utf8).suffix(12).description, w.text, w.firstNonFinite)
    }

    static func frame(_ w: inout JSONWriter, _ r: Rect) {
        w.beginArray("frame")
        for v in [r.minX, r.minY, r.width, r.height] { w.number(nil, v) }
        w.endArray()
    }

    static let cornerNames: [(String, Corners)] = [("topLeft", .topLeft), ("topRight", .topRight), ("bottomLeft", .bottomLeft),
                                                   ("bottomRight", .bottomRight)]

    static func write(_ a: Appearance, to w: inout JSONWriter) {
        w.beginObject()
        w.string("background", a.background.hex)
        if a.cornerRadius != 0 { w.number("cornerRadius", a.cornerRadius) }
        if a.roundedCorners != .all {
            w.beginArray("corners")
            for (name, c) in cornerNames where a.roundedCorners.contains(c) { w.string(nil, name) }
            w.endArray()
        }
        if let b = a.border { w.string("border", b.hex) }
        if let bw = a.borderWidth { w.number("borderWidth", bw) }
        if let s = a.shadow { writeShadow(s, to: &w) }
        if !a.clipsToBounds { w.bool("clipsToBounds", false) }
        if !a.content.isEmpty { writeContent(a.content, to: &w) }
        w.endObject()
    }

    /// A look's content, in drawing order (a clip's content nested in it).
    static func writeContent(_ content: [Element], to w: inout JSONWriter) {
        w.beginArray("content")
        for e in content {
            w.beginObject()
            switch e {
            case .text(let t):
                w.string("text", t.text)
                frame(&w, t.frame)
                w.number("fontSize", t.fontSize)
                if t.weight != .regular { w.string("weight", t.weight.rawValue) }
                w.string("color", t.color.hex)
                if t.alignment != .left { w.string("align", t.alignment.rawValue) }
                if t.numberOfLines != 1 { w.integer("numberOfLines", t.numberOfLines) }
                if t.lineBreakMode != .byTruncatingTail { w.string("lineBreakMode", t.lineBreakMode.rawValue) }
                if t.italic { w.bool("italic", true) }
                if t.lineSpacing != 0 { w.number("lineSpacing", t.lineSpacing) }
                if t.paragraphSpacing != 0 { w.number("paragraphSpacing", t.paragraphSpacing) }
                if !t.runs.isEmpty {
                    w.beginArray("runs")
                    for r in t.runs {
                        w.beginObject()
                        w.integer("start", r.start)
                        w.integer("end", r.end)
                        if let v = r.fontSize { w.number("fontSize", v) }
                        if let v = r.weight { w.string("weight", v.rawValue) }
                        if let v = r.italic { w.bool("italic", v) }
                        if let v = r.color { w.string("color", v.hex) }
                        if let v = r.kern { w.number("kern", v) }
                        w.endObject()
                    }
                    w.endArray()
                }
                if let v = t.view { w.string("view", v) }
            case .rect(let r):
                w.string("rect", r.color.hex)
                frame(&w, r.frame)
                if r.cornerRadius != 0 { w.number("cornerRadius", r.cornerRadius) }
                if r.corners != .all {
                    w.beginArray("corners")
                    for (name, c) in cornerNames where r.corners.contains(c) { w.string(nil, name) }
                    w.endArray()
                }
                if let b = r.border { w.string("border", b.hex); w.number("borderWidth", r.borderWidth) }
                if let s = r.shadow { writeShadow(s, to: &w) }
                if let v = r.view { w.string("view", v) }
            case .image(let i):
                w.string("image", i.image.description)
                frame(&w, i.frame)
                w.string("contentMode", i.contentMode.rawValue)
                if i.cornerRadius != 0 { w.number("cornerRadius", i.cornerRadius) }
                if let t = i.tint { w.string("tint", t.hex) }
                if i.alpha != 1 { w.number("alpha", i.alpha) }
                if let v = i.view { w.string("view", v) }
            case .arrow(let r):
                w.string("arrow", r.color.hex)
                frame(&w, r.frame)
                w.number("rotation", r.rotation)
            case .spinner(let s):
                w.string("spinner", s.color.hex)
                frame(&w, s.frame)
                w.integer("phase", s.phase)
            case .symbol(let s):
                w.string("symbol", s.kind.rawValue)
                frame(&w, s.frame)
                w.string("color", s.color.hex)
            case .clip(let c):
                w.string("clip", "bounds")
                frame(&w, c.frame)
                if c.cornerRadius != 0 { w.number("cornerRadius", c.cornerRadius) }
                if let v = c.view { w.string("view", v) }
                writeContent(c.content, to: &w)
            case .transformed(let t):
                w.beginArray("transform")
                for v in [t.transform.a, t.transform.b, t.transform.c, t.transform.d, t.transform.tx, t.transform.ty] { w.number(nil, v) }
                w.endArray()
                if let v = t.view { w.string("view", v) }
                writeContent(t.content, to: &w)
            }
            w.endObject()
        }
        w.endArray()
    }

    static func writeShadow(_ s: Shadow, to w: inout JSONWriter) {
        w.beginObject("shadow")
        w.string("color", s.color.hex)
        w.number("opacity", s.opacity)
        w.beginArray("offset")
        w.number(nil, s.offset.x)
        w.number(nil, s.offset.y)
        w.endArray()
        w.number("radius", s.radius)
        w.endObject()
    }

    static func readShadow(_ s: JSONField) throws -> Shadow {
        let so = try s.object(allowed: ["color", "opacity", "offset", "radius"])
        let offset = try so.required("offset").array(minCount: 2, maxCount: 2).map { try $0.number() }
        return Shadow(color: try so.required("color").color(), opacity: try so.required("opacity").number(),
                      offset: Point(x: offset[0], y: offset[1]), radius: try so.required("radius").number())
    }

    static func readCorners(_ c: JSONField) throws -> Corners {
        var corners: Corners = []
        for e in try c.array(maxCount: 4) {
            let name = try e.oneOf(cornerNames.map(\.0))
            corners.insert(cornerNames.first { $0.0 == name }!.1)
        }
        return corners
    }

    /// A look read back from `f` (what `write` wrote).
    public static func read(_ f: JSONField) throws -> Appearance {
        let o = try f.object(allowed: ["background", "cornerRadius", "corners", "border", "borderWidth", "shadow", "clipsToBounds", "content"])
        var a = Appearance(background: try o.required("background").color())
        a.cornerRadius = try o.optional("cornerRadius")?.number() ?? 0
        if let c = o.optional("corners") { a.roundedCorners = try readCorners(c) }
        a.border = try o.optional("border")?.color()
        a.borderWidth = try o.optional("borderWidth")?.number()
        a.clipsToBounds = try o.optional("clipsToBounds")?.bool() ?? true
        a.shadow = try o.optional("shadow").map(readShadow)
        a.content = try readContent(o.optional("content"), depth: 0)
        return a
    }

    /// A look's content read back (a clip's nested in it).
    static func readContent(_ field: JSONField?, depth: Int) throws -> [Element] {
        func rect(_ o: JSONObject) throws -> Rect {
            let v = try o.required("frame").array(minCount: 4, maxCount: 4).map { try $0.number() }
            return Rect(x: v[0], y: v[1], width: v[2], height: v[3])
        }
        var content: [Element] = []
        for e in try field?.array(maxCount: 10_000) ?? [] {
            let eo = try e.object(allowed: ["text", "rect", "image", "arrow", "spinner", "symbol", "frame", "fontSize", "weight", "color", "align",
                                            "numberOfLines", "lineBreakMode", "italic", "runs", "lineSpacing", "paragraphSpacing", "cornerRadius", "border", "borderWidth", "shadow", "contentMode", "rotation",
                                            "phase", "view", "clip", "transform", "content", "tint", "alpha", "corners"])
            let view = try eo.optional("view")?.string()
            if let t = eo.optional("text") {
                var text = TextElement(text: try t.string(), frame: try rect(eo), fontSize: try eo.required("fontSize").number(),
                                       weight: try eo.optional("weight")?.oneOf(FontWeight.self) ?? .regular,
                                       color: try eo.required("color").color(),
                                       alignment: TextAlignment(rawValue: try eo.optional("align")?.oneOf(["left", "center", "right"]) ?? "left")!,
                                       numberOfLines: try eo.optional("numberOfLines")?.integer(in: 0...100_000) ?? 1,
                                       lineBreakMode: LineBreakMode(rawValue: try eo.optional("lineBreakMode")?.oneOf(LineBreakMode.allCases.map(\.rawValue)) ?? "byTruncatingTail")!)
                text.italic = try eo.optional("italic")?.bool() ?? false
                text.lineSpacing = try eo.optional("lineSpacing")?.number() ?? 0
                text.paragraphSpacing = try eo.optional("paragraphSpacing")?.number() ?? 0
                for rf in try eo.optional("runs")?.array(maxCount: 10_000) ?? [] {
                    let ro = try rf.object(allowed: ["start", "end", "fontSize", "weight", "italic", "color", "kern"])
                    text.runs.append(TextRun(start: try ro.required("start").integer(in: 0...Int(Int32.max)),
                                             end: try ro.required("end").integer(in: 0...Int(Int32.max)),
                                             fontSize: try ro.optional("fontSize")?.number(),
                                             weight: try ro.optional("weight").map { try $0.oneOf(FontWeight.self) },
                                             italic: try ro.optional("italic")?.bool(), color: try ro.optional("color")?.color(),
                                             kern: try ro.optional("kern")?.number()))
                }
                text.view = view
                content.append(.text(text))
            } else if let r = eo.optional("rect") {
                var element = RectElement(frame: try rect(eo), color: try r.color(), cornerRadius: try eo.optional("cornerRadius")?.number() ?? 0)
                element.border = try eo.optional("border")?.color()
                element.borderWidth = try eo.optional("borderWidth")?.number() ?? 0
                element.shadow = try eo.optional("shadow").map(readShadow)
                if let c = eo.optional("corners") { element.corners = try readCorners(c) }
                element.view = view
                content.append(.rect(element))
            } else if let i = eo.optional("image") {
                var element = ImageElement(image: ImageData(reference: try i.string()), frame: try rect(eo),
                                           contentMode: ContentMode(rawValue: try eo.required("contentMode").oneOf(ContentMode.allCases.map(\.rawValue)))!,
                                           cornerRadius: try eo.optional("cornerRadius")?.number() ?? 0)
                element.tint = try eo.optional("tint")?.color()
                element.alpha = try eo.optional("alpha")?.number() ?? 1
                element.view = view
                content.append(.image(element))
            } else if let r = eo.optional("arrow") {
                content.append(.arrow(ArrowElement(frame: try rect(eo), rotation: try eo.required("rotation").number(), color: try r.color())))
            } else if let s = eo.optional("spinner") {
                content.append(.spinner(SpinnerElement(frame: try rect(eo), phase: try eo.required("phase").integer(in: Int(Int32.min)...Int(Int32.max)), color: try s.color())))
            } else if let s = eo.optional("symbol") {
                content.append(.symbol(SymbolElement(kind: try s.oneOf(SymbolElement.Kind.self), frame: try rect(eo), color: try eo.required("color").color())))
            } else if let c = eo.optional("clip") {
                _ = try c.oneOf(["bounds"])
                // Nested as deep as view trees go in practice; a file nesting deeper is refused.
                guard depth < 32 else { throw c.expected("clips nested at most 32 deep") }
                var clip = ClipElement(frame: try rect(eo), cornerRadius: try eo.optional("cornerRadius")?.number() ?? 0,
                                       content: try readContent(eo.optional("content"), depth: depth + 1))
                clip.view = view
                content.append(.clip(clip))
            } else if let t = eo.optional("transform") {
                guard depth < 32 else { throw t.expected("groups nested at most 32 deep") }
                let v = try t.array(minCount: 6, maxCount: 6).map { try $0.number() }
                var group = TransformedElement(transform: Transform2D(a: v[0], b: v[1], c: v[2], d: v[3], tx: v[4], ty: v[5]),
                                               content: try readContent(eo.optional("content"), depth: depth + 1))
                group.view = view
                content.append(.transformed(group))
            } else {
                throw e.expected("one of \"text\", \"rect\", \"image\", \"arrow\", \"spinner\", \"symbol\", \"clip\", \"transform\"")
            }
        }
        return content
    }
}
