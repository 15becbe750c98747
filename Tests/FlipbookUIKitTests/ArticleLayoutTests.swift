import XCTest
import UIKit
import Flipbook
@testable import UIKitExamples
import UIKitExampleScenes

/// The articles' own layout code (examples/uikit, translated statement by statement from their
/// Objective-C) beside Flipbook's built-in layouts on the same scene and touches: every drawn
/// cell's frame within 0.5 pt on every frame, and nothing visible that the other lacks.
final class ArticleLayoutTests: XCTestCase {
    /// The example scene without its effect (the articles' gesture code is view-controller code
    /// with target-action, not layout), and its twin: a UICollectionView with `layout`, the same
    /// frame, insets, items, script and touches.
    func scenes(_ example: String, layout: UICollectionViewLayout) throws -> (native: Scene, uikit: Scene, ids: [String: String], source: AnyObject) {
        try scenes(example) { native in
            let spec = native.collectionView
            let cv = UICollectionView(frame: CGRect(x: spec.frame.minX, y: spec.frame.minY, width: spec.frame.width, height: spec.frame.height),
                                      collectionViewLayout: layout)
            cv.register(UICollectionViewCell.self, forCellWithReuseIdentifier: "cell")
            let source = CellSource(spec.sections.map(\.items.count), identifier: "cell")
            cv.dataSource = source
            return (cv, source)
        }
    }

    /// The example's scene without its effect, and the twin `makeView` builds from it (a view and
    /// the object that must stay alive for it: its data source).
    func scenes(_ example: String, makeView: (Scene) -> (UICollectionView, AnyObject)) throws -> (native: Scene, uikit: Scene, ids: [String: String], source: AnyObject) {
        let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("examples/\(example).json").path
        var native = try SceneDecoder().decode([UInt8](try Data(contentsOf: URL(fileURLWithPath: path))), file: path)
        native.effect = nil
        let spec = native.collectionView
        let (cv, source) = makeView(native)
        cv.contentInset = UIEdgeInsets(top: spec.contentInset.top, left: spec.contentInset.left, bottom: spec.contentInset.bottom, right: spec.contentInset.right)
        cv.contentOffset = CGPoint(x: spec.initialContentOffset.x, y: spec.initialContentOffset.y)
        let uikit = Scene(name: native.name + "-uikit", canvas: native.canvas, fps: native.fps, duration: native.duration,
                          collectionView: cv, script: native.script.map(SceneStep.step), touches: native.touches)
        var ids: [String: String] = [:]
        for (s, section) in spec.sections.enumerated() { for (i, item) in section.items.enumerated() { ids[item.id] = "\(s)-\(i)" } }
        return (native, uikit, ids, source)
    }

    /// The largest difference in a drawn cell's frame over all frames, after checking that both
    /// draw the same cells wherever one of them is visible in the view.
    func largestDifference(_ example: String, layout: UICollectionViewLayout, file: StaticString = #filePath, line: UInt = #line) throws -> Double {
        try largestDifference(try scenes(example, layout: layout), file: file, line: line)
    }

    func largestDifference(_ scenes: (native: Scene, uikit: Scene, ids: [String: String], source: AnyObject), file: StaticString = #filePath,
                           line: UInt = #line) throws -> Double {
        let (native, uikit, ids, source) = scenes
        _ = source
        let a = try Simulator.run(native), b = try Simulator.run(uikit)
        XCTAssertEqual(a.frames.count, b.frames.count, file: file, line: line)
        let view = native.collectionView.frame
        var worst = 0.0
        for (fa, fb) in zip(a.frames, b.frames) {
            XCTAssertEqual(fa.contentOffset.y, fb.contentOffset.y, accuracy: 1e-6, "frame \(fa.index): contentOffset", file: file, line: line)
            let cellsB = Dictionary(fb.items.filter { $0.kind == .cell }.map { ($0.id, $0) }, uniquingKeysWith: { x, _ in x })
            var matched = Set<String>()
            for ia in fa.items where ia.kind == .cell && ia.isDrawn {
                guard let twin = ids[ia.id] else { continue }
                guard let ib = cellsB[twin] else {
                    XCTAssertFalse(ia.frame.intersects(view), "frame \(fa.index): \(ia.id) is visible natively but not drawn by the article's layout", file: file, line: line)
                    continue
                }
                matched.insert(twin)
                for (x, y) in [(ia.frame.minX, ib.frame.minX), (ia.frame.minY, ib.frame.minY), (ia.frame.width, ib.frame.width), (ia.frame.height, ib.frame.height)] {
                    worst = max(worst, abs(x - y))
                }
                XCTAssertEqual(ia.zIndex, ib.zIndex, "frame \(fa.index): \(ia.id) zIndex", file: file, line: line)
            }
            for (id, ib) in cellsB where !matched.contains(id) && ib.isDrawn {
                XCTAssertFalse(ib.frame.intersects(view), "frame \(fb.index): \(id) is visible from the article's layout but not natively", file: file, line: line)
            }
        }
        return worst
    }

    /// Article 1's layout scrolled by the script (down past the sticky top, back, pulled past the
    /// top): the same frames as WalletLayout, to the float.
    func testWalletArticleLayoutMatchesWalletLayoutOnScripts() throws {
        let worst = try largestDifference("wallet-scroll", layout: CollectionViewFlowLayout())
        XCTAssertLessThanOrEqual(worst, 0.5)
        XCTAssertLessThanOrEqual(worst, 1e-9, "no reason to differ at all: the same arithmetic")
    }

    /// The same by finger: drags, a flick with deceleration and a pull past the top with its rubber band.
    func testWalletArticleLayoutMatchesWalletLayoutUnderTouches() throws {
        let worst = try largestDifference("wallet-finger-scroll", layout: CollectionViewFlowLayout())
        XCTAssertLessThanOrEqual(worst, 1e-9)
    }

    /// Article 2's view controller (a plain flow layout and its delegate's size, spacing and
    /// insets) beside the jiggle-reorder example's flow layout, through its long presses and drags
    /// (without the effect, they scroll what scrolls): the same grid.
    func testJiggleArticleViewControllerMatchesTheFlowLayout() throws {
        let worst = try largestDifference(try scenes("jiggle-reorder") { native in
            let vc = ViewController()
            vc.colorArray = native.collectionView.sections[0].items.map {
                UIColor(red: CGFloat($0.color.red), green: CGFloat($0.color.green), blue: CGFloat($0.color.blue), alpha: CGFloat($0.color.alpha))
            }
            vc.loadViewIfNeeded()
            return (vc.collectionView, vc)
        })
        XCTAssertLessThanOrEqual(worst, 1e-9)
    }
    /// Article 4's view controller (examples/uikit/MemberCenterViewController.swift) on the
    /// expand-collapse scene's cards and touches, its fold callback called where the effect's
    /// tap recognizer ends: the same frames as the built-in ExpandCollapseEffect, every card
    /// within 0.5 pt on every frame — the empty performBatchUpdates in UIView.animate(0.3)
    /// animates the sizes the delegate now gives, as the article says it does.
    func testArticle4FoldMatchesTheBuiltInEffect() throws {
        let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("examples/expand-collapse.json").path
        let native = try SceneDecoder().decode([UInt8](try Data(contentsOf: URL(fileURLWithPath: path))), file: path)
        let spec = native.collectionView
        let vc = MemberCenterViewController()
        let cv = UICollectionView(frame: CGRect(x: spec.frame.minX, y: spec.frame.minY, width: spec.frame.width, height: spec.frame.height),
                                  collectionViewLayout: UICollectionViewFlowLayout())
        cv.register(ULMemberCenterStatusCell.self, forCellWithReuseIdentifier: "ULMemberCenterStatusCell")
        vc.collectionView = cv
        vc.dataArray = spec.sections[0].items.map { item in
            let row = ULTopOpenMemberRowNode()
            row.uiType = item.id == "member" ? .member : .other
            row.closedSize = CGSize(width: item.size?.width ?? 0, height: item.size?.height ?? 0)
            row.openSize = CGSize(width: row.closedSize.width, height: 260)
            let section = ULMemberCenterSectionRowNode()
            section.itemSize = row.currentSize()
            section.rowNodeArray = [row]
            return section
        }
        cv.dataSource = vc
        cv.delegate = vc
        // The button's action at each tap on it, when the tap ends (the effect's recognizer's .ended).
        let taps = native.touches.filter { $0.downTime > 1 }
        XCTAssertEqual(taps.count, 3)
        let steps = taps.map { tap in
            SceneStep.at(tap.upTime) {
                let cell = cv.cellForItem(at: IndexPath(item: 0, section: 0)) as! ULMemberCenterStatusCell
                vc.memberCenterStatusCell(cell, didClickFold: cell.foldButton, rowNode: cell.rowNode!)
            }
        }
        let uikit = Scene(name: "expand-collapse-uikit", canvas: native.canvas, fps: native.fps, duration: native.duration,
                          collectionView: cv, script: native.script.map(SceneStep.step) + steps, touches: native.touches)
        var ids: [String: String] = [:]
        for (i, item) in spec.sections[0].items.enumerated() { ids[item.id] = "\(i)-0" }
        let worst = try largestDifference((native, uikit, ids, vc))
        XCTAssertLessThanOrEqual(worst, 0.5)
        XCTAssertEqual(vc.dataArray[0].rowNodeArray[0].isOpen, true, "three taps: open, closed, open")
    }

    /// Article 3's long-press handler (examples/uikit/TagReorderViewController.swift: the
    /// snapshot view, the hidden cell, the centre-distance rule over visibleCells, moveItem and
    /// the 0.25 s glide back) on the tag-reorder scene's touches, beside Flipbook's
    /// TagReorderEffect: every tag and the snapshot within 0.5 pt on every frame.
    func testArticle3DragReorderMatchesTheBuiltInEffect() throws {
        let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("examples/tag-reorder.json").path
        let native = try SceneDecoder().decode([UInt8](try Data(contentsOf: URL(fileURLWithPath: path))), file: path)
        let spec = native.collectionView
        XCTAssertFalse(native.touches.isEmpty)
        let controller = TagReorderViewController(sections: spec.sections.map { ($0.header ?? "", $0.items.map(\.title)) })
        let uikit = Scene(name: "tag-reorder-uikit", canvas: native.canvas, fps: native.fps, duration: native.duration,
                          viewController: controller, script: native.script.map(SceneStep.step), touches: native.touches)
        var ids: [String: String] = [:]
        for (s, section) in spec.sections.enumerated() {
            for (i, item) in section.items.enumerated() {
                ids[item.id] = "\(s)-\(i)"
                ids[item.id + ".snapshot"] = "\(s)-\(i).snapshot"
            }
        }
        let a = try Simulator.run(native), b = try Simulator.run(uikit)
        XCTAssertEqual(a.frames.count, b.frames.count)
        var worst = (0.0, "", 0)
        var snapshots = 0
        for (fa, fb) in zip(a.frames, b.frames) {
            let drawnB = Dictionary(fb.items.filter { ($0.kind == .cell || $0.kind == .snapshot) && $0.isDrawn }.map { ($0.id, $0) }, uniquingKeysWith: { x, _ in x })
            var matched = Set<String>()
            for ia in fa.items where (ia.kind == .cell || ia.kind == .snapshot) && ia.isDrawn {
                guard let twin = ids[ia.id] else { continue }
                guard let ib = drawnB[twin] else { XCTFail("frame \(fa.index): \(ia.id) drawn natively, not by the article's code"); continue }
                matched.insert(twin)
                if ia.kind == .snapshot { snapshots += 1 }
                for (x, y) in [(ia.frame.minX, ib.frame.minX), (ia.frame.minY, ib.frame.minY), (ia.frame.width, ib.frame.width), (ia.frame.height, ib.frame.height)]
                where abs(x - y) > worst.0 { worst = (abs(x - y), ia.id, fa.index) }
            }
            for (id, _) in drawnB where !matched.contains(id) { XCTFail("frame \(fb.index): \(id) drawn by the article's code, not natively") }
        }
        XCTAssertGreaterThan(snapshots, 200, "the snapshot is drawn while each tag is held")
        XCTAssertLessThanOrEqual(worst.0, 0.5, "largest difference \(worst.0) pt: \(worst.1) at frame \(worst.2)")
        // The article's data follows the moves: 热点 after 体育, 健康 into 我的频道, iOS 开发 into 更多频道.
        XCTAssertEqual(controller.dataArray.map(\.count), [13, 10, 9])
    }

    /// Article 5's view version (examples/uikit/PullForMoreViewController.swift, with its
    /// MJRefresh header and its `dispatch_after`) beside Flipbook's PullForMoreEffect on the
    /// same touches, on a scene of the article's views: the red detail page (its content
    /// 667 pt, the 40 pt label at its end) and the green more page below the screen, under 64 pt
    /// of bars. On every frame the pages are in the same place, scrolled the same, the label
    /// and the refresh header where the effect draws them, with the same texts.
    func testArticle5PullForMoreMatchesTheBuiltInEffect() throws {
        let uikit = UIKitExampleScenes.pullForMore()
        let style = CellStyle.supplementary
        func item(_ id: String, _ frame: Rect) -> ItemSpec {
            var it = ItemSpec(id: id, title: "", color: Color(red: 0, green: 0, blue: 0, alpha: 0))
            it.origin = frame.origin
            it.size = frame.size
            it.style = style
            return it
        }
        var detail = CollectionViewSpec(frame: Rect(x: 0, y: 64, width: 375, height: 603), layout: AbsoluteLayout(),
                                        sections: [SectionSpec(id: "d", items: [item("label", Rect(x: 0, y: 627, width: 375, height: 40))])])
        detail.id = "upScrollerView"
        var more = CollectionViewSpec(frame: Rect(x: 0, y: 64, width: 375, height: 603), layout: AbsoluteLayout(),
                                      sections: [SectionSpec(id: "m", items: [item("header", Rect(x: 0, y: -54, width: 375, height: 54)),
                                                                              item("content", Rect(x: 0, y: 0, width: 375, height: 667))])])
        more.id = "downScrollerView"
        var native = Scene(name: "pull-for-more-native", canvas: uikit.canvas, fps: 60, duration: uikit.duration, collectionView: detail,
                           touches: UIKitExampleScenes.pullForMoreTouches)
        native.views = [more]
        var options = PullForMoreEffect.Options()
        options.more = "downScrollerView"
        options.headerItem = "header"
        native.effect = options
        let a = try Simulator.run(native), b = try Simulator.run(uikit)
        XCTAssertEqual(a.frames.count, b.frames.count)
        func texts(_ d: DrawItem?) -> [String] { d?.appearance.content.compactMap { if case .text(let t) = $0 { return t.text }; return nil } ?? [] }
        var worst = 0.0, swaps = 0
        for (fa, fb) in zip(a.frames, b.frames) {
            func find(_ f: TimelineFrame, _ id: String) -> DrawItem? { f.items.first { $0.id == id } }
            for view in ["upScrollerView", "downScrollerView"] {
                let va = try XCTUnwrap(find(fa, view), "frame \(fa.index): \(view)"), vb = try XCTUnwrap(find(fb, view), "frame \(fb.index): \(view)")
                worst = max(worst, abs(va.frame.minY - vb.frame.minY), abs(va.frame.minX - vb.frame.minX))
            }
            if let up = find(fa, "upScrollerView"), up.frame.minY < 0 { swaps += 1 }
            worst = max(worst, abs(fa.contentOffset.y - fb.contentOffset.y))
            // The label: the native item where it is on screen, and the UIKit page's label
            // element, 627 pt down its content item (drawn whole, the page's subviews).
            if let label = find(fa, "label") {
                let content = try XCTUnwrap(find(fb, "upScrollerView.content"), "frame \(fa.index)")
                worst = max(worst, abs(label.frame.minY - (content.frame.minY + 627)))
            }
            // The header: its frame and its texts.
            let ha = find(fa, "header"), hb = find(fb, "downScrollerView.mj_header")
            XCTAssertEqual(ha != nil, hb != nil, "frame \(fa.index): the header drawn by one only")
            if let ha, let hb {
                worst = max(worst, abs(ha.frame.minY - hb.frame.minY))
                XCTAssertEqual(texts(ha), texts(hb), "frame \(fa.index)")
            }
        }
        XCTAssertLessThanOrEqual(worst, 0.5)
        XCTAssertGreaterThan(swaps, 30, "the detail page is up and out for part of the scene")
        // The refresh ran as the article's block says: the header showed the refreshing text, and
        // the last frame has the detail page back, the header's time line updated.
        XCTAssertTrue(b.frames.contains { texts($0.items.first { $0.id == "downScrollerView.mj_header" }).contains("正在刷新数据中...") })
        XCTAssertEqual(b.frames.last?.items.first { $0.id == "upScrollerView" }?.frame.minY, 64)
    }
}
