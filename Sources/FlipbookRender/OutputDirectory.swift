import Foundation
import FlipbookCore

/// Writes a render's files into a hidden temporary directory beside the destination and
/// moves them into place only when everything succeeded, so a failed or interrupted render
/// never leaves partial frames in the output directory.
// @unchecked: `write` is the only method called from worker threads, and it locks.
public final class OutputDirectory: @unchecked Sendable {
    public let destination: URL
    public let staging: URL
    private var written: [String] = []
    private let lock = NSLock()
    private var finished = false

    public init(destination: URL) throws {
        self.destination = destination.standardizedFileURL
        let parent = self.destination.deletingLastPathComponent()
        let fm = FileManager.default
        var isDir: ObjCBool = false
        if fm.fileExists(atPath: self.destination.path, isDirectory: &isDir), !isDir.boolValue {
            throw RenderError("\(destination.path) exists and is not a directory")
        }
        do {
            try fm.createDirectory(at: parent, withIntermediateDirectories: true)
        } catch {
            throw RenderError("cannot create \(parent.path): \(error.localizedDescription)")
        }
        staging = parent.appendingPathComponent(".\(self.destination.lastPathComponent).partial-\(getpid())")
        try? fm.removeItem(at: staging)
        do {
            try fm.createDirectory(at: staging, withIntermediateDirectories: false)
        } catch {
            throw RenderError("cannot create \(staging.path): \(error.localizedDescription)")
        }
    }

    /// Writes one file into the staging directory (safe to call from several threads).
    public func write(_ name: String, _ bytes: [UInt8]) throws {
        let url = staging.appendingPathComponent(name)
        let ok = bytes.withUnsafeBufferPointer { buf in
            FileManager.default.createFile(atPath: url.path, contents: Data(buffer: buf))
        }
        guard ok else { throw RenderError("cannot write \(url.path)") }
        lock.lock()
        written.append(name)
        lock.unlock()
    }

    /// Moves the staged files into the destination. Files of the same kinds left from an
    /// earlier render (`staleExtensions`, e.g. frames beyond the new last one) are removed, so
    /// the directory holds exactly one render's frames.
    public func commit(staleExtensions: [String]) throws {
        let fm = FileManager.default
        defer { finished = true }
        if !fm.fileExists(atPath: destination.path) {
            do { try fm.moveItem(at: staging, to: destination) } catch {
                throw RenderError("cannot move \(staging.path) to \(destination.path): \(error.localizedDescription)")
            }
            return
        }
        let names = Set(written)
        for name in written.sorted() {
            let target = destination.appendingPathComponent(name)
            // rename(2) replaces the old file atomically.
            guard rename(staging.appendingPathComponent(name).path, target.path) == 0 else {
                throw RenderError("cannot move \(name) into \(destination.path): \(String(cString: strerror(errno)))")
            }
        }
        if !staleExtensions.isEmpty, let existing = try? fm.contentsOfDirectory(atPath: destination.path) {
            for name in existing.sorted() where !names.contains(name) && name.hasPrefix("frame-")
                && staleExtensions.contains(where: { name.hasSuffix("." + $0) }) {
                try? fm.removeItem(at: destination.appendingPathComponent(name))
            }
        }
        try? fm.removeItem(at: staging)
    }

    /// Removes the staging directory and everything in it.
    public func abort() {
        guard !finished else { return }
        finished = true
        try? FileManager.default.removeItem(at: staging)
    }

    deinit { abort() }
}
