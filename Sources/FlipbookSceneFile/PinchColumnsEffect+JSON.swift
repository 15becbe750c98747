import FlipbookCore
import FlipbookJSON
import FlipbookSimulation
import FlipbookEffects

/// `"effect": {"type": "pinchColumns", "columns": 5}` (docs/scene-format.md).
extension PinchColumnsEffect.Options: SceneFileEffect {
    public static var typeName: String { "pinchColumns" }
    public static var fieldTable: FieldTable {
        FieldTable([FieldSpec("columns", .integer(columnCounts), "Columns after the pinch; default \(Self().columns)")] + numbers.map { FieldSpec($0) })
    }
    public static var fieldNames: [String] { fieldTable.names }
    public static func decode(_ o: JSONObject, scene: Scene) throws -> Self {
        var opts = Self()
        if let v = o.optional("columns") { opts.columns = try v.integer(in: columnCounts) }
        try SceneDecoder.decodeNumbers(o, numbers, into: &opts)
        return opts
    }
}
