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
        "tag-reorder": { tagReorder() },
        "pull-for-more": { pullForMore() },
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

extension UIKitExampleScenes {
    /// Article 3's view controller on examples/tag-reorder.json's four long presses (the same
    /// tags, the same touches): a tag moved within its section, one into another section, one
    /// dropped beside a tag, one walked on as the tags re-flow and let go far from its slot.
    public static func tagReorder() -> Scene {
        let controller = TagReorderViewController(sections: [
            ("我的频道", ["推荐", "热点", "北京", "视频", "社会", "娱乐", "科技", "汽车", "体育", "财经", "军事", "国际"]),
            ("推荐频道", ["时尚", "健康", "历史", "游戏", "旅游", "美食", "育儿", "数码", "动漫", "Apple", "Swift", "iOS 开发"]),
            ("更多频道", ["电影", "音乐", "读书", "摄影", "家居", "宠物", "星座", "房产"]),
        ])
        func press(at time: Double, _ x: Double, _ y: Double, _ path: [(x: Double, y: Double, duration: Double, hold: Double)]) -> TouchTrack {
            var segments = [TouchTrack.Segment(to: Point(x: x, y: y), duration: 0.35)]
            for p in path {
                segments.append(.init(to: Point(x: p.x, y: p.y), duration: p.duration, curve: .easeInEaseOut))
                segments.append(.init(to: Point(x: p.x, y: p.y), duration: p.hold))
            }
            return TouchTrack(finger: 1, downTime: time, downPoint: Point(x: x, y: y), segments: segments)
        }
        return Scene(name: "tag-reorder", canvas: Canvas(width: 375, height: 667, scale: 2, background: .white), fps: 60, duration: 10.2,
                     viewController: controller, touches: [
                        press(at: 0.5, 116.2, 124, [(258.8, 168, 0.8, 0.3)]),
                        press(at: 2.8, 116.2, 306, [(45, 212, 0.9, 0.3)]),
                        press(at: 5.2, 45, 532, [(150, 532, 0.7, 0.3)]),
                        press(at: 6.9, 316, 394, [(44, 488, 0.8, 0.4), (230, 630, 0.6, 0.2)]),
                     ])
    }
}

enum MailInboxScene {
    /// Each message is 101 pt tall: 10 + a 22 pt headline + 2 + a 20 pt subheadline + 2 + two of them + 10.
    static let rowMiddles: [Double] = (0..<8).map { 50 + 101 * Double($0) }
}

extension UIKitExampleScenes {
    /// Article 5's view version on examples/pull-for-more.json's touches: a pull up too short
    /// to swap, one that swaps the pages, and a pull down on the more page that refreshes and
    /// swaps them back. A navigation controller would place the view below its 64 pt of bars
    /// (the controller sets `edgesForExtendedLayout = []`); the scene places it there and draws
    /// the bars as the article's screenshots show them.
    public static func pullForMore() -> Scene {
        let controller = PullForMoreViewController()
        let canvas = Canvas(width: 375, height: 667, scale: 2, background: .white)
        var scene = Scene(name: "pull-for-more", canvas: canvas, fps: 60, duration: 6.6, viewController: controller,
                          viewFrame: CGRect(x: 0, y: 64, width: canvas.width, height: canvas.height - 64), touches: pullForMoreTouches)
        scene.chrome = pullForMoreBars
        return scene
    }

    /// examples/pull-for-more.json's script: two drags up on the detail page, a pull down on the more page.
    public static let pullForMoreTouches: [TouchTrack] = [
        TouchTrack(finger: 1, downTime: 0.5, downPoint: Point(x: 187, y: 520),
                   segments: [.init(to: Point(x: 187, y: 390), duration: 0.5, curve: .easeInEaseOut), .init(to: Point(x: 187, y: 390), duration: 0.2)]),
        TouchTrack(finger: 1, downTime: 2.0, downPoint: Point(x: 187, y: 560),
                   segments: [.init(to: Point(x: 187, y: 300), duration: 0.6, curve: .easeInEaseOut), .init(to: Point(x: 187, y: 300), duration: 0.2)]),
        TouchTrack(finger: 1, downTime: 3.6, downPoint: Point(x: 187, y: 160),
                   segments: [.init(to: Point(x: 187, y: 310), duration: 0.6, curve: .easeOut), .init(to: Point(x: 187, y: 310), duration: 0.3)]),
    ]

    /// The status bar and the navigation bar, as examples/pull-for-more.json draws them.
    static var pullForMoreBars: [ItemSpec] {
        var style = CellStyle.supplementary
        var status = ItemSpec(id: "status", title: "", color: Color(hex: "#F9F9F9")!)
        status.origin = Point(x: 0, y: 0)
        status.size = Size(width: 375, height: 20)
        status.style = style
        var nav = ItemSpec(id: "nav", title: "宝贝详情", color: Color(hex: "#F9F9F9")!)
        nav.origin = Point(x: 0, y: 20)
        nav.size = Size(width: 375, height: 44)
        style.titleAlignment = .center
        style.titleSize = 17
        style.titleColor = Color(hex: "#000000")!
        nav.style = style
        nav.content = [ContentSpec(kind: .rect(Color(hex: "#C6C6C8")!, cornerRadius: 0), x: 0, y: 43.5, width: 375, height: 0.5)]
        return [status, nav]
    }
}
