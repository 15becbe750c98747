import XCTest
import Flipbook
@testable import FlipbookRender

/// MP4 and WebM: the colour conversion against BT.709's published values, the two containers
/// parsed back box by box and element by element, and the encoders end to end. Decoding with
/// an independent reader (ffmpeg) and the PSNR against the PNG frames are in
/// Tests/previews/check_video.py.
final class VideoTests: XCTestCase {
    func image(_ w: Int, _ h: Int, _ colour: (Int, Int) -> UInt32) -> FrameImage {
        FrameImage(width: w, height: h, pixels: (0..<(w * h)).map { colour($0 % w, $0 / w) })
    }

    /// 100 % colour bars in 8-bit BT.709 at limited range, as ITU-R BT.709-6 and SMPTE RP 219
    /// tabulate them (white 235/128/128, red 63/102/240, green 173/42/26, blue 32/240/118).
    func testColourBarsMatchBT709() {
        let bars: [(UInt32, UInt8, UInt8, UInt8)] = [
            (0xFFFF_FFFF, 235, 128, 128), (0xFF00_0000, 16, 128, 128), (0xFFFF_0000, 63, 102, 240),
            (0xFF00_FF00, 173, 42, 26), (0xFF00_00FF, 32, 240, 118), (0xFFFF_FF00, 219, 16, 138),
            (0xFF00_FFFF, 188, 154, 16), (0xFFFF_00FF, 78, 214, 230),
        ]
        for (argb, y, cb, cr) in bars {
            let p = YCbCr420(image(2, 2) { _, _ in argb })
            XCTAssertEqual(p.y, [y, y, y, y], String(argb, radix: 16))
            XCTAssertEqual(p.cb, [cb], String(argb, radix: 16))
            XCTAssertEqual(p.cr, [cr], String(argb, radix: 16))
        }
    }

    /// Chroma is the 2x2 block's mean colour; luma stays per pixel.
    func testChromaIsTheBlockMean() {
        // Left column red, right column white: the mean is (255, 127.5, 127.5).
        let p = YCbCr420(image(2, 2) { x, _ in x == 0 ? 0xFFFF_0000 : 0xFFFF_FFFF })
        XCTAssertEqual(p.y, [63, 235, 63, 235])
        let (r, g, b) = (255.0, 127.5, 127.5)
        let luma = 0.2126 * r + 0.7152 * g + 0.0722 * b
        XCTAssertEqual(Int(p.cb[0]), Int((128 + 224 * (b - luma) / 1.8556 / 255).rounded()))
        XCTAssertEqual(Int(p.cr[0]), Int((128 + 224 * (r - luma) / 1.5748 / 255).rounded()))
    }

    /// Odd sides: chroma of the edge blocks from the pixels there are; H.264's padding repeats
    /// the last column and row, so its chroma is the same.
    func testOddSidesAndPadding() {
        let img = image(3, 3) { x, y in x == 2 || y == 2 ? 0xFF00_00FF : 0xFFFF_FFFF }
        let p = YCbCr420(img)
        XCTAssertEqual(p.chromaWidth, 2); XCTAssertEqual(p.chromaHeight, 2)
        XCTAssertEqual(p.cb, [128, 240, 240, 240])
        let padded = YCbCr420(img, paddedWidth: 4, paddedHeight: 4)
        XCTAssertEqual(padded.width, 4)
        XCTAssertEqual(padded.y, [235, 235, 32, 32, 235, 235, 32, 32, 32, 32, 32, 32, 32, 32, 32, 32])
        XCTAssertEqual(padded.cb, p.cb); XCTAssertEqual(padded.cr, p.cr)
    }

    // MARK: MP4

    /// ISO BMFF boxes: (type, body range) at one level.
    func boxes(_ b: [UInt8], _ range: Range<Int>) -> [(String, Range<Int>)] {
        var out: [(String, Range<Int>)] = []
        var i = range.lowerBound
        while i + 8 <= range.upperBound {
            let size = Int(b[i]) << 24 | Int(b[i + 1]) << 16 | Int(b[i + 2]) << 8 | Int(b[i + 3])
            out.append((String(decoding: b[(i + 4)..<(i + 8)], as: UTF8.self), (i + 8)..<(i + size)))
            i += size
        }
        XCTAssertEqual(i, range.upperBound, "boxes fill their parent exactly")
        return out
    }
    func child(_ b: [UInt8], _ path: [String], in range: Range<Int>? = nil) -> Range<Int>? {
        var r = range ?? 0..<b.count
        for name in path {
            guard let next = boxes(b, r).first(where: { $0.0 == name }) else { return nil }
            r = next.1
        }
        return r
    }
    func u32(_ b: [UInt8], _ i: Int) -> Int { Int(b[i]) << 24 | Int(b[i + 1]) << 16 | Int(b[i + 2]) << 8 | Int(b[i + 3]) }

    func testMP4BoxesAndSamples() throws {
        let sps: [UInt8] = [0x67, 0x4D, 0x40, 0x1F, 0xAA], pps: [UInt8] = [0x68, 0xEE, 0x3C, 0x80]
        var w = MP4Writer(width: 376, height: 668, timescale: 60, frameDuration: 2)
        try w.add(annexB: [0, 0, 0, 1] + sps + [0, 0, 0, 1] + pps + [0, 0, 1, 0x65, 1, 2, 3])
        try w.add(annexB: [0, 0, 0, 1, 0x41, 9, 9])
        try w.add(annexB: [0, 0, 0, 1, 0x41, 8, 0, 0, 1, 0x41, 7])
        let b = try w.finish()
        XCTAssertEqual(boxes(b, 0..<b.count).map(\.0), ["ftyp", "moov", "mdat"], "moov before mdat (progressive playback)")
        let mvhd = try XCTUnwrap(child(b, ["moov", "mvhd"]))
        XCTAssertEqual(u32(b, mvhd.lowerBound + 12), 60, "timescale")
        XCTAssertEqual(u32(b, mvhd.lowerBound + 16), 6, "duration: 3 frames of 2 ticks")
        let stbl = ["moov", "trak", "mdia", "minf", "stbl"]
        let stts = try XCTUnwrap(child(b, stbl + ["stts"]))
        XCTAssertEqual([1, 3, 2], [0, 1, 2].map { u32(b, stts.lowerBound + 4 + 4 * $0) }, "one run: 3 samples of 2 ticks")
        let stss = try XCTUnwrap(child(b, stbl + ["stss"]))
        XCTAssertEqual([1, 1], [0, 1].map { u32(b, stss.lowerBound + 4 + 4 * $0) }, "sample 1 is the only sync sample")
        let stsz = try XCTUnwrap(child(b, stbl + ["stsz"]))
        let sizes = (0..<3).map { u32(b, stsz.lowerBound + 12 + 4 * $0) }
        XCTAssertEqual(sizes, [4 + 4, 4 + 3, 4 + 2 + 4 + 2], "NAL units behind 4-byte lengths, parameter sets left out")
        let stco = try XCTUnwrap(child(b, stbl + ["stco"]))
        let mdat = try XCTUnwrap(child(b, ["mdat"]))
        XCTAssertEqual(u32(b, stco.lowerBound + 8), mdat.lowerBound, "the chunk offset is mdat's first byte")
        XCTAssertEqual(Array(b[mdat]), [0, 0, 0, 4, 0x65, 1, 2, 3, 0, 0, 0, 3, 0x41, 9, 9, 0, 0, 0, 2, 0x41, 8, 0, 0, 0, 2, 0x41, 7])
        let stsd = try XCTUnwrap(child(b, stbl + ["stsd"]))
        let avc1 = try XCTUnwrap(child(b, ["avc1"], in: (stsd.lowerBound + 8)..<stsd.upperBound))
        XCTAssertEqual([u32(b, avc1.lowerBound + 24) >> 16, u32(b, avc1.lowerBound + 24) & 0xFFFF], [376, 668])
        let avcC = try XCTUnwrap(child(b, ["avcC"], in: (avc1.lowerBound + 78)..<avc1.upperBound))
        XCTAssertEqual(Array(b[avcC]), [1, 0x4D, 0x40, 0x1F, 0xFF, 0xE1, 0, 5] + sps + [1, 0, 4] + pps)
        let colr = try XCTUnwrap(child(b, ["colr"], in: (avc1.lowerBound + 78)..<avc1.upperBound))
        XCTAssertEqual(Array(b[colr]), Array("nclx".utf8) + [0, 1, 0, 1, 0, 1, 0], "BT.709, limited range")
    }

    // MARK: WebM

    /// EBML elements at one level: (ID, data range).
    func elements(_ b: [UInt8], _ range: Range<Int>) -> [(Int, Range<Int>)] {
        func vint(_ i: Int, keepMarker: Bool) -> (Int, Int) {
            var len = 1
            while b[i] & (0x80 >> (len - 1)) == 0 { len += 1 }
            var v = keepMarker ? Int(b[i]) : Int(b[i]) & (0xFF >> len)
            for k in 1..<len { v = v << 8 | Int(b[i + k]) }
            return (v, len)
        }
        var out: [(Int, Range<Int>)] = []
        var i = range.lowerBound
        while i < range.upperBound {
            let (id, idLen) = vint(i, keepMarker: true)
            let (size, sizeLen) = vint(i + idLen, keepMarker: false)
            let start = i + idLen + sizeLen
            out.append((id, start..<(start + size)))
            i = start + size
        }
        XCTAssertEqual(i, range.upperBound, "elements fill their parent exactly")
        return out
    }

    func testWebMElementsTimesAndCues() throws {
        // 30 fps with every second frame kept: frames 66.67 ms apart, times rounded to the millisecond.
        var w = WebMWriter(width: 375, height: 667, timescale: 30, frameDuration: 2)
        for k in 0..<5 { w.add([UInt8(k), 0xAB], keyframe: k == 0 || k == 3) }
        let b = try w.finish()
        let top = elements(b, 0..<b.count)
        XCTAssertEqual(top.map(\.0), [0x1A45DFA3, 0x18538067], "EBML header, Segment")
        let docType = try XCTUnwrap(elements(b, top[0].1).first { $0.0 == 0x4282 })
        XCTAssertEqual(String(decoding: b[docType.1], as: UTF8.self), "webm")
        let segment = elements(b, top[1].1)
        XCTAssertEqual(segment.map(\.0), [0x114D9B74, 0x1549A966, 0x1654AE6B, 0x1F43B675, 0x1F43B675, 0x1C53BB6B],
                       "SeekHead, Info, Tracks, a Cluster a keyframe, Cues")
        let segmentStart = top[1].1.lowerBound
        // SeekHead positions point at the elements' IDs.
        for seek in elements(b, segment[0].1) {
            let parts = elements(b, seek.1)
            let id = b[parts[0].1].reduce(0) { $0 << 8 | Int($1) }
            let position = b[parts[1].1].reduce(0) { $0 << 8 | Int($1) }
            let target = elements(b, (segmentStart + position)..<top[1].1.upperBound)[0].0
            XCTAssertEqual(target, id, "SeekHead entry for \(String(id, radix: 16))")
        }
        let info = elements(b, segment[1].1)
        let duration = try XCTUnwrap(info.first { $0.0 == 0x4489 })
        XCTAssertEqual(Double(bitPattern: UInt64(b[duration.1].reduce(0) { $0 << 8 | Int($1) })), 5 * 2000.0 / 30, "Duration in ms")
        // Blocks: track 1, time from the cluster's, keyframe flag.
        var times: [Int] = [], keys: [Bool] = []
        for cluster in segment.filter({ $0.0 == 0x1F43B675 }) {
            let parts = elements(b, cluster.1)
            let base = b[parts[0].1].reduce(0) { $0 << 8 | Int($1) }
            for block in parts.dropFirst() {
                XCTAssertEqual(block.0, 0xA3)
                XCTAssertEqual(b[block.1.lowerBound], 0x81)
                times.append(base + (Int(b[block.1.lowerBound + 1]) << 8 | Int(b[block.1.lowerBound + 2])))
                keys.append(b[block.1.lowerBound + 3] & 0x80 != 0)
            }
        }
        XCTAssertEqual(times, (0..<5).map { Int((Double($0) * 2000 / 30).rounded()) })
        XCTAssertEqual(keys, [true, false, false, true, false])
        // Cues: one a cluster, at the cluster's time and position.
        let cues = elements(b, segment[5].1)
        XCTAssertEqual(cues.count, 2)
        let clusters = segment.filter { $0.0 == 0x1F43B675 }
        for (cue, cluster) in zip(cues, clusters) {
            let parts = elements(b, cue.1)
            let positions = elements(b, parts[1].1)
            let position = b[positions[1].1].reduce(0) { $0 << 8 | Int($1) }
            XCTAssertEqual(elements(b, (segmentStart + position)..<top[1].1.upperBound)[0].1, cluster.1)
        }
    }

    /// EBML sizes: all ones in the value bits is reserved ("unknown"), so 127 takes two bytes.
    func testEBMLSizes() {
        XCTAssertEqual(WebMWriter.size(0), [0x80])
        XCTAssertEqual(WebMWriter.size(126), [0xFE])
        XCTAssertEqual(WebMWriter.size(127), [0x40, 0x7F])
        XCTAssertEqual(WebMWriter.size(16382), [0x7F, 0xFE])
        XCTAssertEqual(WebMWriter.size(16383), [0x20, 0x3F, 0xFF])
        XCTAssertEqual(WebMWriter.size(5, width: 8), [0x01, 0, 0, 0, 0, 0, 0, 5])
    }

    // MARK: Encoders

    /// A box that moves 2 pixels a frame, held still for its last three frames.
    func frames() -> [(FrameImage, FrameSpan)] {
        (0..<10).map { k in
            let x0 = 2 * min(k, 7)
            return (image(64, 48) { x, y in x >= x0 && x < x0 + 16 && y >= 8 && y < 24 ? 0xFFE5_3935 : 0xFFF2_F2F7 },
                    FrameSpan(start: 3 * k, end: 3 * k + 3, fps: 60, step: 3))
        }
    }

    func encode(_ format: any AnimationFormat, quality: Double = RenderOptions.defaultVideoQuality) throws -> [UInt8] {
        let canvas = Canvas(width: 64, height: 48, scale: 1)
        let encoder = try format.makeEncoder(canvas: canvas, options: RenderOptions(videoQuality: quality))
        for (image, span) in frames() { try encoder.add(image, span: span) }
        return try encoder.finish()
    }

    func testEncodersWriteEveryFrameAndTheSameBytesTwice() throws {
        let mp4 = try encode(MP4Format())
        XCTAssertEqual(mp4, try encode(MP4Format()))
        let stsz = try XCTUnwrap(child(mp4, ["moov", "trak", "mdia", "minf", "stbl", "stsz"]))
        XCTAssertEqual(u32(mp4, stsz.lowerBound + 8), 10, "ten frames")
        let mvhd = try XCTUnwrap(child(mp4, ["moov", "mvhd"]))
        XCTAssertEqual(u32(mp4, mvhd.lowerBound + 16), 30, "30 ticks of 1/60 s: each frame lasts its step")
        let webm = try encode(WebMFormat())
        XCTAssertEqual(webm, try encode(WebMFormat()))
        let segment = elements(webm, elements(webm, 0..<webm.count)[1].1)
        let blocks = segment.filter { $0.0 == 0x1F43B675 }.flatMap { elements(webm, $0.1).dropFirst() }
        XCTAssertEqual(blocks.count, 10)
        // Lower quality, fewer bytes.
        XCTAssertLessThan(try encode(MP4Format(), quality: 20).count, mp4.count)
        XCTAssertLessThan(try encode(WebMFormat(), quality: 20).count, webm.count)
    }

    /// OpenH264 codes even sides of at least 16 pixels: a 3 x 5 canvas is coded as 16 x 16.
    func testTinyCanvasesArePadded() throws {
        let encoder = try MP4Format().makeEncoder(canvas: Canvas(width: 3, height: 5, scale: 1), options: RenderOptions())
        try encoder.add(image(3, 5) { _, _ in 0xFF1E_88E5 }, span: FrameSpan(start: 0, end: 1, fps: 30))
        let mp4 = try encoder.finish()
        let tkhd = try XCTUnwrap(child(mp4, ["moov", "trak", "tkhd"]))
        XCTAssertEqual([u32(mp4, tkhd.upperBound - 8) >> 16, u32(mp4, tkhd.upperBound - 4) >> 16], [16, 16])
        let webm = try WebMFormat().makeEncoder(canvas: Canvas(width: 3, height: 5, scale: 1), options: RenderOptions())
        try webm.add(image(3, 5) { _, _ in 0xFF1E_88E5 }, span: FrameSpan(start: 0, end: 1, fps: 30))
        XCTAssertFalse(try webm.finish().isEmpty, "VP9 codes any size")
    }
}
