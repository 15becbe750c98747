import FlipbookCore
import FlipbookLayout
import FlipbookAnimation

extension CollectionView {
    /// Everything this collection view draws at `time`, back to front, in canvas points.
    public func drawItems(at time: Double) -> [DrawItem] {
        let offset = contentOffset(at: time)
        let viewFrame = frame(at: time)
        let clip = viewFrame
        var result = [DrawItem(id: spec.id, kind: .view, frame: viewFrame, zIndex: -1,
                               appearance: Appearance(background: spec.backgroundColor))]
        for e in elements(at: time) {
            let s = e.presentation
            let frame = s.frame.offsetBy(dx: viewFrame.minX - offset.x + s.translation.x,
                                         dy: viewFrame.minY - offset.y + s.translation.y)
            if swipe?.item == e.id {
                result += swipeActionItems(for: e, rowFrame: e.model.frame.offsetBy(dx: viewFrame.minX - offset.x, dy: viewFrame.minY - offset.y), at: time)
            }
            result.append(DrawItem(id: e.id, kind: e.kind, frame: frame, zIndex: s.zIndex, alpha: s.alpha,
                                   rotation: s.rotation, scale: s.scale, hidden: s.isHidden, clip: clip,
                                   appearance: appearance(of: e.id, kind: e.kind, indexPath: e.indexPath, state: s, listRow: e.listRow)))
        }
        return result
    }

    func appearance(of id: String, kind: ElementKind, indexPath: ItemIndexPath, state: ItemState, listRow: ListRowConfiguration? = nil) -> Appearance {
        if kind == .snapshot, let o = overlays.first(where: { $0.id == id }) {
            // Drawn from the item itself, pixel for pixel, with the overlay's own shadow.
            var a = appearance(of: o.item, kind: .cell, indexPath: indexPath, state: state)
            a.shadow = o.shadow
            return a
        }
        if kind == .cell {
            var item = self.item(id, at: indexPath) ?? ghosts[id]?.item ?? ItemSpec(id: id, color: state.color)
            if let row = listRow { return CellAppearance.listCell(item, row: row, size: state.frame.size) }
            item.color = state.color
            return CellAppearance.cell(item, style: item.style ?? spec.cell, size: state.frame.size,
                                       selfSized: selfSizedSections.contains(indexPath.section))
        }
        let section = indexPath.section < spec.sections.count ? spec.sections[indexPath.section] : nil
        let title = kind == .sectionHeader ? section?.header : kind == .sectionFooter ? section?.footer : nil
        return CellAppearance.header(title ?? "", style: spec.style(for: kind), background: spec.backgroundColor, size: state.frame.size)
    }

}
