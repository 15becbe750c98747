import Foundation
import Flipbook

/// A request as `flipbook preview` reads it: only what a player page sends.
struct HTTPRequest {
    var method: String
    /// The path, percent-decoded, without the query (the player sends none it needs).
    var path: String
    /// Header names lower-cased.
    var headers: [String: String]
}

struct HTTPResponse: Error {
    var status: Int
    var contentType: String
    var body: [UInt8]

    init(status: Int = 200, contentType: String, body: [UInt8]) {
        self.status = status; self.contentType = contentType; self.body = body
    }

    init(status: Int = 200, json: String) { self.init(status: status, contentType: "application/json; charset=utf-8", body: Array(json.utf8)) }

    static func text(_ status: Int, _ message: String) -> HTTPResponse {
        HTTPResponse(status: status, contentType: "text/plain; charset=utf-8", body: Array((message + "\n").utf8))
    }

    static let reasons = [200: "OK", 400: "Bad Request", 403: "Forbidden", 404: "Not Found", 405: "Method Not Allowed", 408: "Request Timeout",
                          431: "Request Header Fields Too Large", 500: "Internal Server Error",
                          503: "Service Unavailable"]
}

/// A small HTTP/1.1 server on the loopback interface only, one request per connection. What a
/// local player needs and nothing a network could reach: it binds 127.0.0.1 and answers only
/// requests whose Host names that address or localhost at its port (a page on another site
/// cannot rebind a name of its own to 127.0.0.1 and read the answers, the DNS-rebinding attack).
///
/// No client can hold it. One thread polls every connection without blocking: it reads each
/// request head (at most `maxHead` bytes, else 431; whole within `headSeconds`, else 408; at
/// most `maxPending` connections reading at once, the oldest answered 408 to make room), and it
/// writes every answer (non-blocking, within `sendSeconds`, then the connection is dropped), so
/// a client that sends slowly, or asks and never reads, costs a file descriptor and some bytes,
/// never a thread. Answers that need no handler (400, 403, 405, 408, 431, 503) are written by
/// that thread itself. Complete requests go to one of two lanes: `quick` ones (the page and its
/// status, whatever `isQuick` says) to a thread of their own, so they are answered however busy
/// drawing is; the rest (frames) to `workers` threads, with at most `maxQueued` waiting — past
/// that a request gets 503 at once instead of waiting minutes behind the others.
final class HTTPServer: @unchecked Sendable {
    let port: Int
    private let fd: Int32
    /// The poll thread's wake-up: a worker writes a byte when it hands over an answer.
    private let wake: (read: Int32, write: Int32)
    static let maxHead = 16 << 10
    static let headSeconds = 5.0
    /// How long an answer may take to write before its connection is dropped.
    static let sendSeconds = 10.0
    static let maxPending = 128
    /// Requests waiting for a drawing worker; past this the newest gets 503.
    static let maxQueued = 16
    /// Quick requests waiting for their thread (each is answered in microseconds).
    static let maxQuickQueued = 64
    let workers: Int

    /// Binds 127.0.0.1:`port` (0: a free port the system picks; `port` then says which).
    init(port: Int, workers: Int = 4) throws {
        self.workers = workers
        let s = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue) | Int32(SOCK_NONBLOCK.rawValue), 0)
        guard s >= 0 else { throw RenderError("cannot open a socket: \(String(cString: strerror(errno)))") }
        var yes: Int32 = 1
        setsockopt(s, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        var addr = sockaddr_in()
        addr.sin_family = sa_family_t(AF_INET)
        addr.sin_port = in_port_t(UInt16(port).bigEndian)
        addr.sin_addr.s_addr = in_addr_t(0x7F00_0001).bigEndian
        let bound = withUnsafePointer(to: &addr) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(s, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) } }
        guard bound == 0, listen(s, 128) == 0 else {
            let code = errno
            close(s)
            if code == EADDRINUSE { throw UsageError(message: "port \(port) on 127.0.0.1 is in use; choose another with --port (0 picks a free one)", command: "preview") }
            throw RenderError("cannot listen on 127.0.0.1:\(port): \(String(cString: strerror(code)))")
        }
        var got = sockaddr_in()
        var len = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &got) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(s, $0, &len) } }
        self.port = Int(UInt16(bigEndian: got.sin_port))
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else { close(s); throw RenderError("cannot make a pipe: \(String(cString: strerror(errno)))") }
        for e in ends {
            _ = fcntl(e, F_SETFD, FD_CLOEXEC)
            _ = fcntl(e, F_SETFL, fcntl(e, F_GETFL) | O_NONBLOCK)
        }
        wake = (ends[0], ends[1])
        fd = s
    }

    deinit { close(fd); close(wake.read); close(wake.write) }

    /// The Host values a request may carry: this address or localhost at this port.
    var allowedHosts: Set<String> { ["127.0.0.1:\(port)", "localhost:\(port)"] }

    /// A connection whose request head is still arriving.
    private struct Pending {
        let socket: Int32
        let opened: Date
        var buffer: [UInt8] = []
    }

    /// A connection whose answer is being written, then (after an answer to a request not
    /// read whole) drained of what the client still sends, for a second: closing with unread
    /// bytes resets the connection, and the client would lose the answer.
    private struct Writer {
        let socket: Int32
        let bytes: [UInt8]
        var offset = 0
        var deadline: Date
        let drains: Bool
        var draining = false
        var drained = 0
        init(socket: Int32, bytes: [UInt8], drains: Bool) {
            self.socket = socket; self.bytes = bytes; self.drains = drains
            deadline = Date().addingTimeInterval(HTTPServer.sendSeconds)
        }
    }

    private let queueLock = NSCondition()
    private var queue: [(socket: Int32, request: HTTPRequest)] = []
    private var quick: [(socket: Int32, request: HTTPRequest)] = []
    /// Answers the workers have made, for the poll thread to write.
    private var outbox: [Writer] = []
    private var stopping = false

    /// Accepts connections until `stop()` is true (checked at least every 100 ms) and answers
    /// each with `handle`; requests `isQuick` accepts are answered on their own thread.
    func run(until stop: () -> Bool, isQuick: @escaping @Sendable (HTTPRequest) -> Bool = { _ in false },
             handle: @escaping @Sendable (HTTPRequest) -> HTTPResponse) {
        var threads: [Thread] = []
        for _ in 0..<workers {
            let t = Thread { [self] in work(lane: \.queue, handle) }
            t.start()
            threads.append(t)
        }
        let quickThread = Thread { [self] in work(lane: \.quick, handle) }
        quickThread.start()
        var pending: [Pending] = []
        var writers: [Writer] = []
        var chunk = [UInt8](repeating: 0, count: 16384)
        /// Hands a complete head to its lane, or answers it here when it needs no handler.
        func route(_ socket: Int32, _ parsed: Result<HTTPRequest, HTTPResponse>) {
            switch parsed {
            case .failure(let e): writers.append(Writer(socket: socket, bytes: HTTPServer.bytes(e, body: true), drains: true))
            case .success(let request):
                if let refusal = refusal(request) {
                    writers.append(Writer(socket: socket, bytes: HTTPServer.bytes(refusal, body: request.method != "HEAD"), drains: false))
                    return
                }
                let isQuickOne = isQuick(request)
                queueLock.lock()
                let full = isQuickOne ? quick.count >= HTTPServer.maxQuickQueued : queue.count >= HTTPServer.maxQueued
                if !full {
                    if isQuickOne { quick.append((socket, request)) } else { queue.append((socket, request)) }
                    queueLock.broadcast()
                }
                queueLock.unlock()
                if full {
                    let busy = HTTPResponse.text(503, "busy: \(isQuickOne ? HTTPServer.maxQuickQueued : HTTPServer.maxQueued) requests are waiting; try again")
                    writers.append(Writer(socket: socket, bytes: HTTPServer.bytes(busy, body: true), drains: false))
                }
            }
        }
        while !stop() {
            queueLock.lock()
            writers += outbox
            outbox.removeAll()
            queueLock.unlock()
            var polled = [pollfd(fd: fd, events: Int16(POLLIN), revents: 0), pollfd(fd: wake.read, events: Int16(POLLIN), revents: 0)]
            polled += pending.map { pollfd(fd: $0.socket, events: Int16(POLLIN), revents: 0) }
            polled += writers.map { pollfd(fd: $0.socket, events: Int16($0.draining ? POLLIN : POLLOUT), revents: 0) }
            let n = poll(&polled, nfds_t(polled.count), 100)
            let now = Date()
            // By position, never by descriptor: a socket closed in this pass may be reused by
            // the next accept (a connection dropped unread that way left a request waiting for ever).
            var finished: Set<Int> = [], written: Set<Int> = []
            if n > 0 {
                if polled[1].revents != 0 { _ = chunk.withUnsafeMutableBytes { read(wake.read, $0.baseAddress, $0.count) } }
                for i in pending.indices where polled[i + 2].revents != 0 {
                    let got = chunk.withUnsafeMutableBytes { recv(pending[i].socket, $0.baseAddress, $0.count, 0) }
                    if got < 0 && (errno == EINTR || errno == EAGAIN) { continue }
                    if got <= 0 {
                        close(pending[i].socket); finished.insert(i); continue
                    }
                    // Only where the new bytes could complete "\r\n\r\n": a head sent a byte at a time is read in linear time.
                    let from = max(0, pending[i].buffer.count - 3)
                    pending[i].buffer += chunk[0..<got]
                    if let end = HTTPServer.endOfHead(pending[i].buffer, from: from) {
                        route(pending[i].socket, HTTPServer.parse(Array(pending[i].buffer[..<end])))
                        finished.insert(i)
                    } else if pending[i].buffer.count >= HTTPServer.maxHead {
                        route(pending[i].socket, .failure(.text(431, "request head larger than 16 KiB")))
                        finished.insert(i)
                    }
                }
                let base = 2 + pending.count
                for k in writers.indices where k + base < polled.count && polled[k + base].revents != 0 {
                    if step(&writers[k], chunk: &chunk) { written.insert(k) }
                }
                if polled[0].revents != 0 {
                    while true {
                        let c = accept(fd, nil, nil)
                        guard c >= 0 else { break }
                        _ = fcntl(c, F_SETFD, FD_CLOEXEC)
                        _ = fcntl(c, F_SETFL, fcntl(c, F_GETFL) | O_NONBLOCK)
                        pending.append(Pending(socket: c, opened: now))
                    }
                }
            }
            // Answers past their time are dropped; the writers added this pass start now.
            for k in writers.indices where !written.contains(k) && now > writers[k].deadline {
                close(writers[k].socket)
                written.insert(k)
            }
            writers = writers.indices.filter { !written.contains($0) }.map { writers[$0] }
            pending = pending.indices.filter { !finished.contains($0) }.map { pending[$0] }
            // Heads too slow, and the oldest beyond the cap, are answered 408.
            let excess = max(0, pending.count - HTTPServer.maxPending)
            var late = 0
            pending.removeAll { p in
                let timedOut = now.timeIntervalSince(p.opened) > HTTPServer.headSeconds || late < excess
                if timedOut {
                    late += 1
                    writers.append(Writer(socket: p.socket, bytes: HTTPServer.bytes(.text(408, "the request head did not arrive within 5 s"), body: true), drains: true))
                }
                return timedOut
            }
        }
        for p in pending { close(p.socket) }
        for w in writers { close(w.socket) }
        queueLock.lock(); stopping = true; queueLock.broadcast(); queueLock.unlock()
    }

    /// Writes what `w`'s socket takes now, or drains it; true when the connection is done.
    private func step(_ w: inout Writer, chunk: inout [UInt8]) -> Bool {
        if w.draining {
            let n = chunk.withUnsafeMutableBytes { recv(w.socket, $0.baseAddress, $0.count, 0) }
            if n < 0 && (errno == EAGAIN || errno == EINTR) { return false }
            w.drained += max(0, n)
            if n > 0 && w.drained < 1 << 20 { return false }
            close(w.socket)
            return true
        }
        let n = w.bytes.withUnsafeBytes { b in LibC.send(w.socket, b.baseAddress! + w.offset, b.count - w.offset) }
        if n > 0 { w.offset += n }
        if n < 0 && !(errno == EAGAIN || errno == EINTR) { close(w.socket); return true }
        guard w.offset == w.bytes.count else { return false }
        guard w.drains else { close(w.socket); return true }
        shutdown(w.socket, Int32(SHUT_WR))
        w.draining = true
        w.deadline = Date().addingTimeInterval(1)
        return false
    }

    /// What a request gets without its handler: 403 for another Host, 405 for another method.
    private func refusal(_ request: HTTPRequest) -> HTTPResponse? {
        if request.headers["host"].map({ allowedHosts.contains($0.lowercased()) }) != true {
            return .text(403, "refused: the Host header must be 127.0.0.1:\(port) or localhost:\(port)")
        }
        if request.method != "GET" && request.method != "HEAD" { return .text(405, "only GET and HEAD") }
        return nil
    }

    private func work(lane: ReferenceWritableKeyPath<HTTPServer, [(socket: Int32, request: HTTPRequest)]>, _ handle: (HTTPRequest) -> HTTPResponse) {
        while true {
            queueLock.lock()
            while self[keyPath: lane].isEmpty && !stopping { queueLock.wait() }
            if self[keyPath: lane].isEmpty { queueLock.unlock(); return }
            let r = self[keyPath: lane].removeFirst()
            queueLock.unlock()
            let response = handle(r.request)
            queueLock.lock()
            outbox.append(Writer(socket: r.socket, bytes: HTTPServer.bytes(response, body: r.request.method != "HEAD"), drains: false))
            queueLock.unlock()
            var one: UInt8 = 1
            _ = write(wake.write, &one, 1)
        }
    }

    /// The response as written: status line, headers, and the body unless it answers HEAD.
    private static func bytes(_ response: HTTPResponse, body: Bool) -> [UInt8] {
        var text = "HTTP/1.1 \(response.status) \(HTTPResponse.reasons[response.status] ?? "Error")\r\n"
        text += "Content-Type: \(response.contentType)\r\nContent-Length: \(response.body.count)\r\n"
        text += "Cache-Control: no-store\r\nX-Content-Type-Options: nosniff\r\nConnection: close\r\n\r\n"
        return Array(text.utf8) + (body ? response.body : [])
    }

    static func endOfHead(_ b: [UInt8], from: Int = 0) -> Int? {
        guard b.count >= from + 4 else { return nil }
        for i in from...(b.count - 4) where b[i] == 13 && b[i + 1] == 10 && b[i + 2] == 13 && b[i + 3] == 10 { return i }
        return nil
    }

    static func parse(_ head: [UInt8]) -> Result<HTTPRequest, HTTPResponse> {
        guard let text = String(bytes: head, encoding: .utf8) else { return .failure(.text(400, "request head is not UTF-8")) }
        let lines = text.components(separatedBy: "\r\n")
        let parts = lines[0].split(separator: " ", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[2].hasPrefix("HTTP/1."), parts[1].hasPrefix("/") else { return .failure(.text(400, "bad request line")) }
        var headers: [String: String] = [:]
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { return .failure(.text(400, "bad header line")) }
            headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        let target = parts[1]
        let pathPart = target.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
        guard let path = String(pathPart[0]).removingPercentEncoding, !path.contains("\0") else {
            return .failure(.text(400, "bad percent-encoding in the path"))
        }
        return .success(HTTPRequest(method: String(parts[0]), path: path, headers: headers))
    }
}
