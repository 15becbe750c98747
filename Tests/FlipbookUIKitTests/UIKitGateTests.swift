import XCTest
import UIKit
import Flipbook

/// What app code hands back passes the gate a scene file's values pass (issue 61): a value
/// that is not a usable number is refused in one line naming the UIKit property or method,
/// never drawn (it drew no cell, 1 of 8, dropped a cell, or put NaN into the frames).
final class UIKitGateTests: XCTestCase {
    let canvas = Canvas(width: 200, height: 300, scale: 1, background: .white)

    /// Eight blue cells of the class registered as "c" (the views hold their data source weakly).
    let cells = CellSource([8]) { cell, _ in cell.backgroundColor = .systemBlue }

    /// The delegate's sizes and insets: item 3's size and the section's inset as set when it
    /// answers, the layout's own otherwise.
    final class Source: NSObject, UICollectionViewDelegateFlowLayout {
        var size = CGSize(width: 90, height: 40)
        var inset = UIEdgeInsets.zero
        var asksDelegate = false
        func collectionView(_ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout, sizeForItemAt indexPath: IndexPath) -> CGSize {
            asksDelegate && indexPath.item == 3 ? size : (collectionViewLayout as! UICollectionViewFlowLayout).itemSize
        }
        func collectionView(_ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout, insetForSectionAt section: Int) -> UIEdgeInsets {
            asksDelegate ? inset : .zero
        }
    }

    func view(_ layout: UICollectionViewLayout, source: Source) -> UICollectionView {
        let cv = UICollectionView(frame: CGRect(x: 0, y: 0, width: 200, height: 300), collectionViewLayout: layout)
        cv.register(UICollectionViewCell.self, forCellWithReuseIdentifier: "c")
        cv.dataSource = cells
        cv.delegate = source
        return cv
    }

    func scene(_ layout: UICollectionViewLayout, source: Source = Source(), script: (UICollectionView) -> [SceneStep] = { _ in [] }) -> Scene {
        let cv = view(layout, source: source)
        return Scene(name: "gate", canvas: canvas, fps: 10, duration: 1, collectionView: cv, script: script(cv))
    }

    /// The one line the run stops with: it names `what` and says what was expected and got.
    func assertRefused(_ scene: Scene, _ what: String, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertThrowsError(try Simulator.run(scene), file: file, line: line) { e in
            let text = "\(e)"
            XCTAssertTrue(text.contains(what), "\(text) names \(what)", file: file, line: line)
            XCTAssertFalse(text.contains("\n"), "one line: \(text)", file: file, line: line)
            // A code step is named by its place in the scene's script; nothing else a scene file has.
            XCTAssertFalse(text.replacingOccurrences(of: "$.script[0]: ", with: "").contains("$."), "no scene-file path: \(text)", file: file, line: line)
        }
    }

    func testFlowLayoutParametersAreCheckedByFlowLayoutsOwnRule() {
        let cases: [(String, (UICollectionViewFlowLayout) -> Void)] = [
            ("UICollectionViewFlowLayout.itemSize.width: expected a number > 0 and ≤ 65536, got nan", { $0.itemSize.width = .nan }),
            ("UICollectionViewFlowLayout.itemSize.height: expected a number > 0 and ≤ 65536, got -5", { $0.itemSize.height = -5 }),
            ("UICollectionViewFlowLayout.minimumLineSpacing: expected a number from -10000 to 10000, got inf", { $0.minimumLineSpacing = .infinity }),
            ("UICollectionViewFlowLayout.minimumInteritemSpacing: expected a number from 0 to 10000, got nan", { $0.minimumInteritemSpacing = .nan }),
            ("UICollectionViewFlowLayout.sectionInset.left: expected a number from 0 to 4096, got -inf", { $0.sectionInset.left = -.infinity }),
            ("UICollectionViewFlowLayout.headerReferenceSize.height: expected a number from 0 to 10000, got nan", { $0.headerReferenceSize.height = .nan }),
            ("UICollectionViewFlowLayout.estimatedItemSize.width: expected a number > 0 and ≤ 65536, got nan", { $0.estimatedItemSize = CGSize(width: CGFloat.nan, height: 40) }),
        ]
        for (message, set) in cases {
            let layout = UICollectionViewFlowLayout()
            layout.itemSize = CGSize(width: 90, height: 40)
            set(layout)
            assertRefused(scene(layout), message)
        }
        // The same layout with usable values draws all eight cells (four rows of two, 10 pt apart).
        let layout = UICollectionViewFlowLayout()
        layout.itemSize = CGSize(width: 90, height: 40)
        let t = try? Simulator.run(scene(layout))
        // Two 90 pt columns in 200 pt, rows 10 pt apart: items 0-7 at y 0, 50, 100, 150.
        let cells = t?.frames[0].items.filter { $0.kind == .cell } ?? []
        XCTAssertEqual(cells.count, 8)
        XCTAssertEqual(cells.map(\.frame.minY).sorted(), [0, 0, 50, 50, 100, 100, 150, 150])
    }

    func testDelegateSizesAndInsetsAreChecked() {
        let source = Source()
        source.asksDelegate = true
        source.size = CGSize(width: CGFloat.nan, height: 40)
        let layout = UICollectionViewFlowLayout()
        layout.itemSize = CGSize(width: 90, height: 40)
        assertRefused(scene(layout, source: source), "UICollectionViewDelegateFlowLayout.collectionView(_:layout:sizeForItemAt:) for item [0, 3]: expected a size of a number from 0 to 65536 each way, got (nan, 40)")
        let insets = Source()
        insets.asksDelegate = true
        insets.inset = UIEdgeInsets(top: .infinity, left: 0, bottom: 0, right: 0)
        assertRefused(scene(layout, source: insets), "UICollectionViewDelegateFlowLayout.collectionView(_:layout:…) for section 0: sectionInset.top: expected a number from 0 to 4096, got inf")
    }

    /// A custom layout's attributes with a NaN frame or alpha: refused naming the item.
    final class Broken: UICollectionViewLayout {
        var alpha: CGFloat = 1
        var x: CGFloat = 0
        override var collectionViewContentSize: CGSize { CGSize(width: 200, height: 300) }
        override func layoutAttributesForElements(in rect: CGRect) -> [UICollectionViewLayoutAttributes]? {
            (0..<8).map { i in
                let a = UICollectionViewLayoutAttributes(forCellWith: IndexPath(item: i, section: 0))
                a.frame = CGRect(x: i == 1 ? x : 0, y: CGFloat(i) * 50, width: 100, height: 40)  // item 1 carries the bad value
                a.alpha = i == 1 ? alpha : 1
                return a
            }
        }
        override func layoutAttributesForItem(at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
            layoutAttributesForElements(in: .zero)?[indexPath.item]
        }
    }

    func testCustomLayoutAttributesAreChecked() {
        let nanFrame = Broken()
        nanFrame.x = .nan
        assertRefused(scene(nanFrame), "UICollectionViewLayoutAttributes.frame of item [0, 1]: expected finite numbers and a size ≥ 0, got (nan, 50, 100, 40)")
        let nanAlpha = Broken()
        nanAlpha.alpha = .nan
        assertRefused(scene(nanAlpha), "UICollectionViewLayoutAttributes.alpha of item [0, 1]: expected a number from 0 to 1, got nan")
    }

    func testCommandsFromCodeAreChecked() {
        let layout = UICollectionViewFlowLayout()
        layout.itemSize = CGSize(width: 90, height: 40)
        assertRefused(scene(layout, script: { cv in [.at(0.2) { cv.setContentOffset(CGPoint(x: 0, y: CGFloat.nan), animated: true) }] }),
                      "UIScrollView.setContentOffset(_:animated:): expected a point of finite numbers, got (0, nan)")
        assertRefused(scene(UICollectionViewFlowLayout(), script: { cv in [.at(0.2) { UIView.animate(withDuration: .nan, animations: { cv.performBatchUpdates(nil) }) }] }),
                      "UIView.animate(withDuration:delay:options:animations:completion:): duration: expected a finite number ≥ 0, got nan")
        let s = scene(UICollectionViewFlowLayout(), script: { cv in [.at(0.2) {
            UIView.animate(withDuration: 0.3, delay: 0, usingSpringWithDamping: .nan, initialSpringVelocity: 0, animations: { cv.performBatchUpdates(nil) })
        }] })
        assertRefused(s, "usingSpringWithDamping: expected a number > 0, got nan")
    }

    /// A cell whose label is pinned `constant` from the content view's leading edge: NaN is
    /// refused naming the constraint as an equation of the cell's own property names (it was
    /// refused under a scene-file path); a finite but far one (FarPinned) puts the label out
    /// of range, and the solved frame is checked as a scene file's content is, naming the view.
    class Pinned: UICollectionViewCell {
        class var constant: CGFloat { .nan }
        let nameLabel = UILabel()
        override init(frame: CGRect) {
            super.init(frame: frame)
            nameLabel.text = "Ada"
            nameLabel.translatesAutoresizingMaskIntoConstraints = false
            contentView.addSubview(nameLabel)
            NSLayoutConstraint.activate([
                nameLabel.leadingAnchor.constraint(equalTo: contentView.leadingAnchor, constant: Self.constant),
                nameLabel.topAnchor.constraint(equalTo: contentView.topAnchor, constant: 8),
            ])
        }
        required init?(coder: NSCoder) { fatalError() }
    }
    final class FarPinned: Pinned { override class var constant: CGFloat { 1e308 } }

    func testAutoLayoutConstantsAreChecked() {
        for (cell, message) in [(Pinned.self, "the Auto Layout constraint nameLabel.leading == contentView.leading + nan: its constant must be a finite number, got nan"),
                                (FarPinned.self, "nameLabel: its x from its frame is out of range: expected a number from -100000 to 100000")] {
            let layout = UICollectionViewFlowLayout()
            layout.itemSize = CGSize(width: 200, height: 40)
            let cv = UICollectionView(frame: CGRect(x: 0, y: 0, width: 200, height: 300), collectionViewLayout: layout)
            cv.register(cell, forCellWithReuseIdentifier: "c")
            cv.dataSource = cells
            assertRefused(Scene(name: "gate", canvas: canvas, fps: 10, duration: 1, collectionView: cv), message)
        }
    }
}
