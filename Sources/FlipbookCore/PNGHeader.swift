/// What a PNG file's first bytes say, read before anything is decoded: its size from the IHDR
/// chunk (so an image of 23,000² pixels in 64 KB is refused before it takes gigabytes), or that
/// it is a Git LFS pointer left where the image should be.
package struct PNGHeader: Sendable, Equatable {
    public var width: Int
    public var height: Int

    /// PNG files larger than this are refused before they are read (a scene's image, a
    /// golden frame): no frame or picture Flipbook draws needs more.
    public static let maxFileBytes = 64 << 20

    static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    /// The header of `bytes`, or nil when they do not start with a PNG signature and IHDR.
    public init?(_ bytes: [UInt8]) {
        guard bytes.count >= 24, Array(bytes[0..<8]) == PNGHeader.signature, Array(bytes[12..<16]) == Array("IHDR".utf8) else { return nil }
        func be32(_ i: Int) -> Int { bytes[i..<i + 4].reduce(0) { $0 << 8 | Int($1) } }
        width = be32(16)
        height = be32(20)
    }

    /// Bytes the decoded image takes as 32-bit pixels.
    public var decodedBytes: Int {
        let (pixels, o1) = width.multipliedReportingOverflow(by: height)
        let (bytes, o2) = pixels.multipliedReportingOverflow(by: 4)
        return o1 || o2 ? .max : bytes
    }

    /// Whether `bytes` are a Git LFS pointer file (git-lfs.com/spec/v1: the first line is
    /// "version https://git-lfs.github.com/spec/v1"), the usual stand-in for an image in a
    /// checkout made without `git lfs`.
    public static func isGitLFSPointer(_ bytes: [UInt8]) -> Bool {
        bytes.starts(with: Array("version https://git-lfs.github.com/spec/".utf8))
    }

    /// Why `bytes` cannot be used as a PNG of at most `maxSide` pixels a side, or nil.
    public static func problem(_ bytes: [UInt8], maxSide: Int) -> String? {
        if isGitLFSPointer(bytes) { return "expected a PNG file, got a Git LFS pointer (fetch the file with 'git lfs pull')" }
        guard let h = PNGHeader(bytes) else { return "expected a PNG file (it does not start with the PNG signature and header)" }
        guard h.width > 0, h.height > 0, h.width <= maxSide, h.height <= maxSide else {
            return "expected a PNG of at most \(maxSide) x \(maxSide) pixels, got \(h.width) x \(h.height)"
        }
        return nil
    }
}
