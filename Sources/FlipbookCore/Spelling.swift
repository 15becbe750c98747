/// Did-you-mean for names a person typed: options, commands, scene fields and types.
package enum Spelling {
    /// The name among `candidates` nearest to `word`: within two edits (Levenshtein) and
    /// fewer edits than either name is long, or equal ignoring case; the nearest first, then
    /// alphabetical. nil when none is that near.
    /// Work is linear in the names' total length: a word longer than `maxWordLength` gets no
    /// suggestion, and a candidate is compared only within two edits of the word (a band of the
    /// edit table), so user-chosen names of any length cannot make an error message slow.
    public static func nearest(_ word: String, among candidates: [String]) -> String? {
        let w = Array(word.unicodeScalars)
        guard w.count <= maxWordLength else { return nil }
        let lower = word.lowercased()
        if let same = candidates.first(where: { $0 != word && $0.unicodeScalars.count == w.count && $0.lowercased() == lower }) { return same }
        var best: (name: String, edits: Int)?
        for c in candidates {
            let y = Array(c.unicodeScalars)
            guard let d = editDistance(w, y, atMost: 2), d < min(y.count, w.count) else { continue }
            if best == nil || d < best!.edits || (d == best!.edits && c < best!.name) { best = (c, d) }
        }
        return best?.name
    }

    /// Longer words (a pasted blob, a generated id) get no did-you-mean.
    static let maxWordLength = 256

    /// The edit distance of `x` and `y` when it is at most `k`, else nil: only the band of the
    /// table within `k` of its diagonal is filled, O((2k + 1) · length).
    static func editDistance(_ x: [Unicode.Scalar], _ y: [Unicode.Scalar], atMost k: Int) -> Int? {
        guard abs(x.count - y.count) <= k else { return nil }
        if x.isEmpty || y.isEmpty { return max(x.count, y.count) }
        let far = k + 1
        var previous = (0...y.count).map { $0 <= k ? $0 : far }
        var row = [Int](repeating: far, count: y.count + 1)
        for i in 1...x.count {
            // Only the band is written: the cell left of it may hold a value from two rows ago,
            // and every cell right of it is still `far` (bands only move right).
            let low = max(1, i - k), high = min(y.count, i + k)
            row[0] = i <= k ? i : far
            if low - 1 >= 1 { row[low - 1] = far }
            var least = row[0]
            if low <= high {
                for j in low...high {
                    row[j] = min(far, previous[j] + 1, row[j - 1] + 1, previous[j - 1] + (x[i - 1] == y[j - 1] ? 0 : 1))
                    least = min(least, row[j])
                }
            }
            if least > k { return nil }
            swap(&previous, &row)
        }
        return previous[y.count] <= k ? previous[y.count] : nil
    }

    /// "; did you mean "x"?" (or "'x'" with `quote: "'"`), or "" when nothing is near.
    public static func suggestion(_ word: String, among candidates: [String], quote: String = "\"") -> String {
        nearest(word, among: candidates).map { "; did you mean \(quote)\($0)\(quote)?" } ?? ""
    }

    /// Insertions, deletions and substitutions that turn `a` into `b`.
    public static func editDistance(_ a: String, _ b: String) -> Int {
        let x = Array(a.unicodeScalars), y = Array(b.unicodeScalars)
        if x.isEmpty { return y.count }
        if y.isEmpty { return x.count }
        var row = Array(0...y.count)
        for i in 1...x.count {
            var previous = row[0]
            row[0] = i
            for j in 1...y.count {
                let here = row[j]
                row[j] = min(row[j] + 1, row[j - 1] + 1, previous + (x[i - 1] == y[j - 1] ? 0 : 1))
                previous = here
            }
        }
        return row[y.count]
    }
}
