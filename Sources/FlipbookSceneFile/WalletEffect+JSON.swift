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
        try SceneDecoder.decodeNumbers(o, Self.numbers, into: &r)
        return r
    }
}
