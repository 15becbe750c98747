import CCairo
import FlipbookCore

/// The fonts Flipbook draws with. They are loaded by file into a private fontconfig
/// configuration, so text looks the same whatever else the machine has installed or however
/// its fontconfig is set up: Inter Display for Latin, Noto Sans CJK SC for Chinese, Noto Color
/// Emoji for emoji (Debian packages, installed by scripts/setup.sh; all under the SIL Open Font
/// License); Inter Display in Regular, SemiBold, Bold and their italics, spaced as SF
/// (`SystemFont`).
///
/// The open fonts nearest Apple's: Inter Display's line is 1.209 em (ascender 0.964, descender 0.245),
/// SF's 1.193 em (UIFont.systemFont(ofSize: 15).lineHeight is 17.9004, measured; ascender 0.952,
/// descender 0.241, measured on systemFont(ofSize: 20)); both have real bold faces, where
/// WenQuanYi, used before, had its regular face emboldened. Noto Sans CJK (Source Han Sans)
/// draws Chinese as PingFang does, its line 1.448 em against PingFang's about 1.4, in real
/// Regular and Medium: PingFang's heaviest face is Semibold, which iOS sets bold and semibold
/// Chinese in, and Noto's Medium is nearer it than Noto's Bold (fontconfig picks Medium, the
/// heaviest face loaded, for either weight) (docs/architecture.md#text says where the figures
/// come from).
public enum FontLibrary {
    /// The families asked for, in order: Latin first (so "…", digits and punctuation are
    /// Inter's, on the baseline, as after Latin text on iOS), then Chinese; emoji fall back by
    /// coverage.
    public static let families = ["Inter Display", "Noto Sans CJK SC", "Noto Color Emoji"]
    /// The family list a Pango font description takes.
    public static let family = families.joined(separator: ",")
    public static let files = [
        "/usr/share/fonts/opentype/inter/InterDisplay-Regular.otf",
        "/usr/share/fonts/opentype/inter/InterDisplay-SemiBold.otf",
        "/usr/share/fonts/opentype/inter/InterDisplay-Bold.otf",
        "/usr/share/fonts/opentype/inter/InterDisplay-Italic.otf",
        "/usr/share/fonts/opentype/inter/InterDisplay-SemiBoldItalic.otf",
        "/usr/share/fonts/opentype/inter/InterDisplay-BoldItalic.otf",
        "/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc",
        "/usr/share/fonts/opentype/noto/NotoSansCJK-Medium.ttc",
        "/usr/share/fonts/truetype/noto/NotoColorEmoji.ttf",
    ]
    /// The one face of a collection Flipbook uses, by file: Noto Sans CJK's collections hold ten
    /// (JP, KR, SC, TC, HK and their Mono), and fontconfig reads every glyph's coverage of each
    /// face it is given — about 40 ms a process for the twenty. The SC face is the third; if a
    /// version of the collection puts another there, the whole collection is loaded.
    static let faces = ["/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc": (index: 2, family: "Noto Sans CJK SC"),
                        "/usr/share/fonts/opentype/noto/NotoSansCJK-Medium.ttc": (index: 2, family: "Noto Sans CJK SC")]

    /// Two of fontconfig's stock rules, which a private configuration does not get by itself:
    /// bitmap scaling (its conf.avail/10-scale-bitmap-fonts.conf), without which Noto Color
    /// Emoji's 109-pixel bitmaps are drawn unscaled, and the "emoji" alias (60-generic.conf,
    /// which prefers Noto Color Emoji): Pango sets an emoji sequence in family "emoji"
    /// (pango/itemize.c), so without it "1️⃣" takes its "1" from Inter and falls apart.
    static let rules = """
        <?xml version="1.0"?>
        <!DOCTYPE fontconfig SYSTEM "urn:fontconfig:fonts.dtd">
        <fontconfig>
          <match target="font">
            <test name="outline" compare="eq"><bool>false</bool></test>
            <edit name="pixelsizefixupfactor" mode="assign">
              <divide><name target="pattern">pixelsize</name><name target="font">pixelsize</name></divide>
            </edit>
          </match>
          <match target="font">
            <test name="outline" compare="eq"><bool>false</bool></test>
            <test name="pixelsizefixupfactor" compare="not_eq"><double>1.0</double></test>
            <edit name="matrix" mode="assign">
              <times><name>matrix</name>
                <matrix><name>pixelsizefixupfactor</name> <double>0</double> <double>0</double> <name>pixelsizefixupfactor</name></matrix>
              </times>
            </edit>
            <edit name="size" mode="assign"><divide><name>size</name><name>pixelsizefixupfactor</name></divide></edit>
          </match>
          <alias binding="same"><family>emoji</family><prefer><family>Noto Color Emoji</family></prefer></alias>
        </fontconfig>
        """

    /// The configuration, made once; fontconfig configurations are safe to share between threads.
    nonisolated(unsafe) private static let loaded: Result<OpaquePointer, GraphicsError> = {
        guard let config = FcConfigCreate() else { return .failure(GraphicsError("fontconfig could not create a configuration")) }
        for file in files {
            if let face = faces[file], addFace(face.index, of: file, family: face.family, to: config) { continue }
            guard FcConfigAppFontAddFile(config, file) != 0 else {
                return .failure(GraphicsError("font file \(file) is missing or unreadable (scripts/setup.sh installs fonts-inter, fonts-noto-cjk, fonts-noto-cjk-extra and fonts-noto-color-emoji)"))
            }
        }
        guard FcConfigParseAndLoadFromMemory(config, rules, 1) != 0 else {
            return .failure(GraphicsError("fontconfig refused Flipbook's font rules"))
        }
        return .success(config)
    }()

    /// Adds face `index` of `file` to the configuration's application fonts when it is `family`.
    private static func addFace(_ index: Int, of file: String, family: String, to config: OpaquePointer) -> Bool {
        guard let set = FcConfigGetFonts(config, FcSetApplication) else { return false }
        var count: Int32 = 0
        guard let pattern = FcFreeTypeQuery(file, UInt32(index), nil, &count) else { return false }
        var name: UnsafeMutablePointer<FcChar8>?
        guard FcPatternGetString(pattern, FC_FAMILY, 0, &name) == FcResultMatch, let name, String(cString: name) == family,
              FcFontSetAdd(set, pattern) != 0 else {
            FcPatternDestroy(pattern)
            return false
        }
        return true
    }

    /// Throws when the fonts cannot be loaded (a file is missing).
    public static func check() throws { _ = try configuration() }

    /// The loaded fonts' families and versions (the font's head table revision, as fontconfig
    /// reads it): what a golden records, since a new font version moves glyph edges.
    public static var versions: [(family: String, version: String)] {
        guard let config = try? configuration(), let set = FcConfigGetFonts(config, FcSetApplication) else { return [] }
        var out: [(String, String)] = []
        for i in 0..<Int(set.pointee.nfont) {
            guard let pattern = set.pointee.fonts[i] else { continue }
            var family: UnsafeMutablePointer<FcChar8>?
            var version: Int32 = 0
            guard FcPatternGetString(pattern, FC_FAMILY, 0, &family) == FcResultMatch, let family,
                  FcPatternGetInteger(pattern, FC_FONTVERSION, 0, &version) == FcResultMatch else { continue }
            let name = String(cString: family)
            if !out.contains(where: { $0.0 == name }) { out.append((name, NumberFormat.short((Double(version) / 65536 * 1000).rounded() / 1000))) }
        }
        // The collections hold other faces too (Noto Sans CJK JP, Mono…): the ones asked for count.
        return out.filter { families.contains($0.0) }
    }

    /// The drawing libraries' versions (what a golden records: a new one can move pixels).
    public static var libraryVersions: [(name: String, version: String)] {
        let fc = Int(FcGetVersion())
        return [("cairo", String(cString: cairo_version_string())), ("pango", String(cString: pango_version_string())),
                ("pixman", String(cString: pixman_version_string())), ("fontconfig", "\(fc / 10000).\(fc / 100 % 100).\(fc % 100)")]
    }

    static func configuration() throws -> OpaquePointer { try loaded.get() }
}

/// A drawing resource (a font or an image) that cannot be used; the message says which and why.
public struct GraphicsError: Error, CustomStringConvertible, Sendable {
    public var message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}
