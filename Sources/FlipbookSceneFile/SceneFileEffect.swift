import FlipbookCore
import FlipbookJSON
import FlipbookSimulation

/// An effect configuration that scene files can name in `"effect": {"type": …}`. Conform
/// your effect's options and register them (`SceneDecoder.register(effect:)`).
public protocol SceneFileEffect: EffectConfiguration {
    /// The name in `"effect": {"type": …}`.
    static var typeName: String { get }
    /// The fields the type accepts besides "type".
    static var fieldNames: [String] { get }
    /// The same fields with what each holds: the decoder accepts its names, and `flipbook schema`
    /// (SceneDecoder.schema()) writes their types; by default each of `fieldNames`, of any type.
    static var fieldTable: FieldTable { get }
    /// Reads the options; `scene` is the scene decoded so far (views, items, chrome), for
    /// fields that name its parts. `validate(in:)` runs afterwards as for any scene.
    static func decode(_ object: JSONObject, scene: Scene) throws -> Self
}

/// A registered effect type, as the decoder uses it.
struct EffectEntry: Sendable {
    let typeName: String
    let fieldTable: FieldTable
    let decode: @Sendable (JSONObject, Scene) throws -> any EffectConfiguration

    init<E: SceneFileEffect>(_ type: E.Type) {
        typeName = E.typeName
        fieldTable = E.fieldTable
        decode = { o, scene in try E.decode(o, scene: scene) }
    }
}

extension SceneFileEffect {
    public static var fieldTable: FieldTable { FieldTable(names: fieldNames) }
}
