import FlipbookCore
import FlipbookLayout
import FlipbookAnimation


// Scene.validate(): the checks that make a scene safe to simulate and render, whether it was
// read from a file or built in code. The scene-file decoder checks each field as it reads it
// (with line and column) and then runs these too; the Simulator runs them before it starts,
// so no scene reaches the runtime with values it cannot handle.

extension Scene {
    /// A scroll view's own numbers, in the ranges the scene-file decoder reads: a frame of at
    /// most `SceneLimits.maxItemPoints` a side within ±`SceneLimits.maxOffset`, insets up to a
    /// canvas, a content offset within ±`SceneLimits.maxOffset`, a deceleration rate UIKit's
    /// two (0.998, 0.99) sit inside.
    static func checkView(_ view: CollectionViewSpec, at vp: String) throws {
        typealias C = SceneCheck
        let f = view.frame, limit = SceneLimits.maxOffset
        for (name, v) in [("x", f.minX), ("y", f.minY)] where !(v.isFinite && abs(v) <= limit) {
            throw C.issue(vp + ".frame." + name, "expected a number from -\(NumberFormat.short(limit)) to \(NumberFormat.short(limit))")
        }
        for (name, v) in [("width", f.width), ("height", f.height)] where !(v >= 0 && v <= SceneLimits.maxItemPoints) {
            throw C.issue(vp + ".frame." + name, "expected a number from 0 to \(NumberFormat.short(SceneLimits.maxItemPoints))")
        }
        let inset = view.contentInset
        for (name, v) in [("top", inset.top), ("left", inset.left), ("bottom", inset.bottom), ("right", inset.right)]
        where !(v >= 0 && v <= SceneLimits.maxCanvasPoints) {
            throw C.issue(vp + ".contentInset." + name, "expected a number from 0 to \(NumberFormat.short(SceneLimits.maxCanvasPoints))")
        }
        if let o = view.contentOffset {
            for (name, v) in [("x", o.x), ("y", o.y)] where !(v.isFinite && abs(v) <= limit) {
                throw C.issue(vp + ".contentOffset." + name, "expected an offset within ±\(NumberFormat.short(limit))")
            }
        }
        if !SceneLimits.decelerationRates.contains(view.decelerationRate) {
            throw C.issue(vp + ".decelerationRate", "expected \"normal\", \"fast\" or a rate per millisecond from \(SceneLimits.decelerationRates.lowerBound) to \(SceneLimits.decelerationRates.upperBound)")
        }
    }
}

/// Helpers for validation, public so custom effects and layouts report problems the same way.
public enum SceneCheck {
    /// Every number of `value` that `options` lists is in its range.
    public static func numbers<Root>(_ value: Root, _ options: [NumberField<Root>], at path: String) throws {
        for o in options {
            guard let v = o.value(in: value), !o.allows(v) else { continue }
            throw issue(path + "." + o.name, "expected " + o.expected + ", got " + NumberFormat.short(v))
        }
    }

    /// An InputError at a JSON path; `Scene.validate(file:)` fills in the file.
    public static func issue(_ path: String, _ message: String) -> InputError {
        InputError(file: "", path: path, message: message)
    }

    /// A user string quoted and escaped for a message.
    public static func quoted(_ s: String) -> String { InputError.quote(s) }

    public static func finite(_ values: [(String, Double)], at path: String) throws {
        for (name, v) in values where !v.isFinite { throw issue(path + "." + name, "expected a finite number") }
    }

    public static func nonNegative(_ values: [(String, Double)], at path: String) throws {
        for (name, v) in values where !(v.isFinite && v >= 0) { throw issue(path + "." + name, "expected a finite number ≥ 0") }
    }

    /// Text the renderer can draw (no NUL or noncharacters, within the length limit).
    /// Text the renderer can draw in `fonts` (an effect's titles, checked in its
    /// `validate(in:text:)`).
    public static func text(_ s: String, at path: String, fonts: any TextMeasuring) throws { try Scene.checkText(s, at: path, fonts: fonts) }

    /// The effect needs the main collection view to use layout type `L`.
    public static func layout<L: CollectionViewLayout>(_ type: L.Type, named name: String, effect: String, in scene: Scene) throws {
        guard scene.collectionView.layout is L else {
            throw issue("$.effect.type", "the \"\(effect)\" effect needs collectionView.layout.type \"\(name)\"")
        }
    }
}

extension Scene {
    /// The suffixes of ids Flipbook makes for elements the scene does not name (section
    /// headers and footers, a dragged item's snapshot); user ids may not end in them.
    public static let generatedIDSuffixes = [".header", ".footer", ".background", ".snapshot", ".actions", ".placeholder", ".leaving"]

    /// Throws the first problem as an InputError naming `file` (the scene's name when nil) and
    /// the JSON path of the offending value; text is checked against the fonts `text` measures
    /// with (the `Flipbook` module's `validate(file:)` passes the typesetter that draws).
    public func validate(file: String? = nil, text fonts: any TextMeasuring) throws {
        try validate(file: file, text: fonts, paths: ScenePaths())
    }

    /// The same, naming values as the scene file wrote them (`paths`: the decoder's).
    package func validate(file: String? = nil, text fonts: any TextMeasuring, paths: ScenePaths) throws {
        if validation.isPassed { return }
        do {
            try check(fonts: fonts, paths: paths)
            validation.pass()
        } catch var e as InputError {
            if e.file.isEmpty { e.file = messageFile(file) }
            throw e
        }
    }

    private func check(fonts: any TextMeasuring, paths: ScenePaths) throws {
        typealias C = SceneCheck
        if let problem = SceneName.problem(name) { throw C.issue("$.name", "\(problem), got \(C.quoted(name))") }
        let maxPoints = SceneLimits.maxCanvasPoints
        for (key, v) in [("width", canvas.width), ("height", canvas.height)] where !(v.isFinite && v > 0 && v <= maxPoints) {
            throw C.issue("$.canvas." + key, "expected a number > 0 and ≤ \(NumberFormat.short(maxPoints))")
        }
        if !SceneLimits.scaleRange.contains(canvas.scale) {
            throw C.issue("$.canvas.scale", "expected " + SceneLimits.scaleRange.expectation())
        }
        if canvas.pixelWidth > SceneLimits.maxPixelsPerSide || canvas.pixelHeight > SceneLimits.maxPixelsPerSide {
            throw C.issue("$.canvas", "expected at most \(SceneLimits.maxPixelsPerSide) pixels per side at this scale, got \(canvas.pixelWidth) x \(canvas.pixelHeight)")
        }
        if !SceneLimits.fpsRange.contains(fps) {
            throw C.issue("$.fps", "expected " + SceneLimits.fpsRange.expectation() + ", got \(fps)")
        }
        if !(duration.isFinite && duration > 0 && duration <= SceneLimits.maxDuration) {
            throw C.issue("$.duration", "expected a number > 0 and ≤ \(NumberFormat.short(SceneLimits.maxDuration))")
        }
        if frameCount > SceneLimits.maxFrames {
            throw C.issue("$.duration", "expected at most \(SceneLimits.maxFrames) frames (duration × fps), got \(NumberFormat.short(duration)) s × \(fps) fps")
        }
        if !SceneLimits.touchSampleRateRange.contains(touchSampleRate) {
            throw C.issue("$.touchSampleRate", "expected " + SceneLimits.touchSampleRateRange.expectation())
        }
        if !SceneLimits.displayRefreshRateRange.contains(displayRefreshRate) {
            throw C.issue("$.displayRefreshRate", "expected " + SceneLimits.displayRefreshRateRange.expectation())
        }
        try checkViewsAndItems(fonts: fonts, paths: paths)
        try checkScript(fonts: fonts)
        try checkTouches()
        try effect?.validate(in: self, text: fonts)
        if let problem = host?.problem { throw C.issue(problem.path, problem.message) }
    }

    private func checkViewsAndItems(fonts: any TextMeasuring, paths: ScenePaths) throws {
        typealias C = SceneCheck
        // The ids used so far; where one was first used is looked up again only for the message
        // (a scene of 100,000 items would otherwise keep 100,000 places it never reports).
        var ids = Set<String>()
        ids.reserveCapacity(allViews.reduce(chrome.count) { n, v in v.sections.reduce(n) { $0 + $1.items.count } })
        func path(_ place: (view: Int, section: Int, item: Int)) -> String {
            if place.view == -1 { return "$.chrome[\(place.item)].id" }
            return place.section < 0 ? paths.view(place.view) + ".id" : paths.item(place.item, section: place.section, view: place.view) + ".id"
        }
        /// The first place `id` is used, in the order ids are claimed.
        func firstUse(of id: String) -> (view: Int, section: Int, item: Int) {
            for (v, view) in allViews.enumerated() {
                if view.id == id { return (v, -1, 0) }
                for (s, section) in view.sections.enumerated() {
                    if let i = section.items.firstIndex(where: { $0.id == id }) { return (v, s, i) }
                }
            }
            return (-1, 0, chrome.firstIndex { $0.id == id } ?? 0)
        }
        func claim(_ id: String, _ place: (view: Int, section: Int, item: Int)) throws {
            if id.isEmpty { throw C.issue(path(place), "expected a non-empty id") }
            // Every generated suffix starts with a dot; most ids have none to look behind.
            if Scene.anyByte(of: id, { $0 == UInt8(ascii: ".") }), let suffix = Scene.generatedIDSuffixes.first(where: { id.hasSuffix($0) }) {
                throw C.issue(path(place), "ids ending in \"\(suffix)\" are Flipbook's own (headers, footers, snapshots), got \(C.quoted(id))")
            }
            if !ids.insert(id).inserted {
                throw C.issue(path(place), "duplicate id \(C.quoted(id)) (first used at \(path(firstUse(of: id))))")
            }
        }
        var itemCount = 0
        for (v, view) in allViews.enumerated() {
            let vp = paths.view(v)
            try claim(view.id, (v, -1, 0))
            try Scene.checkStyle(view.cell, at: vp + ".cell")
            try Scene.checkStyle(view.headerStyle, at: vp + ".header")
            try Scene.checkStyle(view.footerStyle, at: vp + ".footer")
            try Scene.checkStyle(view.backgroundStyle, at: vp + ".sectionBackground")
            if !view.backgroundColor.isValid { throw C.issue(vp + ".backgroundColor", "expected a colour with components from 0 to 1") }
            try Scene.checkView(view, at: vp)
            if view.layout is HostedLayout && host?.layout(ofView: v) == nil { throw C.issue(vp + ".layout", Scene.noHostLayout) }
            if let problem = view.layout.invalidParameter() ?? view.layout.invalidParameter(forViewSize: Size(
                width: view.frame.width - view.contentInset.left - view.contentInset.right,
                height: view.frame.height - view.contentInset.top - view.contentInset.bottom)) {
                throw C.issue(vp + ".layout." + problem.property, "expected " + problem.expected)
            }
            var sectionIDs: [String: Int] = [:]
            for (s, section) in view.sections.enumerated() {
                // Section ids name headers and footers ("<id>.header"), within their view.
                let sp = paths.section(s, view: v)
                if section.id.isEmpty { throw C.issue(sp + ".id", "expected a non-empty id") }
                if let first = sectionIDs[section.id] {
                    throw C.issue(sp + ".id", "duplicate section id \(C.quoted(section.id)) (first used at \(paths.section(first, view: v)))")
                }
                sectionIDs[section.id] = s
                if let header = section.header { try Scene.checkText(header, at: sp + ".header", fonts: fonts) }
                if let footer = section.footer { try Scene.checkText(footer, at: sp + ".footer", fonts: fonts) }
                itemCount += section.items.count
                if itemCount > SceneLimits.maxItems { throw C.issue(paths.items(section: s, view: v), "expected at most \(SceneLimits.maxItems) items in the scene") }
                // In item order, an item's id before its fields, on one thread: two did not pay
                // (docs/performance.md). Items read by index, in place: enumerating copies each
                // item, five retains.
                let items = section.items
                for i in items.indices {
                    try claim(items[i].id, (v, s, i))
                    try Scene.checkItem(items[i], at: paths.item(i, section: s, view: v), fonts: fonts)
                }
            }
        }
        for (i, item) in chrome.enumerated() {
            try claim(item.id, (-1, 0, i))
            try Scene.checkItem(item, at: "$.chrome[\(i)]", fonts: fonts)
            if item.origin == nil || item.size == nil {
                throw C.issue("$.chrome[\(i)]", "expected a chrome item with \"x\", \"y\", \"width\" and \"height\"")
            }
        }
    }

    static func checkItem(_ item: ItemSpec, at itemPath: @autoclosure () -> String, fonts: any TextMeasuring) throws {
        let path = itemPath
        // The decoder's ranges: a side up to `SceneLimits.maxItemPoints`, a position within
        // ±`SceneLimits.maxOffset` (named as the file names them, "width", "x").
        if let s = item.size {
            for (name, v) in [("width", s.width), ("height", s.height)] where !(v >= 0 && v <= SceneLimits.maxItemPoints) {
                throw SceneCheck.issue(path() + "." + name, "expected a number from 0 to \(NumberFormat.short(SceneLimits.maxItemPoints))")
            }
        }
        if let o = item.origin {
            for (name, v) in [("x", o.x), ("y", o.y)] where !(v.isFinite && abs(v) <= SceneLimits.maxOffset) {
                throw SceneCheck.issue(path() + "." + name, "expected a number from -\(NumberFormat.short(SceneLimits.maxOffset)) to \(NumberFormat.short(SceneLimits.maxOffset))")
            }
        }
        if !item.color.isValid { throw SceneCheck.issue(path() + ".color", "expected a colour with components from 0 to 1") }
        try checkText(item.title, at: path() + ".title", fonts: fonts)
        try checkText(item.subtitle, at: path() + ".subtitle", fonts: fonts)
        if let style = item.style { try checkStyle(style, at: path() + ".style") }
        for (name, config) in [("leadingSwipeActions", item.leadingSwipeActions), ("trailingSwipeActions", item.trailingSwipeActions)] {
            guard let config else { continue }
            for (k, a) in config.actions.enumerated() {
                let p = path() + ".\(name).actions[\(k)]"
                if (a.title ?? "").isEmpty && a.image == nil { throw SceneCheck.issue(p, "expected a \"title\" or an \"image\"") }
                if let t = a.title { try checkText(t, at: p + ".title", fonts: fonts) }
                if let c = a.backgroundColor, !c.isValid { throw SceneCheck.issue(p + ".backgroundColor", "expected a colour with components from 0 to 1") }
            }
        }
        if let z = item.zIndex, !SceneLimits.zIndexRange.contains(z) {
            throw SceneCheck.issue(path() + ".zIndex", "expected " + SceneLimits.zIndexRange.expectation())
        }
        try checkContent(item.content, at: path(), fonts: fonts)
    }

    /// Content rows: each within its own rule, text that can be drawn.
    static func checkContent(_ content: [ContentSpec], at path: String, fonts: any TextMeasuring) throws {
        for (i, c) in content.enumerated() {
            let p = path + ".content[\(i)]"
            if let problem = c.problem() { throw SceneCheck.issue(p + "." + problem.property, "expected " + problem.expected) }
            // Content made from a UIKit cell's view says which view (its property's name).
            if case .text(let t) = c.kind { try checkText(t.text, at: p + ".text" + (c.view.map { " (\($0))" } ?? ""), fonts: fonts) }
        }
    }

    /// A cell style drawing can use (sizes, radii, counts in range; the decoder reads the same ranges).
    static func checkStyle(_ style: CellStyle, at path: String) throws {
        if let problem = style.problem() { throw SceneCheck.issue(path + "." + problem.property, "expected " + problem.expected) }
    }

    /// Whether a UTF-8 byte of `text` passes `test`, read in place. (Not `contains(".")` and the
    /// like: with Foundation imported those are a CFString search, which on 100,000 ids cost
    /// 15 % of reading the scene.)
    @inline(__always)
    static func anyByte(of text: String, _ test: (UInt8) -> Bool) -> Bool {
        var text = text
        return text.withUTF8 { $0.contains(where: test) }
    }

    /// Text the renderer can draw: within the length limit, and no Unicode noncharacters
    /// (U+FDD0…U+FDEF, U+xxFFFE, U+xxFFFF), which Cairo refuses as invalid UTF-8, nor NUL.
    static func checkText(_ text: String, at path: @autoclosure () -> String, fonts: any TextMeasuring) throws {
        try checkGlyphs(text, at: path(), fonts: fonts)
        // NUL is byte 0 and every noncharacter's UTF-8 starts with 0xEF or above (EF B7 9x-Ax,
        // EF BF BE-BF, F0-F4 … BF BE-BF): text without such bytes (most) needs only its length.
        if text.utf8.count <= SceneLimits.maxTextLength && !anyByte(of: text, { $0 == 0 || $0 >= 0xEF }) { return }
        var count = 0
        for u in text.unicodeScalars {
            count += 1
            let v = u.value
            if v == 0 || (v >= 0xFDD0 && v <= 0xFDEF) || v & 0xFFFE == 0xFFFE {
                throw SceneCheck.issue(path(), "expected text without NUL or Unicode noncharacters, got U+\(String(v, radix: 16, uppercase: true)) at character \(count)")
            }
        }
        if count > SceneLimits.maxTextLength {
            throw SceneCheck.issue(path(), "expected at most \(SceneLimits.maxTextLength) characters, got \(count)")
        }
    }

    /// Text every character of which Flipbook's fonts can draw: a character none has would be an
    /// empty box on every frame, so it is named instead.
    static func checkGlyphs(_ text: String, at path: @autoclosure () -> String, fonts: any TextMeasuring) throws {
        guard let u = fonts.missingCharacter(in: text) else { return }
        let code = "U+" + String(u.value, radix: 16, uppercase: true)
        throw SceneCheck.issue(path(), "expected characters Flipbook's fonts draw (Inter, Noto Sans CJK SC, Noto Color Emoji), got \"\(Character(u))\" (\(code)), which none of them draws (it would be left blank)")
    }

    /// Every item a step names exists when the step runs (batch inserts add ids as they go),
    /// and batch updates name only items of the main collection view, which they act on.
    private func checkScript(fonts: any TextMeasuring) throws {
        typealias C = SceneCheck
        if host == nil, let i = script.firstIndex(where: { if case .code = $0.action { return true }; return false }) {
            throw C.issue("$.script[\(i)]", Scene.noHost)
        }
        // Only steps that name items need the id sets; a scene that only scrolls skips them.
        let namesItems = script.contains { step in
            switch step.action {
            case .setContentOffset, .scrollTo: return false
            default: return true
            }
        }
        var ids = ItemIDs(known: namesItems ? Set(allViews.flatMap { $0.sections.flatMap { $0.items.map(\.id) } }) : [],
                          main: namesItems ? Set(collectionView.sections.flatMap { $0.items.map(\.id) }) : [])
        let steps = script.enumerated().sorted { $0.element.time != $1.element.time ? $0.element.time < $1.element.time : $0.offset < $1.offset }
        // Batch updates are checked against the data as it will be when they run — here, when
        // only the script changes the data (no effect, no batch update in a completion);
        // otherwise the simulator checks each one when it reaches it.
        var data: [[String]]? = script.contains(where: { Scene.isBatch($0.action) }) && !batchUpdatesCheckedWhenSimulated
            ? collectionView.sections.map { $0.items.map(\.id) } : nil
        for (index, step) in steps {
            let path = step.path.isEmpty ? "$.script[\(index)]" : step.path
            if !(step.time.isFinite && step.time >= 0 && step.time <= SceneLimits.maxDuration) {
                throw C.issue(path + ".at", "expected a number from 0 to \(NumberFormat.short(SceneLimits.maxDuration))")
            }
            try Scene.checkAction(step.action, at: path, time: step.time, ids: &ids, fonts: fonts)
            if case .performBatchUpdates(let changes, _, _) = step.action, data != nil {
                if let problem = BatchUpdateCheck.problem(changes, sections: data!) {
                    throw C.issue(path, BatchUpdateCheck.message(problem, at: step.time))
                }
                BatchUpdateCheck.apply(changes, to: &data!)
            }
        }
    }

    /// Whether some batch update can only be checked when the simulation reaches it (an effect
    /// may change the data first, or it runs from a completion): `flipbook validate` then
    /// simulates the scene to check it.
    public var batchUpdatesCheckedWhenSimulated: Bool {
        script.contains { Scene.hasBatchInCompletion($0.action) || Scene.isCode($0.action) }
            || (effect != nil && script.contains { Scene.isBatch($0.action) })
    }

    /// Whether the step is code, whose changes are known only when it runs.
    static func isCode(_ a: Action) -> Bool {
        if case .code = a { return true }
        return false
    }

    static func isBatch(_ a: Action) -> Bool {
        if case .performBatchUpdates = a { return true }
        return false
    }

    /// Whether a batch update runs from a completion (its time depends on animations).
    static func hasBatchInCompletion(_ a: Action) -> Bool {
        func runsBatch(_ actions: [Action]) -> Bool { actions.contains { isBatch($0) || hasBatchInCompletion($0) } }
        func inTransaction(_ t: Transaction) -> Bool { runsBatch(t.completion) || t.nested.contains(where: inTransaction) }
        switch a {
        case .performBatchUpdates(_, _, let completion): return runsBatch(completion)
        case .animate(let t): return inTransaction(t)
        default: return false
        }
    }

    /// The ids in the data as the script goes, in time order: the scene's, those batch updates
    /// insert, less those they delete (and where each was deleted, for the message).
    struct ItemIDs {
        var known: Set<String>
        var main: Set<String>
        var deleted: [String: String] = [:]
        /// Every id is taken as known: for a code step's commands, whose ids come from the
        /// app's data (the simulation names an id it does not have when it runs the command).
        var anyID = false
    }

    /// The gate for what a code step hands back (setContentOffset, UIView.animate, a batch
    /// update, a completion): the checks a script step with the same action passes — finite
    /// numbers, timings, property values — so no value the app's code computed reaches the
    /// timeline unchecked. Its ids are the simulation's to resolve.
    package static func checkCommand(_ action: Action, at path: String, time: Double, fonts: any TextMeasuring) throws {
        var ids = ItemIDs(known: [], main: [], anyID: true)
        try checkAction(action, at: path, time: time, ids: &ids, fonts: fonts)
    }

    /// Why a code step cannot run in a scene without the host its app code made.
    package static let noHostLayout = "expected a layout this scene's host answers (a UIKit scene's view laid out in another scene has no host to lay it out)"
    package static let noHost = "expected a code step of this scene's own app code (a UIKit scene's script run in another scene has no host to run it)"

    /// What a host answers for a code step (`SceneHost`) passes the same checks: its actions
    /// as a script step's, its views' frames, offsets, progress and timings finite.
    package static func checkCommand(_ command: HostCommand, at path: String, time: Double, fonts: any TextMeasuring) throws {
        typealias C = SceneCheck
        func rect(_ r: Rect, _ name: String) throws {
            try C.finite([("x", r.minX), ("y", r.minY), ("width", r.width), ("height", r.height)], at: path + "." + name)
        }
        switch command {
        case .action(let a): try checkCommand(a, at: path, time: time, fonts: fonts)
        case .snapshot(.add(_, _, let frame)): try rect(frame, "snapshot.frame")
        case .snapshot(.move(_, let frame, let timing)):
            try rect(frame, "snapshot.frame")
            if let timing { try checkTiming(timing, at: path) }
        case .snapshot(.remove), .snapshot(.hide): break
        case .transition(.progress(let p)): try C.finite([("transitionProgress", p)], at: path)
        case .transition(.end(_, let timing)): try checkTiming(timing, at: path)
        case .transition(.start): break
        case .moveView(_, let offset, let timing):
            try C.finite([("x", offset.x), ("y", offset.y)], at: path + ".frame")
            if let timing { try checkTiming(timing, at: path) }
        }
    }

    /// The one rule for the ids a step names (the decoder only adds where they are): each is
    /// in the scene or inserted by an earlier batch update, and not deleted since; a batch
    /// update's, in the main view. An unknown id is told the nearest known one.
    static func need(_ id: String, at path: String, batch: Bool = false, ids: ItemIDs) throws {
        if ids.anyID { return }
        if let place = ids.deleted[id] { throw SceneCheck.issue(path, "item \(SceneCheck.quoted(id)) was deleted before this step, by \(place)") }
        if !ids.known.contains(id) {
            // Only the ids of similar length are compared (Spelling bounds its own work too).
            let near = ids.known.count <= 100_000 ? Spelling.suggestion(id, among: ids.known.filter { abs($0.count - id.count) <= 3 }.sorted()) : ""
            throw SceneCheck.issue(path, "unknown item id \(SceneCheck.quoted(id))" + near)
        }
        if batch && !ids.main.contains(id) {
            throw SceneCheck.issue(path, "item \(SceneCheck.quoted(id)) is not in the main collection view; batch updates change only its data")
        }
    }

    private static func checkAction(_ action: Action, at path: String, time: Double, ids: inout ItemIDs, fonts: any TextMeasuring) throws {
        typealias C = SceneCheck
        let current = ids
        func need(_ id: String, _ at: String, batch: Bool = false) throws { try Scene.need(id, at: at, batch: batch, ids: current) }
        func timing(_ t: AnimationTiming) throws { try Scene.checkTiming(t, at: path) }
        switch action {
        case .setContentOffset(let x, let y), .scrollTo(let x, let y, _):
            if !(x ?? 0).isFinite || !(y ?? 0).isFinite { throw C.issue(path + ".contentOffset", "expected finite numbers") }
            if case .scrollTo(_, _, let t) = action { try timing(t) }
        case .set(let changes):
            try checkChanges(changes, at: path, ids: ids)
        case .animate(let t):
            try checkTransaction(t, at: path, time: time, ids: &ids, fonts: fonts)
        case .addAnimation(let item, let spec, let begin):
            if let item { try need(item, path + ".item") }
            if !begin.isFinite { throw C.issue(path + ".beginTime", "expected a finite number") }
            for (k, v) in spec.animation.values.enumerated() {
                if let problem = spec.property.problem(with: v) {
                    throw C.issue(path + ".values[\(k)]" + (problem.field.isEmpty ? "" : "." + problem.field), "expected " + problem.expected)
                }
            }
            if let problem = spec.animation.problem() { throw C.issue(path + "." + problem.property, "expected " + problem.expected) }
        case .removeAnimation(let item, _):
            if let item { try need(item, path + ".item") }
        case .performBatchUpdates(let changes, let t, let completion):
            try timing(t)
            // A batch update's changes are its "updates", one each.
            var deletes: [(String, String)] = []
            for (u, c) in changes.enumerated() {
                let at = path + ".updates[\(u)]"
                switch c {
                case .delete(let id):
                    try need(id, at + ".delete", batch: true)
                    deletes.append((id, "\(at) at \(NumberFormat.short(time)) s"))
                case .move(let id, _): try need(id, at + ".move", batch: true)
                case .clearProperties(let id, _): try need(id, at, batch: true)
                case .reload(let id, let patch):
                    try need(id, at + ".reload", batch: true)
                    try checkPatch(patch, at: at, fonts: fonts)
                case .insert(let item, _):
                    if !ids.anyID && ids.known.contains(item.id) { throw C.issue(at + ".insert.id", "item id \(C.quoted(item.id)) already exists in the scene") }
                    try checkItem(item, at: at + ".insert", fonts: fonts)
                    ids.known.insert(item.id)
                    ids.main.insert(item.id)
                    ids.deleted[item.id] = nil
                case .insertSection(let section, _):
                    for (k, item) in section.items.enumerated() {
                        let at = at + ".insertSection.items[\(k)]"
                        if !ids.anyID && ids.known.contains(item.id) { throw C.issue(at + ".id", "item id \(C.quoted(item.id)) already exists in the scene") }
                        try checkItem(item, at: at, fonts: fonts)
                        ids.known.insert(item.id)
                        ids.main.insert(item.id)
                        ids.deleted[item.id] = nil
                    }
                case .layout, .deleteSection, .moveSection: break
                }
            }
            // Deleted once the update is applied: later steps and the completion may not name them.
            for (id, place) in deletes {
                ids.known.remove(id)
                ids.main.remove(id)
                ids.deleted[id] = place
            }
            for (i, a) in completion.enumerated() { try checkAction(a, at: path + ".completion[\(i)]", time: time, ids: &ids, fonts: fonts) }
        case .code:
            // What it answers is known when it runs; the simulator checks that then.
            break
        }
    }

    /// Each change names a known item and sets values within `ItemProperty.problem(with:)`'s
    /// rule, the one the decoder reads (a NaN alpha would render and write `null` into
    /// keyframes.json; an infinite rotation would stop the render).
    private static func checkChanges(_ changes: [PropertyChange], at path: String, ids: ItemIDs) throws {
        for (i, c) in changes.enumerated() {
            let at = c.path.isEmpty ? path + ".changes[\(i)]" : c.path
            try need(c.item, at: at + ".item", ids: ids)
            for (p, v) in c.values {
                if let problem = p.problem(with: v) {
                    throw SceneCheck.issue(at + ".\(p.rawValue)" + (problem.field.isEmpty ? "" : "." + problem.field), "expected " + problem.expected)
                }
            }
        }
    }

    /// A reload's new content, by the rules of an item's own fields.
    static func checkPatch(_ patch: ItemPatch, at path: String, fonts: any TextMeasuring) throws {
        if let t = patch.title { try checkText(t, at: path + ".title", fonts: fonts) }
        if let t = patch.subtitle { try checkText(t, at: path + ".subtitle", fonts: fonts) }
        if let c = patch.color, !c.isValid { throw SceneCheck.issue(path + ".color", "expected a colour with components from 0 to 1") }
        if let size = patch.size, let problem = ItemProperty.size.problem(with: .size(size)) {
            throw SceneCheck.issue(path + "." + problem.field, "expected " + problem.expected)
        }
        try checkContent(patch.content ?? [], at: path, fonts: fonts)
    }

    /// A duration the clock can reach, and a spring that can move.
    static func checkTiming(_ t: AnimationTiming, at path: String) throws {
        // The duration as given (`duration` reads a negative or NaN one as 0).
        let given: Double = switch t { case .curve(_, let d), .spring(_, let d): d }
        if !(given.isFinite && given >= 0) { throw SceneCheck.issue(path + ".duration", "expected a finite number ≥ 0") }
        if case .spring(let s, _) = t, let problem = s.problem() {
            throw SceneCheck.issue(path + ".spring." + problem.property, "expected " + problem.expected)
        }
    }

    private static func checkTransaction(_ t: Transaction, at path: String, time: Double, nested: Bool = false, ids: inout ItemIDs, fonts: any TextMeasuring) throws {
        if !(t.timing.duration.isFinite && t.timing.duration >= 0 && t.delay.isFinite && t.delay >= 0) {
            throw SceneCheck.issue(path, "expected a finite, non-negative duration and delay")
        }
        try checkTiming(t.timing, at: path)
        try checkChanges(t.changes, at: path, ids: ids)
        // A nested block's own place in the file is not kept: its completion is named by the step.
        for n in t.nested { try checkTransaction(n, at: path, time: time, nested: true, ids: &ids, fonts: fonts) }
        for (i, a) in t.completion.enumerated() { try checkAction(a, at: nested ? path : path + ".completion[\(i)]", time: time, ids: &ids, fonts: fonts) }
    }

    /// Fingers are 1 to 10, their moves finite, and one finger never goes down twice at once.
    private func checkTouches() throws {
        typealias C = SceneCheck
        for (i, t) in touches.enumerated() {
            let path = t.path.isEmpty ? "$.touches[\(i)]" : t.path
            if !SceneLimits.fingers.contains(t.finger) { throw C.issue(path + ".finger", "expected " + SceneLimits.fingers.expectation()) }
            if !(t.downTime.isFinite && t.downTime >= 0 && t.downPoint.x.isFinite && t.downPoint.y.isFinite) {
                throw C.issue(path, "expected a finite start time ≥ 0 and a finite point")
            }
            for s in t.segments where !(s.duration.isFinite && s.duration >= 0 && s.to.x.isFinite && s.to.y.isFinite) {
                throw C.issue(path, "expected finite moves with durations ≥ 0")
            }
        }
        for finger in Set(touches.map(\.finger)).sorted() {
            let mine = touches.filter { $0.finger == finger }.sorted { $0.downTime < $1.downTime }
            for (a, b) in zip(mine, mine.dropFirst()) where b.downTime < a.upTime - FrameClock.epsilon {
                throw C.issue(b.path, "finger \(finger) goes down at \(NumberFormat.short(b.downTime)) s while it is still down from \(a.path) (until \(NumberFormat.short(a.upTime)) s); use another \"finger\" or a later \"at\"")
            }
        }
    }
}

/// How `Scene.validate()` names a view and its items: `$.collectionView.sections[0].items[3]`,
/// or, for a view a scene file gave as one list (`"items": […]`, no sections), as the file
/// wrote it: `$.collectionView.items[3]`. The decoder says which views; code gets the first.
package struct ScenePaths: Sendable {
    /// Views (0 the collection view, 1… `views`) written with `items` instead of `sections`.
    package var viewsWithOneList: Set<Int> = []

    package init(viewsWithOneList: Set<Int> = []) { self.viewsWithOneList = viewsWithOneList }

    package func view(_ v: Int) -> String { v == 0 ? "$.collectionView" : "$.views[\(v - 1)]" }
    package func section(_ s: Int, view v: Int) -> String { view(v) + ".sections[\(s)]" }
    package func items(section s: Int, view v: Int) -> String {
        viewsWithOneList.contains(v) && s == 0 ? view(v) + ".items" : section(s, view: v) + ".items"
    }
    package func item(_ i: Int, section s: Int, view v: Int) -> String { items(section: s, view: v) + "[\(i)]" }
}
