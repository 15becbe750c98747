import Foundation

// The Auto Layout visual format language, with the grammar of Apple's Auto Layout Guide
// (https://developer.apple.com/library/archive/documentation/UserExperience/Conceptual/AutolayoutPG/VisualFormatLanguage.html):
//
//   <visualFormatString> (<orientation>:)? (<superview><connection>)? <view>(<connection><view>)* (<connection><superview>)?
//   <orientation>        H | V
//   <superview>          |
//   <view>               [ <viewName> (<predicateListWithParens>)? ]
//   <connection>         e | -<predicateList>- | -
//   <predicateList>      <simplePredicate> | <predicateListWithParens>
//   <simplePredicate>    <metricName> | <positiveNumber>
//   <predicateListWithParens>  ( <predicate> (, <predicate>)* )
//   <predicate>          (<relation>)? <objectOfPredicate> (@<priority>)?
//   <relation>           == | <= | >=
//   <objectOfPredicate>  <constant> | <viewName> (a view only for a view's width or height)
//   <priority>           <metricName> | <number>
//   <constant>           <metricName> | <number>

extension NSLayoutConstraint {
    /// https://developer.apple.com/documentation/uikit/nslayoutconstraint/formatoptions, with
    /// UIKit's raw values (an alignment is 1 << its attribute's raw value).
    public struct FormatOptions: OptionSet, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        public static let alignAllLeft = FormatOptions(rawValue: 1 << 1)
        public static let alignAllRight = FormatOptions(rawValue: 1 << 2)
        public static let alignAllTop = FormatOptions(rawValue: 1 << 3)
        public static let alignAllBottom = FormatOptions(rawValue: 1 << 4)
        public static let alignAllLeading = FormatOptions(rawValue: 1 << 5)
        public static let alignAllTrailing = FormatOptions(rawValue: 1 << 6)
        public static let alignAllCenterX = FormatOptions(rawValue: 1 << 9)
        public static let alignAllCenterY = FormatOptions(rawValue: 1 << 10)
        public static let alignAllLastBaseline = FormatOptions(rawValue: 1 << 11)
        public static let alignAllFirstBaseline = FormatOptions(rawValue: 1 << 12)
        public static let directionLeadingToTrailing = FormatOptions([])
        public static let directionLeftToRight = FormatOptions(rawValue: 1 << 16)
        public static let directionRightToLeft = FormatOptions(rawValue: 2 << 16)
        public static let spacingEdgeToEdge = FormatOptions([])
        public static let spacingBaselineToBaseline = FormatOptions(rawValue: 1 << 19)
    }

    /// The constraints a visual format string describes, inactive, as UIKit returns them
    /// (https://developer.apple.com/documentation/uikit/nslayoutconstraint/constraints(withvisualformat:options:metrics:views:)).
    /// A standard space (`-`) is 8 points between sibling views and 20 between a view and its
    /// superview's edge, as the Auto Layout Guide gives them
    /// (https://developer.apple.com/library/archive/documentation/UserExperience/Conceptual/AutolayoutPG/AnatomyofaConstraint.html).
    /// A string UIKit cannot parse (it raises) is one line naming the mistake and where it is.
    public class func constraints(withVisualFormat format: String, options opts: FormatOptions = [], metrics: [String: Any]?,
                                  views: [String: Any]) -> [NSLayoutConstraint] {
        var parser = VisualFormat(format: format, options: opts, metrics: metrics ?? [:], views: views)
        do {
            return try parser.constraints()
        } catch let e as VisualFormat.Mistake {
            UIKitHost.refuse("NSLayoutConstraint.constraints(withVisualFormat: \"\(format)\"): Unable to parse constraint format: \(e.message) (at character \(e.offset + 1)); UIKit raises")
            return []
        } catch {
            return []
        }
    }
}

/// One visual format string read into constraints.
struct VisualFormat {
    struct Mistake: Error { var message: String; var offset: Int }

    private let text: [Character]
    private var at = 0
    private let options: NSLayoutConstraint.FormatOptions
    private let metrics: [String: Any], views: [String: Any]

    init(format: String, options: NSLayoutConstraint.FormatOptions, metrics: [String: Any], views: [String: Any]) {
        text = Array(format.filter { !$0.isWhitespace })
        self.options = options; self.metrics = metrics; self.views = views
    }

    private enum Object { case constant(CGFloat), view(UIView) }
    private struct Predicate { var relation: NSLayoutConstraint.Relation; var object: Object; var priority: UILayoutPriority }
    /// A gap between two elements: the standard space, flush (none written), or predicates.
    private enum Connection { case standard, flush, predicates([Predicate]) }
    private enum Element { case superview, view(UIView, [Predicate]) }

    private func fail(_ message: String) -> Mistake { Mistake(message: message, offset: min(at, text.count)) }
    private var next: Character? { at < text.count ? text[at] : nil }
    private mutating func take(_ c: Character) -> Bool {
        guard next == c else { return false }
        at += 1
        return true
    }

    mutating func constraints() throws -> [NSLayoutConstraint] {
        var vertical = false
        if next == "H" || next == "V" {
            vertical = next == "V"
            let letter = next!
            at += 1
            guard take(":") else { throw fail("Expected ':' after '\(letter)' to specify \(vertical ? "vertical" : "horizontal") arrangement") }
        }
        var elements: [Element] = [], connections: [Connection] = []
        if take("|") {
            elements.append(.superview)
            connections.append(try connection())
        }
        elements.append(try view())
        while at < text.count {
            if next == "|" { break }
            connections.append(try connection())
            if take("|") {
                elements.append(.superview)
                break
            }
            elements.append(try view())
        }
        if at < text.count {
            if take("|"), case .view = elements.last {
                // A closing "|" straight after a view: flush with the superview's edge.
                connections.append(.flush)
                elements.append(.superview)
            }
            if at < text.count { throw fail("Expected the end of the format string, a '-' or a '['") }
        }
        return try build(elements, connections, vertical: vertical)
    }

    private mutating func view() throws -> Element {
        guard take("[") else { throw fail("Expected a view: '[' and its name from the views dictionary") }
        let name = identifier()
        guard !name.isEmpty else { throw fail("Expected a view name after '['") }
        guard let view = views[name] as? UIView else { throw fail("\(name) is not a key in the views dictionary") }
        var predicates: [Predicate] = []
        if take("(") {
            predicates = try predicateList(closedBy: ")", else: "A predicate on a view's thickness must end with ')' and the view must end with ']'")
        }
        guard take("]") else { throw fail("A predicate on a view's thickness must end with ')' and the view must end with ']'") }
        return .view(view, predicates)
    }

    private mutating func connection() throws -> Connection {
        guard take("-") else { return .flush }
        if next == "[" || next == "|" { return .standard }
        if take("(") {
            let list = try predicateList(closedBy: ")", else: "Expected ',' or ')' after a connection's predicate")
            guard take("-") else { throw fail("Expected '-' after a connection's predicates") }
            return .predicates(list)
        }
        let value = try constant(positive: true)
        guard take("-") else { throw fail("Expected '-' after a connection's size") }
        return .predicates([Predicate(relation: .equal, object: .constant(value), priority: .required)])
    }

    private mutating func predicateList(closedBy close: Character, else unclosed: String) throws -> [Predicate] {
        var list: [Predicate] = []
        repeat {
            var relation = NSLayoutConstraint.Relation.equal
            for (symbol, r) in [("==", NSLayoutConstraint.Relation.equal), ("<=", .lessThanOrEqual), (">=", .greaterThanOrEqual)]
            where text[at...].starts(with: symbol) {
                relation = r
                at += 2
                break
            }
            let object: Object
            if let c = next, c.isLetter || c == "_" {
                let save = at
                let name = identifier()
                if let view = views[name] as? UIView, metrics[name] == nil {
                    object = .view(view)
                } else {
                    at = save
                    object = .constant(try constant(positive: false))
                }
            } else {
                object = .constant(try constant(positive: false))
            }
            var priority = UILayoutPriority.required
            if take("@") {
                let p = try constant(positive: true)
                guard p > 0 && p <= 1000 else { throw fail("A priority must be greater than 0 and at most 1000, got \(p)") }
                priority = UILayoutPriority(Float(p))
            }
            list.append(Predicate(relation: relation, object: object, priority: priority))
        } while take(",")
        guard take(close) else { throw fail(unclosed) }
        return list
    }

    /// A metric's name or a number (as strtod reads one, in the C locale).
    private mutating func constant(positive: Bool) throws -> CGFloat {
        if let c = next, c.isLetter || c == "_" {
            let name = identifier()
            guard let value = metrics[name] else { throw fail("\(name) is not a key in the metrics dictionary") }
            guard let v = UIKitNumber.points(value) else { throw fail("the metric \(name) is not a number") }
            return v
        }
        let start = at
        if !positive, next == "-" || next == "+" { at += 1 }
        while let c = next, c.isNumber || c == "." { at += 1 }
        guard at > start, let v = Double(String(text[start..<at])), v.isFinite else {
            at = start
            throw fail("Expected a number or a metric's name")
        }
        return CGFloat(v)
    }

    /// A C identifier: a letter or "_", then letters, digits and "_".
    private mutating func identifier() -> String {
        let start = at
        guard let c = next, c.isLetter || c == "_" else { return "" }
        at += 1
        while let c = next, c.isLetter || c.isNumber || c == "_" { at += 1 }
        return String(text[start..<at])
    }

    private func build(_ elements: [Element], _ connections: [Connection], vertical: Bool) throws -> [NSLayoutConstraint] {
        typealias A = NSLayoutConstraint.Attribute
        if options.contains(.directionRightToLeft) { throw fail("directionRightToLeft is not laid out yet (Flipbook lays out left to right)") }
        let leftToRight = options.contains(.directionLeftToRight)
        let (start, end, size): (A, A, A) = vertical ? (.top, .bottom, .height) : leftToRight ? (.left, .right, .width) : (.leading, .trailing, .width)
        let viewsInOrder = elements.compactMap { e -> UIView? in if case .view(let v, _) = e { return v } else { return nil } }
        let superview = viewsInOrder.first?.superview
        if elements.contains(where: { if case .superview = $0 { return true } else { return false } }), superview == nil {
            throw fail("Unable to interpret '|' character, because the related view doesn't have a superview")
        }
        var out: [NSLayoutConstraint] = []
        func make(_ a: Any, _ aa: A, _ r: NSLayoutConstraint.Relation, _ b: Any?, _ ba: A, _ c: CGFloat, _ p: UILayoutPriority) {
            let constraint = NSLayoutConstraint(item: a, attribute: aa, relatedBy: r, toItem: b, attribute: ba, multiplier: 1, constant: c)
            constraint.priority = p
            out.append(constraint)
        }
        for e in elements {
            guard case .view(let v, let predicates) = e else { continue }
            for p in predicates {
                switch p.object {
                case .constant(let c): make(v, size, p.relation, nil, .notAnAttribute, c, p.priority)
                case .view(let other): make(v, size, p.relation, other, size, 0, p.priority)
                }
            }
        }
        for (k, connection) in connections.enumerated() {
            let before = elements[k], after = elements[k + 1]
            let (a, aa): (Any, A) = { if case .view(let v, _) = after { return (v, start) } else { return (superview!, end) } }()
            let (b, ba): (Any, A) = { if case .view(let v, _) = before { return (v, end) } else { return (superview!, start) } }()
            let toEdge: Bool = { if case .superview = before { return true }; if case .superview = after { return true }; return false }()
            switch connection {
            case .flush: make(a, aa, .equal, b, ba, 0, .required)
            case .standard: make(a, aa, .equal, b, ba, toEdge ? 20 : 8, .required)
            case .predicates(let list):
                for p in list {
                    guard case .constant(let c) = p.object else { throw fail("A connection's predicate must be a constant or a metric, not a view") }
                    make(a, aa, p.relation, b, ba, c, p.priority)
                }
            }
        }
        // Alignment options: every view's edge or centre across the string's axis lined up.
        let alignments: [(NSLayoutConstraint.FormatOptions, A, Bool)] = [
            (.alignAllLeft, .left, false), (.alignAllRight, .right, false), (.alignAllLeading, .leading, false), (.alignAllTrailing, .trailing, false),
            (.alignAllCenterX, .centerX, false), (.alignAllTop, .top, true), (.alignAllBottom, .bottom, true), (.alignAllCenterY, .centerY, true),
            (.alignAllFirstBaseline, .firstBaseline, true), (.alignAllLastBaseline, .lastBaseline, true),
        ]
        for (option, attribute, isVertical) in alignments where options.contains(option) {
            if isVertical != !vertical {
                throw fail("Options mask required views to be aligned on a \(isVertical ? "horizontal" : "vertical") edge, which is not allowed for layout that is also \(vertical ? "vertical" : "horizontal")")
            }
            for (prev, view) in zip(viewsInOrder, viewsInOrder.dropFirst()) { make(view, attribute, .equal, prev, attribute, 0, .required) }
        }
        return out
    }
}
