import FlipbookCore
import FlipbookJSON
import FlipbookSimulation
import FlipbookEffects

/// `"effect": {"type": "tagReorder", …}` (docs/scene-format.md).
extension TagReorderEffect.Options: SceneFileEffect {
    public static var typeName: String { "tagReorder" }
    public static var fieldTable: FieldTable { SceneSchema.table(numbers) }
    public static var fieldNames: [String] { fieldTable.names }
    public static func decode(_ o: JSONObject, scene: Scene) throws -> Self {
        var r = Self()
        try SceneDecoder.decodeNumbers(o, Self.numbers, into: &r)
        return r
    }
}
