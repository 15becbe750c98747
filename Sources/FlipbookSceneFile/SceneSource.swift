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

    /// "script step N, file:line" for the latest script step or touch of `scene` that starts
    /// at or before `time` (or up to `slack` seconds after it: a change that shows a frame
    /// before the step that makes it in this scene started it in the other) — what set going
    /// a motion that begins then.
    public func step(startingBy time: Double, slack: Double = 0, in scene: Scene) -> String? {
        let limit = time + slack + 1e-9
        var best: (time: Double, path: String)?
        for s in scene.script where s.time <= limit && s.time >= (best?.time ?? -1) { best = (s.time, s.path) }
        for t in scene.touches where t.downTime <= limit && t.downTime >= (best?.time ?? -1) { best = (t.downTime, t.path) }
        guard let best, !best.path.isEmpty else { return nil }
        return "script step \(SceneSource.stepNumber(ofPath: best.path) ?? "?"), \(file)" + (line(ofPath: best.path).map { ":\($0)" } ?? "")
    }

    /// A step's number as the file counts it, touches included: N of "$.script[N]" (the
    /// player and `check` name a step alike).
    package static func stepNumber(ofPath path: String) -> String? {
        guard path.hasPrefix("$.script["), let end = path.dropFirst(9).firstIndex(of: "]") else { return nil }
        return String(path[path.index(path.startIndex, offsetBy: 9)..<end])
    }
}
