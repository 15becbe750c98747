import Foundation
import FlipbookCore
import FlipbookLayout
import FlipbookSimulation

/// A scrolling view of items placed by a layout
/// (https://developer.apple.com/documentation/uikit/uicollectionview). Built in Swift as an app
/// builds it, then handed to Flipbook (`Scene(name:canvas:fps:duration:collectionView:)`), which
/// scrolls it, asks its layout as UIKit does and draws what the layout answers.
open class UICollectionView: UIScrollView {
    open var collectionViewLayout: UICollectionViewLayout {
        didSet {
            oldValue.collectionView = nil
            collectionViewLayout.collectionView = self
            collectionViewLayout.invalidateLayout()
        }
    }
    open weak var dataSource: UICollectionViewDataSource?
    open weak var delegate: UICollectionViewDelegate?
    open var backgroundView: UIView?
    open var allowsSelection = true
    open var allowsMultipleSelection = false

    /// What Flipbook's simulation last prepared the layout with (nil before a scene runs, when
    /// the data source answers): its item counts are the view's, after its batch updates.
    var simulatedContext: LayoutContext?
    /// Whether a scene's code step changed the data through this view's batch updates.
    var dataChangedByCode = false
    /// Self-sized cells' sizes by item id, with the estimate each was fitted from.
    var fittedSizes: [String: (asked: CGSize, size: CGSize)] = [:]
    /// The selected items' scene ids (UIKitInteractionsEffect).
    var selectedIDs: Set<String> = []
    /// Whether the list is in editing mode: the accessories shown `.whenEditing` (the delete
    /// and reorder controls by default) show (https://developer.apple.com/documentation/uikit/uicollectionview/isediting).
    /// Read when the scene is made; a change during it stops the scene with one line.
    public var isEditing = false {
        didSet { if isEditing != oldValue { SceneRecording.current?.fail("UICollectionView.isEditing changed during the scene is not drawn yet: set it before making the scene") } }
    }

    /// The item being moved interactively (beginInteractiveMovementForItem).
    var interactiveMovement: InteractiveMovement?
    /// The interactive layout transition under way, with its completion.
    var interactiveTransition: (layout: UICollectionViewTransitionLayout, completion: LayoutInteractiveTransitionCompletion?)?
    /// The swipe actions last shown, whose handlers a tap runs (UIKitLayout: SwipeActionsProviding).
    var shownSwipeActions: (id: String, side: SwipeSide, configuration: UISwipeActionsConfiguration)?
    /// A diffable data source, kept as long as its view (apps keep theirs in a property).
    var retainedDataSource: AnyObject?
    /// The host of the scene made from this view (its warnings collect what UIKit would log).
    weak var sceneHost: UIKitHost?
    /// The item's identifier as a scene id (a diffable data source's), else nil.
    var itemIdentifier: ((IndexPath) -> String?)?
    /// The cell made for each item when the scene was made, by item id.
    var cells: [String: UICollectionViewCell] = [:]
    /// The items' ids, section by section, as the data is now: as a code step's updates have
    /// left them while it runs, else as the simulation last laid the view out.
    var itemIDs: [[String]] { SceneRecording.current?.ids ?? simulatedContext?.itemIDs ?? [] }
    /// The id of the item at `indexPath` as the data is now.
    func itemID(at indexPath: IndexPath) -> String? {
        let ids = itemIDs
        guard indexPath.section >= 0, indexPath.section < ids.count, indexPath.item >= 0, indexPath.item < ids[indexPath.section].count else { return nil }
        return ids[indexPath.section][indexPath.item]
    }
    /// The index path of the item with id `id` as the data is now.
    func indexPath(forItemID id: String) -> IndexPath? {
        for (s, section) in itemIDs.enumerated() { if let i = section.firstIndex(of: id) { return IndexPath(item: i, section: s) } }
        return nil
    }
    /// The headers and footers the data source made, by kind and index path, made when first shown.
    var supplementaryViews: [String: UICollectionReusableView] = [:]
    /// The decoration views made from the classes the layout registered, by kind and index path.
    var decorationViews: [String: UICollectionReusableView] = [:]

    /// The decoration view for `kind` at `indexPath`, made when first shown from the class
    /// `layout` registered for the kind (register(_:forDecorationViewOfKind:)), as UIKit makes
    /// and reuses them; nil when the kind has no class (UIKit raises then; here nothing is drawn).
    func decorationView(ofKind kind: String, at indexPath: IndexPath, layout: UICollectionViewLayout) -> UICollectionReusableView? {
        let key = kind + "|\(indexPath.section)|\(indexPath.item)"
        if let v = decorationViews[key] { return v }
        guard let type = layout.decorationViewClasses[kind] as? UICollectionReusableView.Type else { return nil }
        let view = type.init()
        decorationViews[key] = view
        return view
    }
    /// Each cell's content as last drawn, with the attributes (less position and transform) it
    /// was drawn for: the same attributes draw the same content without asking the cell again.
    var drawnContent: [String: (attributes: UICollectionViewLayoutAttributes, elements: [Element])] = [:]

    /// The header or footer shown for `elementKind` at `indexPath`
    /// (https://developer.apple.com/documentation/uikit/uicollectionview/supplementaryview(forelementkind:at:)).
    public func supplementaryView(forElementKind elementKind: String, at indexPath: IndexPath) -> UICollectionReusableView? {
        supplementaryViews[elementKind + "|\(indexPath.section)|\(indexPath.item)"].flatMap { $0 === UICollectionReusableView.notImplemented ? nil : $0 }
    }

    /// The data source's view for a header or footer, made once when first shown (nil when the
    /// data source makes none: the protocol's default answers with a marker).
    func supplementaryView(ofKind kind: String, at indexPath: IndexPath) -> UICollectionReusableView? {
        let key = kind + "|\(indexPath.section)|\(indexPath.item)"
        if let v = supplementaryViews[key] { return v === UICollectionReusableView.notImplemented ? nil : v }
        guard let dataSource else { return nil }
        let v = dataSource.collectionView(self, viewForSupplementaryElementOfKind: kind, at: indexPath)
        supplementaryViews[key] = v
        return v === UICollectionReusableView.notImplemented ? nil : v
    }

    /// What `drawnContent` compares: the attributes less position, transform, alpha and order,
    /// which move the drawn cell, not its subviews.
    static func contentKey(_ attributes: UICollectionViewLayoutAttributes) -> UICollectionViewLayoutAttributes {
        let k = attributes.copy() as! UICollectionViewLayoutAttributes
        k.center = .zero; k.transform3D = CATransform3DIdentity; k.alpha = 1; k.zIndex = 0; k.isHidden = false
        return k
    }

    /// The item's cell; during the scene, placed where the item is on screen then (its frame in
    /// the view's content coordinates, as UIKit's cells are).
    open func cellForItem(at indexPath: IndexPath) -> UICollectionViewCell? { itemID(at: indexPath).flatMap(placedCell) }

    /// The cells on screen (https://developer.apple.com/documentation/uikit/uicollectionview/visiblecells):
    /// during the scene, those of the items drawn at that moment, each placed where it is.
    open var visibleCells: [UICollectionViewCell] {
        guard let recording = SceneRecording.current else { return cells.keys.sorted().compactMap { cells[$0] } }  // before the scene: every cell made
        return recording.visible.compactMap { placedCell($0.id) }
    }
    open var indexPathsForVisibleItems: [IndexPath] {
        (SceneRecording.current?.visible ?? []).compactMap { indexPath(forItemID: $0.id) }
    }

    /// The cell of item `id`, handed to code: during the scene it is drawn again after the code
    /// (which may restyle it); its frame answers where the item is (UICollectionViewCell.center).
    func placedCell(_ id: String) -> UICollectionViewCell? {
        guard let cell = cells[id] else { return nil }
        SceneRecording.current?.reachedCells.append((self, id))
        return cell
    }
    private var cellClasses: [String: AnyClass] = [:]
    private var supplementaryClasses: [String: AnyClass] = [:]

    public init(frame: CGRect, collectionViewLayout layout: UICollectionViewLayout) {
        collectionViewLayout = layout
        super.init(frame: frame)
        layout.collectionView = self
    }

    public required init?(coder: NSCoder) {
        collectionViewLayout = UICollectionViewFlowLayout()
        super.init(coder: coder)
        collectionViewLayout.collectionView = self
    }

    /// `init(frame: .zero, collectionViewLayout: UICollectionViewFlowLayout())`.
    public required convenience init() { self.init(frame: .zero, collectionViewLayout: UICollectionViewFlowLayout()) }
    public convenience override init(frame: CGRect) { self.init(frame: frame, collectionViewLayout: UICollectionViewFlowLayout()) }

    // MARK: - Data

    open var numberOfSections: Int {
        if let counts = simulatedContext?.itemCounts { return counts.count }
        guard let dataSource else { return 0 }
        return dataSource.numberOfSections(in: self)
    }

    open func numberOfItems(inSection section: Int) -> Int {
        if let counts = simulatedContext?.itemCounts { return section >= 0 && section < counts.count ? counts[section] : 0 }
        guard let dataSource, section >= 0, section < numberOfSections else { return 0 }
        return dataSource.collectionView(self, numberOfItemsInSection: section)
    }

    /// Asks the layout again before the next frame (the data source is read when the scene is made).
    open func reloadData() { collectionViewLayout.invalidateLayout() }

    // MARK: - Cells

    open func register(_ cellClass: AnyClass?, forCellWithReuseIdentifier identifier: String) {
        cellClasses[identifier] = cellClass
    }
    open func register(_ viewClass: AnyClass?, forSupplementaryViewOfKind elementKind: String, withReuseIdentifier identifier: String) {
        supplementaryClasses[elementKind + "\u{0}" + identifier] = viewClass
    }

    /// A new cell of the class registered for `identifier`; an identifier never registered is
    /// UIKit's exception, here a precondition failure naming it.
    open func dequeueReusableCell(withReuseIdentifier identifier: String, for indexPath: IndexPath) -> UICollectionViewCell {
        guard let type = cellClasses[identifier] else {
            preconditionFailure("could not dequeue a view of kind: UICollectionElementKindCell with identifier \(identifier) - must register a nib or a class for the identifier")
        }
        let cell = (type as? UICollectionViewCell.Type ?? UICollectionViewCell.self).init()
        cell.setReuseIdentifier(identifier)
        return cell
    }

    open func dequeueReusableSupplementaryView(ofKind elementKind: String, withReuseIdentifier identifier: String, for indexPath: IndexPath) -> UICollectionReusableView {
        guard let type = supplementaryClasses[elementKind + "\u{0}" + identifier] else {
            preconditionFailure("could not dequeue a view of kind: \(elementKind) with identifier \(identifier) - must register a nib or a class for the identifier")
        }
        let view = (type as? UICollectionReusableView.Type ?? UICollectionReusableView.self).init()
        view.setReuseIdentifier(identifier)
        // A list cell as a list's header takes the header's default style.
        if let cell = view as? UICollectionViewListCell, elementKind == UICollectionView.elementKindSectionHeader,
           let list = (collectionViewLayout as? UICollectionViewCompositionalLayout)?.list {
            cell.headerOfList = list.appearance
        }
        return view
    }

    // MARK: - Layout

    open func layoutAttributesForItem(at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
        collectionViewLayout.prepareIfNeeded()
        return collectionViewLayout.layoutAttributesForItem(at: indexPath)
    }

    open func layoutAttributesForSupplementaryElement(ofKind kind: String, at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
        collectionViewLayout.prepareIfNeeded()
        return collectionViewLayout.layoutAttributesForSupplementaryView(ofKind: kind, at: indexPath)
    }

    /// The item whose frame holds `point` (content coordinates), the top one where they overlap.
    open func indexPathForItem(at point: CGPoint) -> IndexPath? {
        collectionViewLayout.prepareIfNeeded()
        let probe = CGRect(x: point.x, y: point.y, width: 1, height: 1)
        let hits = (collectionViewLayout.layoutAttributesForElements(in: probe) ?? [])
            .filter { $0.representedElementCategory == .cell && !$0.isHidden && $0.alpha > 0 && $0.frame.contains(point) }
        // The topmost: the highest zIndex, and among equals the later index path, drawn over
        // the earlier — the rule the runtime's touch hit test follows (CollectionView.itemID(atCanvas:at:)).
        return hits.max { ($0.zIndex, $0.indexPath) < ($1.zIndex, $1.indexPath) }?.indexPath
    }

}

extension UICollectionViewLayout {
    /// `prepare()` when the layout was invalidated, as UIKit does before a query.
    func prepareIfNeeded() {
        guard !isValid else { return }
        prepare()
        isValid = true
    }
}

/// https://developer.apple.com/documentation/uikit/uicollectionviewdatasource
public protocol UICollectionViewDataSource: AnyObject {
    func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int
    func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell
    /// 1 unless implemented (Apple's page: "If you don't implement this method, the collection view uses a default value of 1").
    func numberOfSections(in collectionView: UICollectionView) -> Int
    func collectionView(_ collectionView: UICollectionView, viewForSupplementaryElementOfKind kind: String, at indexPath: IndexPath) -> UICollectionReusableView
    /// https://developer.apple.com/documentation/uikit/uicollectionviewdatasource/collectionview(_:canmoveitemat:)
    func collectionView(_ collectionView: UICollectionView, canMoveItemAt indexPath: IndexPath) -> Bool
    /// https://developer.apple.com/documentation/uikit/uicollectionviewdatasource/collectionview(_:moveitemat:to:)
    func collectionView(_ collectionView: UICollectionView, moveItemAt sourceIndexPath: IndexPath, to destinationIndexPath: IndexPath)
}

extension UICollectionViewDataSource {
    public func numberOfSections(in collectionView: UICollectionView) -> Int { 1 }
    public func collectionView(_ collectionView: UICollectionView, viewForSupplementaryElementOfKind kind: String, at indexPath: IndexPath) -> UICollectionReusableView {
        UICollectionReusableView.notImplemented
    }
    /// true unless implemented (Apple's page: items can move when the data source implements
    /// moveItemAt, which Swift cannot see from here).
    public func collectionView(_ collectionView: UICollectionView, canMoveItemAt indexPath: IndexPath) -> Bool { true }
    public func collectionView(_ collectionView: UICollectionView, moveItemAt sourceIndexPath: IndexPath, to destinationIndexPath: IndexPath) {}
}

extension UICollectionReusableView {
    /// What the protocol's default answers: no view of the data source's own.
    nonisolated(unsafe) static let notImplemented = UICollectionReusableView()
}

/// https://developer.apple.com/documentation/uikit/uiscrollviewdelegate — a collection view's
/// delegate hears these during the scene (docs/uikit.md).
public protocol UIScrollViewDelegate: AnyObject {
    func scrollViewDidScroll(_ scrollView: UIScrollView)
    func scrollViewWillBeginDragging(_ scrollView: UIScrollView)
    func scrollViewDidEndDecelerating(_ scrollView: UIScrollView)
}

extension UIScrollViewDelegate {
    // The defaults say they ran: a delegate that does not implement a callback is not called
    // again (an empty call on every display refresh would be a code step each).
    public func scrollViewDidScroll(_ scrollView: UIScrollView) { UIKitHost.running?.unimplementedCallbackRan = true }
    public func scrollViewWillBeginDragging(_ scrollView: UIScrollView) { UIKitHost.running?.unimplementedCallbackRan = true }
    public func scrollViewDidEndDecelerating(_ scrollView: UIScrollView) { UIKitHost.running?.unimplementedCallbackRan = true }
}

/// https://developer.apple.com/documentation/uikit/uicollectionviewdelegate
public protocol UICollectionViewDelegate: UIScrollViewDelegate {
    /// Whether a tap selects the item (https://developer.apple.com/documentation/uikit/uicollectionviewdelegate/collectionview(_:shouldselectitemat:)); true by default.
    func collectionView(_ collectionView: UICollectionView, shouldSelectItemAt indexPath: IndexPath) -> Bool
    /// A tap selected the item: your code runs at that moment of the scene, as in a code step
    /// (https://developer.apple.com/documentation/uikit/uicollectionviewdelegate/collectionview(_:didselectitemat:)).
    func collectionView(_ collectionView: UICollectionView, didSelectItemAt indexPath: IndexPath)
    func collectionView(_ collectionView: UICollectionView, didDeselectItemAt indexPath: IndexPath)
    /// Whether a touch highlights the item (https://developer.apple.com/documentation/uikit/uicollectionviewdelegate/collectionview(_:shouldhighlightitemat:)); true by default.
    func collectionView(_ collectionView: UICollectionView, shouldHighlightItemAt indexPath: IndexPath) -> Bool
    func collectionView(_ collectionView: UICollectionView, didHighlightItemAt indexPath: IndexPath)
    func collectionView(_ collectionView: UICollectionView, didUnhighlightItemAt indexPath: IndexPath)
}

extension UICollectionViewDelegate {
    public func collectionView(_ collectionView: UICollectionView, shouldHighlightItemAt indexPath: IndexPath) -> Bool { true }
    public func collectionView(_ collectionView: UICollectionView, didHighlightItemAt indexPath: IndexPath) {}
    public func collectionView(_ collectionView: UICollectionView, didUnhighlightItemAt indexPath: IndexPath) {}
    public func collectionView(_ collectionView: UICollectionView, shouldSelectItemAt indexPath: IndexPath) -> Bool { true }
    public func collectionView(_ collectionView: UICollectionView, didSelectItemAt indexPath: IndexPath) {}
    public func collectionView(_ collectionView: UICollectionView, didDeselectItemAt indexPath: IndexPath) {}
}

/// Per-item sizes and per-section metrics for a flow layout
/// (https://developer.apple.com/documentation/uikit/uicollectionviewdelegateflowlayout). A method
/// the delegate does not implement answers with the layout's property, as UIKit does.
public protocol UICollectionViewDelegateFlowLayout: UICollectionViewDelegate {
    func collectionView(_ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout, sizeForItemAt indexPath: IndexPath) -> CGSize
    func collectionView(_ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout, insetForSectionAt section: Int) -> UIEdgeInsets
    func collectionView(_ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout, minimumLineSpacingForSectionAt section: Int) -> CGFloat
    func collectionView(_ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout, minimumInteritemSpacingForSectionAt section: Int) -> CGFloat
    func collectionView(_ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout, referenceSizeForHeaderInSection section: Int) -> CGSize
    func collectionView(_ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout, referenceSizeForFooterInSection section: Int) -> CGSize
}

extension UICollectionViewDelegateFlowLayout {
    private func flow(_ layout: UICollectionViewLayout) -> UICollectionViewFlowLayout? { layout as? UICollectionViewFlowLayout }
    public func collectionView(_ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout, sizeForItemAt indexPath: IndexPath) -> CGSize {
        flow(collectionViewLayout)?.itemSize ?? .zero
    }
    public func collectionView(_ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout, insetForSectionAt section: Int) -> UIEdgeInsets {
        flow(collectionViewLayout)?.sectionInset ?? .zero
    }
    public func collectionView(_ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout, minimumLineSpacingForSectionAt section: Int) -> CGFloat {
        flow(collectionViewLayout)?.minimumLineSpacing ?? 0
    }
    public func collectionView(_ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout, minimumInteritemSpacingForSectionAt section: Int) -> CGFloat {
        flow(collectionViewLayout)?.minimumInteritemSpacing ?? 0
    }
    public func collectionView(_ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout, referenceSizeForHeaderInSection section: Int) -> CGSize {
        flow(collectionViewLayout)?.headerReferenceSize ?? .zero
    }
    public func collectionView(_ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout, referenceSizeForFooterInSection section: Int) -> CGSize {
        flow(collectionViewLayout)?.footerReferenceSize ?? .zero
    }
}
