import Foundation
import FlipbookCore
import FlipbookSimulation

// The view classes a collection view's code touches, as far as part 1 of the UIKit module
// draws them: a cell is drawn from its background colour and its layer's corners, border and
// shadow (docs/uikit.md). Subviews and Auto Layout come with part 2.

/// The layer behind a view (https://developer.apple.com/documentation/quartzcore/calayer):
/// the properties a cell's look reads.
open class CALayer: NSObject {
    /// 0 (https://developer.apple.com/documentation/quartzcore/calayer/cornerradius).
    open var cornerRadius: CGFloat = 0 { didSet { view?.treeChanged() } }
    open var masksToBounds = false { didSet { view?.treeChanged() } }
    open var borderWidth: CGFloat = 0 { didSet { view?.treeChanged() } }
    /// Opaque black (https://developer.apple.com/documentation/quartzcore/calayer/bordercolor).
    open var borderColor: CGColor? = UIColor.black.cgColor { didSet { view?.treeChanged() } }
    /// Opaque black (https://developer.apple.com/documentation/quartzcore/calayer/shadowcolor).
    open var shadowColor: CGColor? = UIColor.black.cgColor { didSet { view?.treeChanged() } }
    /// 0: no shadow (https://developer.apple.com/documentation/quartzcore/calayer/shadowopacity).
    open var shadowOpacity: Float = 0 { didSet { view?.treeChanged() } }
    /// (0, −3) (https://developer.apple.com/documentation/quartzcore/calayer/shadowoffset).
    open var shadowOffset = CGSize(width: 0, height: -3) { didSet { view?.treeChanged() } }
    /// 3 (https://developer.apple.com/documentation/quartzcore/calayer/shadowradius).
    open var shadowRadius: CGFloat = 3 { didSet { view?.treeChanged() } }
    /// A view's layer's opacity is the view's alpha, and its background colour the view's, as
    /// in UIKit (a view's alpha and backgroundColor are its layer's).
    open var opacity: Float {
        get { view.map { Float($0.alpha) } ?? ownOpacity }
        set { if let view { view.alpha = CGFloat(newValue) } else { ownOpacity = newValue } }
    }
    open var transform = CATransform3DIdentity { didSet { view?.treeChanged() } }
    open var zPosition: CGFloat = 0
    /// The point of the bounds that sits at the view's `center` (the layer's position) and that
    /// transforms turn and scale about: (0.5, 0.5), the middle
    /// (https://developer.apple.com/documentation/quartzcore/calayer/anchorpoint).
    open var anchorPoint = CGPoint(x: 0.5, y: 0.5) { didSet { view?.treeChanged() } }
    /// Which corners `cornerRadius` rounds: all four
    /// (https://developer.apple.com/documentation/quartzcore/calayer/maskedcorners).
    open var maskedCorners: CACornerMask = [.layerMinXMinYCorner, .layerMaxXMinYCorner, .layerMinXMaxYCorner, .layerMaxXMaxYCorner] { didSet { view?.treeChanged() } }
    /// The shape the shadow is cast from, in the layer's coordinates; nil: the layer's own
    /// (https://developer.apple.com/documentation/quartzcore/calayer/shadowpath). A rectangle,
    /// rounded rectangle or ellipse is drawn.
    open var shadowPath: CGPath? { didSet { view?.treeChanged() } }
    open var backgroundColor: CGColor? {
        get { view.map { $0.backgroundColor?.cgColor } ?? ownBackground }
        set { if let view { view.backgroundColor = newValue?.color } else { ownBackground = newValue } }
    }
    /// A view's layer's bounds are the view's (https://developer.apple.com/documentation/quartzcore/calayer/bounds).
    open var bounds: CGRect {
        get { view?.bounds ?? ownBounds }
        set { if let view { view.bounds = newValue } else { ownBounds = newValue } }
    }
    /// Where the anchor point sits in the superlayer: a view's layer's is the view's centre
    /// (https://developer.apple.com/documentation/quartzcore/calayer/position).
    open var position: CGPoint {
        get { view?.center ?? ownPosition }
        set { if let view { view.center = newValue } else { ownPosition = newValue } }
    }
    /// The bounds' size placed with the anchor point at `position` (untransformed).
    open var frame: CGRect {
        get { CGRect(x: position.x - bounds.width * anchorPoint.x, y: position.y - bounds.height * anchorPoint.y, width: bounds.width, height: bounds.height) }
        set {
            bounds.size = newValue.size
            position = CGPoint(x: newValue.minX + newValue.width * anchorPoint.x, y: newValue.minY + newValue.height * anchorPoint.y)
        }
    }
    /// true: the layer is drawn when it faces away from the viewer; false hides it then (a card
    /// turned past 90°). A cell's layer and its content view's are honoured
    /// (https://developer.apple.com/documentation/quartzcore/calayer/isdoublesided).
    open var isDoubleSided = true { didSet { view?.treeChanged() } }
    open var name: String?
    private var ownBounds = CGRect.zero
    private var ownPosition = CGPoint.zero
    private var ownOpacity: Float = 1 { didSet { view?.treeChanged() } }
    private var ownBackground: CGColor? { didSet { view?.treeChanged() } }
    /// The view this layer backs (nil: a layer of its own).
    weak var view: UIView?
}

/// https://developer.apple.com/documentation/quartzcore/cacornermask
public struct CACornerMask: OptionSet, Sendable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }
    public static let layerMinXMinYCorner = CACornerMask(rawValue: 1 << 0)
    public static let layerMaxXMinYCorner = CACornerMask(rawValue: 1 << 1)
    public static let layerMinXMaxYCorner = CACornerMask(rawValue: 1 << 2)
    public static let layerMaxXMaxYCorner = CACornerMask(rawValue: 1 << 3)
    /// Flipbook's corners (top left is min x, min y: y points down).
    var corners: Corners {
        var c: Corners = []
        if contains(.layerMinXMinYCorner) { c.insert(.topLeft) }
        if contains(.layerMaxXMinYCorner) { c.insert(.topRight) }
        if contains(.layerMinXMaxYCorner) { c.insert(.bottomLeft) }
        if contains(.layerMaxXMaxYCorner) { c.insert(.bottomRight) }
        return c
    }
}

/// https://developer.apple.com/documentation/uikit/uiview
open class UIView: NSObject {
    /// The bounds' size placed with the layer's anchor point at `center` (its position), as
    /// UIKit derives it (untransformed).
    open var frame: CGRect {
        get {
            let a = layer.anchorPoint
            return CGRect(x: center.x - bounds.width * a.x, y: center.y - bounds.height * a.y, width: bounds.width, height: bounds.height)
        }
        set {
            bounds.size = newValue.size
            let a = layer.anchorPoint
            center = CGPoint(x: newValue.minX + newValue.width * a.x, y: newValue.minY + newValue.height * a.y)
        }
    }
    // Every property a view is drawn from marks its tree changed (the pattern the layout
    // classes follow with invalidateLayout()), so the frame after the change lowers it again,
    // whoever set it: apply(_:), layout code through cellForItem(at:), a gesture handler, a
    // code step. A root view's own place, turn and alpha are its item's (the layout's
    // attributes), not its content's.
    open var bounds = CGRect.zero {
        didSet {
            if superview != nil || bounds.size != oldValue.size { treeChanged() }
            if bounds.size != oldValue.size && autoresizesSubviews { resizeSubviews(from: oldValue.size) }
            viewChanged()
        }
    }
    open var center = CGPoint.zero { didSet { if superview != nil { treeChanged() }; viewChanged() } }
    open var transform = CGAffineTransform.identity { didSet { if superview != nil { treeChanged() }; viewChanged() } }
    open var alpha: CGFloat = 1 { didSet { if superview != nil { treeChanged() }; viewChanged() } }
    open var isHidden = false { didSet { if superview != nil { treeChanged() }; viewChanged() } }
    open var backgroundColor: UIColor? { didSet { treeChanged(); viewChanged() } }

    /// How the view resizes when its superview's bounds change: not at all by default
    /// (https://developer.apple.com/documentation/uikit/uiview/autoresizingmask-swift.property).
    open var autoresizingMask: AutoresizingMask = []
    /// true: a change of the bounds' size resizes the subviews by their masks
    /// (https://developer.apple.com/documentation/uikit/uiview/autoresizessubviews).
    open var autoresizesSubviews = true
    /// true: hit-testing finds the view (https://developer.apple.com/documentation/uikit/uiview/isuserinteractionenabled).
    open var isUserInteractionEnabled = true
    /// `.unspecified` (https://developer.apple.com/documentation/uikit/uiview/semanticcontentattribute).
    open var semanticContentAttribute = UISemanticContentAttribute.unspecified
    /// `observe(_:options:changeHandler:)`'s observers (ViewConveniences.swift).
    var observers: [ViewObserver] = []

    /// On the root of a tree (a cell, a header): whether a view of it changed since the tree
    /// was last lowered to elements (UIKitLayout.content reads and clears it).
    var treeChangedSinceLowering = true
    /// On the root of a tree: its views' property names and the views they were found for
    /// (UIKitCellContent.propertyNames(of:)).
    var propertyNamesKept: (views: [ObjectIdentifier], names: [ObjectIdentifier: String])?
    /// Marks the root of this view's tree.
    func treeChanged() {
        var root = self
        while let parent = root.superview { root = parent }
        root.treeChangedSinceLowering = true
    }
    open var clipsToBounds: Bool {
        get { layer.masksToBounds }
        set { layer.masksToBounds = newValue }
    }
    public let layer = CALayer()
    open var tag = 0
    /// `.scaleToFill` (https://developer.apple.com/documentation/uikit/uiview/contentmode).
    open var contentMode = ContentMode.scaleToFill
    open private(set) weak var superview: UIView?
    open private(set) var subviews: [UIView] = [] { didSet { treeChanged() } }

    // MARK: Auto Layout (AutoLayout.swift, AutoLayoutSolver.swift)

    /// true: the view's frame is fixed and constraints treat it as given; set false to have
    /// constraints place it (https://developer.apple.com/documentation/uikit/uiview/translatesautoresizingmaskintoconstraints).
    open var translatesAutoresizingMaskIntoConstraints = true
    /// The constraints this view holds (those whose first item is it or one of its guides).
    open internal(set) var constraints: [NSLayoutConstraint] = []
    /// addGestureRecognizer(_:)'s recognizers.
    var attachedGestureRecognizers: [UIGestureRecognizer] = []
    open func addConstraint(_ constraint: NSLayoutConstraint) { constraint.isActive = true }
    open func addConstraints(_ constraints: [NSLayoutConstraint]) { NSLayoutConstraint.activate(constraints) }
    open func removeConstraint(_ constraint: NSLayoutConstraint) { constraint.isActive = false }
    open func removeConstraints(_ constraints: [NSLayoutConstraint]) { NSLayoutConstraint.deactivate(constraints) }
    /// 8 pt on each edge (https://developer.apple.com/documentation/uikit/uiview/layoutmargins).
    open var layoutMargins = UIEdgeInsets(top: 8, left: 8, bottom: 8, right: 8)
    open var directionalLayoutMargins: NSDirectionalEdgeInsets {
        get { NSDirectionalEdgeInsets(top: layoutMargins.top, leading: layoutMargins.left, bottom: layoutMargins.bottom, trailing: layoutMargins.right) }
        set { layoutMargins = UIEdgeInsets(top: newValue.top, left: newValue.leading, bottom: newValue.bottom, right: newValue.trailing) }
    }
    public lazy var layoutMarginsGuide = UILayoutGuide(of: self, margins: true, identifier: "UIViewLayoutMarginsGuide")
    /// The view's bounds: Flipbook draws no safe area inside a cell.
    public lazy var safeAreaLayoutGuide = UILayoutGuide(of: self, margins: false, identifier: "UIViewSafeAreaLayoutGuide")
    open private(set) var layoutGuides: [UILayoutGuide] = []
    open func addLayoutGuide(_ guide: UILayoutGuide) {
        guide.owningView = self
        layoutGuides.append(guide)
    }

    public lazy var leadingAnchor = NSLayoutXAxisAnchor(AnyLayoutAnchor(view: self, .leading))
    public lazy var trailingAnchor = NSLayoutXAxisAnchor(AnyLayoutAnchor(view: self, .trailing))
    public lazy var leftAnchor = NSLayoutXAxisAnchor(AnyLayoutAnchor(view: self, .left))
    public lazy var rightAnchor = NSLayoutXAxisAnchor(AnyLayoutAnchor(view: self, .right))
    public lazy var topAnchor = NSLayoutYAxisAnchor(AnyLayoutAnchor(view: self, .top))
    public lazy var bottomAnchor = NSLayoutYAxisAnchor(AnyLayoutAnchor(view: self, .bottom))
    public lazy var centerXAnchor = NSLayoutXAxisAnchor(AnyLayoutAnchor(view: self, .centerX))
    public lazy var centerYAnchor = NSLayoutYAxisAnchor(AnyLayoutAnchor(view: self, .centerY))
    public lazy var widthAnchor = NSLayoutDimension(AnyLayoutAnchor(view: self, .width))
    public lazy var heightAnchor = NSLayoutDimension(AnyLayoutAnchor(view: self, .height))
    /// The baseline of the first line of text of `forFirstBaselineLayout`; its top where that
    /// view has no text (https://developer.apple.com/documentation/uikit/uiview/forfirstbaselinelayout).
    public lazy var firstBaselineAnchor = NSLayoutYAxisAnchor(AnyLayoutAnchor(view: self, .firstBaseline))
    /// The baseline of the last line of text of `forLastBaselineLayout`; its bottom where that
    /// view has no text (https://developer.apple.com/documentation/uikit/uiview/forlastbaselinelayout).
    public lazy var lastBaselineAnchor = NSLayoutYAxisAnchor(AnyLayoutAnchor(view: self, .lastBaseline))
    /// The view whose first baseline is this view's: `forLastBaselineLayout` unless overridden
    /// (Apple's page); a subview of this one.
    open var forFirstBaselineLayout: UIView { forLastBaselineLayout }
    /// The view whose last baseline is this view's: the view itself unless overridden.
    open var forLastBaselineLayout: UIView { self }

    /// The view's tint: its own when set, else its superview's, else the system's blue
    /// (https://developer.apple.com/documentation/uikit/uiview/tintcolor: "If the system can't
    /// find a non-default tint color, it uses the system-defined color").
    open var tintColor: UIColor! {
        get { ownTint ?? superview?.tintColor ?? .systemBlue }
        set { ownTint = newValue }
    }
    private var ownTint: UIColor?

    /// The size the content needs; no intrinsic metric (−1) on either axis for a plain view.
    open var intrinsicContentSize: CGSize { CGSize(width: UIView.noIntrinsicMetric, height: UIView.noIntrinsicMetric) }
    open func invalidateIntrinsicContentSize() {}
    private var hugging: [NSLayoutConstraint.Axis: UILayoutPriority] = [:]
    private var compression: [NSLayoutConstraint.Axis: UILayoutPriority] = [:]
    /// 250 unless set (Apple's setContentHuggingPriority page).
    open func contentHuggingPriority(for axis: NSLayoutConstraint.Axis) -> UILayoutPriority { hugging[axis] ?? .defaultLow }
    open func setContentHuggingPriority(_ priority: UILayoutPriority, for axis: NSLayoutConstraint.Axis) { hugging[axis] = priority }
    /// 750 unless set.
    open func contentCompressionResistancePriority(for axis: NSLayoutConstraint.Axis) -> UILayoutPriority { compression[axis] ?? .defaultHigh }
    open func setContentCompressionResistancePriority(_ priority: UILayoutPriority, for axis: NSLayoutConstraint.Axis) { compression[axis] = priority }

    /// Adds `view` on top (removing it from its old superview); part 1 draws no subviews.
    open func addSubview(_ view: UIView) {
        view.removeFromSuperview()
        subviews.append(view)
        view.superview = self
        // A snapshot view added to the collection view during the scene is drawn over the cells.
        if self is UICollectionView, let snapshot = view as? SnapshotView, let r = SceneRecording.current {
            r.snapshot(.add(id: snapshot.overlayID, item: snapshot.itemID, frame: Rect(snapshot.frame)))
        }
    }
    open func removeFromSuperview() {
        superview?.subviews.removeAll { $0 === self }
        superview = nil
    }
    /// Adds `view` at `index` among the subviews (0: at the back).
    open func insertSubview(_ view: UIView, at index: Int) {
        view.removeFromSuperview()
        subviews.insert(view, at: max(0, min(index, subviews.count)))
        view.superview = self
    }
    open func insertSubview(_ view: UIView, aboveSubview sibling: UIView) {
        guard view !== sibling else { return }
        view.removeFromSuperview()
        insertSubview(view, at: (subviews.firstIndex { $0 === sibling } ?? subviews.count - 1) + 1)
    }
    open func insertSubview(_ view: UIView, belowSubview sibling: UIView) {
        guard view !== sibling else { return }
        view.removeFromSuperview()
        insertSubview(view, at: subviews.firstIndex { $0 === sibling } ?? 0)
    }
    open func bringSubviewToFront(_ view: UIView) {
        guard let i = subviews.firstIndex(where: { $0 === view }) else { return }
        subviews.append(subviews.remove(at: i))
    }
    open func sendSubviewToBack(_ view: UIView) {
        guard let i = subviews.firstIndex(where: { $0 === view }) else { return }
        subviews.insert(subviews.remove(at: i), at: 0)
    }
    open func exchangeSubview(at index1: Int, withSubviewAt index2: Int) { subviews.swapAt(index1, index2) }

    /// "The default implementation of this method returns the existing size of the view"
    /// (https://developer.apple.com/documentation/uikit/uiview/sizethatfits(_:)); a label
    /// answers its text's size, an image view its image's.
    open func sizeThatFits(_ size: CGSize) -> CGSize { bounds.size }
    /// Resizes the view to `sizeThatFits(bounds.size)`, keeping its origin
    /// (https://developer.apple.com/documentation/uikit/uiview/sizetofit()).
    open func sizeToFit() {
        let origin = frame.origin
        frame = CGRect(origin: origin, size: sizeThatFits(bounds.size))
    }

    public init(frame: CGRect) {
        super.init()
        self.frame = frame
        layer.view = self
    }
    public required init?(coder: NSCoder) {
        super.init()
        layer.view = self
    }
    /// `init(frame: .zero)`, as UIKit's. Not required: a view with a designated initialiser of
    /// its own (`init(title:)`) need not provide it (UICollectionReusableView's is).
    public convenience override init() { self.init(frame: .zero) }

    /// A point of this view in `view`'s coordinates (the window's when nil: the root of the
    /// tree); through frames and bounds origins, transforms aside
    /// (https://developer.apple.com/documentation/uikit/uiview/convert(_:to:)-6qxc1).
    open func convert(_ point: CGPoint, to view: UIView?) -> CGPoint {
        let from = offsetInRoot, to = view?.offsetInRoot ?? .zero
        return CGPoint(x: point.x + from.x - to.x, y: point.y + from.y - to.y)
    }
    open func convert(_ point: CGPoint, from view: UIView?) -> CGPoint {
        let from = view?.offsetInRoot ?? .zero, to = offsetInRoot
        return CGPoint(x: point.x + from.x - to.x, y: point.y + from.y - to.y)
    }
    open func convert(_ rect: CGRect, to view: UIView?) -> CGRect { CGRect(origin: convert(rect.origin, to: view), size: rect.size) }
    open func convert(_ rect: CGRect, from view: UIView?) -> CGRect { CGRect(origin: convert(rect.origin, from: view), size: rect.size) }

    /// What a point of this view's bounds adds to be in its tree's root's (the window's here):
    /// each view's frame origin less its bounds origin, up to the root.
    private var offsetInRoot: CGPoint {
        var p = CGPoint.zero
        var v = self
        while let parent = v.superview {
            p.x += v.frame.minX - v.bounds.minX
            p.y += v.frame.minY - v.bounds.minY
            v = parent
        }
        return p
    }

    /// A view drawn as this one: a cell's (SnapshotView); other views' are not drawn yet.
    /// (https://developer.apple.com/documentation/uikit/uiview/snapshotview(afterscreenupdates:))
    open func snapshotView(afterScreenUpdates afterUpdates: Bool) -> UIView? {
        if let cell = self as? UICollectionViewCell, let id = cell.sceneItemID { return SnapshotView(of: id, frame: frame) }
        SceneRecording.current?.fail("snapshotView(afterScreenUpdates:) of a \(type(of: self)) is not drawn yet (a cell's is)")
        return nil
    }

    open func layoutSubviews() {}
    open func setNeedsLayout() {}
    open func layoutIfNeeded() {}

    /// The farthest descendant containing `point`, as UIKit finds it (ViewConveniences.swift).
    open func hitTest(_ point: CGPoint, with event: UIEvent?) -> UIView? { defaultHitTest(point, with: event) }
    /// Whether `point` (the view's coordinates) is in its bounds
    /// (https://developer.apple.com/documentation/uikit/uiview/point(inside:with:)).
    open func point(inside point: CGPoint, with event: UIEvent?) -> Bool { bounds.contains(point) }
    /// Called when the safe area changes; nothing by default.
    open func safeAreaInsetsDidChange() {}
    /// The screen's traits (UITraitCollection.screen): Flipbook draws one environment.
    open var traitCollection: UITraitCollection { .screen }
    /// Called when the traits change; they do not during a scene.
    open func traitCollectionDidChange(_ previousTraitCollection: UITraitCollection?) {}
    /// The view controller whose root view this is (safeAreaInsets reads its additional insets).
    weak var owningViewController: UIViewController?
}

/// https://developer.apple.com/documentation/uikit/uiscrollview
open class UIScrollView: UIView {
    open var contentOffset = CGPoint.zero {
        didSet { bounds.origin = contentOffset }
    }
    /// `delegate`'s storage (UIScrollView's `delegate` is below, where UICollectionView's can
    /// be of its own type, as in UIKit).
    weak var scrollViewDelegate: UIScrollViewDelegate?
    /// The scene view this scroll view is drawn as, and its frame when the scene was made.
    var sceneView: (id: String, frame: CGRect)?
    /// What a library puts on the scroll view that the scene draws and drives with it (a
    /// pull-to-refresh header).
    package var sceneAttachments: [any ScrollViewSceneAttachment] = []

    /// Moved during the scene (its frame or centre set in a code step, animated inside
    /// UIView.animate), the scene's view moves with it. Set where it is already, nothing
    /// happens, as in UIKit (an animation from a value to itself shows nothing).
    open override var center: CGPoint {
        didSet {
            guard let scene = sceneView, let r = SceneRecording.current else { return }
            if center != oldValue { r.moved(self, scene) } else { r.movedView = true }
        }
    }
    open var contentSize = CGSize.zero
    open var contentInset = UIEdgeInsets.zero
    /// The content inset with the safe area's; Flipbook draws no safe area, so the content inset.
    open var adjustedContentInset: UIEdgeInsets { contentInset }
    /// Its scrolling options, kept as the scene's views keep them (ScrollBehavior: UIKit's defaults).
    var scrolling = ScrollBehavior()
    open var isPagingEnabled: Bool { get { scrolling.isPagingEnabled } set { scrolling.isPagingEnabled = newValue } }
    open var bounces: Bool { get { scrolling.bounces } set { scrolling.bounces = newValue } }
    open var alwaysBounceVertical: Bool { get { scrolling.alwaysBounceVertical } set { scrolling.alwaysBounceVertical = newValue } }
    open var alwaysBounceHorizontal: Bool { get { scrolling.alwaysBounceHorizontal } set { scrolling.alwaysBounceHorizontal = newValue } }
    open var isScrollEnabled: Bool { get { scrolling.isScrollEnabled } set { scrolling.isScrollEnabled = newValue } }
    open var decelerationRate: DecelerationRate {
        get { DecelerationRate(rawValue: CGFloat(scrolling.decelerationRate)) }
        set { scrolling.decelerationRate = Double(newValue.rawValue) }
    }
    open var showsVerticalScrollIndicator = true
    open var showsHorizontalScrollIndicator = true
}

/// UIScrollView's `delegate` lives on this protocol's extension so that UICollectionView's
/// `delegate` can be a UICollectionViewDelegate, as UIKit declares them (Swift does not let a
/// subclass's property change the type of a class's). Not for your code to adopt.
public protocol _UIScrollViewDelegating: UIScrollView {}
extension UIScrollView: _UIScrollViewDelegating {}
extension _UIScrollViewDelegating {
    /// https://developer.apple.com/documentation/uikit/uiscrollview/delegate — weak, as UIKit's.
    public var delegate: UIScrollViewDelegate? {
        get { (self as? UICollectionView).map { $0.delegate } ?? scrollViewDelegate }
        set {
            if let cv = self as? UICollectionView { cv.delegate = newValue as? UICollectionViewDelegate } else { scrollViewDelegate = newValue }
        }
    }
}

/// https://developer.apple.com/documentation/uikit/uicollectionreusableview
open class UICollectionReusableView: UIView {
    open private(set) var reuseIdentifier: String?

    public override init(frame: CGRect) { super.init(frame: frame) }
    public required init?(coder: NSCoder) { super.init(coder: coder) }
    /// `init(frame: .zero)`. Required, so that a collection view can make a registered class (a
    /// subclass overriding init(frame:) and init?(coder:), as cells do, inherits it); UIKit
    /// makes them with init(frame:), which Swift can call on a class only when it is required.
    public required convenience init() { self.init(frame: .zero) }

    open func prepareForReuse() {}
    /// Called with the attributes the layout gives this view; a subclass reads its own fields here.
    open func apply(_ layoutAttributes: UICollectionViewLayoutAttributes) {}
    /// A self-sizing layout's question (a flow layout with `estimatedItemSize`): the attributes
    /// with the size the view's Auto Layout constraints fit it to from the estimate, on both
    /// axes (`systemLayoutSizeFitting(_:)`); override it to hold one axis, as apps do.
    open func preferredLayoutAttributesFitting(_ layoutAttributes: UICollectionViewLayoutAttributes) -> UICollectionViewLayoutAttributes {
        let fitted = layoutAttributes.copy() as! UICollectionViewLayoutAttributes
        frame = CGRect(origin: .zero, size: layoutAttributes.size)
        fitted.size = systemLayoutSizeFitting(layoutAttributes.size)
        return fitted
    }

    func setReuseIdentifier(_ identifier: String) { reuseIdentifier = identifier }
}

/// https://developer.apple.com/documentation/uikit/uicollectionviewcell
open class UICollectionViewCell: UICollectionReusableView {
    /// The view a cell's content goes in, the cell's first subview, as large as the cell.
    public let contentView = UIView()

    public override init(frame: CGRect) {
        super.init(frame: frame)
        contentView.frame = bounds
        addSubview(contentView)
    }
    public required init?(coder: NSCoder) {
        super.init(coder: coder)
        addSubview(contentView)
    }

    open override func layoutSubviews() {
        super.layoutSubviews()
        contentView.frame = bounds
        backgroundView?.frame = bounds
        selectedBackgroundView?.frame = bounds
    }
    open var isSelected = false { didSet { if isSelected != oldValue { setNeedsUpdateConfiguration() } } }
    open var isHighlighted = false { didSet { if isHighlighted != oldValue { setNeedsUpdateConfiguration() } } }
    /// The fill the cell's item was made with (UIKitCellLook), to tell a fill changed since.
    var madeWithFill: Color?
    /// The item the cell was made for, in the scene.
    var sceneItemID: String?

    /// While your code runs during the scene, where the cell's item is on screen then (the view's
    /// content coordinates, as UIKit's cells are), asked only when read; otherwise where it was
    /// laid out.
    open override var center: CGPoint {
        get {
            if let id = sceneItemID, let f = SceneRecording.current?.visibleFrames[id] { return CGPoint(x: f.midX, y: f.midY) }
            return super.center
        }
        set { super.center = newValue }
    }

    /// Hiding the cell during the scene hides its item (the way to leave a snapshot view in
    /// its place).
    open override var isHidden: Bool {
        didSet {
            if isHidden != oldValue, let id = sceneItemID, let r = SceneRecording.current { r.snapshot(.hide(item: id, isHidden)) }
        }
    }

    /// The cell's background as a value, drawn in place of `backgroundView`
    /// (https://developer.apple.com/documentation/uikit/uicollectionviewcell/backgroundconfiguration).
    open var backgroundConfiguration: UIBackgroundConfiguration?
    /// Called with the cell's state when it is made and whenever its state changes
    /// (https://developer.apple.com/documentation/uikit/uicollectionviewcell/configurationupdatehandler-swift.property).
    open var configurationUpdateHandler: ((UICollectionViewCell, UICellConfigurationState) -> Void)?
    /// The state the cell is in (highlighted, selected).
    open var configurationState: UICellConfigurationState {
        var state = UICellConfigurationState()
        state.isHighlighted = isHighlighted
        state.isSelected = isSelected
        return state
    }
    /// Configures the cell for `state`; by default, calls `configurationUpdateHandler`
    /// (https://developer.apple.com/documentation/uikit/uicollectionviewcell/updateconfiguration(using:)).
    open func updateConfiguration(using state: UICellConfigurationState) {
        configurationUpdateHandler?(self, state)
    }
    /// Asks for `updateConfiguration(using:)` with the current state (here: at once).
    open func setNeedsUpdateConfiguration() { updateConfiguration(using: configurationState) }
    /// The cell's content as a configuration; a UIListContentConfiguration draws the cell as a
    /// list row (https://developer.apple.com/documentation/uikit/uicollectionviewcell/contentconfiguration).
    open var contentConfiguration: UIContentConfiguration?
    /// Drawn behind the content view, sized to the cell
    /// (https://developer.apple.com/documentation/uikit/uicollectionviewcell/backgroundview).
    open var backgroundView: UIView?
    /// Drawn instead of `backgroundView` while the cell is highlighted or selected
    /// (https://developer.apple.com/documentation/uikit/changing-the-appearance-of-selected-and-highlighted-cells).
    open var selectedBackgroundView: UIView?
}

/// https://developer.apple.com/documentation/uikit/uiviewcontroller — enough for the code that
/// builds a collection view in `viewDidLoad()`; Flipbook reads the collection view, not the
/// controller (Scene(name:canvas:fps:duration:collectionView:)).
open class UIViewController: NSObject {
    private var loadedView: UIView?
    /// Made (loadView(), then viewDidLoad()) the first time it is read, screen-sized, as UIKit does.
    open var view: UIView! {
        get {
            if loadedView == nil {
                loadView()
                loadedView?.owningViewController = self
                viewDidLoad()
            }
            return loadedView
        }
        set {
            loadedView = newValue
            newValue?.owningViewController = self
        }
    }
    /// Insets added to the root view's safe area (https://developer.apple.com/documentation/uikit/uiviewcontroller/additionalsafeareainsets).
    open var additionalSafeAreaInsets = UIEdgeInsets.zero
    /// The screen's traits (UITraitCollection.screen).
    open var traitCollection: UITraitCollection { .screen }
    open func traitCollectionDidChange(_ previousTraitCollection: UITraitCollection?) {}

    // The appearance callbacks, called as UIKit calls them when the view comes on screen: a
    // scene made from the controller calls viewWillAppear(false), lays the view out
    // (viewWillLayoutSubviews, viewDidLayoutSubviews), then viewDidAppear(false)
    // (https://developer.apple.com/documentation/uikit/uiviewcontroller#Responding-to-view-related-events).
    // The view does not go off screen during a scene: the disappearance ones are not called.
    open func viewWillAppear(_ animated: Bool) {}
    open func viewDidAppear(_ animated: Bool) {}
    open func viewWillDisappear(_ animated: Bool) {}
    open func viewDidDisappear(_ animated: Bool) {}
    open func viewWillLayoutSubviews() {}
    open func viewDidLayoutSubviews() {}
    /// The size does not change during a scene: never called by Flipbook.
    open func viewWillTransition(to size: CGSize, with coordinator: UIViewControllerTransitionCoordinator) {}
    /// The view's appearance, as a window shows it (Scene(name:…viewController:)).
    func appear() {
        loadViewIfNeeded()
        viewWillAppear(false)
        viewWillLayoutSubviews()
        view.layoutSubviews()
        viewDidLayoutSubviews()
        viewDidAppear(false)
    }
    open var isViewLoaded: Bool { loadedView != nil }
    /// Also the navigation item's title, as UIKit sets it.
    open var title: String? { didSet { navigationItem.title = title } }
    /// What a navigation bar shows for this controller (NavigationItems.swift); the controller
    /// sits in no navigation controller in a scene, so no bar shows it.
    public private(set) lazy var navigationItem = UINavigationItem()
    /// The navigation controller whose stack this controller is in, if any.
    open var navigationController: UINavigationController? { navigationControllerStorage }
    weak var navigationControllerStorage: UINavigationController?
    /// All edges by default (https://developer.apple.com/documentation/uikit/uiviewcontroller/edgesforextendedlayout).
    /// Flipbook draws no bars of its own: the scene places the view where the bars leave it.
    open var edgesForExtendedLayout = UIRectEdge.all

    public override init() { super.init() }
    public init(nibName nibNameOrNil: String?, bundle nibBundleOrNil: Bundle?) { super.init() }
    public required init?(coder: NSCoder) { super.init() }

    open func loadView() { loadedView = UIView(frame: UIScreen.main.bounds) }
    open func viewDidLoad() {}
    open func loadViewIfNeeded() { _ = view }
}

/// A button (https://developer.apple.com/documentation/uikit/uibutton), drawn in a cell from
/// its image and title side by side, centred in its bounds, over its background colour: the
/// title in its title colour for the state, else (a system button) its tint; the image a
/// template in the tint on a system button. UIKit does not publish its default title fonts, so
/// a title is drawn in the font the app gives `titleLabel` (a title in the unset default is one
/// line naming it). Its target-action has no Objective-C runtime to call on Linux (a scene's
/// code step calls the action instead).
open class UIButton: UIView {
    public struct State: OptionSet, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        public static let normal = State([])
        public static let highlighted = State(rawValue: 1 << 0)
        public static let disabled = State(rawValue: 1 << 1)
        public static let selected = State(rawValue: 1 << 2)
    }
    /// https://developer.apple.com/documentation/uikit/uibutton/buttontype
    public enum ButtonType: Int, Sendable { case custom = 0, system, detailDisclosure, infoLight, infoDark, contactAdd, close }

    /// `.custom` for a button made with `init(frame:)` (what `UIButton()` makes).
    open private(set) var buttonType = ButtonType.custom
    public convenience init(type buttonType: ButtonType) {
        self.init(frame: .zero)
        self.buttonType = buttonType
    }

    private var titles: [UInt: String] = [:]
    private var titleColors: [UInt: UIColor] = [:]
    private var images: [UInt: UIImage] = [:]
    open func setTitle(_ title: String?, for state: State) { titles[state.rawValue] = title }
    open func title(for state: State) -> String? { titles[state.rawValue] ?? titles[State.normal.rawValue] }
    open func setTitleColor(_ color: UIColor?, for state: State) { titleColors[state.rawValue] = color }
    /// The colour set for the state, else the normal state's; nil when none was set.
    open func titleColor(for state: State) -> UIColor? { titleColors[state.rawValue] ?? titleColors[State.normal.rawValue] }
    open func setImage(_ image: UIImage?, for state: State) { images[state.rawValue] = image }
    open func image(for state: State) -> UIImage? { images[state.rawValue] ?? images[State.normal.rawValue] }
    open var isSelected = false
    open var isEnabled = true
    open var isHighlighted = false
    /// The state the button is drawn in.
    open var state: State {
        var s = State.normal
        if isHighlighted { s.insert(.highlighted) }
        if !isEnabled { s.insert(.disabled) }
        if isSelected { s.insert(.selected) }
        return s
    }
    open var currentTitle: String? { title(for: state) }

    /// The label the title is drawn in: set its font (UIKit's default is not published).
    open private(set) lazy var titleLabel: UILabel? = ButtonTitleLabel()

    /// The title's colour as drawn: the state's, else a system button's tint; nil when neither.
    var drawnTitleColor: UIColor? { titleColor(for: state) ?? (buttonType == .system ? tintColor : nil) }

    /// The title label's size with 6 pt above and below, as UIKit sizes a button around its
    /// title (measured, a public report: https://example-a.com/answer/70778238, a copy of a Stack
    /// Overflow answer), widened by the image beside it and at least the image's height.
    open override var intrinsicContentSize: CGSize {
        var size = CGSize(width: 0, height: 0)
        if let title = currentTitle, !title.isEmpty, let label = titleLabel {
            label.text = title
            let text = label.intrinsicContentSize
            size = CGSize(width: text.width, height: text.height + 12)
        }
        if let image = currentImage {
            size = CGSize(width: size.width + image.size.width, height: max(size.height, image.size.height))
        }
        return size
    }
    /// Its content's size (intrinsicContentSize).
    open override func sizeThatFits(_ size: CGSize) -> CGSize { intrinsicContentSize }
    /// The image for the current state (https://developer.apple.com/documentation/uikit/uibutton/currentimage).
    open var currentImage: UIImage? { image(for: state) }
}

/// A button's title label: knows whether the app gave it a font.
final class ButtonTitleLabel: UILabel {
    private(set) var fontWasSet = false
    override var font: UIFont! { didSet { fontWasSet = true } }
}

/// What a size change's animation offers (https://developer.apple.com/documentation/uikit/uiviewcontrollertransitioncoordinator):
/// no size changes during a scene, so nothing calls it.
public protocol UIViewControllerTransitionCoordinator: AnyObject {}

/// https://developer.apple.com/documentation/uikit/uirectedge
public struct UIRectEdge: OptionSet, Sendable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }
    public static let top = UIRectEdge(rawValue: 1 << 0)
    public static let left = UIRectEdge(rawValue: 1 << 1)
    public static let bottom = UIRectEdge(rawValue: 1 << 2)
    public static let right = UIRectEdge(rawValue: 1 << 3)
    public static let all: UIRectEdge = [.top, .left, .bottom, .right]
}
