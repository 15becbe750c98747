import XCTest
@testable import UIKit
import Flipbook

/// Baselines in Auto Layout (firstBaselineAnchor, lastBaselineAnchor, a stack's baseline
/// alignments), checked on the pixels: "HIH" has no descender, so its glyphs' lowest dark row is
/// its baseline — two labels in line have the same lowest row, whatever their sizes.
final class BaselineTests: XCTestCase {
    final class Cell: UICollectionViewCell {
        nonisolated(unsafe) static var build: ((UIView) -> Void)?
        override init(frame: CGRect) {
            super.init(frame: frame)
            contentView.backgroundColor = .white
            Cell.build?(contentView)
        }
        required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }
    }

    func label(_ size: CGFloat) -> UILabel {
        let l = UILabel()
        l.text = "HIH"
        l.font = .systemFont(ofSize: size)
        l.textColor = .black
        l.translatesAutoresizingMaskIntoConstraints = false
        return l
    }

    /// The cell drawn at 2×, and the lowest device row with a dark pixel in columns `xs` (points).
    func render(_ build: @escaping (UIView) -> Void) throws -> (Raster, (ClosedRange<Double>) -> Int?) {
        Cell.build = build
        defer { Cell.build = nil }
        let raster = try renderOneCell(Cell.self, size: CGSize(width: 300, height: 120), scale: 2).raster
        func lowestDarkRow(_ xs: ClosedRange<Double>) -> Int? {
            var lowest: Int?
            for y in 0..<240 { for x in Int(xs.lowerBound * 2)..<Int(xs.upperBound * 2) where raster.rgb(x, y).0 < 96 { lowest = y; break } }
            return lowest
        }
        return (raster, lowestDarkRow)
    }

    /// A small label's first baseline held to a large one's: the same baseline row.
    func testFirstBaselineAnchorsLineUp() throws {
        var big: UILabel!, small: UILabel!
        let (_, lowest) = try render { c in
            big = self.label(34)
            small = self.label(13)
            c.addSubview(big)
            c.addSubview(small)
            NSLayoutConstraint.activate([
                big.leadingAnchor.constraint(equalTo: c.leadingAnchor, constant: 10), big.topAnchor.constraint(equalTo: c.topAnchor, constant: 20),
                small.leadingAnchor.constraint(equalTo: big.trailingAnchor, constant: 20),
                small.firstBaselineAnchor.constraint(equalTo: big.firstBaselineAnchor),
            ])
        }
        let a = try XCTUnwrap(lowest(Double(big.frame.minX)...Double(big.frame.maxX)))
        let b = try XCTUnwrap(lowest(Double(small.frame.minX)...Double(small.frame.maxX)))
        XCTAssertEqual(a, b, accuracy: 1, "the same baseline, to the device pixel")
        XCTAssertGreaterThan(small.frame.minY, big.frame.minY + 10, "the small label sits lower, its baseline on the big one's")
    }

    /// A view without text has its last baseline at its bottom (Apple's forLastBaselineLayout):
    /// a bar whose last baseline is the label's first sits on the label's baseline.
    func testAViewWithoutTextHasItsBaselineAtItsBottom() throws {
        var text: UILabel!, bar: UIView!
        let (_, lowest) = try render { c in
            text = self.label(24)
            bar = UIView()
            bar.backgroundColor = .black
            bar.translatesAutoresizingMaskIntoConstraints = false
            c.addSubview(text)
            c.addSubview(bar)
            NSLayoutConstraint.activate([
                text.leadingAnchor.constraint(equalTo: c.leadingAnchor, constant: 10), text.topAnchor.constraint(equalTo: c.topAnchor, constant: 30),
                bar.leadingAnchor.constraint(equalTo: text.trailingAnchor, constant: 10), bar.widthAnchor.constraint(equalToConstant: 40),
                bar.heightAnchor.constraint(equalToConstant: 6), bar.lastBaselineAnchor.constraint(equalTo: text.firstBaselineAnchor),
            ])
        }
        let glyphs = try XCTUnwrap(lowest(Double(text.frame.minX)...Double(text.frame.maxX)))
        let barBottom = try XCTUnwrap(lowest(Double(bar.frame.minX + 1)...Double(bar.frame.maxX - 1)))
        XCTAssertEqual(glyphs, barBottom, accuracy: 1)
    }

    /// A horizontal stack aligned on first baselines: the labels' baselines in line, the stack
    /// as tall as the tallest label, which touches its top.
    func testStackFirstBaselineAlignment() throws {
        var big: UILabel!, small: UILabel!, stack: UIStackView!
        let (_, lowest) = try render { c in
            big = self.label(34)
            small = self.label(13)
            stack = UIStackView(arrangedSubviews: [small, big])
            stack.alignment = .firstBaseline
            stack.spacing = 12
            stack.translatesAutoresizingMaskIntoConstraints = false
            c.addSubview(stack)
            NSLayoutConstraint.activate([stack.leadingAnchor.constraint(equalTo: c.leadingAnchor, constant: 10),
                                         stack.topAnchor.constraint(equalTo: c.topAnchor, constant: 10)])
        }
        let a = try XCTUnwrap(lowest(Double(stack.frame.minX + big.frame.minX)...Double(stack.frame.minX + big.frame.maxX)))
        let b = try XCTUnwrap(lowest(Double(stack.frame.minX + small.frame.minX)...Double(stack.frame.minX + small.frame.maxX)))
        XCTAssertEqual(a, b, accuracy: 1)
        XCTAssertEqual(big.frame.minY, 0, accuracy: 1e-6)
        XCTAssertEqual(stack.frame.height, big.intrinsicContentSize.height, accuracy: 1e-6)
        XCTAssertEqual(small.frame.minX, 0)
        XCTAssertEqual(big.frame.minX, small.intrinsicContentSize.width + 12, accuracy: 1e-6)
    }

    /// Baseline alignment is for horizontal stacks (Apple's Alignment page): a vertical one says so.
    func testVerticalBaselineAlignmentIsNamed() {
        let stack = UIStackView(arrangedSubviews: [label(13)])
        stack.axis = .vertical
        stack.alignment = .lastBaseline
        let cell = UICollectionViewCell(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        cell.contentView.addSubview(stack)
        XCTAssertEqual(UIKitCellContent.layOut(cell),
                       "UIStackView.alignment .lastBaseline in a vertical stack is not arranged (UIKit's baseline alignments are for horizontal stacks)")
    }
}
