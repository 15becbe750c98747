import Foundation
import Flipbook

// MARK: scenefile
/// Lets scene files say `"layout": {"type": "coverFlow", "spacing": 30}`.
extension CoverFlowLayout: SceneFileLayout {
    static var typeName: String { "coverFlow" }
    static var fieldNames: [String] { ["itemSize", "spacing", "shrink"] }
    mutating func decodeFields(_ object: JSONObject) throws {
        if let f = object.optional("itemSize") { itemSize = try SceneDecoder.decodeSize(f) }
        if let f = object.optional("spacing") { spacing = try f.nonNegative(max: 1000) }
        if let f = object.optional("shrink") { shrink = try f.number(in: 0...0.3) }
    }
}

/// A decoder that knows the carousel besides the built-in layouts.
func decodeCarouselScene(_ json: String, file: String) throws -> Scene {
    var decoder = SceneDecoder()
    decoder.register(layout: CoverFlowLayout.self)
    return try decoder.decode(Array(json.utf8), file: file)
}
// MARK: end
