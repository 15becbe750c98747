import Foundation
import FlipbookCore
import FlipbookLayout
import FlipbookSimulation

/// A UICollectionView's layout object seen as one of Flipbook's layouts: the simulation's
/// bounds, insets and item counts go to the view before each call, the layout's attribute
/// objects come back as Flipbook's values. The only place UIKit's classes meet the value core;
/// what crosses is values (the timeline never holds an object).
///
/// The scene's host (UIKitHost) owns the view and makes this adapter when a simulation starts
/// (the scene holds `HostedLayout`); a scene with a host runs once.
package struct UIKitLayout: CollectionViewLayout, NamesItsOwnProblems, @unchecked Sendable {
    package let collectionView: UICollectionView
    private let problems = Problems()
    /// A layout object of its own (an interactive transition's); nil: the view's, whichever it is.
    private let fixed: UICollectionViewLayout?

    /// `problems`: what was met making the scene that cannot be drawn (the first stops it).
    package init(collectionView: UICollectionView, problems: [String] = [], layout: UICollectionViewLayout? = nil) {
        self.collectionView = collectionView
        self.fixed = layout
        for p in problems { self.problems.record(p) }
    }

    private var layout: UICollectionViewLayout { fixed ?? collectionView.collectionViewLayout }

    package mutating func prepare(_ context: LayoutContext) {
        // UIKit raises when the data source disagrees with the view's updates; so does this,
        // once code has changed the data (a script's own batch updates change only the scene's
        // items), before the layout asks the data source about items it no longer has.
        if collectionView.dataChangedByCode, let source = collectionView.dataSource {
            let counts = (0..<source.numberOfSections(in: collectionView)).map { source.collectionView(collectionView, numberOfItemsInSection: $0) }
            if counts != context.itemCounts {
                problems.record("the data source reports \(counts) items where the scene has \(context.itemCounts) (UIKit raises \"Invalid update: invalid number of items\"): update the data with the batch update that says so; a scene whose code changed its data runs once, so make it again to run it again")
                return
            }
        }
        collectionView.simulatedContext = context
        collectionView.contentInset = UIEdgeInsets(top: context.contentInset.top, left: context.contentInset.left,
                                                   bottom: context.contentInset.bottom, right: context.contentInset.right)
        collectionView.bounds.size = CGSize(context.bounds.size)
        collectionView.contentOffset = CGPoint(context.bounds.origin)
        layout.prepare()
        if let flow = layout as? UICollectionViewFlowLayout, let problem = flow.parameterProblem { problems.record(problem) }
        // Invalidations while preparing (a property set in prepare()) are part of this pass.
        layout.isValid = true
        collectionView.contentSize = layout.collectionViewContentSize
        if let compositional = layout as? UICollectionViewCompositionalLayout {
            if let problem = compositional.unsupported { problems.record(problem) }
            if backing == nil && !compositional.backing.orthogonalScrollingSections.isEmpty {
                problems.record("a UICollectionViewCompositionalLayout subclass with orthogonally scrolling sections is not drawn yet; see docs/uikit.md")
            }
        }
    }

    /// The value a UICollectionViewCompositionalLayout (not a subclass, whose overrides must be
    /// asked) lays out with: asked directly for what only values carry (orthogonal sections'
    /// offsets, self-sizing rows).
    private var backing: (any CollectionViewLayout)? {
        guard let c = layout as? UICollectionViewCompositionalLayout, type(of: c) == UICollectionViewCompositionalLayout.self else { return nil }
        return c.backing
    }

    package var orthogonalScrollingSections: [OrthogonalScrollingSection] { backing?.orthogonalScrollingSections ?? [] }


    package func layoutAttributesForElements(in rect: Rect, orthogonalOffsets: [Int: Point]) -> [LayoutAttributes] {
        guard let backing else { return layoutAttributesForElements(in: rect) }
        collectionView.contentOffset = CGPoint(rect.origin)
        return backing.layoutAttributesForElements(in: rect, orthogonalOffsets: orthogonalOffsets).map(withCellContent)
    }

    package func layoutAttributesForItem(at indexPath: ItemIndexPath, orthogonalOffsets: [Int: Point]) -> LayoutAttributes? {
        guard let backing else { return layoutAttributesForItem(at: indexPath) }
        return backing.layoutAttributesForItem(at: indexPath, orthogonalOffsets: orthogonalOffsets).map(withCellContent)
    }

    /// The backing layout's attributes with the cell's (or header's) views laid out at their
    /// size (a self-sized row's too), as `convert` gives a layout object's.
    private func withCellContent(_ a: LayoutAttributes) -> LayoutAttributes {
        var out = a
        out.contentElements = viewContent(for: UICollectionViewLayoutAttributes.from(a))
        return out
    }

    /// What the cell or header at these attributes draws from its view tree, laid out at their
    /// size; nil where the item draws itself (a list row's or list header's content
    /// configuration, which the list draws) or there is no view.
    private func viewContent(for a: UICollectionViewLayoutAttributes) -> [Element]? {
        switch a.representedElementCategory {
        case .cell:
            guard let id = collectionView.itemID(at: a.indexPath), let cell = collectionView.cells[id],
                  !(cell.contentConfiguration is UIListContentConfiguration) else { return nil }
            return content(of: cell, for: a, slot: "cell|" + id)
        case .supplementaryView:
            guard let kind = a.representedElementKind, let view = collectionView.supplementaryView(ofKind: kind, at: a.indexPath),
                  !((view as? UICollectionViewCell)?.contentConfiguration is UIListContentConfiguration) else { return nil }
            return content(of: view, for: a, slot: kind + "|\(a.indexPath.section)|\(a.indexPath.item)")
        case .decorationView:
            // Made from its registered class, given its attributes, drawn like a header.
            guard let kind = a.representedElementKind, let view = collectionView.decorationView(ofKind: kind, at: a.indexPath, layout: layout) else { return nil }
            return content(of: view, for: a, slot: "decoration|" + kind + "|\(a.indexPath.section)|\(a.indexPath.item)")
        }
    }

    /// Asked before the first prepare (cells are measured first): the layout object describes
    /// its sections for this context, then is prepared again with the measured sizes.
    package func selfSizingWidths(inSection section: Int, context: LayoutContext) -> [SelfSizingWidth?]? {
        guard let compositional = layout as? UICollectionViewCompositionalLayout, backing != nil else { return nil }
        if collectionView.simulatedContext?.itemCounts != context.itemCounts || collectionView.simulatedContext?.bounds != context.bounds {
            collectionView.simulatedContext = context
            collectionView.bounds.size = CGSize(context.bounds.size)
            compositional.prepare()
            compositional.invalidateLayout()
        }
        return compositional.backing.selfSizingWidths(inSection: section, context: context)
    }

    package var collectionViewContentSize: Size { Size(layout.collectionViewContentSize) }

    /// UIKit prepares cells ahead of scrolling, so it asks for more than the visible rect: one more
    /// screen on each side along the axes the content scrolls (items that a transform brings into
    /// view from there are drawn, as on a device).
    package func layoutAttributesForElements(in rect: Rect) -> [LayoutAttributes] {
        collectionView.contentOffset = CGPoint(rect.origin)
        let content = layout.collectionViewContentSize
        let dx = content.width > rect.width ? rect.width : 0, dy = content.height > rect.height ? rect.height : 0
        let asked = CGRect(x: rect.minX - dx, y: rect.minY - dy, width: rect.width + 2 * dx, height: rect.height + 2 * dy)
        return (layout.layoutAttributesForElements(in: asked) ?? []).map(convert)
    }

    package func layoutAttributesForItem(at indexPath: ItemIndexPath) -> LayoutAttributes? {
        // A compositional or list layout's own values carry what UIKit's objects do not (a
        // list row's configuration, which the swipe actions and accessories read).
        if let backing { return backing.layoutAttributesForItem(at: indexPath).map(withCellContent) }
        return layout.layoutAttributesForItem(at: IndexPath(indexPath)).map(convert)
    }

    package func layoutAttributesForSupplementaryView(ofKind kind: ElementKind, at indexPath: ItemIndexPath) -> LayoutAttributes? {
        layout.layoutAttributesForSupplementaryView(ofKind: kind.uikitName, at: IndexPath(indexPath)).map(convert)
    }

    /// Asks the layout, then lets the scroll happen (UIKit asks before it applies the new bounds).
    package func shouldInvalidateLayout(forBoundsChange newBounds: Rect) -> Bool {
        let invalidates = layout.shouldInvalidateLayout(forBoundsChange: CGRect(newBounds)) || !layout.isValid
        collectionView.contentOffset = CGPoint(newBounds.origin)
        collectionView.bounds.size = CGSize(newBounds.size)
        return invalidates
    }

    package func initialLayoutAttributesForAppearingItem(at indexPath: ItemIndexPath) -> LayoutAttributes? {
        layout.initialLayoutAttributesForAppearingItem(at: IndexPath(indexPath)).map(convert)
    }

    package func finalLayoutAttributesForDisappearingItem(at indexPath: ItemIndexPath) -> LayoutAttributes? {
        layout.finalLayoutAttributesForDisappearingItem(at: IndexPath(indexPath)).map(convert)
    }

    /// Flipbook's velocity is in points per second; UIKit hands the layout the scroll view's
    /// release velocity in points per millisecond, the unit of
    /// scrollViewWillEndDragging(_:withVelocity:targetContentOffset:) — Apple's page for this
    /// method says points per second, but the layouts written against it compare the velocity
    /// with thresholds such as 0.3 (measured: github.com/topws/PagingLayout, PagingLayout.swift).
    package func targetContentOffset(forProposedContentOffset proposedContentOffset: Point, withScrollingVelocity velocity: Point) -> Point {
        Point(layout.targetContentOffset(forProposedContentOffset: CGPoint(proposedContentOffset),
                                         withScrollingVelocity: CGPoint(x: velocity.x / 1000, y: velocity.y / 1000)))
    }

    package var unsupportedUse: String? { problems.first }


    /// One of UIKit's attribute objects as Flipbook's value. A rotation and uniform scale become
    /// `transform`; any other transform (perspective, a shear, a non-uniform scale) `transform3D`,
    /// through which the item's image is mapped; one with a term that is not finite is recorded,
    /// and the scene stops with it.
    func convert(_ a: UICollectionViewLayoutAttributes) -> LayoutAttributes {
        let ip = ItemIndexPath(item: a.indexPath.count > 1 ? a.indexPath.item : 0, section: a.indexPath.count > 0 ? a.indexPath.section : 0)
        var out: LayoutAttributes
        switch a.representedElementCategory {
        case .cell: out = LayoutAttributes(forCellWith: ip)
        case .supplementaryView: out = LayoutAttributes(forSupplementaryViewOfKind: ElementKind(uikit: a.representedElementKind ?? ""), with: ip)
        case .decorationView: out = LayoutAttributes(forDecorationViewOfKind: ElementKind(uikit: a.representedElementKind ?? ""), with: ip)
        }
        out.frame = Rect(a.frame)
        // What app code hands back passes the gate a scene file's values pass: finite numbers.
        let what = "\(a.representedElementCategory == .cell ? "item" : "element") [\(ip.section), \(ip.item)]"
        if !(out.frame.origin.x.isFinite && out.frame.origin.y.isFinite && out.frame.size.isValidExtent) {
            problems.record("UICollectionViewLayoutAttributes.frame of \(what): expected finite numbers and a size ≥ 0, got (\(UIKitNumber.text(out.frame.minX)), \(UIKitNumber.text(out.frame.minY)), \(UIKitNumber.text(out.frame.width)), \(UIKitNumber.text(out.frame.height)))")
            out.frame = .zero
        }
        if !a.alpha.isFinite {
            problems.record("UICollectionViewLayoutAttributes.alpha of \(what): expected a number from 0 to 1, got \(UIKitNumber.text(Double(a.alpha)))")
        }
        out.contentElements = viewContent(for: a)
        out.zIndex = a.zIndex
        out.alpha = Double(a.alpha)
        out.isHidden = a.isHidden
        // A cell's content view turned by its layer (a paging animator's cube face): the whole
        // item turns, as the content view is all of it when the cell draws nothing of its own.
        var transform = a.transform3D
        let cell = a.representedElementCategory == .cell ? collectionView.itemID(at: a.indexPath).flatMap { collectionView.cells[$0] } : nil
        // A single-sided layer turned away from the viewer is not drawn (CALayer.isDoubleSided).
        var singleSided = cell.map { !$0.layer.isDoubleSided } ?? false
        if let cell, !CATransform3DIsIdentity(cell.contentView.layer.transform) {
            let inner = cell.contentView.layer.transform
            if (cell.backgroundColor?.value.alpha ?? 0) > 0 || cell.layer.borderWidth > 0 || cell.layer.shadowOpacity > 0 {
                problems.record("cell [\(ip.section), \(ip.item)]: a contentView.layer.transform over the cell's own background, border or shadow is not drawn yet (over a clear cell it is)")
            } else if !CATransform3DIsAffine(transform) && !CATransform3DIsAffine(inner) {
                problems.record("cell [\(ip.section), \(ip.item)]: a perspective contentView.layer.transform inside a perspective layout transform is not drawn yet")
            } else {
                // The content view's layer is flattened into the cell's plane, then the cell's
                // transform applies: exact as one matrix when one of the two is flat. Its
                // transform turns about its layer's position (where its anchor point sits: a
                // cube animator's anchorPoint (1, 0.5) turns a page about its edge), while the
                // item's turns about the cell's centre: moved there and back.
                let p = cell.contentView.center, c = CGPoint(x: cell.bounds.midX, y: cell.bounds.midY)
                let dx = p.x - c.x, dy = p.y - c.y
                let aboutPosition = dx == 0 && dy == 0 ? inner
                    : CATransform3DConcat(CATransform3DConcat(CATransform3DMakeTranslation(-dx, -dy, 0), inner), CATransform3DMakeTranslation(dx, dy, 0))
                transform = CATransform3DConcat(aboutPosition, transform)
                singleSided = singleSided || !cell.contentView.layer.isDoubleSided
            }
        }
        if singleSided && UIKitLayout.facesAway(transform) { out.isHidden = true }
        switch UIKitLayout.transform(transform) {
        case .success(let t): out.transform = t
        case .failure:
            if let general = UIKitLayout.general(transform) {
                out.transform3D = general
            } else {
                problems.record("\(a.representedElementCategory == .cell ? "item" : "element") [\(ip.section), \(ip.item)]: a transform with a term that is not finite (NaN or infinity) cannot be drawn")
            }
        }
        return out
    }

    /// The cell's content for these attributes: `apply(_:)` and a layout pass when they differ
    /// (position and transform aside, which move the drawn cell, not its subviews) from the ones
    /// it was last drawn for, so a cell that reads its own attributes subclass draws each frame's.
    func content(of cell: UICollectionReusableView, for a: UICollectionViewLayoutAttributes, slot: String) -> [Element] {
        let k = UICollectionView.contentKey(a)
        // Drawn again when its attributes or any view of its tree changed since (a colour set
        // through cellForItem(at:) from layout code, a gesture handler's transform).
        if let drawn = collectionView.drawnContent[slot], drawn.attributes.isEqual(k), !cell.treeChangedSinceLowering { return drawn.elements }
        cell.frame = CGRect(origin: .zero, size: a.size)
        cell.apply(a)
        var found: [String] = []
        // Named by its item, as the scene names it when it is made (Scene.item), so one log line is one warning.
        let warn = { (line: String) in
            let id = collectionView.itemID(at: a.indexPath) ?? "[\(a.indexPath.section), \(a.indexPath.item)]"
            collectionView.sceneHost?.warn("cell \(id): " + line)
        }
        if let conflict = UIKitCellContent.layOut(cell, warn: warn) { found.append(conflict) }
        let size = Size(a.size)
        let specs = UIKitCellContent.elements(of: cell, problems: &found)
        let elements = specs.map { CellAppearance.element($0, in: size) }
        for p in found { problems.record("cell [\(a.indexPath.section), \(a.indexPath.item)]: " + p) }
        collectionView.drawnContent[slot] = (k, elements)
        // What lowering set itself (apply(_:), layout passes) is drawn: clean from here.
        cell.treeChangedSinceLowering = false
        return elements
    }

    struct TransformProblem: Error { var message: String }

    /// A transform that is no rotation and uniform scale (perspective, a shear, a non-uniform
    /// scale) as the matrix Flipbook maps the item's image through; nil when a term is not finite.
    /// Whether a layer under `t` (about its centre) shows its back: its front turned away from
    /// the viewer. Its drawing winds the other way on screen (the sign of the projection's
    /// Jacobian at the centre) while the transform itself does not mirror it (the sign of its
    /// 3 × 3 part's determinant): a card turned 180° about an axis in the screen faces away, a
    /// card flipped by scale(−1, 1) does not — its front still faces the viewer, mirrored.
    static func facesAway(_ t: CATransform3D) -> Bool {
        // Row vectors, as Core Animation's: (x, y, 0, 1) · t; at the centre x = y = 0.
        let w = t.m44, x = t.m41, y = t.m42
        let dxdx = t.m11 * w - x * t.m14, dydx = t.m12 * w - y * t.m14
        let dxdy = t.m21 * w - x * t.m24, dydy = t.m22 * w - y * t.m24
        let winding = dxdx * dydy - dxdy * dydx
        let det = t.m11 * (t.m22 * t.m33 - t.m23 * t.m32) - t.m12 * (t.m21 * t.m33 - t.m23 * t.m31) + t.m13 * (t.m21 * t.m32 - t.m22 * t.m31)
        return winding * det < 0
    }

    static func general(_ t: CATransform3D) -> Transform3D? {
        let m = [t.m11, t.m12, t.m13, t.m14, t.m21, t.m22, t.m23, t.m24, t.m31, t.m32, t.m33, t.m34, t.m41, t.m42, t.m43, t.m44].map(Double.init)
        return m.allSatisfy(\.isFinite) ? Transform3D(m) : nil
    }

    /// Flipbook's transform for a CATransform3D: a rotation about z, a uniform scale and a
    /// translation (any z terms project away, as with no perspective); others are refused.
    static func transform(_ t: CATransform3D) -> Result<Transform, TransformProblem> {
        if t == CATransform3DIdentity { return .success(.identity) }
        // An item lies in z = 0: m34 and the third row cannot move it; m14, m24 and m44 can.
        guard t.m14 == 0, t.m24 == 0, t.m44 == 1 else {
            return .failure(TransformProblem(message: "a CATransform3D with perspective (m14, m24, m34 or m44) is not drawn yet; see docs/uikit.md"))
        }
        let a = Double(t.m11), b = Double(t.m12), c = Double(t.m21), d = Double(t.m22)
        let scale = (a * a + b * b).squareRoot()
        let tolerance = 1e-9 * max(1, scale)
        guard abs(a - d) <= tolerance, abs(b + c) <= tolerance, scale > 0 else {
            return .failure(TransformProblem(message: "a transform with a non-uniform scale, a shear or a reflection (a \(a), b \(b), c \(c), d \(d)) is not drawn yet; see docs/uikit.md"))
        }
        return .success(Transform(rotation: atan2(b, a), scale: scale, translation: Point(x: Double(t.m41), y: Double(t.m42))))
    }

    /// The first problem met while drawing, kept across copies of the layout value.
    final class Problems: @unchecked Sendable {
        private let lock = NSLock()
        private var problem: String?
        var first: String? { lock.lock(); defer { lock.unlock() }; return problem }
        func record(_ message: String) {
            lock.lock()
            if problem == nil { problem = message }
            lock.unlock()
        }
    }
}

/// A `.list(using:)` layout's rows are Flipbook's list rows: measured and drawn as the same list
/// read from a scene file.
extension UIKitLayout: ListRows {
    package var listRows: ListLayout? { backing as? ListLayout }
    package mutating func setListContents(images: Set<Int>, secondaryText: Set<Int>) {
        guard let c = layout as? UICollectionViewCompositionalLayout, type(of: c) == UICollectionViewCompositionalLayout.self else { return }
        c.list?.setListContents(images: images, secondaryText: secondaryText)
    }
}

/// A compositional layout's `.estimated` items, and a list's rows made of an app's own views,
/// are the size their cells' Auto Layout gives at the item's width (`systemLayoutSizeFitting` with the width required and the height free, as
/// UIKit's self-sizing cells are measured).
extension UIKitLayout: CellMeasuring {
    package func measuredSize(ofItem id: String, at indexPath: ItemIndexPath, width: SelfSizingWidth) -> Size? {
        guard let cell = collectionView.cells[id], cell.contentConfiguration == nil else { return nil }
        // A list row with nothing in its content view keeps the list's row height (UIKit's
        // estimate), as a cell without constraints does there.
        if listRows != nil && cell.contentView.subviews.isEmpty { return nil }
        let fitted: CGSize
        switch width {
        case .fixed(let w):
            fitted = cell.systemLayoutSizeFitting(CGSize(width: w, height: 0), withHorizontalFittingPriority: .required, verticalFittingPriority: .fittingSizeLevel)
        case .fitting(let limit):
            let f = cell.systemLayoutSizeFitting(CGSize(width: 0, height: 0))
            fitted = CGSize(width: min(f.width, CGFloat(limit)), height: f.height)
        }
        return Size(fitted)
    }
}


/// A number in a message about a UIKit property: as Flipbook's messages write numbers, and
/// NaN and the infinities as Swift prints them ("nan", "inf", "-inf"), the values app code set.
enum UIKitNumber {
    static func text(_ v: Double) -> String { v.isFinite ? NumberFormat.short(v) : "\(v)" }

    /// A number an app hands over untyped (a kern attribute, a visual format's metric) in
    /// points: an NSNumber or a Swift number; nil for anything else.
    static func points(_ value: Any) -> CGFloat? {
        switch value {
        case let v as CGFloat: return v
        case let v as Double: return CGFloat(v)
        case let v as Float: return CGFloat(v)
        case let v as Int: return CGFloat(v)
        case let v as NSNumber: return CGFloat(v.doubleValue)
        default: return nil
        }
    }
}
