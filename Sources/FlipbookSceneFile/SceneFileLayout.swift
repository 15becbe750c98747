import FlipbookCore
import FlipbookJSON
import FlipbookLayout
import FlipbookSimulation

/// A layout that scene files can name in `collectionView.layout.type`. Conform your own
/// layout and register it (`SceneDecoder.register(layout:)`) to use it from JSON; a layout
/// used only from code needs none of this.
public protocol SceneFileLayout: CollectionViewLayout {
    /// The name in `"layout": {"type": …}`.
    static var typeName: String { get }
    /// The fields the type accepts besides "type".
    static var fieldNames: [String] { get }
    /// The same fields with what each holds: the decoder accepts its names, and `flipbook schema`
    /// (SceneDecoder.schema()) writes their types; by default each of `fieldNames`, of any type.
    static var fieldTable: FieldTable { get }
    /// The layout with its defaults.
    init()
    /// Sets the fields present in `object`, checking each (throw `field.expected(…)`). The same
    /// fields patch a running layout in a batch update's `{"layout": {…}}`.
    mutating func decodeFields(_ object: JSONObject) throws
}

/// A registered layout type, as the decoder uses it.
struct LayoutEntry: Sendable {
    let typeName: String
    let fieldTable: FieldTable
    let make: @Sendable (JSONObject) throws -> any CollectionViewLayout
    let patch: @Sendable (JSONObject) throws -> LayoutPatch
    let matches: @Sendable (any CollectionViewLayout) -> Bool

    init<L: SceneFileLayout>(_ type: L.Type) {
        typeName = L.typeName
        fieldTable = L.fieldTable
        make = { o in
            var l = L()
            try l.decodeFields(o)
            return l
        }
        patch = { o in
            var probe = L()
            try probe.decodeFields(o)  // every error is reported when the file is read
            return LayoutPatch { layout in
                guard var l = layout as? L else { return }
                try? l.decodeFields(o)
                layout = l
            }
        }
        matches = { $0 is L }
    }
}

extension SceneFileLayout {
    public static var fieldTable: FieldTable { FieldTable(names: fieldNames) }
}
