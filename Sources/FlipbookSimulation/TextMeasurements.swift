import FlipbookCore

/// A simulation's text service (`TextMeasuring`) as its views use it while they lay out and
/// draw, which cannot throw: the first label that could not be measured is kept, and the
/// recording stops with it on the frame that needed it (`Simulator.record`), never drawing a
/// frame sized by a guess.
package final class TextMeasurements {
    package let service: any TextMeasuring
    package private(set) var failure: TextMeasurementFailed?
    package init(_ service: any TextMeasuring) { self.service = service }

    /// `measure`'s value; `placeholder` (never drawn: the recording stops) when it threw.
    package func value<T>(or placeholder: T, _ measure: (any TextMeasuring) throws -> T) -> T {
        do { return try measure(service) } catch {
            if failure == nil {
                failure = error as? TextMeasurementFailed ?? TextMeasurementFailed(text: "", reason: "\(error)")
            }
            return placeholder
        }
    }
}
