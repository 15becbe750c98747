import Foundation
import Flipbook

/// What `flipbook preview` serves: one scene file, simulated again whenever it or an image it
/// draws changes, and its frames drawn on request by the same PNG backend `render` writes with.
/// An edit that does not read or simulate keeps the last good scene and shows the error.
final class PreviewSession: @unchecked Sendable {
    let scenePath: String
    let assets: String?
    let options: RenderOptions
    let scale: Int?
    let budget: RenderBudget
    /// Frames kept drawn, by bytes (at most a quarter of --max-memory): a scrub back plays from memory.
    static let cacheBytes = 256 << 20
    var cacheLimit: Int { min(PreviewSession.cacheBytes, budget.bytes / 4) }
    /// How long a request waits for its turn to draw before it is answered 503.
    static let drawWaitSeconds = 10.0

    private let lock = NSLock()
    private(set) var generation = 0
    private var timeline: Timeline?
    private var keyframes: [UInt8] = []
    private var info: [UInt8] = []
    private(set) var error: String?
    /// Why the last read failed, when the scene was refused for its budget.
    private(set) var budgetError: BudgetExceeded?
    /// The bytes frames being drawn now hold: every request draws from one half of --max-memory,
    /// as render's workers do (RenderBudget.workers(for:requested:)).
    private let drawing = NSCondition()
    private var drawingBytes = 0
    private var frames: [Int: [UInt8]] = [:]
    private var framesBytes = 0
    /// The files the scene was read from, and how they were when it was.
    /// The files the scene reads, with their stamps when last read (nil: missing then, and
    /// watched until it is there).
    private var watched: [String: FileStamp?] = [:]
    private var images: Set<String> = []

    struct FileStamp: Equatable {
        var seconds: Int, nanoseconds: Int, size: Int, inode: UInt
        init?(_ path: String) {
            var st = stat()
            guard stat(path, &st) == 0 else { return nil }
            seconds = st.st_mtim.tv_sec; nanoseconds = st.st_mtim.tv_nsec; size = Int(st.st_size); inode = UInt(st.st_ino)
        }
    }

    init(scenePath: String, assets: String?, options: RenderOptions, scale: Int?, budget: RenderBudget) {
        self.scenePath = scenePath; self.assets = assets; self.options = options; self.scale = scale; self.budget = budget
    }

    /// Reads and simulates the scene; on failure keeps what it had and records the error line.
    /// Returns whether the scene now on show is the file as it is.
    @discardableResult
    func reload() -> Bool {
        let stamps = [scenePath: FileStamp(scenePath)].compactMapValues { $0 }
        // Every watched file as it is before this read: a read that fails waits for one of
        // them to change again (a deleted image was read again and again, 15 times in 6 s).
        let before = self.stamps()
        do {
            // One read: the scene and the lines its steps are named by come from the same bytes.
            // A scene made in code has no file to read or watch: it is made once.
            // The time budget covers reading the scene (its JPEGs) as well as simulating it.
            let cancellation = Cancellation(seconds: Double(budget.seconds), budgetMessage: budget.deadlineMessage)
            let bytes = CLI.codeScenes[scenePath] == nil ? try CLI.readSceneFile(scenePath) : nil
            var scene = try bytes.map { try CLI.decodeScene($0, file: scenePath, assets: assets, maxMemory: budget.megabytes, cancellation: cancellation) }
                ?? CLI.loadScene(scenePath, assets: assets, maxMemory: budget.megabytes)
            if let scale { try CLI.override(&scene, scale: scale, command: "preview") }
            let timeline = try Simulator.run(scene, limits: budget.recordingLimits(cancellation))
            // A frame render would refuse to draw is refused here, before any page asks for one.
            _ = try budget.workers(for: timeline.canvas, requested: 1)
            let source = bytes.flatMap { try? SceneSource(file: scenePath, bytes: $0) }
            let info = Array(PreviewSession.sceneInfo(scene, timeline: timeline, source: source).utf8)
            let keyframes = Array(try KeyframesJSONFormat.text(timeline).utf8)
            let images = PreviewSession.imagePaths(timeline)
            var watched: [String: FileStamp?] = stamps.mapValues { $0 }
            for path in images { watched.updateValue(FileStamp(path), forKey: path) }
            lock.lock()
            self.timeline = timeline; self.info = info; self.keyframes = keyframes; self.images = images
            self.watched = watched; error = nil; budgetError = nil; frames = [:]; framesBytes = 0; generation += 1
            lock.unlock()
            return true
        } catch {
            let line = CLI.describe(error).line
            lock.lock()
            self.error = line
            budgetError = error as? BudgetExceeded
            var w = watched
            for (k, v) in before { w.updateValue(v, forKey: k) }
            for (k, v) in stamps { w.updateValue(v, forKey: k) }
            watched = w
            generation += 1
            lock.unlock()
            return false
        }
    }

    /// The watched files' stamps as they are now (the scene file's included).
    func stamps() -> [String: FileStamp?] {
        lock.lock(); let paths = Set(watched.keys).union([scenePath]); lock.unlock()
        return Dictionary(uniqueKeysWithValues: paths.map { ($0, FileStamp($0)) })
    }

    /// Whether any watched file changed since the scene was read.
    func changed() -> Bool {
        lock.lock(); let w = watched; lock.unlock()
        if w[scenePath] == nil && FileStamp(scenePath) != nil { return true }
        return w.contains { FileStamp($0.key) != $0.value }
    }

    /// Every image file the timeline draws (where each was read from).
    static func imagePaths(_ timeline: Timeline) -> Set<String> {
        var out: Set<String> = []
        var seen: Set<Appearance> = []
        for f in timeline.frames {
            for it in f.items where seen.insert(it.appearance).inserted {
                for case .image(let i) in it.appearance.content.flattened { out.insert(i.image.source) }
            }
        }
        return out
    }

    // MARK: - Requests

    func handle(_ r: HTTPRequest) -> HTTPResponse {
        switch r.path {
        case "/", "/index.html":
            return HTTPResponse(contentType: "text/html; charset=utf-8", body: Array(PlayerPage.html.utf8))
        case "/api/status":
            lock.lock(); defer { lock.unlock() }
            var w = JSONWriter()
            w.beginObject(); w.integer("generation", generation)
            if let error { w.string("error", error) } else { w.null("error") }
            w.bool("ready", timeline != nil); w.endObject()
            return HTTPResponse(json: w.text)
        case "/api/scene.json":
            lock.lock(); defer { lock.unlock() }
            guard timeline != nil else { return .text(503, "the scene has not been read yet: \(error ?? "")") }
            return HTTPResponse(contentType: "application/json; charset=utf-8", body: info)
        case "/api/keyframes.json":
            lock.lock(); defer { lock.unlock() }
            guard timeline != nil else { return .text(503, "the scene has not been read yet: \(error ?? "")") }
            return HTTPResponse(contentType: "application/json; charset=utf-8", body: keyframes)
        case "/api/source":
            // The scene file the user named, read as the scene is.
            guard let bytes = try? CLI.readSceneFile(scenePath) else { return .text(404, "the scene file cannot be read") }
            return HTTPResponse(contentType: "text/plain; charset=utf-8", body: bytes)
        default:
            if r.path.hasPrefix("/frames/"), r.path.hasSuffix(".png"), let n = Int(r.path.dropFirst(8).dropLast(4)) { return frame(n) }
            if r.path.hasPrefix("/files/") { return file(String(r.path.dropFirst(7))) }
            return .text(404, "not found")
        }
    }

    /// Frame `n` as `render --format png` writes it.
    private func frame(_ n: Int) -> HTTPResponse {
        lock.lock()
        let tl = timeline, cached = frames[n], g = generation
        lock.unlock()
        if let cached { return HTTPResponse(contentType: "image/png", body: cached) }
        guard let tl, tl.frames.indices.contains(n) else { return .text(404, "no such frame") }
        let need = RenderBudget.bytesPerWorker(tl.canvas)
        guard need <= budget.bytes / 2 else {
            return .text(503, "a \(tl.canvas.pixelWidth)x\(tl.canvas.pixelHeight) frame needs about \((need >> 20) + 1) MB to draw, more than half of --max-memory \(budget.megabytes)")
        }
        drawing.lock()
        let deadline = Date().addingTimeInterval(PreviewSession.drawWaitSeconds)
        while drawingBytes + need > budget.bytes / 2 {
            guard drawing.wait(until: deadline) else {
                drawing.unlock()
                return .text(503, "busy: the frames being drawn fill half of --max-memory \(budget.megabytes); try again")
            }
        }
        drawingBytes += need
        drawing.unlock()
        defer { drawing.lock(); drawingBytes -= need; drawing.broadcast(); drawing.unlock() }
        do {
            let png = try PNGFormat().renderFrame(tl.frames[n], canvas: tl.canvas, options: options)
            lock.lock()
            if g == generation && framesBytes + png.count <= cacheLimit { frames[n] = png; framesBytes += png.count }
            lock.unlock()
            return HTTPResponse(contentType: "image/png", body: png)
        } catch {
            return .text(500, "frame \(n) could not be drawn: \(error)")
        }
    }

    /// The scene file or an image the scene draws, by its path inside the scene's folder (the
    /// page shows the scene's source around an error): nothing else — no listing, no dotfile,
    /// no file the scene does not name. Read through the folder's handle, so no "..", absolute
    /// path or link leads out of it.
    private func file(_ relative: String) -> HTTPResponse {
        let folder = assets ?? (scenePath.contains("/") ? URL(fileURLWithPath: scenePath).deletingLastPathComponent().path : ".")
        guard servable(relative, folder: folder),
              let dir = try? Directory.open(folder, followsLast: true).0,
              let bytes = try? dir.read(relative, maxBytes: 64 << 20) else { return .text(404, "not found") }
        let type = relative.hasSuffix(".json") ? "application/json; charset=utf-8" : relative.hasSuffix(".png") ? "image/png" : "application/octet-stream"
        return HTTPResponse(contentType: type, body: bytes)
    }

    /// Whether `relative` names the scene file or one of the images it draws inside `folder`.
    private func servable(_ relative: String, folder: String) -> Bool {
        let parts = relative.split(separator: "/", omittingEmptySubsequences: false)
        guard !parts.isEmpty, !parts.contains(where: { $0.isEmpty || $0.hasPrefix(".") }) else { return false }
        let base = URL(fileURLWithPath: folder).standardizedFileURL.path
        func inside(_ path: String) -> String? {
            let full = URL(fileURLWithPath: path).standardizedFileURL.path
            return full.hasPrefix(base + "/") ? String(full.dropFirst(base.count + 1)) : nil
        }
        lock.lock(); let named = images; lock.unlock()
        return inside(scenePath) == relative || named.contains { inside($0) == relative }
    }

    // MARK: - What the page is told about the scene

    /// The scene's clock, its script steps and touches (with their lines in the file): what the
    /// timeline marks and the inspector names as the cause of a motion.
    static func sceneInfo(_ scene: Scene, timeline: Timeline, source: SceneSource?) -> String {
        var w = JSONWriter()
        w.beginObject()
        w.string("name", scene.name); w.string("file", scene.sourceFile)
        w.integer("fps", scene.fps); w.integer("frameCount", timeline.frames.count); w.number("duration", scene.duration)
        w.beginObject("canvas"); w.number("width", scene.canvas.width); w.number("height", scene.canvas.height)
        w.integer("scale", scene.canvas.scale); w.endObject()
        w.beginArray("steps")
        for (i, s) in scene.script.enumerated() {
            let (kind, length) = describe(s.action)
            // Numbered as the file numbers it (touches included), as `check` names a step.
            w.beginObject(); w.integer("index", SceneSource.stepNumber(ofPath: s.path).flatMap { Int($0) } ?? i); w.string("kind", kind); w.number("time", s.time); w.number("end", min(s.time + length, scene.duration))
            w.string("path", s.path)
            if let line = source?.line(ofPath: s.path) { w.integer("line", line) }
            w.endObject()
        }
        w.endArray()
        w.beginArray("touches")
        for t in scene.touches {
            w.beginObject(); w.integer("finger", t.finger); w.number("down", t.downTime); w.number("up", t.upTime); w.string("path", t.path)
            if let line = source?.line(ofPath: t.path) { w.integer("line", line) }
            w.endObject()
        }
        w.endArray()
        w.endObject()
        return w.text
    }

    /// A step's name and how long what it starts runs (0 for an instant change).
    static func describe(_ a: Action) -> (String, Double) {
        switch a {
        case .setContentOffset: return ("setContentOffset", 0)
        case .scrollTo(_, _, let timing): return ("scrollTo", timing.duration)
        case .set: return ("set", 0)
        case .animate(let t): return ("UIView.animate", t.totalDuration)
        case .addAnimation(_, let spec, let begin): return ("CALayer.add", begin + spec.animation.endTime)
        case .removeAnimation: return ("CALayer.removeAnimation", 0)
        case .performBatchUpdates(_, let timing, _): return ("performBatchUpdates", timing.duration)
        case .code: return ("code", 0)
        }
    }
}
