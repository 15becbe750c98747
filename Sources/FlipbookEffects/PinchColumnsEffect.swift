import FlipbookCore
import FlipbookLayout
import FlipbookAnimation
import FlipbookSimulation

/// The Photos grid's density change: a pinch on a flow-layout grid drives an interactive
/// transition (startInteractiveTransition(to:), transitionProgress from the pinch's scale,
/// then finishInteractiveTransition() or cancelInteractiveTransition()) between its columns
/// and `columns` columns. Pinching in (fingers together) goes to the denser grid; pinching
/// out comes back. Released past half way, or moving toward the end, it finishes; otherwise it
/// cancels, every cell animating from where it is (0.25 s ease-in-ease-out).
public final class PinchColumnsEffect: Effect {
    public struct Options: Sendable {
        /// The other grid's number of columns.
        public var columns = 5
        /// The pinch scale that completes the transition to the denser grid (fingers at 60 %
        /// of their distance), and its reciprocal back; our choice.
        public var completingScale = 0.6
        public init() {}
    }

    public let options: Options
    unowned var sim: Simulator!
    var cv: CollectionView { sim.collectionView }
    public private(set) var pinch: PinchGestureRecognizer!
    /// The grid it started with, and the other one.
    private var original: FlowLayout?
    private var other: FlowLayout?
    /// Whether the other grid is the one on screen.
    public private(set) var isDense = false
    /// The direction of the running transition: toward the other grid.
    private var goingToOther = true
    /// The pinch's scale when it began (already past 1: the recognizer begins once the fingers
    /// have moved); the transition's progress counts from it, so it starts from the layout on
    /// screen instead of jumping (startInteractiveTransition begins at progress 0).
    private var beganScale = 1.0

    public init(options: Options) { self.options = options }

    public func attach(to simulator: Simulator) {
        sim = simulator
        guard let flow = cv.layout as? FlowLayout else { return }
        original = flow
        other = Self.grid(flow, columns: options.columns, width: cv.spec.frame.width - cv.spec.contentInset.left - cv.spec.contentInset.right)
        let view = cv
        pinch = PinchGestureRecognizer(name: "pinchColumns.pinch", view: { [unowned self] in view.frame(at: self.sim.now) })
        pinch.action = { [unowned self] r in self.pinched(r as! PinchGestureRecognizer) }
        simulator.gestures.add(pinch)
    }

    /// `flow` with square items sized so that `columns` fill `width` between its insets.
    public static func grid(_ flow: FlowLayout, columns: Int, width: Double) -> FlowLayout {
        var g = flow
        let available = width - flow.sectionInset.left - flow.sectionInset.right
        let side = ((available - Double(columns - 1) * flow.minimumInteritemSpacing) / Double(columns) * 2).rounded(.down) / 2
        g.itemSize = Size(width: max(1, side), height: max(1, side))
        return g
    }

    /// How far the pinch has gone toward the grid it heads for, 0…1, from its scale relative
    /// to the scale it began at.
    func progress(scale: Double) -> Double {
        let p = goingToOther == (options.columns > columnsOfOriginal) ? (1 - scale) / (1 - options.completingScale)
                                                                    : (scale - 1) / (1 / options.completingScale - 1)
        return min(max(p, 0), 1)
    }
    var columnsOfOriginal: Int {
        guard let o = original else { return 0 }
        let width = cv.spec.frame.width - cv.spec.contentInset.left - cv.spec.contentInset.right - o.sectionInset.left - o.sectionInset.right
        return max(1, Int(((width + o.minimumInteritemSpacing) / (o.itemSize.width + o.minimumInteritemSpacing)).rounded(.down)))
    }

    func pinched(_ r: PinchGestureRecognizer) {
        guard let original, let other else { return }
        let now = sim.now
        switch r.state {
        case .began:
            goingToOther = !isDense
            beganScale = r.scale > 0 ? r.scale : 1
            cv.startInteractiveTransition(to: goingToOther ? other : original)
            cv.transitionProgress = progress(scale: r.scale / beganScale)
        case .changed:
            cv.transitionProgress = progress(scale: r.scale / beganScale)
        case .ended, .cancelled:
            guard cv.isInTransition else { return }
            // Moving on toward the end (the scale still heading there) finishes it too.
            let toward = (goingToOther == (options.columns > columnsOfOriginal)) ? -r.scaleVelocity : r.scaleVelocity
            if cv.transitionProgress > 0.5 || toward > 0.5 {
                cv.finishInteractiveTransition(at: now)
                isDense = goingToOther
            } else {
                cv.cancelInteractiveTransition(at: now)
            }
        default: break
        }
    }
}

extension PinchColumnsEffect.Options: EffectConfiguration {
    public func makeEffect() -> any Effect { PinchColumnsEffect(options: self) }
    public func validate(in scene: Scene) throws {
        try SceneCheck.layout(FlowLayout.self, named: "flow", effect: "pinchColumns", in: scene)
        if !Self.columnCounts.contains(columns) {
            throw SceneCheck.issue("$.effect.columns", "expected " + Self.columnCounts.expectation())
        }
        try SceneCheck.numbers(self, Self.numbers, at: "$.effect")
    }

    /// The other grid's column counts (the decoder and the schema read the same).
    package static let columnCounts = 1...20
    /// The options' numbers: the scale's progress divides by 1 − completingScale.
    package static var numbers: [NumberField<Self>] {
        [NumberField("completingScale", \.completingScale, 0.1...0.95, excludingLowerBound: true, default: Self().completingScale,
                     "Scale at which a pinch completes")]
    }
}
