// The printf-style format strings of Apple's localized strings (spec
// Docs/tables.md, Arguments): `%@`, `%d`, `%1$@`, `%.2f`, `%#@files@`…
// Parsed once into segments; the renderer compiles them into templates and
// the linter reads the specifiers and problems.

import HeraldJSON
public import HeraldDiagnostics

/// One conversion of a format string, as written.
public struct FormatSpecifier: Sendable, Hashable {
    /// What kind of argument the conversion reads.
    public enum Conversion: Sendable, Hashable {
        /// `%@`: an object (a string, or a number shown as the locale writes it).
        case object
        /// `%d %i %D`: a signed integer.
        case signedInteger
        /// `%u %U`: an unsigned integer.
        case unsignedInteger
        /// `%x %X`: hexadecimal (never localized).
        case hex(uppercase: Bool)
        /// `%o %O`: octal (never localized).
        case octal
        /// `%f %F`: fixed point.
        case fixed
        /// `%e %E`: exponent form.
        case exponent(uppercase: Bool)
        /// `%g %G`: fixed or exponent, whichever is shorter.
        case general(uppercase: Bool)
        /// `%a %A`: hexadecimal floating point (never localized).
        case hexFloat(uppercase: Bool)
        /// `%c` (8-bit) / `%C` (UTF-16 unit): one character.
        case character(wide: Bool)
        /// `%s` / `%S`: a C string.
        case cString
        /// `%p`: a pointer.
        case pointer
        /// `%#@name@`: a plural variable of a `.stringsdict` / `.xcstrings` entry.
        case variable(String)
        /// `%arg` in a `.xcstrings` substitution form: the substitution's own argument.
        case substitutionArgument

        /// True for conversions that read a number.
        public var isNumeric: Bool {
            switch self {
            case .signedInteger, .unsignedInteger, .hex, .octal, .fixed, .exponent, .general, .hexFloat, .pointer:
                return true
            case .object, .character, .cString, .variable, .substitutionArgument:
                return false
            }
        }

        /// True for the conversions Apple routes through the locale's number
        /// formatter (`%d %i %u %f %e %g`).
        public var isLocalized: Bool {
            switch self {
            case .signedInteger, .unsignedInteger, .fixed, .exponent, .general: return true
            default: return false
            }
        }
    }

    /// printf length modifiers.
    public enum Length: String, Sendable, Hashable {
        /// No modifier.
        case none = ""
        /// `hh`: char.
        case hh
        /// `h`: short.
        case h
        /// `l`: long.
        case l
        /// `ll`: long long.
        case ll
        /// `q`: quad (BSD's long long).
        case q
        /// `L`: long double.
        case L
        /// `z`: size_t.
        case z
        /// `t`: ptrdiff_t.
        case t
        /// `j`: intmax_t.
        case j
    }

    /// printf flags.
    public struct Flags: Sendable, Hashable {
        /// `-`: pad on the right.
        public var leftAlign = false
        /// `+`: always write the sign.
        public var plusSign = false
        /// ` `: a space where a plus sign would go.
        public var space = false
        /// `0`: pad with zeros.
        public var zeroPad = false
        /// `#`: the alternate form (`0x` prefix, kept decimal point).
        public var alternate = false
        /// No flags.
        public init() {}
    }

    /// The conversion (`d`, `f`, `@`…).
    public var conversion: Conversion
    /// The flags written before the width.
    public var flags: Flags
    /// Minimum field width in characters (capped, see `FormatStringParser.maximumWidth`).
    public var width: Int?
    /// Precision: fraction digits for `%f %e`, significant digits for `%g`,
    /// minimum digits for integers, maximum characters for `%s %@`.
    public var precision: Int?
    /// The length modifier (`l` in `%ld`).
    public var length: Length
    /// The 1-based position written as `%n$…`, nil for sequential specifiers.
    public var position: Int?
    /// The 0-based argument this specifier reads (explicit or by order). Nil
    /// only for specifiers that read nothing.
    public var argumentIndex: Int?
    /// UTF-8 byte offsets of the specifier in the parsed string.
    public var utf8Range: Range<Int>
    /// The specifier exactly as written (`%1$.2f`).
    public var text: String

    /// A percent sign, one space and a conversion (`% d`, `% #@n@`): in prose ("50% a day")
    /// more likely a percent sign than a specifier; reported as `.accidentalSpecifier`.
    public var isAccidental: Bool {
        guard flags.space, position == nil, width == nil, precision == nil, length == .none else { return false }
        // Exactly one flag byte (the space): the conversion is the third byte.
        var bytes = text.utf8.makeIterator()
        _ = bytes.next()
        _ = bytes.next()
        guard let third = bytes.next() else { return false }
        return !"-+ 0'".utf8.contains(third)
    }

    /// The printf conversion without `%` and position, as a stringsdict value
    /// type would name it (`ld`, `.2f`, `@`).
    public var valueTypeText: String {
        var s = ""
        if let precision { s += ".\(precision)" }
        s += length.rawValue
        s += String(text.last.map { String($0) } ?? "")
        return s
    }
}

/// A problem in a format string (the linter reports these; the renderer
/// shows the offending text literally).
public struct FormatProblem: Sendable, Hashable {
    /// Which problem: the rule it is reported under (`.danglingPercent`, `.invalidSpecifier`…,
    /// declared in RenderRules.swift).
    public var kind: Diagnostic.Rule
    /// The problem in one line.
    public var message: String
    /// UTF-8 byte offsets of the offending text in the format string.
    public var utf8Range: Range<Int>

    /// Makes a problem.
    public init(kind: Diagnostic.Rule, message: String, utf8Range: Range<Int>) {
        self.kind = kind
        self.message = message
        self.utf8Range = utf8Range
    }
}
