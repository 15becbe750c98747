import XCTest
import UIKit
import Flipbook

/// A list's swipe actions from UIKit code: `trailingSwipeActionsConfigurationProvider` asked
/// when a swipe begins, with the row's index path as the data is then, and each action's
/// handler run when it is performed — the app's code deciding what happens to the row.
final class UIKitSwipeActionsTests: XCTestCase {
    /// Eight 44 pt rows (a plain list's one-line rows, UITableView's default rowHeight), a Delete
    /// that removes the row from a diffable snapshot and a Flag that only records.
    final class Inbox {
        let cv = UICollectionView(frame: CGRect(x: 0, y: 0, width: 375, height: 600),
                                  collectionViewLayout: UICollectionViewFlowLayout())
        var dataSource: UICollectionViewDiffableDataSource<Int, String>!
        var asked: [IndexPath] = []
        var flagged: [IndexPath] = []
        var deleted: [String] = []

        init(editing: Bool = false) {
            cv.isEditing = editing
            var configuration = UICollectionLayoutListConfiguration(appearance: .plain)
            configuration.trailingSwipeActionsConfigurationProvider = { [unowned self] indexPath in
                self.asked.append(indexPath)
                let delete = UIContextualAction(style: .destructive, title: "Delete") { [unowned self] _, _, done in
                    guard let id = self.dataSource.itemIdentifier(for: indexPath) else { return done(false) }
                    self.deleted.append(id)
                    var snapshot = self.dataSource.snapshot()
                    snapshot.deleteItems([id])
                    self.dataSource.apply(snapshot)
                    done(true)
                }
                let flag = UIContextualAction(style: .normal, title: "Flag") { [unowned self] _, _, done in
                    self.flagged.append(indexPath)
                    done(true)
                }
                flag.backgroundColor = .systemOrange
                return UISwipeActionsConfiguration(actions: [delete, flag])
            }
            cv.collectionViewLayout = UICollectionViewCompositionalLayout.list(using: configuration)
            let registration = UICollectionView.CellRegistration<UICollectionViewListCell, String> { cell, _, id in
                var content = cell.defaultContentConfiguration()
                content.text = "Row " + id
                cell.contentConfiguration = content
                cell.accessories = [.delete(), .disclosureIndicator()]
            }
            dataSource = UICollectionViewDiffableDataSource<Int, String>(collectionView: cv) { cv, indexPath, id in
                cv.dequeueConfiguredReusableCell(using: registration, for: indexPath, item: id)
            }
            var snapshot = NSDiffableDataSourceSnapshot<Int, String>()
            snapshot.appendSections([0])
            snapshot.appendItems((0..<8).map { "r\($0)" })
            dataSource.apply(snapshot, animatingDifferences: false)
        }
    }

    func drag(at time: Double, row: Int, from x0: Double, to x1: Double, duration: Double, hold: Double = 0) -> TouchTrack {
        let y = 44 * Double(row) + 22
        var segments = [TouchTrack.Segment(to: Point(x: x1, y: y), duration: duration)]
        if hold > 0 { segments.append(.init(to: Point(x: x1, y: y), duration: hold)) }
        return TouchTrack(finger: 1, downTime: time, downPoint: Point(x: x0, y: y), segments: segments)
    }
    func tap(at time: Double, x: Double, row: Int) -> TouchTrack {
        let p = Point(x: x, y: 44 * Double(row) + 22)
        return TouchTrack(finger: 1, downTime: time, downPoint: p, segments: [.init(to: p, duration: 0.05)])
    }
    func cell(_ id: String, _ f: TimelineFrame) -> DrawItem? { f.items.first { $0.id == id && $0.kind == .cell } }

    func testHandlersDecideAndProvidersAreAskedWithTodaysIndexPaths() throws {
        let inbox = Inbox()
        let touches = [
            // Row 1 opened (150 pt, past half of the two 74 pt buttons), then Flag tapped: the
            // inner button, 74 pt in from the 148 revealed.
            drag(at: 0.1, row: 1, from: 330, to: 180, duration: 0.5, hold: 0.2),
            tap(at: 1.3, x: 375 - 148 + 37, row: 1),
            // Row 3 swiped fully: Delete performed; then the row that was 5, now at index 4.
            drag(at: 2.0, row: 3, from: 360, to: 40, duration: 0.3),
            drag(at: 3.5, row: 4, from: 360, to: 40, duration: 0.3),
        ]
        let t = try Simulator.run(Scene(name: "inbox", canvas: Canvas(width: 375, height: 600, scale: 1, background: .white),
                                        duration: 5, collectionView: inbox.cv, touches: touches))
        // Open on its actions before the tap, Delete's red and Flag's orange drawn beside it.
        let open = t.frames[72]
        XCTAssertEqual(try XCTUnwrap(cell("r1", open)).frame.minX, -148, accuracy: 1e-9)
        XCTAssertTrue(open.items.contains { $0.kind == .swipeActions })
        // Flag: its handler ran with row 1's index path, and the row closed, still there.
        XCTAssertEqual(inbox.flagged, [IndexPath(item: 1, section: 0)])
        XCTAssertEqual(try XCTUnwrap(cell("r1", t.frames[115])).frame.minX, 0)
        // The full swipes: Delete ran for r3, then for r5 — asked at index path 4, where the
        // data had it after r3 was gone — and the rows below closed both gaps.
        XCTAssertEqual(inbox.deleted, ["r3", "r5"])
        XCTAssertEqual(inbox.asked.last, IndexPath(item: 4, section: 0))
        let last = try XCTUnwrap(t.frames.last)
        XCTAssertNil(cell("r3", last))
        XCTAssertNil(cell("r5", last))
        XCTAssertEqual(["r0", "r1", "r2", "r4", "r6", "r7"].map { cell($0, last)?.frame.minY }, [0, 44, 88, 132, 176, 220])
        XCTAssertFalse(last.items.contains { $0.kind == .swipeActions }, "the deleted rows' actions went with them")
    }

    /// UICellAccessory's displayed states (delete: .whenEditing by default): the minus shows only
    /// while the list is editing, and a tap on it shows the row's trailing actions, whose
    /// Delete then runs the app's handler.
    func testEditingShowsTheMinusWhoseTapRevealsTheActions() throws {
        func symbols(_ f: TimelineFrame, _ id: String) -> [SymbolElement.Kind] {
            (cell(id, f)?.appearance.content ?? []).compactMap { if case .symbol(let s) = $0 { return s.kind } else { return nil } }
        }
        let canvas = Canvas(width: 375, height: 600, scale: 1, background: .white)
        let idle = try Simulator.run(Scene(name: "inbox", canvas: canvas, duration: 0.1, collectionView: Inbox().cv))
        XCTAssertFalse(symbols(idle.frames[0], "r1").contains(.delete), "not editing: no minus")
        XCTAssertTrue(symbols(idle.frames[0], "r1").contains(.disclosureIndicator))
        let inbox = Inbox(editing: true)
        let t = try Simulator.run(Scene(name: "inbox", canvas: canvas, duration: 2, collectionView: inbox.cv, touches: [
            tap(at: 0.2, x: 27, row: 1),                 // the minus, at the 16 pt margin
            tap(at: 1.0, x: 375 - 37, row: 1),           // then Delete, the outer button
        ]))
        XCTAssertTrue(symbols(t.frames[0], "r1").contains(.delete), "editing: the minus")
        XCTAssertEqual(try XCTUnwrap(cell("r1", t.frames[55])).frame.minX, -2 * 74, accuracy: 1e-6, "open on Delete and Flag")
        XCTAssertEqual(inbox.deleted, ["r1"])
        XCTAssertNil(cell("r1", try XCTUnwrap(t.frames.last)))
    }
}
