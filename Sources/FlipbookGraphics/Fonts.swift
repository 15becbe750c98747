import CCairo
import FlipbookCore

/// The fonts Flipbook draws with. They are loaded by file into a private fontconfig
/// configuration, so text looks the same whatever else the machine has installed or however
/// its fontconfig is set up: WenQuanYi Micro Hei for CJK and Latin, Noto Color Emoji for emoji
/// (both Debian packages, installed by scripts/setup.sh).
public enum FontLibrary {
    /// The first family asked for; the private configuration falls back per glyph to the other.
    public static let family = "WenQuanYi Micro Hei"
    public static let files = [
        "/usr/share/fonts/truetype/wqy/wqy-microhei.ttc",
        "/usr/share/fonts/truetype/noto/NotoColorEmoji.ttf",
    ]

    /// Two of fontconfig's stock rules, which a private configuration does not get by itself:
    /// bitmap scaling (its conf.avail/10-scale-bitmap-fonts.conf), without which Noto Color
    /// Emoji's 109-pixel bitmaps are drawn unscaled, and synthetic bold (90-synthetic.conf):
    /// WenQuanYi has no bold face, so a bold request gets the regular face emboldened.
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
          <match target="font">
            <test name="weight" compare="less_eq"><const>medium</const></test>
            <test target="pattern" name="weight" compare="more_eq"><const>bold</const></test>
            <edit name="embolden" mode="assign"><bool>true</bool></edit>
            <edit name="weight" mode="assign"><const>bold</const></edit>
          </match>
        </fontconfig>
        """

    /// The configuration, made once; fontconfig configurations are safe to share between threads.
    nonisolated(unsafe) private static let loaded: Result<OpaquePointer, GraphicsError> = {
        guard let config = FcConfigCreate() else { return .failure(GraphicsError("fontconfig could not create a configuration")) }
        for file in files {
            guard FcConfigAppFontAddFile(config, file) != 0 else {
                return .failure(GraphicsError("font file \(file) is missing or unreadable (scripts/setup.sh installs fonts-wqy-microhei and fonts-noto-color-emoji)"))
            }
        }
        guard FcConfigParseAndLoadFromMemory(config, rules, 1) != 0 else {
            return .failure(GraphicsError("fontconfig refused Flipbook's font rules"))
        }
        return .success(config)
    }()

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
        return out.filter { $0.0 == family || !$0.0.hasPrefix(family) }
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
