import Foundation
import FlipbookCore

/// The states a cell is configured for
/// (https://developer.apple.com/documentation/uikit/uicellconfigurationstate).
public struct UICellConfigurationState: Hashable, Sendable {
    public var isDisabled = false
    public var isHighlighted = false
    public var isSelected = false
    public var isFocused = false
    public var isEditing = false
    public var isExpanded = false
    public var isSwiped = false
    public var isReordering = false
    public init() {}
}

/// A cell's background as a value
/// (https://developer.apple.com/documentation/uikit/uibackgroundconfiguration): a colour, a
/// custom view, corner radius and insets, drawn behind the content view in place of
/// `backgroundView`.
public struct UIBackgroundConfiguration: @unchecked Sendable {
    enum Kind: Sendable { case clear, listPlainCell, listGroupedCell }
    let kind: Kind
    public var customView: UIView?
    public var cornerRadius: CGFloat = 0
    public var backgroundInsets = NSDirectionalEdgeInsets.zero
    /// nil: the system's colour for the kind (clear for `clear()`, white in light mode for the
    /// list cells: systemBackground and secondarySystemGroupedBackground).
    public var backgroundColor: UIColor?
    public var strokeColor: UIColor?
    public var strokeWidth: CGFloat = 0
    /// The state `updated(for:)` was given: the system's highlighted and selected list colours
    /// are not published, so a list background in such a state must say its colour.
    var state = UICellConfigurationState()

    init(kind: Kind) { self.kind = kind }

    public static func clear() -> UIBackgroundConfiguration { UIBackgroundConfiguration(kind: .clear) }
    public static func listPlainCell() -> UIBackgroundConfiguration { UIBackgroundConfiguration(kind: .listPlainCell) }
    public static func listGroupedCell() -> UIBackgroundConfiguration { UIBackgroundConfiguration(kind: .listGroupedCell) }

    /// This configuration for `state` (https://developer.apple.com/documentation/uikit/uibackgroundconfiguration/updated(for:)).
    public func updated(for state: UICellConfigurationState) -> UIBackgroundConfiguration {
        var copy = self
        copy.state = state
        return copy
    }

    /// The colour drawn, or a line saying why it cannot be.
    func resolvedColor() -> Result<Color?, BackgroundProblem> {
        if let backgroundColor { return .success(backgroundColor.value) }
        switch kind {
        case .clear: return .success(nil)
        case .listPlainCell, .listGroupedCell:
            if state.isHighlighted || state.isSelected {
                return .failure(BackgroundProblem(message: "a list background configuration's system colour when highlighted or selected is not drawn yet (Apple does not publish it): set its backgroundColor for the state"))
            }
            return .success(Color(red: 1, green: 1, blue: 1))
        }
    }

    struct BackgroundProblem: Error { let message: String }
}
