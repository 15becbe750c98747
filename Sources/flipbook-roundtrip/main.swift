// flipbook-roundtrip: every example's PNG frames, as `flipbook render` writes them, decode to
// exactly the pixels Cairo drew (`make test`). Each scene is rendered at scale 1 and 2 through
// the real pipeline (both cores, repeated frames written once); each file is then decoded by
// libpng (Cairo's PNG reader, which shares no code with Flipbook's encoder) and compared, pixel
// by pixel, with the frame drawn again on its own. Translucent frames compare exactly too:
// premultiplying the straight values the encoder wrote gives back the drawn ones.
// With --renders DIR it reads the frames `make test` rendered once for every check
// (Tests/support/renders.py: DIR/NAME@1x and DIR/NAME@2x) instead of rendering them again.
// Usage: flipbook-roundtrip [--renders DIR] [scene.json…]  (default: examples/*.json). Exits 1 on a difference.
import Foundation
import Flipbook

var arguments = Array(CommandLine.arguments.dropFirst())
var renders: URL?
if arguments.first == "--renders", arguments.count > 1 {
    renders = URL(fileURLWithPath: arguments[1], isDirectory: true)
    arguments.removeFirst(2)
}
let scenes = arguments.isEmpty
    ? try FileManager.default.contentsOfDirectory(atPath: "examples").filter { $0.hasSuffix(".json") }.sorted().map { "examples/" + $0 }
    : arguments
let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("flipbook-roundtrip-\(getpid())")
defer { try? FileManager.default.removeItem(at: scratch) }

final class Failures: @unchecked Sendable {
    private let lock = NSLock()
    private(set) var lines: [String] = []
    func add(_ line: String) { lock.lock(); lines.append(line); lock.unlock() }
}

var frames = 0, drawnFrames = 0, bytes = 0
let failures = Failures()
for path in scenes {
    let data = try Data(contentsOf: URL(fileURLWithPath: path))
    for scale in [1, 2] {
        var scene = try SceneDecoder().decode([UInt8](data), file: path)
        scene.canvas.scale = scale
        let timeline = try Simulator.run(scene)
        let directory: URL
        if let renders {
            directory = renders.appendingPathComponent("\(URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent)@\(scale)x")
        } else {
            directory = scratch.appendingPathComponent("\(scale)")
            try? FileManager.default.removeItem(at: directory)
            try RenderPipeline.render(timeline, formats: [.frames(PNGFormat())], to: directory)
        }
        let repeats = timeline.frames.indices.map { i in i > 0 && timeline.frames[i].items == timeline.frames[i - 1].items }
        DispatchQueue.concurrentPerform(iterations: timeline.frames.count) { i in
            let frame = timeline.frames[i]
            let file = directory.appendingPathComponent(OutputFormats.frameFileName(frame.index, ext: "png"))
            do {
                if repeats[i] {
                    let before = directory.appendingPathComponent(OutputFormats.frameFileName(timeline.frames[i - 1].index, ext: "png"))
                    if try Data(contentsOf: file) != Data(contentsOf: before) {
                        failures.add("\(path) @\(scale)x frame \(frame.index): the same items as the frame before, other bytes")
                    }
                    return
                }
                let decoded = try FrameImage(png: [UInt8](try Data(contentsOf: file)))
                let drawn = try FrameImage(drawing: frame, canvas: timeline.canvas)
                if decoded != drawn {
                    let first = zip(decoded.pixels, drawn.pixels).enumerated().first { $0.element.0 != $0.element.1 }
                    let at = first.map { "(\($0.offset % drawn.width), \($0.offset / drawn.width)): \(String($0.element.0, radix: 16)) against \(String($0.element.1, radix: 16))" } ?? "size"
                    failures.add("\(path) @\(scale)x frame \(frame.index): decoded pixels differ from the drawn ones, first at \(at)")
                }
            } catch {
                failures.add("\(path) @\(scale)x frame \(frame.index): \(error)")
            }
        }
        frames += timeline.frames.count
        drawnFrames += repeats.filter { !$0 }.count
        bytes += timeline.frames.reduce(0) { total, frame in
            total + ((try? FileManager.default.attributesOfItem(atPath: directory.appendingPathComponent(OutputFormats.frameFileName(frame.index, ext: "png")).path)[.size] as? Int) ?? 0)
        }
    }
}
for line in failures.lines.prefix(20) { print(line) }
if !failures.lines.isEmpty {
    print("flipbook-roundtrip: \(failures.lines.count) of \(frames) frames differ")
    print("roundtrip: \(frames - failures.lines.count) passed, \(failures.lines.count) failed")
    exit(1)
}
print("flipbook-roundtrip: \(frames) PNG frames of \(scenes.count) scenes at scale 1 and 2 (\(drawnFrames) distinct, drawn again) decode to the drawn pixels (\(bytes / 1024) KiB)")
print("roundtrip: \(frames) passed, 0 failed")
