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
    /// Offsets and positions (content offsets, a scroll view's origin): within ±this.
    public static let maxOffset = 1e7
    /// A scroll view's deceleration rate per millisecond (UIKit's normal 0.998, fast 0.99).
    public static let decelerationRates = 0.5...0.9999
    public static let maxPixelsPerSide = 8192
    public static let maxFrames = 36_000
    public static let maxItems = 100_000
    /// An item's own zIndex (the compositional layout's transforms use the same range).
    package static let zIndexRange = -1000...1000
    public static let maxScriptSteps = 10_000
    /// Values of one key-frame animation, and waypoints of one touch's path.
    package static let maxKeyframeValues = 10_000, maxWaypoints = 10_000
    /// A key-frame animation's repeatCount short of `infinity`.
    package static let maxRepeatCount = 1e6
    public static let fpsRange = 1...240
    public static let scaleRange = 1...3
    public static let maxDuration = 3600.0
    public static let touchSampleRateRange = 30...1000
    public static let displayRefreshRateRange = 1...240
    /// A touch's finger number (as UITouch tracks up to ten fingers on screen).
    package static let fingers = 1...10
    /// A section's index in a batch update (insert, delete, move a section).
    package static let sectionIndices = 0...999
    /// A touch's displacement or release velocity along one axis (`pull`'s `by`, `flick`'s
    /// `velocity`): ±this, points or points per second.
    package static let touchDeltas = -1e5...1e5
    /// A two-finger angle in degrees (`pinch`'s `angle`, `rotate`'s): ten turns either way.
    package static let rotationDegrees = -3600.0...3600.0
    /// A scene name becomes the output folder's name: keep it within one file-name component.
    public static let maxNameBytes = SceneName.maxBytes
    /// Characters in one title or text row.
    public static let maxTextLength = 10_000
    /// Every number a timeline file (keyframes.json, a golden's) holds — positions, sizes,
    /// transforms, times — is within ±this: a hundred times the offsets a scene may have, so
    /// anything Flipbook draws fits, and whatever a file brings stays far from the ends of
    /// Double's and Int's ranges where arithmetic overflows or a conversion traps.
    package static let timelineNumbers = -100 * maxOffset...100 * maxOffset
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

extension ClosedRange where Bound == Double {
    /// Whether `v` is a finite number in the range (above the lower bound, if it is excluded).
    public func allows(_ v: Double, excludingLowerBound: Bool = false) -> Bool {
        v.isFinite && contains(v) && !(excludingLowerBound && v == lowerBound)
    }

    /// How an error names the range: "a number from 0 to 10", or "a number > 0 and ≤ 10".
    public func expectation(excludingLowerBound: Bool = false) -> String {
        excludingLowerBound ? "a number > \(NumberFormat.short(lowerBound)) and ≤ \(NumberFormat.short(upperBound))"
            : "a number from \(NumberFormat.short(lowerBound)) to \(NumberFormat.short(upperBound))"
    }
}

extension ClosedRange where Bound == Int {
    /// How an error names the range: "a whole number from 1 to 10".
    package func expectation() -> String { "a whole number from \(lowerBound) to \(upperBound)" }
}
