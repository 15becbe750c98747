import Foundation
import FlipbookCore
import FlipbookSimulation

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
        r.movedSnapshot = true
    }

    override func removeFromSuperview() {
        if shown, let r = SceneRecording.current { r.snapshot(.remove(id: overlayID)) }
        super.removeFromSuperview()
    }
}
