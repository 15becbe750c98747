import XCTest
@testable import UIKit
import Flipbook

/// The view and view-controller API real code calls (issue 62 item 1): each behaves as UIKit's
/// documentation says, checked against values worked out here.
final class ViewConveniencesTests: XCTestCase {
    // MARK: Autoresizing

    /// Apple's autoresizingMask page: the size difference is shared among the flexible parts of
    /// an axis in proportion to them. A 300 × 200 view grows to 400 × 260 (100 and 60 more).
    func testAutoresizingSharesTheChangeAmongFlexibleParts() {
        let root = UIView(frame: CGRect(x: 0, y: 0, width: 300, height: 200))
        func sub(_ frame: CGRect, _ mask: UIView.AutoresizingMask) -> UIView {
            let v = UIView(frame: frame)
            v.autoresizingMask = mask
            root.addSubview(v)
            return v
        }
        let fixed = sub(CGRect(x: 20, y: 10, width: 200, height: 100), [])
        let wide = sub(CGRect(x: 20, y: 10, width: 200, height: 100), [.flexibleWidth, .flexibleHeight])
        let centred = sub(CGRect(x: 20, y: 10, width: 200, height: 100), [.flexibleLeftMargin, .flexibleRightMargin])
        let all = sub(CGRect(x: 20, y: 10, width: 200, height: 100), [.flexibleLeftMargin, .flexibleWidth, .flexibleRightMargin, .flexibleBottomMargin])
        let pinnedRight = sub(CGRect(x: 250, y: 150, width: 40, height: 40), [.flexibleLeftMargin, .flexibleTopMargin])
        root.frame = CGRect(x: 0, y: 0, width: 400, height: 260)
        XCTAssertEqual(fixed.frame, CGRect(x: 20, y: 10, width: 200, height: 100))
        XCTAssertEqual(wide.frame, CGRect(x: 20, y: 10, width: 300, height: 160))
        // Margins 20 and 80 take 100 × 20/100 and 100 × 80/100.
        XCTAssertEqual(centred.frame, CGRect(x: 40, y: 10, width: 200, height: 100))
        // 20 : 200 : 80 of 100 more; the bottom margin (90) takes all 60 of the height.
        XCTAssertEqual(all.frame.minX, 20 + 100 * 20 / 300, accuracy: 1e-9)
        XCTAssertEqual(all.frame.width, 200 + 100 * 200 / 300, accuracy: 1e-9)
        XCTAssertEqual(all.frame.minY, 10)
        XCTAssertEqual(pinnedRight.frame, CGRect(x: 350, y: 210, width: 40, height: 40))
        // autoresizesSubviews false: nothing moves.
        root.autoresizesSubviews = false
        root.frame = CGRect(x: 0, y: 0, width: 300, height: 200)
        XCTAssertEqual(wide.frame, CGRect(x: 20, y: 10, width: 300, height: 160))
        XCTAssertEqual(UIView.AutoresizingMask.flexibleWidth.rawValue, 2, "UIViewAutoresizingFlexibleWidth = 1 << 1")
    }

    // MARK: Hit-testing

    func testHitTestSkipsWhatUIKitSkips() {
        let root = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        let back = UIView(frame: CGRect(x: 0, y: 0, width: 60, height: 60))
        let front = UIView(frame: CGRect(x: 30, y: 30, width: 60, height: 60))
        let overhang = UIView(frame: CGRect(x: 50, y: 50, width: 40, height: 40))  // past back's bounds
        root.addSubview(back)
        root.addSubview(front)
        back.addSubview(overhang)
        XCTAssertTrue(root.hitTest(CGPoint(x: 40, y: 40), with: nil) === front, "front to back")
        XCTAssertTrue(root.hitTest(CGPoint(x: 10, y: 10), with: nil) === back)
        front.isUserInteractionEnabled = false
        XCTAssertTrue(root.hitTest(CGPoint(x: 40, y: 40), with: nil) === back)
        front.isUserInteractionEnabled = true
        front.alpha = 0.009
        XCTAssertTrue(root.hitTest(CGPoint(x: 40, y: 40), with: nil) === back, "alpha below 0.01")
        front.alpha = 1
        front.isHidden = true
        XCTAssertTrue(root.hitTest(CGPoint(x: 40, y: 40), with: nil) === back)
        // (95, 95) is inside overhang's frame but outside back's bounds: not found, as in UIKit.
        XCTAssertTrue(root.hitTest(CGPoint(x: 95, y: 95), with: nil) === root)
        XCTAssertTrue(root.hitTest(CGPoint(x: 55, y: 55), with: nil) === overhang, "inside both")
        XCTAssertNil(root.hitTest(CGPoint(x: 101, y: 5), with: nil))
    }

    // MARK: Key-value observing

    func testObservingAViewsFrame() {
        let view = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        var seen: [(CGRect?, CGRect?)] = []
        var token: NSKeyValueObservation? = view.observe(\.frame, options: [.old, .new]) { _, change in seen.append((change.oldValue, change.newValue)) }
        view.frame = CGRect(x: 5, y: 0, width: 10, height: 10)
        view.frame = CGRect(x: 5, y: 0, width: 10, height: 10)  // the same: no change
        view.center = CGPoint(x: 10, y: 20)
        XCTAssertEqual(seen.count, 2, "\(seen)")
        XCTAssertEqual(seen[0].0, CGRect(x: 0, y: 0, width: 10, height: 10))
        XCTAssertEqual(seen[0].1, CGRect(x: 5, y: 0, width: 10, height: 10))
        XCTAssertEqual(seen[1].1, CGRect(x: 5, y: 15, width: 10, height: 10))
        XCTAssertNotNil(token)
        token = nil  // freed: observing ends
        view.alpha = 0.5
        view.frame = .zero
        XCTAssertEqual(seen.count, 2)
        var alphas: [CGFloat?] = []
        let kept = view.observe(\.alpha, options: [.initial, .new]) { _, change in alphas.append(change.newValue) }
        view.alpha = 0.25
        kept.invalidate()
        view.alpha = 1
        XCTAssertEqual(alphas, [0.5, 0.25])
    }

    // MARK: Traits, direction, safe area

    func testTraitsOfThePhoneScreen() {
        let t = UIView().traitCollection
        XCTAssertEqual(t.displayScale, 2)
        XCTAssertEqual(t.horizontalSizeClass, .compact)
        XCTAssertEqual(t.verticalSizeClass, .regular)
        XCTAssertEqual(t.userInterfaceStyle, .light)
        XCTAssertEqual(t.preferredContentSizeCategory, .large)
        XCTAssertEqual(UIApplication.shared.userInterfaceLayoutDirection, .leftToRight)
        XCTAssertEqual(UIView().effectiveUserInterfaceLayoutDirection, .leftToRight)
        XCTAssertEqual(UITraitCollection().displayScale, 0, "init() is unspecified")
        XCTAssertFalse(UILabel().adjustsFontForContentSizeCategory)
    }

    func testSafeAreaFromTheControllersAdditionalInsets() {
        let controller = UIViewController()
        controller.view.frame = CGRect(x: 0, y: 0, width: 390, height: 844)
        controller.additionalSafeAreaInsets = UIEdgeInsets(top: 44, left: 0, bottom: 34, right: 0)
        let header = UIView(frame: CGRect(x: 0, y: 20, width: 390, height: 100))
        let middle = UIView(frame: CGRect(x: 10, y: 200, width: 100, height: 100))
        let footer = UIView(frame: CGRect(x: 0, y: 800, width: 390, height: 44))
        for v in [header, middle, footer] { controller.view.addSubview(v) }
        XCTAssertEqual(controller.view.safeAreaInsets, UIEdgeInsets(top: 44, left: 0, bottom: 34, right: 0))
        XCTAssertEqual(header.safeAreaInsets, UIEdgeInsets(top: 24, left: 0, bottom: 0, right: 0))
        XCTAssertEqual(middle.safeAreaInsets, .zero)
        // 844 − 34 = 810 is where the safe area ends; the footer runs to 844.
        XCTAssertEqual(footer.safeAreaInsets, UIEdgeInsets(top: 0, left: 0, bottom: 34, right: 0))
        XCTAssertEqual(UIView().safeAreaInsets, .zero)
    }

    final class Appearing: UIViewController {
        var calls: [String] = []
        override func viewDidLoad() { calls.append("viewDidLoad"); view.addSubview(UICollectionView(frame: view.bounds, collectionViewLayout: UICollectionViewFlowLayout())) }
        override func viewWillAppear(_ animated: Bool) { calls.append("viewWillAppear(\(animated))") }
        override func viewWillLayoutSubviews() { calls.append("viewWillLayoutSubviews") }
        override func viewDidLayoutSubviews() { calls.append("viewDidLayoutSubviews") }
        override func viewDidAppear(_ animated: Bool) { calls.append("viewDidAppear(\(animated))") }
    }

    func testAControllersViewAppearsAsInAWindow() {
        let controller = Appearing()
        _ = Scene(name: "a", canvas: Canvas(width: 390, height: 844, scale: 1), duration: 0.1, viewController: controller)
        XCTAssertEqual(controller.calls, ["viewDidLoad", "viewWillAppear(false)", "viewWillLayoutSubviews", "viewDidLayoutSubviews", "viewDidAppear(false)"])
    }

    // MARK: Colours

    /// Display P3 to sRGB worked out here from the two spaces' primaries and D65 (the CIE xy
    /// chromaticities: P3 red 0.680, 0.320, green 0.265, 0.690, blue 0.150, 0.060; sRGB red
    /// 0.64, 0.33, green 0.30, 0.60, blue 0.15, 0.06; white 0.3127, 0.3290).
    func testDisplayP3IsConvertedToSRGB() {
        func toXYZ(_ p: [(Double, Double)]) -> [[Double]] {
            let w = (0.3127, 0.3290)
            let white = [w.0 / w.1, 1, (1 - w.0 - w.1) / w.1]
            let m = [0, 1, 2].map { row in p.map { xy in [xy.0 / xy.1, 1, (1 - xy.0 - xy.1) / xy.1][row] } }
            let s = solve(m, white)
            return m.map { row in (0..<3).map { row[$0] * s[$0] } }
        }
        func solve(_ m: [[Double]], _ v: [Double]) -> [Double] {  // Cramer's rule
            func det(_ a: [[Double]]) -> Double {
                a[0][0] * (a[1][1] * a[2][2] - a[1][2] * a[2][1]) - a[0][1] * (a[1][0] * a[2][2] - a[1][2] * a[2][0]) + a[0][2] * (a[1][0] * a[2][1] - a[1][1] * a[2][0])
            }
            let d = det(m)
            return (0..<3).map { c in det(m.enumerated().map { r, row in row.enumerated().map { $0.offset == c ? v[r] : $0.element } }) / d }
        }
        let p3 = toXYZ([(0.680, 0.320), (0.265, 0.690), (0.150, 0.060)]), srgb = toXYZ([(0.64, 0.33), (0.30, 0.60), (0.15, 0.06)])
        func linear(_ c: Double) -> Double { c <= 0.04045 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4) }
        func encoded(_ c: Double) -> Double { c <= 0.0031308 ? 12.92 * c : 1.055 * pow(c, 1 / 2.4) - 0.055 }
        for (r, g, b) in [(0.8, 0.5, 0.2), (0.3, 0.6, 0.9), (0.5, 0.5, 0.5)] {
            let rgb = [r, g, b].map(linear)
            let xyz = p3.map { row in zip(row, rgb).reduce(0) { $0 + $1.0 * $1.1 } }
            let expected = solve(srgb, xyz).map { encoded(min(1, max(0, $0))) }
            let c = UIColor(displayP3Red: r, green: g, blue: b, alpha: 1)
            var got: (CGFloat, CGFloat, CGFloat, CGFloat) = (0, 0, 0, 0)
            XCTAssertTrue(c.getRed(&got.0, green: &got.1, blue: &got.2, alpha: &got.3))
            XCTAssertEqual(Double(got.0), expected[0], accuracy: 1e-4, "\(r), \(g), \(b)")
            XCTAssertEqual(Double(got.1), expected[1], accuracy: 1e-4)
            XCTAssertEqual(Double(got.2), expected[2], accuracy: 1e-4)
        }
        // P3's pure red is outside sRGB: clipped to sRGB's red.
        var red: (CGFloat, CGFloat, CGFloat, CGFloat) = (0, 0, 0, 0)
        _ = UIColor(displayP3Red: 1, green: 0, blue: 0, alpha: 1).getRed(&red.0, green: &red.1, blue: &red.2, alpha: &red.3)
        XCTAssertEqual(red.0, 1, accuracy: 1e-12)
        XCTAssertEqual(red.1, 0, accuracy: 1e-12)
    }

    // MARK: SF Symbols

    final class Starred: UICollectionViewCell {
        override init(frame: CGRect) {
            super.init(frame: frame)
            contentView.addSubview(UIImageView(image: UIImage(systemName: "star.fill")))
        }
        required init?(coder: NSCoder) { fatalError() }
    }

    func testASymbolWithNoImageIsNamed() {
        XCTAssertThrowsError(try renderOneCell(Starred.self, size: CGSize(width: 20, height: 20), scale: 1)) { error in
            XCTAssertTrue("\(error)".contains(#"UIImage(systemName: "star.fill"): Flipbook has no SF Symbols"#), "\(error)")
            XCTAssertTrue("\(error)".contains("put a PNG named star.fill.png in "), "\(error)")
        }
    }

    // MARK: Single-sided layers

    class Card: UICollectionViewCell {
        class var turn: CGFloat { .pi }
        class var doubleSided: Bool { false }
        override init(frame: CGRect) {
            super.init(frame: frame)
            contentView.backgroundColor = UIColor(red: 1, green: 0, blue: 0, alpha: 1)
            var t = CATransform3DIdentity
            t.m34 = -1 / 500
            contentView.layer.transform = CATransform3DRotate(t, Self.turn, 0, 1, 0)
            contentView.layer.isDoubleSided = Self.doubleSided
        }
        required init?(coder: NSCoder) { fatalError() }
    }
    final class CardBothSides: Card { override class var doubleSided: Bool { true } }
    final class CardTurned80: Card { override class var turn: CGFloat { 80 * .pi / 180 } }
    final class CardTurned100: Card { override class var turn: CGFloat { 100 * .pi / 180 } }

    func testASingleSidedLayerTurnedAwayIsNotDrawn() throws {
        for (cell, shown) in [(Card.self, false), (CardBothSides.self, true), (CardTurned80.self, true), (CardTurned100.self, false)] as [(UICollectionViewCell.Type, Bool)] {
            let (frame, raster) = try renderOneCell(cell, size: CGSize(width: 100, height: 60), scale: 1)
            let item = try XCTUnwrap(frame.items.first { $0.kind == .cell })
            XCTAssertEqual(item.isDrawn, shown, "\(cell)")
            XCTAssertEqual(raster.rgb(50, 30) == (255, 255, 255), !shown, "\(cell): the centre is \(raster.rgb(50, 30))")
        }
    }

    // MARK: The media clock

    func testTheMediaClockIsTheScenes() throws {
        let cv = UICollectionView(frame: CGRect(x: 0, y: 0, width: 100, height: 100), collectionViewLayout: UICollectionViewFlowLayout())
        cv.register(UICollectionViewCell.self, forCellWithReuseIdentifier: "c")
        let source = CellSource([1], identifier: "c")
        cv.dataSource = source
        var times: [Double] = []
        XCTAssertEqual(CACurrentMediaTime(), 0, "outside a scene")
        let scene = Scene(name: "clock", canvas: Canvas(width: 100, height: 100, scale: 1), duration: 1, collectionView: cv,
                          script: [.at(0.25) { times.append(CACurrentMediaTime()) }, .at(0.5) { times.append(CACurrentMediaTime()) }])
        _ = try Simulator.run(scene)
        XCTAssertEqual(times.count, 2)
        XCTAssertEqual(times[0], 0.25, accuracy: 1 / 60 + 1e-9)
        XCTAssertEqual(times[1], 0.5, accuracy: 1 / 60 + 1e-9)
    }
}

/// A controller's navigation item and bar button items (issue 62): kept as UIKit keeps them; a
/// scene made from a navigation controller, whose bar is not drawn yet, is one line.
final class NavigationItemTests: XCTestCase {
    final class Inbox: UIViewController {
        var composed = 0
        override func viewDidLoad() {
            title = "Inbox"
            navigationItem.rightBarButtonItem = UIBarButtonItem(title: "Compose", primaryAction: UIAction { [unowned self] _ in composed += 1 })
            navigationItem.leftBarButtonItems = [UIBarButtonItem(systemItem: .edit), .flexibleSpace()]
            view.addSubview(UICollectionView(frame: view.bounds, collectionViewLayout: UICollectionViewFlowLayout()))
        }
    }

    func testTheItemIsKeptAsUIKitKeepsIt() throws {
        let inbox = Inbox()
        _ = inbox.view
        XCTAssertEqual(inbox.navigationItem.title, "Inbox", "a controller's title is its item's")
        XCTAssertEqual(inbox.navigationItem.rightBarButtonItem?.title, "Compose")
        XCTAssertEqual(inbox.navigationItem.leftBarButtonItem?.systemItem, .edit)
        XCTAssertEqual(inbox.navigationItem.leftBarButtonItems?.count, 2)
        inbox.navigationItem.rightBarButtonItem?.primaryAction?.perform()
        XCTAssertEqual(inbox.composed, 1)
        XCTAssertNil(inbox.navigationController)
        // Outside a navigation controller UIKit draws no bar: the scene is the controller's view.
        let canvas = Canvas(width: 390, height: 844, scale: 1)
        XCTAssertNoThrow(try Simulator.run(Scene(name: "inbox", canvas: canvas, duration: 0.1, viewController: Inbox()), frames: 0...0))
        let nav = UINavigationController(rootViewController: Inbox())
        XCTAssertTrue(nav.topViewController?.navigationController === nav)
        nav.pushViewController(UIViewController(), animated: false)
        XCTAssertEqual(nav.viewControllers.count, 2)
        XCTAssertNotNil(nav.popViewController(animated: false))
        XCTAssertThrowsError(try Simulator.run(Scene(name: "nav", canvas: canvas, duration: 0.1, viewController: nav), frames: 0...0)) { error in
            XCTAssertTrue("\(error)".contains("a UINavigationController's navigation bar is not drawn yet: make the scene from its top view controller (Inbox)"), "\(error)")
        }
    }

    /// What the controller's own code does outside its cells that cannot be drawn is refused too
    /// (it was dropped: only a cell's own refusals reached the scene).
    final class BadFormat: UIViewController {
        override func viewDidLoad() {
            let box = UIView()
            view.addSubview(box)
            view.addSubview(UICollectionView(frame: view.bounds, collectionViewLayout: UICollectionViewFlowLayout()))
            NSLayoutConstraint.activate(NSLayoutConstraint.constraints(withVisualFormat: "|[box(50]|", metrics: nil, views: ["box": box]))
        }
    }

    func testARefusalInViewDidLoadStopsTheScene() {
        let scene = Scene(name: "bad", canvas: Canvas(width: 390, height: 844, scale: 1), duration: 0.1, viewController: BadFormat())
        XCTAssertThrowsError(try Simulator.run(scene, frames: 0...0)) { error in
            XCTAssertTrue("\(error)".contains("Unable to parse constraint format: A predicate on a view's thickness must end with ')'"), "\(error)")
        }
    }
}

/// Diffable identity (issue 62 item 3): items identified by `UUID()`, as Apple's sample code
/// makes them, get the same scene ids on every run, so a golden holds on a re-run.
final class StableIdentityTests: XCTestCase {
    struct Item: Hashable {
        let id = UUID()
        let title: String
    }

    func ids() throws -> [String] {
        let cv = UICollectionView(frame: CGRect(x: 0, y: 0, width: 300, height: 400), collectionViewLayout: UICollectionViewFlowLayout())
        let registration = UICollectionView.CellRegistration<UICollectionViewCell, Item> { cell, _, _ in cell.backgroundColor = .systemBlue }
        let source = UICollectionViewDiffableDataSource<Int, Item>(collectionView: cv) { cv, ip, item in
            cv.dequeueConfiguredReusableCell(using: registration, for: ip, item: item)
        }
        var snapshot = NSDiffableDataSourceSnapshot<Int, Item>()
        snapshot.appendSections([0])
        snapshot.appendItems(["a", "b", "c"].map { Item(title: $0) })
        source.apply(snapshot, animatingDifferences: false)
        let scene = Scene(name: "uuids", canvas: Canvas(width: 300, height: 400, scale: 1), duration: 0.5, collectionView: cv, script: [
            .at(0.1) {
                var s = source.snapshot()
                s.insertItems([Item(title: "new")], beforeItem: s.itemIdentifiers[1])
                source.apply(s)
            },
        ])
        let frames = try Simulator.run(scene).frames
        return frames.last!.items.filter { $0.kind == .cell }.map(\.id).sorted()
    }

    func testUUIDIdentifiersAreNamedTheSameOnEveryRun() throws {
        let first = try ids(), second = try ids()
        XCTAssertEqual(first, second)
        XCTAssertEqual(first.count, 4)
        // Numbered in the order met: the first snapshot's three, then the inserted one.
        XCTAssertTrue(first.contains(#"Item(id: UUID-1, title: "a")"#), "\(first)")
        XCTAssertTrue(first.contains(#"Item(id: UUID-4, title: "new")"#), "\(first)")
        XCTAssertEqual(UUIDText.find(in: "x 3F2504E0-4F89-11D3-9A0C-0305E82C3301 y"), ["3F2504E0-4F89-11D3-9A0C-0305E82C3301"])
        XCTAssertEqual(UUIDText.find(in: "13F2504E0-4F89-11D3-9A0C-0305E82C3301"), [], "a longer run of hex is not a UUID")
    }
}

/// NSDiffableDataSourceSectionSnapshot (issue 62): a section's items as a tree, shown as its
/// visible items; items below the top level are one line (their indentation is not drawn yet).
final class SectionSnapshotTests: XCTestCase {
    func testATreeShowsItsVisibleItems() throws {
        var tree = NSDiffableDataSourceSectionSnapshot<String>()
        tree.append(["Fruit", "Vegetables"])
        tree.append(["Apple", "Pear"], to: "Fruit")
        tree.append(["Leek"], to: "Vegetables")
        tree.append(["Cox"], to: "Apple")
        XCTAssertEqual(tree.items, ["Fruit", "Apple", "Cox", "Pear", "Vegetables", "Leek"])
        XCTAssertEqual(tree.rootItems, ["Fruit", "Vegetables"])
        XCTAssertEqual(tree.visibleItems, ["Fruit", "Vegetables"], "collapsed by default")
        tree.expand(["Fruit"])
        XCTAssertEqual(tree.visibleItems, ["Fruit", "Apple", "Pear", "Vegetables"])
        XCTAssertEqual(tree.level(of: "Cox"), 2)
        XCTAssertEqual(tree.parent(of: "Pear"), "Fruit")
        XCTAssertEqual(tree.snapshot(of: "Fruit").items, ["Apple", "Cox", "Pear"])
        XCTAssertEqual(tree.snapshot(of: "Fruit").rootItems, ["Apple", "Pear"])
        tree.insert(["Plum"], after: "Apple")
        XCTAssertEqual(tree.items, ["Fruit", "Apple", "Cox", "Plum", "Pear", "Vegetables", "Leek"], "after Apple's subtree")
        tree.delete(["Apple"])
        XCTAssertEqual(tree.items, ["Fruit", "Plum", "Pear", "Vegetables", "Leek"], "with its children")

        // Applied to a section: its top level is the section's items; a child shown is one line.
        let cv = UICollectionView(frame: CGRect(x: 0, y: 0, width: 300, height: 400), collectionViewLayout: UICollectionViewFlowLayout())
        let registration = UICollectionView.CellRegistration<UICollectionViewCell, String> { cell, _, _ in cell.backgroundColor = .systemBlue }
        let source = UICollectionViewDiffableDataSource<Int, String>(collectionView: cv) { cv, ip, item in
            cv.dequeueConfiguredReusableCell(using: registration, for: ip, item: item)
        }
        var top = NSDiffableDataSourceSectionSnapshot<String>()
        top.append(["a", "b"])
        top.append(["a1"], to: "a")
        source.apply(top, to: 0, animatingDifferences: false)
        XCTAssertEqual(source.snapshot().itemIdentifiers(inSection: 0), ["a", "b"])
        XCTAssertEqual(source.snapshot(for: 0).items, ["a", "a1", "b"])
        let canvas = Canvas(width: 300, height: 400, scale: 1)
        XCTAssertNoThrow(try Simulator.run(Scene(name: "tree", canvas: canvas, duration: 0.1, collectionView: cv), frames: 0...0))
        top.expand(["a"])
        let host = UIKitHost(canvas: canvas)
        host.whileRunning { source.apply(top, to: 0, animatingDifferences: false) }
        XCTAssertEqual(host.refusals, ["NSDiffableDataSourceSectionSnapshot: the item a1 at level 1 is not drawn yet (outline indentation; top-level items are)"])
    }

    /// The sidebar appearances compile (UIKit's raw values) and are one line when drawn.
    func testASidebarListIsNamed() {
        XCTAssertEqual(UICollectionLayoutListConfiguration.Appearance.sidebarPlain.rawValue, 4)
        let cv = UICollectionView(frame: CGRect(x: 0, y: 0, width: 300, height: 400),
                                  collectionViewLayout: UICollectionViewCompositionalLayout.list(using: UICollectionLayoutListConfiguration(appearance: .sidebar)))
        cv.register(UICollectionViewListCell.self, forCellWithReuseIdentifier: "c")
        let source = CellSource([2], identifier: "c")
        cv.dataSource = source
        XCTAssertThrowsError(try Simulator.run(Scene(name: "sidebar", canvas: Canvas(width: 300, height: 400, scale: 1), duration: 0.1, collectionView: cv), frames: 0...0)) { error in
            XCTAssertTrue("\(error)".contains("UICollectionLayoutListConfiguration.Appearance.sidebar is not drawn yet (plain, grouped and insetGrouped are)"), "\(error)")
        }
    }
}
