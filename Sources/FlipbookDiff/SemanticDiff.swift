// FlipbookDiff: two renders in, a verdict and a report out. It reads what a render wrote
// (keyframes.json, through KeyframesJSONFormat.read, and frame PNGs), compares the timelines
// item by item (semantic diff) and the frames pixel by pixel, and writes report.json,
// report.html and junit.xml. Nothing here renders: `flipbook check` renders with
// FlipbookRender and then compares with this module.
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
    public enum Kind: String, Sendable { case removed, added, shifted, changed }
    public var item: String
    public var kind: Kind
    /// Frame ranges (indices) where it differs.
    public var ranges: [ClosedRange<Int>]
    /// The properties that differ somewhere, in a fixed order.
    public var properties: [String]
    /// The largest difference and where: points for geometry, the value's own unit otherwise
    /// (0/1 for presence, zIndex and hidden).
    public var largest: Double
    public var largestProperty: String
    public var largestFrame: Int
    /// Frames the candidate's track is behind the baseline's (negative: ahead), when the whole
    /// track matches once shifted.
    public var shift: Int?
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

public enum SemanticDiff {
    /// The item-by-item comparison of two timelines, on the frame indices both have.
    public static func compare(_ a: Timeline, _ b: Timeline, tolerance: DiffTolerance = DiffTolerance()) -> TimelineDifference {
        var d = TimelineDifference()
        if a.fps != b.fps { d.meta.append("fps \(a.fps) → \(b.fps)") }
        if a.canvas.width != b.canvas.width || a.canvas.height != b.canvas.height || a.canvas.scale != b.canvas.scale {
            d.meta.append("canvas \(size(a.canvas)) → \(size(b.canvas))")
        }
        let da = duration(a), db = duration(b)
        if a.frames.count != b.frames.count || abs(da - db) > 1e-9 {
            d.meta.append("duration \(NumberFormat.short(da)) s → \(NumberFormat.short(db)) s (\(a.frames.count) → \(b.frames.count) frames)")
        }
        let ta = tracks(a), tb = tracks(b)
        let common = FrameIndices(Set(a.frames.map(\.index)).intersection(b.frames.map(\.index)))
        guard !common.isEmpty else { return d }
        let firstCommon = common.sorted[0]
        // Items in order of first appearance in the baseline, then the candidate's new ones.
        var order: [String] = []
        var seen = Set<String>()
        for f in a.frames + b.frames { for it in f.items where seen.insert(it.id).inserted { order.append(it.id) } }
        // Each item is looked at only on the frames it is drawn on, so the work follows the
        // timelines' size, not items × frames; shift detection shares a budget of the same order.
        var shiftBudget = 64 * (a.frames.reduce(0) { $0 + $1.items.count } + b.frames.reduce(0) { $0 + $1.items.count }) + 1_000_000
        for id in order {
            let x = ta[id] ?? [:], y = tb[id] ?? [:]
            let framesA = x.keys.filter(common.contains), framesB = y.keys.filter(common.contains)
            if framesA.isEmpty != framesB.isEmpty {
                let frames = (framesA.isEmpty ? framesB : framesA).sorted()
                d.items.append(ItemDifference(item: id, kind: framesA.isEmpty ? .added : .removed, ranges: ranges(frames),
                                              properties: ["presence"], largest: 1, largestProperty: "presence",
                                              largestFrame: frames.first ?? firstCommon, shift: nil))
                continue
            }
            var differing: [Int] = []
            var props = Set<String>()
            var largest = (value: 0.0, property: "", frame: 0)
            for i in Set(framesA).union(framesB).sorted() {
                let diffs = differences(x[i], y[i], tolerance)
                if diffs.isEmpty { continue }
                differing.append(i)
                for (p, v) in diffs {
                    props.insert(p)
                    if v > largest.value { largest = (v, p, i) }
                }
            }
            guard !differing.isEmpty else { continue }
            let shift = detectShift(x, y, common: common, span: differing.first!...differing.last!, tolerance: tolerance, budget: &shiftBudget)
            d.items.append(ItemDifference(item: id, kind: shift == nil ? .changed : .shifted, ranges: ranges(differing),
                                          properties: propertyOrder.filter(props.contains), largest: min(largest.value, .greatestFiniteMagnitude),
                                          largestProperty: largest.property, largestFrame: largest.frame, shift: shift))
        }
        // Most important first: items gone or new, then shifted, then changed; earliest first.
        let rank: [ItemDifference.Kind: Int] = [.removed: 0, .added: 1, .shifted: 2, .changed: 3]
        d.items = d.items.enumerated().sorted { l, r in
            let a = l.element, b = r.element
            if rank[a.kind]! != rank[b.kind]! { return rank[a.kind]! < rank[b.kind]! }
            if a.ranges[0].lowerBound != b.ranges[0].lowerBound { return a.ranges[0].lowerBound < b.ranges[0].lowerBound }
            return l.offset < r.offset
        }.map(\.element)
        return d
    }

    /// Seconds a timeline covers: from its first frame to the end of its last.
    static func duration(_ t: Timeline) -> Double {
        guard let first = t.frames.first, let last = t.frames.last else { return 0 }
        return Double(last.index + 1 - first.index) / Double(t.fps)
    }

    static let propertyOrder = ["presence", "x", "y", "width", "height", "alpha", "rotation", "scale", "zIndex", "hidden"]

    static func size(_ c: Canvas) -> String { "\(NumberFormat.short(c.width))x\(NumberFormat.short(c.height)) @\(c.scale)x" }

    /// Item id → frame index → item.
    static func tracks(_ t: Timeline) -> [String: [Int: DrawItem]] {
        var out: [String: [Int: DrawItem]] = [:]
        for f in t.frames { for it in f.items { out[it.id, default: [:]][f.index] = it } }
        return out
    }

    /// The properties of two states of an item that differ beyond the tolerance, with by how much.
    static func differences(_ a: DrawItem?, _ b: DrawItem?, _ t: DiffTolerance) -> [(String, Double)] {
        switch (a, b) {
        case (nil, nil): return []
        case (nil, _), (_, nil): return [("presence", 1)]
        case (let a?, let b?):
            var out: [(String, Double)] = []
            func num(_ name: String, _ x: Double, _ y: Double, _ tol: Double) { if abs(x - y) > tol { out.append((name, abs(x - y))) } }
            num("x", a.frame.minX, b.frame.minX, t.geometry)
            num("y", a.frame.minY, b.frame.minY, t.geometry)
            num("width", a.frame.width, b.frame.width, t.geometry)
            num("height", a.frame.height, b.frame.height, t.geometry)
            num("alpha", a.alpha, b.alpha, t.value)
            num("rotation", a.rotation, b.rotation, t.value)
            num("scale", a.scale, b.scale, t.value)
            if a.zIndex != b.zIndex { out.append(("zIndex", Double(abs(a.zIndex - b.zIndex)))) }
            if a.hidden != b.hidden { out.append(("hidden", 1)) }
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
    static func detectShift(_ a: [Int: DrawItem], _ b: [Int: DrawItem], common: FrameIndices, span: ClosedRange<Int>,
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

extension ItemDifference {
    /// One line for a person: the item, what changed and where.
    public func summary(fps: Int) -> String {
        let frames = ranges.map { $0.count == 1 ? "\($0.lowerBound)" : "\($0.lowerBound)-\($0.upperBound)" }.joined(separator: ", ")
        let id = InputError.quote(item)
        switch kind {
        case .removed: return "\(id): removed (drawn in baseline frames \(frames))"
        case .added: return "\(id): added (drawn in candidate frames \(frames))"
        case .shifted:
            let k = shift ?? 0
            let ms = NumberFormat.short(Double(abs(k)) * 1000 / Double(fps))
            return "\(id): \(k > 0 ? "late" : "early") by \(abs(k)) frame\(abs(k) == 1 ? "" : "s") (\(ms) ms); frames \(frames) differ"
        case .changed:
            let unit = ["x", "y", "width", "height"].contains(largestProperty) ? " pt" : ""
            let amount = NumberFormat.short((largest * 100).rounded() / 100)
            return "\(id): \(properties.joined(separator: ", ")) differ at frames \(frames) (largest: \(largestProperty) by \(amount)\(unit) at frame \(largestFrame))"
        }
    }
}
