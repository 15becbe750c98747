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
        let all = elements(at: time)
        func canvasFrame(_ s: ItemState) -> Rect {
            s.frame.offsetBy(dx: viewFrame.minX - offset.x + s.translation.x, dy: viewFrame.minY - offset.y + s.translation.y)
        }
        // While a snapshot comes out of the stack or goes back in (`Reveal`), its item stays
        // drawn in its slot under the items that cover it, where the snapshot, at or above the
        // slot's top, covers all the item shows: the covering items' rounded corners show the
        // item under them, not what is behind the stack, and the item's shadow hands over to the
        // snapshot's (fading as the snapshot's grows) instead of vanishing in one frame.
        var underneath: [String: Double] = [:]
        for o in overlays {
            guard let reveal = o.reveal, case let shown = reveal.shown(at: time), shown < 1,
                  let snapshot = all.first(where: { $0.id == o.id }), let item = all.first(where: { $0.id == o.item }) else { continue }
            let a = canvasFrame(snapshot.presentation), b = canvasFrame(item.presentation)
            if a.minY <= b.minY + 1e-6, abs(a.minX - b.minX) < 1e-6, abs(a.width - b.width) < 1e-6 { underneath[o.item] = shown }
        }
        for e in all {
            var s = e.presentation
            var frame = canvasFrame(s)
            var clip = clip
            var lift: Double?
            var shadowScale = 1.0
            if let shown = underneath[e.id] {
                s.isHidden = false
                shadowScale = 1 - shown
            }
            if e.kind == .snapshot, let o = overlays.first(where: { $0.id == e.id }), let reveal = o.reveal,
               let z = all.first(where: { $0.id == o.item })?.presentation.zIndex {
                let shown = reveal.shown(at: time)
                lift = shown
                // Over its item: its shadow grows from none as the item's fades.
                if underneath[o.item] != nil { shadowScale = 0 }
                // The first item drawn over the lifted one where it is now (its slot may have
                // changed while it was held), overlapping the snapshot from below its top.
                let covering = all.lazy.filter { $0.kind == .cell && $0.id != o.item && $0.presentation.zIndex > z && !$0.presentation.isHidden }
                    .map { canvasFrame($0.presentation) }
                    .filter { $0.minX < frame.maxX && $0.maxX > frame.minX && $0.minY > frame.minY && $0.minY < frame.maxY }
                if shown < 1, let edge = covering.map(\.minY).min() {
                    // The snapshot comes out as a card whose lower edge slides from under the
                    // covering one: drawn shorter, with its own border and shadow along that
                    // edge (cut at the edge, it drew a hard line without a shadow).
                    let bottom = edge + (frame.maxY - edge) * shown
                    // A point more at first, cut by the clip: the edge's border comes into view
                    // with it, not drawn across the card on the pick-up frame.
                    frame.size.height = max(0, bottom - frame.minY + (1 - shown))
                    s.frame.size.height = frame.height
                    // Its shadow below that edge comes out with it, from none where the card
                    // showed nothing below the edge to all of it once lifted.
                    let below = bottom + shown * (o.shadow.map { $0.offset.y + $0.reach(margin: 1) } ?? 1)
                    clip.size.height = max(0, min(clip.maxY, below) - clip.minY)
                }
            }
            if swipe?.item == e.id {
                result += swipeActionItems(for: e, rowFrame: e.model.frame.offsetBy(dx: viewFrame.minX - offset.x, dy: viewFrame.minY - offset.y), at: time)
            }
            var look = appearance(of: e.id, kind: e.kind, indexPath: e.indexPath, state: s, listRow: e.listRow,
                                  contentElements: e.contentElements, lift: lift, shadowFrom: shadowScale)
            if e.kind != .snapshot, shadowScale < 1 { look.shadow = Shadow.interpolate(nil, look.shadow, shadowScale) }
            result.append(DrawItem(id: e.id, kind: e.kind, frame: frame, zIndex: s.zIndex, alpha: s.alpha,
                                   rotation: s.rotation, scale: s.scale, hidden: s.isHidden, clip: clip, transform3D: e.transform3D,
                                   appearance: look))
        }
        // A row deleted by its swipe action has slid away, out of the elements on screen; the
        // actions it uncovered fill its place and fade with it as the rows below close the gap.
        if let swipe, let (place, begin) = swipe.deleted, !all.contains(where: { $0.id == swipe.item }) {
            var state = ItemState(frame: place)
            state.alpha = 1 - SwipeActionsController.deleteTiming.fraction(atElapsed: time - begin)
            let row = VisibleElement(id: swipe.item, kind: .cell, indexPath: ItemIndexPath(item: 0), model: state, presentation: state)
            result.insert(contentsOf: swipeActionItems(for: row, rowFrame: place.offsetBy(dx: viewFrame.minX - offset.x, dy: viewFrame.minY - offset.y),
                                                       at: time), at: 1)
        }
        return result
    }

    /// `lift`: how far a revealing snapshot has come out (0 in the stack, 1 lifted): its shadow
    /// goes with it from the item's own (`shadowFrom` 1) or from none (0, while the item is
    /// drawn under it) to the overlay's, as a drag preview's does.
    func appearance(of id: String, kind: ElementKind, indexPath: ItemIndexPath, state: ItemState, listRow: ListRowConfiguration? = nil,
                    contentElements: [Element]? = nil, lift: Double? = nil, shadowFrom: Double = 1) -> Appearance {
        if kind == .snapshot, let o = overlays.first(where: { $0.id == id }) {
            // Drawn from the item itself, pixel for pixel, with the overlay's own shadow.
            var a = appearance(of: o.item, kind: .cell, indexPath: indexPath, state: state)
            a.shadow = lift.map { Shadow.interpolate(Shadow.interpolate(nil, a.shadow, shadowFrom), o.shadow, $0) } ?? o.shadow
            return a
        }
        if kind == .cell {
            var item = self.item(id, at: indexPath) ?? ghosts[id]?.item ?? ItemSpec(id: id, color: state.color)
            if contentElements != nil { item.content = [] }
            if var row = listRow {
                if let c = highlightColor(of: id, item) { row.background = c }
                var a = text.value(or: Appearance(background: row.background)) { try CellAppearance.listCell(item, row: row, size: state.frame.size, text: $0) }
                if let contentElements { a.content += contentElements }
                return a
            }
            item.color = state.color
            var a = text.value(or: Appearance(background: item.color)) {
                try CellAppearance.cell(item, style: item.style ?? spec.cell, size: state.frame.size,
                                        selfSized: selfSizedSections.contains(indexPath.section), text: $0)
            }
            if let contentElements { a.content += contentElements }
            return a
        }
        if let contentElements {
            // A header or footer its layout drew as a view tree (a UIKit reusable view).
            var a = Appearance(background: .clear)
            a.content = contentElements
            return a
        }
        // A deleted section's header fades with the title it had.
        let section = ghosts[id]?.section ?? (indexPath.section < spec.sections.count ? spec.sections[indexPath.section] : nil)
        let title = kind == .sectionHeader ? section?.header : kind == .sectionFooter ? section?.footer : nil
        return CellAppearance.header(title ?? "", style: spec.style(for: kind), background: spec.backgroundColor, size: state.frame.size)
    }

}
