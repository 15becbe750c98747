// Files through directory handles: every file Flipbook reads from a scene's folder, a golden
// or a report, and every file it writes, replaces or deletes, is named relative to a directory
// it opened itself (openat and friends) with O_NOFOLLOW, so a symbolic link planted in a
// project, an output folder or a golden is refused instead of followed out of it
// (docs/reliability.md, "Threat model").
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A file-system problem. `refused` is the input's fault — a link where a file or folder
/// should be, a name that leads out, something that is not what Flipbook wrote — and is
/// reported like bad input (exit 2); otherwise the system said no (a full disk, permissions).
public struct FileError: Error, CustomStringConvertible, Sendable, Equatable {
    public var path: String
    public var message: String
    public var refused: Bool
    public init(_ path: String, _ message: String, refused: Bool) {
        self.path = path; self.message = message; self.refused = refused
    }
    public var description: String { "\(path): \(message)" }

    public static func system(_ what: String, _ path: String, _ code: Int32 = errno) -> FileError {
        FileError(path, "cannot \(what): \(String(cString: strerror(code)))", refused: false)
    }

    /// An entry Flipbook did not write, found where it would remove things.
    public static func stranger(_ path: String) -> FileError {
        FileError(path, "was not written by Flipbook; nothing was removed (remove it yourself if it should go)", refused: true)
    }
}

/// An open directory. Children are opened relative to it and never through a symbolic link;
/// names are single path components (no "/", never "." or "..").
public final class Directory: @unchecked Sendable {
    /// The path shown in messages.
    public let path: String
    let fd: Int32
    /// The open descriptor, for system calls this type does not wrap (valid while it lives).
    public var descriptor: Int32 { fd }

    init(fd: Int32, path: String) { self.fd = fd; self.path = path }
    deinit { close(fd) }

    public enum Kind: Sendable, Equatable {
        case file, directory, link, other

        /// What a stat(2) mode says the entry is.
        init(mode: mode_t) {
            switch mode & S_IFMT {
            case S_IFREG: self = .file
            case S_IFDIR: self = .directory
            case S_IFLNK: self = .link
            default: self = .other
            }
        }
    }

    /// A directory made by `open(_:create:)`, to be removed again if the work fails.
    public struct Created: Sendable {
        public let parent: Directory
        public let name: String
        /// Removes the directory if it is empty (nothing of anyone else's goes).
        @discardableResult public func remove() -> Bool { unlinkat(parent.fd, name, AT_REMOVEDIR) == 0 }
    }

    /// Opens the directory at `path`, as the user named it. Symbolic links among its parents
    /// are followed (they are the machine's layout); the directory itself is never a link
    /// unless `followsLast` (a folder the user names to read from), and with `strict` no
    /// component is. With `create`, missing directories are made and listed in `created`,
    /// deepest first.
    public static func open(_ path: String, create: Bool = false, strict: Bool = false,
                            followsLast: Bool = false) throws -> (Directory, created: [Created]) {
        guard !path.isEmpty else { throw FileError(path, "is an empty path", refused: true) }
        let components = path.split(separator: "/").map(String.init).filter { $0 != "." }
        let root = path.hasPrefix("/") ? "/" : "."
        let rootFD = LibC.open(root, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard rootFD >= 0 else { throw FileError.system("open", root) }
        var current = Directory(fd: rootFD, path: root)
        var created: [Created] = []
        for (i, name) in components.enumerated() {
            let shown = (path.hasPrefix("/") ? "/" : "") + components[...i].joined(separator: "/")
            let last = i == components.count - 1
            current = try current.openDirectory(name, display: shown, follow: !strict && (!last || followsLast), create: create) { created.insert($0, at: 0) }
        }
        return (Directory(fd: dup(current.fd), path: path), created)
    }

    /// The child directory `name`, never through a link; with `create`, made when missing.
    public func directory(_ name: String, create: Bool = false) throws -> Directory {
        try Directory.checkName(name, in: path)
        return try openDirectory(name, display: child(name), follow: false, create: create) { _ in }
    }

    private func openDirectory(_ name: String, display: String, follow: Bool, create: Bool, made: (Created) -> Void) throws -> Directory {
        let flags = O_RDONLY | O_DIRECTORY | O_CLOEXEC | (follow ? 0 : O_NOFOLLOW)
        var fd = openat(self.fd, name, flags)
        // Made when missing; another process making it at the same moment is fine (EEXIST).
        if fd < 0 && errno == ENOENT && create {
            if mkdirat(self.fd, name, 0o755) == 0 {
                made(Created(parent: self, name: name))
            } else if errno != EEXIST {
                throw FileError.system("create", display)
            }
            fd = openat(self.fd, name, flags)
        }
        guard fd >= 0 else {
            let code = errno
            switch kind(of: name) {
            case .link?:
                if follow { throw FileError(display, "is a symbolic link to nothing (dangling, or a loop)", refused: true) }
                throw FileError(display, "is a symbolic link; Flipbook does not follow links here (name the directory it leads to)", refused: true)
            case .file?, .other?: throw FileError(display, "exists and is not a directory", refused: true)
            case nil where code == ENOENT: throw FileError(display, "no such directory", refused: true)
            default: throw FileError.system("open", display, code)
            }
        }
        return Directory(fd: fd, path: display)
    }

    /// `path/name`, for messages.
    public func child(_ name: String) -> String { path == "/" ? "/" + name : path + "/" + name }

    /// What `name` is, without following a link; nil when it does not exist.
    public func kind(of name: String) -> Kind? {
        var st = stat()
        guard fstatat(fd, name, &st, AT_SYMLINK_NOFOLLOW) == 0 else { return nil }
        return Kind(mode: st.st_mode)
    }

    /// The size of the regular file `name` (nil when it is missing or not a regular file).
    public func fileSize(_ name: String) -> Int? {
        var st = stat()
        guard fstatat(fd, name, &st, AT_SYMLINK_NOFOLLOW) == 0, st.st_mode & S_IFMT == S_IFREG else { return nil }
        return Int(st.st_size)
    }

    /// The entries' names, sorted (without "." and "..").
    public func names() throws -> [String] {
        let copy = dup(fd)
        guard copy >= 0, let d = fdopendir(copy) else {
            if copy >= 0 { close(copy) }
            throw FileError.system("list", path)
        }
        defer { closedir(d) }
        rewinddir(d)
        var out: [String] = []
        while let e = readdir(d) {
            let name = withUnsafePointer(to: e.pointee.d_name) { p in
                p.withMemoryRebound(to: CChar.self, capacity: 256) { String(cString: $0) }
            }
            if name != "." && name != ".." { out.append(name) }
        }
        return out.sorted()
    }

    /// Whether both handles are the same directory on disk.
    public func isSame(as other: Directory) -> Bool {
        var a = stat(), b = stat()
        return fstat(fd, &a) == 0 && fstat(other.fd, &b) == 0 && a.st_dev == b.st_dev && a.st_ino == b.st_ino
    }

    /// A name is one component Flipbook may use: not empty, no "/" or NUL, not "." or "..".
    static func checkName(_ name: String, in dir: String) throws {
        if name.isEmpty || name == "." || name == ".." || name.utf8.contains(0x2F) || name.utf8.contains(0) {
            throw FileError(dir, "\(InputError.quote(name)) is not a file name inside it", refused: true)
        }
    }

    // MARK: - Reading

    /// The bytes of the regular file at `relative` (components separated by "/"), at most
    /// `maxBytes`: no component may be a link, "..", absolute or empty.
    public func read(_ relative: String, maxBytes: Int) throws -> [UInt8] {
        let (dir, name) = try locate(relative)
        return try dir.readFile(name, maxBytes: maxBytes, shown: child(relative))
    }

    /// The directory holding `relative`'s last component, and that component.
    public func locate(_ relative: String) throws -> (Directory, String) {
        if relative.hasPrefix("/") { throw FileError(child(relative), "is an absolute path; expected a path inside \(path)", refused: true) }
        let parts = relative.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        for p in parts where p.isEmpty || p == "." || p == ".." {
            throw FileError(child(relative), "expected a path inside \(path) without empty, \".\" or \"..\" components", refused: true)
        }
        var dir = self
        for p in parts.dropLast() { dir = try dir.directory(p) }
        return (dir, parts.last!)
    }

    /// The bytes of the regular file at `path` as a user or app code named it (a scene file on
    /// the command line, `UIImage(contentsOfFile:)`): links among its folders are followed, as
    /// `open(_:followsLast:)` follows them, and the file itself only with `followsLink`; at
    /// most `maxBytes`, never a FIFO or a device.
    package static func readFile(atPath path: String, maxBytes: Int, followsLink: Bool = false) throws -> [UInt8] {
        guard !path.isEmpty, !path.hasSuffix("/") else { throw FileError(path, "expected a file name", refused: true) }
        let cut = path.lastIndex(of: "/")
        let folder = cut.map { $0 == path.startIndex ? "/" : String(path[..<$0]) } ?? "."
        let name = cut.map { String(path[path.index(after: $0)...]) } ?? path
        // A missing folder is a missing file, as the user named it.
        guard kind(atPath: folder, followsLink: true) != nil else { throw FileError(path, "no such file", refused: true) }
        return try open(folder, followsLast: true).0.readFile(name, maxBytes: maxBytes, shown: path, followsLink: followsLink)
    }

    /// What `path` is, as a user named it (links among its folders followed, the last one only
    /// with `followsLink`); nil when it does not exist.
    package static func kind(atPath path: String, followsLink: Bool = false) -> Kind? {
        var st = stat()
        guard (followsLink ? stat(path, &st) : lstat(path, &st)) == 0 else { return nil }
        return Kind(mode: st.st_mode)
    }

    /// Whether `path` is a program this user may run (a tool found on PATH).
    package static func isExecutableFile(atPath path: String) -> Bool {
        kind(atPath: path, followsLink: true) == .file && access(path, X_OK) == 0
    }

    private func readFile(_ name: String, maxBytes: Int, shown: String, followsLink: Bool = false) throws -> [UInt8] {
        // O_NONBLOCK: a FIFO must not hang the open; a regular file ignores it.
        let f = openat(fd, name, O_RDONLY | (followsLink ? 0 : O_NOFOLLOW) | O_NONBLOCK | O_CLOEXEC)
        guard f >= 0 else {
            let code = errno
            switch kind(of: name) {
            case .link?: throw FileError(shown, "is a symbolic link; Flipbook reads no links here", refused: true)
            case nil where code == ENOENT: throw FileError(shown, "no such file", refused: true)
            default: throw FileError.system("read", shown, code)
            }
        }
        defer { close(f) }
        var st = stat()
        guard fstat(f, &st) == 0 else { throw FileError.system("read", shown) }
        guard st.st_mode & S_IFMT == S_IFREG else { throw FileError(shown, "is not a regular file", refused: true) }
        guard Int(st.st_size) <= maxBytes else {
            throw FileError(shown, "is \(Int(st.st_size)) bytes, more than the \(maxBytes) allowed", refused: true)
        }
        var bytes = [UInt8](repeating: 0, count: Int(st.st_size))
        var offset = 0
        while true {
            if offset == bytes.count { bytes.append(contentsOf: [UInt8](repeating: 0, count: 4096)) }
            let n = bytes.withUnsafeMutableBytes { LibC.read(f, $0.baseAddress! + offset, $0.count - offset) }
            if n < 0 {
                if errno == EINTR { continue }
                throw FileError.system("read", shown)
            }
            if n == 0 { break }
            offset += n
            // A file that grows while it is read still stops at the limit.
            guard offset <= maxBytes else { throw FileError(shown, "grew past the \(maxBytes) bytes allowed", refused: true) }
        }
        bytes.removeSubrange(offset...)
        return bytes
    }

    // MARK: - Writing

    /// Appends `bytes` to the file at `path` that the environment names (GitHub's step summary),
    /// made when missing; false when it cannot be written.
    @discardableResult
    package static func append(_ bytes: [UInt8], toFileAtPath path: String) -> Bool {
        let fd = LibC.open(path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0o644)
        guard fd >= 0 else { return false }
        defer { close(fd) }
        var offset = 0
        while offset < bytes.count {
            let n = bytes.withUnsafeBytes { LibC.write(fd, $0.baseAddress! + offset, $0.count - offset) }
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else { return false }
            offset += n
        }
        return true
    }

    /// Creates the file `name` (which must not exist) with `bytes`, never through a link.
    public func create(_ name: String, _ bytes: [UInt8]) throws {
        try Directory.checkName(name, in: path)
        let f = openat(fd, name, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o644)
        guard f >= 0 else {
            if errno == EEXIST { throw FileError(child(name), "exists already", refused: true) }
            throw FileError.system("write", child(name))
        }
        var offset = 0
        while offset < bytes.count {
            let n = bytes.withUnsafeBytes { LibC.write(f, $0.baseAddress! + offset, bytes.count - offset) }
            if n < 0 {
                if errno == EINTR { continue }
                let code = errno
                close(f)
                throw FileError.system("write", child(name), code)
            }
            offset += n
        }
        guard close(f) == 0 else { throw FileError.system("write", child(name)) }
    }

    /// Replaces the file `name` with `bytes` atomically: written under a temporary name, then
    /// renamed over it. A link or a directory in its place is refused.
    public func replace(_ name: String, _ bytes: [UInt8]) throws {
        if let k = kind(of: name), k != .file {
            throw FileError(child(name), k == .link ? "is a symbolic link; Flipbook does not write through links" : "is not a regular file", refused: true)
        }
        let temporary = ".\(name).flipbook-\(getpid())"
        if kind(of: temporary) == .file { _ = unlinkat(fd, temporary, 0) }
        try create(temporary, bytes)
        guard renameat(fd, temporary, fd, name) == 0 else {
            let code = errno
            _ = unlinkat(fd, temporary, 0)
            throw FileError.system("replace", child(name), code)
        }
    }

    /// Makes the directory `name` (it must not exist).
    public func makeDirectory(_ name: String) throws -> Directory {
        try Directory.checkName(name, in: path)
        guard mkdirat(fd, name, 0o755) == 0 else {
            if errno == EEXIST { throw FileError(child(name), "exists already", refused: true) }
            throw FileError.system("create", child(name))
        }
        return try directory(name)
    }

    /// Makes a new directory named `prefix` + random letters, private to this user (0700).
    public func makeUniqueDirectory(prefix: String) throws -> (name: String, directory: Directory) {
        let letters = Array("abcdefghijklmnopqrstuvwxyz0123456789".utf8)
        var rng = SystemRandomNumberGenerator()
        for _ in 0..<100 {
            let name = prefix + String(decoding: (0..<10).map { _ in letters[Int(rng.next() % UInt64(letters.count))] }, as: UTF8.self)
            if mkdirat(fd, name, 0o700) == 0 { return (name, try directory(name)) }
            guard errno == EEXIST else { throw FileError.system("create", child(name)) }
        }
        throw FileError(path, "cannot make a unique directory", refused: false)
    }

    /// Moves `name` to `target`/`newName` (replacing a file there; rename(2) moves a link
    /// itself, never what it points to).
    public func move(_ name: String, to target: Directory, as newName: String) throws {
        guard renameat(fd, name, target.fd, newName) == 0 else { throw FileError.system("move \(child(name)) to", target.child(newName)) }
    }

    /// Swaps the entries `a` here and `b` in `other` in one step where the system can
    /// (renameat2's RENAME_EXCHANGE, Linux 3.15+); false where it cannot.
    public func exchange(_ a: String, with other: Directory, _ b: String) -> Bool {
        typealias RenameAt2 = @convention(c) (Int32, UnsafePointer<CChar>, Int32, UnsafePointer<CChar>, UInt32) -> Int32
        guard let symbol = Directory.renameat2 else { return false }
        let call = unsafeBitCast(symbol, to: RenameAt2.self)
        return call(fd, a, other.fd, b, 2 /* RENAME_EXCHANGE */) == 0
    }

    nonisolated(unsafe) private static let renameat2: UnsafeMutableRawPointer? = {
        guard let handle = dlopen(nil, RTLD_NOW) else { return nil }
        return dlsym(handle, "renameat2")
    }()

    // MARK: - Removing

    /// Removes the file or link `name` (a link itself, never what it points to).
    public func remove(_ name: String) throws {
        guard unlinkat(fd, name, 0) == 0 || errno == ENOENT else { throw FileError.system("remove", child(name)) }
    }

    /// Removes the directory `name` and what is in it, but only when every entry, at every
    /// depth, is one `owned` accepts (a name and its kind; links are never followed):
    /// otherwise nothing is removed and the first stranger is named.
    public func removeTree(_ name: String, owned: (_ name: String, _ kind: Kind) -> Bool) throws {
        guard let k = kind(of: name) else { return }
        guard k == .directory else { throw FileError(child(name), "is not a directory Flipbook made; nothing was removed", refused: true) }
        let d = try directory(name)
        if let stranger = try d.firstStranger(owned) { throw FileError.stranger(stranger) }
        try d.removeContents()
        try removeEmptyDirectory(name)
    }

    /// The path of the first entry, at any depth, that `owned` does not accept; nil when all are.
    public func firstStranger(_ owned: (_ name: String, _ kind: Kind) -> Bool) throws -> String? {
        for n in try names() {
            let k = kind(of: n) ?? .other
            guard owned(n, k) else { return child(n) }
            if k == .directory, let s = try directory(n).firstStranger(owned) { return s }
        }
        return nil
    }

    /// Removes everything in this directory but `kept` (links themselves, never what they
    /// point to).
    public func removeContents(except kept: Set<String> = []) throws {
        for n in try names() where !kept.contains(n) {
            if kind(of: n) == .directory {
                try directory(n).removeContents()
                try removeEmptyDirectory(n)
            } else {
                try remove(n)
            }
        }
    }

    /// Removes the empty directory `name`.
    public func removeEmptyDirectory(_ name: String) throws {
        guard unlinkat(fd, name, AT_REMOVEDIR) == 0 || errno == ENOENT else { throw FileError.system("remove", child(name)) }
    }

    // MARK: - Locks

    /// Opens (creating) the regular file `name` and takes an exclusive lock on it without
    /// waiting; nil when someone else holds it. The lock lasts until `Lock.release` or exit.
    public func lock(_ name: String) throws -> Lock? {
        let f = openat(fd, name, O_RDWR | O_CREAT | O_NOFOLLOW | O_CLOEXEC, 0o644)
        guard f >= 0 else {
            if kind(of: name) == .link { throw FileError(child(name), "is a symbolic link, not Flipbook's lock file", refused: true) }
            throw FileError.system("open", child(name))
        }
        var st = stat()
        guard fstat(f, &st) == 0, st.st_mode & S_IFMT == S_IFREG else {
            close(f)
            throw FileError(child(name), "is not a regular file, not Flipbook's lock file", refused: true)
        }
        guard flock(f, LOCK_EX | LOCK_NB) == 0 else { close(f); return nil }
        return Lock(fd: f)
    }

    public final class Lock: @unchecked Sendable {
        private var fd: Int32
        init(fd: Int32) { self.fd = fd }
        public func release() { if fd >= 0 { close(fd); fd = -1 } }
        deinit { release() }
    }
}
