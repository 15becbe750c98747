import Foundation
import FlipbookCore
@testable import FlipbookScene

/// The package root, found from this file's path (Tests/FlipbookSceneTests/Support.swift).
let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

func loadExample(_ name: String) throws -> Scene {
    let url = packageRoot.appendingPathComponent("examples/\(name).json")
    return try SceneDecoder.decode([UInt8](try Data(contentsOf: url)), file: "examples/\(name).json")
}

func decode(_ text: String, file: String = "t.json") throws -> Scene {
    try SceneDecoder.decode(Array(text.utf8), file: file)
}

/// A minimal valid scene with `extra` spliced into the collection view and `script` as given.
func minimalScene(canvas: String = #"{"width": 375, "height": 667}"#, top: String = "", collectionView: String = "",
                  items: String = #"[{"id": "a"}, {"id": "b"}]"#, layout: String = #"{"type": "wallet"}"#,
                  script: String = "[]") -> String {
    """
    {"canvas": \(canvas), "duration": 1, \(top)
     "collectionView": {"layout": \(layout), "items": \(items) \(collectionView)},
     "script": \(script)}
    """
}
