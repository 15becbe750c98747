// FlipbookLayout: UICollectionView-style layouts as pure values. A layout reads a
// LayoutContext (the collection view's bounds, insets and item counts) and answers with
// LayoutAttributes in content coordinates. No time, no drawing: the simulator animates
// between attributes and the renderer draws them.
