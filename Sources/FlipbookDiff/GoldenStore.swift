import FlipbookCore
import FlipbookRender

/// A folder of goldens, `<goldens>/<scene>/`: keyframes.json (the whole timeline), every N-th
/// frame as PNG (and the first and the last), and a contact sheet.
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
            guard d.kind(of: KeyframesJSONFormat.fileName) != nil else {
                throw FileError(d.path, "is an incomplete golden (it has no keyframes.json): record it again with 'flipbook check --record'", refused: true)
            }
            return d
        case .link?: throw FileError(directory.child(scene), "is a symbolic link; a golden is a folder (Flipbook follows no links in goldens)", refused: true)
        default: throw FileError(directory.child(scene), "is not a folder; a golden is a folder", refused: true)
        }
    }

    /// Renders `timeline`'s golden files into the empty folder `dir`.
    public static func render(_ timeline: Timeline, every: Int, into dir: Directory, workers: Int, cancellation: Cancellation) throws {
        let n = timeline.frames.count
        var sampled = timeline
        sampled.frames = timeline.frames.filter { $0.index % every == 0 || $0.index == timeline.frames[n - 1].index }
        try RenderPipeline.render(sampled, formats: [.frames(PNGFormat()), .timeline(ContactSheetFormat())], in: dir, workers: workers,
                                  cancellation: cancellation)
        try RenderPipeline.write([OutputFile(name: KeyframesJSONFormat.fileName, bytes: Array(KeyframesJSONFormat.text(timeline).utf8))], in: dir)
    }

    /// Records the golden of `timeline`'s scene, replacing the old one only once the new one
    /// is complete.
    public func record(_ timeline: Timeline, every: Int, workers: Int, cancellation: Cancellation) throws {
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
            guard let l = try folder.lock(OutputDirectory.lockName) else { throw FileError(folder.path, "is locked by another run", refused: false) }
            lock = l
            try folder.create(OutputDirectory.gitignoreName, Array("*\n".utf8))
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
            if let stranger = try folder.firstStranger(GoldenStore.isRecorded) { throw FileError.stranger(stranger) }
            try folder.removeContents(except: [OutputDirectory.lockName])
            try folder.remove(OutputDirectory.lockName)
            try directory.removeEmptyDirectory(name)
        }
    }
}
