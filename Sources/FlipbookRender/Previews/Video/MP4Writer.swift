/// An MP4 file (ISO/IEC 14496-12 boxes, H.264 in the avc1 sample entry of ISO/IEC 14496-15) with
/// one video track, written whole at the end: `moov` before `mdat`, so a browser can start
/// playing before the whole file has arrived. Every sample lasts `frameDuration` ticks of a
/// `timescale` clock, so the frame rate is exact (60 fps: timescale 60, one tick a frame). No
/// dates are written (zero), so the bytes depend on the frames alone.
struct MP4Writer {
    let width: Int, height: Int
    let timescale: Int
    let frameDuration: Int
    private var sps: [UInt8]?
    private var pps: [UInt8]?
    private var samples: [UInt8] = []
    private var sizes: [Int] = []
    private var keyframes: [Int] = []

    init(width: Int, height: Int, timescale: Int, frameDuration: Int) {
        self.width = width; self.height = height; self.timescale = timescale; self.frameDuration = frameDuration
    }

    /// Adds one coded frame given as H.264 Annex B (start-code separated NAL units). Parameter
    /// sets go into the sample entry (avcC), the rest into the sample, each NAL unit behind its
    /// 4-byte length.
    mutating func add(annexB bytes: [UInt8]) throws {
        var size = 0
        var key = false
        for nal in MP4Writer.nalUnits(bytes) where !nal.isEmpty {
            let type = nal[nal.startIndex] & 0x1F
            switch type {
            case 7, 8:
                let unit = Array(nal)
                let known = type == 7 ? sps : pps
                if let known, known != unit { throw RenderError("H.264: the encoder changed its parameter sets mid-stream") }
                if type == 7 { sps = unit } else { pps = unit }
                continue
            case 5: key = true
            default: break
            }
            samples += be32(nal.count)
            samples += nal
            size += 4 + nal.count
        }
        guard size > 0 else { throw RenderError("H.264: the encoder returned an empty frame") }
        if key { keyframes.append(sizes.count + 1) }
        sizes.append(size)
    }

    /// The NAL units of an Annex B stream (split at 00 00 01 and 00 00 00 01).
    static func nalUnits(_ b: [UInt8]) -> [ArraySlice<UInt8>] {
        var starts: [(code: Int, data: Int)] = []
        var i = 0
        while i + 2 < b.count {
            if b[i] == 0, b[i + 1] == 0, b[i + 2] == 1 {
                starts.append((i > 0 && b[i - 1] == 0 ? i - 1 : i, i + 3))
                i += 3
            } else {
                i += 1
            }
        }
        return starts.indices.map { k in b[starts[k].data..<(k + 1 < starts.count ? starts[k + 1].code : b.count)] }
    }

    func finish() throws -> [UInt8] {
        guard let sps, let pps, sps.count >= 4, !sizes.isEmpty else { throw RenderError("H.264: no frames or no parameter sets") }
        let ftyp = box("ftyp", Array("isom".utf8) + be32(0x200) + Array("isomiso2avc1mp41".utf8))
        // moov's size does not depend on the offset it records, so it is built twice.
        var moov = self.moov(mdatOffset: 0, sps: sps, pps: pps)
        moov = self.moov(mdatOffset: ftyp.count + moov.count + 8, sps: sps, pps: pps)
        var out = ftyp + moov
        out += be32(8 + samples.count) + Array("mdat".utf8)
        out += samples
        return out
    }

    private func moov(mdatOffset: Int, sps: [UInt8], pps: [UInt8]) -> [UInt8] {
        let duration = sizes.count * frameDuration
        let matrix = [0x10000, 0, 0, 0, 0x10000, 0, 0, 0, 0x4000_0000].flatMap(be32)
        let mvhd = fullBox("mvhd", 0, 0, be32(0) + be32(0) + be32(timescale) + be32(duration) + be32(0x10000) + be16(0x100) + zeros(10)
                           + matrix + zeros(24) + be32(2))
        let tkhd = fullBox("tkhd", 0, 3, be32(0) + be32(0) + be32(1) + be32(0) + be32(duration) + zeros(8) + be16(0) + be16(0)
                           + be16(0) + be16(0) + matrix + be32(width << 16) + be32(height << 16))
        let mdhd = fullBox("mdhd", 0, 0, be32(0) + be32(0) + be32(timescale) + be32(duration) + be16(0x55C4) + be16(0))
        let hdlr = fullBox("hdlr", 0, 0, be32(0) + Array("vide".utf8) + zeros(12) + Array("VideoHandler".utf8) + [0])
        let vmhd = fullBox("vmhd", 0, 1, zeros(8))
        let dinf = box("dinf", fullBox("dref", 0, 0, be32(1) + fullBox("url ", 0, 1, [])))
        let avcC = box("avcC", [1, sps[1], sps[2], sps[3], 0xFF, 0xE1] + be16(sps.count) + sps + [1] + be16(pps.count) + pps)
        // colr nclx: BT.709 primaries, transfer and matrix, limited range (ISO/IEC 23001-8 codes 1, 1, 1).
        let colr = box("colr", Array("nclx".utf8) + be16(1) + be16(1) + be16(1) + [0])
        var compressor = [UInt8](repeating: 0, count: 32)
        let name = Array("Flipbook H.264".utf8)
        compressor[0] = UInt8(name.count)
        compressor.replaceSubrange(1...name.count, with: name)
        let avc1 = box("avc1", zeros(6) + be16(1) + zeros(16) + be16(width) + be16(height) + be32(0x0048_0000) + be32(0x0048_0000)
                       + be32(0) + be16(1) + compressor + be16(0x18) + be16(0xFFFF) + avcC + colr)
        let stsd = fullBox("stsd", 0, 0, be32(1) + avc1)
        let stts = fullBox("stts", 0, 0, be32(1) + be32(sizes.count) + be32(frameDuration))
        let stss = fullBox("stss", 0, 0, be32(keyframes.count) + keyframes.flatMap(be32))
        let stsc = fullBox("stsc", 0, 0, be32(1) + be32(1) + be32(sizes.count) + be32(1))
        let stsz = fullBox("stsz", 0, 0, be32(0) + be32(sizes.count) + sizes.flatMap(be32))
        let stco = fullBox("stco", 0, 0, be32(1) + be32(mdatOffset))
        let stbl = box("stbl", stsd + stts + stss + stsc + stsz + stco)
        let minf = box("minf", vmhd + dinf + stbl)
        let mdia = box("mdia", mdhd + hdlr + minf)
        return box("moov", mvhd + box("trak", tkhd + mdia))
    }

    private func box(_ type: String, _ body: [UInt8]) -> [UInt8] { be32(8 + body.count) + Array(type.utf8) + body }
    private func fullBox(_ type: String, _ version: UInt8, _ flags: Int, _ body: [UInt8]) -> [UInt8] {
        box(type, [version, UInt8(flags >> 16 & 0xFF), UInt8(flags >> 8 & 0xFF), UInt8(flags & 0xFF)] + body)
    }
    private func zeros(_ n: Int) -> [UInt8] { [UInt8](repeating: 0, count: n) }
}
