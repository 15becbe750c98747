import XCTest
import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import CCairo
import FlipbookCore
import Flipbook
@testable import FlipbookRender

let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

/// PNG bytes decoded (by Cairo, through FrameImage) and read at pixels.
struct DecodedPNG {
    let width: Int, height: Int
    let pixels: [UInt32]

    init(_ png: [UInt8]) throws {
        let image = try FrameImage(png: png)
        width = image.width
        height = image.height
        pixels = image.pixels
    }

    func argb(_ x: Int, _ y: Int) -> UInt32 { pixels[y * width + x] }

    /// (r, g, b) 0-255 at pixel (x, y); the surfaces here are opaque, so no un-premultiplying.
    func rgb(_ x: Int, _ y: Int) -> (Int, Int, Int) {
        let p = pixels[y * width + x]
        return (Int((p >> 16) & 0xFF), Int((p >> 8) & 0xFF), Int(p & 0xFF))
    }
}

final class RenderTests: XCTestCase {
    func timeline(_ name: String, frames: ClosedRange<Int>? = nil) throws -> Timeline {
        let url = packageRoot.appendingPathComponent("examples/\(name).json")
        let scene = try SceneDecoder().decode([UInt8](try Data(contentsOf: url)), file: url.path)
        return try Simulator.run(scene, frames: frames)
    }

    func testPixelsInsideKnownCards() throws {
        let t = try timeline("wallet-scroll", frames: 0...0)
        let png = try DecodedPNG(PNGFormat().renderFrame(t.frames[0], canvas: t.canvas, options: RenderOptions()))
        XCTAssertEqual(png.width, 750)
        XCTAssertEqual(png.height, 1334)
        // Frame 0: card 0 ("cmb", #D93A3A) spans canvas y 64-164 before card 1 covers it; x 10-365.
        // Canvas point (200, 130) is inside, away from the title: pixel (400, 260) at scale 2.
        XCTAssertEqual(png.rgb(400, 260).0, 0xD9)
        XCTAssertEqual(png.rgb(400, 260).1, 0x3A)
        XCTAssertEqual(png.rgb(400, 260).2, 0x3A)
        // Card 1 ("bocom", #1F4E9C) from y 164: point (200, 250).
        XCTAssertTrue(png.rgb(400, 500) == (0x1F, 0x4E, 0x9C))
        // The status-bar strip above the collection view shows the canvas background #F2F2F7.
        XCTAssertTrue(png.rgb(10, 10) == (0xF2, 0xF2, 0xF7))
        // Between the view's top (20) and card 0 (64): the collection view's white background.
        XCTAssertTrue(png.rgb(400, 80) == (0xFF, 0xFF, 0xFF))
        // Left margin (x < 10) beside a card: white, but for the faint tails of the two overlapping
        // cards' shadows there, 6.75 pt out (σ 4 pt, opacity 0.16: 0.16 · ½erfc(6.75 / (4√2)) =
        // 0.0075 each, so 1 − 0.9925² = 0.015 of black: 3.8 levels of 255).
        XCTAssertEqual(png.rgb(6, 500).0, 251, accuracy: 1)
        XCTAssertTrue(png.rgb(0, 500) == (0xFF, 0xFF, 0xFF))
    }

    /// A pinned header with a background colour hides the photos it floats over (issue 28's
    /// complaint: headers were text on clear, over the cells).
    func testPinnedHeadersAreOpaque() throws {
        for (name, header) in [("photos-grid", "s0.header"), ("app-store-feed", "apps.header")] {
            let t = try timeline(name)
            // A frame where the header is held at the view's top (canvas y 64) with a cell under it.
            let probe = Point(x: 300, y: 64 + 36)
            let frame = try XCTUnwrap(t.frames.first { f in
                guard let h = f.items.first(where: { $0.id == header }), abs(h.frame.minY - 64) < 1e-9, f.contentOffset.y > 40 else { return false }
                return f.items.contains { $0.kind == .cell && $0.frame.contains(probe) && $0.alpha == 1 }
            }, "\(name): no frame with the header pinned over a cell")
            let png = try DecodedPNG(PNGFormat().renderFrame(frame, canvas: t.canvas, options: RenderOptions()))
            XCTAssertTrue(png.rgb(Int(probe.x) * 2, Int(probe.y) * 2) == (0xFF, 0xFF, 0xFF), "\(name) frame \(frame.index): \(png.rgb(600, 200))")
        }
    }


    /// Two opaque headers that meet at a fraction of a device pixel leave no seam: Core
    /// Animation draws a layer off pixel boundaries without antialiasing its edges
    /// (UIViewEdgeAntialiasing, off by default), so a pixel row is one header's or the other's,
    /// never part each over the photo behind (issue 45, photos-grid frame 262: a 1 px teal line).
    func testHeadersMeetingOffAPixelLeaveNoSeam() throws {
        let t = try timeline("photos-grid", frames: 262...262)
        let f = try XCTUnwrap(t.frames.first)
        let upper = try XCTUnwrap(f.items.first { $0.id == "s1.header" }), lower = try XCTUnwrap(f.items.first { $0.id == "s2.header" })
        XCTAssertEqual(upper.frame.maxY, lower.frame.minY, accuracy: 1e-9, "the next header pushes the pinned one: they meet")
        let meet = upper.frame.maxY * 2
        XCTAssertGreaterThan(abs(meet - meet.rounded()), 0.1, "off a device pixel (\(meet))")
        XCTAssertTrue(f.items.contains { $0.kind == .cell && $0.frame.minY < upper.frame.maxY && $0.frame.maxY > upper.frame.maxY && $0.frame.contains(Point(x: 187, y: $0.frame.midY)) },
                      "a photo behind where they meet")
        let png = try DecodedPNG(PNGFormat().renderFrame(f, canvas: t.canvas, options: RenderOptions()))
        // Every row around the meeting line, across the width: white, as both headers are.
        let row = Int(meet)
        for y in row - 2...row + 2 {
            for x in stride(from: 0, to: 750, by: 7) {
                XCTAssertTrue(png.rgb(x, y) == (0xFF, 0xFF, 0xFF), "(\(x), \(y)): \(png.rgb(x, y))")
            }
        }
        // A square fill's edge off a pixel: the pixels whose centres it covers, each whole.
        let item = DrawItem(id: "r", frame: Rect(x: 1.3, y: 2.6, width: 3.1, height: 2.2), appearance: Appearance(background: Color(red: 1, green: 0, blue: 0)))
        let frame = TimelineFrame(index: 0, time: 0, contentOffset: .zero, items: [item])
        let small = try DecodedPNG(PNGFormat().renderFrame(frame, canvas: Canvas(width: 8, height: 8, scale: 1, background: .white), options: RenderOptions()))
        // Centres x + 0.5 in [1.3, 4.4): columns 1-3; y + 0.5 in [2.6, 4.8): rows 3-4.
        for y in 0..<8 {
            for x in 0..<8 {
                let inside = (1...3).contains(x) && (3...4).contains(y)
                XCTAssertTrue(small.rgb(x, y) == (inside ? (255, 0, 0) : (255, 255, 255)), "(\(x), \(y)): \(small.rgb(x, y))")
            }
        }
    }
    /// A list row draws UIKit's hairline separator (one device pixel of separator grey, from
    /// the text's leading edge) and a disclosure chevron in tertiary grey at its trailing margin.
    func testListRowsDrawSeparatorsAndAccessories() throws {
        let t = try timeline("settings-list", frames: 0...0)
        let f = t.frames[0]
        let png = try DecodedPNG(PNGFormat().renderFrame(f, canvas: t.canvas, options: RenderOptions()))
        let airplane = try XCTUnwrap(f.items.first { $0.id == "airplane" }).frame
        let bottom = Int((airplane.maxY * 2).rounded()) - 1, x = Int((airplane.minX + 150) * 2)
        // separator #3C3C43 at 29 % over the white row: 255 − 0.29 · (255 − 60) ≈ 198.
        XCTAssertEqual(Double(png.rgb(x, bottom).0), 255 - 0.29 * 195, accuracy: 2, "the hairline")
        XCTAssertTrue(png.rgb(x, bottom - 1) == (255, 255, 255), "one pixel only")
        // Left of the text's edge (the 16 pt layout margin into the group) there is no separator.
        XCTAssertTrue(png.rgb(Int((airplane.minX + 8) * 2), bottom) == (255, 255, 255))
        XCTAssertEqual(Double(png.rgb(Int((airplane.minX + 17) * 2), bottom).0), 255 - 0.29 * 195, accuracy: 2, "from the margin on")
        // The chevron's tip: at the 16 pt trailing margin, centred on the row.
        let wifi = try XCTUnwrap(f.items.first { $0.id == "wifi" }).frame
        let tip = png.rgb(Int((wifi.maxX - 16 - 4 + 2.5) * 2), Int(wifi.midY * 2))
        XCTAssertLessThan(tip.0, 230, "the chevron is drawn")
        XCTAssertEqual(tip.0, tip.1, "in grey")
    }

    /// Deleting a group's last row (settings-list deletes "cellular" below "bluetooth" at
    /// 0.6 s): while the deleted row fades, the row above keeps its square bottom corners and
    /// its separator — rounding it at once opened a grey notch beside the row still drawn below
    /// it (issue 45, frames 36–50) — and once the animation has ended it rounds as the group's
    /// last row. Checked at the bottom-left corner pixel of the row above, 0.5 pt in from its
    /// corner, where a 10 pt corner radius leaves the group's grey background.
    func testTheRowAboveADeletedLastRowRoundsWhenTheDeleteEnds() throws {
        let t = try timeline("settings-list", frames: 36...80)
        func cornerPixel(_ index: Int) throws -> (Int, Int, Int) {
            let f = try XCTUnwrap(t.frames.first { $0.index == index })
            let row = try XCTUnwrap(f.items.first { $0.id == "bluetooth" }).frame
            let png = try DecodedPNG(PNGFormat().renderFrame(f, canvas: t.canvas, options: RenderOptions()))
            return png.rgb(Int((row.minX + 0.5) * 2), Int((row.maxY - 0.5) * 2))
        }
        for index in [37, 40, 45, 50] {
            let pixel = try cornerPixel(index)
            XCTAssertTrue(pixel == (255, 255, 255), "frame \(index): square, white \(pixel)")
        }
        let after = try cornerPixel(80)
        XCTAssertTrue(after.0 < 250 && after.0 == after.1, "frame 80: rounded, the grouped background shows (\(after))")
    }

    /// An item scaled to almost nothing (a visibleItemsTransform of 1e-300, found by the
    /// fuzzer) is not drawn: Cairo cannot invert such a matrix, and no pixel would show it.
    func testItemsScaledToNothingAreSkipped() throws {
        let url = packageRoot.appendingPathComponent("examples/app-store-feed.json")
        let text = try String(contentsOf: url, encoding: .utf8).replacingOccurrences(of: #""scale": \{\s*"center": 1,"#, with: #""scale": {"center": 1e-300,"#,
                                                                                     options: .regularExpression)
        XCTAssertTrue(text.contains("1e-300"))
        let t = try Simulator.run(try SceneDecoder().decode(Array(text.utf8), file: "tiny.json"), frames: 0...0)
        let story = try XCTUnwrap(t.frames[0].items.first { $0.id == "story0" })
        XCTAssertLessThan(story.scale, 1e-6)
        XCTAssertFalse(story.isDrawn)
        let png = try DecodedPNG(PNGFormat().renderFrame(t.frames[0], canvas: t.canvas, options: RenderOptions()))
        // Where the centred card would be: the view's white.
        XCTAssertTrue(png.rgb(375, 400) == (255, 255, 255))
        _ = try SVGFormat().renderFrame(t.frames[0], canvas: t.canvas, options: RenderOptions())
    }

    func testPulledDownFrameShowsTheFan() throws {
        // Frame 246 (4.1 s): offset −204, card i at canvas y 140i + 64.
        let t = try timeline("wallet-scroll", frames: 246...246)
        let png = try DecodedPNG(PNGFormat().renderFrame(t.frames[0], canvas: t.canvas, options: RenderOptions()))
        // Card 1 (#1F4E9C) at 204-404, covered from 344 by card 2 (#E5E5EA): sample y 300 and y 400.
        XCTAssertTrue(png.rgb(400, 600) == (0x1F, 0x4E, 0x9C))
        XCTAssertTrue(png.rgb(400, 800) == (0xE5, 0xE5, 0xEA))
    }

    /// Effect 5's "--上拉，显示更多--" label (grey #8E8E93 on #F2F2F7) draws glyphs, not boxes.
    func testPullForMoreLabelDrawsChineseGlyphs() throws {
        // Frame 120: the detail rests at its end (offset 64), so the label is at canvas y 627-667.
        let t = try timeline("pull-for-more", frames: 120...120)
        let png = try DecodedPNG(PNGFormat().renderFrame(t.frames[0], canvas: t.canvas, options: RenderOptions()))
        var ink = 0, outside = 0
        for y in (627 * 2)..<(667 * 2) {
            for x in 0..<750 where png.rgb(x, y).0 < 200 {
                if x >= 200 && x < 550 { ink += 1 } else { outside += 1 }
            }
        }
        XCTAssertGreaterThan(ink, 800, "the label's strokes are there")
        XCTAssertEqual(outside, 0, "and only where the centred label is")
    }

    /// Effect 4 mid-animation: the card shows its own colour (no black flash, no copy on top).
    /// The Wallet card coming out of the stack (issue 45, wallet-move frames 61–74): its lower
    /// edge, moving over the next card, is the card's own edge with its shadow below it, not
    /// a hard cut; and the pick-up leaves the next card as it was (the lifted shadow appearing
    /// at once darkened its top by 27 levels: it now grows with the lift, and comes out below
    /// the edge with it).
    func testLiftedWalletCardEdgeCastsItsShadow() throws {
        let t = try timeline("wallet-move", frames: 59...66)
        func png(_ i: Int) throws -> DecodedPNG {
            try DecodedPNG(PNGFormat().renderFrame(t.frames[i - 59], canvas: t.canvas, options: RenderOptions()))
        }
        let f = t.frames[66 - 59]
        let copy = try XCTUnwrap(f.items.first { $0.id == "card2.snapshot" })
        let next = try XCTUnwrap(f.items.first { $0.id == "card3" })
        XCTAssertGreaterThan(copy.frame.maxY, next.frame.minY + 10, "the edge is over the next card")
        let green = (0, 0x70, 0x4A)  // card3, #00704A
        let image = try png(66)
        let x = 375, edge = Int((copy.frame.maxY * 2).rounded())
        // Just below the edge the green is darkened by the lifted shadow, less and less further down.
        let below = [edge + 2, edge + 10, edge + 30].map { image.rgb(x, $0).1 }
        XCTAssertLessThan(below[0], green.1 - 5, "shadow under the edge: \(below)")
        XCTAssertLessThan(below[0], below[1])
        XCTAssertLessThan(below[1], below[2])
        // The pick-up: frames 59 → 60 on the next card's top band change by a few levels at most.
        let before = try png(59), at = try png(60)
        let top = Int(next.frame.minY * 2)
        var largest = 0
        for y in top..<top + 60 { for x in stride(from: 60, to: 690, by: 5) { largest = max(largest, abs(before.rgb(x, y).1 - at.rgb(x, y).1)) } }
        XCTAssertLessThanOrEqual(largest, 2, "the next card's top on the pick-up frame")
        // Its rounded top corners show the lifted card under them, as before the pick-up (they
        // showed what is behind the stack: issue 45, frames 60–61), and the stack's side
        // shadows stay.
        let corner = (Int(next.frame.minX * 2) + 2, top + 4), side = (Int(next.frame.minX * 2) - 8, top + 100)
        for (x, y) in [corner, side] {
            let (p, q) = (before.rgb(x, y), at.rgb(x, y))
            XCTAssertLessThanOrEqual(max(abs(p.0 - q.0), abs(p.1 - q.1), abs(p.2 - q.2)), 2, "(\(x), \(y)): \(p) → \(q)")
        }
        XCTAssertLessThan(before.rgb(corner.0, corner.1).1, 160, "the corner pixel is the grey card's, not the white behind")
        // Over the whole frame: the next card's shadow on the lifted card goes (6 levels at most)
        // and the lifted card's rounded top corners are drawn over the card's own (a few
        // antialiased pixels); nothing else changes on the pick-up frame.
        var changed = 0
        for y in 0..<before.height { for x in 0..<before.width {
            let (p, q) = (before.rgb(x, y), at.rgb(x, y))
            if max(abs(p.0 - q.0), abs(p.1 - q.1), abs(p.2 - q.2)) > 6 { changed += 1 }
        } }
        XCTAssertLessThan(changed, 100, "pixels changed by more than 6 levels on the pick-up frame")
    }

    func testExpandingCardHasNoBlackFlash() throws {
        let t = try timeline("expand-collapse", frames: 92...100)
        for f in t.frames {
            let png = try DecodedPNG(PNGFormat().renderFrame(f, canvas: t.canvas, options: RenderOptions()))
            // Canvas (250, 48): inside the card, between two rows of text and left of the fold button
            // (which rides the card's bottom edge, x 287-351), on every frame here.
            XCTAssertTrue(png.rgb(500, 96) == (0x2C, 0x2C, 0x2E), "frame \(f.index): \(png.rgb(500, 96))")
        }
    }

    /// Flipbook's PNG encoder is lossless: decoding it gives back the surface's pixels.
    func testPNGEncoderRoundTripsEveryPixel() throws {
        let t = try timeline("wallet-move", frames: 60...62)
        for frame in t.frames {
            let raster = try Raster(drawing: frame, canvas: t.canvas)
            let ours = try raster.pngData()
            XCTAssertEqual(Array(ours[0..<8]), [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
            XCTAssertEqual(ours[25], 2, "an opaque frame is written as RGB (colour type 2)")
            let decoded = try DecodedPNG(ours)
            let reference = try DecodedPNG(try raster.pngDataFromCairo())
            XCTAssertEqual(decoded.width, reference.width)
            var differing = 0
            for y in 0..<decoded.height { for x in 0..<decoded.width where decoded.rgb(x, y) != reference.rgb(x, y) { differing += 1 } }
            XCTAssertEqual(differing, 0, "frame \(frame.index)")
        }
    }

    func testPNGEncoderKeepsTranslucency() throws {
        // A half-transparent red square on a transparent canvas: RGBA with straight alpha.
        let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, 20, 10)!
        let cr = cairo_create(surface)!
        cairo_set_source_rgba(cr, 1, 0, 0, 0.5)
        cairo_rectangle(cr, 0, 0, 10, 10)
        cairo_fill(cr)
        cairo_destroy(cr)
        cairo_surface_flush(surface)
        defer { cairo_surface_destroy(surface) }
        let png = try PNGEncoder.encode(surface: surface)
        XCTAssertEqual(png[25], 6, "colour type 6: RGBA")
        // Cairo decodes back to premultiplied ARGB: red 128 (≈ 255 × 0.5), alpha 128 on the left; 0 on the right.
        let decoded = try DecodedPNG(png)
        XCTAssertEqual(decoded.argb(5, 5) >> 24, 128)
        XCTAssertEqual(Int((decoded.argb(5, 5) >> 16) & 0xFF), 128, accuracy: 1)
        XCTAssertEqual(decoded.argb(15, 5), 0)
    }

    func testRotationAndAlphaApplyAboutTheCentre() throws {
        // A 40 x 40 red square at (30, 30), rotated 45° about its centre (50, 50): the corner
        // region (32, 32) is now outside it, the point (50, 22) inside (half-diagonal 28.3).
        var item = DrawItem(id: "s", frame: Rect(x: 30, y: 30, width: 40, height: 40), rotation: .pi / 4,
                            appearance: Appearance(background: Color(red: 1, green: 0, blue: 0)))
        let canvas = Canvas(width: 100, height: 100, scale: 1, background: .white)
        var png = try DecodedPNG(PNGFormat().renderFrame(TimelineFrame(index: 0, time: 0, contentOffset: .zero, items: [item]), canvas: canvas, options: RenderOptions()))
        XCTAssertTrue(png.rgb(32, 32) == (255, 255, 255))
        XCTAssertTrue(png.rgb(50, 23) == (255, 0, 0))
        // Half alpha over white: (255, 128, 128) within rounding.
        item.rotation = 0
        item.alpha = 0.5
        png = try DecodedPNG(PNGFormat().renderFrame(TimelineFrame(index: 0, time: 0, contentOffset: .zero, items: [item]), canvas: canvas, options: RenderOptions()))
        XCTAssertEqual(png.rgb(50, 50).0, 255)
        XCTAssertEqual(Double(png.rgb(50, 50).1), 127.5, accuracy: 1.5)
    }

    func testSVGParsesAsXMLAndIsSizedInPixels() throws {
        let t = try timeline("wallet-scroll", frames: 120...120)
        let svg = try SVGFormat().renderFrame(t.frames[0], canvas: t.canvas, options: RenderOptions())
        let text = String(decoding: svg, as: UTF8.self)
        XCTAssertTrue(text.contains(#"width="375px" height="667px""#), String(text.prefix(300)))
        #if canImport(FoundationXML)
        let parser = XMLParser(data: Data(svg))
        XCTAssertTrue(parser.parse(), "SVG is well-formed XML: \(String(describing: parser.parserError))")
        #endif
    }

    /// Text in an SVG frame is vector outlines, at any scale and translation: the glyph masks
    /// that speed up PNG frames are bitmaps, and an SVG would embed each as an image.
    func testSVGTextIsOutlines() throws {
        let label = TextElement(text: "Card 12 卡片", frame: Rect(x: 16, y: 0, width: 120, height: 40), fontSize: 18, color: .black)
        let item = DrawItem(id: "c", frame: Rect(x: 10, y: 20.25, width: 160, height: 60),
                            appearance: Appearance(background: .white, cornerRadius: 12, border: .black, content: [.text(label)]))
        let frame = TimelineFrame(index: 0, time: 0, contentOffset: .zero, items: [item, item])
        let svg = String(decoding: try SVGFormat().renderFrame(frame, canvas: Canvas(width: 200, height: 100, scale: 2), options: RenderOptions()),
                         as: UTF8.self)
        XCTAssertFalse(svg.contains("<image"), "no bitmaps")
        XCTAssertGreaterThanOrEqual(svg.components(separatedBy: "<path").count - 1, 2, "the card and its text are paths")
        XCTAssertGreaterThan(svg.count, 2000, "the glyph outlines are there")
    }

    /// Shadows in SVG frames are images (see ShadowMasks.draw); each frame's SVG is the same
    /// whatever other frames were drawn first or at the same time.
    func testSVGShadowsAreTheSameOnAnyThreads() throws {
        let t = try timeline("labels-and-shadows", frames: 0...7)
        let fm = FileManager.default
        let base = fm.temporaryDirectory.appendingPathComponent("flipbook-svg-shadows-\(getpid())")
        defer { try? fm.removeItem(at: base) }
        try RenderPipeline.render(t, formats: [.frames(SVGFormat())], to: base.appendingPathComponent("serial"), workers: 1)
        try RenderPipeline.render(t, formats: [.frames(SVGFormat())], to: base.appendingPathComponent("parallel"), workers: 4)
        for i in 0...7 {
            let name = String(format: "frame-%05d.svg", i)
            let svg = try Data(contentsOf: base.appendingPathComponent("serial/\(name)"))
            XCTAssertEqual(svg, try Data(contentsOf: base.appendingPathComponent("parallel/\(name)")), name)
            XCTAssertFalse(String(decoding: svg, as: UTF8.self).contains("<mask"), "\(name): shadows are images, not masks")
        }
    }

    func testRendersAreByteIdentical() throws {
        let t = try timeline("wallet-scroll", frames: 240...245)
        for format in [PNGFormat() as any FrameFormat, SVGFormat()] {
            let first = try t.frames.map { try format.renderFrame($0, canvas: t.canvas, options: RenderOptions()) }
            let second = try t.frames.reversed().map { try format.renderFrame($0, canvas: t.canvas, options: RenderOptions()) }.reversed()
            XCTAssertEqual(first, Array(second), "\(format.name): same frames, any order, same bytes")
        }
        // Serial and parallel renders through the pipeline write identical files.
        let fm = FileManager.default
        let base = fm.temporaryDirectory.appendingPathComponent("flipbook-render-\(getpid())")
        defer { try? fm.removeItem(at: base) }
        let formats: [OutputFormat] = [.frames(PNGFormat()), .frames(SVGFormat()), .timeline(KeyframesJSONFormat())]
        try RenderPipeline.render(t, formats: formats, to: base.appendingPathComponent("serial"), workers: 1)
        try RenderPipeline.render(t, formats: formats, to: base.appendingPathComponent("parallel"), workers: 4)
        let names = try fm.contentsOfDirectory(atPath: base.appendingPathComponent("serial").path).sorted()
        XCTAssertEqual(names.count, 13)
        XCTAssertEqual(names, try fm.contentsOfDirectory(atPath: base.appendingPathComponent("parallel").path).sorted())
        for n in names {
            XCTAssertEqual(try Data(contentsOf: base.appendingPathComponent("serial/\(n)")),
                           try Data(contentsOf: base.appendingPathComponent("parallel/\(n)")), n)
        }
    }
}
