import Foundation
import Flipbook

/// The whole `flipbook` command for a package with layouts and effects of its own: a
/// main.swift of
///
///     import FlipbookCLI
///     FlipbookCommand.main(layouts: [CoverFlowLayout.self])
///
/// gives render, validate, diff, check and report, with scene files that name those types
/// (`"layout": {"type": "coverFlow"}`) and `help` listing them beside the built-in ones.
/// Scenes made in Swift — a UICollectionView with the app's own layout (docs/uikit.md) — are
/// registered by name, and `flipbook render carousel`, `check carousel --golden …` use them:
///
///     FlipbookCommand.main(scenes: ["carousel": { Scene(name: "carousel", canvas: …, collectionView: makeCarousel()) }])
public enum FlipbookCommand {
    /// Runs the command line (`arguments`, the executable's name first) with `layouts` and
    /// `effects` added to the scene-file decoder and `scenes` standing for scene files of
    /// their names, and exits with its status.
    public static func main(layouts: [any SceneFileLayout.Type] = [], effects: [any SceneFileEffect.Type] = [],
                            scenes: [String: @Sendable () throws -> Scene] = [:],
                            arguments: [String] = CommandLine.arguments) -> Never {
        for layout in layouts { CLI.sceneDecoder.register(layout: layout) }
        for effect in effects { CLI.sceneDecoder.register(effect: effect) }
        CLI.codeScenes.merge(scenes) { $1 }
        tuneMemory()
        CLI.leavesSceneToExit = true
        exit(StandardStream.exitCode(CLI.main(arguments)))
    }

    // Frames are megabyte buffers made and freed hundreds of times a render. Above glibc's
    // default threshold each would be a fresh mmap, paid again in page faults every frame; served
    // from the heap, freed frames are reused instead. mallopt(3) is in <malloc.h>, which the
    // Glibc module does not export; M_TRIM_THRESHOLD is −1 and M_MMAP_THRESHOLD −3 there.
    @_silgen_name("mallopt") private static func mallopt(_ parameter: Int32, _ value: Int32) -> Int32
    private static func tuneMemory() {
        _ = mallopt(-3, 64 << 20)
        _ = mallopt(-1, 128 << 20)
    }
}
