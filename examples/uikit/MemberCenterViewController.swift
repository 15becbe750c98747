// Article 4 (expand / collapse a cell, effect 4 of docs/effects.md): the author's view
// controller, translated from Objective-C to Swift statement by statement — the fold button's
// delegate callback, which updates the row node and animates the new height with an empty
// performBatchUpdates inside UIView.animate (the article's "right way"), and the data source and
// sizeForItemAt that read each section's itemSize. The article's code is abridged ("有删减"): the
// row nodes' fields, the cell and insetForSectionAt (one card a section, 12 pt apart) are ours,
// as small as the callback needs. Left out: the button's target-action (@selector), played by
// a scene's code step calling the callback at the tap.
import UIKit

enum ULTopOpenMemberRowNodeUIType { case member, other }

final class ULTopOpenMemberRowNode {
    var uiType: ULTopOpenMemberRowNodeUIType = .member
    var isOpen = false
    var closedSize = CGSize.zero
    var openSize = CGSize.zero
    func currentSize() -> CGSize { isOpen ? openSize : closedSize }
}

final class ULMemberCenterSectionRowNode {
    var itemSize = CGSize.zero
    var rowNodeArray: [ULTopOpenMemberRowNode] = []
}

protocol ULMemberCenterStatusCellDelegate: AnyObject {
    func memberCenterStatusCell(_ cell: ULMemberCenterStatusCell, didClickFold button: UIButton, rowNode: ULTopOpenMemberRowNode)
}

final class ULMemberCenterStatusCell: UICollectionViewCell {
    weak var delegate: ULMemberCenterStatusCellDelegate?
    let foldButton = UIButton()
    private(set) var rowNode: ULTopOpenMemberRowNode?
    func updateWithRowNode(_ rowNode: ULTopOpenMemberRowNode) {
        self.rowNode = rowNode
        self.backgroundColor = rowNode.uiType == .member ? UIColor(red: 0x2C / 255.0, green: 0x2C / 255.0, blue: 0x2E / 255.0, alpha: 1) : .white
        self.layer.cornerRadius = 12
    }
}

final class MemberCenterViewController: UIViewController, UICollectionViewDataSource, UICollectionViewDelegateFlowLayout, ULMemberCenterStatusCellDelegate {
    var collectionView: UICollectionView!
    var dataArray: [ULMemberCenterSectionRowNode] = []

    /// 点击展开/收起按钮
    func memberCenterStatusCell(_ cell: ULMemberCenterStatusCell, didClickFold button: UIButton, rowNode: ULTopOpenMemberRowNode) {
        if rowNode.uiType == .member {
            let indexPath = self.collectionView.indexPath(for: cell)!
            rowNode.isOpen = !rowNode.isOpen
            let sectionRowNode = self.dataArray[indexPath.section]
            sectionRowNode.itemSize = rowNode.currentSize()
            // 展开收起动画,
            // 1.更新cell内部的数据;
            // 2.调用刷新cell高度的方法;
            // 3.collectionView进行layout
            UIView.animate(withDuration: 0.3, animations: {
                cell.updateWithRowNode(rowNode)

                self.collectionView.performBatchUpdates({
                }, completion: { finished in
                })

                self.collectionView.layoutIfNeeded()
                self.collectionView.reloadData()
            })
        }
    }

    func collectionView(_ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout, sizeForItemAt indexPath: IndexPath) -> CGSize {
        var result = CGSize.zero
        let sectionRowNode = self.dataArray[indexPath.section]
        result = sectionRowNode.itemSize
        return result
    }

    func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell {
        var resultCell: UICollectionViewCell? = nil
        let sectionRowNode = self.dataArray[indexPath.section]
        let cell = collectionView.dequeueReusableCell(withReuseIdentifier: "ULMemberCenterStatusCell", for: indexPath) as! ULMemberCenterStatusCell
        let openMemberRowNode = sectionRowNode.rowNodeArray[indexPath.item]
        cell.delegate = self
        cell.updateWithRowNode(openMemberRowNode)
        resultCell = cell
        return resultCell!
    }

    // Ours (the article's is abridged): one card a section, and its data source counts.
    func numberOfSections(in collectionView: UICollectionView) -> Int { dataArray.count }

    func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int { dataArray[section].rowNodeArray.count }

    func collectionView(_ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout, insetForSectionAt section: Int) -> UIEdgeInsets {
        UIEdgeInsets(top: 12, left: 12, bottom: section == dataArray.count - 1 ? 12 : 0, right: 12)
    }
}
