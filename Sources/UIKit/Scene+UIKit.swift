import Foundation
import FlipbookCore
import FlipbookLayout
import FlipbookSimulation

extension Scene {
    /// A scene of a UICollectionView built in Swift: its frame, scrolling properties and layout
    /// object, and one item per item its data source reports, each drawn from the cell the data
    /// source returns for it: its `backgroundColor` (or its `contentView`'s), its layer's corner
    /// radius, border and shadow, and its view tree as laid out at the item's first size
    /// (UIKitCellContent). Item ids, which the script names, are a diffable data source's item
    /// identifiers (`String(describing:)`), else "<section>-<item>" ("0-3").
    ///
    /// The view is the canvas-sized scroll view unless its frame says otherwise; `UIScreen.main`
    /// reports the canvas while the scene is made.
    public init(name: String, canvas: Canvas, fps: Int = 60, duration: Double, collectionView cv: UICollectionView,
                script: [SceneStep] = [], touches: [TouchTrack] = []) {
        let host = UIKitHost(canvas: canvas)
        self = host.whileRunning {
            Scene.of(cv, host: host, name: name, canvas: canvas, fps: fps, duration: duration, script: script, touches: touches, problems: [])
        }
    }

    /// A scene of the collection view in a view controller's view (the first one a depth-first
    /// walk of its view tree meets), the view loaded as UIKit loads it, with `UIScreen.main`
    /// the canvas. A view with no collection view but scroll views of its own is a scene of
    /// those (pages that move: below). The scene keeps the
    /// controller alive, as a window keeps its root view controller: a collection view holds
    /// its data source and delegate weakly, and they are often the controller or its objects.
    ///
    /// `viewFrame`: where the view is in the window when its container puts it somewhere
    /// (below a navigation controller's 64 pt of bars when the controller's
    /// `edgesForExtendedLayout` leaves out the top); set after the view is loaded. The scene's
    /// `chrome` draws such bars. Default: where the view is (the whole canvas).
    public init(name: String, canvas: Canvas, fps: Int = 60, duration: Double, viewController: UIViewController,
                viewFrame: CGRect? = nil, script: [SceneStep] = [], touches: [TouchTrack] = []) {
        // The view is loaded screen-sized, as in a window on a device of the canvas's size.
        let host = UIKitHost(canvas: canvas)
        host.owner = viewController
        if let nav = viewController as? UINavigationController {
            host.refusals.append("a UINavigationController's navigation bar is not drawn yet: make the scene from its top view controller (\(nav.topViewController.map { "\(type(of: $0))" } ?? "none")) and draw the bar in the scene's chrome")
        }
        self = host.whileRunning { () -> Scene in
            if let viewFrame { viewController.view.frame = viewFrame }
            viewController.appear()
            func find(_ view: UIView) -> UICollectionView? {
                if let cv = view as? UICollectionView { return cv }
                for sub in view.subviews { if let cv = find(sub) { return cv } }
                return nil
            }
            let found = find(viewController.view)
            if found == nil, let scene = Scene.ofScrollViews(host: host, name: name, canvas: canvas, fps: fps, duration: duration,
                                                             viewController: viewController, script: script, touches: touches) {
                return scene
            }
            let cv = found ?? UICollectionView(frame: .zero, collectionViewLayout: UICollectionViewFlowLayout())
            return Scene.of(cv, host: host, name: name, canvas: canvas, fps: fps, duration: duration, script: script, touches: touches,
                            problems: found == nil ? ["\(type(of: viewController))'s view has no UICollectionView in its view tree"] : [])
        }
    }

    /// The scene of `cv`, made while `host` runs (its screen is the canvas).
    private static func of(_ cv: UICollectionView, host: UIKitHost, name: String, canvas: Canvas, fps: Int, duration: Double,
                           script: [SceneStep], touches: [TouchTrack], problems initialProblems: [String]) -> Scene {
        if cv.bounds.size == .zero { cv.frame = CGRect(x: 0, y: 0, width: canvas.width, height: canvas.height) }
        cv.simulatedContext = nil
        cv.cells = [:]
        cv.supplementaryViews = [:]
        cv.drawnContent = [:]
        cv.fittedSizes = [:]
        // Each cell is made, given its layout attributes (apply(_:)) and laid out at its size, as
        // the view does before showing it; its view tree is drawn as the item's content.
        let counts = (0..<cv.numberOfSections).map { cv.numberOfItems(inSection: $0) }
        cv.simulatedContext = LayoutContext(bounds: Rect(cv.bounds), contentInset: EdgeInsets(cv.adjustedContentInset), itemCounts: counts)
        let layout = cv.collectionViewLayout
        layout.prepare()
        var sections: [SectionSpec] = []
        var problems = initialProblems
        for g in cv.gestureRecognizers ?? [] {
            if let tap = g as? UITapGestureRecognizer, tap.numberOfTapsRequired < 1 || tap.numberOfTouchesRequired != 1 {
                problems.append("a UITapGestureRecognizer of \(tap.numberOfTapsRequired) taps and \(tap.numberOfTouchesRequired) touches is not driven yet (taps of one finger are)")
            } else if let lp = g as? UILongPressGestureRecognizer, lp.numberOfTapsRequired != 0 || lp.numberOfTouchesRequired != 1 {
                problems.append("a UILongPressGestureRecognizer after taps or of several fingers is not driven yet")
            } else if !(g is UITapGestureRecognizer || g is UILongPressGestureRecognizer || g is UIPanGestureRecognizer) {
                problems.append("a \(type(of: g)) is not driven yet (UITapGestureRecognizer, UILongPressGestureRecognizer and UIPanGestureRecognizer are)")
            }
            if g.required.contains(where: { r in !(cv.gestureRecognizers ?? []).contains { $0 === r } }) {
                problems.append("require(toFail:) of a recognizer that is not on the collection view is not followed yet (between the collection view's own it is)")
            }
        }
        // A list's header made as UIKit's lists make them — a list cell with a header content
        // configuration — is the list's own header, drawn with its metrics and the text.
        func listHeader(_ s: Int) -> String? {
            guard let compositional = layout as? UICollectionViewCompositionalLayout, let list = compositional.list,
                  list.headerMode == .supplementary,
                  let view = cv.supplementaryView(ofKind: UICollectionView.elementKindSectionHeader, at: IndexPath(item: 0, section: s)),
                  let config = (view as? UICollectionViewCell)?.contentConfiguration as? UIListContentConfiguration else { return nil }
            // The style made for the list's appearance is the list's own header (Apple's pages:
            // groupedHeader() for grouped lists, header() and plainHeader() for plain ones).
            let matches = list.appearance == .plain ? [.header, .plainHeader].contains(config.style) : config.style == .groupedHeader
            if !matches {
                problems.append("section \(s): UIListContentConfiguration.\(config.style)() as a \(list.appearance) list's header is not drawn yet (groupedHeader() in a grouped or inset-grouped list is, and header() or plainHeader() in a plain one)")
            }
            return config.text ?? ""
        }
        // A layout that answers no single item is asked for all of them once.
        var all: [IndexPath: UICollectionViewLayoutAttributes]?
        func attributes(at ip: IndexPath) -> UICollectionViewLayoutAttributes? {
            if let a = layout.layoutAttributesForItem(at: ip) { return a }
            if all == nil {
                all = [:]
                for a in layout.layoutAttributesForElements(in: CGRect(x: -1e7, y: -1e7, width: 2e7, height: 2e7)) ?? []
                where a.representedElementCategory == .cell { all![a.indexPath] = a }
            }
            return all![ip]
        }
        for (s, count) in counts.enumerated() {
            var items: [ItemSpec] = []
            for i in 0..<count {
                let ip = IndexPath(item: i, section: s)
                let attributes = attributes(at: ip)
                let (item, found) = Scene.item(of: cv, at: ip, id: cv.itemIdentifier?(ip) ?? "\(s)-\(i)", attributes: attributes)
                problems += found.map { "cell \(item.id): " + $0 }
                // The first frame draws what was just laid out, without laying it out again.
                if let attributes, cv.cells[item.id] != nil {
                    cv.drawnContent["cell|" + item.id] = (UICollectionView.contentKey(attributes),
                                                          item.content.map { CellAppearance.element($0, in: Size(attributes.size)) })
                }
                items.append(item)
            }
            sections.append(SectionSpec(id: "section\(s)", header: listHeader(s), items: items))
        }
        cv.simulatedContext = nil
        let f = cv.frame
        var spec = CollectionViewSpec(frame: Rect(x: Double(f.minX), y: Double(f.minY), width: Double(f.width), height: Double(f.height)),
                                      layout: UIKitLayout(collectionView: cv), sections: sections)
        // Styled as its layout's list (if it is one), the view keeps a value: the host answers
        // the layout when a simulation starts.
        spec.layout = HostedLayout()
        spec.contentInset = EdgeInsets(cv.contentInset)
        spec.contentOffset = Point(cv.contentOffset) == .zero && cv.contentInset != .zero ? nil : Point(cv.contentOffset)
        if let bg = cv.backgroundColor { spec.backgroundColor = bg.value }
        spec.takeScrolling(of: cv)
        cv.collectionViewLayout.invalidateLayout()
        var scene = Scene(name: name, canvas: canvas, fps: fps, duration: duration, collectionView: spec, script: host.steps(script),
                          touches: touches)
        // The host lays the view out with its layout object; taps select cells and call the
        // delegate, as a UICollectionView's do (UIKitInteractionsEffect).
        // What the app's own code did outside its cells that cannot be drawn (in viewDidLoad, say).
        cv.sceneHost = host
        host.host(cv, problems: host.refusals + problems)
        host.refusals = []
        scene.host = host
        return scene
    }
}

extension Scene {
    /// A scene of the scroll views in a view controller's view (those not inside another):
    /// each a view of the scene at its place in the window (the view controller's view where
    /// its frame puts it), scrolled by the touches, drawing its subviews as its content
    /// (`contentSize` of it, the subviews named by the controller's properties that hold
    /// them), its frame moved when your code sets it (animated inside UIView.animate), its
    /// delegate told as the scroll view's. The first is the scene's main view. Nil when the
    /// view has no scroll view.
    static func ofScrollViews(host: UIKitHost, name: String, canvas: Canvas, fps: Int, duration: Double, viewController: UIViewController,
                              script: [SceneStep], touches: [TouchTrack]) -> Scene? {
        let root = viewController.view!
        func find(_ view: UIView) -> [UIScrollView] {
            view.subviews.flatMap { sub -> [UIScrollView] in (sub as? UIScrollView).map { [$0] } ?? find(sub) }
        }
        let scrollViews = find(root)
        guard !scrollViews.isEmpty else { return nil }
        let names = UIKitCellContent.propertyNames(of: viewController)
        var problems: [String] = []
        var specs: [CollectionViewSpec] = []
        for (k, sv) in scrollViews.enumerated() {
            let id = names[ObjectIdentifier(sv)] ?? "scrollView\(k)"
            // Its frame in the window: its place in the root, and the root's own.
            let origin = sv.convert(sv.bounds.origin, to: nil)
            let frame = CGRect(x: origin.x + root.frame.minX, y: origin.y + root.frame.minY, width: sv.bounds.width, height: sv.bounds.height)
            let size = sv.contentSize == .zero ? sv.bounds.size : sv.contentSize
            var content = ItemSpec(id: id + ".content", title: "", color: Color(red: 0, green: 0, blue: 0, alpha: 0))
            content.origin = .zero
            content.size = Size(size)
            content.style = .supplementary  // square, no shadow or border: the page is the view
            var found: [String] = []
            content.content = UIKitCellContent.elements(ofContentOf: sv, owner: viewController, problems: &found)
            problems += found.map { "\(id): " + $0 }
            let attached = sv.sceneAttachments.flatMap { $0.items(sceneViewID: id, width: Double(sv.bounds.width)) }
            var spec = CollectionViewSpec(frame: Rect(frame), layout: AbsoluteLayout(), sections: [SectionSpec(id: id, items: attached + [content])])
            spec.id = id
            spec.contentInset = EdgeInsets(sv.contentInset)
            spec.contentOffset = Point(sv.contentOffset) == .zero ? nil : Point(sv.contentOffset)
            spec.backgroundColor = sv.backgroundColor?.value ?? .clear
            spec.takeScrolling(of: sv)
            sv.sceneView = (id, sv.frame)
            specs.append(spec)
        }
        var canvas = canvas
        if let bg = root.backgroundColor { canvas.background = bg.value }
        var scene = Scene(name: name, canvas: canvas, fps: fps, duration: duration, collectionView: specs[0], script: host.steps(script),
                          touches: touches)
        scene.views = Array(specs.dropFirst())
        host.host(zip(scrollViews, specs.map(\.id)).map { ($0, $1) }, problems: host.refusals + problems)
        host.refusals = []
        scene.host = host
        return scene
    }
}

extension CollectionViewSpec {
    /// A UIScrollView's paging, bouncing, scrolling and deceleration rate.
    mutating func takeScrolling(of view: UIScrollView) { scrolling = view.scrolling }
}

/// How part 1 of the UIKit module draws a cell: its fill and its layer (docs/uikit.md).
enum UIKitCellLook {
    static func look(of cell: UICollectionViewCell) -> (Color?, CellStyle) {
        var style = CellStyle()
        let layer = cell.layer
        style.cornerRadius = Double(layer.cornerRadius)
        style.corners = layer.maskedCorners.corners
        style.clipsToBounds = layer.masksToBounds
        style.borderWidth = Double(layer.borderWidth)
        style.border = layer.borderWidth > 0 ? layer.borderColor.map(\.color.value) : nil
        if layer.shadowOpacity > 0, let c = layer.shadowColor {
            style.shadow = Shadow(color: c.color.value, opacity: Double(layer.shadowOpacity),
                                  offset: Point(x: Double(layer.shadowOffset.width), y: Double(layer.shadowOffset.height)), radius: Double(layer.shadowRadius))
        } else {
            style.shadow = nil
        }
        let fill = cell.backgroundColor ?? (contentViewIsFill(cell) ? cell.contentView.backgroundColor : nil)
        return (fill.map(\.value) ?? Color(red: 0, green: 0, blue: 0, alpha: 0), style)
    }

    /// Whether the content view's colour can stand for the cell's fill (the cell has none of
    /// its own): only while its layer draws it square, with no border or shadow, and it is not
    /// moved by its `transform` (a parallax animator's: its background moves with its labels). Otherwise the
    /// content view is a layer of its own over the cell's (UIKit's layer tree: the cell's layer,
    /// then its content view's), drawn with its corner radius, border and shadow
    /// (UIKitCellContent), so `contentView.layer.cornerRadius = 12` rounds what is seen.
    static func contentViewIsFill(_ cell: UICollectionViewCell) -> Bool {
        let l = cell.contentView.layer
        return l.cornerRadius == 0 && l.borderWidth == 0 && l.shadowOpacity == 0 && cell.contentView.transform == .identity
    }
}

extension Scene {
    /// The item for the cell the data source returns at `ip`, kept as `cv.cells[id]`: its
    /// colour and look, and its view tree (or list content) laid out at the attributes' size
    /// after `apply(_:)`; with what of it cannot be drawn.
    static func item(of cv: UICollectionView, at ip: IndexPath, id: String, attributes: UICollectionViewLayoutAttributes?) -> (ItemSpec, [String]) {
        var item = ItemSpec(id: id, title: "", color: Color(red: 0, green: 0, blue: 0, alpha: 0))
        var found: [String] = []
        // What the cell's code did that cannot be drawn (an image it did not find), kept by the host.
        let host = UIKitHost.running ?? UIKitHost()
        let outerRefusals = host.refusals
        host.refusals = []
        let made = host.whileRunning { cv.dataSource?.collectionView(cv, cellForItemAt: ip) }
        found += host.refusals
        host.refusals = outerRefusals
        guard let cell = made else { return (item, found) }
        func recognizers(_ v: UIView) -> Bool { v.gestureRecognizers != nil || v.subviews.contains(where: recognizers) }
        if recognizers(cell) { found.append("a gesture recognizer on a cell or its views is not driven yet (on the collection view it is)") }
        // A cell's shadow is cast by its own rounded bounds; a shadowPath of that shape (set for
        // speed, as apps do) is the same shadow, another one is not drawn yet.
        if let path = cell.layer.shadowPath, cell.layer.shadowOpacity > 0 {
            let own: [CGPath.Shape] = [.roundedRect(cell.bounds, radius: min(cell.layer.cornerRadius, min(cell.bounds.width, cell.bounds.height) / 2))]
                + (cell.layer.cornerRadius == 0 ? [.rect(cell.bounds)] : [])
            if !own.contains(path.shape) { found.append("a cell's layer shadowPath other than its own rounded bounds is not drawn yet (a subview's is)") }
        }
        cv.cells[id] = cell
        cell.sceneItemID = id
        // Configured for its state before it is shown, as UIKit does.
        cell.setNeedsUpdateConfiguration()
        // A cell inserted during the scene has no attributes yet: like UIKit, it is laid out at
        // its size when it is first drawn (UIKitLayout.content), not at zero.
        if let attributes {
            cell.frame = CGRect(origin: .zero, size: attributes.size)
            cell.apply(attributes)
            if let conflict = UIKitCellContent.layOut(cell, warn: { host.warn("cell \(id): " + $0) }) { found.append(conflict) }
        }
        let (color, style) = UIKitCellLook.look(of: cell)
        if let color { item.color = color }
        cell.madeWithFill = color
        item.style = style
        if let list = cell.contentConfiguration as? UIListContentConfiguration {
            // A list row: its text, secondary text, image and accessories are the item's.
            switch list.style {
            case .cell, .subtitleCell: break
            case .valueCell: item.secondaryTextBesideTitle = true
            default:
                // A header style in the first cell of a section whose list takes it as the
                // section's header (headerMode firstItemInSection) is that header, drawn by the list.
                let listLayout = (cv.collectionViewLayout as? UICollectionViewCompositionalLayout)?.list
                let headerStyles: [UIListContentConfiguration.Style] = listLayout?.appearance == .plain ? [.header, .plainHeader] : [.groupedHeader]
                if !(ip.item == 0 && listLayout?.headerMode == .firstItemInSection && headerStyles.contains(list.style)) {
                    found.append("UIListContentConfiguration.\(list.style)() in a cell is not drawn yet (cell(), subtitleCell() and valueCell() are, and the list's header style in the first cell of a firstItemInSection list)")
                }
            }
            item.title = list.text ?? ""
            item.subtitle = list.secondaryText ?? ""
            item.listTitleText = list.textProperties.overrides
            item.listSecondaryText = list.secondaryTextProperties.overrides
            if list.textProperties.alignment == .justified || list.secondaryTextProperties.alignment == .justified {
                found.append("UIListContentConfiguration text properties' justified alignment is not drawn yet (natural and center are)")
            }
            item.image = list.image?.data
            let accessories = (cell as? UICollectionViewListCell)?.accessories.filter { $0.isShown(editing: cv.isEditing) } ?? []
            item.accessories = accessories.map(\.kind)
            if accessories.contains(where: { $0.actionHandler != nil }) {
                found.append("an accessory's actionHandler is not called yet (a delete accessory without one shows the row's trailing swipe actions)")
            }
            if cell.backgroundConfiguration != nil {
                found.append("a backgroundConfiguration on a cell with a UIListContentConfiguration is not drawn yet (on a cell of your own views it is)")
            }
        } else if attributes != nil {
            item.content = UIKitCellContent.elements(of: cell, problems: &found)
        }
        return (item, found)
    }
}
