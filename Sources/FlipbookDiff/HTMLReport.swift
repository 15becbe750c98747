import Foundation
import FlipbookCore

/// report.html: one self-contained page (images inline as data: URLs, inline style and script,
/// nothing fetched) with an index of the scenes and, per scene, the summary, a strip of its
/// frames marking where the timeline and the pixels differ, and for chosen frames the baseline,
/// the candidate (with a wipe slider and an onion-skin fade) and the diff image. Each distinct
/// image is stored once, in a table the script reads, and decoded only when its frame is shown.
enum HTMLReport {
    static func esc(_ s: String) -> String { Markup.escape(s) }

    static func render(_ report: Report, imagesIn dir: ReportDirectory) throws -> String {
        var h = """
        <!doctype html>
        <html lang="en"><head><meta charset="utf-8"><title>Flipbook report</title>
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <style>
        body { font: 14px/1.45 -apple-system, "Segoe UI", Roboto, "Noto Sans", sans-serif; margin: 24px; color: #1c1c1e; background: #f2f2f7; }
        h1 { font-size: 22px; } h2 { font-size: 17px; margin: 0 0 8px; }
        .scene { background: #fff; border-radius: 12px; padding: 16px 20px; margin: 16px 0; box-shadow: 0 1px 3px rgba(0,0,0,.12); }
        .verdict { display: inline-block; padding: 1px 8px; border-radius: 9px; font-size: 12px; color: #fff; margin-left: 6px; }
        .match .verdict, .recorded .verdict { background: #34c759; } .differ .verdict, .missing .verdict, .error .verdict { background: #ff3b30; }
        .summary li { margin: 2px 0; } .summary li:first-child { font-weight: 600; }
        .strip { display: flex; height: 22px; margin: 10px 0; border: 1px solid #d1d1d6; border-radius: 4px; overflow: hidden; }
        .strip span { flex: 1; min-width: 1px; background: #e5e5ea; cursor: default; }
        .strip span.semantic { background: #0a84ff; } .strip span.pixel { background: #ff9f0a; } .strip span.both { background: #bf5af2; }
        .strip span.has-images { cursor: pointer; outline: 1px solid #1c1c1e; }
        .legend span { display: inline-block; width: 10px; height: 10px; margin: 0 4px 0 12px; border-radius: 2px; }
        .viewer { margin-top: 12px; } .panes { display: flex; gap: 16px; flex-wrap: wrap; align-items: flex-start; }
        .pane { text-align: center; font-size: 12px; color: #636366; } .pane img { display: block; max-width: 360px; height: auto; border: 1px solid #d1d1d6; }
        .wipe { position: relative; display: inline-block; } .wipe img.over { position: absolute; left: 0; top: 0; }
        label { margin-right: 12px; font-size: 12px; }
        nav.index ol { margin: 8px 0 16px; padding-left: 24px; } nav.index li { margin: 2px 0; }
        nav.index .first { color: #636366; font-size: 12px; }
        </style></head><body>

        """
        let failed = report.failed.count + report.errors.count
        h += "<h1>Flipbook: \(failed == 0 ? "all \(report.scenes.count) scenes match" : "\(failed) of \(report.scenes.count) scene\(report.scenes.count == 1 ? "" : "s") differ")</h1>\n"
        h += "<nav class=\"index\"><ol>\n"
        let summaries = report.scenes.map(\.summary)
        for (n, s) in report.scenes.enumerated() {
            h += "<li class=\"\(s.verdict.rawValue)\"><a href=\"#scene-\(n)\">\(esc(s.name))</a><span class=\"verdict\">\(s.verdict.rawValue)</span>"
            if let first = summaries[n].first, s.verdict != .match { h += " <span class=\"first\">\(esc(first))</span>" }
            h += "</li>\n"
        }
        h += "</ol></nav>\n"
        h += "<p class=\"legend\">frames:<span style=\"background:#0a84ff\"></span>timeline differs<span style=\"background:#ff9f0a\"></span>pixels differ<span style=\"background:#bf5af2\"></span>both<span style=\"background:#e5e5ea\"></span>same</p>\n"
        // Each distinct image once, by the hash of its bytes.
        var images: [String: String] = [:], imageOrder: [String] = []
        func image(_ relative: String, _ scene: String, _ index: Int) -> String {
            guard let bytes = try? dir.readImage(relative, scene: scene, index: index, maxBytes: PNGHeader.maxFileBytes) else { return "" }
            let key = FNV1a.hex(bytes)
            if images[key] == nil { images[key] = Data(bytes).base64EncodedString(); imageOrder.append(key) }
            return key
        }
        for (n, s) in report.scenes.enumerated() {
            h += "<section class=\"scene \(s.verdict.rawValue)\" id=\"scene-\(n)\" data-scene=\"\(esc(s.name))\" data-verdict=\"\(s.verdict.rawValue)\">\n"
            h += "<h2>\(esc(s.name))<span class=\"verdict\">\(s.verdict.rawValue)</span></h2>\n<ul class=\"summary\">\n"
            for line in summaries[n] { h += "<li>\(esc(line))</li>\n" }
            h += "</ul>\n"
            if !s.items.isEmpty {
                h += "<ul class=\"items\" hidden>\n"
                for d in s.items {
                    let ranges = d.ranges.map { "\($0.lowerBound)-\($0.upperBound)" }.joined(separator: ",")
                    h += "<li class=\"item-diff\" data-item=\"\(esc(d.item))\" data-kind=\"\(d.kind.rawValue)\" data-ranges=\"\(ranges)\"></li>\n"
                }
                h += "</ul>\n"
            }
            h += strip(s)
            if !s.images.isEmpty {
                h += "<div class=\"viewer\" data-scene=\"\(n)\"><label>frame <select class=\"frame-select\">"
                for img in s.images { h += "<option value=\"\(img.frame)\">\(img.frame)</option>" }
                h += "</select></label><label>wipe <input class=\"wipe-range\" type=\"range\" min=\"0\" max=\"100\" value=\"50\"></label>"
                h += "<label>onion skin <input class=\"onion-range\" type=\"range\" min=\"0\" max=\"100\" value=\"100\"></label>\n"
                for (k, img) in s.images.enumerated() {
                    let a = image(img.baseline, s.name, n), b = image(img.candidate, s.name, n), d = image(img.diff, s.name, n)
                    h += "<div class=\"frame-view\" data-frame=\"\(img.frame)\"\(k == 0 ? "" : " hidden")><div class=\"panes\">"
                    h += "<div class=\"pane\"><img alt=\"baseline frame \(img.frame)\" data-image=\"\(a)\">baseline</div>"
                    h += "<div class=\"pane\"><img alt=\"candidate frame \(img.frame)\" data-image=\"\(b)\">candidate</div>"
                    h += "<div class=\"pane\"><div class=\"wipe\"><img alt=\"\" data-image=\"\(a)\"><img class=\"over\" alt=\"candidate over baseline\" data-image=\"\(b)\"></div>baseline | candidate</div>"
                    h += "<div class=\"pane\"><img alt=\"diff frame \(img.frame)\" data-image=\"\(d)\">diff (red: changed, yellow: anti-aliasing)</div>"
                    h += "</div></div>\n"
                }
                h += "</div>\n"
            }
            h += "</section>\n"
        }
        // The table of images: JSON (base64 strings only), so no byte of it can end the script.
        h += "<script type=\"application/json\" id=\"images\">{"
        h += imageOrder.map { "\"\($0)\":\"\(images[$0]!)\"" }.joined(separator: ",")
        h += "}</script>\n"
        h += """
        <script>
        "use strict";
        const images = JSON.parse(document.getElementById("images").textContent);
        // An image is decoded when its frame is first shown.
        const show = (root) => {
          for (const img of root.querySelectorAll("img[data-image]")) {
            if (!img.src && images[img.dataset.image]) img.src = "data:image/png;base64," + images[img.dataset.image];
          }
        };
        for (const viewer of document.querySelectorAll(".viewer")) {
          const select = viewer.querySelector(".frame-select");
          const wipe = viewer.querySelector(".wipe-range"), onion = viewer.querySelector(".onion-range");
          const apply = () => {
            for (const v of viewer.querySelectorAll(".frame-view")) {
              v.hidden = v.dataset.frame !== select.value;
              if (!v.hidden) show(v);
            }
            for (const img of viewer.querySelectorAll("img.over")) {
              img.style.clipPath = "inset(0 0 0 " + wipe.value + "%)";
              img.style.opacity = onion.value / 100;
            }
          };
          select.addEventListener("change", apply);
          wipe.addEventListener("input", apply);
          onion.addEventListener("input", apply);
          const section = viewer.closest("section");
          for (const cell of section.querySelectorAll(".strip span.has-images")) {
            cell.addEventListener("click", () => { select.value = cell.dataset.frame; apply(); });
          }
          apply();
        }
        </script>
        </body></html>

        """
        return h
    }

    /// One cell per frame (or per group of frames in long timelines).
    static func strip(_ s: SceneReport) -> String {
        let n = max(1, s.frameCount), first = s.firstFrame
        let group = max(1, (n + 599) / 600)
        let semantic = s.semanticRanges
        let pixel = Set(s.pixelFrames.filter(\.exceeds).map(\.index))
        let withImages = Set(s.images.map(\.frame))
        var h = "<div class=\"strip\" role=\"img\" aria-label=\"frames of \(esc(s.name))\">"
        var start = first
        while start < first + n {
            let range = start..<min(first + n, start + group)
            let sem = SceneReport.overlaps(semantic, range.lowerBound...(range.upperBound - 1)), pix = range.contains(where: pixel.contains)
            let cls = sem && pix ? "both" : sem ? "semantic" : pix ? "pixel" : "same"
            let image = range.first(where: withImages.contains)
            let label = range.count == 1 ? "frame \(start)" : "frames \(range.lowerBound)-\(range.upperBound - 1)"
            let what = sem && pix ? "timeline and pixels differ" : sem ? "timeline differs" : pix ? "pixels differ" : "same"
            h += "<span class=\"\(cls)\(image != nil ? " has-images" : "")\" data-frame=\"\(image ?? start)\" title=\"\(label): \(what)\"></span>"
            start += group
        }
        return h + "</div>\n"
    }
}
