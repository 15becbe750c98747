import Foundation
import FlipbookCore

/// Renders a timeline into files. Frames are independent values, so per-frame formats are
/// drawn and encoded on all cores at once; the bytes do not depend on the order or the
/// number of threads.
public enum RenderPipeline {
    /// Set (for example from a SIGINT handler) to stop a render between frames; the render
    /// then throws and leaves nothing behind.
    nonisolated(unsafe) public static var cancelRequested: sig_atomic_t = 0

    /// Threads used for per-frame work; the machine's active processors by default.
    public static var defaultWorkers: Int { max(1, ProcessInfo.processInfo.activeProcessorCount) }

    /// Renders `timeline` in `formats` into `directory`. `progress(done, total)` is called
    /// after each frame (serialised). Throws RenderError; nothing is left behind on failure.
    public static func render(_ timeline: Timeline, formats: [OutputFormat], to directory: URL,
                              options: RenderOptions = RenderOptions(), workers: Int = defaultWorkers,
                              progress: (@Sendable (Int, Int) -> Void)? = nil) throws {
        let out = try OutputDirectory(destination: directory)
        do {
            var perFrame: [any FrameFormat] = []
            for format in formats {
                switch format {
                case .timeline(let f):
                    for file in try f.renderTimeline(timeline, options: options) { try out.write(file.name, file.bytes) }
                case .frames(let f):
                    perFrame.append(f)
                }
            }
            let frameFormats = perFrame
            if !frameFormats.isEmpty {
                try forEachFrame(timeline, workers: workers, progress: progress) { frame in
                    for f in frameFormats {
                        let bytes = try f.renderFrame(frame, canvas: timeline.canvas, options: options)
                        try out.write(OutputFormats.frameFileName(frame.index, ext: f.name), bytes)
                    }
                }
            }
            try out.commit(staleExtensions: perFrame.map(\.name))
        } catch {
            out.abort()
            throw error
        }
    }

    /// Runs `body` for every frame on `workers` threads; the first error (by frame order) is
    /// rethrown after all workers stop.
    public static func forEachFrame(_ timeline: Timeline, workers: Int, progress: (@Sendable (Int, Int) -> Void)?,
                                    _ body: @escaping @Sendable (TimelineFrame) throws -> Void) throws {
        let frames = timeline.frames
        let state = SharedState()
        let total = frames.count
        DispatchQueue.concurrentPerform(iterations: max(1, min(workers, total))) { _ in
            while let i = state.next(limit: total) {
                do {
                    if RenderPipeline.cancelRequested != 0 { throw RenderError("interrupted") }
                    try body(frames[i])
                    let done = state.finish()
                    progress?(done, total)
                } catch {
                    state.fail(index: i, error)
                }
            }
        }
        if let e = state.firstError { throw e }
    }

    /// Work distribution and error collection shared by the workers, behind one lock.
    final class SharedState: @unchecked Sendable {
        private let lock = NSLock()
        private var nextIndex = 0
        private var done = 0
        private var failure: (index: Int, error: Error)?

        func next(limit: Int) -> Int? {
            lock.lock(); defer { lock.unlock() }
            guard failure == nil, nextIndex < limit else { return nil }
            nextIndex += 1
            return nextIndex - 1
        }
        func finish() -> Int {
            lock.lock(); defer { lock.unlock() }
            done += 1
            return done
        }
        func fail(index: Int, _ error: Error) {
            lock.lock(); defer { lock.unlock() }
            if failure == nil || index < failure!.index { failure = (index, error) }
        }
        var firstError: Error? {
            lock.lock(); defer { lock.unlock() }
            return failure?.error
        }
    }
}
