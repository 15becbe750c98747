/// The 64-bit FNV-1a hash (Fowler, Noll, Vo; http://www.isthe.com/chongo/tech/comp/fnv/):
/// a short, stable name for bytes — a look, an image, a scene's image folder — that is the
/// same on every machine and every run (Swift's Hasher is seeded per process).
package enum FNV1a {
    public static func hash<S: Sequence>(_ bytes: S) -> UInt64 where S.Element == UInt8 {
        var h: UInt64 = 0xcbf2_9ce4_8422_2325
        for b in bytes { h = (h ^ UInt64(b)) &* 0x100_0000_01b3 }
        return h
    }

    /// The hash as 16 hex digits.
    public static func hex<S: Sequence>(_ bytes: S) -> String where S.Element == UInt8 {
        let s = String(hash(bytes), radix: 16)
        return String(repeating: "0", count: 16 - s.count) + s
    }
}
