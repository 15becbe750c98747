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

    static let reasons = [200: "OK", 400: "Bad Request", 403: "Forbidden", 404: "Not Found", 405: "Method Not Allowed", 431: "Request Header Fields Too Large", 500: "Internal Server Error",
                          503: "Service Unavailable"]
}

/// A small HTTP/1.1 server on the loopback interface only, one request per connection, each
/// connection served on a thread of its own (at most `maxConnections` at once). What a local
/// player needs and nothing a network could reach: it binds 127.0.0.1, answers only requests
/// whose Host names that address or localhost at its port (a page on another site cannot
/// rebind a name of its own to 127.0.0.1 and read the answers, the DNS-rebinding attack), and
/// reads at most 16 KiB of request head within 10 s.
final class HTTPServer: @unchecked Sendable {
    let port: Int
    private let fd: Int32
    private let slots: DispatchSemaphore
    static let maxHead = 16 << 10

    /// Binds 127.0.0.1:`port` (0: a free port the system picks; `port` then says which).
    init(port: Int, maxConnections: Int = 16) throws {
        slots = DispatchSemaphore(value: maxConnections)
        let s = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard s >= 0 else { throw RenderError("cannot open a socket: \(String(cString: strerror(errno)))") }
        var yes: Int32 = 1
        setsockopt(s, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        var addr = sockaddr_in()
        addr.sin_family = sa_family_t(AF_INET)
        addr.sin_port = in_port_t(UInt16(port).bigEndian)
        addr.sin_addr.s_addr = in_addr_t(0x7F00_0001).bigEndian
        let bound = withUnsafePointer(to: &addr) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(s, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) } }
        guard bound == 0, listen(s, 64) == 0 else {
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

    /// Accepts connections until `stop()` is true (checked at least every 100 ms) and answers
    /// each with `handle`.
    func run(until stop: () -> Bool, handle: @escaping @Sendable (HTTPRequest) -> HTTPResponse) {
        while !stop() {
            var p = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            guard poll(&p, 1, 100) > 0 else { continue }
            let c = accept(fd, nil, nil)
            guard c >= 0 else { continue }
            _ = fcntl(c, F_SETFD, FD_CLOEXEC)
            guard slots.wait(timeout: .now() + 5) == .success else { close(c); continue }
            Thread.detachNewThread { [self] in
                serve(c, handle)
                close(c)
                slots.signal()
            }
        }
    }

    private func serve(_ c: Int32, _ handle: (HTTPRequest) -> HTTPResponse) {
        var timeout = timeval(tv_sec: 10, tv_usec: 0)
        setsockopt(c, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        setsockopt(c, SOL_SOCKET, SO_SNDTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        let response: HTTPResponse
        var head = false
        switch readHead(c) {
        case .failure(let r): response = r
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
        var text = "HTTP/1.1 \(response.status) \(HTTPResponse.reasons[response.status] ?? "Error")\r\n"
        text += "Content-Type: \(response.contentType)\r\nContent-Length: \(response.body.count)\r\n"
        text += "Cache-Control: no-store\r\nX-Content-Type-Options: nosniff\r\nConnection: close\r\n\r\n"
        send(c, Array(text.utf8))
        if !head { send(c, response.body) }
    }

    private func send(_ c: Int32, _ bytes: [UInt8]) {
        bytes.withUnsafeBytes { b in
            var off = 0
            while off < b.count {
                let n = Glibc.send(c, b.baseAddress! + off, b.count - off, Int32(MSG_NOSIGNAL))
                if n < 0 && errno == EINTR { continue }
                if n <= 0 { return }
                off += n
            }
        }
    }

    /// The request line and headers (a body is never read: GET and HEAD only).
    private func readHead(_ c: Int32) -> Result<HTTPRequest, HTTPResponse> {
        var buffer: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        while true {
            if let end = HTTPServer.endOfHead(buffer) { return HTTPServer.parse(Array(buffer[..<end])) }
            if buffer.count >= HTTPServer.maxHead { return .failure(.text(431, "request head larger than 16 KiB")) }
            let n = chunk.withUnsafeMutableBytes { recv(c, $0.baseAddress, $0.count, 0) }
            if n < 0 && errno == EINTR { continue }
            if n <= 0 { return .failure(.text(400, "incomplete request")) }
            buffer += chunk[0..<n]
        }
    }

    static func endOfHead(_ b: [UInt8]) -> Int? {
        guard b.count >= 4 else { return nil }
        for i in 0...(b.count - 4) where b[i] == 13 && b[i + 1] == 10 && b[i + 2] == 13 && b[i + 3] == 10 { return i }
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
