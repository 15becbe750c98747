import Foundation
import XCTest
import UIKit
import Flipbook
import AppLayouts

/// The app's layout file, built by a client package against FlipbookUIKit, drawn by Flipbook.
final class LeftAlignedFlowLayoutTests: XCTestCase {
    final class Tags: NSObject, UICollectionViewDataSource, UICollectionViewDelegateFlowLayout {
        let widths: [CGFloat] = [120, 80, 150, 60, 200]
        func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int { widths.count }
        func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell {
            let cell = collectionView.dequeueReusableCell(withReuseIdentifier: "tag", for: indexPath)
            cell.backgroundColor = .systemBlue
            return cell
        }
        func collectionView(_ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout,
                            sizeForItemAt indexPath: IndexPath) -> CGSize {
            CGSize(width: widths[indexPath.item], height: 40)
        }
    }

    /// 375 pt less 16 pt insets leaves 343 pt a line: 120 + 10 + 80 fits and 150 more does not,
    /// so the lines are [120, 80], [150, 60], [200], 40 pt tall and 10 apart; each starts at 16
    /// and its items are 10 apart (a lone item would be centred, and a pair justified, by UIKit).
    func testLinesStartAtTheInset() throws {
        let layout = LeftAlignedFlowLayout()
        layout.sectionInset = UIEdgeInsets(top: 0, left: 16, bottom: 0, right: 16)
        let view = UICollectionView(frame: CGRect(x: 0, y: 0, width: 375, height: 300), collectionViewLayout: layout)
        view.register(UICollectionViewCell.self, forCellWithReuseIdentifier: "tag")
        let tags = Tags()
        view.dataSource = tags
        view.delegate = tags
        let scene = Scene(name: "tags", canvas: Canvas(width: 375, height: 300, scale: 1), duration: 0.1, collectionView: view)
        let frame = try Simulator.run(scene, frames: 0...0).frames[0]
        let expected: [String: Rect] = [
            "0-0": Rect(x: 16, y: 0, width: 120, height: 40), "0-1": Rect(x: 146, y: 0, width: 80, height: 40),
            "0-2": Rect(x: 16, y: 50, width: 150, height: 40), "0-3": Rect(x: 176, y: 50, width: 60, height: 40),
            "0-4": Rect(x: 16, y: 100, width: 200, height: 40),
        ]
        for (id, rect) in expected {
            XCTAssertEqual(frame.items.first { $0.id == id }?.frame, rect, id)
        }
    }
}
