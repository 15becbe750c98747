import XCTest
import Foundation
import Flipbook
@testable import FlipbookRender

/// Files through directory handles (FlipbookCore.Directory): nothing is reached through a
/// link, nothing leads out with "..", and a tree is removed only when all of it is owned.
final class DirectoryTests: XCTestCase {
    var dir: URL!
    let fm = FileManager.default
    override func setUpWithError() throws {
        dir = fm.temporaryDirectory.appendingPathComponent("flipbook-dir-\(getpid())-\(UUID().uuidString)")
        try fm.createDirectory(at: dir.appendingPathComponent("victim"), withIntermediateDirectories: true)
        try Data("secret".utf8).write(to: dir.appendingPathComponent("victim/secret.txt"))
    }
    override func tearDown() { try? fm.removeItem(at: dir) }

    func path(_ p: String) -> String { dir.appendingPathComponent(p).path }

    func refusal(_ body: () throws -> Void, _ needle: String, line: UInt = #line) {
        XCTAssertThrowsError(try body(), line: line) { e in
            guard let f = e as? FileError else { return XCTFail("\(e) is not a FileError", line: line) }
            XCTAssertTrue(f.refused, "\(f)", line: line)
            XCTAssertTrue(f.description.contains(needle), "\(f)", line: line)
        }
    }

    func testReadingStaysInside() throws {
        try fm.createDirectory(atPath: path("project/sub"), withIntermediateDirectories: true)
        try Data("ok".utf8).write(to: URL(fileURLWithPath: path("project/sub/a.txt")))
        try fm.createSymbolicLink(atPath: path("project/link.txt"), withDestinationPath: path("victim/secret.txt"))
        try fm.createSymbolicLink(atPath: path("project/linkdir"), withDestinationPath: path("victim"))
        XCTAssertEqual(mkfifo(path("project/fifo"), 0o644), 0)
        let project = try Directory.open(path("project")).0
        XCTAssertEqual(try project.read("sub/a.txt", maxBytes: 10), Array("ok".utf8))
        refusal({ _ = try project.read("link.txt", maxBytes: 100) }, "is a symbolic link")
        refusal({ _ = try project.read("linkdir/secret.txt", maxBytes: 100) }, "linkdir: is a symbolic link")
        refusal({ _ = try project.read("../victim/secret.txt", maxBytes: 100) }, "without empty, \".\" or \"..\" components")
        refusal({ _ = try project.read(path("victim/secret.txt"), maxBytes: 100) }, "is an absolute path")
        refusal({ _ = try project.read("sub//a.txt", maxBytes: 100) }, "components")
        refusal({ _ = try project.read("fifo", maxBytes: 100) }, "is not a regular file")
        refusal({ _ = try project.read("sub/a.txt", maxBytes: 1) }, "more than the 1 allowed")
    }

    func testOpeningFollowsParentsButNotTheFolderItself() throws {
        try fm.createDirectory(atPath: path("real/out"), withIntermediateDirectories: true)
        try fm.createSymbolicLink(atPath: path("parent"), withDestinationPath: path("real"))
        try fm.createSymbolicLink(atPath: path("real/leaf"), withDestinationPath: path("victim"))
        XCTAssertNoThrow(try Directory.open(path("parent/out")), "a link among the parents is the machine's layout")
        refusal({ _ = try Directory.open(path("parent/out"), strict: true) }, "parent: is a symbolic link")
        refusal({ _ = try Directory.open(path("real/leaf")) }, "leaf: is a symbolic link")
        XCTAssertNoThrow(try Directory.open(path("real/leaf"), followsLast: true), "a folder named to read from may be a link")
        // Creating missing folders says which, deepest first, and removes only empty ones.
        let (_, created) = try Directory.open(path("new/a/b"), create: true)
        XCTAssertEqual(created.map(\.name), ["b", "a", "new"])
        for c in created { XCTAssertTrue(c.remove()) }
        XCTAssertFalse(fm.fileExists(atPath: path("new")))
    }

    func testRemovingATreeNeedsEveryEntryOwned() throws {
        let root = try Directory.open(dir.path).0
        let tree = try root.makeDirectory("tree")
        try tree.create("frame-00001.png", [1])
        try tree.makeDirectory("sub").create("keyframes.json", [2])
        try fm.createSymbolicLink(atPath: path("tree/sub/elsewhere.png"), withDestinationPath: path("victim/secret.txt"))
        try Data("mine".utf8).write(to: URL(fileURLWithPath: path("tree/sub/notes.txt")))
        let owned: (String, Directory.Kind) -> Bool = { name, kind in kind == .directory || name.hasSuffix(".png") || name.hasSuffix(".json") }
        refusal({ try root.removeTree("tree", owned: owned) }, "notes.txt: was not written by Flipbook; nothing was removed")
        XCTAssertTrue(fm.fileExists(atPath: path("tree/frame-00001.png")), "nothing went")
        try fm.removeItem(atPath: path("tree/sub/notes.txt"))
        try root.removeTree("tree", owned: owned)
        XCTAssertFalse(fm.fileExists(atPath: path("tree")))
        XCTAssertEqual(try String(contentsOfFile: path("victim/secret.txt"), encoding: .utf8), "secret", "a link in the tree goes, not its target")
    }

    /// A link planted where a tree is to be removed (the fuzzer clears its "render" folder this
    /// way) is refused: neither the link's target nor anything in it is touched.
    func testRemovingATreeThatIsALinkRemovesNothing() throws {
        let root = try Directory.open(dir.path).0
        try fm.createSymbolicLink(atPath: path("render"), withDestinationPath: path("victim"))
        refusal({ try root.removeTree("render") { _, _ in true } }, "is not a directory Flipbook made; nothing was removed")
        XCTAssertEqual(try String(contentsOfFile: path("victim/secret.txt"), encoding: .utf8), "secret")
        XCTAssertNotNil(try? fm.destinationOfSymbolicLink(atPath: path("render")), "the link itself stays too")
    }

    func testWritingNeverGoesThroughALink() throws {
        let root = try Directory.open(dir.path).0
        try fm.createSymbolicLink(atPath: path("planted.txt"), withDestinationPath: path("victim/secret.txt"))
        refusal({ try root.create("planted.txt", [1]) }, "exists already")
        refusal({ try root.replace("planted.txt", [1]) }, "is a symbolic link")
        refusal({ _ = try root.lock("planted.txt") }, "is a symbolic link")
        XCTAssertEqual(try String(contentsOfFile: path("victim/secret.txt"), encoding: .utf8), "secret")
        // A private folder of this run: new, random, mode 0700.
        let (name, _) = try root.makeUniqueDirectory(prefix: "flipbook-check-")
        XCTAssertTrue(name.hasPrefix("flipbook-check-") && name.count == 25, name)
        var st = stat()
        XCTAssertEqual(lstat(path(name), &st), 0)
        XCTAssertEqual(st.st_mode & 0o777, 0o700)
    }

    /// A render into a folder whose staging is planted as a link writes and deletes nothing
    /// through it (the attack that once emptied another directory).
    func testPlantedStagingLinkIsRefused() throws {
        try fm.createDirectory(atPath: path("out"), withIntermediateDirectories: true)
        try fm.createSymbolicLink(atPath: path("out/.flipbook-staging"), withDestinationPath: path("victim"))
        refusal({ _ = try OutputDirectory(destination: URL(fileURLWithPath: path("out"))) }, ".flipbook-staging: is a symbolic link")
        XCTAssertEqual(try fm.contentsOfDirectory(atPath: path("victim")), ["secret.txt"])
    }
}
