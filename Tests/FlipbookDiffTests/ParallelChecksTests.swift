import Foundation
import XCTest
import Flipbook
import FlipbookTesting

/// FlipbookTesting under `swift test --parallel`: checks that fail at the same time each
/// write their own report, holding their own scene, and each failure message leads to it.
final class ParallelChecksTests: XCTestCase {
    static func scene(_ k: Int, color: Color) -> Scene {
        let cv = CollectionViewSpec(frame: Rect(x: 0, y: 0, width: 120, height: 160), layout: WalletLayout(),
                                    sections: [SectionSpec(id: "s", items: (0..<3).map { ItemSpec(id: "c\(k)-\($0)", color: color) })])
        return Scene(name: "scene\(k)", canvas: Canvas(width: 120, height: 160, scale: 1), fps: 10, duration: 0.3, collectionView: cv)
    }

    func testEightFailuresAtOnceEachFindTheirSceneInTheirOwnReport() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("flipbook-parallel-\(getpid())-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        var check = AnimationCheck(goldens: root.appendingPathComponent("goldens"), report: root.appendingPathComponent("report"), recording: .all)
        for k in 0..<8 {
            guard case .recorded = checkAnimation(of: Self.scene(k, color: .white), named: "scene\(k)", check) else { return XCTFail("scene\(k) recorded") }
        }
        check.recording = .never
        let failing = check
        let results = Locked([Int: AnimationCheckResult]())
        DispatchQueue.concurrentPerform(iterations: 8) { k in
            let r = checkAnimation(of: ParallelChecksTests.scene(k, color: Color(red: 1, green: 0, blue: 0)), named: "scene\(k)", failing)
            results.update { $0[k] = r }
        }
        for k in 0..<8 {
            guard case .failed(let message)? = results.value[k] else { return XCTFail("scene\(k) fails: \(String(describing: results.value[k]))") }
            let lines = message.split(separator: "\n").map(String.init)
            XCTAssertTrue(lines[0].hasPrefix("scene\(k): \"c\(k)-0\""), "the first line names the scene and what changed: \(message)")
            let html = root.appendingPathComponent("report/scene\(k)/report.html").path
            XCTAssertEqual(lines.last, "report: \(html)")
            let json = try String(contentsOfFile: root.appendingPathComponent("report/scene\(k)/report.json").path, encoding: .utf8)
            XCTAssertTrue(json.contains("\"scene\(k)\""), "its report holds its scene")
            for other in (0..<8) where other != k { XCTAssertFalse(json.contains("\"scene\(other)\""), "scene\(k)'s report holds scene\(other)") }
            XCTAssertTrue(FileManager.default.fileExists(atPath: html))
        }
    }
}

/// A value several threads update.
final class Locked<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var _value: Value
    init(_ value: Value) { _value = value }
    var value: Value { lock.lock(); defer { lock.unlock() }; return _value }
    func update(_ body: (inout Value) -> Void) { lock.lock(); body(&_value); lock.unlock() }
}
