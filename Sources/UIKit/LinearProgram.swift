import Foundation

/// A small linear program, solved by the two-phase simplex method with Bland's rule (no
/// cycling): minimise `cost · z` subject to `rows[i] · z = rhs[i]` and `z ≥ 0`. Auto Layout's
/// constraints become one of these (AutoLayoutSolver): required constraints as rows, the others
/// with penalised error variables, as in Cassowary (Badros, Borning, Stuckey, "The Cassowary
/// Linear Arithmetic Constraint Solving Algorithm", ACM TOCHI 2001), which UIKit's engine uses.
struct LinearProgram {
    var rows: [[Double]] = []
    var rhs: [Double] = []
    var cost: [Double] = []
    var variableCount: Int { cost.count }

    /// A new variable ≥ 0 with this cost; returns its index.
    mutating func addVariable(cost c: Double = 0) -> Int {
        cost.append(c)
        for k in rows.indices { rows[k].append(0) }
        return cost.count - 1
    }

    /// Σ coefficients[v] · z[v] = value.
    mutating func addRow(_ coefficients: [Int: Double], equals value: Double) {
        var row = [Double](repeating: 0, count: variableCount)
        for (v, c) in coefficients { row[v] += c }
        rows.append(row)
        rhs.append(value)
    }

    /// `unsolved`: the simplex stopped without an optimum — unbounded, or past its pivot limit
    /// (never silently: the caller names it).
    enum Outcome { case solved([Double]), infeasible, unsolved(String) }

    /// Minimises the costs level by level, the highest first: the variables of one cost are one
    /// priority's errors, and each level is minimised with the levels above it held at their
    /// minima — as Cassowary's symbolic strengths order constraints, and as Apple's
    /// NSLayoutConstraint.priority page puts it, "higher priority constraints are satisfied
    /// before lower priority constraints": no number of lower ones outweighs one higher.
    func solveByLevels() -> Outcome {
        let levels = Set(cost.filter { $0 > 0 }).sorted(by: >)
        guard levels.count > 1 else { return solve() }
        let n = variableCount
        var held = self
        var z: [Double] = []
        for level in levels {
            var stage = held
            stage.cost = (0..<held.variableCount).map { $0 < n && cost[$0] == level ? 1 : 0 }
            let outcome = stage.solve()
            guard case .solved(let s) = outcome else { return outcome }
            z = s
            // Held there while the levels below are minimised: exactly, so a lower level cannot
            // buy anything with a rounding's worth of a higher one (frames stay whole points).
            let achieved = (0..<n).reduce(0.0) { cost[$1] == level ? $0 + s[$1] : $0 }
            var row: [Int: Double] = [:]
            for j in 0..<n where cost[j] == level { row[j] = 1 }
            held.addRow(row, equals: achieved)
        }
        return .solved(Array(z.prefix(n)))
    }

    func solve() -> Outcome {
        let m = rows.count, n = variableCount
        guard m > 0 else { return .solved([Double](repeating: 0, count: n)) }
        // Phase 1: one artificial variable per row (rows made to have b ≥ 0), minimise their sum.
        var tableau = [[Double]](repeating: [Double](repeating: 0, count: n + m + 1), count: m)
        for i in 0..<m {
            let sign: Double = rhs[i] < 0 ? -1 : 1
            for j in 0..<n { tableau[i][j] = sign * rows[i][j] }
            tableau[i][n + i] = 1
            tableau[i][n + m] = sign * rhs[i]
        }
        var basis = (0..<m).map { n + $0 }
        let phase1 = [Double](repeating: 0, count: n) + [Double](repeating: 1, count: m)
        if let stop = Self.optimise(&tableau, &basis, cost: phase1, allowed: n + m) { return .unsolved(stop) }
        let infeasibility = basis.enumerated().reduce(0.0) { $0 + ($1.element >= n ? tableau[$1.offset][n + m] : 0) }
        if infeasibility > 1e-6 * max(1, rhs.map(abs).max() ?? 1) { return .infeasible }
        // Drive artificial variables still in the basis (at zero) out where a real column can enter.
        for i in 0..<m where basis[i] >= n {
            if let j = (0..<n).first(where: { abs(tableau[i][$0]) > 1e-9 }) { Self.pivot(&tableau, &basis, row: i, column: j) }
        }
        // Phase 2: the real costs, artificial columns barred from entering.
        if let stop = Self.optimise(&tableau, &basis, cost: cost + [Double](repeating: 0, count: m), allowed: n) { return .unsolved(stop) }
        var z = [Double](repeating: 0, count: n)
        for (i, b) in basis.enumerated() where b < n { z[b] = tableau[i][n + m] }
        return .solved(z)
    }

    /// Pivots to an optimum; nil when it got there, else why it stopped.
    private static func optimise(_ t: inout [[Double]], _ basis: inout [Int], cost: [Double], allowed: Int) -> String? {
        let m = t.count, width = t[0].count - 1
        let limit = 50 * (m + width)
        for _ in 0..<limit {
            // Reduced costs: c_j − c_B · column_j.
            var entering = -1
            for j in 0..<allowed where !basis.contains(j) {
                var reduced = cost[j]
                for i in 0..<m { reduced -= cost[basis[i]] * t[i][j] }
                if reduced < -1e-9 { entering = j; break }  // Bland: the lowest index
            }
            guard entering >= 0 else { return nil }
            var leaving = -1, best = Double.infinity
            for i in 0..<m where t[i][entering] > 1e-9 {
                let ratio = t[i][width] / t[i][entering]
                if ratio < best - 1e-12 || (abs(ratio - best) <= 1e-12 && leaving >= 0 && basis[i] < basis[leaving]) {
                    best = ratio
                    leaving = i
                }
            }
            // Unbounded: the weak stays keep real layouts bounded, so this is a system without them.
            guard leaving >= 0 else { return "unbounded (a length or position free to grow without limit)" }
            pivot(&t, &basis, row: leaving, column: entering)
        }
        return "stopped after \(limit) pivots without an optimum"
    }

    private static func pivot(_ t: inout [[Double]], _ basis: inout [Int], row r: Int, column c: Int) {
        let p = t[r][c]
        for j in t[r].indices { t[r][j] /= p }
        for i in t.indices where i != r {
            let f = t[i][c]
            if f != 0 { for j in t[i].indices { t[i][j] -= f * t[r][j] } }
        }
        basis[r] = c
    }
}
