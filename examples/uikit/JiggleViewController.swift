// Article 2 (long-press jiggle and interactive reorder, effect 2 of docs/effects.md):
// the layout-related code of the author's view controller, translated from Objective-C to Swift
// statement by statement — the collection view it builds in viewDidLoad, its data source and
// its UICollectionViewDelegateFlowLayout methods, with the article's numbers. Left out, and
// played by the scene instead: the long-press gesture (target-action through @selector, which
// has no Linux equivalent) and the cells' shake animation (docs/uikit.md).
import UIKit

final class CollectionViewCell: UICollectionViewCell {
    func loadWithModel(_ color: UIColor) {
        self.backgroundColor = color
    }
}

final class ViewController: UIViewController, UICollectionViewDataSource, UICollectionViewDelegateFlowLayout {
    var collectionView: UICollectionView!
    var colorArray: [UIColor] = []

    override func viewDidLoad() {
        super.viewDidLoad()
        // 1. 初始化collectionView,以及遵守UICollectionViewDelegate、UICollectionViewDataSource ,并且注册cell等一波常规操作
        let collectionFlowLayout = UICollectionViewFlowLayout()
        collectionFlowLayout.scrollDirection = .vertical
        self.collectionView = UICollectionView(frame: CGRect(x: 0, y: 0, width: 375, height: 667), collectionViewLayout: collectionFlowLayout)
        self.collectionView.backgroundColor = UIColor.white
        self.collectionView.register(CollectionViewCell.self, forCellWithReuseIdentifier: "cell")
        self.collectionView.dataSource = self
        self.collectionView.delegate = self
        self.view.addSubview(self.collectionView)
        // 2. 为collectionView添加长按手势: [self addRecognize] — a UILongPressGestureRecognizer with
        // target-action; see the header.
    }

    // 配置cell大小
    func collectionView(_ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout, sizeForItemAt indexPath: IndexPath) -> CGSize {
        return CGSize(width: 167, height: 167)
    }

    // 配置行间距
    func collectionView(_ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout, minimumLineSpacingForSectionAt section: Int) -> CGFloat {
        return 15
    }

    // 配置每组上下左右的间距
    func collectionView(_ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout, insetForSectionAt section: Int) -> UIEdgeInsets {
        return UIEdgeInsets(top: 0, left: 13, bottom: 15, right: 13)
    }

    // MARK: - UICollectionViewDataSource

    func numberOfSections(in collectionView: UICollectionView) -> Int {
        return 1
    }

    // 配置每个组里面有多少个cell
    func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int {
        return self.colorArray.count
    }

    // 配置cell (the shake, _isItemShake, is the scene's: see the header)
    func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell {
        let cell = collectionView.dequeueReusableCell(withReuseIdentifier: "cell", for: indexPath) as! CollectionViewCell
        cell.loadWithModel(self.colorArray[indexPath.row])
        return cell
    }
}
