import FlipbookCore
import FlipbookLayout
import FlipbookAnimation
import FlipbookSimulation

// Each built-in effect's options are its EffectConfiguration: they make the effect and check,
// before anything runs, that the scene gives the effect what it needs. The checks are the
// ones the scene-file decoder relies on, so a scene built in code gets the same errors.

extension WalletEffect.Options: EffectConfiguration {
    public func makeEffect() -> any Effect { WalletEffect(options: self) }
    public func validate(in scene: Scene) throws {
        try SceneCheck.layout(WalletLayout.self, named: "wallet", effect: "wallet", in: scene)
        try SceneCheck.numbers(self, Self.numbers, at: "$.effect")
    }

    /// The options' ranges (the decoder reads the same).
    package static var numbers: [NumberField<Self>] {
        [NumberField("minimumPressDuration", \.minimumPressDuration, 0...10), NumberField("liftDistance", \.liftDistance, -1000...1000),
         NumberField("liftDuration", \.liftDuration, 0...10), NumberField("swapDistance", \.swapDistance, 0...1000, excludingLowerBound: true),
         NumberField("autoScrollSpeed", \.autoScrollSpeed, 0...1000), NumberField("bottomAutoScrollZone", \.bottomAutoScrollZone, 0...10_000),
         NumberField("topAutoScrollZone", \.topAutoScrollZone, 0...10_000),
         NumberField("closeVelocity", \.closeVelocity, 0...1e6, excludingLowerBound: true), NumberField("handOverDuration", \.handOverDuration, 0...10)]
    }
}

extension JiggleReorderEffect.Options: EffectConfiguration {
    public func makeEffect() -> any Effect { JiggleReorderEffect(options: self) }
    public func validate(in scene: Scene) throws {
        try SceneCheck.layout(FlowLayout.self, named: "flow", effect: "jiggleReorder", in: scene)
        try SceneCheck.numbers(self, Self.numbers, at: "$.effect")
    }

    package static var numbers: [NumberField<Self>] {
        [NumberField("minimumPressDuration", \.minimumPressDuration, 0...10), NumberField("jiggleAngle", \.jiggleAngle, 0...1),
         NumberField("jiggleDuration", \.jiggleDuration, 0...10, excludingLowerBound: true), NumberField("settleDuration", \.settleDuration, 0...10),
         NumberField("pickUpDuration", \.pickUpDuration, 0...10)]
    }
}

extension TagReorderEffect.Options: EffectConfiguration {
    public func makeEffect() -> any Effect { TagReorderEffect(options: self) }
    public func validate(in scene: Scene) throws {
        try SceneCheck.layout(FlowLayout.self, named: "flow", effect: "tagReorder", in: scene)
        try SceneCheck.numbers(self, Self.numbers, at: "$.effect")
    }

    package static var numbers: [NumberField<Self>] {
        [NumberField("minimumPressDuration", \.minimumPressDuration, 0...10), NumberField("settleDuration", \.settleDuration, 0...10)]
    }
}

extension ExpandCollapseEffect.Options: EffectConfiguration {
    /// The options' numbers (the decoder and the schema read the same).
    package static var numbers: [NumberField<Self>] {
        [NumberField("expandedHeight", \.expandedHeight, 0...100_000, excludingLowerBound: true, "Default: the cell's height + 100"),
         NumberField("duration", \.duration, 0...60, "Default 0.3")]
    }

    public func makeEffect() -> any Effect { ExpandCollapseEffect(options: self) }
    public func validate(in scene: Scene, text: any TextMeasuring) throws {
        if item.isEmpty { throw SceneCheck.issue("$.effect.item", "missing required field (the id of the cell with the fold button)") }
        guard scene.allViews.contains(where: { $0.sections.contains { $0.items.contains { $0.id == item } } }) else {
            throw SceneCheck.issue("$.effect.item", "unknown item id \(SceneCheck.quoted(item))")
        }
        try SceneCheck.numbers(self, Self.numbers, at: "$.effect")
        try SceneCheck.text(expandTitle, at: "$.effect.expandTitle", fonts: text)
        try SceneCheck.text(collapseTitle, at: "$.effect.collapseTitle", fonts: text)
    }
}

extension PullForMoreEffect.Options: EffectConfiguration {
    /// The options' numbers (the decoder and the schema read the same).
    package static var numbers: [NumberField<Self>] {
        [NumberField("threshold", \.threshold, -1e5...1e5, "contentOffset.y that swaps the pages; default 104 (40 + 64, the article's)"),
         NumberField("swapDuration", \.swapDuration, 0...60, "Default 0.3, or 0.6 with style viewController"),
         NumberField("refreshDuration", \.refreshDuration, 0...600, "Default 1"),
         NumberField("headerHeight", \.headerHeight, 0...10_000, excludingLowerBound: true, "Default 54")]
    }

    public func makeEffect() -> any Effect { PullForMoreEffect(options: self) }
    public func validate(in scene: Scene, text: any TextMeasuring) throws {
        if more.isEmpty { throw SceneCheck.issue("$.effect.more", "missing required field (the id of the view shown after the swap)") }
        guard let moreView = scene.views.first(where: { $0.id == more }) else {
            throw SceneCheck.issue("$.effect.more", "expected the id of one of \"views\", got \(SceneCheck.quoted(more))")
        }
        if let id = headerItem, !moreView.sections.flatMap(\.items).contains(where: { $0.id == id }) {
            throw SceneCheck.issue("$.effect.headerItem", "expected an item of view \(SceneCheck.quoted(more)), got \(SceneCheck.quoted(id))")
        }
        if let id = navItem, !scene.chrome.contains(where: { $0.id == id }) {
            throw SceneCheck.issue("$.effect.navItem", "expected the id of a chrome item, got \(SceneCheck.quoted(id))")
        }
        if titles.count != 2 { throw SceneCheck.issue("$.effect.titles", "expected 2 titles, got \(titles.count)") }
        if refreshTitles.count != 3 { throw SceneCheck.issue("$.effect.refreshTitles", "expected 3 titles, got \(refreshTitles.count)") }
        for (i, t) in titles.enumerated() { try SceneCheck.text(t, at: "$.effect.titles[\(i)]", fonts: text) }
        for (i, t) in refreshTitles.enumerated() { try SceneCheck.text(t, at: "$.effect.refreshTitles[\(i)]", fonts: text) }
        try SceneCheck.text(lastUpdated, at: "$.effect.lastUpdated", fonts: text)
        try SceneCheck.text(neverUpdated, at: "$.effect.neverUpdated", fonts: text)
        try SceneCheck.numbers(self, Self.numbers, at: "$.effect")
    }
}
