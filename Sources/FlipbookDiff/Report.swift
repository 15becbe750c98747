import Foundation
import FlipbookCore
import FlipbookJSON
import FlipbookRender

/// The reports of a run: one per scene, in name order (so shards merge into exactly the report
/// of one unsharded run).
public struct Report: Sendable {
    public var scenes: [SceneReport]
    /// The shard of a CI matrix this report covers (`check --shard I/N`); nil when whole.
    public var shard: (index: Int, count: Int)?
    public init(scenes: [SceneReport], shard: (Int, Int)? = nil) {
        self.scenes = scenes.sorted { $0.name < $1.name }
        self.shard = shard
    }

    public var failed: [SceneReport] { scenes.filter { $0.verdict == .differ || $0.verdict == .missing } }
    /// Scenes that could not be compared: a golden or a render that is not what it should be.
    public var errors: [SceneReport] { scenes.filter { $0.verdict == .error } }
    public var verdict: String { failed.isEmpty ? "match" : "differ" }

    /// The plain-text summary printed on stdout.
    public var text: String {
        var out = ""
        for s in scenes where s.verdict != .match {
            out += "\(s.name): \(s.verdict.rawValue)\n"
            for line in s.summary { out += "  \(line)\n" }
        }
        let counts = [SceneReport.Verdict.match, .differ, .missing, .recorded, .error].compactMap { v -> String? in
            let n = scenes.filter { $0.verdict == v }.count
            return n == 0 && v != .match && v != .differ ? nil : "\(n) \(v.rawValue)"
        }
        out += "\(scenes.count) scene\(scenes.count == 1 ? "" : "s"): " + counts.joined(separator: ", ") + "\n"
        return out
    }

    /// `::error` workflow commands for GitHub Actions (WorkflowCommands escapes every part): one
    /// per change in a failing scene's file, on that change's line, or, where no scene change is
    /// named, one per failing scene, naming the scene file when it is known.
    public var githubAnnotations: String {
        (failed + errors).sorted { $0.name < $1.name }.map { s in
            let causes = s.context.compactMap { c -> String? in
                guard c.hasPrefix(SceneDocumentDiff.prefix), let at = SceneDocumentDiff.location(of: c) else { return nil }
                return WorkflowCommands.error(title: "Flipbook: \(s.name)", message: c, file: at.file, line: at.line) + "\n"
            }
            if !causes.isEmpty { return causes.joined() }
            return WorkflowCommands.error(title: "Flipbook: \(s.name)", message: s.summary.first ?? s.verdict.rawValue, file: s.file, line: s.line) + "\n"
        }.joined()
    }

    // MARK: - report.json

    /// report.json (format in docs/ci.md); byte-stable.
    public var json: String {
        var w = JSONWriter()
        w.beginObject()
        w.integer("version", 1)
        w.string("verdict", verdict)
        if let shard {
            w.beginObject("shard")
            w.integer("index", shard.index)
            w.integer("count", shard.count)
            w.endObject()
        }
        w.beginArray("scenes")
        for s in scenes {
            w.newline()
            w.beginObject()
            w.string("name", s.name)
            w.string("verdict", s.verdict.rawValue)
            if let file = s.file { w.string("file", file) }
            if let line = s.line { w.integer("line", line) }
            if let seconds = s.seconds { w.number("seconds", (seconds * 1000).rounded() / 1000) }
            if let note = s.note { w.string("note", note) }
            w.integer("fps", s.fps)
            w.integer("frames", s.frameCount)
            w.integer("firstFrame", s.firstFrame)
            w.integer("framesCompared", s.framesCompared)
            w.beginArray("summary")
            for l in s.summary { w.string(nil, l) }
            w.endArray()
            if !s.context.isEmpty {
                w.beginArray("context")
                for c in s.context { w.string(nil, c) }
                w.endArray()
            }
            w.beginArray("meta")
            for m in s.meta { w.string(nil, m) }
            w.endArray()
            w.beginArray("items")
            for d in s.items {
                w.beginObject()
                w.string("item", d.item)
                w.string("kind", d.kind.rawValue)
                TracksJSONFormat.writeRanges(d.ranges, "ranges", &w)
                w.beginArray("properties")
                for p in d.properties { w.string(nil, p) }
                w.endArray()
                w.number("largest", min(d.largest, .greatestFiniteMagnitude))
                w.string("largestProperty", d.largestProperty)
                w.integer("largestFrame", d.largestFrame)
                if let k = d.shift { w.integer("shift", k) }
                if !d.changes.isEmpty {
                    w.beginArray("changes")
                    for c in d.changes { w.string(nil, c) }
                    w.endArray()
                }
                if let c = d.cause { w.string("cause", c) }
                if let src = d.source { w.string("source", src) }
                if let other = d.swappedWith { w.string("swappedWith", other) }
                w.number("impact", min(d.impact, .greatestFiniteMagnitude))
                w.endObject()
            }
            w.endArray()
            TracksJSONFormat.writeRanges(s.framesComparedSet.sorted(), "compared", &w)
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

    /// Reads report.json back (for `flipbook report merge`). A report may come from anywhere,
    /// so every value is checked as a scene's would be: names by the scene-name rule, text
    /// without control characters, frame numbers inside the scene's frames, image paths only in
    /// the form Flipbook writes them for that scene.
    public static func read(_ bytes: [UInt8], file: String) throws -> Report {
        let root = try JSONField.parse(bytes, file: file).object(allowed: ["version", "verdict", "shard", "scenes"])
        var shard: (Int, Int)?
        if let sf = root.optional("shard") {
            let so = try sf.object(allowed: ["index", "count"])
            let count = try so.required("count").integer(in: 1...10_000)
            shard = (try so.required("index").integer(in: 1...count), count)
        }
        guard try root.required("version").integer(in: 1...1) == 1 else { throw ComparisonError("\(file): unknown report version") }
        func text(_ f: JSONField) throws -> String {
            let s = try f.string()
            guard s.count <= 2000, !s.unicodeScalars.contains(where: InputError.isHidden) else {
                throw f.expected("text of at most 2,000 characters without control or invisible characters")
            }
            return s
        }
        var scenes: [SceneReport] = []
        for f in try root.required("scenes").array(maxCount: 100_000) {
            let o = try f.object(allowed: ["name", "file", "line", "seconds", "verdict", "note", "fps", "frames", "firstFrame", "framesCompared", "summary", "context", "meta", "items",
                                           "compared", "pixelFrames", "images"])
            let verdict = try o.required("verdict").oneOf(SceneReport.Verdict.allCases.map(\.rawValue))
            let nameField = try o.required("name")
            let name = try nameField.string()
            if let problem = SceneName.problem(name) { throw nameField.error("\(problem), got \(InputError.quote(name))") }
            // In name order, each once, as Flipbook writes them: a scene's images folder is its place.
            if let last = scenes.last, !(last.name < name) { throw nameField.expected("scenes in name order, each once (after \(InputError.quote(last.name)))") }
            let index = scenes.count
            var s = SceneReport(name: name, verdict: SceneReport.Verdict(rawValue: verdict)!,
                                note: try o.optional("note").map(text), fps: try o.required("fps").integer(in: SceneLimits.fpsRange),
                                frameCount: try o.required("frames").integer(in: 0...SceneLimits.maxFrames))
            s.file = try o.optional("file").map(text)
            s.line = try o.optional("line")?.integer(in: 1...Int(Int32.max))
            s.seconds = try o.optional("seconds")?.number(in: 0...1e9)
            s.firstFrame = try o.required("firstFrame").integer(in: 0...Int(Int32.max))
            let frames = s.firstFrame...(s.firstFrame + max(0, s.frameCount - 1))
            func frame(_ f: JSONField) throws -> Int {
                let i = try f.integer(in: 0...Int(Int32.max))
                guard frames.contains(i) else { throw f.expected("a frame of the scene's \(frames.lowerBound)-\(frames.upperBound)") }
                return i
            }
            func ranges(_ f: JSONField) throws -> [ClosedRange<Int>] {
                try f.array(maxCount: SceneLimits.maxFrames).map { r in
                    let p = try r.array(minCount: 2, maxCount: 2)
                    let lo = try frame(p[0]), hi = try frame(p[1])
                    guard lo <= hi else { throw r.expected("[first, last]") }
                    return lo...hi
                }
            }
            s.meta = try o.required("meta").array(maxCount: 100).map(text)
            s.context = try o.optional("context")?.array(maxCount: 100).map(text) ?? []
            for it in try o.required("items").array(maxCount: SceneLimits.maxItems) {
                let io = try it.object(allowed: ["item", "kind", "ranges", "properties", "largest", "largestProperty", "largestFrame", "shift",
                                                 "changes", "cause", "source", "swappedWith", "impact"])
                s.items.append(ItemDifference(item: try text(io.required("item")),
                                              kind: ItemDifference.Kind(rawValue: try io.required("kind").oneOf(["removed", "added", "shifted", "changed"]))!,
                                              ranges: try ranges(io.required("ranges")), properties: try io.required("properties").array(maxCount: 100).map(text),
                                              largest: try io.required("largest").number(in: 0...Double.greatestFiniteMagnitude),
                                              largestProperty: try text(io.required("largestProperty")),
                                              largestFrame: try frame(io.required("largestFrame")),
                                              shift: try io.optional("shift")?.integer(in: -SceneLimits.maxFrames...SceneLimits.maxFrames),
                                              changes: try io.optional("changes")?.array(maxCount: 100).map(text) ?? [],
                                              cause: try io.optional("cause").map(text), impact: try io.required("impact").number(in: 0...Double.greatestFiniteMagnitude)))
                s.items[s.items.count - 1].source = try io.optional("source").map(text)
                s.items[s.items.count - 1].swappedWith = try io.optional("swappedWith").map(text)
            }
            for r in try ranges(o.required("compared")) { s.framesComparedSet.formUnion(r) }
            for p in try o.required("pixelFrames").array(maxCount: SceneLimits.maxFrames) {
                let po = try p.object(allowed: ["frame", "changed", "antialiased", "total", "exceeds"])
                let limit = SceneLimits.maxPixelsPerSide * SceneLimits.maxPixelsPerSide
                s.pixelFrames.append(FrameComparison(index: try frame(po.required("frame")),
                                                     pixels: PixelDiff.Result(changed: try po.required("changed").integer(in: 0...limit),
                                                                              antialiased: try po.required("antialiased").integer(in: 0...limit),
                                                                              total: try po.required("total").integer(in: 0...limit)),
                                                     exceeds: try po.required("exceeds").bool()))
            }
            for i in try o.required("images").array(maxCount: 100) {
                let io = try i.object(allowed: ["frame", "baseline", "candidate", "diff"])
                func path(_ key: String) throws -> String {
                    let f = try io.required(key)
                    let p = try f.string()
                    guard ReportDirectory.isImagePath(p, scene: name, index: index) else {
                        throw f.expected("\(InputError.quote(ReportDirectory.imagePath(scene: name, index: index, frame: 0, kind: key))) or another frame's image of this scene (a path inside the report, as Flipbook writes it)")
                    }
                    return p
                }
                s.images.append(ReportImages(frame: try frame(io.required("frame")), baseline: try path("baseline"),
                                             candidate: try path("candidate"), diff: try path("diff")))
            }
            scenes.append(s)
        }
        return Report(scenes: scenes, shard: shard)
    }

    // MARK: - junit.xml

    /// JUnit XML, one test case per scene, in the form Jenkins' xUnit plugin validates
    /// (its junit-10.xsd) and GitLab's artifacts:reports:junit reads: tests, failures, errors,
    /// skipped and time per suite, a time per case; a difference is a <failure> and a scene that
    /// could not be checked an <error>, each with the first summary line as its message and the
    /// whole summary as its body; a golden recorded is <skipped>.
    public var junit: String {
        let esc = Markup.escape
        func time(_ t: Double) -> String {
            let ms = Int((max(0, t) * 1000).rounded())
            return "\(ms / 1000).\(String(repeating: "0", count: 3 - String(ms % 1000).count))\(ms % 1000)"
        }
        let total = scenes.reduce(0) { $0 + ($1.seconds ?? 0) }
        let skipped = scenes.filter { $0.verdict == .recorded }.count
        let counts = "tests=\"\(scenes.count)\" failures=\"\(failed.count)\" errors=\"\(errors.count)\""
        var x = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        x += "<testsuites name=\"flipbook\" \(counts) time=\"\(time(total))\">\n"
        x += "  <testsuite name=\"flipbook check\" \(counts) skipped=\"\(skipped)\" time=\"\(time(total))\">\n"
        for s in scenes {
            x += "    <testcase classname=\"flipbook\" name=\"\(esc(s.name))\" time=\"\(time(s.seconds ?? 0))\""
            let summary = s.summary
            let message = summary.first ?? s.verdict.rawValue
            switch s.verdict {
            case .error, .differ, .missing:
                let element = s.verdict == .error ? "error" : "failure"
                x += ">\n      <\(element) type=\"\(s.verdict.rawValue)\" message=\"\(esc(message))\">\(esc(summary.joined(separator: "\n")))</\(element)>\n    </testcase>\n"
            case .recorded:
                x += ">\n      <skipped message=\"\(esc(message))\"/>\n    </testcase>\n"
            case .match:
                x += "/>\n"
            }
        }
        x += "  </testsuite>\n</testsuites>\n"
        return x
    }

    /// The Markdown GitHub shows on a run's summary page ($GITHUB_STEP_SUMMARY): a line of
    /// counts and a row per scene that is not a match. Text from scenes is a code span in its
    /// cell, so no link, image, autolink, emphasis or HTML a scene's text writes is rendered.
    public var stepSummary: String {
        func cell(_ s: String) -> String { Markup.codeSpan(s) }
        let bad = failed.count + errors.count
        var md = "### Flipbook: " + (bad == 0 ? "all \(scenes.count) scene\(scenes.count == 1 ? "" : "s") match" : "\(bad) of \(scenes.count) scene\(scenes.count == 1 ? "" : "s") differ") + "\n\n"
        let shown = scenes.filter { $0.verdict != .match }
        if !shown.isEmpty {
            md += "| scene | verdict | first change |\n|---|---|---|\n"
            for s in shown { md += "| \(cell(s.name)) | \(s.verdict.rawValue) | \(cell(s.summary.first ?? "")) |\n" }
            md += "\n"
        }
        return md
    }

    /// Writes report.json, report.html and junit.xml into the report folder (images are
    /// already there), each file replaced whole.
    public func write(to dir: ReportDirectory) throws {
        try dir.directory.replace("report.json", Array(json.utf8))
        try dir.directory.replace("junit.xml", Array(junit.utf8))
        try dir.directory.replace("report.html", Array(try HTMLReport.render(self, imagesIn: dir).utf8))
    }
}

extension Markup {
    /// `s` as one GitHub-flavoured Markdown code span for a table cell: literal text
    /// (CommonMark 0.30 §6.1: no entity, link or HTML inside), fenced by one backtick more than
    /// its longest run of them, with "|" escaped as GFM tables ask even inside code spans, and
    /// line breaks and other hidden scalars (InputError.isHidden) as spaces, so the row stays one row.
    static func codeSpan(_ s: String) -> String {
        var text = "", run = 0, longest = 0
        for u in s.unicodeScalars {
            run = u == "`" ? run + 1 : 0
            longest = max(longest, run)
            if InputError.isHidden(u) { text += " " }
            else if u == "|" { text += "\\|" }
            else { text.unicodeScalars.append(u) }
        }
        let fence = String(repeating: "`", count: longest + 1)
        return text.isEmpty ? "" : fence + " " + text + " " + fence
    }
}

/// Text in HTML and XML: the five special characters as entities; what XML 1.0 does not
/// allow (control characters other than newline and tab; U+FFFE and U+FFFF) as a space, so
/// junit.xml stays valid for any scene name.
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
            default:
                let v = u.value
                if (v < 0x20 && u != "\n" && u != "\t") || v == 0xFFFE || v == 0xFFFF { o += " " } else { o.unicodeScalars.append(u) }
            }
        }
        return o
    }
}
