import XCTest
import FlipbookCore
@testable import FlipbookJSON

/// Arrays parsed compact (`JSONParser.parse(_:maxDepth:compacting:)`) must read exactly as the
/// plain tree does — the same values at the same positions — and a document must fail with the
/// same message at the same place either way. Checked on hand-written documents and on every
/// one-byte change of them (deleted, or replaced by a byte that matters to JSON).
final class CompactListTests: XCTestCase {
    /// A canonical dump of a value with every position, read through JSONField (which reads
    /// compact lists) all the way down.
    func dump(_ f: JSONField) -> String {
        let n = f.node
        let at = "@\(n.line):\(n.column)"
        switch n.value {
        case .null: return "null" + at
        case .bool(let b): return "\(b)" + at
        case .number(let v): return "\(v)" + at
        case .string(let s): return "\"\(s)\"" + at
        case .array:
            let list = try! f.list()
            return "[" + (0..<list.count).map { dump(f.element($0, list.node($0))) }.joined(separator: ",") + "]" + at
        case .object(let members):
            let o = try! f.object(allowed: members.map(\.key))
            return "{" + o.keys.map { "\($0):" + dump(o.optional($0)!) }.joined(separator: ",") + "}" + at
        }
    }

    /// The outcome of a parse, as text: the dump, or the error.
    func outcome(_ text: [UInt8], compact: Bool) -> String {
        do {
            return dump(try JSONField.parse(text, file: "t.json", compacting: compact ? [["items"], ["a", "items"], ["b", "items"]] : []))
        } catch {
            return "error: \(error)"
        }
    }

    let documents = [
        #"{"items": [{"id": "a", "title": "卡片 1"}, {"id": 2, "title": "x\"y", "n": -1.5e3, "t": true, "f": false, "z": null}]}"#,
        "{\"items\": [\n  {\"id\": \"a\"},\n  {\"id\": \"b\", \"style\": {\"cornerRadius\": 4}},\n  [1, 2],\n  \"s\",\n  {}\n]}",
        #"{"a": {"items": []}, "items": [{"k\u00e9y": 1}, {"id": "é"}], "b": [{"items": [{"id": "x"}]}]}"#,
        #"{"items": [{"id": "a", "id": "b"}]}"#,
        #"{"items": [{"id": "a"}, {"id": "b",}]}"#,
        #"{"items": [{"id": "a"} {"id": "b"}]}"#,
        #"{"items": [{"id": 01}]}"#,
        #"{"items": [{"id": "\ud800"}]}"#,
        #"{"items": [{"id": "a"}], "items2": [1,]}"#,
        #"{"items": {"id": "a"}}"#,
        #"{"items": [{"id": "a"}, {"id": "b"}, {"id": "c", "id2": [1, {"x": 2}]}]}"#,
    ]

    func testCompactListsReadAsThePlainTree() throws {
        for text in documents {
            let bytes = Array(text.utf8)
            XCTAssertEqual(outcome(bytes, compact: true), outcome(bytes, compact: false), text)
        }
        // The first document parses, and its list really is compact.
        let f = try JSONField.parse(Array(documents[0].utf8), file: "t.json", compacting: [["items"]])
        let list = try f.object(allowed: ["items"]).required("items").list()
        XCTAssertEqual(list.count, 2)
        XCTAssertEqual(list.members(0)?.map(\.key), ["id", "title"])
        guard case .string(let title)? = list.members(0)?.last?.value else { return XCTFail("a title") }
        XCTAssertEqual(title, "卡片 1")
        XCTAssertEqual(list.members(1)?.count, 6)
        // Only the arrays at the given paths are compact: "items" elsewhere is a plain array.
        let other = try JSONField.parse(Array(#"{"layout": {"items": [{"id": 1}]}, "items": [{"id": 2}]}"#.utf8), file: "t.json",
                                        compacting: [["items"]])
        let o = try other.object(allowed: ["layout", "items"])
        guard case .array(let plain) = try o.required("layout").object(allowed: ["items"]).required("items").node.value,
              case .array(let compact) = try o.required("items").node.value else { return XCTFail("arrays") }
        XCTAssertEqual(plain.count, 1)
        XCTAssertEqual(compact.count, 0)
        XCTAssertEqual(try o.required("items").list().members(0)?.first?.key, "id")
    }

    func testEveryOneByteChangeFailsOrParsesTheSameEitherWay() {
        let replacements: [UInt8] = Array("{}[],:\"\\ 0-1e.tnx\u{7F}".utf8) + [0x0A, 0x00, 0xC3, 0xA9, 0xFF, 0xE5]
        var checked = 0
        for text in documents.prefix(3) {
            let bytes = Array(text.utf8)
            for i in bytes.indices {
                var deleted = bytes
                deleted.remove(at: i)
                XCTAssertEqual(outcome(deleted, compact: true), outcome(deleted, compact: false), "deleting byte \(i) of \(text)")
                for r in replacements where r != bytes[i] {
                    var changed = bytes
                    changed[i] = r
                    XCTAssertEqual(outcome(changed, compact: true), outcome(changed, compact: false), "byte \(i) → \(r) of \(text)")
                    checked += 1
                }
            }
        }
        XCTAssertGreaterThan(checked, 3000)
    }

    func testNodeAtPathFindsValuesInsideCompactLists() throws {
        let text = "{\"items\": [{\"id\": \"a\"},\n {\"id\": \"b\", \"color\": \"#FF0000\"}]}"
        let f = try JSONField.parse(Array(text.utf8), file: "t.json", compacting: [["items"]])
        let node = try XCTUnwrap(f.node(atPath: "$.items[1].color"))
        XCTAssertEqual(node.line, 2)
        XCTAssertEqual(node.column, 23)
        XCTAssertNil(f.node(atPath: "$.items[2]"))
    }

    func testDeepNestingFailsTheSameInsideACompactList() {
        let deep = "{\"items\": [" + String(repeating: "[", count: 300) + String(repeating: "]", count: 300) + "]}"
        XCTAssertEqual(outcome(Array(deep.utf8), compact: true), outcome(Array(deep.utf8), compact: false))
        XCTAssertTrue(outcome(Array(deep.utf8), compact: true).contains("nesting deeper than 256"))
    }

    /// The parser's own UTF-8 check against the standard library's, on edge cases and on
    /// random byte strings biased towards multi-byte sequences.
    func testUTF8CheckAgreesWithTheStandardLibrary() {
        let cases: [[UInt8]] = [
            [], [0x41], [0xC3, 0xA9], [0xC0, 0x80], [0xC1, 0xBF], [0xE0, 0x9F, 0x80], [0xE0, 0xA0, 0x80],
            [0xED, 0x9F, 0xBF], [0xED, 0xA0, 0x80], [0xEF, 0xBF, 0xBF], [0xF0, 0x8F, 0xBF, 0xBF], [0xF0, 0x90, 0x80, 0x80],
            [0xF4, 0x8F, 0xBF, 0xBF], [0xF4, 0x90, 0x80, 0x80], [0xF5, 0x80, 0x80, 0x80], [0x80], [0xE5, 0x8D], [0xFF],
        ]
        var rng = SplitMix64(state: 7)
        let pool: [UInt8] = [0x41, 0x7F, 0x80, 0xBF, 0xC2, 0xC3, 0xDF, 0xE0, 0xE5, 0xED, 0xEF, 0xF0, 0xF4, 0xF5, 0x9F, 0xA0, 0x8F, 0x90]
        let random = (0..<20_000).map { _ in (0..<rng.below(6)).map { _ in pool[rng.below(pool.count)] } }
        for bytes in cases + random {
            let ours = bytes.withUnsafeBufferPointer { JSONParser.isValidUTF8($0) }
            let theirs = bytes.withUnsafeBufferPointer { String(validating: $0, as: UTF8.self) } != nil
            XCTAssertEqual(ours, theirs, "\(bytes)")
        }
    }
}
