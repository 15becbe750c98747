import XCTest
@testable import UIKit
import Flipbook
import FlipbookTesting

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

    /// Conflicting required constraints: UIKit breaks the last-activated one without which the
    /// rest hold, logs it and lays the rest out — so does Flipbook, the log a warning.
    func testConflictBreaksTheConstraintUIKitBreaks() {
        let c = cell()
        let v = UIView()
        v.translatesAutoresizingMaskIntoConstraints = false
        c.contentView.addSubview(v)
        NSLayoutConstraint.activate([v.widthAnchor.constraint(equalToConstant: 100), v.widthAnchor.constraint(equalToConstant: 200)])
        var warnings: [String] = []
        XCTAssertNil(UIKitCellContent.layOut(c, warn: { warnings.append($0) }))
        XCTAssertEqual(warnings, ["Unable to simultaneously satisfy constraints: UIKit breaks UIView.width == 200 and lays out the rest, as Flipbook does"])
        XCTAssertEqual(v.frame.width, 100, "the width that was kept")
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
        warnings = []
        XCTAssertNil(UIKitCellContent.layOut(n, warn: { warnings.append($0) }))
        XCTAssertEqual(warnings, ["Unable to simultaneously satisfy constraints: UIKit breaks titleLabel.width == 300 and lays out the rest, as Flipbook does"])
        XCTAssertEqual(n.titleLabel.frame.minX, 16)
        XCTAssertEqual(n.titleLabel.frame.width, 200 - 32, "between the insets, the 300 broken")
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
        // Unbounded (minimise −u with u = v, both free to grow): said, not a silent answer.
        var open = LinearProgram()
        let u = open.addVariable(cost: -1), v = open.addVariable()
        open.addRow([u: 1, v: -1], equals: 0)
        guard case .unsolved(let why) = open.solve() else { return XCTFail("unbounded") }
        XCTAssertTrue(why.hasPrefix("unbounded"), why)
        // Level by level: the cost-2 level's error first (z[y] = 0), then the cost-1 level's.
        var levels = LinearProgram()
        let p = levels.addVariable(cost: 2), q = levels.addVariable(cost: 1), r = levels.addVariable(cost: 1)
        levels.addRow([p: 1, q: 1, r: 1], equals: 5)  // 5 of error to place: none at the higher level
        guard case .solved(let w) = levels.solveByLevels() else { return XCTFail("feasible") }
        XCTAssertEqual(w[p], 0, accuracy: 1e-9)
        XCTAssertEqual(w[q] + w[r], 5, accuracy: 1e-9)
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
        // Views of intrinsic widths 20, 60 and 120 that fit the 230 pt stack (200 + 2 × 10 =
        // 220) but cannot be centred equally keep their widths: the centring gives way first,
        // then the spacing, only then a view by its compression resistance (Apple's
        // equalCentering page). Centring held at 999 squeezed the last to 93.3 pt.
        final class Sized: UIView {
            let size: CGSize
            init(_ w: CGFloat) { size = CGSize(width: w, height: 10); super.init(frame: .zero) }
            required init?(coder: NSCoder) { fatalError() }
            override var intrinsicContentSize: CGSize { size }
        }
        let sized = [20, 60, 120].map { Sized(CGFloat($0)) }
        let stack = UIStackView(arrangedSubviews: sized)
        stack.distribution = .equalCentering
        stack.alignment = .top
        stack.spacing = 10
        _ = laidOut(stack, width: 250)
        XCTAssertEqual(sized.map { $0.frame.width }, [20, 60, 120])
        XCTAssertGreaterThanOrEqual(sized[1].frame.minX - sized[0].frame.maxX, 10 - 1e-9)
        XCTAssertGreaterThanOrEqual(sized[2].frame.minX - sized[1].frame.maxX, 10 - 1e-9)
        XCTAssertEqual(sized[2].frame.maxX, 230, accuracy: 1e-6)
    }
}

extension AutoLayoutTests {
    /// A card cell laid out first at the flow layout's default 50 × 50, before the layout's
    /// prepare() gives it its real size (a card carousel): its constraints conflict at 50 × 50
    /// and hold at the real size. UIKit carries on; the scene draws the real size's layout.
    final class Card: UICollectionViewCell {
        let topView = UIView(), cardView = UIView()
        override init(frame: CGRect) {
            super.init(frame: frame)
            for v in [topView, cardView] {
                v.translatesAutoresizingMaskIntoConstraints = false
                contentView.addSubview(v)
            }
            cardView.backgroundColor = UIColor(red: 1, green: 0, blue: 0, alpha: 1)
            NSLayoutConstraint.activate([
                topView.topAnchor.constraint(equalTo: contentView.topAnchor), topView.heightAnchor.constraint(equalToConstant: 60),
                topView.leadingAnchor.constraint(equalTo: contentView.leadingAnchor), topView.trailingAnchor.constraint(equalTo: contentView.trailingAnchor),
                cardView.topAnchor.constraint(equalTo: topView.bottomAnchor), cardView.bottomAnchor.constraint(equalTo: contentView.bottomAnchor),
                cardView.leadingAnchor.constraint(equalTo: contentView.leadingAnchor), cardView.trailingAnchor.constraint(equalTo: contentView.trailingAnchor),
                cardView.heightAnchor.constraint(greaterThanOrEqualToConstant: 20),
            ])
        }
        required init?(coder: NSCoder) { fatalError() }
    }

    final class Carousel: UICollectionViewFlowLayout {
        override func prepare() {
            super.prepare()
            itemSize = CGSize(width: 200, height: 150)
        }
    }

    final class Conflicted: UICollectionViewCell {
        let badge = UIView()
        override init(frame: CGRect) {
            super.init(frame: frame)
            badge.translatesAutoresizingMaskIntoConstraints = false
            contentView.addSubview(badge)
            NSLayoutConstraint.activate([badge.widthAnchor.constraint(equalToConstant: 100), badge.widthAnchor.constraint(equalToConstant: 200)])
        }
        required init?(coder: NSCoder) { fatalError() }
    }

    /// The scene carries on and keeps the line once, for the CLI's "warning:" (CLI.sayWarnings).
    func testASceneKeepsUIKitsLogLineOnce() throws {
        let cv = UICollectionView(frame: CGRect(x: 0, y: 0, width: 300, height: 200), collectionViewLayout: UICollectionViewFlowLayout())
        cv.register(Conflicted.self, forCellWithReuseIdentifier: "c")
        let source = CellSource([2], identifier: "c")
        cv.dataSource = source
        let scene = Scene(name: "conflict", canvas: Canvas(width: 300, height: 200, scale: 1), duration: 0.2, collectionView: cv)
        XCTAssertNoThrow(try Simulator.run(scene))
        XCTAssertEqual(scene.host?.warnings, [
            "cell 0-0: Unable to simultaneously satisfy constraints: UIKit breaks badge.width == 200 and lays out the rest, as Flipbook does",
            "cell 0-1: Unable to simultaneously satisfy constraints: UIKit breaks badge.width == 200 and lays out the rest, as Flipbook does",
        ])
    }

    /// "Higher priority constraints are satisfied before lower priority constraints" (Apple's
    /// NSLayoutConstraint.priority page): one @300 wish beats three at 250-251, whatever their
    /// number. A weighted sum (10^((p − 250)/125): 2.5 against 1 + 1.02 + 1.02) gave the three.
    func testAHigherPriorityBeatsAnyNumberOfLowerOnes() {
        let c = cell(width: 600)
        let v = UIView()
        v.translatesAutoresizingMaskIntoConstraints = false
        c.contentView.addSubview(v)
        func width(_ w: CGFloat, _ p: Float) -> NSLayoutConstraint {
            let k = v.widthAnchor.constraint(equalToConstant: w)
            k.priority = UILayoutPriority(p)
            return k
        }
        NSLayoutConstraint.activate([v.leadingAnchor.constraint(equalTo: c.contentView.leadingAnchor), v.topAnchor.constraint(equalTo: c.contentView.topAnchor),
                                     v.heightAnchor.constraint(equalToConstant: 10),
                                     width(400, 300), width(100, 250), width(100, 251), width(100, 251)])
        XCTAssertNil(UIKitCellContent.layOut(c))
        XCTAssertEqual(v.frame.width, 400)
        // Within a level the errors add: two @251 at 100 outweigh one @251 at 200.
        let d = cell(width: 600)
        let u = UIView()
        u.translatesAutoresizingMaskIntoConstraints = false
        d.contentView.addSubview(u)
        func w(_ x: CGFloat) -> NSLayoutConstraint { let k = u.widthAnchor.constraint(equalToConstant: x); k.priority = UILayoutPriority(251); return k }
        NSLayoutConstraint.activate([u.leadingAnchor.constraint(equalTo: d.contentView.leadingAnchor), u.topAnchor.constraint(equalTo: d.contentView.topAnchor),
                                     u.heightAnchor.constraint(equalToConstant: 10), w(100), w(100), w(200)])
        XCTAssertNil(UIKitCellContent.layOut(d))
        XCTAssertEqual(u.frame.width, 100)
    }

    /// A CI check may refuse what UIKit only logs: AnimationCheck.failsOnLayoutWarnings.
    func testACheckCanFailOnUIKitsLogLine() throws {
        let cv = UICollectionView(frame: CGRect(x: 0, y: 0, width: 300, height: 200), collectionViewLayout: UICollectionViewFlowLayout())
        cv.register(Conflicted.self, forCellWithReuseIdentifier: "c")
        let source = CellSource([1], identifier: "c")
        cv.dataSource = source
        let scene = Scene(name: "conflict", canvas: Canvas(width: 300, height: 200, scale: 1), duration: 0.2, collectionView: cv)
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("flipbook-warnings-\(getpid())")
        defer { try? FileManager.default.removeItem(at: dir) }
        try FileManager.default.createDirectory(at: dir.appendingPathComponent("goldens"), withIntermediateDirectories: true)
        var check = AnimationCheck(goldens: dir.appendingPathComponent("goldens"), report: dir.appendingPathComponent("report"), recording: .never)
        check.failsOnLayoutWarnings = true
        XCTAssertEqual(checkAnimation(of: scene, named: "conflict", check).message,
                       #""conflict": cell 0-0: Unable to simultaneously satisfy constraints: UIKit breaks badge.width == 200 and lays out the rest, as Flipbook does (AnimationCheck.failsOnLayoutWarnings)"#)
        check.failsOnLayoutWarnings = false
        let plain = checkAnimation(of: scene, named: "conflict", check).message ?? ""
        XCTAssertTrue(plain.contains("no golden for"), "by default the scene is checked as drawn: \(plain)")
    }

    func testAFirstPassAtTheDefaultSizeIsNoError() throws {
        // At 50 × 50 the 60 pt top view and the 20 pt card cannot fit: the last-activated
        // required constraint whose breaking relieves it (a card's height may not go below 0,
        // so not its 20 pt minimum) is broken, and the layout carries on; a warning, no error.
        var warnings: [String] = []
        XCTAssertNil(UIKitCellContent.layOut(Card(frame: CGRect(x: 0, y: 0, width: 50, height: 50)), warn: { warnings.append($0) }))
        XCTAssertEqual(warnings, ["Unable to simultaneously satisfy constraints: UIKit breaks cardView.bottom == contentView.bottom and lays out the rest, as Flipbook does"])
        let cv = UICollectionView(frame: CGRect(x: 0, y: 0, width: 300, height: 200), collectionViewLayout: Carousel())
        cv.register(Card.self, forCellWithReuseIdentifier: "card")
        let source = CellSource([1], identifier: "card")
        cv.dataSource = source
        let canvas = Canvas(width: 300, height: 200, scale: 1, background: .white)
        let scene = Scene(name: "cards", canvas: canvas, duration: 0.1, collectionView: cv)
        let frame = try Simulator.run(scene, frames: 0...0).frames[0]
        let raster = try Raster(drawing: frame, canvas: canvas)
        // The card under the 60 pt top view: red from y 60 to 150, white above it.
        XCTAssertTrue(raster.rgb(100, 100) == (255, 0, 0), "\(raster.rgb(100, 100))")
        XCTAssertTrue(raster.rgb(100, 30) == (255, 255, 255), "\(raster.rgb(100, 30))")
        XCTAssertTrue(raster.rgb(100, 170) == (255, 255, 255), "below the item: \(raster.rgb(100, 170))")
    }
}
