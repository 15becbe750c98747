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
    case expandCollapse(ExpandCollapseEffect.Options)
    case pullForMore(PullForMoreEffect.Options)

    func make() -> any Effect {
        switch self {
        case .wallet(let o): return WalletEffect(options: o)
        case .jiggleReorder(let o): return JiggleReorderEffect(options: o)
        case .tagReorder(let o): return TagReorderEffect(options: o)
        case .expandCollapse(let o): return ExpandCollapseEffect(options: o)
        case .pullForMore(let o): return PullForMoreEffect(options: o)
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
        Entry(name: "expandCollapse", layout: nil, keys: ExpandCollapseEffect.Options.keys) { o, scene in
            var opts = ExpandCollapseEffect.Options()
            let itemField = try o.required("item", "the id of the cell with the fold button")
            opts.item = try itemField.nonEmptyString()
            guard scene.allViews.contains(where: { $0.sections.contains { $0.items.contains { $0.id == opts.item } } }) else {
                throw itemField.error("unknown item id \"\(opts.item)\"")
            }
            if let v = o.optional("expandedHeight") { opts.expandedHeight = try v.positive(max: 100_000) }
            if let v = o.optional("duration") { opts.duration = try v.nonNegative(max: 60) }
            if let v = o.optional("expandTitle") { opts.expandTitle = try v.string() }
            if let v = o.optional("collapseTitle") { opts.collapseTitle = try v.string() }
            if let v = o.optional("button") {
                let placement = try v.object(allowed: ["x", "right", "y", "bottom", "width", "height"])
                opts.button = try SceneDecoder.decodePlacement(placement, kind: opts.button.kind)
            }
            if let v = o.optional("buttonColor") { opts.buttonColor = try v.color() }
            if let v = o.optional("buttonTitleColor") { opts.buttonTitleColor = try v.color() }
            return .expandCollapse(opts)
        },
        Entry(name: "pullForMore", layout: nil, keys: PullForMoreEffect.Options.keys) { o, scene in
            var opts = PullForMoreEffect.Options()
            if let v = o.optional("style") { opts.style = PullForMoreEffect.Style(rawValue: try v.oneOf(PullForMoreEffect.Style.allCases.map(\.rawValue)))! }
            let moreField = try o.required("more", "the id of the view shown after the swap")
            opts.more = try moreField.nonEmptyString()
            guard let moreView = scene.views.first(where: { $0.id == opts.more }) else {
                throw moreField.error("expected the id of one of \"views\", got \"\(opts.more)\"")
            }
            if let v = o.optional("threshold") { opts.threshold = try v.number(in: -1e5...1e5) }
            if let v = o.optional("swapDuration") { opts.swapDuration = try v.nonNegative(max: 60) }
            if let v = o.optional("refreshDuration") { opts.refreshDuration = try v.nonNegative(max: 600) }
            if let v = o.optional("headerHeight") { opts.headerHeight = try v.positive(max: 10_000) }
            if let v = o.optional("headerItem") {
                let id = try v.nonEmptyString()
                guard moreView.sections.flatMap(\.items).contains(where: { $0.id == id }) else {
                    throw v.error("expected an item of view \"\(opts.more)\", got \"\(id)\"")
                }
                opts.headerItem = id
            }
            if let v = o.optional("navItem") {
                let id = try v.nonEmptyString()
                guard scene.chrome.contains(where: { $0.id == id }) else { throw v.error("expected the id of a chrome item, got \"\(id)\"") }
                opts.navItem = id
            }
            if let v = o.optional("titles") { opts.titles = try v.array(minCount: 2, maxCount: 2).map { try $0.string() } }
            if let v = o.optional("refreshTitles") { opts.refreshTitles = try v.array(minCount: 3, maxCount: 3).map { try $0.string() } }
            return .pullForMore(opts)
        },
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
