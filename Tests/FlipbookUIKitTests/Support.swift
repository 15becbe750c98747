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

/// One cell of `cellClass` filling a collection view of `size` on a white canvas: its first
/// frame, simulated, and drawn at `scale`.
func renderOneCell(_ cellClass: UICollectionViewCell.Type, size: CGSize, scale: Int) throws -> (frame: TimelineFrame, raster: Raster) {
    let canvas = Canvas(width: Double(size.width), height: Double(size.height), scale: scale, background: .white)
    let layout = UICollectionViewFlowLayout()
    layout.itemSize = size
    let cv = UICollectionView(frame: CGRect(origin: .zero, size: size), collectionViewLayout: layout)
    cv.register(cellClass, forCellWithReuseIdentifier: "cell")
    let source = CellSource([1], identifier: "cell")
    cv.dataSource = source
    let frame = try Simulator.run(Scene(name: "cell", canvas: canvas, duration: 0.1, collectionView: cv), frames: 0...0).frames[0]
    return (frame, try Raster(drawing: frame, canvas: canvas))
}
