/// A picture as a timeline carries it: the PNG's bytes and their pixels, read and decoded once
/// when the scene was read, named by the bytes' FNV-1a hash. A frame drawn on any thread, in
/// any backend, draws these pixels — never a file looked up again by its path, which may have
/// changed or gone since (a missing or unreadable image is an error when it is read, naming
/// it). Two images are equal when they come from the same file with the same bytes.
///
/// A look read back from a recording (keyframes.json, a golden) names its image by file name
/// and hash only (`isReference`): enough to compare two timelines, not to draw one.
public final class ImageData: Hashable, Sendable, CustomStringConvertible {
    /// Where it was read from (a path), or the file name a recording gives.
    public let source: String
    /// 16 hex digits of FNV-1a over the file's bytes.
    public let digest: String
    /// The image file as read, a PNG or a JPEG (what the animated SVG embeds); empty for a reference.
    public let png: [UInt8]
    public let width: Int
    public let height: Int
    /// Premultiplied ARGB32 rows of `stride` bytes, as Cairo draws them; empty for a reference.
    package let pixels: [UInt8]
    package let stride: Int

    /// An image decoded from `png` (FlipbookGraphics' ImageStore decodes and makes these).
    package init(source: String, png: [UInt8], width: Int, height: Int, stride: Int, pixels: [UInt8]) {
        self.source = source; self.png = png; self.width = width; self.height = height; self.stride = stride; self.pixels = pixels
        digest = FNV1a.hex(png)
    }

    /// An image a recording names ("avatar.png#0123456789abcdef"): no bytes, no pixels.
    package init(reference name: String) {
        let parts = name.split(separator: "#", omittingEmptySubsequences: false)
        source = parts.count > 1 ? parts.dropLast().joined(separator: "#") : name
        digest = parts.count > 1 ? String(parts.last!) : ""
        png = []; pixels = []; width = 0; height = 0; stride = 0
    }

    /// Whether this is only a name and a hash read back from a recording.
    package var isReference: Bool { pixels.isEmpty }

    /// The file's name (its path's last part).
    package var fileName: String { source.split(separator: "/").last.map(String.init) ?? source }

    /// How a recording names it: the file's name and the hash of its bytes.
    public var description: String { fileName + "#" + digest }

    public static func == (a: ImageData, b: ImageData) -> Bool { a === b || (a.digest == b.digest && a.fileName == b.fileName) }
    public func hash(into h: inout Hasher) { h.combine(digest); h.combine(fileName) }
}
