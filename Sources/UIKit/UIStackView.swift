import Foundation

/// A row or column of views (https://developer.apple.com/documentation/uikit/uistackview),
/// arranged as UIKit arranges them: by constraints it makes from its axis, spacing, alignment and
/// distribution, solved with the rest of the cell's (AutoLayoutSolver). Hidden arranged views
/// take no space.
open class UIStackView: UIView {
    /// https://developer.apple.com/documentation/uikit/uistackview/distribution
    public enum Distribution: Int, Sendable { case fill, fillEqually, fillProportionally, equalSpacing, equalCentering }
    /// https://developer.apple.com/documentation/uikit/uistackview/alignment
    public enum Alignment: Int, Sendable {
        case fill, leading, firstBaseline, center, trailing, lastBaseline
        public static let top = Alignment.leading
        public static let bottom = Alignment.trailing
    }

    /// `.horizontal` (https://developer.apple.com/documentation/uikit/uistackview/axis).
    open var axis = NSLayoutConstraint.Axis.horizontal
    open var spacing: CGFloat = 0
    open var alignment = Alignment.fill
    open var distribution = Distribution.fill
    open var isLayoutMarginsRelativeArrangement = false
    open private(set) var arrangedSubviews: [UIView] = []
    /// The spaces between arranged views for `.equalSpacing`, kept while their constraints are.
    private var gapGuides: [UILayoutGuide] = []

    public convenience init(arrangedSubviews views: [UIView]) {
        self.init(frame: .zero)
        for v in views { addArrangedSubview(v) }
    }

    open func addArrangedSubview(_ view: UIView) {
        view.translatesAutoresizingMaskIntoConstraints = false
        arrangedSubviews.append(view)
        if view.superview !== self { addSubview(view) }
    }

    open func insertArrangedSubview(_ view: UIView, at stackIndex: Int) {
        view.translatesAutoresizingMaskIntoConstraints = false
        arrangedSubviews.insert(view, at: min(max(0, stackIndex), arrangedSubviews.count))
        if view.superview !== self { addSubview(view) }
    }

    open func removeArrangedSubview(_ view: UIView) { arrangedSubviews.removeAll { $0 === view } }

    /// What the stack is missing to arrange as UIKit would, in one line (nil: nothing).
    var unsupported: String? {
        switch distribution {
        case .fillProportionally:
            let horizontal = axis == .horizontal
            let lengths = arrangedSubviews.filter { !$0.isHidden }.map { horizontal ? $0.intrinsicContentSize.width : $0.intrinsicContentSize.height }
            if lengths.contains(where: { $0 < 0 }) || lengths.reduce(0, +) <= 0 {
                return "UIStackView.distribution .fillProportionally with an arranged view of no intrinsic size along the axis is not arranged yet"
            }
        default: break
        }
        if (alignment == .firstBaseline || alignment == .lastBaseline) && axis == .vertical {
            // Apple's Alignment page: the baseline alignments are "only valid for horizontal stacks".
            return "UIStackView.alignment .\(alignment) in a vertical stack is not arranged (UIKit's baseline alignments are for horizontal stacks)"
        }
        return nil
    }

    /// The constraints UIKit's stack view makes (its "UISV-" constraints), for this moment's
    /// arranged views.
    func arrangementConstraints() -> [NSLayoutConstraint] {
        let views = arrangedSubviews.filter { !$0.isHidden && $0.superview === self }
        guard let first = views.first, let last = views.last else { return [] }
        let guide: (leading: NSLayoutXAxisAnchor, trailing: NSLayoutXAxisAnchor, top: NSLayoutYAxisAnchor, bottom: NSLayoutYAxisAnchor,
                    centerX: NSLayoutXAxisAnchor, centerY: NSLayoutYAxisAnchor) = isLayoutMarginsRelativeArrangement
            ? (layoutMarginsGuide.leadingAnchor, layoutMarginsGuide.trailingAnchor, layoutMarginsGuide.topAnchor, layoutMarginsGuide.bottomAnchor,
               layoutMarginsGuide.centerXAnchor, layoutMarginsGuide.centerYAnchor)
            : (leadingAnchor, trailingAnchor, topAnchor, bottomAnchor, centerXAnchor, centerYAnchor)
        var out: [NSLayoutConstraint] = []
        let horizontal = axis == .horizontal
        // Along the axis: edge to edge with the spacing (at least the spacing for equalSpacing,
        // the gaps kept equal).
        out.append(horizontal ? first.leadingAnchor.constraint(equalTo: guide.leading) : first.topAnchor.constraint(equalTo: guide.top))
        out.append(horizontal ? last.trailingAnchor.constraint(equalTo: guide.trailing) : last.bottomAnchor.constraint(equalTo: guide.bottom))
        var gaps: [UILayoutGuide] = []
        defer { gapGuides = gaps }
        for (a, b) in zip(views, views.dropFirst()) {
            if distribution == .equalCentering {
                // At least the spacing apart, and the centres equally far apart as nearly as that
                // allows (Apple's equalCentering: "equal center-to-center spacing … while
                // maintaining the spacing property's distance between views"): a guide from
                // centre to centre, the guides' lengths equal just below required.
                let gap = UILayoutGuide()
                gap.owningView = self
                gaps.append(gap)
                out += horizontal
                    ? [b.leadingAnchor.constraint(greaterThanOrEqualTo: a.trailingAnchor, constant: spacing),
                       gap.leadingAnchor.constraint(equalTo: a.centerXAnchor), gap.trailingAnchor.constraint(equalTo: b.centerXAnchor)]
                    : [b.topAnchor.constraint(greaterThanOrEqualTo: a.bottomAnchor, constant: spacing),
                       gap.topAnchor.constraint(equalTo: a.centerYAnchor), gap.bottomAnchor.constraint(equalTo: b.centerYAnchor)]
            } else if distribution == .equalSpacing {
                let gap = UILayoutGuide()
                gap.owningView = self
                gaps.append(gap)
                out += horizontal
                    ? [gap.leadingAnchor.constraint(equalTo: a.trailingAnchor), b.leadingAnchor.constraint(equalTo: gap.trailingAnchor),
                       gap.widthAnchor.constraint(greaterThanOrEqualToConstant: spacing)]
                    : [gap.topAnchor.constraint(equalTo: a.bottomAnchor), b.topAnchor.constraint(equalTo: gap.bottomAnchor),
                       gap.heightAnchor.constraint(greaterThanOrEqualToConstant: spacing)]
            } else {
                out.append(horizontal ? b.leadingAnchor.constraint(equalTo: a.trailingAnchor, constant: spacing)
                                      : b.topAnchor.constraint(equalTo: a.bottomAnchor, constant: spacing))
            }
        }
        for (g, h) in zip(gaps, gaps.dropFirst()) {
            let equal = horizontal ? h.widthAnchor.constraint(equalTo: g.widthAnchor) : h.heightAnchor.constraint(equalTo: g.heightAnchor)
            // Equal centring gives way before any view is squeezed: Apple's equalCentering page,
            // "If the arranged views do not fit, it shrinks the spacing until it reaches the
            // minimum spacing defined by its spacing property. If the views still do not fit, the
            // stack view compresses the arranged views according to their compression resistance
            // priority" — so just below the least compression resistance along the axis.
            if distribution == .equalCentering {
                let axis: NSLayoutConstraint.Axis = horizontal ? .horizontal : .vertical
                let least = views.map { $0.contentCompressionResistancePriority(for: axis).rawValue }.min() ?? 750
                equal.priority = UILayoutPriority(max(1, least - 1))
            }
            out.append(equal)
        }
        if distribution == .fillProportionally {
            // Each view's length along the axis in proportion to its intrinsic length, the
            // spacing taken out first (Apple: "resized proportionally based on their intrinsic
            // content size along the stack view's axis"); just below required, ours.
            let lengths = views.map { horizontal ? $0.intrinsicContentSize.width : $0.intrinsicContentSize.height }
            let total = lengths.reduce(0, +)
            let spacingTotal = spacing * CGFloat(views.count - 1)
            let dimension = horizontal ? (isLayoutMarginsRelativeArrangement ? layoutMarginsGuide.widthAnchor : widthAnchor)
                                       : (isLayoutMarginsRelativeArrangement ? layoutMarginsGuide.heightAnchor : heightAnchor)
            if total > 0 {
                for (v, length) in zip(views, lengths) {
                    let share = length / total
                    let c = (horizontal ? v.widthAnchor : v.heightAnchor).constraint(equalTo: dimension, multiplier: share)
                    c.constant = -share * spacingTotal
                    c.priority = UILayoutPriority(999)
                    out.append(c)
                }
            }
        }
        if distribution == .fillEqually {
            for v in views.dropFirst() {
                out.append(horizontal ? v.widthAnchor.constraint(equalTo: first.widthAnchor) : v.heightAnchor.constraint(equalTo: first.heightAnchor))
            }
        }
        // Across the axis.
        for v in views {
            func edges(_ leading: NSLayoutConstraint.Relation, _ trailing: NSLayoutConstraint.Relation) {
                if horizontal {
                    out.append(make(v.topAnchor, leading, guide.top))
                    out.append(make(v.bottomAnchor, trailing, guide.bottom))
                } else {
                    out.append(make(v.leadingAnchor, leading, guide.leading))
                    out.append(make(v.trailingAnchor, trailing, guide.trailing))
                }
            }
            switch alignment {
            case .fill: edges(.equal, .equal)
            case .leading:
                edges(.equal, .lessThanOrEqual)
            case .trailing:
                edges(.greaterThanOrEqual, .equal)
            case .firstBaseline, .lastBaseline:
                // Baselines in line with the first view's, every view inside the stack; where
                // the stack is taller than they need, they keep to its top (Flipbook's choice:
                // Apple does not say).
                edges(.greaterThanOrEqual, .lessThanOrEqual)
                if v !== first {
                    out.append(alignment == .firstBaseline ? v.firstBaselineAnchor.constraint(equalTo: first.firstBaselineAnchor)
                                                           : v.lastBaselineAnchor.constraint(equalTo: first.lastBaselineAnchor))
                }
                let top = v.topAnchor.constraint(equalTo: guide.top)
                top.priority = UILayoutPriority(49)
                out.append(top)
            case .center:
                edges(.greaterThanOrEqual, .lessThanOrEqual)
                out.append(horizontal ? v.centerYAnchor.constraint(equalTo: guide.centerY) : v.centerXAnchor.constraint(equalTo: guide.centerX))
            }
        }
        if alignment != .fill {
            // The stack hugs its largest arranged view across the axis, as weakly as UIKit's
            // "UISV-spanning-fit" constraints.
            let fit = horizontal ? heightAnchor.constraint(equalToConstant: 0) : widthAnchor.constraint(equalToConstant: 0)
            fit.priority = .fittingSizeLevel
            out.append(fit)
        }
        return out
    }

    private func make<T>(_ a: NSLayoutAnchor<T>, _ relation: NSLayoutConstraint.Relation, _ b: NSLayoutAnchor<T>) -> NSLayoutConstraint {
        switch relation {
        case .equal: return a.constraint(equalTo: b)
        case .lessThanOrEqual: return a.constraint(lessThanOrEqualTo: b)
        case .greaterThanOrEqual: return a.constraint(greaterThanOrEqualTo: b)
        }
    }
}
