// Reads printf-style format strings into `ParsedFormat`s. Memory stays linear in the
// string with a small constant: a piece is 8 bytes, only the first few problems are
// described (the rest counted), and the types seen per argument are kept as ranges.

import HeraldJSON
import HeraldDiagnostics

/// Parses printf-style format strings the way Foundation reads them.
public enum FormatStringParser {
    /// Widths and precisions above this are capped (and reported): a
    /// translation must not make the renderer allocate gigabytes.
    public static let maximumWidth = 1024
    /// Positions above this are rejected (Foundation itself stops at a few dozen).
    public static let maximumPosition = 64
    /// Problems described per string (`ParsedFormat.problems`); the rest are only counted
    /// (`problemCount`). Above what the linter and the renderer list (20 each).
    public static let problemsKept = 32
    /// The longest string read as a format: piece ends are 32-bit offsets.
    static let maximumLength = Int(Int32.max)

    /// Parses `s`. `firstArgument` is the 0-based index the first sequential
    /// specifier reads (plural forms continue from their variable's
    /// argument). `substitutionArgument`: recognise `%arg` (`.xcstrings`
    /// substitution forms).
    public static func parse(_ s: String, firstArgument: Int = 0, substitutionArgument: Bool = false) -> ParsedFormat {
        // The string's own UTF-8 is read in place: a long translation is not copied to be
        // parsed. The contiguous string is the one kept, so reading pieces back never copies.
        var source = s
        source.withUTF8 { _ in }
        var out = ParsedFormat(source: source, firstArgument: firstArgument, substitutionArgument: substitutionArgument)
        source.withUTF8 { bytes in parse(bytes, into: &out) }
        return out
    }

    /// What one `%…` at `start` reads as, before any check.
    struct ReadSpecifier {
        /// Nil when the bytes are not a conversion (`outcome` says why).
        var conversion: FormatSpecifier.Conversion?
        var flags = FormatSpecifier.Flags()
        /// As written (not capped).
        var width: Int?
        var precision: Int?
        var length = FormatSpecifier.Length.none
        var position: Int?
        /// A width or precision of `*`.
        var star = false
        /// Where the conversion letter (or `#`) is.
        var conversionIndex: Int
        /// Where the specifier (or the invalid text) ends.
        var end: Int
        var outcome: Outcome

        enum Outcome {
            case specifier, percentAtEnd, unfinished, badVariable, notAConversion

            /// The problem of text that is not a specifier (nil for a specifier).
            var rule: Diagnostic.Rule? {
                switch self {
                case .specifier: return nil
                case .percentAtEnd, .unfinished: return .danglingPercent
                case .badVariable: return .badVariable
                case .notAConversion: return .invalidSpecifier
                }
            }

            /// What is wrong with `written`, the text read.
            func message(_ written: String) -> String {
                switch self {
                case .specifier: return ""
                case .percentAtEnd: return "'%' at the end of the string; write '%%' for a percent sign"
                case .unfinished: return "unfinished specifier '\(Excerpt.escaped(written))' at the end of the string"
                case .badVariable: return "'\(Excerpt.escaped(written))' is not a variable reference; write %#@name@"
                case .notAConversion: return "'\(Excerpt.escaped(written))' is not a format specifier; write '%%' for a percent sign"
                }
            }
        }
    }

    /// Reads the specifier starting with the `%` at `start` (not `%%`).
    static func readSpecifier(_ bytes: UnsafeBufferPointer<UInt8>, at start: Int, substitutionArgument: Bool) -> ReadSpecifier {
        func isDigit(_ b: UInt8) -> Bool { b >= 0x30 && b <= 0x39 }
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
        var j = start + 1
        var read = ReadSpecifier(conversionIndex: j, end: bytes.count, outcome: .percentAtEnd)
        guard j < bytes.count else { return read }
        if substitutionArgument, j + 3 <= bytes.count, bytes[j] == UInt8(ascii: "a"), bytes[j + 1] == UInt8(ascii: "r"), bytes[j + 2] == UInt8(ascii: "g") {
            read.conversion = .substitutionArgument
            read.end = j + 3
            read.outcome = .specifier
            return read
        }
        // Position: digits followed by '$'.
        do {
            var k = j
            if let n = readNumber(&k), k < bytes.count, bytes[k] == UInt8(ascii: "$") {
                read.position = n
                j = k + 1
            }
        }
        flagLoop: while j < bytes.count {
            switch bytes[j] {
            case UInt8(ascii: "-"): read.flags.leftAlign = true
            case UInt8(ascii: "+"): read.flags.plusSign = true
            case UInt8(ascii: " "): read.flags.space = true
            case UInt8(ascii: "0"): read.flags.zeroPad = true
            case UInt8(ascii: "'"): break  // thousands grouping flag: localized output groups anyway
            default: break flagLoop
            }
            j += 1
        }
        if j < bytes.count, bytes[j] == UInt8(ascii: "*") {
            read.star = true
            j += 1
        } else {
            read.width = readNumber(&j)
        }
        if j < bytes.count, bytes[j] == UInt8(ascii: ".") {
            j += 1
            if j < bytes.count, bytes[j] == UInt8(ascii: "*") {
                read.star = true
                j += 1
            } else {
                read.precision = readNumber(&j) ?? 0
            }
        }
        if j < bytes.count {
            switch bytes[j] {
            case UInt8(ascii: "h"):
                if j + 1 < bytes.count, bytes[j + 1] == UInt8(ascii: "h") { read.length = .hh; j += 2 } else { read.length = .h; j += 1 }
            case UInt8(ascii: "l"):
                if j + 1 < bytes.count, bytes[j + 1] == UInt8(ascii: "l") { read.length = .ll; j += 2 } else { read.length = .l; j += 1 }
            case UInt8(ascii: "q"): read.length = .q; j += 1
            case UInt8(ascii: "L"): read.length = .L; j += 1
            case UInt8(ascii: "z"): read.length = .z; j += 1
            case UInt8(ascii: "t"): read.length = .t; j += 1
            case UInt8(ascii: "j"): read.length = .j; j += 1
            default: break
            }
        }
        read.conversionIndex = j
        guard j < bytes.count else {
            read.outcome = .unfinished
            return read
        }
        let c = bytes[j]
        read.end = j + 1
        switch c {
        case UInt8(ascii: "#") where j + 1 < bytes.count && bytes[j + 1] == UInt8(ascii: "@"):
            // %#@name@ — the '#' was not taken as a flag above because
            // '#' is only a flag before a conversion letter.
            var k = j + 2
            while k < bytes.count, bytes[k] != UInt8(ascii: "@"), bytes[k] != UInt8(ascii: "%") { k += 1 }
            if k < bytes.count, bytes[k] == UInt8(ascii: "@"), k > j + 2 {
                read.conversion = .variable(String(decoding: bytes[(j + 2)..<k], as: UTF8.self))
                read.end = k + 1
            } else {
                read.end = k
                read.outcome = .badVariable
                return read
            }
        case UInt8(ascii: "#"):
            // The alternate-form flag ("%#x", "%#o", "%#g").
            read.flags.alternate = true
            var k = j + 1
            if read.width == nil, !read.star, k < bytes.count, isDigit(bytes[k]) { read.width = readNumber(&k) }
            if read.precision == nil, k < bytes.count, bytes[k] == UInt8(ascii: ".") {
                k += 1
                read.precision = readNumber(&k) ?? 0
            }
            // Only the conversions the flag changes take it.
            if k < bytes.count, let alternate = conversionNamed(by: bytes[k]) {
                switch alternate {
                case .hex, .octal, .fixed, .exponent, .general:
                    read.conversion = alternate
                    read.end = k + 1
                default: break
                }
            }
        default:
            read.conversion = conversionNamed(by: c)
        }
        guard read.conversion != nil else {
            // The offending character, whole.
            var k = j + 1
            while k < bytes.count, bytes[k] & 0xC0 == 0x80 { k += 1 }
            read.end = k
            read.outcome = .notAConversion
            return read
        }
        read.outcome = .specifier
        return read
    }

    /// The conversion a letter (or `@`) names; nil for any other byte.
    static func conversionNamed(by c: UInt8) -> FormatSpecifier.Conversion? {
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

    /// The type an argument was first read as: its kind (`argumentKind`) and where.
    private struct SeenKind {
        var kind: Int8
        var start: UInt32
        var end: UInt32
    }

    private static func parse(_ bytes: UnsafeBufferPointer<UInt8>, into out: inout ParsedFormat) {
        func text(_ r: Range<Int>) -> String { String(decoding: bytes[r], as: UTF8.self) }
        func problem(_ kind: Diagnostic.Rule, _ r: Range<Int>, _ message: @autoclosure () -> String) {
            // Only the first few are described: the message (and its copy of the text) is
            // made for those alone.
            if out.problemCount < problemsKept { out.problems.append(FormatProblem(kind: kind, message: message(), utf8Range: r)) }
            out.problemCount += 1
            out.lastProblemKind = kind
        }
        guard bytes.count <= maximumLength else {
            // Shown as written, one invalid piece (`ParsedFormat.tooLong`).
            out.tooLong = true
            problem(.invalidSpecifier, 0..<bytes.count, "the string is \(bytes.count) bytes long, more than a format string may be (\(maximumLength)); shown as written")
            return
        }
        func add(_ end: Int, _ kind: Int32) { out.pieces.append(.init(end: UInt32(end), kind: kind)) }
        // Room for the pieces up front: a specifier starts at each `%` not paired into `%%`,
        // and a piece of text comes before one unless it follows another specifier: counted
        // when the byte before its `%` is not a letter or `@` (a hint; growing past it is
        // still fine, and `%@%@…` no longer reserves twice what it needs).
        var starts = 0
        var texts = 1
        var run = 0
        var before: UInt8 = 0
        for b in bytes {
            if b == UInt8(ascii: "%") {
                run += 1
            } else {
                if run & 1 == 1 {
                    starts += 1
                    let letter = (before | 0x20) >= UInt8(ascii: "a") && (before | 0x20) <= UInt8(ascii: "z")
                    if !letter && before != UInt8(ascii: "@") { texts += 1 }
                }
                run = 0
                before = b
            }
        }
        starts += run & 1
        out.pieces.reserveCapacity(starts + texts)
        let firstArgument = out.firstArgument
        let substitutionArgument = out.substitutionArgument
        var literalOpen = false
        var sequential = 0
        var sawPositional = false
        var sawSequential = false
        var reportedMixed = false
        var kinds: [Int: SeenKind] = [:]
        var i = 0
        while i < bytes.count {
            if bytes[i] != UInt8(ascii: "%") {
                literalOpen = true
                i += 1
                while i < bytes.count, bytes[i] != UInt8(ascii: "%") { i += 1 }
                continue
            }
            if i + 1 < bytes.count, bytes[i + 1] == UInt8(ascii: "%") {
                literalOpen = true
                i += 2
                continue
            }
            if literalOpen { add(i, ParsedFormat.Piece.literal) }
            literalOpen = false
            let start = i
            let read = readSpecifier(bytes, at: start, substitutionArgument: substitutionArgument)
            let r = start..<read.end
            i = read.end
            // Text that is not a specifier: one invalid piece and its problem.
            func invalid(_ kind: Diagnostic.Rule, _ message: @autoclosure () -> String) {
                add(r.upperBound, ParsedFormat.Piece.invalid)
                problem(kind, r, message())
            }
            if let kind = read.outcome.rule {
                invalid(kind, read.outcome.message(text(r)))
                continue
            }
            guard let conversion = read.conversion else { continue }
            if conversion == .substitutionArgument {
                add(r.upperBound, ParsedFormat.Piece.sequential(0))
                continue
            }
            if read.star {
                invalid(.starWidth, "'\(Excerpt.escaped(text(r)))' takes its width or precision from an argument, which localized strings cannot supply")
                continue
            }
            if let w = read.width, w > maximumWidth {
                problem(.widthTooLarge, r, "width \(w) in '\(Excerpt.escaped(text(r)))' is larger than \(maximumWidth); capped")
            }
            if let p = read.precision, p > maximumWidth {
                problem(.widthTooLarge, r, "precision \(p) in '\(Excerpt.escaped(text(r)))' is larger than \(maximumWidth); capped")
            }
            if read.flags.space, read.position == nil, read.width == nil, read.precision == nil, read.length == .none,
                start + 2 == read.conversionIndex
            {
                problem(.accidentalSpecifier, r, "'\(Excerpt.escaped(text(r)))' reads an argument; if this is a percent sign followed by text, write '%%'")
            }
            let length = read.length
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
                    problem(.unusualLength, r, "length modifier '\(length.rawValue)' does not fit '\(Excerpt.escaped(text(r)))'")
                }
            }
            let argumentIndex: Int
            let kind: Int32
            if let p = read.position {
                sawPositional = true
                if p < 1 || p > maximumPosition {
                    invalid(.badPosition, "position \(p) in '\(Excerpt.escaped(text(r)))' must be between 1 and \(maximumPosition)")
                    continue
                }
                argumentIndex = p - 1
                kind = Int32(p - 1)
            } else {
                sawSequential = true
                let (sum, overflow) = firstArgument.addingReportingOverflow(sequential)
                argumentIndex = overflow ? Int.max : sum
                kind = ParsedFormat.Piece.sequential(sequential)
                sequential += 1
            }
            if sawPositional && sawSequential, !reportedMixed {
                reportedMixed = true
                out.mixesPositions = true
                problem(.mixedPositional, r, "'\(Excerpt.escaped(text(r)))' mixes positional (%1$@) and sequential (%@) specifiers in one string")
            }
            let argumentKind = Self.argumentKind(conversion)
            // Only an argument a position can name is ever read twice: sequential specifiers
            // each read the next one. Past `maximumPosition` nothing can conflict, so nothing is
            // kept (a form of a million `%@` held a million-entry table here, ~25 MB).
            if argumentKind >= 0, argumentIndex < maximumPosition {
                if let seen = kinds[argumentIndex] {
                    if seen.kind != argumentKind {
                        let seenText = text(Int(seen.start)..<Int(seen.end))
                        problem(.conflictingTypes, r, "argument \(argumentIndex + 1) is read as '\(Excerpt.escaped(seenText))' and as '\(Excerpt.escaped(text(r)))'")
                    }
                } else {
                    kinds[argumentIndex] = SeenKind(kind: Int8(argumentKind), start: UInt32(r.lowerBound), end: UInt32(r.upperBound))
                }
            }
            add(r.upperBound, kind)
        }
        if literalOpen { add(bytes.count, ParsedFormat.Piece.literal) }
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
