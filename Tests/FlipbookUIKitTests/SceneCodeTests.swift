import XCTest
import UIKit
import Flipbook

/// An app's own calls at moments of the scene (SceneStep.at): a fold animated by an empty
/// performBatchUpdates inside UIView.animate (article 4's right way), a deletion, a completion
/// handler, an animated setContentOffset — each where UIKit's rules put it, frame by frame.
final class SceneCodeTests: XCTestCase {
    let canvas = Canvas(width: 375, height: 600, scale: 1, background: .white)

    /// Rows 60 pt tall, 160 when expanded, 10 pt apart, from the delegate as the article's
    /// view controller answers them.
    final class Rows: NSObject, UICollectionViewDataSource, UICollectionViewDelegateFlowLayout {
        var rows = [0, 1, 2, 3, 4]
        var expanded: Set<Int> = []
        func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int { rows.count }
        func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell {
            let cell = collectionView.dequeueReusableCell(withReuseIdentifier: "row", for: indexPath)
            cell.backgroundColor = .systemBlue
            return cell
        }
        func collectionView(_ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout, sizeForItemAt indexPath: IndexPath) -> CGSize {
            CGSize(width: 375, height: expanded.contains(rows[indexPath.item]) ? 160 : 60)
        }
    }

    func item(_ id: String, _ f: TimelineFrame) -> DrawItem? { f.items.first { $0.id == id && $0.kind == .cell } }

    /// The rows' collection view: a flow layout 10 pt between lines, the rows its data source and delegate.
    func rowsView() -> (UICollectionView, Rows) {
        let layout = UICollectionViewFlowLayout()
        layout.minimumLineSpacing = 10
        let cv = UICollectionView(frame: CGRect(x: 0, y: 0, width: 375, height: 600), collectionViewLayout: layout)
        cv.register(UICollectionViewCell.self, forCellWithReuseIdentifier: "row")
        let rows = Rows()
        cv.dataSource = rows
        cv.delegate = rows
        return (cv, rows)
    }

    func testCodeStepsAnimateAsUIKitDoes() throws {
        let (cv, rows) = rowsView()
        var completed = 0
        let scene = Scene(name: "fold", canvas: canvas, fps: 60, duration: 2.5, collectionView: cv, script: [
            .at(0.5) {
                rows.expanded.insert(1)
                UIView.animate(withDuration: 0.3, animations: { cv.performBatchUpdates(nil) }, completion: { _ in
                    completed += 1
                    cv.setContentOffset(CGPoint(x: 0, y: 20), animated: false)
                })
            },
            .at(1.2) {
                rows.rows.remove(at: 3)
                cv.performBatchUpdates({ cv.deleteItems(at: [IndexPath(item: 3, section: 0)]) })
            },
            .at(1.6) { cv.setContentOffset(CGPoint(x: 0, y: 50), animated: true) },
        ])
        let t = try Simulator.run(scene)
        func y(_ id: String, _ frame: Int) throws -> Double { try XCTUnwrap(item(id, t.frames[frame]), "\(id) at \(frame)").frame.minY }
        // Before the fold: row 2 under two 60 pt rows and their gaps.
        XCTAssertEqual(try y("0-2", 29), 2 * 70)
        // Halfway (0.15 s into 0.3 s, where ease-in-ease-out is at 0.5): half of the 100 pt.
        XCTAssertEqual(try y("0-2", 39), 140 + 50, accuracy: 1e-6)
        XCTAssertEqual(try XCTUnwrap(item("0-1", t.frames[39])).frame.height, 110, accuracy: 1e-6)
        // After it, and after the completion moved the offset to 20 pt.
        XCTAssertEqual(completed, 1)
        XCTAssertEqual(try y("0-2", 60), 240 - 20)
        // Row 3 deleted at 1.2 s; row 4 takes its place 0.25 s later.
        XCTAssertEqual(try y("0-4", 71), 70 + 170 + 2 * 70 - 20)
        XCTAssertEqual(try y("0-4", 90), 70 + 170 + 70 - 20, accuracy: 1e-6)
        XCTAssertNil(item("0-3", t.frames[90]), "the deleted row is gone")
        // The animated scroll ends at 50 pt after 0.25 s.
        XCTAssertEqual(t.frames[120].contentOffset.y, 50, accuracy: 1e-6)
        XCTAssertEqual(try y("0-4", 120), 310 - 50, accuracy: 1e-6)
        // The code changed the objects: run again, the data source no longer matches the
        // scene's items, and the run stops with one line, as UIKit raises on such an update.
        XCTAssertThrowsError(try Simulator.run(scene)) { error in
            XCTAssertTrue("\(error)".contains("the data source reports [4] items where the scene has [5]"), "\(error)")
            XCTAssertTrue("\(error)".contains("make it again to run it again"), "\(error)")
        }
    }

    /// A new layout object, animated over Core Animation's default 0.25 s, then new properties
    /// of it and invalidateLayout() inside UIView.animate over its 0.2 s: sizes halfway and at
    /// the end, at 40 fps (frames at exact quarter-seconds).
    func testLayoutChangesFromCode() throws {
        func flow(_ side: CGFloat) -> UICollectionViewFlowLayout {
            let l = UICollectionViewFlowLayout()
            l.itemSize = CGSize(width: side, height: side)
            return l
        }
        let cv = UICollectionView(frame: CGRect(x: 0, y: 0, width: 375, height: 600), collectionViewLayout: flow(100))
        cv.register(UICollectionViewCell.self, forCellWithReuseIdentifier: "row")
        let rows = Rows()
        cv.dataSource = rows
        let small = flow(50)
        let scene = Scene(name: "layouts", canvas: canvas, fps: 40, duration: 1.5, collectionView: cv, script: [
            .at(0.5) { cv.setCollectionViewLayout(small, animated: true) },
            .at(1.0) {
                UIView.animate(withDuration: 0.2, delay: 0, options: .curveLinear, animations: {
                    small.itemSize = CGSize(width: 80, height: 80)
                    small.invalidateLayout()
                })
            },
        ])
        let t = try Simulator.run(scene)
        func side(_ frame: Int) throws -> Double { try XCTUnwrap(item("0-0", t.frames[frame])).frame.width }
        XCTAssertEqual(try side(19), 100)
        XCTAssertEqual(try side(25), 75, accuracy: 1e-6, "halfway through 0.25 s of ease-in-ease-out")
        XCTAssertEqual(try side(30), 50)
        XCTAssertEqual(try side(42), 50 + 30 * 0.25, accuracy: 1e-6, "a quarter of the way through 0.2 s, linear")
        XCTAssertEqual(try side(44), 50 + 30 * 0.5, accuracy: 1e-6, "halfway")
        XCTAssertEqual(try side(48), 80)
    }

    /// View properties set in UIView.animate are not animated yet: the scene stops with one line.
    func testAnimatingAViewsPropertiesIsRefused() throws {
        let cv = UICollectionView(frame: CGRect(x: 0, y: 0, width: 375, height: 600), collectionViewLayout: UICollectionViewFlowLayout())
        cv.register(UICollectionViewCell.self, forCellWithReuseIdentifier: "row")
        let rows = Rows()
        cv.dataSource = rows
        let badge = UIView()
        let scene = Scene(name: "fade", canvas: canvas, duration: 1, collectionView: cv, script: [
            .at(0.5) { UIView.animate(withDuration: 0.3) { badge.alpha = 0 } },
        ])
        XCTAssertThrowsError(try Simulator.run(scene)) { error in
            XCTAssertTrue("\(error)".contains("UIView.animate in a code step made no change Flipbook draws"), "\(error)")
        }
    }

    /// A tap on a cell selects it as UICollectionView does, and the delegate's
    /// didSelectItemAt runs then: here it deletes the row, whose neighbours close the gap over
    /// the batch update's 0.25 s; the selected cell is isSelected until then.
    func testTapSelectsAndTheDelegateRuns() throws {
        final class Deleting: NSObject, UICollectionViewDelegateFlowLayout {
            let rows: Rows
            var selected: [IndexPath] = []
            init(_ rows: Rows) { self.rows = rows }
            func collectionView(_ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout, sizeForItemAt indexPath: IndexPath) -> CGSize {
                CGSize(width: 375, height: 60)
            }
            func collectionView(_ collectionView: UICollectionView, didSelectItemAt indexPath: IndexPath) {
                selected.append(indexPath)
                XCTAssertEqual(collectionView.cellForItem(at: indexPath)?.isSelected, true)
                rows.rows.remove(at: indexPath.item)
                collectionView.performBatchUpdates({ collectionView.deleteItems(at: [indexPath]) })
            }
        }
        let (cv, rows) = rowsView()
        let delegate = Deleting(rows)
        cv.delegate = delegate
        // A tap on row 2 (y 140-200): down at 0.5 s, up 0.08 s later.
        let tap = TouchTrack(finger: 1, downTime: 0.5, downPoint: Point(x: 187, y: 170), segments: [.init(to: Point(x: 187, y: 170), duration: 0.08)])
        let t = try Simulator.run(Scene(name: "tap", canvas: canvas, fps: 60, duration: 1.2, collectionView: cv, touches: [tap]))
        XCTAssertEqual(delegate.selected, [IndexPath(item: 2, section: 0)])
        func y(_ id: String, _ k: Int) -> Double? { item(id, t.frames[k])?.frame.minY }
        XCTAssertEqual(y("0-3", 30), 210)
        XCTAssertNotNil(item("0-2", t.frames[30]))
        // Ended at 0.58 s; the deletion's 0.25 s ease-in-ease-out is over by 0.83 s.
        XCTAssertEqual(y("0-3", 60), 140)
        XCTAssertNil(item("0-2", t.frames[60]))
        XCTAssertTrue(t.frames.contains { $0.recognizers.contains { $0.name == "collectionView.select" && $0.state == .ended } })
    }

    /// Sections in a data source's data, each with a header view the data source makes.
    final class Sections: NSObject, UICollectionViewDataSource {
        var sections: [[Int]] = [[0, 1], [2, 3]]
        func numberOfSections(in collectionView: UICollectionView) -> Int { sections.count }
        func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int { sections[section].count }
        func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell {
            let cell = collectionView.dequeueReusableCell(withReuseIdentifier: "row", for: indexPath)
            cell.backgroundColor = .systemBlue
            return cell
        }
        func collectionView(_ collectionView: UICollectionView, viewForSupplementaryElementOfKind kind: String, at indexPath: IndexPath) -> UICollectionReusableView {
            let header = collectionView.dequeueReusableSupplementaryView(ofKind: kind, withReuseIdentifier: "header", for: indexPath)
            header.backgroundColor = .systemGray
            return header
        }
    }

    /// insertSections and deleteSections in a code step, as UIKit animates them: the deleted
    /// section's header and rows fade where they are, the inserted one's fade in where they land,
    /// the section between slides — over Core Animation's 0.25 s ease-in-ease-out. Rows are
    /// 375 × 60, 10 apart, under 40 pt headers: a section of two rows is 40 + 130 = 170 pt.
    func testSectionChangesAnimateAsUIKitDoes() throws {
        let layout = UICollectionViewFlowLayout()
        layout.minimumLineSpacing = 10
        layout.itemSize = CGSize(width: 375, height: 60)
        layout.headerReferenceSize = CGSize(width: 0, height: 40)
        let cv = UICollectionView(frame: CGRect(x: 0, y: 0, width: 375, height: 600), collectionViewLayout: layout)
        cv.register(UICollectionViewCell.self, forCellWithReuseIdentifier: "row")
        cv.register(UICollectionReusableView.self, forSupplementaryViewOfKind: UICollectionView.elementKindSectionHeader, withReuseIdentifier: "header")
        let data = Sections()
        cv.dataSource = data
        var completed = false
        let scene = Scene(name: "sections", canvas: canvas, fps: 60, duration: 1.2, collectionView: cv, script: [
            .at(0.5) {
                // Section 0 deleted; a new section of one row inserted at index 1 (after the old section 1).
                data.sections = [[2, 3], [9]]
                cv.performBatchUpdates({
                    cv.deleteSections(IndexSet(integer: 0))
                    cv.insertSections(IndexSet(integer: 1))
                }, completion: { _ in completed = true })
            },
        ])
        let t = try Simulator.run(scene)
        func element(_ id: String, _ k: Int) -> DrawItem? { t.frames[k].items.first { $0.id == id } }
        let k = 37, q = TimingCurve.easeInEaseOut.value(at: (Double(k) / 60 - 0.5) / 0.25)
        // The deleted section's header and rows, where they were, fading.
        XCTAssertEqual(element("section0.header", k)?.frame.minY, 0)
        XCTAssertEqual(try XCTUnwrap(element("section0.header", k)).alpha, 1 - q, accuracy: 1e-9)
        XCTAssertEqual(element("0-1", k)?.frame.minY, 40 + 70)
        XCTAssertEqual(try XCTUnwrap(element("0-1", k)).alpha, 1 - q, accuracy: 1e-9)
        // The old section 1 slides from 170 to the top.
        XCTAssertEqual(try XCTUnwrap(element("section1.header", k)).frame.minY, 170 * (1 - q), accuracy: 1e-9)
        XCTAssertEqual(try XCTUnwrap(element("1-1", k)).frame.minY, 170 * (1 - q) + 110, accuracy: 1e-9)
        // The inserted section: its header at 170 and its row at 210, fading in.
        let inserted = try XCTUnwrap(t.frames[k].items.first { $0.id.hasSuffix(".header") && !["section0.header", "section1.header"].contains($0.id) })
        XCTAssertEqual(inserted.frame.minY, 170)
        XCTAssertEqual(inserted.alpha, q, accuracy: 1e-9)
        let row = try XCTUnwrap(t.frames[k].items.first { $0.kind == .cell && !["0-0", "0-1", "1-0", "1-1"].contains($0.id) })
        XCTAssertEqual(row.frame.minY, 210)
        XCTAssertEqual(row.alpha, q, accuracy: 1e-9)
        // After: two sections, everything opaque where the new data puts it; the completion ran.
        let end = t.frames.last!
        XCTAssertNil(element("section0.header", end.index))
        XCTAssertNil(element("0-0", end.index))
        XCTAssertEqual(end.items.filter { $0.id.hasSuffix(".header") }.map(\.frame.minY).sorted(), [0, 170])
        XCTAssertTrue(completed)
    }

    /// 375 × 60 rows 10 apart from a diffable data source keyed by `Section`.
    func diffableRows<Section: Hashable>(_: Section.Type) -> (UICollectionView, UICollectionViewDiffableDataSource<Section, String>) {
        let layout = UICollectionViewFlowLayout()
        layout.minimumLineSpacing = 10
        layout.itemSize = CGSize(width: 375, height: 60)
        let cv = UICollectionView(frame: CGRect(x: 0, y: 0, width: 375, height: 600), collectionViewLayout: layout)
        cv.register(UICollectionViewCell.self, forCellWithReuseIdentifier: "row")
        let dataSource = UICollectionViewDiffableDataSource<Section, String>(collectionView: cv) { cv, indexPath, _ in
            let cell = cv.dequeueReusableCell(withReuseIdentifier: "row", for: indexPath)
            cell.backgroundColor = .systemBlue
            return cell
        }
        return (cv, dataSource)
    }

    /// A diffable apply whose snapshot adds and removes sections: the same batch, from the
    /// section identifiers.
    func testDiffableApplyWithOtherSections() throws {
        let (cv, dataSource) = diffableRows(String.self)
        var snapshot = NSDiffableDataSourceSnapshot<String, String>()
        snapshot.appendSections(["today", "earlier"])
        snapshot.appendItems(["t1", "t2"], toSection: "today")
        snapshot.appendItems(["e1"], toSection: "earlier")
        dataSource.apply(snapshot, animatingDifferences: false)
        let scene = Scene(name: "diffable-sections", canvas: canvas, fps: 60, duration: 1.2, collectionView: cv, script: [
            .at(0.5) {
                var s = dataSource.snapshot()
                s.deleteSections(["today"])
                s.insertSections(["pinned"], beforeSection: "earlier")
                s.appendItems(["p1"], toSection: "pinned")
                s.appendItems(["e2"], toSection: "earlier")
                dataSource.apply(s)
            },
        ])
        let t = try Simulator.run(scene)
        func y(_ id: String, _ k: Int) -> Double? { item(id, t.frames[k])?.frame.minY }
        // A section of n rows is 60n + 10(n − 1) long, and sections meet without a gap.
        XCTAssertEqual(["t1", "t2", "e1"].map { y($0, 29) }, [0, 70, 130])
        // Mid-way: t1 and t2 fading where they were; p1 fading in at the top; e1 sliding from 130 to 60.
        let k = 37, q = TimingCurve.easeInEaseOut.value(at: (Double(k) / 60 - 0.5) / 0.25)
        XCTAssertEqual(try XCTUnwrap(item("t2", t.frames[k])).alpha, 1 - q, accuracy: 1e-9)
        XCTAssertEqual(try XCTUnwrap(item("p1", t.frames[k])).alpha, q, accuracy: 1e-9)
        XCTAssertEqual(try XCTUnwrap(y("e1", k)), 130 - 70 * q, accuracy: 1e-9)
        XCTAssertEqual(["p1", "e1", "e2"].map { y($0, 60) }, [0, 60, 130])
        XCTAssertNil(item("t1", t.frames[60]))
        XCTAssertEqual(dataSource.snapshot().sectionIdentifiers, ["pinned", "earlier"])
    }

    /// A diffable data source's apply(_:animatingDifferences:) in a code step animates the
    /// differences as one batch update (UIKit's rule for it,
    /// https://developer.apple.com/documentation/uikit/uicollectionviewdiffabledatasource/apply(_:animatingdifferences:completion:)):
    /// "b" deleted, "x" inserted after "d" and "e" moved to the front give e a c d x, every row
    /// sliding over Core Animation's 0.25 s ease-in-ease-out (halfway at the halfway point);
    /// without animating, the next change jumps.
    func testDiffableApplyAnimatesTheDifferences() throws {
        let (cv, dataSource) = diffableRows(Int.self)
        var snapshot = NSDiffableDataSourceSnapshot<Int, String>()
        snapshot.appendSections([0])
        snapshot.appendItems(["a", "b", "c", "d", "e"])
        dataSource.apply(snapshot, animatingDifferences: false)
        var completed: [Double] = []
        let scene = Scene(name: "diffable", canvas: canvas, fps: 60, duration: 2, collectionView: cv, script: [
            .at(0.5) {
                var s = dataSource.snapshot()
                s.deleteItems(["b"])
                s.insertItems(["x"], afterItem: "d")
                s.moveItem("e", beforeItem: "a")
                dataSource.apply(s) { completed.append(0.5) }
            },
            .at(1.5) {
                var s = dataSource.snapshot()
                s.deleteItems(["e"])
                dataSource.apply(s, animatingDifferences: false)
            },
        ])
        let t = try Simulator.run(scene)
        func y(_ id: String, _ k: Int) -> Double? { item(id, t.frames[k])?.frame.minY }
        XCTAssertEqual(t.frames[29].items.filter { $0.kind == .cell }.map(\.id).sorted(), ["a", "b", "c", "d", "e"])
        // Halfway through the 0.25 s (frame 30 + 7.5): "a" is halfway from 0 to 70, "e" from 280 to 0.
        XCTAssertEqual(try XCTUnwrap(y("a", 37)) + XCTUnwrap(y("a", 38)), 70, accuracy: 1e-6)
        XCTAssertEqual(try XCTUnwrap(y("e", 37)) + XCTUnwrap(y("e", 38)), 280, accuracy: 1e-6)
        XCTAssertEqual(y("c", 37), 140, "c keeps its place")
        // After it: e a c d x, the deleted row gone, and the completion run once.
        XCTAssertEqual(["e", "a", "c", "d", "x"].map { y($0, 60) }, [0, 70, 140, 210, 280])
        XCTAssertNil(item("b", t.frames[60]))
        XCTAssertEqual(completed, [0.5])
        // Without animating: the frame after 1.5 s has "a" at the top already.
        XCTAssertEqual(["a", "c", "d", "x"].map { y($0, 91) }, [0, 70, 140, 210])
        XCTAssertNil(item("e", t.frames[91]))
    }
}

/// UIViewPropertyAnimator (issue 62): its animations are the ones UIView.animate draws, over its
/// curve, its completions called with .end when they finish.
extension SceneCodeTests {
    func testAPropertyAnimatorAnimatesAsUIViewAnimateDoes() throws {
        func fold(_ start: @escaping (Rows, UICollectionView) -> Void) throws -> [Double] {
            let (cv, rows) = rowsView()
            let scene = Scene(name: "fold", canvas: canvas, fps: 60, duration: 1.2, collectionView: cv, script: [.at(0.5) { start(rows, cv) }])
            let t = try Simulator.run(scene)
            return [29, 39, 60].map { f in t.frames[f].items.first { $0.id == "0-2" && $0.kind == .cell }!.frame.minY }
        }
        var ended: [UIViewAnimatingPosition] = []
        let animator = try fold { rows, cv in
            rows.expanded.insert(1)
            let a = UIViewPropertyAnimator(duration: 0.3, curve: .easeInOut) { cv.performBatchUpdates(nil) }
            a.addCompletion { ended.append($0) }
            a.startAnimation()
        }
        let animate = try fold { rows, cv in
            rows.expanded.insert(1)
            UIView.animate(withDuration: 0.3, animations: { cv.performBatchUpdates(nil) })
        }
        XCTAssertEqual(animator, animate)
        // Before, halfway (ease-in-ease-out at 0.5 is 0.5), after: 140, 190, 240.
        XCTAssertEqual(animator[0], 140)
        XCTAssertEqual(animator[1], 190, accuracy: 1e-6)
        XCTAssertEqual(animator[2], 240)
        XCTAssertEqual(ended, [.end])
    }
}
