import FlipbookCore
import FlipbookLayout
import FlipbookAnimation

/// The running animations of one item: at most one transition per property (a new one
/// replaces the old, starting from the on-screen value — or, started additively, lets the old
/// one finish toward its end and adds a move from there) and any number of key-frame
/// animations, applied in the order they were added (a later one wins, additive ones add).
package struct ItemAnimator: Sendable {
    public struct PropertyTransition: Sendable {
        public var transition: Transition<PropertyValue>
        /// nil follows the item's model value wherever it goes; a value is a fixed end
        /// (a disappearing item's final attributes).
        public var fixedTarget: PropertyValue?
        /// Earlier transitions of the property still running, each adding what it has left,
        /// (from − to) × (1 − its fraction), to the value (UIKit's additive animations).
        public var earlier: [Carried] = []
    }

    /// An earlier transition that goes on toward its own end underneath a newer one.
    public struct Carried: Sendable {
        public var from: PropertyValue
        public var to: PropertyValue
        public var transition: Transition<PropertyValue>
        func remaining(at time: Double) -> Double { 1 - transition.fraction(at: time) }
    }

    public private(set) var transitions: [ItemProperty: PropertyTransition] = [:]
    public private(set) var keyframes: [KeyframeSpec] = []

    public init() {}

    public var isEmpty: Bool { transitions.isEmpty && keyframes.isEmpty }

    public mutating func startTransition(_ property: ItemProperty, from: PropertyValue, beginTime: Double,
                                         timing: AnimationTiming, fixedTarget: PropertyValue? = nil) {
        transitions[property] = PropertyTransition(transition: Transition(from: from, beginTime: beginTime, timing: timing),
                                                   fixedTarget: fixedTarget)
    }

    /// A transition to a new model value started while the property is still moving toward
    /// `previousModel`, as UIKit's additive animations do it (since iOS 8, a UIView animation
    /// of a moving view's frame leaves the running one to finish and adds its own change on top:
    /// WWDC 2014 session 236, "Building Interruptible and Responsive Interactions"): the motion
    /// carries its velocity through the change instead of turning in one frame. With nothing
    /// running it is `startTransition` from the on-screen value.
    public mutating func startAdditiveTransition(_ property: ItemProperty, from presentation: PropertyValue, previousModel: PropertyValue,
                                                 beginTime: Double, timing: AnimationTiming) {
        guard let running = transitions[property], running.fixedTarget == nil, !running.transition.isFinished(at: beginTime),
              running.transition.from.kind == previousModel.kind else {
            return startTransition(property, from: presentation, beginTime: beginTime, timing: timing)
        }
        var carried = running.earlier.filter { !$0.transition.isFinished(at: beginTime) }
        carried.append(Carried(from: running.transition.from, to: previousModel, transition: running.transition))
        transitions[property] = PropertyTransition(transition: Transition(from: previousModel, beginTime: beginTime, timing: timing),
                                                   fixedTarget: nil, earlier: carried)
    }

    public mutating func removeTransition(_ property: ItemProperty) { transitions[property] = nil }

    /// Adds a key-frame animation; one with the same key is replaced (CALayer.add(_:forKey:)).
    public mutating func add(_ k: KeyframeSpec) {
        keyframes.removeAll { $0.key == k.key }
        keyframes.append(k)
    }

    public mutating func removeKeyframes(key: String?) {
        if let key { keyframes.removeAll { $0.key == key } } else { keyframes.removeAll() }
    }

    /// What is on screen at `time` given the model state at that time.
    public func presentation(of model: ItemState, at time: Double) -> ItemState {
        var state = model
        // Fixed order so overlapping properties (frame, size, center) compose the same way every time.
        for p in ItemProperty.allCases {
            if let t = transitions[p] {
                state[p] = t.transition.value(at: time, to: t.fixedTarget ?? model[p])
                if !t.earlier.isEmpty {
                    var terms = [(state[p], 1.0)]
                    for c in t.earlier {
                        let w = c.remaining(at: time)
                        terms += [(c.from, w), (c.to, -w)]
                    }
                    state[p] = PropertyValue.combine(terms)
                }
            }
        }
        ItemAnimator.apply(keyframes, to: &state, at: time)
        return state
    }

    /// Applies key-frame animations in order: each replaces its property's value, or adds to it.
    public static func apply(_ keyframes: [KeyframeSpec], to state: inout ItemState, at time: Double) {
        for k in keyframes {
            guard let v = k.animation.value(at: time) else { continue }
            state[k.property] = k.additive ? state[k.property].adding(v) : v
        }
    }

    /// After a model change of `properties`: with `timing` the presentation moves there from
    /// `before` (beginFromCurrentState); otherwise running transitions of those properties are
    /// dropped and the values jump — unless `keepRunning`, which lets them go on toward the new value.
    public mutating func retarget(_ properties: [ItemProperty], before: ItemState?, timing: AnimationTiming?,
                                  beginTime: Double, keepRunning: Bool = false) {
        for p in properties {
            if let timing, let before {
                startTransition(p, from: before[p], beginTime: beginTime, timing: timing)
            } else if !keepRunning {
                removeTransition(p)
            }
        }
    }

    /// Drops what has finished by `time` (nothing observable changes).
    public mutating func prune(at time: Double) {
        transitions = transitions.filter { !$0.value.transition.isFinished(at: time) }
        for p in transitions.keys where !(transitions[p]?.earlier.isEmpty ?? true) {
            transitions[p]?.earlier.removeAll { $0.transition.isFinished(at: time) }
        }
        keyframes.removeAll { $0.animation.isFinished(at: time) }
    }
}
