import Foundation
import Flipbook
import UIKit

/// Scenes made from UIKit objects, as an app's code makes them, with one value set to a
/// number from CodeMutation's list (NaN, the infinities, negatives, extremes): a flow layout's
/// property, its delegate's size or inset, a custom layout's attribute, a code step's
/// setContentOffset or UIView.animate argument, an Auto Layout constant (issue 61). A value
/// that is not finite must be refused in one line naming the UIKit property or method; any
/// other must simulate or be refused so.
enum UIKitMutation {
    final class Source: NSObject, UICollectionViewDataSource, UICollectionViewDelegateFlowLayout {
        var size: CGSize?
        var inset: UIEdgeInsets?
        var constant: CGFloat?
        func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int { 6 }
        func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell {
            let cell = collectionView.dequeueReusableCell(withReuseIdentifier: "c", for: indexPath)
            cell.backgroundColor = .systemBlue
            if let constant {
                let label = UILabel()
                label.text = "row \(indexPath.item)"
                label.translatesAutoresizingMaskIntoConstraints = false
                cell.contentView.addSubview(label)
                NSLayoutConstraint.activate([label.leadingAnchor.constraint(equalTo: cell.contentView.leadingAnchor, constant: constant),
                                             label.topAnchor.constraint(equalTo: cell.contentView.topAnchor, constant: 4)])
            }
            return cell
        }
        func collectionView(_ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout, sizeForItemAt indexPath: IndexPath) -> CGSize {
            indexPath.item == 2 ? size ?? CGSize(width: 90, height: 40) : CGSize(width: 90, height: 40)
        }
        func collectionView(_ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout, insetForSectionAt section: Int) -> UIEdgeInsets {
            inset ?? .zero
        }
    }

    /// Six cells in a column; item 1's frame x and alpha as set.
    final class Custom: UICollectionViewLayout {
        var x: CGFloat = 0, alpha: CGFloat = 1
        override var collectionViewContentSize: CGSize { CGSize(width: 200, height: 600) }
        override func layoutAttributesForElements(in rect: CGRect) -> [UICollectionViewLayoutAttributes]? {
            (0..<6).map { i in
                let a = UICollectionViewLayoutAttributes(forCellWith: IndexPath(item: i, section: 0))
                a.frame = CGRect(x: i == 1 ? x : 0, y: CGFloat(i) * 50, width: 100, height: 40)
                a.alpha = i == 1 ? alpha : 1
                return a
            }
        }
        override func layoutAttributesForItem(at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
            layoutAttributesForElements(in: .zero)?[indexPath.item]
        }
    }

    /// A scene with one value changed; `name`: what a refusal must name; `source`: its data
    /// source, which the caller keeps while it runs (a collection view holds it weakly, as UIKit's).
    static func make(_ rng: inout SplitMix64) -> (what: String, name: String, mustRefuse: Bool, scene: Scene, source: Source) {
        let x = CodeMutation.numbers[rng.below(CodeMutation.numbers.count)], v = CGFloat(x)
        let flow = UICollectionViewFlowLayout()
        flow.itemSize = CGSize(width: 90, height: 40)
        let source = Source()
        var layout: UICollectionViewLayout = flow
        var script: [(UICollectionView) -> SceneStep] = []
        let what: String, name: String
        switch rng.below(15) {
        case 0: flow.itemSize.width = v; (what, name) = ("itemSize.width", "UICollectionViewFlowLayout.itemSize.width")
        case 1: flow.itemSize.height = v; (what, name) = ("itemSize.height", "UICollectionViewFlowLayout.itemSize.height")
        case 2: flow.minimumLineSpacing = v; (what, name) = ("minimumLineSpacing", "UICollectionViewFlowLayout.minimumLineSpacing")
        case 3: flow.minimumInteritemSpacing = v; (what, name) = ("minimumInteritemSpacing", "UICollectionViewFlowLayout.minimumInteritemSpacing")
        case 4: flow.sectionInset.top = v; (what, name) = ("sectionInset.top", "UICollectionViewFlowLayout.sectionInset.top")
        case 5: flow.headerReferenceSize.height = v; (what, name) = ("headerReferenceSize.height", "UICollectionViewFlowLayout.headerReferenceSize.height")
        case 6: flow.estimatedItemSize = CGSize(width: v, height: 40); (what, name) = ("estimatedItemSize.width", "UICollectionViewFlowLayout.estimatedItemSize.width")
        case 7: source.size = CGSize(width: v, height: 40); (what, name) = ("sizeForItemAt width", "collectionView(_:layout:sizeForItemAt:)")
        case 8: source.inset = UIEdgeInsets(top: 0, left: v, bottom: 0, right: 0); (what, name) = ("insetForSectionAt left", "UICollectionViewDelegateFlowLayout")
        case 9: let c = Custom(); c.x = v; layout = c; (what, name) = ("a custom layout's frame x", "UICollectionViewLayoutAttributes.frame")
        case 10: let c = Custom(); c.alpha = v; layout = c; (what, name) = ("a custom layout's alpha", "UICollectionViewLayoutAttributes.alpha")
        case 11:
            script = [{ cv in .at(0.2) { cv.setContentOffset(CGPoint(x: 0, y: v), animated: true) } }]
            (what, name) = ("setContentOffset y", "UIScrollView.setContentOffset")
        case 12:
            script = [{ cv in .at(0.2) { UIView.animate(withDuration: TimeInterval(x), animations: { cv.performBatchUpdates(nil) }) } }]
            (what, name) = ("UIView.animate duration", "UIView.animate")
        case 13:
            script = [{ cv in .at(0.2) {
                UIView.animate(withDuration: 0.3, delay: 0, usingSpringWithDamping: v, initialSpringVelocity: 0, animations: { cv.performBatchUpdates(nil) })
            } }]
            (what, name) = ("usingSpringWithDamping", "usingSpringWithDamping")
        // Not finite: the constraint is named; finite but far: the view it puts out of range.
        default: source.constant = v; (what, name) = ("an Auto Layout constant", x.isFinite ? "from its frame is out of range" : "the Auto Layout constraint")
        }
        let cv = UICollectionView(frame: CGRect(x: 0, y: 0, width: 200, height: 300), collectionViewLayout: layout)
        cv.register(UICollectionViewCell.self, forCellWithReuseIdentifier: "c")
        cv.dataSource = source
        cv.delegate = source
        let canvas = Canvas(width: 200, height: 300, scale: 1, background: .white)
        let scene = Scene(name: "uikit-fuzz", canvas: canvas, fps: 10, duration: 0.6, collectionView: cv, script: script.map { $0(cv) })
        return ("a UIKit scene with \(what) = \(x)", name, !x.isFinite, scene, source)
    }
}
