import FlipbookCore
import FlipbookJSON
import FlipbookLayout
import FlipbookAnimation
import FlipbookSimulation
import FlipbookEffects

/// Decodes script steps and the actions inside them (documented in docs/scene-format.md).
/// The ids they name are checked by `Scene.validate()` (Scene.need), in time order, against
/// the scene and the items earlier batch updates insert; the decoder keeps where each change
/// is in the file (`PropertyChange.path`) for the message.
struct ActionDecoder {
    /// Decodes `{"layout": {…}}` of a batch update for the main view's layout type.
    let layoutPatch: (JSONField) throws -> LayoutPatch
    let sectionCounts: [Int]
    let images: SceneImages
    /// Items the script inserts so far: the next one's default colour is the palette's next.
    private var insertedCount = 0
    private var insertedSections = 0

    init(layoutPatch: @escaping (JSONField) throws -> LayoutPatch, sectionCounts: [Int], images: SceneImages) {
        self.layoutPatch = layoutPatch
        self.sectionCounts = sectionCounts
        self.images = images
    }

    /// The actions' names, in the order messages list them (their fields: SceneSchema.actions).
    static let actionNames = SceneSchema.actions.map(\.name)

    /// A script step: {"at": seconds, "action": name, …}; its fields are checked by the action.
    mutating func step(_ f: JSONField) throws -> ScriptStep {
        let o = try f.anyObject()
        let time = try o.required("at", "seconds from the start").nonNegative(max: SceneLimits.maxDuration)
        return ScriptStep(time: time, action: try action(o, extra: ["at", "comment"]), path: f.path)
    }

    /// An action object; `extra` are keys allowed besides the action's own.
    mutating func action(_ o: JSONObject, extra: [String]) throws -> Action {
        let name = try o.required("action").oneOf(ActionDecoder.actionNames)
        try o.onlyKeys(SceneSchema.action(name).names, common: ["action"] + extra, action: name)
        switch name {
        case "setContentOffset":
            let (x, y) = try SceneDecoder.decodeOffset(o.required("contentOffset"))
            return .setContentOffset(x: x, y: y)
        case "scrollTo":
            let (x, y) = try SceneDecoder.decodeOffset(o.required("contentOffset"))
            return .scrollTo(x: x, y: y, timing: try timing(o))
        case "set":
            return .set(try changes(o.required("changes"), allowNested: false).changes)
        case "animate":
            return .animate(try transaction(o, inherited: nil))
        case "addAnimation":
            return try addAnimation(o)
        case "removeAnimation":
            let target = try self.target(o)
            return .removeAnimation(item: target, key: try o.optional("key")?.nonEmptyString())
        default:
            return try batchUpdates(o)
        }
    }

    // MARK: - Timing

    /// An animation's seconds, declared once for the decoder and SceneSchema.timing: Core
    /// Animation's 0.25 s (Apple's CATransaction.animationDuration page: "defaults to 0.25
    /// seconds") and no delay.
    enum TimingFields {
        static let duration = NumberField<Void>("duration", nil, 0...SceneLimits.maxDuration, default: 0.25, "Seconds")
        static let delay = NumberField<Void>("delay", nil, 0...SceneLimits.maxDuration, default: 0, "Seconds before the animation starts")
    }

    /// duration + curve, or a spring in one of three forms.
    func timing(_ o: JSONObject) throws -> AnimationTiming {
        let durationField = o.optional(TimingFields.duration.name)
        let duration = try o.number(orDefault: TimingFields.duration)
        guard let sf = o.optional("spring") else {
            let curve = try o.optional("curve").map(SceneDecoder.decodeCurve) ?? .easeInEaseOut
            return .curve(curve, duration: duration)
        }
        if let c = o.optional("curve") { throw c.error("expected either \"curve\" or \"spring\", not both") }
        let s = try sf.object(SceneSchema.spring)
        typealias F = Spring.Fields
        let v0 = try s.number(orDefault: F.initialVelocity)
        if let r = s.optional("response") {
            for k in ["mass", "stiffness", "damping", "dampingRatio"] where s.has(k) {
                throw s.optional(k)!.error("field \"\(k)\" cannot be combined with \"response\" (SwiftUI form: response, dampingFraction)")
            }
            let response = try r.number(F.response)
            let fraction = try s.number(orDefault: F.dampingFraction)
            let spring = Spring.response(response, dampingFraction: fraction, initialVelocity: v0)
            return .spring(spring, duration: durationField == nil ? spring.settlingDuration : duration)
        }
        if let d = s.optional("dampingRatio") {
            for k in ["mass", "stiffness", "damping", "dampingFraction"] where s.has(k) {
                throw s.optional(k)!.error("field \"\(k)\" cannot be combined with \"dampingRatio\" (UIView form: duration, dampingRatio, initialVelocity)")
            }
            let ratio = try d.number(F.dampingRatio)
            guard duration > 0 else { throw (durationField ?? sf).error("expected a duration > 0 for a UIView-style spring") }
            return .spring(Spring.uiView(duration: duration, dampingRatio: ratio, initialVelocity: v0), duration: duration)
        }
        if let f = s.optional("dampingFraction") { throw f.error("\"dampingFraction\" needs \"response\" (SwiftUI form)") }
        let mass = try s.number(orDefault: F.mass), stiffness = try s.number(orDefault: F.stiffness), damping = try s.number(orDefault: F.damping)
        let spring = Spring(mass: mass, stiffness: stiffness, damping: damping, initialVelocity: v0)
        let settle = spring.settlingDuration
        if durationField == nil && settle > SceneLimits.maxDuration {
            throw sf.error("expected a spring that settles within \(NumberFormat.short(SceneLimits.maxDuration)) s (this one needs \(NumberFormat.short(settle)) s); add damping or set \"duration\"")
        }
        return .spring(spring, duration: durationField == nil ? settle : duration)
    }

    // MARK: - Transactions

    struct ChangeList {
        var changes: [PropertyChange] = []
        var nested: [JSONField] = []
    }

    mutating func transaction(_ o: JSONObject, inherited: (AnimationTiming, Bool, Bool)?) throws -> Transaction {
        var t = Transaction()
        let own = try timing(o)
        // Nested blocks inherit the outer duration and curve (UIKit's default) unless they override.
        if let (outer, overrideDuration, overrideCurve) = inherited {
            switch (overrideDuration, overrideCurve) {
            case (false, false): t.timing = outer
            case (true, true): t.timing = own
            case (true, false):
                if case .curve(let c, _) = outer { t.timing = .curve(c, duration: own.duration) } else { t.timing = outer }
            case (false, true):
                if case .curve(let c, _) = own { t.timing = .curve(c, duration: outer.duration) } else { t.timing = own }
            }
        } else {
            t.timing = own
        }
        t.delay = try o.number(orDefault: TimingFields.delay)
        let list = try changes(o.required("changes"), allowNested: true)
        t.changes = list.changes
        for nf in list.nested {
            let no = try nf.object(SceneSchema.nestedAnimationFields)
            let od = try no.optional("overrideInheritedDuration")?.bool() ?? false
            let oc = try no.optional("overrideInheritedCurve")?.bool() ?? false
            t.nested.append(try transaction(no, inherited: (t.timing, od, oc)))
        }
        t.completion = try completion(o)
        return t
    }

    mutating func completion(_ o: JSONObject) throws -> [Action] {
        guard let c = o.optional("completion") else { return [] }
        var out: [Action] = []
        for f in try c.array(maxCount: SceneLimits.maxScriptSteps) {
            out.append(try action(try f.anyObject(), extra: ["comment"]))
        }
        return out
    }

    /// [{"item": id, property: value, …, "hidden": bool} | {"animate": {…}}]
    mutating func changes(_ f: JSONField, allowNested: Bool) throws -> ChangeList {
        var list = ChangeList()
        let props = ItemProperty.allCases.map(\.rawValue)
        for cf in try f.array(maxCount: SceneLimits.maxItems) {
            if allowNested, case .object(let m) = cf.node.value, m.contains(where: { $0.key == "animate" }) {
                list.nested.append(try cf.object(SceneSchema.nestedAnimation).required("animate"))
                continue
            }
            let o = try cf.object(SceneSchema.change)
            let id = try itemReference(o.required("item"))
            var values: [(ItemProperty, PropertyValue)] = []
            for p in ItemProperty.allCases {
                if let v = o.optional(p.rawValue) { values.append((p, try value(v, for: p))) }
            }
            let hidden = try o.optional("hidden")?.bool()
            if values.isEmpty && hidden == nil { throw cf.error("expected at least one property to change (" + props.joined(separator: ", ") + ", hidden)") }
            list.changes.append(PropertyChange(item: id, values: values, hidden: hidden, path: cf.path))
        }
        return list
    }

    /// A property value of the property's kind, within `ItemProperty.problem(with:)`'s rule
    /// (the one `Scene.validate()` reads): the decoder only adds where in the file it is.
    func value(_ f: JSONField, for p: ItemProperty) throws -> PropertyValue {
        var parts: JSONObject?
        func part(_ name: String, default value: Double? = nil) throws -> Double {
            if let value, parts?.optional(name) == nil { return value }
            return try parts!.required(name).number()
        }
        let v: PropertyValue
        switch p.valueKind {
        case .number: v = .number(try f.number())
        case .point:
            parts = try f.object(SceneSchema.pointValue)
            v = .point(Point(x: try part("x"), y: try part("y")))
        case .size:
            parts = try f.object(SceneSchema.sizeValue)
            v = .size(Size(width: try part("width"), height: try part("height")))
        case .rect:
            parts = try f.object(SceneSchema.rectValue)
            v = .rect(Rect(x: try part("x", default: 0), y: try part("y", default: 0), width: try part("width"), height: try part("height")))
        case .color: v = .color(try f.color())
        }
        if let problem = p.problem(with: v) {
            throw (problem.field.isEmpty ? f : parts?.optional(problem.field) ?? f).expected(problem.expected)
        }
        return v
    }

    // MARK: - Key-frame animations

    mutating func target(_ o: JSONObject) throws -> String? {
        switch (o.optional("item"), try o.optional("allCells")?.bool()) {
        case (let i?, nil), (let i?, false?): return try itemReference(i)
        case (nil, true?): return nil
        case (_?, true?): throw o.optional("allCells")!.error("expected either \"item\" or \"allCells\", not both")
        default: throw o.error("expected \"item\" (an item id) or \"allCells\": true")
        }
    }

    mutating func addAnimation(_ o: JSONObject) throws -> Action {
        let target = try self.target(o)
        let key = try o.optional("key")?.nonEmptyString() ?? "animation"
        let property = ItemProperty(rawValue: try o.required("property").oneOf(ItemProperty.allCases.map(\.rawValue)))!
        let valuesField = try o.required("values")
        let values = try valuesField.array(minCount: 1, maxCount: SceneLimits.maxKeyframeValues).map { try value($0, for: property) }
        let modeField = o.optional("calculationMode")
        let mode = try modeField.map { KeyframeAnimation<PropertyValue>.CalculationMode(rawValue: try $0.oneOf(KeyframeAnimation<PropertyValue>.CalculationMode.allCases.map(\.rawValue)))! } ?? .linear
        var keyTimes: [Double]?
        if let kf = o.optional("keyTimes") {
            let list = try kf.array()
            let allowed = mode == .discrete ? [values.count, values.count + 1] : [values.count]
            guard allowed.contains(list.count) else {
                throw kf.error("expected \(allowed.map(String.init).joined(separator: " or ")) key times (one per value\(mode == .discrete ? ", or one more" : "")), got \(list.count)")
            }
            var previous = 0.0
            keyTimes = []
            for k in list {
                let t = try k.number(in: 0...1, "a key time from 0 to 1")
                guard t >= previous else { throw k.expected("a key time ≥ the one before (\(NumberFormat.short(previous)))") }
                previous = t
                keyTimes!.append(t)
            }
        }
        var timingFunctions: [TimingCurve]?
        if let tf = o.optional("timingFunctions") {
            let list = try tf.array()
            guard list.count == max(values.count - 1, 0) else {
                throw tf.error("expected \(max(values.count - 1, 0)) timing functions (one per segment between values), got \(list.count)")
            }
            timingFunctions = try list.map(SceneDecoder.decodeCurve)
        }
        let timingFunction = try o.optional("timingFunction").map(SceneDecoder.decodeCurve)
        let duration = try o.required("duration").positive(max: SceneLimits.maxDuration)
        let beginOffset = try o.optional("beginTime")?.nonNegative(max: SceneLimits.maxDuration) ?? 0
        var repeatCount = 0.0
        if let r = o.optional("repeatCount") {
            if case .string(let s) = r.node.value, s == "infinity" { repeatCount = .infinity } else {
                guard case .number = r.node.value else { throw r.expected("a number ≥ 0 or \"infinity\"") }
                repeatCount = try r.nonNegative(max: SceneLimits.maxRepeatCount)
            }
        }
        let autoreverses = try o.optional("autoreverses")?.bool() ?? false
        let fill = try o.optional("fillMode").map { KeyframeAnimation<PropertyValue>.FillMode(rawValue: try $0.oneOf(KeyframeAnimation<PropertyValue>.FillMode.allCases.map(\.rawValue)))! } ?? .removed
        let additive = try o.optional("additive")?.bool() ?? false
        let animation = KeyframeAnimation(values: values, duration: duration, beginTime: 0, keyTimes: keyTimes, calculationMode: mode,
                                          timingFunctions: timingFunctions, timingFunction: timingFunction, repeatCount: repeatCount,
                                          autoreverses: autoreverses, fillMode: fill)
        return .addAnimation(item: target, KeyframeSpec(key: key, property: property, animation: animation, additive: additive), beginOffset: beginOffset)
    }

    // MARK: - Batch updates

    mutating func indexPath(_ f: JSONField) throws -> ItemIndexPath {
        let o = try f.object(SceneSchema.indexPath)
        // Sections the script inserts may be named too (the update is checked when it runs).
        let section = try o.optional("section")?.integer(in: 0...(max(sectionCounts.count - 1, 0) + insertedSections)) ?? 0
        return ItemIndexPath(item: try o.required("item").integer(in: 0...SceneLimits.maxItems), section: section)
    }

    mutating func batchUpdates(_ o: JSONObject) throws -> Action {
        var changes: [BatchChange] = []
        for uf in try o.required("updates").array(maxCount: SceneLimits.maxItems) {
            let kinds = ["delete", "insert", "move", "reload", "layout", "insertSection", "deleteSection", "moveSection"]
            guard case .object(let m) = uf.node.value, let kind = m.first(where: { kinds.contains($0.key) })?.key else {
                throw uf.expected("an object with one of " + kinds.map { "\"\($0)\"" }.joined(separator: ", "))
            }
            switch kind {
            case "delete":
                let u = try uf.object(SceneSchema.deleteUpdate)
                changes.append(.delete(id: try itemReference(u.required("delete"))))
            case "insert":
                let u = try uf.object(SceneSchema.insertUpdate)
                let itemField = try u.required("insert")
                // Whether its id is new is Scene.validate()'s to say, in time order.
                let item = try SceneDecoder.decodeItem(itemField, index: insertedCount + 7, images: images)
                insertedCount += 1
                changes.append(.insert(item, at: try indexPath(u.required("to"))))
            case "move":
                let u = try uf.object(SceneSchema.moveUpdate)
                changes.append(.move(id: try itemReference(u.required("move")), to: try indexPath(u.required("to"))))
            case "reload":
                let u = try uf.object(SceneSchema.reloadUpdate)
                let id = try itemReference(u.required("reload"))
                var patch = ItemPatch()
                patch.title = try u.optional("title")?.string()
                if u.has("subtitle") && u.has("secondaryText") {
                    throw u.optional("secondaryText")!.error("expected either \"subtitle\" or \"secondaryText\", not both")
                }
                patch.subtitle = try (u.optional("subtitle") ?? u.optional("secondaryText"))?.string()
                patch.color = try u.optional("color")?.color()
                let w = try u.optional("width")?.positive(max: SceneLimits.maxItemPoints), h = try u.optional("height")?.positive(max: SceneLimits.maxItemPoints)
                if w != nil || h != nil {
                    guard let w, let h else { throw uf.error("expected both \"width\" and \"height\" when either is given") }
                    patch.size = Size(width: w, height: h)
                }
                changes.append(.reload(id: id, patch))
            case "insertSection":
                let u = try uf.object(SceneSchema.insertSectionUpdate)
                let so = try u.required("insertSection").object(SceneSchema.insertedSection)
                var items: [ItemSpec] = []
                for f in try so.required("items").array(maxCount: SceneLimits.maxItems) {
                    items.append(try SceneDecoder.decodeItem(f, index: insertedCount + 7, images: images))
                    insertedCount += 1
                }
                let section = SectionSpec(id: try so.required("id").nonEmptyString(), header: try so.optional("header")?.string(),
                                          footer: try so.optional("footer")?.string(), items: items)
                insertedSections += 1
                changes.append(.insertSection(section, at: try u.required("at").integer(in: SceneLimits.sectionIndices)))
            case "deleteSection":
                let u = try uf.object(SceneSchema.deleteSectionUpdate)
                changes.append(.deleteSection(try u.required("deleteSection").integer(in: SceneLimits.sectionIndices)))
            case "moveSection":
                let u = try uf.object(SceneSchema.moveSectionUpdate)
                changes.append(.moveSection(try u.required("moveSection").integer(in: SceneLimits.sectionIndices), to: try u.required("to").integer(in: SceneLimits.sectionIndices)))
            default:
                let u = try uf.object(SceneSchema.layoutUpdate)
                changes.append(.layout(try layoutPatch(u.required("layout"))))
            }
        }
        return .performBatchUpdates(changes, timing: try timing(o), completion: try completion(o))
    }

    // MARK: - References

    /// An item id as a step names it (a whole number is read as its digits).
    func itemReference(_ f: JSONField) throws -> String {
        if case .number(let n) = f.node.value, n == n.rounded(), abs(n) < 1e15 { return String(Int64(n)) }
        return try f.nonEmptyString()
    }
}
