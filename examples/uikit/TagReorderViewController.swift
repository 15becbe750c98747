// Article 3 (drag reorder before iOS 9, effect 3 of docs/effects.md): the author's long-press
// handler, translated from Objective-C to Swift statement by statement — the snapshot of the
// pressed cell added to the collection view and the cell hidden, the snapshot moved by the
// finger's delta, the first visible cell whose centre is within half the snapshot's width
// (and half its height vertically) receiving the hidden cell with moveItem, the data moved
// with it, and the snapshot gliding back to the cell in 0.25 s. The article's iOS 9 branch
// (beginInteractiveMovementForItem…) is left out: this is the branch it wrote for before iOS 9,
// and the one Flipbook's built-in effect reproduces. The article's code is abridged: the cell
// (a label in a rounded tag), the section headers and the tags' sizes (their text's width and
// 14 pt each side) are ours. Two statements change for Linux, where Objective-C selectors do
// not exist: the recognizer takes its action as a closure, and `longPress(_:)` is not `@objc`.
import UIKit

public final class TagReorderViewController: UIViewController, UICollectionViewDataSource, UICollectionViewDelegateFlowLayout {
    // The article's cell class, inside the controller (article 2's example has one of the same name).
    final class CollectionViewCell: UICollectionViewCell {
        let titleLabel = UILabel()
        override init(frame: CGRect) {
            super.init(frame: frame)
            backgroundColor = UIColor(red: 1, green: 0xF4 / 255.0, blue: 0xE5 / 255.0, alpha: 1)
            layer.cornerRadius = 16
            layer.borderWidth = 1
            layer.borderColor = UIColor(red: 0xD1 / 255.0, green: 0xD1 / 255.0, blue: 0xD6 / 255.0, alpha: 1).cgColor
            titleLabel.font = .boldSystemFont(ofSize: 15)
            titleLabel.textAlignment = .center
            titleLabel.translatesAutoresizingMaskIntoConstraints = false
            contentView.addSubview(titleLabel)
            NSLayoutConstraint.activate([
                titleLabel.centerXAnchor.constraint(equalTo: contentView.centerXAnchor),
                titleLabel.centerYAnchor.constraint(equalTo: contentView.centerYAnchor),
            ])
        }
        required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }
    }

    final class TagHeaderView: UICollectionReusableView {
        let titleLabel = UILabel()
        override init(frame: CGRect) {
            super.init(frame: frame)
            titleLabel.font = .systemFont(ofSize: 16)
            titleLabel.translatesAutoresizingMaskIntoConstraints = false
            addSubview(titleLabel)
            NSLayoutConstraint.activate([
                titleLabel.leadingAnchor.constraint(equalTo: leadingAnchor, constant: 15),
                titleLabel.centerYAnchor.constraint(equalTo: centerYAnchor),
            ])
        }
        required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }
    }

    public private(set) var collectionView: UICollectionView!
    var dataArray: [[String]]
    let headers: [String]

    var beginIndexPath: IndexPath?
    var beginCell: CollectionViewCell?
    var tempView: UIView?
    var beginPoint = CGPoint.zero

    public init(sections: [(header: String, tags: [String])]) {
        dataArray = sections.map(\.tags)
        headers = sections.map(\.header)
        super.init()
    }
    public required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }

    public override func viewDidLoad() {
        super.viewDidLoad()
        let layout = UICollectionViewFlowLayout()
        layout.minimumLineSpacing = 12
        layout.minimumInteritemSpacing = 10
        layout.sectionInset = UIEdgeInsets(top: 4, left: 15, bottom: 18, right: 15)
        layout.headerReferenceSize = CGSize(width: view.bounds.width, height: 40)
        collectionView = UICollectionView(frame: CGRect(x: 0, y: 64, width: view.bounds.width, height: view.bounds.height - 64),
                                          collectionViewLayout: layout)
        collectionView.backgroundColor = .white
        collectionView.dataSource = self
        collectionView.delegate = self
        collectionView.register(CollectionViewCell.self, forCellWithReuseIdentifier: "cell")
        collectionView.register(TagHeaderView.self, forSupplementaryViewOfKind: UICollectionView.elementKindSectionHeader, withReuseIdentifier: "header")
        view.addSubview(collectionView)

        // UILongPressGestureRecognizer *longG = [[UILongPressGestureRecognizer alloc]initWithTarget:self action:@selector(longPress:)];
        let longG = UILongPressGestureRecognizer { [unowned self] g in self.longPress(g) }
        longG.minimumPressDuration = 0.2
        self.collectionView.addGestureRecognizer(longG)
    }

    func longPress(_ lpGesture: UILongPressGestureRecognizer) {
        switch lpGesture.state {
        case .began:
            self.collectionViewCellDidBeginChange(lpGesture)
        case .changed:
            self.collectionViewCellDidChange(lpGesture)
        case .ended:
            self.collectionViewCellDidEndChange(lpGesture)
        default:
            break
        }
    }

    // 2. 隱藏當前 cell, 並添加一個當前 cell 的截圖到 collectionView 上
    func collectionViewCellDidBeginChange(_ lpGesture: UILongPressGestureRecognizer) {
        self.beginIndexPath = self.collectionView.indexPathForItem(at: lpGesture.location(in: self.collectionView))
        guard let beginIndexPath = self.beginIndexPath else { return }
        self.beginCell = self.collectionView.cellForItem(at: beginIndexPath) as? CollectionViewCell

        // 截圖 並隱藏原 cell
        self.tempView = self.beginCell?.snapshotView(afterScreenUpdates: true)
        self.tempView?.frame = self.beginCell?.frame ?? .zero
        if let tempView = self.tempView { self.collectionView.addSubview(tempView) }

        self.beginPoint = lpGesture.location(in: self.collectionView)
        self.beginCell?.isHidden = true
    }

    // 3. 移動截圖
    func collectionViewCellDidChange(_ lpGesture: UILongPressGestureRecognizer) {
        guard let tempView = self.tempView, let beginIndexPath = self.beginIndexPath else { return }
        let tranX = lpGesture.location(ofTouch: 0, in: self.collectionView).x - self.beginPoint.x
        let tranY = lpGesture.location(ofTouch: 0, in: self.collectionView).y - self.beginPoint.y

        // 設置截圖視圖位置
        tempView.center = tempView.center.applying(CGAffineTransform(translationX: tranX, y: tranY))
        self.beginPoint = lpGesture.location(ofTouch: 0, in: self.collectionView)

        // 計算截圖視圖和哪個cell相交
        for cell in self.collectionView.visibleCells {
            // 跳過隱藏的cell
            if self.collectionView.indexPath(for: cell) == beginIndexPath {
                continue
            }
            // 計算中心距
            let space = sqrtf(powf(Float(tempView.center.x - cell.center.x), 2) + powf(Float(tempView.center.y - cell.center.y), 2))

            // 如果相交一半且兩個視圖Y的絕對值小於高度的一半就移動
            if CGFloat(space) <= tempView.bounds.size.width * 0.5 && (abs(tempView.center.y - cell.center.y) <= tempView.bounds.size.height * 0.5) {
                guard let nextIndexPath = self.collectionView.indexPath(for: cell) else { break }

                self.updateData(sourceIndexPath: beginIndexPath, toIndexPath: nextIndexPath)

                self.collectionView.moveItem(at: beginIndexPath, to: nextIndexPath)

                // 設置移動後的起始indexPath
                self.beginIndexPath = nextIndexPath

                break
            }
        }
    }

    // 數據源的改動
    func updateData(sourceIndexPath: IndexPath, toIndexPath destinationIndexPath: IndexPath) {
        if sourceIndexPath.section == destinationIndexPath.section { // 同一個 section 間移動
            if destinationIndexPath.item > sourceIndexPath.item {
                for i in sourceIndexPath.item..<destinationIndexPath.item {
                    self.dataArray[sourceIndexPath.section].swapAt(i, i + 1)
                }
            } else {
                for i in stride(from: sourceIndexPath.item, to: destinationIndexPath.item, by: -1) {
                    self.dataArray[sourceIndexPath.section].swapAt(i, i - 1)
                }
            }
        } else { // 不同 section 之間移動, 刪除 sourceData, 插入到 destinationData
            let obj = self.dataArray[sourceIndexPath.section][sourceIndexPath.row]
            self.dataArray[sourceIndexPath.section].remove(at: sourceIndexPath.row)
            self.dataArray[destinationIndexPath.section].insert(obj, at: destinationIndexPath.row)
        }
    }

    // 5. 若鬆開手指結束移動, 則移除掉截圖, 並顯示之前隱藏的 cell
    func collectionViewCellDidEndChange(_ lpGesture: UILongPressGestureRecognizer) {
        UIView.animate(withDuration: 0.25, animations: {
            self.tempView?.center = self.beginCell?.center ?? .zero
        }, completion: { finished in
            self.tempView?.removeFromSuperview()
            self.beginCell?.isHidden = false
        })
    }

    // MARK: - Data source and sizes (ours: the article does not show them)

    public func numberOfSections(in collectionView: UICollectionView) -> Int { dataArray.count }
    public func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int { dataArray[section].count }
    public func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell {
        let cell = collectionView.dequeueReusableCell(withReuseIdentifier: "cell", for: indexPath) as! CollectionViewCell
        cell.titleLabel.text = dataArray[indexPath.section][indexPath.item]
        return cell
    }
    public func collectionView(_ collectionView: UICollectionView, viewForSupplementaryElementOfKind kind: String, at indexPath: IndexPath) -> UICollectionReusableView {
        let header = collectionView.dequeueReusableSupplementaryView(ofKind: kind, withReuseIdentifier: "header", for: indexPath) as! TagHeaderView
        header.titleLabel.text = headers[indexPath.section]
        return header
    }
    public func collectionView(_ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout, sizeForItemAt indexPath: IndexPath) -> CGSize {
        let title = dataArray[indexPath.section][indexPath.item] as NSString
        let size = title.size(withAttributes: [.font: UIFont.boldSystemFont(ofSize: 15)])
        return CGSize(width: ceil(size.width + 28), height: 32)
    }
}
