/// Flipbook's version: what `flipbook --version` prints and a golden records.
public enum FlipbookVersion {
    public static let current = "0.2.0"
}

/// Limits that keep a scene from exhausting memory or disk (checked at decode time and after
/// command-line overrides).
public enum SceneLimits {
    public static let maxCanvasPoints = 4096.0
    /// An item's width or height: items may be far larger than the canvas (a long page).
    public static let maxItemPoints = maxCanvasPoints * 16
    public static let maxPixelsPerSide = 8192
    public static let maxFrames = 36_000
    public static let maxItems = 100_000
    public static let maxScriptSteps = 10_000
    public static let fpsRange = 1...240
    public static let scaleRange = 1...3
    public static let maxDuration = 3600.0
    public static let touchSampleRateRange = 30...1000
    public static let displayRefreshRateRange = 1...240
    /// A scene name becomes the output folder's name: keep it within one file-name component.
    public static let maxNameBytes = SceneName.maxBytes
    /// Characters in one title or text row.
    public static let maxTextLength = 10_000
}

/// A scene's name names folders (output/<name>, goldens/<name>, a report's images) and
/// appears in CI logs, so it is one visible file name: the rule, in one place, for scenes and
/// for the reports that carry their names.
public enum SceneName {
    public static let maxBytes = 200

    /// What is wrong with `name` as a scene name, or nil.
    public static func problem(_ name: String) -> String? {
        if name.isEmpty || name.utf8.count > maxBytes { return "expected a name of 1 to \(maxBytes) bytes" }
        if name.hasPrefix(".") { return "expected a name that does not start with \".\" (a hidden folder)" }
        if name.unicodeScalars.contains(where: { $0 == "/" || $0 == "\\" || InputError.isHidden($0) }) {
            return "expected a name without slashes, control or invisible characters"
        }
        return nil
    }
}
