import XCTest
import Foundation
import CCairo
import Flipbook
@testable import FlipbookGraphics

/// Latin text sets as wide as iOS's system font (issue 45: Inter set it 10–15 % wider, so
/// labels truncated where iOS's do not).
final class SystemFontTests: XCTestCase {
    /// SF's width of `SystemFont.referenceText` at `size`, worked out here from the published
    /// figures, independently of `SystemFont`'s arithmetic: capsize's average advances (SF Pro
    /// 932/2048 em against Inter 1335/2816 em) times Inter's own width of the text (Inter, not
    /// the Inter Display Flipbook draws, measured on the text with fonts-inter 4.0), plus the
    /// HIG's tracking between every two characters.
    func sfWidth(size: Double, weight: FontWeight, trackingPerMille: Double) throws -> Double {
        let text = SystemFont.referenceText
        let interAdvance: [FontWeight: Double] = [.regular: 0.4572, .semibold: 0.4664, .bold: 0.4710]  // Inter (not Display), fonts-inter 4.0
        let ratio = (932.0 / 2048) / (1335.0 / 2816)
        return ratio * interAdvance[weight]! * size * Double(text.count) + trackingPerMille / 1000 * size * Double(text.count - 1)
    }

    func testLatinTextIsAsWideAsTheSystemFont() throws {
        // The HIG's tracking table at sizes UIKit's text styles use (1/1000 em).
        let cases: [(Double, FontWeight, Double)] = [(11, .regular, 6), (13, .regular, -6), (15, .regular, -16), (17, .regular, -26),
                                                     (17, .semibold, -26), (17, .bold, -26), (20, .regular, -23), (22, .bold, -12),
                                                     (28, .bold, 14), (34, .bold, 12)]
        for (size, weight, track) in cases {
            let ours = try Typesetter.naturalWidth(of: SystemFont.referenceText, fontSize: size, weight: weight)
            let sf = try sfWidth(size: size, weight: weight, trackingPerMille: track)
            XCTAssertEqual(ours / sf, 1, accuracy: 0.03, "\(size) pt \(weight): \(ours) against SF's \(sf)")
        }
        // Before: Inter at its own spacing set 17 pt text 12 % wider than this.
        let inter = 0.4572 * 17 * Double(SystemFont.referenceText.count)
        XCTAssertGreaterThan(inter / (try sfWidth(size: 17, weight: .regular, trackingPerMille: -26)), 1.08)
    }

    /// Tracking is per Latin character: Chinese keeps its own advances (PingFang has no
    /// tracking table), and a kern adds to the tracking.
    func testChineseIsNotTrackedAndKernAdds() throws {
        let han = "招商银行信用卡"
        let w = try Typesetter.naturalWidth(of: han, fontSize: 20, weight: .regular)
        XCTAssertEqual(w, 20 * Double(han.count), accuracy: 0.01, "full-width ideographs, 1 em each")
        let plain = TextElement(text: "HIHIH", frame: Rect(x: 0, y: 0, width: 300, height: 40), fontSize: 17)
        var kerned = plain
        kerned.runs = [TextRun(start: 0, end: 5, kern: 2)]
        let a = try Typesetter.naturalWidth(of: plain), b = try Typesetter.naturalWidth(of: kerned)
        XCTAssertEqual(b - a, 5 * 2, accuracy: 0.01, "Core Text's kern after every character, the last included")
    }

    /// iOS sets bold and semibold Chinese in PingFang Semibold, its heaviest face; Flipbook in
    /// Noto Sans CJK SC Medium, the nearer of Noto's (its Bold is heavier than PingFang's
    /// Semibold: issue 45). Latin takes Inter Display's own semibold and bold.
    func testFacesByWeight() throws {
        func face(_ text: String, _ weight: FontWeight) throws -> (family: String, weight: Int) {
            try Typesetter.with { t in
                let layout = t.makeLayout(text, fontSize: 17, weight: weight)
                defer { g_object_unref(UnsafeMutableRawPointer(layout)) }
                let line = try XCTUnwrap(pango_layout_get_line_readonly(layout, 0))
                let item = try XCTUnwrap(line.pointee.runs?.pointee.data?.assumingMemoryBound(to: PangoGlyphItem.self).pointee.item)
                let d = pango_font_describe(item.pointee.analysis.font)!
                defer { pango_font_description_free(d) }
                return (String(cString: pango_font_description_get_family(d)), Int(pango_font_description_get_weight(d).rawValue))
            }
        }
        for (weight, latin) in [(FontWeight.regular, 400), (.semibold, 600), (.bold, 700)] {
            let l = try face("Settings", weight)
            XCTAssertEqual(l.family, "Inter Display")
            XCTAssertEqual(l.weight, latin)
            let c = try face("招商银行", weight)
            XCTAssertEqual(c.family, "Noto Sans CJK SC")
            XCTAssertEqual(c.weight, weight == .regular ? 400 : 500, "\(weight)")
        }
    }

    func testTrackingTableMatchesTheHIG() {
        // Points = size × (1/1000 em) / 1000; the HIG lists 17 pt as −26 (−0.43 pt rounded from
        // its own table) and 28 pt as +14.
        XCTAssertEqual(SystemFont.tracking(size: 17), -0.026 * 17, accuracy: 1e-12)
        XCTAssertEqual(SystemFont.tracking(size: 28), 0.014 * 28, accuracy: 1e-12)
        XCTAssertEqual(SystemFont.tracking(size: 12), 0, accuracy: 1e-12)
        XCTAssertEqual(SystemFont.tracking(size: 10), 0.012 * 10, accuracy: 1e-12)
        XCTAssertEqual(SystemFont.tracking(size: 13), -0.006 * 13, accuracy: 1e-12)
        XCTAssertEqual(SystemFont.tracking(size: 16.5), (-0.020 + -0.026) / 2 * 16.5, accuracy: 1e-12)
    }
}
