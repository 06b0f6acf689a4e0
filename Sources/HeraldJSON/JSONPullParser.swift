/// `JSONParser` taken a piece at a time, for a reader that walks a big document's outer
/// objects itself and builds a `JSONValue` only for one member at a time (a String
/// Catalog's entries), so the whole document never exists as a tree.
///
/// It is the same parser: what it accepts, its errors and their positions, its depth limit
/// and the duplicate keys it finds are those of `JSONParser.parseDetailed` over the same
/// bytes, as long as the caller walks the text in order (a member's key, then its value,
/// then `closesObject`). `skipValue` is the one exception: it only finds where a value ends
/// (it checks nothing), for a caller that reads that value with a second pull parser.
package struct JSONPullParser {
    var parser: Parser

    /// A parser at the start of `bytes`, which must stay valid while it reads.
    package init(_ bytes: UnsafeBufferPointer<UInt8>, maxDepth: Int = JSONParser.Options().maxDepth) {
        parser = Parser(bytes: bytes, options: JSONParser.Options(maxDepth: maxDepth))
    }

    /// Where an object member's key starts: what a duplicate key is reported at.
    package struct KeyMark: Sendable {
        /// The key's opening quote.
        package let offset: Int
        let line: Int
        let lineStart: Int
    }

    /// The offset of the next unread byte.
    package var offset: Int { parser.i }

    /// The next byte after white space, without consuming it; nil at the end.
    package mutating func peek() -> UInt8? {
        parser.skipWhitespace()
        return parser.i < parser.bytes.count ? parser.bytes[parser.i] : nil
    }

    /// Skips a byte-order mark and white space: what comes before a document's value.
    package mutating func start() {
        parser.skipBOM()
        parser.skipWhitespace()
    }

    /// Moves forward to `offset`, counting the lines on the way (so later positions are
    /// right); a no-op when already there or past it.
    package mutating func seek(to offset: Int) {
        let end = min(offset, parser.bytes.count)
        while parser.i < end {
            if parser.bytes[parser.i] == 0x0A {
                parser.line += 1
                parser.lineStart = parser.i + 1
            }
            parser.i += 1
        }
    }

    /// After the document's value: only white space may follow.
    package mutating func finish() throws(JSONError) {
        parser.skipWhitespace()
        if parser.i < parser.bytes.count { throw parser.error("unexpected content after the JSON value") }
    }

    /// Enters the object whose `{` is next, at nesting `depth` (0 for the document's
    /// value); false when it is empty (its `}` is consumed too).
    package mutating func enterObject(depth: Int) throws(JSONError) -> Bool {
        parser.skipWhitespace()
        guard parser.i < parser.bytes.count, parser.bytes[parser.i] == UInt8(ascii: "{") else {
            throw parser.error("expected an object")
        }
        guard depth < parser.options.maxDepth else { throw parser.error("nesting deeper than \(parser.options.maxDepth) levels") }
        parser.i += 1
        parser.skipWhitespace()
        if parser.i < parser.bytes.count && parser.bytes[parser.i] == UInt8(ascii: "}") {
            parser.i += 1
            return false
        }
        return true
    }

    /// The next member's key and the `:` after it (the value is next).
    package mutating func memberKey() throws(JSONError) -> (key: String, mark: KeyMark) {
        parser.skipWhitespace()
        guard parser.i < parser.bytes.count else { throw parser.error("unexpected end of input in an object") }
        guard parser.bytes[parser.i] == UInt8(ascii: "\"") else { throw parser.error("expected a string key") }
        let mark = KeyMark(offset: parser.i, line: parser.line, lineStart: parser.lineStart)
        let key = try parser.parseString()
        parser.skipWhitespace()
        guard parser.i < parser.bytes.count, parser.bytes[parser.i] == UInt8(ascii: ":") else {
            throw parser.error("expected ':' after an object key")
        }
        parser.i += 1
        parser.skipWhitespace()
        return (key, mark)
    }

    /// After a member's value: true when the object ends there (`}` consumed), false after
    /// a `,` (another member follows).
    package mutating func closesObject() throws(JSONError) -> Bool {
        try parser.closes(UInt8(ascii: "}"), "an object")
    }

    /// The next value, whole, at nesting `depth` (a member of the document's object is at 1).
    package mutating func value(depth: Int) throws(JSONError) -> JSONValue {
        parser.skipWhitespace()
        return try parser.parseValue(depth: depth, pointer: "", record: false)
    }

    /// Reports the member whose key is at `mark` as written twice (its value was just
    /// read), as `JSONParser` reports it: `/key`.
    package mutating func noteDuplicate(_ key: String, at mark: KeyMark) {
        parser.duplicates.append(("/" + Parser.escapePointer(key), mark.offset, mark.line, mark.lineStart, parser.i))
    }

    /// Moves past the next value without reading it: brackets are matched and strings
    /// stepped over, nothing is checked (on malformed text it stops somewhere at or
    /// before the end, and the next call says what is wrong).
    package mutating func skipValue() {
        parser.skipWhitespace()
        let bytes = parser.bytes
        guard parser.i < bytes.count else { return }
        switch bytes[parser.i] {
        case UInt8(ascii: "{"), UInt8(ascii: "["):
            var depth = 0
            repeat {
                switch bytes[parser.i] {
                case UInt8(ascii: "\""): skipString()
                case UInt8(ascii: "{"), UInt8(ascii: "["):
                    depth += 1
                    parser.i += 1
                case UInt8(ascii: "}"), UInt8(ascii: "]"):
                    depth -= 1
                    parser.i += 1
                case 0x0A:
                    parser.i += 1
                    parser.line += 1
                    parser.lineStart = parser.i
                default: parser.i += 1
                }
            } while depth > 0 && parser.i < bytes.count
        case UInt8(ascii: "\""): skipString()
        default:
            // A number or a literal: up to the next delimiter.
            while parser.i < bytes.count {
                switch bytes[parser.i] {
                case UInt8(ascii: ","), UInt8(ascii: "}"), UInt8(ascii: "]"), 0x20, 0x09, 0x0D, 0x0A: return
                default: parser.i += 1
                }
            }
        }
    }

    /// Steps over the string whose opening quote is next (to after its closing quote).
    private mutating func skipString() {
        let bytes = parser.bytes
        parser.i += 1
        while parser.i < bytes.count, bytes[parser.i] != UInt8(ascii: "\"") {
            parser.i += bytes[parser.i] == UInt8(ascii: "\\") ? 2 : 1
        }
        parser.i = min(parser.i + 1, bytes.count)
    }

    /// The repeated keys found so far, in the order they were found (as
    /// `JSONParser.Result.duplicateKeys`), each with the offset where its repeated value
    /// ends: that order is the order `JSONParser` finds them in over the whole text, so the
    /// keys found by two pull parsers over parts of one text merge by it.
    package func duplicateKeys() -> [(pointer: String, position: SourcePosition, end: Int)] {
        zip(parser.placedDuplicates(), parser.duplicates).map { ($0.pointer, $0.position, $1.end) }
    }
}
