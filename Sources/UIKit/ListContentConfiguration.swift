import Foundation
import FlipbookSimulation
import FlipbookLayout

/// A cell's content described as a value (https://developer.apple.com/documentation/uikit/uicontentconfiguration).
public protocol UIContentConfiguration {}

/// A list row's image, text and secondary text
/// (https://developer.apple.com/documentation/uikit/uilistcontentconfiguration). A cell showing
/// one is drawn as Flipbook draws a list row (Sources/FlipbookSimulation/CellAppearance.swift:
/// UIKit's margins, fonts and colours), its text becoming the item's title.
public struct UIListContentConfiguration: UIContentConfiguration, Hashable {
    public var text: String?
    public var secondaryText: String?
    public var image: UIImage?
    /// How the text is set (https://developer.apple.com/documentation/uikit/uilistcontentconfiguration/textproperties-swift.property):
    /// what the app sets is drawn; what it leaves is the list's own.
    public var textProperties = TextProperties(font: .systemFont(ofSize: 17), color: .label)
    /// How the secondary text is set: likewise.
    public var secondaryTextProperties = TextProperties(font: .systemFont(ofSize: 15), color: .secondaryLabel)

    /// https://developer.apple.com/documentation/uikit/uilistcontentconfiguration/textproperties-swift.struct —
    /// the font, colour, number of lines and alignment; each one set is the row's.
    public struct TextProperties: Hashable {
        /// https://developer.apple.com/documentation/uikit/uilistcontentconfiguration/textproperties-swift.struct/textalignment-swift.enum
        public enum TextAlignment: Int, Hashable, Sendable { case natural, center, justified }
        public var font: UIFont { didSet { setFields.insert(0) } }
        public var color: UIColor { didSet { setFields.insert(1) } }
        /// 0: as many lines as the text needs.
        public var numberOfLines = 0 { didSet { setFields.insert(2) } }
        public var alignment = TextAlignment.natural { didSet { setFields.insert(3) } }
        private var setFields: Set<Int> = []
        init(font: UIFont, color: UIColor) { self.font = font; self.color = color }

        /// What the app set, as the list row takes it (nil when it set nothing).
        var overrides: ListTextProperties? {
            guard !setFields.isEmpty else { return nil }
            var p = ListTextProperties()
            if setFields.contains(0) { p.fontSize = Double(font.pointSize); p.weight = font.drawnWeight; p.italic = font.isItalic }
            if setFields.contains(1) { p.color = color.value }
            if setFields.contains(2) { p.numberOfLines = numberOfLines }
            if setFields.contains(3) { p.alignment = alignment == .center ? .center : .left }
            return p
        }
        public static func == (a: TextProperties, b: TextProperties) -> Bool {
            a.font.pointSize == b.font.pointSize && a.font.weight == b.font.weight && a.font.isItalic == b.font.isItalic
                && a.color.value == b.color.value && a.numberOfLines == b.numberOfLines && a.alignment == b.alignment
        }
        public func hash(into hasher: inout Hasher) { hasher.combine(numberOfLines); hasher.combine(alignment) }
    }

    /// The styles the factory methods make; Flipbook draws the cell styles as its list rows and
    /// refuses the header styles in a cell (use them for headers, which come from the layout).
    enum Style: Hashable { case cell, subtitleCell, valueCell, header, groupedHeader, plainHeader, prominentInsetGroupedHeader }
    let style: Style

    init(style: Style) { self.style = style }

    public static func cell() -> UIListContentConfiguration { UIListContentConfiguration(style: .cell) }
    public static func subtitleCell() -> UIListContentConfiguration { UIListContentConfiguration(style: .subtitleCell) }
    public static func valueCell() -> UIListContentConfiguration { UIListContentConfiguration(style: .valueCell) }
    public static func header() -> UIListContentConfiguration { UIListContentConfiguration(style: .header) }
    public static func plainHeader() -> UIListContentConfiguration { UIListContentConfiguration(style: .plainHeader) }
    public static func groupedHeader() -> UIListContentConfiguration { UIListContentConfiguration(style: .groupedHeader) }
    public static func prominentInsetGroupedHeader() -> UIListContentConfiguration { UIListContentConfiguration(style: .prominentInsetGroupedHeader) }

    public static func == (a: UIListContentConfiguration, b: UIListContentConfiguration) -> Bool {
        a.text == b.text && a.secondaryText == b.secondaryText && a.image === b.image && a.style == b.style
            && a.textProperties == b.textProperties && a.secondaryTextProperties == b.secondaryTextProperties
    }
    public func hash(into hasher: inout Hasher) { hasher.combine(text); hasher.combine(secondaryText); hasher.combine(style) }
}

/// https://developer.apple.com/documentation/uikit/uicellaccessory — the accessories Flipbook
/// draws (as paths in place of their SF Symbols).
/// A list cell's accessory (https://developer.apple.com/documentation/uikit/uicellaccessory-swift.struct),
/// shown in the editing states its `displayed` names, with UIKit's defaults: the delete and
/// reorder controls while editing, the others always.
public struct UICellAccessory: @unchecked Sendable {
    /// https://developer.apple.com/documentation/uikit/uicellaccessory-swift.struct/displayedstate
    public enum DisplayedState: Int, Sendable { case always, whenEditing, whenNotEditing }
    /// https://developer.apple.com/documentation/uikit/uicellaccessory-swift.struct/actionhandler
    public typealias ActionHandler = () -> Void

    let kind: CellAccessory
    public let displayedState: DisplayedState
    let actionHandler: ActionHandler?

    public static func disclosureIndicator(displayed: DisplayedState = .always) -> UICellAccessory {
        UICellAccessory(kind: .disclosureIndicator, displayedState: displayed, actionHandler: nil)
    }
    public static func checkmark(displayed: DisplayedState = .always) -> UICellAccessory {
        UICellAccessory(kind: .checkmark, displayedState: displayed, actionHandler: nil)
    }
    public static func detail(displayed: DisplayedState = .always, actionHandler: ActionHandler? = nil) -> UICellAccessory {
        UICellAccessory(kind: .detail, displayedState: displayed, actionHandler: actionHandler)
    }
    /// The red minus; a tap on it shows the row's trailing swipe actions (docs/uikit.md).
    public static func delete(displayed: DisplayedState = .whenEditing, actionHandler: ActionHandler? = nil) -> UICellAccessory {
        UICellAccessory(kind: .delete, displayedState: displayed, actionHandler: actionHandler)
    }
    public static func reorder(displayed: DisplayedState = .whenEditing) -> UICellAccessory {
        UICellAccessory(kind: .reorder, displayedState: displayed, actionHandler: nil)
    }

    /// Whether it shows in a list that is (or is not) editing.
    func isShown(editing: Bool) -> Bool {
        switch displayedState {
        case .always: true
        case .whenEditing: editing
        case .whenNotEditing: !editing
        }
    }
}

/// https://developer.apple.com/documentation/uikit/uicollectionviewlistcell
open class UICollectionViewListCell: UICollectionViewCell {
    open var accessories: [UICellAccessory] = []

    /// An empty configuration of the style for where the cell appears (Apple's
    /// defaultContentConfiguration page: "according to the section where the cell appears"):
    /// a list's header is `header()` in a plain list and `groupedHeader()` in a grouped or
    /// inset-grouped one; anything else `.cell()`.
    open func defaultContentConfiguration() -> UIListContentConfiguration {
        switch headerOfList {
        case .plain?: .header()
        case .grouped?, .insetGrouped?: .groupedHeader()
        default: .cell()
        }
    }

    /// The appearance of the list whose section header this cell is (set when the collection
    /// view dequeues it as one), else nil.
    var headerOfList: ListLayout.Appearance?
}
