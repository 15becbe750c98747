import FlipbookCore
import FlipbookJSON
import FlipbookLayout

/// `"layout": {"type": "wallet", …}` (docs/scene-format.md).
extension WalletLayout: SceneFileLayout {
    public static var typeName: String { "wallet" }
    public static var fieldNames: [String] { ["cellHeight", "cellSpace", "pullFactor"] }
    public init() { self.init(cellHeight: 200, cellSpace: 100, pullFactor: 0.25) }
    public mutating func decodeFields(_ o: JSONObject) throws {
        // Ranges are checked by `invalidParameter()` (Scene.validate), at the field's position.
        if let v = try o.optional("cellHeight")?.number() { cellHeight = v }
        if let v = try o.optional("cellSpace")?.number() { cellSpace = v }
        if let v = try o.optional("pullFactor")?.number() { pullFactor = v }
    }
}
