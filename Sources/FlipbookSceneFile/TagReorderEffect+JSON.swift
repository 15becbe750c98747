import FlipbookCore
import FlipbookJSON
import FlipbookSimulation
import FlipbookEffects

/// `"effect": {"type": "tagReorder", …}` (docs/scene-format.md).
extension TagReorderEffect.Options: SceneFileEffect {
    public static var typeName: String { "tagReorder" }
    public static var fieldNames: [String] { ["minimumPressDuration", "settleDuration"] }
    public static func decode(_ o: JSONObject, scene: Scene) throws -> Self {
        var r = Self()
        try SceneDecoder.decodeNumbers(o, Self.numbers, into: &r)
        return r
    }
}
