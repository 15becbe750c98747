import Foundation
import FlipbookCore

/// Writes a render's files atomically, on any filesystem, and never outside its directory.
///
/// Files are staged in `DIR/.flipbook-staging/` — inside the destination, so every move is a
/// rename on one filesystem (a Docker volume or tmpfs mount point works) — and moved into place
/// only when all of them were written. Replacing an existing file first moves the old one into
/// the staging directory, so a commit that fails part-way puts every old file back. Only
/// Flipbook's own names are ever replaced or removed: the files this render writes, and old
/// `frame-` + digits files of the formats it writes; everything else in DIR is kept. A lock
/// on the staging directory keeps two renders out of one DIR (the second fails at once), and
/// a staging directory left by a killed render is recognised (nobody holds its lock) and
/// cleared — only of names Flipbook stages. On failure everything created is removed, DIR and
/// its new parents included.
///
/// Every file is opened relative to DIR's handle without following links: DIR itself, its
/// staging directory or its lock being a symbolic link is an error naming it, and nothing is
/// deleted (docs/reliability.md, "Threat model").
// @unchecked: `write` is the only method called from worker threads, and it locks.
public final class OutputDirectory: @unchecked Sendable {
    public let destination: URL
    public var staging: URL { destination.appendingPathComponent(OutputDirectory.stagingName) }
    private let directory: Directory
    private var stagingDirectory: Directory?
    private var written: [String] = []
    private let lock = NSLock()
    private var finished = false
    /// Directories this render created (the destination and missing parents), deepest first.
    private var created: [Directory.Created] = []
    private var stagingLock: Directory.Lock?

    public static let stagingName = ".flipbook-staging"
    static let replacedName = ".replaced"
    public static let lockName = ".lock"
    /// Written first into every staging directory, so that one a killed render left behind is
    /// ignored by `git add` (the goldens and output folders of a repository).
    public static let gitignoreName = ".gitignore"

    /// `strict`: no component of the path may be a link (for a path the user did not name,
    /// such as the default output/<scene>).
    public convenience init(destination: URL, strict: Bool = false) throws {
        guard !destination.path.isEmpty else { throw RenderError("the output directory is an empty path") }
        let (directory, created) = try Directory.open(destination.standardizedFileURL.path, create: true, strict: strict)
        try self.init(directory: directory, created: created)
    }

    /// Writes into a directory already opened.
    public convenience init(directory: Directory) throws {
        try self.init(directory: directory, created: [])
    }

    private init(directory: Directory, created: [Directory.Created]) throws {
        self.directory = directory
        self.created = created
        destination = URL(fileURLWithPath: directory.path)
        do {
            try acquireStaging()
        } catch {
            finished = true  // deinit runs for a failed init: it must not touch another render's staging
            removeCreated()
            throw error
        }
    }

    /// Whether `name` (in the staging directory or its .replaced folder) is one Flipbook
    /// stages: its output files (frames, keyframes.json, previews, sheets, stills) and its own
    /// bookkeeping. Only such entries are removed from a staging directory left behind.
    public static func isStaged(_ name: String, _ kind: Directory.Kind) -> Bool {
        switch kind {
        case .directory: return name == replacedName
        case .file, .link:
            if name == lockName || name == gitignoreName { return kind == .file }
            guard !name.hasPrefix("."), let dot = name.lastIndex(of: ".") else { return false }
            return ["png", "svg", "gif", "webp", "mp4", "webm", "json"].contains(String(name[name.index(after: dot)...]))
        case .other: return false
        }
    }

    /// Makes (or takes over a stale) staging directory and holds its lock.
    private func acquireStaging() throws {
        let busy = RenderError("another flipbook render is writing into \(destination.path); wait for it to finish")
        let name = OutputDirectory.stagingName
        if directory.kind(of: name) == nil, mkdirat(directory.descriptor, name, 0o755) == 0 {
            let s = try directory.directory(name)
            guard let l = try s.lock(OutputDirectory.lockName) else { throw busy }
            stagingDirectory = s
            stagingLock = l
            try s.create(OutputDirectory.gitignoreName, Array("*\n".utf8))
            return
        }
        // Someone's staging: in use if its lock is held, else left by a killed render (or
        // made a moment ago by a render that is about to lock it, which then fails as busy).
        switch directory.kind(of: name) {
        case .directory?:
            let s = try directory.directory(name)
            guard let l = try s.lock(OutputDirectory.lockName) else { throw busy }
            stagingLock = l
            // Everything is checked first: a stranger in it means nothing is removed.
            if let stranger = try s.firstStranger(OutputDirectory.isStaged) { throw FileError.stranger(stranger) }
            try s.removeContents(except: [OutputDirectory.lockName])
            stagingDirectory = s
            try s.create(OutputDirectory.gitignoreName, Array("*\n".utf8))
        case nil:
            throw FileError.system("create", directory.child(name))
        case let other?:
            throw FileError(directory.child(OutputDirectory.stagingName),
                            (other == .link ? "is a symbolic link" : "is not a directory") + ", not a staging directory Flipbook made; nothing was removed: remove it yourself",
                            refused: true)
        }
    }

    /// Writes one file into the staging directory (safe to call from several threads).
    public func write(_ name: String, _ bytes: [UInt8]) throws {
        guard let s = stagingDirectory else { throw RenderError("the output directory is closed") }
        guard OutputDirectory.isStaged(name, .file), name != OutputDirectory.lockName, name != OutputDirectory.gitignoreName else {
            throw RenderError("\(InputError.quote(name)) is not a name Flipbook writes")
        }
        if s.kind(of: name) != nil { try s.remove(name) }  // the same still asked for twice
        try s.create(name, bytes)
        lock.lock()
        written.append(name)
        lock.unlock()
    }

    /// Moves the staged files into the destination. Old `frame-NNNNN.<ext>` files of the
    /// formats in `staleExtensions` that this render did not write (frames past the new last
    /// one) are removed, so the directory holds one render's frames. If a move fails, every
    /// file is put back as it was.
    public func commit(staleExtensions: [String]) throws {
        guard let s = stagingDirectory else { throw RenderError("the output directory is closed") }
        let replaced = try s.makeDirectory(OutputDirectory.replacedName)
        var placed: [String] = []
        var backedUp: [String] = []
        func rollBack() {
            for name in placed.reversed() { try? directory.remove(name) }
            for name in backedUp.reversed() { try? replaced.move(name, to: directory, as: name) }
        }
        let names = Set(written)
        var stale: [String] = []
        if !staleExtensions.isEmpty {
            for name in try directory.names() where !names.contains(name) {
                if staleExtensions.contains(where: { OutputFormats.frameIndex(fileName: name, ext: $0) != nil }) { stale.append(name) }
            }
        }
        do {
            for name in written.sorted() + stale {
                if let kind = directory.kind(of: name) {
                    // A link in a file's place is moved aside itself (rename never follows it).
                    guard kind != .directory else { throw RenderError("cannot replace \(directory.child(name)): it is a directory") }
                    try directory.move(name, to: replaced, as: name)
                    backedUp.append(name)
                }
                if names.contains(name) {
                    try s.move(name, to: directory, as: name)
                    placed.append(name)
                }
            }
        } catch {
            rollBack()
            throw error
        }
        finished = true
        removeStaging()
    }

    private func removeStaging() {
        if let s = stagingDirectory {
            try? s.removeContents(except: [OutputDirectory.lockName])
            try? s.remove(OutputDirectory.lockName)
            try? directory.removeEmptyDirectory(OutputDirectory.stagingName)
        }
        stagingDirectory = nil
        stagingLock?.release()
        stagingLock = nil
    }

    /// Removes the staging directory and whatever this render created.
    public func abort() {
        guard !finished else { return }
        finished = true
        removeStaging()
        removeCreated()
    }

    private func removeCreated() {
        // Deepest first, and only while empty: nothing of anyone else's goes.
        for dir in created { if !dir.remove() { break } }
        created = []
    }

    deinit { abort() }
}
