// Splitting loops over the processors: the per-item work of reading a scene of many items
// (parsing and decoding 100,000 of them), done before the first frame while the other cores
// would otherwise wait, in parts (`forEachPart`); and a render's or a comparison's frames,
// one index at a time to whichever worker is free (`forEachIndex`, `map`). Only for work
// whose result does not depend on the split, so the output is the same on any number of threads.
import Dispatch
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

package enum Parallel {
    /// Below this many iterations a loop is not worth waking a second thread for.
    public static let minimumCount = 4096

    /// The processors online (at least 1).
    public static let processors = max(1, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))))

    /// Calls `body` once for each of consecutive parts that cover 0..<count, in parallel: one
    /// part a processor, none smaller than `minimumCount` (so a short loop runs whole, here).
    /// The parts run at once: `body` may write only to what its own part owns.
    public static func forEachPart(of count: Int, _ body: (Range<Int>) -> Void) {
        let parts = min(processors, count / minimumCount)
        guard parts > 1 else { return body(0..<count) }
        // Not @Sendable, so callers can fill disjoint slots of one buffer; each part touches
        // only its own, and concurrentPerform returns when all are done.
        nonisolated(unsafe) let body = body
        DispatchQueue.concurrentPerform(iterations: parts) { p in body(count * p / parts..<count * (p + 1) / parts) }
    }

    /// Runs `first` and `second` at once, each on its own thread, when there are two
    /// processors; else one after the other. They must not touch the same state.
    public static func both(_ first: () -> Void, _ second: () -> Void) {
        guard processors > 1 else { first(); second(); return }
        nonisolated(unsafe) let (first, second) = (first, second)
        DispatchQueue.concurrentPerform(iterations: 2) { $0 == 0 ? first() : second() }
    }

    /// `transform(i)` for i in 0..<count on `workers` threads, in index order; rethrows the
    /// first error by index.
    package static func map<T>(_ count: Int, workers: Int, cancellation: Cancellation = .none,
                              _ transform: @escaping @Sendable (Int) throws -> T) throws -> [T] {
        let slots = Slots<T>(count: count)
        try forEachIndex(count, workers: workers, cancellation: cancellation) { i in slots.set(i, try transform(i)) }
        return slots.values
    }

    /// Results of `map`, each written by one worker and read after all finish.
    final class Slots<T>: @unchecked Sendable {
        private var slots: [T?]
        private let lock = Mutex()
        init(count: Int) { slots = Array(repeating: nil, count: count) }
        func set(_ i: Int, _ value: T) { lock.lock(); slots[i] = value; lock.unlock() }
        var values: [T] { lock.lock(); defer { lock.unlock() }; return slots.map { $0! } }
    }

    /// Runs `body` for indices 0..<count on `workers` threads; rethrows the first error by index.
    package static func forEachIndex(_ count: Int, workers: Int, cancellation: Cancellation = .none,
                                    _ body: @escaping @Sendable (Int) throws -> Void) throws {
        let state = Work()
        DispatchQueue.concurrentPerform(iterations: max(1, min(workers, count))) { _ in
            while let i = state.next(limit: count) {
                do {
                    try cancellation.check()
                    try body(i)
                } catch {
                    state.fail(index: i, error)
                }
            }
        }
        if let e = state.firstError { throw e }
    }

    /// Work handed out to the workers one index at a time, and the first error by index,
    /// behind one lock (a render's progress counts finished runs with it too).
    package final class Work: @unchecked Sendable {
        private let lock = Mutex()
        private var nextIndex = 0
        private var done = 0
        private var failure: (index: Int, error: Error)?

        func next(limit: Int) -> Int? {
            lock.lock(); defer { lock.unlock() }
            guard failure == nil, nextIndex < limit else { return nil }
            nextIndex += 1
            return nextIndex - 1
        }
        package init() {}
        package func finish() -> Int {
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
