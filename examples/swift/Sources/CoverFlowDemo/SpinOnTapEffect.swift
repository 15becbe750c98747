import Foundation
import Flipbook

// MARK: effect
/// A custom effect: tapping a card spins it once around with a CAKeyframeAnimation-style
/// rotation, and scrolls it to the centre of the carousel.
final class SpinOnTapEffect: Effect {
    struct Configuration: EffectConfiguration {
        var spinDuration = 0.6

        func makeEffect() -> any Effect { SpinOnTapEffect(configuration: self) }

        // The same checks a scene file gets: say what is wrong instead of misbehaving later.
        func validate(in scene: Scene) throws {
            if !(spinDuration.isFinite && spinDuration > 0) {
                throw SceneCheck.issue("$.effect.spinDuration", "expected a number > 0")
            }
        }
    }

    let configuration: Configuration
    // The simulator owns its effects, so the effect may refer back to it unowned.
    unowned var simulator: Simulator!
    private(set) var spins = 0

    init(configuration: Configuration) { self.configuration = configuration }

    func attach(to simulator: Simulator) {
        self.simulator = simulator
        let cv = simulator.collectionView
        // The simulator owns the recognizer, so its closures refer back to it unowned.
        let tap = TapGestureRecognizer(name: "spin.tap", view: { [unowned simulator] in cv.frame(at: simulator.now) })
        tap.action = { [unowned self, unowned simulator] recognizer in
            guard recognizer.state == .ended,
                  let id = cv.itemID(atCanvas: recognizer.location, at: simulator.now) else { return }
            self.spin(id)
        }
        // The tap and the scroll view's pan compete for the touch, as in UIKit.
        simulator.gestures.add(tap)
    }

    func spin(_ id: String) {
        let now = simulator.now
        let turn = KeyframeAnimation<PropertyValue>(values: [.number(0), .number(2 * .pi)],
                                                    duration: configuration.spinDuration,
                                                    beginTime: now, timingFunction: .easeInEaseOut)
        simulator.collectionView.addKeyframes(KeyframeSpec(key: "spin", property: .rotation, animation: turn), to: id)
        // Scroll the tapped card to the centre in UIKit's default 0.25 s ease-in-ease-out.
        if let frame = simulator.collectionView.modelState(of: id, at: now)?.frame {
            let scroll = simulator.collectionView.scrollView
            let x = frame.midX - scroll.frame.width / 2
            scroll.scroll(to: Point(x: x, y: 0), timing: .standard, at: now)
        }
        spins += 1
    }
}
// MARK: end
