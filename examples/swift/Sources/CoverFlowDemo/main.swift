import Foundation
import Flipbook
import FlipbookCLI

// MARK: command
// `CoverFlowDemo flipbook render carousel.json` is the whole flipbook command, with the
// carousel's layout known to scene files: render, validate, diff, check, report, help.
if CommandLine.arguments.dropFirst().first == "flipbook" {
    FlipbookCommand.main(layouts: [CoverFlowLayout.self], arguments: Array(CommandLine.arguments.dropFirst()))
}
// MARK: end

// MARK: scene
/// A scene built in code: a carousel of ten cards, a finger that flicks it, and a tap that
/// spins the card it lands on.
func makeScene() -> Scene {
    let palette = ["#FF3B30", "#FF9500", "#FFCC00", "#34C759", "#5AC8FA", "#007AFF", "#5856D6", "#AF52DE", "#FF2D55", "#8E8E93"]
    let cards = palette.enumerated().map { i, hex in
        ItemSpec(id: "card\(i)", title: "Card \(i + 1)", color: Color(hex: hex)!)
    }
    var carousel = CollectionViewSpec(frame: Rect(x: 0, y: 120, width: 375, height: 300),
                                      layout: CoverFlowLayout(),
                                      sections: [SectionSpec(id: "cards", items: cards)])
    carousel.alwaysBounceHorizontal = true
    carousel.cell.titleAlignment = .center

    var scene = Scene(name: "cover-flow", canvas: Canvas(width: 375, height: 540, scale: 1),
                      fps: 30, duration: 3, collectionView: carousel)
    // A finger flicks the carousel left, then taps the card at the centre.
    let flickStart = Point(x: 300, y: 270)
    scene.touches = [
        TouchTrack(finger: 1, downTime: 0.2, downPoint: flickStart,
                   segments: [.init(to: Point(x: 200, y: 270), duration: 0.1)]),
        TouchTrack(finger: 1, downTime: 2.0, downPoint: Point(x: 187.5, y: 270),
                   segments: [.init(to: Point(x: 187.5, y: 270), duration: 0.08)]),
    ]
    // A key-frame animation from the script: the last card pulses at 0.5 s.
    let pulse = KeyframeAnimation<PropertyValue>(values: [.number(1), .number(0.4), .number(1)], duration: 0.5)
    scene.script = [ScriptStep(time: 0.5, action: .addAnimation(item: "card9", KeyframeSpec(key: "pulse", property: .alpha, animation: pulse),
                                                               beginOffset: 0))]
    scene.effect = SpinOnTapEffect.Configuration()
    return scene
}
// MARK: end

// MARK: render
/// Simulates the scene and writes PNG frames and keyframes.json into `directory`.
func render(_ scene: Scene, to directory: URL) throws -> Timeline {
    let timeline = try Simulator.run(scene)
    try RenderPipeline.render(timeline, formats: [.frames(PNGFormat()), .timeline(KeyframesJSONFormat())], to: directory)
    return timeline
}
// MARK: end

// MARK: validate
/// A scene built in code is checked like a scene file: this one names an item that is not there.
func brokenScene() -> Scene {
    var scene = makeScene()
    scene.script.append(ScriptStep(time: 1, action: .set([PropertyChange(item: "card99", values: [(.alpha, .number(0))])])))
    return scene
}
// MARK: end

let output = URL(fileURLWithPath: CommandLine.arguments.dropFirst().first ?? "output/cover-flow")
do {
    let timeline = try render(makeScene(), to: output)
    print("cover-flow: \(timeline.frames.count) frames → \(output.path)")
    for name in ["keyframes.json", "frame-00000.png", "frame-00089.png"]
    where !FileManager.default.fileExists(atPath: output.appendingPathComponent(name).path) {
        print("cover-flow: \(name) was not written")
        exit(1)
    }
    do {
        _ = try Simulator(scene: brokenScene())
        print("cover-flow: the broken scene was accepted")
        exit(1)
    } catch let error as InputError {
        print("cover-flow: rejected as expected: \(error)")
    }
    // The compositional feed: the carousel pages one card, its neighbours scaled by the handler.
    let feed = try Simulator.run(makeFeedScene())
    let last = feed.frames[42]  // 1.4 s: the carousel at rest, before the feed scrolls
    guard let page = last.scrollViews.first(where: { $0.id == "collectionView.stories" })?.contentOffset.x,
          let neighbour = last.items.first(where: { $0.id == "story2" }), neighbour.scale < 0.99,
          let centred = last.items.first(where: { $0.id == "story1" }), abs(centred.frame.midX - 187.5) < 1 else {
        print("cover-flow: the feed's carousel did not page to a scaled, centred card")
        exit(1)
    }
    print("cover-flow: feed carousel at \(page), neighbour scale \(neighbour.scale)")
    // The inbox: the second row swiped open on its two actions.
    let inbox = try Simulator.run(makeInboxScene()).frames.last!
    guard let row = inbox.items.first(where: { $0.id == "mail1" }), row.frame.minX == -2 * RowSwipe.buttonWidth,
          inbox.items.contains(where: { $0.id == "mail1.0.actions" }) else {
        print("cover-flow: the inbox row did not swipe open")
        exit(1)
    }
    print("cover-flow: inbox row open by \(-row.frame.minX) pt")
    // The notes: measured from their text, and the second follows the first's new height.
    let notes = try Simulator.run(makeNotesScene())
    let start = notes.frames[0].items.filter { $0.kind == .cell }, end = notes.frames.last!.items.filter { $0.kind == .cell }
    guard start.count == 2, end.count == 2, start[0].frame.height > 80, end[0].frame.height < start[0].frame.height,
          end[1].frame.minY == end[0].frame.maxY + 8 else {
        print("cover-flow: the notes did not size themselves")
        exit(1)
    }
    print("cover-flow: notes \(start[0].frame.height) pt, then \(end[0].frame.height) pt")
    let json = """
    {"canvas": {"width": 375, "height": 300, "scale": 1}, "duration": 1,
     "collectionView": {"layout": {"type": "coverFlow", "spacing": 30},
                        "sections": [{"id": "s", "items": [{"id": "a", "title": "A"}, {"id": "b", "title": "B"}]}]}}
    """
    let fromFile = try decodeCarouselScene(json, file: "carousel.json")
    print("cover-flow: carousel.json decoded, spacing \((fromFile.collectionView.layout as? CoverFlowLayout)?.spacing ?? -1)")
    do {
        _ = try decodeCarouselScene(json.replacingOccurrences(of: "\"spacing\": 30", with: "\"spacing\": -1"), file: "carousel.json")
        print("cover-flow: a negative spacing was accepted")
        exit(1)
    } catch let error as InputError {
        print("cover-flow: rejected as expected: \(error)")
    }
} catch {
    FileHandle.standardError.write(Data("cover-flow: \(error)\n".utf8))
    exit(1)
}
