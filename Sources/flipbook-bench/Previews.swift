// Animated previews against ffmpeg and gifsicle (installed by `make bench` only: they are the
// yardstick, not dependencies). Whole commands are timed, as a user would run them: Flipbook
// from the scene file, ffmpeg from PNG frames already on disk (its input is free). Sizes,
// median wall times of three runs, and the GIF's mean PSNR against the PNG frames.
import Foundation

struct PreviewBenchmark {
    let flipbook: String
    let scene: String
    let scratch: URL

    /// Runs a command, returning its wall time; throws when it fails.
    func timed(_ args: [String]) throws -> Double {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        p.arguments = args
        p.standardOutput = FileHandle.nullDevice
        p.standardError = FileHandle.nullDevice
        let t0 = now()
        try p.run()
        p.waitUntilExit()
        guard p.terminationStatus == 0 else { throw BenchError("failed: \(args.joined(separator: " "))") }
        return now() - t0
    }

    func median(_ args: [String], runs: Int = 3) throws -> Double {
        (try (0..<runs).map { _ in try timed(args) }).sorted()[runs / 2]
    }

    func output(_ args: [String]) throws -> String {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        p.arguments = args
        let pipe = Pipe()
        p.standardOutput = pipe
        try p.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        return String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    func size(_ url: URL) -> Int { (try? FileManager.default.attributesOfItem(atPath: url.path)[.size] as? Int) ?? 0 }

    static func available(_ tool: String) -> Bool {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        p.arguments = ["sh", "-c", "command -v \(tool)"]
        p.standardOutput = FileHandle.nullDevice
        try? p.run()
        p.waitUntilExit()
        return p.terminationStatus == 0
    }

    func row(_ name: String, _ bytes: Int, _ seconds: Double, _ extra: String = "") -> String {
        name.padding(toLength: max(34, name.count + 1), withPad: " ", startingAt: 0) + String(format: "%7.2f MB  %6.2f s", Double(bytes) / 1e6, seconds) + extra
    }

    /// A lossless format's goal line: at most 0.9x ffmpeg's size, encoded faster.
    func lossless(_ format: String, _ bytes: Int, _ seconds: Double, _ ffmpegBytes: Int, _ ffmpegSeconds: Double) {
        let ratio = Double(bytes) / Double(ffmpegBytes)
        goal("\(format): \(fmt(ratio, 2))x ffmpeg's size, \(fmt(seconds, 2)) against \(fmt(ffmpegSeconds, 2)) s",
             "at most 0.9x, faster", holds: ratio <= 0.9 && seconds < ffmpegSeconds)
    }

    /// A GIF's PSNR against the PNG frames at 50 fps: the mean of the frames' and the pooled
    /// one (of the mean squared error over all frames), from scripts/preview-psnr.py.
    func gifPSNR(_ gif: URL, _ frames: URL) throws -> (mean: Double, pooled: Double, text: String) {
        let figures = try output(["/usr/bin/python3", "scripts/preview-psnr.py", gif.path, frames.path, "50"])
            .split(separator: " ").compactMap { Double($0) }
        guard figures.count == 2 else { throw BenchError("scripts/preview-psnr.py: expected two figures for \(gif.path)") }
        return (figures[0], figures[1], String(format: "  PSNR %.2f dB (pooled %.2f)", figures[0], figures[1]))
    }

    func run() throws {
        let name = URL(fileURLWithPath: scene).deletingPathExtension().lastPathComponent
        print("\npreviews: \(scene) at scale 1 against ffmpeg and gifsicle (median wall time of 3 runs)")
        var lines: [String] = []
        for fps in [50, 60] {
            let frames = scratch.appendingPathComponent("frames-\(fps)")
            _ = try timed([flipbook, "render", scene, "-o", frames.path, "--format", "png", "--scale", "1", "--fps", "\(fps)"])
            let pattern = frames.appendingPathComponent("frame-%05d.png").path
            let ours = scratch.appendingPathComponent("ours-\(fps)")
            if fps == 50 {
                let t = try median([flipbook, "render", scene, "-o", ours.path, "--format", "gif", "--scale", "1", "--fps", "50"])
                let gif = ours.appendingPathComponent(name + ".gif")
                let psnr = try gifPSNR(gif, frames)
                lines.append(row("GIF 50 fps, Flipbook", size(gif), t, psnr.text))
                let ff = scratch.appendingPathComponent("ffmpeg.gif")
                let tf = try median(["ffmpeg", "-v", "error", "-y", "-framerate", "50", "-i", pattern, "-vf",
                                     "split[a][b];[a]palettegen=stats_mode=full[p];[b][p]paletteuse=dither=none", ff.path])
                let ffPSNR = try gifPSNR(ff, frames)
                lines.append(row("GIF 50 fps, ffmpeg palettegen", size(ff), tf, ffPSNR.text))
                if PreviewBenchmark.available("gifsicle") {
                    let opt = scratch.appendingPathComponent("gifsicle.gif")
                    let tg = try median(["gifsicle", "-O3", ff.path, "-o", opt.path])
                    lines.append(row("GIF 50 fps, ffmpeg + gifsicle -O3", size(opt), tf + tg, ffPSNR.text))
                    let ratio = Double(size(gif)) / Double(size(opt))
                    // No lower on both measures: the mean alone rewards exact still frames (99 dB each).
                    goal("GIF: \(fmt(ratio, 2))x ffmpeg + gifsicle -O3's size, PSNR \(fmt(psnr.mean, 2)) (pooled \(fmt(psnr.pooled, 2))) "
                         + "against \(fmt(ffPSNR.mean, 2)) (\(fmt(ffPSNR.pooled, 2))) dB, \(fmt(t, 2)) against \(fmt(tf + tg, 2)) s",
                         "at most 0.8x at no lower mean and pooled PSNR, faster",
                         holds: ratio <= 0.8 && psnr.mean >= ffPSNR.mean && psnr.pooled >= ffPSNR.pooled && t < tf + tg)
                }
                let ta = try median([flipbook, "render", scene, "-o", ours.path, "--format", "apng", "--scale", "1", "--fps", "50"])
                lines.append(row("APNG 50 fps, Flipbook", size(ours.appendingPathComponent(name + ".png")), ta, "  lossless"))
                let fa = scratch.appendingPathComponent("ffmpeg.apng")
                let tfa = try median(["ffmpeg", "-v", "error", "-y", "-framerate", "50", "-i", pattern, "-plays", "0", "-f", "apng", fa.path])
                lines.append(row("APNG 50 fps, ffmpeg", size(fa), tfa, "  lossless"))
                lossless("APNG", size(ours.appendingPathComponent(name + ".png")), ta, size(fa), tfa)
            } else {
                let tw = try median([flipbook, "render", scene, "-o", ours.path, "--format", "webp", "--scale", "1", "--fps", "60"])
                lines.append(row("WebP 60 fps, Flipbook", size(ours.appendingPathComponent(name + ".webp")), tw, "  lossless"))
                let fw = scratch.appendingPathComponent("ffmpeg.webp")
                let tfw = try median(["ffmpeg", "-v", "error", "-y", "-framerate", "60", "-i", pattern, "-c:v", "libwebp_anim",
                                      "-lossless", "1", "-loop", "0", fw.path])
                lines.append(row("WebP 60 fps, ffmpeg libwebp_anim", size(fw), tfw, "  lossless"))
                lossless("WebP", size(ours.appendingPathComponent(name + ".webp")), tw, size(fw), tfw)
                for l in lines { print(l) }
                lines = []
                try videos(name: name, frames: frames, pattern: pattern, ours: ours)
            }
        }
        for l in lines { print(l) }
    }
}

extension PreviewBenchmark {
    /// MP4 and WebM at the default quality against ffmpeg's libx264 and libvpx-vp9 at the
    /// same PSNR: the largest CRF whose PSNR is at least Flipbook's (binary search), from the
    /// PNG frames converted to BT.709 4:2:0 by ffmpeg. Matched twice (scripts/video-psnr.py):
    /// on the Y'CbCr figure, whose reference is ffmpeg's own conversion and so ffmpeg's own
    /// encoder input (Flipbook's chroma filter differs from it at edges, which caps Flipbook's
    /// figure and not ffmpeg's), and on the RGB figure after ffmpeg decodes both, which judges
    /// both files by what is shown (docs/previews.md, "Video").
    func videos(name: String, frames: URL, pattern: String, ours: URL) throws {
        // libx264 codes even sides only: like Flipbook's MP4, pad an odd side by repeating its edge.
        func colour(_ ext: String) -> [String] {
            ["-vf", (ext == "mp4" ? "pad=ceil(iw/2)*2:ceil(ih/2)*2:0:0,fillborders=right=1:bottom=1:mode=smear," : "")
             + "scale=out_color_matrix=bt709:out_range=tv,format=yuv420p", "-colorspace", "bt709",
             "-color_primaries", "bt709", "-color_trc", "bt709", "-color_range", "tv"]
        }
        /// (Y'CbCr PSNR, RGB PSNR).
        func psnr(_ file: URL) throws -> [Double] {
            try output(["/usr/bin/python3", "scripts/video-psnr.py", file.path, frames.path, "60"]).split(separator: " ").prefix(2)
                .map { Double($0) ?? 0 }
        }
        func text(_ p: [Double]) -> String { String(format: "  PSNR %.2f dB (RGB %.2f)", p[0], p[1]) }
        let codecs: [(format: String, ext: String, ffmpeg: [String], maxCRF: Int, label: String)] = [
            ("mp4", "mp4", ["-c:v", "libx264", "-preset", "medium"], 51, "libx264 medium"),
            ("webm", "webm", ["-c:v", "libvpx-vp9", "-b:v", "0", "-deadline", "good", "-cpu-used", "4", "-row-mt", "1"], 63,
             "libvpx-vp9 good/4"),
        ]
        for c in codecs {
            let t = try median([flipbook, "render", scene, "-o", ours.path, "--format", c.format, "--scale", "1", "--fps", "60"])
            let file = ours.appendingPathComponent(name + "." + c.ext)
            let target = try psnr(file)
            print(row("\(c.format.uppercased()) 60 fps, Flipbook", size(file), t, text(target)))
            var encoded: [Int: (bytes: Int, psnr: [Double], seconds: Double)] = [:]
            func encode(_ crf: Int) throws -> (bytes: Int, psnr: [Double], seconds: Double) {
                if let e = encoded[crf] { return e }
                let ff = scratch.appendingPathComponent("ffmpeg-\(crf).\(c.ext)")
                let seconds = try timed(["ffmpeg", "-v", "error", "-y", "-framerate", "60", "-i", pattern] + colour(c.ext) + c.ffmpeg
                                        + ["-crf", "\(crf)", ff.path])
                let e = (size(ff), try psnr(ff), seconds)
                encoded[crf] = e
                return e
            }
            for (k, measure) in ["Y'CbCr", "RGB"].enumerated() {
                // The largest CRF at or above Flipbook's PSNR; PSNR falls as CRF rises.
                var lo = 0, hi = c.maxCRF
                var best: (crf: Int, bytes: Int, psnr: [Double], seconds: Double)?
                while lo <= hi {
                    let crf = (lo + hi) / 2
                    let e = try encode(crf)
                    if e.psnr[k] >= target[k] { best = (crf, e.bytes, e.psnr, e.seconds); lo = crf + 1 } else { hi = crf - 1 }
                }
                let label = "  ffmpeg \(c.label) crf \(best.map { String($0.crf) } ?? "-"), matched on \(measure)"
                if let best {
                    print(row(label, best.bytes, best.seconds, text(best.psnr))
                          + String(format: "  Flipbook/ffmpeg size %.2fx", Double(size(file)) / Double(best.bytes)))
                } else {
                    print(label + ": no CRF reaches Flipbook's \(measure) PSNR")
                }
            }
        }
    }
}

struct BenchError: Error, CustomStringConvertible {
    let description: String
    init(_ d: String) { description = d }
}
