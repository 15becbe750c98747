import Foundation
import FlipbookCore
import FlipbookGraphics

/// A PNG picture (https://developer.apple.com/documentation/uikit/uiimage), read and decoded when
/// it is made, as Flipbook reads a scene's images (no file is looked up while drawing).
public final class UIImage: NSObject, @unchecked Sendable {
    let data: ImageData

    init(data: ImageData) { self.data = data }

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

/// https://developer.apple.com/documentation/uikit/uiimageview
open class UIImageView: UIView {
    open var image: UIImage?
    /// The image's size in points.
    open override var intrinsicContentSize: CGSize { image?.size ?? CGSize(width: UIView.noIntrinsicMetric, height: UIView.noIntrinsicMetric) }

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
