// One declarative table of options per command: parsing (`--x y` and `--x=y`), the checks of
// each value, the help text and the README's usage line all come from it, and an unknown
// option is answered with the nearest one ("did you mean --fps?").

import FlipbookCore

/// One option of a command.
struct OptionSpec {
    /// "--fps"; `short` is "-o" for the few that have one.
    var name: String
    var short: String?
    /// The value's placeholder ("N", "DIR"); nil for a flag. `optionalValue`: the option may
    /// stand alone or take `=value` (--record, --record=force).
    var value: String?
    var optionalValue = false
    /// Lines of help (the first one next to the option).
    var help: [String]
    /// Shown in the usage line (the few options a command is used with).
    var inUsage = false
    /// The values a number option accepts: what parsing checks and the help and errors say.
    var integers: ClosedRange<Int>?
    var numbers: ClosedRange<Double>?

    init(_ name: String, short: String? = nil, value: String? = nil, optionalValue: Bool = false, inUsage: Bool = false, _ help: String...) {
        self.name = name; self.short = short; self.value = value; self.optionalValue = optionalValue; self.inUsage = inUsage
        self.help = help
    }

    init(_ name: String, value: String? = nil, inUsage: Bool = false, lines: [String]) {
        self.name = name; self.value = value; self.inUsage = inUsage; self.help = lines
    }

    /// The same option with the values it accepts (one declaration, read by parsing and help).
    func accepting(_ range: ClosedRange<Int>) -> OptionSpec { var o = self; o.integers = range; return o }
    func accepting(_ range: ClosedRange<Double>) -> OptionSpec { var o = self; o.numbers = range; return o }

    var spelled: String { (short.map { $0 + ", " } ?? "") + name + (value.map { optionalValue ? "[=\($0)]" : " " + $0 } ?? "") }
}

/// A command's interface: what its help says and which options it takes.
struct CommandSpec {
    var name: String
    /// "SCENE [-o DIR]" and the like, after the command's name.
    var arguments: String
    var summary: String
    /// Paragraphs of the help, before the options.
    var description: String
    var options: [OptionSpec]

    /// The help text: usage, description, options.
    var help: String {
        var h = "Usage: flipbook \(name)\(arguments.isEmpty ? "" : " " + arguments) [options]\n\n\(description)\n\nOptions:\n"
        let width = max(20, (options.map { $0.spelled.count }.max() ?? 0) + 2)
        for o in options + [OptionSpec("--help", short: "-h", "show this help")] {
            let left = "  " + o.spelled
            h += left + String(repeating: " ", count: max(1, width + 2 - left.count)) + (o.help.first ?? "") + "\n"
            for more in o.help.dropFirst() { h += String(repeating: " ", count: width + 2) + more + "\n" }
        }
        return h + "\n"
    }

    /// The README's usage line: every option in brackets, in the table's order.
    /// The whole command line with every option (those already in `arguments` once).
    var usageLine: String {
        let shown = arguments.split(separator: " ").map(String.init)
        return (["flipbook", name] + (arguments.isEmpty ? [] : [arguments]) + options.filter { !shown.contains($0.short ?? $0.name) }.map { o in
            let spelled = o.short ?? o.name
            guard let value = o.value else { return "[\(spelled)]" }
            return o.optionalValue ? "[\(spelled)[=\(value)]]" : "[\(spelled) \(value)]"
        }).joined(separator: " ")
    }

    /// Parses `args` by the table: options (`--x y`, `--x=y`) and positional arguments.
    func parse(_ args: [String]) throws -> ParsedOptions {
        var out = ParsedOptions(command: name)
        var i = 0
        while i < args.count {
            let a = args[i]
            i += 1
            if a == "-h" || a == "--help" { out.help = true; continue }
            guard a.hasPrefix("-"), a != "-" else { out.positional.append(a); continue }
            let (key, inline) = a.hasPrefix("--") && a.contains("=") ? (String(a[..<a.firstIndex(of: "=")!]), String(a[a.index(after: a.firstIndex(of: "=")!)...]))
                                                                      : (a, nil as String?)
            guard let spec = options.first(where: { $0.name == key || $0.short == key }) else {
                throw UsageError(message: "unknown option '\(key)'" + Spelling.suggestion(key, among: options.map(\.name) + ["--help"], quote: "'"), command: name)
            }
            if spec.value == nil {
                if inline != nil { throw UsageError(message: "\(spec.name) takes no value", command: name) }
                out.flags.insert(spec.name)
            } else if spec.optionalValue {
                out.values[spec.name] = inline ?? ""
            } else if let inline {
                out.values[spec.name] = inline
            } else {
                guard i < args.count else { throw UsageError(message: "\(spec.short ?? spec.name) needs a value", command: name) }
                // `-o --show-touches` forgot the value: never a folder named after an option.
                // A value that does start with "--" can still be given as `--output=--x`.
                let next = args[i]
                if next.hasPrefix("--") || next == "-h" || options.contains(where: { $0.short == next }) {
                    throw UsageError(message: "\(spec.short ?? spec.name) needs a value, got the option '\(next)' (write \(spec.name)=\(next) if that is the value)", command: name)
                }
                out.values[spec.name] = next
                i += 1
            }
        }
        return out
    }
}

/// What a command line said, by option name; each value checked when it is read.
struct ParsedOptions {
    let command: String
    var values: [String: String] = [:]
    var flags: Set<String> = []
    var positional: [String] = []
    var help = false

    func has(_ name: String) -> Bool { flags.contains(name) || values[name] != nil }
    func string(_ name: String) -> String? { values[name] }

    /// The value of an option declared with `accepting(_:)`, checked against its range.
    func integer(_ spec: OptionSpec) throws -> Int? { try integer(spec.name, spec.integers!) }
    func number(_ spec: OptionSpec) throws -> Double? { try number(spec.name, spec.numbers!) }

    func integer(_ name: String, _ range: ClosedRange<Int>) throws -> Int? {
        guard let v = values[name] else { return nil }
        guard let n = Int(v), range.contains(n) else {
            throw UsageError(message: "\(name) expects a whole number from \(range.lowerBound) to \(range.upperBound), got '\(v)'", command: command)
        }
        return n
    }

    func number(_ name: String, _ range: ClosedRange<Double>) throws -> Double? {
        guard let v = values[name] else { return nil }
        guard let d = Double(v), d.isFinite, range.contains(d) else {
            throw UsageError(message: "\(name) expects a number from \(NumberFormat.short(range.lowerBound)) to \(NumberFormat.short(range.upperBound)), got '\(v)'", command: command)
        }
        return d
    }
}
