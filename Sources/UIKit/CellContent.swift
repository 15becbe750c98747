import Foundation
import FlipbookCore
import FlipbookSimulation
import FlipbookGraphics

/// A cell's view tree as Flipbook draws it: the subviews, front to back in the painter's order
/// UIKit composites them, each lowered to the item's content elements (a view's background to a
/// rectangle with its layer's corner radius, a UILabel to a label, a UIImageView to an image), in
/// the cell's coordinates. What an element cannot express yet is named, never drawn wrong.
enum UIKitCellContent {
    static func elements(of cell: UICollectionViewCell, problems: inout [String]) -> [ContentSpec] {
        let out = lowered(cell, problems: &problems)
        // Where the views landed — from Auto Layout, frames set in code — passes the element
        // check a scene file's content passes, named by the view (a constant of 1e308 put a
        // label at x 1e308, refused under a scene file's path).
        // The scene stops with the problem; nothing of the tree is handed on.
        if let problem = outOfRange(out) { problems.append(problem); return [] }
        return out
    }

    /// The first element whose place or size ContentSpec.problem() refuses, named by its view.
    static func outOfRange(_ list: [ContentSpec]) -> String? {
        for c in list {
            if let p = c.problem() { return "\(c.view ?? "a view"): its \(p.property) from its frame is out of range: expected \(p.expected)" }
            switch c.kind {
            case .clip(_, let inner), .transformed(_, let inner): if let p = outOfRange(inner) { return p }
            default: break
            }
        }
        return nil
    }

    private static func lowered(_ cell: UICollectionViewCell, problems: inout [String]) -> [ContentSpec] {
        var out: [ContentSpec] = []
        let names = propertyNames(of: cell)
        let bounds = CGRect(origin: .zero, size: cell.bounds.size)
        func cover(_ color: Color, radius: CGFloat, view: String) {
            var c = ContentSpec(kind: .rect(color, cornerRadius: Double(radius)), x: 0, y: 0, width: Double(bounds.width), height: Double(bounds.height))
            c.view = view
            out.append(c)
        }
        // A fill changed since the item was made (a didHighlightItemAt that colours the cell)
        // covers the one the item draws.
        let fill = UIKitCellLook.look(of: cell).0
        if let made = cell.madeWithFill, let fill, fill != made, cell.backgroundColor != nil {
            if fill.alpha >= 1 { cover(fill, radius: cell.layer.cornerRadius, view: "backgroundColor") } else { translucent() }
        }
        func translucent() { problems.append("a cell background that changes to a translucent colour during the scene is not drawn yet") }
        // The background view, or the selected one while highlighted or selected, behind the
        // content view (Apple: "replace the default background with the selected background").
        var shown = (cell.isSelected || cell.isHighlighted) && cell.selectedBackgroundView != nil ? cell.selectedBackgroundView : cell.backgroundView
        if let configuration = cell.backgroundConfiguration {
            // A background configuration takes the background views' place.
            shown = nil
            let insets = configuration.backgroundInsets
            let frame = CGRect(x: insets.leading, y: insets.top, width: bounds.width - insets.leading - insets.trailing,
                               height: bounds.height - insets.top - insets.bottom)
            switch configuration.resolvedColor() {
            case .success(let color?):
                var c = ContentSpec(kind: .rect(color, cornerRadius: Double(configuration.cornerRadius)), x: Double(frame.minX), y: Double(frame.minY),
                                    width: Double(max(0, frame.width)), height: Double(max(0, frame.height)))
                c.view = "backgroundConfiguration"
                out.append(c)
            case .success(nil): break
            case .failure(let problem): problems.append(problem.message)
            }
            if configuration.strokeWidth > 0, configuration.strokeColor != nil {
                problems.append("a background configuration's stroke is not drawn yet (its colour, corner radius and insets are)")
            }
            if let custom = configuration.customView {
                custom.frame = frame
                if let bg = custom.backgroundColor, bg.value.alpha > 0 { cover(bg.value, radius: custom.layer.cornerRadius, view: "backgroundConfiguration.customView") }
                walk(custom, path: "backgroundConfiguration.customView", names: names, placement: Placement(sx: 1, sy: 1, tx: frame.minX, ty: frame.minY),
                     alpha: custom.alpha, fill: nil, into: &out, problems: &problems)
            }
        }
        if let shown, !shown.isHidden, shown.alpha > 0.001 {
            shown.frame = bounds
            let name = shown === cell.selectedBackgroundView ? "selectedBackgroundView" : "backgroundView"
            if let bg = shown.backgroundColor, bg.value.alpha > 0 { cover(bg.value.multiplyingAlpha(Double(shown.alpha)), radius: shown.layer.cornerRadius, view: name) }
            walk(shown, path: name, names: names, placement: .identity, alpha: shown.alpha, fill: nil, into: &out, problems: &problems)
        } else if cell.backgroundConfiguration == nil, let made = cell.madeWithFill, let fill, fill != made, cell.backgroundColor == nil {
            // The content view's colour changed (Apple's sample colours it in didHighlightItemAt).
            if fill.alpha >= 1 { cover(fill, radius: cell.layer.cornerRadius, view: "contentView") } else { translucent() }
        }
        // The content view's own colour is the item's fill unless a background view lies between.
        walk(cell, path: nil, names: names, placement: .identity, alpha: 1,
             fill: cell.backgroundColor == nil && shown == nil && cell.backgroundConfiguration == nil && UIKitCellLook.contentViewIsFill(cell) ? cell.contentView : nil,
             into: &out, problems: &problems)
        return out
    }

    /// A scroll view's content: its subviews, in its content's coordinates, named by the
    /// properties of `owner` (its view controller) that hold them.
    static func elements(ofContentOf view: UIScrollView, owner: AnyObject, problems: inout [String]) -> [ContentSpec] {
        var out: [ContentSpec] = []
        walk(view, path: nil, names: propertyNames(of: owner), placement: .identity, alpha: 1, fill: nil, into: &out, problems: &problems)
        return out
    }

    /// `propertyNames(of:)` of a view tree's root, kept on it while its tree holds the same views
    /// (reflection is most of the work of lowering a cell that layout code changes every frame;
    /// a property moved to another view already in the tree keeps its old name until the tree
    /// changes).
    static func propertyNames(of root: UIView) -> [ObjectIdentifier: String] {
        var views: [ObjectIdentifier] = []
        func collect(_ v: UIView) { views.append(ObjectIdentifier(v)); for s in v.subviews { collect(s) } }
        collect(root)
        if let kept = root.propertyNamesKept, kept.views == views { return kept.names }
        let names = propertyNames(of: root as AnyObject)
        root.propertyNamesKept = (views, names)
        return names
    }

    /// The views `root`'s stored properties hold (its class's and its superclasses'), by
    /// property name: what a report calls them ("titleLabel").
    static func propertyNames(of root: AnyObject) -> [ObjectIdentifier: String] {
        var names: [ObjectIdentifier: String] = [:]
        var mirror: Mirror? = Mirror(reflecting: root)
        while let m = mirror {
            for child in m.children {
                guard var label = child.label, let view = child.value as? UIView ?? (child.value as? UIView?).flatMap({ $0 }) else { continue }
                if label.hasPrefix("$__lazy_storage_$_") { label.removeFirst("$__lazy_storage_$_".count) }
                if names[ObjectIdentifier(view)] == nil { names[ObjectIdentifier(view)] = label }
            }
            mirror = m.superclassMirror
        }
        return names
    }

    /// A header's or footer's view: its own background (with its layer's corner radius) as the
    /// first element, then its subviews.
    static func elements(of view: UICollectionReusableView, problems: inout [String]) -> [ContentSpec] {
        if let cell = view as? UICollectionViewCell { return elements(of: cell, problems: &problems) }
        var out: [ContentSpec] = []
        if let bg = view.backgroundColor, bg.value.alpha > 0 {
            out.append(ContentSpec(kind: .rect(bg.value, cornerRadius: Double(view.layer.cornerRadius)), x: 0, y: 0,
                                   width: Double(view.bounds.width), height: Double(view.bounds.height)))
        }
        walk(view, path: nil, names: propertyNames(of: view), placement: .identity, alpha: 1, fill: nil, into: &out, problems: &problems)
        return out
    }

    /// A layout pass over the tree: the root's layoutSubviews() (a cell sizes its content view),
    /// the constraints solved, then every view's layoutSubviews(), parents first, seeing the
    /// solved frames. Returns a line naming what cannot be laid out; required constraints that
    /// conflict are laid out with the one UIKit breaks broken, and said to `warn`.
    static func layOut(_ root: UIView, warn: (String) -> Void = { _ in }) -> String? {
        root.layoutSubviews()
        let problem = AutoLayoutSolver.solve(root, warn: warn)
        func down(_ v: UIView) { for s in v.subviews { s.layoutSubviews(); down(s) } }
        down(root)
        return problem
    }

    /// Where a view's points land in the root's: a scale and a translation per axis (a view's
    /// `transform` of translation and scale about its centre, composed down the tree).
    struct Placement: Equatable {
        var sx: CGFloat, sy: CGFloat, tx: CGFloat, ty: CGFloat
        static let identity = Placement(sx: 1, sy: 1, tx: 0, ty: 0)
        func map(_ r: CGRect) -> CGRect {
            let x0 = sx * r.minX + tx, x1 = sx * r.maxX + tx, y0 = sy * r.minY + ty, y1 = sy * r.maxY + ty
            return CGRect(x: min(x0, x1), y: min(y0, y1), width: abs(x1 - x0), height: abs(y1 - y0))
        }
        /// The placement of `sub`, a subview of the view this places: its frame's centre, then
        /// its transform about it (UIView.transform applies about the centre, the layer's
        /// default anchor point).
        func child(_ sub: UIView, transform t: CGAffineTransform? = nil) -> Placement {
            // The anchor point stays at the centre (the layer's position) as the transform scales about it.
            let t = t ?? sub.transform, w = sub.bounds.width, h = sub.bounds.height, anchor = sub.layer.anchorPoint
            let ox = sub.center.x - t.a * w * anchor.x + t.tx, oy = sub.center.y - t.d * h * anchor.y + t.ty
            return Placement(sx: sx * t.a, sy: sy * t.d, tx: sx * ox + tx, ty: sy * oy + ty)
        }
        var isUniform: Bool { abs(sx - sy) < 1e-9 && sx > 0 }
    }

    /// `path`: the view's name in reports (nil for the root); a subview no property holds is
    /// its parent's path, then its class and place among its siblings of that class. `fill`: a
    /// view whose background is the item's fill (a cell's content view when the cell has no
    /// colour of its own), not drawn again as an element.
    private static func walk(_ view: UIView, path: String?, names: [ObjectIdentifier: String], placement: Placement, alpha: CGFloat, fill: UIView?,
                             into out: inout [ContentSpec], problems: inout [String]) {
        var seen: [String: Int] = [:]
        for sub in view.subviews {
            let name = String(describing: type(of: sub))
            let index = seen[name, default: 0]
            seen[name] = index + 1
            guard !sub.isHidden && sub.alpha > 0.001 else { continue }
            let subPath = names[ObjectIdentifier(sub)] ?? ((path.map { $0 + " › " } ?? "") + "\(name)[\(index)]")
            let a = alpha * sub.alpha
            // The view's transform: UIView.transform, or its layer's when that is 2-D (a cell's
            // content view's layer transform moves the whole item instead, UIKitLayout.convert).
            var t = sub.transform
            let isContentView = (view as? UICollectionViewCell)?.contentView === sub
            if !CATransform3DIsIdentity(sub.layer.transform), !isContentView {
                if !CATransform3DIsAffine(sub.layer.transform) {
                    problems.append("\(subPath): a \(name)'s 3-D layer transform (perspective, or a turn out of the screen's plane) in a cell is not drawn yet (a 2-D one is, and the content view's 3-D one)")
                } else if t != .identity {
                    problems.append("\(subPath): a \(name) with both a transform and a layer transform is not drawn yet (UIKit keeps one: set one of them)")
                } else {
                    t = CATransform3DGetAffineTransform(sub.layer.transform)
                }
            }
            // Translation and scale place the view and its subtree; a rotation or shear turns
            // its whole drawing about its centre (the layer's default anchor point): drawn as if
            // unturned, then through the turn (TransformedElement).
            let turned = t.b != 0 || t.c != 0
            let placed = placement.child(sub, transform: turned ? CGAffineTransform(translationX: t.tx, y: t.ty) : t)
            guard turned else {
                drawView(sub, name: name, path: subPath, placed: placed, alpha: a, names: names, fill: fill, into: &out, problems: &problems)
                continue
            }
            guard placement.isUniform else {
                problems.append("\(subPath): a \(name) turned (its transform) inside a view scaled unevenly or mirrored is not drawn yet")
                continue
            }
            var inner: [ContentSpec] = []
            drawView(sub, name: name, path: subPath, placed: placed, alpha: a, names: names, fill: fill, into: &inner, problems: &problems)
            func shadowed(_ specs: [ContentSpec]) -> Bool {
                specs.contains { c in
                    if c.shadow != nil { return true }
                    if case .clip(_, let content) = c.kind { return shadowed(content) }
                    if case .transformed(_, let content) = c.kind { return shadowed(content) }
                    return false
                }
            }
            if shadowed(inner) { problems.append("\(subPath): a layer shadow in a turned \(name) is not drawn yet") }
            guard !inner.isEmpty else { continue }
            let f = placed.map(CGRect(origin: .zero, size: sub.bounds.size))
            let anchor = sub.layer.anchorPoint
            let pivot = Point(x: Double(f.minX + f.width * anchor.x), y: Double(f.minY + f.height * anchor.y))
            let turn = Transform2D(a: Double(t.a), b: Double(t.b), c: Double(t.c), d: Double(t.d), about: pivot)
            let box = turn.bounds(of: Rect(x: Double(f.minX), y: Double(f.minY), width: Double(f.width), height: Double(f.height)))
            var group = ContentSpec(kind: .transformed(turn, content: inner), x: box.minX, y: box.minY, width: box.width, height: box.height)
            group.view = subPath
            out.append(group)
        }
    }

    /// What `sub` draws and its subtree, placed by `placed`, into `out` (its transform's
    /// rotation, if any, applied by the caller around all of it).
    private static func drawView(_ sub: UIView, name: String, path subPath: String, placed: Placement, alpha a: CGFloat,
                                 names: [ObjectIdentifier: String], fill: UIView?, into out: inout [ContentSpec], problems: inout [String]) {
        let f = placed.map(CGRect(origin: .zero, size: sub.bounds.size))
        func scaled(_ what: String) -> Bool {
            if placed.isUniform { return true }
            problems.append("\(subPath): a \(what) scaled unevenly or mirrored (its transform or a superview's) is not drawn yet")
            return false
        }
        /// An element of `kind` at `frame` (the view's own by default), named `view`.
        func spec(_ kind: ContentSpec.Kind, at frame: CGRect? = nil, view: String? = nil) -> ContentSpec {
            let r = frame ?? f
            var c = ContentSpec(kind: kind, x: Double(r.minX), y: Double(r.minY), width: Double(max(0, r.width)), height: Double(max(0, r.height)))
            c.view = view ?? subPath
            return c
        }
        func place(_ kind: ContentSpec.Kind) { out.append(spec(kind)) }
        // The content view's colour is the cell's fill when the cell has none (UIKitCellLook).
        let isFill = sub === fill
        let layer = sub.layer
        // CALayer's shadow follows what the layer draws: here its background, rounded, or the
        // shape its shadowPath gives; a layer that masks to its bounds clips its shadow away.
        let corners = layer.maskedCorners.corners
        var shadow: Shadow?
        if layer.shadowOpacity > 0, !layer.masksToBounds, let c = layer.shadowColor {
            let k = Double(abs(placed.sx))
            let cast = Shadow(color: c.color.value, opacity: Double(layer.shadowOpacity) * Double(a),
                              offset: Point(x: Double(layer.shadowOffset.width) * k, y: Double(layer.shadowOffset.height) * k),
                              radius: Double(layer.shadowRadius) * k)
            if let path = layer.shadowPath {
                switch path.shape {
                case .rect, .roundedRect:
                    // Cast by the path's shape alone, behind the view's background.
                    var radius: CGFloat = 0
                    if case .roundedRect(_, let r) = path.shape { radius = r }
                    if radius == 0 || scaled("shadow path") {
                        var c = spec(.rect(.clear, cornerRadius: Double(radius * abs(placed.sx))), at: placed.map(path.boundingBox),
                                     view: subPath + ".layer.shadowPath")
                        c.shadow = cast
                        out.append(c)
                    }
                case .unsupported(let what):
                    problems.append("\(subPath): a layer shadowPath of \(what) is not drawn yet (a rectangle, a rounded rectangle and a circle are)")
                }
            } else if let bg = sub.backgroundColor, bg.value.alpha > 0, !isFill {
                shadow = cast
            } else {
                problems.append("\(subPath): a \(name)'s layer shadow without a background colour (a shadow of its content's outline) is not drawn yet (of a view with one, or with a shadowPath, it is)")
            }
        }
        if let bg = sub.backgroundColor, bg.value.alpha > 0, !isFill, layer.cornerRadius == 0 || scaled("rounded view") {
            place(.rect(bg.value.multiplyingAlpha(Double(a)), cornerRadius: Double(layer.cornerRadius * abs(placed.sx))))
            out[out.count - 1].shadow = shadow
            out[out.count - 1].corners = corners
        }
        // CALayer's border is drawn over the layer's sublayers: placed after the subtree.
        var border: ContentSpec?
        if layer.borderWidth > 0, let bc = layer.borderColor, bc.color.value.alpha > 0, layer.cornerRadius == 0 || scaled("bordered view") {
            var c = spec(.rect(.clear, cornerRadius: Double(layer.cornerRadius * abs(placed.sx))), view: subPath + ".layer.border")
            c.border = (bc.color.value.multiplyingAlpha(Double(a)), Double(layer.borderWidth * abs(placed.sx)))
            c.corners = corners
            border = c
        }
        if layer.cornerRadius > 0, corners != .all, sub is UIImageView || sub.clipsToBounds {
            problems.append("\(subPath): maskedCorners on a \(name) that clips or shows an image is not drawn yet (on its background and border it is)")
        }
        defer { if let border { out.append(border) } }
        if let label = sub as? UILabel, let text = label.text, !text.isEmpty {
            // A character no font draws would be a blank on every frame: named instead.
            if let u = UIKitText.service.missingCharacter(in: text) {
                problems.append("\(subPath): UILabel text has \"\(Character(u))\" (U+\(String(u.value, radix: 16, uppercase: true))), which none of Flipbook's fonts draws (Inter, Noto Sans CJK SC, Noto Color Emoji); it would be left blank")
            }
            var font: UIFont = label.font ?? UIFont.systemFont(ofSize: 17)
            var textColor: UIColor = label.textColor ?? .label
            switch label.attributedStyle() {
            case .success(let style):
                if let f = style.font { font = f }
                if let c = style.color { textColor = c }
            case .failure(let problem): problems.append("\(subPath): " + problem.message)
            }
            let alignment: TextAlignment = label.drawnAlignment == .center ? .center : label.drawnAlignment == .right ? .right : .left
            if label.adjustsFontSizeToFitWidth && label.numberOfLines != 1 {
                problems.append("\(subPath): adjustsFontSizeToFitWidth on a label of more than one line is not drawn yet (UIKit means it for one line)")
            }
            let fontSize = label.numberOfLines == 1 ? label.drawnFontSize(width: sub.bounds.width) : font.pointSize
            if scaled("label") {
                var element = font.element(text, width: 0, fontSize: Double(fontSize * placed.sx), numberOfLines: label.numberOfLines,
                                           lineBreakMode: LineBreakMode(label.drawnLineBreakMode))
                element.color = textColor.value.multiplyingAlpha(Double(a))
                element.alignment = alignment
                element.lineSpacing = Double((label.paragraphStyle?.lineSpacing ?? 0) * placed.sx)
                element.paragraphSpacing = Double((label.paragraphStyle?.paragraphSpacing ?? 0) * placed.sx)
                element.runs = label.textRuns(scale: placed.sx).map { r in
                    var r = r
                    r.color = r.color?.multiplyingAlpha(Double(a))
                    return r
                }
                if !element.runs.isEmpty {
                    if label.adjustsFontSizeToFitWidth { problems.append("\(subPath): adjustsFontSizeToFitWidth with attributedText runs is not drawn yet") }
                    // Runs are set on the text shown whole; a truncated label's last line is set again.
                    var whole = element
                    whole.frame.size.width = Double(f.width)
                    whole.numberOfLines = 0
                    let shown = UIKitText.height({ var e = whole; e.numberOfLines = label.numberOfLines; return e }())
                    let all = UIKitText.height(whole)
                    let oneLineTooWide = label.numberOfLines == 1 && UIKitText.width(element) > Double(f.width) + 0.01
                    if all > shown + 0.01 || all > Double(f.height) + 0.5 || oneLineTooWide && label.drawnLineBreakMode != .byClipping {
                        problems.append("\(subPath): attributedText with runs of different fonts or colours, or a kern, that is truncated is not drawn yet (shown whole, it is)")
                    }
                }
                place(.text(element))
            }
        }
        if let button = sub as? UIButton {
            // The image and the title side by side, the image first, centred together in the
            // bounds (UIControl's content alignments default to centre); the title one line, in
            // the title colour for the state or a system button's tint; the image a template in
            // the tint on a system button (UIButton.tintColor: "the tint color to apply to the
            // button title and image"), or when it is always one.
            var title: TextElement?
            if let text = button.currentTitle, !text.isEmpty, let label = button.titleLabel as? ButtonTitleLabel {
                if !label.fontWasSet {
                    problems.append("\(subPath): a UIButton's title in the default font is not drawn yet (UIKit does not publish it): set titleLabel?.font")
                } else if let color = button.drawnTitleColor {
                    if scaled("button") {
                        var element = label.font.element(text, width: 0, fontSize: Double(label.font.pointSize * placed.sx))
                        element.color = color.value.multiplyingAlpha(Double(a))
                        element.alignment = .center
                        title = element
                    }
                } else {
                    problems.append("\(subPath): a custom UIButton's title without a title colour is not drawn yet: setTitleColor(_:for:)")
                }
            }
            if let image = button.image(for: button.state), scaled("button") {
                let k = Double(placed.sx), iw = Double(image.size.width) * k, ih = Double(image.size.height) * k
                let natural = title.map(UIKitText.width) ?? 0
                let tw = max(0, min(natural, Double(f.width) - iw))
                let x0 = Double(f.minX) + max(0, (Double(f.width) - iw - tw) / 2)
                var picture = spec(.image(image.data, contentMode: .scaleToFill, cornerRadius: 0),
                                   at: CGRect(x: x0, y: Double(f.midY) - ih / 2, width: iw, height: ih), view: subPath + " › imageView")
                let template = image.renderingMode == .alwaysTemplate || image.renderingMode == .automatic && button.buttonType == .system
                picture.imageTint = template ? button.tintColor.value : nil
                picture.imageAlpha = Double(a)
                out.append(picture)
                if var t = title, tw > 0 {
                    t.alignment = .left
                    out.append(spec(.text(t), at: CGRect(x: x0 + iw, y: Double(f.minY), width: tw, height: Double(f.height))))
                }
            } else if let title {
                place(.text(title))
            }
        }
        if let imageView = sub as? UIImageView, let image = imageView.image {
            if let mode = FlipbookCore.ContentMode(imageView.contentMode) {
                if scaled("image view") {
                    place(.image(image.data, contentMode: mode, cornerRadius: Double(imageView.layer.cornerRadius * placed.sx)))
                    out[out.count - 1].imageTint = image.renderingMode == .alwaysTemplate ? imageView.tintColor.value : nil
                    out[out.count - 1].imageAlpha = Double(a)
                }
            } else {
                problems.append("UIImageView.contentMode .\(imageView.contentMode) is not drawn yet (scaleToFill, scaleAspectFit, scaleAspectFill and center are)")
            }
        }
        guard sub.clipsToBounds else {
            walk(sub, path: subPath, names: names, placement: placed, alpha: a, fill: fill, into: &out, problems: &problems)
            return
        }
        // A view that clips its subviews (a parallax image in its frame): what reaches
        // outside its bounds is drawn clipped to them, with its corner radius.
        var inner: [ContentSpec] = []
        walk(sub, path: subPath, names: names, placement: placed, alpha: a, fill: fill, into: &inner, problems: &problems)
        let bounds = f.insetBy(dx: -1e-6, dy: -1e-6)
        if inner.allSatisfy({ bounds.contains(CGRect(x: $0.x ?? 0, y: $0.y ?? 0, width: $0.width ?? 0, height: $0.height)) }) {
            out += inner
        } else if sub.layer.cornerRadius == 0 || scaled("rounded view") {
            place(.clip(cornerRadius: Double(sub.layer.cornerRadius * abs(placed.sx)), content: inner))
        }
    }
}

extension Color {
    func multiplyingAlpha(_ a: Double) -> Color { Color(red: red, green: green, blue: blue, alpha: alpha * a) }
}

extension LineBreakMode {
    init(_ mode: NSLineBreakMode) {
        switch mode {
        case .byWordWrapping: self = .byWordWrapping
        case .byCharWrapping: self = .byCharWrapping
        case .byClipping: self = .byClipping
        case .byTruncatingHead: self = .byTruncatingHead
        case .byTruncatingTail: self = .byTruncatingTail
        case .byTruncatingMiddle: self = .byTruncatingMiddle
        }
    }
}

extension FlipbookCore.ContentMode {
    init?(_ mode: UIView.ContentMode) {
        switch mode {
        case .scaleToFill: self = .scaleToFill
        case .scaleAspectFit: self = .scaleAspectFit
        case .scaleAspectFill: self = .scaleAspectFill
        case .center: self = .center
        default: return nil
        }
    }
}
