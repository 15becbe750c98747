import FlipbookCore
import FlipbookGraphics

/// What an item's look is made of, lowered once from its appearance into a short list of
/// drawing primitives that every backend consumes (after Skia's scene graph, sksg: geometry
/// and paint decided in one place, drawn by any canvas). The Cairo backend (PNG and per-frame
/// SVG) and the animated SVG writer draw primitives only, so a border, a rounded corner, a
/// masked corner or a shadow's offset exists here and nowhere else, and a new look is one edit
/// here plus one per backend only for a new primitive.
///
/// Coordinates are the item's own (origin at its top left, before its transform).
public enum DrawPrimitive: Hashable, Sendable {
    /// CALayer's shadow of `shape`: a Gaussian of σ = radius, offset, tinted; `overOpaqueFill`
    /// when the shape is filled opaque over it next (the pixels it covers need no shadow).
    case shadow(Shadow, of: RoundedRect, overOpaqueFill: Bool)
    case fill(DrawShape, Color)
    /// The shape's centre line stroked `width` wide (round caps and joins when `round`).
    case stroke(DrawShape, Color, width: Double, round: Bool)
    /// `content` clipped to `shape` (an item's content is clipped to its rounded rectangle).
    case clip(RoundedRect, content: [DrawPrimitive])
    /// `content` drawn through a transform (a view's rotation or shear).
    case transformed(Transform2D, content: [DrawPrimitive])
    /// A label, set by Typesetter under UILabel's rules.
    case text(TextElement)
    /// A PNG fitted by its content mode, clipped to its frame.
    case image(ImageElement)
}

extension RoundedRect {
    public var path: [PathCommand] { Shapes.roundedRect(rect, radius: radius, corners: corners) }
}

public enum DrawShape: Hashable, Sendable {
    case roundedRect(RoundedRect)
    case circle(center: Point, radius: Double)
    case path([PathCommand])

    /// A rectangle holding the shape.
    package var bounds: Rect {
        switch self {
        case .roundedRect(let r): return r.rect
        case .circle(let c, let radius): return Rect(x: c.x - radius, y: c.y - radius, width: 2 * radius, height: 2 * radius)
        case .path(let commands):
            var xs: [Double] = [], ys: [Double] = []
            for c in commands {
                switch c {
                case .move(let p), .line(let p): xs.append(p.x); ys.append(p.y)
                case .arc(let center, let radius, _, _):
                    xs += [center.x - radius, center.x + radius]; ys += [center.y - radius, center.y + radius]
                case .close: break
                }
            }
            guard let x0 = xs.min(), let y0 = ys.min() else { return Rect(x: 0, y: 0, width: 0, height: 0) }
            return Rect(x: x0, y: y0, width: xs.max()! - x0, height: ys.max()! - y0)
        }
    }
}

public enum DrawList {
    /// The primitives of `appearance` on an item `size` points large, drawn at `scale` device
    /// pixels a point (a border without a width is one device pixel: a hairline).
    public static func look(_ a: Appearance, size: Size, scale: Double) -> [DrawPrimitive] {
        let shape = RoundedRect(Rect(x: 0, y: 0, width: size.width, height: size.height), radius: a.cornerRadius, corners: a.roundedCorners)
        var out: [DrawPrimitive] = []
        if let s = a.shadow, a.background.alpha > 0 { out.append(.shadow(s, of: shape, overOpaqueFill: a.background.alpha >= 1)) }
        if a.background.alpha > 0 { out.append(.fill(.roundedRect(shape), a.background)) }
        if !a.content.isEmpty {
            let content = a.content.flatMap { element($0, scale: scale) }
            if a.clipsToBounds { out.append(.clip(shape, content: content)) } else { out += content }
        }
        if let border = a.border {
            let w = borderWidth(a, size: size, scale: scale)
            if w > 0 { out.append(.stroke(.roundedRect(shape.borderLine(width: w)), border, width: w, round: false)) }
        }
        return out
    }

    /// What an item's look can cover, in its own coordinates: its bounds, a shadow's bounds
    /// grown by `margin` (`shadowBounds`), and each primitive's own bounds (text and images,
    /// which may overhang their frames a little, grown by `margin`).
    package static func bounds(_ primitives: [DrawPrimitive], size: Size, margin: Double) -> Rect {
        let own = Rect(x: 0, y: 0, width: size.width, height: size.height)
        return reach(primitives, margin: margin).map { own.union($0) } ?? own
    }

    /// What `primitives` themselves can cover (nil for none): each one's bounds, a turned group's
    /// turned, so a group adds only where its content goes.
    private static func reach(_ primitives: [DrawPrimitive], margin: Double) -> Rect? {
        var r: Rect?
        func add(_ s: Rect) { r = r.map { $0.union(s) } ?? s }
        for p in primitives {
            switch p {
            case .shadow(let shadow, let shape, _): add(shadowBounds(shadow, of: shape, margin: margin))
            // Clipped content stays inside the clip.
            case .clip(let shape, _): add(shape.rect)
            case .transformed(let t, let content): if let inner = reach(content, margin: margin) { add(t.bounds(of: inner)) }
            case .fill(let shape, _): add(shape.bounds)
            case .stroke(let shape, _, let width, _): add(shape.bounds.insetBy(dx: -width / 2, dy: -width / 2))
            case .text(let t): add(t.frame.insetBy(dx: -margin, dy: -margin))
            case .image(let i): add(i.frame)
            }
        }
        return r
    }

    /// Where a shadow primitive can draw: its shape moved by the offset and grown by the blur's
    /// reach (3σ, `Shadow.reach`) plus `margin` — the one place that reach meets a shape.
    package static func shadowBounds(_ shadow: Shadow, of shape: RoundedRect, margin: Double) -> Rect {
        let reach = shadow.reach(margin: margin)
        return shape.rect.offsetBy(dx: shadow.offset.x, dy: shadow.offset.y).insetBy(dx: -reach, dy: -reach)
    }

    /// Whether primitives are at most one fill of a rectangle with no rounded corner: a look
    /// that can be stretched to another size and stay itself.
    package static func isPlainRectangle(_ primitives: [DrawPrimitive]) -> Bool {
        switch primitives.count {
        case 0: return true
        case 1:
            if case .fill(.roundedRect(let r), _) = primitives[0] { return r.radius == 0 || r.corners.isEmpty }
            return false
        default: return false
        }
    }

    /// A border's width: `borderWidth`, or a device pixel, at most half the shorter side.
    public static func borderWidth(_ a: Appearance, size: Size, scale: Double) -> Double {
        min(a.borderWidth ?? 1 / scale, size.width / 2, size.height / 2)
    }

    /// One content element's primitives (`scale` for what is a device pixel thick).
    static func element(_ e: Element, scale: Double) -> [DrawPrimitive] {
        switch e {
        case .rect(let r):
            let shape = RoundedRect(r.frame, radius: r.cornerRadius, corners: r.corners)
            var out: [DrawPrimitive] = []
            if let s = r.shadow { out.append(.shadow(s, of: shape, overOpaqueFill: r.color.alpha >= 1)) }
            if r.color.alpha > 0 || r.border == nil && r.shadow == nil { out.append(.fill(.roundedRect(shape), r.color)) }
            if let border = r.border {
                // As a look's border: inside the shape, at most half its shorter side.
                let w = min(r.borderWidth, r.frame.width / 2, r.frame.height / 2)
                if w > 0 { out.append(.stroke(.roundedRect(shape.borderLine(width: w)), border, width: w, round: false)) }
            }
            return out
        case .text(let t): return [.text(t)]
        case .image(let i): return [.image(i)]
        case .arrow(let a):
            let arrow = Shapes.arrow(a)
            return [.stroke(.path(arrow.path), a.color, width: arrow.lineWidth, round: true)]
        case .spinner(let s):
            let spinner = Shapes.spinner(s)
            return spinner.spokes.map { spoke in
                .stroke(.path([.move(spoke.from), .line(spoke.to)]), s.color.withAlpha(s.color.alpha * spoke.alpha), width: spinner.lineWidth, round: true)
            }
        case .symbol(let s):
            return symbol(s, scale: scale)
        case .clip(let c):
            return [.clip(RoundedRect(c.frame, radius: c.cornerRadius), content: c.content.flatMap { element($0, scale: scale) })]
        case .transformed(let t):
            return [.transformed(t.transform, content: t.content.flatMap { element($0, scale: scale) })]
        }
    }

    /// An accessory's glyph, at the size and stroke weight of its SF Symbol beside 17 pt text
    /// (our drawing; the symbols themselves cannot be shipped), centred in its frame.
    static func symbol(_ s: SymbolElement, scale: Double) -> [DrawPrimitive] {
        let f = s.frame, c = Point(x: f.midX, y: f.midY)
        func p(_ x: Double, _ y: Double) -> Point { Point(x: c.x + x, y: c.y + y) }
        switch s.kind {
        case .disclosureIndicator:  // 7 × 12 pt, semibold
            return [.stroke(.path([.move(p(-3, -6)), .line(p(3, 0)), .line(p(-3, 6))]), s.color, width: 2, round: true)]
        case .checkmark:  // 14 × 12 pt, semibold
            return [.stroke(.path([.move(p(-6.5, 0.5)), .line(p(-2, 5.5)), .line(p(6.5, -6))]), s.color, width: 2, round: true)]
        case .detail:  // a 22 pt ring with an "i"
            return [.stroke(.circle(center: c, radius: 10.25), s.color, width: 1.5, round: false),
                    .fill(.circle(center: p(0, -4.75), radius: 1.25), s.color),
                    .stroke(.path([.move(p(0, -1.5)), .line(p(0, 5.5))]), s.color, width: 2, round: true)]
        case .delete:  // a filled 22 pt disc, a white bar across
            return [.fill(.circle(center: c, radius: 11), s.color),
                    .stroke(.path([.move(p(-5.5, 0)), .line(p(5.5, 0))]), .white, width: 2, round: true)]
        case .reorder:  // three 18 pt lines 6 pt apart
            return [-6.0, 0, 6].map { y in .stroke(.path([.move(p(-9, y)), .line(p(9, y))]), s.color, width: 1.75, round: true) }
        case .separator, .topSeparator:
            let h = 1 / scale
            let y = s.kind == .separator ? f.maxY - h : f.minY
            return [.fill(.roundedRect(RoundedRect(Rect(x: f.minX, y: y, width: f.width, height: h), radius: 0)), s.color)]
        }
    }

    /// A finger on the screen (`--show-touches`), as a screen recording shows one: a grey
    /// translucent disc 44 pt across with a white rim.
    public static func finger(at center: Point) -> [DrawPrimitive] {
        [.fill(.circle(center: center, radius: fingerRadius), Color(red: 0.5, green: 0.5, blue: 0.5, alpha: 0.35)),
         .stroke(.circle(center: center, radius: fingerRadius), Color(red: 1, green: 1, blue: 1, alpha: 0.8), width: 1.5, round: false)]
    }

    public static let fingerRadius = 22.0
}
