import UIKit
import MJRefresh

// Article 5 (docs/effects.md, “iOS 动画 ——仿继续拖动，查看更多”): the view version's
// ViewController.m, translated statement by statement. Two statements change for Linux: the
// class is public (a scene in another module makes it), and `dispatch_after` on the main queue
// is `DispatchQueue.main.asyncAfter`, as Swift writes it on iOS too.

// #define SCREEN_WIDTH [UIScreen mainScreen].bounds.size.width (read each time, as a macro is)
var SCREEN_WIDTH: CGFloat { UIScreen.main.bounds.size.width }
var SCREEN_HEIGHT: CGFloat { UIScreen.main.bounds.size.height }
let NAV_HEIGHT: CGFloat = 64.0
let MOREVIEW_HEIGHT: CGFloat = 40.0

public class PullForMoreViewController: UIViewController, UIScrollViewDelegate {
    lazy var upScrollerView: UIScrollView = {
        let upScrollerView = UIScrollView(frame: normalViewFrame())
        upScrollerView.delegate = self
        upScrollerView.backgroundColor = UIColor.red
        upScrollerView.contentSize = CGSize(width: SCREEN_WIDTH, height: SCREEN_HEIGHT)
        return upScrollerView
    }()
    lazy var showMoreLabel: UILabel = {
        let showMoreLabel = UILabel(frame: CGRect(x: 0, y: SCREEN_HEIGHT - MOREVIEW_HEIGHT, width: SCREEN_WIDTH, height: MOREVIEW_HEIGHT))
        showMoreLabel.text = "--上拉，显示更多--"
        showMoreLabel.font = UIFont.systemFont(ofSize: 14)
        showMoreLabel.textAlignment = .center
        return showMoreLabel
    }()
    lazy var downScrollerView: UIScrollView = {
        let downScrollerView = UIScrollView(frame: downViewFrame())
        downScrollerView.backgroundColor = UIColor.green
        downScrollerView.contentSize = CGSize(width: SCREEN_WIDTH, height: SCREEN_HEIGHT)
        return downScrollerView
    }()

    public override func viewDidLoad() {
        super.viewDidLoad()
        edgesForExtendedLayout = []
        addAndLayoutView()
        setUpRefreshShowUpView()
    }

    // MARK: - Method
    func setUpRefreshShowUpView() {
        // 稍微修改下 下拉的提示文字
        downScrollerView.mj_header = MJRefreshNormalHeader(refreshingBlock: {
            DispatchQueue.main.asyncAfter(deadline: .now() + 1.0) {
                self.downScrollerView.mj_header?.endRefreshing()
                UIView.animate(withDuration: 0.3, animations: {
                    self.downScrollerView.frame = self.downViewFrame()
                    self.upScrollerView.frame = self.normalViewFrame()
                })
            }
        })
    }

    // MARK: - Private Method
    // 直接 用 Frame 好了，先不添加 Masonry 库
    func upViewFrame() -> CGRect {
        CGRect(x: 0, y: -SCREEN_HEIGHT - NAV_HEIGHT, width: SCREEN_WIDTH, height: SCREEN_HEIGHT - NAV_HEIGHT)
    }
    func normalViewFrame() -> CGRect {
        CGRect(x: 0, y: 0, width: SCREEN_WIDTH, height: SCREEN_HEIGHT - NAV_HEIGHT)
    }
    func downViewFrame() -> CGRect {
        CGRect(x: 0, y: SCREEN_HEIGHT - NAV_HEIGHT, width: SCREEN_WIDTH, height: SCREEN_HEIGHT - NAV_HEIGHT)
    }

    // MARK: - Delegate
    public func scrollViewDidScroll(_ scrollView: UIScrollView) {
        if scrollView.contentOffset.y > MOREVIEW_HEIGHT + NAV_HEIGHT {
            UIView.animate(withDuration: 0.3, animations: {
                self.upScrollerView.frame = self.upViewFrame()
                self.downScrollerView.frame = self.normalViewFrame()
            })
        }
    }

    // MARK: - InitViewAndLayout
    func addAndLayoutView() {
        view.backgroundColor = UIColor.gray
        view.addSubview(upScrollerView)
        upScrollerView.addSubview(showMoreLabel)
        view.addSubview(downScrollerView)
    }
}
