import Foundation
import FlipbookCore

/// Renders a timeline into files. Frames are independent values, so per-frame formats are
/// drawn and encoded on all cores at once; the bytes do not depend on the order or the
/// number of threads.
public enum RenderPipeline {
    /// Threads used for per-frame work; the machine's active processors by default.
    public static var defaultWorkers: Int { max(1, ProcessInfo.processInfo.activeProcessorCount) }

    /// Renders `timeline` in `formats` into `directory`. `progress` hears each stage's frames
    /// done (serialised, from any thread); `cancellation` stops the render between frames. Throws;
    /// nothing is left behind on failure. `strict`: no component of the path may be a link.
    public static func render(_ timeline: Timeline, formats: [OutputFormat], to directory: URL, strict: Bool = false,
                              options: RenderOptions = RenderOptions(), workers: Int = defaultWorkers,
                              cancellation: Cancellation = .none, progress: (@Sendable (RenderProgress) -> Void)? = nil) throws {
        try render(timeline, formats: formats, into: try OutputDirectory(destination: directory, strict: strict), options: options,
                   workers: workers, cancellation: cancellation, progress: progress)
    }

    /// Renders into a directory already opened (a golden being recorded, a check's candidate).
    public static func render(_ timeline: Timeline, formats: [OutputFormat], in directory: Directory,
                              options: RenderOptions = RenderOptions(), workers: Int = defaultWorkers,
                              cancellation: Cancellation = .none, progress: (@Sendable (RenderProgress) -> Void)? = nil) throws {
        try render(timeline, formats: formats, into: try OutputDirectory(directory: directory), options: options,
                   workers: workers, cancellation: cancellation, progress: progress)
    }

    static func render(_ timeline: Timeline, formats: [OutputFormat], into out: OutputDirectory, options: RenderOptions,
                       workers: Int, cancellation: Cancellation, progress: (@Sendable (RenderProgress) -> Void)?) throws {
        do {
            var perFrame: [any FrameFormat] = []
            var animations: [any AnimationFormat] = []
            for format in formats {
                switch format {
                case .timeline(let f):
                    progress?(RenderProgress(stage: f.name, done: 0, total: 1))
                    for file in try f.renderTimeline(timeline, options: options) { try out.write(file.name, file.bytes) }
                    progress?(RenderProgress(stage: f.name, done: 1, total: 1))
                case .frames(let f):
                    perFrame.append(f)
                case .animation(let a):
                    animations.append(a)
                }
            }
            if !animations.isEmpty {
                for file in try renderAnimations(timeline, formats: animations, options: options, workers: workers, cancellation: cancellation,
                                                 progress: progress) {
                    try out.write(file.name, file.bytes)
                }
            }
            let frameFormats = perFrame
            if !frameFormats.isEmpty {
                // A frame that shows what the one before it showed (a scene at rest) is drawn
                // and encoded once; its copies are written from the same bytes.
                let runs = RenderPipeline.runsOfIdenticalFrames(timeline.frames, showTouches: options.showTouches)
                let frames = timeline.frames
                let counter = Parallel.Work()
                let stage = frameFormats.map(\.name).joined(separator: ", ")
                try Parallel.forEachIndex(runs.count, workers: workers, cancellation: cancellation) { k in
                    let run = runs[k]
                    for f in frameFormats {
                        let bytes = try f.renderFrame(frames[run.lowerBound], canvas: timeline.canvas, options: options)
                        for i in run { try out.write(OutputFormats.frameFileName(frames[i].index, ext: f.name), bytes) }
                    }
                    for _ in run { progress?(RenderProgress(stage: stage, done: counter.finish(), total: frames.count)) }
                }
            }
            try out.commit(staleExtensions: perFrame.map(\.name))
        } catch {
            out.abort()
            throw error
        }
    }

    /// Index ranges of consecutive frames that draw the same thing (the same items; the same
    /// fingers when they are drawn). Pure comparison of values: no drawing.
    static func runsOfIdenticalFrames(_ frames: [TimelineFrame], showTouches: Bool) -> [Range<Int>] {
        var runs: [Range<Int>] = []
        var start = 0
        for i in frames.indices.dropFirst() {
            let a = frames[i - 1], b = frames[i]
            if a.items != b.items || (showTouches && a.touches != b.touches) {
                runs.append(start..<i)
                start = i
            }
        }
        if !frames.isEmpty { runs.append(start..<frames.count) }
        return runs
    }

    /// Writes `files` into `directory` atomically (all of them, or nothing on failure).
    public static func write(_ files: [OutputFile], to directory: URL, strict: Bool = false) throws {
        try write(files, into: try OutputDirectory(destination: directory, strict: strict))
    }

    /// Writes `files` into a directory already opened, atomically.
    public static func write(_ files: [OutputFile], in directory: Directory) throws {
        try write(files, into: try OutputDirectory(directory: directory))
    }

    static func write(_ files: [OutputFile], into out: OutputDirectory) throws {
        do {
            for f in files { try out.write(f.name, f.bytes) }
            try out.commit(staleExtensions: [])
        } catch {
            out.abort()
            throw error
        }
    }

    /// Draws the frames on `workers` threads, a batch at a time, and feeds each distinct frame
    /// (consecutive identical frames merged into one longer one) to one encoder per format, in
    /// order. The next batch is drawn while the encoders work on this one, and the encoders of
    /// different formats run side by side. Memory stays at two batches of frames plus what the
    /// encoders keep. The bytes do not depend on the number of threads.
    public static func renderAnimations(_ timeline: Timeline, formats: [any AnimationFormat], options: RenderOptions,
                                        workers: Int = defaultWorkers, cancellation: Cancellation = .none,
                                        progress: (@Sendable (RenderProgress) -> Void)? = nil) throws -> [OutputFile] {
        let stage = formats.map(\.name).joined(separator: ", ")
        let frames = timeline.frames
        guard !frames.isEmpty else { throw RenderError("an animation needs at least one frame") }
        let encoders = Encoders(try formats.map { f in
            let encoder = try f.makeEncoder(canvas: timeline.canvas, options: options)
            if let concurrent = encoder as? any ConcurrentAnimationEncoder { concurrent.workers = workers }
            return encoder
        })
        // A kept frame lasts until the next kept one; the last one for one step.
        let step = frames.count > 1 ? frames[1].index - frames[0].index : 1
        let batchSize = animationBatch(frameBytes: timeline.canvas.pixelWidth * timeline.canvas.pixelHeight * 4, workers: workers)
        let canvas = timeline.canvas
        let showTouches = options.showTouches
        @Sendable func draw(_ range: Range<Int>) throws -> [FrameImage] {
            // Frames that repeat the one before are not drawn again (within the batch).
            let runs = RenderPipeline.runsOfIdenticalFrames(Array(frames[range]), showTouches: showTouches)
            let images = try Parallel.map(runs.count, workers: workers, cancellation: cancellation) { k in
                try FrameImage(drawing: frames[range.lowerBound + runs[k].lowerBound], canvas: canvas, options: options)
            }
            return zip(runs, images).flatMap { run, image in Array(repeating: image, count: run.count) }
        }
        var pending: (image: FrameImage, span: FrameSpan)?
        var start = 0
        var current = try draw(0..<min(frames.count, batchSize))
        while true {
            let nextStart = start + current.count
            let nextRange = nextStart..<min(frames.count, nextStart + batchSize)
            let drawing = DispatchGroup()
            let drawn = ResultBox<[FrameImage]>()
            if !nextRange.isEmpty {
                DispatchQueue.global().async(group: drawing) { drawn.set(Result { try draw(nextRange) }) }
            }
            do {
                progress?(RenderProgress(stage: stage, done: start, total: frames.count))
                for (i, image) in current.enumerated() {
                    let index = frames[start + i].index
                    let span = FrameSpan(start: index, end: index + step, fps: timeline.fps, step: step)
                    if var p = pending, p.image == image {
                        p.span.end = span.end
                        pending = p
                    } else {
                        if let p = pending { try encoders.add(p.image, span: p.span) }
                        pending = (image, span)
                    }
                }
            } catch {
                drawing.wait()
                throw error
            }
            drawing.wait()
            if nextRange.isEmpty { break }
            current = try drawn.get()
            start = nextStart
        }
        if let p = pending { try encoders.add(p.image, span: p.span) }
        progress?(RenderProgress(stage: stage, done: frames.count, total: frames.count))
        return try zip(formats, encoders.finish()).map { f, bytes in OutputFile(name: f.fileName(forScene: timeline.scene), bytes: bytes) }
    }

    /// Frames an animated preview draws ahead in one batch: four a worker, fewer when two
    /// batches would pass 256 MB (large canvases). The bytes written do not depend on it.
    public static func animationBatch(frameBytes: Int, workers: Int = defaultWorkers) -> Int {
        max(1, min(max(4, 4 * workers), (256 << 20) / max(1, 2 * frameBytes)))
    }

    /// The encoders of one render; `add` runs them side by side, one thread each.
    final class Encoders: @unchecked Sendable {
        private let encoders: [any AnimationEncoder]
        init(_ encoders: [any AnimationEncoder]) { self.encoders = encoders }

        func add(_ image: FrameImage, span: FrameSpan) throws {
            if encoders.count == 1 { return try encoders[0].add(image, span: span) }
            let errors = ResultBox<Void>()
            DispatchQueue.concurrentPerform(iterations: encoders.count) { i in
                do { try encoders[i].add(image, span: span) } catch { errors.set(.failure(error)) }
            }
            if let e = errors.failure { throw e }
        }

        func finish() throws -> [[UInt8]] { try encoders.map { try $0.finish() } }

    }

    /// One result handed from another thread (the first failure wins).
    final class ResultBox<T>: @unchecked Sendable {
        private let lock = NSLock()
        private var result: Result<T, Error>?
        func set(_ r: Result<T, Error>) {
            lock.lock(); defer { lock.unlock() }
            if case .failure = result { return }
            result = r
        }
        func get() throws -> T {
            lock.lock(); defer { lock.unlock() }
            return try result!.get()
        }
        var failure: Error? {
            lock.lock(); defer { lock.unlock() }
            if case .failure(let e) = result { return e }
            return nil
        }
    }
}

/// How far a render is: `done` of `total` units (frames; 1 for a whole-timeline file) of the
/// stage now running, named by its formats ("png", "gif, mp4", "sheet").
public struct RenderProgress: Sendable, Equatable {
    public var stage: String
    public var done: Int
    public var total: Int
    public init(stage: String, done: Int, total: Int) { self.stage = stage; self.done = done; self.total = total }
}
