import Foundation
import FlipbookCore
import FlipbookSimulation
import FlipbookAnimation

/// What `snapshotView(afterScreenUpdates:)` returns for a cell: a view that draws as the cell
/// does. Added to the collection view during the scene, it is drawn over the cells where its
/// frame puts it (the view's content coordinates), moved at once or inside `UIView.animate`
/// over its timing, until it is removed from its superview — the pre-iOS 9 way to drag a cell.
final class SnapshotView: UIView {
    let itemID: String
    /// The overlay's id in the timeline: one snapshot per item, as the built-in effects name it.
    var overlayID: String { CollectionView.snapshotID(of: itemID) }

    init(of itemID: String, frame: CGRect) {
        self.itemID = itemID
        super.init(frame: frame)
    }
    required init?(coder: NSCoder) { fatalError("a snapshot view is made by snapshotView(afterScreenUpdates:)") }
    required convenience init() { self.init(of: "", frame: .zero) }

    override var center: CGPoint {
        didSet { moved() }
    }
    override var bounds: CGRect {
        didSet { moved() }
    }

    private var shown: Bool { superview is UICollectionView }

    private func moved() {
        guard shown, let r = SceneRecording.current else { return }
        r.snapshot(.move(id: overlayID, frame: Rect(frame), timing: r.timings.last))
        r.movedView = true
    }

    override func removeFromSuperview() {
        if shown, let r = SceneRecording.current { r.snapshot(.remove(id: overlayID)) }
        super.removeFromSuperview()
    }
}

/// UICollectionView's interactive movement (iOS 9): the item follows the position it is given,
/// the others make room at the index path the layout maps that position to, and at the end the
/// data source moves the item and it settles into its slot.
extension UICollectionView {
    /// Begins moving the item (https://developer.apple.com/documentation/uikit/uicollectionview/begininteractivemovementforitem(at:)):
    /// false when another move is under way, the data source's `canMoveItemAt` says no, or
    /// outside the scene.
    @discardableResult
    public func beginInteractiveMovementForItem(at indexPath: IndexPath) -> Bool {
        guard let r = SceneRecording.current, interactiveMovement == nil, let id = itemID(at: indexPath),
              dataSource?.collectionView(self, canMoveItemAt: indexPath) ?? false, let frame = r.visibleFrames[id] else { return false }
        interactiveMovement = InteractiveMovement(item: id, original: indexPath, current: indexPath, size: CGSize(width: frame.width, height: frame.height))
        r.snapshot(.add(id: CollectionView.snapshotID(of: id), item: id, frame: frame))
        r.snapshot(.hide(item: id, true))
        return true
    }

    /// The item's centre goes to `targetPosition` (the layout's
    /// `layoutAttributesForInteractivelyMovingItem`), and the others make room at the index path
    /// the layout's `targetIndexPath(forInteractivelyMovingItem:withPosition:)` gives, animated as
    /// `moveItem` is.
    public func updateInteractiveMovementTargetPosition(_ targetPosition: CGPoint) {
        guard let r = SceneRecording.current, var m = interactiveMovement else { return }
        let moved = collectionViewLayout.layoutAttributesForInteractivelyMovingItem(at: m.current, withTargetPosition: targetPosition)
        let center = moved?.center ?? targetPosition
        r.snapshot(.move(id: CollectionView.snapshotID(of: m.item),
                         frame: Rect(x: Double(center.x - m.size.width / 2), y: Double(center.y - m.size.height / 2),
                                     width: Double(m.size.width), height: Double(m.size.height)), timing: nil))
        let target = collectionViewLayout.targetIndexPath(forInteractivelyMovingItem: m.current, withPosition: targetPosition)
        if target != m.current, itemID(at: target) != nil {
            moveItem(at: m.current, to: target)
            m.current = target
        }
        interactiveMovement = m
    }

    /// Ends the move (https://developer.apple.com/documentation/uikit/uicollectionview/endinteractivemovement()):
    /// the data source's `moveItemAt` is told, and the item settles into its slot over Core
    /// Animation's default 0.25 s.
    public func endInteractiveMovement() {
        guard let m = interactiveMovement else { return }
        interactiveMovement = nil
        if m.current != m.original { dataSource?.collectionView(self, moveItemAt: m.original, to: m.current) }
        settle(m, frame: SceneRecording.current?.visibleFrames[m.item])
    }

    /// Cancels the move: the item goes back to where it began.
    public func cancelInteractiveMovement() {
        guard let m = interactiveMovement else { return }
        interactiveMovement = nil
        // The slot it began in is where the item now at that index path is.
        let home = itemID(at: m.original).flatMap { SceneRecording.current?.visibleFrames[$0] }
        if m.current != m.original { moveItem(at: m.current, to: m.original) }
        settle(m, frame: home)
    }

    private func settle(_ m: InteractiveMovement, frame: Rect?) {
        guard let r = SceneRecording.current else { return }
        let id = CollectionView.snapshotID(of: m.item)
        let timing = AnimationTiming.standard
        if let frame { r.snapshot(.move(id: id, frame: frame, timing: timing)) }
        r.run({ [weak self] _ in
            guard let r = SceneRecording.current, self != nil else { return }
            r.snapshot(.remove(id: id))
            r.snapshot(.hide(item: m.item, false))
        }, afterChangesSince: r.actions.count, timing: timing)
    }
}

struct InteractiveMovement {
    let item: String
    let original: IndexPath
    var current: IndexPath
    let size: CGSize
}
