import FlipbookCore
import FlipbookJSON
import FlipbookLayout

/// `"layout": {"type": "wallet", …}` (docs/scene-format.md).
extension WalletLayout: SceneFileLayout {
    public static var typeName: String { "wallet" }
    public static var fieldTable: FieldTable {
        FieldTable([FieldSpec("cellHeight", .number, "Card height (default 200)"),
                    FieldSpec("cellSpace", .number, "Top of one card to the next (default 100)"),
                    FieldSpec("pullFactor", .number, "Spread per row when pulled past the top (default 0.25)")])
    }
    public static var fieldNames: [String] { fieldTable.names }
    public init() { self.init(cellHeight: 200, cellSpace: 100, pullFactor: 0.25) }
    public mutating func decodeFields(_ o: JSONObject) throws {
        // Ranges are checked by `invalidParameter()` (Scene.validate), at the field's position.
        if let v = try o.optional("cellHeight")?.number() { cellHeight = v }
        if let v = try o.optional("cellSpace")?.number() { cellSpace = v }
        if let v = try o.optional("pullFactor")?.number() { pullFactor = v }
    }
}
