#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import FlipbookCore
import FlipbookRender

/// Tolerances under which two values count as the same.
public struct DiffTolerance: Sendable {
    /// Points, for x, y, width and height.
    public var geometry = 0.5
    /// For alpha, rotation (radians) and scale.
    public var value = 0.01
    /// The largest time shift looked for, in frames.
    public var maxShift = 120
    public init() {}
}

/// How one item's track differs between two timelines.
public struct ItemDifference: Sendable, Equatable {
    /// Whether only its looks differ (colours, corners, text…), not where or how it is drawn.
    package var changesLooksOnly: Bool { !properties.isEmpty && properties.allSatisfy(AppearanceDiff.order.contains) }

    public enum Kind: String, Sendable { case removed, added, shifted, changed }
    public var item: String
    public var kind: Kind
    /// Frame ranges (indices) where it differs.
    public var ranges: [ClosedRange<Int>]
    /// The properties that differ somewhere, in a fixed order.
    public var properties: [String]
    /// The largest difference and where: points for geometry, the value's own unit otherwise
    /// (0/1 for presence, zIndex, hidden and the looks).
    public var largest: Double
    public var largestProperty: String
    public var largestFrame: Int
    /// Frames the candidate's track is behind the baseline's (negative: ahead), when the whole
    /// track matches once shifted.
    public var shift: Int?
    /// How the looks changed, on the first frame each did: "background #00704A → #00754A".
    public var changes: [String] = []
    /// The scroll view whose own shift explains this item's (the item rides in it and moves
    /// with it); nil when the item's difference is its own.
    public var cause: String?
    /// The canvas area times the frames it differs on, as a fraction of one canvas frame: how
    /// much of the screen and the timeline it changes (the order of the summary).
    public var impact = 0.0
    /// Where in the scene file the change comes from, when known: the script step that starts
    /// a shifted motion ("script step 2, scenes/feed.json:14"), else the item's own line.
    public var source: String?
    /// The item that took this one's place while this one took its place (two tags swapped):
    /// one cause, said once, on the first of the two.
    public var swappedWith: String?

    public init(item: String, kind: Kind, ranges: [ClosedRange<Int>], properties: [String], largest: Double, largestProperty: String,
                largestFrame: Int, shift: Int?, changes: [String] = [], cause: String? = nil, impact: Double = 0) {
        self.item = item; self.kind = kind; self.ranges = ranges; self.properties = properties; self.largest = largest
        self.largestProperty = largestProperty; self.largestFrame = largestFrame; self.shift = shift; self.changes = changes
        self.cause = cause; self.impact = impact
    }
}

/// What differs between two recorded timelines, most important first.
public struct TimelineDifference: Sendable {
    /// Changes of scene-wide values (fps, canvas, duration, frames).
    public var meta: [String] = []
    public var items: [ItemDifference] = []
    public var isEmpty: Bool { meta.isEmpty && items.isEmpty }
    /// Frame indices with any item difference.
    public var frames: Set<Int> { Set(items.flatMap { $0.ranges.flatMap { Array($0) } }) }
}

/// Compares two timelines as a reviewer would: items by id, each on the frames it is drawn
/// on, in the content coordinates of the scroll view it is in (so a scroll that changes puts
/// one line on the scroll view, not one on every cell it carries); a scroll view's own track is
/// its contentOffset and frame; an item's looks (fill, border, shadow, text, font, images) are
/// compared too, and named with their old and new values. Differences a scroll view's shift
/// explains are folded into its line; the rest are ordered by how much of the screen and of
/// the timeline they change.
public enum SemanticDiff {
    /// One item on one frame: its state with the frame in its scroll view's content space.
    struct State {
        var item: DrawItem
        var view: String?
        /// The view's contentOffset (for kind "view" only).
        var offset: Point?
        /// The canvas frame (for the impact), before it is moved into content space.
        var canvasArea: Double
    }

    /// Item id → frame index → state.
    static func tracks(_ t: Timeline) -> [String: [Int: State]] {
        var out: [String: [Int: State]] = [:]
        for f in t.frames {
            var view: (id: String, origin: Point, offset: Point)?
            for var it in f.items {
                let area = it.frame.width * it.frame.height * it.scale * it.scale
                var offset: Point?
                var inView: String?
                if it.kind == .view {
                    let o = f.scrollViews.first { $0.id == it.id }?.contentOffset ?? f.contentOffset
                    view = (it.id, Point(x: it.frame.minX, y: it.frame.minY), o)
                    offset = o
                } else if it.kind == .chrome {
                    view = nil
                } else if let v = view {
                    it.frame = it.frame.offsetBy(dx: v.offset.x - v.origin.x, dy: v.offset.y - v.origin.y)
                    inView = v.id
                }
                out[it.id, default: [:]][f.index] = State(item: it, view: inView, offset: offset, canvasArea: area)
            }
        }
        return out
    }

    /// The item-by-item comparison of two timelines, on the frame indices both have.
    public static func compare(_ a: Timeline, _ b: Timeline, tolerance: DiffTolerance = DiffTolerance()) -> TimelineDifference {
        var d = TimelineDifference()
        if a.fps != b.fps { d.meta.append("fps \(a.fps) → \(b.fps)") }
        if a.canvas.width != b.canvas.width || a.canvas.height != b.canvas.height || a.canvas.scale != b.canvas.scale {
            d.meta.append("canvas \(size(a.canvas)) → \(size(b.canvas))")
        }
        if a.canvas.background.hex != b.canvas.background.hex {
            d.meta.append("canvas background \(a.canvas.background.hex) → \(b.canvas.background.hex)")
        }
        let da = duration(a), db = duration(b)
        if a.frames.count != b.frames.count || abs(da - db) > 1e-9 {
            d.meta.append("duration \(NumberFormat.short(da)) s → \(NumberFormat.short(db)) s (\(a.frames.count) → \(b.frames.count) frames)")
        }
        let ta = tracks(a), tb = tracks(b)
        let common = FrameIndices(Set(a.frames.map(\.index)).intersection(b.frames.map(\.index)))
        guard !common.isEmpty else { return d }
        let firstCommon = common.sorted[0]
        let canvasArea = max(1, a.canvas.width * a.canvas.height)
        // Items in order of first appearance in the baseline, then the candidate's new ones.
        var order: [String] = []
        var seen = Set<String>()
        for f in a.frames + b.frames { for it in f.items where seen.insert(it.id).inserted { order.append(it.id) } }
        // Each item is looked at only on the frames it is drawn on, so the work follows the
        // timelines' size, not items × frames; shift detection shares a budget of the same order.
        var shiftBudget = 64 * (a.frames.reduce(0) { $0 + $1.items.count } + b.frames.reduce(0) { $0 + $1.items.count }) + 1_000_000
        var views: [String: String] = [:]  // item → the view it is in (the candidate's, else the baseline's)
        for id in order {
            let x = ta[id] ?? [:], y = tb[id] ?? [:]
            let framesA = x.keys.filter(common.contains), framesB = y.keys.filter(common.contains)
            if let v = (framesB.first.flatMap { y[$0]?.view }) ?? (framesA.first.flatMap { x[$0]?.view }) { views[id] = v }
            if framesA.isEmpty != framesB.isEmpty {
                let frames = (framesA.isEmpty ? framesB : framesA).sorted()
                let track = framesA.isEmpty ? y : x
                let impact = frames.reduce(0) { $0 + (track[$1]?.canvasArea ?? 0) } / canvasArea
                d.items.append(ItemDifference(item: id, kind: framesA.isEmpty ? .added : .removed, ranges: ranges(frames),
                                              properties: ["presence"], largest: 1, largestProperty: "presence",
                                              largestFrame: frames.first ?? firstCommon, shift: nil, impact: impact))
                continue
            }
            var differing: [Int] = []
            var props = Set<String>()
            // One text per property, per named view ("text|› titleLabel"), first seen first.
            var changes: [String: (property: String, view: String?, text: String, order: Int)] = [:]
            var largest = (value: 0.0, property: "", frame: 0)
            var impact = 0.0
            for i in Set(framesA).union(framesB).sorted() {
                let diffs = differences(x[i], y[i], tolerance)
                if diffs.isEmpty { continue }
                differing.append(i)
                impact += max(x[i]?.canvasArea ?? 0, y[i]?.canvasArea ?? 0) / canvasArea
                for (p, v) in diffs {
                    props.insert(p)
                    if v > largest.value { largest = (v, p, i) }
                }
                if let sa = x[i], let sb = y[i] {
                    for c in AppearanceDiff.changes(sa.item.appearance, sb.item.appearance) {
                        let key = c.property + "|" + (c.view ?? "")
                        if changes[key] == nil { changes[key] = (c.property, c.view, c.text, changes.count) }
                    }
                }
            }
            guard !differing.isEmpty else { continue }
            let shift = detectShift(x, y, common: common, span: differing.first!...differing.last!, tolerance: tolerance, budget: &shiftBudget)
            d.items.append(ItemDifference(item: id, kind: shift == nil ? .changed : .shifted, ranges: ranges(differing),
                                          properties: propertyOrder.filter(props.contains), largest: min(largest.value, .greatestFiniteMagnitude),
                                          largestProperty: largest.property, largestFrame: largest.frame, shift: shift,
                                          changes: changes.values.sorted { AppearanceDiff.rank($0) < AppearanceDiff.rank($1) }.map(\.text),
                                          impact: impact))
        }
        markSwaps(&d.items, ta, tb, tolerance: tolerance)
        // A scroll view shifted in time carries the items in it that shifted the same way.
        let viewShifts = Dictionary(d.items.compactMap { i in i.shift.map { (i.item, $0) } }.filter { ta[$0.0]?.values.first?.offset != nil },
                                    uniquingKeysWith: { first, _ in first })
        for k in d.items.indices where d.items[k].kind == .shifted {
            if let v = views[d.items[k].item], let s = viewShifts[v], s == d.items[k].shift { d.items[k].cause = v }
        }
        // Most important first: items gone or new, then scroll views shifted in time (a cause),
        // then the rest by how much of the screen and the timeline they change; the items a
        // view carries last; earliest first among equals.
        func key(_ i: ItemDifference) -> (Int, Double, Int) {
            let group = i.kind == .removed || i.kind == .added ? 0 : viewShifts[i.item] != nil ? 1 : i.cause == nil ? 2 : 3
            return (group, -i.impact, i.ranges[0].lowerBound)
        }
        d.items = d.items.enumerated().sorted { l, r in
            let a = key(l.element), b = key(r.element)
            return a != b ? a < b : l.offset < r.offset
        }.map(\.element)
        return d
    }

    /// Pairs of moved items where each ended where the other was (two tags swapped): at the
    /// last frame both differ, a's candidate frame is b's baseline frame and the reverse. Found
    /// through a table of baseline frames, so the work is linear in the items.
    static func markSwaps(_ items: inout [ItemDifference], _ ta: [String: [Int: State]], _ tb: [String: [Int: State]], tolerance: DiffTolerance) {
        struct Place: Hashable { var f: Int, x: Int, y: Int }
        // Saturating: the coordinates come from files (a golden), whatever their reader allows.
        func place(_ r: Rect, _ f: Int) -> Place {
            let cell = max(tolerance.geometry, 0.01)
            return Place(f: f, x: Int(saturating: (r.minX / cell).rounded()), y: Int(saturating: (r.minY / cell).rounded()))
        }
        func near(_ a: Rect, _ b: Rect) -> Bool { abs(a.minX - b.minX) <= tolerance.geometry && abs(a.minY - b.minY) <= tolerance.geometry }
        let moved = items.indices.filter { items[$0].kind == .changed && items[$0].properties.contains { $0 == "x" || $0 == "y" } }
        guard moved.count >= 2 else { return }
        var byBaseline: [Place: Int] = [:]
        for k in moved {
            let f = items[k].ranges.last!.upperBound
            if let s = ta[items[k].item]?[f] { byBaseline[place(s.item.frame, f)] = k }
        }
        for k in moved where items[k].swappedWith == nil {
            let id = items[k].item, f = items[k].ranges.last!.upperBound
            guard let now = tb[id]?[f], let was = ta[id]?[f], let j = byBaseline[place(now.item.frame, f)], j != k,
                  items[j].swappedWith == nil, items[j].ranges.last!.upperBound == f,
                  let otherNow = tb[items[j].item]?[f], let otherWas = ta[items[j].item]?[f],
                  near(now.item.frame, otherWas.item.frame), near(otherNow.item.frame, was.item.frame) else { continue }
            items[k].swappedWith = items[j].item
            items[j].swappedWith = id
        }
    }

    /// Seconds a timeline covers: from its first frame to the end of its last.
    static func duration(_ t: Timeline) -> Double {
        guard let first = t.frames.first, let last = t.frames.last else { return 0 }
        return Double(last.index + 1 - first.index) / Double(t.fps)
    }

    static let propertyOrder = ["presence", "contentOffset", "x", "y", "width", "height", "alpha", "rotation", "scale", "transform3D", "zIndex", "hidden"]
        + AppearanceDiff.order + ["kind"]

    static func size(_ c: Canvas) -> String { "\(NumberFormat.short(c.width))x\(NumberFormat.short(c.height)) @\(c.scale)x" }

    /// The properties of two states of an item that differ beyond the tolerance, with by how much.
    static func differences(_ a: State?, _ b: State?, _ t: DiffTolerance) -> [(String, Double)] {
        switch (a, b) {
        case (nil, nil): return []
        case (nil, _), (_, nil): return [("presence", 1)]
        case (let sa?, let sb?):
            let a = sa.item, b = sb.item
            var out: [(String, Double)] = []
            func num(_ name: String, _ x: Double, _ y: Double, _ tol: Double) { if abs(x - y) > tol { out.append((name, abs(x - y))) } }
            if let oa = sa.offset, let ob = sb.offset {
                let dist = max(abs(oa.x - ob.x), abs(oa.y - ob.y))
                if dist > t.geometry { out.append(("contentOffset", dist)) }
            }
            num("x", a.frame.minX, b.frame.minX, t.geometry)
            num("y", a.frame.minY, b.frame.minY, t.geometry)
            num("width", a.frame.width, b.frame.width, t.geometry)
            num("height", a.frame.height, b.frame.height, t.geometry)
            num("alpha", a.alpha, b.alpha, t.value)
            num("rotation", a.rotation, b.rotation, t.value)
            num("scale", a.scale, b.scale, t.value)
            let ma = a.transform3D?.m ?? [], mb = b.transform3D?.m ?? []
            if ma.count != mb.count {
                out.append(("transform3D", 1))
            } else if let d = zip(ma, mb).map({ abs($0 - $1) }).max(), d > t.value {
                out.append(("transform3D", d))
            }
            if a.zIndex != b.zIndex { out.append(("zIndex", Double(abs(a.zIndex - b.zIndex)))) }
            if a.hidden != b.hidden { out.append(("hidden", 1)) }
            if a.kind != b.kind { out.append(("kind", 1)) }
            if a.appearance != b.appearance {
                for c in AppearanceDiff.changes(a.appearance, b.appearance) { out.append((c.property, 1)) }
            }
            return out
        }
    }

    /// The smallest k ≠ 0 with candidate[i] = baseline[i − k] on every frame of `span` (the
    /// frames from the first to the last that differ; elsewhere the tracks already agree): a
    /// motion, or an appearance, k frames late (or early). A track that stays still cannot
    /// match falsely: within the span it differs from the candidate by definition. Only frames
    /// where either track has the item can disagree, so only those are compared; the work is
    /// taken from `budget`, and once it is spent no shift is looked for (the item is reported
    /// as changed).
    static func detectShift(_ a: [Int: State], _ b: [Int: State], common: FrameIndices, span: ClosedRange<Int>,
                            tolerance: DiffTolerance, budget: inout Int) -> Int? {
        let inSpan = common.count(in: span, budget: &budget)
        // Frames where the item is drawn, on the candidate's side within the span, and on the
        // baseline's side anywhere (its frame j is compared with the candidate's j + k).
        let drawnB = b.keys.filter(span.contains), drawnA = Array(a.keys)
        for magnitude in 1...max(1, min(tolerance.maxShift, common.count - 1)) {
            for k in [magnitude, -magnitude] {
                budget -= drawnA.count + drawnB.count + 1
                if budget < 0 { return nil }
                func agrees(_ i: Int) -> Bool {
                    !(span.contains(i) && common.contains(i) && common.contains(i - k)) || differences(a[i - k], b[i], tolerance).isEmpty
                }
                guard drawnB.allSatisfy(agrees), drawnA.allSatisfy({ agrees($0 + k) }) else { continue }
                if common.countShifted(in: span, by: k, budget: &budget) >= max(1, inSpan - magnitude) { return k }
            }
        }
        return nil
    }

    /// The frame indices both timelines have: counted in O(1) when they step evenly (every
    /// render's do), else by a scan charged to the diff's budget.
    struct FrameIndices {
        let set: Set<Int>
        let sorted: [Int]
        /// first, step (nil when the indices do not step evenly).
        let progression: (first: Int, step: Int)?

        init(_ indices: Set<Int>) {
            set = indices
            sorted = indices.sorted()
            let step = sorted.count > 1 ? sorted[1] - sorted[0] : 1
            let even = sorted.count < 2 || zip(sorted, sorted.dropFirst()).allSatisfy { $1 - $0 == step }
            progression = even ? (sorted.first ?? 0, step) : nil
        }
        var count: Int { sorted.count }
        var isEmpty: Bool { sorted.isEmpty }
        func contains(_ i: Int) -> Bool { set.contains(i) }

        /// Indices inside `span`.
        func count(in span: ClosedRange<Int>, budget: inout Int) -> Int {
            guard let (first, step) = progression, !sorted.isEmpty else {
                budget -= sorted.count
                return sorted.filter(span.contains).count
            }
            let last = sorted[sorted.count - 1]
            let lo = max(span.lowerBound, first), hi = min(span.upperBound, last)
            guard lo <= hi else { return 0 }
            let from = (lo - first + step - 1) / step, to = (hi - first) / step
            return max(0, to - from + 1)
        }

        /// Indices i inside `span` with i − k also an index.
        func countShifted(in span: ClosedRange<Int>, by k: Int, budget: inout Int) -> Int {
            guard let (first, step) = progression, !sorted.isEmpty else {
                budget -= sorted.count
                return sorted.filter { span.contains($0) && set.contains($0 - k) }.count
            }
            guard k % step == 0 else { return 0 }
            let last = sorted[sorted.count - 1]
            // i and i − k both in [first, last]: i in [first + max(k, 0), last + min(k, 0)].
            let lo = max(span.lowerBound, first + max(k, 0)), hi = min(span.upperBound, last + min(k, 0))
            guard lo <= hi else { return 0 }
            let from = (lo - first + step - 1) / step, to = (hi - first) / step
            return max(0, to - from + 1)
        }
    }

    static func ranges(_ sorted: [Int]) -> [ClosedRange<Int>] {
        var out: [ClosedRange<Int>] = []
        for i in sorted {
            if let last = out.last, last.upperBound + 1 == i { out[out.count - 1] = last.lowerBound...i } else { out.append(i...i) }
        }
        return out
    }
}

/// How two looks of an item differ, property by property, with the old and new values a
/// reader recognises: colours as hex, text in quotes, images by file name.
enum AppearanceDiff {
    static let order = ["background", "cornerRadius", "corners", "border", "shadow", "clipsToBounds", "text", "font", "textColor", "image", "content"]

    /// Each change with the property it is of and, for a UIKit cell's view, the view's name.
    static func changes(_ a: Appearance, _ b: Appearance) -> [(property: String, view: String?, text: String)] {
        var out: [(property: String, view: String?, text: String)] = []
        func note(_ p: String, _ from: String, _ to: String) { if from != to { out.append((p, nil, "\(p) \(from) → \(to)")) } }
        note("background", a.background.hex, b.background.hex)
        note("cornerRadius", NumberFormat.short(a.cornerRadius), NumberFormat.short(b.cornerRadius))
        note("corners", String(a.roundedCorners.rawValue), String(b.roundedCorners.rawValue))
        note("border", border(a), border(b))
        note("shadow", shadow(a.shadow), shadow(b.shadow))
        note("clipsToBounds", String(a.clipsToBounds), String(b.clipsToBounds))
        // A UIKit cell's views by name: what changed in each ("› titleLabel: text …").
        let named = viewChanges(a, b)
        out += named
        let ta = texts(a), tb = texts(b)
        if ta.map(\.text) != tb.map(\.text) {
            out.append(("text", nil, "text " + ta.map { InputError.quote($0.text, limit: 40) }.joined(separator: ", ") + " → "
                        + tb.map { InputError.quote($0.text, limit: 40) }.joined(separator: ", ")))
        } else {
            // Label by label, only the ones that changed, each pair once.
            func pairs(_ value: (TextElement) -> String) -> String {
                var seen: [String] = []
                for (x, y) in zip(ta, tb) where value(x) != value(y) {
                    let p = "\(value(x)) → \(value(y))"
                    if !seen.contains(p) { seen.append(p) }
                }
                return seen.joined(separator: ", ")
            }
            let font = pairs { "\(NumberFormat.short($0.fontSize)) \($0.weight.rawValue)" }, color = pairs { $0.color.hex }
            if !font.isEmpty { out.append(("font", nil, "font " + font)) }
            if !color.isEmpty { out.append(("textColor", nil, "textColor " + color)) }
        }
        note("image", images(a), images(b))
        // Anything else in the content (rects, the arrow, the spinner, where text sits): named only.
        if out.isEmpty && unnamed(a) != unnamed(b) { out.append(("content", nil, "content changed")) }
        return out
    }

    /// Where a change is listed: the item's own looks in `order`, then its views' changes as
    /// first seen (view by view, in drawing order).
    static func rank(_ c: (property: String, view: String?, text: String, order: Int)) -> (Int, Int) {
        c.view != nil ? (1, c.order) : (0, order.firstIndex(of: c.property) ?? order.count)
    }

    static func view(of e: Element) -> String? {
        switch e {
        case .text(let t): t.view
        case .rect(let r): r.view
        case .image(let i): i.view
        case .transformed(let t): t.view
        default: nil
        }
    }
    static func unnamed(_ a: Appearance) -> [Element] { a.content.flattened.filter { view(of: $0) == nil } }

    /// The changes of each named view (a UIKit cell's, TextElement.view), in the order the views
    /// are drawn: its text, font, colour, fill, image, frame, or that it is drawn no longer.
    static func viewChanges(_ a: Appearance, _ b: Appearance) -> [(property: String, view: String?, text: String)] {
        func byView(_ x: Appearance) -> (order: [String], elements: [String: [Element]]) {
            var order: [String] = [], elements: [String: [Element]] = [:]
            for e in x.content.flattened { if let v = view(of: e) { if elements[v] == nil { order.append(v) }; elements[v, default: []].append(e) } }
            return (order, elements)
        }
        let (orderA, ea) = byView(a), (orderB, eb) = byView(b)
        var out: [(property: String, view: String?, text: String)] = []
        func frame(_ r: Rect) -> String {
            "\(NumberFormat.short(r.minX)),\(NumberFormat.short(r.minY)) \(NumberFormat.short(r.width))×\(NumberFormat.short(r.height))"
        }
        for name in orderA + orderB.filter({ ea[$0] == nil }) {
            let prefix = "› \(name): "
            guard let xs = ea[name] else { out.append(("content", name, prefix + "drawn now")); continue }
            guard let ys = eb[name] else { out.append(("content", name, prefix + "no longer drawn")); continue }
            var notes: [(String, String)] = []
            func note(_ p: String, _ from: String, _ to: String) { if from != to { notes.append((p, "\(p) \(from) → \(to)")) } }
            for (x, y) in zip(xs, ys) {
                switch (x, y) {
                case (.text(let s), .text(let t)):
                    note("text", InputError.quote(s.text, limit: 40), InputError.quote(t.text, limit: 40))
                    note("font", "\(NumberFormat.short(s.fontSize)) \(s.weight.rawValue)", "\(NumberFormat.short(t.fontSize)) \(t.weight.rawValue)")
                    note("textColor", s.color.hex, t.color.hex)
                    note("frame", frame(s.frame), frame(t.frame))
                case (.rect(let s), .rect(let t)):
                    note("background", s.color.hex, t.color.hex)
                    note("cornerRadius", NumberFormat.short(s.cornerRadius), NumberFormat.short(t.cornerRadius))
                    note("frame", frame(s.frame), frame(t.frame))
                case (.image(let s), .image(let t)):
                    note("image", s.image.description, t.image.description)
                    note("frame", frame(s.frame), frame(t.frame))
                case (.transformed(let s), .transformed(let t)):
                    note("transform", transform(s.transform), transform(t.transform))
                default:
                    if x != y { notes.append(("content", "content changed")) }
                }
            }
            if xs.count != ys.count && notes.isEmpty { notes.append(("content", "content changed")) }
            // The frame is named only when nothing else changed (new text moves its label's edge).
            if notes.count > 1 { notes.removeAll { $0.0 == "frame" } }
            var seen = Set<String>()
            for (p, text) in notes where seen.insert(text).inserted {
                out.append((p == "frame" ? "content" : p, name, prefix + text))
            }
        }
        return out
    }

    /// A view's transform as a developer sets it: a turn in degrees when it is one (to the
    /// millionth a golden keeps), else its linear part's four numbers.
    static func transform(_ t: Transform2D) -> String {
        let angle = atan2(t.b, t.a), cosA = cos(angle), sinA = sin(angle)
        let isTurn = abs(t.a - cosA) < 2e-6 && abs(t.b - sinA) < 2e-6 && abs(t.c + sinA) < 2e-6 && abs(t.d - cosA) < 2e-6
        return isTurn ? "rotated \(NumberFormat.short((angle * 180 / Double.pi * 100).rounded() / 100))°"
            : "[\([t.a, t.b, t.c, t.d].map { NumberFormat.short(($0 * 1000).rounded() / 1000) }.joined(separator: " "))]"
    }

    static func border(_ a: Appearance) -> String {
        guard let b = a.border else { return "none" }
        return b.hex + (a.borderWidth.map { " " + NumberFormat.short($0) + " pt" } ?? " hairline")
    }

    static func shadow(_ s: Shadow?) -> String {
        guard let s else { return "none" }
        return "\(s.color.hex) \(NumberFormat.short(s.opacity)) (\(NumberFormat.short(s.offset.x)), \(NumberFormat.short(s.offset.y))) r\(NumberFormat.short(s.radius))"
    }

    /// The labels and images no view name claims (a scene file's content; the named ones are
    /// `viewChanges`').
    static func texts(_ a: Appearance) -> [TextElement] { a.content.flattened.compactMap { if case .text(let t) = $0, t.view == nil { return t } else { return nil } } }

    static func images(_ a: Appearance) -> String {
        let names = a.content.flattened.compactMap { e -> String? in if case .image(let i) = e, i.view == nil { return i.image.description } else { return nil } }
        return names.isEmpty ? "none" : names.joined(separator: ", ")
    }
}

extension ItemDifference {
    /// One line for a person: the item, what changed and where; `carried` items ride in it.
    public func summary(fps: Int, carried: Int = 0) -> String {
        let frames = ranges.map { $0.count == 1 ? "\($0.lowerBound)" : "\($0.lowerBound)-\($0.upperBound)" }.joined(separator: ", ")
        let id = InputError.quote(item)
        let from = (carried > 0 ? "; \(carried) item\(carried == 1 ? "" : "s") in it move\(carried == 1 ? "s" : "") with it" : "")
            + (source.map { " — " + $0 } ?? "")
        switch kind {
        case .removed: return "\(id): removed (drawn in baseline frames \(frames))\(from)"
        case .added: return "\(id): added (drawn in candidate frames \(frames))\(from)"
        case .shifted:
            let k = shift ?? 0
            let ms = NumberFormat.short(Double(abs(k)) * 1000 / Double(fps))
            let what = properties == ["contentOffset"] || properties.first == "contentOffset" ? "scroll " : ""
            return "\(id): \(what)\(k > 0 ? "late" : "early") by \(abs(k)) frame\(abs(k) == 1 ? "" : "s") (\(ms) ms); frames \(frames) differ\(from)"
        case .changed where swappedWith != nil:
            return "\(id) and \(InputError.quote(swappedWith!)): swapped places at frames \(frames)\(from)"
        case .changed:
            let looks = changes.joined(separator: "; ")
            let geometry = properties.filter { !AppearanceDiff.order.contains($0) }
            // "\"movie\" › titleLabel: text …": a view inside the item follows its name.
            let colon = looks.hasPrefix("› ") ? " " : ": "
            if geometry.isEmpty { return "\(id)\(colon)\(looks) at frames \(frames)\(from)" }
            let unit = ["x", "y", "width", "height", "contentOffset"].contains(largestProperty) ? " pt" : ""
            let amount = NumberFormat.short((largest * 100).rounded() / 100)
            let largestText = AppearanceDiff.order.contains(largestProperty) ? "" : " (largest: \(largestProperty) by \(amount)\(unit) at frame \(largestFrame))"
            return "\(id): " + (looks.isEmpty ? "" : looks + "; ") + "\(geometry.joined(separator: ", ")) differ at frames \(frames)\(largestText)\(from)"
        }
    }
}
