import FlipbookCore
import FlipbookJSON
import FlipbookSimulation
import FlipbookEffects

/// `"effect": {"type": "wallet", …}` (docs/scene-format.md).
extension WalletEffect.Options: SceneFileEffect {
    public static var typeName: String { "wallet" }
    public static var fieldTable: FieldTable { SceneSchema.table(numbers) }
    public static var fieldNames: [String] { fieldTable.names }
    public static func decode(_ o: JSONObject, scene: Scene) throws -> Self {
        var r = Self()
        try SceneDecoder.decodeNumbers(o, Self.numbers, into: &r)
        return r
    }
}
