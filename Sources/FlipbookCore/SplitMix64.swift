/// A small deterministic random generator (SplitMix64, Steele, Lea and Flood, "Fast Splittable
/// Pseudorandom Number Generators", OOPSLA 2014): the same seed gives the same numbers on every
/// run and machine, for the fuzzer and for tests that try many generated cases.
package struct SplitMix64: Sendable {
    public var state: UInt64
    public init(state: UInt64) { self.state = state }
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
    /// A number from 0 to n − 1 (0 when n < 1).
    public mutating func below(_ n: Int) -> Int { Int(next() % UInt64(max(1, n))) }
}
