import Foundation
import FlipbookCore
import FlipbookRender

/// Stacking-order pops: between two consecutive frames, a region pops when the item seen on
/// top there changes although both it and the item it replaces still cover the region — their
/// stacking order flipped in place, without either moving away. On screen that is a hard cut
/// (part of a card appearing over or vanishing under another), which no animation explains.
///
/// A snapshot (`kind == .snapshot`, id `<item>.snapshot` as CollectionView.snapshotID(of:)
/// names it) stands for its item, so handing a
/// lifted snapshot back to its cell is measured as the same card. Items are opaque rectangles
/// (rounded corners and shadows ignored; one whose look draws nothing is left out) with their
/// alpha: what a point shows is weighted front to back, and a change counts only when the
/// weight moves by more than half in one frame — a cross-fade over a few frames is not a pop, a z switch is.
package enum StackingPops {
    public struct Pop: Sendable, Equatable {
        /// The later frame of the pair.
        public var frame: Int
        /// Points² that popped.
        public var area: Double
        /// The two items whose order flipped over the largest part of that area.
        public var items: [String]
    }

    /// Every frame whose pop area is above zero, in frame order.
    public static func pops(in timeline: Timeline, grid: Double = 1) -> [Pop] {
        var out: [Pop] = []
        for i in timeline.frames.indices.dropFirst() {
            if let p = pop(from: timeline.frames[i - 1], to: timeline.frames[i], grid: grid) { out.append(p) }
        }
        return out
    }

    /// What covers a point, read from one frame.
    struct Cover {
        var identity: String
        var frame: Rect
        var bounds: Rect
        var alpha: Double
        var rotation: Double
        var scale: Double
        /// A lifted copy of its item (kind `.snapshot`).
        var isSnapshot = false

        func contains(_ p: Point) -> Bool {
            guard bounds.contains(p) else { return false }
            if rotation == 0 && scale == 1 { return frame.contains(p) }
            // Into the item's own axes: undo the rotation and scale about its centre.
            let dx = p.x - frame.midX, dy = p.y - frame.midY
            let c = cos(-rotation), s = sin(-rotation)
            let x = (dx * c - dy * s) / scale, y = (dx * s + dy * c) / scale
            return abs(x) <= frame.width / 2 && abs(y) <= frame.height / 2
        }
    }

    static func identity(of item: DrawItem) -> String {
        if item.kind == .snapshot, item.id.hasSuffix(".snapshot") { return String(item.id.dropLast(".snapshot".count)) }
        return item.id
    }

    /// What is drawn, back to front; views' backgrounds never change order, so they are left out.
    static func covers(_ f: TimelineFrame) -> [Cover] {
        f.items.compactMap { it in
            guard it.kind != .view, !it.hidden, it.alpha > 0, it.scale != 0 else { return nil }
            // A look that lowers to no primitives (a drop placeholder's clear cell) covers nothing.
            if DrawList.look(it.appearance, size: it.frame.size, scale: 1).isEmpty { return nil }
            var bounds = it.rotation != 0 || it.scale != 1 ? it.frame.boundsOfAnyRotation(scale: it.scale) : it.frame
            if let clip = it.clip { bounds = bounds.intersection(clip) }
            if bounds.isEmpty { return nil }
            return Cover(identity: identity(of: it), frame: it.frame, bounds: bounds, alpha: min(1, it.alpha),
                         rotation: it.rotation, scale: it.scale, isSnapshot: it.kind == .snapshot)
        }
    }

    /// Each identity's weight at a point (how much of what is seen there it is), front to back.
    static func weights(at p: Point, _ covers: [Cover]) -> [String: Double] {
        var w: [String: Double] = [:]
        var remaining = 1.0
        for c in covers.reversed() where remaining > 0 && c.contains(p) {
            w[c.identity, default: 0] += c.alpha * remaining
            remaining *= 1 - c.alpha
        }
        return w
    }

    static func top(_ w: [String: Double]) -> String? {
        // Ties go to the smaller id, so the answer never depends on dictionary order.
        w.max { a, b in a.value != b.value ? a.value < b.value : a.key > b.key }?.key
    }

    /// The pop between two frames, or nil when nothing popped.
    public static func pop(from a: TimelineFrame, to b: TimelineFrame, grid: Double = 1) -> Pop? {
        let ca = covers(a), cb = covers(b)
        // Where each identity is drawn, and the order of its frontmost copy.
        func index(_ cs: [Cover]) -> (order: [String: Int], rects: [String: [Rect]]) {
            var order: [String: Int] = [:], rects: [String: [Rect]] = [:]
            for (i, c) in cs.enumerated() { order[c.identity] = i; rects[c.identity, default: []].append(c.bounds) }
            return (order, rects)
        }
        let ia = index(ca), ib = index(cb)
        let shared = ia.order.keys.filter { ib.order[$0] != nil }.sorted()
        /// Where some rectangle of `xs` overlaps some rectangle of `ys`.
        func overlaps(_ xs: [Rect], _ ys: [Rect]) -> [Rect] {
            xs.flatMap { x in ys.map(x.intersection) }.filter { !$0.isEmpty }
        }
        // Candidate regions: pairs whose order flipped and that overlap in both frames.
        var regions: [(Rect, [String])] = []
        for (n, x) in shared.enumerated() {
            for y in shared[(n + 1)...] where (ia.order[x]! < ia.order[y]!) != (ib.order[x]! < ib.order[y]!) {
                let both = overlaps(overlaps(ia.rects[x]!, ia.rects[y]!), overlaps(ib.rects[x]!, ib.rects[y]!))
                regions += both.map { ($0, [x, y]) }
            }
        }
        guard !regions.isEmpty else { return nil }
        struct Cell: Hashable { var x, y: Int }
        var popped = Set<Cell>()
        var byPair: [[String]: Double] = [:]
        for (r, pair) in regions {
            forEachGridPoint(in: r, grid: grid) { p, gx, gy in
                let cell = Cell(x: gx, y: gy)
                guard r.contains(p) && !popped.contains(cell) else { return }
                let wa = weights(at: p, ca), wb = weights(at: p, cb)
                if let ta = top(wa), let tb = top(wb), ta != tb,
                   cb.contains(where: { $0.identity == ta && $0.contains(p) }),
                   ca.contains(where: { $0.identity == tb && $0.contains(p) }),
                   max(wa[ta]! - (wb[ta] ?? 0), wb[tb]! - (wa[tb] ?? 0)) > 0.5 {
                    popped.insert(cell)
                    byPair[pair, default: 0] += grid * grid
                }
            }
        }
        guard !popped.isEmpty else { return nil }
        return Pop(frame: b.index, area: Double(popped.count) * grid * grid, items: worst(byPair))
    }

    /// The centres of the `grid`-sized cells of a rect, with the cells' indices.
    static func forEachGridPoint(in r: Rect, grid: Double, _ body: (Point, Int, Int) -> Void) {
        var gy = (r.minY / grid).rounded(.down)
        while (gy + 0.5) * grid < r.maxY {
            var gx = (r.minX / grid).rounded(.down)
            while (gx + 0.5) * grid < r.maxX {
                body(Point(x: (gx + 0.5) * grid, y: (gy + 0.5) * grid), Int(gx), Int(gy))
                gx += 1
            }
            gy += 1
        }
    }

    /// The pair with the largest area; ties go to the smaller names, so the answer never
    /// depends on dictionary order.
    static func worst(_ byPair: [[String]: Double]) -> [String] {
        byPair.max { l, r in l.value != r.value ? l.value < r.value : l.key.joined() > r.key.joined() }!.key
    }
}

/// Hand-over artefacts: a lifted copy drawn translucent — a snapshot with 0 < alpha < 1 over
/// anything drawn under it (its own card, still shown, or another card), or an item drawn
/// translucent over its own snapshot. A card handed to its copy by a cross-fade shows both
/// at once (a doubled title, one card seen through another); UIKit hides the cell at once under
/// an opaque copy (snapshotView). Items are measured as `StackingPops` measures them.
public enum HandOverArtefacts {
    public struct Artefact: Sendable, Equatable {
        public var frame: Int
        /// Points² drawn translucent over something else.
        public var area: Double
        /// The translucent item and what it is drawn over, over the largest part of the area.
        public var items: [String]
    }

    /// Every frame with an artefact, in frame order.
    public static func artefacts(in timeline: Timeline, grid: Double = 1) -> [Artefact] {
        timeline.frames.compactMap { artefact(in: $0, grid: grid) }
    }

    public static func artefact(in frame: TimelineFrame, grid: Double = 1) -> Artefact? {
        let covers = StackingPops.covers(frame)
        var byPair: [[String]: Double] = [:]
        for (k, c) in covers.enumerated() where c.alpha < 1 {
            let under = covers[..<k].filter { u in c.isSnapshot || (u.isSnapshot && u.identity == c.identity) }
            guard !under.isEmpty else { continue }
            StackingPops.forEachGridPoint(in: c.bounds, grid: grid) { p, _, _ in
                if c.contains(p), let u = under.last(where: { $0.contains(p) }) {
                    byPair[[c.identity, u.identity], default: 0] += grid * grid
                }
            }
        }
        guard !byPair.isEmpty else { return nil }
        return Artefact(frame: frame.index, area: byPair.values.reduce(0, +), items: StackingPops.worst(byPair))
    }
}
