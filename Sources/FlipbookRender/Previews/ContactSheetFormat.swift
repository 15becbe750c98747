import CCairo
import FlipbookCore
import FlipbookGraphics

/// A contact sheet for design reviews: evenly spaced frames of the timeline (all of them when
/// it has no more than `RenderOptions.sheetFrames`), drawn as vector thumbnails at half size
/// in rows of four, each with its frame number and time underneath, under a line naming the
/// scene. One PNG, `<scene>-sheet.png`, at the canvas scale.
public struct ContactSheetFormat: TimelineFormat {
    public var name: String { "sheet" }
    public var summary: String { "<scene>-sheet.png, a contact sheet of frames with times" }
    public init() {}

    /// How many frames a sheet may show (`--sheet-frames`).
    package static let frameRange = 1...100
    static let columns = 4
    static let thumbnailScale = 0.5
    static let padding = 16.0
    static let titleHeight = 28.0
    static let labelHeight = 22.0

    /// Indices into `frames` of `count` evenly spaced frames, first and last included.
    static func pick(_ total: Int, count: Int) -> [Int] {
        guard total > count else { return Array(0..<total) }
        guard count > 1 else { return [0] }
        return (0..<count).map { ($0 * (total - 1) * 2 + (count - 1)) / (2 * (count - 1)) }
    }

    /// The sheet's canvas for `timeline`: rows of `columns` thumbnails under the title.
    static func size(of timeline: Timeline, options: RenderOptions) -> Canvas {
        let count = min(timeline.frames.count, max(1, options.sheetFrames))
        let c = timeline.canvas
        let tw = c.width * thumbnailScale, th = c.height * thumbnailScale
        let columns = max(1, min(ContactSheetFormat.columns, count))
        let rows = (count + columns - 1) / columns
        return Canvas(width: padding + Double(columns) * (tw + padding),
                      height: titleHeight + padding + Double(rows) * (th + labelHeight + padding),
                      scale: c.scale, background: Color(red: 0.9, green: 0.9, blue: 0.92))
    }

    public func renderTimeline(_ timeline: Timeline, options: RenderOptions) throws -> [OutputFile] {
        let picked = ContactSheetFormat.pick(timeline.frames.count, count: max(1, options.sheetFrames)).map { timeline.frames[$0] }
        guard !picked.isEmpty else { throw RenderError("a contact sheet needs at least one frame") }
        let c = timeline.canvas
        let tw = c.width * ContactSheetFormat.thumbnailScale, th = c.height * ContactSheetFormat.thumbnailScale
        let columns = min(ContactSheetFormat.columns, picked.count)
        let p = ContactSheetFormat.padding
        let sheet = ContactSheetFormat.size(of: timeline, options: options)
        let width = sheet.width
        guard let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(sheet.pixelWidth), Int32(sheet.pixelHeight)) else {
            throw RenderError("could not create a \(sheet.pixelWidth)x\(sheet.pixelHeight) contact sheet")
        }
        defer { cairo_surface_destroy(surface) }
        try cairoCheck(cairo_surface_status(surface), "contact sheet")
        let cr = cairo_create(surface)!
        defer { cairo_destroy(cr) }
        cairo_scale(cr, Double(c.scale), Double(c.scale))
        CairoDrawing.set(cr, sheet.background)
        cairo_paint(cr)

        let last = timeline.frames.last!
        let seconds = Double(last.index + 1) / Double(timeline.fps)
        let title = "\(timeline.scene) — \(timeline.frames.count) frames at \(timeline.fps) fps, \(NumberFormat.short(seconds)) s"
        try Typesetter.with { t in
            t.draw(TextElement(text: title, frame: Rect(x: p, y: 0, width: width - 2 * p, height: ContactSheetFormat.titleHeight),
                               fontSize: 15, weight: .bold, color: Color(red: 0.1, green: 0.1, blue: 0.12)), on: cr)
        }

        for (k, frame) in picked.enumerated() {
            let x = p + Double(k % columns) * (tw + p)
            let y = ContactSheetFormat.titleHeight + p + Double(k / columns) * (th + ContactSheetFormat.labelHeight + p)
            cairo_save(cr)
            cairo_translate(cr, x, y)
            cairo_rectangle(cr, 0, 0, tw, th)
            cairo_clip(cr)
            cairo_scale(cr, ContactSheetFormat.thumbnailScale, ContactSheetFormat.thumbnailScale)
            try CairoDrawing.draw(frame, canvas: c, on: cr, options: options)
            cairo_restore(cr)
            // A hairline frame around the thumbnail.
            cairo_rectangle(cr, x - 0.5, y - 0.5, tw + 1, th + 1)
            CairoDrawing.set(cr, Color(red: 0, green: 0, blue: 0, alpha: 0.25))
            cairo_set_line_width(cr, 1)
            cairo_stroke(cr)
            // Times to the hundredth of a second read better than six decimals.
            let label = "frame \(frame.index) · \(NumberFormat.short((frame.time * 100).rounded() / 100)) s"
            try Typesetter.with { t in
                t.draw(TextElement(text: label, frame: Rect(x: x, y: y + th + 2, width: tw, height: ContactSheetFormat.labelHeight - 4),
                                   fontSize: 12, color: Color(red: 0.2, green: 0.2, blue: 0.24)), on: cr)
            }
        }
        try cairoCheck(cairo_status(cr), "drawing the contact sheet")
        cairo_surface_flush(surface)
        return [OutputFile(name: timeline.scene + "-sheet.png", bytes: try PNGEncoder.encode(surface: surface))]
    }
}
