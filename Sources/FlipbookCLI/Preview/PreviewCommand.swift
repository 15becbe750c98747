import Foundation
import Flipbook

extension CLI {
    /// `flipbook preview SCENE`: serves the player until SIGINT (or SIGTERM), watching the scene.
    static func preview(_ args: [String], console: Console) throws -> Int32 {
        let o = try Commands.preview.parse(args)
        if o.help {
            console.out(Commands.preview.help)
            return ExitCode.success
        }
        guard o.positional.count == 1 else {
            throw UsageError(message: o.positional.isEmpty ? "preview needs a SCENE file" : "preview takes one SCENE file", command: "preview")
        }
        let path = o.positional[0]
        // A scene that is not there at all is a mistake on the command line, not an edit.
        if CLI.codeScenes[path] == nil && Directory.kind(atPath: path, followsLink: true) == nil { throw InputError(file: path, message: "no such file") }
        let port = try o.integer(Commands.port) ?? 8080
        let budget = RenderBudget(megabytes: try o.integer(Commands.maxMemory) ?? RenderBudget.defaultMegabytes,
                                  seconds: try o.integer(Commands.maxSeconds) ?? RenderBudget.defaultSeconds)
        let session = PreviewSession(scenePath: path, assets: o.string("--assets"), options: RenderOptions(showTouches: o.has("--show-touches")),
                                     scale: try o.integer(Commands.scale), budget: budget)
        if !session.reload() {
            // A scene too big for the budget is refused as render refuses it; any other error is
            // an edit in progress, shown on the page until it is mended.
            if let refused = session.budgetError { throw refused }
            if let e = session.error { console.err("flipbook: \(e)\n") }
        }
        let server = try HTTPServer(port: port)
        let url = "http://127.0.0.1:\(server.port)/"
        console.out("previewing \(path) at \(url) (Ctrl-C stops)\n")
        _ = CLI.installCancellation(budget)
        defer { CLI.removeCancellation() }
        let stopped: @Sendable () -> Bool = { CLI.signalled != 0 }
        let watcher = Thread {
            var last = Date.distantPast
            while !stopped() {
                usleep(100_000)
                guard session.changed() else { continue }
                // At most one read every 250 ms, whatever keeps touching the files.
                let wait = 0.25 - Date().timeIntervalSince(last)
                if wait > 0 { usleep(useconds_t(wait * 1_000_000)) }
                // Read only once the files stand still: an editor's truncate-then-write or a copy
                // in progress is seen half written otherwise (a "malformed JSON" for a moment).
                var stamps = session.stamps()
                while !stopped() {
                    usleep(150_000)
                    let now = session.stamps()
                    if now == stamps { break }
                    stamps = now
                }
                let began = Date()
                defer { last = Date() }
                if session.reload() {
                    console.err("\(path): read again in \(Int(Date().timeIntervalSince(began) * 1000)) ms\n")
                } else if let e = session.error {
                    console.err("flipbook: \(e)\n")
                }
            }
        }
        watcher.start()
        if o.has("--open") { openInBrowser(url, console: console) }
        // The page and its status never wait behind frames being drawn.
        server.run(until: stopped, isQuick: { !$0.path.hasPrefix("/frames/") }, handle: session.handle)
        console.out("preview stopped\n")
        return ExitCode.success
    }

    private static func openInBrowser(_ url: String, console: Console) {
        let dirs = (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":")
        guard let opener = dirs.map({ "\($0)/xdg-open" }).first(where: { Directory.isExecutableFile(atPath: $0) }) else {
            console.err("flipbook: --open: no xdg-open on this machine; open \(url) yourself\n")
            return
        }
        let p = Process()
        p.executableURL = URL(fileURLWithPath: opener)
        p.arguments = [url]
        do { try p.run() } catch { console.err("flipbook: --open: \(error)\n") }
    }
}
