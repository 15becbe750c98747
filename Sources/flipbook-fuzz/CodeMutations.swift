import Flipbook

/// Scenes built in code: a decoded example whose values are then changed through the public
/// API, as a library client would, including to numbers no scene file can hold (NaN,
/// infinity). `Scene.validate()` must refuse each with an InputError, or the scene must
/// simulate and render; a trap ends the fuzzer with the change named in current.json.
enum CodeMutation {
    static let numbers: [Double] = [.nan, .infinity, -.infinity, -1, 0, 1e-300, 0.5, 3, 1e6, 1e308, -1e308]

    static func integer(_ x: Double) -> Int {
        x.isNaN ? 0 : x >= 1e18 ? Int.max : x <= -1e18 ? Int.min : Int(x)
    }

    /// Changes one value of `scene` and says which ("$.fps = nan").
    static func mutate(_ scene: inout Scene, _ rng: inout SplitMix64) -> String {
        let x = numbers[rng.below(numbers.count)], n = integer(x)
        var view = scene.collectionView
        defer { scene.collectionView = view }
        let items = view.sections.indices.flatMap { s in view.sections[s].items.indices.map { (s, $0) } }
        switch rng.below(24) {
        case 0: scene.canvas.width = x; return "canvas.width = \(x)"
        case 1: scene.canvas.height = x; return "canvas.height = \(x)"
        case 2: scene.canvas.scale = n; return "canvas.scale = \(n)"
        case 3: scene.fps = n; return "fps = \(n)"
        case 4: scene.duration = x; return "duration = \(x)"
        case 5: scene.touchSampleRate = n; return "touchSampleRate = \(n)"
        case 6: scene.displayRefreshRate = n; return "displayRefreshRate = \(n)"
        case 7: view.frame.size.width = x; return "collectionView.frame.width = \(x)"
        case 8: view.contentInset.top = x; return "collectionView.contentInset.top = \(x)"
        case 9: view.contentOffset = Point(x: x, y: -x); return "collectionView.contentOffset = (\(x), \(-x))"
        case 10: view.decelerationRate = x; return "collectionView.decelerationRate = \(x)"
        case 11: view.cell.cornerRadius = x; return "cell.cornerRadius = \(x)"
        case 12: view.cell.titleSize = x; return "cell.titleSize = \(x)"
        case 13: view.cell.shadow = Shadow(opacity: x, radius: x); return "cell.shadow = (opacity \(x), radius \(x))"
        case 14: view.cell.borderWidth = x; return "cell.borderWidth = \(x)"
        case 15: view.cell.titleNumberOfLines = n; return "cell.titleNumberOfLines = \(n)"
        case 16:
            guard let (s, i) = items.randomElement(&rng) else { return "nothing (no items)" }
            view.sections[s].items[i].size = Size(width: x, height: 10)
            return "sections[\(s)].items[\(i)].size.width = \(x)"
        case 17:
            guard let (s, i) = items.randomElement(&rng) else { return "nothing (no items)" }
            view.sections[s].items[i].content.append(ContentSpec(kind: .text(TextElement(text: "x", frame: .zero, fontSize: x)), height: 20))
            return "sections[\(s)].items[\(i)].content += text of fontSize \(x)"
        case 18: return mutateLayout(&view.layout, x)
        case 19: return mutateEffect(&scene.effect, x, &rng)
        case 20:
            guard !scene.touches.isEmpty else { return "nothing (no touches)" }
            let t = rng.below(scene.touches.count)
            if scene.touches[t].segments.isEmpty || rng.below(2) == 0 {
                scene.touches[t].downPoint = Point(x: x, y: x); return "touches[\(t)].downPoint = (\(x), \(x))"
            }
            scene.touches[t].segments[0].duration = x; return "touches[\(t)].segments[0].duration = \(x)"
        default:
            let step = ScriptStep(time: 0.1, action: rng.below(2) == 0 ? keyframes(x, &rng) : spring(x, &rng), path: "$.script[added]")
            scene.script.insert(step, at: rng.below(scene.script.count + 1))
            return "script += \(step.action)"
        }
    }

    static func mutateLayout(_ layout: inout any CollectionViewLayout, _ x: Double) -> String {
        if var f = layout as? FlowLayout {
            f.itemSize.width = x; f.minimumLineSpacing = x; layout = f
            return "flow layout itemSize.width, minimumLineSpacing = \(x)"
        }
        if var w = layout as? WalletLayout {
            w.cellHeight = x; w.pullFactor = x; layout = w
            return "wallet layout cellHeight, pullFactor = \(x)"
        }
        if var a = layout as? AbsoluteLayout {
            a.itemSize.height = x; layout = a
            return "absolute layout itemSize.height = \(x)"
        }
        return "nothing (another layout)"
    }

    /// One of the effect's numbers (the NumberField tables the decoder reads too).
    static func mutateEffect(_ effect: inout (any EffectConfiguration)?, _ x: Double, _ rng: inout SplitMix64) -> String {
        func change<O: EffectConfiguration>(_ o: O, _ table: [NumberField<O>]) -> String {
            let stored = table.filter(\.isStored)
            guard !stored.isEmpty else { return "nothing" }
            let option = stored[rng.below(stored.count)]
            var o = o
            option.set(x, in: &o)
            effect = o
            return "effect.\(option.name) = \(x)"
        }
        switch effect {
        case let o as WalletEffect.Options: return change(o, WalletEffect.Options.numbers)
        case let o as JiggleReorderEffect.Options: return change(o, JiggleReorderEffect.Options.numbers)
        case let o as TagReorderEffect.Options: return change(o, TagReorderEffect.Options.numbers)
        case var o as ExpandCollapseEffect.Options:
            o.duration = x; o.expandedHeight = x; effect = o
            return "effect.duration, expandedHeight = \(x)"
        case var o as PullForMoreEffect.Options:
            o.refreshDuration = x; o.headerHeight = x; effect = o
            return "effect.refreshDuration, headerHeight = \(x)"
        default: return "nothing (no effect)"
        }
    }

    /// A key-frame animation made valid, then changed the way `var`s allow.
    static func keyframes(_ x: Double, _ rng: inout SplitMix64) -> Action {
        var a = KeyframeAnimation<PropertyValue>(values: [.number(1), .number(0), .number(1)], duration: 0.5)
        switch rng.below(5) {
        case 0: a.values = []
        case 1: a.duration = x
        case 2: a.keyTimes = [0, x]
        case 3: a.repeatCount = x
        default: a.timingFunctions = [.easeIn]
        }
        return .addAnimation(item: nil, KeyframeSpec(key: "fuzz", property: .alpha, animation: a), beginOffset: 0)
    }

    static func spring(_ x: Double, _ rng: inout SplitMix64) -> Action {
        var s = Spring()
        switch rng.below(4) {
        case 0: s.mass = x
        case 1: s.stiffness = x
        case 2: s.damping = x
        default: s.initialVelocity = x
        }
        return .scrollTo(x: nil, y: 100, timing: .spring(s, duration: rng.below(2) == 0 ? 1 : x))
    }
}

extension Array {
    func randomElement(_ rng: inout SplitMix64) -> Element? { isEmpty ? nil : self[rng.below(count)] }
}
