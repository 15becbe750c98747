import FlipbookCore
import FlipbookJSON
import FlipbookLayout

/// `"layout": {"type": "list", …}` (docs/scene-format.md): UICollectionLayoutListConfiguration's names.
extension ListLayout: SceneFileLayout {
    public static var typeName: String { "list" }
    public static var fieldTable: FieldTable {
        FieldTable([
            FieldSpec("appearance", .names(Appearance.self), "UICollectionLayoutListConfiguration.Appearance"),
            FieldSpec("headerMode", .names(HeaderMode.self)), FieldSpec("footerMode", .names(FooterMode.self)),
            FieldSpec("showsSeparators", .bool, "Default true"),
        ])
    }
    public static var fieldNames: [String] { fieldTable.names }
    public init() { self.init(appearance: .plain) }
    public mutating func decodeFields(_ o: JSONObject) throws {
        if let v = o.optional("appearance") { appearance = try v.oneOf(Appearance.self) }
        if let v = o.optional("headerMode") { headerMode = try v.oneOf(HeaderMode.self) }
        if let v = o.optional("footerMode") { footerMode = try v.oneOf(FooterMode.self) }
        if let v = o.optional("showsSeparators") { showsSeparators = try v.bool() }
    }
}
