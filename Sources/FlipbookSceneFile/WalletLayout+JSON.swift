import FlipbookCore
import FlipbookJSON
import FlipbookLayout

/// `"layout": {"type": "wallet", …}` (docs/scene-format.md).
extension WalletLayout: SceneFileLayout {
    public static var typeName: String { "wallet" }
    public static var fieldNames: [String] { ["cellHeight", "cellSpace", "pullFactor"] }
    public init() { self.init(cellHeight: 200, cellSpace: 100, pullFactor: 0.25) }
    public mutating func decodeFields(_ o: JSONObject) throws {
        if let v = try o.optional("cellHeight")?.positive(max: 10_000) { cellHeight = v }
        if let f = o.optional("cellSpace") {
            cellSpace = try f.number(in: WalletLayout.minimumCellSpace...10_000)
        }
        if let v = try o.optional("pullFactor")?.number(in: -10...10) { pullFactor = v }
    }
}
