import FlipbookCore
import FlipbookJSON
import FlipbookLayout

/// `"layout": {"type": "compositional", …}` (docs/scene-format.md): UIKit's names, one object
/// per NSCollectionLayout value. Ranges are checked by `invalidParameter()` (Scene.validate),
/// at the field's position; the decoder reads shapes and names, the schema lists the ranges
/// from the same statics.
extension CompositionalLayout: SceneFileLayout {
    public static var typeName: String { "compositional" }
    public static var fieldTable: FieldTable {
        FieldTable([
            FieldSpec("scrollDirection", .names(ScrollDirection.self), "Default vertical"),
            FieldSpec("interSectionSpacing", .number(spacings), "Between sections (default 0)"),
            FieldSpec("sections", .array(.object(sectionTable), count: 1...1000), "NSCollectionLayoutSection, one per section (the last repeats)"),
        ])
    }
    public static var fieldNames: [String] { fieldTable.names }

    typealias F = FieldSpec
    static let insetsTable = FieldTable(["top", "leading", "bottom", "trailing"].map { F($0, .number(insets), "NSDirectionalEdgeInsets (default 0)") })
    static let dimensionTable = FieldTable(Dimension.Kind.allCases.map { F($0.rawValue, .number(Dimension.range(of: $0), excludingLowerBound: true), "NSCollectionLayoutDimension.\($0.rawValue)") })
    static let sizeTable = FieldTable([F("width", .object(dimensionTable), required: true), F("height", .object(dimensionTable), required: true)])
    static let boundaryTable = FieldTable([
        F("kind", .names(["header", "footer"]), required: true), F("size", .object(sizeTable), required: true),
        F("alignment", .names(Alignment.self)), F("pinToVisibleBounds", .bool), F("extendsBoundary", .bool), F("zIndex", .integer(zIndexes)),
    ])
    static let decorationTable = FieldTable([F("kind", .names(["background"]), required: true), F("contentInsets", .object(insetsTable)),
                                             F("zIndex", .integer(zIndexes))])
    static let transformTable = FieldTable(VisibleItemsTransform.ranges.map { ramp in
        F(ramp.name, .object(FieldTable([F("center", .number(ramp.range), required: true), F("edge", .number(ramp.range), required: true)])),
          "From the centre to the edge")
    })
    static let sectionTable = FieldTable([
        F("group", .reference("compositionalGroup"), "The section's group", required: true),
        F("interGroupSpacing", .number(spacings), "Default 0"), F("contentInsets", .object(insetsTable)),
        F("orthogonalScrollingBehavior", .names(OrthogonalScrollingBehavior.self)),
        F("boundarySupplementaryItems", .array(.object(boundaryTable), count: 0...2)),
        F("decorationItems", .array(.object(decorationTable), count: 0...1)),
        F("visibleItemsTransform", .object(transformTable)),
    ])
    static let subitemTable = FieldTable([F("size", .object(sizeTable)), F("contentInsets", .object(insetsTable)),
                                          F("group", .reference("compositionalGroup"), "A nested group")])
    static let spacingTable = FieldTable([F("fixed", .number(spacings)), F("flexible", .number(spacings))])
    /// NSCollectionLayoutGroup; `SceneDecoder.schema()` defines it as "compositionalGroup".
    static let groupTable = FieldTable([
        F("direction", .names(Group.Direction.self), required: true), F("size", .object(sizeTable), required: true),
        F("items", .array(.object(subitemTable), count: 0...maxItemsPerGroup), required: true),
        F("count", .integer(counts)), F("interItemSpacing", .object(spacingTable), "{\"fixed\": points} or {\"flexible\": points}"),
        F("contentInsets", .object(insetsTable)),
    ])

    /// One section of full-width rows 44 pt tall (a plain list's), until "sections" says otherwise.
    public init() {
        let row = LayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .absolute(44))
        self.init(section: Section(group: .horizontal(layoutSize: row, subitems: [.item(Item(layoutSize: row))])))
    }

    public mutating func decodeFields(_ o: JSONObject) throws {
        if let v = o.optional("scrollDirection") { scrollDirection = try v.oneOf(ScrollDirection.self) }
        if let v = try o.optional("interSectionSpacing")?.number() { interSectionSpacing = v }
        if let v = o.optional("sections") {
            sections = try v.array(minCount: 1, maxCount: 1000).map(Self.decodeSection)
        }
    }

    static func decodeSection(_ f: JSONField) throws -> Section {
        let o = try f.object(sectionTable)
        var s = Section(group: try decodeGroup(o.required("group", "the section's group")))
        if let v = try o.optional("interGroupSpacing")?.number() { s.interGroupSpacing = v }
        if let v = o.optional("contentInsets") { s.contentInsets = try decodeInsets(v) }
        if let v = o.optional("orthogonalScrollingBehavior") { s.orthogonalScrollingBehavior = try v.oneOf(OrthogonalScrollingBehavior.self) }
        if let v = o.optional("boundarySupplementaryItems") {
            s.boundarySupplementaryItems = try v.array(maxCount: 2).map { f in
                let b = try f.object(boundaryTable)
                let kind = ElementKind(try b.required("kind", "\"header\" or \"footer\"").oneOf(["header", "footer"]))
                var item = BoundarySupplementaryItem(elementKind: kind, layoutSize: try decodeSize(b.required("size")),
                                                     alignment: kind == .sectionHeader ? .top : .bottom)
                if let v = b.optional("alignment") { item.alignment = try v.oneOf(Alignment.self) }
                if let v = b.optional("pinToVisibleBounds") { item.pinToVisibleBounds = try v.bool() }
                if let v = b.optional("extendsBoundary") { item.extendsBoundary = try v.bool() }
                if let v = b.optional("zIndex") { item.zIndex = try v.integer(in: zIndexes) }
                return item
            }
        }
        if let v = o.optional("decorationItems") {
            s.decorationItems = try v.array(maxCount: 1).map { f in
                let d = try f.object(decorationTable)
                var item = DecorationItem(elementKind: ElementKind(try d.required("kind", "\"background\"").oneOf(["background"])))
                if let v = d.optional("contentInsets") { item.contentInsets = try decodeInsets(v) }
                if let v = d.optional("zIndex") { item.zIndex = try v.integer(in: zIndexes) }
                return item
            }
        }
        if let v = o.optional("visibleItemsTransform") {
            let t = try v.object(transformTable)
            func ramp(_ key: String) throws -> VisibleItemsTransform.Ramp? {
                guard let f = t.optional(key) else { return nil }
                let r = try f.object(allowed: ["center", "edge"])
                return VisibleItemsTransform.Ramp(center: try r.required("center").number(), edge: try r.required("edge").number())
            }
            s.visibleItemsTransform = VisibleItemsTransform(scale: try ramp("scale"), alpha: try ramp("alpha"), zIndex: try ramp("zIndex"))
        }
        return s
    }

    static func decodeGroup(_ f: JSONField) throws -> Group {
        let o = try f.object(groupTable)
        let direction = try o.required("direction", "\"horizontal\" or \"vertical\"").oneOf(Group.Direction.self)
        let items = try o.required("items", "the group's items").array(maxCount: maxItemsPerGroup).map { f -> Subitem in
            let i = try f.object(subitemTable)
            if let g = i.optional("group") {
                if i.has("size") { throw i.optional("size")!.error("expected no \"size\" beside \"group\" (a nested group has its own)") }
                var group = try decodeGroup(g)
                if let v = i.optional("contentInsets") { group.contentInsets = try decodeInsets(v) }
                return .group(group)
            }
            var item = Item(layoutSize: try decodeSize(i.required("size", "the item's size")))
            if let v = i.optional("contentInsets") { item.contentInsets = try decodeInsets(v) }
            return .item(item)
        }
        var g = Group(direction: direction, layoutSize: try decodeSize(o.required("size", "the group's size")), subitems: items)
        if let v = o.optional("count") { g.count = try v.integer(in: 0...Int(Int32.max)) }
        if let v = o.optional("interItemSpacing") {
            let s = try v.object(spacingTable)
            guard s.keys.count == 1, let key = s.keys.first else { throw v.expected("{\"fixed\": points} or {\"flexible\": points}") }
            let value = try s.required(key).number()
            g.interItemSpacing = key == "fixed" ? .fixed(value) : .flexible(value)
        }
        if let v = o.optional("contentInsets") { g.contentInsets = try decodeInsets(v) }
        return g
    }

    static func decodeSize(_ f: JSONField) throws -> LayoutSize {
        let o = try f.object(sizeTable)
        return LayoutSize(widthDimension: try decodeDimension(o.required("width")), heightDimension: try decodeDimension(o.required("height")))
    }

    static func decodeDimension(_ f: JSONField) throws -> Dimension {
        let names = Dimension.Kind.allCases.map(\.rawValue)
        let o = try f.object(dimensionTable)
        guard o.keys.count == 1, let key = o.keys.first, let kind = Dimension.Kind(rawValue: key) else {
            throw f.expected("one of " + names.map { "{\"\($0)\": …}" }.joined(separator: ", "))
        }
        return Dimension(kind, try o.required(key).number())
    }

    static func decodeInsets(_ f: JSONField) throws -> DirectionalEdgeInsets {
        let o = try f.object(insetsTable)
        var i = DirectionalEdgeInsets()
        if let v = try o.optional("top")?.number() { i.top = v }
        if let v = try o.optional("leading")?.number() { i.leading = v }
        if let v = try o.optional("bottom")?.number() { i.bottom = v }
        if let v = try o.optional("trailing")?.number() { i.trailing = v }
        return i
    }
}
