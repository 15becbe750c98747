import FlipbookCore
import FlipbookLayout
import FlipbookAnimation

/// Events ordered by time, then by kind, then by the order they were scheduled — never by
/// anything that varies between runs.
struct EventQueue {
    enum Order {
        static let script = 0
        /// Gesture timers, completions and effect timers: a long press held exactly its
        /// minimum duration is recognised before a lift at that same instant.
        static let timer = 1
        static let touch = 2
        static let display = 3
    }
    enum Payload {
        /// Script steps and completions: actions run at the event's time.
        case actions([Action], path: String)
        case timer((Double) -> Void)
        case touchDown(Int)
        case touchSample(Int)
        case touchUp(Int)
        case displayTick
        case scrollEnded(Int, Int)
    }
    struct Event {
        var time: Double
        var order: Int
        var seq: Int
        var payload: Payload
    }
    private var heap: [Event] = []

    private static func before(_ a: Event, _ b: Event) -> Bool {
        if abs(a.time - b.time) > FrameClock.epsilon { return a.time < b.time }
        if a.order != b.order { return a.order < b.order }
        return a.seq < b.seq
    }

    mutating func schedule(at time: Double, order: Int, seq: Int, _ payload: Payload) {
        heap.append(Event(time: time, order: order, seq: seq, payload: payload))
        var i = heap.count - 1
        while i > 0 {
            let p = (i - 1) / 2
            if EventQueue.before(heap[i], heap[p]) { heap.swapAt(i, p); i = p } else { break }
        }
    }

    mutating func popFirst(notAfter time: Double) -> Event? {
        guard let first = heap.first, first.time <= time + FrameClock.epsilon else { return nil }
        let last = heap.removeLast()
        if !heap.isEmpty {
            heap[0] = last
            var i = 0
            while true {
                let l = 2 * i + 1, r = l + 1
                var m = i
                if l < heap.count, EventQueue.before(heap[l], heap[m]) { m = l }
                if r < heap.count, EventQueue.before(heap[r], heap[m]) { m = r }
                if m == i { break }
                heap.swapAt(i, m)
                i = m
            }
        }
        return first
    }

    var isEmpty: Bool { heap.isEmpty }
}
