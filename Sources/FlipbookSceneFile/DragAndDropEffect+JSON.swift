import FlipbookCore
import FlipbookJSON
import FlipbookSimulation
import FlipbookEffects

/// `"effect": {"type": "dragAndDrop", "move": true}` (docs/effects.md).
extension DragAndDropEffect.Options: SceneFileEffect {
    public static var typeName: String { "dragAndDrop" }
    public static var fieldTable: FieldTable {
        FieldTable([FieldSpec("move", .bool, "Move the item (default) or copy it"), ] + numbers.map { FieldSpec($0) })
    }
    public static var fieldNames: [String] { fieldTable.names }
    public static func decode(_ o: JSONObject, scene: Scene) throws -> Self {
        var opts = Self()
        if let v = o.optional("move") { opts.move = try v.bool() }
        try SceneDecoder.decodeNumbers(o, numbers, into: &opts)
        return opts
    }
}
