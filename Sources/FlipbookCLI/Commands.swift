import Flipbook

/// Every command's interface, in one place: each table is what the command parses, what its
/// help says and what the README's usage line shows (a test compares the README with it).
enum Commands {
    static let outputOption = OptionSpec("--output", short: "-o", value: "DIR", inUsage: true, "output directory (default: output/<scene name>)")
    static let jobs = OptionSpec("--jobs", value: "N", "threads for drawing, encoding and comparing (default: all processors, fewer",
                                 "when --max-memory says so)").accepting(1...256)
    static let maxMemory = OptionSpec("--max-memory", value: "MB", "memory the command may use (default \(RenderBudget.defaultMegabytes)): bounds the timeline",
                                      "(items x frames), the frames drawn and decoded at once, an SVG frame, the",
                                      "animated previews, the scene's images (a quarter of it), the files compared").accepting(RenderBudget.megabyteRange)
    static let maxSeconds = OptionSpec("--max-seconds", value: "S", "time it may take (default \(RenderBudget.defaultSeconds)): a scene whose drawing is estimated",
                                       "to take longer is refused before it starts, and one that runs past it is stopped").accepting(RenderBudget.secondRange)
    /// `--max-seconds` of the commands that only read and compare (`diff`, `report merge`).
    static let comparisonSeconds = OptionSpec("--max-seconds", value: "S", "time it may take (default \(RenderBudget.defaultSeconds)): reading, comparing and",
                                              "writing the report stop past it (exit 2)").accepting(RenderBudget.secondRange)
    static let threshold = OptionSpec("--threshold", value: "T", "colour difference that counts, 0-1 (default 0: any change of a",
                                      "pixel that is not anti-aliasing; 0.1 is pixelmatch's, for goldens",
                                      "recorded on another machine or library version)").accepting(0.0...1.0)
    static let fps = OptionSpec("--fps", value: "N", "override the scene's frames per second (\(SceneLimits.fpsRange.lowerBound)-\(SceneLimits.fpsRange.upperBound))").accepting(SceneLimits.fpsRange)
    static let port = OptionSpec("--port", value: "N", "port on 127.0.0.1 (default 8080; 0 picks a free one)").accepting(0...65535)
    static let scale = OptionSpec("--scale", value: "N", "override the canvas scale (1, 2 or 3)").accepting(SceneLimits.scaleRange)
    static let sheetFrames = OptionSpec("--sheet-frames", value: "N", "frames on the contact sheet, evenly spaced (\(ContactSheetFormat.frameRange.lowerBound)-\(ContactSheetFormat.frameRange.upperBound), default \(RenderOptions.defaultSheetFrames))").accepting(ContactSheetFormat.frameRange)
    static let quiet = OptionSpec("--quiet", short: "-q", "show no progress (on a terminal a line updated in place, in a log a line every 5 s)")
    static let maxDiffPixels = OptionSpec("--max-diff-pixels", value: "N", "changed pixels a frame may have: a count or a percentage (default 0)")

    /// One line per output format, from the formats themselves (`OutputFormats.all`), the
    /// summary wrapped under the name.
    static var formatLines: [String] {
        let names = OutputFormats.all.map(\.name)
        let indent = (names.map(\.count).max() ?? 0) + 3
        return OutputFormats.all.flatMap { f -> [String] in
            var lines: [String] = [], line = "  " + f.name + String(repeating: " ", count: indent - 2 - f.name.count)
            var fresh = true
            for word in f.summary.split(separator: " ") {
                if !fresh && line.count + 1 + word.count > 76 { lines.append(line); line = String(repeating: " ", count: indent); fresh = true }
                line += (fresh ? "" : " ") + word
                fresh = false
            }
            return lines + [line]
        }
    }

    static let render = CommandSpec(
        name: "render", arguments: "SCENE", summary: "simulate a scene and write frames",
        description: """
        Simulates SCENE on a fixed step (frame i is the state at exactly i/fps seconds) and writes
        the frames into DIR. Files are staged in DIR/.flipbook-staging and moved into place only
        when the whole render succeeded; only Flipbook's own file names in DIR are replaced. No
        symbolic link is followed inside DIR, nor DIR itself when it is one.
        """,
        options: [
            outputOption,
            OptionSpec("--format", value: "LIST", inUsage: true, lines: ["comma-separated formats (default: png)"] + formatLines),
            fps,
            scale,
            OptionSpec("--frames", value: "A-B", "write only frames A through B (inclusive; a single index works too)"),
            OptionSpec("--step", value: "N", "write only every N-th frame of that range (A, A+N, …)"),
            OptionSpec("--time", value: "T,…", "write stills instead: the state at exactly these seconds",
                       "(comma-separated), as <scene>-<t>s.png / .svg (png, svg only)"),
            OptionSpec("--show-touches", "draw fingers that are down as translucent circles"),
            OptionSpec("--loop", value: "N", "animated previews play N times; 0 loops forever (default 0)"),
            OptionSpec("--webp-quality", value: "Q", "lossy WebP at quality Q (0-100) instead of lossless"),
            OptionSpec("--video-quality", value: "Q", "MP4 and WebM quality (0-100, default \(NumberFormat.short(RenderOptions.defaultVideoQuality)));",
                       "higher is larger and closer to the PNG frames"),
            sheetFrames,
            jobs, maxMemory, maxSeconds, quiet,
            OptionSpec("--assets", value: "DIR", "read the scene's images from DIR instead of its own folder"),
        ])

    static let preview = CommandSpec(
        name: "preview", arguments: "SCENE", summary: "play a scene in the browser, again on every save",
        description: """
        Serves a player for SCENE at http://127.0.0.1:PORT/ (this machine only): play, step,
        scrub, loop a range and change speed; hover an item to see its frame, alpha, zIndex,
        transform and what moves it, with script steps, touches and gesture states on a track
        under the scrubber. Frames are drawn as `render --format png` draws them. When the
        scene file or an image it draws changes, the scene is read and simulated again and the
        page follows at the same time; an edit that does not read shows its error in the page
        and the last good scene keeps playing. Only the player, the scene file and the images
        it draws are served. Ctrl-C stops it.
        """,
        options: [
            port,
            OptionSpec("--open", "open the page in the desktop's browser (xdg-open)"),
            scale,
            OptionSpec("--show-touches", "draw fingers that are down as translucent circles"),
            maxMemory, maxSeconds,
            OptionSpec("--assets", value: "DIR", "read the scene's images from DIR instead of its own folder"),
        ])

    static let validate = CommandSpec(
        name: "validate", arguments: "SCENE", summary: "check a scene file and report what it holds",
        description: """
        Reads and checks SCENE without rendering. Prints a one-line summary and exits 0 when it is
        valid; prints one line naming the file, the JSON path and what was expected, and exits 2,
        when it is not.
        """,
        options: [OptionSpec("--assets", value: "DIR", "read the scene's images from DIR instead of its own folder")])

    static let schema = CommandSpec(
        name: "schema", arguments: "", summary: "print the scene format as a JSON Schema (for editors)",
        description: """
        Prints a JSON Schema (draft 2020-12) of scene files to standard output, made from the
        field tables the decoder reads (with the layouts and effects this binary registers), so
        an editor completes and checks exactly the fields `flipbook validate` accepts. Save it
        beside your scenes and point your editor at it (docs/scene-format.md#editor-support).
        What a schema cannot say (that an id exists, one field or another) `validate` checks.
        """,
        options: [])

    static let diff = CommandSpec(
        name: "diff", arguments: "BASELINE CANDIDATE", summary: "compare two renders (timeline, then pixels)",
        description: """
        Compares two render output directories (keyframes.json or timeline.json, and frame-NNNNN.png
        files): the timelines item by item, then the frames pixel by pixel. Prints what changed,
        most important first; with -o writes report.html, report.json and junit.xml there.
        Exit codes: 0 the renders match, 1 they differ, 2 bad usage (e.g. nothing to compare).
        """,
        options: [OptionSpec("--output", short: "-o", value: "DIR", "write the report into DIR"), threshold, maxDiffPixels, jobs, maxMemory, comparisonSeconds])

    static let check = CommandSpec(
        name: "check", arguments: "SCENE... --golden DIR", summary: "render scenes and compare them with goldens",
        description: """
        Renders each scene and compares it with its golden, DIR/<scene>/: timeline.json (the
        whole timeline, a line per track), the frames it kept as PNG, a contact sheet and
        golden.json (how it was made). Differences are named by cause: the item or scroll view,
        the property with its old and new value, the frames, and the script step or item line.
        A missing golden is recorded (with a note) unless in CI, where it is an error. Prints
        what changed; writes report.html, report.json and junit.xml; in GitHub Actions also
        ::error annotations and the step summary. A scene or golden that cannot be used is
        reported and the others are still checked. Exit codes: 0 all match, 1 a scene differs or
        has no golden in CI, 2 bad usage, or a scene or golden that cannot be used (named).
        """,
        options: [
            OptionSpec("--golden", value: "DIR", inUsage: true, "where goldens live (required)"),
            OptionSpec("--record", value: "force", optionalValue: true, "write or update the goldens instead of comparing (refused in CI;",
                       "--record=force overrides)"),
            OptionSpec("--shard", value: "I/N", "check only the I-th of N deterministic parts of the scenes"),
            OptionSpec("--output", short: "-o", value: "DIR", "report directory (default: flipbook-report)"),
            OptionSpec("--every", value: "N", "frames a new golden keeps: every N-th and the last (default 30);",
                       "a golden is always compared at the frames it kept"),
            threshold, maxDiffPixels, jobs, maxMemory, maxSeconds, quiet,
        ])

    static let initialize = CommandSpec(
        name: "init", arguments: "[DIR] --ci github|gitlab", summary: "start visual checks in a repository",
        description: """
        Writes into DIR (default: the current folder), a repository of your own: scenes/cards.json,
        a starter scene; the CI workflow of docs/ci.md (.github/workflows/animations.yml or
        .gitlab-ci.yml) pinned to the commit this flipbook was built from; and the lines
        .gitattributes needs to keep goldens' PNGs in Git LFS and .gitignore needs to keep reports
        out (added to the files when they exist). A file init would create that exists already is
        an error, and then nothing is written.
        """,
        options: [OptionSpec("--ci", value: "github|gitlab", inUsage: true, "the CI the workflow is for")])

    static let reportMerge = CommandSpec(
        name: "report merge", arguments: "REPORT_DIR... -o OUT", summary: "merge the reports of several check runs",
        description: """
        Merges the reports of several check runs (for example the shards of a CI matrix) into
        one: the same report.html, report.json and junit.xml that one unsharded run writes (but
        for the times). Shards must all be there, each once. Only the images a report names in
        Flipbook's own form (images/<scene>/frame-…png) are copied; OUT may not be one of the
        inputs. Exits 1 when any merged scene differs, 2 when a scene could not be checked or an
        input is not a report Flipbook wrote.
        """,
        options: [OptionSpec("--output", short: "-o", value: "OUT", "the merged report's folder (required)"), maxMemory, comparisonSeconds, quiet])

    /// In the order `flipbook help` lists them (CLI.commandTable).
    static var all: [CommandSpec] { CLI.commandTable.map(\.spec) }
}
