import FlipbookCore
import FlipbookJSON
import FlipbookSimulation

/// Where things are in a scene file, for messages that point a reader at the cause of a
/// difference: the script step (or scripted touch) that starts a motion, an item's own entry.
public struct SceneSource: Sendable {
    public let file: String
    let root: JSONField

    public init(file: String, bytes: [UInt8]) throws {
        self.file = file
        root = try JSONField.parse(bytes, file: file)
    }

    /// The line of the value at a JSON path ("$.script[2]").
    public func line(ofPath path: String) -> Int? { root.node(atPath: path)?.line }

    /// The line of the item with `id` in any view (its object in "items").
    public func line(ofItem id: String) -> Int? {
        var views: [JSONNode] = []
        if let cv = root.node(atPath: "$.collectionView") { views.append(cv) }
        if case .array(let vs)? = root.node(atPath: "$.views")?.value { views += vs }
        for v in views {
            guard case .object(let members) = v.value else { continue }
            var lists: [JSONNode] = members.filter { $0.key == "items" }.map(\.value)
            if let sections = members.first(where: { $0.key == "sections" })?.value, case .array(let ss) = sections.value {
                for s in ss { if case .object(let sm) = s.value { lists += sm.filter { $0.key == "items" }.map(\.value) } }
            }
            for l in lists {
                guard case .array(let items) = l.value else { continue }
                for it in items {
                    guard case .object(let im) = it.value, let idNode = im.first(where: { $0.key == "id" })?.value else { continue }
                    switch idNode.value {
                    case .string(let s) where s == id: return it.line
                    case .number(let n) where String(Int64(exactly: n) ?? 0) == id: return it.line
                    default: continue
                    }
                }
            }
        }
        return nil
    }

    /// "script step N, file:line" for the step of `scene` that set going a motion of `item`
    /// that begins at `time` (or up to `slack` seconds later: a change that shows a frame before
    /// the step that makes it in this scene started it in the other). The latest step by then
    /// that names the item (a change, a key-frame animation, a batch update's delete, move or
    /// reload of it) is it; failing one, the latest that moves everything (a scroll, a touch,
    /// a batch update, an animation of every cell); a step that names only other items never
    /// is. With `looksOnly` (the item's looks changed, not where it is) only a step naming the
    /// item can be the cause. Of steps at one time, the first in the file.
    public func step(startingBy time: Double, slack: Double = 0, item: String? = nil, looksOnly: Bool = false, in scene: Scene) -> String? {
        let limit = time + slack + 1e-9
        var named: (time: Double, path: String)?, broad: (time: Double, path: String)?
        for s in scene.script where s.time <= limit {
            let (ids, everything) = SceneSource.items(of: s.action)
            if let item, ids.contains(item) {
                if s.time > (named?.time ?? -1) { named = (s.time, s.path) }
            } else if everything || item == nil, s.time > (broad?.time ?? -1) {
                broad = (s.time, s.path)
            }
        }
        for t in scene.touches where t.downTime <= limit && t.downTime > (broad?.time ?? -1) { broad = (t.downTime, t.path) }
        guard let best = named ?? (looksOnly ? nil : broad), !best.path.isEmpty else { return nil }
        return "script step \(SceneSource.stepNumber(ofPath: best.path) ?? "?"), \(file)" + (line(ofPath: best.path).map { ":\($0)" } ?? "")
    }

    /// The items `action` names, and whether it moves every item (a scroll, a batch update,
    /// an animation of every cell) — what `step(startingBy:)` may blame it for.
    static func items(of action: Action) -> (ids: Set<String>, everything: Bool) {
        switch action {
        case .setContentOffset, .scrollTo: return ([], true)
        case .set(let changes): return (Set(changes.map(\.item)), false)
        case .animate(let t):
            func ids(_ t: Transaction) -> [String] { t.changes.map(\.item) + t.nested.flatMap(ids) }
            let completion = t.completion.map(items(of:))
            return (Set(ids(t)).union(completion.flatMap(\.ids)), completion.contains { $0.everything })
        case .addAnimation(let item, _, _), .removeAnimation(let item, _): return (item.map { [$0] } ?? [], item == nil)
        case .performBatchUpdates(let changes, _, let completion):
            var ids: Set<String> = []
            for c in changes {
                switch c {
                case .delete(let id), .move(let id, _), .reload(let id, _), .clearProperties(let id, _): ids.insert(id)
                case .insert(let item, _): ids.insert(item.id)
                case .insertSection(let section, _): ids.formUnion(section.items.map(\.id))
                case .layout, .deleteSection, .moveSection: break
                }
            }
            // Inserting, deleting or moving one item moves the others around it.
            return (ids.union(completion.flatMap { items(of: $0).ids }), true)
        case .code:
            // What it does is known only when it runs: it may move anything.
            return ([], true)
        }
    }

    /// A step's number as the file counts it, touches included: N of "$.script[N]" (the
    /// player and `check` name a step alike).
    package static func stepNumber(ofPath path: String) -> String? {
        guard path.hasPrefix("$.script["), let end = path.dropFirst(9).firstIndex(of: "]") else { return nil }
        return String(path[path.index(path.startIndex, offsetBy: 9)..<end])
    }
}
