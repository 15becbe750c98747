import XCTest
@testable import UIKit
import Flipbook

/// A view controller's own scroll views as a scene (Scene(viewController:) without a
/// collection view): where they are, what they draw, and what their code may change.
final class ScrollViewSceneTests: XCTestCase {
    final class Pages: UIViewController, UIScrollViewDelegate {
        lazy var page: UIScrollView = {
            let page = UIScrollView(frame: CGRect(x: 0, y: 0, width: 200, height: 300))
            page.contentSize = CGSize(width: 200, height: 500)
            page.backgroundColor = .white
            page.delegate = self
            return page
        }()
        lazy var caption: UILabel = {
            let caption = UILabel(frame: CGRect(x: 10, y: 460, width: 180, height: 30))
            caption.text = "End"
            return caption
        }()
        var grow = false
        var scrolled: [CGFloat] = []
        override func viewDidLoad() {
            super.viewDidLoad()
            view.addSubview(page)
            page.addSubview(caption)
        }
        func scrollViewDidScroll(_ scrollView: UIScrollView) {
            scrolled.append(scrollView.contentOffset.y)
            guard scrollView.contentOffset.y > 50 else { return }
            UIView.animate(withDuration: 0.2) {
                self.page.frame = self.grow ? CGRect(x: 0, y: 0, width: 200, height: 200) : CGRect(x: 0, y: -100, width: 200, height: 300)
            }
        }
    }

    let canvas = Canvas(width: 200, height: 300, scale: 1, background: .white)
    let drag = TouchTrack(finger: 1, downTime: 0.2, downPoint: Point(x: 100, y: 250),
                          segments: [.init(to: Point(x: 100, y: 150), duration: 0.3), .init(to: Point(x: 100, y: 150), duration: 0.1)])

    /// The page is drawn at its place under the bars `viewFrame` leaves, its label named by the
    /// controller's property; its delegate hears the scroll, and the frame it sets moves it
    /// (0.2 s ease-in-ease-out from where it is), once: the same frame set again is no change.
    func testPagesMoveWhereTheCodeSetsThem() throws {
        let controller = Pages()
        let scene = Scene(name: "pages", canvas: canvas, fps: 60, duration: 1.2, viewController: controller,
                          viewFrame: CGRect(x: 0, y: 40, width: 200, height: 260), touches: [drag])
        let t = try Simulator.run(scene)
        let first = try XCTUnwrap(t.frames[0].items.first { $0.id == "page" })
        XCTAssertEqual(first.frame, Rect(x: 0, y: 40, width: 200, height: 300))
        let content = try XCTUnwrap(t.frames[0].items.first { $0.id == "page.content" })
        XCTAssertEqual(content.frame.size, Size(width: 200, height: 500))
        let label = try XCTUnwrap(content.appearance.content.first { if case .text = $0 { return true }; return false })
        guard case .text(let text) = label else { return XCTFail() }
        XCTAssertEqual(text.text, "End")
        XCTAssertEqual(text.view, "caption")
        XCTAssertFalse(controller.scrolled.isEmpty)
        // The move begins when the scroll first passes 50 (between two frames) and takes 0.2 s
        // (12 frames) on an ease-in-ease-out: slow at first, from y 40 to −60.
        func y(_ k: Int) -> Double { t.frames[k].items.first { $0.id == "page" }!.frame.minY }
        let started = try XCTUnwrap(t.frames.firstIndex { $0.items.first { $0.id == "page" }!.frame.minY < 40 })
        let ended = try XCTUnwrap(t.frames.firstIndex { $0.items.first { $0.id == "page" }!.frame.minY == -60 })
        XCTAssertTrue((12...13).contains(ended - started + 1), "\(started)…\(ended)")
        XCTAssertGreaterThan(y(started), 40 - 100 * TimingCurve.easeInEaseOut.value(at: 1.0 / 12), "eased in")
        XCTAssertGreaterThan(t.frames[started].contentOffset.y, 50)
        XCTAssertLessThanOrEqual(t.frames[started - 1].contentOffset.y, 50 + 10, "began as the offset passed 50")
        XCTAssertEqual(t.frames.last?.items.first { $0.id == "page" }?.frame.minY, -60)
    }

    /// A size the scene cannot follow stops it with one line naming the view.
    func testASizeChangeIsRefused() {
        let controller = Pages()
        controller.grow = true
        let scene = Scene(name: "pages", canvas: canvas, fps: 60, duration: 1.2, viewController: controller, touches: [drag])
        XCTAssertThrowsError(try Simulator.run(scene)) { error in
            XCTAssertTrue("\(error)".contains("page: a scroll view's size changed during the scene is not drawn yet (its position is)"), "\(error)")
            XCTAssertFalse("\(error)".contains("\n"))
        }
    }

    /// UIScrollView's delegate and UICollectionView's are one property, as in UIKit.
    func testACollectionViewsDelegateIsItsScrollViewDelegate() {
        final class Delegate: NSObject, UICollectionViewDelegate {}
        let cv = UICollectionView(frame: .zero, collectionViewLayout: UICollectionViewFlowLayout())
        let d = Delegate()
        (cv as UIScrollView).delegate = d
        XCTAssertTrue(cv.delegate === d)
        XCTAssertTrue((cv as UIScrollView).delegate === d)
    }
}
