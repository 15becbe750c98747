import XCTest
import UIKit
import Flipbook

/// A check names a view inside a cell by the property that holds it: a label whose text
/// changed is "\"0-0\" › titleLabel: text \"Up\" → \"Down\"", not "content changed"; the name
/// survives the golden's keyframes.json.
final class ViewNamesTests: XCTestCase {
    final class MovieCell: UICollectionViewCell {
        let titleLabel = UILabel()
        let posterView = UIView()
        override init(frame: CGRect) {
            super.init(frame: frame)
            posterView.backgroundColor = .systemBlue
            posterView.frame = CGRect(x: 10, y: 10, width: 40, height: 40)
            titleLabel.frame = CGRect(x: 60, y: 10, width: 200, height: 22)
            contentView.addSubview(posterView)
            contentView.addSubview(titleLabel)
            let unnamed = UILabel(frame: CGRect(x: 60, y: 34, width: 200, height: 20))
            unnamed.text = "2026"
            contentView.addSubview(unnamed)
        }
        required init?(coder: NSCoder) { fatalError() }
    }

    final class Source: NSObject, UICollectionViewDataSource {
        let title: String, poster: UIColor
        init(title: String, poster: UIColor) { self.title = title; self.poster = poster }
        func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int { 2 }
        func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell {
            let cell = collectionView.dequeueReusableCell(withReuseIdentifier: "movie", for: indexPath) as! MovieCell
            cell.titleLabel.text = indexPath.item == 0 ? title : "Other"
            cell.posterView.backgroundColor = poster
            return cell
        }
    }

    func timeline(title: String, poster: UIColor) throws -> Timeline {
        let layout = UICollectionViewFlowLayout()
        layout.itemSize = CGSize(width: 375, height: 60)
        let cv = UICollectionView(frame: CGRect(x: 0, y: 0, width: 375, height: 300), collectionViewLayout: layout)
        cv.register(MovieCell.self, forCellWithReuseIdentifier: "movie")
        let source = Source(title: title, poster: poster)
        cv.dataSource = source
        return try Simulator.run(Scene(name: "movies", canvas: Canvas(width: 375, height: 300, scale: 1, background: .white), duration: 0.1,
                                       collectionView: cv))
    }

    func testAChangedLabelIsNamedByItsProperty() throws {
        let before = try timeline(title: "Up", poster: .systemBlue)
        let after = try timeline(title: "Down", poster: .systemRed)
        // Through the golden's file, as `check` reads it.
        let golden = try KeyframesJSONFormat.read(Array(KeyframesJSONFormat.text(before).utf8), file: "keyframes.json")
        let lines = SemanticDiff.compare(golden, after).items.map { $0.summary(fps: 60) }
        XCTAssertEqual(lines.count, 2, "\(lines)")
        let first = try XCTUnwrap(lines.first { $0.hasPrefix("\"0-0\"") })
        XCTAssertTrue(first.hasPrefix("\"0-0\" › posterView: background #007AFF → #FF3B30; › titleLabel: text \"Up\" → \"Down\" at frames"), first)
        let other = try XCTUnwrap(lines.first { $0.hasPrefix("\"0-1\"") })
        XCTAssertTrue(other.hasPrefix("\"0-1\" › posterView: background #007AFF → #FF3B30 at frames"), other)
        // The unnamed label is named by its place: contentView's second UILabel... unchanged here,
        // so it is not mentioned.
        XCTAssertFalse(first.contains("UILabel["), first)
        let look = try KeyframesJSONFormat.text(before)
        XCTAssertTrue(look.contains("\"view\":\"contentView › UILabel[1]\""), "the unnamed label by its class and place")
        XCTAssertTrue(look.contains("\"view\":\"titleLabel\""))
    }
}

/// A character none of Flipbook's fonts draws, in a cell's label, stops the scene with one line
/// naming the view and the character, where it would otherwise be a blank on every frame.
final class MissingGlyphTests: XCTestCase {
    final class SignCell: UICollectionViewCell {
        let symbolLabel = UILabel(frame: CGRect(x: 0, y: 0, width: 200, height: 30))
        override init(frame: CGRect) {
            super.init(frame: frame)
            contentView.addSubview(symbolLabel)
        }
        required init?(coder: NSCoder) { fatalError() }
    }
    final class Source: NSObject, UICollectionViewDataSource {
        let text: String
        init(_ text: String) { self.text = text }
        func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int { 1 }
        func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell {
            let cell = collectionView.dequeueReusableCell(withReuseIdentifier: "sign", for: indexPath) as! SignCell
            cell.symbolLabel.text = text
            return cell
        }
    }

    func run(_ text: String) throws {
        let layout = UICollectionViewFlowLayout()
        layout.itemSize = CGSize(width: 200, height: 30)
        let cv = UICollectionView(frame: CGRect(x: 0, y: 0, width: 300, height: 100), collectionViewLayout: layout)
        cv.register(SignCell.self, forCellWithReuseIdentifier: "sign")
        let source = Source(text)
        cv.dataSource = source
        _ = try Simulator.run(Scene(name: "signs", canvas: Canvas(width: 300, height: 100, scale: 1), duration: 0.1, collectionView: cv))
    }

    /// The label's text changed by a reload from a code step at 0.05 s.
    func runChanging(to text: String) throws {
        let layout = UICollectionViewFlowLayout()
        layout.itemSize = CGSize(width: 200, height: 30)
        let cv = UICollectionView(frame: CGRect(x: 0, y: 0, width: 300, height: 100), collectionViewLayout: layout)
        cv.register(SignCell.self, forCellWithReuseIdentifier: "sign")
        let source = Source("Sign")
        cv.dataSource = source
        var changing = source
        _ = try Simulator.run(Scene(name: "signs", canvas: Canvas(width: 300, height: 100, scale: 1), duration: 0.2, collectionView: cv, script: [
            .at(0.05) {
                changing = Source(text)
                cv.dataSource = changing
                cv.reloadItems(at: [IndexPath(item: 0, section: 0)])
            },
        ]))
        _ = changing
    }

    func testACharacterNoFontDrawsIsNamed() throws {
        // An Egyptian hieroglyph (U+13000): in none of Inter, Noto Sans CJK SC, Noto Color Emoji.
        XCTAssertThrowsError(try run("Sign 𓀀")) { error in
            let text = "\(error)"
            XCTAssertTrue(text.contains(".text (symbolLabel): expected characters Flipbook's fonts draw"), text)
            XCTAssertTrue(text.contains("\"𓀀\" (U+13000)"), text)
            XCTAssertFalse(text.contains("\n"))
        }
        // Text set during the scene (a reconfigured cell) is checked as it is drawn.
        XCTAssertThrowsError(try runChanging(to: "Sign 𓀀")) { error in
            let text = "\(error)"
            XCTAssertTrue(text.contains("symbolLabel: UILabel text has \"𓀀\" (U+13000), which none of Flipbook's fonts draws"), text)
            XCTAssertFalse(text.contains("\n"))
        }
        // Chinese and emoji are drawn: no error.
        XCTAssertNoThrow(try run("标签 🚀 ✅"))
    }
}

/// A one-line label with adjustsFontSizeToFitWidth shrinks its font until the text fits its
/// width, no smaller than minimumScaleFactor of it (Apple's pages for both properties): the
/// drawn size is 17 × width ÷ the text's natural width, or the floor.
final class ShrinkingLabelTests: XCTestCase {
    final class PriceCell: UICollectionViewCell {
        let priceLabel = UILabel(frame: CGRect(x: 0, y: 0, width: 100, height: 30))
        override init(frame: CGRect) {
            super.init(frame: frame)
            priceLabel.adjustsFontSizeToFitWidth = true
            contentView.addSubview(priceLabel)
        }
        required init?(coder: NSCoder) { fatalError() }
    }

    func fontSize(_ text: String, minimumScaleFactor: CGFloat) throws -> Double {
        let layout = UICollectionViewFlowLayout()
        layout.itemSize = CGSize(width: 200, height: 30)
        let cv = UICollectionView(frame: CGRect(x: 0, y: 0, width: 200, height: 100), collectionViewLayout: layout)
        cv.register(PriceCell.self, forCellWithReuseIdentifier: "p")
        let source = CellSource([1], identifier: "p") { cell, _ in
            (cell as! PriceCell).priceLabel.text = text
            (cell as! PriceCell).priceLabel.minimumScaleFactor = minimumScaleFactor
        }
        cv.dataSource = source
        let t = try Simulator.run(Scene(name: "price", canvas: Canvas(width: 200, height: 100, scale: 1), duration: 0.05, collectionView: cv))
        let item = try XCTUnwrap(t.frames[0].items.first { $0.id == "0-0" })
        return try XCTUnwrap(item.appearance.content.compactMap { e -> Double? in if case .text(let t) = e { return t.fontSize } else { return nil } }.first)
    }

    func testTheFontShrinksToTheWidthDownToTheFloor() throws {
        let long = "¥12,345,678.90 in total"
        let natural = try Typesetter.naturalWidth(of: long, fontSize: 17, weight: .regular)
        XCTAssertGreaterThan(natural, 150, "wider than the 100 pt label")
        XCTAssertEqual(try fontSize(long, minimumScaleFactor: 0.3), 17 * 100 / natural, accuracy: 1e-6)
        XCTAssertEqual(try fontSize(long, minimumScaleFactor: 0.9), 17 * 0.9, accuracy: 1e-6, "no smaller than the floor")
        XCTAssertEqual(try fontSize(long, minimumScaleFactor: 0), 17, "0: the font's own size")
        XCTAssertEqual(try fontSize("¥9", minimumScaleFactor: 0.3), 17, "text that fits keeps its size")
    }
}

/// attributedText with one font and one colour over the whole string draws as that label
/// would; runs that differ, or another attribute, are one line naming the view.
final class AttributedTextTests: XCTestCase {
    final class TitleCell: UICollectionViewCell {
        let titleLabel = UILabel(frame: CGRect(x: 10, y: 0, width: 280, height: 40))
        override init(frame: CGRect) {
            super.init(frame: frame)
            contentView.addSubview(titleLabel)
        }
        required init?(coder: NSCoder) { fatalError() }
    }

    func run(_ text: NSAttributedString) throws -> TimelineFrame {
        let layout = UICollectionViewFlowLayout()
        layout.itemSize = CGSize(width: 300, height: 40)
        let cv = UICollectionView(frame: CGRect(x: 0, y: 0, width: 300, height: 100), collectionViewLayout: layout)
        cv.register(TitleCell.self, forCellWithReuseIdentifier: "t")
        let source = CellSource([1], identifier: "t") { cell, _ in (cell as! TitleCell).titleLabel.attributedText = text }
        cv.dataSource = source
        return try Simulator.run(Scene(name: "styled", canvas: Canvas(width: 300, height: 100, scale: 1), duration: 0.05, collectionView: cv)).frames[0]
    }

    func testOneFontAndColourDrawAsTheLabelsOwn() throws {
        let styled = NSAttributedString(string: "Keynote", attributes: [.font: UIFont.systemFont(ofSize: 22, weight: .bold), .foregroundColor: UIColor.systemRed])
        let frame = try run(styled)
        let text = try XCTUnwrap(frame.items.first { $0.id == "0-0" }?.appearance.content.compactMap { e -> TextElement? in
            if case .text(let t) = e { return t } else { return nil } }.first)
        XCTAssertEqual(text.text, "Keynote")
        XCTAssertEqual(text.fontSize, 22)
        XCTAssertEqual(text.weight, .bold)
        XCTAssertEqual(text.color, Color(red: 1, green: 59 / 255, blue: 48 / 255))
    }

    /// Runs of different fonts and colours (Apple's attributedText: the attributes over their
    /// ranges): "Key" blue and bold at 22 pt, "note" in the label's black 17 pt — the blue ink
    /// all left of the black, the bold run taller, and keyframes.json says so.
    func testRunsOfFontsAndColours() throws {
        let mixed = NSMutableAttributedString(string: "Keynote")
        mixed.addAttributes([.foregroundColor: UIColor.blue, .font: UIFont.systemFont(ofSize: 22, weight: .bold)], range: NSRange(location: 0, length: 3))
        let frame = try run(mixed)
        let text = try XCTUnwrap(frame.items.first { $0.id == "0-0" }?.appearance.content.compactMap { e -> TextElement? in
            if case .text(let t) = e { return t } else { return nil } }.first)
        XCTAssertEqual(text.runs.map(\.start), [0, 3])
        XCTAssertEqual(text.runs.map(\.end), [3, 7])
        XCTAssertEqual(text.runs[0].color, Color(red: 0, green: 0, blue: 1))
        XCTAssertEqual(text.runs[0].fontSize, 22)
        XCTAssertNil(text.runs[1].color, "the label's own colour")
        let canvas = Canvas(width: 300, height: 100, scale: 2)
        let r = try Raster(drawing: frame, canvas: canvas)
        var blue: [Int] = [], black: [Int] = [], blueRows: [Int] = [], blackRows: [Int] = []
        for y in 0..<80 { for x in 0..<600 {
            let (red, green, b) = r.rgb(x, y)
            if b > 180 && red < 80 && green < 80 { blue.append(x); blueRows.append(y) }
            if red < 60 && green < 60 && b < 60 { black.append(x); blackRows.append(y) }
        } }
        XCTAssertFalse(blue.isEmpty); XCTAssertFalse(black.isEmpty)
        XCTAssertLessThan(try XCTUnwrap(blue.max()), try XCTUnwrap(black.min()), "\"Key\" in blue, then \"note\" in black")
        XCTAssertGreaterThan(try XCTUnwrap(blueRows.max()) - XCTUnwrap(blueRows.min()), try XCTUnwrap(blackRows.max()) - XCTUnwrap(blackRows.min()),
                             "the 22 pt capital K stands taller than 17 pt lowercase")
        let json = try KeyframesJSONFormat.text(Timeline(scene: "t", fps: 60, canvas: canvas, frames: [frame]))
        XCTAssertTrue(json.contains(##""runs":[{"start":0,"end":3,"fontSize":22,"weight":"bold","italic":false,"color":"#0000FF"}"##), json)
        let back = try KeyframesJSONFormat.read(Array(json.utf8), file: "k.json")
        XCTAssertEqual(try KeyframesJSONFormat.text(back), json)
        // The vector outputs fill each run's outlines in its colour: a frame's SVG, and the
        // animated SVG's label definition.
        let svg = String(decoding: try SVGFormat().renderFrame(frame, canvas: canvas, options: RenderOptions()), as: UTF8.self)
        XCTAssertTrue(svg.contains("rgb(0%, 0%, 100%)") || svg.contains("rgb(0%,0%,100%)"), "blue glyphs in the SVG")
        let animated = String(decoding: try AnimatedSVGFormat().renderTimeline(Timeline(scene: "t", fps: 60, canvas: canvas, frames: [frame]),
                                                                                 options: RenderOptions())[0].bytes, as: UTF8.self)
        XCTAssertTrue(animated.contains(##"fill="#0000ff""##), "a blue path in the label's definition")
        if let keep = ProcessInfo.processInfo.environment["KEEP_UIKIT_RENDER"] {
            FileManager.default.createFile(atPath: keep + "/runs.png", contents: Data(try r.pngData()))
            FileManager.default.createFile(atPath: keep + "/runs.svg", contents: Data(svg.utf8))
        }
    }

    /// A paragraph style's alignment and line break mode are the label's (one over the text).
    func testParagraphStyleSetsAlignmentAndLineBreaks() throws {
        let style = NSMutableParagraphStyle()
        style.alignment = .right
        style.lineBreakMode = .byTruncatingMiddle
        let frame = try run(NSAttributedString(string: "Keynote", attributes: [.paragraphStyle: style]))
        let text = try XCTUnwrap(frame.items.first { $0.id == "0-0" }?.appearance.content.compactMap { e -> TextElement? in
            if case .text(let t) = e { return t } else { return nil } }.first)
        XCTAssertEqual(text.alignment, .right)
        XCTAssertEqual(text.lineBreakMode, .byTruncatingMiddle)
        XCTAssertTrue(text.runs.isEmpty, "no runs: one font and one colour")
        style.lineSpacing = -2
        XCTAssertThrowsError(try run(NSAttributedString(string: "Keynote", attributes: [.paragraphStyle: style]))) { error in
            XCTAssertTrue("\(error)".contains("titleLabel: attributedText's paragraph style with a negative lineSpacing or paragraphSpacing is not drawn yet"), "\(error)")
        }
    }

    /// lineSpacing (Apple: "the distance in points between the bottom of one line fragment and
    /// the top of the next") moves the second line down by that much: on the pixels, the gap
    /// between the two lines' ink grows by 10 pt (20 device pixels) with lineSpacing 10.
    func testLineSpacingSeparatesTheLines() throws {
        final class TwoLines: UICollectionViewCell {
            nonisolated(unsafe) static var spacing: CGFloat = 0
            let label = UILabel(frame: CGRect(x: 10, y: 0, width: 100, height: 120))
            override init(frame: CGRect) {
                super.init(frame: frame)
                contentView.backgroundColor = .white
                let style = NSMutableParagraphStyle()
                style.lineSpacing = TwoLines.spacing
                label.numberOfLines = 0
                label.attributedText = NSAttributedString(string: "HIH\nHIH", attributes: [.paragraphStyle: style, .font: UIFont.systemFont(ofSize: 20)])
                contentView.addSubview(label)
            }
            required init?(coder: NSCoder) { fatalError() }
        }
        func inkRows(_ spacing: CGFloat) throws -> [Int] {
            TwoLines.spacing = spacing
            let r = try renderOneCell(TwoLines.self, size: CGSize(width: 120, height: 120), scale: 2).raster
            return (0..<240).filter { y in (20..<220).contains { r.rgb($0, y).0 < 96 } }
        }
        func gap(_ rows: [Int]) -> Int { zip(rows, rows.dropFirst()).map { $1 - $0 }.max() ?? 0 }
        let plain = try inkRows(0), spaced = try inkRows(10)
        XCTAssertEqual(gap(spaced) - gap(plain), 20, accuracy: 1)
    }

    /// paragraphSpacing (Apple: "distance between the bottom of this paragraph and top of
    /// next") moves a paragraph after a line feed down by that much — 10 pt, 20 device pixels
    /// between the lines' ink — and a line that only wraps not at all; the label's intrinsic
    /// height grows by it once per paragraph break.
    func testParagraphSpacingSeparatesParagraphsOnly() throws {
        final class Paragraphs: UICollectionViewCell {
            nonisolated(unsafe) static var spacing: CGFloat = 0
            nonisolated(unsafe) static var text = "HIH\nHIH"
            let label = UILabel(frame: CGRect(x: 10, y: 0, width: 60, height: 120))
            override init(frame: CGRect) {
                super.init(frame: frame)
                contentView.backgroundColor = .white
                label.numberOfLines = 0
                label.attributedText = Paragraphs.styled(Paragraphs.text)
                contentView.addSubview(label)
            }
            static func styled(_ text: String) -> NSAttributedString {
                let style = NSMutableParagraphStyle()
                style.paragraphSpacing = spacing
                return NSAttributedString(string: text, attributes: [.paragraphStyle: style, .font: UIFont.systemFont(ofSize: 20)])
            }
            required init?(coder: NSCoder) { fatalError() }
        }
        func gap(_ text: String, _ spacing: CGFloat) throws -> Int {
            Paragraphs.spacing = spacing
            Paragraphs.text = text
            let r = try renderOneCell(Paragraphs.self, size: CGSize(width: 120, height: 120), scale: 2).raster
            let rows = (0..<240).filter { y in (20..<140).contains { r.rgb($0, y).0 < 96 } }
            return zip(rows, rows.dropFirst()).map { $1 - $0 }.max() ?? 0
        }
        XCTAssertEqual(try gap("HIH\nHIH", 10) - gap("HIH\nHIH", 0), 20, accuracy: 1)
        // "HIH HIH" wraps at 60 pt into the same two lines, one paragraph: no extra space.
        XCTAssertEqual(try gap("HIH HIH", 10), try gap("HIH HIH", 0))
        func height(_ spacing: CGFloat) -> CGFloat {
            Paragraphs.spacing = spacing
            let label = UILabel()
            label.numberOfLines = 0
            label.attributedText = Paragraphs.styled("One\nTwo\nThree")
            return label.intrinsicContentSize.height
        }
        XCTAssertEqual(height(7) - height(0), 14, accuracy: 1)
    }

    /// Runs set on text its label truncates are not drawn yet: one line naming the view.
    func testTruncatedRunsAreRefused() throws {
        let long = NSMutableAttributedString(string: String(repeating: "Keynote ", count: 12))
        long.addAttribute(.foregroundColor, value: UIColor.blue, range: NSRange(location: 0, length: 3))
        XCTAssertThrowsError(try run(long)) { error in
            XCTAssertTrue("\(error)".contains("titleLabel: attributedText with runs of different fonts or colours, or a kern, that is truncated is not drawn yet"), "\(error)")
        }
        let other = NSAttributedString(string: "Keynote", attributes: [NSAttributedString.Key("NSUnderline"): 1])
        XCTAssertThrowsError(try run(other)) { error in
            XCTAssertTrue("\(error)".contains("titleLabel: attributedText's NSUnderline attribute is not drawn yet"), "\(error)")
        }
        let kerned = NSMutableAttributedString(string: String(repeating: "Keynote ", count: 12), attributes: [.kern: 1])
        XCTAssertThrowsError(try run(kerned)) { error in
            XCTAssertTrue("\(error)".contains("titleLabel: attributedText with runs of different fonts or colours, or a kern, that is truncated is not drawn yet"), "\(error)")
        }
    }

    /// NSKern (Core Text's kCTKernAttributeName: "how many points the following character
    /// should be shifted"): each character moves the next by the kern, the last one's included,
    /// so "HIH" kerned 6 pt is 3 × 6 pt wider than plain — and 2 × 6 with the kern on all but
    /// its last character, the usual way to leave the trailing kern out.
    func testKernWidensByEachCharactersKern() throws {
        let font = UIFont.systemFont(ofSize: 20)
        func width(_ text: NSAttributedString) -> CGFloat {
            let label = UILabel()
            label.attributedText = text
            return label.intrinsicContentSize.width  // raised to whole points
        }
        let plain = width(NSAttributedString(string: "HIH", attributes: [.font: font]))
        XCTAssertEqual(width(NSAttributedString(string: "HIH", attributes: [.font: font, .kern: 6])) - plain, 18, accuracy: 1)
        let allButLast = NSMutableAttributedString(string: "HIH", attributes: [.font: font])
        allButLast.addAttribute(.kern, value: 6.0, range: NSRange(location: 0, length: 2))
        XCTAssertEqual(width(allButLast) - plain, 12, accuracy: 1)
        // NSString.size(withAttributes:) measures the same way.
        XCTAssertEqual(("HIH" as NSString).size(withAttributes: [.font: font, .kern: CGFloat(6)]).width
                       - ("HIH" as NSString).size(withAttributes: [.font: font]).width, 18, accuracy: 0.01)
        // Kern 0 is "no kerning at all": Inter's pair kerning, which pulls "AV" together, is off.
        let big = UIFont.systemFont(ofSize: 40)
        XCTAssertGreaterThan(width(NSAttributedString(string: "AVAVAVAV", attributes: [.font: big, .kern: 0])),
                             width(NSAttributedString(string: "AVAVAVAV", attributes: [.font: big])) + 8)
        // keyframes.json carries the kern, and reads it back to the same drawing.
        let frame = try run(NSAttributedString(string: "HIH", attributes: [.kern: 6]))
        let json = try KeyframesJSONFormat.text(Timeline(scene: "t", fps: 60, canvas: Canvas(width: 300, height: 100, scale: 1), frames: [frame]))
        XCTAssertTrue(json.contains(##""runs":[{"start":0,"end":3,"kern":6}]"##), json)
        XCTAssertEqual(try KeyframesJSONFormat.text(KeyframesJSONFormat.read(Array(json.utf8), file: "k.json")), json)
        // A kern that changes inside the text is one line.
        let changing = NSMutableAttributedString(string: "Keynote", attributes: [.kern: 2])
        changing.addAttribute(.kern, value: 5, range: NSRange(location: 0, length: 3))
        XCTAssertThrowsError(try run(changing)) { error in
            XCTAssertTrue("\(error)".contains("titleLabel: attributedText whose kern changes inside the text is not drawn yet"), "\(error)")
        }
    }

    /// On the pixels: "HIH" kerned 10 pt right-aligned in its label. Its ink spans 2 × 10 pt
    /// more than plain (two gaps), and its right edge stands 10 pt further left: the last
    /// character's kern is part of the line Core Text aligns. Left-aligned, the first H stays put.
    func testKernOnThePixels() throws {
        final class Kerned: UICollectionViewCell {
            nonisolated(unsafe) static var kern: CGFloat = 0
            nonisolated(unsafe) static var alignment = NSTextAlignment.right
            let label = UILabel(frame: CGRect(x: 10, y: 5, width: 180, height: 30))
            override init(frame: CGRect) {
                super.init(frame: frame)
                contentView.backgroundColor = .white
                label.textAlignment = Kerned.alignment
                var attributes: [NSAttributedString.Key: Any] = [.font: UIFont.systemFont(ofSize: 20)]
                if Kerned.kern != 0 { attributes[.kern] = Kerned.kern }
                label.attributedText = NSAttributedString(string: "HIH", attributes: attributes)
                contentView.addSubview(label)
            }
            required init?(coder: NSCoder) { fatalError() }
        }
        func inkColumns(kern: CGFloat, alignment: NSTextAlignment) throws -> (first: Int, last: Int) {
            Kerned.kern = kern
            Kerned.alignment = alignment
            let r = try renderOneCell(Kerned.self, size: CGSize(width: 200, height: 40), scale: 2).raster
            if let keep = ProcessInfo.processInfo.environment["KEEP_UIKIT_RENDER"] {
                _ = FileManager.default.createFile(atPath: keep + "/kern-\(kern)-\(alignment.rawValue).png", contents: Data(try r.pngData()))
            }
            let columns = (0..<400).filter { x in (0..<80).contains { r.rgb(x, $0).0 < 128 } }
            return (try XCTUnwrap(columns.first), try XCTUnwrap(columns.last))
        }
        let plain = try inkColumns(kern: 0, alignment: .right), kerned = try inkColumns(kern: 10, alignment: .right)
        XCTAssertEqual((kerned.last - kerned.first) - (plain.last - plain.first), 40, accuracy: 1)
        XCTAssertEqual(plain.last - kerned.last, 20, accuracy: 1)
        let leftPlain = try inkColumns(kern: 0, alignment: .left), leftKerned = try inkColumns(kern: 10, alignment: .left)
        XCTAssertEqual(leftKerned.first, leftPlain.first)
        XCTAssertEqual(leftKerned.last - leftPlain.last, 40, accuracy: 1)
    }
}
