import FlipbookCore
import FlipbookJSON
import FlipbookSimulation
import FlipbookEffects

/// `"effect": {"type": "pinchColumns", "columns": 5}` (docs/scene-format.md).
extension PinchColumnsEffect.Options: SceneFileEffect {
    public static var typeName: String { "pinchColumns" }
    public static var fieldTable: FieldTable {
        FieldTable([FieldSpec("columns", .integer(1...20), "Columns after the pinch"), FieldSpec("completingScale", .number, "Scale at which a pinch completes")])
    }
    public static var fieldNames: [String] { fieldTable.names }
    public static func decode(_ o: JSONObject, scene: Scene) throws -> Self {
        var opts = Self()
        if let v = o.optional("columns") { opts.columns = try v.integer(in: 1...20) }
        // Its range is checked by validate(in:), at the field's position.
        if let v = try o.optional("completingScale")?.number() { opts.completingScale = v }
        return opts
    }
}
