import XCTest
import UIKit
import Flipbook

/// Highlight and selection as Apple's "Changing the appearance of selected and highlighted
/// cells" sample shows them: a red background view, a blue selected background view, and a
/// delegate that colours the content view in didHighlightItemAt and clears it in
/// didUnhighlightItemAt. A resting finger highlights after the scroll view's 150 ms delay;
/// lifting it unhighlights and selects; a quick tap is highlighted and unhighlighted as it ends;
/// a finger that moves away (a scroll) only unhighlights.
final class HighlightTests: XCTestCase {
    final class SampleCell: UICollectionViewCell {
        override init(frame: CGRect) {
            super.init(frame: frame)
            let redView = UIView(frame: bounds)
            redView.backgroundColor = UIColor(red: 1, green: 0, blue: 0, alpha: 1)
            backgroundView = redView
            let blueView = UIView(frame: bounds)
            blueView.backgroundColor = UIColor(red: 0, green: 0, blue: 1, alpha: 1)
            selectedBackgroundView = blueView
        }
        required init?(coder: NSCoder) { fatalError() }
    }

    final class Delegate: NSObject, UICollectionViewDelegate {
        var calls: [String] = []
        func collectionView(_ collectionView: UICollectionView, didHighlightItemAt indexPath: IndexPath) {
            calls.append("highlight \(indexPath.item)")
            collectionView.cellForItem(at: indexPath)?.contentView.backgroundColor = UIColor(red: 1, green: 0.4932718873, blue: 0.4739984274, alpha: 1)
        }
        func collectionView(_ collectionView: UICollectionView, didUnhighlightItemAt indexPath: IndexPath) {
            calls.append("unhighlight \(indexPath.item)")
            collectionView.cellForItem(at: indexPath)?.contentView.backgroundColor = nil
        }
        func collectionView(_ collectionView: UICollectionView, didSelectItemAt indexPath: IndexPath) { calls.append("select \(indexPath.item)") }
        func collectionView(_ collectionView: UICollectionView, didDeselectItemAt indexPath: IndexPath) { calls.append("deselect \(indexPath.item)") }
    }

    func press(at time: Double, item: Int, hold: Double, moveTo x: Double? = nil) -> TouchTrack {
        let p = Point(x: 50, y: 50 + 100 * Double(item))
        var segments = [TouchTrack.Segment(to: p, duration: hold)]
        if let x { segments.append(.init(to: Point(x: x, y: p.y), duration: 0.1)) }
        return TouchTrack(finger: 1, downTime: time, downPoint: p, segments: segments)
    }

    func testHighlightThenSelectAsApplesSampleShows() throws {
        let layout = UICollectionViewFlowLayout()
        layout.itemSize = CGSize(width: 100, height: 100)
        layout.minimumLineSpacing = 0
        let cv = UICollectionView(frame: CGRect(x: 0, y: 0, width: 100, height: 300), collectionViewLayout: layout)
        cv.register(SampleCell.self, forCellWithReuseIdentifier: "s")
        let source = CellSource([3], identifier: "s")
        let delegate = Delegate()
        cv.dataSource = source
        cv.delegate = delegate
        let canvas = Canvas(width: 100, height: 300, scale: 1, background: .white)
        let touches = [
            press(at: 0.5, item: 0, hold: 0.5),            // rests: highlighted at 0.65 s, selected at 1.0 s
            press(at: 1.5, item: 1, hold: 0.05),           // a quick tap: selected at 1.55 s
            press(at: 2.0, item: 2, hold: 0.3, moveTo: 90), // rests, then moves 40 pt: unhighlighted, not selected
        ]
        let t = try Simulator.run(Scene(name: "sample", canvas: canvas, fps: 60, duration: 2.6, collectionView: cv, touches: touches))
        func color(_ frame: Int, item: Int) throws -> (Int, Int, Int) {
            try Raster(drawing: t.frames[frame], canvas: canvas).rgb(50, 50 + 100 * item)
        }
        let red = (255, 0, 0), blue = (0, 0, 255), pink = (255, 126, 121)
        func check(_ frame: Int, _ item: Int, _ expected: (Int, Int, Int), _ what: String, line: UInt = #line) throws {
            let c = try color(frame, item: item)
            XCTAssertTrue(abs(c.0 - expected.0) <= 1 && abs(c.1 - expected.1) <= 1 && abs(c.2 - expected.2) <= 1, "\(what): \(c)", line: line)
        }
        try check(0, 0, red, "the background view at rest")
        try check(36, 0, red, "0.6 s: the touch is still delayed")
        try check(40, 0, pink, "0.67 s: highlighted, the delegate's colour over the selected background view")
        try check(61, 0, blue, "1.02 s: unhighlighted and selected: the selected background view")
        try check(94, 0, red, "1.57 s: deselected by the next tap")
        try check(94, 1, blue, "a quick tap selects")
        try check(131, 2, pink, "2.18 s: the third cell highlighted while the finger rests")
        try check(150, 2, red, "the finger moved away: unhighlighted, not selected")
        try check(150, 1, blue, "the selection stays")
        XCTAssertEqual(delegate.calls, ["highlight 0", "unhighlight 0", "select 0",
                                        "highlight 1", "unhighlight 1", "deselect 0", "select 1",
                                        "highlight 2", "unhighlight 2"])
    }
}

/// A cell styled the iOS 14 way: a configurationUpdateHandler that sets a background
/// configuration for the cell's state — white, grey while highlighted, blue once selected,
/// 8 pt corners, inset 4 pt — drawn in each state at known pixels.
final class BackgroundConfigurationTests: XCTestCase {
    func testTheHandlersBackgroundFollowsTheCellsState() throws {
        let layout = UICollectionViewFlowLayout()
        layout.itemSize = CGSize(width: 100, height: 100)
        let cv = UICollectionView(frame: CGRect(x: 0, y: 0, width: 100, height: 100), collectionViewLayout: layout)
        cv.register(UICollectionViewCell.self, forCellWithReuseIdentifier: "c")
        let grey = UIColor(white: 0.5, alpha: 1)
        let source = CellSource([1], identifier: "c") { cell, _ in
            cell.configurationUpdateHandler = { cell, state in
                var background = UIBackgroundConfiguration.listPlainCell().updated(for: state)
                background.backgroundColor = state.isSelected ? .systemBlue : state.isHighlighted ? grey : .white
                background.cornerRadius = 8
                background.backgroundInsets = NSDirectionalEdgeInsets(top: 4, leading: 4, bottom: 4, trailing: 4)
                cell.backgroundConfiguration = background
            }
        }
        cv.dataSource = source
        cv.backgroundColor = .black
        let canvas = Canvas(width: 100, height: 100, scale: 1, background: Color(red: 0, green: 0, blue: 0))
        let hold = TouchTrack(finger: 1, downTime: 0.2, downPoint: Point(x: 50, y: 50), segments: [.init(to: Point(x: 50, y: 50), duration: 0.4)])
        let t = try Simulator.run(Scene(name: "configured", canvas: canvas, fps: 60, duration: 0.8, collectionView: cv, touches: [hold]))
        func rgb(_ frame: Int, _ x: Int, _ y: Int) throws -> (Int, Int, Int) {
            try Raster(drawing: t.frames[frame], canvas: canvas).rgb(x, y)
        }
        XCTAssertEqual(try rgb(0, 50, 50).0, 255, "white at rest")
        XCTAssertEqual(try rgb(0, 2, 50).0, 0, "the 4 pt inset shows what is behind")
        XCTAssertEqual(try rgb(0, 5, 5).0, 0, "the 8 pt corner is rounded")
        XCTAssertEqual(try rgb(0, 6, 50).0, 255, "inside the inset")
        XCTAssertEqual(try rgb(30, 50, 50).0, 128, accuracy: 1, "grey while highlighted (0.5 s: after the 150 ms delay)")
        XCTAssertTrue(try rgb(40, 50, 50) == (0, 122, 255), "blue once selected (systemBlue)")
    }

    /// The system's own highlighted or selected list colour is not published: a list background
    /// left to it in such a state is one line, never a guessed colour.
    func testASystemListColourInAStateIsNamed() throws {
        let layout = UICollectionViewFlowLayout()
        layout.itemSize = CGSize(width: 100, height: 100)
        let cv = UICollectionView(frame: CGRect(x: 0, y: 0, width: 100, height: 100), collectionViewLayout: layout)
        cv.register(UICollectionViewCell.self, forCellWithReuseIdentifier: "c")
        let source = CellSource([1], identifier: "c") { cell, _ in
            cell.configurationUpdateHandler = { cell, state in cell.backgroundConfiguration = UIBackgroundConfiguration.listPlainCell().updated(for: state) }
        }
        cv.dataSource = source
        let tap = TouchTrack(finger: 1, downTime: 0.2, downPoint: Point(x: 50, y: 50), segments: [.init(to: Point(x: 50, y: 50), duration: 0.05)])
        XCTAssertThrowsError(try Simulator.run(Scene(name: "system", canvas: Canvas(width: 100, height: 100, scale: 1), duration: 0.6,
                                                     collectionView: cv, touches: [tap]))) { error in
            XCTAssertTrue("\(error)".contains("a list background configuration's system colour when highlighted or selected is not drawn yet"), "\(error)")
        }
    }
}
