import XCTest
@testable import UIKit

/// Auto Layout in a cell: frames worked out by hand from the constraints, the label sizes read
/// from the same typesetter that draws them.
final class AutoLayoutTests: XCTestCase {
    func cell(width: CGFloat = 300, height: CGFloat = 80) -> UICollectionViewCell {
        let cell = UICollectionViewCell(frame: CGRect(x: 0, y: 0, width: width, height: height))
        return cell
    }

    func label(_ text: String, _ font: UIFont = .systemFont(ofSize: 17)) -> UILabel {
        let l = UILabel()
        l.text = text
        l.font = font
        l.translatesAutoresizingMaskIntoConstraints = false
        return l
    }

    /// Pinned to the content view's margins guide: the bounds less UIView's default 8 pt margins.
    func testMarginsGuidePins() {
        let c = cell()
        let l = label("Title")
        c.contentView.addSubview(l)
        let g = c.contentView.layoutMarginsGuide
        NSLayoutConstraint.activate([
            l.leadingAnchor.constraint(equalTo: g.leadingAnchor), l.trailingAnchor.constraint(equalTo: g.trailingAnchor),
            l.topAnchor.constraint(equalTo: g.topAnchor), l.bottomAnchor.constraint(equalTo: g.bottomAnchor),
        ])
        XCTAssertNil(UIKitCellContent.layOut(c))
        XCTAssertEqual(l.frame, CGRect(x: 8, y: 8, width: 284, height: 64))
    }

    /// An image, a title and a subtitle as list cells build them.
    func testImageTitleSubtitleCell() {
        let c = cell()
        let image = UIImageView()
        image.translatesAutoresizingMaskIntoConstraints = false
        let title = label("Ada Lovelace", .systemFont(ofSize: 17, weight: .semibold))
        let subtitle = label("Analytical Engine", .preferredFont(forTextStyle: .footnote))
        for v in [image, title, subtitle] { c.contentView.addSubview(v) }
        NSLayoutConstraint.activate([
            image.widthAnchor.constraint(equalToConstant: 40), image.heightAnchor.constraint(equalTo: image.widthAnchor),
            image.leadingAnchor.constraint(equalTo: c.contentView.leadingAnchor, constant: 16),
            image.centerYAnchor.constraint(equalTo: c.contentView.centerYAnchor),
            title.leadingAnchor.constraint(equalTo: image.trailingAnchor, constant: 12),
            title.trailingAnchor.constraint(equalTo: c.contentView.trailingAnchor, constant: -16),
            title.topAnchor.constraint(equalTo: c.contentView.topAnchor, constant: 12),
            subtitle.leadingAnchor.constraint(equalTo: title.leadingAnchor),
            subtitle.trailingAnchor.constraint(lessThanOrEqualTo: title.trailingAnchor),
            subtitle.topAnchor.constraint(equalTo: title.bottomAnchor, constant: 2),
        ])
        XCTAssertNil(UIKitCellContent.layOut(c))
        XCTAssertEqual(image.frame, CGRect(x: 16, y: 20, width: 40, height: 40))
        let titleHeight = title.intrinsicContentSize.height
        XCTAssertGreaterThan(titleHeight, 17)
        XCTAssertEqual(title.frame, CGRect(x: 68, y: 12, width: 300 - 16 - 68, height: titleHeight))
        // The subtitle may be narrower than the title: it hugs its text (250 against no pull).
        XCTAssertEqual(subtitle.frame, CGRect(x: 68, y: 12 + titleHeight + 2, width: subtitle.intrinsicContentSize.width,
                                              height: subtitle.intrinsicContentSize.height))
    }

    /// Two labels on a line, the second pinned to the trailing edge: each keeps its text's width
    /// (hugging and compression), the first from the leading edge.
    func testHuggingKeepsIntrinsicWidths() {
        let c = cell()
        let name = label("Name"), value = label("42")
        for v in [name, value] { c.contentView.addSubview(v) }
        NSLayoutConstraint.activate([
            name.leadingAnchor.constraint(equalTo: c.contentView.leadingAnchor, constant: 16),
            value.trailingAnchor.constraint(equalTo: c.contentView.trailingAnchor, constant: -16),
            name.trailingAnchor.constraint(lessThanOrEqualTo: value.leadingAnchor, constant: -8),
            name.centerYAnchor.constraint(equalTo: c.contentView.centerYAnchor),
            value.centerYAnchor.constraint(equalTo: name.centerYAnchor),
        ])
        XCTAssertNil(UIKitCellContent.layOut(c))
        XCTAssertEqual(name.frame.minX, 16)
        XCTAssertEqual(name.frame.width, name.intrinsicContentSize.width)
        XCTAssertEqual(value.frame.width, value.intrinsicContentSize.width)
        XCTAssertEqual(value.frame.maxX, 284, accuracy: 1e-9)
        XCTAssertEqual(name.frame.midY, 40, accuracy: 1e-9)
        XCTAssertEqual(value.frame.midY, 40, accuracy: 1e-9)
    }

    /// A label of any number of lines pinned between the edges wraps at the width it gets and
    /// is as tall as its lines there (the second pass).
    func testMultilineLabelWrapsAtItsWidth() {
        let c = cell(width: 160, height: 200)
        let l = label("A label long enough to need several lines at this width")
        l.numberOfLines = 0
        c.contentView.addSubview(l)
        NSLayoutConstraint.activate([
            l.leadingAnchor.constraint(equalTo: c.contentView.leadingAnchor, constant: 10),
            l.trailingAnchor.constraint(equalTo: c.contentView.trailingAnchor, constant: -10),
            l.topAnchor.constraint(equalTo: c.contentView.topAnchor, constant: 10),
        ])
        XCTAssertNil(UIKitCellContent.layOut(c))
        XCTAssertEqual(l.frame.width, 140)
        let oneLine = label("A").intrinsicContentSize.height
        XCTAssertEqual(l.frame.height, l.intrinsicSize(wrappingAt: 140).height)
        XCTAssertGreaterThan(l.frame.height, 2.5 * oneLine, "three lines or more at 140 pt")
    }

    /// Conflicting required constraints are named, not solved silently.
    func testConflictIsReported() {
        let c = cell()
        let v = UIView()
        v.translatesAutoresizingMaskIntoConstraints = false
        c.contentView.addSubview(v)
        NSLayoutConstraint.activate([v.widthAnchor.constraint(equalToConstant: 100), v.widthAnchor.constraint(equalToConstant: 200)])
        XCTAssertEqual(UIKitCellContent.layOut(c), "the required Auto Layout constraints conflict: UIKit would break UIView.width == 200 and log \"Unable to simultaneously satisfy constraints\"")
        // Views are named by the properties that hold them; the constraint broken is the last
        // activated one without which the others hold.
        final class Named: UICollectionViewCell {
            let titleLabel = UILabel()
            override init(frame: CGRect) {
                super.init(frame: frame)
                titleLabel.translatesAutoresizingMaskIntoConstraints = false
                contentView.addSubview(titleLabel)
                NSLayoutConstraint.activate([
                    titleLabel.leadingAnchor.constraint(equalTo: contentView.leadingAnchor, constant: 16),
                    titleLabel.trailingAnchor.constraint(equalTo: contentView.trailingAnchor, constant: -16),
                    titleLabel.widthAnchor.constraint(equalToConstant: 300),
                    titleLabel.topAnchor.constraint(equalTo: contentView.topAnchor),
                ])
            }
            required init?(coder: NSCoder) { fatalError() }
        }
        let n = Named(frame: CGRect(x: 0, y: 0, width: 200, height: 50))
        XCTAssertEqual(UIKitCellContent.layOut(n), "the required Auto Layout constraints conflict: UIKit would break titleLabel.width == 300 and log \"Unable to simultaneously satisfy constraints\"")
        // A lower priority gives way instead.
        let d = cell()
        let w = UIView()
        w.translatesAutoresizingMaskIntoConstraints = false
        d.contentView.addSubview(w)
        let weak = w.widthAnchor.constraint(equalToConstant: 200)
        weak.priority = .defaultHigh
        NSLayoutConstraint.activate([w.widthAnchor.constraint(equalToConstant: 100), weak])
        XCTAssertNil(UIKitCellContent.layOut(d))
        XCTAssertEqual(w.frame.width, 100)
    }

    /// The linear program itself on a case solved by hand: minimise x + 2y with x + y = 4,
    /// x ≤ 3 (x + s = 3): x = 3, y = 1.
    func testLinearProgram() {
        var lp = LinearProgram()
        let x = lp.addVariable(cost: 1), y = lp.addVariable(cost: 2), s = lp.addVariable()
        lp.addRow([x: 1, y: 1], equals: 4)
        lp.addRow([x: 1, s: 1], equals: 3)
        guard case .solved(let z) = lp.solve() else { return XCTFail("feasible") }
        XCTAssertEqual(z[x], 3, accuracy: 1e-9)
        XCTAssertEqual(z[y], 1, accuracy: 1e-9)
        var bad = LinearProgram()
        let a = bad.addVariable()
        bad.addRow([a: 1], equals: -1)
        guard case .infeasible = bad.solve() else { return XCTFail("a ≥ 0 cannot be −1") }
    }
}

/// UIStackView's arrangements, worked out from its axis, spacing, alignment and distribution.
final class StackViewTests: XCTestCase {
    func box(_ w: CGFloat, _ h: CGFloat) -> UIView {
        let v = UIView()
        v.translatesAutoresizingMaskIntoConstraints = false
        v.widthAnchor.constraint(equalToConstant: w).isActive = true
        v.heightAnchor.constraint(equalToConstant: h).isActive = true
        return v
    }

    func laidOut(_ stack: UIStackView, width: CGFloat = 300, height: CGFloat = 100, pin: Bool = true) -> UICollectionViewCell {
        let cell = UICollectionViewCell(frame: CGRect(x: 0, y: 0, width: width, height: height))
        stack.translatesAutoresizingMaskIntoConstraints = false
        cell.contentView.addSubview(stack)
        var c = [stack.leadingAnchor.constraint(equalTo: cell.contentView.leadingAnchor, constant: 10),
                 stack.topAnchor.constraint(equalTo: cell.contentView.topAnchor, constant: 10)]
        if pin { c += [stack.trailingAnchor.constraint(equalTo: cell.contentView.trailingAnchor, constant: -10)] }
        NSLayoutConstraint.activate(c)
        XCTAssertNil(UIKitCellContent.layOut(cell))
        return cell
    }

    /// A row of fixed boxes, centred across: x from 0 by width + spacing, y centred on the tallest.
    func testHorizontalCentred() {
        let (a, b, c) = (box(40, 40), box(60, 20), box(30, 30))
        let stack = UIStackView(arrangedSubviews: [a, b, c])
        stack.spacing = 8
        stack.alignment = .center
        _ = laidOut(stack, pin: false)
        XCTAssertEqual(a.frame, CGRect(x: 0, y: 0, width: 40, height: 40))
        XCTAssertEqual(b.frame, CGRect(x: 48, y: 10, width: 60, height: 20))
        XCTAssertEqual(c.frame, CGRect(x: 116, y: 5, width: 30, height: 30))
        XCTAssertEqual(stack.frame, CGRect(x: 10, y: 10, width: 146, height: 40))
    }

    /// A column filling its width: each label as wide as the stack, stacked with the spacing.
    func testVerticalFillWithLabels() {
        let title = UILabel(), detail = UILabel()
        title.text = "Title"
        detail.text = "Detail"
        detail.font = .preferredFont(forTextStyle: .footnote)
        let stack = UIStackView(arrangedSubviews: [title, detail])
        stack.axis = .vertical
        stack.spacing = 4
        _ = laidOut(stack)
        let h1 = title.intrinsicContentSize.height, h2 = detail.intrinsicContentSize.height
        XCTAssertEqual(title.frame, CGRect(x: 0, y: 0, width: 280, height: h1))
        XCTAssertEqual(detail.frame, CGRect(x: 0, y: h1 + 4, width: 280, height: h2))
        XCTAssertEqual(stack.frame.height, h1 + 4 + h2)
    }

    /// fillEqually shares the width; a hidden view takes no space.
    func testFillEquallyAndHidden() {
        let views = (0..<4).map { _ -> UIView in let v = UIView(); v.heightAnchor.constraint(equalToConstant: 10).isActive = true; return v }
        views[2].isHidden = true
        let stack = UIStackView(arrangedSubviews: views)
        stack.distribution = .fillEqually
        stack.spacing = 10
        _ = laidOut(stack)
        // 280 wide, three shown, two gaps: (280 − 20) / 3 each.
        let w = (280.0 - 20) / 3
        XCTAssertEqual(views[0].frame.minX, 0)
        XCTAssertEqual(views[1].frame.minX, w + 10, accuracy: 1e-9)
        XCTAssertEqual(views[3].frame.minX, 2 * (w + 10), accuracy: 1e-9)
        XCTAssertEqual(views[3].frame.width, w, accuracy: 1e-9)
    }

    /// equalSpacing puts the leftover width in equal gaps.
    func testEqualSpacing() {
        let (a, b, c) = (box(40, 10), box(60, 10), box(20, 10))
        let stack = UIStackView(arrangedSubviews: [a, b, c])
        stack.distribution = .equalSpacing
        stack.alignment = .top
        _ = laidOut(stack)
        let gap = (280.0 - 120) / 2
        XCTAssertEqual(b.frame.minX, 40 + gap, accuracy: 1e-9)
        XCTAssertEqual(c.frame.minX, 100 + 2 * gap, accuracy: 1e-9)
    }

    /// fillProportionally shares the width less the spacing in proportion to the views'
    /// intrinsic widths (Apple's page for the case): labels of three widths in 280 pt, 10 apart.
    func testFillProportionally() {
        let labels = ["Up", "Wall-E", "Ratatouille"].map { text -> UILabel in let l = UILabel(); l.text = text; return l }
        let stack = UIStackView(arrangedSubviews: labels)
        stack.distribution = .fillProportionally
        stack.spacing = 10
        _ = laidOut(stack)
        let widths = labels.map { Double($0.intrinsicContentSize.width) }
        let total = widths.reduce(0, +)
        var x = 0.0
        for (label, w) in zip(labels, widths) {
            XCTAssertEqual(Double(label.frame.minX), x, accuracy: 1e-6, label.text!)
            XCTAssertEqual(Double(label.frame.width), w / total * (280 - 20), accuracy: 1e-6, label.text!)
            x += w / total * (280 - 20) + 10
        }
    }

    /// equalCentering (Apple's case: equal centre-to-centre spacing while keeping the spacing):
    /// 40, 80 and 20 wide in 280 pt, the first and last at the ends, so the centres are at 20 and
    /// 270 and the middle one's at 145; where that would crowd the spacing, the spacing wins.
    func testEqualCentering() {
        /// Boxes `widths` wide, 10 tall, equal-centred 10 apart in the 280 pt stack.
        func centred(_ widths: [CGFloat]) -> [UIView] {
            let views = widths.map { box($0, 10) }
            let stack = UIStackView(arrangedSubviews: views)
            stack.distribution = .equalCentering
            stack.alignment = .top
            stack.spacing = 10
            _ = laidOut(stack)
            return views
        }
        let abc = centred([40, 80, 20])
        XCTAssertEqual(abc[0].frame.minX, 0, accuracy: 1e-6)
        XCTAssertEqual(abc[1].frame.midX, 145, accuracy: 1e-6)
        XCTAssertEqual(abc[2].frame.maxX, 280, accuracy: 1e-6)
        // A 200 pt middle view cannot be centred at 145 with 10 pt to each neighbour: it sits
        // between them, 10 pt from each (40 + 10 = 50, 50 + 200 + 10 = 260).
        let crowded = centred([40, 200, 20])
        XCTAssertEqual(crowded[1].frame.minX, 50, accuracy: 1e-6)
        XCTAssertEqual(crowded[2].frame.minX, 260, accuracy: 1e-6)
    }
}
