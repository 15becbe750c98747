import Foundation
import FlipbookCore
import FlipbookRender

/// How much a frame may differ in pixels before it counts.
public enum PixelAllowance: Sendable, Equatable {
    case pixels(Int)
    /// A fraction of the frame's pixels (0…1).
    case fraction(Double)

    func allows(_ changed: Int, of total: Int) -> Bool {
        switch self {
        case .pixels(let n): return changed <= n
        case .fraction(let f): return Double(changed) <= f * Double(total)
        }
    }
}

/// The settings of a comparison.
public struct ComparisonOptions: Sendable {
    public var tolerance = DiffTolerance()
    public var pixels = PixelDiff()
    public var maxDiffPixels = PixelAllowance.pixels(0)
    /// Frames whose images go into the report (baseline, candidate, diff), at most.
    public var maxImages = 8
    public var workers = RenderPipeline.defaultWorkers
    public init() {}
}

/// One frame both renders have as PNG.
public struct FrameComparison: Sendable, Equatable {
    public var index: Int
    public var pixels: PixelDiff.Result
    /// More pixels changed than allowed.
    public var exceeds: Bool
}

/// Images of one frame in a report directory (paths relative to it).
public struct ReportImages: Sendable, Equatable {
    public var frame: Int
    public var baseline: String
    public var candidate: String
    public var diff: String
}

/// The comparison of one scene's two renders.
public struct SceneReport: Sendable {
    public enum Verdict: String, Sendable { case match, differ, missing, recorded }
    public var name: String
    public var verdict: Verdict
    /// Why, when the verdict is not a comparison (a golden recorded or missing).
    public var note: String?
    public var fps: Int
    public var frameCount: Int
    public var meta: [String] = []
    public var items: [ItemDifference] = []
    /// Frames compared pixel by pixel that differ at all.
    public var pixelFrames: [FrameComparison] = []
    /// The timeline's first frame index (renders of `--frames A-B` start at A).
    public var firstFrame = 0
    /// How many frames were compared pixel by pixel.
    public var framesCompared: Int { framesComparedSet.count }
    public var images: [ReportImages] = []

    public init(name: String, verdict: Verdict, note: String? = nil, fps: Int, frameCount: Int) {
        self.name = name; self.verdict = verdict; self.note = note; self.fps = fps; self.frameCount = frameCount
    }

    /// Frames with a timeline difference.
    public var semanticFrames: Set<Int> { Set(items.flatMap { $0.ranges.flatMap { Array($0) } }) }

    /// Plain-text lines, most important first: what changed in the timeline (item, how, which
    /// frames), then frames whose pixels differ without a timeline change, and the reverse.
    public var summary: [String] {
        if let note { return [note] }
        var lines = meta + items.map { $0.summary(fps: fps) }
        let semantic = semanticFrames
        let failing = pixelFrames.filter(\.exceeds)
        let pixelOnly = failing.filter { !semantic.contains($0.index) }.map(\.index)
        if !pixelOnly.isEmpty {
            let most = failing.filter { !semantic.contains($0.index) }.max { $0.pixels.changed < $1.pixels.changed }!
            lines.append("pixels differ with no timeline change at frames \(SceneReport.list(pixelOnly)) (up to \(most.pixels.changed) pixels, frame \(most.index))")
        }
        let differing = Set(failing.map(\.index))
        let identical = semantic.filter { f in framesComparedSet.contains(f) && !differing.contains(f) }.sorted()
        if !identical.isEmpty {
            lines.append("timeline differs but pixels do not at frames \(SceneReport.list(identical))")
        }
        return lines
    }

    /// Indices of the frames compared pixel by pixel (set by the comparison).
    public var framesComparedSet: Set<Int> = []

    static func list(_ sorted: [Int]) -> String {
        SemanticDiff.ranges(sorted).map { $0.count == 1 ? "\($0.lowerBound)" : "\($0.lowerBound)-\($0.upperBound)" }.joined(separator: ", ")
    }
}

public struct ComparisonError: Error, CustomStringConvertible, Sendable {
    public var description: String
    public init(_ d: String) { description = d }
}

/// Compares two render output directories (each with keyframes.json and/or frame PNGs).
public enum DirectoryComparison {
    static func framePNGs(_ dir: URL) -> [Int: URL] {
        var out: [Int: URL] = [:]
        for name in (try? FileManager.default.contentsOfDirectory(atPath: dir.path)) ?? [] {
            if let i = OutputFormats.frameIndex(fileName: name, ext: "png") { out[i] = dir.appendingPathComponent(name) }
        }
        return out
    }

    /// `name` labels the scene in the report; images of differing frames go to
    /// `report/images/<name>/` when `report` is given.
    public static func compare(name: String, baseline: URL, candidate: URL, options: ComparisonOptions = ComparisonOptions(),
                               report: URL? = nil) throws -> SceneReport {
        let fm = FileManager.default
        let kfA = baseline.appendingPathComponent("keyframes.json"), kfB = candidate.appendingPathComponent("keyframes.json")
        let hasA = fm.fileExists(atPath: kfA.path), hasB = fm.fileExists(atPath: kfB.path)
        let pngA = framePNGs(baseline), pngB = framePNGs(candidate)
        guard (hasA && hasB) || (!pngA.isEmpty && !pngB.isEmpty) else {
            throw ComparisonError("nothing to compare: \(baseline.path) and \(candidate.path) need keyframes.json or frame-NNNNN.png files on both sides")
        }
        var r = SceneReport(name: name, verdict: .match, fps: 60, frameCount: max(pngA.count, pngB.count))
        if hasA && hasB {
            let a = try KeyframesJSONFormat.read(Array(try Data(contentsOf: kfA)), file: kfA.path)
            let b = try KeyframesJSONFormat.read(Array(try Data(contentsOf: kfB)), file: kfB.path)
            let d = SemanticDiff.compare(a, b, tolerance: options.tolerance)
            r.fps = a.fps
            r.frameCount = a.frames.count
            r.firstFrame = a.frames.first?.index ?? 0
            r.meta = d.meta
            r.items = d.items
        }
        let common = Set(pngA.keys).intersection(pngB.keys).sorted()
        if !hasA || !hasB { r.firstFrame = min(pngA.keys.min() ?? 0, pngB.keys.min() ?? 0) }
        r.framesComparedSet = Set(common)
        let pixelOptions = options.pixels
        let results = try RenderPipeline.map(common.count, workers: options.workers) { k -> PixelDiff.Result in
            let i = common[k]
            let bytesA = try Data(contentsOf: pngA[i]!), bytesB = try Data(contentsOf: pngB[i]!)
            // The same bytes are the same pixels: no decoding (a render compared with itself).
            if bytesA == bytesB { return PixelDiff.Result(changed: 0, antialiased: 0, total: 0) }
            let a = try FrameImage(png: Array(bytesA))
            let b = try FrameImage(png: Array(bytesB))
            guard a.width == b.width, a.height == b.height else {
                return PixelDiff.Result(changed: a.width * a.height, antialiased: 0, total: a.width * a.height)
            }
            return pixelOptions.compare(a, b)
        }
        for (i, p) in zip(common, results) {
            if p.changed > 0 || p.antialiased > 0 {
                r.pixelFrames.append(FrameComparison(index: i, pixels: p, exceeds: !options.maxDiffPixels.allows(p.changed, of: p.total)))
            }
        }
        if !r.meta.isEmpty || !r.items.isEmpty || r.pixelFrames.contains(where: \.exceeds) { r.verdict = .differ }
        if let report, r.verdict == .differ {
            r.images = try writeImages(r, pngA: pngA, pngB: pngB, options: options, to: report)
        }
        return r
    }

    /// Baseline, candidate and diff images of a few frames that tell the story: the first
    /// differing frame of each item, then the frames with the most changed pixels.
    static func writeImages(_ r: SceneReport, pngA: [Int: URL], pngB: [Int: URL], options: ComparisonOptions, to report: URL) throws -> [ReportImages] {
        var picks: [Int] = []
        func add(_ i: Int) { if pngA[i] != nil, pngB[i] != nil, !picks.contains(i), picks.count < options.maxImages { picks.append(i) } }
        for item in r.items {
            for range in item.ranges { if let i = range.first(where: { pngA[$0] != nil && pngB[$0] != nil }) { add(i); break } }
        }
        for f in r.pixelFrames.filter(\.exceeds).sorted(by: { $0.pixels.changed != $1.pixels.changed ? $0.pixels.changed > $1.pixels.changed : $0.index < $1.index }) {
            add(f.index)
        }
        if picks.isEmpty { return [] }
        let dir = report.appendingPathComponent("images").appendingPathComponent(safeName(r.name))
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        var out: [ReportImages] = []
        for i in picks.sorted() {
            let a = try FrameImage(png: Array(try Data(contentsOf: pngA[i]!)))
            let b = try FrameImage(png: Array(try Data(contentsOf: pngB[i]!)))
            let stem = OutputFormats.frameFileName(i, ext: "").dropLast()
            let names = ["\(stem)-baseline.png", "\(stem)-candidate.png", "\(stem)-diff.png"]
            try Data(try a.pngData()).write(to: dir.appendingPathComponent(names[0]))
            try Data(try b.pngData()).write(to: dir.appendingPathComponent(names[1]))
            if a.width == b.width && a.height == b.height {
                var diff = FrameImage(width: a.width, height: a.height, pixels: [UInt32](repeating: 0, count: a.pixels.count))
                diff.pixels.withUnsafeMutableBufferPointer { _ = options.pixels.compare(a, b, diffImage: $0.baseAddress!) }
                try Data(try diff.pngData()).write(to: dir.appendingPathComponent(names[2]))
            } else {
                try Data(try b.pngData()).write(to: dir.appendingPathComponent(names[2]))
            }
            let rel = "images/\(safeName(r.name))/"
            out.append(ReportImages(frame: i, baseline: rel + names[0], candidate: rel + names[1], diff: rel + names[2]))
        }
        return out
    }

    /// A scene name as a folder name.
    static func safeName(_ s: String) -> String {
        String(s.unicodeScalars.map { c -> Character in
            c.properties.isAlphabetic || ("0"..."9").contains(c) || c == "-" || c == "_" ? Character(c) : "_"
        })
    }
}
