import FlipbookCore
import FlipbookLayout
import FlipbookAnimation

/// One change in a batch update (performBatchUpdates).
public enum BatchChange: Sendable {
    case delete(id: String)
    /// Insert a new item at an index path of the data after the update.
    case insert(ItemSpec, at: ItemIndexPath)
    /// Move an item to an index path of the data after the update.
    case move(id: String, to: ItemIndexPath)
    /// Reload an item with new content (title, colour, size, rows); its geometry animates like any other.
    case reload(id: String, ItemPatch)
    /// invalidateLayout with changed parameters (a patch decoded for the scene's layout).
    case layout(LayoutPatch)
    /// Drop script-set values of an item, so it animates to its layout attributes with the rest.
    case clearProperties(id: String, [ItemProperty])
}

/// Changes to a layout's parameters, applied inside a batch update.
public struct LayoutPatch: Sendable {
    public let apply: @Sendable (inout any CollectionViewLayout) -> Void
    public init(_ apply: @escaping @Sendable (inout any CollectionViewLayout) -> Void) { self.apply = apply }
}

extension CollectionView {
    /// The elements on screen at `time` and where things are on screen — including items just
    /// off screen that are animating or placed by the script: a batch update starts them from
    /// there, not from their layout attributes. Taken before a code step when one ran at `time`.
    func onScreen(at time: Double) -> (elements: [String: VisibleElement], presentation: [String: ItemState]) {
        if let taken = onScreenBeforeCode, taken.time == time {
            onScreenBeforeCode = nil
            return (taken.elements, taken.presentation)
        }
        let before = Dictionary(elements(at: time).map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
        var presentation = before.mapValues(\.presentation)
        for id in Set(animators.keys).union(overrides.keys).sorted() where presentation[id] == nil {
            if let s = presentationState(of: id, at: time) { presentation[id] = s }
        }
        return (before, presentation)
    }

    /// Keeps what is on screen at `time` for the batch update a code step may make then (its
    /// code changes the layout's objects before the update is applied).
    package func keepOnScreenBeforeCode(at time: Double) {
        onScreenBeforeCode = nil
        let (elements, presentation) = onScreen(at: time)
        onScreenBeforeCode = (time, elements, presentation)
        // And the cells within a screen of it, which the update may bring on screen.
        let b = bounds(at: time)
        placesBeforeCode = [:]
        for a in layout.layoutAttributesForElements(in: b.insetBy(dx: -b.width, dy: -b.height)) where a.isCell {
            if let id = itemID(at: a.indexPath) { placesBeforeCode[id] = modelState(id, a) }
        }
    }

    /// performBatchUpdates: applies `changes` at `time` and animates every element from where it
    /// is on screen (or, if it was off screen, from its real old place) to its new attributes.
    /// Deletes apply first, then inserts and moves at their final index paths (UIKit's order).
    /// Returns the time the animation ends (for the completion).
    @discardableResult
    public func performBatchUpdates(_ changes: [BatchChange], timing: AnimationTiming, at time: Double) -> Double {
        let oldBounds = bounds(at: time)
        let (before, presentationBefore) = onScreen(at: time)
        prepareLayoutIfNeeded(bounds: oldBounds)
        let oldLayout = layout
        let oldIndexPaths = indexPaths

        // Data changes: deletes, then inserts and moves at their final positions in ascending order.
        itemsAreSpec = false
        for c in changes {
            switch c {
            case .insert(let item, _):
                items[item.id] = item
            case .reload(let id, let patch):
                if let item = items[id] { items[id] = patch.applied(to: item) }
            case .layout(let patch):
                patch.apply(&layout)
            case .clearProperties(let id, let props):
                removeOverrides(id, props)
            case .delete, .move:
                break
            }
        }
        let (deleted, placed) = BatchUpdateCheck.apply(changes, to: &sections)
        reindex()
        invalidateLayout()
        prepareLayoutIfNeeded(bounds: oldBounds)

        let insertedIDs = Set(changes.compactMap { if case .insert(let it, _) = $0 { return it.id }; return nil })
        let after = visibleAttributes(at: time)
        var candidates = Set(before.keys).union(after.map(\.id))
        candidates.formUnion(placed)
        for id in candidates.sorted() {
            if deleted.contains(id) {
                guard let b = before[id], let oldIP = oldIndexPaths[id], let item = items[id] else { continue }
                var end = b.presentation
                if let f = layout.finalLayoutAttributesForDisappearingItem(at: oldIP) {
                    end = ItemState(f, color: b.presentation.color)
                } else {
                    end.alpha = 0
                }
                var animator = ItemAnimator()
                for p in ItemState.layoutProperties {
                    animator.startTransition(p, from: b.presentation[p], beginTime: time, timing: timing, fixedTarget: end[p])
                }
                ghosts[id] = Ghost(item: item, indexPath: oldIP, state: b.presentation, animator: animator, listRow: b.listRow)
                animators[id] = nil
                continue
            }
            guard let a = layoutAttributes(for: id) else { continue }
            let model = modelState(id, a)
            let from: ItemState
            if let b = presentationBefore[id] {
                from = b
            } else if insertedIDs.contains(id) {
                guard CollectionView.mayBeVisible(model, in: oldBounds) else { continue }
                var start = model
                if let i = layout.initialLayoutAttributesForAppearingItem(at: a.indexPath) {
                    start = modelState(id, i)
                } else {
                    start.alpha = 0
                }
                from = start
            } else if let old = placesBeforeCode[id] {
                // Off screen before the update, whose code changed the layout's objects already.
                from = old
            } else if let oldIP = oldIndexPaths[id], let old = oldLayout.layoutAttributesForItem(at: oldIP) {
                // Off screen before the update: start from its real old place, not its new one.
                from = modelState(id, old)
            } else {
                continue
            }
            let previousModel = before[id]?.model
            for p in ItemState.layoutProperties where from[p] != model[p] {
                if let previousModel {
                    // A cell still moving from an earlier update keeps that motion and adds this one.
                    animators[id, default: ItemAnimator()].startAdditiveTransition(p, from: from[p], previousModel: previousModel[p],
                                                                                     beginTime: time, timing: timing)
                } else {
                    animators[id, default: ItemAnimator()].startTransition(p, from: from[p], beginTime: time, timing: timing)
                }
            }
        }
        for id in deleted { items[id] = nil; overrides[id] = nil; hiddenOverrides[id] = nil }
        placesBeforeCode = [:]
        return time + timing.duration
    }
}

/// The checks UIKit makes of a batch update before it animates anything — the
/// NSInternalInconsistencyException reasons ("attempt to delete and move the same index path",
/// "… but there are only 31 items in section 0 after the update") — on the data as it is when
/// the update runs. UIKit's rules (Apple's performBatchUpdates(_:completion:) and
/// UICollectionView docs; WWDC 2018 “A Tour of UICollectionView”): deletes, move sources and
/// reloads name index paths before the update, at most one change each; inserts and move
/// destinations name index paths after it, at most one each, inside the sections' new counts.
public enum BatchUpdateCheck {
    /// The message for a refused update: when it ran and UIKit's reason (`problem`).
    public static func message(_ problem: String, at time: Double) -> String {
        "invalid batch update at \(NumberFormat.short(time)) s: \(problem)"
    }

    /// What UIKit would complain about, or nil when the update is valid.
    /// `sections` holds the item ids of each section before the update.
    public static func problem(_ changes: [BatchChange], sections: [[String]]) -> String? {
        var before: [String: ItemIndexPath] = [:]
        let named = Set(changes.flatMap { c -> [String] in
            switch c {
            case .delete(let id), .move(let id, _), .reload(let id, _): return [id]
            case .insert(let item, _): return [item.id]
            case .layout, .clearProperties: return []
            }
        })
        for (s, ids) in sections.enumerated() {
            for (i, id) in ids.enumerated() where named.contains(id) { before[id] = ItemIndexPath(item: i, section: s) }
        }
        func describe(_ ip: ItemIndexPath) -> String { "(section \(ip.section), item \(ip.item))" }
        func describe(_ id: String) -> String { before[id].map { describe($0) + " " + InputError.quote(id) } ?? InputError.quote(id) }

        var counts = sections.map(\.count)
        var sources: [String: String] = [:]       // id → the first change naming it before the update
        var destinations: [ItemIndexPath: String] = [:]
        var placed: [(verb: String, id: String, to: ItemIndexPath)] = []
        for c in changes {
            let verb: String, id: String
            switch c {
            case .delete(let i): verb = "delete"; id = i
            case .move(let i, let to): verb = "move"; id = i; placed.append(("move", i, to))
            case .reload(let i, _): verb = "reload"; id = i
            case .insert(let item, let to):
                if before[item.id] != nil { return "attempt to insert item \(InputError.quote(item.id)), which is already at \(describe(before[item.id]!))" }
                placed.append(("insert", item.id, to))
                continue
            case .layout, .clearProperties: continue
            }
            guard let ip = before[id] else {
                return "attempt to \(verb) item \(InputError.quote(id)), which is not in the collection view before the update"
            }
            if let first = sources[id] {
                let reason: String
                switch Set([first, verb]) {
                case ["move"]: reason = "perform multiple moves of the same index path"
                case [verb]: reason = "\(verb) the same index path twice"
                case ["delete", "move"]: reason = "delete and move the same index path"
                case ["delete", "reload"]: reason = "delete and reload the same index path"
                default: reason = "move and reload the same index path"
                }
                return "attempt to \(reason) \(describe(id))"
            }
            sources[id] = verb
            if verb != "reload" { counts[ip.section] -= 1 }
        }
        for p in placed where (0..<counts.count).contains(p.to.section) { counts[p.to.section] += 1 }
        for p in placed {
            let what = p.verb == "insert" ? "insert item \(p.to.item) into section \(p.to.section)"
                : "move \(describe(p.id)) to \(describe(p.to))"
            guard (0..<counts.count).contains(p.to.section) else {
                return "attempt to \(what), but there are only \(counts.count) sections after the update"
            }
            guard p.to.item < counts[p.to.section] else {
                return "attempt to \(what), but there are only \(counts[p.to.section]) items in section \(p.to.section) after the update"
            }
            if let other = destinations[p.to] {
                let pair = [other, p.verb].sorted()
                return pair == ["insert", "move"] ? "attempt to perform an insert and a move to the same index path \(describe(p.to))"
                    : "attempt to \(p.verb) two items to the same index path \(describe(p.to))"
            }
            destinations[p.to] = p.verb
        }
        return nil
    }

    /// The sections' item ids after a valid update, in UIKit's order: deletes and move sources
    /// leave, then inserts and moves land at their final index paths in ascending order.
    /// (An invalid one is applied as far as it makes sense: a change naming an item that is not
    /// there is skipped, an index past the end appends.) Returns the items it deleted and the
    /// ones it put at a new index path (moved or inserted).
    @discardableResult
    public static func apply(_ changes: [BatchChange], to sections: inout [[String]]) -> (deleted: Set<String>, placed: [String]) {
        var leaving = Set<String>(), deletes = Set<String>()
        for c in changes {
            if case .delete(let id) = c { leaving.insert(id); deletes.insert(id) } else if case .move(let id, _) = c { leaving.insert(id) }
        }
        var present = Set<String>()
        if !leaving.isEmpty {
            for s in sections.indices {
                sections[s].removeAll { id in
                    guard leaving.contains(id) else { return false }
                    present.insert(id)
                    return true
                }
            }
        }
        var placed: [(id: String, to: ItemIndexPath)] = []
        var moved = Set<String>()
        for c in changes {
            switch c {
            case .move(let id, let to) where present.contains(id) && !deletes.contains(id) && !moved.contains(id):
                moved.insert(id)
                placed.append((id, to))
            case .insert(let item, let to): placed.append((item.id, to))
            default: break
            }
        }
        for (id, to) in placed.sorted(by: { $0.to < $1.to }) {
            let s = min(max(to.section, 0), sections.count - 1)
            sections[s].insert(id, at: min(max(to.item, 0), sections[s].count))
        }
        return (deletes.intersection(present), placed.map(\.id))
    }
}
