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
        if let v = o.optional("minimumPressDuration") { r.minimumPressDuration = try v.nonNegative(max: 10) }
        if let v = o.optional("settleDuration") { r.settleDuration = try v.nonNegative(max: 10) }
        return r
    }
}
