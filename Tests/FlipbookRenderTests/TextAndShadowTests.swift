import XCTest
import CCairo
import Foundation
import Flipbook
@testable import FlipbookRender
@testable import FlipbookGraphics

/// Labels follow UILabel (FlipbookGraphics.Typesetter), shadows follow CALayer
/// (FlipbookRender.ShadowMasks); checked on the pixels Flipbook draws.
final class TextAndShadowTests: XCTestCase {
    /// One white card holding `content` on a white canvas, drawn at `scale`.
    func draw(_ content: [Element], card: Rect = Rect(x: 0, y: 0, width: 360, height: 120), canvas: Size = Size(width: 360, height: 120),
              shadow: Shadow? = nil, background: Color = .white, scale: Int = 1) throws -> DecodedPNG {
        let item = DrawItem(id: "c", frame: card, appearance: Appearance(background: background, shadow: shadow, content: content))
        let frame = TimelineFrame(index: 0, time: 0, contentOffset: .zero, items: [item])
        return try DecodedPNG(PNGFormat().renderFrame(frame, canvas: Canvas(width: canvas.width, height: canvas.height, scale: scale,
                                                                             background: .white), options: RenderOptions()))
    }

    func ink(_ png: DecodedPNG, _ xs: Range<Int>, _ ys: Range<Int>) -> Int {
        var n = 0
        for y in ys { for x in xs where png.rgb(x, y).0 < 160 { n += 1 } }
        return n
    }

    func lines(_ label: TextElement) throws -> [String] { try Typesetter.with { $0.lines(of: label).map(\.text) } }

    static let mixed = String(repeating: "Flipbook 把交互动画渲染成 PNG 😀 and GIF 🎉 — 中文 English emoji. ", count: 6)

    func testEveryCharacterOfTheExamplesAndEmojiHasAGlyph() throws {
        let text = "Card 1 卡片 显示更多 顯示 我的频道 推荐频道 --上拉，显示更多-- 下拉可以刷新 松开立即刷新 正在刷新数据中... 😀🚀🎉🐱💬 ✅ — · ¥"
        let unknown = try Typesetter.with { $0.unknownGlyphs(in: TextElement(text: text, frame: Rect(x: 0, y: 0, width: 5000, height: 40))) }
        XCTAssertEqual(unknown, 0, "no .notdef boxes")
    }

    /// UILabel sets "…" on the baseline after Latin text (SF's U+2026); Inter's is there too, where
    /// WenQuanYi's sat on the math axis, a third of an em up. The ellipsis's ink, found in the
    /// columns it ends the line with, must sit on the line's baseline and be no taller than a
    /// full stop (under a fifth of an em).
    func testTheEllipsisAfterLatinTextSitsOnTheBaseline() throws {
        let size = 20.0
        let label = TextElement(text: "Pango text that is far too long for this label", frame: Rect(x: 20, y: 20, width: 200, height: 40),
                                fontSize: size, color: .black)
        let line = try XCTUnwrap(try Typesetter.with { $0.lines(of: label) }.first)
        XCTAssertTrue(line.text.hasSuffix("…"), line.text)
        let dots = try Typesetter.naturalWidth(of: "…", fontSize: size, weight: .regular)
        let png = try draw([.text(label)], scale: 2)
        let xs = Int((2 * (20 + line.x + line.width - dots + 1)).rounded(.up))..<Int((2 * (20 + line.x + line.width)).rounded(.down))
        let inked = (0..<png.height).filter { y in xs.contains { png.rgb($0, y).0 < 128 } }
        let top = Double(try XCTUnwrap(inked.first)) / 2, bottom = Double(inked.last! + 1) / 2
        let baseline = 20 + line.baseline
        XCTAssertEqual(bottom, baseline, accuracy: 1, "the dots stand on the baseline")
        XCTAssertLessThan(bottom - top, size / 5, "as tall as a full stop")
    }

    /// UILabel breaks a word too long for its line without a hyphen (hyphenationFactor 0);
    /// Pango inserts one unless told not to.
    func testALongWordBreaksWithoutAHyphen() throws {
        let word = "UICollectionViewCompositionalLayoutConfiguration"
        let label = TextElement(text: word, frame: Rect(x: 0, y: 0, width: 150, height: 200), fontSize: 17, weight: .bold, numberOfLines: 0)
        let shown = try Typesetter.with { $0.lines(of: label) }
        XCTAssertGreaterThan(shown.count, 1, "the word is broken")
        XCTAssertEqual(shown.map(\.text).joined(), word, "the lines are the word, cut")
        // A hyphen is a glyph Pango adds, not text: each line is as wide as its own text set alone.
        for line in shown {
            XCTAssertEqual(line.width, try Typesetter.naturalWidth(of: line.text, fontSize: 17, weight: .bold), accuracy: 0.01, line.text)
        }
    }

    /// A keycap ("1", U+FE0F, U+20E3) is one colour glyph, as on iOS: no black "1" from the text
    /// font beside a keycap box.
    func testAKeycapIsOneEmoji() throws {
        let label = TextElement(text: "1️⃣", frame: Rect(x: 20, y: 20, width: 100, height: 60), fontSize: 40, color: .black)
        XCTAssertEqual(try Typesetter.with { $0.unknownGlyphs(in: label) }, 0)
        let png = try draw([.text(label)], scale: 2)
        var black = 0, colour = 0
        for y in 0..<png.height {
            for x in 0..<png.width {
                let (r, g, b) = png.rgb(x, y)
                if r < 50 && g < 50 && b < 50 { black += 1 }
                if max(r, g, b) - min(r, g, b) > 40 { colour += 1 }
            }
        }
        XCTAssertEqual(black, 0, "no glyph drawn in the label's black")
        XCTAssertGreaterThan(colour, 1000, "the keycap's colour")
    }

    /// A 300-character title on one line: UILabel's default (byTruncatingTail) ends it with "…"
    /// inside the label, and nothing is drawn outside the label's bounds.
    func testOneLineLabelEndsWithAnEllipsisAndStaysInItsBounds() throws {
        XCTAssertGreaterThanOrEqual(Self.mixed.count, 300)
        let label = TextElement(text: Self.mixed, frame: Rect(x: 20, y: 30, width: 300, height: 40), fontSize: 17, color: .black)
        let shown = try lines(label)
        XCTAssertEqual(shown.count, 1)
        XCTAssertTrue(shown[0].hasSuffix("…"), shown[0])
        XCTAssertTrue(Self.mixed.hasPrefix(String(shown[0].dropLast())), "the head of the text, then the ellipsis")
        let png = try draw([.text(label)])
        XCTAssertGreaterThan(ink(png, 300..<320, 30..<70), 3, "the ellipsis is drawn at the end of the label")
        XCTAssertEqual(ink(png, 320..<360, 0..<120) + ink(png, 0..<20, 0..<120) + ink(png, 20..<320, 0..<30) + ink(png, 20..<320, 70..<120), 0,
                       "nothing outside the label")
    }

    /// Three lines wrap at the words a greedy word wrap picks — the breaks are computed here from
    /// each word's own width, independently of Pango's line breaking.
    func testThreeLineLabelWrapsAtTheExpectedWords() throws {
        let words = "The quick brown fox jumps over the lazy dog and keeps running far away".split(separator: " ").map(String.init)
        let width = 150.0, size = 17.0
        var expected: [String] = [], current = ""
        for w in words {
            let candidate = current.isEmpty ? w : current + " " + w
            if try Typesetter.naturalWidth(of: candidate, fontSize: size, weight: .regular) <= width || current.isEmpty {
                current = candidate
            } else {
                expected.append(current + " ")
                current = w
            }
        }
        expected.append(current)
        XCTAssertGreaterThan(expected.count, 3)
        let label = TextElement(text: words.joined(separator: " "), frame: Rect(x: 0, y: 0, width: width, height: 100),
                                fontSize: size, numberOfLines: 3)
        let shown = try lines(label)
        XCTAssertEqual(Array(shown.prefix(2)), Array(expected.prefix(2)))
        XCTAssertEqual(shown.count, 3)
        XCTAssertTrue(shown[2].hasPrefix(expected[2]), "the third line starts where greedy wrapping puts it: \(shown[2])")
        XCTAssertTrue(shown[2].hasSuffix("…"), "and ends with the ellipsis, text being left over")
        // numberOfLines 0 shows every line; byWordWrapping with 3 lines cuts without an ellipsis.
        var all = label
        all.numberOfLines = 0
        all.frame.size.height = 400
        XCTAssertEqual(try lines(all), expected)
        var cut = label
        cut.lineBreakMode = .byWordWrapping
        XCTAssertEqual(try lines(cut), Array(expected.prefix(3)))
    }

    func testHeadAndMiddleTruncation() throws {
        let text = "Sources/FlipbookGraphics/Typesetter.swift"
        let frame = Rect(x: 0, y: 0, width: 120, height: 30)
        let head = try lines(TextElement(text: text, frame: frame, fontSize: 15, lineBreakMode: .byTruncatingHead))
        XCTAssertEqual(head.count, 1)
        // Pango reports the laid-out text; the shown glyphs start with "…" and end with the tail.
        let png = try draw([.text(TextElement(text: text, frame: frame, fontSize: 15, lineBreakMode: .byTruncatingHead))],
                           canvas: Size(width: 360, height: 120))
        XCTAssertGreaterThan(ink(png, 0..<12, 0..<30), 0)
        XCTAssertGreaterThan(ink(png, 100..<120, 0..<30), 0, "the tail is shown up to the right edge")
        let middle = try lines(TextElement(text: text, frame: frame, fontSize: 15, lineBreakMode: .byTruncatingMiddle))
        XCTAssertEqual(middle.count, 1)
    }

    /// A truncated line is its kept text and one "…" at their own widths, as UILabel sets it:
    /// no blank beside "…" (Pango widens its ellipsis to fill the line: issue 45, up to 8 pt in
    /// "wallet-m…  0471.png"), and it is the longest such text that fits, measured here.
    func testTruncatedLinesHaveNoBlankBesideTheEllipsis() throws {
        for (text, mode) in [("wallet-move-frame-00470.png 与 frame-00471.png", LineBreakMode.byTruncatingMiddle),
                             ("…/Sources/FlipbookGraphics/Typesetter.swift 第 120 行", .byTruncatingHead),
                             ("Photo Library and Camera Roll", .byTruncatingTail)] {
            for alignment in [TextAlignment.left, .center, .right] {
                let label = TextElement(text: text, frame: Rect(x: 0, y: 0, width: 142, height: 30), fontSize: 15, weight: .bold,
                                        alignment: alignment, lineBreakMode: mode)
                let placed = try XCTUnwrap(try Typesetter.with { $0.lines(of: label) }.first)
                let natural = try Typesetter.naturalWidth(of: placed.text, fontSize: 15, weight: .bold)
                XCTAssertEqual(placed.width, natural, accuracy: 0.01, "\(placed.text): as wide as that text set whole")
                XCTAssertLessThanOrEqual(placed.width, 142)
                let spare = 142 - placed.width
                XCTAssertEqual(placed.x, alignment == .left ? 0 : alignment == .center ? spare / 2 : spare, accuracy: 0.01, "\(alignment)")
                // The kept head and tail around one "…", and one more character kept would not fit.
                let chars = Array(placed.text), all = Array(text)
                let cut = mode == .byTruncatingHead ? 0 : mode == .byTruncatingTail ? chars.count - 1
                    : try XCTUnwrap(chars.indices.first { chars[$0] == "…" && text.hasPrefix(String(chars[..<$0])) && text.hasSuffix(String(chars[($0 + 1)...])) })
                XCTAssertEqual(chars[cut], "…")
                let head = Array(chars[..<cut]), tail = Array(chars[(cut + 1)...])
                XCTAssertTrue(text.hasPrefix(String(head)) && text.hasSuffix(String(tail)), placed.text)
                let growsTail = mode == .byTruncatingHead || (mode == .byTruncatingMiddle && head.count > tail.count)
                let longer = growsTail ? String(head) + "…" + String(all[(all.count - tail.count - 1)...])
                                       : String(all[..<(head.count + 1)]) + "…" + String(tail)
                XCTAssertGreaterThan(try Typesetter.naturalWidth(of: longer, fontSize: 15, weight: .bold), 142, "\(longer) would fit")
            }
        }
    }

    /// Where the elided text starts with a CJK character Pango ends the line with U+22EF (the
    /// midline ellipsis) or, in a font without it, "..."; UILabel ends every truncated line with "…".
    /// The line must be the longest head (or tail) that fits with "…", found here by measuring
    /// each candidate on its own, and be drawn exactly as that text set unelided.
    func testTruncationBeforeCJKTextUsesTheOneEllipsis() throws {
        let size = 18.0, weight = FontWeight.bold
        func fits(_ s: String, _ width: Double) throws -> Bool {
            try Typesetter.naturalWidth(of: s, fontSize: size, weight: weight) <= width
        }
        for (text, width) in [("Card 9 卡片", 92.0), ("Card 9 卡片标题", 110.0), ("标题 第 120 行", 70.0)] {
            let chars = Array(text)
            var expected = ""
            for k in stride(from: chars.count - 1, through: 0, by: -1) where try fits(String(chars[..<k]) + "…", width) {
                expected = String(chars[..<k]) + "…"
                break
            }
            XCTAssertTrue(chars[expected.count - 1].unicodeScalars.first!.properties.isIdeographic,
                          "the case under test: the first character elided is CJK (\(text) → \(expected))")
            let frame = Rect(x: 10, y: 10, width: width, height: 30)
            let label = TextElement(text: text, frame: frame, fontSize: size, weight: weight, color: .black)
            XCTAssertEqual(try lines(label), [expected], text)
            var plain = label
            plain.text = expected
            plain.frame.size.width = 300
            let canvas = Size(width: 320, height: 50)
            let elided = try draw([.text(label)], canvas: canvas, scale: 2).pixels, set = try draw([.text(plain)], canvas: canvas, scale: 2).pixels
            XCTAssertEqual(zip(elided, set).filter { $0 != $1 }.count, 0, "\(text): pixels unlike \"\(expected)\" set whole")
        }
        // At the head: "…" and the longest tail that fits.
        let text = "标题标题 Card 9", width = 80.0
        let chars = Array(text)
        var expected = ""
        for k in 1..<chars.count where try fits("…" + String(chars[k...]), width) {
            expected = "…" + String(chars[k...])
            break
        }
        let head = TextElement(text: text, frame: Rect(x: 0, y: 0, width: width, height: 30), fontSize: size, weight: weight,
                               lineBreakMode: .byTruncatingHead)
        XCTAssertEqual(try lines(head), [expected])
    }

    /// An emoji is drawn from the colour font: saturated pixels, not a grey .notdef box.
    func testEmojiRendersInColour() throws {
        let label = TextElement(text: "😀", frame: Rect(x: 10, y: 10, width: 60, height: 60), fontSize: 40, color: .black)
        let png = try draw([.text(label)], canvas: Size(width: 80, height: 80), scale: 2)
        var yellow = 0
        for y in 0..<png.height {
            for x in 0..<png.width {
                let (r, g, b) = png.rgb(x, y)
                if r > 200 && g > 150 && b < 100 { yellow += 1 }
            }
        }
        XCTAssertGreaterThan(yellow, 1000, "the grinning face's yellow")
    }

    /// A fit tag is as wide as the typesetter sets its bold title plus 14 pt a side, and the
    /// title shows whole (no ellipsis) whatever its alignment.
    func testFitTagsShowTheirWholeTitle() throws {
        let url = packageRoot.appendingPathComponent("examples/tag-reorder.json")
        let scene = try SceneDecoder().decode([UInt8](try Data(contentsOf: url)), file: url.path)
        let items = scene.collectionView.sections.flatMap(\.items)
        XCTAssertGreaterThan(items.count, 10)
        for item in items {
            let natural = try Typesetter.naturalWidth(of: item.title, fontSize: 15, weight: .bold)
            XCTAssertEqual(item.size!.width, (natural + 28).rounded(.up), item.title)
            for alignment in [TextAlignment.left, .center, .right] {
                var style = item.style ?? scene.collectionView.cell
                style.titleAlignment = alignment
                let a = try CellAppearance.cell(item, style: style, size: item.size!, text: PangoTextMeasurer())
                guard case .text(let t) = a.content.first else { return XCTFail() }
                XCTAssertEqual(try lines(t), [item.title], "\(item.title) \(alignment)")
            }
        }
    }

    // MARK: - Shadows

    /// The shadow's alpha across a straight edge is a Gaussian's tail: opacity · (1 − Φ(d/σ)) at
    /// distance d outside the (offset) shape, with σ = shadowRadius. Sampled at @2x along the
    /// middle of the right edge, away from the corners, compared with Φ computed here from erf.
    func testShadowEdgeIsAGaussianOfTheShadowRadius() throws {
        let shadow = Shadow(color: .black, opacity: 0.5, offset: Point(x: 0, y: 4), radius: 6)
        let card = Rect(x: 40, y: 40, width: 120, height: 100)
        let png = try draw([], card: card, canvas: Size(width: 220, height: 200), shadow: shadow, scale: 2)
        let y = Int((card.midY + shadow.offset.y) * 2)
        var previous = 1.0
        for px in Int(card.maxX * 2)..<Int((card.maxX + 4 * shadow.radius) * 2) {
            let alpha = 1 - Double(png.rgb(px, y).0) / 255
            let d = (Double(px) + 0.5) / 2 - card.maxX
            let expected = shadow.opacity * 0.5 * (1 - erf(d / (shadow.radius * 2.0.squareRoot())))
            XCTAssertEqual(alpha, expected, accuracy: 0.012, "\(d) pt outside the edge")
            XCTAssertLessThanOrEqual(alpha, previous + 1e-9, "monotonic: it only fades")
            previous = alpha
        }
        // Offset down: below the card the shadow reaches farther than above it.
        let x = Int(card.midX * 2)
        let above = 1 - Double(png.rgb(x, Int(card.minY * 2) - 6).0) / 255
        let below = 1 - Double(png.rgb(x, Int(card.maxY * 2) + 6).0) / 255
        XCTAssertGreaterThan(below, above + 0.05)
    }

    /// Large cards get their mask from a small one stretched (nine-slice); that equals the mask
    /// blurred at full size.
    func testStretchedShadowMaskEqualsTheFullBlur() {
        let key = ShadowMasks.Key(width: 300, height: 180, corner: 48, sigma: 32, corners: Corners.all.rawValue)
        let stretched = ShadowMasks.mask(key), full = ShadowMasks.blurred(key)
        XCTAssertEqual(stretched.width, full.width)
        var worst = 0
        for y in 0..<full.height {
            for x in 0..<full.width {
                worst = max(worst, abs(Int(stretched.pixels[y * stretched.stride + x]) - Int(full.pixels[y * full.stride + x])))
            }
        }
        XCTAssertLessThanOrEqual(worst, 1, "at most one level of rounding apart")
    }

    /// Two overlapping shadows add like Core Animation's (each over what is below), with no
    /// hard band where they meet: along a line through the overlap the darkness changes by at
    /// most a few levels per pixel.
    func testOverlappingShadowsHaveNoHardBand() throws {
        let a = DrawItem(id: "a", frame: Rect(x: 20, y: 20, width: 120, height: 80),
                         appearance: Appearance(background: .white, shadow: Shadow(opacity: 0.4, radius: 8)))
        var b = a
        b.id = "b"
        b.frame = Rect(x: 20, y: 60, width: 120, height: 80)
        let frame = TimelineFrame(index: 0, time: 0, contentOffset: .zero, items: [a, b])
        let png = try DecodedPNG(PNGFormat().renderFrame(frame, canvas: Canvas(width: 200, height: 200, scale: 2, background: .white),
                                                         options: RenderOptions()))
        var jump = 0
        for y in 60..<330 { jump = max(jump, abs(png.rgb(300, y).0 - png.rgb(300, y + 1).0)) }
        XCTAssertLessThanOrEqual(jump, 6)
    }

    /// The shadow under an opaque card is composited only where the card does not cover whole
    /// pixels (ShadowMasks.clipOutCovered); the card drawn over it must then give exactly the
    /// pixels of the whole shadow — at fractional positions, several radii, offsets and scales.
    func testShadowLeftOutUnderAnOpaqueCardChangesNoPixel() throws {
        var compared = 0
        for scale in [1.0, 2.0, 3.0] {
            for (x, y) in [(10.0, 12.0), (10.3, 12.7), (9.87, 11.5)] {
                for radius in [0.0, 4.0, 16.0, 60.0] {
                    for shadow in [Shadow.card, Shadow(opacity: 0.6, offset: Point(x: 3, y: -5), radius: 2)] {
                        let shape = Rect(x: 0, y: 0, width: 108, height: 90)
                        func render(opaque: Bool, card: Bool) throws -> [UInt8] {
                            let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(140 * scale), Int32(130 * scale))!
                            defer { cairo_surface_destroy(surface) }
                            let cr = cairo_create(surface)!
                            defer { cairo_destroy(cr) }
                            cairo_scale(cr, scale, scale)
                            cairo_translate(cr, x, y)
                            ShadowMasks.draw(shadow, shape: shape, cornerRadius: radius, corners: .all, scale: scale, shapeIsOpaque: opaque, on: cr)
                            if card {
                                CairoDrawing.append(.roundedRect(RoundedRect(shape, radius: radius)), on: cr)
                                cairo_set_source_rgba(cr, 0.2, 0.5, 0.9, 1)
                                cairo_fill(cr)
                            }
                            cairo_surface_flush(surface)
                            let data = cairo_image_surface_get_data(surface)!
                            return Array(UnsafeBufferPointer(start: data, count: Int(cairo_image_surface_get_stride(surface) * cairo_image_surface_get_height(surface))))
                        }
                        XCTAssertEqual(try render(opaque: true, card: true), try render(opaque: false, card: true), "scale \(scale) at (\(x), \(y)) radius \(radius)")
                        // Not vacuous: without the card, the middle of the shadow is left out —
                        // unless the corners meet (radius 60 is clamped to half the height, a
                        // pill with no straight edges to keep a cross inside), when all is drawn.
                        let stride = Int(140 * scale) * 4
                        let middle = Int((y + 45) * scale) * stride + Int((x + 54) * scale) * 4 + 3
                        XCTAssertEqual(try render(opaque: true, card: false)[middle] == 0, radius < 45, "scale \(scale) at (\(x), \(y)) radius \(radius)")
                        XCTAssertGreaterThan(try render(opaque: false, card: false)[middle], 0)
                        compared += 1
                    }
                }
            }
        }
        XCTAssertEqual(compared, 72)
    }

    /// Found by the fuzzer: a card 1e-17 pt wide made a singular mask transform, and a card far
    /// larger than the canvas would need a mask of billions of pixels. Both draw; the huge one's
    /// shadow shows just below it, cut from the visible window of its mask.
    func testShadowsOfTinyAndHugeShapesDraw() throws {
        let shadow = Shadow(opacity: 0.5, offset: Point(x: 0, y: 0), radius: 8)
        _ = try draw([], card: Rect(x: 10, y: 10, width: 1e-17, height: 50), canvas: Size(width: 100, height: 100), shadow: shadow, scale: 3)
        let png = try draw([], card: Rect(x: -50_000, y: -100_000, width: 100_000, height: 100_050), canvas: Size(width: 100, height: 100),
                           shadow: shadow, scale: 3)
        let edge = 1 - Double(png.rgb(150, 150 + 3 * 8).0) / 255
        XCTAssertEqual(edge, 0.5 * 0.5 * (1 - erf(8.0 / (8 * 2.0.squareRoot()))), accuracy: 0.02, "σ below the bottom edge")
    }

    /// Found by the fuzzer: a card 36,001 × 90 pt has a mask under the pixel budget but wider
    /// than Cairo's largest image (32,767 px); it is cut to the visible window like a huge one.
    func testShadowOfALongThinShapeDraws() throws {
        let shadow = Shadow(opacity: 0.5, offset: Point(x: 0, y: 0), radius: 3)
        let png = try draw([], card: Rect(x: 10, y: 10, width: 36_001, height: 90), canvas: Size(width: 100, height: 120), shadow: shadow)
        let edge = 1 - Double(png.rgb(50, 100 + 3).0) / 255
        XCTAssertEqual(edge, 0.5 * 0.5 * (1 - erf(3.0 / (3 * 2.0.squareRoot()))), accuracy: 0.03, "σ below the bottom edge")
    }

    func testBorderWidthAndMaskedCorners() throws {
        let item = DrawItem(id: "c", frame: Rect(x: 10, y: 10, width: 100, height: 60),
                            appearance: Appearance(background: .white, cornerRadius: 20, roundedCorners: .top,
                                                   border: Color(red: 1, green: 0, blue: 0), borderWidth: 4))
        let frame = TimelineFrame(index: 0, time: 0, contentOffset: .zero, items: [item])
        let png = try DecodedPNG(PNGFormat().renderFrame(frame, canvas: Canvas(width: 120, height: 80, scale: 1, background: Color(red: 0, green: 0, blue: 1)),
                                                         options: RenderOptions()))
        XCTAssertTrue(png.rgb(60, 12) == (255, 0, 0), "a 4 pt border inside the top edge: \(png.rgb(60, 12))")
        XCTAssertTrue(png.rgb(60, 16) == (255, 255, 255), "and white inside it")
        XCTAssertTrue(png.rgb(11, 11) == (0, 0, 255), "the top-left corner is rounded away")
        XCTAssertTrue(png.rgb(11, 68) == (255, 0, 0), "the bottom-left corner is square (not masked)")
    }

    /// The refresh arrow points down at rotation 0 and up at −π: its open head (the wide part)
    /// is at the bottom, then at the top.
    func testRefreshArrowPointsByItsRotation() throws {
        func headAtTop(_ rotation: Double) throws -> Bool {
            let arrow = ArrowElement(frame: Rect(x: 20, y: 10, width: 20, height: 40), rotation: rotation, color: .black)
            let png = try draw([.arrow(arrow)], card: Rect(x: 0, y: 0, width: 60, height: 60), canvas: Size(width: 60, height: 60), scale: 2)
            return ink(png, 40..<80, 20..<45) > ink(png, 40..<80, 75..<100)
        }
        XCTAssertFalse(try headAtTop(0))
        XCTAssertTrue(try headAtTop(-Double.pi))
    }

    /// clipsToBounds (UIView's): content is clipped to the item's shape, or with false reaches
    /// past its edge — also on a translucent item, whose group is as large as what it draws, and
    /// in the SVG, from the same primitives. A red block from x 70 to 110 on a card 80 wide,
    /// on a white canvas 120 wide (scale 1): pixel (100, 40) is outside the card.
    func testContentReachesPastTheEdgeOnlyWithoutClipsToBounds() throws {
        func frame(clips: Bool, alpha: Double) -> TimelineFrame {
            var item = DrawItem(id: "c", frame: Rect(x: 0, y: 0, width: 80, height: 80),
                                appearance: Appearance(background: Color(red: 0, green: 0, blue: 1, alpha: 1), cornerRadius: 8,
                                                       content: [.rect(RectElement(frame: Rect(x: 70, y: 30, width: 40, height: 20), color: Color(red: 1, green: 0, blue: 0, alpha: 1)))],
                                                       clipsToBounds: clips))
            item.alpha = alpha
            return TimelineFrame(index: 0, time: 0, contentOffset: .zero, items: [item])
        }
        let canvas = Canvas(width: 120, height: 80, scale: 1, background: .white)
        for alpha in [1.0, 0.5] {
            let clipped = try DecodedPNG(PNGFormat().renderFrame(frame(clips: true, alpha: alpha), canvas: canvas, options: RenderOptions()))
            let free = try DecodedPNG(PNGFormat().renderFrame(frame(clips: false, alpha: alpha), canvas: canvas, options: RenderOptions()))
            XCTAssertTrue(clipped.rgb(100, 40) == (255, 255, 255), "clipped: nothing past the edge (alpha \(alpha)): \(clipped.rgb(100, 40))")
            let red = free.rgb(100, 40)
            // Red at `alpha` over white: green and blue 255 × (1 − alpha), give or take Cairo's rounding.
            XCTAssertTrue(red.0 == 255 && abs(Double(red.1) - 255 * (1 - alpha)) <= 1 && red.1 == red.2, "unclipped: the block past the edge (alpha \(alpha)): \(red)")
            XCTAssertTrue(free.rgb(75, 40) == clipped.rgb(75, 40), "inside the card the same either way")
        }
        // The animated SVG draws the same primitives: the block outside any clip path.
        func svg(clips: Bool) throws -> String {
            let timeline = Timeline(scene: "s", fps: 10, canvas: canvas, frames: [frame(clips: clips, alpha: 1)])
            return try Typesetter.with { try AnimatedSVGWriter(timeline, typesetter: $0).document() }
        }
        XCTAssertFalse(try svg(clips: false).contains("clip-path=\"url(#s"), "no content clip in the SVG")
        XCTAssertTrue(try svg(clips: true).contains("clip-path=\"url(#s"))
        // keyframes.json names it only when false, and reads it back.
        XCTAssertEqual(Looks.text(frame(clips: true, alpha: 1).items[0].appearance).json.contains("clipsToBounds"), false)
        let text = Looks.text(frame(clips: false, alpha: 1).items[0].appearance).json
        XCTAssertTrue(text.contains("\"clipsToBounds\":false"), text)
    }

    /// An image element is drawn from its PNG, scaled to fill its frame.
    func testImageContentIsDrawnFromItsFile() throws {
        let path = packageRoot.appendingPathComponent("examples/images/avatar.png").path
        let image = ImageElement(image: try ImageStore.read(path), frame: Rect(x: 10, y: 10, width: 60, height: 60), contentMode: .scaleAspectFill)
        let png = try draw([.image(image)], card: Rect(x: 0, y: 0, width: 80, height: 80), canvas: Size(width: 80, height: 80))
        // scripts/make-example-image.py: pixel (0, 0) is #5AC8FA; the ring (radius 30-36 of 120 px)
        // is white; the image is shown at half size here.
        let corner = png.rgb(11, 11)
        XCTAssertEqual(corner.0, 0x5A, accuracy: 6)
        XCTAssertEqual(corner.2, 0xFA, accuracy: 6)
        XCTAssertTrue(png.rgb(40, 40 - 16) == (255, 255, 255), "the white ring, 16.5 px above the centre: \(png.rgb(40, 24))")
        XCTAssertTrue(png.rgb(5, 5) == (255, 255, 255), "nothing outside the image frame")
    }

    /// Images are values the timeline carries: a file changed or removed after the scene was
    /// read changes nothing drawn, a file that is not there is an error naming it, and a look
    /// read back from a recording names its image without pixels, which drawing refuses.
    func testImagesAreValuesReadOnce() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("flipbook-image-values-\(getpid())")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent("a.png")
        try FileManager.default.copyItem(at: packageRoot.appendingPathComponent("examples/images/avatar.png"), to: file)
        let value = try ImageStore.read(file.path)
        let element = ImageElement(image: value, frame: Rect(x: 10, y: 10, width: 60, height: 60))
        let before = try draw([.image(element)], card: Rect(x: 0, y: 0, width: 80, height: 80), canvas: Size(width: 80, height: 80))
        try FileManager.default.removeItem(at: file)
        let after = try draw([.image(element)], card: Rect(x: 0, y: 0, width: 80, height: 80), canvas: Size(width: 80, height: 80))
        XCTAssertEqual(before.rgb(11, 11).0, 0x5A, accuracy: 6, "the picture is drawn")
        XCTAssertTrue(before.rgb(11, 11) == after.rgb(11, 11) && before.rgb(40, 24) == after.rgb(40, 24), "drawn from the value, not the file")
        XCTAssertEqual(value.digest, FNV1a.hex(try Data(contentsOf: packageRoot.appendingPathComponent("examples/images/avatar.png"))),
                       "named by the FNV-1a hash of its bytes")
        XCTAssertThrowsError(try ImageStore.read(file.path)) { XCTAssertTrue("\($0)".hasPrefix(file.path + ": cannot read the image file"), "\($0)") }
        let reference = ImageData(reference: value.description)
        XCTAssertEqual(reference, value, "a recording's name for it is the same image")
        XCTAssertTrue(reference.isReference)
        let named = ImageElement(image: reference, frame: element.frame)
        XCTAssertThrowsError(try draw([.image(named)], card: Rect(x: 0, y: 0, width: 80, height: 80), canvas: Size(width: 80, height: 80))) {
            XCTAssertTrue("\($0)".contains("a.png#\(value.digest) is a name read back from a recording"), "\($0)")
        }
    }

    /// A missing or broken image is refused when the scene is read: one line naming the file,
    /// the field and why.
    func testBadImagesAreRefusedWhenTheSceneIsRead() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("flipbook-images-\(getpid())")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        try Data("not a png".utf8).write(to: dir.appendingPathComponent("broken.png"))
        for (name, why) in [("missing.png", "no such file"), ("broken.png", "expected a PNG or JPEG file")] {
            let scene = """
                {"canvas": {"width": 100, "height": 100}, "duration": 0.1, "collectionView": {"layout": {"type": "absolute"},
                 "items": [{"id": "a", "x": 0, "y": 0, "width": 50, "height": 50, "content": [{"image": "\(name)", "height": 20}]}]}}
                """
            let file = dir.appendingPathComponent("scene.json").path
            XCTAssertThrowsError(try SceneDecoder().decode(Array(scene.utf8), file: file)) { error in
                let message = "\(error)"
                XCTAssertTrue(message.contains("$.collectionView.items[0].content[0].image"), message)
                XCTAssertTrue(message.contains(why), message)
                XCTAssertTrue(message.contains(dir.appendingPathComponent(name).path), message)
                XCTAssertFalse(message.contains("\n"))
            }
        }
    }
}

/// Text under a plain scale and translation is composited from per-glyph coverage masks made
/// at each glyph's exact sub-pixel position (FlipbookGraphics.GlyphMasks) instead of filling
/// the label's whole outline: the same outlines, the same positions.
final class GlyphMaskTests: XCTestCase {
    /// `label` drawn black on white at `scale` onto a `width` x `height` pixel image, with glyph
    /// masks or by filling the outline; the red channel of every pixel, row by row.
    func pixels(_ label: TextElement, scale: Double = 2, width: Int = 400, height: Int = 80, masks: Bool) throws -> [UInt8] {
        let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(width), Int32(height))!
        defer { cairo_surface_destroy(surface) }
        let cr = cairo_create(surface)!
        cairo_set_source_rgb(cr, 1, 1, 1)
        cairo_paint(cr)
        cairo_scale(cr, scale, scale)
        try Typesetter.with { t in
            t.drawsGlyphMasks = masks
            defer { t.drawsGlyphMasks = true }
            t.draw(label, on: cr)
        }
        cairo_destroy(cr)
        cairo_surface_flush(surface)
        let data = cairo_image_surface_get_data(surface)!, stride = Int(cairo_image_surface_get_stride(surface))
        var out: [UInt8] = []
        for y in 0..<height { for x in 0..<width { out.append(data[y * stride + 4 * x + 2]) } }
        return out
    }

    func label(at origin: Point, _ text: String = "Card 12 卡片 Flipbook") -> TextElement {
        TextElement(text: text, frame: Rect(x: origin.x, y: origin.y, width: 180, height: 30), fontSize: 18, color: .black)
    }

    /// Against the label's outline filled as one path: each edge pixel's coverage is the same,
    /// but Pixman's mask composite rounds differently from Cairo's span fill (a level or two),
    /// and a pixel two glyphs share adds as two layers rather than as one shape. Measured at
    /// @2x: 1,063 of 3,331 ink pixels differ, 49 by more than 2 levels, the most by 17.
    func testMasksDrawWhatTheOutlineFillDraws() throws {
        let l = label(at: Point(x: 10.3, y: 7.7))
        let masked = try pixels(l, masks: true), filled = try pixels(l, masks: false)
        let ink = filled.filter { $0 < 255 }.count
        XCTAssertGreaterThan(ink, 1500, "the label is drawn")
        var moreThanRounding = 0, largest = 0
        for (a, b) in zip(masked, filled) {
            let d = abs(Int(a) - Int(b))
            if d > 2 { moreThanRounding += 1 }
            largest = max(largest, d)
        }
        XCTAssertLessThan(Double(moreThanRounding), 0.03 * Double(ink))
        XCTAssertLessThanOrEqual(largest, 32, "no glyph is missing or misplaced")
        let sum = { (p: [UInt8]) in p.reduce(0) { $0 + 255 - Int($1) } }
        XCTAssertEqual(Double(sum(masked)), Double(sum(filled)), accuracy: 0.005 * Double(sum(filled)), "the same amount of ink")
    }

    /// Positions are exact: moved by one whole device pixel the label's pixels are the same,
    /// one pixel over; moved by half a pixel its ink moves by half a pixel (no snapping).
    func testGlyphsSitAtTheirExactSubPixelPosition() throws {
        let width = 400
        let a = try pixels(label(at: Point(x: 10.25, y: 7.75)), masks: true)
        let b = try pixels(label(at: Point(x: 10.75, y: 7.75)), masks: true)  // + 1 px at @2x
        for y in 0..<80 { for x in 1..<width { XCTAssertEqual(a[y * width + x - 1], b[y * width + x], "(\(x), \(y))"); if a[y * width + x - 1] != b[y * width + x] { return } } }
        func centroidX(_ p: [UInt8]) -> Double {
            var w = 0.0, m = 0.0
            for (i, v) in p.enumerated() { let ink = Double(255 - Int(v)); w += ink; m += ink * Double(i % width) }
            return m / w
        }
        let c = try pixels(label(at: Point(x: 10.5, y: 7.75)), masks: true)  // + ½ px
        XCTAssertEqual(centroidX(c) - centroidX(a), 0.5, accuracy: 0.03)
        XCTAssertEqual(centroidX(b) - centroidX(a), 1.0, accuracy: 0.001)
    }

    /// The masks are a cache: what a label looks like does not depend on what was drawn before.
    func testWhatWasDrawnBeforeChangesNothing() throws {
        let l = label(at: Point(x: 3.37, y: 5.91), "卡片 0123456789")
        let first = try pixels(l, masks: true)
        for dx in stride(from: 0.0, to: 1, by: 0.125) { _ = try pixels(label(at: Point(x: 3 + dx, y: 5.91), "卡片 9876543210"), masks: true) }
        XCTAssertEqual(try pixels(l, masks: true), first)
    }
}

/// Rounded rectangles several items of a frame share are filled and outlined through one
/// coverage mask (FlipbookRender.ShapeMasks); a shape drawn once is filled and stroked directly.
final class ShapeMaskTests: XCTestCase {
    let canvas = Canvas(width: 300, height: 160, scale: 2, background: .white)

    /// A bordered, rounded card at column `column` of a row whose top is at `y` points.
    func card(_ column: Int, y: Double, color: Color) -> DrawItem {
        DrawItem(id: "c\(column)", frame: Rect(x: 10 + 70 * Double(column), y: y, width: 60, height: 60),
                 appearance: Appearance(background: color, cornerRadius: 12, border: Color(hex: "#1C1C1E")!, borderWidth: 1.5))
    }

    func png(_ items: [DrawItem]) throws -> DecodedPNG {
        try DecodedPNG(PNGFormat().renderFrame(TimelineFrame(index: 0, time: 0, contentOffset: .zero, items: items),
                                               canvas: canvas, options: RenderOptions()))
    }

    /// Four cards at a quarter-pixel phase (which use one fill mask and one border mask) against
    /// each card drawn alone (its path filled and stroked): every pixel within one level, the
    /// compositing's rounding, and nearly all exactly equal.
    func testMaskedCardsDrawWhatTheirPathsDraw() throws {
        let colors = ["#FF3B30", "#34C759", "#007AFF", "#FFCC00"].map { Color(hex: $0)! }
        let y = 20.125  // 40.25 device pixels: a phase of a quarter pixel
        let together = try png((0..<4).map { card($0, y: y, color: colors[$0]) })
        var differing = 0, largest = 0, edge = 0
        for c in 0..<4 {
            let alone = try png([card(c, y: y, color: colors[c])])
            // The card's pixels and one around it (where its antialiased edge falls).
            for py in 39..<163 {
                for px in (20 + 140 * c - 1)..<(20 + 140 * c + 121) {
                    let a = together.rgb(px, py), b = alone.rgb(px, py)
                    let d = max(abs(Int(a.0) - Int(b.0)), abs(Int(a.1) - Int(b.1)), abs(Int(a.2) - Int(b.2)))
                    if d > 0 { differing += 1 }
                    largest = max(largest, d)
                    if b != alone.rgb(20 + 140 * c + 60, 100) && b != (255, 255, 255) { edge += 1 }
                }
            }
        }
        XCTAssertGreaterThan(edge, 4 * 400, "the cards have antialiased edges and borders to compare")
        XCTAssertLessThanOrEqual(largest, 1)
        XCTAssertLessThan(differing, edge / 20)
        // The border is there: dark at the middle of the top edge, the fill inside.
        XCTAssertLessThan(together.rgb(80, 41).0, 60)
        XCTAssertEqual(together.rgb(80, 100).0, 255, "the red card's fill")
    }

    /// An item's mask keys, from its look as DrawList lowers it at @2x.
    func keys(_ item: DrawItem, matrix m: cairo_matrix_t) -> ShapeMasks.Keys {
        ShapeMasks.keys(item, DrawList.look(item.appearance, size: item.frame.size, scale: 2), matrix: m)
    }

    /// Only a shape counted twice gets a mask, and only on an image surface (an SVG gets paths).
    func testOnlyRepeatedShapesOnImagesAreMasked() throws {
        let m = cairo_matrix_t(xx: 2, yx: 0, xy: 0, yy: 2, x0: 20, y0: 40.25)
        let keys = keys(card(0, y: 20.125, color: .white), matrix: m)
        let fill = try XCTUnwrap(keys.fill), border = try XCTUnwrap(keys.border)
        XCTAssertEqual(fill.phaseY, 0.25)
        XCTAssertEqual(border.lineWidth, 1.5)
        let image = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, 10, 10)!
        defer { cairo_surface_destroy(image) }
        var shapes = ShapeMasks(target: image)
        shapes.count(fill); shapes.count(fill); shapes.count(border)
        XCTAssertNotNil(shapes.mask(for: fill))
        XCTAssertNil(shapes.mask(for: border), "drawn once: its path is stroked")
        let svg = cairo_svg_surface_create_for_stream({ _, _, _ in CAIRO_STATUS_SUCCESS }, nil, 10, 10)!
        defer { cairo_surface_destroy(svg) }
        var vector = ShapeMasks(target: svg)
        vector.count(fill); vector.count(fill)
        XCTAssertNil(vector.mask(for: fill))
        // Rotated or faded items are drawn directly.
        XCTAssertNil(self.keys(card(0, y: 20, color: .white), matrix: cairo_matrix_t(xx: 0, yx: 2, xy: -2, yy: 0, x0: 0, y0: 0)).fill)
        var faded = card(0, y: 20, color: .white)
        faded.alpha = 0.5
        XCTAssertNil(self.keys(faded, matrix: m).fill)
    }

    /// What makes compositing only around a mask's cross exact: inside the cross a fill's mask
    /// is full coverage and a border's is empty, for any phase, radius and border width (a
    /// radius under the width, a hairline).
    func testMaskCrossesAreFullOrEmpty() throws {
        let image = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, 10, 10)!
        defer { cairo_surface_destroy(image) }
        var checked = 0
        for (radius, border) in [(12.0, 1.5), (16, 0.5), (3, 4), (0, 1), (40, 2)] {
            for phase in [(0.0, 0.0), (0.25, 0.5), (0.875, 0.125)] {
                var shapes = ShapeMasks(target: image)
                let m = cairo_matrix_t(xx: 2, yx: 0, xy: 0, yy: 2, x0: 20 + phase.0, y0: 40 + phase.1)
                let item = DrawItem(id: "c", frame: Rect(x: 0, y: 0, width: 60, height: 44),
                                    appearance: Appearance(background: .white, cornerRadius: radius, border: .black, borderWidth: border))
                let keys = self.keys(item, matrix: m)
                for key in [keys.fill!, keys.border!] {
                    shapes.count(key); shapes.count(key)
                    let mask = try XCTUnwrap(shapes.mask(for: key))
                    // A pill (the radius half its height) has no full-width arm: no cross then,
                    // and the whole mask is composited.
                    guard let cross = mask.cross else { XCTAssertEqual(radius, 40); continue }
                    let data = cairo_image_surface_get_data(mask.surface)!, stride = Int(cairo_image_surface_get_stride(mask.surface))
                    let expected: UInt8 = mask.isFill ? 255 : 0
                    for arm in [cross.wide, cross.tall] {
                        for y in Int(arm.y0)..<Int(arm.y1) {
                            for x in Int(arm.x0)..<Int(arm.x1) {
                                XCTAssertEqual(data[y * stride + x], expected, "radius \(radius), border \(border), phase \(phase), (\(x), \(y))")
                                if data[y * stride + x] != expected { return }
                                checked += 1
                            }
                        }
                    }
                    // And off whole pixels the mask has its antialiased edge, around the cross.
                    if phase.0 != 0 {
                        XCTAssertTrue((0..<Int(mask.height)).contains { y in (0..<Int(mask.width)).contains { data[y * stride + $0] % 255 != 0 } })
                    }
                }
            }
        }
        XCTAssertGreaterThan(checked, 50_000)
    }

    /// A label's glyphs are drawn without clips only where the clips would change nothing:
    /// glyphs that reach past the card's rounded corner, or past the label's own frame, are
    /// still cut there.
    func testGlyphsAreClippedWhereTheyReachAClipsEdge() throws {
        let canvas = Canvas(width: 200, height: 120, scale: 2, background: .white)
        func png(_ label: TextElement) throws -> DecodedPNG {
            let card = DrawItem(id: "c", frame: Rect(x: 20.25, y: 20.25, width: 160, height: 80),
                                appearance: Appearance(background: Color(hex: "#007AFF")!, cornerRadius: 30, content: [.text(label)]))
            return try DecodedPNG(PNGFormat().renderFrame(TimelineFrame(index: 0, time: 0, contentOffset: .zero, items: [card]),
                                                          canvas: canvas, options: RenderOptions()))
        }
        // Black blocks from above the card's top-left corner into it.
        let corner = try png(TextElement(text: "████", frame: Rect(x: -10, y: -30, width: 150, height: 80), fontSize: 40, color: .black))
        XCTAssertEqual(corner.rgb(46, 46).0, 255, "outside the rounded corner: the canvas")
        XCTAssertEqual(corner.rgb(46, 46).2, 255)
        XCTAssertLessThan(corner.rgb(120, 50).2, 40, "inside the card the blocks are drawn")
        // A frame narrower than its text: nothing past the frame's right edge (x = 60 pt).
        let narrow = try png(TextElement(text: "██████████", frame: Rect(x: 20, y: 20, width: 40, height: 40), fontSize: 30,
                                         color: .black, lineBreakMode: .byClipping))
        XCTAssertLessThan(narrow.rgb(2 * 55, 2 * 60).2, 40, "inside the frame the blocks are drawn (at the line's middle)")
        for x in (2 * 81)..<(2 * 140) { XCTAssertEqual(narrow.rgb(x, 2 * 60).2, 255, "x \(x): the card's blue, no ink") }
    }

    /// A card that no other item of its frame matches is drawn as before, byte for byte; so is
    /// one whose twin sits at another phase.
    func testShapesDrawnOnceAreFilledDirectly() throws {
        let red = Color(hex: "#FF3B30")!
        let alone = try png([card(0, y: 20.125, color: red)])
        let withOther = try png([card(0, y: 20.125, color: red), card(2, y: 20.375, color: red)])
        for py in 30..<170 { for px in 0..<150 { XCTAssertEqual(alone.argb(px, py), withOther.argb(px, py)); if alone.argb(px, py) != withOther.argb(px, py) { return } } }
    }
}
