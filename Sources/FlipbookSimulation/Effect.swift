import FlipbookCore
import FlipbookLayout
import FlipbookAnimation

/// An interaction effect: the code an app's view controller and layout would hold to turn
/// gestures into layout changes (the five effects of docs/effects.md, or your own). An effect
/// is made for each simulation from its configuration; `Simulator.install(_:)` keeps it alive
/// for the simulator's lifetime and calls `attach(to:)`, where the effect adds recognizers,
/// delegates and display links.
public protocol Effect: AnyObject {
    /// Called once by `Simulator.install(_:)`. Closures the effect hands to the simulator may
    /// capture it `unowned`: the simulator owns the effect.
    func attach(to simulator: Simulator)
}

/// What a scene says about its effect: the effect's options, as a value (so scenes stay
/// Sendable and can be validated before anything runs).
public protocol EffectConfiguration: Sendable {
    /// A new effect for one simulation.
    func makeEffect() -> any Effect
    /// Throws a `SceneIssue` when the scene cannot run this effect (an unknown item id, the
    /// wrong layout, an option out of range). `Scene.validate()` calls it.
    func validate(in scene: Scene) throws
    /// The same, for an effect that draws text of its own, with the fonts to check it against
    /// (`SceneCheck.text(_:at:fonts:)`); by default `validate(in:)`.
    func validate(in scene: Scene, text: any TextMeasuring) throws
}

extension EffectConfiguration {
    public func validate(in scene: Scene) throws {}
    public func validate(in scene: Scene, text: any TextMeasuring) throws { try validate(in: scene) }
}
