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

/// A format string split into literal text and specifiers.
public struct ParsedFormat: Sendable, Hashable {
    /// One piece of a format string.
    public enum Segment: Sendable, Hashable {
        /// Text copied as is (`%%` already turned into `%`).
        case literal(String)
        /// A conversion specifier (`%@`, `%1$.2f`).
        case specifier(FormatSpecifier)
        /// Text that looked like a specifier but is not one; shown literally.
        case invalid(String)
    }

    /// The format string as given.
    public var source: String
    /// Its pieces, in order.
    public var segments: [Segment]
    /// What is wrong with it (empty for a clean string).
    public var problems: [FormatProblem]

    /// Every specifier in order of appearance.
    public var specifiers: [FormatSpecifier] {
        segments.compactMap { if case .specifier(let s) = $0 { return s } else { return nil } }
    }

    /// How many arguments the string reads (highest argument index + 1).
    public var argumentCount: Int {
        (specifiers.compactMap(\.argumentIndex).max() ?? -1) + 1
    }

    /// True when any specifier is positional (`%1$@`).
    public var usesPositions: Bool { specifiers.contains { $0.position != nil } }

    /// The names of the plural variables referenced (`%#@files@`), in order, without repeats.
    public var variableNames: [String] {
        var out: [String] = []
        for s in specifiers {
            if case .variable(let n) = s.conversion, !out.contains(n) { out.append(n) }
        }
        return out
    }
}

/// Parses printf-style format strings the way Foundation reads them.
public enum FormatStringParser {
    /// Widths and precisions above this are capped (and reported): a
    /// translation must not make the renderer allocate gigabytes.
    public static let maximumWidth = 1024
    /// Positions above this are rejected (Foundation itself stops at a few dozen).
    public static let maximumPosition = 64

    /// Parses `s`. `firstArgument` is the 0-based index the first sequential
    /// specifier reads (plural forms continue from their variable's
    /// argument). `substitutionArgument`: recognise `%arg` (`.xcstrings`
    /// substitution forms).
    public static func parse(_ s: String, firstArgument: Int = 0, substitutionArgument: Bool = false) -> ParsedFormat {
        // The string's own UTF-8 is read in place: a long translation is not copied to be parsed.
        var source = s
        return source.withUTF8 { bytes in
            parse(bytes, source: s, firstArgument: firstArgument, substitutionArgument: substitutionArgument)
        }
    }

    private static func parse(
        _ bytes: UnsafeBufferPointer<UInt8>, source s: String, firstArgument: Int, substitutionArgument: Bool
    ) -> ParsedFormat {
        var segments: [ParsedFormat.Segment] = []
        var problems: [FormatProblem] = []
        // A literal is made of runs of the input (a `%%` ends its run with the first `%` and
        // starts the next after the second): one run becomes its String straight from the input,
        // several are gathered in `literal` first.
        var literal: [UInt8] = []
        var run: Range<Int>? = nil
        var nextSequential = firstArgument
        var sawPositional = false
        var sawSequential = false
        var kinds: [Int: (kind: Int, text: String)] = [:]
        var i = 0

        func addRun(_ r: Range<Int>) {
            guard let pending = run else { run = r; return }
            if pending.upperBound == r.lowerBound { run = pending.lowerBound..<r.upperBound; return }
            literal.append(contentsOf: bytes[pending])
            run = r
        }
        func flushLiteral() {
            guard let pending = run else { return }
            run = nil
            if literal.isEmpty {
                segments.append(.literal(String(decoding: bytes[pending], as: UTF8.self)))
            } else {
                literal.append(contentsOf: bytes[pending])
                segments.append(.literal(String(decoding: literal, as: UTF8.self)))
                literal.removeAll(keepingCapacity: true)
            }
        }
        func text(_ r: Range<Int>) -> String { String(decoding: bytes[r], as: UTF8.self) }
        func isDigit(_ b: UInt8) -> Bool { b >= 0x30 && b <= 0x39 }
        /// The conversion a letter (or `@`) names; nil for any other byte.
        func conversionNamed(by c: UInt8) -> FormatSpecifier.Conversion? {
            switch c {
            case UInt8(ascii: "@"): return .object
            case UInt8(ascii: "d"), UInt8(ascii: "i"), UInt8(ascii: "D"): return .signedInteger
            case UInt8(ascii: "u"), UInt8(ascii: "U"): return .unsignedInteger
            case UInt8(ascii: "x"): return .hex(uppercase: false)
            case UInt8(ascii: "X"): return .hex(uppercase: true)
            case UInt8(ascii: "o"), UInt8(ascii: "O"): return .octal
            case UInt8(ascii: "f"), UInt8(ascii: "F"): return .fixed
            case UInt8(ascii: "e"): return .exponent(uppercase: false)
            case UInt8(ascii: "E"): return .exponent(uppercase: true)
            case UInt8(ascii: "g"): return .general(uppercase: false)
            case UInt8(ascii: "G"): return .general(uppercase: true)
            case UInt8(ascii: "a"): return .hexFloat(uppercase: false)
            case UInt8(ascii: "A"): return .hexFloat(uppercase: true)
            case UInt8(ascii: "c"): return .character(wide: false)
            case UInt8(ascii: "C"): return .character(wide: true)
            case UInt8(ascii: "s"), UInt8(ascii: "S"): return .cString
            case UInt8(ascii: "p"): return .pointer
            default: return nil
            }
        }
        /// Reads digits at `j`, saturating; returns nil when none.
        func readNumber(_ j: inout Int) -> Int? {
            var n = 0
            var any = false
            while j < bytes.count, isDigit(bytes[j]) {
                n = n > 100_000_000 ? n : n * 10 + Int(bytes[j] - 0x30)
                any = true
                j += 1
            }
            return any ? n : nil
        }
        /// The end of the (possibly multi-byte) character starting at `j`.
        func charEnd(_ j: Int) -> Int {
            var k = j + 1
            while k < bytes.count, bytes[k] & 0xC0 == 0x80 { k += 1 }
            return k
        }

        while i < bytes.count {
            if bytes[i] != UInt8(ascii: "%") {
                var k = i + 1
                while k < bytes.count, bytes[k] != UInt8(ascii: "%") { k += 1 }
                addRun(i..<k)
                i = k
                continue
            }
            let start = i
            var j = i + 1
            guard j < bytes.count else {
                flushLiteral()
                segments.append(.invalid("%"))
                problems.append(FormatProblem(kind: .danglingPercent, message: "'%' at the end of the string; write '%%' for a percent sign", utf8Range: start..<bytes.count))
                break
            }
            if bytes[j] == UInt8(ascii: "%") {
                addRun(i..<j)
                i = j + 1
                continue
            }
            if substitutionArgument, j + 3 <= bytes.count, bytes[j] == UInt8(ascii: "a"), bytes[j + 1] == UInt8(ascii: "r"), bytes[j + 2] == UInt8(ascii: "g") {
                flushLiteral()
                let r = start..<(j + 3)
                segments.append(.specifier(FormatSpecifier(
                    conversion: .substitutionArgument, flags: .init(), width: nil, precision: nil, length: .none,
                    position: nil, argumentIndex: firstArgument, utf8Range: r, text: text(r))))
                i = j + 3
                continue
            }
            // Position: digits followed by '$'.
            var position: Int?
            do {
                var k = j
                if let n = readNumber(&k), k < bytes.count, bytes[k] == UInt8(ascii: "$") {
                    position = n
                    j = k + 1
                }
            }
            var flags = FormatSpecifier.Flags()
            flagLoop: while j < bytes.count {
                switch bytes[j] {
                case UInt8(ascii: "-"): flags.leftAlign = true
                case UInt8(ascii: "+"): flags.plusSign = true
                case UInt8(ascii: " "): flags.space = true
                case UInt8(ascii: "0"): flags.zeroPad = true
                case UInt8(ascii: "'"): break  // thousands grouping flag: localized output groups anyway
                default: break flagLoop
                }
                j += 1
            }
            var star = false
            var width: Int?
            if j < bytes.count, bytes[j] == UInt8(ascii: "*") {
                star = true
                j += 1
            } else {
                width = readNumber(&j)
            }
            var precision: Int?
            if j < bytes.count, bytes[j] == UInt8(ascii: ".") {
                j += 1
                if j < bytes.count, bytes[j] == UInt8(ascii: "*") {
                    star = true
                    j += 1
                } else {
                    precision = readNumber(&j) ?? 0
                }
            }
            var length = FormatSpecifier.Length.none
            if j < bytes.count {
                switch bytes[j] {
                case UInt8(ascii: "h"):
                    if j + 1 < bytes.count, bytes[j + 1] == UInt8(ascii: "h") { length = .hh; j += 2 } else { length = .h; j += 1 }
                case UInt8(ascii: "l"):
                    if j + 1 < bytes.count, bytes[j + 1] == UInt8(ascii: "l") { length = .ll; j += 2 } else { length = .l; j += 1 }
                case UInt8(ascii: "q"): length = .q; j += 1
                case UInt8(ascii: "L"): length = .L; j += 1
                case UInt8(ascii: "z"): length = .z; j += 1
                case UInt8(ascii: "t"): length = .t; j += 1
                case UInt8(ascii: "j"): length = .j; j += 1
                default: break
                }
            }
            guard j < bytes.count else {
                flushLiteral()
                let r = start..<bytes.count
                segments.append(.invalid(text(r)))
                problems.append(FormatProblem(kind: .danglingPercent, message: "unfinished specifier '\(Excerpt.escaped(text(r)))' at the end of the string", utf8Range: r))
                break
            }
            let c = bytes[j]
            var conversion: FormatSpecifier.Conversion?
            var end = j + 1
            switch c {
            case UInt8(ascii: "#") where j + 1 < bytes.count && bytes[j + 1] == UInt8(ascii: "@"):
                // %#@name@ — the '#' was not taken as a flag above because
                // '#' is only a flag before a conversion letter.
                var k = j + 2
                while k < bytes.count, bytes[k] != UInt8(ascii: "@"), bytes[k] != UInt8(ascii: "%") { k += 1 }
                if k < bytes.count, bytes[k] == UInt8(ascii: "@"), k > j + 2 {
                    conversion = .variable(text((j + 2)..<k))
                    end = k + 1
                } else {
                    let r = start..<k
                    flushLiteral()
                    segments.append(.invalid(text(r)))
                    problems.append(FormatProblem(kind: .badVariable, message: "'\(Excerpt.escaped(text(r)))' is not a variable reference; write %#@name@", utf8Range: r))
                    i = k
                    continue
                }
            case UInt8(ascii: "#"):
                // The alternate-form flag ("%#x", "%#o", "%#g").
                flags.alternate = true
                var k = j + 1
                if width == nil, !star, k < bytes.count, isDigit(bytes[k]) { width = readNumber(&k) }
                if precision == nil, k < bytes.count, bytes[k] == UInt8(ascii: ".") {
                    k += 1
                    precision = readNumber(&k) ?? 0
                }
                // Only the conversions the flag changes take it.
                if k < bytes.count, let alternate = conversionNamed(by: bytes[k]) {
                    switch alternate {
                    case .hex, .octal, .fixed, .exponent, .general:
                        conversion = alternate
                        end = k + 1
                    default: break
                    }
                }
            default:
                conversion = conversionNamed(by: c)
            }
            guard let conversion else {
                let r = start..<charEnd(j)
                flushLiteral()
                segments.append(.invalid(text(r)))
                problems.append(FormatProblem(kind: .invalidSpecifier, message: "'\(Excerpt.escaped(text(r)))' is not a format specifier; write '%%' for a percent sign", utf8Range: r))
                i = r.upperBound
                continue
            }
            let r = start..<end
            let written = text(r)
            flushLiteral()
            if star {
                segments.append(.invalid(written))
                problems.append(FormatProblem(kind: .starWidth, message: "'\(Excerpt.escaped(written))' takes its width or precision from an argument, which localized strings cannot supply", utf8Range: r))
                i = end
                continue
            }
            if let w = width, w > maximumWidth {
                problems.append(FormatProblem(kind: .widthTooLarge, message: "width \(w) in '\(Excerpt.escaped(written))' is larger than \(maximumWidth); capped", utf8Range: r))
                width = maximumWidth
            }
            if let p = precision, p > maximumWidth {
                problems.append(FormatProblem(kind: .widthTooLarge, message: "precision \(p) in '\(Excerpt.escaped(written))' is larger than \(maximumWidth); capped", utf8Range: r))
                precision = maximumWidth
            }
            if flags.space, position == nil, width == nil, precision == nil, length == .none,
                start + 2 == j
            {
                problems.append(FormatProblem(kind: .accidentalSpecifier, message: "'\(Excerpt.escaped(written))' reads an argument; if this is a percent sign followed by text, write '%%'", utf8Range: r))
            }
            if length != .none {
                let okInt = conversion.isNumeric && !(conversion == .fixed || conversion == .pointer)
                let fine: Bool
                switch conversion {
                case .signedInteger, .unsignedInteger, .hex, .octal: fine = length != .L
                case .fixed, .exponent, .general, .hexFloat: fine = length == .L || length == .l
                case .character, .cString: fine = length == .l
                default: fine = okInt
                }
                if !fine {
                    problems.append(FormatProblem(kind: .unusualLength, message: "length modifier '\(length.rawValue)' does not fit '\(Excerpt.escaped(written))'", utf8Range: r))
                }
            }
            var argumentIndex: Int
            if let p = position {
                sawPositional = true
                if p < 1 || p > maximumPosition {
                    segments.append(.invalid(written))
                    problems.append(FormatProblem(kind: .badPosition, message: "position \(p) in '\(Excerpt.escaped(written))' must be between 1 and \(maximumPosition)", utf8Range: r))
                    i = end
                    continue
                }
                argumentIndex = p - 1
            } else {
                sawSequential = true
                argumentIndex = nextSequential
                nextSequential += 1
            }
            if sawPositional && sawSequential, !problems.contains(where: { $0.kind == .mixedPositional }) {
                problems.append(FormatProblem(kind: .mixedPositional, message: "'\(Excerpt.escaped(written))' mixes positional (%1$@) and sequential (%@) specifiers in one string", utf8Range: r))
            }
            let kind = Self.argumentKind(conversion)
            if kind >= 0 {
                if let seen = kinds[argumentIndex], seen.kind != kind {
                    problems.append(FormatProblem(kind: .conflictingTypes, message: "argument \(argumentIndex + 1) is read as '\(Excerpt.escaped(seen.text))' and as '\(Excerpt.escaped(written))'", utf8Range: r))
                } else {
                    kinds[argumentIndex] = (kind, written)
                }
            }
            argumentIndex = max(0, argumentIndex)
            segments.append(.specifier(FormatSpecifier(
                conversion: conversion, flags: flags, width: width, precision: precision, length: length,
                position: position, argumentIndex: argumentIndex, utf8Range: r, text: written)))
            i = end
        }
        flushLiteral()
        return ParsedFormat(source: s, segments: segments, problems: problems)
    }

    /// 0 object/string, 1 integer, 2 floating point, -1 no check.
    static func argumentKind(_ c: FormatSpecifier.Conversion) -> Int {
        switch c {
        case .object, .cString: return 0
        case .signedInteger, .unsignedInteger, .hex, .octal, .character, .pointer: return 1
        case .fixed, .exponent, .general, .hexFloat: return 2
        case .variable, .substitutionArgument: return -1
        }
    }
}
