import FlipbookCore
import FlipbookRender

/// A report's folder: report.html, report.json, junit.xml and `images/<folder>/frame-…png`,
/// written through a directory handle. Clearing an old report removes only those names, and
/// image paths read back from a report.json are accepted only in the form Flipbook writes
/// them, for the scene they belong to: a report is data, never a list of paths to follow.
public final class ReportDirectory: @unchecked Sendable {
    public let directory: Directory
    public static let files = ["report.html", "report.json", "junit.xml"]
    public static let imagesFolder = "images"
    public static let imageKinds = ["baseline", "candidate", "diff"]

    /// Opens (with `create`, making) the report folder at `path`; `strict` for a path the user
    /// did not name (the default flipbook-report), where no component may be a link.
    public init(path: String, strict: Bool = false, create: Bool = true) throws {
        directory = try Directory.open(path, create: create, strict: strict).0
    }

    public var path: String { directory.path }

    /// Removes what an earlier report left: its three files and its images folder, only when
    /// everything in that folder is a report image (else nothing goes, and the stranger is named).
    public func clear() throws {
        if let stranger = try imagesStranger() { throw FileError.stranger(stranger) }
        for name in ReportDirectory.files {
            if let k = directory.kind(of: name) {
                guard k == .file || k == .link else { throw FileError(directory.child(name), "is not a file Flipbook wrote; nothing was removed", refused: true) }
                try directory.remove(name)
            }
        }
        try directory.removeTree(ReportDirectory.imagesFolder) { name, kind in
            kind == .directory ? ReportDirectory.isFolderName(name) : (kind == .file && ReportDirectory.isImageFileName(name))
        }
    }

    private func imagesStranger() throws -> String? {
        switch directory.kind(of: ReportDirectory.imagesFolder) {
        case nil: return nil
        case .directory?:
            return try directory.directory(ReportDirectory.imagesFolder).firstStranger { name, kind in
                kind == .directory ? ReportDirectory.isFolderName(name) : (kind == .file && ReportDirectory.isImageFileName(name))
            }
        default: return directory.child(ReportDirectory.imagesFolder)
        }
    }

    // MARK: - Names

    /// A scene's images folder: its name with anything but letters, digits, "-" and "_" as
    /// "_", and when that changed the name, 8 hex digits of a hash of it, so that "a.b" and
    /// "a_b" never share a folder.
    public static func folder(forScene name: String) -> String {
        let safe = String(name.unicodeScalars.prefix(80).map { c -> Character in
            c.properties.isAlphabetic || ("0"..."9").contains(c) || c == "-" || c == "_" ? Character(c) : "_"
        })
        if safe == name && !safe.isEmpty { return safe }
        return safe + "-" + String(FNV1a.hex(name.utf8).suffix(8))
    }

    /// The path of frame `frame`'s `kind` image of scene `scene`, relative to the report.
    public static func imagePath(scene: String, frame: Int, kind: String) -> String {
        let stem = OutputFormats.frameFileName(frame, ext: "").dropLast()
        return "\(imagesFolder)/\(folder(forScene: scene))/\(stem)-\(kind).png"
    }

    /// Whether `relative` is exactly the path Flipbook writes for one of `scene`'s images.
    public static func isImagePath(_ relative: String, scene: String) -> Bool {
        let parts = relative.split(separator: "/", omittingEmptySubsequences: false)
        return parts.count == 3 && parts[0] == imagesFolder && parts[1] == folder(forScene: scene) && isImageFileName(String(parts[2]))
    }

    static func isFolderName(_ name: String) -> Bool {
        !name.isEmpty && !name.hasPrefix(".") && name.unicodeScalars.allSatisfy {
            $0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "-" || $0 == "_"
        }
    }

    /// `frame-` + at least five digits + `-baseline.png`, `-candidate.png` or `-diff.png`.
    static func isImageFileName(_ name: String) -> Bool {
        for kind in imageKinds where name.hasSuffix("-\(kind).png") {
            return OutputFormats.frameIndex(fileName: String(name.dropLast(kind.count + 5)) + ".png", ext: "png") != nil
        }
        return false
    }

    // MARK: - Images

    /// Writes one of `scene`'s images and returns its relative path.
    func writeImage(scene: String, frame: Int, kind: String, _ bytes: [UInt8]) throws -> String {
        let relative = ReportDirectory.imagePath(scene: scene, frame: frame, kind: kind)
        try copyImage(relative, scene: scene, bytes)
        return relative
    }

    /// Writes `bytes` as the image at `relative` (a path in Flipbook's own form for `scene`).
    public func copyImage(_ relative: String, scene: String, _ bytes: [UInt8]) throws {
        guard ReportDirectory.isImagePath(relative, scene: scene) else {
            throw FileError(directory.child(relative), "is not an image path Flipbook writes for scene \(InputError.quote(scene))", refused: true)
        }
        let parts = relative.split(separator: "/").map(String.init)
        let folder = try directory.directory(parts[0], create: true).directory(parts[1], create: true)
        try folder.replace(parts[2], bytes)
    }

    /// The bytes of an image this report holds (a path in Flipbook's own form only).
    public func readImage(_ relative: String, scene: String, maxBytes: Int) throws -> [UInt8] {
        guard ReportDirectory.isImagePath(relative, scene: scene) else {
            throw FileError(directory.child(relative), "is not an image path Flipbook writes for scene \(InputError.quote(scene))", refused: true)
        }
        return try directory.read(relative, maxBytes: maxBytes)
    }
}
