import Flipbook

// MARK: compositional
/// An App Store-like feed in Swift: a carousel that pages one centred card at a time, its
/// neighbours turned by a visibleItemsInvalidationHandler, over a three-column grid whose
/// header stays pinned (and opaque) while the grid scrolls.
func makeFeedScene() -> Scene {
    typealias C = CompositionalLayout
    let full = C.LayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .fractionalHeight(1))
    let card = C.Group.horizontal(layoutSize: C.LayoutSize(widthDimension: .fractionalWidth(0.8), heightDimension: .absolute(220)),
                                  subitems: [.item(C.Item(layoutSize: full))])
    var carousel = C.Section(group: card, interGroupSpacing: 12, orthogonalScrollingBehavior: .groupPagingCentered)
    carousel.contentInsets = C.DirectionalEdgeInsets(top: 16, bottom: 16)
    carousel.visibleItemsInvalidationHandler = { items, offset, environment in
        // Neighbours lean back: scaled down by their distance from the centre of the view.
        let centre = environment.containerSize.width / 2
        for k in items.indices {
            let distance = abs(items[k].frame.midX - centre) / environment.containerSize.width
            items[k].transform.scale = max(0.85, 1 - distance * 0.3)
        }
    }
    var row = C.Group.horizontal(layoutSize: C.LayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .absolute(110)),
                                 repeatingSubitem: .item(C.Item(layoutSize: full, contentInsets: C.DirectionalEdgeInsets(top: 4, leading: 4, bottom: 4, trailing: 4))),
                                 count: 3)
    row.interItemSpacing = .fixed(0)
    let header = C.BoundarySupplementaryItem(elementKind: .sectionHeader,
                                             layoutSize: C.LayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .absolute(44)),
                                             alignment: .top, pinToVisibleBounds: true)
    let grid = C.Section(group: row, contentInsets: C.DirectionalEdgeInsets(leading: 12, trailing: 12), boundarySupplementaryItems: [header])

    let colours = ["#FF3B30", "#FF9500", "#34C759", "#007AFF", "#5856D6", "#AF52DE"]
    func items(_ prefix: String, _ n: Int) -> [ItemSpec] {
        (0..<n).map { ItemSpec(id: "\(prefix)\($0)", title: "\(prefix.capitalized) \($0 + 1)", color: Color(hex: colours[$0 % colours.count])!) }
    }
    var feed = CollectionViewSpec(frame: Rect(x: 0, y: 0, width: 375, height: 667),
                                  layout: CompositionalLayout(sections: [carousel, grid]),
                                  sections: [SectionSpec(id: "stories", items: items("story", 5)),
                                             SectionSpec(id: "apps", header: "Top Free Apps", items: items("app", 30))])
    feed.headerStyle.backgroundColor = .white
    var scene = Scene(name: "feed", canvas: Canvas(width: 375, height: 667, scale: 1), fps: 30, duration: 3, collectionView: feed)
    // A flick pages the carousel; then the feed scrolls under the pinned header.
    scene.touches = [
        TouchTrack(finger: 1, downTime: 0.2, downPoint: Point(x: 300, y: 120), segments: [.init(to: Point(x: 200, y: 120), duration: 0.1)]),
        TouchTrack(finger: 1, downTime: 1.5, downPoint: Point(x: 187, y: 600), segments: [.init(to: Point(x: 187, y: 300), duration: 0.3)]),
    ]
    return scene
}
// MARK: end
