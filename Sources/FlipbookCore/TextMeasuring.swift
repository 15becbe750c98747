/// How text measures in the fonts that draw it: the service the simulation, the effects and
/// the UIKit module are handed to size labels and to check that every character can be drawn
/// (as lottie-ios hands its animation engine a text and font provider), so none of them
/// links the typesetter itself. FlipbookGraphics' `PangoTextMeasurer` measures with the
/// typesetter the renderer draws with; a measurement that fails is an error naming the label.
public protocol TextMeasuring: Sendable {
    /// The width of `label`'s text set on one line with its runs, unwrapped (its frame unread).
    func naturalWidth(of label: TextElement) throws -> Double
    /// The height of the lines `label` shows at its frame's width (all of them when
    /// `numberOfLines` is 0), whatever its frame's height.
    func height(of label: TextElement) throws -> Double
    /// The block of lines `label` shows at its width: its height, and its first and last lines'
    /// baselines from its top.
    func baselines(of label: TextElement) throws -> TextBaselines
    /// The first character of `text` that none of the fonts draws, or nil.
    func missingCharacter(in text: String) -> Unicode.Scalar?
}

/// A label's block of lines as Auto Layout's baseline anchors read it.
public struct TextBaselines: Hashable, Sendable {
    public var height: Double
    /// The first and last lines' baselines, from the block's top.
    public var first: Double, last: Double
    public init(height: Double, first: Double, last: Double) { self.height = height; self.first = first; self.last = last }
}

/// A label the text service could not measure: what stops a simulation that needed its size.
public struct TextMeasurementFailed: Error, CustomStringConvertible, Sendable {
    /// The label's text, as it names the label.
    public var text: String
    public var reason: String
    public init(text: String, reason: String) { self.text = text; self.reason = reason }
    package init(_ label: TextElement, _ error: any Error) {
        self.init(text: label.text, reason: (error as? TextMeasurementFailed)?.reason ?? "\(error)")
    }
    public var description: String {
        "the label " + InputError.quote(text) + " could not be measured: " + reason
    }
}

extension TextMeasuring {
    /// The width of `text` set on one line in one font.
    package func naturalWidth(of text: String, fontSize: Double, weight: FontWeight, italic: Bool = false) throws -> Double {
        var label = TextElement(text: text, frame: Rect(x: 0, y: 0, width: 0, height: 0), fontSize: fontSize, weight: weight)
        label.italic = italic
        return try naturalWidth(of: label)
    }
}
