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
/// No client can hold it: one thread reads every connection's request head without blocking
/// (at most `maxHead` bytes, else 431; whole within `headSeconds`, else 408; at most
/// `maxPending` connections reading at once, the oldest answered 408 to make room), and only a
/// complete head reaches one of `workers` threads that answer. Slow or idle clients therefore
/// cost a file descriptor and a few bytes each, never a thread, and a normal request is not
/// kept waiting behind them.
final class HTTPServer: @unchecked Sendable {
    let port: Int
    private let fd: Int32
    static let maxHead = 16 << 10
    static let headSeconds = 5.0
    static let maxPending = 128
    /// Complete requests waiting for a worker; past this the newest gets 503.
    static let maxQueued = 64
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
        fd = s
    }

    deinit { close(fd) }

    /// The Host values a request may carry: this address or localhost at this port.
    var allowedHosts: Set<String> { ["127.0.0.1:\(port)", "localhost:\(port)"] }

    /// A connection whose request head is still arriving.
    private struct Pending {
        let socket: Int32
        let opened: Date
        var buffer: [UInt8] = []
    }

    /// A connection ready to be answered: its request, or the error it already earned.
    private typealias Ready = (socket: Int32, request: Result<HTTPRequest, HTTPResponse>)

    private let queueLock = NSCondition()
    private var queue: [Ready] = []
    private var stopping = false

    /// Accepts connections until `stop()` is true (checked at least every 100 ms) and answers
    /// each with `handle`.
    func run(until stop: () -> Bool, handle: @escaping @Sendable (HTTPRequest) -> HTTPResponse) {
        var threads: [Thread] = []
        for _ in 0..<workers {
            let t = Thread { [self] in work(handle) }
            t.start()
            threads.append(t)
        }
        var pending: [Pending] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        while !stop() {
            var polled = [pollfd(fd: fd, events: Int16(POLLIN), revents: 0)] + pending.map { pollfd(fd: $0.socket, events: Int16(POLLIN), revents: 0) }
            let n = poll(&polled, nfds_t(polled.count), 100)
            // By position in `pending`, never by descriptor: a worker may close a socket handed
            // to it and the next accept reuse its number in this same pass (a connection that
            // was dropped unread that way left the page's request waiting for ever).
            var finished: Set<Int> = []
            if n > 0 {
                for i in pending.indices where polled[i + 1].revents != 0 {
                    let got = chunk.withUnsafeMutableBytes { recv(pending[i].socket, $0.baseAddress, $0.count, 0) }
                    if got < 0 && (errno == EINTR || errno == EAGAIN) { continue }
                    if got <= 0 {
                        close(pending[i].socket); finished.insert(i); continue
                    }
                    // Only where the new bytes could complete "\r\n\r\n": a head sent a byte at a time is read in linear time.
                    let from = max(0, pending[i].buffer.count - 3)
                    pending[i].buffer += chunk[0..<got]
                    if let end = HTTPServer.endOfHead(pending[i].buffer, from: from) {
                        enqueue((pending[i].socket, HTTPServer.parse(Array(pending[i].buffer[..<end]))))
                        finished.insert(i)
                    } else if pending[i].buffer.count >= HTTPServer.maxHead {
                        enqueue((pending[i].socket, .failure(.text(431, "request head larger than 16 KiB"))))
                        finished.insert(i)
                    }
                }
                pending = pending.indices.filter { !finished.contains($0) }.map { pending[$0] }
                if polled[0].revents != 0 {
                    while true {
                        let c = accept(fd, nil, nil)
                        guard c >= 0 else { break }
                        _ = fcntl(c, F_SETFD, FD_CLOEXEC)
                        _ = fcntl(c, F_SETFL, fcntl(c, F_GETFL) | O_NONBLOCK)
                        pending.append(Pending(socket: c, opened: Date()))
                    }
                }
            }
            // Heads too slow, and the oldest beyond the cap, are answered 408 and closed.
            let now = Date()
            let excess = max(0, pending.count - HTTPServer.maxPending)
            var late = 0
            pending.removeAll { p in
                let timedOut = now.timeIntervalSince(p.opened) > HTTPServer.headSeconds || late < excess
                if timedOut {
                    late += 1
                    HTTPServer.answer(p.socket, .text(408, "the request head did not arrive within 5 s"), body: true)
                    close(p.socket)
                }
                return timedOut
            }
        }
        for p in pending { close(p.socket) }
        queueLock.lock(); stopping = true; queueLock.broadcast(); queueLock.unlock()
    }

    private func enqueue(_ r: Ready) {
        queueLock.lock()
        if queue.count >= HTTPServer.maxQueued {
            queueLock.unlock()
            HTTPServer.answer(r.socket, .text(503, "busy: \(HTTPServer.maxQueued) requests are waiting; try again"), body: true)
            close(r.socket)
            return
        }
        queue.append(r)
        queueLock.signal()
        queueLock.unlock()
    }

    private func work(_ handle: (HTTPRequest) -> HTTPResponse) {
        while true {
            queueLock.lock()
            while queue.isEmpty && !stopping { queueLock.wait() }
            if queue.isEmpty { queueLock.unlock(); return }
            let r = queue.removeFirst()
            queueLock.unlock()
            serve(r, handle)
            close(r.socket)
        }
    }

    private func serve(_ r: Ready, _ handle: (HTTPRequest) -> HTTPResponse) {
        let response: HTTPResponse
        var head = false
        switch r.request {
        case .failure(let e): response = e
        case .success(let request):
            head = request.method == "HEAD"
            if request.headers["host"].map({ allowedHosts.contains($0.lowercased()) }) != true {
                response = .text(403, "refused: the Host header must be 127.0.0.1:\(port) or localhost:\(port)")
            } else if request.method != "GET" && request.method != "HEAD" {
                response = .text(405, "only GET and HEAD")
            } else {
                response = handle(request)
            }
        }
        HTTPServer.answer(r.socket, response, body: !head)
        if case .failure = r.request { HTTPServer.drain(r.socket) }
    }

    /// After answering a request that was not read whole (431), reads what the client is
    /// still sending for up to a second: closing with unread bytes resets the connection, and
    /// the client would lose the answer.
    private static func drain(_ c: Int32) {
        shutdown(c, Int32(SHUT_WR))
        let deadline = Date().addingTimeInterval(1)
        var sink = [UInt8](repeating: 0, count: 16384)
        var total = 0
        while deadline.timeIntervalSinceNow > 0, total < 1 << 20 {
            var p = pollfd(fd: c, events: Int16(POLLIN), revents: 0)
            guard poll(&p, 1, 100) >= 0 else { return }
            let n = sink.withUnsafeMutableBytes { recv(c, $0.baseAddress, $0.count, 0) }
            if n == 0 { return }
            if n < 0 { if errno == EAGAIN || errno == EINTR { continue } else { return } }
            total += n
        }
    }

    /// Writes the response, blocking for at most 10 s in all (a client that does not read is
    /// left, not waited for).
    private static func answer(_ c: Int32, _ response: HTTPResponse, body: Bool) {
        var text = "HTTP/1.1 \(response.status) \(HTTPResponse.reasons[response.status] ?? "Error")\r\n"
        text += "Content-Type: \(response.contentType)\r\nContent-Length: \(response.body.count)\r\n"
        text += "Cache-Control: no-store\r\nX-Content-Type-Options: nosniff\r\nConnection: close\r\n\r\n"
        let deadline = Date().addingTimeInterval(10)
        send(c, Array(text.utf8) + (body ? response.body : []), until: deadline)
    }

    private static func send(_ c: Int32, _ bytes: [UInt8], until deadline: Date) {
        bytes.withUnsafeBytes { b in
            var off = 0
            while off < b.count {
                let n = LibC.send(c, b.baseAddress! + off, b.count - off)
                if n > 0 { off += n; continue }
                guard n < 0, errno == EINTR || errno == EAGAIN else { return }
                let left = deadline.timeIntervalSinceNow
                guard left > 0 else { return }
                var p = pollfd(fd: c, events: Int16(POLLOUT), revents: 0)
                _ = poll(&p, 1, Int32(min(left, 1) * 1000) + 1)
            }
        }
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
