import Foundation
import FlipbookSimulation

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
    }
    public func hash(into hasher: inout Hasher) { hasher.combine(text); hasher.combine(secondaryText); hasher.combine(style) }
}

/// https://developer.apple.com/documentation/uikit/uicellaccessory — the accessories Flipbook
/// draws (as paths in place of their SF Symbols).
public struct UICellAccessory: Hashable, Sendable {
    let kind: CellAccessory
    public static func disclosureIndicator() -> UICellAccessory { UICellAccessory(kind: .disclosureIndicator) }
    public static func checkmark() -> UICellAccessory { UICellAccessory(kind: .checkmark) }
    public static func detail() -> UICellAccessory { UICellAccessory(kind: .detail) }
    public static func delete() -> UICellAccessory { UICellAccessory(kind: .delete) }
    public static func reorder() -> UICellAccessory { UICellAccessory(kind: .reorder) }
}

/// https://developer.apple.com/documentation/uikit/uicollectionviewlistcell
open class UICollectionViewListCell: UICollectionViewCell {
    open var accessories: [UICellAccessory] = []

    /// An empty `.cell()` configuration (Apple's defaultContentConfiguration page).
    open func defaultContentConfiguration() -> UIListContentConfiguration { .cell() }
}
