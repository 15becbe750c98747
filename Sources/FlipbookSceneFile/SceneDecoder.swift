import FlipbookCore
import FlipbookGraphics
import FlipbookJSON
import FlipbookLayout
import FlipbookAnimation
import FlipbookSimulation
import FlipbookEffects
import Foundation


/// Reads scene JSON into a validated Scene. Every failure is an InputError naming the file,
/// the JSON path, the position and what was expected. The format is documented in
/// docs/scene-format.md; keep the two in step.
///
/// A decoder knows the built-in layouts and effects; register your own to name them in files.
public struct SceneDecoder: Sendable {
    private(set) var layouts: [LayoutEntry] = [
        LayoutEntry(WalletLayout.self), LayoutEntry(FlowLayout.self), LayoutEntry(AbsoluteLayout.self),
        LayoutEntry(CompositionalLayout.self), LayoutEntry(ListLayout.self),
    ]
    private(set) var effects: [EffectEntry] = [
        EffectEntry(WalletEffect.Options.self), EffectEntry(JiggleReorderEffect.Options.self),
        EffectEntry(TagReorderEffect.Options.self), EffectEntry(ExpandCollapseEffect.Options.self),
        EffectEntry(PullForMoreEffect.Options.self), EffectEntry(PinchColumnsEffect.Options.self), EffectEntry(DragAndDropEffect.Options.self),
    ]

    /// The folder scene images are named relative to (the scene file's folder when nil).
    public var assetsDirectory: String?
    /// Bytes the images of one scene may take decoded.
    public var maxImageBytes = 512 << 20
    /// What item templates may expand into, in bytes (an eighth of `flipbook`'s --max-memory).
    public var maxTemplateBytes = 256 << 20
    /// Stops the decoding (a long JPEG, a large expansion) at the command's deadline or signal.
    package var cancellation: Cancellation?
    /// What "fit" widths are measured with and text is checked against: the typesetter that
    /// draws, unless a caller hands in another.
    package var text: any TextMeasuring = PangoTextMeasurer()

    /// Whether item lists are parsed compact (tests read scenes both ways: the same scenes and
    /// the same errors).
    var compactsItemLists = true
    /// Where a scene's item lists are (JSON paths without indices).
    static let itemLists: Set<[String]> = [["collectionView", "items"], ["collectionView", "sections", "items"],
                                           ["views", "items"], ["views", "sections", "items"]]

    /// A decoder for the built-in layouts and effects.
    public init() {}

    /// Lets scene files name `L` in `collectionView.layout.type` (replacing a type of that name).
    public mutating func register<L: SceneFileLayout>(layout: L.Type) {
        layouts.removeAll { $0.typeName == L.typeName }
        layouts.append(LayoutEntry(L.self))
    }

    /// Lets scene files name `E` in `effect.type` (replacing a type of that name).
    public mutating func register<E: SceneFileEffect>(effect: E.Type) {
        effects.removeAll { $0.typeName == E.typeName }
        effects.append(EffectEntry(E.self))
    }

    /// The layout type names scene files may use.
    public var layoutTypeNames: [String] { layouts.map(\.typeName) }
    /// The effect type names scene files may use.
    public var effectTypeNames: [String] { effects.map(\.typeName) }

    /// The scene-file name of a layout's type, if it is registered.
    public func typeName(of layout: any CollectionViewLayout) -> String? {
        layouts.first { $0.matches(layout) }?.typeName
    }

    /// Decodes scene bytes; `file` is the name used in messages, and the default scene name
    /// is derived from it. The scene is validated (`Scene.validate(file:)`) before it is returned.
    public func decode(_ bytes: [UInt8], file: String) throws -> Scene {
        // Item lists are kept compact: a long list is read without a node per item.
        let holder = TreeHolder(try JSONField.parse(bytes, file: file, compacting: compactsItemLists ? SceneDecoder.itemLists : []))
        // Freeing a document of 100,000 items takes as long as decoding a third of it; the
        // scene holds none of it, so it is freed on another thread while the scene is used.
        defer { DispatchQueue.global(qos: .utility).async { holder.tree = nil } }
        return try decode(tree: holder.tree!, file: file)
    }

    /// The parsed document, owned by one reference so that dropping it frees it where it is dropped.
    private final class TreeHolder: @unchecked Sendable {
        var tree: JSONField?
        init(_ tree: JSONField) { self.tree = tree }
    }

    private func decode(tree root: JSONField, file: String) throws -> Scene {
        let images = SceneImages(sceneFile: file, assets: assetsDirectory, maxBytes: maxImageBytes, text: text, cancellation: cancellation)
        let obj = try root.object(SceneSchema.root)
        let templates = try obj.optional("templates").map(ItemTemplates.init) ?? ItemTemplates()
        let expansions = ItemTemplates.Log()
        let budget = ItemTemplates.Budget(bytes: maxTemplateBytes)

        var name = SceneDecoder.defaultName(file)
        if let f = obj.optional("name") {
            // Its form (length, no slashes) is checked with the rest by Scene.validate.
            name = try f.nonEmptyString()
        }
        let canvas = try SceneDecoder.decodeCanvas(obj.required("canvas"))
        let fps = try obj.optional("fps").map { try $0.integer(in: SceneLimits.fpsRange) } ?? 60
        let durationField = try obj.required("duration", "seconds to render")
        let duration = try durationField.positive(max: SceneLimits.maxDuration)
        if FrameClock(fps: fps).frameCount(forDuration: duration) > SceneLimits.maxFrames {
            throw durationField.error("expected at most \(SceneLimits.maxFrames) frames (duration × fps), got \(NumberFormat.short(duration)) s × \(fps) fps")
        }
        let cvField = try obj.required("collectionView")
        let cv = try decodeCollectionView(cvField, canvas: canvas, images: images, templates: templates, log: expansions, budget: budget)
        // A view written with "items" has one section: Scene.validate names its items as the file does.
        var paths = ScenePaths()
        func noteShorthand(_ f: JSONField, view: Int) {
            if case .object(let m) = f.node.value, m.contains(where: { $0.key == "items" }) { paths.viewsWithOneList.insert(view) }
        }
        noteShorthand(cvField, view: 0)
        var views: [CollectionViewSpec] = []
        var viewIDs: [String: String] = [cv.id: "$.collectionView"]
        if let vf = obj.optional("views") {
            for f in try vf.array(maxCount: 16) {
                let v = try decodeCollectionView(f, canvas: canvas, images: images, templates: templates, log: expansions, budget: budget)
                noteShorthand(f, view: views.count + 1)
                if let previous = viewIDs[v.id] {
                    throw f.error("duplicate view id \(InputError.quote(v.id)) (first used at \(previous)); give each view its own \"id\"")
                }
                viewIDs[v.id] = f.path
                views.append(v)
            }
        }
        var chrome: [ItemSpec] = []
        if let cf = obj.optional("chrome") {
            for (i, f) in try cf.array(maxCount: 1000).enumerated() {
                let item = try SceneDecoder.decodeItem(f, index: i, images: images)
                guard item.origin != nil, item.size != nil else {
                    throw f.error("expected a chrome item with \"x\", \"y\", \"width\" and \"height\"")
                }
                chrome.append(item)
            }
        }
        let mainLayout = layouts.first { $0.matches(cv.layout) }!
        var actions = ActionDecoder(layoutPatch: { f in try mainLayout.patch(try f.object(mainLayout.fieldTable)) },
                                    sectionCounts: cv.sections.map(\.items.count), images: images)
        var script: [ScriptStep] = []
        var touches: [TouchTrack] = []
        var lowLevel: [TouchDecoder.LowLevelStep] = []
        if let s = obj.optional("script") {
            for step in try s.array(maxCount: SceneLimits.maxScriptSteps) {
                // The action first, so a misspelt one is named as such and the other fields are
                // checked against that action's own. Touch steps become finger tracks.
                let o = try step.anyObject()
                let name = try o.required("action", "what the step does").oneOf(ActionDecoder.actionNames + TouchDecoder.actions + TouchDecoder.lowLevel)
                if TouchDecoder.actions.contains(name) || TouchDecoder.lowLevel.contains(name) {
                    let time = try o.required("at", "seconds from the start").nonNegative(max: SceneLimits.maxDuration)
                    if TouchDecoder.lowLevel.contains(name) {
                        lowLevel.append(try TouchDecoder.lowLevelStep(o, action: name, time: time, canvas: canvas))
                    } else if name == "doubleTap" {
                        touches += try TouchDecoder.doubleTapTracks(o, time: time, canvas: canvas)
                    } else if name == "pinch" || name == "rotate" {
                        touches += try TouchDecoder.twoFingerTracks(o, action: name, time: time, canvas: canvas)
                    } else {
                        touches.append(try TouchDecoder.track(o, action: name, time: time, canvas: canvas))
                    }
                } else {
                    script.append(try actions.step(step))
                }
            }
        }
        touches += try TouchDecoder.assemble(lowLevel, sceneEnd: duration)
        var scene = Scene(name: name, canvas: canvas, fps: fps, duration: duration, collectionView: cv, script: script, touches: touches)
        if let f = obj.optional("touchSampleRate") { scene.touchSampleRate = try f.integer(in: SceneLimits.touchSampleRateRange) }
        if let f = obj.optional("displayRefreshRate") { scene.displayRefreshRate = try f.integer(in: SceneLimits.displayRefreshRateRange) }
        scene.views = views
        scene.chrome = chrome
        scene.sourceFile = file
        if let f = obj.optional("effect") { scene.effect = try decodeEffect(f, scene: scene) }
        do {
            try scene.validate(file: file, text: text, paths: paths)
        } catch var e as InputError {
            expansions.pointIntoTemplates(&e)
            // Point at the value in the file when the path leads to one.
            if e.line == nil, let node = root.node(atPath: e.path) { e.line = node.line; e.column = node.column }
            throw e
        }
        return scene
    }

    /// "examples/wallet-scroll.json" → "wallet-scroll".
    public static func defaultName(_ file: String) -> String {
        var base = file.split(separator: "/").last.map(String.init) ?? file
        if base.hasSuffix(".json") { base.removeLast(5) }
        while base.hasPrefix(".") { base.removeFirst() }  // ".feed.json" names no hidden folder
        return base.isEmpty ? "scene" : base
    }

    // MARK: - Parts

    static func decodeCanvas(_ f: JSONField) throws -> Canvas {
        let o = try f.object(SceneSchema.canvas)
        let width = try o.required("width").positive(max: SceneLimits.maxCanvasPoints)
        let height = try o.required("height").positive(max: SceneLimits.maxCanvasPoints)
        let scale = try o.optional("scale").map { try $0.integer(in: SceneLimits.scaleRange) } ?? 2
        let background = try o.optional("background")?.color() ?? Color(hex: "#F2F2F7")!
        let canvas = Canvas(width: width, height: height, scale: scale, background: background)
        try SceneDecoder.checkPixels(canvas, at: f)
        return canvas
    }

    static func checkPixels(_ canvas: Canvas, at f: JSONField) throws {
        let limit = SceneLimits.maxPixelsPerSide
        if canvas.pixelWidth > limit || canvas.pixelHeight > limit {
            throw f.error("expected at most \(limit) pixels per side at this scale, got \(canvas.pixelWidth) x \(canvas.pixelHeight)")
        }
    }

    public static func decodeRect(_ f: JSONField) throws -> Rect {
        let o = try f.object(SceneSchema.rect)
        return Rect(x: try o.optional("x")?.number() ?? 0, y: try o.optional("y")?.number() ?? 0,
                    width: try o.required("width").nonNegative(max: SceneLimits.maxItemPoints),
                    height: try o.required("height").nonNegative(max: SceneLimits.maxItemPoints))
    }

    public static func decodeSize(_ f: JSONField) throws -> Size {
        let o = try f.object(SceneSchema.size)
        return Size(width: try o.required("width").positive(max: SceneLimits.maxItemPoints),
                    height: try o.required("height").positive(max: SceneLimits.maxItemPoints))
    }

    public static func decodeInsets(_ f: JSONField) throws -> EdgeInsets {
        let o = try f.object(SceneSchema.insets)
        func side(_ k: String) throws -> Double { try o.optional(k)?.nonNegative(max: SceneLimits.maxCanvasPoints) ?? 0 }
        return EdgeInsets(top: try side("top"), left: try side("left"), bottom: try side("bottom"), right: try side("right"))
    }

    /// {"x": …, "y": …} where each component may be left out (nil).
    public static func decodeOffset(_ f: JSONField) throws -> (x: Double?, y: Double?) {
        let o = try f.object(SceneSchema.offset)
        let limit = SceneLimits.maxOffset
        let x = try o.optional("x")?.number(in: -limit...limit, "an offset within ±\(NumberFormat.short(limit))")
        let y = try o.optional("y")?.number(in: -limit...limit, "an offset within ±\(NumberFormat.short(limit))")
        if x == nil && y == nil { throw f.error("expected at least one of \"x\" and \"y\"") }
        return (x, y)
    }

    /// Names other APIs give the curves Core Animation names: SwiftUI's Animation, CSS's
    /// timing functions, UIView.AnimationOptions and UIView.AnimationCurve.
    static let curveAliases = ["easeInOut": "easeInEaseOut", "ease-in-out": "easeInEaseOut", "curveEaseInOut": "easeInEaseOut",
                               "ease-in": "easeIn", "curveEaseIn": "easeIn", "ease-out": "easeOut", "curveEaseOut": "easeOut",
                               "curveLinear": "linear", "ease": "default"]

    /// A curve name ("easeInEaseOut") or control points [x1, y1, x2, y2].
    public static func decodeCurve(_ f: JSONField) throws -> TimingCurve {
        if case .array = f.node.value {
            let e = try f.array(minCount: 4, maxCount: 4)
            let (x, y) = (TimingCurve.controlPointXRange, TimingCurve.controlPointYRange)
            let x1 = try e[0].number(in: x), y1 = try e[1].number(in: y)
            let x2 = try e[2].number(in: x), y2 = try e[3].number(in: y)
            return TimingCurve(controlPoints: x1, y1, x2, y2)
        }
        let names = TimingCurve.named.map(\.name)
        guard case .string(let s) = f.node.value, let c = TimingCurve.named(s) else {
            var near = ""
            if case .string(let s) = f.node.value {
                // Another family's name for the same curve (SwiftUI's, CSS's, UIKit's option), else the nearest spelling.
                near = curveAliases[s].map { "; Core Animation calls it \"\($0)\"" } ?? Spelling.suggestion(s, among: names)
            }
            throw f.error("expected a curve name (" + names.joined(separator: ", ") + ") or control points [x1, y1, x2, y2], got \(f.got)" + near)
        }
        return c
    }

    /// A cell style; with `supplementary`, a header's, footer's or background's, which also takes
    /// a "backgroundColor" (a cell's fill is its item's colour).
    static func decodeCellStyle(_ f: JSONField, base: CellStyle, supplementary: Bool = false) throws -> CellStyle {
        let o = try f.object(supplementary ? SceneSchema.supplementaryStyle : SceneSchema.cellStyle)
        var s = base
        if let v = o.optional("backgroundColor") { s.backgroundColor = v.isNull ? nil : try v.color() }
        typealias L = CellStyle.Limits
        if let v = o.optional("cornerRadius") { s.cornerRadius = try v.number(in: L.cornerRadius) }
        if o.has("corners") && o.has("maskedCorners") {
            throw o.optional("maskedCorners")!.error("expected either \"corners\" or \"maskedCorners\", not both")
        }
        if let v = o.optional("corners") {
            switch try v.oneOf(["all", "top", "bottom", "none"]) {
            case "top": s.corners = .top
            case "bottom": s.corners = .bottom
            case "none": s.corners = []
            default: s.corners = .all
            }
        }
        if let v = o.optional("maskedCorners") {
            // CACornerMask's names: min/max X and Y in UIKit's coordinates (min Y is the top).
            let names: [(String, Corners)] = [("layerMinXMinYCorner", .topLeft), ("layerMaxXMinYCorner", .topRight),
                                              ("layerMinXMaxYCorner", .bottomLeft), ("layerMaxXMaxYCorner", .bottomRight)]
            s.corners = []
            for e in try v.array(maxCount: 4) {
                let name = try e.oneOf(names.map(\.0))
                s.corners.insert(names.first { $0.0 == name }!.1)
            }
        }
        if let v = o.optional("shadow") { s.shadow = try decodeShadow(v) }
        if let v = o.optional("border") { s.border = v.isNull ? nil : try v.color() }
        if let v = o.optional("borderWidth") { s.borderWidth = try v.number(in: L.borderWidth) }
        if let v = o.optional("clipsToBounds") { s.clipsToBounds = try v.bool() }
        if let v = o.optional("titleSize") { s.titleSize = try v.positive(max: L.textSize.upperBound) }
        if let v = o.optional("titleColor") { s.titleColor = v.isNull ? nil : try v.color() }
        if let v = o.optional("titleAlignment") {
            s.titleAlignment = TextAlignment(rawValue: try v.oneOf(["left", "center", "right"]))!
        }
        if let v = o.optional("titleNumberOfLines") { s.titleNumberOfLines = try v.integer(in: L.numberOfLines) }
        if let v = o.optional("titleWeight") { s.titleWeight = try v.oneOf(FontWeight.self) }
        if let v = o.optional("titleLineBreakMode") { s.titleLineBreakMode = try decodeLineBreakMode(v) }
        if let v = o.optional("subtitleSize") { s.subtitleSize = try v.positive(max: L.textSize.upperBound) }
        if let v = o.optional("subtitleColor") { s.subtitleColor = v.isNull ? nil : try v.color() }
        if let v = o.optional("contentInsets") { s.contentInsets = try decodeInsets(v) }
        if let v = o.optional("highlightedColor") { s.highlightedColor = v.isNull ? nil : try v.color() }
        return s
    }

    /// Reads the fields `options` lists into `value`, each in its range (NumberField: the
    /// ranges Scene.validate checks, written once).
    public static func decodeNumbers<Root>(_ o: JSONObject, _ options: [NumberField<Root>], into value: inout Root) throws {
        for option in options where option.isStored {
            guard let f = o.optional(option.name) else { continue }
            option.set(try f.number(option), in: &value)
        }
    }

    static func decodeLineBreakMode(_ f: JSONField) throws -> LineBreakMode {
        LineBreakMode(rawValue: try f.oneOf(LineBreakMode.allCases.map(\.rawValue)))!
    }

    /// true (the default card shadow), false or null (none), or CALayer's shadow properties:
    /// {"color", "opacity", "offset": {"width", "height"}, "radius"}, unset ones from the default.
    static func decodeShadow(_ f: JSONField) throws -> Shadow? {
        switch f.node.value {
        case .bool(let b): return b ? .card : nil
        case .null: return nil
        case .object: break
        default: throw f.expected("true, false, or a shadow {\"color\", \"opacity\", \"offset\", \"radius\"}")
        }
        let o = try f.object(SceneSchema.shadow)
        var s = Shadow.card
        if let v = o.optional("color") { s.color = try v.color() }
        if let v = o.optional("opacity") { s.opacity = try v.number(in: CellStyle.Limits.shadowOpacity) }
        if let v = o.optional("offset") {
            let oo = try v.object(SceneSchema.shadowOffset)
            s.offset = Point(x: try oo.optional("width")?.number(in: CellStyle.Limits.shadowOffset) ?? 0,
                             y: try oo.optional("height")?.number(in: CellStyle.Limits.shadowOffset) ?? 0)
        }
        if let v = o.optional("radius") { s.radius = try v.number(in: CellStyle.Limits.shadowRadius) }
        return s
    }

    /// Decodes the items of `list` (the array `field`), the first numbered `firstIndex` in the
    /// scene (which picks default colours). Items of only an id, a title, a subtitle and a
    /// colour — most of a long list — are made straight from their members, on all processors
    /// for a long list; any other item field by field, in order, so the problem reported is
    /// the first in the file. Ids are checked for duplicates by Scene.validate, once.
    static func decodeItems(_ list: JSONList, in field: JSONField, firstIndex: Int, defaultStyle: CellStyle, images: SceneImages) throws -> [ItemSpec] {
        let count = list.count
        guard count > 0 else { return [] }
        // Which items the parts left for the field-by-field reading (a part writes only its own).
        var plain = [Bool](repeating: true, count: count)
        var items = [ItemSpec](unsafeUninitializedCapacity: count) { buffer, initialized in
            let slots = buffer
            plain.withUnsafeMutableBufferPointer { plain in
                Parallel.forEachPart(of: count) { range in
                    for i in range {
                        if let members = list.members(i), let item = plainItem(members, index: firstIndex + i) {
                            slots.initializeElement(at: i, to: item)
                        } else {
                            slots.initializeElement(at: i, to: ItemSpec(id: "", title: "", subtitle: "", color: .black))
                            plain[i] = false
                        }
                    }
                }
            }
            initialized = count
        }
        for i in 0..<count where !plain[i] {
            items[i] = try decodeItem(field.element(i, list.node(i)), index: firstIndex + i, defaultStyle: defaultStyle, images: images)
        }
        return items
    }

    /// The item `members` spell when they are only "id", "title", "subtitle" and "color", each
    /// valid; nil otherwise.
    private static func plainItem(_ members: ArraySlice<JSONMember>, index: Int) -> ItemSpec? {
        guard members.count <= 4 else { return nil }
        var id: String?, title = "", subtitle = "", color: Color?
        for m in members {
            switch (m.key, m.value) {
            case ("id", .string(let s)) where !s.isEmpty: id = s
            case ("id", .number(let n)) where n == n.rounded() && abs(n) < 1e15: id = String(Int64(n))
            case ("title", .string(let s)): title = s
            case ("subtitle", .string(let s)): subtitle = s
            case ("color", .string(let s)):
                guard let c = Color(hex: s) else { return nil }
                color = c
            default: return nil
            }
        }
        guard let id else { return nil }
        return ItemSpec(id: id, title: title, subtitle: subtitle, color: color ?? ItemPalette.color(at: index))
    }

    /// Decodes one item field by field; `index` picks its default colour.
    static func decodeItem(_ f: JSONField, index: Int, defaultStyle: CellStyle = CellStyle(), images: SceneImages) throws -> ItemSpec {
        let o = try f.object(SceneSchema.item)
        let idField = try o.required("id")
        let id: String
        if case .number(let n) = idField.node.value, n == n.rounded(), abs(n) < 1e15 {
            id = String(Int64(n))
        } else {
            id = try idField.nonEmptyString()
        }
        let title = try o.optional("title")?.string() ?? ""
        if o.has("subtitle") && o.has("secondaryText") {
            throw o.optional("secondaryText")!.error("expected either \"subtitle\" or \"secondaryText\" (UIListContentConfiguration's name for it), not both")
        }
        let subtitle = try (o.optional("subtitle") ?? o.optional("secondaryText"))?.string() ?? ""
        let color = try o.optional("color")?.color() ?? ItemPalette.color(at: index)
        var size: Size?
        let style = try o.optional("style").map { try SceneDecoder.decodeCellStyle($0, base: defaultStyle) }
        var w: Double?
        var fits = false
        if let wf = o.optional("width") {
            if case .string = wf.node.value {
                // "fit": as wide as the title (a tag), plus padding on both sides.
                _ = try wf.oneOf(["fit"])
                // Measured by the typesetter that draws it, so the title fits to the pixel.
                let s = style ?? defaultStyle
                let natural: Double
                do {
                    natural = try images.text.naturalWidth(of: title, fontSize: s.titleSize, weight: s.titleWeight)
                } catch let e as TextMeasurementFailed {
                    throw wf.error("cannot measure the title: \(e.reason)")
                }
                w = (natural + 2 * CellAppearance.fitPadding).rounded(.up)
                fits = true
            } else {
                w = try wf.positive(max: SceneLimits.maxItemPoints)
            }
        }
        let h = try o.optional("height")?.positive(max: SceneLimits.maxItemPoints)
        if w != nil || h != nil {
            guard let w, let h else { throw f.error("expected both \"width\" and \"height\" when either is given") }
            size = Size(width: w, height: h)
        }
        var origin: Point?
        let x = try o.optional("x")?.number(in: -SceneLimits.maxOffset...SceneLimits.maxOffset), y = try o.optional("y")?.number(in: -SceneLimits.maxOffset...SceneLimits.maxOffset)
        if x != nil || y != nil { origin = Point(x: x ?? 0, y: y ?? 0) }
        let content = try o.optional("content").map { try $0.array(maxCount: 1000).map { try decodeContent($0, images: images) } } ?? []
        var item = ItemSpec(id: id, title: title, color: color, size: size, origin: origin, style: style, content: content)
        item.subtitle = subtitle
        item.fitsTitle = fits
        if let z = o.optional("zIndex") { item.zIndex = try z.integer(in: SceneLimits.zIndexRange) }
        if let a = o.optional("accessories") { item.accessories = try a.array(maxCount: 5).map { try $0.oneOf(CellAccessory.self) } }
        if let i = o.optional("image") { item.image = try images.load(i) }
        func swipe(_ f: JSONField) throws -> SwipeActionsConfiguration {
            let s = try f.object(SceneSchema.swipeActions)
            let actions = try s.required("actions").array(maxCount: 5).map { a -> ContextualAction in
                let ao = try a.object(SceneSchema.contextualAction)
                return ContextualAction(title: try ao.optional("title")?.string(), image: try ao.optional("image").map { try images.load($0) },
                                        backgroundColor: try ao.optional("backgroundColor")?.color(),
                                        style: try ao.optional("style")?.oneOf(ContextualAction.Style.self) ?? .normal)
            }
            return SwipeActionsConfiguration(actions: actions, performsFirstActionWithFullSwipe: try s.optional("performsFirstActionWithFullSwipe")?.bool() ?? true)
        }
        if let f = o.optional("leadingSwipeActions") { item.leadingSwipeActions = try swipe(f) }
        if let f = o.optional("trailingSwipeActions") { item.trailingSwipeActions = try swipe(f) }
        return item
    }

    /// {"text": …}, {"rect": colour} or {"image": "file.png"}, placed with x or right, y or
    /// bottom, width?, height.
    static func decodeContent(_ f: JSONField, images: SceneImages) throws -> ContentSpec {
        let textKeys = SceneSchema.textFields.map(\.name)
        let o = try f.object(SceneSchema.content)
        let kind: ContentSpec.Kind
        func refuse(_ keys: [String], _ what: String) throws {
            for k in keys where o.has(k) { throw o.optional(k)!.error("\"\(k)\" applies to \(what)") }
        }
        switch (o.optional("text"), o.optional("rect"), o.optional("image")) {
        case (let t?, nil, nil):
            try refuse(["cornerRadius", "contentMode"], "rects and images, not text")
            var text = TextElement(text: try t.string(), frame: .zero, fontSize: try o.number(orDefault: ContentSpec.Fields.fontSize),
                                   weight: try o.optional("weight")?.oneOf(FontWeight.self) ?? .regular,
                                   color: try o.optional("color")?.color() ?? .black,
                                   alignment: TextAlignment(rawValue: try o.optional("align")?.oneOf(["left", "center", "right"]) ?? "left")!,
                                   numberOfLines: try o.optional("numberOfLines")?.integer(in: ContentSpec.Fields.numberOfLines) ?? 1,
                                   lineBreakMode: try o.optional("lineBreakMode").map(decodeLineBreakMode) ?? .byTruncatingTail)
            text.italic = try o.optional("italic")?.bool() ?? false
            kind = .text(text)
        case (nil, let r?, nil):
            try refuse(textKeys + ["contentMode"], "text (or images), not rects")
            kind = .rect(try r.color(), cornerRadius: try o.number(orDefault: ContentSpec.Fields.cornerRadius))
        case (nil, nil, let i?):
            try refuse(textKeys, "text, not images")
            kind = .image(try images.load(i), contentMode: ContentMode(rawValue: try o.optional("contentMode")?.oneOf(ContentMode.allCases.map(\.rawValue)) ?? "scaleAspectFill")!,
                          cornerRadius: try o.number(orDefault: ContentSpec.Fields.cornerRadius))
        default:
            throw f.error("expected exactly one of \"text\", \"rect\" and \"image\"")
        }
        return try SceneDecoder.decodePlacement(o, kind: kind)
    }

    /// x or right, y or bottom, width?, height: where an element sits inside an item.
    public static func decodePlacement(_ o: JSONObject, kind: ContentSpec.Kind) throws -> ContentSpec {
        typealias F = ContentSpec.Fields
        if o.has("x") && o.has("right") && o.has("width") { throw o.optional("width")!.error("expected at most two of \"x\", \"right\" and \"width\"") }
        if o.has("y") && o.has("bottom") { throw o.optional("bottom")!.error("expected either \"y\" or \"bottom\", not both") }
        return ContentSpec(kind: kind, x: try o.number(F.x), right: try o.number(F.right), y: try o.number(F.y), bottom: try o.number(F.bottom),
                           width: try o.number(F.width), height: try o.required(F.height.name).number(F.height))
    }

    /// `{"type": …, fields…}` → a configured layout of a registered type.
    func decodeLayout(_ f: JSONField) throws -> any CollectionViewLayout {
        guard case .object = f.node.value else { throw f.expected("an object with a \"type\"") }
        // The type first: an unknown field is then reported against that type's fields only.
        let type = try f.anyObject().required("type", "the layout's type").oneOf(layoutTypeNames)
        let entry = layouts.first { $0.typeName == type }!
        return try entry.make(try f.object(allowed: ["type"] + entry.fieldTable.names))
    }

    /// `{"type": …, options…}` → the options of a registered effect type.
    func decodeEffect(_ f: JSONField, scene: Scene) throws -> any EffectConfiguration {
        guard case .object = f.node.value else { throw f.expected("an object with a \"type\"") }
        let names = effects.map(\.typeName)
        let type = try f.anyObject().required("type", "the effect's type").oneOf(names)
        let entry = effects.first { $0.typeName == type }!
        return try entry.decode(try f.object(allowed: ["type"] + entry.fieldTable.names), scene)
    }

    func decodeCollectionView(_ f: JSONField, canvas: Canvas, images: SceneImages, templates: ItemTemplates = ItemTemplates(),
                              log: ItemTemplates.Log = ItemTemplates.Log(),
                              budget: ItemTemplates.Budget? = nil) throws -> CollectionViewSpec {
        let budget = budget ?? ItemTemplates.Budget(bytes: maxTemplateBytes)
        let o = try f.object(SceneSchema.collectionView)
        let frame = try o.optional("frame").map(SceneDecoder.decodeRect) ?? Rect(x: 0, y: 0, width: canvas.width, height: canvas.height)
        let layout = try decodeLayout(o.required("layout"))
        let cellStyle = try o.optional("cell").map { try SceneDecoder.decodeCellStyle($0, base: CellStyle()) } ?? CellStyle()

        var sections: [SectionSpec] = []
        var itemTotal = 0
        /// A list of items, or a templated one expanded (ItemTemplates): each copy read from the
        /// fields the file wrote, an error in one saying which copy it is.
        func readItems(_ field: JSONField, firstIndex: Int) throws -> [ItemSpec] {
            var list: JSONList?
            if case .object(let members) = field.node.value {
                // One item in place of the list only as a repeat: `"items": {"repeat": 30, …}`.
                guard members.contains(where: { $0.key == "repeat" }) else { throw field.expected("an array (or one item with \"repeat\")") }
            } else {
                list = try field.list(maxCount: SceneLimits.maxItems)
            }
            if let list, !ItemTemplates.isTemplated(field, list) {
                return try SceneDecoder.decodeItems(list, in: field, firstIndex: firstIndex, defaultStyle: cellStyle, images: images)
            }
            let entries = try templates.expand(field, limit: SceneLimits.maxItems - itemTotal, budget: budget)
            log.record(field.path, entries)
            var items: [ItemSpec] = []
            items.reserveCapacity(entries.count)
            for (k, entry) in entries.enumerated() {
                do {
                    items.append(try SceneDecoder.decodeItem(entry.field, index: firstIndex + k, defaultStyle: cellStyle, images: images))
                } catch var e as InputError {
                    if let copy = entry.copy { e.message += ItemTemplates.Log.note(copy) }
                    throw e
                }
            }
            return items
        }
        switch (o.optional("items"), o.optional("sections")) {
        case (nil, nil):
            throw o.error("expected \"items\" or \"sections\"")
        case (.some, .some(let secs)):
            throw secs.error("expected either \"items\" or \"sections\", not both")
        case (let items?, nil):
            sections = [SectionSpec(id: "section0", items: try readItems(items, firstIndex: 0))]
        case (nil, let secs?):
            for (si, sf) in try secs.array(minCount: 1, maxCount: 1000).enumerated() {
                let so = try sf.object(SceneSchema.section)
                let sid = try so.optional("id")?.nonEmptyString() ?? "section\(si)"
                let header = try so.optional("header")?.string()
                let footer = try so.optional("footer")?.string()
                let listField = try so.required("items")
                let items = try readItems(listField, firstIndex: itemTotal)
                itemTotal += items.count
                if itemTotal > SceneLimits.maxItems { throw sf.error("expected at most \(SceneLimits.maxItems) items in all") }
                sections.append(SectionSpec(id: sid, header: header, footer: footer, items: items))
            }
        }

        var spec = CollectionViewSpec(frame: frame, layout: layout, sections: sections)
        if let v = o.optional("id") { spec.id = try v.nonEmptyString() }
        if let v = o.optional("contentInset") { spec.contentInset = try SceneDecoder.decodeInsets(v) }
        if let v = o.optional("contentOffset") {
            let (x, y) = try SceneDecoder.decodeOffset(v)
            spec.contentOffset = Point(x: x ?? -spec.contentInset.left, y: y ?? -spec.contentInset.top)
        }
        // A list's background, header and footer defaults come with the spec (CollectionViewSpec.init).
        if let v = o.optional("backgroundColor") { spec.backgroundColor = try v.color() }
        spec.cell = cellStyle
        if let v = o.optional("header") { spec.headerStyle = try SceneDecoder.decodeCellStyle(v, base: spec.headerStyle, supplementary: true) }
        if let v = o.optional("footer") { spec.footerStyle = try SceneDecoder.decodeCellStyle(v, base: spec.footerStyle, supplementary: true) }
        if let v = o.optional("sectionBackground") { spec.backgroundStyle = try SceneDecoder.decodeCellStyle(v, base: .supplementary, supplementary: true) }
        if let v = o.optional("isPagingEnabled") { spec.isPagingEnabled = try v.bool() }
        if let v = o.optional("bounces") { spec.bounces = try v.bool() }
        if let v = o.optional("alwaysBounceVertical") { spec.alwaysBounceVertical = try v.bool() }
        if let v = o.optional("alwaysBounceHorizontal") { spec.alwaysBounceHorizontal = try v.bool() }
        if let v = o.optional("scrollEnabled") { spec.isScrollEnabled = try v.bool() }
        if let v = o.optional("decelerationRate") {
            if case .string(let name) = v.node.value {
                spec.decelerationRate = try v.oneOf(["normal", "fast"]) == "fast" ? Deceleration.fast : Deceleration.normal
                _ = name
            } else {
                spec.decelerationRate = try v.number(in: SceneLimits.decelerationRates, "\"normal\", \"fast\" or a rate per millisecond from \(SceneLimits.decelerationRates.lowerBound) to \(SceneLimits.decelerationRates.upperBound)")
            }
        }
        return spec
    }

}

/// Distinct default colours for items without one (iOS system colours).
public enum ItemPalette {
    public static let colors: [Color] = [
        "#FF3B30", "#FF9500", "#FFCC00", "#34C759", "#5AC8FA", "#007AFF", "#5856D6", "#AF52DE",
        "#FF2D55", "#A2845E", "#30B0C7", "#32ADE6", "#00C7BE", "#8E8E93", "#FF6482", "#64D2FF",
    ].map { Color(hex: $0)! }
    public static func color(at index: Int) -> Color { colors[index % colors.count] }
}
