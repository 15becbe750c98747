import FlipbookCore
import FlipbookJSON
import FlipbookLayout

/// `"layout": {"type": "absolute", …}` (docs/scene-format.md).
extension AbsoluteLayout: SceneFileLayout {
    public static var typeName: String { "absolute" }
    public static var fieldTable: FieldTable { FieldTable([FieldSpec("itemSize", .object(SceneSchema.size), "Size of items without their own")]) }
    public static var fieldNames: [String] { fieldTable.names }
    public init() { self.init(itemSize: Size(width: 50, height: 50)) }
    public mutating func decodeFields(_ o: JSONObject) throws {
        if let f = o.optional("itemSize") { itemSize = try SceneDecoder.decodeSize(f) }
    }
}
