import XCTest
import UIKit
import Flipbook

/// An app's own gesture recognizer on the collection view, driven by the scene's touches: a
/// long press that reorders, written as an app writes it (the handler in place of #selector),
/// reading `location(in:)`, `visibleCells` and each cell's `frame` in the view's content
/// coordinates, and calling `moveItem` as the finger passes over another cell.
final class GestureRecognizerTests: XCTestCase {
    final class Grid: NSObject, UICollectionViewDataSource {
        var items = Array(0..<9)
        var states: [UIGestureRecognizer.State] = []
        var pressedAt: CGPoint?
        var moving: IndexPath?
        let cv: UICollectionView

        init(offset: CGFloat) {
            let layout = UICollectionViewFlowLayout()
            layout.itemSize = CGSize(width: 100, height: 100)
            layout.minimumLineSpacing = 0
            layout.minimumInteritemSpacing = 0
            cv = UICollectionView(frame: CGRect(x: 0, y: 0, width: 300, height: 200), collectionViewLayout: layout)
            super.init()
            cv.register(UICollectionViewCell.self, forCellWithReuseIdentifier: "c")
            cv.dataSource = self
            cv.contentOffset = CGPoint(x: 0, y: offset)
            let press = UILongPressGestureRecognizer { [unowned self] g in self.longPress(g) }
            press.minimumPressDuration = 0.2
            cv.addGestureRecognizer(press)
        }

        func longPress(_ g: UILongPressGestureRecognizer) {
            states.append(g.state)
            let p = g.location(in: cv)
            switch g.state {
            case .began:
                moving = cv.indexPathForItem(at: p)
                if let ip = moving, let cell = cv.cellForItem(at: ip) { pressedAt = g.location(in: cell) }
            case .changed:
                guard let from = moving else { return }
                for cell in cv.visibleCells {
                    guard let to = cv.indexPath(for: cell), to != from, cell.frame.contains(p) else { continue }
                    items.insert(items.remove(at: from.item), at: to.item)
                    cv.moveItem(at: from, to: to)
                    moving = to
                    break
                }
            default: moving = nil
            }
        }

        func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int { items.count }
        func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell {
            let cell = collectionView.dequeueReusableCell(withReuseIdentifier: "c", for: indexPath)
            cell.backgroundColor = .systemBlue
            return cell
        }
    }

    func testALongPressHandlerReordersAsTheFingerPasses() throws {
        // Scrolled down 100 pt: the second row (items 3, 4, 5) is at the top of the view.
        let grid = Grid(offset: 100)
        let press = TouchTrack(finger: 1, downTime: 0.3, downPoint: Point(x: 30, y: 60),
                               segments: [.init(to: Point(x: 30, y: 60), duration: 0.3), .init(to: Point(x: 250, y: 60), duration: 0.5),
                                          .init(to: Point(x: 250, y: 60), duration: 0.1)])
        let t = try Simulator.run(Scene(name: "reorder", canvas: Canvas(width: 300, height: 200, scale: 1), duration: 2.5,
                                        collectionView: grid.cv, touches: [press]))
        // Began 0.2 s after the touch, on item 3 (content y 100–200), 30 pt in and 60 pt down it.
        XCTAssertEqual(grid.states.first, .began)
        XCTAssertEqual(grid.states.last, .ended)
        XCTAssertGreaterThan(grid.states.filter { $0 == .changed }.count, 20)
        XCTAssertEqual(grid.pressedAt, CGPoint(x: 30, y: 60))
        // Passing over items 4 and 5 moved item 3 to the end of the row, where the finger let go.
        XCTAssertEqual(grid.items, [0, 1, 2, 4, 5, 3, 6, 7, 8])
        let last = try XCTUnwrap(t.frames.last)
        func x(_ id: String) -> Double? { last.items.first { $0.id == id && $0.kind == .cell }?.frame.minX }
        XCTAssertEqual([x("0-4"), x("0-5"), x("0-3")], [0, 100, 200])
        // No selection happened: the long press took the touch.
        XCTAssertFalse(t.frames.contains { $0.recognizers.contains { $0.name == "collectionView.select" && $0.state == .ended } })
    }

    /// An app's double tap and the single tap that requires it to fail (UIKit's require(toFail:),
    /// the pattern Apple's UIGestureRecognizer page describes): two taps 0.2 s apart call the
    /// double tap's handler once and the single tap's never; one tap calls the single tap's
    /// once the double tap has waited 0.35 s for a second (UIKit's unpublished default, cited at
    /// TapGestureRecognizer). Three taps of two fingers are still one line.
    func testADoubleTapAndASingleTapThatWaitsForIt() throws {
        func run(_ downTimes: [Double]) throws -> (single: [Double], double: [Double]) {
            let grid = Grid(offset: 0)
            var singles: [Double] = [], doubles: [Double] = []
            var now = 0.0
            let double = UITapGestureRecognizer { g in if g.state == .ended { doubles.append(now) } }
            double.numberOfTapsRequired = 2
            let single = UITapGestureRecognizer { g in if g.state == .ended { singles.append(now) } }
            single.require(toFail: double)
            grid.cv.addGestureRecognizer(single)
            grid.cv.addGestureRecognizer(double)
            let p = Point(x: 150, y: 100)
            let taps = downTimes.map { TouchTrack(finger: 1, downTime: $0, downPoint: p, segments: [.init(to: p, duration: 0.08)]) }
            // A code step each frame keeps `now` the scene's time for the handlers.
            let ticks = (1...120).map { i in SceneStep.at(Double(i) / 60) { now = Double(i) / 60 } }
            _ = try Simulator.run(Scene(name: "taps", canvas: Canvas(width: 300, height: 200, scale: 1), fps: 60, duration: 2,
                                        collectionView: grid.cv, script: ticks, touches: taps))
            return (singles, doubles)
        }
        let quick = try run([0.2, 0.4])
        XCTAssertEqual(quick.double.count, 1)
        XCTAssertEqual(quick.single, [])
        let one = try run([0.2])
        XCTAssertEqual(one.double, [])
        XCTAssertEqual(one.single.count, 1)
        XCTAssertEqual(try XCTUnwrap(one.single.first), 0.63, accuracy: 1.0 / 60 + 1e-9, "0.28 s lifted + 0.35 s")

        let grid = Grid(offset: 0)
        let triple = UITapGestureRecognizer { _ in }
        triple.numberOfTouchesRequired = 2
        grid.cv.addGestureRecognizer(triple)
        XCTAssertThrowsError(try Simulator.run(Scene(name: "two", canvas: Canvas(width: 300, height: 200, scale: 1), duration: 0.2,
                                                     collectionView: grid.cv))) { error in
            XCTAssertTrue("\(error)".contains("a UITapGestureRecognizer of 1 taps and 2 touches is not driven yet"), "\(error)")
        }
    }

    /// UICollectionView's interactive movement (the iOS 9 API article 3 names) from a long press:
    /// the item's centre follows the finger, the others make room at the index path under it
    /// (the layout's default targetIndexPath), and at the end the data source's moveItemAt is
    /// told once and the item settles into its slot over 0.25 s.
    func testInteractiveMovementFollowsTheFinger() throws {
        final class Source: NSObject, UICollectionViewDataSource {
            var items = Array(0..<6)
            var moves: [(IndexPath, IndexPath)] = []
            func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int { items.count }
            func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell {
                let cell = collectionView.dequeueReusableCell(withReuseIdentifier: "c", for: indexPath)
                cell.backgroundColor = .systemTeal
                return cell
            }
            func collectionView(_ collectionView: UICollectionView, moveItemAt sourceIndexPath: IndexPath, to destinationIndexPath: IndexPath) {
                moves.append((sourceIndexPath, destinationIndexPath))
                items.insert(items.remove(at: sourceIndexPath.item), at: destinationIndexPath.item)
            }
        }
        let layout = UICollectionViewFlowLayout()
        layout.itemSize = CGSize(width: 100, height: 100)
        layout.minimumLineSpacing = 0
        layout.minimumInteritemSpacing = 0
        let cv = UICollectionView(frame: CGRect(x: 0, y: 0, width: 300, height: 200), collectionViewLayout: layout)
        cv.register(UICollectionViewCell.self, forCellWithReuseIdentifier: "c")
        let source = Source()
        cv.dataSource = source
        let press = UILongPressGestureRecognizer { g in
            switch g.state {
            case .began: if let ip = cv.indexPathForItem(at: g.location(in: cv)) { cv.beginInteractiveMovementForItem(at: ip) }
            case .changed: cv.updateInteractiveMovementTargetPosition(g.location(in: cv))
            case .ended: cv.endInteractiveMovement()
            default: cv.cancelInteractiveMovement()
            }
        }
        cv.addGestureRecognizer(press)
        let touch = TouchTrack(finger: 1, downTime: 0.2, downPoint: Point(x: 30, y: 40),
                               segments: [.init(to: Point(x: 30, y: 40), duration: 0.6), .init(to: Point(x: 250, y: 40), duration: 0.5),
                                          .init(to: Point(x: 250, y: 40), duration: 0.1)])
        let t = try Simulator.run(Scene(name: "interactive", canvas: Canvas(width: 300, height: 200, scale: 1), fps: 60, duration: 2,
                                        collectionView: cv, touches: [touch]))
        func item(_ id: String, _ k: Int) -> DrawItem? { t.frames[k].items.first { $0.id == id } }
        // Halfway along the drag (1.05 s, frame 63): the moving item centred on the finger, its cell hidden.
        let finger = try XCTUnwrap(t.frames[63].touches.first).location
        let moving = try XCTUnwrap(item("0-0.snapshot", 63))
        XCTAssertEqual(moving.frame.midX, finger.x, accuracy: 1e-6)
        XCTAssertEqual(moving.frame.midY, finger.y, accuracy: 1e-6)
        XCTAssertNotEqual(item("0-0", 63)?.isDrawn, true)
        // Told once, from where it began to where it ended; settled and shown at its slot.
        XCTAssertEqual(source.moves.map { [$0.0.item, $0.1.item] }, [[0, 2]])
        XCTAssertEqual(source.items, [1, 2, 0, 3, 4, 5])
        let last = try XCTUnwrap(t.frames.last)
        XCTAssertNil(last.items.first { $0.id == "0-0.snapshot" })
        XCTAssertEqual(last.items.first { $0.id == "0-0" }?.frame.minX, 200)
        XCTAssertEqual(last.items.first { $0.id == "0-1" }?.frame.minX, 0)
    }
}

/// The collection view's delegate hears the scroll view's callbacks as UIKit calls them —
/// scrollViewWillBeginDragging once, scrollViewDidScroll on every display refresh while the
/// content moves, with contentOffset where it is then, scrollViewDidEndDecelerating once — and
/// what it does to the cells it reaches (visibleCells) is drawn.
final class ScrollCallbackTests: XCTestCase {
    final class Feed: NSObject, UICollectionViewDataSource, UICollectionViewDelegateFlowLayout {
        var began = 0, ended = 0
        var offsets: [CGFloat] = []
        func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int { 40 }
        func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell {
            let cell = collectionView.dequeueReusableCell(withReuseIdentifier: "c", for: indexPath)
            cell.contentView.backgroundColor = .white
            return cell
        }
        func scrollViewWillBeginDragging(_ scrollView: UIScrollView) { began += 1 }
        func scrollViewDidEndDecelerating(_ scrollView: UIScrollView) { ended += 1 }
        func scrollViewDidScroll(_ scrollView: UIScrollView) {
            offsets.append(scrollView.contentOffset.y)
            // Past 200 pt the rows on screen turn grey, as a "scrolled" look an app might set.
            guard let cv = scrollView as? UICollectionView else { return }
            for cell in cv.visibleCells { cell.contentView.backgroundColor = scrollView.contentOffset.y > 200 ? .systemGray : .white }
        }
    }

    func testScrollCallbacksRunWithTheOffsetThen() throws {
        let layout = UICollectionViewFlowLayout()
        layout.itemSize = CGSize(width: 300, height: 50)
        layout.minimumLineSpacing = 0
        let cv = UICollectionView(frame: CGRect(x: 0, y: 0, width: 300, height: 400), collectionViewLayout: layout)
        cv.register(UICollectionViewCell.self, forCellWithReuseIdentifier: "c")
        let feed = Feed()
        cv.dataSource = feed
        cv.delegate = feed
        let flick = TouchTrack.flick(at: 0.3, from: Point(x: 150, y: 350), velocity: Point(x: 0, y: -1500))
        let t = try Simulator.run(Scene(name: "feed", canvas: Canvas(width: 300, height: 400, scale: 1), fps: 60, duration: 6, collectionView: cv, touches: [flick]))
        XCTAssertEqual(feed.began, 1)
        XCTAssertEqual(feed.ended, 1)
        XCTAssertGreaterThan(feed.offsets.count, 30)
        XCTAssertEqual(feed.offsets, feed.offsets.sorted(), "the offset grows while the content moves up")
        let last = try XCTUnwrap(t.frames.last)
        XCTAssertEqual(Double(try XCTUnwrap(feed.offsets.last)), last.contentOffset.y, accuracy: 1e-6, "the last call saw where it stopped")
        XCTAssertGreaterThan(last.contentOffset.y, 200)
        // The rows on screen at the end were turned grey by the delegate (systemGray #8E8E93).
        let grey = Color(red: 142 / 255, green: 142 / 255, blue: 147 / 255)
        let row = try XCTUnwrap(last.items.first { $0.kind == .cell && $0.frame.minY >= 0 })  // canvas coordinates
        XCTAssertTrue(row.appearance.content.contains { if case .rect(let r) = $0 { return r.color == grey } else { return false } } || row.appearance.background == grey,
                      "\(row.id) drawn grey")
        XCTAssertEqual(t.frames[0].items.first { $0.id == "0-0" }?.appearance.background, .white)
    }
}

/// An interactive layout transition driven by a pan, as a Photos-like pinch drives one: started
/// when the pan begins, `transitionProgress` from the finger's travel, finished past halfway.
/// Items sit at the interpolation of their two places at that progress, end in the new
/// layout's, which becomes the view's, and the completion runs once the 0.25 s settle ends.
final class InteractiveTransitionTests: XCTestCase {
    func testAPanDrivesTheTransition() throws {
        func flow(_ side: CGFloat) -> UICollectionViewFlowLayout {
            let l = UICollectionViewFlowLayout()
            l.itemSize = CGSize(width: side, height: side)
            l.minimumLineSpacing = 0
            l.minimumInteritemSpacing = 0
            return l
        }
        let small = flow(75), big = flow(150)
        let cv = UICollectionView(frame: CGRect(x: 0, y: 0, width: 300, height: 600), collectionViewLayout: small)
        cv.register(UICollectionViewCell.self, forCellWithReuseIdentifier: "c")
        let source = CellSource([8], identifier: "c") { cell, _ in cell.backgroundColor = .systemIndigo }
        cv.dataSource = source
        var transition: UICollectionViewTransitionLayout?
        var completions: [(Bool, Bool)] = []
        let pan = UIPanGestureRecognizer { g in
            switch g.state {
            case .began: transition = cv.startInteractiveTransition(to: big) { completions.append(($0, $1)) }
            case .changed: transition?.transitionProgress = min(1, max(0, g.translation(in: cv).y / 200))
            case .ended: if (transition?.transitionProgress ?? 0) > 0.5 { cv.finishInteractiveTransition() } else { cv.cancelInteractiveTransition() }
            default: cv.cancelInteractiveTransition()
            }
        }
        cv.addGestureRecognizer(pan)
        cv.isScrollEnabled = false  // the pan alone on the touch (the scroll view's, recognising as early, would take it)
        // Down 160 pt over 0.8 s, linear, held still, then lifted.
        let touch = TouchTrack(finger: 1, downTime: 0.2, downPoint: Point(x: 150, y: 100),
                               segments: [.init(to: Point(x: 150, y: 260), duration: 0.8), .init(to: Point(x: 150, y: 260), duration: 0.2)])
        let t = try Simulator.run(Scene(name: "transition", canvas: Canvas(width: 300, height: 600, scale: 1), fps: 60, duration: 2,
                                        collectionView: cv, touches: [touch]))
        func side(_ k: Int, _ id: String = "0-1") -> Double? { t.frames[k].items.first { $0.id == id && $0.kind == .cell }?.frame.width }
        // While held still (frame 66, 1.1 s): the progress the recognizer last set, its size between 75 and 150.
        let p = try XCTUnwrap(transition).transitionProgress
        XCTAssertGreaterThan(p, 0.5)
        XCTAssertEqual(try XCTUnwrap(side(66)), 75 + (150 - 75) * Double(p), accuracy: 1e-6)
        // Finished: the new layout's 150 pt items, the view's layout the new object, the completion once.
        XCTAssertEqual(side(119), 150)
        XCTAssertTrue(cv.collectionViewLayout === big)
        XCTAssertEqual(completions.count, 1)
        XCTAssertEqual(completions.first?.0, true)
    }
}
