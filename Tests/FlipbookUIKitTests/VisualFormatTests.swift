import XCTest
@testable import UIKit
import Flipbook

/// The visual format language (issue 62): the Auto Layout Guide's own examples laid out, each
/// frame worked out here from the guide's rules (a standard space 8 pt between siblings, 20 pt
/// to the superview's edge), and its mistakes named as UIKit names them.
final class VisualFormatTests: XCTestCase {
    func boxes(_ names: [String], in width: CGFloat = 300, height: CGFloat = 100) -> (UICollectionViewCell, [String: UIView]) {
        let cell = UICollectionViewCell(frame: CGRect(x: 0, y: 0, width: width, height: height))
        var views: [String: UIView] = [:]
        for name in names {
            let v = UIView()
            v.translatesAutoresizingMaskIntoConstraints = false
            cell.contentView.addSubview(v)
            views[name] = v
        }
        return (cell, views)
    }

    func lay(_ formats: [String], _ cell: UICollectionViewCell, _ views: [String: UIView], options: NSLayoutConstraint.FormatOptions = [],
             metrics: [String: Any]? = nil, file: StaticString = #filePath, line: UInt = #line) {
        for f in formats {
            let made = NSLayoutConstraint.constraints(withVisualFormat: f, options: options, metrics: metrics, views: views)
            XCTAssertFalse(made.isEmpty, f, file: file, line: line)
            XCTAssertTrue(made.allSatisfy { !$0.isActive }, "returned inactive, as UIKit's", file: file, line: line)
            NSLayoutConstraint.activate(made)
        }
        XCTAssertNil(UIKitCellContent.layOut(cell), file: file, line: line)
    }

    func testACompleteLineWithStandardSpaces() {
        // |-[find]-[findNext]-[findField(>=20)]-| with find and findNext 50 wide: 20 + 50 + 8 + 50 + 8, then the field to 300 − 20.
        let (cell, v) = boxes(["find", "findNext", "findField"])
        lay(["|-[find(50)]-[findNext(50)]-[findField(>=20)]-|", "V:|[find(30)]", "V:|[findNext(30)]", "V:|[findField(30)]"], cell, v)
        XCTAssertEqual(v["find"]!.frame, CGRect(x: 20, y: 0, width: 50, height: 30))
        XCTAssertEqual(v["findNext"]!.frame, CGRect(x: 78, y: 0, width: 50, height: 30))
        XCTAssertEqual(v["findField"]!.frame, CGRect(x: 136, y: 0, width: 300 - 20 - 136, height: 30))
    }

    func testConnectionsPrioritiesMetricsAndEqualWidths() {
        let (cell, v) = boxes(["purpleBox", "a", "b"])
        lay(["H:|-50-[purpleBox]-50-|", "V:|-pad-[purpleBox(==20)]-(>=10)-[a(h)]", "|[a][b(==a)]|", "V:[b(h@750)]", "V:[b]|"], cell, v,
            metrics: ["pad": 5, "h": CGFloat(40)])
        XCTAssertEqual(v["purpleBox"]!.frame, CGRect(x: 50, y: 5, width: 200, height: 20))
        // Flush and equal: half of 300 each.
        XCTAssertEqual(v["a"]!.frame.width, 150)
        XCTAssertEqual(v["b"]!.frame, CGRect(x: 150, y: 60, width: 150, height: 40))
        XCTAssertEqual(v["a"]!.frame.height, 40)
        XCTAssertGreaterThanOrEqual(v["a"]!.frame.minY, 5 + 20 + 10)
        let made = NSLayoutConstraint.constraints(withVisualFormat: "[a(100@20)]", metrics: nil, views: v)
        XCTAssertEqual(made.count, 1)
        XCTAssertEqual(made[0].priority.rawValue, 20)
        XCTAssertEqual(made[0].constant, 100)
    }

    func testAlignmentOptionLinesUpTheViews() {
        let (cell, v) = boxes(["left", "right"])
        NSLayoutConstraint.activate(NSLayoutConstraint.constraints(withVisualFormat: "|-[left(40)]-[right(60)]", options: .alignAllCenterY, metrics: nil, views: v))
        lay(["V:|-10-[left(20)]", "V:[right(50)]"], cell, v)
        // The right box's centre at the left one's: 10 + 10 = 20, so it starts at −5.
        XCTAssertEqual(v["right"]!.frame, CGRect(x: 20 + 40 + 8, y: -5, width: 60, height: 50))
        XCTAssertEqual(NSLayoutConstraint.FormatOptions.alignAllCenterY.rawValue, 1 << 10, "1 << NSLayoutAttribute.centerY (10)")
    }

    /// Mistakes: a one-line refusal where the scene is made, in UIKit's words; no constraints.
    func testMistakesAreNamed() {
        let (_, v) = boxes(["box"])
        let host = UIKitHost(canvas: Canvas(width: 100, height: 100, scale: 1))
        let cases: [(String, String)] = [
            ("V|[box]|", "Expected ':' after 'V' to specify vertical arrangement (at character 2)"),
            ("|[box(50]|", "A predicate on a view's thickness must end with ')' and the view must end with ']'"),
            ("|[missing]|", "missing is not a key in the views dictionary"),
            ("|-gap-[box]", "gap is not a key in the metrics dictionary"),
            ("[box(10@2000)]", "A priority must be greater than 0 and at most 1000, got 2000"),
        ]
        for (format, words) in cases {
            host.refusals = []
            let made = host.whileRunning { NSLayoutConstraint.constraints(withVisualFormat: format, metrics: nil, views: v) }
            XCTAssertTrue(made.isEmpty, format)
            XCTAssertEqual(host.refusals.count, 1, format)
            XCTAssertTrue(host.refusals.first?.contains(words) ?? false, "\(format): \(host.refusals)")
            XCTAssertTrue(host.refusals.first?.hasPrefix("NSLayoutConstraint.constraints(withVisualFormat: \"\(format)\"): Unable to parse constraint format: ") ?? false)
        }
        // "|" needs the views' superview.
        let lonely = UIView()
        host.refusals = []
        _ = host.whileRunning { NSLayoutConstraint.constraints(withVisualFormat: "|[lonely]|", metrics: nil, views: ["lonely": lonely]) }
        XCTAssertTrue(host.refusals.first?.contains("Unable to interpret '|' character, because the related view doesn't have a superview") ?? false, "\(host.refusals)")
    }
}
