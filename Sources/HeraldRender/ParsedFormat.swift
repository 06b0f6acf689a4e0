// A parsed format string, kept compact: one 8-byte record per piece (where it ends,
// and which argument a specifier reads), the text and the specifier's fields read
// back from the source when a piece is looked at. A string of a million specifiers
// costs 8 MB here, not the ~130 bytes a stored `FormatSpecifier` and its strings took.

public import HeraldDiagnostics

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

        var specifier: FormatSpecifier? { if case .specifier(let s) = self { return s } else { return nil } }
    }

    /// The format string as given.
    public let source: String
    /// The pieces in order; each begins where the one before it ends.
    var pieces: [Piece] = []
    /// What is wrong with it, in order (empty for a clean string): the first
    /// `FormatStringParser.problemsKept`, described; `problemCount` counts them all.
    public internal(set) var problems: [FormatProblem] = []
    /// How many problems the string has (`problems` holds the first few).
    public internal(set) var problemCount = 0
    /// The rule of the last problem (nil for a clean string).
    public internal(set) var lastProblemKind: Diagnostic.Rule? = nil
    /// The argument the first sequential specifier reads, as parsed.
    let firstArgument: Int
    /// `%arg` was read as a substitution's argument.
    let substitutionArgument: Bool
    /// The string is longer than `FormatStringParser.maximumLength`: no pieces, one
    /// invalid segment (the whole string, shown as written).
    var tooLong = false

    init(source: String, firstArgument: Int, substitutionArgument: Bool) {
        self.source = source
        self.firstArgument = firstArgument
        self.substitutionArgument = substitutionArgument
    }

    /// One piece: where it ends (a UTF-8 offset) and what it is. `kind` ≥ 0: a positional
    /// specifier reading argument `kind`; ≤ -3: a sequential one (or `%arg`) reading
    /// `firstArgument + (-3 - kind)`; -1 literal text; -2 invalid text.
    struct Piece: Sendable, Hashable {
        var end: UInt32
        var kind: Int32

        static let literal: Int32 = -1
        static let invalid: Int32 = -2
        static func sequential(_ k: Int) -> Int32 { Int32(-3 - k) }
    }

    /// The pieces, each read from the source when it is looked at.
    public var segments: Segments { Segments(format: self) }

    /// Every specifier in order of appearance.
    public var specifiers: [FormatSpecifier] { Array(specifierSequence) }

    /// The specifiers in order, each read back when it is reached (`specifiers` gathers
    /// them into an array; a long string is walked without one).
    public var specifierSequence: Specifiers { Specifiers(format: self) }

    /// `specifierSequence`'s type: a concrete sequence, so that a caller in another module
    /// iterates it with direct calls (an opaque lazy filter-and-map cost the linter about
    /// 7,500 instructions a string in generic metadata lookups).
    public struct Specifiers: Sequence, IteratorProtocol, Sendable {
        let format: ParsedFormat
        var position = 0

        public mutating func next() -> FormatSpecifier? {
            while position < format.pieces.count {
                let i = position
                position += 1
                let kind = format.pieces[i].kind
                if kind >= 0 || kind <= -3 { return format.segment(at: i).specifier }
            }
            return nil
        }
    }

    /// True when positional (`%1$@`) and sequential (`%@`) specifiers are mixed (reported
    /// once, as `.mixedPositional`).
    public internal(set) var mixesPositions = false

    /// Whether the string mixes positional and sequential specifiers once each `%#@name@`
    /// for which `numbered(name)` is true counts as positional: a String Catalog
    /// substitution names its argument in `argNum`, and Xcode writes it `%#@name@` beside
    /// `%2$lld`. The one rule `format` and `validate` both apply.
    public func mixesPositions(numbered: (String) -> Bool) -> Bool {
        guard mixesPositions else { return false }
        var positional = false
        var sequential = false
        for spec in specifierSequence {
            if spec.position != nil {
                positional = true
            } else if case .variable(let name) = spec.conversion, numbered(name) {
                positional = true
            } else if spec.conversion != .substitutionArgument {
                sequential = true
            }
            if positional && sequential { return true }
        }
        return false
    }

    /// How many arguments the string reads (highest argument index + 1).
    public var argumentCount: Int {
        var top = -1
        for i in pieces.indices where pieces[i].kind >= 0 || pieces[i].kind <= -3 { top = max(top, argumentIndex(of: pieces[i])) }
        return top + 1
    }

    /// The names of the plural variables referenced (`%#@files@`), in order, without repeats.
    public var variableNames: [String] {
        var out: [String] = []
        for segment in segments {
            if case .specifier(let s) = segment, case .variable(let n) = s.conversion, !out.contains(n) { out.append(n) }
        }
        return out
    }

    func argumentIndex(of piece: Piece) -> Int {
        if piece.kind >= 0 { return Int(piece.kind) }
        let (sum, overflow) = firstArgument.addingReportingOverflow(Int(-3 - piece.kind))
        return overflow ? Int.max : max(0, sum)
    }

    /// The pieces of a format string, read back one at a time.
    public struct Segments: RandomAccessCollection, Sendable {
        let format: ParsedFormat
        public var startIndex: Int { 0 }
        public var endIndex: Int { format.tooLong ? 1 : format.pieces.count }
        public subscript(position: Int) -> Segment { format.segment(at: position) }
    }

    /// UTF-8 offsets of piece `i`.
    func range(of i: Int) -> Range<Int> {
        (i == 0 ? 0 : Int(pieces[i - 1].end))..<Int(pieces[i].end)
    }

    func segment(at i: Int) -> Segment {
        if tooLong { return .invalid(source) }
        let piece = pieces[i]
        let r = range(of: i)
        var source = self.source
        return source.withUTF8 { bytes -> Segment in
            switch piece.kind {
            case Piece.literal: return .literal(Self.unescaped(UnsafeBufferPointer(rebasing: bytes[r])))
            case Piece.invalid: return .invalid(String(decoding: bytes[r], as: UTF8.self))
            default:
                let read = FormatStringParser.readSpecifier(bytes, at: r.lowerBound, substitutionArgument: substitutionArgument)
                return .specifier(FormatSpecifier(
                    conversion: read.conversion ?? .object, flags: read.flags,
                    width: read.width.map { min($0, FormatStringParser.maximumWidth) },
                    precision: read.precision.map { min($0, FormatStringParser.maximumWidth) },
                    length: read.length, position: read.position, argumentIndex: argumentIndex(of: piece),
                    utf8Range: r, text: String(decoding: bytes[r], as: UTF8.self)))
            }
        }
    }

    /// True when piece `i` is text (literal or invalid), shown as it reads.
    func isText(piece i: Int) -> Bool {
        tooLong || pieces[i].kind == Piece.literal || pieces[i].kind == Piece.invalid
    }

    /// The text pieces `run` show, joined (literal `%%` read as `%`, invalid text as
    /// written): a slice of the source, not a copy, when no literal piece holds a `%`.
    func shownText(ofPieces run: Range<Int>) -> Substring {
        guard !tooLong else { return Substring(source) }
        guard let first = run.first, let last = run.last else { return "" }
        let bytes = range(of: first).lowerBound..<range(of: last).upperBound
        let escaped = run.contains { i in
            pieces[i].kind == Piece.literal && source.utf8[utf8Index(range(of: i).lowerBound)..<utf8Index(range(of: i).upperBound)].contains(UInt8(ascii: "%"))
        }
        guard escaped else { return Substring(source.utf8[utf8Index(bytes.lowerBound)..<utf8Index(bytes.upperBound)]) }
        var out = ""
        for i in run {
            switch segment(at: i) {
            case .literal(let s), .invalid(let s): out += s
            case .specifier(let s): out += s.text
            }
        }
        return Substring(out)
    }

    private func utf8Index(_ offset: Int) -> String.Index {
        source.utf8.index(source.utf8.startIndex, offsetBy: offset)
    }

    /// Literal text with each `%%` read as one `%`.
    static func unescaped(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
        guard bytes.contains(UInt8(ascii: "%")) else { return String(decoding: bytes, as: UTF8.self) }
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        var i = 0
        while i < bytes.count {
            out.append(bytes[i])
            i += bytes[i] == UInt8(ascii: "%") ? 2 : 1
        }
        return String(decoding: out, as: UTF8.self)
    }
}
