import Foundation
import Flipbook
import UIKit

/// 8. A scene driven by a UIKit layout object (UICollectionViewFlowLayout through the UIKit
/// module) against the same scene on Flipbook's own FlowLayout: same items, looks and touches,
/// so the difference is the cost of asking the object (and converting its attributes).
enum UIKitLayoutBenchmark {
    /// Blue, orange and green cells with rounded corners: the cell's own look, or (`onContentView`)
    /// its content view's, which a layout's `contentView.layer.transform` then moves.
    final class Source: NSObject, UICollectionViewDataSource {
        let count: Int
        let onContentView: Bool
        init(count: Int, onContentView: Bool = false) { self.count = count; self.onContentView = onContentView }
        func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int { count }
        func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell {
            let cell = collectionView.dequeueReusableCell(withReuseIdentifier: "c", for: indexPath)
            let view: UIView = onContentView ? cell.contentView : cell
            view.backgroundColor = [UIColor.systemBlue, .systemOrange, .systemGreen][indexPath.item % 3]
            view.layer.cornerRadius = onContentView ? 16 : 12
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
        try runViewChanges()
    }

    /// A flow layout whose `layoutAttributesForElements(in:)` changes the visible cells'
    /// views through `cellForItem(at:)`, as paging libraries do; `changes` off, it only lays out.
    final class TouchingLayout: UICollectionViewFlowLayout {
        enum Change { case none, perspective, colourAndScale }
        var change = Change.none
        override func shouldInvalidateLayout(forBoundsChange newBounds: CGRect) -> Bool { true }
        override func layoutAttributesForElements(in rect: CGRect) -> [UICollectionViewLayoutAttributes]? {
            let all = super.layoutAttributesForElements(in: rect)
            guard change != .none, let cv = collectionView else { return all }
            for a in all ?? [] {
                guard let cell = cv.cellForItem(at: a.indexPath) else { continue }
                switch change {
                case .perspective:
                    // The page turns about its vertical axis by its distance from the centre.
                    let d = (a.center.x - cv.contentOffset.x - cv.bounds.width / 2) / cv.bounds.width
                    var t = CATransform3DIdentity
                    t.m34 = -1 / 500
                    cell.contentView.layer.transform = CATransform3DRotate(t, d * .pi / 3, 0, 1, 0)
                case .colourAndScale:
                    // Darker and smaller away from the middle of the screen.
                    let d = min(1, abs(a.center.y - cv.contentOffset.y - cv.bounds.height / 2) / cv.bounds.height)
                    cell.contentView.backgroundColor = UIColor(red: 0, green: 0.48 * (1 - 0.5 * d), blue: 1 - 0.5 * d, alpha: 1)
                    cell.transform = CGAffineTransform(scaleX: 1 - 0.1 * d, y: 1 - 0.1 * d)
                case .none: break
                }
            }
            return all
        }
    }

    static func touchingScene(_ change: TouchingLayout.Change, paging: Bool) -> (Scene, Source) {
        let layout = TouchingLayout()
        layout.change = change
        let source: Source
        let cv: UICollectionView
        let touches: [TouchTrack]
        if paging {
            // Pages of 390 × 500, swiped one by one.
            layout.scrollDirection = .horizontal
            layout.itemSize = CGSize(width: 390, height: 500)
            layout.minimumLineSpacing = 0
            cv = UICollectionView(frame: CGRect(x: 0, y: 0, width: 390, height: 500), collectionViewLayout: layout)
            cv.isPagingEnabled = true
            source = Source(count: 8, onContentView: true)
            touches = (0..<3).map { TouchTrack.flick(at: 0.2 + Double($0) * 0.9, from: Point(x: 300, y: 250), velocity: Point(x: -1500, y: 0)) }
        } else {
            // Two columns of 60 pt rows: about 20 cells on screen.
            layout.itemSize = CGSize(width: 180, height: 60)
            layout.sectionInset = UIEdgeInsets(top: 10, left: 10, bottom: 10, right: 10)
            cv = UICollectionView(frame: CGRect(x: 0, y: 0, width: 390, height: 667), collectionViewLayout: layout)
            source = Source(count: 200, onContentView: true)
            touches = (0..<3).map { TouchTrack.flick(at: 0.2 + Double($0), from: Point(x: 195, y: 500), velocity: Point(x: 0, y: -2000)) }
        }
        cv.register(UICollectionViewCell.self, forCellWithReuseIdentifier: "c")
        cv.dataSource = source
        let size = cv.bounds.size
        let scene = Scene(name: "touching-\(change)", canvas: Canvas(width: Double(size.width), height: Double(size.height), scale: 2, background: .white),
                          duration: 3, collectionView: cv, touches: touches)
        return (scene, source)
    }

    /// Layout code that changes views every frame against the same layout that does not.
    static func runViewChanges() throws {
        print("\nLayout code changing the visible cells' views every frame (cellForItem(at:)), 180 frames @2x (median of 3)")
        func time(_ change: TouchingLayout.Change, paging: Bool, draw: Bool = true) throws -> Double {
            // The scene's code changes its objects: each run makes it again.
            try median {
                let (scene, source) = touchingScene(change, paging: paging)
                let timeline = try Simulator.run(scene)
                if draw { for frame in timeline.frames { _ = try Raster(drawing: frame, canvas: timeline.canvas).pngData() } }
                _ = source
            }
        }
        let flat = try time(.none, paging: true), turned = try time(.perspective, paging: true)
        print("  paging, 390 × 500 pages: untransformed \(fmt(flat, 2)) s, a perspective contentView.layer.transform on each \(fmt(turned, 2)) s (\(fmt(turned / flat, 2))x)")
        goal("perspective layer.transform on every page: \(fmt(turned / flat, 2))x the untransformed pages' time", "within 2x", holds: turned / flat <= 2)
        let still = try time(.none, paging: false), touched = try time(.colourAndScale, paging: false)
        let simulated = try [time(.none, paging: false, draw: false), time(.colourAndScale, paging: false, draw: false)]
        print("  20 cells on screen, simulated only: laid out only \(fmt(simulated[0] * 1000, 0)) ms, colour and scale set \(fmt(simulated[1] * 1000, 0)) ms")
        print("  20 cells on screen: laid out only \(fmt(still, 2)) s, colour and scale set on each every frame \(fmt(touched, 2)) s (\(fmt(touched / still, 2))x)")
        goal("layout touching every visible cell every frame: \(fmt(touched / still, 2))x the same screen's time", "within 1.5x", holds: touched / still <= 1.5)
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
