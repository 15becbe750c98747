import XCTest
import Flipbook
@testable import FlipbookRender

/// DrawList: each look lowered once into the primitives every backend draws. The expected
/// lists are worked out here from CALayer's rules, not read from the code.
final class DrawListTests: XCTestCase {
    let card = Size(width: 200, height: 100)

    /// A card with a shadow, a 3 pt border and a title: shadow under the fill, content clipped to
    /// the rounded rectangle, the border last, its centre line 1.5 pt inside the edge with the
    /// radius 12 − 1.5 (CALayer draws a border inside the bounds, above the content).
    func testCardWithShadowBorderAndTitle() {
        let title = TextElement(text: "Card", frame: Rect(x: 16, y: 16, width: 168, height: 24))
        let a = Appearance(background: Color(hex: "#D93A3A")!, cornerRadius: 12, border: .black, borderWidth: 3, shadow: .card, content: [.text(title)])
        let shape = RoundedRect(Rect(x: 0, y: 0, width: 200, height: 100), radius: 12)
        XCTAssertEqual(DrawList.look(a, size: card, scale: 2), [
            .shadow(.card, of: shape, overOpaqueFill: true),
            .fill(.roundedRect(shape), Color(hex: "#D93A3A")!),
            .clip(shape, content: [.text(title)]),
            .stroke(.roundedRect(RoundedRect(Rect(x: 1.5, y: 1.5, width: 197, height: 97), radius: 10.5)), .black, width: 3, round: false),
        ])
    }

    /// No border width is a hairline: one device pixel (0.5 pt at @2x, 1/3 pt at @3x); a
    /// translucent fill casts a shadow that shows through (not "over an opaque fill"); a clear
    /// fill draws no fill and no shadow; masked corners stay on every shape.
    func testHairlineTranslucentAndMaskedCorners() {
        let top: Corners = .top
        let a = Appearance(background: Color(red: 1, green: 1, blue: 1, alpha: 0.5), cornerRadius: 8, roundedCorners: top, border: .black, shadow: .card)
        let shape = RoundedRect(Rect(x: 0, y: 0, width: 200, height: 100), radius: 8, corners: top)
        let at3 = DrawList.look(a, size: card, scale: 3)
        XCTAssertEqual(at3.first, .shadow(.card, of: shape, overOpaqueFill: false))
        guard case .stroke(.roundedRect(let line), _, let width, _)? = at3.last else { return XCTFail("\(at3)") }
        XCTAssertEqual(width, 1.0 / 3, accuracy: 1e-12)
        XCTAssertEqual(line.rect.minX, 1.0 / 6, accuracy: 1e-12)
        XCTAssertEqual(line.radius, 8 - 1.0 / 6, accuracy: 1e-12)
        XCTAssertEqual(line.corners, top)
        let clear = DrawList.look(Appearance(background: .clear, shadow: .card), size: card, scale: 2)
        XCTAssertEqual(clear, [], "nothing to fill, nothing to cast a shadow")
        // A border wider than half the card is clamped to half its shorter side.
        let thick = DrawList.look(Appearance(background: .clear, border: .black, borderWidth: 80), size: card, scale: 2)
        XCTAssertEqual(thick, [.stroke(.roundedRect(RoundedRect(Rect(x: 25, y: 25, width: 150, height: 50), radius: 0)), .black, width: 50, round: false)])
    }

    /// The refresh header's spinner: twelve spokes stroked round, each the colour at the spoke's
    /// own opacity; a finger: a grey disc 44 pt across with a white rim 1.5 pt wide.
    func testSpinnerAndFinger() {
        let spinner = SpinnerElement(frame: Rect(x: 0, y: 0, width: 20, height: 20), phase: 3, color: .black)
        let prims = DrawList.look(Appearance(background: .clear, content: [.spinner(spinner)]), size: card, scale: 2)
        guard case .clip(_, let content)? = prims.first else { return XCTFail("\(prims)") }
        XCTAssertEqual(content.count, 12)
        let alphas = content.compactMap { p -> Double? in if case .stroke(_, let c, _, true) = p { return c.alpha } else { return nil } }
        XCTAssertEqual(alphas.count, 12)
        XCTAssertEqual(alphas.max(), 1, "the brightest spoke is opaque")
        XCTAssertEqual(alphas.firstIndex(of: 1), 3, "and is the one `phase` names")
        let finger = DrawList.finger(at: Point(x: 100, y: 200))
        XCTAssertEqual(finger, [.fill(.circle(center: Point(x: 100, y: 200), radius: 22), Color(red: 0.5, green: 0.5, blue: 0.5, alpha: 0.35)),
                                .stroke(.circle(center: Point(x: 100, y: 200), radius: 22), Color(red: 1, green: 1, blue: 1, alpha: 0.8), width: 1.5, round: false)])
    }
}
