#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Stops long work between frames: when asked (a signal, a caller) or once a time budget is
/// spent. A value handed to the simulation and the render, so nothing global decides when a
/// render stops; `check()` is cheap enough to call once a frame.
public final class Cancellation: @unchecked Sendable {
    private let mutex = Mutex()
    private var reason: String?
    private var overBudget = false
    private let deadline: Double?
    private let budgetMessage: String
    /// Polled by `check()`: a flag a signal handler sets (handlers may not take locks).
    private let requested: @Sendable () -> Bool

    /// `seconds`: the time budget from now (nil: none); `budgetMessage` is the error then.
    public init(seconds: Double? = nil, budgetMessage: String = "the time budget is spent",
                requested: @escaping @Sendable () -> Bool = { false }) {
        deadline = seconds.map { Cancellation.now() + $0 }
        self.budgetMessage = budgetMessage
        self.requested = requested
    }

    /// Work that is never stopped.
    public static var none: Cancellation { Cancellation() }

    /// Asks the work to stop; the first reason given is the one reported.
    public func cancel(_ why: String = "interrupted") {
        mutex.lock()
        if reason == nil { reason = why }
        mutex.unlock()
    }

    /// Why the work should stop, or nil while it may go on.
    public var stopReason: String? {
        if requested() { cancel() }
        mutex.lock()
        defer { mutex.unlock() }
        if reason == nil, let deadline, Cancellation.now() > deadline {
            reason = budgetMessage
            overBudget = true
        }
        return reason
    }

    /// Throws `Cancelled` once the work was asked to stop, `BudgetExceeded` once its time is up.
    public func check() throws {
        guard let r = stopReason else { return }
        mutex.lock()
        let budget = overBudget
        mutex.unlock()
        if budget { throw BudgetExceeded(r) }
        throw Cancelled(message: r)
    }

    /// Seconds on the monotonic clock.
    public static func now() -> Double {
        var t = timespec()
        clock_gettime(CLOCK_MONOTONIC, &t)
        return Double(t.tv_sec) + Double(t.tv_nsec) / 1e9
    }
}

/// Work stopped by its `Cancellation`: interrupted, or past its time budget.
public struct Cancelled: Error, CustomStringConvertible, Sendable {
    public var message: String
    public init(message: String) { self.message = message }
    public var description: String { message }
}

/// A budget (`--max-memory`, `--max-seconds`) the input would overrun: reported as one line
/// that names the budget and how to change it, like bad input (exit 2).
public struct BudgetExceeded: Error, CustomStringConvertible, Sendable {
    public var message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}
