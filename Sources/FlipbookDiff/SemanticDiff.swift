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
        let common = Set(a.frames.map(\.index)).intersection(b.frames.map(\.index)).sorted()
        guard !common.isEmpty else { return d }
        // Items in order of first appearance in the baseline, then the candidate's new ones.
        var order: [String] = []
        var seen = Set<String>()
        for f in a.frames + b.frames { for it in f.items where seen.insert(it.id).inserted { order.append(it.id) } }
        for id in order {
            let x = ta[id] ?? [:], y = tb[id] ?? [:]
            let presentA = common.contains { x[$0] != nil }, presentB = common.contains { y[$0] != nil }
            if presentA != presentB {
                let frames = common.filter { (presentA ? x : y)[$0] != nil }
                d.items.append(ItemDifference(item: id, kind: presentA ? .removed : .added, ranges: ranges(frames),
                                              properties: ["presence"], largest: 1, largestProperty: "presence",
                                              largestFrame: frames.first ?? common[0], shift: nil))
                continue
            }
            var differing: [Int] = []
            var props = Set<String>()
            var largest = (value: 0.0, property: "", frame: 0)
            for i in common {
                let diffs = differences(x[i], y[i], tolerance)
                if diffs.isEmpty { continue }
                differing.append(i)
                for (p, v) in diffs {
                    props.insert(p)
                    if v > largest.value { largest = (v, p, i) }
                }
            }
            guard !differing.isEmpty else { continue }
            let shift = detectShift(x, y, common: common, span: differing.first!...differing.last!, tolerance: tolerance)
            d.items.append(ItemDifference(item: id, kind: shift == nil ? .changed : .shifted, ranges: ranges(differing),
                                          properties: propertyOrder.filter(props.contains), largest: largest.value,
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
    /// match falsely: within the span it differs from the candidate by definition.
    static func detectShift(_ a: [Int: DrawItem], _ b: [Int: DrawItem], common: [Int], span: ClosedRange<Int>,
                            tolerance: DiffTolerance) -> Int? {
        let indices = Set(common)
        let inSpan = common.filter(span.contains)
        for magnitude in 1...max(1, min(tolerance.maxShift, common.count - 1)) {
            for k in [magnitude, -magnitude] {
                var compared = 0
                var ok = true
                for i in inSpan where indices.contains(i - k) {
                    if !differences(a[i - k], b[i], tolerance).isEmpty { ok = false; break }
                    compared += 1
                }
                if ok && compared >= max(1, inSpan.count - magnitude) { return k }
            }
        }
        return nil
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
