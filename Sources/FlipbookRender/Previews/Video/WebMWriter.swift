/// A WebM file (the Matroska subset of webmproject.org/docs/container/, RFC 9559 elements) with
/// one VP9 track, written whole at the end: EBML header, then a Segment of SeekHead, Info,
/// Tracks, one Cluster a keyframe, and Cues (one a cluster) so players can seek. Times are
/// whole milliseconds (TimestampScale 1,000,000 ns), each frame's rounded from its exact
/// time; DefaultDuration and Duration keep the exact frame rate and length. No dates or random
/// UIDs are written, so the bytes depend on the frames alone.
struct WebMWriter {
    let width: Int, height: Int
    /// Frames per second as a fraction: frame k starts at k·frameDuration/timescale seconds.
    let timescale: Int
    let frameDuration: Int
    private var clusters: [(time: Int, blocks: [UInt8])] = []
    private(set) var frameCount = 0

    init(width: Int, height: Int, timescale: Int, frameDuration: Int) {
        self.width = width; self.height = height; self.timescale = timescale; self.frameDuration = frameDuration
    }

    /// Frame k's time in milliseconds, rounded half up.
    func milliseconds(ofFrame k: Int) -> Int { (2000 * k * frameDuration + timescale) / (2 * timescale) }

    /// Adds the next coded frame (a VP9 frame or superframe).
    mutating func add(_ frame: [UInt8], keyframe: Bool) {
        let time = milliseconds(ofFrame: frameCount)
        // A block's time is a signed 16-bit offset from its cluster's.
        if keyframe || clusters.isEmpty || time - clusters[clusters.count - 1].time > 30_000 {
            clusters.append((time, []))
        }
        let relative = time - clusters[clusters.count - 1].time
        let block: [UInt8] = [0x81] + be16(relative) + [keyframe ? 0x80 : 0x00] + frame
        clusters[clusters.count - 1].blocks += WebMWriter.element(0xA3, block)
        frameCount += 1
    }

    func finish() throws -> [UInt8] {
        guard frameCount > 0 else { throw RenderError("an animation needs at least one frame") }
        typealias E = WebMWriter
        let header = E.element(0x1A45DFA3, E.uint(0x4286, 1) + E.uint(0x42F7, 1) + E.uint(0x42F2, 4) + E.uint(0x42F3, 8)
                               + E.element(0x4282, Array("webm".utf8)) + E.uint(0x4287, 4) + E.uint(0x4285, 2))
        let durationMs = Double(frameCount * frameDuration) * 1000 / Double(timescale)
        let info = E.element(0x1549A966, E.uint(0x2AD7B1, 1_000_000) + E.element(0x4D80, Array("Flipbook".utf8))
                             + E.element(0x5741, Array("Flipbook".utf8)) + E.element(0x4489, be64(durationMs.bitPattern)))
        // Colour: BT.709 matrix, primaries and transfer, broadcast (limited) range.
        let colour = E.element(0x55B0, E.uint(0x55B1, 1) + E.uint(0x55B9, 1) + E.uint(0x55BA, 1) + E.uint(0x55BB, 1))
        let video = E.element(0xE0, E.uint(0xB0, width) + E.uint(0xBA, height) + colour)
        let defaultDuration = (2_000_000_000 * frameDuration + timescale) / (2 * timescale)
        let track = E.element(0xAE, E.uint(0xD7, 1) + E.uint(0x73C5, 1) + E.uint(0x83, 1) + E.uint(0x9C, 0)
                              + E.element(0x86, Array("V_VP9".utf8)) + E.uint(0x23E383, defaultDuration) + video)
        let tracks = E.element(0x1654AE6B, track)
        // SeekHead entries hold 8-byte positions, so its size is known before the positions are.
        func seekHead(_ entries: [(id: Int, position: Int)]) -> [UInt8] {
            E.element(0x114D9B74, entries.flatMap { e in
                E.element(0x4DBB, E.element(0x53AB, E.idBytes(e.id)) + E.element(0x53AC, be64(UInt64(e.position))))
            })
        }
        let seekSize = seekHead([(0x1549A966, 0), (0x1654AE6B, 0), (0x1C53BB6B, 0)]).count
        var body: [UInt8] = []
        var cues: [UInt8] = []
        let clustersStart = seekSize + info.count + tracks.count
        for c in clusters {
            cues += E.element(0xBB, E.uint(0xB3, c.time) + E.element(0xB7, E.uint(0xF7, 1) + E.uint(0xF1, clustersStart + body.count)))
            body += E.element(0x1F43B675, E.uint(0xE7, c.time) + c.blocks)
        }
        let cuesElement = E.element(0x1C53BB6B, cues)
        let seek = seekHead([(0x1549A966, seekSize), (0x1654AE6B, seekSize + info.count), (0x1C53BB6B, clustersStart + body.count)])
        let segment = seek + info + tracks + body + cuesElement
        return header + E.idBytes(0x18538067) + E.size(segment.count, width: 8) + segment
    }

    // EBML (RFC 8794): an element is its ID, its size as a variable-length integer, its data.
    static func element(_ id: Int, _ data: [UInt8]) -> [UInt8] { idBytes(id) + size(data.count) + data }
    static func idBytes(_ id: Int) -> [UInt8] {
        let n = id > 0xFFFFFF ? 4 : id > 0xFFFF ? 3 : id > 0xFF ? 2 : 1
        return (0..<n).reversed().map { UInt8(id >> (8 * $0) & 0xFF) }
    }
    /// A size as an EBML variable-length integer, in the fewest bytes (or `width` bytes).
    static func size(_ n: Int, width: Int? = nil) -> [UInt8] {
        var len = 1
        while n >= (1 << (7 * len)) - 1 { len += 1 }
        if let width { len = max(len, width) }
        let marked = UInt64(n) | (1 << UInt64(7 * len))
        return (0..<len).reversed().map { UInt8(marked >> UInt64(8 * $0) & 0xFF) }
    }
    static func uint(_ id: Int, _ value: Int) -> [UInt8] {
        var bytes: [UInt8] = []
        var v = value
        repeat { bytes.insert(UInt8(v & 0xFF), at: 0); v >>= 8 } while v > 0
        return element(id, bytes)
    }
}
