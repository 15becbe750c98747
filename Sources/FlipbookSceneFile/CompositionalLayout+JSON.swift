import FlipbookCore
import FlipbookJSON
import FlipbookLayout

/// `"layout": {"type": "compositional", …}` (docs/scene-format.md): UIKit's names, one object
/// per NSCollectionLayout value. Ranges are checked by `invalidParameter()` (Scene.validate),
/// at the field's position; the decoder reads shapes and names.
extension CompositionalLayout: SceneFileLayout {
    public static var typeName: String { "compositional" }
    public static var fieldNames: [String] { ["scrollDirection", "interSectionSpacing", "sections"] }

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
        let o = try f.object(allowed: ["group", "interGroupSpacing", "contentInsets", "orthogonalScrollingBehavior",
                                       "boundarySupplementaryItems", "decorationItems", "visibleItemsTransform"])
        var s = Section(group: try decodeGroup(o.required("group", "the section's group")))
        if let v = try o.optional("interGroupSpacing")?.number() { s.interGroupSpacing = v }
        if let v = o.optional("contentInsets") { s.contentInsets = try decodeInsets(v) }
        if let v = o.optional("orthogonalScrollingBehavior") { s.orthogonalScrollingBehavior = try v.oneOf(OrthogonalScrollingBehavior.self) }
        if let v = o.optional("boundarySupplementaryItems") {
            s.boundarySupplementaryItems = try v.array(maxCount: 2).map { f in
                let b = try f.object(allowed: ["kind", "size", "alignment", "pinToVisibleBounds", "extendsBoundary", "zIndex"])
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
                let d = try f.object(allowed: ["kind", "contentInsets", "zIndex"])
                var item = DecorationItem(elementKind: ElementKind(try d.required("kind", "\"background\"").oneOf(["background"])))
                if let v = d.optional("contentInsets") { item.contentInsets = try decodeInsets(v) }
                if let v = d.optional("zIndex") { item.zIndex = try v.integer(in: zIndexes) }
                return item
            }
        }
        if let v = o.optional("visibleItemsTransform") {
            let t = try v.object(allowed: ["scale", "alpha", "zIndex"])
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
        let o = try f.object(allowed: ["direction", "size", "items", "count", "interItemSpacing", "contentInsets"])
        let direction = try o.required("direction", "\"horizontal\" or \"vertical\"").oneOf(Group.Direction.self)
        let items = try o.required("items", "the group's items").array(maxCount: maxItemsPerGroup).map { f -> Subitem in
            let i = try f.object(allowed: ["size", "contentInsets", "group"])
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
            let s = try v.object(allowed: ["fixed", "flexible"])
            guard s.keys.count == 1, let key = s.keys.first else { throw v.expected("{\"fixed\": points} or {\"flexible\": points}") }
            let value = try s.required(key).number()
            g.interItemSpacing = key == "fixed" ? .fixed(value) : .flexible(value)
        }
        if let v = o.optional("contentInsets") { g.contentInsets = try decodeInsets(v) }
        return g
    }

    static func decodeSize(_ f: JSONField) throws -> LayoutSize {
        let o = try f.object(allowed: ["width", "height"])
        return LayoutSize(widthDimension: try decodeDimension(o.required("width")), heightDimension: try decodeDimension(o.required("height")))
    }

    static func decodeDimension(_ f: JSONField) throws -> Dimension {
        let names = Dimension.Kind.allCases.map(\.rawValue)
        let o = try f.object(allowed: names)
        guard o.keys.count == 1, let key = o.keys.first, let kind = Dimension.Kind(rawValue: key) else {
            throw f.expected("one of " + names.map { "{\"\($0)\": …}" }.joined(separator: ", "))
        }
        return Dimension(kind, try o.required(key).number())
    }

    static func decodeInsets(_ f: JSONField) throws -> DirectionalEdgeInsets {
        let o = try f.object(allowed: ["top", "leading", "bottom", "trailing"])
        var i = DirectionalEdgeInsets()
        if let v = try o.optional("top")?.number() { i.top = v }
        if let v = try o.optional("leading")?.number() { i.leading = v }
        if let v = try o.optional("bottom")?.number() { i.bottom = v }
        if let v = try o.optional("trailing")?.number() { i.trailing = v }
        return i
    }
}
