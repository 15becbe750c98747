/// Did-you-mean for names a person typed: options, commands, scene fields and types.
public enum Spelling {
    /// The name among `candidates` nearest to `word`: within two edits (Levenshtein) and
    /// fewer edits than either name is long, or equal ignoring case; the nearest first, then
    /// alphabetical. nil when none is that near.
    public static func nearest(_ word: String, among candidates: [String]) -> String? {
        if let same = candidates.first(where: { $0.lowercased() == word.lowercased() && $0 != word }) { return same }
        let scored = candidates.map { ($0, editDistance(word, $0)) }.filter { $0.1 <= 2 && $0.1 < min($0.0.count, word.count) }
        return scored.min { $0.1 != $1.1 ? $0.1 < $1.1 : $0.0 < $1.0 }?.0
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
