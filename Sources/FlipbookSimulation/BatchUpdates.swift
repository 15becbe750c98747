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

    /// performBatchUpdates: applies `changes` at `time` and animates every element from where it
    /// is on screen (or, if it was off screen, from its real old place) to its new attributes.
    /// Deletes apply first, then inserts and moves at their final index paths (UIKit's order).
    /// Returns the time the animation ends (for the completion).
    @discardableResult
    public func performBatchUpdates(_ changes: [BatchChange], timing: AnimationTiming, at time: Double) -> Double {
        let oldBounds = bounds(at: time)
        let before = Dictionary(elements(at: time).map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
        // Where things are on screen now — including items just off screen that are animating
        // or placed by the script: they start from there, not from their layout attributes.
        var presentationBefore = before.mapValues(\.presentation)
        for id in Set(animators.keys).union(overrides.keys).sorted() where presentationBefore[id] == nil {
            if let s = presentationState(of: id, at: time) { presentationBefore[id] = s }
        }
        prepareLayoutIfNeeded(bounds: oldBounds)
        let oldLayout = layout
        let oldIndexPaths = indexPaths

        // Data changes: deletes, then inserts and moves at their final positions in ascending order.
        // Removing an id never changes which section others are in, so the old index paths
        // still find their sections; everything is re-indexed once at the end.
        var deleted = Set<String>()
        var removed = Set<String>()
        var placed: [(id: String, to: ItemIndexPath)] = []
        func remove(_ id: String) -> Bool {
            guard let ip = oldIndexPaths[id], !removed.contains(id) else { return false }
            sections[ip.section].removeAll { $0 == id }
            removed.insert(id)
            return true
        }
        for c in changes {
            switch c {
            case .delete(let id):
                if remove(id) { deleted.insert(id) }
            case .move(let id, let to):
                if remove(id) { placed.append((id, to)) }
            case .insert(let item, let to):
                items[item.id] = item
                placed.append((item.id, to))
            case .reload(let id, let patch):
                if let item = items[id] { items[id] = patch.applied(to: item) }
            case .layout(let patch):
                patch.apply(&layout)
            case .clearProperties(let id, let props):
                removeOverrides(id, props)
            }
        }
        for (id, to) in placed.sorted(by: { $0.to < $1.to }) {
            let s = min(max(to.section, 0), sections.count - 1)
            sections[s].insert(id, at: min(max(to.item, 0), sections[s].count))
        }
        reindex()
        invalidateLayout()
        prepareLayoutIfNeeded(bounds: oldBounds)

        let insertedIDs = Set(changes.compactMap { if case .insert(let it, _) = $0 { return it.id }; return nil })
        let after = visibleAttributes(at: time)
        var candidates = Set(before.keys).union(after.map(\.id))
        candidates.formUnion(placed.map(\.id))
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
                ghosts[id] = Ghost(item: item, indexPath: oldIP, state: b.presentation, animator: animator)
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
            } else if let oldIP = oldIndexPaths[id], let old = oldLayout.layoutAttributesForItem(at: oldIP) {
                // Off screen before the update: start from its real old place, not its new one.
                from = modelState(id, old)
            } else {
                continue
            }
            for p in ItemState.layoutProperties where from[p] != model[p] {
                animators[id, default: ItemAnimator()].startTransition(p, from: from[p], beginTime: time, timing: timing)
            }
        }
        for id in deleted { items[id] = nil; overrides[id] = nil; hiddenOverrides[id] = nil }
        return time + timing.duration
    }
}
