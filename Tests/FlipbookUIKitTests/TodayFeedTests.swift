import XCTest
import UIKit
import Flipbook
@testable import UIKitExamples
import UIKitExampleScenes

/// examples/uikit/TodayViewController.swift, an App Store "Today"-like feed written as an iOS
/// app writes it: each card's subviews where its constraints and stack view put them (computed
/// here from the constraints and the typesetter's sizes, raised to whole points as Apple's page
/// for NSString's boundingRect(with:options:attributes:context:) says views are sized), the
/// header's labels, and the story the app inserts with its diffable data source.
final class TodayFeedTests: XCTestCase {
    func height(_ text: String, _ size: Double, _ weight: FontWeight, width: Double = 10_000, lines: Int = 1) throws -> Double {
        try Typesetter.height(of: TextElement(text: text, frame: Rect(x: 0, y: 0, width: width, height: 0), fontSize: size, weight: weight,
                                              numberOfLines: lines)).rounded(.up)
    }
    func width(_ text: String, _ size: Double, _ weight: FontWeight) throws -> Double {
        try Typesetter.naturalWidth(of: text, fontSize: size, weight: weight).rounded(.up)
    }
    func check(_ view: UIView, in root: UIView, _ x: Double, _ y: Double, _ w: Double, _ h: Double, _ name: String) {
        let f = view.convert(view.bounds, to: root)
        for (got, want, what) in [(f.minX, x, "x"), (f.minY, y, "y"), (f.width, w, "width"), (f.height, h, "height")] {
            XCTAssertEqual(Double(got), want, accuracy: 0.5, "\(name).\(what)")
        }
    }

    func testCardsAndHeaderSitWhereTheirConstraintsPutThem() throws {
        let controller = TodayViewController()
        let scene = Scene(name: "today", canvas: Canvas(width: 390, height: 844, scale: 1, background: .white), duration: 0.1,
                          viewController: controller)
        let first = try XCTUnwrap(Simulator.run(scene).frames.first)
        let cardWidth = 390 - 2 * 20.0, cardHeight = 412.0, textWidth = cardWidth - 40
        for (k, story) in TodayViewController.sampleStories.enumerated() {
            guard let cell = controller.collectionView.cellForItem(at: IndexPath(item: k, section: 0)) as? TodayCardCell else { continue }
            // The cards on screen (the first two) are drawn at the group's size.
            let drawn = first.items.first { $0.id == story.id && $0.kind == .cell }
            XCTAssertEqual(drawn != nil, k < 2, story.id)
            if let drawn { XCTAssertEqual(drawn.frame.size, Size(width: cardWidth, height: cardHeight), story.id) }
            // The headline stack: the caption (13 pt semibold), 4 pt, the title
            // (28 pt bold, up to two lines at the stack's width), from the card's top-left inset.
            let caption = try height(story.caption.uppercased(), 13, .semibold)
            let title = try height(story.title, 28, .bold, width: textWidth, lines: 2)
            check(cell.captionLabel, in: cell, 20, 20, try width(story.caption.uppercased(), 13, .semibold), caption, "\(story.id) caption")
            check(cell.titleLabel, in: cell, 20, 20 + caption + 4, min(textWidth, try width(story.title, 28, .bold)), title, "\(story.id) title")
            // The subtitle pinned to the bottom inset, across the card's width less the insets.
            let subtitle = try height(story.subtitle, 15, .regular, width: textWidth, lines: 2)
            check(cell.subtitleLabel, in: cell, 20, cardHeight - 20 - subtitle, textWidth, subtitle, "\(story.id) subtitle")
            // The artwork centred 20 pt below the card's centre, at its natural size.
            let artWidth = try width(story.art, 120, .regular), artHeight = try height(story.art, 120, .regular)
            check(cell.artLabel, in: cell, cardWidth / 2 - artWidth / 2, cardHeight / 2 + 20 - artHeight / 2, artWidth, artHeight, "\(story.id) art")
            // The card's layer: corner radius and shadow as the cell sets them.
            if let drawn {
                XCTAssertEqual(drawn.appearance.cornerRadius, 16)
                XCTAssertEqual(drawn.appearance.shadow?.radius, 12)
            }
        }
        // The header: "Today" (34 pt bold) 8 pt above its bottom, the date right above it.
        let header = try XCTUnwrap(controller.collectionView.supplementaryView(forElementKind: UICollectionView.elementKindSectionHeader,
                                                                                 at: IndexPath(item: 0, section: 0)) as? TodayHeaderView)
        let big = try height("Today", 34, .bold), small = try height("FRIDAY, DECEMBER 5", 13, .semibold)
        check(header.titleLabel, in: header, 0, 76 - 8 - big, try width("Today", 34, .bold), big, "header title")
        check(header.dateLabel, in: header, 0, 76 - 8 - big - small, try width("FRIDAY, DECEMBER 5", 13, .semibold), small, "header date")
    }

    /// The scene's code step at 0.8 s (frame 48) inserts a story second with the app's own
    /// diffable apply: it fades in where the second card was, and the card there slides down one
    /// card and its spacing over Core Animation's 0.25 s ease-in-ease-out (halfway at frame
    /// 55.5, where the curve is symmetric about).
    func testAStoryInsertedByTheAppSlidesTheFeed() throws {
        let t = try Simulator.run(UIKitExampleScenes.todayFeed())
        func card(_ id: String, _ k: Int) -> DrawItem? { t.frames[k].items.first { $0.id == id && $0.kind == .cell } }
        let before = try XCTUnwrap(card("tips", 47)).frame.minY
        XCTAssertNil(card("breaking", 47))
        let step = 412.0 + 24
        XCTAssertEqual(try XCTUnwrap(card("tips", 55)).frame.minY + XCTUnwrap(card("tips", 56)).frame.minY, 2 * before + step, accuracy: 1e-6)
        XCTAssertNil(card("tips", 64), "moved below the screen")
        XCTAssertEqual(try XCTUnwrap(card("breaking", 64)).frame.minY, before, accuracy: 1e-6)
        XCTAssertEqual(try XCTUnwrap(card("breaking", 64)).alpha, 1)
        let halfway = try XCTUnwrap(card("breaking", 56)).alpha
        XCTAssertGreaterThan(halfway, 0.2)
        XCTAssertLessThan(halfway, 0.8)
    }
}
