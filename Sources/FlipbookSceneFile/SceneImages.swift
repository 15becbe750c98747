import FlipbookCore
import FlipbookGraphics
import FlipbookJSON
import Foundation

/// The images one scene file loads: named relative to the scene's folder (or the decoder's
/// assets folder), read through that folder's handle — no absolute path, no "..", no link —
/// and within a budget of decoded bytes, so a scene from anywhere reads nothing outside its
/// project and cannot take the machine's memory with a few small files.
///
/// It also carries the decoder's text service, which "fit" widths are measured with while
/// the items that show the images are read.
final class SceneImages: @unchecked Sendable {
    let text: any TextMeasuring
    private let folderPath: String
    private let maxBytes: Int
    private let cancellation: Cancellation?
    private var folder: Directory?
    private var used = 0
    /// Each file read and decoded once per scene, however many items show it.
    private var loaded: [String: ImageData] = [:]

    init(sceneFile: String, assets: String?, maxBytes: Int, text: any TextMeasuring, cancellation: Cancellation? = nil) {
        self.cancellation = cancellation
        self.text = text
        if let assets {
            folderPath = assets
        } else if sceneFile == "-" {
            folderPath = "."
        } else {
            let parent = URL(fileURLWithPath: sceneFile).deletingLastPathComponent().path
            folderPath = sceneFile.contains("/") ? parent : "."
        }
        self.maxBytes = maxBytes
    }

    /// Reads and decodes the image `f` names: the value the timeline carries.
    func load(_ f: JSONField) throws -> ImageData {
        let name = try f.nonEmptyString()
        if name.hasPrefix("/") { throw f.error("expected a path relative to \(InputError.quote(folderPath)) (images stay inside the scene's folder), got the absolute path \(InputError.quote(name))") }
        if name.split(separator: "/", omittingEmptySubsequences: false).contains(where: { $0 == ".." || $0.isEmpty }) {
            throw f.error("expected a path inside \(InputError.quote(folderPath)) without \"..\" or empty parts, got \(InputError.quote(name))")
        }
        let dir: Directory
        if let folder { dir = folder } else {
            // The folder the user named the scene in (or --assets) may itself be reached
            // through links; nothing inside it is.
            do { dir = try Directory.open(folderPath, followsLast: true).0 } catch let e as FileError { throw f.error(e.description) }
            folder = dir
        }
        let key = dir.child(name)
        if let image = loaded[key] { return image }
        let image: ImageData
        do {
            image = try ImageStore.read(name, in: dir, cancellation: cancellation)
        } catch let e as GraphicsError {
            throw f.error("\(e.message): \(InputError.quote(key))")
        }
        loaded[key] = image
        used += image.pixels.count + image.png.count
        if used > maxBytes {
            throw f.error("the scene's images take \((used + (1 << 20) - 1) >> 20) MB decoded with this one, more than \(maxBytes >> 20) MB (a quarter of --max-memory); use smaller images or raise --max-memory")
        }
        return image
    }
}
