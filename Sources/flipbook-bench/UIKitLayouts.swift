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

    /// A cell of a list placed by Auto Layout: a symbol-sized image, a title, a detail line.
    final class RowCell: UICollectionViewCell {
        override init(frame: CGRect) {
            super.init(frame: frame)
            contentView.backgroundColor = .white
            let icon = UIView(), title = UILabel(), detail = UILabel()
            icon.backgroundColor = .systemBlue
            icon.layer.cornerRadius = 8
            title.font = .preferredFont(forTextStyle: .headline)
            title.text = "Flipbook row"
            detail.font = .preferredFont(forTextStyle: .subheadline)
            detail.textColor = .secondaryLabel
            detail.text = "Placed by constraints"
            for v in [icon, title, detail] {
                v.translatesAutoresizingMaskIntoConstraints = false
                contentView.addSubview(v)
            }
            let c = contentView
            NSLayoutConstraint.activate([
                icon.leadingAnchor.constraint(equalTo: c.layoutMarginsGuide.leadingAnchor), icon.centerYAnchor.constraint(equalTo: c.centerYAnchor),
                icon.widthAnchor.constraint(equalToConstant: 40), icon.heightAnchor.constraint(equalToConstant: 40),
                title.leadingAnchor.constraint(equalTo: icon.trailingAnchor, constant: 12), title.trailingAnchor.constraint(equalTo: c.layoutMarginsGuide.trailingAnchor),
                title.topAnchor.constraint(equalTo: c.topAnchor, constant: 10),
                detail.leadingAnchor.constraint(equalTo: title.leadingAnchor), detail.topAnchor.constraint(equalTo: title.bottomAnchor, constant: 2),
            ])
        }
        required init?(coder: NSCoder) { fatalError() }
    }

    final class RowSource: NSObject, UICollectionViewDataSource {
        func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int { 200 }
        func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell {
            collectionView.dequeueReusableCell(withReuseIdentifier: "row", for: indexPath)
        }
    }

    static func run() throws {
        try runFlow()
        try runAutoLayoutCells()
    }

    /// 200 rows of Auto Layout cells (about 20 on screen) against the same rows as Flipbook's
    /// own items (the content the UIKit scene captured, on FlowLayout).
    static func runAutoLayoutCells() throws {
        print("\nAuto Layout cells vs the same rows as native items: 200 rows (20 on screen), 4 flicks, 240 frames @2x (median of 3)")
        let layout = UICollectionViewFlowLayout()
        layout.itemSize = CGSize(width: 375, height: 64)
        layout.minimumLineSpacing = 1
        let cv = UICollectionView(frame: CGRect(x: 0, y: 0, width: 375, height: 667), collectionViewLayout: layout)
        cv.register(RowCell.self, forCellWithReuseIdentifier: "row")
        let source = RowSource()
        cv.dataSource = source
        let flicks = (0..<4).map { TouchTrack.flick(at: 0.2 + Double($0), from: Point(x: 187, y: 500), velocity: Point(x: 0, y: -3000)) }
        let t0 = now()
        let uikit = Scene(name: "uikit-rows", canvas: Canvas(width: 375, height: 667, scale: 2, background: .white), duration: 4,
                          collectionView: cv, touches: flicks)
        let made = now() - t0
        var native = uikit
        native.name = "native-rows"
        native.collectionView.layout = FlowLayout(itemSize: Size(width: 375, height: 64), minimumLineSpacing: 1)
        let times = try [native, uikit].map(renderTime)
        print("  making the scene (200 cells laid out by constraints): \(fmt(made * 1000, 0)) ms")
        print("  simulate, draw and encode PNG: native \(fmt(times[0], 2)) s, Auto Layout cells \(fmt(times[1], 2)) s (\(fmt(times[1] / times[0], 2))x)")
        goal("Auto Layout cells: \(fmt((times[1] + made) / times[0], 2))x the native items' time, making the scene included", "within 2x",
             holds: (times[1] + made) / times[0] <= 2)
    }

    /// Simulating `scene` and drawing and encoding every frame to PNG, median of 3.
    static func renderTime(_ scene: Scene) throws -> Double {
        try median {
            let timeline = try Simulator.run(scene)
            for frame in timeline.frames { _ = try Raster(drawing: frame, canvas: timeline.canvas).pngData() }
        }
    }

    static func median(_ work: () throws -> Void) rethrows -> Double {
        var times: [Double] = []
        for _ in 0..<3 {
            let t0 = now()
            try work()
            times.append(now() - t0)
        }
        return times.sorted()[1]
    }

    static func runFlow() throws {
        print("\nUIKit layout object vs Flipbook's FlowLayout: 2,000 items, 4 flicks, 240 frames @2x (median of 3)")
        let (uikit, native, source) = scenes(count: 2000)
        _ = source
        let simulate = try [native, uikit].map { scene in try median { _ = try Simulator.run(scene) } }
        let render = try [native, uikit].map(renderTime)
        print("  simulate: native \(fmt(simulate[0] * 1000, 0)) ms, UIKit \(fmt(simulate[1] * 1000, 0)) ms (\(fmt(simulate[1] / simulate[0], 2))x)")
        print("  simulate, draw and encode PNG: native \(fmt(render[0], 2)) s, UIKit \(fmt(render[1], 2)) s (\(fmt(render[1] / render[0], 2))x)")
        goal("UIKit-layout scene: \(fmt(render[1] / render[0], 2))x the native layout's time", "within 1.5x", holds: render[1] / render[0] <= 1.5)
    }
}
