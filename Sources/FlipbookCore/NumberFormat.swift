// How numbers are written wherever a person or a diff reads them (keyframes.json, messages):
// one fixed format, so equal values always give equal text.

public enum NumberFormat {
    /// Numbers with at most 6 decimals, trailing zeros trimmed, never "-0" or exponent form.
    /// A count with thousands separated by commas, as messages write them ("1,998").
    package static func grouped(_ n: Int) -> String {
        let digits = String(n.magnitude)
        var out = ""
        for (k, c) in digits.enumerated() {
            if k > 0 && (digits.count - k) % 3 == 0 { out += "," }
            out.append(c)
        }
        return (n < 0 ? "-" : "") + out
    }

    public static func short(_ v: Double) -> String {
        guard v.isFinite else { return "null" }
        // Too large for 6 fixed decimals: the shortest round-trip form ("1e+308").
        if abs(v) >= 1e15 { return String(v) }
        // Past 1e12 six decimals would not fit an Int64 (found by flipbook-fuzz): whole numbers
        // as they are, others in Swift's shortest form, which has no exponent below 1e16.
        if abs(v) >= 1e12 { return v == v.rounded() ? String(Int64(v)) : String(v) }
        var r = (v * 1_000_000).rounded() / 1_000_000
        if r == 0 { r = 0 }  // normalises -0
        if r == r.rounded(), abs(r) < 1e15 { return String(Int64(r)) }
        let negative = r < 0
        let scaled = Int64((abs(r) * 1_000_000).rounded())
        var frac = String(scaled % 1_000_000)
        frac = String(repeating: "0", count: 6 - frac.count) + frac
        while frac.hasSuffix("0") { frac.removeLast() }
        return (negative ? "-" : "") + String(scaled / 1_000_000) + "." + frac
    }

}
