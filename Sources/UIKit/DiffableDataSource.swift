import Foundation
import FlipbookAnimation

/// The state of a collection view's data: sections and items by identifier
/// (https://developer.apple.com/documentation/uikit/nsdiffabledatasourcesnapshot).
public struct NSDiffableDataSourceSnapshot<SectionIdentifierType: Hashable, ItemIdentifierType: Hashable> {
    private var sections: [(id: SectionIdentifierType, items: [ItemIdentifierType])] = []

    public init() {}

    public var numberOfSections: Int { sections.count }
    public var numberOfItems: Int { sections.reduce(0) { $0 + $1.items.count } }
    public var sectionIdentifiers: [SectionIdentifierType] { sections.map(\.id) }
    public var itemIdentifiers: [ItemIdentifierType] { sections.flatMap(\.items) }

    public func numberOfItems(inSection identifier: SectionIdentifierType) -> Int { itemIdentifiers(inSection: identifier).count }
    public func itemIdentifiers(inSection identifier: SectionIdentifierType) -> [ItemIdentifierType] {
        sections.first { $0.id == identifier }?.items ?? []
    }
    public func sectionIdentifier(containingItem identifier: ItemIdentifierType) -> SectionIdentifierType? {
        sections.first { $0.items.contains(identifier) }?.id
    }
    public func indexOfItem(_ identifier: ItemIdentifierType) -> Int? { itemIdentifiers.firstIndex(of: identifier) }
    public func indexOfSection(_ identifier: SectionIdentifierType) -> Int? { sections.firstIndex { $0.id == identifier } }

    public mutating func appendSections(_ identifiers: [SectionIdentifierType]) {
        for id in identifiers {
            precondition(indexOfSection(id) == nil, "Fatal: supplied section identifiers are not unique: \(id)")
            sections.append((id, []))
        }
    }

    /// Into `sectionIdentifier`, or the last section; an identifier already there is UIKit's
    /// exception, here a precondition failure naming it.
    public mutating func appendItems(_ identifiers: [ItemIdentifierType], toSection sectionIdentifier: SectionIdentifierType? = nil) {
        let s = sectionIdentifier.flatMap(indexOfSection) ?? (sections.isEmpty ? nil : sections.count - 1)
        guard let s else { preconditionFailure("There are currently no sections in the data source. Please add a section first.") }
        for id in identifiers {
            precondition(indexOfItem(id) == nil, "Fatal: supplied item identifiers are not unique: \(id)")
            sections[s].items.append(id)
        }
    }

    public mutating func insertItems(_ identifiers: [ItemIdentifierType], beforeItem beforeIdentifier: ItemIdentifierType) {
        guard let (s, i) = position(of: beforeIdentifier) else { preconditionFailure("Invalid item identifier specified for insertion: \(beforeIdentifier)") }
        sections[s].items.insert(contentsOf: identifiers, at: i)
    }
    public mutating func insertItems(_ identifiers: [ItemIdentifierType], afterItem afterIdentifier: ItemIdentifierType) {
        guard let (s, i) = position(of: afterIdentifier) else { preconditionFailure("Invalid item identifier specified for insertion: \(afterIdentifier)") }
        sections[s].items.insert(contentsOf: identifiers, at: i + 1)
    }
    public mutating func deleteItems(_ identifiers: [ItemIdentifierType]) {
        for k in sections.indices { sections[k].items.removeAll { identifiers.contains($0) } }
    }
    public mutating func deleteAllItems() { sections = [] }
    public mutating func deleteSections(_ identifiers: [SectionIdentifierType]) { sections.removeAll { identifiers.contains($0.id) } }
    public mutating func insertSections(_ identifiers: [SectionIdentifierType], beforeSection toIdentifier: SectionIdentifierType) {
        guard let s = indexOfSection(toIdentifier) else { preconditionFailure("Invalid section identifier specified for insertion: \(toIdentifier)") }
        insertSections(identifiers, at: s)
    }
    public mutating func insertSections(_ identifiers: [SectionIdentifierType], afterSection toIdentifier: SectionIdentifierType) {
        guard let s = indexOfSection(toIdentifier) else { preconditionFailure("Invalid section identifier specified for insertion: \(toIdentifier)") }
        insertSections(identifiers, at: s + 1)
    }
    private mutating func insertSections(_ identifiers: [SectionIdentifierType], at s: Int) {
        for id in identifiers { precondition(indexOfSection(id) == nil, "Fatal: supplied section identifiers are not unique: \(id)") }
        sections.insert(contentsOf: identifiers.map { ($0, []) }, at: s)
    }
    public mutating func moveSection(_ identifier: SectionIdentifierType, beforeSection toIdentifier: SectionIdentifierType) {
        moveSection(identifier, to: toIdentifier, after: false)
    }
    public mutating func moveSection(_ identifier: SectionIdentifierType, afterSection toIdentifier: SectionIdentifierType) {
        moveSection(identifier, to: toIdentifier, after: true)
    }
    private mutating func moveSection(_ identifier: SectionIdentifierType, to toIdentifier: SectionIdentifierType, after: Bool) {
        guard let from = indexOfSection(identifier), indexOfSection(toIdentifier) != nil else {
            preconditionFailure("Invalid section identifier specified for move: \(identifier) to \(toIdentifier)")
        }
        let moving = sections.remove(at: from)
        let to = indexOfSection(toIdentifier)!
        sections.insert(moving, at: after ? to + 1 : to)
    }
    /// Marks sections whose cells are made again when the snapshot is applied (each item's, as reloadItems).
    public mutating func reloadSections(_ identifiers: [SectionIdentifierType]) {
        reloadedItemIdentifiers += sections.filter { identifiers.contains($0.id) }.flatMap(\.items)
    }
    public mutating func moveItem(_ identifier: ItemIdentifierType, beforeItem toIdentifier: ItemIdentifierType) {
        deleteItems([identifier])
        insertItems([identifier], beforeItem: toIdentifier)
    }
    public mutating func moveItem(_ identifier: ItemIdentifierType, afterItem toIdentifier: ItemIdentifierType) {
        deleteItems([identifier])
        insertItems([identifier], afterItem: toIdentifier)
    }
    /// Marks items whose cells are made again when the snapshot is applied.
    public mutating func reloadItems(_ identifiers: [ItemIdentifierType]) { reloadedItemIdentifiers += identifiers }
    /// Marks items whose cells are configured again when the snapshot is applied (drawn as a
    /// reload: Flipbook asks the data source for the cell again).
    public mutating func reconfigureItems(_ identifiers: [ItemIdentifierType]) { reconfiguredItemIdentifiers += identifiers }
    public fileprivate(set) var reloadedItemIdentifiers: [ItemIdentifierType] = []
    public fileprivate(set) var reconfiguredItemIdentifiers: [ItemIdentifierType] = []

    /// What applying `new` over this snapshot changes, as one batch update in UIKit's index
    /// paths: deletes in this snapshot's, inserts and move targets in `new`'s. An item that
    /// stays in its section moves only when its order among the items that stay there changed
    /// (those off the longest run kept in order), so one move is one move.
    /// The batch update from this snapshot to `new`, as UIKit's index paths: sections deleted,
    /// inserted (their items with them) and moved (those out of the longest run that keeps its
    /// order), then items likewise within and between the sections that stay.
    /// Nil, with the reason, for what a batch cannot say: an item that leaves a deleted section
    /// for another, or joins an inserted one from elsewhere.
    func updates(to new: Self) -> (updates: [SceneRecording.Update], problem: String?) {
        var oldSection: [SectionIdentifierType: Int] = [:]
        for (s, section) in sections.enumerated() { oldSection[section.id] = s }
        let newSectionIDs = Set(new.sections.map(\.id))
        var old: [ItemIdentifierType: IndexPath] = [:]
        for (s, section) in sections.enumerated() { for (i, id) in section.items.enumerated() { old[id] = IndexPath(item: i, section: s) } }
        var updates: [SceneRecording.Update] = []
        // Sections.
        for (s, section) in sections.enumerated() where !newSectionIDs.contains(section.id) { updates.append(.deleteSection(s)) }
        var keptSections: [(from: Int, to: Int)] = []
        for (s, section) in new.sections.enumerated() {
            if let from = oldSection[section.id] { keptSections.append((from, s)) } else { updates.append(.insertSection(s)) }
        }
        let sectionsInOrder = Set(longestIncreasingRun(keptSections.map(\.from)).map { keptSections[$0].from })
        for k in keptSections where !sectionsInOrder.contains(k.from) { updates.append(.moveSection(k.from, k.to)) }
        // Items of the sections that stay.
        var stays = Set<ItemIdentifierType>()
        for (s, section) in new.sections.enumerated() {
            guard let sameSection = oldSection[section.id] else {
                if let id = section.items.first(where: { old[$0] != nil }) {
                    return ([], "an item (\(id)) that joins a section the same apply inserts")
                }
                continue
            }
            var kept: [(id: ItemIdentifierType, at: IndexPath, from: IndexPath)] = []
            for (i, id) in section.items.enumerated() {
                let at = IndexPath(item: i, section: s)
                guard let from = old[id] else { updates.append(.insert(at)); continue }
                if !newSectionIDs.contains(sections[from.section].id) {
                    return ([], "an item (\(id)) that leaves a section the same apply deletes")
                }
                stays.insert(id)
                if from.section == sameSection { kept.append((id, at, from)) } else { updates.append(.move(from, at)) }
            }
            let inOrder = Set(longestIncreasingRun(kept.map(\.from.item)).map { kept[$0].id })
            for k in kept where !inOrder.contains(k.id) { updates.append(.move(k.from, k.at)) }
        }
        for (id, from) in old where !stays.contains(id) && newSectionIDs.contains(sections[from.section].id) { updates.append(.delete(from)) }
        var moved = Set<IndexPath>()
        for u in updates { if case .move(let from, _) = u { moved.insert(from) } }
        for id in new.reloadedItemIdentifiers + new.reconfiguredItemIdentifiers {
            if let from = old[id], stays.contains(id), !moved.contains(from) { updates.append(.reload(from)); moved.insert(from) }
        }
        return (updates, nil)
    }

    private func position(of id: ItemIdentifierType) -> (Int, Int)? {
        for (s, section) in sections.enumerated() { if let i = section.items.firstIndex(of: id) { return (s, i) } }
        return nil
    }
}

/// A data source that answers from a snapshot
/// (https://developer.apple.com/documentation/uikit/uicollectionviewdiffabledatasource). The
/// scene made from its collection view names each item by its identifier
/// (`String(describing:)`, its UUIDs numbered: sceneName(of:)), so scripts and check reports
/// say "\"inbox-42\"", not an index path.
open class UICollectionViewDiffableDataSource<SectionIdentifierType: Hashable, ItemIdentifierType: Hashable>: NSObject, UICollectionViewDataSource {
    public typealias CellProvider = (UICollectionView, IndexPath, ItemIdentifierType) -> UICollectionViewCell?
    public typealias SupplementaryViewProvider = (UICollectionView, String, IndexPath) -> UICollectionReusableView?

    private let cellProvider: CellProvider
    open var supplementaryViewProvider: SupplementaryViewProvider?
    private var current = NSDiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>()
    private weak var collectionView: UICollectionView?

    public init(collectionView: UICollectionView, cellProvider: @escaping CellProvider) {
        self.cellProvider = cellProvider
        self.collectionView = collectionView
        super.init()
        collectionView.dataSource = self
        collectionView.retainedDataSource = self
        collectionView.itemIdentifier = { [weak self] indexPath in
            guard let self, let item = self.itemIdentifier(for: indexPath) else { return nil }
            return self.sceneName(of: item)
        }
    }

    /// The section snapshots applied (apply(_:to:animatingDifferences:completion:)).
    var sectionSnapshots: [SectionIdentifierType: NSDiffableDataSourceSectionSnapshot<ItemIdentifierType>] = [:]

    /// The scene's names of items met so far, and how many UUIDs they hold.
    private var sceneNames: [ItemIdentifierType: String] = [:]
    private var uuidsNamed: [String: Int] = [:]

    /// An item's id in the scene: its identifier as `String(describing:)` writes it, with each
    /// UUID in it (`let id = UUID()`, as Apple's sample code makes identifiers) written
    /// `UUID-1`, `UUID-2`… in the order the data source first meets them — by section and
    /// position in the first snapshot, then as items are inserted —, so the same code names
    /// the same items on every run and a golden holds on a re-run.
    func sceneName(of item: ItemIdentifierType) -> String {
        if let name = sceneNames[item] { return name }
        var text = String(describing: item)
        for uuid in UUIDText.find(in: text) {
            let n = uuidsNamed[uuid] ?? (uuidsNamed.count + 1)
            uuidsNamed[uuid] = n
            text = text.replacingOccurrences(of: uuid, with: "UUID-\(n)")
        }
        sceneNames[item] = text
        return text
    }

    /// Sets the data. Before a scene runs it is what the scene starts with. In a scene's code
    /// step (SceneStep.at, a selection or a swipe action's handler) the differences animate as
    /// one batch update, as UIKit's do: deleted items fade out, inserted ones in, moved and
    /// shifted ones slide, reloaded ones are made again — over the enclosing `UIView.animate`'s
    /// timing, else Core Animation's default; with `animatingDifferences` false they jump.
    /// `completion` runs when the animation ends.
    open func apply(_ snapshot: NSDiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>, animatingDifferences: Bool = true,
                    completion: (() -> Void)? = nil) {
        let old = current
        current = snapshot
        // Marks act once: the snapshot the data source hands back has none.
        current.reloadedItemIdentifiers = []
        current.reconfiguredItemIdentifiers = []
        guard let recording = SceneRecording.current, let collectionView else {
            collectionView?.reloadData()
            completion?()
            return
        }
        let (updates, problem) = old.updates(to: snapshot)
        if let problem {
            recording.fail("UICollectionViewDiffableDataSource.apply with \(problem) is not drawn yet (items inserted, deleted, moved and reloaded, and sections inserted, deleted and moved, are); see docs/uikit.md")
            return
        }
        if recording.batch != nil {
            // Inside performBatchUpdates: part of that batch.
            recording.batch! += updates
            completion?()
            return
        }
        recording.commit(updates, in: collectionView, completion: completion.map { c in { _ in c() } },
                         timing: animatingDifferences ? recording.timing : .curve(.linear, duration: 0))
    }

    open func snapshot() -> NSDiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType> { current }

    open func itemIdentifier(for indexPath: IndexPath) -> ItemIdentifierType? {
        guard indexPath.section < current.numberOfSections else { return nil }
        let items = current.itemIdentifiers(inSection: current.sectionIdentifiers[indexPath.section])
        return indexPath.item < items.count ? items[indexPath.item] : nil
    }

    open func indexPath(for itemIdentifier: ItemIdentifierType) -> IndexPath? {
        for (s, section) in current.sectionIdentifiers.enumerated() {
            if let i = current.itemIdentifiers(inSection: section).firstIndex(of: itemIdentifier) { return IndexPath(item: i, section: s) }
        }
        return nil
    }

    open func sectionIdentifier(for index: Int) -> SectionIdentifierType? {
        index < current.numberOfSections ? current.sectionIdentifiers[index] : nil
    }

    public func numberOfSections(in collectionView: UICollectionView) -> Int { current.numberOfSections }
    public func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int {
        section < current.numberOfSections ? current.numberOfItems(inSection: current.sectionIdentifiers[section]) : 0
    }
    public func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell {
        guard let id = itemIdentifier(for: indexPath), let cell = cellProvider(collectionView, indexPath, id) else {
            preconditionFailure("UICollectionViewDiffableDataSource: the cell provider returned nil for \(indexPath)")
        }
        return cell
    }
    public func collectionView(_ collectionView: UICollectionView, viewForSupplementaryElementOfKind kind: String, at indexPath: IndexPath) -> UICollectionReusableView {
        supplementaryViewProvider?(collectionView, kind, indexPath) ?? UICollectionReusableView.notImplemented
    }
}

extension UICollectionView {
    /// https://developer.apple.com/documentation/uikit/uicollectionview/cellregistration
    public struct CellRegistration<Cell: UICollectionViewCell, Item> {
        public typealias Handler = (Cell, IndexPath, Item) -> Void
        let handler: Handler
        let identifier = UUID().uuidString
        public init(handler: @escaping Handler) { self.handler = handler }
    }

    /// https://developer.apple.com/documentation/uikit/uicollectionview/supplementaryregistration
    public struct SupplementaryRegistration<Supplementary: UICollectionReusableView> {
        public typealias Handler = (Supplementary, String, IndexPath) -> Void
        let elementKind: String
        let handler: Handler
        let identifier = UUID().uuidString
        public init(elementKind: String, handler: @escaping Handler) { self.elementKind = elementKind; self.handler = handler }
    }

    public func dequeueConfiguredReusableCell<Cell, Item>(using registration: CellRegistration<Cell, Item>, for indexPath: IndexPath, item: Item?) -> Cell {
        register(Cell.self, forCellWithReuseIdentifier: registration.identifier)
        let cell = dequeueReusableCell(withReuseIdentifier: registration.identifier, for: indexPath) as! Cell
        if let item { registration.handler(cell, indexPath, item) }
        return cell
    }

    public func dequeueConfiguredReusableSupplementary<Supplementary>(using registration: SupplementaryRegistration<Supplementary>,
                                                                      for indexPath: IndexPath) -> Supplementary {
        register(Supplementary.self, forSupplementaryViewOfKind: registration.elementKind, withReuseIdentifier: registration.identifier)
        let view = dequeueReusableSupplementaryView(ofKind: registration.elementKind, withReuseIdentifier: registration.identifier, for: indexPath) as! Supplementary
        registration.handler(view, registration.elementKind, indexPath)
        return view
    }
}

/// The positions in `values` of a longest strictly increasing subsequence (patience sorting).
private func longestIncreasingRun(_ values: [Int]) -> [Int] {
    var tails: [Int] = []          // index into values of the smallest tail of each length
    var previous = Array(repeating: -1, count: values.count)
    for (k, v) in values.enumerated() {
        var lo = 0, hi = tails.count
        while lo < hi { let mid = (lo + hi) / 2; if values[tails[mid]] < v { lo = mid + 1 } else { hi = mid } }
        if lo > 0 { previous[k] = tails[lo - 1] }
        if lo == tails.count { tails.append(k) } else { tails[lo] = k }
    }
    var out: [Int] = []
    var k = tails.last ?? -1
    while k >= 0 { out.append(k); k = previous[k] }
    return out.reversed()
}

/// UUIDs as `UUID().uuidString` and `String(describing: UUID())` write them: 8-4-4-4-12
/// hexadecimal digits.
enum UUIDText {
    static func find(in text: String) -> [String] {
        let chars = Array(text.utf8)
        guard chars.count >= 36 else { return [] }
        var found: [String] = []
        var i = 0
        func hex(_ c: UInt8) -> Bool { (48...57).contains(c) || (65...70).contains(c) || (97...102).contains(c) }
        while i + 36 <= chars.count {
            let window = chars[i..<i + 36]
            let ok = window.enumerated().allSatisfy { k, c in [8, 13, 18, 23].contains(k) ? c == UInt8(ascii: "-") : hex(c) }
            let bounded = (i == 0 || !hex(chars[i - 1])) && (i + 36 == chars.count || !hex(chars[i + 36]))
            if ok && bounded {
                let uuid = String(decoding: window, as: UTF8.self)
                if !found.contains(uuid) { found.append(uuid) }
                i += 36
            } else {
                i += 1
            }
        }
        return found
    }
}

/// One section's items as a tree (https://developer.apple.com/documentation/uikit/nsdiffabledatasourcesectionsnapshot):
/// items with children, each parent expanded or collapsed; the section shows `visibleItems`.
public struct NSDiffableDataSourceSectionSnapshot<ItemIdentifierType: Hashable> {
    /// Every item, each parent before its children (depth first).
    public private(set) var items: [ItemIdentifierType] = []
    private var parents: [ItemIdentifierType: ItemIdentifierType] = [:]
    private var expanded: Set<ItemIdentifierType> = []

    public init() {}

    public var rootItems: [ItemIdentifierType] { items.filter { parents[$0] == nil } }
    /// The items whose ancestors are all expanded, in order: what the section shows.
    public var visibleItems: [ItemIdentifierType] { items.filter(isVisible) }

    public func contains(_ item: ItemIdentifierType) -> Bool { items.contains(item) }
    public func index(of item: ItemIdentifierType) -> Int? { items.firstIndex(of: item) }
    public func parent(of child: ItemIdentifierType) -> ItemIdentifierType? { parents[child] }
    public func level(of item: ItemIdentifierType) -> Int {
        var n = 0, at = item
        while let p = parents[at] { n += 1; at = p }
        return n
    }
    public func isExpanded(_ item: ItemIdentifierType) -> Bool { expanded.contains(item) }
    public func isVisible(_ item: ItemIdentifierType) -> Bool {
        var at = item
        while let p = parents[at] {
            if !expanded.contains(p) { return false }
            at = p
        }
        return contains(item)
    }

    /// The item and its descendants' range in `items`.
    private func subtree(_ item: ItemIdentifierType) -> Range<Int>? {
        guard let i = index(of: item) else { return nil }
        let level = level(of: item)
        var end = i + 1
        while end < items.count && self.level(of: items[end]) > level { end += 1 }
        return i..<end
    }

    /// Appends `newItems` as the last children of `parent` (at the top level when nil).
    public mutating func append(_ newItems: [ItemIdentifierType], to parent: ItemIdentifierType? = nil) {
        for item in newItems { precondition(!contains(item), "Fatal: supplied item identifiers are not unique: \(item)") }
        guard let parent else { return items += newItems }
        guard let range = subtree(parent) else { preconditionFailure("Parent \(parent) is not in the section snapshot") }
        items.insert(contentsOf: newItems, at: range.upperBound)
        for item in newItems { parents[item] = parent }
    }

    public mutating func insert(_ newItems: [ItemIdentifierType], before item: ItemIdentifierType) {
        guard let i = index(of: item) else { preconditionFailure("Item \(item) is not in the section snapshot") }
        items.insert(contentsOf: newItems, at: i)
        for n in newItems { parents[n] = parents[item] }
    }

    public mutating func insert(_ newItems: [ItemIdentifierType], after item: ItemIdentifierType) {
        guard let range = subtree(item) else { preconditionFailure("Item \(item) is not in the section snapshot") }
        items.insert(contentsOf: newItems, at: range.upperBound)
        for n in newItems { parents[n] = parents[item] }
    }

    /// Deletes the items and their descendants.
    public mutating func delete(_ doomed: [ItemIdentifierType]) {
        for item in doomed {
            guard let range = subtree(item) else { continue }
            for gone in items[range] { parents[gone] = nil; expanded.remove(gone) }
            items.removeSubrange(range)
        }
    }
    public mutating func deleteAll() { self = Self() }

    public mutating func expand(_ parents: [ItemIdentifierType]) { expanded.formUnion(parents.filter(contains)) }
    public mutating func collapse(_ parents: [ItemIdentifierType]) { expanded.subtract(parents) }

    /// `parent`'s descendants as a snapshot of their own (with `parent` at the top when asked).
    public func snapshot(of parent: ItemIdentifierType, includingParent: Bool = false) -> Self {
        var out = Self()
        guard let range = subtree(parent) else { return out }
        let base = level(of: parent) + (includingParent ? 0 : 1)
        for item in items[range] where includingParent || item != parent {
            out.items.append(item)
            if level(of: item) > base, let p = parents[item] { out.parents[item] = p }
            if expanded.contains(item) { out.expanded.insert(item) }
        }
        return out
    }

    /// One line per item, indented by level, as UIKit's debugging description.
    public func visualDescription() -> String {
        items.map { String(repeating: "  ", count: level(of: $0)) + "- \($0)" + (isExpanded($0) ? " (expanded)" : "") }.joined(separator: "\n")
    }
}

extension UICollectionViewDiffableDataSource {
    /// Shows the section snapshot's visible items as `section`'s, as UIKit does
    /// (https://developer.apple.com/documentation/uikit/uicollectionviewdiffabledatasource/apply(_:to:animatingdifferences:completion:)):
    /// the rest of the data stays; the section is added at the end when it is not there. Items
    /// below the top level are not drawn yet (their indentation): one line naming the first.
    public func apply(_ snapshot: NSDiffableDataSourceSectionSnapshot<ItemIdentifierType>, to section: SectionIdentifierType,
                      animatingDifferences: Bool = true, completion: (() -> Void)? = nil) {
        sectionSnapshots[section] = snapshot
        if let nested = snapshot.visibleItems.first(where: { snapshot.level(of: $0) > 0 }) {
            UIKitHost.refuse("NSDiffableDataSourceSectionSnapshot: the item \(sceneName(of: nested)) at level \(snapshot.level(of: nested)) is not drawn yet (outline indentation; top-level items are)")
        }
        var whole = self.snapshot()
        if whole.indexOfSection(section) == nil { whole.appendSections([section]) }
        whole.deleteItems(whole.itemIdentifiers(inSection: section))
        whole.appendItems(snapshot.visibleItems, toSection: section)
        apply(whole, animatingDifferences: animatingDifferences, completion: completion)
    }

    /// The section's tree as last applied, else its items at the top level.
    public func snapshot(for section: SectionIdentifierType) -> NSDiffableDataSourceSectionSnapshot<ItemIdentifierType> {
        if let kept = sectionSnapshots[section] { return kept }
        var flat = NSDiffableDataSourceSectionSnapshot<ItemIdentifierType>()
        flat.append(snapshot().itemIdentifiers(inSection: section))
        return flat
    }
}
