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
    /// Frames whose images go into the report (baseline, candidate, diff), at most: enough for
    /// one per differing range of a few items and per flicker.
    public var maxImages = 16
    public var workers = RenderPipeline.defaultWorkers
    /// Bytes the comparison may hold (`--max-memory`): bounds the keyframes.json files read
    /// and the frames decoded at once.
    public var maxBytes = 2048 << 20
    /// Stops the pixel comparison between frames.
    public var cancellation = Cancellation.none
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
    public enum Verdict: String, Sendable, CaseIterable { case match, differ, missing, recorded, error }
    public var name: String
    /// The scene file, when the comparison knows it (`check`): annotations point at it, at
    /// `line` (where the first difference comes from) when that is known.
    public var file: String?
    public var line: Int?
    /// Seconds the check of this scene took (junit.xml's time).
    public var seconds: Double?
    public var verdict: Verdict
    /// Why, when the verdict is not a comparison (a golden recorded or missing).
    public var note: String?
    public var fps: Int
    public var frameCount: Int
    public var meta: [String] = []
    /// What a reader should know first that is no difference (a golden drawn with other
    /// library versions); it does not change the verdict.
    public var context: [String] = []
    /// Each template of the scene file and the ids of the items made from it: a template's
    /// change explains those items' differences.
    package var templateUsers: [String: Set<String>] = [:]
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
    public var semanticFrames: Set<Int> { Set(semanticRanges.flatMap { Array($0) }) }

    /// Frames with a timeline difference as sorted, disjoint ranges: the union of every item's
    /// ranges, in time of their number (not of items × frames).
    var semanticRanges: [ClosedRange<Int>] {
        var out: [ClosedRange<Int>] = []
        for r in items.flatMap(\.ranges).sorted(by: { $0.lowerBound < $1.lowerBound }) {
            if let last = out.last, r.lowerBound <= last.upperBound + 1 {
                out[out.count - 1] = last.lowerBound...max(last.upperBound, r.upperBound)
            } else {
                out.append(r)
            }
        }
        return out
    }

    /// Whether any of `frames` is in `ranges` (sorted and disjoint): a binary search.
    static func overlaps(_ ranges: [ClosedRange<Int>], _ frames: ClosedRange<Int>) -> Bool {
        var lo = 0, hi = ranges.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if ranges[mid].upperBound < frames.lowerBound { lo = mid + 1 } else { hi = mid }
        }
        return lo < ranges.count && ranges[lo].lowerBound <= frames.upperBound
    }

    /// Plain-text lines, most important first: what changed in the timeline (item, how, which
    /// frames), then frames whose pixels differ without a timeline change, and the reverse.
    /// Linear in items and frames (sorting aside): items are grouped by a hashed key, frames
    /// looked up in merged ranges.
    public var summary: [String] {
        if let note { return [note] }
        // Items a shifted scroll view carries are said on its line, not one by one.
        var carried: [String: Int] = [:]
        for d in items { if let c = d.cause { carried[c, default: 0] += 1 } }
        // Items whose looks changed the same way on the same frames (one colour of many cards)
        // are one line.
        struct Look: Hashable { var changes: [String], properties: [String], ranges: [ClosedRange<Int>] }
        func look(_ d: ItemDifference) -> Look? {
            d.cause == nil && d.kind == .changed && !d.changes.isEmpty ? Look(changes: d.changes, properties: d.properties, ranges: d.ranges) : nil
        }
        var alike: [Look: [Int]] = [:]
        for (k, d) in items.enumerated() { if let key = look(d) { alike[key, default: []].append(k) } }
        var lines = context + meta
        var grouped = Set<Int>()
        // A swap is one line, on the first of the two.
        var swapped = Set<String>()
        for (k, d) in items.enumerated() where d.cause == nil && !grouped.contains(k) {
            if let other = d.swappedWith {
                if swapped.contains(d.item) { continue }
                swapped.insert(other)
            }
            guard let key = look(d), let same = alike[key], same.count > 2 else {
                lines.append(d.summary(fps: fps, carried: carried[d.item] ?? 0)); continue
            }
            grouped.formUnion(same)
            let ids = same.prefix(3).map { InputError.quote(items[$0].item) }.joined(separator: ", ")
            let line = d.summary(fps: fps)
            let body = line[line.range(of: ": ")!.upperBound...].replacingOccurrences(of: " — " + (d.source ?? ""), with: "")
            lines.append("\(ids)\(same.count > 3 ? " and \(same.count - 3) more" : "") (\(same.count) items): \(body)")
        }
        let semantic = semanticRanges
        let inTimeline = { (f: Int) in SceneReport.overlaps(semantic, f...f) }
        let failing = pixelFrames.filter(\.exceeds)
        let pixelOnly = failing.filter { !inTimeline($0.index) }
        if let most = pixelOnly.max(by: { $0.pixels.changed < $1.pixels.changed }) {
            lines.append("pixels differ with no timeline change at frames \(SceneReport.list(pixelOnly.map(\.index))) (up to \(most.pixels.changed) pixels, frame \(most.index))")
        }
        let differing = Set(failing.map(\.index))
        let identical = framesComparedSet.filter { inTimeline($0) && !differing.contains($0) }.sorted()
        if !identical.isEmpty {
            lines.append("timeline differs but pixels do not at frames \(SceneReport.list(identical))")
        }
        return SceneReport.grouped(lines, headCount: context.count + meta.count, templateUsers: templateUsers)
    }

    /// The effects each cause in the scene file explains listed under it, indented: an effect
    /// attributed to script step N under a change of `$.script[N]`, an item's under a change
    /// that names it (a swap, a removal) or under a change of the template it is made from, the
    /// scroll view's own (its offset) under a change of one of its fields (`contentInset`).
    /// Effects no cause explains follow.
    static func grouped(_ lines: [String], headCount: Int, templateUsers: [String: Set<String>] = [:]) -> [String] {
        let prefix = SceneDocumentDiff.prefix
        let head = Array(lines.prefix(headCount)), effects = Array(lines.dropFirst(headCount))
        let causes = head.filter { $0.hasPrefix(prefix) }
        guard !causes.isEmpty else { return lines }
        /// The first id an effect line starts with: `"a": …` or `"a", "c" and 2 more (4 items): …`.
        func firstID(_ effect: String) -> Substring? {
            guard effect.hasPrefix("\"") else { return nil }
            let rest = effect.dropFirst()
            return rest.firstIndex(of: "\"").map { rest[..<$0] }
        }
        /// Whether the cause names the effect (its script step, its item), else whether it
        /// reaches it (the item's template, the scroll view's field): naming comes first.
        func explains(_ cause: String, _ effect: String, directly: Bool) -> Bool {
            let body = cause.dropFirst(prefix.count)
            guard directly else {
                if body.hasPrefix("template \""), let name = firstID(String(body.dropFirst("template ".count))),
                   let id = firstID(effect), templateUsers[String(name)]?.contains(where: { SceneDocumentDiff.id(String(id), matches: $0) }) == true {
                    return true
                }
                return body.hasPrefix("$.collectionView.") && !body.hasPrefix("$.collectionView.items") && effect.hasPrefix("\"collectionView\":")
            }
            if body.hasPrefix("$.script["), let close = body.firstIndex(of: "]") {
                let step = body[body.index(body.startIndex, offsetBy: 9)..<close]
                if effect.contains(" — script step \(step), ") { return true }
            }
            // Ids the change names, quoted, before its location.
            let text = body.range(of: " (", options: .backwards).map { body[..<$0.lowerBound] } ?? body[...]
            let quoted = text.split(separator: "\"", omittingEmptySubsequences: false).enumerated().filter { $0.offset % 2 == 1 }.map(\.element)
            // Every id the effect starts with (one, or a swap's two) must be named.
            guard effect.hasPrefix("\""), let colon = effect.range(of: ": ") else { return false }
            let head = effect[..<colon.lowerBound]
            guard !head.contains(" more (") else { return false }
            let ids = head.split(separator: "\"", omittingEmptySubsequences: false).enumerated().filter { $0.offset % 2 == 1 }.map(\.element)
            return !ids.isEmpty && ids.allSatisfy { quoted.contains($0) }
        }
        var under = [[String]](repeating: [], count: causes.count)
        var rest: [String] = []
        for e in effects {
            if let k = causes.firstIndex(where: { explains($0, e, directly: true) }) ?? causes.firstIndex(where: { explains($0, e, directly: false) }) {
                under[k].append("  " + e)
            } else {
                rest.append(e)
            }
        }
        var out = head.filter { !$0.hasPrefix(prefix) }
        for (k, c) in causes.enumerated() { out.append(c); out += under[k] }
        return out + rest
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
/// Everything is read through the directories' handles (no link is followed out of them) and
/// within `options.maxBytes`: a file's size and a PNG's header are checked before anything is
/// decoded, and a problem with a file is a `FileError` naming it.
public enum DirectoryComparison {
    /// Frame PNGs by index: `frame-NNNNN.png` entries (a link or a folder under that name is
    /// refused, naming it).
    static func framePNGs(_ dir: Directory) throws -> [Int: String] {
        var out: [Int: String] = [:]
        for name in try dir.names() {
            guard let i = OutputFormats.frameIndex(fileName: name, ext: "png") else { continue }
            guard dir.kind(of: name) == .file else { throw FileError(dir.child(name), "is not a regular file (a link or a folder where a frame should be)", refused: true) }
            out[i] = name
        }
        return out
    }

    /// A PNG read for comparison: its bytes and size, checked before decoding.
    struct PNGFile {
        let bytes: [UInt8]
        let header: PNGHeader
        init(_ dir: Directory, _ name: String, maxBytes: Int) throws {
            bytes = try dir.read(name, maxBytes: maxBytes)
            if let problem = PNGHeader.problem(bytes, maxSide: SceneLimits.maxPixelsPerSide) { throw FileError(dir.child(name), problem, refused: true) }
            header = PNGHeader(bytes)!
        }
        func decode(_ dir: Directory, _ name: String) throws -> FrameImage {
            do { return try FrameImage(png: bytes) } catch { throw FileError(dir.child(name), "is a PNG that cannot be decoded (\(error))", refused: true) }
        }
    }

    /// Memory a keyframes.json may take once read, per byte of the file (measured on the
    /// examples' timelines: the parsed tree and the timeline it becomes; docs/reliability.md).
    public static let timelineBytesPerFileByte = 12

    /// The timeline file of a render or golden: timeline.json (a golden's) or keyframes.json.
    static func timelineFile(_ dir: Directory) -> String? {
        [TracksJSONFormat.fileName, KeyframesJSONFormat.fileName].first { dir.kind(of: $0) != nil }
    }

    /// Reads a render's or golden's timeline within the budget (both sides share half of it).
    public static func readTimeline(_ dir: Directory, maxBytes: Int) throws -> Timeline {
        let name = timelineFile(dir) ?? KeyframesJSONFormat.fileName
        guard let size = dir.fileSize(name) else {
            throw FileError(dir.child(name), dir.kind(of: name) == nil ? "no such file" : "is not a regular file", refused: true)
        }
        let limit = maxBytes / 4 / timelineBytesPerFileByte
        guard size <= limit else {
            throw FileError(dir.child(name), "is \(size >> 20) MB; comparing it needs about \((size * timelineBytesPerFileByte) >> 20) MB, more than a quarter of --max-memory \(maxBytes >> 20): raise --max-memory", refused: true)
        }
        let bytes = try dir.read(name, maxBytes: limit)
        return name == TracksJSONFormat.fileName ? try TracksJSONFormat.read(bytes, file: dir.child(name))
                                                 : try KeyframesJSONFormat.read(bytes, file: dir.child(name))
    }

    /// `name` labels the scene in the report; images of differing frames go to the report's
    /// images folder when `report` is given, into the folder of the scene's place `index` in
    /// the report (name order).
    public static func compare(name: String, baseline: Directory, candidate: Directory, options: ComparisonOptions = ComparisonOptions(),
                               report: ReportDirectory? = nil, index: Int = 0) throws -> SceneReport {
        let hasA = timelineFile(baseline) != nil, hasB = timelineFile(candidate) != nil
        let pngA = try framePNGs(baseline), pngB = try framePNGs(candidate)
        guard (hasA && hasB) || (!pngA.isEmpty && !pngB.isEmpty) else {
            throw ComparisonError("nothing to compare: \(baseline.path) and \(candidate.path) need keyframes.json (or timeline.json) or frame-NNNNN.png files on both sides")
        }
        var r = SceneReport(name: name, verdict: .match, fps: 60, frameCount: max(pngA.count, pngB.count))
        if hasA && hasB {
            let a = try readTimeline(baseline, maxBytes: options.maxBytes)
            try options.cancellation.check()
            let b = try readTimeline(candidate, maxBytes: options.maxBytes)
            try options.cancellation.check()
            let d = SemanticDiff.compare(a, b, tolerance: options.tolerance)
            try options.cancellation.check()
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
        // Each worker holds two PNG files, two decoded frames and a diff: at most half the budget.
        let maxFile = PNGHeader.maxFileBytes
        let firstHeaders = try common.first.map { (try PNGFile(baseline, pngA[$0]!, maxBytes: maxFile).header) }
        let perWorker = 3 * (firstHeaders?.decodedBytes ?? 0) + 2 * maxFile
        let workers = max(1, min(options.workers, (options.maxBytes / 2) / max(1, perWorker)))
        let results = try Parallel.map(common.count, workers: workers, cancellation: options.cancellation) { k -> PixelDiff.Result in
            let i = common[k]
            let a = try PNGFile(baseline, pngA[i]!, maxBytes: maxFile), b = try PNGFile(candidate, pngB[i]!, maxBytes: maxFile)
            // The same bytes are the same pixels: no decoding (a render compared with itself).
            if a.bytes == b.bytes { return PixelDiff.Result(changed: 0, antialiased: 0, total: 0) }
            guard a.header == b.header else {
                // Different sizes: every pixel counts as changed, and nothing is decoded.
                let n = b.header.width * b.header.height
                return PixelDiff.Result(changed: n, antialiased: 0, total: n)
            }
            guard 3 * a.header.decodedBytes <= options.maxBytes / 2 else {
                throw FileError(baseline.child(pngA[i]!), "is \(a.header.width) x \(a.header.height) pixels; comparing it needs more than half of --max-memory \(options.maxBytes >> 20)", refused: true)
            }
            return pixelOptions.compare(try a.decode(baseline, pngA[i]!), try b.decode(candidate, pngB[i]!))
        }
        for (i, p) in zip(common, results) {
            if p.changed > 0 || p.antialiased > 0 {
                r.pixelFrames.append(FrameComparison(index: i, pixels: p, exceeds: !options.maxDiffPixels.allows(p.changed, of: p.total)))
            }
        }
        if !r.meta.isEmpty || !r.items.isEmpty || r.pixelFrames.contains(where: \.exceeds) { r.verdict = .differ }
        if let report, r.verdict == .differ {
            r.images = try writeImages(r, baseline: (baseline, pngA), candidate: (candidate, pngB), options: options, to: report, index: index)
        }
        return r
    }

    /// The frames whose images tell the story, at most `limit`, each one that both renders have
    /// (`available`): for every range an item differs in, the frame of that range where it differs
    /// most (its largest difference when that falls in the range, else the range's frame with the
    /// most changed pixels, else its first); for every run of frames whose pixels differ beyond
    /// the allowance, its frame with the most changed pixels (a one-frame flicker is a run); then
    /// the frames with the most changed pixels.
    package static func imageFrames(_ r: SceneReport, available: (Int) -> Bool, limit: Int) -> [Int] {
        var picks: [Int] = []
        func add(_ i: Int?) { if let i, available(i), !picks.contains(i), picks.count < limit { picks.append(i) } }
        let changed = Dictionary(r.pixelFrames.map { ($0.index, $0.pixels.changed) }, uniquingKeysWith: max)
        func mostChanged(_ frames: some Sequence<Int>) -> Int? {
            frames.filter { available($0) && (changed[$0] ?? 0) > 0 }.max { (changed[$0]!, -$0) < (changed[$1]!, -$1) }
        }
        for item in r.items {
            for range in item.ranges {
                if range.contains(item.largestFrame), available(item.largestFrame) { add(item.largestFrame) } else {
                    add(mostChanged(range) ?? range.first(where: available))
                }
            }
        }
        var run: [Int] = []
        for f in r.pixelFrames.filter(\.exceeds).map(\.index).sorted() + [Int.min] {
            if let last = run.last, f != last + 1 { add(mostChanged(run)); run = [] }
            if f != Int.min { run.append(f) }
        }
        for f in r.pixelFrames.filter(\.exceeds).sorted(by: { $0.pixels.changed != $1.pixels.changed ? $0.pixels.changed > $1.pixels.changed : $0.index < $1.index }) {
            add(f.index)
        }
        return picks.sorted()
    }

    /// Baseline, candidate and diff images of the frames `imageFrames` picks.
    static func writeImages(_ r: SceneReport, baseline: (Directory, [Int: String]), candidate: (Directory, [Int: String]),
                            options: ComparisonOptions, to report: ReportDirectory, index: Int) throws -> [ReportImages] {
        let (dirA, pngA) = baseline, (dirB, pngB) = candidate
        let picks = imageFrames(r, available: { pngA[$0] != nil && pngB[$0] != nil }, limit: options.maxImages)
        var out: [ReportImages] = []
        for i in picks {
            let fa = try PNGFile(dirA, pngA[i]!, maxBytes: PNGHeader.maxFileBytes), fb = try PNGFile(dirB, pngB[i]!, maxBytes: PNGHeader.maxFileBytes)
            let a = try fa.decode(dirA, pngA[i]!), b = try fb.decode(dirB, pngB[i]!)
            var diffBytes = try b.pngData()
            if a.width == b.width && a.height == b.height {
                diffBytes = try options.pixels.diff(a, b).image.pngData()
            }
            out.append(ReportImages(frame: i,
                                    baseline: try report.writeImage(scene: r.name, index: index, frame: i, kind: "baseline", try a.pngData()),
                                    candidate: try report.writeImage(scene: r.name, index: index, frame: i, kind: "candidate", try b.pngData()),
                                    diff: try report.writeImage(scene: r.name, index: index, frame: i, kind: "diff", diffBytes)))
        }
        return out
    }
}
