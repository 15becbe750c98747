import FlipbookCore
import FlipbookJSON
import FlipbookLayout

/// `"layout": {"type": "wallet", …}` (docs/scene-format.md).
extension WalletLayout: SceneFileLayout {
    public static var typeName: String { "wallet" }
    public static var fieldTable: FieldTable { FieldTable(Fields.file.map { FieldSpec($0) }) }
    public static var fieldNames: [String] { fieldTable.names }
    public init() { self.init(cellHeight: Fields.cellHeight.defaultValue!, cellSpace: Fields.cellSpace.defaultValue!, pullFactor: Fields.pullFactor.defaultValue!) }
    public mutating func decodeFields(_ o: JSONObject) throws { try SceneDecoder.decodeNumbers(o, Fields.file, into: &self) }
}
