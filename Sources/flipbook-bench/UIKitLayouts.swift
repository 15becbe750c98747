import Foundation
import Flipbook
import UIKit

/// 8. A scene driven by a UIKit layout object (UICollectionViewFlowLayout through the UIKit
/// module) against the same scene on Flipbook's own FlowLayout: same items, looks and touches,
/// so the difference is the cost of asking the object (and converting its attributes).
enum UIKitLayoutBenchmark {
    final class Source: NSObject, UICollectionViewDataSource {
        let count: Int
        init(count: Int) { self.count = count }
        func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int { count }
        func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell {
            let cell = collectionView.dequeueReusableCell(withReuseIdentifier: "c", for: indexPath)
            cell.backgroundColor = [UIColor.systemBlue, .systemOrange, .systemGreen][indexPath.item % 3]
            cell.layer.cornerRadius = 12
            return cell
        }
    }

    static func scenes(count: Int) -> (uikit: Scene, native: Scene, source: Source) {
        let layout = UICollectionViewFlowLayout()
        layout.itemSize = CGSize(width: 110, height: 110)
        layout.sectionInset = UIEdgeInsets(top: 10, left: 10, bottom: 10, right: 10)
        let cv = UICollectionView(frame: CGRect(x: 0, y: 0, width: 375, height: 667), collectionViewLayout: layout)
        cv.register(UICollectionViewCell.self, forCellWithReuseIdentifier: "c")
        let source = Source(count: count)
        cv.dataSource = source
        let flicks = (0..<4).map { TouchTrack.flick(at: 0.2 + Double($0), from: Point(x: 187, y: 500), velocity: Point(x: 0, y: -3000)) }
        let uikit = Scene(name: "uikit-flow", canvas: Canvas(width: 375, height: 667, scale: 2, background: .white), duration: 4,
                          collectionView: cv, touches: flicks)
        var native = uikit
        native.name = "native-flow"
        native.collectionView.layout = FlowLayout(itemSize: Size(width: 110, height: 110),
                                                  sectionInset: EdgeInsets(top: 10, left: 10, bottom: 10, right: 10))
        return (uikit, native, source)
    }

    static func run() throws {
        print("\nUIKit layout object vs Flipbook's FlowLayout: 2,000 items, 4 flicks, 240 frames @2x (median of 3)")
        let (uikit, native, source) = scenes(count: 2000)
        _ = source
        func median(_ work: () throws -> Void) rethrows -> Double {
            var times: [Double] = []
            for _ in 0..<3 {
                let t0 = now()
                try work()
                times.append(now() - t0)
            }
            return times.sorted()[1]
        }
        let simulate = try [native, uikit].map { scene in try median { _ = try Simulator.run(scene) } }
        let render = try [native, uikit].map { scene in
            try median {
                let timeline = try Simulator.run(scene)
                for frame in timeline.frames { _ = try Raster(drawing: frame, canvas: timeline.canvas).pngData() }
            }
        }
        print("  simulate: native \(fmt(simulate[0] * 1000, 0)) ms, UIKit \(fmt(simulate[1] * 1000, 0)) ms (\(fmt(simulate[1] / simulate[0], 2))x)")
        print("  simulate, draw and encode PNG: native \(fmt(render[0], 2)) s, UIKit \(fmt(render[1], 2)) s (\(fmt(render[1] / render[0], 2))x)")
        goal("UIKit-layout scene: \(fmt(render[1] / render[0], 2))x the native layout's time", "within 1.5x", holds: render[1] / render[0] <= 1.5)
    }
}
