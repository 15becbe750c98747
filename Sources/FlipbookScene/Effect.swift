import FlipbookCore
import FlipbookLayout

/// An interaction effect: the code an app's view controller and layout would hold to turn
/// gestures into layout changes (the five effects of docs/effects.md). An effect is created
/// for each simulation from its options and installs recognizers, delegates and display links.
public protocol Effect: AnyObject {
    func install(in simulator: Simulator)
}

/// An effect chosen by a scene, with its options (a value, so scenes stay Sendable).
public enum EffectSpec: Sendable {
    case wallet(WalletEffect.Options)
    case jiggleReorder(JiggleReorderEffect.Options)
    case tagReorder(TagReorderEffect.Options)

    func make() -> any Effect {
        switch self {
        case .wallet(let o): return WalletEffect(options: o)
        case .jiggleReorder(let o): return JiggleReorderEffect(options: o)
        case .tagReorder(let o): return TagReorderEffect(options: o)
        }
    }
}

/// The effects a scene can name in `"effect": {"type": …}`. A new effect is a new file plus
/// one entry here.
enum EffectRegistry {
    struct Entry: Sendable {
        let name: String
        /// The layout type the effect works with, if it needs one.
        let layout: String?
        let keys: [String]
        let decode: @Sendable (JSONObject, Scene) throws -> EffectSpec
    }

    static let entries: [Entry] = [
        Entry(name: "wallet", layout: "wallet", keys: WalletEffect.Options.keys) { o, _ in .wallet(try WalletEffect.Options(decoding: o)) },
        Entry(name: "jiggleReorder", layout: "flow", keys: JiggleReorderEffect.Options.keys) { o, _ in .jiggleReorder(try JiggleReorderEffect.Options(decoding: o)) },
        Entry(name: "tagReorder", layout: "flow", keys: TagReorderEffect.Options.keys) { o, _ in .tagReorder(try TagReorderEffect.Options(decoding: o)) },
    ]

    static func decode(_ f: JSONField, scene: Scene) throws -> EffectSpec {
        let layoutName = scene.collectionView.layout.name
        guard case .object = f.node.value else { throw f.expected("an object with a \"type\"") }
        let names = entries.map(\.name)
        let type = try f.object(allowed: ["type"] + entries.flatMap(\.keys)).required("type").oneOf(names)
        let entry = entries.first { $0.name == type }!
        let o = try f.object(allowed: ["type"] + entry.keys)
        if let l = entry.layout, l != layoutName {
            throw o.optional("type")!.error("the \"\(type)\" effect needs collectionView.layout.type \"\(l)\", got \"\(layoutName)\"")
        }
        return try entry.decode(o, scene)
    }
}
