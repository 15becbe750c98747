import Flipbook

// MARK: list
/// A Mail-like list in Swift: rows with secondary text, a disclosure indicator and swipe
/// actions, and a finger that swipes the second row open.
func makeInboxScene() -> Scene {
    let delete = ContextualAction(title: "Delete", style: .destructive)
    let flag = ContextualAction(title: "Flag", backgroundColor: Color(hex: "#FF9500")!)
    let rows = (0..<8).map { i -> ItemSpec in
        var row = ItemSpec(id: "mail\(i)", title: "Sender \(i + 1)", color: .white)
        row.subtitle = "Subject line \(i + 1)"
        row.accessories = [.disclosureIndicator]
        row.trailingSwipeActions = SwipeActionsConfiguration(actions: [delete, flag])
        return row
    }
    let inbox = CollectionViewSpec(frame: Rect(x: 0, y: 0, width: 375, height: 667), layout: ListLayout(appearance: .plain),
                                   sections: [SectionSpec(id: "inbox", items: rows)])
    var scene = Scene(name: "inbox", canvas: Canvas(width: 375, height: 667, scale: 1), fps: 30, duration: 2, collectionView: inbox)
    // Rows with secondary text are 60 pt: the second row's middle is at y = 90. Swipe it
    // 120 pt left and hold: past half its actions, it opens on them.
    scene.touches = [TouchTrack(finger: 1, downTime: 0.2, downPoint: Point(x: 330, y: 90),
                                segments: [.init(to: Point(x: 210, y: 90), duration: 0.4), .init(to: Point(x: 210, y: 90), duration: 0.2)])]
    return scene
}
// MARK: end
