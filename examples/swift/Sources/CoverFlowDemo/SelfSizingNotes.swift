import Flipbook

// MARK: selfSizing
/// Self-sizing cells in Swift: a flow layout with `FlowLayout.automaticSize` measures each
/// note from its text at the width its item asks for, and a batch update that shortens the
/// first note's body lets the second move up with the animation.
func makeNotesScene() -> Scene {
    var flow = FlowLayout(minimumLineSpacing: 8, sectionInset: EdgeInsets(top: 16, left: 16, bottom: 16, right: 16))
    flow.estimatedItemSize = FlowLayout.automaticSize
    var first = ItemSpec(id: "note0", title: "Release notes", color: Color(hex: "#E3F2FD")!, size: Size(width: 343, height: 44))
    first.subtitle = "Cells measure themselves with the typesetter that draws them, so a long body wraps onto the lines it needs."
    var second = ItemSpec(id: "note1", title: "Below", color: Color(hex: "#FFF3E0")!, size: Size(width: 343, height: 44))
    second.subtitle = "Moves when the note above changes."
    let notes = CollectionViewSpec(frame: Rect(x: 0, y: 0, width: 375, height: 400), layout: flow,
                                   sections: [SectionSpec(id: "notes", items: [first, second])])
    var scene = Scene(name: "notes", canvas: Canvas(width: 375, height: 400, scale: 1), fps: 30, duration: 1, collectionView: notes)
    scene.script = [ScriptStep(time: 0.2, action: .performBatchUpdates([.reload(id: "note0", ItemPatch(subtitle: "Shorter now."))],
                                                                        timing: .standard, completion: []))]
    return scene
}
// MARK: end
