import Foundation
import FlipbookCore
import FlipbookLayout
import FlipbookSimulation

extension UICollectionView {
    /// The selected items, as the data is now (https://developer.apple.com/documentation/uikit/uicollectionview/indexpathsforselecteditems).
    public var indexPathsForSelectedItems: [IndexPath]? {
        var out: [IndexPath] = []
        for (s, section) in itemIDs.enumerated() { for (i, id) in section.enumerated() where selectedIDs.contains(id) { out.append(IndexPath(item: i, section: s)) } }
        return out
    }

    /// Deselects the item; its cell's isSelected becomes false (the delegate is not told, as
    /// in UIKit).
    public func deselectItem(at indexPath: IndexPath, animated: Bool) {
        guard let id = itemID(at: indexPath) else { return }
        setSelected(false, id: id)
    }

    /// Marks the item's cell selected or not; the cell is drawn again from its views (a cell that
    /// restyles its subviews in isSelected's didSet shows it). A look Flipbook does not draw yet
    /// for a selected cell is one line of the scene's error.
    func setSelected(_ selected: Bool, id: String) {
        if selected { selectedIDs.insert(id) } else { selectedIDs.remove(id) }
        guard let cell = cells[id] else { return }
        let look = UIKitCellLook.look(of: cell)
        cell.isSelected = selected
        drawnContent["cell|" + id] = nil
        let after = UIKitCellLook.look(of: cell)
        if after.0 != look.0 || after.1 != look.1 {
            SceneRecording.current?.fail("cell \(id): a background, border or shadow of the cell that isSelected changes is not drawn yet (its subviews' are)")
        }
        if selected && cell.selectedBackgroundView != nil {
            SceneRecording.current?.fail("cell \(id): UICollectionViewCell.selectedBackgroundView is not drawn yet")
        }
    }
}

/// Taps on a UIKit scene's cells select them as UICollectionView does: on the touch's end,
/// `shouldSelectItemAt`, the previous selection deselected (`didDeselectItemAt`), the cell's
/// `isSelected`, then `didSelectItemAt` — whose code runs at that moment of the scene, its calls
/// becoming the scene's actions (ScriptStep.at).
struct UIKitSelection: EffectConfiguration, @unchecked Sendable {
    let collectionView: UICollectionView
    /// What the scene keeps alive with its view (the view controller it was made from).
    var owner: AnyObject?
    func makeEffect() -> any Effect { UIKitSelectionEffect(collectionView) }
    func validate(in scene: Scene) throws {}
}

final class UIKitSelectionEffect: Effect {
    let cv: UICollectionView
    unowned var sim: Simulator!
    private(set) var tap: TapGestureRecognizer!

    init(_ cv: UICollectionView) { self.cv = cv }

    func attach(to simulator: Simulator) {
        sim = simulator
        cv.selectedIDs = []
        let view = simulator.collectionView
        tap = TapGestureRecognizer(name: "collectionView.select", view: { [unowned simulator] in view.frame(at: simulator.now) })
        tap.shouldReceiveTouch = { [unowned self] p in view.itemID(atCanvas: p, at: self.sim.now) != nil }
        tap.action = { [unowned self] r in if r.state == .ended { self.select(at: r.location) } }
        simulator.gestures.add(tap)
    }

    func select(at p: Point) {
        let view = sim.collectionView
        guard let id = view.itemID(atCanvas: p, at: sim.now) else { return }
        let cv = self.cv
        sim.perform(SceneRecording.later {
            guard let indexPath = cv.indexPath(forItemID: id), let delegate = cv.delegate,
                  delegate.collectionView(cv, shouldSelectItemAt: indexPath) else { return }
            for previous in cv.indexPathsForSelectedItems ?? [] where previous != indexPath {
                if let other = cv.itemID(at: previous) { cv.setSelected(false, id: other) }
                delegate.collectionView(cv, didDeselectItemAt: previous)
            }
            cv.setSelected(true, id: id)
            delegate.collectionView(cv, didSelectItemAt: indexPath)
        }, path: "$.touches")
    }
}
