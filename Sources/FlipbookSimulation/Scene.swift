import FlipbookCore
import FlipbookLayout
import FlipbookAnimation
import Foundation

/// A scene: canvas, clock, views with their data, the script and the fingers, and the effect.
/// Build one in code or read one with SceneDecoder; `validate()` checks it either way.
public struct Scene: Sendable {
    public var name: String { didSet { validation = ValidationMark() } }
    public var canvas: Canvas { didSet { validation = ValidationMark() } }
    public var fps: Int { didSet { validation = ValidationMark() } }
    /// Seconds of animation to render.
    public var duration: Double { didSet { validation = ValidationMark() } }
    public var collectionView: CollectionViewSpec { didSet { validation = ValidationMark() } }
    public var script: [ScriptStep] { didSet { validation = ValidationMark() } }
    /// Fingers, from the script's touch steps.
    public var touches: [TouchTrack] { didSet { validation = ValidationMark() } }
    /// How often touches are sampled (Hz), independent of fps, so physics does not depend on it.
    public var touchSampleRate: Int = 120 { didSet { validation = ValidationMark() } }
    /// The simulated display (Hz): CADisplayLink callbacks run this often.
    public var displayRefreshRate: Int = 60 { didSet { validation = ValidationMark() } }
    /// The interaction effect the scene runs (Wallet, reorder…), if any.
    public var effect: (any EffectConfiguration)? { didSet { validation = ValidationMark() } }
    /// More scroll views after the main one (pages), drawn in order after it.
    public var views: [CollectionViewSpec] = [] { didSet { validation = ValidationMark() } }
    /// Fixed items drawn above every view (a navigation bar, a bottom bar), in canvas points.
    public var chrome: [ItemSpec] = [] { didSet { validation = ValidationMark() } }
    /// The app whose code the scene's code steps are (a UIKit scene's view controller and
    /// views): a reference, the one thing in a scene that is not a value; nil for a scene file.
    package var host: (any SceneHost)? { didSet { validation = ValidationMark() } }
    /// The file the scene was read from (SceneDecoder sets it), for messages about it found
    /// while simulating; empty for a scene built in code.
    public var sourceFile = ""

    /// The file messages about this scene name: `file` when given, else the one it was read
    /// from, else the scene by name.
    func messageFile(_ file: String? = nil) -> String {
        file ?? (sourceFile.isEmpty ? "scene \(InputError.quote(name))" : sourceFile)
    }

    /// Whether this value passed `validate()`: any change to the scene starts a new mark, so a
    /// scene is checked once however often it is validated (decoding, then simulating).
    var validation = ValidationMark()

    /// The main collection view first, then the others.
    public var allViews: [CollectionViewSpec] { [collectionView] + views }

    public init(name: String, canvas: Canvas, fps: Int, duration: Double, collectionView: CollectionViewSpec,
                script: [ScriptStep] = [], touches: [TouchTrack] = []) {
        self.name = name; self.canvas = canvas; self.fps = fps; self.duration = duration
        self.collectionView = collectionView; self.script = script; self.touches = touches
    }

    public var frameCount: Int { FrameClock(fps: fps).frameCount(forDuration: duration) }
}

/// Set once a scene value has passed validation; replaced (unset) whenever it changes.
final class ValidationMark: @unchecked Sendable {
    private let lock = NSLock()
    private var passed = false
    var isPassed: Bool { lock.lock(); defer { lock.unlock() }; return passed }
    func pass() { lock.lock(); passed = true; lock.unlock() }
}

