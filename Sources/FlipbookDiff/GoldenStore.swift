import FlipbookCore
import FlipbookGraphics
import FlipbookJSON
import FlipbookRender

/// A folder of goldens, `<goldens>/<scene>/`: timeline.json (the whole timeline, a line per
/// track), every N-th frame as PNG (and the first and the last), a contact sheet, and
/// golden.json (GoldenManifest: how it was made).
///
/// Recording never leaves a golden half-written: the new one is written into
/// `<goldens>/.flipbook-recording-XXXXXXXXXX/<scene>/` (locked while in use, with a .gitignore
/// of "*" so `git add` never picks it up) and swapped with the old one in one rename where the
/// system can (renameat2's RENAME_EXCHANGE), else in two with the old one kept beside the new
/// until both are done. A recording folder nobody holds the lock of — a killed run's — is put
/// right by the next one: a golden it had taken away is put back, the rest removed. Every file
/// is reached through the goldens folder's handle; a link in place of a golden, or of anything
/// in it, is refused naming it.
public final class GoldenStore: @unchecked Sendable {
    public let directory: Directory
    static let recordingPrefix = ".flipbook-recording-"
    static let oldSuffix = ".old"

    /// Opens the goldens folder at `path` (the user's, so links among its parents are
    /// followed, not the folder itself); `create` makes it for recording.
    public init(path: String, create: Bool) throws {
        directory = try Directory.open(path, create: create).0
    }

    public var path: String { directory.path }

    /// The golden of `scene`, or nil when there is none. A link or a file in its place, or a
    /// folder without keyframes.json, is refused naming it.
    public func golden(_ scene: String) throws -> Directory? {
        switch directory.kind(of: scene) {
        case nil: return nil
        case .directory?:
            let d = try directory.directory(scene)
            guard d.kind(of: TracksJSONFormat.fileName) != nil || d.kind(of: KeyframesJSONFormat.fileName) != nil else {
                throw FileError(d.path, "is an incomplete golden (it has no timeline.json): record it again with 'flipbook check --record'", refused: true)
            }
            return d
        case .link?: throw FileError(directory.child(scene), "is a symbolic link; a golden is a folder (Flipbook follows no links in goldens)", refused: true)
        default: throw FileError(directory.child(scene), "is not a folder; a golden is a folder", refused: true)
        }
    }

    /// The golden's golden.json (nil for a golden recorded before manifests). Every frame it
    /// lists must be in the golden as a PNG: a missing one is named.
    public func manifest(of golden: Directory) throws -> GoldenManifest? {
        guard golden.kind(of: GoldenManifest.fileName) != nil else { return nil }
        let m = try GoldenManifest.read(try golden.read(GoldenManifest.fileName, maxBytes: 16 << 20), file: golden.child(GoldenManifest.fileName))
        for i in m.kept {
            let name = OutputFormats.frameFileName(i, ext: "png")
            guard golden.kind(of: name) != nil else {
                throw FileError(golden.child(name), "is missing (golden.json lists frame \(i) as kept): record the golden again, or restore the file", refused: true)
            }
        }
        return m
    }

    /// The frames a golden keeps as PNG: every `every`-th (counted from 0) and the last.
    public static func keptFrames(_ timeline: Timeline, every: Int) -> [Int] {
        guard let last = timeline.frames.last?.index else { return [] }
        return timeline.frames.map(\.index).filter { $0 % every == 0 || $0 == last }
    }

    /// Renders `timeline`'s golden files into the empty folder `dir`: timeline.json (the
    /// whole timeline, a line per track), the `kept` frames as PNG, a contact sheet, and
    /// golden.json saying how it was made.
    public static func render(_ timeline: Timeline, every: Int, kept: [Int]? = nil, into dir: Directory, workers: Int,
                              cancellation: Cancellation) throws {
        let keep = Set(kept ?? keptFrames(timeline, every: every))
        var sampled = timeline
        sampled.frames = timeline.frames.filter { keep.contains($0.index) }
        try RenderPipeline.render(sampled, formats: [.frames(PNGFormat()), .timeline(ContactSheetFormat())], in: dir, workers: workers,
                                  cancellation: cancellation)
        let manifest = GoldenManifest(timeline: timeline, every: every, kept: sampled.frames.map(\.index))
        try RenderPipeline.write([OutputFile(name: TracksJSONFormat.fileName, bytes: Array(try TracksJSONFormat.text(timeline).utf8)),
                                  OutputFile(name: GoldenManifest.fileName, bytes: Array(manifest.json.utf8))], in: dir)
    }

    /// The scene file as it was when the golden was recorded (SceneDocumentDiff reads it).
    package static let sceneDocumentName = "scene.json"

    /// Records the golden of `timeline`'s scene, replacing the old one only once the new one
    /// is complete; `sceneDocument`, the scene file's bytes, is kept beside it.
    public func record(_ timeline: Timeline, every: Int, workers: Int, cancellation: Cancellation, sceneDocument: [UInt8]? = nil) throws {
        let scene = timeline.scene
        if let problem = SceneName.problem(scene) { throw FileError(directory.child(scene), problem, refused: true) }
        switch directory.kind(of: scene) {
        case nil, .directory?: break
        case .link?: throw FileError(directory.child(scene), "is a symbolic link; nothing was replaced (Flipbook follows no links in goldens)", refused: true)
        default: throw FileError(directory.child(scene), "is not a folder; nothing was replaced", refused: true)
        }
        let recording = try Recording(in: self)
        defer { recording.remove() }
        let new = try recording.folder.makeDirectory(scene)
        try GoldenStore.render(timeline, every: every, into: new, workers: workers, cancellation: cancellation)
        if let sceneDocument { try RenderPipeline.write([OutputFile(name: GoldenStore.sceneDocumentName, bytes: sceneDocument)], in: new) }
        try cancellation.check()
        if directory.kind(of: scene) == nil {
            try recording.folder.move(scene, to: directory, as: scene)
        } else if !recording.folder.exchange(scene, with: directory, scene) {
            // Two renames: the old golden waits in the locked recording folder, under a name
            // the next run recognises, until the new one is in place.
            try directory.move(scene, to: recording.folder, as: scene + GoldenStore.oldSuffix)
            do {
                try recording.folder.move(scene, to: directory, as: scene)
            } catch {
                try? recording.folder.move(scene + GoldenStore.oldSuffix, to: directory, as: scene)
                throw error
            }
        }
        // Files of the reviewer's own in the old golden (notes, a .gitattributes) stay with it.
        for old in [scene, scene + GoldenStore.oldSuffix] where recording.folder.kind(of: old) == .directory {
            try keepOwnFiles(of: try recording.folder.directory(old), in: scene)
        }
    }

    /// The names a golden's files have: what recording replaces.
    static func isGoldenFile(_ name: String) -> Bool {
        [TracksJSONFormat.fileName, KeyframesJSONFormat.fileName, GoldenManifest.fileName, sceneDocumentName].contains(name) || name.hasSuffix("-sheet.png")
            || OutputFormats.frameIndex(fileName: name, ext: "png") != nil
    }

    /// Moves what is not a golden file from an old golden into the golden of `scene`.
    func keepOwnFiles(of old: Directory, in scene: String) throws {
        guard directory.kind(of: scene) == .directory else { return }
        let golden = try directory.directory(scene)
        for name in try old.names() where !GoldenStore.isGoldenFile(name) && name != OutputDirectory.stagingName && golden.kind(of: name) == nil {
            try old.move(name, to: golden, as: name)
        }
    }

    /// A recording folder of this run, locked while it exists.
    final class Recording {
        let store: GoldenStore
        let name: String
        let folder: Directory
        let lock: Directory.Lock

        init(in store: GoldenStore) throws {
            self.store = store
            try store.putRightAbandonedRecordings()
            (name, folder) = try store.directory.makeUniqueDirectory(prefix: GoldenStore.recordingPrefix)
            // The .gitignore first: a run killed at any moment leaves nothing `git add` picks up
            // (an empty folder, then one that ignores itself, then its lock).
            try folder.create(OutputDirectory.gitignoreName, Array("*\n".utf8))
            guard let l = try folder.lock(OutputDirectory.lockName) else { throw FileError(folder.path, "is locked by another run", refused: false) }
            lock = l
        }

        func remove() {
            try? folder.removeContents(except: [OutputDirectory.lockName])
            try? folder.remove(OutputDirectory.lockName)
            try? store.directory.removeEmptyDirectory(name)
            lock.release()
        }
    }

    /// What a recording folder may hold: its lock and .gitignore, golden folders (new, or old
    /// ones waiting under `<scene>.old`) of Flipbook's own file names.
    static func isRecorded(_ name: String, _ kind: Directory.Kind) -> Bool {
        if kind == .directory {
            let scene = name.hasSuffix(oldSuffix) ? String(name.dropLast(oldSuffix.count)) : name
            return SceneName.problem(scene) == nil || name == OutputDirectory.stagingName || OutputDirectory.isStaged(name, kind)
        }
        return OutputDirectory.isStaged(name, kind)
    }

    /// Recording folders whose run was killed: a golden taken out of place is put back, then
    /// the folder goes, if everything in it is Flipbook's (else it is named and kept).
    func putRightAbandonedRecordings() throws {
        for name in try directory.names() where name.hasPrefix(GoldenStore.recordingPrefix) && directory.kind(of: name) == .directory {
            let folder = try directory.directory(name)
            guard let lock = try folder.lock(OutputDirectory.lockName) else { continue }  // a run in progress
            defer { lock.release() }
            for entry in try folder.names() where entry.hasSuffix(GoldenStore.oldSuffix) && folder.kind(of: entry) == .directory {
                let scene = String(entry.dropLast(GoldenStore.oldSuffix.count))
                if directory.kind(of: scene) == nil { try folder.move(entry, to: directory, as: scene) }
            }
            // An old golden swapped out before its reviewer's files were moved: they move now.
            for entry in try folder.names() where folder.kind(of: entry) == .directory && entry != OutputDirectory.stagingName {
                let scene = entry.hasSuffix(GoldenStore.oldSuffix) ? String(entry.dropLast(GoldenStore.oldSuffix.count)) : entry
                if SceneName.problem(scene) == nil { try keepOwnFiles(of: try folder.directory(entry), in: scene) }
            }
            if let stranger = try folder.firstStranger(GoldenStore.isRecorded) { throw FileError.stranger(stranger) }
            try folder.removeContents(except: [OutputDirectory.lockName])
            try folder.remove(OutputDirectory.lockName)
            try directory.removeEmptyDirectory(name)
        }
    }
}

/// golden.json: how a golden was made — Flipbook's version, the scene's frame rate and canvas,
/// which frames were kept as PNG, and the versions of the libraries and fonts that drew them
/// (the usual cause of a golden that differs only in pixels on another machine).
public struct GoldenManifest: Sendable, Equatable {
    public static let fileName = "golden.json"
    public static let format = 1
    public var flipbook: String
    public var scene: String
    public var fps: Int
    public var canvas: Canvas
    public var every: Int
    public var kept: [Int]
    public var libraries: [String: String]
    public var fonts: [String: String]

    /// The manifest of a golden of `timeline` made on this machine.
    public init(timeline: Timeline, every: Int, kept: [Int]) {
        flipbook = FlipbookVersion.current
        scene = timeline.scene
        fps = timeline.fps
        canvas = timeline.canvas
        self.every = every
        self.kept = kept
        libraries = GoldenManifest.localLibraries
        fonts = GoldenManifest.localFonts
    }

    public static var localLibraries: [String: String] { Dictionary(FontLibrary.libraryVersions.map { ($0.name, $0.version) }, uniquingKeysWith: { a, _ in a }) }
    public static var localFonts: [String: String] { Dictionary(FontLibrary.versions.map { ($0.family, $0.version) }, uniquingKeysWith: { a, _ in a }) }

    public var json: String {
        var w = JSONWriter()
        w.beginObject()
        w.integer("format", GoldenManifest.format)
        w.string("flipbook", flipbook)
        w.string("scene", scene)
        w.integer("fps", fps)
        w.beginObject("canvas")
        w.number("width", canvas.width)
        w.number("height", canvas.height)
        w.integer("scale", canvas.scale)
        w.endObject()
        w.integer("every", every)
        TracksJSONFormat.writeRanges(kept, "kept", &w)
        for (key, table) in [("libraries", libraries), ("fonts", fonts)] {
            w.beginObject(key)
            for (k, v) in table.sorted(by: { $0.key < $1.key }) { w.string(k, v) }
            w.endObject()
        }
        w.endObject()
        w.newline()
        return w.text
    }

    public static func read(_ bytes: [UInt8], file: String) throws -> GoldenManifest {
        let o = try JSONField.parse(bytes, file: file).object(allowed: ["format", "flipbook", "scene", "fps", "canvas", "every", "kept", "libraries", "fonts"])
        let formatField = try o.required("format")
        guard try formatField.integer(in: 1...1_000) == format else {
            throw formatField.expected("golden format \(format) (this Flipbook's); record the golden again with 'flipbook check --record'")
        }
        let c = try o.required("canvas").object(allowed: ["width", "height", "scale"])
        var m = GoldenManifest(timeline: Timeline(scene: "", fps: 1, canvas: Canvas(width: 1, height: 1), frames: []), every: 1, kept: [])
        m.flipbook = try o.required("flipbook").string()
        m.scene = try o.required("scene").string()
        m.fps = try o.required("fps").integer(in: SceneLimits.fpsRange)
        m.canvas = Canvas(width: try c.required("width").positive(max: SceneLimits.maxCanvasPoints),
                          height: try c.required("height").positive(max: SceneLimits.maxCanvasPoints), scale: try c.required("scale").integer(in: SceneLimits.scaleRange))
        m.every = try o.required("every").integer(in: 1...SceneLimits.maxFrames)
        m.kept = []
        for r in try o.required("kept").array(maxCount: SceneLimits.maxFrames) {
            let p = try r.array(minCount: 2, maxCount: 2)
            let lo = try p[0].integer(in: 0...Int(Int32.max)), hi = try p[1].integer(in: 0...Int(Int32.max))
            guard lo <= hi, hi - lo < SceneLimits.maxFrames, (m.kept.last ?? -1) < lo, m.kept.count + hi - lo < SceneLimits.maxFrames else {
                throw r.expected("[first, last] frames after the ones before")
            }
            m.kept += Array(lo...hi)
        }
        func table(_ key: String) throws -> [String: String] {
            var t: [String: String] = [:]
            for (k, f) in try o.required(key).entries(maxCount: 100) { t[k] = try f.string() }
            return t
        }
        m.libraries = try table("libraries")
        m.fonts = try table("fonts")
        return m
    }

    /// "cairo 1.16.0 → 1.18.0, Inter 3.19 → 4.0": what differs from this machine.
    public var differencesFromThisMachine: [String] {
        var out: [String] = []
        for (mine, theirs) in [(GoldenManifest.localLibraries, libraries), (GoldenManifest.localFonts, fonts)] {
            for k in Set(mine.keys).union(theirs.keys).sorted() where mine[k] != theirs[k] {
                out.append("\(k) \(theirs[k] ?? "none") → \(mine[k] ?? "none")")
            }
        }
        return out
    }
}
