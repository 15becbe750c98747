import Foundation
import FlipbookCore
import FlipbookGraphics

/// A PNG picture (https://developer.apple.com/documentation/uikit/uiimage), read and decoded when
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

    /// The image of that name in `searchDirectories`, or nil (as UIKit answers a missing name).
    public convenience init?(named name: String) {
        for folder in UIImage.searchDirectories {
            for candidate in [name, name + ".png", name + "@2x.png"] {
                let path = (folder as NSString).appendingPathComponent(candidate)
                if FileManager.default.fileExists(atPath: path), let data = try? ImageStore.read(path) {
                    self.init(data: data)
                    return
                }
            }
        }
        return nil
    }

    /// The PNG at `path`, or nil when it is missing or not a PNG Flipbook reads.
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
    open var image: UIImage?
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
