import FlipbookCore
import FlipbookJSON
import FlipbookSimulation
import FlipbookEffects

/// `"effect": {"type": "wallet", …}` (docs/scene-format.md).
extension WalletEffect.Options: SceneFileEffect {
    public static var typeName: String { "wallet" }
    public static var fieldNames: [String] {
        ["minimumPressDuration", "liftDistance", "liftDuration", "swapDistance", "autoScrollSpeed",
         "bottomAutoScrollZone", "topAutoScrollZone", "closeVelocity", "handOverDuration"]
    }
    public static func decode(_ o: JSONObject, scene: Scene) throws -> Self {
        var r = Self()
        if let v = o.optional("minimumPressDuration") { r.minimumPressDuration = try v.nonNegative(max: 10) }
        if let v = o.optional("liftDistance") { r.liftDistance = try v.number(in: -1000...1000) }
        if let v = o.optional("liftDuration") { r.liftDuration = try v.nonNegative(max: 10) }
        if let v = o.optional("swapDistance") { r.swapDistance = try v.positive(max: 1000) }
        if let v = o.optional("autoScrollSpeed") { r.autoScrollSpeed = try v.nonNegative(max: 1000) }
        if let v = o.optional("bottomAutoScrollZone") { r.bottomAutoScrollZone = try v.nonNegative(max: 10000) }
        if let v = o.optional("topAutoScrollZone") { r.topAutoScrollZone = try v.nonNegative(max: 10000) }
        if let v = o.optional("closeVelocity") { r.closeVelocity = try v.positive(max: 1e6) }
        if let v = o.optional("handOverDuration") { r.handOverDuration = try v.nonNegative(max: 10) }
        return r
    }
}
