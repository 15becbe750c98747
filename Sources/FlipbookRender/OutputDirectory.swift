import Foundation
import FlipbookCore

/// Writes a render's files atomically, on any filesystem.
///
/// Files are staged in `DIR/.flipbook-staging/` — inside the destination, so every move is a
/// rename on one filesystem (a Docker volume or tmpfs mount point works) — and moved into place
/// only when all of them were written. Replacing an existing file first moves the old one into
/// the staging directory, so a commit that fails part-way puts every old file back. Only
/// Flipbook's own names are ever replaced or removed: the files this render writes, and old
/// `frame-` + digits files of the formats it writes; everything else in DIR is kept. A lock
/// on the staging directory keeps two renders out of one DIR (the second fails at once), and
/// a staging directory left by a killed render is recognised (nobody holds its lock) and
/// removed. On failure everything created is removed, DIR and its new parents included.
// @unchecked: `write` is the only method called from worker threads, and it locks.
public final class OutputDirectory: @unchecked Sendable {
    public let destination: URL
    public let staging: URL
    private var written: [String] = []
    private let lock = NSLock()
    private var finished = false
    /// Directories this render created (the destination and missing parents), deepest first.
    private var created: [URL] = []
    private var lockFD: Int32 = -1
    /// Whether the staging directory is this render's (its lock is held): only then is it removed.
    private var ownsStaging = false

    static let stagingName = ".flipbook-staging"

    public init(destination: URL) throws {
        guard !destination.path.isEmpty else { throw RenderError("the output directory is an empty path") }
        self.destination = destination.standardizedFileURL
        staging = self.destination.appendingPathComponent(OutputDirectory.stagingName)
        let fm = FileManager.default
        let path = self.destination.path
        // A symbolic link must lead somewhere: a dangling one or a loop is the user's to fix.
        if let attrs = try? fm.attributesOfItem(atPath: path), attrs[.type] as? FileAttributeType == .typeSymbolicLink {
            var isDir: ObjCBool = false
            if !fm.fileExists(atPath: path, isDirectory: &isDir) {
                throw RenderError("\(path) is a symbolic link to nothing (dangling, or a loop)")
            }
        }
        var isDir: ObjCBool = false
        if fm.fileExists(atPath: path, isDirectory: &isDir) {
            guard isDir.boolValue else { throw RenderError("\(path) exists and is not a directory") }
        } else {
            // Create the missing directories one by one, remembering which, to undo them.
            var missing: [URL] = []
            var d = self.destination
            while !fm.fileExists(atPath: d.path), d.path != "/" {
                missing.append(d)
                d = d.deletingLastPathComponent()
            }
            for dir in missing.reversed() {
                guard mkdir(dir.path, 0o755) == 0 || errno == EEXIST else {
                    let e = OutputDirectory.systemError("cannot create", dir.path)
                    removeCreated()
                    throw e
                }
                created.insert(dir, at: 0)
            }
        }
        do {
            try acquireStaging()
            ownsStaging = true
        } catch {
            finished = true  // deinit runs for a failed init: it must not touch another render's staging
            removeCreated()
            throw error
        }
    }

    static func systemError(_ what: String, _ path: String, _ code: Int32 = errno) -> RenderError {
        RenderError("\(what) \(path): \(String(cString: strerror(code)))")
    }

    /// Makes (or takes over a stale) staging directory and holds its lock.
    private func acquireStaging() throws {
        let fm = FileManager.default
        if mkdir(staging.path, 0o755) != 0 {
            guard errno == EEXIST else { throw OutputDirectory.systemError("cannot create", staging.path) }
            // Someone's staging: in use if its lock is held, else left by a killed render.
            let fd = open(staging.appendingPathComponent(".lock").path, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
            guard fd >= 0 else { throw OutputDirectory.systemError("cannot open", staging.appendingPathComponent(".lock").path) }
            if flock(fd, LOCK_EX | LOCK_NB) != 0 {
                close(fd)
                throw RenderError("another flipbook render is writing into \(destination.path); wait for it to finish")
            }
            lockFD = fd
            for name in (try? fm.contentsOfDirectory(atPath: staging.path)) ?? [] where name != ".lock" {
                try? fm.removeItem(at: staging.appendingPathComponent(name))
            }
            return
        }
        let fd = open(staging.appendingPathComponent(".lock").path, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
        guard fd >= 0, flock(fd, LOCK_EX | LOCK_NB) == 0 else {
            if fd >= 0 { close(fd) }
            throw RenderError("another flipbook render is writing into \(destination.path); wait for it to finish")
        }
        lockFD = fd
    }

    /// Writes one file into the staging directory (safe to call from several threads).
    public func write(_ name: String, _ bytes: [UInt8]) throws {
        let path = staging.appendingPathComponent(name).path
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw OutputDirectory.systemError("cannot write", path) }
        var offset = 0
        while offset < bytes.count {
            let n = bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress! + offset, bytes.count - offset) }
            if n < 0 {
                if errno == EINTR { continue }
                let code = errno
                close(fd)
                throw OutputDirectory.systemError("cannot write", path, code)
            }
            offset += n
        }
        guard close(fd) == 0 else { throw OutputDirectory.systemError("cannot write", path) }
        lock.lock()
        written.append(name)
        lock.unlock()
    }

    /// Moves the staged files into the destination. Old `frame-NNNNN.<ext>` files of the
    /// formats in `staleExtensions` that this render did not write (frames past the new last
    /// one) are removed, so the directory holds one render's frames. If a move fails, every
    /// file is put back as it was.
    public func commit(staleExtensions: [String]) throws {
        let fm = FileManager.default
        let replaced = staging.appendingPathComponent(".replaced")
        guard mkdir(replaced.path, 0o755) == 0 else { throw OutputDirectory.systemError("cannot create", replaced.path) }
        var placed: [String] = []
        var backedUp: [String] = []
        func rollBack() {
            for name in placed.reversed() { _ = unlink(destination.appendingPathComponent(name).path) }
            for name in backedUp.reversed() {
                _ = rename(replaced.appendingPathComponent(name).path, destination.appendingPathComponent(name).path)
            }
        }
        let names = Set(written)
        var stale: [String] = []
        if !staleExtensions.isEmpty {
            for name in ((try? fm.contentsOfDirectory(atPath: destination.path)) ?? []).sorted() where !names.contains(name) {
                if staleExtensions.contains(where: { OutputFormats.frameIndex(fileName: name, ext: $0) != nil }) { stale.append(name) }
            }
        }
        do {
            for name in written.sorted() + stale {
                let target = destination.appendingPathComponent(name)
                var st = stat()
                if lstat(target.path, &st) == 0 {
                    guard (st.st_mode & S_IFMT) != S_IFDIR else { throw RenderError("cannot replace \(target.path): it is a directory") }
                    guard rename(target.path, replaced.appendingPathComponent(name).path) == 0 else {
                        throw OutputDirectory.systemError("cannot replace", target.path)
                    }
                    backedUp.append(name)
                }
                if names.contains(name) {
                    guard rename(staging.appendingPathComponent(name).path, target.path) == 0 else {
                        throw OutputDirectory.systemError("cannot move a file into", destination.path)
                    }
                    placed.append(name)
                }
            }
        } catch {
            rollBack()
            throw error
        }
        finished = true
        try? fm.removeItem(at: staging)
        releaseLock()
    }

    private func releaseLock() {
        if lockFD >= 0 { close(lockFD); lockFD = -1 }
    }

    /// Removes the staging directory and whatever this render created.
    public func abort() {
        guard !finished else { return }
        finished = true
        if ownsStaging { try? FileManager.default.removeItem(at: staging) }
        releaseLock()
        removeCreated()
    }

    private func removeCreated() {
        // Deepest first, and only while empty: nothing of anyone else's goes.
        for dir in created { if rmdir(dir.path) != 0 { break } }
        created = []
    }

    deinit { abort() }
}
