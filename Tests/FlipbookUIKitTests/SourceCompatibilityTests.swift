import XCTest
import CoreGraphics
import QuartzCore
import UIKit
import Flipbook

/// UIKit compatibility, part 3 (issue 62), what compiles unchanged: `import CoreGraphics` and
/// `import QuartzCore` (this file's), a UIView subclass with its own designated initialiser,
/// the CG comparisons and NSIndexPath's UIKit names, and constraints made with
/// NSLayoutConstraint(item:attribute:relatedBy:toItem:attribute:multiplier:constant:).
final class SourceCompatibilityTests: XCTestCase {
    /// A badge as apps write one: its own initialiser, no init(frame:) override.
    final class BadgeView: UIView {
        let text: String
        init(text: String) {
            self.text = text
            super.init(frame: CGRect(x: 0, y: 0, width: 30, height: 20))
        }
        required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }
    }

    func testTheCoreGraphicsNamesLinuxLacks() {
        XCTAssertEqual(BadgeView(text: "3").text, "3")
        XCTAssertEqual(BadgeView(text: "3").frame.width, 30)
        XCTAssertTrue(CGSize(width: 1, height: 2).equalTo(CGSize(width: 1, height: 2)))
        XCTAssertFalse(CGRect(x: 0, y: 0, width: 1, height: 1).equalTo(CGRect(x: 0, y: 0, width: 1, height: 2)))
        XCTAssertTrue(CGPoint(x: 3, y: 4).equalTo(CGPoint(x: 3, y: 4)))
        let ip = NSIndexPath(item: 5, section: 2)
        XCTAssertEqual([ip.section, ip.item, ip.row], [2, 5, 5])
        XCTAssertEqual(NSIndexPath(row: 7, section: 1).row, 7)
        // QuartzCore's names are the UIKit module's.
        XCTAssertTrue(CATransform3DIsIdentity(CATransform3DIdentity))
    }

    /// A cell laid out with the pre-anchor API: a label 16 pt in from the leading margin
    /// (the content view's default margins are 8 pt), half the cell's width, 20 pt tall,
    /// centred vertically.
    final class ItemAPICell: UICollectionViewCell {
        let label = UILabel()
        override init(frame: CGRect) {
            super.init(frame: frame)
            label.translatesAutoresizingMaskIntoConstraints = false
            contentView.addSubview(label)
            contentView.addConstraints([
                NSLayoutConstraint(item: label, attribute: .leading, relatedBy: .equal, toItem: contentView, attribute: .leadingMargin, multiplier: 1, constant: 16),
                NSLayoutConstraint(item: label, attribute: .width, relatedBy: .equal, toItem: contentView, attribute: .width, multiplier: 0.5, constant: 0),
                NSLayoutConstraint(item: label, attribute: .height, relatedBy: .equal, toItem: nil, attribute: .notAnAttribute, multiplier: 1, constant: 20),
                NSLayoutConstraint(item: label, attribute: .centerY, relatedBy: .equal, toItem: contentView, attribute: .centerY, multiplier: 1, constant: 0),
            ])
        }
        required init?(coder: NSCoder) { fatalError() }
    }

    func testConstraintsMadeWithItemsAreSolvedAsAnchorsAre() throws {
        let cell = ItemAPICell(frame: CGRect(x: 0, y: 0, width: 300, height: 100))
        // Laid out at the cell's size, as the collection view lays a cell out.
        _ = cell.systemLayoutSizeFitting(CGSize(width: 300, height: 100), withHorizontalFittingPriority: .required, verticalFittingPriority: .required)
        let margin = cell.contentView.layoutMargins.left
        XCTAssertEqual(cell.label.frame, CGRect(x: margin + 16, y: (100 - 20) / 2, width: 150, height: 20))
    }

    /// A pairing UIKit raises on is the cell's one-line error when the scene is made, never a frame.
    func testAnInvalidPairingIsRefusedNamingIt() {
        final class Crossed: UICollectionViewCell {
            override init(frame: CGRect) {
                super.init(frame: frame)
                let v = UIView()
                v.translatesAutoresizingMaskIntoConstraints = false
                contentView.addSubview(v)
                NSLayoutConstraint(item: v, attribute: .top, relatedBy: .equal, toItem: contentView, attribute: .leading, multiplier: 1, constant: 0).isActive = true
            }
            required init?(coder: NSCoder) { fatalError() }
        }
        let cv = UICollectionView(frame: CGRect(x: 0, y: 0, width: 200, height: 300), collectionViewLayout: UICollectionViewFlowLayout())
        cv.register(Crossed.self, forCellWithReuseIdentifier: "c")
        let source = CellSource([1])
        cv.dataSource = source
        let scene = Scene(name: "crossed", canvas: Canvas(width: 200, height: 300, scale: 1), duration: 0.1, collectionView: cv)
        XCTAssertThrowsError(try Simulator.run(scene)) {
            XCTAssertTrue("\($0)".contains("NSLayoutConstraint(item: UIView, attribute: .top, relatedBy: .equal, toItem: UIView, attribute: .leading): Invalid pairing of layout attributes"), "\($0)")
        }
    }
}
