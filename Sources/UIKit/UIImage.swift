import Foundation
import FlipbookCore
import FlipbookGraphics

/// A PNG or JPEG picture (https://developer.apple.com/documentation/uikit/uiimage), read and decoded when
/// it is made, as Flipbook reads a scene's images (no file is looked up while drawing).
public final class UIImage: NSObject, @unchecked Sendable {
    let data: ImageData

    init(data: ImageData, renderingMode: RenderingMode = .automatic) { self.data = data; self.renderingMode = renderingMode }

    /// https://developer.apple.com/documentation/uikit/uiimage/renderingmode-swift.enum
    public enum RenderingMode: Int, Sendable {
        /// "Draw the image using the context's default rendering mode": an image view's is the
        /// picture as it is, a system button's a template (its tint applies to its image).
        case automatic = 0
        case alwaysOriginal
        /// "Always draw the image as a template image, ignoring its color information": its
        /// alpha filled with the view's tint colour.
        case alwaysTemplate
    }
    /// `.automatic` for an image read from a file.
    public let renderingMode: RenderingMode
    /// The same picture drawn in `renderingMode`.
    public func withRenderingMode(_ renderingMode: RenderingMode) -> UIImage { UIImage(data: data, renderingMode: renderingMode) }

    /// The folders `UIImage(named:)` looks in, in order, for "<name>", "<name>.png" or
    /// "<name>@2x.png": the main bundle's resources, as on iOS, then the working directory's
    /// `Resources` folder.
    static var searchDirectories: [String] { [Bundle.main.resourcePath, "Resources"].compactMap { $0 } }

    /// The image of that name in `searchDirectories`, or nil, as UIKit answers a missing name —
    /// and the scene being made then fails naming it (a blank where a picture should be is
    /// never silent).
    public convenience init?(named name: String) {
        self.init(named: name, folders: UIImage.searchDirectories)
    }

    /// The image of that name in `bundle`'s resources (a package's `Bundle.module`), else as
    /// `init(named:)` (https://developer.apple.com/documentation/uikit/uiimage/init(named:in:compatiblewith:)).
    public convenience init?(named name: String, in bundle: Bundle?, compatibleWith traitCollection: UITraitCollection?) {
        self.init(named: name, folders: (bundle?.resourcePath.map { [$0] } ?? []) + UIImage.searchDirectories)
    }

    /// An SF Symbol: Apple licenses the symbols for its own platforms only, so Flipbook has
    /// none; a PNG of the symbol's name in the search folders (`chevron.right.png` in
    /// Resources/) is drawn as the symbol, a template in the tint, as UIKit draws a symbol
    /// (https://developer.apple.com/documentation/uikit/uiimage/init(systemname:)). Without
    /// one, nil — and the scene being made fails naming the symbol and where to put it.
    public convenience init?(systemName name: String) {
        for folder in UIImage.searchDirectories {
            guard let dir = try? Directory.open(folder, followsLast: true).0 else { continue }
            for candidate in [name + ".png", name + "@2x.png"] {
                if let data = try? ImageStore.read(candidate, in: dir) {
                    self.init(data: data, renderingMode: .alwaysTemplate)
                    return
                }
            }
        }
        UIKitHost.refuse("UIImage(systemName: \"\(name)\"): Flipbook has no SF Symbols (Apple licenses them for its platforms only); put a PNG named \(name).png in \(UIImage.searchDirectories.joined(separator: " or ")) to draw it")
        return nil
    }

    private convenience init?(named name: String, folders: [String]) {
        // Each folder through its handle: a name leads to no file outside it (no "..", no link).
        for folder in folders {
            guard let dir = try? Directory.open(folder, followsLast: true).0 else { continue }
            for candidate in [name, name + ".png", name + "@2x.png", name + ".jpg", name + ".jpeg"] {
                if let data = try? ImageStore.read(candidate, in: dir) {
                    self.init(data: data)
                    return
                }
            }
        }
        let message = "UIImage(named: \"\(name)\") found no PNG or JPEG of that name in \(folders.joined(separator: ", "))"
        UIKitHost.refuse(message)
        return nil
    }

    /// The PNG or JPEG at `path`, or nil when it is missing or not an image Flipbook reads.
    public convenience init?(contentsOfFile path: String) {
        guard let data = try? ImageStore.read(path) else { return nil }
        self.init(data: data)
    }

    /// In points: the pixels at scale 1.
    public var size: CGSize { CGSize(width: data.width, height: data.height) }
    public var scale: CGFloat { 1 }
}


/// https://developer.apple.com/documentation/uikit/uiimageview: a template image is drawn in
/// its tintColor ("the color is applied to any template images attached to the image view").
open class UIImageView: UIView {
    open var image: UIImage? { didSet { treeChanged() } }
    /// The image's size in points.
    open override var intrinsicContentSize: CGSize { image?.size ?? CGSize(width: UIView.noIntrinsicMetric, height: UIView.noIntrinsicMetric) }
    /// The image's size (the view's own without one).
    open override func sizeThatFits(_ size: CGSize) -> CGSize { image?.size ?? bounds.size }

    public convenience init(image: UIImage?) {
        self.init(frame: CGRect(origin: .zero, size: image?.size ?? .zero))
        self.image = image
    }
}

extension UIView {
    /// https://developer.apple.com/documentation/uikit/uiview/contentmode
    public enum ContentMode: Int, Sendable {
        case scaleToFill, scaleAspectFit, scaleAspectFill, redraw, center, top, bottom, left, right, topLeft, topRight, bottomLeft, bottomRight
    }
}
