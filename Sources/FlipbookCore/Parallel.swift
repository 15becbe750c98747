// Splitting a long loop over the processors: the per-item work of reading a scene of many
// items (parsing and decoding 100,000 of them), done before the first frame while the other
// cores would otherwise wait. Only for work whose result does not depend on the split, so the
// output is the same on any number of threads.
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
}
