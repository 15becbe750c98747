/// GIF's variable-length LZW (GIF89a specification, Appendix F), packed LSB-first into
/// 255-byte sub-blocks; the string table restarts with a clear code when full. Each string
/// keeps a list of its one-symbol extensions (a trie), so that, as in gifsicle's optimiser and
/// its --lossy mode, a pixel may be written as any index that extends the current string when
/// that index is acceptable for it: a transparent pixel is acceptable where the viewer already
/// sees the right colour, and a colour within `tolerance` (squared RGB distance) of the
/// pixel's true colour. The encoder reports what it wrote.
struct LZWEncoder {
    let minimumCodeSize: Int
    private static let maxCodes = 4096
    private var firstChild = [Int16](repeating: -1, count: LZWEncoder.maxCodes)
    private var nextSibling = [Int16](repeating: -1, count: LZWEncoder.maxCodes)
    private var symbol = [UInt8](repeating: 0, count: LZWEncoder.maxCodes)

    init(minimumCodeSize: Int) { self.minimumCodeSize = minimumCodeSize }

    /// What a pixel may be written as.
    struct Pixel {
        /// The index chosen for it (the transparent index where it may stay as it is).
        var index: UInt8
        /// Its true colour, 0xRRGGBB.
        var color: UInt32
        /// It may be transparent (the viewer already sees its colour).
        var mayBeTransparent: Bool
    }

    /// The image data (code size byte, sub-blocks, terminator); `pixels[i].index` is updated to
    /// what was written. `palette` gives the colour of each index below `transparent`.
    mutating func encode(_ pixels: UnsafeMutableBufferPointer<Pixel>, palette: [UInt32], transparent: Int?,
                         tolerance: Int) -> [UInt8] {
        let clear = 1 << minimumCodeSize, end = clear + 1
        var out: [UInt8] = [UInt8(minimumCodeSize)]
        var block: [UInt8] = []
        block.reserveCapacity(255)
        var bitBuffer: UInt32 = 0, bitCount = 0
        var codeSize = minimumCodeSize + 1
        var next = end + 1

        func emit(_ code: Int) {
            bitBuffer |= UInt32(code) << UInt32(bitCount)
            bitCount += codeSize
            while bitCount >= 8 {
                block.append(UInt8(truncatingIfNeeded: bitBuffer))
                bitBuffer >>= 8
                bitCount -= 8
                if block.count == 255 { out.append(255); out.append(contentsOf: block); block.removeAll(keepingCapacity: true) }
            }
        }

        emit(clear)
        if !pixels.isEmpty {
            var prefix = Int(pixels[0].index)
            for i in 1..<pixels.count {
                let p = pixels[i]
                let k = Int(p.index)
                // The extension by k itself, else the best acceptable one.
                var found = -1, best = Int.max, bestSymbol = 0
                var c = Int(firstChild[prefix])
                while c >= 0 {
                    let s = Int(symbol[c])
                    if s == k { found = c; bestSymbol = s; break }
                    if s == transparent {
                        if p.mayBeTransparent, best > 0 { best = 0; found = c; bestSymbol = s }
                    } else if tolerance > 0 || p.mayBeTransparent {
                        let d = rgbDistance(palette[s], p.color)
                        if d <= tolerance && d < best { best = d; found = c; bestSymbol = s }
                    }
                    c = Int(nextSibling[c])
                }
                if found >= 0 {
                    pixels[i].index = UInt8(bestSymbol)
                    prefix = found
                    continue
                }
                emit(prefix)
                if next < LZWEncoder.maxCodes {
                    symbol[next] = UInt8(k)
                    nextSibling[next] = firstChild[prefix]
                    firstChild[prefix] = Int16(next)
                    // The decoder widens its codes once it has assigned code 2^size − 1.
                    if next == 1 << codeSize { codeSize += 1 }
                    next += 1

                } else {
                    emit(clear)
                    firstChild.withUnsafeMutableBufferPointer { $0.update(repeating: -1) }
                    next = end + 1
                    codeSize = minimumCodeSize + 1
                }
                prefix = k
            }
            emit(prefix)
        }
        emit(end)
        if bitCount > 0 { block.append(UInt8(truncatingIfNeeded: bitBuffer)) }
        var i = 0
        while i < block.count {
            let n = min(255, block.count - i)
            out.append(UInt8(n))
            out.append(contentsOf: block[i..<i + n])
            i += n
        }
        out.append(0)
        return out
    }
}
