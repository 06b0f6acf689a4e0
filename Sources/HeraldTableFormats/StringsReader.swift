// The `.strings` reader: the old-style (OpenStep) property list grammar that
// CoreFoundation reads, byte by byte, with positions (spec §1). XML and
// binary property lists in a `.strings` file go through `PlistReader`.
//
// Checked against Foundation's reader (plutil, Swift 6.3.1) by the tests,
// including what the spec does not say:
// - `\U` takes up to 4 hex digits (none → U+0000); octal escapes take up to
//   3 digits, wrap to a byte and decode as NeXTSTEP (0xFE/0xFF → U+0000);
//   a lone `\U` surrogate becomes U+FFFD.
// - A character that cannot start a key (`;`, `}`, `=`, non-ASCII…) where a
//   key should start ends the file silently on device: the entries below it
//   are lost (reported as a "syntax" error, kept in `ignoredOnDevice`). In a
//   braced `{ … }` file the same character is a hard error.
// - An unquoted string runs over `/`, so `a = b/*c*/;` is an error.
// - A non-string value (`( … )`, `{ … }`, `< … >`) loads on device but is no
//   text: Herald skips the key with a "structure" error, the file stays.
// Deliberate differences:
// - Zero-length file: Foundation refuses it; Herald reads an empty table
//   (spec POLICY).
// - BOM-less UTF-16: spec §1.3 lists a heuristic, Foundation does not apply
//   it (it rejects such files, except braced ones in UTF-16LE). Herald decodes
//   the file for the linter but always reports it as dropped on device.
// - A file that is one bare string (`"hello"`) is a plist string to
//   Foundation, not a table; Herald reports the missing `;`.

import HeraldJSON
import HeraldDiagnostics

/// What reading one table file produced: its entries (duplicates resolved,
/// last wins, in first-seen order), what was wrong with it, and whether a
/// device would drop the whole file.
public struct TableFileResult: Sendable {
    /// The file's path as given (what origins print).
    public var file: String
    /// Which of Apple's formats the file is in.
    public var format: TableFormat
    /// The entries a device would hold, in first-seen order.
    public var entries: TableEntries
    /// Every problem found, each at file:line:column.
    public var diagnostics: [Diagnostic]
    /// True when a device would load nothing from this file (any syntax or
    /// encoding error in a `.strings`/`.stringsdict` file; a broken `.xcstrings` file).
    public var droppedOnDevice: Bool
    /// The encoding the file was read in (nil for `.xcstrings`).
    public var encoding: TableFileEncoding?
    /// Entries written after the point where a device stops reading the
    /// file (a character that cannot start a key ends CoreFoundation's
    /// reading silently). Recovered for the linter, never served on device.
    public var ignoredOnDevice = TableEntries()

    /// An empty result for `file`, to be filled by a reader.
    public init(file: String, format: TableFormat) {
        self.file = file
        self.format = format
        self.entries = TableEntries()
        self.diagnostics = []
        self.droppedOnDevice = false
        self.encoding = nil
    }

    /// Adds an entry; a key seen before is replaced in place (last wins, as
    /// the device does) and reported as "duplicate-key".
    mutating func add(_ entry: Entry) {
        if let first = entries.set(entry) { reportDuplicate(key: entry.key, at: entry.origin, first: first.origin) }
    }

    /// Reports `key` written again at `origin`, first at `first`.
    mutating func reportDuplicate(key: String, at origin: Origin, first: Origin) {
        diagnostics.append(Diagnostic(.duplicateKey, .warning,
            "key \(Excerpt.quoted(key)) is defined again (first at line \(first.line)); the last definition wins",
            at: .file(origin), subject: Diagnostic.Subject(key: key)))
    }

    /// The error that makes the device drop the file.
    mutating func fail(rule: Diagnostic.Rule, _ message: String, at origin: Origin) {
        droppedOnDevice = true
        diagnostics.append(Diagnostic(rule, .error,
            message + " — the device drops the whole file",
            at: .file(origin), dropsFile: true))
    }
}

/// Reads `.strings` files in any form Apple ships: old-style text in UTF-8,
/// UTF-16 or UTF-32 (with or without BOM), XML property list, binary property list.
public enum StringsReader {
    /// Reads one `.strings` file. `file` is the path to put in origins.
    /// Never throws: problems are diagnostics. After a syntax error the
    /// reader resynchronises at the next `;` or line so the linter still sees
    /// the rest, but `droppedOnDevice` is set.
    public static func read(bytes: [UInt8], file: String) -> TableFileResult {
        var result = TableFileResult(file: file, format: .strings)
        let text: [UInt8]
        switch TextDecoding.utf8Text(bytes) {
        case .failure(let f):
            let prefix = Array(bytes[..<min(f.offset, bytes.count)])
            let valid = TextDecoding.firstInvalidUTF8(prefix) == nil ? prefix : []
            let origin = LineMap(valid).origin(file, valid.count)
            result.fail(rule: .encoding, f.message, at: origin)
            return result
        case .success(let (t, enc)):
            result.encoding = enc
            if enc == .binaryPlist {
                PlistReader.readStringsPlist(.binary(bytes), into: &result)
                return result
            }
            text = t
        }
        if PlistReader.looksLikeXML(text) {
            if let problem = TextDecoding.bomlessUTF16Problem(bytes) {
                result.fail(rule: .encoding, problem, at: Origin(file: file, line: 1, column: 1))
                return result
            }
            PlistReader.readStringsPlist(.xml(text), into: &result)
            return result
        }
        let parser = OldStyleParser(text: text, file: file)
        parser.parse(into: &result)
        if let warning = TextDecoding.bomlessUTF16Problem(bytes) {
            result.fail(rule: .encoding, warning, at: Origin(file: file, line: 1, column: 1))
        }
        return result
    }
}

/// The old-style grammar on UTF-8 bytes.
struct OldStyleParser {
    let text: [UInt8]
    let file: String
    let lines: LineMap

    init(text: [UInt8], file: String) {
        self.text = text
        self.file = file
        self.lines = LineMap(text)
    }

    struct Failure: Error {
        var offset: Int
        var message: String
    }

    struct Pair {
        var key: String
        var keyOffset: Int
        var value: String
        var valueOffset: Int
        /// After the point where the device stops reading.
        var ignored = false
        /// The comment written on the lines just above the key (byte range of its text).
        var comment: Range<Int>? = nil
    }

    /// What the scanner found. Pairs go straight into the entries (the file's text is
    /// kept: a plain pair is stored as its two offsets).
    struct Outcome {
        var pairs: PairList
        var ignored: PairList
        var ignoredCount = 0
        let parser: OldStyleParser
        var errors: [Failure] = []
        /// Where a device silently stops reading, with the reason.
        var stop: Failure? = nil
        /// Keys whose value is not a string (device loads them, but not as text).
        var nonString: [Failure] = []
    }

    func parse(into result: inout TableFileResult) {
        let kept = TableText(file: file, lines: lines)
        // Room for a pair per ';' (the shortest is `a=b;`): no growing, and unused room is
        // never touched.
        let expected = min(text.count(where: { $0 == 0x3B }), text.count / 4) + 1
        var outcome = Outcome(pairs: PairList(text: kept, expected: expected), ignored: PairList(text: kept, expected: 0), parser: self)
        text.withUnsafeBufferPointer { p in
            var s = StringsScanner(p: p)
            s.run(&outcome)
        }
        var replaced: [(new: Entry, old: Entry)] = []
        // Moved out of `outcome`, which would otherwise share the pairs' arrays with the
        // entries and make them copy the arrays when they compact them.
        var pairs = PairList(text: kept, expected: 0)
        swap(&pairs, &outcome.pairs)
        result.entries = TableEntries(consume pairs) { replaced.append(($0, $1)) }
        for r in replaced { result.reportDuplicate(key: r.new.key, at: r.new.origin, first: r.old.origin) }
        result.ignoredOnDevice = TableEntries(outcome.ignored) { _, _ in }
        for e in outcome.nonString {
            result.diagnostics.append(Diagnostic(.structure, .error, e.message, at: .file(lines.origin(file, e.offset))))
        }
        if let stop = outcome.stop {
            let n = outcome.ignoredCount
            result.diagnostics.append(Diagnostic(.syntax, .error,
                stop.message + " — the device stops reading the file here and ignores the \(n) entr\(n == 1 ? "y" : "ies") below",
                at: .file(lines.origin(file, stop.offset))))
        }
        for e in outcome.errors.prefix(50) {
            result.fail(rule: .syntax, e.message, at: lines.origin(file, e.offset))
        }
    }
}

extension OldStyleParser.Outcome {
    /// Values longer than this are kept decoded (read once), not re-read from the text.
    static let longValue = 256

    /// Stores a pair: as two offsets into the text when it is only a key and a short
    /// value, whole with a comment or a long value. Entries past the point where a device
    /// stops reading go apart (a key given twice there keeps its last value, unreported).
    mutating func add(_ pair: OldStyleParser.Pair) {
        let comment = pair.comment.flatMap { parser.commentText($0) }
        if pair.ignored { ignoredCount += 1 }
        guard comment != nil || pair.value.utf8.count > Self.longValue || pair.key.utf8.count > Self.longValue else {
            if pair.ignored { ignored.add(key: pair.keyOffset, value: pair.valueOffset) } else { pairs.add(key: pair.keyOffset, value: pair.valueOffset) }
            return
        }
        let keyOrigin = parser.lines.origin(parser.file, pair.keyOffset)
        let valueOrigin = pair.valueOffset == pair.keyOffset ? keyOrigin : parser.lines.origin(parser.file, pair.valueOffset)
        let entry = Entry(key: pair.key, message: .plain(SourceText(pair.value, origin: valueOrigin)), format: .strings, origin: keyOrigin, comment: comment)
        if pair.ignored { ignored.add(entry) } else { pairs.add(entry) }
    }
}

extension OldStyleParser {
    /// A comment's text, trimmed of blank space and of leading `*` decoration lines.
    func commentText(_ r: Range<Int>) -> String? {
        let raw = String(decoding: text[r], as: UTF8.self)
        let lines = raw.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r" }).map { line -> Substring in
            var l = line.drop { $0 == " " || $0 == "\t" }
            while let last = l.last, last == " " || last == "\t" { l = l.dropLast() }
            return l
        }
        let joined = lines.filter { !$0.isEmpty }.joined(separator: "\n")
        return joined.isEmpty ? nil : joined
    }
}

/// NeXTSTEP encoding, bytes 0x80–0xFF → Unicode (what CoreFoundation decodes
/// an octal escape's byte as). 0xFE and 0xFF are unassigned and decode to
/// U+0000, as CoreFoundation does.
let nextStepHigh: [UInt16] = [
    0x00A0, 0x00C0, 0x00C1, 0x00C2, 0x00C3, 0x00C4, 0x00C5, 0x00C7, 0x00C8, 0x00C9, 0x00CA, 0x00CB, 0x00CC, 0x00CD, 0x00CE, 0x00CF,
    0x00D0, 0x00D1, 0x00D2, 0x00D3, 0x00D4, 0x00D5, 0x00D6, 0x00D9, 0x00DA, 0x00DB, 0x00DC, 0x00DD, 0x00DE, 0x00B5, 0x00D7, 0x00F7,
    0x00A9, 0x00A1, 0x00A2, 0x00A3, 0x2044, 0x00A5, 0x0192, 0x00A7, 0x00A4, 0x2019, 0x201C, 0x00AB, 0x2039, 0x203A, 0xFB01, 0xFB02,
    0x00AE, 0x2013, 0x2020, 0x2021, 0x00B7, 0x00A6, 0x00B6, 0x2022, 0x201A, 0x201E, 0x201D, 0x00BB, 0x2026, 0x2030, 0x00AC, 0x00BF,
    0x00B9, 0x02CB, 0x00B4, 0x02C6, 0x02DC, 0x00AF, 0x02D8, 0x02D9, 0x00A8, 0x00B2, 0x02DA, 0x00B8, 0x00B3, 0x02DD, 0x02DB, 0x02C7,
    0x2014, 0x00B1, 0x00BC, 0x00BD, 0x00BE, 0x00E0, 0x00E1, 0x00E2, 0x00E3, 0x00E4, 0x00E5, 0x00E7, 0x00E8, 0x00E9, 0x00EA, 0x00EB,
    0x00EC, 0x00C6, 0x00ED, 0x00AA, 0x00EE, 0x00EF, 0x00F0, 0x00F1, 0x0141, 0x00D8, 0x0152, 0x00BA, 0x00F2, 0x00F3, 0x00F4, 0x00F5,
    0x00F6, 0x00E6, 0x00F9, 0x00FA, 0x00FB, 0x0131, 0x00FC, 0x00FD, 0x0142, 0x00F8, 0x0153, 0x00DF, 0x00FE, 0x00FF, 0x0000, 0x0000,
]

/// Characters allowed in an unquoted string: A-Z a-z 0-9 _ $ / : . -
@inline(__always)
func isUnquotedChar(_ c: UInt8) -> Bool {
    switch c {
    case 0x30...0x39, 0x41...0x5A, 0x61...0x7A, 0x5F, 0x24, 0x2F, 0x3A, 0x2E, 0x2D: return true
    default: return false
    }
}
