import Foundation

/// Solves a view tree's active constraints and sets the frames of the views that
/// `translatesAutoresizingMaskIntoConstraints = false` hands to them, as UIKit's layout engine
/// does before layoutSubviews(): required constraints hold exactly; the others, and each view's
/// intrinsic size (held by its content-hugging and compression-resistance priorities), are
/// satisfied as far as their priorities weigh; a view nothing determines stays where it was. A
/// multi-line label is measured again at the width it got, once, as UIKit's second pass does.
/// Required constraints that conflict: UIKit breaks one — the last-activated required one
/// without which the rest hold, "Will attempt to recover by breaking constraint" in its log —,
/// logs "Unable to simultaneously satisfy constraints" and lays the rest out; so does this, and
/// the line is a warning (`UIKitHost.warn`), not an error: a first pass at a default or
/// estimated size that conflicts draws nothing wrong once the real size comes.
enum AutoLayoutSolver {
    /// `a·variables + constant`, in the root view's coordinates.
    struct Expr {
        var terms: [Int: Double] = [:]
        var constant: Double = 0
        static func + (a: Expr, b: Expr) -> Expr {
            var r = a
            for (k, v) in b.terms { r.terms[k, default: 0] += v }
            r.constant += b.constant
            return r
        }
        static func * (k: Double, a: Expr) -> Expr { Expr(terms: a.terms.mapValues { $0 * k }, constant: a.constant * k) }
        static func - (a: Expr, b: Expr) -> Expr { a + (-1) * b }
        static func constant(_ c: Double) -> Expr { Expr(constant: c) }
        func value(_ values: [Double]) -> Double { terms.reduce(constant) { $0 + $1.value * values[$1.key] } }
    }

    struct Box { var x: Expr, y: Expr, w: Expr, h: Expr }

    /// The cost a priority's error carries: required is exact; a higher priority a higher
    /// cost, and each cost is its own level (LinearProgram.solveByLevels), so the number only
    /// orders the priorities.
    static func weight(_ p: UILayoutPriority) -> Double { pow(10, (Double(p.rawValue) - 250) / 125) }
    static let stayWeight = 1e-5

    /// What systemLayoutSizeFitting asks: the root's size is free, held to the target width and
    /// height at their fitting priorities (nil: required).
    struct Fitting {
        var width: Double, widthWeight: Double?
        var height: Double, heightWeight: Double?
    }

    /// Returns a line naming what cannot be laid out (a constraint UIKit raises on); a conflict
    /// of required constraints is laid out with one broken and said to `warn`.
    @discardableResult
    static func solve(_ root: UIView, warn: (String) -> Void = { _ in }) -> String? {
        let r = run(root, fitting: nil)
        if let broken = r.broken { warn(broken) }
        return r.problem
    }

    /// The size the tree's constraints give the root when it is free to take it, as
    /// systemLayoutSizeFitting(_:withHorizontalFittingPriority:verticalFittingPriority:)
    /// computes it; nil when the required constraints conflict.
    static func fittingSize(_ root: UIView, target: CGSize, horizontal: UILayoutPriority, vertical: UILayoutPriority) -> CGSize? {
        func weight(_ p: UILayoutPriority) -> Double? { p >= .required ? nil : AutoLayoutSolver.weight(p) }
        let fitting = Fitting(width: Double(target.width), widthWeight: weight(horizontal), height: Double(target.height), heightWeight: weight(vertical))
        let r = run(root, fitting: fitting)
        return r.problem == nil ? r.size : nil
    }

    private static func run(_ root: UIView, fitting: Fitting?) -> (problem: String?, size: CGSize?, broken: String?) {
        var broken: String?
        let r = run(root, fitting: fitting, broken: &broken)
        return (r.problem, r.size, broken)
    }

    private static func run(_ root: UIView, fitting: Fitting?, broken: inout String?) -> (problem: String?, size: CGSize?) {
        var views: [UIView] = []
        func collect(_ v: UIView) { views.append(v); v.subviews.forEach(collect) }
        collect(root)
        let constraints = views.flatMap(\.constraints) + views.flatMap { ($0 as? UIStackView)?.arrangementConstraints() ?? [] }
        if let problem = views.lazy.compactMap({ ($0 as? UIStackView)?.unsupported }).first { return (problem, nil) }
        guard !constraints.isEmpty else { return (nil, fitting == nil ? nil : root.bounds.size) }
        if let refused = constraints.lazy.compactMap(\.invalid).first { return (refused, nil) }
        // What the app set passes the gate a scene file's numbers pass, named by the equation.
        if let bad = constraints.first(where: { !$0.constant.isFinite || !$0.multiplier.isFinite }) {
            let what = bad.constant.isFinite ? "multiplier" : "constant"
            return ("the Auto Layout constraint \(describe(bad, names: UIKitCellContent.propertyNames(of: root))): its \(what) must be a finite number, got \(UIKitNumber.text(Double(bad.constant.isFinite ? bad.multiplier : bad.constant)))", nil)
        }
        let inTree = Set(views.map(ObjectIdentifier.init))
        var labelWidths: [ObjectIdentifier: CGFloat] = [:]
        var result: (problem: String?, size: CGSize?) = (nil, nil)
        for pass in 0..<2 {
            let solved = solveOnce(root, views: views, inTree: inTree, constraints: constraints, labelWidths: labelWidths, fitting: fitting)
            result = (solved.problem, solved.size)
            if solved.problem != nil, !solved.conflict { break }  // no constraint to break: said as it is
            if solved.problem != nil {
                // Break the constraint UIKit breaks: the last-activated required one without
                // which the rest hold, as its log names it ("Will attempt to recover by breaking
                // constraint …"); lay out the rest.
                for c in constraints.reversed() where c.priority >= .required {
                    let rest = constraints.filter { $0 !== c }
                    let relieved = solveOnce(root, views: views, inTree: inTree, constraints: rest, labelWidths: labelWidths, fitting: fitting)
                    if relieved.problem == nil {
                        broken = "Unable to simultaneously satisfy constraints: UIKit breaks \(describe(c, names: UIKitCellContent.propertyNames(of: root))) and lays out the rest, as Flipbook does"
                        result = (relieved.problem, relieved.size)
                        break
                    }
                }
                break
            }
            guard pass == 0 else { break }
            // Multi-line labels: measure again at the width they got.
            var again = false
            for case let label as UILabel in views where !label.translatesAutoresizingMaskIntoConstraints && label.numberOfLines != 1
                && label.preferredMaxLayoutWidth == 0 {
                labelWidths[ObjectIdentifier(label)] = label.frame.width
                again = true
            }
            if !again { break }
        }
        return result
    }

    /// A constraint as its equation, views named by the properties that hold them
    /// ("titleLabel.width == 100", "titleLabel.leading == contentView.leading + 16").
    static func describe(_ c: NSLayoutConstraint, names: [ObjectIdentifier: String]) -> String {
        func name(_ a: AnyLayoutAnchor) -> String {
            let owner: String
            if let v = a.view { owner = names[ObjectIdentifier(v)] ?? (v is UICollectionViewCell ? "cell" : String(describing: type(of: v))) }
            else if let g = a.guide { owner = (g.owningView.map { names[ObjectIdentifier($0)] ?? String(describing: type(of: $0)) } ?? "?") + "." + g.identifier }
            else { owner = "?" }
            return owner + "." + "\(a.attribute)"
        }
        let relation = c.relation == .equal ? "==" : c.relation == .lessThanOrEqual ? "<=" : ">="
        let k = Double(c.constant)
        func number(_ x: Double) -> String { x.isFinite && x == x.rounded() && abs(x) < 1e15 ? String(Int(x)) : String(x) }
        guard let second = c.secondAnchor else { return "\(name(c.firstAnchor)) \(relation) \(number(k))" }
        let m = Double(c.multiplier) == 1 ? "" : "\(number(Double(c.multiplier))) × "
        let constant = k == 0 ? "" : k > 0 || k.isNaN ? " + \(number(k))" : " - \(number(-k))"
        return "\(name(c.firstAnchor)) \(relation) \(m)\(name(second))\(constant)"
    }

    private static func solveOnce(_ root: UIView, views: [UIView], inTree: Set<ObjectIdentifier>, constraints: [NSLayoutConstraint],
                                  labelWidths: [ObjectIdentifier: CGFloat], fitting: Fitting?) -> (problem: String?, size: CGSize?, conflict: Bool) {
        var lp = LinearProgram()
        var free: [(plus: Int, minus: Int)] = []
        /// A free variable: the difference of two non-negative ones.
        func variable() -> Expr {
            let p = lp.addVariable(), m = lp.addVariable()
            free.append((p, m))
            return Expr(terms: [free.count - 1: 1])
        }
        var boxes: [ObjectIdentifier: Box] = [:]
        var solved: [UIView] = []
        func box(of v: UIView) -> Box {
            if let b = boxes[ObjectIdentifier(v)] { return b }
            let b: Box
            if v === root {
                b = fitting == nil ? Box(x: .constant(0), y: .constant(0), w: .constant(Double(v.bounds.width)), h: .constant(Double(v.bounds.height)))
                                   : Box(x: .constant(0), y: .constant(0), w: variable(), h: variable())
            } else if fitting != nil, v.superview === root, v.translatesAutoresizingMaskIntoConstraints, v.frame == root.bounds {
                // A cell's content view: as large as the cell, whatever size it fits to.
                b = box(of: root)
            } else if v.translatesAutoresizingMaskIntoConstraints || v.superview == nil {
                let parent = v.superview.map(box) ?? Box(x: .constant(0), y: .constant(0), w: .constant(0), h: .constant(0))
                b = Box(x: parent.x + .constant(Double(v.frame.minX)), y: parent.y + .constant(Double(v.frame.minY)),
                        w: .constant(Double(v.frame.width)), h: .constant(Double(v.frame.height)))
            } else {
                b = Box(x: variable(), y: variable(), w: variable(), h: variable())
                solved.append(v)
            }
            boxes[ObjectIdentifier(v)] = b
            return b
        }
        var guides: [ObjectIdentifier: Box] = [:]
        func box(of g: UILayoutGuide) -> Box? {
            if let v = g.marginsOf ?? g.boundsOf {
                let b = box(of: v), m = g.marginsOf != nil ? v.layoutMargins : .zero
                return Box(x: b.x + .constant(Double(m.left)), y: b.y + .constant(Double(m.top)),
                           w: b.w - .constant(Double(m.left + m.right)), h: b.h - .constant(Double(m.top + m.bottom)))
            }
            if let b = guides[ObjectIdentifier(g)] { return b }
            let b = Box(x: variable(), y: variable(), w: variable(), h: variable())
            guides[ObjectIdentifier(g)] = b
            return b
        }
        /// A view's first or last baseline (Apple: that of its forFirstBaselineLayout or
        /// forLastBaselineLayout view, else that view's top or bottom): a label's lines are a
        /// block centred in its frame, so a baseline is its centre plus a fixed offset.
        func baseline(of v: UIView, first: Bool) -> Expr? {
            let target = first ? v.forFirstBaselineLayout : v.forLastBaselineLayout
            guard inTree.contains(ObjectIdentifier(target)) else { return nil }
            let b = box(of: target)
            if let label = target as? UILabel,
               let offsets = label.baselinesFromCentre(wrappingAt: labelWidths[ObjectIdentifier(label)]
                   ?? (label.preferredMaxLayoutWidth > 0 ? label.preferredMaxLayoutWidth : nil)) {
                return b.y + 0.5 * b.h + .constant(first ? offsets.first : offsets.last)
            }
            return first ? b.y : b.y + b.h
        }
        func expr(_ a: AnyLayoutAnchor) -> Expr? {
            let b: Box
            if let v = a.view {
                guard inTree.contains(ObjectIdentifier(v)) else { return nil }
                if a.attribute == .firstBaseline || a.attribute == .lastBaseline { return baseline(of: v, first: a.attribute == .firstBaseline) }
                b = box(of: v)
            }
            else if let g = a.guide, let gb = box(of: g) { b = gb } else { return nil }
            switch a.attribute {
            case .firstBaseline: return b.y
            case .lastBaseline: return b.y + b.h
            case .left, .leading: return b.x
            case .right, .trailing: return b.x + b.w
            case .top: return b.y
            case .bottom: return b.y + b.h
            case .centerX: return b.x + 0.5 * b.w
            case .centerY: return b.y + 0.5 * b.h
            case .width: return b.w
            case .height: return b.h
            }
        }
        for v in views { _ = box(of: v) }  // every view's box before any row, so `solved` is complete
        // Rows are collected with the free variables' indices, then written over the LP's
        // non-negative pairs.
        var pending: [(expr: Expr, relation: NSLayoutConstraint.Relation, weight: Double?)] = []
        for c in constraints {  // a view holds only its active ones; a stack's are made active
            guard let first = expr(c.firstAnchor) else { continue }
            var second = Expr.constant(0)
            if let anchor = c.secondAnchor {
                guard let e = expr(anchor) else { continue }  // a view outside the cell, or gone
                second = e
            }
            let e = first - (Double(c.multiplier) * second + .constant(Double(c.constant)))
            pending.append((e, c.relation, c.priority >= .required ? nil : weight(c.priority)))
        }
        for v in solved {
            let b = box(of: v)
            pending.append((b.w, .greaterThanOrEqual, nil))
            pending.append((b.h, .greaterThanOrEqual, nil))
            var size = v.intrinsicContentSize
            if let label = v as? UILabel, let width = labelWidths[ObjectIdentifier(label)] { size = label.intrinsicSize(wrappingAt: width) }
            for (axis, length, extent) in [(NSLayoutConstraint.Axis.horizontal, size.width, b.w), (.vertical, size.height, b.h)] where length >= 0 {
                pending.append((extent - .constant(Double(length)), .lessThanOrEqual, weight(v.contentHuggingPriority(for: axis))))
                pending.append((extent - .constant(Double(length)), .greaterThanOrEqual, weight(v.contentCompressionResistancePriority(for: axis))))
            }
            // Where nothing else decides, a view keeps its frame.
            let parent = v.superview.map { box(of: $0) }
            let at = v.frame
            pending.append((b.x - (parent?.x ?? .constant(0)) - .constant(Double(at.minX)), .equal, stayWeight))
            pending.append((b.y - (parent?.y ?? .constant(0)) - .constant(Double(at.minY)), .equal, stayWeight))
            pending.append((b.w - .constant(Double(at.width)), .equal, stayWeight))
            pending.append((b.h - .constant(Double(at.height)), .equal, stayWeight))
        }
        for g in guides.values {
            for e in [g.w, g.h] { pending.append((e, .greaterThanOrEqual, nil)) }
        }
        if let fitting {
            let b = box(of: root)
            pending.append((b.w, .greaterThanOrEqual, nil))
            pending.append((b.h, .greaterThanOrEqual, nil))
            pending.append((b.w - .constant(fitting.width), .equal, fitting.widthWeight))
            pending.append((b.h - .constant(fitting.height), .equal, fitting.heightWeight))
        }
        for (e, relation, w) in pending {
            var row: [Int: Double] = [:]
            for (k, v) in e.terms { row[free[k].plus, default: 0] += v; row[free[k].minus, default: 0] -= v }
            switch (relation, w) {
            case (.equal, nil): break
            case (.greaterThanOrEqual, nil): row[lp.addVariable()] = -1
            case (.lessThanOrEqual, nil): row[lp.addVariable()] = 1
            case (.equal, let w?): row[lp.addVariable(cost: w)] = 1; row[lp.addVariable(cost: w)] = -1
            case (.greaterThanOrEqual, let w?): row[lp.addVariable()] = -1; row[lp.addVariable(cost: w)] = 1
            case (.lessThanOrEqual, let w?): row[lp.addVariable()] = 1; row[lp.addVariable(cost: w)] = -1
            }
            lp.addRow(row, equals: -e.constant)
        }
        let outcome = lp.solveByLevels()
        if case .unsolved(let why) = outcome {
            return ("the Auto Layout system could not be solved: \(why); please report it with the cell's constraints", nil, false)
        }
        guard case .solved(let z) = outcome else {
            return ("the required Auto Layout constraints conflict (UIKit would break one and log \"Unable to simultaneously satisfy constraints\")", nil, true)
        }
        let values = free.map { z[$0.plus] - z[$0.minus] }
        for v in solved {
            let b = box(of: v)
            let parent = v.superview.map { box(of: $0) }
            let x = b.x.value(values) - (parent?.x.value(values) ?? 0), y = b.y.value(values) - (parent?.y.value(values) ?? 0)
            v.frame = CGRect(x: x, y: y, width: b.w.value(values), height: b.h.value(values))
        }
        guard fitting != nil else { return (nil, nil, false) }
        let r = box(of: root)
        return (nil, CGSize(width: r.w.value(values), height: r.h.value(values)), false)
    }
}
