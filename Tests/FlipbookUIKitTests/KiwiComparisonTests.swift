import XCTest
import Foundation
@testable import UIKit
import FlipbookCore

/// Auto Layout against kiwisolver (PyPI; nucleic's Cassowary, the algorithm UIKit's engine is
/// built on), issue 62 item 2: a few hundred random systems of views with required and
/// prioritised constraints, solved by Flipbook's solver and by kiwi, must leave the same error
/// at every priority level, the highest first — ties (several layouts with the same errors)
/// aside, so the errors are compared, not the frames. `make test` installs kiwisolver into
/// .build/tools/kiwisolver (scripts/setup.sh); Tests/autolayout/kiwi_levels.py solves.
final class KiwiComparisonTests: XCTestCase {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    struct Constraint: Codable {
        var first: Int, firstAttribute: String
        var second: Int?, secondAttribute: String?  // nil: a constant; -1: the content view
        var relation: String, multiplier: Double, constant: Double, priority: Double
    }
    struct System: Codable {
        var views: Int
        var width: Double, height: Double
        var constraints: [Constraint]
        /// Flipbook's frames of the views (x, y, width, height in the content view).
        var frames: [[Double]] = []
    }

    static let attributes: [(String, NSLayoutConstraint.Attribute)] = [
        ("leading", .leading), ("trailing", .trailing), ("top", .top), ("bottom", .bottom),
        ("width", .width), ("height", .height), ("centerX", .centerX), ("centerY", .centerY),
    ]

    /// A random system: every view held inside the 300 × 200 content view (required, always
    /// satisfiable), then optional wishes at 750, 500 and 250 between views and the content
    /// view, constants whole points up to 150.
    static func system(_ random: inout SplitMix64) -> System {
        let n = 2 + random.below(3)
        var out = System(views: n, width: 300, height: 200, constraints: [])
        for v in 0..<n {
            for (a, rel, c) in [("leading", ">=", 0.0), ("top", ">=", 0), ("trailing", "<=", 300), ("bottom", "<=", 200)] {
                out.constraints.append(Constraint(first: v, firstAttribute: a, second: -1, secondAttribute: a == "trailing" ? "leading" : a == "bottom" ? "top" : a,
                                                  relation: rel, multiplier: 1, constant: c, priority: 1000))
            }
        }
        let wishes = 3 + random.below(6)
        let priorities = [750.0, 500, 250]
        for _ in 0..<wishes {
            let v = random.below(n)
            let horizontal = random.below(2) == 0
            let kinds = horizontal ? ["leading", "trailing", "width", "centerX"] : ["top", "bottom", "height", "centerY"]
            let a = kinds[random.below(4)]
            let relation = ["==", "==", ">=", "<="][random.below(4)]
            let priority = priorities[random.below(3)]
            let constant = Double(random.below(151))
            if a == "width" || a == "height" {
                if random.below(2) == 0 {
                    out.constraints.append(Constraint(first: v, firstAttribute: a, second: nil, secondAttribute: nil, relation: relation, multiplier: 1, constant: constant, priority: priority))
                } else {
                    let w = (v + 1 + random.below(n - 1)) % n
                    out.constraints.append(Constraint(first: v, firstAttribute: a, second: w, secondAttribute: a, relation: relation, multiplier: 1, constant: Double(random.below(41)), priority: priority))
                }
            } else {
                let other = random.below(n + 1) - 1  // −1: the content view
                let b = other == v ? -1 : other
                let second = kinds[random.below(2) == 0 ? kinds.firstIndex(of: a)! : random.below(2) == 0 ? 0 : 1]
                let attribute = second == "width" || second == "height" ? a : second
                out.constraints.append(Constraint(first: v, firstAttribute: a, second: b, secondAttribute: attribute, relation: relation, multiplier: 1, constant: constant, priority: priority))
            }
        }
        return out
    }

    /// Flipbook's frames for `system`: views in a cell's content view, laid out by the solver.
    static func solve(_ system: System) -> [[Double]]? {
        let cell = UICollectionViewCell(frame: CGRect(x: 0, y: 0, width: system.width, height: system.height))
        let views = (0..<system.views).map { _ in UIView() }
        for v in views {
            v.translatesAutoresizingMaskIntoConstraints = false
            cell.contentView.addSubview(v)
        }
        let named = Dictionary(uniqueKeysWithValues: attributes)
        var made: [NSLayoutConstraint] = []
        for c in system.constraints {
            let first = views[c.first]
            let second: Any? = c.second.map { $0 < 0 ? cell.contentView : views[$0] }
            let relation: NSLayoutConstraint.Relation = c.relation == "==" ? .equal : c.relation == ">=" ? .greaterThanOrEqual : .lessThanOrEqual
            let k = NSLayoutConstraint(item: first, attribute: named[c.firstAttribute]!, relatedBy: relation, toItem: second,
                                       attribute: c.secondAttribute.map { named[$0]! } ?? .notAnAttribute, multiplier: CGFloat(c.multiplier), constant: CGFloat(c.constant))
            k.priority = UILayoutPriority(Float(c.priority))
            made.append(k)
        }
        NSLayoutConstraint.activate(made)
        var warned = false
        guard UIKitCellContent.layOut(cell, warn: { _ in warned = true }) == nil, !warned else { return nil }
        return views.map { [Double($0.frame.minX), Double($0.frame.minY), Double($0.frame.width), Double($0.frame.height)] }
    }

    func testLevelByLevelErrorsAgreeWithKiwisolver() throws {
        let tools = Self.root.appendingPathComponent(".build/tools/kiwisolver")
        guard FileManager.default.fileExists(atPath: tools.appendingPathComponent("kiwisolver").path) else {
            if ProcessInfo.processInfo.environment["CI"] != nil { return XCTFail("kiwisolver is not in .build/tools/kiwisolver (scripts/setup.sh --test installs it)") }
            throw XCTSkip("kiwisolver is not installed: `make test` installs it (scripts/setup.sh --test)")
        }
        var random = SplitMix64(state: 62)
        var systems: [System] = []
        for _ in 0..<300 {
            var s = Self.system(&random)
            s.frames = try XCTUnwrap(Self.solve(s), "the required constraints always hold")
            systems.append(s)
        }
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("flipbook-kiwi-\(getpid())")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        func compare(_ systems: [System]) throws -> String {
            let input = dir.appendingPathComponent("systems.json")
            try JSONEncoder().encode(systems).write(to: input)
            let p = Process()
            p.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
            p.arguments = [Self.root.appendingPathComponent("Tests/autolayout/kiwi_levels.py").path, input.path]
            p.environment = ["PYTHONPATH": tools.path, "PATH": "/usr/bin:/bin"]
            let pipe = Pipe()
            p.standardOutput = pipe
            try p.run()
            let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            p.waitUntilExit()
            XCTAssertEqual(p.terminationStatus, 0, output)
            return output
        }
        // "300 systems: 0 disagreements beyond ties" and, per disagreement, its level errors.
        let output = try compare(systems)
        XCTAssertTrue(output.hasPrefix("300 systems: 0 disagreements"), output)
        // The comparison sees a wrong layout: every view moved 7 pt right disagrees somewhere.
        let moved = systems.map { s in var s = s; s.frames = s.frames.map { [$0[0] + 7, $0[1], $0[2], $0[3]] }; return s }
        let wrong = try compare(moved)
        XCTAssertFalse(wrong.hasPrefix("300 systems: 0 disagreements"), wrong)
    }
}
