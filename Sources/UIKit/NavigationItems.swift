import Foundation

// What a view controller says about the bar above it (issue 62): its navigation item, bar
// button items, and the actions and menus they carry. A view controller a scene is made from
// sits in no navigation controller, so UIKit draws no bar for it and Flipbook draws none: the
// item is kept, as UIKit keeps it, for the controller's code to read. The scene's `chrome`
// draws a bar where the screen has one.

/// https://developer.apple.com/documentation/uikit/uiaction: a menu element with a handler,
/// what a button or bar button item runs (the closure form of target-action, which needs
/// the Objective-C runtime).
open class UIAction: UIMenuElement {
    public typealias Identifier = String
    open var image: UIImage?
    open var identifier: Identifier
    open var discoverabilityTitle: String?
    open var attributes: UIMenuElement.Attributes
    open var state: UIMenuElement.State
    let handler: (UIAction) -> Void

    public init(title: String = "", image: UIImage? = nil, identifier: Identifier? = nil, discoverabilityTitle: String? = nil,
                attributes: UIMenuElement.Attributes = [], state: UIMenuElement.State = .off, handler: @escaping (UIAction) -> Void) {
        self.image = image
        self.identifier = identifier ?? UIAction.madeIdentifier()
        self.discoverabilityTitle = discoverabilityTitle
        self.attributes = attributes
        self.state = state
        self.handler = handler
        super.init(title: title)
    }

    /// Runs the handler, as UIKit does when the control or item is triggered (touches on bar
    /// items are not delivered; UIKit has no public way to call it).
    package func perform() { handler(self) }
}

/// https://developer.apple.com/documentation/uikit/uimenuelement
open class UIMenuElement: NSObject {
    open var title: String
    init(title: String) { self.title = title }

    /// https://developer.apple.com/documentation/uikit/uimenuelement/attributes
    public struct Attributes: OptionSet, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        public static let disabled = Attributes(rawValue: 1 << 0)
        public static let destructive = Attributes(rawValue: 1 << 1)
        public static let hidden = Attributes(rawValue: 1 << 2)
        public static let keepsMenuPresented = Attributes(rawValue: 1 << 3)
    }
    /// https://developer.apple.com/documentation/uikit/uimenuelement/state
    public enum State: Int, Sendable { case off = 0, on, mixed }
}

/// https://developer.apple.com/documentation/uikit/uimenu: kept for the code that reads it;
/// a menu is shown by a touch and hold Flipbook does not deliver to bars.
open class UIMenu: UIMenuElement {
    public struct Options: OptionSet, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        public static let displayInline = Options(rawValue: 1 << 0)
        public static let destructive = Options(rawValue: 1 << 1)
        public static let singleSelection = Options(rawValue: 1 << 5)
    }
    open private(set) var children: [UIMenuElement]
    open var options: Options
    open var image: UIImage?
    public init(title: String = "", image: UIImage? = nil, options: Options = [], children: [UIMenuElement] = []) {
        self.children = children; self.options = options; self.image = image
        super.init(title: title)
    }
}

/// https://developer.apple.com/documentation/uikit/uibaritem
open class UIBarItem: NSObject {
    open var title: String?
    open var image: UIImage?
    open var isEnabled = true
    open var tag = 0
}

/// https://developer.apple.com/documentation/uikit/uibarbuttonitem: the modern initialisers
/// (an action or a menu; target-action needs `#selector`, which Linux's Swift has not).
open class UIBarButtonItem: UIBarItem {
    /// https://developer.apple.com/documentation/uikit/uibarbuttonitem/style
    public enum Style: Int, Sendable { case plain = 0, bordered, done }
    /// https://developer.apple.com/documentation/uikit/uibarbuttonitem/systemitem, UIKit's raw values.
    public enum SystemItem: Int, Sendable {
        case done = 0, cancel, edit, save, add, flexibleSpace, fixedSpace, compose, reply, action, organize, bookmarks, search,
             refresh, stop, camera, trash, play, pause, rewind, fastForward, undo, redo, pageCurl, close
    }
    open var style = Style.plain
    open private(set) var systemItem: SystemItem?
    open var primaryAction: UIAction?
    open var menu: UIMenu?
    open var customView: UIView?
    open var width: CGFloat = 0
    open var tintColor: UIColor?

    public override init() { super.init() }
    public init(title: String? = nil, image: UIImage? = nil, primaryAction: UIAction? = nil, menu: UIMenu? = nil) {
        super.init()
        self.title = title ?? primaryAction?.title
        self.image = image ?? primaryAction?.image
        self.primaryAction = primaryAction
        self.menu = menu
    }
    public init(systemItem: SystemItem, primaryAction: UIAction? = nil, menu: UIMenu? = nil) {
        super.init()
        self.systemItem = systemItem
        self.primaryAction = primaryAction
        self.menu = menu
    }
    public init(customView: UIView) {
        super.init()
        self.customView = customView
    }
    /// A fixed space of `width` points; a flexible one.
    public class func fixedSpace(_ width: CGFloat) -> UIBarButtonItem {
        let item = UIBarButtonItem(systemItem: .fixedSpace)
        item.width = width
        return item
    }
    public class func flexibleSpace() -> UIBarButtonItem { UIBarButtonItem(systemItem: .flexibleSpace) }
}

/// https://developer.apple.com/documentation/uikit/uinavigationitem: what a navigation bar
/// shows for its view controller. Kept; drawn by no bar in a scene (above).
open class UINavigationItem: NSObject {
    /// https://developer.apple.com/documentation/uikit/uinavigationitem/largetitledisplaymode-swift.enum
    public enum LargeTitleDisplayMode: Int, Sendable { case automatic = 0, always, never, inline }
    open var title: String?
    open var prompt: String?
    open var titleView: UIView?
    open var backButtonTitle: String?
    open var hidesBackButton = false
    open var largeTitleDisplayMode = LargeTitleDisplayMode.automatic
    open var leftBarButtonItems: [UIBarButtonItem]?
    open var rightBarButtonItems: [UIBarButtonItem]?
    /// The first of `leftBarButtonItems`; setting it replaces them.
    open var leftBarButtonItem: UIBarButtonItem? {
        get { leftBarButtonItems?.first }
        set { leftBarButtonItems = newValue.map { [$0] } }
    }
    open var rightBarButtonItem: UIBarButtonItem? {
        get { rightBarButtonItems?.first }
        set { rightBarButtonItems = newValue.map { [$0] } }
    }
    open var leftItemsSupplementBackButton = false

    public init(title: String) { self.title = title }
    public override init() {}

    open func setLeftBarButton(_ item: UIBarButtonItem?, animated: Bool) { leftBarButtonItem = item }
    open func setRightBarButton(_ item: UIBarButtonItem?, animated: Bool) { rightBarButtonItem = item }
    open func setLeftBarButtonItems(_ items: [UIBarButtonItem]?, animated: Bool) { leftBarButtonItems = items }
    open func setRightBarButtonItems(_ items: [UIBarButtonItem]?, animated: Bool) { rightBarButtonItems = items }
}

extension UIAction {
    /// An identifier for an action made without one: UIKit makes a unique string; Flipbook
    /// numbers them per scene host, so a run makes the same ones every time.
    static func madeIdentifier() -> String {
        guard let host = UIKitHost.running else { return "com.apple.action.dynamic" }
        host.actionCount += 1
        return "com.apple.action.dynamic.\(host.actionCount)"
    }
}

/// https://developer.apple.com/documentation/uikit/uinavigationbar: its options, kept.
open class UINavigationBar: UIView {
    open var prefersLargeTitles = false
    open var isTranslucent = true
    open var barTintColor: UIColor?
}

/// https://developer.apple.com/documentation/uikit/uinavigationcontroller: its stack of view
/// controllers, changed before the scene. Its bar is not drawn yet: a scene made from one is
/// refused with one line (make the scene from its top view controller; the scene's `chrome`
/// draws a bar).
open class UINavigationController: UIViewController {
    open var viewControllers: [UIViewController] = [] {
        didSet { for vc in viewControllers { vc.navigationControllerStorage = self } }
    }
    open var topViewController: UIViewController? { viewControllers.last }
    open var visibleViewController: UIViewController? { topViewController }
    public let navigationBar = UINavigationBar(frame: CGRect(x: 0, y: 0, width: 0, height: 44))
    open var isNavigationBarHidden = false

    public init(rootViewController: UIViewController) {
        super.init()
        viewControllers = [rootViewController]
        rootViewController.navigationControllerStorage = self
    }
    public override init() { super.init() }
    public required init?(coder: NSCoder) { super.init(coder: coder) }

    open func setNavigationBarHidden(_ hidden: Bool, animated: Bool) { isNavigationBarHidden = hidden }
    /// Before the scene, the stack changes; during it, a push or pop is not drawn yet (one line).
    open func pushViewController(_ viewController: UIViewController, animated: Bool) {
        if SceneRecording.current != nil { return UIKitHost.refuse("UINavigationController.pushViewController(_:animated:) during the scene is not drawn yet") }
        viewControllers.append(viewController)
    }
    @discardableResult
    open func popViewController(animated: Bool) -> UIViewController? {
        if SceneRecording.current != nil {
            UIKitHost.refuse("UINavigationController.popViewController(animated:) during the scene is not drawn yet")
            return nil
        }
        guard viewControllers.count > 1 else { return nil }
        return viewControllers.removeLast()
    }
    open func setViewControllers(_ viewControllers: [UIViewController], animated: Bool) { self.viewControllers = viewControllers }
}
