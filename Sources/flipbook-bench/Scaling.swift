// How the cost grows with the scene: the same 120-frame render @2x with 10 and with 100,000
// items (a Wallet stack and a flow layout), timed as whole `flipbook render` processes so that
// decoding and preparing the items count; and a 10-minute 60 fps Wallet scene (36,000 frames)
// @2x, for its peak memory. Scenes are generated into the scratch folder.
import Foundation
import Flipbook

struct ScalingBenchmark {
    let flipbook: String
    let scratch: URL

    /// Wall time and peak resident memory (MiB) of one process, measured with wait4.
    func run(_ args: [String]) throws -> (seconds: Double, peakMiB: Double) {
        var pid: pid_t = 0
        let argv = ([flipbook] + args).map { strdup($0) } + [nil]
        defer { for a in argv { free(a) } }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        defer { posix_spawn_file_actions_destroy(&actions) }
        let t0 = now()
        guard posix_spawn(&pid, flipbook, &actions, nil, argv, environ) == 0 else { throw BenchError("cannot run \(flipbook)") }
        var status: Int32 = 0
        var usage = rusage()
        _ = wait4(pid, &status, 0, &usage)
        let seconds = now() - t0
        guard status == 0 else { throw BenchError("failed: flipbook \(args.joined(separator: " "))") }
        return (seconds, Double(usage.ru_maxrss) / 1024)
    }

    func median(_ args: [String], runs: Int = 3) throws -> (seconds: Double, peakMiB: Double) {
        let results = try (0..<runs).map { _ in try run(args) }
        return (results.map(\.seconds).sorted()[runs / 2], results.map(\.peakMiB).max()!)
    }

    /// A scene of `count` items scrolled by 400 pt and back over `seconds`.
    /// A compositional feed: a carousel section (10 items, scrolling sideways) over a
    /// three-column grid under a pinned header (the rest).
    static let compositionalJSON = #"""
        {"type": "compositional", "sections": [
          {"group": {"direction": "horizontal", "size": {"width": {"fractionalWidth": 0.8}, "height": {"absolute": 200}},
                     "items": [{"size": {"width": {"fractionalWidth": 1}, "height": {"fractionalHeight": 1}}}]},
           "interGroupSpacing": 10, "orthogonalScrollingBehavior": "groupPagingCentered",
           "visibleItemsTransform": {"scale": {"center": 1, "edge": 0.9}}},
          {"group": {"direction": "horizontal", "size": {"width": {"fractionalWidth": 1}, "height": {"absolute": 120}},
                     "items": [{"size": {"width": {"fractionalWidth": 1}, "height": {"fractionalHeight": 1}},
                                "contentInsets": {"top": 4, "leading": 4, "bottom": 4, "trailing": 4}}], "count": 3},
           "boundarySupplementaryItems": [{"kind": "header", "size": {"width": {"fractionalWidth": 1}, "height": {"absolute": 44}},
                                           "pinToVisibleBounds": true}]}]}
        """#

    func scene(layout: String, count: Int, seconds: Double, scrolls: Int = 1) -> String {
        let layoutJSON = layout == "wallet"
            ? #"{"type": "wallet", "cellHeight": 200, "cellSpace": 100, "pullFactor": 0.25}"#
            : layout == "compositional" ? Self.compositionalJSON
            : #"{"type": "flow", "itemSize": {"width": 108, "height": 108}, "minimumLineSpacing": 8, "minimumInteritemSpacing": 8, "sectionInset": {"top": 8, "left": 12, "bottom": 8, "right": 12}}"#
        var items: [String] = []
        items.reserveCapacity(count)
        for i in 0..<count { items.append(#"{"id": "i\#(i)", "title": "Card \#(i) 卡片"}"#) }
        let data = layout == "compositional"
            ? ##""header": {"backgroundColor": "#FFFFFF"}, "sections": [{"id": "carousel", "items": [\##(items[..<10].joined(separator: ", "))]}, {"id": "grid", "header": "Grid", "items": [\##(items[10...].joined(separator: ", "))]}]"##
            : #""items": [\#(items.joined(separator: ", "))]"#
        var script: [String] = []
        let period = seconds / Double(scrolls)
        for k in 0..<scrolls {
            let t = Double(k) * period
            script.append(#"{"at": \#(t + 0.1 * period), "action": "scrollTo", "contentOffset": {"y": 400}, "duration": \#(0.3 * period)}"#)
            script.append(#"{"at": \#(t + 0.55 * period), "action": "scrollTo", "contentOffset": {"y": 0}, "duration": \#(0.3 * period)}"#)
        }
        return """
            {"canvas": {"width": 375, "height": 667, "scale": 2, "background": "#F2F2F7"}, "fps": 60, "duration": \(seconds),
             "collectionView": {"layout": \(layoutJSON), "cell": {"cornerRadius": 16, "titleSize": 18},
              \(data)},
             "script": [\(script.joined(separator: ", "))]}
            """
    }

    /// What 100,000 items cost before the first frame, in this process: reading the scene
    /// (parse, decode, validate) and setting up the simulator (collection view, layout).
    func printFixedCost(_ layout: String, _ url: URL) throws {
        let bytes = [UInt8](try Data(contentsOf: url))
        var decode: [Double] = [], setUp: [Double] = []
        for _ in 0..<3 {
            let t0 = now()
            let scene = try SceneDecoder().decode(bytes, file: url.path)
            let t1 = now()
            _ = try Simulator(scene: scene)
            decode.append(t1 - t0)
            setUp.append(now() - t1)
        }
        func ms(_ v: [Double]) -> String { fmt(v.sorted()[1] * 1000, 0) }
        print("  \(layout.padding(toLength: 6, withPad: " ", startingAt: 0)) read the scene \(ms(decode)) ms, set up the simulator \(ms(setUp)) ms")
    }

    func write(_ text: String, _ name: String) throws -> String {
        let url = scratch.appendingPathComponent(name)
        try Data(text.utf8).write(to: url)
        return url.path
    }

    func runAll() throws {
        print("\nscale: 120 frames @2x (750 x 1334) to PNG, whole flipbook process, median of 3")
        for layout in ["wallet", "flow", "compositional"] {
            var times: [Int: Double] = [:]
            // 10 items as the goal states it; for the flow layout also 30, which fill the screen
            // through the whole scroll as 100,000 do (10 leave it mostly empty), so that ratio
            // shows the cost of the item count alone.
            // The compositional scene's 100 fill its screen (a carousel and a grid) as 100,000 do.
            let counts = layout == "flow" ? [10, 30, 100_000] : layout == "compositional" ? [100, 100_000] : [10, 100_000]
            for count in counts {
                let path = try write(scene(layout: layout, count: count, seconds: 2), "\(layout)-\(count).json")
                let out = scratch.appendingPathComponent("\(layout)-\(count)").path
                times[count] = try median(["render", path, "-o", out]).seconds
                try? FileManager.default.removeItem(atPath: out)
            }
            let base = times[10] != nil ? 10 : 100
            print("  \(layout.padding(toLength: 6, withPad: " ", startingAt: 0)) \(base) items \(fmt(times[base]!, 2)) s   100,000 items \(fmt(times[100_000]!, 2)) s   ratio \(fmt(times[100_000]! / times[base]!, 2))x")
            if let t30 = times[30] {
                print("         30 items \(fmt(t30, 2)) s (a full screen throughout)   ratio 100,000 / 30 \(fmt(times[100_000]! / t30, 2))x")
            }
        }
        print("\nlong scene: a 10-minute Wallet scene at 60 fps (36,000 frames) @2x to PNG, one process")
        let path = try write(scene(layout: "wallet", count: 10, seconds: 600, scrolls: 100), "wallet-10min.json")
        let out = scratch.appendingPathComponent("wallet-10min").path
        let r = try run(["render", path, "-o", out])
        try? FileManager.default.removeItem(atPath: out)
        print("  \(fmt(r.seconds, 1)) s (\(fmt(36_000 / r.seconds)) frames/s), peak memory \(fmt(r.peakMiB)) MiB")
        // Last, in this process: a child's peak memory (wait4's ru_maxrss) counts what this
        // process held when it was spawned, so decoding 100,000 items here first would inflate
        // the long scene's figure.
        print("\n100,000 items before the first frame, in process (median of 3)")
        for layout in ["wallet", "flow"] { try printFixedCost(layout, scratch.appendingPathComponent("\(layout)-100000.json")) }
    }
}
