import FlipbookCore
import FlipbookJSON
import FlipbookSimulation
import FlipbookEffects

/// `"effect": {"type": "dragAndDrop", "move": true}` (docs/effects.md).
extension DragAndDropEffect.Options: SceneFileEffect {
    public static var typeName: String { "dragAndDrop" }
    public static var fieldTable: FieldTable {
        FieldTable([FieldSpec("move", .bool, "Move the item (default) or copy it"), FieldSpec("minimumPressDuration", .number, "Seconds before the lift")])
    }
    public static var fieldNames: [String] { fieldTable.names }
    public static func decode(_ o: JSONObject, scene: Scene) throws -> Self {
        var opts = Self()
        if let v = o.optional("move") { opts.move = try v.bool() }
        // Its range is checked by validate(in:), at the field's position.
        if let v = try o.optional("minimumPressDuration")?.number() { opts.minimumPressDuration = v }
        return opts
    }
}
