import UIKit
import Flipbook

/// A data source of `counts[s]` items in section s, each a cell of the class registered as
/// `identifier`, set up by `configure`: what most of these tests need from an app's.
final class CellSource: NSObject, UICollectionViewDataSource {
    let counts: [Int]
    let identifier: String
    let configure: (UICollectionViewCell, IndexPath) -> Void
    init(_ counts: [Int], identifier: String = "c", configure: @escaping (UICollectionViewCell, IndexPath) -> Void = { _, _ in }) {
        self.counts = counts; self.identifier = identifier; self.configure = configure
    }
    func numberOfSections(in collectionView: UICollectionView) -> Int { counts.count }
    func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int { counts[section] }
    func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell {
        let cell = collectionView.dequeueReusableCell(withReuseIdentifier: identifier, for: indexPath)
        configure(cell, indexPath)
        return cell
    }
}

extension Raster {
    /// The red, green and blue of the device pixel at (x, y).
    func rgb(_ x: Int, _ y: Int) -> (Int, Int, Int) {
        withPixels { px, row in
            let v = px[y * row + x]
            return (Int(v >> 16 & 0xFF), Int(v >> 8 & 0xFF), Int(v & 0xFF))
        }
    }
}
