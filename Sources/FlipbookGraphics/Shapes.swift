import CCairo
import FlipbookCore
import Foundation

/// One step of an outline, in the item's coordinates (y down). An arc turns clockwise on screen
/// from angle `from` to `to` (radians, 0 along +x), as `cairo_arc` does.
public enum PathCommand: Hashable, Sendable {
    case move(Point)
    case line(Point)
    case arc(center: Point, radius: Double, from: Double, to: Double)
    case close
}

/// The outlines Flipbook draws, computed once and drawn by every backend (Cairo for PNG and
/// per-frame SVG, the animated SVG writer), so the shapes cannot drift apart.
public enum Shapes {
    /// Whether `surface` holds pixels (an image), where drawing may go through coverage masks;
    /// on a vector surface (SVG) a mask would be written as an embedded bitmap.
    package static func isImage(_ surface: OpaquePointer) -> Bool {
        cairo_surface_get_type(surface) == CAIRO_SURFACE_TYPE_IMAGE
    }

    /// Whether `cr` draws into an image (`isImage`).
    package static func drawsPixels(_ cr: OpaquePointer) -> Bool { isImage(cairo_get_target(cr)) }

    /// A rectangle with `corners` rounded by `radius` (clamped to half the shorter side).
    public static func roundedRect(_ r: Rect, radius: Double, corners: Corners) -> [PathCommand] {
        let rad = max(0, min(radius, r.width / 2, r.height / 2))
        if rad == 0 || corners.isEmpty {
            return [.move(Point(x: r.minX, y: r.minY)), .line(Point(x: r.maxX, y: r.minY)), .line(Point(x: r.maxX, y: r.maxY)),
                    .line(Point(x: r.minX, y: r.maxY)), .close]
        }
        func c(_ corner: Corners) -> Double { corners.contains(corner) ? rad : 0 }
        let tl = c(.topLeft), tr = c(.topRight), br = c(.bottomRight), bl = c(.bottomLeft)
        let pi = Double.pi
        var out: [PathCommand] = [.move(Point(x: r.minX + tl, y: r.minY)), .line(Point(x: r.maxX - tr, y: r.minY))]
        if tr > 0 { out.append(.arc(center: Point(x: r.maxX - tr, y: r.minY + tr), radius: tr, from: -pi / 2, to: 0)) }
        out.append(.line(Point(x: r.maxX, y: r.maxY - br)))
        if br > 0 { out.append(.arc(center: Point(x: r.maxX - br, y: r.maxY - br), radius: br, from: 0, to: pi / 2)) }
        out.append(.line(Point(x: r.minX + bl, y: r.maxY)))
        if bl > 0 { out.append(.arc(center: Point(x: r.minX + bl, y: r.maxY - bl), radius: bl, from: pi / 2, to: pi)) }
        out.append(.line(Point(x: r.minX, y: r.minY + tl)))
        if tl > 0 { out.append(.arc(center: Point(x: r.minX + tl, y: r.minY + tl), radius: tl, from: pi, to: 3 * pi / 2)) }
        out.append(.close)
        return out
    }

    /// MJRefreshNormalHeader's arrow: a shaft with an open head, pointing down at rotation 0,
    /// turned about the frame's centre; stroked `lineWidth` wide with round caps and joins.
    public static func arrow(_ a: ArrowElement) -> (path: [PathCommand], lineWidth: Double) {
        let f = a.frame
        let h = f.height / 2, head = min(f.width, f.height) * 0.3
        let c = cos(a.rotation), s = sin(a.rotation)
        func p(_ x: Double, _ y: Double) -> Point { Point(x: f.midX + x * c - y * s, y: f.midY + x * s + y * c) }
        return ([.move(p(0, -h)), .line(p(0, h)), .move(p(-head, h - head)), .line(p(0, h)), .line(p(head, h - head))],
                max(1, f.width * 0.12))
    }

    /// UIActivityIndicatorView: twelve rounded spokes, the one `phase` steps clockwise from the
    /// top brightest and the others fading behind it; stroked `lineWidth` wide, round caps.
    public static func spinner(_ s: SpinnerElement) -> (spokes: [(from: Point, to: Point, alpha: Double)], lineWidth: Double) {
        let f = s.frame
        let r = min(f.width, f.height) / 2
        let spokes = (0..<12).map { k -> (from: Point, to: Point, alpha: Double) in
            let age = ((s.phase - k) % 12 + 12) % 12
            let angle = Double(k) * Double.pi / 6
            return (Point(x: f.midX + sin(angle) * r * 0.5, y: f.midY - cos(angle) * r * 0.5),
                    Point(x: f.midX + sin(angle) * r * 0.95, y: f.midY - cos(angle) * r * 0.95),
                    1 - Double(age) / 12 * 0.85)
        }
        return (spokes, max(1, r * 0.18))
    }

    /// Where the whole image goes for `element`'s content mode (UIView.ContentMode): the
    /// rectangle it is scaled into, centred on the frame; the frame clips it.
    public static func imageRect(_ element: ImageElement, imageWidth: Int, imageHeight: Int) -> Rect {
        let f = element.frame
        let iw = Double(imageWidth), ih = Double(imageHeight)
        var sx = f.width / iw, sy = f.height / ih
        switch element.contentMode {
        case .scaleToFill: break
        case .scaleAspectFit: sx = min(sx, sy); sy = sx
        case .scaleAspectFill: sx = max(sx, sy); sy = sx
        case .center: sx = 1; sy = 1
        }
        return Rect(x: f.midX - iw * sx / 2, y: f.midY - ih * sy / 2, width: iw * sx, height: ih * sy)
    }

    /// Adds `path` to Cairo's current path (user space in points).
    package static func append(_ path: [PathCommand], to cr: OpaquePointer) {
        for command in path {
            switch command {
            case .move(let p): cairo_move_to(cr, p.x, p.y)
            case .line(let p): cairo_line_to(cr, p.x, p.y)
            case .arc(let c, let r, let from, let to): cairo_arc(cr, c.x, c.y, r, from, to)
            case .close: cairo_close_path(cr)
            }
        }
    }
}
