// The text service a client gets without asking: the simulation stages take a `TextMeasuring`
// (they do not link the typesetter); these give them the one that draws, `PangoTextMeasurer`.

extension Simulator {
    /// A simulator whose labels are measured by the typesetter that draws them.
    public convenience init(scene: Scene) throws {
        try self.init(scene: scene, text: PangoTextMeasurer())
    }

    /// `run(_:frames:step:limits:text:)` with the typesetter that draws.
    public static func run(_ scene: Scene, frames range: ClosedRange<Int>? = nil, step: Int = 1,
                           limits: RecordingLimits = RecordingLimits()) throws -> Timeline {
        try run(scene, frames: range, step: step, limits: limits, text: PangoTextMeasurer())
    }

    /// `run(_:at:text:)` with the typesetter that draws.
    public static func run(_ scene: Scene, at times: [Double]) throws -> [TimelineFrame] {
        try run(scene, at: times, text: PangoTextMeasurer())
    }
}

extension Scene {
    /// `validate(file:text:)` against the fonts Flipbook draws with.
    public func validate(file: String? = nil) throws {
        try validate(file: file, text: PangoTextMeasurer())
    }
}

extension CollectionView {
    /// A collection view on its own (outside a simulation), its labels measured by the
    /// typesetter that draws them.
    public convenience init(spec: CollectionViewSpec) {
        self.init(spec: spec, text: TextMeasurements(PangoTextMeasurer()))
    }
}
