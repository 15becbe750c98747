import FlipbookCore
import FlipbookJSON
import FlipbookLayout

/// `"layout": {"type": "flow", …}` (docs/scene-format.md).
extension FlowLayout: SceneFileLayout {
    public static var typeName: String { "flow" }
    public static var fieldTable: FieldTable {
        FieldTable([
            FieldSpec("scrollDirection", .names(ScrollDirection.self), "Default vertical"),
            FieldSpec("itemSize", .object(SceneSchema.size), "Size of items without their own (default 50 x 50)"),
            FieldSpec("sectionInset", .object(SceneSchema.insets), "Around each section's items"),
        ] + Fields.all.map { FieldSpec($0) } + [
            FieldSpec("estimatedItemSize", .anyOf([.names(["automatic"]), .object(SceneSchema.size)]), "Self-sizing cells"),
            FieldSpec("sectionHeadersPinToVisibleBounds", .bool, "Headers pin to the top of the visible bounds (default false)"),
            FieldSpec("sectionFootersPinToVisibleBounds", .bool, "Footers pin to the bottom of the visible bounds (default false)"),
        ])
    }
    public static var fieldNames: [String] { fieldTable.names }
    public init() { self.init(itemSize: Size(width: 50, height: 50)) }
    public mutating func decodeFields(_ o: JSONObject) throws {
        if let f = o.optional("itemSize") { itemSize = try SceneDecoder.decodeSize(f) }
        // A horizontal flow's headers and footers are columns: their width is what counts.
        try SceneDecoder.decodeNumbers(o, Fields.all, into: &self)
        if let f = o.optional("sectionInset") { sectionInset = try SceneDecoder.decodeInsets(f) }
        if let v = try o.optional("sectionHeadersPinToVisibleBounds")?.bool() { sectionHeadersPinToVisibleBounds = v }
        if let v = try o.optional("sectionFootersPinToVisibleBounds")?.bool() { sectionFootersPinToVisibleBounds = v }
        if let v = o.optional("scrollDirection") { scrollDirection = try v.oneOf(ScrollDirection.self) }
        // Self-sizing cells: "automatic" (UICollectionViewFlowLayout.automaticSize) or an estimate.
        if let f = o.optional("estimatedItemSize") {
            if case .string = f.node.value {
                _ = try f.oneOf(["automatic"])
                estimatedItemSize = FlowLayout.automaticSize
            } else {
                estimatedItemSize = try SceneDecoder.decodeSize(f)
            }
        }
    }
}
