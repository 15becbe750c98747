import UIKit

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
