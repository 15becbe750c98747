import FlipbookCore
import FlipbookLayout
import FlipbookAnimation

extension CollectionView {
    // MARK: - Geometry helpers for gestures

    /// A canvas point in content coordinates at `time`.
    public func contentPoint(fromCanvas p: Point, at time: Double) -> Point {
        let o = contentOffset(at: time)
        let f = frame(at: time)
        return Point(x: p.x - f.minX + o.x, y: p.y - f.minY + o.y)
    }

    /// indexPathForItem(at:): the topmost visible cell whose model frame contains a canvas point.
    public func itemID(atCanvas p: Point, at time: Double) -> String? {
        let c = contentPoint(fromCanvas: p, at: time)
        var best: (id: String, z: Int, ip: ItemIndexPath)?
        for (id, a) in visibleAttributes(at: time) where a.isCell && !a.isHidden && a.frame.contains(c) {
            let m = modelState(id, a)
            if m.isHidden { continue }
            if best == nil || m.zIndex > best!.z || (m.zIndex == best!.z && a.indexPath > best!.ip) { best = (id, m.zIndex, a.indexPath) }
        }
        return best?.id
    }

}
