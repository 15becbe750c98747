import FlipbookCore
import FlipbookGraphics

/// What the UIKit module's views measure text with: the typesetter that draws them
/// (`PangoTextMeasurer`, the service the simulation is handed too). UIKit's sizing methods
/// (`intrinsicContentSize`, `size(withAttributes:)`) cannot throw, so a label that could not be
/// measured is refused naming it (`UIKitHost.refuse`), which stops the scene instead of
/// drawing a size it guessed.
enum UIKitText {
    static let service: any TextMeasuring = PangoTextMeasurer()

    /// `measure(label)`; on a failure, refused and `placeholder` (never drawn).
    static func measured<T>(_ label: TextElement, or placeholder: T, _ measure: (any TextMeasuring, TextElement) throws -> T) -> T {
        do { return try measure(service, label) } catch {
            UIKitHost.refuse((error as? TextMeasurementFailed ?? TextMeasurementFailed(label, error)).description)
            return placeholder
        }
    }
    static func width(_ label: TextElement) -> Double { measured(label, or: 0) { try $0.naturalWidth(of: $1) } }
    static func height(_ label: TextElement) -> Double { measured(label, or: 0) { try $0.height(of: $1) } }
}
