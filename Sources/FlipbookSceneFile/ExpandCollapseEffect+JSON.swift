import FlipbookCore
import FlipbookJSON
import FlipbookSimulation
import FlipbookEffects

/// `"effect": {"type": "expandCollapse", …}` (docs/scene-format.md).
extension ExpandCollapseEffect.Options: SceneFileEffect {
    public static var typeName: String { "expandCollapse" }
    public static var fieldTable: FieldTable {
        FieldTable([
            FieldSpec("item", .nonEmptyString, "The id of the cell with the fold button", required: true),
            FieldSpec("expandTitle", .string), FieldSpec("collapseTitle", .string),
            FieldSpec("button", .object(SceneSchema.placement), "Where the button sits in the cell"),
            FieldSpec("buttonColor", .color), FieldSpec("buttonTitleColor", .color),
        ]).adding(numbers.map { FieldSpec($0) })
    }
    public static var fieldNames: [String] { fieldTable.names }
    public static func decode(_ o: JSONObject, scene: Scene) throws -> Self {
        var opts = Self()
        let itemField = try o.required("item", "the id of the cell with the fold button")
        opts.item = try itemField.nonEmptyString()
        guard scene.allViews.contains(where: { $0.sections.contains { $0.items.contains { $0.id == opts.item } } }) else {
            throw itemField.error("unknown item id \(InputError.quote(opts.item))")
        }
        try SceneDecoder.decodeNumbers(o, Self.numbers, into: &opts)
        if let v = o.optional("expandTitle") { opts.expandTitle = try v.string() }
        if let v = o.optional("collapseTitle") { opts.collapseTitle = try v.string() }
        if let v = o.optional("button") {
            let placement = try v.object(SceneSchema.placement)
            opts.button = try SceneDecoder.decodePlacement(placement, kind: opts.button.kind)
        }
        if let v = o.optional("buttonColor") { opts.buttonColor = try v.color() }
        if let v = o.optional("buttonTitleColor") { opts.buttonTitleColor = try v.color() }
        return opts
    }
}
