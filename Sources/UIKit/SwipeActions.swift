import Foundation
import FlipbookCore
import FlipbookSimulation

/// A button a swipe reveals beside a list row
/// (https://developer.apple.com/documentation/uikit/uicontextualaction). Its handler runs when
/// the user taps it (or swipes fully for the first action) at that moment of the scene, as a
/// code step does: deleting the row's item there (a batch update or a diffable snapshot) removes
/// the row; otherwise the row closes.
open class UIContextualAction: NSObject {
    /// https://developer.apple.com/documentation/uikit/uicontextualaction/style-swift.enum
    public enum Style: Int, Sendable { case normal, destructive }
    /// https://developer.apple.com/documentation/uikit/uicontextualaction/handler-swift.typealias
    public typealias Handler = (UIContextualAction, UIView, @escaping (Bool) -> Void) -> Void

    public let style: Style
    open var title: String?
    open var image: UIImage?
    public let handler: Handler
    private var chosenBackground: UIColor?

    /// The button's colour: systemRed for a destructive action, systemGray otherwise, until set
    /// (UIKit's defaults, measured: the colours UIKit's swipe buttons draw in).
    open var backgroundColor: UIColor! {
        get { chosenBackground ?? (style == .destructive ? .systemRed : .systemGray) }
        set { chosenBackground = newValue }
    }

    public init(style: Style, title: String?, handler: @escaping Handler) {
        self.style = style
        self.title = title
        self.handler = handler
        super.init()
    }

    var model: ContextualAction {
        ContextualAction(title: title, image: image?.data, backgroundColor: chosenBackground?.value,
                         style: style == .destructive ? .destructive : .normal)
    }
}

/// The actions a swipe reveals, from the row's edge inwards
/// (https://developer.apple.com/documentation/uikit/uiswipeactionsconfiguration).
open class UISwipeActionsConfiguration: NSObject {
    public let actions: [UIContextualAction]
    /// A full swipe performs the first action (true by default, as Apple's page for it says).
    open var performsFirstActionWithFullSwipe = true

    public init(actions: [UIContextualAction]) {
        self.actions = actions
        super.init()
    }

    var model: SwipeActionsConfiguration {
        SwipeActionsConfiguration(actions: actions.map(\.model), performsFirstActionWithFullSwipe: performsFirstActionWithFullSwipe)
    }
}

extension UICollectionLayoutListConfiguration {
    /// https://developer.apple.com/documentation/uikit/uicollectionlayoutlistconfiguration/swipeactionsconfigurationprovider
    public typealias SwipeActionsConfigurationProvider = (IndexPath) -> UISwipeActionsConfiguration?
}

/// A `.list(using:)` layout's swipe-actions providers, asked when a swipe begins with the row's
/// index path as the data is then (as UIKit asks them), and its actions' handlers run as code.
extension UIKitLayout: SwipeActionsProviding {
    private var listLayout: UICollectionViewCompositionalLayout? {
        collectionView.collectionViewLayout as? UICollectionViewCompositionalLayout
    }

    package var providesSwipeActions: Bool {
        guard let c = listLayout?.listConfiguration else { return false }
        return c.leadingSwipeActionsConfigurationProvider != nil || c.trailingSwipeActionsConfigurationProvider != nil
    }

    package func swipeActions(forItem id: String, side: SwipeSide) -> SwipeActionsConfiguration? {
        guard let c = listLayout?.listConfiguration, let indexPath = collectionView.indexPath(forItemID: id),
              let provider = side == .leading ? c.leadingSwipeActionsConfigurationProvider : c.trailingSwipeActionsConfigurationProvider,
              let configuration = provider(indexPath) else { return nil }
        collectionView.shownSwipeActions = (id, side, configuration)
        return configuration.model
    }

    package func performSwipeAction(_ index: Int, side: SwipeSide, item id: String, in simulator: Simulator) {
        guard let shown = collectionView.shownSwipeActions, shown.id == id, shown.side == side,
              index < shown.configuration.actions.count else { return }
        let action = shown.configuration.actions[index]
        let source: UIView = collectionView.cells[id] ?? collectionView
        performSceneCode(in: simulator, path: "$.touches") { action.handler(action, source) { _ in } }
    }
}
