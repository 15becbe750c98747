import FlipbookCore
import FlipbookJSON
import FlipbookSimulation
import FlipbookEffects

/// `"effect": {"type": "pullForMore", …}` (docs/scene-format.md).
extension PullForMoreEffect.Options: SceneFileEffect {
    public static var typeName: String { "pullForMore" }
    public static var fieldTable: FieldTable {
        FieldTable([
            FieldSpec("style", .names(PullForMoreEffect.Style.self)), FieldSpec("transition", .names(PullForMoreEffect.Transition.self), "With style viewController"),
            FieldSpec("more", .nonEmptyString, "The id of the view shown after the swap", required: true),
            FieldSpec("headerItem", .nonEmptyString, "An item of the more view"), FieldSpec("navItem", .nonEmptyString, "A chrome item"),
            FieldSpec("titles", .array(.string, count: 2...2)), FieldSpec("refreshTitles", .array(.string, count: 3...3)),
            FieldSpec("lastUpdated", .string), FieldSpec("neverUpdated", .string),
        ]).adding(numbers.map { FieldSpec($0) })
    }
    public static var fieldNames: [String] { fieldTable.names }
    public static func decode(_ o: JSONObject, scene: Scene) throws -> Self {
        var opts = Self()
        if let v = o.optional("style") { opts.style = PullForMoreEffect.Style(rawValue: try v.oneOf(PullForMoreEffect.Style.allCases.map(\.rawValue)))! }
        if let v = o.optional("transition") {
            guard opts.style == .viewController else {
                throw v.error("expected no \"transition\" with style \"view\": it applies to style \"viewController\"")
            }
            opts.transition = PullForMoreEffect.Transition(rawValue: try v.oneOf(PullForMoreEffect.Transition.allCases.map(\.rawValue)))!
        }
        let moreField = try o.required("more", "the id of the view shown after the swap")
        opts.more = try moreField.nonEmptyString()
        guard let moreView = scene.views.first(where: { $0.id == opts.more }) else {
            throw moreField.error("expected the id of one of \"views\", got \(InputError.quote(opts.more))")
        }
        try SceneDecoder.decodeNumbers(o, Self.numbers, into: &opts)
        if let v = o.optional("headerItem") {
            let id = try v.nonEmptyString()
            guard moreView.sections.flatMap(\.items).contains(where: { $0.id == id }) else {
                throw v.error("expected an item of view \(InputError.quote(opts.more)), got \(InputError.quote(id))")
            }
            opts.headerItem = id
        }
        if let v = o.optional("navItem") {
            let id = try v.nonEmptyString()
            guard scene.chrome.contains(where: { $0.id == id }) else { throw v.error("expected the id of a chrome item, got \(InputError.quote(id))") }
            opts.navItem = id
        }
        if let v = o.optional("titles") { opts.titles = try v.array(minCount: 2, maxCount: 2).map { try $0.string() } }
        if let v = o.optional("lastUpdated") { opts.lastUpdated = try v.string() }
        if let v = o.optional("neverUpdated") { opts.neverUpdated = try v.string() }
        if let v = o.optional("refreshTitles") { opts.refreshTitles = try v.array(minCount: 3, maxCount: 3).map { try $0.string() } }
        return opts
    }
}
