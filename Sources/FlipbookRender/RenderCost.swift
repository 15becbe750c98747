import FlipbookCore

/// What rendering a timeline will cost, estimated from its frames before any is drawn, so a
/// scene whose drawing is far beyond its frame count (a shadow blurred anew on every frame,
/// translucent items over huge areas, a million glyphs) is refused in a second instead of
/// running for hours (RenderBudget, docs/reliability.md "Budgets").
///
/// Time is one core's, from per-pixel and per-operation costs measured on this project's
/// machines (2 cores, x86-64; docs/performance.md): meant to be right within a factor of two
/// for the examples, and an upper bound's order of magnitude for the rest. Memory is what is
/// held at once: the frames an animated preview keeps, an SVG frame's document.
package struct RenderCost: Sendable {
    /// Seconds of one core.
    public var seconds = 0.0
    /// What most of the time goes to, for the message.
    public var secondsWhat = ""
    public var memoryBytes = 0
    public var memoryWhat = ""
    public var memoryHint = ""

    /// Nanoseconds a device pixel of a frame: clearing it and encoding it in each format.
    static let framePixelNanoseconds = [("png", 12.0), ("svg", 1.0), ("gif", 25.0), ("apng", 20.0), ("webp", 40.0),
                                        // Conversion and coding on one thread (wallet-move at @2x: 7.6 s for MP4, 9.1 s for WebM).
                                        ("mp4", 15.0), ("webm", 20.0), ("sheet", 3.0),
                                        ("animated-svg", 1.0), ("json", 0.0)]
    /// Nanoseconds a device pixel of an item's area: its fill, a translucent item's group,
    /// its shadow composited from a mask at device resolution or scaled up from a coarser one
    /// (a wide blur), and one multiply-add of a blur. Measured on scenes of 60 overlapping
    /// 800 pt cards at @2x (docs/reliability.md, "Budgets").
    static let fillNanoseconds = 0.4
    static let groupNanoseconds = 1.0
    static let shadowNanoseconds = 0.5
    static let scaledShadowNanoseconds = 12.0
    static let blurNanoseconds = 1.2
    /// Microseconds a glyph drawn (as a coverage mask in an image, an outline path in an SVG).
    static let glyphMicroseconds = 15.0
    static let svgGlyphMicroseconds = 150.0
    /// Bytes an SVG frame takes in Cairo's memory: an item, and a glyph drawn (its outline
    /// path; measured 8.7 KB on a frame of 1.35 million CJK glyphs).
    static let svgBytesPerItem = 1024
    static let svgBytesPerGlyph = 10 * 1024

    /// At most how many glyphs `t` draws: its characters, or as many lines as fit its frame
    /// (or `numberOfLines`) of as many characters as fit a line at half an em each.
    static func drawnGlyphs(_ t: TextElement) -> Int {
        let size = max(t.fontSize, 0.5)
        let fit = Double(t.numberOfLines > 0 ? t.numberOfLines : Int(min(1e6, t.frame.height / (size * 1.2))) + 1)
        let perLine = min(1e6, t.frame.width / (size * 0.5)) + 1
        return min(t.text.unicodeScalars.count, Int(min(1e12, fit * perLine)))
    }

    /// The glyphs `primitives` draw at most (their labels', content included).
    static func drawnGlyphs(_ primitives: [DrawPrimitive]) -> Int {
        primitives.reduce(0) { sum, p in
            switch p {
            case .text(let t): return sum + drawnGlyphs(t)
            case .clip(_, let content), .transformed(_, let content): return sum + drawnGlyphs(content)
            default: return sum
            }
        }
    }

    /// An item's look as DrawList lowers it, once per appearance and size.
    struct LookKey: Hashable { var appearance: Appearance; var size: Size }

    /// The cost of `formats` for `timeline` on one core, read from each distinct frame's
    /// draw list (the primitives every backend draws).
    public static func estimate(_ timeline: Timeline, formats: [OutputFormat], options: RenderOptions = RenderOptions()) -> RenderCost {
        var cost = RenderCost()
        let canvas = timeline.canvas
        let scale = Double(canvas.scale)
        let pixels = Double(canvas.pixelWidth * canvas.pixelHeight)
        let names = formats.map(\.name)
        let animations = formats.filter { if case .animation = $0 { return true } else { return false } }.count
        // Frames are drawn into pixels once for png and once for the animated previews.
        let rasterPasses = Double((names.contains("png") ? 1 : 0) + (animations > 0 ? 1 : 0))
        let encode = framePixelNanoseconds.filter { names.contains($0.0) }.reduce(0) { $0 + $1.1 }
        let runs = RenderPipeline.runsOfIdenticalFrames(timeline.frames, showTouches: options.showTouches)
        // The shadow masks' cache, played forward as the renderer keeps it (one thread's view).
        var cached = Set<ShadowMasks.Key>()
        var blurs = 0, areaSeconds = 0.0, shadowSeconds = 0.0, textSeconds = 0.0, svgSeconds = 0.0
        let canvasRect = Rect(x: 0, y: 0, width: canvas.width, height: canvas.height)
        var lowered: [LookKey: [DrawPrimitive]] = [:]
        func look(_ item: DrawItem) -> [DrawPrimitive] {
            let key = LookKey(appearance: item.appearance, size: item.frame.size)
            if let p = lowered[key] { return p }
            let p = DrawList.look(item.appearance, size: item.frame.size, scale: scale)
            lowered[key] = p
            return p
        }
        for run in runs {
            let frame = timeline.frames[run.lowerBound]
            for item in frame.items where item.isDrawn {
                let primitives = look(item)
                let glyphs = drawnGlyphs(primitives)
                textSeconds += Double(glyphs) * glyphMicroseconds / 1e6
                svgSeconds += Double(glyphs) * svgGlyphMicroseconds / 1e6
                let within = item.clip ?? canvasRect
                let area = visibleArea(item.frame, scale: item.scale, within: within) * scale * scale
                areaSeconds += area * (fillNanoseconds + (item.alpha < 0.999 ? groupNanoseconds : 0)) / 1e9
                for case .shadow(let shadow, let shape, _) in primitives {
                    guard let g = ShadowMasks.Geometry(shadow, shape: shape.rect, cornerRadius: shape.radius, corners: shape.corners,
                                                       scale: scale * item.scale) else { continue }
                    let spread = DrawList.shadowBounds(shadow, of: shape, margin: 1).offsetBy(dx: item.frame.minX, dy: item.frame.minY)
                    let device = visibleArea(spread, scale: item.scale, within: within) * scale * scale
                    shadowSeconds += device * (g.density < scale * item.scale * 0.99 ? scaledShadowNanoseconds : shadowNanoseconds) / 1e9
                    if !cached.contains(g.baseKey) {
                        if cached.count >= ShadowMasks.cacheLimit { cached.removeAll() }
                        cached.insert(g.baseKey)
                        blurs += 1
                        shadowSeconds += Double(g.blurOperations) * blurNanoseconds / 1e9
                    }
                }
            }
        }
        let distinct = Double(runs.count)
        let drawing = areaSeconds + shadowSeconds + textSeconds
        cost.seconds = distinct * pixels * encode / 1e9 + rasterPasses * drawing + (names.contains("svg") ? svgSeconds : 0)
        var parts = [(rasterPasses * shadowSeconds, "shadows, \(blurs) of them blurred"),
                     (rasterPasses * areaSeconds, "items over \(runs.count) distinct frames"),
                     (rasterPasses * textSeconds + (names.contains("svg") ? svgSeconds : 0), "text"),
                     (distinct * pixels * encode / 1e9, "encoding \(runs.count) distinct frames")]
        if names.contains("sheet"), !runs.isEmpty {
            // The sheet draws a few frames at half size, and is one large image to encode.
            let sheet = ContactSheetFormat.size(of: timeline, options: options)
            let sheetSeconds = Double(min(options.sheetFrames, runs.count)) * drawing / distinct / 4
                + Double(sheet.pixelWidth * sheet.pixelHeight) * framePixelNanoseconds[0].1 / 1e9
            cost.seconds += sheetSeconds
            parts.append((sheetSeconds, "the contact sheet"))
            cost.hold(sheet.pixelWidth * sheet.pixelHeight * 4 * 2, "the contact sheet (\(sheet.pixelWidth)x\(sheet.pixelHeight) px)",
                      "fewer --sheet-frames or a lower --scale")
        }
        cost.secondsWhat = parts.max { $0.0 < $1.0 }!.1
        // Memory held at once beyond the workers' frames (RenderBudget.workers): the animated
        // previews' frames (two batches drawn ahead and what the encoders keep), an SVG frame.
        let frameBytes = canvas.pixelWidth * canvas.pixelHeight * 4
        if animations > 0 {
            // Measured at 4096 x 4096 px: GIF and WebP keep about 7 frames, APNG 4.
            cost.hold(frameBytes * (2 * RenderPipeline.animationBatch(frameBytes: frameBytes) + 8 * animations),
                      "the animated previews (\(canvas.pixelWidth)x\(canvas.pixelHeight) frames)", "lower --scale")
        }
        if names.contains("svg") {
            for run in runs {
                let f = timeline.frames[run.lowerBound]
                var bytes = 0
                for item in f.items where !item.hidden {
                    bytes += svgBytesPerItem + svgBytesPerGlyph * drawnGlyphs(look(item))
                }
                cost.hold(bytes, "SVG frame \(f.index) (\(f.items.count) items)", "render it as png, with fewer items")
            }
        }
        return cost
    }

    /// Notes memory held at once, keeping the largest need.
    mutating func hold(_ bytes: Int, _ what: String, _ hint: String) {
        if bytes > memoryBytes { (memoryBytes, memoryWhat, memoryHint) = (bytes, what, hint) }
    }

    /// Points² of `frame` (scaled about its centre) that fall inside `bounds`.
    static func visibleArea(_ frame: Rect, scale: Double, within bounds: Rect) -> Double {
        let w = frame.width * abs(scale), h = frame.height * abs(scale)
        let x0 = max(frame.midX - w / 2, bounds.minX), x1 = min(frame.midX + w / 2, bounds.maxX)
        let y0 = max(frame.midY - h / 2, bounds.minY), y1 = min(frame.midY + h / 2, bounds.maxY)
        guard x1 > x0, y1 > y0 else { return 0 }
        return (x1 - x0) * (y1 - y0)
    }
}
