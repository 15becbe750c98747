import XCTest
import UIKit
import Flipbook

/// Self-sizing cells (a flow layout's estimatedItemSize): each cell is asked for its size
/// (preferredLayoutAttributesFitting(_:), systemLayoutSizeFitting), which its Auto Layout
/// constraints give — a multi-line label 12 pt inside the content view on every side, the width
/// held at 351 pt by a constraint, as apps write it — and the layout stacks the fitted sizes.
final class UIKitSelfSizingTests: XCTestCase {

    /// A wrapping label 12 pt inside the content view on every side; the width is the layout's.
    class FreeTextCell: UICollectionViewCell {
        let label = UILabel()
        override init(frame: CGRect) {
            super.init(frame: frame)
            label.numberOfLines = 0
            label.translatesAutoresizingMaskIntoConstraints = false
            contentView.addSubview(label)
            NSLayoutConstraint.activate([
                label.topAnchor.constraint(equalTo: contentView.topAnchor, constant: 12),
                label.bottomAnchor.constraint(equalTo: contentView.bottomAnchor, constant: -12),
                label.leadingAnchor.constraint(equalTo: contentView.leadingAnchor, constant: 12),
                label.trailingAnchor.constraint(equalTo: contentView.trailingAnchor, constant: -12),
            ])
        }
        required init?(coder: NSCoder) { fatalError() }
    }

    /// The same cell with its width held at 351 pt by a constraint, as apps write it for a flow
    /// layout's estimatedItemSize.
    final class TextCell: FreeTextCell {
        override init(frame: CGRect) {
            super.init(frame: frame)
            contentView.widthAnchor.constraint(equalToConstant: 351).isActive = true
        }
        required init?(coder: NSCoder) { fatalError() }
    }

    /// A compositional layout's `.estimated(44)` rows, full width less 12 pt insets: each as tall
    /// as its cell's constraints make it at that width.
    func testCompositionalEstimatedRowsTakeTheirCellsHeight() throws {
        let size = NSCollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .estimated(44))
        let group = NSCollectionLayoutGroup.vertical(layoutSize: size, subitems: [NSCollectionLayoutItem(layoutSize: size)])
        let section = NSCollectionLayoutSection(group: group)
        section.interGroupSpacing = 8
        section.contentInsets = NSDirectionalEdgeInsets(top: 12, leading: 12, bottom: 12, trailing: 12)
        let cv = UICollectionView(frame: CGRect(x: 0, y: 0, width: 375, height: 667), collectionViewLayout: UICollectionViewCompositionalLayout(section: section))
        cv.register(FreeTextCell.self, forCellWithReuseIdentifier: "text")
        final class Source: NSObject, UICollectionViewDataSource {
            let texts = Texts().texts
            func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int { texts.count }
            func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell {
                let cell = collectionView.dequeueReusableCell(withReuseIdentifier: "text", for: indexPath) as! FreeTextCell
                cell.label.text = texts[indexPath.item]
                cell.backgroundColor = .white
                return cell
            }
        }
        let source = Source()
        cv.dataSource = source
        let canvas = Canvas(width: 375, height: 667, scale: 1, background: .white)
        let t = try Simulator.run(Scene(name: "estimated", canvas: canvas, duration: 0.1, collectionView: cv), frames: 0...0)
        var y = 12.0
        for (i, text) in source.texts.enumerated() {
            let it = try XCTUnwrap(t.frames[0].items.first { $0.id == "0-\(i)" })
            let lines = try Typesetter.height(of: TextElement(text: text, frame: Rect(x: 0, y: 0, width: 351 - 24, height: 0), fontSize: 17, numberOfLines: 0))
            XCTAssertEqual(it.frame.width, 351, accuracy: 1e-6, text)
            XCTAssertEqual(it.frame.height, lines + 24, accuracy: 1, text)
            XCTAssertEqual(it.frame.minY, y, accuracy: 1e-6, text)
            y += it.frame.height + 8
        }
    }

    final class Texts: NSObject, UICollectionViewDataSource {
        let texts = ["Short", String(repeating: "A longer line of text that wraps onto several lines in the cell. ", count: 4), "Two words"]
        func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int { texts.count }
        func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell {
            let cell = collectionView.dequeueReusableCell(withReuseIdentifier: "text", for: indexPath) as! TextCell
            cell.label.text = texts[indexPath.item]
            cell.backgroundColor = .white
            return cell
        }
    }

    func testCellsAreTheSizeTheirConstraintsGive() throws {
        let layout = UICollectionViewFlowLayout()
        layout.estimatedItemSize = CGSize(width: 351, height: 50)
        layout.minimumLineSpacing = 10
        layout.sectionInset = UIEdgeInsets(top: 12, left: 12, bottom: 12, right: 12)
        let cv = UICollectionView(frame: CGRect(x: 0, y: 0, width: 375, height: 667), collectionViewLayout: layout)
        cv.register(TextCell.self, forCellWithReuseIdentifier: "text")
        let source = Texts()
        cv.dataSource = source
        cv.backgroundColor = .systemGroupedBackground
        let canvas = Canvas(width: 375, height: 667, scale: 1, background: .white)
        let t = try Simulator.run(Scene(name: "self-sizing", canvas: canvas, duration: 0.1, collectionView: cv), frames: 0...0)
        var y = 12.0
        for (i, text) in source.texts.enumerated() {
            let it = try XCTUnwrap(t.frames[0].items.first { $0.id == "0-\(i)" })
            // The label's lines at 351 − 24 pt (17 pt text), measured by the typesetter, plus 24.
            let lines = try Typesetter.height(of: TextElement(text: text, frame: Rect(x: 0, y: 0, width: 351 - 24, height: 0), fontSize: 17, numberOfLines: 0))
            XCTAssertEqual(it.frame.width, 351, accuracy: 1e-6, text)
            XCTAssertEqual(it.frame.height, lines + 24, accuracy: 1, text)
            XCTAssertEqual(it.frame.minY, y, accuracy: 1e-6, text)
            y += it.frame.height + 10
        }
        XCTAssertGreaterThan(t.frames[0].items.first { $0.id == "0-1" }!.frame.height, 3 * 17, "the long text wraps")
        if let keep = ProcessInfo.processInfo.environment["KEEP_UIKIT_RENDER"] {
            _ = FileManager.default.createFile(atPath: keep + "/self-sizing.png", contents: Data(try Raster(drawing: t.frames[0], canvas: canvas).pngData()))
        }
    }
}
