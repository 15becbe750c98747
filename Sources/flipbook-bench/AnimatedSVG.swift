// Every frame of the animated SVG against the PNG frames, in headless Chromium
// (scripts/svg-every-frame.py; `make bench` installs Chromium). The goal: at least 32 dB on
// every frame, at no more than 1.2x the size the SVG had when the goal was set.
import Foundation

struct SVGBenchmark {
    let flipbook: String

    /// The examples that move most, and each one's animated SVG at scale 2 in bytes when the goal
    /// was set (December 2026, keyframes within 0.1 pt of the line).
    static let sizeBefore = ["expand-collapse": 235_612, "expand-collapse-short": 377_694, "pull-for-more": 333_411,
                             "scroll-physics": 278_925, "wallet-scroll": 111_258]

    func run() throws {
        guard PreviewBenchmark.available("chromium") && FileManager.default.fileExists(atPath: "/usr/bin/python3") else {
            print("\nanimated SVG: skipped (Chromium not installed; make bench installs it)")
            return
        }
        print("\nanimated SVG at scale 2 in headless Chromium, every frame against the PNG (scripts/svg-every-frame.py)")
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        p.arguments = ["scripts/svg-every-frame.py", flipbook] + SVGBenchmark.sizeBefore.keys.sorted()
        let pipe = Pipe()
        p.standardOutput = pipe
        try p.run()
        let text = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        p.waitUntilExit()
        guard p.terminationStatus == 0 else { throw BenchError("scripts/svg-every-frame.py failed") }
        print(text, terminator: "")
        // "<name>: N frames, lowest L dB at frame K, mean M dB, B bytes; under 32 dB: …"
        var lowest = Double.infinity, worst = "", largest = 0.0
        for line in text.split(separator: "\n") {
            let words = line.split(separator: " ")
            guard let name = words.first?.dropLast(), let i = words.firstIndex(of: "lowest"), let b = words.firstIndex(of: "bytes;"),
                  let value = Double(words[i + 1]), let bytes = Double(words[b - 1]) else { continue }
            if value < lowest { lowest = value; worst = "\(name) frame \(words[i + 5].dropLast())" }
            if let before = SVGBenchmark.sizeBefore[String(name)], before > 0 { largest = max(largest, bytes / Double(before)) }
        }
        goal("animated SVG: lowest PSNR \(fmt(lowest)) dB (\(worst)), at most \(fmt(largest, 2))x the size before",
             "at least 32 dB on every frame, at most 1.2x the size", holds: lowest >= 32 && largest <= 1.2)
    }
}
