// Scenes made from the UIKit example code: the view controller as the app makes it, and the
// touches a person would make on it.
import UIKit
import Flipbook
import UIKitExamples

public enum UIKitExampleScenes {
    /// Every scene by name, for `FlipbookCommand.main(scenes:)`.
    public static let all: [String: @Sendable () throws -> Scene] = [
        "mail-inbox": { mailInbox() },
        "today-feed": { todayFeed() },
    ]

    static func drag(at time: Double, y: Double, from x0: Double, to x1: Double, duration: Double, hold: Double = 0.15) -> TouchTrack {
        TouchTrack(finger: 1, downTime: time, downPoint: Point(x: x0, y: y),
                   segments: [.init(to: Point(x: x1, y: y), duration: duration, curve: .easeInEaseOut), .init(to: Point(x: x1, y: y), duration: hold)])
    }
    static func tap(at time: Double, x: Double, y: Double) -> TouchTrack {
        TouchTrack(finger: 1, downTime: time, downPoint: Point(x: x, y: y), segments: [.init(to: Point(x: x, y: y), duration: 0.08)])
    }

    /// The inbox: message 0 marked read from its leading action, message 2 flagged from its
    /// trailing one, message 4 deleted with a full swipe; each by the app's own handler.
    public static func mailInbox() -> Scene {
        let rows = MailInboxScene.rowMiddles
        let w = 390.0
        return Scene(name: "mail-inbox", canvas: Canvas(width: w, height: 844, scale: 2, background: .white), fps: 60, duration: 5.6,
                     viewController: MailInboxViewController(), touches: [
                        drag(at: 0.5, y: rows[0], from: 30, to: 140, duration: 0.45),
                        tap(at: 1.4, x: 37, y: rows[0]),
                        drag(at: 2.1, y: rows[2], from: w - 35, to: w - 185, duration: 0.45),
                        tap(at: 3.0, x: w - 148 + 37, y: rows[2]),
                        drag(at: 3.8, y: rows[4], from: w - 15, to: 30, duration: 0.35, hold: 0),
                     ])
    }
}

extension UIKitExampleScenes {
    /// The Today feed: a story arrives and is inserted second (the app's own diffable apply),
    /// then the feed is flicked up through the cards and back.
    public static func todayFeed() -> Scene {
        let controller = TodayViewController()
        return Scene(name: "today-feed", canvas: Canvas(width: 390, height: 844, scale: 2, background: .white), fps: 60, duration: 5,
                     viewController: controller, script: [.at(0.8) { controller.addBreakingStory() }],
                     touches: [
                        TouchTrack.flick(at: 1.8, from: Point(x: 195, y: 650), velocity: Point(x: 0, y: -1500)),
                        TouchTrack.flick(at: 3.4, from: Point(x: 195, y: 250), velocity: Point(x: 0, y: 2500)),
                     ])
    }
}

enum MailInboxScene {
    /// Each message is 101 pt tall: 10 + a 22 pt headline + 2 + a 20 pt subheadline + 2 + two of them + 10.
    static let rowMiddles: [Double] = (0..<8).map { 50 + 101 * Double($0) }
}
