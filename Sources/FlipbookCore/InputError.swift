/// An error in user input (a scene file, a command-line argument).
public struct InputError: Error, CustomStringConvertible, Sendable, Equatable {
    public var file: String
    /// JSON path such as `$.script[2].duration`; empty when the whole file is at fault.
    public var path: String
    public var line: Int?
    public var column: Int?
    public var message: String

    public init(file: String, path: String = "", line: Int? = nil, column: Int? = nil, message: String) {
        self.file = file; self.path = path; self.line = line; self.column = column; self.message = message
    }

    public var description: String {
        // A file's name comes from a directory listing or a glob as much as from the user: a
        // line break in it would forge a second line in a CI log.
        var s = file.unicodeScalars.contains(where: InputError.isHidden) ? InputError.visible(file) : file
        if let line { s += ":\(line)" + (column.map { ":\($0)" } ?? "") }
        s += ": "
        // A path built from a 10 MB key would flood the line: keep its start.
        if !path.isEmpty { s += (path.count > 200 ? String(path.prefix(200)) + "…" : path) + ": " }
        return s + message
    }
}

extension InputError {
    /// A user string as it may appear in a message: in quotes, control and non-printing
    /// characters escaped (\n, \u{1B}), cut to `limit` characters, so a message stays one
    /// line that no input can forge or flood.
    public static func quote(_ s: String, limit: Int = 60) -> String {
        Quoting.quote(s, limit: limit) { u in isHidden(u) ? escaped(u) : nil }
    }

    /// A scalar as a message writes one that must not appear as itself: `\u{1B}`.
    package static func escaped(_ u: Unicode.Scalar) -> String { "\\u{" + String(u.value, radix: 16, uppercase: true) + "}" }

    /// `s` with every hidden scalar (line breaks and tabs too) written as `\u{…}`.
    package static func visible(_ s: String) -> String {
        var out = ""
        for u in s.unicodeScalars {
            if isHidden(u) { out += escaped(u) } else { out.unicodeScalars.append(u) }
        }
        return out
    }

    /// Names a message lists, of a length a person can read whatever the input: at most
    /// `limit` of them, each quoted and cut at 40 characters, then "… and 1,998 more".
    package static func list(_ names: [String], limit: Int = 10) -> String {
        let shown = names.prefix(limit).map { quote($0, limit: 40) }.joined(separator: ", ")
        return names.count > limit ? shown + " … and \(NumberFormat.grouped(names.count - limit)) more" : shown
    }

    /// C0/C1 controls, line/paragraph separators, bidi overrides and noncharacters: scalars
    /// that must not reach a terminal, a log or a file name as themselves.
    public static func isHidden(_ u: Unicode.Scalar) -> Bool {
        let v = u.value
        return v < 0x20 || (v >= 0x7F && v < 0xA0) || v == 0x2028 || v == 0x2029 || (v >= 0x202A && v <= 0x202E)
            || (v >= 0x2066 && v <= 0x2069) || (v >= 0xFDD0 && v <= 0xFDEF) || v & 0xFFFE == 0xFFFE
    }
}

/// Double-quoted strings with the escapes JSON and Swift share (\" \\ \n \r \t); `escape`
/// writes any other scalar that must not appear as itself (nil keeps it).
public enum Quoting {
    public static func quote(_ s: String, limit: Int = .max, escape: (Unicode.Scalar) -> String?) -> String {
        var out = "\""
        var count = 0
        for u in s.unicodeScalars {
            if count == limit { out += "…"; break }
            count += 1
            switch u {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default:
                if let e = escape(u) { out += e } else { out.unicodeScalars.append(u) }
            }
        }
        return out + "\""
    }
}
