import FlipbookCore
import FlipbookLayout

/// The layouts a scene can name in `collectionView.layout.type`. A new layout is a new file
/// in FlipbookLayout plus one entry here.
public enum LayoutRegistry {
    struct Entry: Sendable {
        let name: String
        let keys: [String]
        let decode: @Sendable (JSONObject) throws -> any CollectionViewLayout
    }

    static let entries: [Entry] = [
        Entry(name: "wallet", keys: ["cellHeight", "cellSpace", "pullFactor"]) { o in
            var l = WalletLayout()
            if let v = o.optional("cellHeight") { l.cellHeight = try v.positive(max: 10_000) }
            if let v = o.optional("cellSpace") { l.cellSpace = try v.positive(max: 10_000) }
            if let v = o.optional("pullFactor") { l.pullFactor = try v.number(in: -10...10) }
            return l
        },
        Entry(name: "flow", keys: ["itemSize", "minimumLineSpacing", "minimumInteritemSpacing", "sectionInset",
                                   "headerHeight", "footerHeight"]) { o in
            var l = FlowLayout()
            if let v = o.optional("itemSize") { l.itemSize = try SceneDecoder.decodeSize(v) }
            if let v = o.optional("minimumLineSpacing") { l.minimumLineSpacing = try v.number(in: -10_000...10_000) }
            if let v = o.optional("minimumInteritemSpacing") { l.minimumInteritemSpacing = try v.nonNegative(max: 10_000) }
            if let v = o.optional("sectionInset") { l.sectionInset = try SceneDecoder.decodeInsets(v) }
            if let v = o.optional("headerHeight") { l.headerReferenceSize = Size(width: 0, height: try v.nonNegative(max: 10_000)) }
            if let v = o.optional("footerHeight") { l.footerReferenceSize = Size(width: 0, height: try v.nonNegative(max: 10_000)) }
            return l
        },
    ]

    public static var names: [String] { entries.map(\.name) }

    static func decode(_ f: JSONField) throws -> any CollectionViewLayout {
        guard case .object = f.node.value else { throw f.expected("an object with a \"type\"") }
        let typeField = try f.object(allowed: ["type"] + entries.flatMap(\.keys)).required("type")
        let type = try typeField.oneOf(names)
        let entry = entries.first { $0.name == type }!
        return try entry.decode(try f.object(allowed: ["type"] + entry.keys))
    }
}
