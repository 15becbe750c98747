import XCTest
@testable import UIKit
import Flipbook

/// A cell's view tree (part 2's first slice: subviews laid out in layoutSubviews, labels, image
/// views, backgrounds with corner radii) drawn as Flipbook draws the same elements written in a
/// scene: byte-identical frames, because both lower to the same draw primitives.
final class CellContentTests: XCTestCase {
    static let avatar = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("examples/images/avatar.png").path

    final class ProfileCell: UICollectionViewCell {
        let nameLabel = UILabel()
        let detailLabel = UILabel()
        let badge = UIView()
        let avatarView = UIImageView()

        override init(frame: CGRect) {
            super.init(frame: frame)
            contentView.backgroundColor = .white
            layer.cornerRadius = 12
            nameLabel.font = .systemFont(ofSize: 17, weight: .semibold)
            nameLabel.text = "Ada Lovelace 你好"
            detailLabel.font = .preferredFont(forTextStyle: .footnote)
            detailLabel.textColor = .secondaryLabel
            detailLabel.text = "Analytical Engine"
            badge.backgroundColor = .systemRed
            badge.layer.cornerRadius = 6
            avatarView.image = UIImage(contentsOfFile: CellContentTests.avatar)
            avatarView.contentMode = .scaleAspectFill
            avatarView.layer.cornerRadius = 20
            for v in [avatarView, nameLabel, detailLabel, badge] { contentView.addSubview(v) }
        }

        required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }

        override func layoutSubviews() {
            super.layoutSubviews()
            avatarView.frame = CGRect(x: 16, y: 20, width: 40, height: 40)
            nameLabel.frame = CGRect(x: 68, y: 18, width: bounds.width - 68 - 40, height: 22)
            detailLabel.frame = CGRect(x: 68, y: 42, width: bounds.width - 68 - 40, height: 18)
            badge.frame = CGRect(x: bounds.width - 28, y: 34, width: 12, height: 12)
        }
    }

    /// The same cell placed by Auto Layout instead of layoutSubviews().
    final class ConstrainedProfileCell: UICollectionViewCell {
        let cell = ProfileCell(frame: .zero)  // its subviews, reused: same look
        override init(frame: CGRect) {
            super.init(frame: frame)
            contentView.backgroundColor = .white
            layer.cornerRadius = 12
            let (avatar, name, detail, badge) = (cell.avatarView, cell.nameLabel, cell.detailLabel, cell.badge)
            for v in [avatar, name, detail, badge] {
                v.translatesAutoresizingMaskIntoConstraints = false
                contentView.addSubview(v)
            }
            let c = contentView
            NSLayoutConstraint.activate([
                avatar.leadingAnchor.constraint(equalTo: c.leadingAnchor, constant: 16), avatar.centerYAnchor.constraint(equalTo: c.centerYAnchor),
                avatar.widthAnchor.constraint(equalToConstant: 40), avatar.heightAnchor.constraint(equalTo: avatar.widthAnchor),
                name.leadingAnchor.constraint(equalTo: avatar.trailingAnchor, constant: 12), name.trailingAnchor.constraint(equalTo: c.trailingAnchor, constant: -40),
                name.topAnchor.constraint(equalTo: c.topAnchor, constant: 18), name.heightAnchor.constraint(equalToConstant: 22),
                detail.leadingAnchor.constraint(equalTo: name.leadingAnchor), detail.trailingAnchor.constraint(equalTo: name.trailingAnchor),
                detail.topAnchor.constraint(equalTo: name.bottomAnchor, constant: 2), detail.heightAnchor.constraint(equalToConstant: 18),
                badge.widthAnchor.constraint(equalToConstant: 12), badge.heightAnchor.constraint(equalToConstant: 12),
                badge.trailingAnchor.constraint(equalTo: c.trailingAnchor, constant: -16), badge.centerYAnchor.constraint(equalTo: c.centerYAnchor),
            ])
        }
        required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }
    }

    final class Source: NSObject, UICollectionViewDataSource {
        var identifier = "profile"
        func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int { 1 }
        func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell {
            collectionView.dequeueReusableCell(withReuseIdentifier: identifier, for: indexPath)
        }
    }

    func testViewTreeDrawsAsTheSameSceneElements() throws {
        let canvas = Canvas(width: 340, height: 120, scale: 2, background: Color(hex: "#F2F2F7")!)
        let layout = UICollectionViewFlowLayout()
        layout.itemSize = CGSize(width: 300, height: 80)
        let cv = UICollectionView(frame: CGRect(x: 0, y: 0, width: 340, height: 120), collectionViewLayout: layout)
        cv.backgroundColor = UIColor(red: 242 / 255.0, green: 242 / 255.0, blue: 247 / 255.0, alpha: 1)
        cv.register(ProfileCell.self, forCellWithReuseIdentifier: "profile")
        let source = Source()
        cv.dataSource = source
        let uikit = Scene(name: "profile", canvas: canvas, duration: 0.1, collectionView: cv)

        // The same cell written as a scene's item: UILabel's defaults and the HIG's footnote size.
        var style = CellStyle()
        style.cornerRadius = 12
        style.shadow = nil
        style.border = nil
        style.borderWidth = 0
        style.clipsToBounds = false
        var item = ItemSpec(id: "0-0", title: "", color: .white, style: style)
        item.content = [
            ContentSpec(kind: .image(try ImageStore.read(Self.avatar), contentMode: .scaleAspectFill, cornerRadius: 20), x: 16, y: 20, width: 40, height: 40),
            ContentSpec(kind: .text(TextElement(text: "Ada Lovelace 你好", frame: .zero, fontSize: 17, weight: .semibold)), x: 68, y: 18, width: 192, height: 22),
            ContentSpec(kind: .text(TextElement(text: "Analytical Engine", frame: .zero, fontSize: 13, color: Color(hex: "#3C3C4399")!)), x: 68, y: 42, width: 192, height: 18),
            ContentSpec(kind: .rect(Color(hex: "#FF3B30")!, cornerRadius: 6), x: 272, y: 34, width: 12, height: 12),
        ]
        var spec = CollectionViewSpec(frame: Rect(x: 0, y: 0, width: 340, height: 120), layout: FlowLayout(itemSize: Size(width: 300, height: 80)),
                                      sections: [SectionSpec(id: "section0", items: [item])])
        spec.backgroundColor = Color(hex: "#F2F2F7")!
        let native = Scene(name: "profile", canvas: canvas, fps: 60, duration: 0.1, collectionView: spec)

        let a = try Simulator.run(uikit, frames: 0...0), b = try Simulator.run(native, frames: 0...0)
        let pa = try Raster(drawing: a.frames[0], canvas: canvas).pngData(), pb = try Raster(drawing: b.frames[0], canvas: canvas).pngData()
        XCTAssertEqual(pa, pb, "the view tree and the scene's elements draw the same pixels")
        if let keep = ProcessInfo.processInfo.environment["KEEP_UIKIT_RENDER"] { FileManager.default.createFile(atPath: keep + "/profile.png", contents: Data(pa)) }
        // And they are the cell's: the badge's centre is red — the lone item is centred in the
        // 340 pt line, x = (340 − 300) / 2 = 20, at the top (no insets), so the centre is at
        // (20 + 272 + 6, 34 + 6) pt, pixels doubled at scale 2.
        let image = try ImageStore.decodeForTests(pa)
        let i = 40 * 2 * image.stride + 298 * 2 * 4
        XCTAssertEqual([image.pixels[i + 2], image.pixels[i + 1], image.pixels[i]], [0xFF, 0x3B, 0x30])

        // Placed by Auto Layout to the same frames, the cell draws the same bytes again.
        cv.register(ConstrainedProfileCell.self, forCellWithReuseIdentifier: "constrained")
        source.identifier = "constrained"
        let constrained = Scene(name: "profile", canvas: canvas, duration: 0.1, collectionView: cv)
        let c = try Simulator.run(constrained, frames: 0...0)
        XCTAssertEqual(try Raster(drawing: c.frames[0], canvas: canvas).pngData(), pa, "Auto Layout gives the frames layoutSubviews() set")
    }

    /// A subview's shadow of its content's outline (no background colour to cast it) is not
    /// drawn yet: the scene stops with the view's path.
    func testShadowWithoutBackgroundIsRefusedWithALine() throws {
        final class Shadowed: UICollectionViewCell {
            override init(frame: CGRect) {
                super.init(frame: frame)
                let v = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
                v.layer.shadowOpacity = 0.5
                contentView.addSubview(v)
            }
            required init?(coder: NSCoder) { fatalError() }
        }
        let cv = UICollectionView(frame: CGRect(x: 0, y: 0, width: 200, height: 200), collectionViewLayout: UICollectionViewFlowLayout())
        cv.register(Shadowed.self, forCellWithReuseIdentifier: "b")
        let source = CellSource([1], identifier: "b")
        cv.dataSource = source
        let scene = Scene(name: "b", canvas: Canvas(width: 200, height: 200, scale: 1, background: .white), duration: 0.1, collectionView: cv)
        XCTAssertThrowsError(try Simulator.run(scene)) { error in
            XCTAssertTrue("\(error)".contains("cell 0-0: contentView › UIView[0]: a UIView's layer shadow without a background colour (a shadow of its content's outline) is not drawn yet"), "\(error)")
        }
    }
}

extension ImageStore {
    /// PNG bytes decoded (the package's decoder, which the tests may use).
    static func decodeForTests(_ png: [UInt8]) throws -> ImageData { try decode(png, source: "frame.png") }
}

/// apply(_:) every frame: a cell that reads its layout's own attributes subclass moves a subview
/// as the attributes change while the view scrolls.
final class ApplyEveryFrameTests: XCTestCase {
    final class SlideAttributes: UICollectionViewLayoutAttributes {
        var progress: CGFloat = 0
        override func copy(with zone: NSZone? = nil) -> Any {
            let copy = super.copy(with: zone) as! SlideAttributes
            copy.progress = progress
            return copy
        }
        override func isEqual(_ object: Any?) -> Bool {
            guard let other = object as? SlideAttributes else { return false }
            return other.progress == progress && super.isEqual(object)
        }
    }

    /// progress: where the cell's centre is down the visible height, from 0 to 1.
    final class SlideLayout: UICollectionViewFlowLayout {
        override class var layoutAttributesClass: AnyClass { SlideAttributes.self }
        override init() {
            super.init()
            itemSize = CGSize(width: 300, height: 100)
        }
        required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }
        override func shouldInvalidateLayout(forBoundsChange newBounds: CGRect) -> Bool { true }
        override func layoutAttributesForElements(in rect: CGRect) -> [UICollectionViewLayoutAttributes]? {
            guard let cv = collectionView else { return nil }
            return super.layoutAttributesForElements(in: rect)?.map { original in
                let a = original.copy() as! SlideAttributes
                a.progress = min(1, max(0, (a.center.y - cv.contentOffset.y) / cv.bounds.height))
                return a
            }
        }
    }

    final class SlideCell: UICollectionViewCell {
        let bar = UIView()
        override init(frame: CGRect) {
            super.init(frame: frame)
            backgroundColor = .white
            bar.backgroundColor = .systemRed
            contentView.addSubview(bar)
        }
        required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }
        override func apply(_ layoutAttributes: UICollectionViewLayoutAttributes) {
            super.apply(layoutAttributes)
            let progress = (layoutAttributes as? SlideAttributes)?.progress ?? 0
            bar.frame = CGRect(x: 200 * progress, y: 40, width: 20, height: 20)
        }
    }

    final class Source: NSObject, UICollectionViewDataSource {
        func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int { 20 }
        func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell {
            collectionView.dequeueReusableCell(withReuseIdentifier: "slide", for: indexPath)
        }
    }

    func testSubviewFollowsTheAttributesEveryFrame() throws {
        let cv = UICollectionView(frame: CGRect(x: 0, y: 0, width: 300, height: 600), collectionViewLayout: SlideLayout())
        cv.register(SlideCell.self, forCellWithReuseIdentifier: "slide")
        let source = Source()
        cv.dataSource = source
        let scroll = ScriptStep(time: 0.1, action: .scrollTo(x: nil, y: 500, timing: .curve(.easeInEaseOut, duration: 1)))
        let scene = Scene(name: "slide", canvas: Canvas(width: 300, height: 600, scale: 1, background: .white), duration: 1.3,
                          collectionView: cv, script: [.step(scroll)])
        let timeline = try Simulator.run(scene)
        var checked = 0
        for f in timeline.frames {
            for it in f.items where it.kind == .cell && it.frame.maxY > 0 && it.frame.minY < 600 {
                // The view sits at the canvas origin: the item's centre on the canvas is its
                // centre less the offset, which is what progress measures.
                let progress = min(1, max(0, it.frame.midY / 600))
                let bars = it.appearance.content.compactMap { e -> Rect? in if case .rect(let r) = e { return r.frame } else { return nil } }
                XCTAssertEqual(bars.count, 1, "frame \(f.index) \(it.id)")
                XCTAssertEqual(bars.first?.minX ?? -1, 200 * progress, accuracy: 1e-6, "frame \(f.index) \(it.id)")
                checked += 1
            }
        }
        XCTAssertGreaterThan(checked, 400, "78 frames of six or seven visible cells")
        XCTAssertGreaterThan(Set(timeline.frames.map(\.contentOffset.y)).count, 30, "the view scrolled")
    }
}

/// Headers from the data source's viewForSupplementaryElementOfKind, drawn from their views.
final class SupplementaryViewTests: XCTestCase {
    final class Header: UICollectionReusableView {
        let title = UILabel()
        override init(frame: CGRect) {
            super.init(frame: frame)
            backgroundColor = .systemGray6
            title.font = .preferredFont(forTextStyle: .title2)
            title.translatesAutoresizingMaskIntoConstraints = false
            addSubview(title)
            NSLayoutConstraint.activate([
                title.leadingAnchor.constraint(equalTo: leadingAnchor, constant: 16),
                title.centerYAnchor.constraint(equalTo: centerYAnchor),
            ])
        }
        required init?(coder: NSCoder) { fatalError() }
    }

    final class Source: NSObject, UICollectionViewDataSource {
        func numberOfSections(in collectionView: UICollectionView) -> Int { 2 }
        func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int { 2 }
        func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell {
            let cell = collectionView.dequeueReusableCell(withReuseIdentifier: "c", for: indexPath)
            cell.backgroundColor = .systemBlue
            return cell
        }
        func collectionView(_ collectionView: UICollectionView, viewForSupplementaryElementOfKind kind: String, at indexPath: IndexPath) -> UICollectionReusableView {
            let header = collectionView.dequeueReusableSupplementaryView(ofKind: kind, withReuseIdentifier: "h", for: indexPath) as! Header
            header.title.text = ["Today", "Apps"][indexPath.section]
            return header
        }
    }

    func testHeadersDrawTheirViews() throws {
        let layout = UICollectionViewFlowLayout()
        layout.itemSize = CGSize(width: 100, height: 100)
        layout.headerReferenceSize = CGSize(width: 0, height: 44)
        let cv = UICollectionView(frame: CGRect(x: 0, y: 0, width: 390, height: 600), collectionViewLayout: layout)
        cv.register(UICollectionViewCell.self, forCellWithReuseIdentifier: "c")
        cv.register(Header.self, forSupplementaryViewOfKind: UICollectionView.elementKindSectionHeader, withReuseIdentifier: "h")
        let source = Source()
        cv.dataSource = source
        let f = try Simulator.run(Scene(name: "headers", canvas: Canvas(width: 390, height: 600, scale: 1, background: .white),
                                        duration: 0.1, collectionView: cv), frames: 0...0).frames[0]
        let headers = f.items.filter { $0.kind == .sectionHeader }.sorted { $0.frame.minY < $1.frame.minY }
        XCTAssertEqual(headers.count, 2)
        // Section 0: header at 0, one line of two 100 pt items; section 1's header below it at 144.
        XCTAssertEqual(headers.map(\.frame.minY), [0, 144])
        for (h, text) in zip(headers, ["Today", "Apps"]) {
            guard case .rect(let background)? = h.appearance.content.first else { return XCTFail("the header's background first") }
            XCTAssertEqual(background.frame, Rect(x: 0, y: 0, width: 390, height: 44))
            XCTAssertEqual(background.color, Color(hex: "#F2F2F7"))
            let label = h.appearance.content.compactMap { e -> TextElement? in if case .text(let t) = e { return t } else { return nil } }.first
            XCTAssertEqual(label?.text, text)
            XCTAssertEqual(label?.fontSize, 22, "title2 at the default Dynamic Type size")
            XCTAssertEqual(label?.frame.minX, 16)
            XCTAssertEqual(label.map { $0.frame.midY } ?? 0, 22, accuracy: 1e-9, "centred in the 44 pt header")
        }
    }
}

/// A diffable data source with cell registrations, as iOS 14 apps write them; items are named by
/// their identifiers, and the script deletes one by its identifier.
final class DiffableDataSourceTests: XCTestCase {
    enum Section { case inbox }
    struct Message: Hashable, CustomStringConvertible {
        var id: Int
        var subject: String
        var description: String { "message-\(id)" }
    }

    func testSnapshotItemsAndRegistrations() throws {
        let layout = UICollectionViewFlowLayout()
        layout.itemSize = CGSize(width: 390, height: 60)
        layout.minimumLineSpacing = 0
        let cv = UICollectionView(frame: CGRect(x: 0, y: 0, width: 390, height: 600), collectionViewLayout: layout)
        let registration = UICollectionView.CellRegistration<UICollectionViewCell, Message> { cell, _, message in
            cell.backgroundColor = .white
            let label = UILabel(frame: CGRect(x: 16, y: 0, width: 358, height: 60))
            label.text = message.subject
            cell.contentView.addSubview(label)
        }
        let dataSource = UICollectionViewDiffableDataSource<Section, Message>(collectionView: cv) { cv, indexPath, message in
            cv.dequeueConfiguredReusableCell(using: registration, for: indexPath, item: message)
        }
        var snapshot = NSDiffableDataSourceSnapshot<Section, Message>()
        snapshot.appendSections([.inbox])
        snapshot.appendItems((1...5).map { Message(id: $0, subject: "Subject \($0)") })
        dataSource.apply(snapshot, animatingDifferences: false)
        XCTAssertEqual(dataSource.indexPath(for: Message(id: 3, subject: "Subject 3")), IndexPath(item: 2, section: 0))

        let delete = ScriptStep(time: 0.1, action: .performBatchUpdates([.delete(id: "message-2")], timing: .curve(.easeInEaseOut, duration: 0.25), completion: []))
        let scene = Scene(name: "inbox", canvas: Canvas(width: 390, height: 600, scale: 1, background: .white), duration: 0.6,
                          collectionView: cv, script: [.step(delete)])
        XCTAssertEqual(scene.collectionView.sections[0].items.map(\.id), (1...5).map { "message-\($0)" })
        let timeline = try Simulator.run(scene)
        let first = timeline.frames[0], last = try XCTUnwrap(timeline.frames.last)
        let label = { (item: DrawItem?) -> String? in
            item?.appearance.content.compactMap { e -> String? in if case .text(let t) = e { return t.text } else { return nil } }.first
        }
        XCTAssertEqual(label(first.items.first { $0.id == "message-3" }), "Subject 3")
        XCTAssertEqual(first.items.first { $0.id == "message-3" }?.frame.minY, 120)
        // After the delete, message 3 has moved up into message 2's row and message 2 is gone.
        XCTAssertEqual(last.items.first { $0.id == "message-3" }?.frame.minY, 60)
        XCTAssertEqual(label(last.items.first { $0.id == "message-3" }), "Subject 3", "a cell follows its item, not its slot")
        XCTAssertNil(last.items.first { $0.id == "message-2" && $0.isDrawn })
    }
}

/// A list built as iOS 14 apps build it — `.list(using:)`, list cells with a
/// UIListContentConfiguration and accessories — draws the bytes Flipbook's own list draws for
/// the same rows.
final class ListContentConfigurationTests: XCTestCase {
    final class Source: NSObject, UICollectionViewDataSource {
        let rows = [("Wi-Fi", "Home"), ("Bluetooth", "On"), ("Cellular", "")]
        func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int { rows.count }
        func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell {
            let cell = collectionView.dequeueReusableCell(withReuseIdentifier: "row", for: indexPath) as! UICollectionViewListCell
            var content = cell.defaultContentConfiguration()
            content.text = rows[indexPath.item].0
            content.secondaryText = rows[indexPath.item].1.isEmpty ? nil : rows[indexPath.item].1
            cell.contentConfiguration = content
            cell.accessories = [.disclosureIndicator()]
            return cell
        }
    }

    func testListCellsDrawAsFlipbookListRows() throws {
        let canvas = Canvas(width: 390, height: 300, scale: 2, background: Color(hex: "#F2F2F7")!)
        let cv = UICollectionView(frame: CGRect(x: 0, y: 0, width: 390, height: 300),
                                  collectionViewLayout: UICollectionViewCompositionalLayout.list(using: UICollectionLayoutListConfiguration(appearance: .insetGrouped)))
        cv.backgroundColor = .systemGroupedBackground
        cv.register(UICollectionViewListCell.self, forCellWithReuseIdentifier: "row")
        let source = Source()
        cv.dataSource = source
        let uikit = Scene(name: "list", canvas: canvas, duration: 0.1, collectionView: cv)
        XCTAssertEqual(uikit.collectionView.sections[0].items.map(\.title), ["Wi-Fi", "Bluetooth", "Cellular"])
        XCTAssertEqual(uikit.collectionView.sections[0].items.map(\.subtitle), ["Home", "On", ""])

        var native = uikit
        native.collectionView.layout = ListLayout(appearance: .insetGrouped)
        let a = try Simulator.run(uikit, frames: 0...0), b = try Simulator.run(native, frames: 0...0)
        for (x, y) in zip(a.frames[0].items, b.frames[0].items) where x != y {
            XCTFail("\(x.id): \(x.frame) \(x.appearance.content.count) against \(y.id): \(y.frame) \(y.appearance.content.count); \(x.appearance.content) | \(y.appearance.content)")
        }
        let png = try Raster(drawing: a.frames[0], canvas: canvas).pngData()
        XCTAssertTrue(png == (try Raster(drawing: b.frames[0], canvas: canvas).pngData()), "the same pixels")
        if let keep = ProcessInfo.processInfo.environment["KEEP_UIKIT_RENDER"] { FileManager.default.createFile(atPath: keep + "/list.png", contents: Data(png)) }
        let row = try XCTUnwrap(a.frames[0].items.first { $0.id == "0-0" })
        let texts = row.appearance.content.compactMap { e -> String? in if case .text(let t) = e { return t.text } else { return nil } }
        XCTAssertEqual(texts, ["Wi-Fi", "Home"])
        XCTAssertTrue(row.appearance.content.contains { if case .symbol(let s) = $0 { return s.kind == .disclosureIndicator } else { return false } })
    }

    /// textProperties and secondaryTextProperties: what the app sets is drawn — the title bold
    /// 20 pt in systemRed, one line, the secondary text centred in systemBlue — and the row grows
    /// to the taller title; what it leaves is the list's own (the secondary text's size).
    func testTextPropertiesSetTheRowsText() throws {
        final class Styled: NSObject, UICollectionViewDataSource {
            func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int { 2 }
            func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell {
                let cell = collectionView.dequeueReusableCell(withReuseIdentifier: "row", for: indexPath) as! UICollectionViewListCell
                var content = UIListContentConfiguration.subtitleCell()
                content.text = "Wi-Fi and more words than one line holds at twenty points, set on one line"
                content.secondaryText = "Home"
                if indexPath.item == 0 {
                    content.textProperties.font = .boldSystemFont(ofSize: 20)
                    content.textProperties.color = .systemRed
                    content.textProperties.numberOfLines = 1
                    content.secondaryTextProperties.color = .systemBlue
                    content.secondaryTextProperties.alignment = .center
                }
                cell.contentConfiguration = content
                return cell
            }
        }
        let cv = UICollectionView(frame: CGRect(x: 0, y: 0, width: 390, height: 400),
                                  collectionViewLayout: UICollectionViewCompositionalLayout.list(using: UICollectionLayoutListConfiguration(appearance: .insetGrouped)))
        cv.register(UICollectionViewListCell.self, forCellWithReuseIdentifier: "row")
        let source = Styled()
        cv.dataSource = source
        let t = try Simulator.run(Scene(name: "styled", canvas: Canvas(width: 390, height: 400, scale: 1), duration: 0.1, collectionView: cv), frames: 0...0)
        func texts(_ id: String) throws -> [TextElement] {
            try XCTUnwrap(t.frames[0].items.first { $0.id == id }).appearance.content.compactMap { e -> TextElement? in if case .text(let x) = e { return x } else { return nil } }
        }
        let styled = try texts("0-0"), plain = try texts("0-1")
        XCTAssertEqual(styled[0].fontSize, 20)
        XCTAssertEqual(styled[0].weight, .bold)
        XCTAssertEqual(styled[0].color, Color(red: 1, green: 59 / 255, blue: 48 / 255))
        XCTAssertEqual(styled[0].numberOfLines, 1)
        XCTAssertEqual(styled[1].color, Color(red: 0, green: 122 / 255, blue: 1))
        XCTAssertEqual(styled[1].alignment, .center)
        XCTAssertEqual(styled[1].fontSize, plain[1].fontSize, "the secondary size is the list's own")
        XCTAssertEqual(plain[0].fontSize, 17)
        XCTAssertEqual(plain[0].numberOfLines, 0)
        XCTAssertGreaterThan(plain[0].frame.height, styled[0].frame.height, "the plain title wraps; the styled one keeps one line")
    }

    /// valueCell(): "side-by-side primary and secondary text" (Apple's page): the title where a
    /// cell()'s is, the value ending where the row's content ends (the same inset from the
    /// trailing edge as the title's from the leading, with no accessory), both centred on the row,
    /// the value in the colour a subtitleCell's secondary text has, the row as tall as one line.
    func testValueCellsSetTheirTextsSideBySide() throws {
        final class Rows: NSObject, UICollectionViewDataSource {
            func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int { 3 }
            func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell {
                let cell = collectionView.dequeueReusableCell(withReuseIdentifier: "row", for: indexPath) as! UICollectionViewListCell
                var content = [UIListContentConfiguration.valueCell(), .cell(), .subtitleCell()][indexPath.item]
                content.text = "Wi-Fi"
                content.secondaryText = indexPath.item == 1 ? nil : "Home"
                cell.contentConfiguration = content
                return cell
            }
        }
        let canvas = Canvas(width: 390, height: 300, scale: 2, background: Color(hex: "#F2F2F7")!)
        let cv = UICollectionView(frame: CGRect(x: 0, y: 0, width: 390, height: 300),
                                  collectionViewLayout: UICollectionViewCompositionalLayout.list(using: UICollectionLayoutListConfiguration(appearance: .insetGrouped)))
        cv.register(UICollectionViewListCell.self, forCellWithReuseIdentifier: "row")
        let source = Rows()
        cv.dataSource = source
        let f = try Simulator.run(Scene(name: "value", canvas: canvas, duration: 0.1, collectionView: cv), frames: 0...0).frames[0]
        func texts(_ id: String) throws -> (DrawItem, [TextElement]) {
            let row = try XCTUnwrap(f.items.first { $0.id == id })
            return (row, row.appearance.content.compactMap { if case .text(let t) = $0 { return t }; return nil })
        }
        let (valueRow, value) = try texts("0-0"), (plainRow, plain) = try texts("0-1"), (_, subtitle) = try texts("0-2")
        XCTAssertEqual(value.map(\.text), ["Wi-Fi", "Home"])
        XCTAssertEqual(value[0].frame.minX, plain[0].frame.minX, "the title where a cell()'s is")
        XCTAssertEqual(value[1].frame.maxX, valueRow.frame.width - plain[0].frame.minX, accuracy: 1e-9, "the value ends at the content's trailing inset")
        XCTAssertEqual(value[1].alignment, .right)
        XCTAssertEqual(value[0].frame.midY, valueRow.frame.height / 2, accuracy: 0.5)
        XCTAssertEqual(value[1].frame.midY, valueRow.frame.height / 2, accuracy: 0.5)
        XCTAssertEqual(value[1].color, subtitle[1].color, "the secondary colour")
        XCTAssertEqual(value[1].fontSize, value[0].fontSize, "at the title's size")
        XCTAssertEqual(valueRow.frame.height, plainRow.frame.height, "one line tall")
        XCTAssertGreaterThan(value[1].frame.minX, value[0].frame.minX + 100, "beside the title, not under it")
        if let keep = ProcessInfo.processInfo.environment["KEEP_UIKIT_RENDER"] {
            FileManager.default.createFile(atPath: keep + "/value-cell.png", contents: Data(try Raster(drawing: f, canvas: canvas).pngData()))
        }
    }

    /// Headers made as UIKit's lists make them — a registration of list cells whose content is
    /// groupedHeader() — are the list's own headers: the same pixels as Flipbook's list with the
    /// same section titles (the header was a blank before: a content configuration draws no view).
    func testGroupedHeaderConfigurationsAreTheListsHeaders() throws {
        try headersAreTheListsHeaders(.insetGrouped, .groupedHeader(), native: .insetGrouped, fontSize: 13)
    }

    /// headerMode firstItemInSection: the first cell of each section, configured with the list's
    /// header style, is the section's header row — the same pixels as Flipbook's list in that mode.
    func testFirstItemInSectionHeaderCells() throws {
        let canvas = Canvas(width: 390, height: 300, scale: 1, background: Color(hex: "#F2F2F7")!)
        var configuration = UICollectionLayoutListConfiguration(appearance: .insetGrouped)
        configuration.headerMode = .firstItemInSection
        let cv = UICollectionView(frame: CGRect(x: 0, y: 0, width: 390, height: 300),
                                  collectionViewLayout: UICollectionViewCompositionalLayout.list(using: configuration))
        cv.register(UICollectionViewListCell.self, forCellWithReuseIdentifier: "row")
        let dataSource = UICollectionViewDiffableDataSource<Int, String>(collectionView: cv) { cv, indexPath, title in
            let cell = cv.dequeueReusableCell(withReuseIdentifier: "row", for: indexPath) as! UICollectionViewListCell
            var content = title == "Network" ? UIListContentConfiguration.groupedHeader() : cell.defaultContentConfiguration()
            content.text = title
            cell.contentConfiguration = content
            return cell
        }
        var snapshot = NSDiffableDataSourceSnapshot<Int, String>()
        snapshot.appendSections([0])
        snapshot.appendItems(["Network", "Wi-Fi", "Bluetooth"], toSection: 0)
        dataSource.apply(snapshot, animatingDifferences: false)
        let uikit = Scene(name: "first", canvas: canvas, duration: 0.1, collectionView: cv)
        var native = uikit
        native.collectionView.layout = { var l = ListLayout(appearance: .insetGrouped); l.headerMode = .firstItemInSection; return l }()
        let a = try Simulator.run(uikit, frames: 0...0), b = try Simulator.run(native, frames: 0...0)
        XCTAssertTrue(try Raster(drawing: a.frames[0], canvas: canvas).pngData() == Raster(drawing: b.frames[0], canvas: canvas).pngData(), "the same pixels")
        // A header style in any other cell is still one line.
        snapshot.moveItem("Network", afterItem: "Bluetooth")
        dataSource.apply(snapshot, animatingDifferences: false)
        XCTAssertThrowsError(try Simulator.run(Scene(name: "first", canvas: canvas, duration: 0.1, collectionView: cv), frames: 0...0)) { error in
            XCTAssertTrue("\(error)".contains("UIListContentConfiguration.groupedHeader() in a cell is not drawn yet"), "\(error)")
        }
    }

    /// A plain list's header() (and plainHeader()) is a plain list's own header likewise.
    func testPlainHeaderConfigurationsAreThePlainListsHeaders() throws {
        try headersAreTheListsHeaders(.plain, .header(), native: .plain, fontSize: nil)
        try headersAreTheListsHeaders(.plain, .plainHeader(), native: .plain, fontSize: nil)
        // A grouped list's header style in a plain list is not that list's header: one line.
        XCTAssertThrowsError(try headersAreTheListsHeaders(.plain, .groupedHeader(), native: .plain, fontSize: nil)) { error in
            XCTAssertTrue("\(error)".contains("section 0: UIListContentConfiguration.groupedHeader() as a plain list's header is not drawn yet"), "\(error)")
        }
    }

    /// A header registration that asks the list cell for its default configuration gets the
    /// list's header style, "according to the section where the cell appears" (Apple's
    /// defaultContentConfiguration page): header() in a plain list, groupedHeader() otherwise.
    func testADefaultConfigurationInAListsHeaderIsTheHeaderStyle() throws {
        try headersAreTheListsHeaders(.plain, .cell(), native: .plain, fontSize: nil, fromDefault: true)
        try headersAreTheListsHeaders(.insetGrouped, .cell(), native: .insetGrouped, fontSize: nil, fromDefault: true)
        XCTAssertEqual(UICollectionViewListCell().defaultContentConfiguration().style, .cell, "a cell not in a list's header")
    }

    func headersAreTheListsHeaders(_ appearance: UICollectionLayoutListConfiguration.Appearance, _ style: UIListContentConfiguration,
                                   native nativeAppearance: ListLayout.Appearance, fontSize: Double?, fromDefault: Bool = false) throws {
        let canvas = Canvas(width: 390, height: 300, scale: 1, background: Color(hex: "#F2F2F7")!)
        var configuration = UICollectionLayoutListConfiguration(appearance: appearance)
        configuration.headerMode = .supplementary
        let cv = UICollectionView(frame: CGRect(x: 0, y: 0, width: 390, height: 300),
                                  collectionViewLayout: UICollectionViewCompositionalLayout.list(using: configuration))
        cv.register(UICollectionViewListCell.self, forCellWithReuseIdentifier: "row")
        let headers = UICollectionView.SupplementaryRegistration<UICollectionViewListCell>(elementKind: UICollectionView.elementKindSectionHeader) { view, _, indexPath in
            var content = fromDefault ? view.defaultContentConfiguration() : style
            content.text = ["Network", "General"][indexPath.section]
            view.contentConfiguration = content
        }
        let dataSource = UICollectionViewDiffableDataSource<Int, String>(collectionView: cv) { cv, indexPath, title in
            let cell = cv.dequeueReusableCell(withReuseIdentifier: "row", for: indexPath) as! UICollectionViewListCell
            var content = cell.defaultContentConfiguration()
            content.text = title
            cell.contentConfiguration = content
            return cell
        }
        dataSource.supplementaryViewProvider = { cv, _, indexPath in cv.dequeueConfiguredReusableSupplementary(using: headers, for: indexPath) }
        var snapshot = NSDiffableDataSourceSnapshot<Int, String>()
        snapshot.appendSections([0, 1])
        snapshot.appendItems(["Wi-Fi", "Bluetooth"], toSection: 0)
        snapshot.appendItems(["About"], toSection: 1)
        dataSource.apply(snapshot, animatingDifferences: false)
        let uikit = Scene(name: "headers", canvas: canvas, duration: 0.1, collectionView: cv)
        XCTAssertEqual(uikit.collectionView.sections.map(\.header), ["Network", "General"])
        var native = uikit
        native.collectionView.layout = { var l = ListLayout(appearance: nativeAppearance); l.headerMode = .supplementary; return l }()
        let a = try Simulator.run(uikit, frames: 0...0), b = try Simulator.run(native, frames: 0...0)
        let header = try XCTUnwrap(a.frames[0].items.first { $0.kind == .sectionHeader })
        XCTAssertTrue(header.appearance.content.contains { if case .text(let t) = $0 { return t.text == "Network" && (fontSize == nil || t.fontSize == fontSize) } else { return false } },
                      "the header's text")
        XCTAssertTrue(try Raster(drawing: a.frames[0], canvas: canvas).pngData() == Raster(drawing: b.frames[0], canvas: canvas).pngData(), "the same pixels")
    }
}
