import XCTest
import UIKit
import Flipbook
@testable import UIKitExamples
import UIKitExampleScenes

/// examples/uikit/MailInboxViewController.swift, an inbox written as an iOS app writes it, drawn
/// by Flipbook: each message cell's subviews where its constraints put them (computed here from
/// the constraints and the typesetter's line heights, not from the solver), the rows self-sized
/// to them, and the swipe actions doing what the app's handlers do.
final class MailInboxTests: XCTestCase {
    let width = 390.0

    /// Text sizes raised to whole points, as Apple's page for NSString's
    /// boundingRect(with:options:attributes:context:) says views are sized from them.
    func lineHeight(_ text: String, size: Double, weight: FontWeight, width: Double = 10_000, lines: Int = 1) throws -> Double {
        try Typesetter.height(of: TextElement(text: text, frame: Rect(x: 0, y: 0, width: width, height: 0), fontSize: size, weight: weight,
                                              numberOfLines: lines)).rounded(.up)
    }

    func testCellSubviewsSitWhereTheirConstraintsPutThem() throws {
        let controller = MailInboxViewController()
        let scene = Scene(name: "inbox", canvas: Canvas(width: width, height: 844, scale: 1, background: .white), duration: 0.1,
                          viewController: controller)
        let first = try XCTUnwrap(Simulator.run(scene).frames.first)
        var top = 0.0
        for (k, message) in MailInboxViewController.sampleMessages.enumerated() {
            let cell = try XCTUnwrap(controller.collectionView.cellForItem(at: IndexPath(item: k, section: 0)) as? MailMessageCell)
            // headline: 17 pt semibold; subheadline: 15 pt regular (the HIG's sizes).
            let sender = try lineHeight(message.sender, size: 17, weight: .semibold)
            let line = try lineHeight(message.subject, size: 15, weight: .regular)
            let textLeft = 16 + 10 + 8.0, textWidth = width - 16 - textLeft
            let preview = try lineHeight(message.preview, size: 15, weight: .regular, width: textWidth, lines: 2)
            let dateWidth = try Typesetter.naturalWidth(of: message.date, fontSize: 15, weight: .regular).rounded(.up)
            let senderWidth = try Typesetter.naturalWidth(of: message.sender, fontSize: 17, weight: .semibold).rounded(.up)
            func check(_ view: UIView, _ x: Double, _ y: Double, _ w: Double, _ h: Double, _ name: String) {
                let f = view.frame
                for (got, want, what) in [(f.minX, x, "x"), (f.minY, y, "y"), (f.width, w, "width"), (f.height, h, "height")] {
                    XCTAssertEqual(Double(got), want, accuracy: 0.5, "\(message.id) \(name).\(what)")
                }
            }
            check(cell.unreadDot, 16, 10 + sender / 2 - 5, 10, 10, "unreadDot")
            check(cell.senderLabel, textLeft, 10, senderWidth, sender, "senderLabel")
            check(cell.dateLabel, width - 16 - dateWidth, 10 + sender / 2 - line / 2, dateWidth, line, "dateLabel")
            check(cell.subjectLabel, textLeft, 10 + sender + 2, textWidth, line, "subjectLabel")
            check(cell.previewLabel, textLeft, 10 + sender + 2 + line + 2, textWidth, preview, "previewLabel")
            check(cell.flagDot, 16, 10 + sender + 2 + line / 2 - 5, 10, 10, "flagDot")
            XCTAssertEqual(cell.unreadDot.isHidden, !message.isUnread)
            // The row is as tall as its content: the list self-sizes it from the constraints.
            let height = 10 + sender + 2 + line + 2 + preview + 10
            let row = try XCTUnwrap(first.items.first { $0.id == message.id && $0.kind == .cell })
            XCTAssertEqual(row.frame.minY, top, accuracy: 0.5, message.id)
            XCTAssertEqual(row.frame.height, height, accuracy: 0.5, message.id)
            top += height
        }
    }

    /// The example's scene: message 0 marked read from its leading action, message 2 flagged,
    /// message 4 deleted by a full swipe — each by the app's handler through its diffable data
    /// source (a reconfigure, a reconfigure, a delete).
    func testSwipeActionsRunTheAppsHandlers() throws {
        let t = try Simulator.run(UIKitExampleScenes.mailInbox())
        func row(_ id: String, _ f: TimelineFrame) -> DrawItem? { f.items.first { $0.id == id && $0.kind == .cell } }
        func dot(_ id: String, _ color: Color, _ f: TimelineFrame) throws -> Bool {
            try XCTUnwrap(row(id, f), id).appearance.content.contains { e in
                if case .rect(let r) = e { return r.color == color && r.frame.width == 10 } else { return false }
            }
        }
        // systemBlue and systemOrange in light mode (Apple's "Color" page of the HIG).
        let blue = Color(red: 0, green: 122 / 255, blue: 1), orange = Color(red: 1, green: 149 / 255, blue: 0)
        let first = t.frames[0], last = try XCTUnwrap(t.frames.last)
        XCTAssertTrue(try dot("m0", blue, first))
        XCTAssertFalse(try dot("m0", blue, last), "read: the unread dot is gone")
        XCTAssertFalse(try dot("m2", orange, first))
        XCTAssertTrue(try dot("m2", orange, last), "flagged")
        XCTAssertNil(row("m4", last), "deleted")
        let m4 = try XCTUnwrap(row("m4", first)).frame
        XCTAssertEqual(try XCTUnwrap(row("m5", last)).frame.minY, m4.minY, accuracy: 1e-6, "the next message took its place")
        for id in ["m0", "m2"] { XCTAssertEqual(row(id, last)?.frame.minX, 0, "\(id) closed after its action") }
    }
}
