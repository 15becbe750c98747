import CCairo
import FlipbookCore

/// Whole device pixels a rounded rectangle either covers entirely or leaves entirely empty,
/// as a cross of two boxes, under a plain scale and translation. What is composited through
/// a coverage mask there is known without the mask (the colour at full coverage, or nothing),
/// so the mask is composited only around the cross, where its edges are: for a card, about a
/// third of its pixels.
package struct CoveredCross {
    /// The arms as device-pixel boxes: `wide` the full-width one, `tall` the full-height one.
    package let wide: (x0: Double, y0: Double, x1: Double, y1: Double)
    package let tall: (x0: Double, y0: Double, x1: Double, y1: Double)
    /// The whole pixels inside the rectangle's device box.
    package let left: Double, top: Double, right: Double, bottom: Double

    /// The cross of a rectangle whose device box is `x0`…`x1`, `y0`…`y1`: its arms `edgeInset`
    /// pixels plus one in from the straight edges, and `cornerMargin` pixels (at least the
    /// corner radius plus one) in from the ends. With no inset it is what the rectangle covers
    /// whole; with its border's width, what the border leaves untouched inside. Nil when the
    /// rectangle is too small to have one.
    package init?(x0: Double, y0: Double, x1: Double, y1: Double, edgeInset e: Double = 0, cornerMargin r: Double) {
        left = min(x0, x1).rounded(.up); right = max(x0, x1).rounded(.down)
        top = min(y0, y1).rounded(.up); bottom = max(y0, y1).rounded(.down)
        let inLeft = (min(x0, x1) + e).rounded(.up), inRight = (max(x0, x1) - e).rounded(.down)
        let inTop = (min(y0, y1) + e).rounded(.up), inBottom = (max(y0, y1) - e).rounded(.down)
        // Each arm clear of the corners and of all four edges' insets (a border wider than
        // the corner radius reaches further in than the corners do).
        wide = (inLeft + 1, max(top + r, inTop + 1), inRight - 1, min(bottom - r, inBottom - 1))
        tall = (max(left + r, inLeft + 1), inTop + 1, min(right - r, inRight - 1), inBottom - 1)
        guard wide.x0 < wide.x1, wide.y0 < wide.y1, tall.x0 < tall.x1, tall.y0 < tall.y1 else { return nil }
    }

    /// The cross of `rect` (user space) with corners of `radius` (clamped as
    /// `Shapes.roundedRect` clamps it), drawn with device matrix `m` (a scale and a
    /// translation); `edgeInset` in user space (a border's width).
    package init?(_ rect: Rect, radius: Double, matrix m: cairo_matrix_t, edgeInset: Double = 0) {
        let box = CoveredCross.deviceBox(rect, m)
        let r = min(radius, rect.width / 2, rect.height / 2) * max(abs(m.xx), abs(m.yy))
        self.init(x0: box.x0, y0: box.y0, x1: box.x1, y1: box.y1, edgeInset: edgeInset * max(abs(m.xx), abs(m.yy)),
                  cornerMargin: r.rounded(.up) + 1)
    }

    /// `rect` in device pixels under `m` (a scale and a translation).
    package static func deviceBox(_ rect: Rect, _ m: cairo_matrix_t) -> (x0: Double, y0: Double, x1: Double, y1: Double) {
        (rect.minX * m.xx + m.x0, rect.minY * m.yy + m.y0, rect.maxX * m.xx + m.x0, rect.maxY * m.yy + m.y0)
    }

    /// Whether the device box `b` lies inside the cross (in one of its arms: a box in a cross
    /// is in one arm or reaches a corner it leaves out).
    package func contains(_ b: (x0: Double, y0: Double, x1: Double, y1: Double)) -> Bool {
        func inside(_ a: (x0: Double, y0: Double, x1: Double, y1: Double)) -> Bool {
            b.x0 >= a.x0 && b.y0 >= a.y0 && b.x1 <= a.x1 && b.y1 <= a.y1
        }
        return inside(wide) || inside(tall)
    }

    /// The same cross `dx`, `dy` (whole pixels) over.
    package func offset(_ dx: Double, _ dy: Double) -> CoveredCross {
        CoveredCross(wide: (wide.x0 + dx, wide.y0 + dy, wide.x1 + dx, wide.y1 + dy),
                     tall: (tall.x0 + dx, tall.y0 + dy, tall.x1 + dx, tall.y1 + dy),
                     left: left + dx, top: top + dy, right: right + dx, bottom: bottom + dy)
    }

    private init(wide: (Double, Double, Double, Double), tall: (Double, Double, Double, Double),
                 left: Double, top: Double, right: Double, bottom: Double) {
        self.wide = wide; self.tall = tall; self.left = left; self.top = top; self.right = right; self.bottom = bottom
    }

    /// Adds to the path (user space = device pixels) the box `x0`…`x1`, `y0`…`y1` minus the
    /// cross, as whole-pixel boxes: clipped to, Cairo keeps them as a region (no clip mask).
    /// Adds nothing and returns false unless the box contains the rectangle's pixels.
    package func appendSurroundings(x0: Double, y0: Double, x1: Double, y1: Double, on cr: OpaquePointer) -> Bool {
        guard x0 <= left, y0 <= top, x1 >= right, y1 >= bottom else { return false }
        let a = wide, b = tall
        // Bands from top to bottom, each a row of whole-pixel boxes around the cross.
        func box(_ bx0: Double, _ by0: Double, _ bx1: Double, _ by1: Double) {
            if bx1 > bx0 && by1 > by0 { cairo_rectangle(cr, bx0, by0, bx1 - bx0, by1 - by0) }
        }
        box(x0, y0, x1, b.y0)                                    // above the cross
        box(x0, b.y0, b.x0, a.y0); box(b.x1, b.y0, x1, a.y0)     // beside the upper arm
        box(x0, a.y0, a.x0, a.y1); box(a.x1, a.y0, x1, a.y1)     // beside the middle
        box(x0, a.y1, b.x0, b.y1); box(b.x1, a.y1, x1, b.y1)     // beside the lower arm
        box(x0, b.y1, x1, y1)                                    // below the cross
        return true
    }

    /// Fills the cross with the current source (user space = device pixels).
    package func fill(on cr: OpaquePointer) {
        cairo_new_path(cr)
        cairo_rectangle(cr, wide.x0, wide.y0, wide.x1 - wide.x0, wide.y1 - wide.y0)
        cairo_rectangle(cr, tall.x0, tall.y0, tall.x1 - tall.x0, tall.y1 - tall.y0)
        cairo_fill(cr)
    }
}
