import FlipbookCore
import FlipbookJSON
import FlipbookSimulation
import FlipbookEffects

/// `"effect": {"type": "jiggleReorder", …}` (docs/scene-format.md).
extension JiggleReorderEffect.Options: SceneFileEffect {
    public static var typeName: String { "jiggleReorder" }
    public static var fieldNames: [String] { ["minimumPressDuration", "jiggleAngle", "jiggleDuration", "settleDuration", "pickUpDuration"] }
    public static func decode(_ o: JSONObject, scene: Scene) throws -> Self {
        var r = Self()
        try SceneDecoder.decodeNumbers(o, Self.numbers, into: &r)
        return r
    }
}
