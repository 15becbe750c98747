import Foundation
import FlipbookCore
import FlipbookJSON

/// The reports of a run: one per scene, in name order (so shards merge into exactly the report
/// of one unsharded run).
public struct Report: Sendable {
    public var scenes: [SceneReport]
    public init(scenes: [SceneReport]) { self.scenes = scenes.sorted { $0.name < $1.name } }

    public var failed: [SceneReport] { scenes.filter { $0.verdict == .differ || $0.verdict == .missing } }
    public var verdict: String { failed.isEmpty ? "match" : "differ" }

    /// The plain-text summary printed on stdout.
    public var text: String {
        var out = ""
        for s in scenes where s.verdict != .match {
            out += "\(s.name): \(s.verdict.rawValue)\n"
            for line in s.summary { out += "  \(line)\n" }
        }
        let counts = [SceneReport.Verdict.match, .differ, .missing, .recorded].compactMap { v -> String? in
            let n = scenes.filter { $0.verdict == v }.count
            return n == 0 && v != .match && v != .differ ? nil : "\(n) \(v.rawValue)"
        }
        out += "\(scenes.count) scene\(scenes.count == 1 ? "" : "s"): " + counts.joined(separator: ", ") + "\n"
        return out
    }

    /// `::error` workflow commands for GitHub Actions (docs.github.com, "Workflow commands").
    public var githubAnnotations: String {
        failed.map { s in
            let line = (s.summary.first ?? s.verdict.rawValue).replacingOccurrences(of: "%", with: "%25")
                .replacingOccurrences(of: "\r", with: "%0D").replacingOccurrences(of: "\n", with: "%0A")
            return "::error title=Flipbook \(s.name)::\(line)\n"
        }.joined()
    }

    // MARK: - report.json

    /// report.json (format in docs/ci.md); byte-stable.
    public var json: String {
        var w = JSONWriter()
        w.beginObject()
        w.integer("version", 1)
        w.string("verdict", verdict)
        w.beginArray("scenes")
        for s in scenes {
            w.newline()
            w.beginObject()
            w.string("name", s.name)
            w.string("verdict", s.verdict.rawValue)
            if let note = s.note { w.string("note", note) }
            w.integer("fps", s.fps)
            w.integer("frames", s.frameCount)
            w.integer("firstFrame", s.firstFrame)
            w.integer("framesCompared", s.framesCompared)
            w.beginArray("summary")
            for l in s.summary { w.string(nil, l) }
            w.endArray()
            w.beginArray("meta")
            for m in s.meta { w.string(nil, m) }
            w.endArray()
            w.beginArray("items")
            for d in s.items {
                w.beginObject()
                w.string("item", d.item)
                w.string("kind", d.kind.rawValue)
                Report.write(d.ranges, "ranges", &w)
                w.beginArray("properties")
                for p in d.properties { w.string(nil, p) }
                w.endArray()
                w.number("largest", d.largest)
                w.string("largestProperty", d.largestProperty)
                w.integer("largestFrame", d.largestFrame)
                if let k = d.shift { w.integer("shift", k) }
                w.endObject()
            }
            w.endArray()
            Report.write(SemanticDiff.ranges(s.framesComparedSet.sorted()), "compared", &w)
            w.beginArray("pixelFrames")
            for f in s.pixelFrames {
                w.beginObject()
                w.integer("frame", f.index)
                w.integer("changed", f.pixels.changed)
                w.integer("antialiased", f.pixels.antialiased)
                w.integer("total", f.pixels.total)
                w.bool("exceeds", f.exceeds)
                w.endObject()
            }
            w.endArray()
            w.beginArray("images")
            for i in s.images {
                w.beginObject()
                w.integer("frame", i.frame)
                w.string("baseline", i.baseline)
                w.string("candidate", i.candidate)
                w.string("diff", i.diff)
                w.endObject()
            }
            w.endArray()
            w.endObject()
        }
        w.newline()
        w.endArray()
        w.endObject()
        w.newline()
        return w.text
    }

    /// Reads report.json back (for `flipbook report merge`).
    public static func read(_ bytes: [UInt8], file: String) throws -> Report {
        let root = try JSONField.parse(bytes, file: file).object(allowed: ["version", "verdict", "scenes"])
        guard try root.required("version").integer(in: 1...1) == 1 else { throw ComparisonError("\(file): unknown report version") }
        var scenes: [SceneReport] = []
        for f in try root.required("scenes").array() {
            let o = try f.object(allowed: ["name", "verdict", "note", "fps", "frames", "firstFrame", "framesCompared", "summary", "meta", "items",
                                           "compared", "pixelFrames", "images"])
            let verdict = try o.required("verdict").oneOf(["match", "differ", "missing", "recorded"])
            var s = SceneReport(name: try o.required("name").string(), verdict: SceneReport.Verdict(rawValue: verdict)!,
                                note: try o.optional("note")?.string(), fps: try o.required("fps").integer(in: 1...10_000),
                                frameCount: try o.required("frames").integer(in: 0...Int(Int32.max)))
            s.firstFrame = try o.required("firstFrame").integer(in: 0...Int(Int32.max))
            s.meta = try o.required("meta").array().map { try $0.string() }
            for it in try o.required("items").array() {
                let io = try it.object(allowed: ["item", "kind", "ranges", "properties", "largest", "largestProperty", "largestFrame", "shift"])
                let ranges = try readRanges(io.required("ranges"))
                s.items.append(ItemDifference(item: try io.required("item").string(),
                                              kind: ItemDifference.Kind(rawValue: try io.required("kind").oneOf(["removed", "added", "shifted", "changed"]))!,
                                              ranges: ranges, properties: try io.required("properties").array().map { try $0.string() },
                                              largest: try io.required("largest").number(), largestProperty: try io.required("largestProperty").string(),
                                              largestFrame: try io.required("largestFrame").integer(in: 0...Int(Int32.max)),
                                              shift: try io.optional("shift")?.integer(in: -100_000...100_000)))
            }
            for r in try readRanges(o.required("compared")) { s.framesComparedSet.formUnion(r) }
            for p in try o.required("pixelFrames").array() {
                let po = try p.object(allowed: ["frame", "changed", "antialiased", "total", "exceeds"])
                s.pixelFrames.append(FrameComparison(index: try po.required("frame").integer(in: 0...Int(Int32.max)),
                                                     pixels: PixelDiff.Result(changed: try po.required("changed").integer(in: 0...Int.max / 2),
                                                                              antialiased: try po.required("antialiased").integer(in: 0...Int.max / 2),
                                                                              total: try po.required("total").integer(in: 0...Int.max / 2)),
                                                     exceeds: try po.required("exceeds").bool()))
            }
            for i in try o.required("images").array() {
                let io = try i.object(allowed: ["frame", "baseline", "candidate", "diff"])
                s.images.append(ReportImages(frame: try io.required("frame").integer(in: 0...Int(Int32.max)), baseline: try io.required("baseline").string(),
                                             candidate: try io.required("candidate").string(), diff: try io.required("diff").string()))
            }
            scenes.append(s)
        }
        return Report(scenes: scenes)
    }

    /// Frame ranges as `[[first, last], …]`.
    static func write(_ ranges: [ClosedRange<Int>], _ key: String, _ w: inout JSONWriter) {
        w.beginArray(key)
        for r in ranges { w.beginArray(); w.integer(nil, r.lowerBound); w.integer(nil, r.upperBound); w.endArray() }
        w.endArray()
    }

    static func readRanges(_ f: JSONField) throws -> [ClosedRange<Int>] {
        try f.array().map { r in
            let p = try r.array(minCount: 2, maxCount: 2).map { try $0.integer(in: 0...Int(Int32.max)) }
            guard p[0] <= p[1] else { throw r.expected("[first, last]") }
            return p[0]...p[1]
        }
    }

    // MARK: - junit.xml

    /// JUnit XML, one test case per scene, which CI systems list (failures carry the summary).
    public var junit: String {
        let esc = Markup.escape
        var x = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        x += "<testsuites name=\"flipbook\" tests=\"\(scenes.count)\" failures=\"\(failed.count)\">\n"
        x += "  <testsuite name=\"flipbook check\" tests=\"\(scenes.count)\" failures=\"\(failed.count)\">\n"
        for s in scenes {
            x += "    <testcase classname=\"flipbook\" name=\"\(esc(s.name))\""
            if s.verdict == .differ || s.verdict == .missing {
                let message = s.summary.first ?? s.verdict.rawValue
                x += ">\n      <failure message=\"\(esc(message))\">\(esc(s.summary.joined(separator: "\n")))</failure>\n    </testcase>\n"
            } else {
                x += "/>\n"
            }
        }
        x += "  </testsuite>\n</testsuites>\n"
        return x
    }

    /// Writes report.json, report.html and junit.xml into `dir` (images are already there).
    public func write(to dir: URL) throws {
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        try Data(json.utf8).write(to: dir.appendingPathComponent("report.json"), options: .atomic)
        try Data(junit.utf8).write(to: dir.appendingPathComponent("junit.xml"), options: .atomic)
        try Data(try HTMLReport.render(self, imagesIn: dir).utf8).write(to: dir.appendingPathComponent("report.html"), options: .atomic)
    }
}

/// Text in HTML and XML: the five special characters as entities; control characters other
/// than newline and tab (not allowed in XML 1.0) as spaces.
enum Markup {
    static func escape(_ s: String) -> String {
        var o = ""
        for u in s.unicodeScalars {
            switch u {
            case "&": o += "&amp;"
            case "<": o += "&lt;"
            case ">": o += "&gt;"
            case "\"": o += "&quot;"
            case "'": o += "&#39;"
            default: if u.value < 0x20 && u != "\n" && u != "\t" { o += " " } else { o.unicodeScalars.append(u) }
            }
        }
        return o
    }
}
