import FlipbookCore

/// UICollectionViewTransitionLayout: between two layouts, every element's attributes
/// interpolated by `transitionProgress` (0 the current layout, 1 the next), as an interactive
/// transition shows them while a gesture drives it.
///
/// Frames, alpha, zIndex and transforms interpolate linearly (UIKit's default
/// implementation does the same). An element on screen in either layout is returned, so items
/// that arrive from off screen fly in. Each query asks both layouts for the rect.
public struct TransitionLayout: CollectionViewLayout {
    public var currentLayout: any CollectionViewLayout
    public var nextLayout: any CollectionViewLayout
    public var transitionProgress: Double

    public init(currentLayout: any CollectionViewLayout, nextLayout: any CollectionViewLayout, transitionProgress: Double = 0) {
        self.currentLayout = currentLayout; self.nextLayout = nextLayout; self.transitionProgress = transitionProgress
    }

    public var defaultItemSize: Size { currentLayout.defaultItemSize }
    public func invalidParameter() -> (property: String, expected: String)? {
        if !(transitionProgress.isFinite) { return ("transitionProgress", "a finite number") }
        return currentLayout.invalidParameter() ?? nextLayout.invalidParameter()
    }

    public mutating func prepare(_ context: LayoutContext) {
        currentLayout.prepare(context)
        nextLayout.prepare(context)
    }

    public var collectionViewContentSize: Size {
        let a = currentLayout.collectionViewContentSize, b = nextLayout.collectionViewContentSize
        return Size(width: .interpolate(a.width, b.width, transitionProgress), height: .interpolate(a.height, b.height, transitionProgress))
    }

    /// `a` moved `transitionProgress` of the way to `b`.
    public func interpolate(_ a: LayoutAttributes, _ b: LayoutAttributes) -> LayoutAttributes {
        let p = transitionProgress
        var out = a
        out.frame = Rect(x: .interpolate(a.frame.minX, b.frame.minX, p), y: .interpolate(a.frame.minY, b.frame.minY, p),
                         width: .interpolate(a.frame.width, b.frame.width, p), height: .interpolate(a.frame.height, b.frame.height, p))
        out.alpha = .interpolate(a.alpha, b.alpha, p)
        out.transform = Transform(rotation: .interpolate(a.transform.rotation, b.transform.rotation, p),
                                  scale: .interpolate(a.transform.scale, b.transform.scale, p),
                                  translation: Point(x: .interpolate(a.transform.translation.x, b.transform.translation.x, p),
                                                     y: .interpolate(a.transform.translation.y, b.transform.translation.y, p)))
        out.zIndex = p < 0.5 ? a.zIndex : b.zIndex
        return out
    }

    public func layoutAttributesForElements(in rect: Rect) -> [LayoutAttributes] {
        var seen = Set<Key>()
        var out: [LayoutAttributes] = []
        for a in currentLayout.layoutAttributesForElements(in: rect) + nextLayout.layoutAttributesForElements(in: rect) {
            let key = Key(a)
            guard seen.insert(key).inserted, let m = attributes(a) else { continue }
            out.append(m)
        }
        return out.sorted { $0.indexPath != $1.indexPath ? $0.indexPath < $1.indexPath : !$0.isCell && $1.isCell }
    }

    struct Key: Hashable {
        var indexPath: ItemIndexPath
        var category: LayoutAttributes.Category
        init(_ a: LayoutAttributes) { indexPath = a.indexPath; category = a.representedElementCategory }
    }

    /// The interpolated attributes of the element `a` names, from both layouts.
    private func attributes(_ a: LayoutAttributes) -> LayoutAttributes? {
        func lookUp(_ l: any CollectionViewLayout) -> LayoutAttributes? {
            switch a.representedElementCategory {
            case .cell: return l.layoutAttributesForItem(at: a.indexPath)
            case .supplementaryView(let k), .decorationView(let k): return l.layoutAttributesForSupplementaryView(ofKind: k, at: a.indexPath)
            }
        }
        switch (lookUp(currentLayout), lookUp(nextLayout)) {
        case (let x?, let y?): return interpolate(x, y)
        case (let x?, nil): var f = x; f.alpha = x.alpha * (1 - transitionProgress); return f
        case (nil, let y?): var f = y; f.alpha = y.alpha * transitionProgress; return f
        default: return nil
        }
    }

    public func layoutAttributesForItem(at indexPath: ItemIndexPath) -> LayoutAttributes? {
        attributes(LayoutAttributes(forCellWith: indexPath))
    }

    public func layoutAttributesForSupplementaryView(ofKind kind: ElementKind, at indexPath: ItemIndexPath) -> LayoutAttributes? {
        attributes(LayoutAttributes(forSupplementaryViewOfKind: kind, with: indexPath))
    }
}
