import FlipbookCore
import FlipbookLayout

/// The layouts a scene can name in `collectionView.layout.type`. A new layout is a new file
/// in FlipbookLayout plus one entry here. Each entry turns JSON fields into setters, so the
/// same fields build a layout and patch one inside a batch update.
public enum LayoutRegistry {
    typealias Setter = @Sendable (inout any CollectionViewLayout) -> Void

    struct Entry: Sendable {
        let name: String
        let keys: [String]
        let make: @Sendable () -> any CollectionViewLayout
        let parse: @Sendable (JSONObject) throws -> [Setter]
    }

    /// A setter that changes one property of a concrete layout type.
    static func set<L: CollectionViewLayout>(_ type: L.Type, _ change: @escaping @Sendable (inout L) -> Void) -> Setter {
        { layout in
            guard var l = layout as? L else { return }
            change(&l)
            layout = l
        }
    }

    static let entries: [Entry] = [
        Entry(name: "wallet", keys: ["cellHeight", "cellSpace", "pullFactor"], make: { WalletLayout() }) { o in
            var s: [Setter] = []
            if let v = try o.optional("cellHeight")?.positive(max: 10_000) { s.append(set(WalletLayout.self) { $0.cellHeight = v }) }
            if let v = try o.optional("cellSpace")?.positive(max: 10_000) { s.append(set(WalletLayout.self) { $0.cellSpace = v }) }
            if let v = try o.optional("pullFactor")?.number(in: -10...10) { s.append(set(WalletLayout.self) { $0.pullFactor = v }) }
            return s
        },
        Entry(name: "flow", keys: ["itemSize", "minimumLineSpacing", "minimumInteritemSpacing", "sectionInset",
                                   "headerHeight", "footerHeight"], make: { FlowLayout() }) { o in
            var s: [Setter] = []
            if let f = o.optional("itemSize") { let v = try SceneDecoder.decodeSize(f); s.append(set(FlowLayout.self) { $0.itemSize = v }) }
            if let v = try o.optional("minimumLineSpacing")?.number(in: -10_000...10_000) { s.append(set(FlowLayout.self) { $0.minimumLineSpacing = v }) }
            if let v = try o.optional("minimumInteritemSpacing")?.nonNegative(max: 10_000) { s.append(set(FlowLayout.self) { $0.minimumInteritemSpacing = v }) }
            if let f = o.optional("sectionInset") { let v = try SceneDecoder.decodeInsets(f); s.append(set(FlowLayout.self) { $0.sectionInset = v }) }
            if let v = try o.optional("headerHeight")?.nonNegative(max: 10_000) { s.append(set(FlowLayout.self) { $0.headerReferenceSize = Size(width: 0, height: v) }) }
            if let v = try o.optional("footerHeight")?.nonNegative(max: 10_000) { s.append(set(FlowLayout.self) { $0.footerReferenceSize = Size(width: 0, height: v) }) }
            return s
        },
        Entry(name: "absolute", keys: ["itemSize"], make: { AbsoluteLayout() }) { o in
            var s: [Setter] = []
            if let f = o.optional("itemSize") { let v = try SceneDecoder.decodeSize(f); s.append(set(AbsoluteLayout.self) { $0.itemSize = v }) }
            return s
        },
    ]

    public static var names: [String] { entries.map(\.name) }

    /// `{"type": …, fields…}` → a configured layout.
    static func decode(_ f: JSONField) throws -> any CollectionViewLayout {
        guard case .object = f.node.value else { throw f.expected("an object with a \"type\"") }
        let typeField = try f.object(allowed: ["type"] + entries.flatMap(\.keys)).required("type")
        let type = try typeField.oneOf(names)
        let entry = entries.first { $0.name == type }!
        var layout = entry.make()
        for setter in try entry.parse(try f.object(allowed: ["type"] + entry.keys)) { setter(&layout) }
        return layout
    }

    /// Fields of the scene's layout type → a patch for batch updates.
    static func decodePatch(_ f: JSONField, layoutName: String) throws -> LayoutPatch {
        let entry = entries.first { $0.name == layoutName }!
        let setters = try entry.parse(try f.object(allowed: entry.keys))
        return LayoutPatch { layout in for s in setters { s(&layout) } }
    }
}
