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
        if let v = o.optional("minimumPressDuration") { r.minimumPressDuration = try v.nonNegative(max: 10) }
        if let v = o.optional("jiggleAngle") { r.jiggleAngle = try v.number(in: 0...1) }
        if let v = o.optional("jiggleDuration") { r.jiggleDuration = try v.positive(max: 10) }
        if let v = o.optional("settleDuration") { r.settleDuration = try v.nonNegative(max: 10) }
        if let v = o.optional("pickUpDuration") { r.pickUpDuration = try v.nonNegative(max: 10) }
        return r
    }
}
