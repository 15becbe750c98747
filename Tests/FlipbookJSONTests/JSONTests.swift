import XCTest
@testable import FlipbookCore
@testable import FlipbookJSON

final class JSONParserTests: XCTestCase {
    /// What a compact parse of `text` reads at `path` ("items"), element by element (value,
    /// line and column, and members where kept so), or its error; `splittingFrom` a small
    /// number of bytes makes every compact array of that size be read in two halves at once.
    func compactReading(_ text: String, splittingFrom minimum: Int) -> [String] {
        do {
            let (node, lists) = try JSONParser.parse(Array(text.utf8), compacting: [["items"]], splittingFrom: minimum)
            guard case .object(let m) = node.value, let items = m.first(where: { $0.key == "items" })?.value,
                  let list = lists.list(for: items) else { return ["no compact list"] }
            var out = (0..<list.count).map { i -> String in
                let e = lists.node(i, of: list)
                return "\(e.line):\(e.column) \(e.value)" + (list.members(ofElement: i).map { " members \($0.map(\.key)) \($0.map(\.value))" } ?? "")
            }
            out.append("then \(m.map(\.key)) \(m.last!.value.line):\(m.last!.value.column)")
            return out
        } catch let e as JSONSyntaxError {
            return ["\(e.line):\(e.column) \(e.message)"]
        } catch {
            return ["\(error)"]
        }
    }

    /// A long compact array read in two halves on two threads reads exactly as read straight
    /// through: the same elements at the same lines and columns, the same error at the same
    /// place, whether the guessed middle is an element's start, inside a string, or past the
    /// array's end.
    func testTwoHalvesReadAsOne() {
        func items(_ n: Int, _ special: [Int: String] = [:]) -> String {
            (0..<n).map { special[$0] ?? #"{"id": "i\#($0)", "title": "Card \#($0) 卡片", "n": \#($0)}"# }.joined(separator: ",\n  ")
        }
        let documents = [
            #"{"items": [\#(items(400))]}"#,
            "\u{FEFF}" + #"{"items": [\#(items(400))], "after": 1}"#,
            // Elements that are not flat objects, and a middle inside a string that spells "}, {".
            #"{"items": [\#(items(400, [3: #"{"id": "x", "content": [{"a": 1}, {"b": 2}]}"#, 150: "7", 399: "[1, 2]"]))]}"#,
            #"{"items": [\#(items(400, (190..<210).reduce(into: [:]) { $0[$1] = #"{"id": "s\#($1)", "title": "}, {\"id\": \"fake\"}, {"}"# }))]}"#,
            // The middle of what is left lies past the end of the array.
            #"{"items": [\#(items(20))], "other": [\#(items(400))]}"#,
            // Errors in the first half, in the second, and at the very end.
            #"{"items": [\#(items(400, [30: #"{"id": 1,}"#]))]}"#,
            #"{"items": [\#(items(400, [350: #"{"id": "a", "id": "b"}"#]))]}"#,
            #"{"items": [\#(items(400, [380: #"{"id": "\u12"}"#]))]}"#,
            #"{"items": [\#(items(400))"#,
        ]
        for (k, text) in documents.enumerated() {
            let straight = compactReading(text, splittingFrom: .max)
            XCTAssertGreaterThan(text.utf8.count, 8000)
            for minimum in [64, 4096] {
                XCTAssertEqual(compactReading(text, splittingFrom: minimum), straight, "document \(k), split from \(minimum) bytes")
            }
        }
        // The readings are of what they should be: the 400 items and their last line.
        let plain = compactReading(documents[0], splittingFrom: 64)
        XCTAssertEqual(plain.count, 401)
        XCTAssertTrue(plain[399].hasPrefix("400:3 "), plain[399])
        XCTAssertTrue(plain[399].contains(#"string("Card 399 卡片")"#), plain[399])
        XCTAssertEqual(compactReading(documents[6], splittingFrom: 64).first, #"351:15 duplicate key "id""#)
        // And the halves were read apart: the second is a part of its own.
        for (text, parts) in [(documents[0], 2), (documents[4], 1)] {
            let (node, lists) = try! JSONParser.parse(Array(text.utf8), compacting: [["items"]], splittingFrom: 64)
            guard case .object(let m) = node.value, let list = lists.list(for: m[0].value) else { return XCTFail() }
            XCTAssertEqual(1 + list.rest.count, parts)
        }
    }

    func testPositionsOfValues() throws {
        let node = try JSONParser.parse("{\n  \"a\": [1, 2.5e1],\n  \"b\": {\"c\": \"中文\\u0041\\n\"}\n}")
        guard case .object(let m) = node.value else { return XCTFail("object expected") }
        XCTAssertEqual(m.map(\.key), ["a", "b"])
        XCTAssertEqual(m[0].value.line, 2)
        XCTAssertEqual(m[0].value.column, 8)
        guard case .array(let arr) = m[0].value.value, case .number(let v) = arr[1].value else { return XCTFail() }
        XCTAssertEqual(v, 25)
        XCTAssertEqual(arr[1].column, 12)
        guard case .object(let inner) = m[1].value.value, case .string(let s) = inner[0].value.value else { return XCTFail() }
        XCTAssertEqual(s, "中文A\n")
        XCTAssertEqual(inner[0].value.line, 3)
    }

    func testSyntaxErrorsHavePositions() {
        let bad: [(String, Int, Int, String)] = [
            ("{\"a\": 1,}", 1, 9, "quoted key"),
            ("{\"a\" 1}", 1, 6, "':'"),
            ("[1, 2", 1, 6, "end of input"),
            ("{\"a\": 1, \"a\": 2}", 1, 10, "duplicate key"),
            // Past 16 members the parser looks keys up in a set instead of the list: both find it.
            ("{" + (0..<20).map { "\"k\($0)\": 0, " }.joined() + "\"k3\": 1}", 1, 192, "duplicate key"),
            ("{" + (0..<15).map { "\"k\($0)\": 0, " }.joined() + "\"k14\": 1}", 1, 142, "duplicate key"),
            ("\n\n  tru", 3, 3, "true"),
            ("{\"a\": 01}", 1, 8, "leading zeros"),
            ("{\"a\": 1 x}", 1, 9, "expected ','"),
            ("{\"a\": NaN}", 1, 7, "unexpected character"),
            ("\"\\ud800\"", 1, 8, "surrogate"),
            ("1 2", 1, 3, "after the JSON value"),
            ("", 1, 1, "end of input"),
        ]
        for (text, line, column, fragment) in bad {
            XCTAssertThrowsError(try JSONParser.parse(text), text) { e in
                let e = e as! JSONSyntaxError
                XCTAssertEqual(e.line, line, text)
                XCTAssertEqual(e.column, column, text)
                XCTAssertTrue(e.message.contains(fragment), "\(text): \(e.message)")
            }
        }
    }

    /// \u takes exactly four hex digits: "\u+041" is not "A", nor "\u-000" a NUL.
    func testUnicodeEscapeNeedsFourHexDigits() throws {
        for bad in [#""\u+041""#, #""\u-000""#, #""\u 041""#, #""\u04G1""#] {
            XCTAssertThrowsError(try JSONParser.parse(bad), bad) { e in
                XCTAssertTrue((e as! JSONSyntaxError).message.contains("\\u escape"), "\(bad): \(e)")
            }
        }
        guard case .string(let s) = try JSONParser.parse(#""\u0041\u00e9""#).value else { return XCTFail() }
        XCTAssertEqual(s, "Aé")
    }

    func testColourHexDigitsOnly() {
        XCTAssertNil(Color(hex: "#+F+F+F"))
        XCTAssertNil(Color(hex: "#-1-1-1"))
        XCTAssertNil(Color(hex: "#12345G"))
        XCTAssertEqual(Color(hex: "#0F0F0F"), Color(red: 15.0 / 255, green: 15.0 / 255, blue: 15.0 / 255))
        XCTAssertEqual(Color(hex: "#fff"), .white)
        XCTAssertEqual(Color(hex: "#00000080")?.alpha ?? 0, 128.0 / 255, accuracy: 1e-12)
    }

    func testNodeAtPath() throws {
        let root = JSONField(node: try JSONParser.parse(#"{"a": {"b c": [1, {"d": 2}]}, "e": 3}"#), file: "f")
        XCTAssertEqual(root.node(atPath: "$.e")?.column, 36)
        guard case .number(let v)? = root.node(atPath: #"$.a["b c"][1].d"#)?.value else { return XCTFail() }
        XCTAssertEqual(v, 2)
        XCTAssertNil(root.node(atPath: "$.a.x"))
        XCTAssertNil(root.node(atPath: #"$.a["b c"][5]"#))
    }

    func testDeepNestingIsAnErrorNotACrash() {
        let text = String(repeating: "[", count: 100_000)
        XCTAssertThrowsError(try JSONParser.parse(text)) { e in
            XCTAssertTrue((e as! JSONSyntaxError).message.contains("nesting"))
        }
    }

    func testFieldErrorsNamePathAndPosition() throws {
        let root = try JSONField.parse(Array("{\"list\": [ {\"x\": \"no\"} ]}".utf8), file: "s.json")
        let obj = try root.object(allowed: ["list"])
        let x = try obj.required("list").array()[0].object(allowed: ["x"]).required("x")
        XCTAssertThrowsError(try x.number()) { e in
            XCTAssertEqual((e as! InputError).description, "s.json:1:18: $.list[0].x: expected a number, got \"no\"")
        }
        XCTAssertThrowsError(try root.object(allowed: ["other"])) { e in
            XCTAssertEqual((e as! InputError).path, "$.list")
            XCTAssertTrue((e as! InputError).message.contains("unknown field \"list\""))
        }
        XCTAssertThrowsError(try obj.required("missing")) { e in
            XCTAssertEqual((e as! InputError).description, "s.json:1:1: $.missing: missing required field")
        }
    }
}

final class JSONWriterTests: XCTestCase {
    func testNonFiniteNumbersAreRefusedByKey() throws {
        var w = JSONWriter()
        w.beginObject(); w.number("x", 1); w.endObject()
        XCTAssertEqual(try w.finished(), #"{"x":1}"#)
        for bad in [Double.nan, .infinity, -.infinity] {
            var w = JSONWriter()
            w.beginObject(); w.number("x", 1); w.number("alpha", bad); w.number("y", .nan); w.endObject()
            XCTAssertThrowsError(try w.finished()) { XCTAssertEqual("\($0)", #"cannot write "alpha": not a finite number (JSON has no NaN or infinity)"#) }
        }
        var array = JSONWriter()
        array.beginArray(); array.number(nil, .infinity); array.endArray()
        XCTAssertThrowsError(try array.finished()) { XCTAssertTrue("\($0)".hasPrefix("cannot write an array element")) }
        // A fragment written by another writer carries its first non-finite number along.
        var outer = JSONWriter()
        outer.beginObject(); outer.raw("look", #"{"r":null}"#, nonFinite: #""r""#); outer.endObject()
        XCTAssertThrowsError(try outer.finished())
    }

    func testNumberFormat() {
        XCTAssertEqual(NumberFormat.short(0), "0")
        XCTAssertEqual(NumberFormat.short(-0.0), "0")
        XCTAssertEqual(NumberFormat.short(-1e-9), "0")
        XCTAssertEqual(NumberFormat.short(12), "12")
        XCTAssertEqual(NumberFormat.short(-44), "-44")
        XCTAssertEqual(NumberFormat.short(1 / 60.0), "0.016667")
        XCTAssertEqual(NumberFormat.short(0.1 + 0.2), "0.3")
        XCTAssertEqual(NumberFormat.short(-2.5), "-2.5")
        XCTAssertEqual(NumberFormat.short(.nan), "null")
        XCTAssertEqual(NumberFormat.short(1e308), "1e+308", "huge values from hostile input do not overflow")
        XCTAssertEqual(NumberFormat.short(-2.5e20), "-2.5e+20")
        // Between 9.2e12 and 1e15 six decimals overflow an Int64 (a trap flipbook-fuzz found).
        XCTAssertEqual(NumberFormat.short(1e13 + 0.5), "10000000000000.5")
        XCTAssertEqual(NumberFormat.short(-9.3e12 - 0.25), "-9300000000000.25")
        XCTAssertEqual(NumberFormat.short(5e14), "500000000000000")
    }

    func testWriterOutputIsValidAndOrdered() throws {
        var w = JSONWriter()
        w.beginObject()
        w.string("b", "q\"\n中")
        w.beginArray("a")
        w.number(nil, 1.5)
        w.bool(nil, true)
        w.null()
        w.endArray()
        w.endObject()
        XCTAssertEqual(w.text, "{\"b\":\"q\\\"\\n中\",\"a\":[1.5,true,null]}")
        XCTAssertNoThrow(try JSONParser.parse(w.text))
    }

    func testColorHex() {
        XCTAssertEqual(Color(hex: "#FF8000")?.hex, "#FF8000")
        XCTAssertEqual(Color(hex: "#f80"), Color(hex: "#FF8800"))
        XCTAssertEqual(Color(hex: "#00000080")!.alpha, 128.0 / 255, accuracy: 1e-12)
        XCTAssertNil(Color(hex: "FF8000"))
        XCTAssertNil(Color(hex: "#GG0000"))
        XCTAssertNil(Color(hex: "#12345"))
    }
}

/// Did-you-mean's banded edit distance against the full table, on random words over a small
/// alphabet (so that near words are common), and its bound on user-chosen lengths.
final class SpellingTests: XCTestCase {
    func testBandedDistanceAgreesWithTheFullTable() {
        var rng = SplitMix64(state: 7)
        let letters = Array("abc".unicodeScalars)
        func word() -> String { String(String.UnicodeScalarView((0..<Int(rng.next() % 7)).map { _ in letters[Int(rng.next() % 3)] })) }
        for _ in 0..<3000 {
            let a = word(), b = word()
            let full = Spelling.editDistance(a, b)
            for k in 0...3 {
                XCTAssertEqual(Spelling.editDistance(Array(a.unicodeScalars), Array(b.unicodeScalars), atMost: k), full <= k ? full : nil, "\(a) \(b) k=\(k)")
            }
        }
    }

    func testLongNamesGetNoSuggestionAndNearOnesDo() {
        let long = String(repeating: "x", count: 160_000)
        XCTAssertNil(Spelling.nearest(long, among: [long + "y", "x"]), "past maxWordLength: no suggestion")
        let id = String(repeating: "card", count: 60)  // 240 scalars: still suggested
        XCTAssertEqual(Spelling.nearest(id + "s", among: [id, "other"]), id)
    }
}
