import FlipbookCore
import FlipbookJSON
import FlipbookLayout

/// `"layout": {"type": "flow", …}` (docs/scene-format.md).
extension FlowLayout: SceneFileLayout {
    public static var typeName: String { "flow" }
    public static var fieldNames: [String] {
        ["itemSize", "minimumLineSpacing", "minimumInteritemSpacing", "sectionInset", "headerHeight", "footerHeight"]
    }
    public init() { self.init(itemSize: Size(width: 50, height: 50)) }
    public mutating func decodeFields(_ o: JSONObject) throws {
        if let f = o.optional("itemSize") { itemSize = try SceneDecoder.decodeSize(f) }
        // Ranges are checked by `invalidParameter()` (Scene.validate), at the field's position.
        if let v = try o.optional("minimumLineSpacing")?.number() { minimumLineSpacing = v }
        if let v = try o.optional("minimumInteritemSpacing")?.number() { minimumInteritemSpacing = v }
        if let f = o.optional("sectionInset") { sectionInset = try SceneDecoder.decodeInsets(f) }
        if let v = try o.optional("headerHeight")?.number() { headerReferenceSize = Size(width: 0, height: v) }
        if let v = try o.optional("footerHeight")?.number() { footerReferenceSize = Size(width: 0, height: v) }
    }
}
