import Foundation
import FlipbookCore
import FlipbookAnimation
import FlipbookSimulation

/// The layout between two layouts during an interactive transition
/// (https://developer.apple.com/documentation/uikit/uicollectionviewtransitionlayout): setting
/// `transitionProgress` during the scene moves every item that far from its place in
/// `currentLayout` to its place in `nextLayout`, as Flipbook's TransitionLayout interpolates them.
open class UICollectionViewTransitionLayout: UICollectionViewLayout {
    public let currentLayout: UICollectionViewLayout
    public let nextLayout: UICollectionViewLayout
    private var animatedValues: [String: CGFloat] = [:]

    open var transitionProgress: CGFloat = 0 {
        didSet { SceneRecording.current?.transition(.progress(Double(transitionProgress))) }
    }

    public init(currentLayout: UICollectionViewLayout, nextLayout: UICollectionViewLayout) {
        self.currentLayout = currentLayout
        self.nextLayout = nextLayout
        super.init()
    }
    public required init?(coder: NSCoder) { fatalError("a transition layout is made by startInteractiveTransition(to:)") }

    /// A value of your own that the layout reads during the transition.
    open func updateValue(_ value: CGFloat, forAnimatedKey key: String) { animatedValues[key] = value }
    open func value(forAnimatedKey key: String) -> CGFloat { animatedValues[key] ?? 0 }
}

extension UICollectionView {
    /// https://developer.apple.com/documentation/uikit/uicollectionview/layoutinteractivetransitioncompletion
    public typealias LayoutInteractiveTransitionCompletion = (_ completed: Bool, _ finished: Bool) -> Void

    /// Begins an interactive transition to `layout`
    /// (https://developer.apple.com/documentation/uikit/uicollectionview/startinteractivetransition(to:completion:)):
    /// during the scene, the items follow the returned layout's `transitionProgress` from here on.
    @discardableResult
    public func startInteractiveTransition(to layout: UICollectionViewLayout,
                                           completion: LayoutInteractiveTransitionCompletion? = nil) -> UICollectionViewTransitionLayout {
        let transition = UICollectionViewTransitionLayout(currentLayout: collectionViewLayout, nextLayout: layout)
        transition.collectionView = self
        layout.collectionView = self
        guard let r = SceneRecording.current, interactiveTransition == nil else { return transition }
        interactiveTransition = (transition, completion)
        r.transition(.start(next: UIKitLayout(collectionView: self, layout: layout)))
        return transition
    }

    /// The items animate to the next layout over Core Animation's default 0.25 s, which becomes
    /// the view's layout; the completion runs then with `completed` true.
    public func finishInteractiveTransition() { endInteractiveTransition(finished: true) }

    /// The items animate back to the layout the transition began from; `completed` is false.
    public func cancelInteractiveTransition() { endInteractiveTransition(finished: false) }

    private func endInteractiveTransition(finished: Bool) {
        guard let r = SceneRecording.current, let (transition, completion) = interactiveTransition else { return }
        interactiveTransition = nil
        if finished {
            r.swappingLayout = true
            collectionViewLayout = transition.nextLayout
            r.swappingLayout = false
        }
        let first = r.actions.count
        let timing = AnimationTiming.standard
        r.transition(.end(layout: UIKitLayout(collectionView: self), timing: timing))
        if let completion { r.run({ _ in completion(finished, true) }, afterChangesSince: first, timing: timing) }
    }
}
