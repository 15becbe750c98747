import XCTest
import CZlib
@testable import FlipbookRender

/// Flipbook's own deflate for PNG frames (Sources/CFrameDeflate): every stream inflates, with
/// zlib's reader, to exactly its input, whatever the input's shape.
final class FrameDeflateTests: XCTestCase {
    /// zlib's `uncompress` also checks the stream's header and its Adler-32.
    func inflate(_ stream: [UInt8], expecting count: Int) throws -> [UInt8] {
        var out = [UInt8](repeating: 0, count: count + 1)
        var outLength = uLongf(out.count)
        let status = out.withUnsafeMutableBufferPointer { o in
            stream.withUnsafeBufferPointer { uncompress(o.baseAddress, &outLength, $0.baseAddress, uLong($0.count)) }
        }
        XCTAssertEqual(status, Z_OK)
        return Array(out[..<Int(outLength)])
    }

    func assertRoundTrip(_ input: [UInt8], _ what: String, file: StaticString = #filePath, line: UInt = #line) throws -> Int {
        let stream = try PNGEncoder.frameDeflate(input)
        XCTAssertEqual(Array(stream.prefix(2)), [0x78, 0x01], what, file: file, line: line)
        XCTAssertEqual(try inflate(stream, expecting: input.count), input, what, file: file, line: line)
        return stream.count
    }

    func testEdgeLengths() throws {
        for n in 0...12 { _ = try assertRoundTrip((0..<n).map { UInt8($0 * 37 & 0xFF) }, "\(n) bytes") }
        _ = try assertRoundTrip([UInt8](repeating: 7, count: 5), "a run of five")
    }

    /// A blank frame under the Up filter: rows of a filter byte and 2,250 zeros. Each row costs a
    /// literal and nine matches of at most 258 bytes, a few bits each at distance 1, so the
    /// 3 MB come to a few kilobytes (at distance 2,251, one row up, every piece would carry 10
    /// extra bits: about 15 KB).
    func testBlankRowsCompressToAFewBitsAPiece() throws {
        var rows: [UInt8] = []
        for _ in 0..<1334 { rows.append(2); rows.append(contentsOf: [UInt8](repeating: 0, count: 2250)) }
        let size = try assertRoundTrip(rows, "blank rows")
        XCTAssertLessThan(size, 1334 * 10 * 6 / 8, "about six bits a token, ten tokens a row")
    }

    /// Random bytes cannot be compressed: blocks are stored, and the stream stays within the bound.
    func testIncompressibleInputIsStored() throws {
        var rng = SystemRandomNumberGenerator()
        let input = (0..<300_000).map { _ in UInt8.random(in: 0...255, using: &rng) }
        let size = try assertRoundTrip(input, "random")
        XCTAssertLessThanOrEqual(size, 2 + 300_000 + (300_000 / 65535 + 2) * 12 + 64 + 4)
        XCTAssertGreaterThan(size, 300_000, "random bytes do not shrink")
    }

    /// Inputs of many shapes and lengths, more than one block (65,536 tokens) among them: sparse
    /// noise on zeros, pixel patterns repeating a row above, runs after distant matches.
    func testStructuredInputsRoundTrip() throws {
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next() -> Int { state = state &* 6364136223846793005 &+ 1442695040888963407; return Int(state >> 33) }
        for trial in 0..<60 {
            let n = trial % 10 == 0 ? 200_000 + next() % 200_000 : next() % 6000
            var input = [UInt8](repeating: 0, count: n)
            for i in 0..<n {
                switch trial % 4 {
                case 0: input[i] = next() % 3 == 0 ? UInt8(next() % 4) : 0
                case 1: input[i] = i % 97 < 50 ? 0 : UInt8(truncatingIfNeeded: i &* 7)
                case 2: input[i] = next() % 100 == 0 ? UInt8(truncatingIfNeeded: next()) : (i >= 2251 ? input[i - 2251] : UInt8(next() % 2))
                default: input[i] = UInt8(truncatingIfNeeded: next())
                }
            }
            _ = try assertRoundTrip(input, "trial \(trial), \(n) bytes")
        }
    }
}
