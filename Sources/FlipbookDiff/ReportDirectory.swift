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

    /// The images folder of the report's scene number `index` (its place in name order):
    /// the index, then for the reader the name's first 60 letters, digits, "-" and "_" (others
    /// as "_"). Unique by construction, whatever the names ("a.b" and "a_b", or two names a
    /// hash would mix up).
    package static func folder(forScene name: String, index: Int) -> String {
        let safe = String(name.unicodeScalars.prefix(60).map { c -> Character in
            c.properties.isAlphabetic || ("0"..."9").contains(c) || c == "-" || c == "_" ? Character(c) : "_"
        })
        return "\(index)-\(safe)"
    }

    /// The path of frame `frame`'s `kind` image of scene number `index`, named `scene`,
    /// relative to the report.
    package static func imagePath(scene: String, index: Int, frame: Int, kind: String) -> String {
        let stem = OutputFormats.frameFileName(frame, ext: "").dropLast()
        return "\(imagesFolder)/\(folder(forScene: scene, index: index))/\(stem)-\(kind).png"
    }

    /// Whether `relative` is exactly the path Flipbook writes for one of the images of scene
    /// number `index`, named `scene`.
    package static func isImagePath(_ relative: String, scene: String, index: Int) -> Bool {
        let parts = relative.split(separator: "/", omittingEmptySubsequences: false)
        return parts.count == 3 && parts[0] == imagesFolder && parts[1] == folder(forScene: scene, index: index) && isImageFileName(String(parts[2]))
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

    /// Writes one of the images of scene number `index` and returns its relative path.
    package func writeImage(scene: String, index: Int, frame: Int, kind: String, _ bytes: [UInt8]) throws -> String {
        let relative = ReportDirectory.imagePath(scene: scene, index: index, frame: frame, kind: kind)
        precondition(ReportDirectory.imageKinds.contains(kind), "an image kind Flipbook writes")
        let parts = relative.split(separator: "/").map(String.init)
        let folder = try directory.directory(parts[0], create: true).directory(parts[1], create: true)
        try folder.replace(parts[2], bytes)
        return relative
    }

    /// The bytes of an image this report holds (a path in Flipbook's own form only).
    public func readImage(_ relative: String, scene: String, index: Int, maxBytes: Int) throws -> [UInt8] {
        guard ReportDirectory.isImagePath(relative, scene: scene, index: index) else {
            throw FileError(directory.child(relative), "is not an image path Flipbook writes for scene \(InputError.quote(scene))", refused: true)
        }
        return try directory.read(relative, maxBytes: maxBytes)
    }
}
