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
    /// insertSections: a new section, with its items, at a section index of the data after the update.
    case insertSection(SectionSpec, at: Int)
    /// deleteSections: the section at an index of the data before the update, with its items.
    case deleteSection(Int)
    /// moveSection(_:toSection:): the section at an index before the update, with its items, to an index after it.
    case moveSection(Int, to: Int)

    package var changesSections: Bool {
        switch self {
        case .insertSection, .deleteSection, .moveSection: return true
        default: return false
        }
    }
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
        let sectionPlan = SectionPlan(changes, sectionCount: sections.count)
        let oldSections = spec.sections
        for c in changes {
            switch c {
            case .insert(let item, _):
                items[item.id] = item
            case .insertSection(let section, _):
                for item in section.items { items[item.id] = item }
            case .reload(let id, let patch):
                if let item = items[id] { items[id] = patch.applied(to: item) }
            case .layout(let patch):
                patch.apply(&layout)
            case .clearProperties(let id, let props):
                removeOverrides(id, props)
            case .delete, .move, .deleteSection, .moveSection:
                break
            }
        }
        let (deleted, placed) = BatchUpdateCheck.apply(changes, to: &sections)
        if sectionPlan.changes {
            // The sections' specs follow (their ids name their headers); the list learns what
            // the rows of each section show now.
            spec.sections = sectionPlan.reorder(spec.sections) { $0 }
            setListContents(sections.map { $0.compactMap { items[$0] } })
        }
        reindex()
        invalidateLayout()
        prepareLayoutIfNeeded(bounds: oldBounds)

        var insertedIDs = Set(changes.compactMap { if case .insert(let it, _) = $0 { return it.id }; return nil })
        // An inserted section's items, header and footer fade in where they land.
        var insertedSectionIDs = Set<String>()
        for case .insertSection(let section, _) in changes {
            insertedIDs.formUnion(section.items.map(\.id))
            insertedSectionIDs.insert(section.id)
        }
        let deletedSections = Dictionary(uniqueKeysWithValues: sectionPlan.deleted.map { (oldSections[$0].id, (index: $0, spec: oldSections[$0])) })
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
            if let b = before[id], !b.isCell, let owner = CollectionView.section(ofSupplementaryID: id, in: oldSections),
               let gone = deletedSections[oldSections[owner.section].id] {
                // A deleted section's header or footer fades out where it is, as its items do.
                var animator = ItemAnimator()
                var end = b.presentation
                end.alpha = 0
                for p in ItemState.layoutProperties {
                    animator.startTransition(p, from: b.presentation[p], beginTime: time, timing: timing, fixedTarget: end[p])
                }
                ghosts[id] = Ghost(item: ItemSpec(id: id, color: .clear), indexPath: ItemIndexPath(item: 0, section: gone.index),
                                   state: b.presentation, animator: animator, kind: b.kind, section: gone.spec,
                                   contentElements: b.contentElements)
                animators[id] = nil
                continue
            }
            guard let a = layoutAttributes(for: id) else { continue }
            if let old = before[id]?.listRow, let new = a.listRow, old != new, timing.duration > 0 {
                heldListRows[id] = (old.whileChanging(to: new), time + timing.duration)
            }
            let model = modelState(id, a)
            let from: ItemState
            let appears = insertedIDs.contains(id)
                || !a.isCell && CollectionView.section(ofSupplementaryID: id, in: spec.sections).map { insertedSectionIDs.contains(spec.sections[$0.section].id) } == true
            if let b = presentationBefore[id] {
                from = b
            } else if appears {
                guard CollectionView.mayBeVisible(model, in: oldBounds) else { continue }
                var start = model
                // The item hook is for cells; an inserted section's header or footer fades in.
                if a.isCell, let i = layout.initialLayoutAttributesForAppearingItem(at: a.indexPath) {
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
        if let problem = sectionProblem(changes, sectionCount: sections.count) { return problem }
        let plan = SectionPlan(changes, sectionCount: sections.count)
        var before: [String: ItemIndexPath] = [:]
        let named = Set(changes.flatMap { c -> [String] in
            switch c {
            case .delete(let id), .move(let id, _), .reload(let id, _): return [id]
            case .insert(let item, _): return [item.id]
            case .insertSection(let section, _): return section.items.map(\.id)
            case .layout, .clearProperties, .deleteSection, .moveSection: return []
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
            case .insertSection(let section, let at):
                for item in section.items where before[item.id] != nil {
                    return "attempt to insert section \(at) with item \(InputError.quote(item.id)), which is already at \(describe(before[item.id]!))"
                }
                continue
            case .layout, .clearProperties, .deleteSection, .moveSection: continue
            }
            guard let ip = before[id] else {
                return "attempt to \(verb) item \(InputError.quote(id)), which is not in the collection view before the update"
            }
            if plan.deleted.contains(ip.section) {
                return "attempt to \(verb) \(describe(id)) in section \(ip.section), which the update deletes (its items go with it)"
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
        // The sections after the update: each new index holds an old section's remaining items
        // or an inserted section's own.
        counts = plan.after.map { source in
            switch source {
            case .old(let s): return counts[s]
            case .inserted(let section): return section.items.count
            }
        }
        for p in placed where (0..<counts.count).contains(p.to.section) { counts[p.to.section] += 1 }
        for p in placed {
            let what = p.verb == "insert" ? "insert item \(p.to.item) into section \(p.to.section)"
                : "move \(describe(p.id)) to \(describe(p.to))"
            guard (0..<counts.count).contains(p.to.section) else {
                return "attempt to \(what), but there are only \(counts.count) sections after the update"
            }
            if case .inserted = plan.after[p.to.section] {
                return "attempt to \(what), which the update inserts (its items come with it)"
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

    /// What UIKit would say of the update's section changes (indices before the update for
    /// deletes and move sources, after it for inserts and move targets), or nil.
    static func sectionProblem(_ changes: [BatchChange], sectionCount: Int) -> String? {
        var sources = Set<Int>(), targets = Set<Int>()
        var inserted = 0, deleted = 0
        for c in changes {
            switch c {
            case .deleteSection(let s), .moveSection(let s, _):
                let verb = { if case .deleteSection = c { return "delete" } else { return "move" } }()
                guard (0..<sectionCount).contains(s) else {
                    return "attempt to \(verb) section \(s), but there are only \(sectionCount) sections before the update"
                }
                guard sources.insert(s).inserted else { return "attempt to delete or move section \(s) twice" }
                if verb == "delete" { deleted += 1 }
            case .insertSection: inserted += 1
            default: break
            }
        }
        let after = sectionCount - deleted + inserted
        for c in changes {
            switch c {
            case .insertSection(_, let t), .moveSection(_, let t):
                let what = { if case .insertSection = c { return "insert section \(t)" } else { return "move a section to \(t)" } }()
                guard (0..<after).contains(t) else { return "attempt to \(what), but there are only \(after) sections after the update" }
                guard targets.insert(t).inserted else { return "attempt to insert or move two sections to section \(t)" }
            default: break
            }
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
        // Sections: deleted ones leave with their items, moved and inserted ones land.
        let plan = SectionPlan(changes, sectionCount: sections.count)
        if plan.changes {
            for s in plan.deleted { deletes.formUnion(sections[s]); present.formUnion(sections[s]) }
            sections = plan.reorder(sections) { $0.items.map(\.id) }
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
        for (id, to) in placed.sorted(by: { $0.to < $1.to }) where !sections.isEmpty {
            let s = min(max(to.section, 0), sections.count - 1)
            sections[s].insert(id, at: min(max(to.item, 0), sections[s].count))
        }
        let insertedWithSections = plan.after.flatMap { source -> [String] in
            if case .inserted(let section) = source { return section.items.map(\.id) }
            return []
        }
        return (deletes.intersection(present), placed.map(\.id) + insertedWithSections)
    }
}

/// Where each section after a batch update comes from: UIKit removes deleted and moved
/// sections (indices before the update), then puts inserted and moved ones at their indices
/// after it, in ascending order; the others keep their order in between.
package struct SectionPlan {
    package enum Source { case old(Int), inserted(SectionSpec) }
    /// The sections after the update, in order.
    package private(set) var after: [Source] = []
    /// Old indices of the sections the update deletes.
    package private(set) var deleted = Set<Int>()
    /// Whether the update changes the sections at all.
    package let changes: Bool

    package init(_ batch: [BatchChange], sectionCount: Int) {
        var moved: [Int: Int] = [:], inserted: [(Int, SectionSpec)] = []
        for c in batch {
            switch c {
            case .deleteSection(let s): deleted.insert(s)
            case .moveSection(let s, let t): moved[s] = t
            case .insertSection(let section, let t): inserted.append((t, section))
            default: break
            }
        }
        changes = !deleted.isEmpty || !moved.isEmpty || !inserted.isEmpty
        after = (0..<sectionCount).filter { !deleted.contains($0) && moved[$0] == nil }.map { .old($0) }
        let landing = (moved.map { ($0.value, Source.old($0.key)) } + inserted.map { ($0.0, Source.inserted($0.1)) }).sorted { $0.0 < $1.0 }
        for (t, source) in landing { after.insert(source, at: min(max(t, 0), after.count)) }
    }

    /// `old` (one value per section before the update) in the order after it, with a value made
    /// for each inserted section.
    package func reorder<T>(_ old: [T], inserted make: (SectionSpec) -> T) -> [T] {
        after.map { source in
            switch source {
            case .old(let s): return old[s]
            case .inserted(let section): return make(section)
            }
        }
    }
}
