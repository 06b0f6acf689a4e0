/// A position in a source text: 1-based line and column (columns count
/// Unicode scalars), and the 0-based UTF-8 byte offset. Only the parser makes one.
public struct SourcePosition: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// 1-based line.
    public var line: Int
    /// 1-based column, in Unicode scalars.
    public var column: Int
    /// 0-based UTF-8 byte offset.
    public var offset: Int

    /// The start of a text: line 1, column 1.
    public static let start = SourcePosition(line: 1, column: 1, offset: 0)

    /// Text order.
    public static func < (a: Self, b: Self) -> Bool { a.offset < b.offset }
    /// `line:column`.
    public var description: String { "\(line):\(column)" }
}

/// Why a text is not JSON, and where.
public struct JSONError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What is wrong (`trailing comma in an array`).
    public let message: String
    /// Where the parser stopped.
    public let position: SourcePosition

    /// `line:column: message`.
    public var description: String { "\(position.line):\(position.column): \(message)" }

    /// This error as an answer to line `line` of a JSON Lines input (a batch), the one
    /// form every batch command uses: `line 4, column 12: not JSON: trailing comma in an array`.
    /// Other problems with a batch line read `line 4: <message>`.
    public func batchLineMessage(line: Int) -> String {
        "line \(line), column \(position.column): not JSON: \(message)"
    }
}

/// Reads JSON (RFC 8259) strictly, with positions.
///
/// - Numbers are kept as their literal text.
/// - Nesting deeper than `maxDepth` is an error, not a stack overflow.
/// - Invalid UTF-8, lone surrogates in `\u` escapes, control characters in
///   strings, trailing commas and trailing content are errors with a position.
/// - `positions` (when requested) records where each value starts, keyed by
///   its JSON Pointer ("/strings/Hello/localizations/de").
public struct JSONParser {
    /// Limits and what to record.
    public struct Options: Sendable {
        /// Nesting deeper than this is an error.
        public var maxDepth: Int = 512
        /// Record where each value starts (`Result.positions`).
        public var recordPositions: Bool = false
        /// Makes options.
        public init(maxDepth: Int = 512, recordPositions: Bool = false) {
            self.maxDepth = maxDepth
            self.recordPositions = recordPositions
        }
    }

    /// A value with what the parser noticed on the way.
    public struct Result: Sendable {
        /// The value.
        public let value: JSONValue
        /// JSON Pointer → where that value starts (and for object members, where its key starts).
        public let positions: [String: SourcePosition]
        /// JSON Pointers of object keys that occurred more than once (last wins;
    /// the full pointer only when positions are recorded).
        public let duplicateKeys: [(pointer: String, position: SourcePosition)]
        /// Bytes read to work out columns: at most about the input's size, however many
        /// values share a line (what the tests check to keep placing linear).
        public let columnBytesRead: Int
    }

    /// The longest JSON Pointer whose position is recorded (see `Options.recordPositions`).
    public static let maxRecordedPointerBytes = 1024

    /// Parses `text`.
    ///
    /// - Throws: `JSONError` with the line and column where it stops being JSON.
    public static func parse(_ text: String, options: Options = Options()) throws(JSONError) -> JSONValue {
        try parseDetailed(Array(text.utf8), options: options).value
    }

    /// Parses UTF-8 `bytes` (a byte-order mark is skipped).
    ///
    /// - Throws: `JSONError` with the line and column where they stop being JSON.
    public static func parse(bytes: [UInt8], options: Options = Options()) throws(JSONError) -> JSONValue {
        try parseDetailed(bytes, options: options).value
    }

    /// Parses `bytes`, recording positions and duplicate keys as `options` ask.
    ///
    /// - Throws: `JSONError` with the line and column where they stop being JSON.
    public static func parseDetailed(_ bytes: [UInt8], options: Options = Options()) throws(JSONError) -> Result {
        // The parser reads the bytes in place (every index is checked
        // against the count before it is read).
        let outcome: Swift.Result<Result, JSONError> = bytes.withUnsafeBufferPointer { buffer in
            do throws(JSONError) { return .success(try parseDetailed(buffer: buffer, options: options)) } catch { return .failure(error) }
        }
        return try outcome.get()
    }

    /// Parses the UTF-8 bytes at `buffer` in place, without copying them (a line lent by
    /// `LineReader`), as `parseDetailed(_:options:)` does.
    ///
    /// - Throws: `JSONError` with the line and column where they stop being JSON.
    public static func parseDetailed(buffer: UnsafeBufferPointer<UInt8>, options: Options = Options()) throws(JSONError) -> Result {
        var p = Parser(bytes: buffer, options: options)
        p.skipBOM()
        p.skipWhitespace()
        let v = try p.parseValue(depth: 0, pointer: "", record: options.recordPositions)
        p.skipWhitespace()
        if p.i < buffer.count { throw p.error("unexpected content after the JSON value") }
        return Result(value: v, positions: p.positions, duplicateKeys: p.placedDuplicates(), columnBytesRead: p.columnBytesRead)
    }
}

/// The four hex digits of JSON's `\uXXXX`, read by the parser and by HeraldTables'
/// String Catalog scanner.
package enum UnicodeEscape {
    /// The value of the four hex digits at `start` (nil when one is missing or is not a hex
    /// digit) and how many hex digits were read before that.
    @inline(__always)
    package static func hex4(_ bytes: UnsafeBufferPointer<UInt8>, at start: Int) -> (value: UInt32?, digits: Int) {
        var v: UInt32 = 0
        for k in 0..<4 {
            guard start + k < bytes.count else { return (nil, k) }
            let c = bytes[start + k]
            let d: UInt32
            switch c {
            case 0x30...0x39: d = UInt32(c - 0x30)
            case 0x41...0x46: d = UInt32(c - 0x41 + 10)
            case 0x61...0x66: d = UInt32(c - 0x61 + 10)
            default: return (nil, k)
            }
            v = v * 16 + d
        }
        return (v, 4)
    }
}

/// The parser's state over one buffer (`JSONPullParser` walks a document with it too).
struct Parser {
    let bytes: UnsafeBufferPointer<UInt8>
    let options: JSONParser.Options
    var i = 0
    var line = 1
    var lineStart = 0
    var positions: [String: SourcePosition] = [:]
    /// Repeated keys with where they start and where the repeated value ends (the order
    /// they are found in); columns are worked out once at the end.
    var duplicates: [(pointer: String, offset: Int, line: Int, lineStart: Int, end: Int)] = []
    /// The end of the last container whose members were counted ahead (`MemberCount.swift`).
    var countedUntil = 0

    init(bytes: UnsafeBufferPointer<UInt8>, options: JSONParser.Options) {
        self.bytes = bytes
        self.options = options
    }

    /// The last column worked out: (line start, byte offset, column). Positions are
    /// asked for in increasing order on a line, so each is counted on from the last
    /// one, not from the line's start: a one-line document of many values is read in
    /// linear time, not quadratic.
    var counted = (lineStart: -1, offset: 0, column: 1)

    var position: SourcePosition { position(at: i, line: line, lineStart: lineStart) }

    /// The position of byte `offset` on `line`, which starts at byte `lineStart`
    /// (for an error: counted from the line's start).
    func position(at offset: Int, line: Int, lineStart: Int) -> SourcePosition {
        SourcePosition(line: line, column: Parser.column(bytes, from: lineStart, column: 1, to: offset), offset: offset)
    }

    /// `position(at:line:lineStart:)`, counted on from the last position asked for.
    mutating func recordedPosition(at offset: Int, line: Int, lineStart: Int) -> SourcePosition {
        var from = lineStart, column = 1
        if counted.lineStart == lineStart, counted.offset <= offset { (from, column) = (counted.offset, counted.column) }
        let c = Parser.column(bytes, from: from, column: column, to: offset)
        columnBytesRead += max(0, offset - from)
        counted = (lineStart, offset, c)
        return SourcePosition(line: line, column: c, offset: offset)
    }

    /// The repeated keys with their positions, in the order they were found. An outer
    /// object's repeat is found after the inner ones, so the columns are counted in
    /// offset order (each from the one before) and put back in that order.
    func placedDuplicates() -> [(pointer: String, position: SourcePosition)] {
        var out = duplicates.map { (pointer: $0.pointer, position: SourcePosition(line: $0.line, column: 1, offset: $0.offset)) }
        var previous = (lineStart: -1, offset: 0, column: 1)
        for k in duplicates.indices.sorted(by: { duplicates[$0].offset < duplicates[$1].offset }) {
            let d = duplicates[k]
            let (from, column) = previous.lineStart == d.lineStart ? (previous.offset, previous.column) : (d.lineStart, 1)
            let c = Parser.column(bytes, from: from, column: column, to: d.offset)
            previous = (d.lineStart, d.offset, c)
            out[k].position.column = c
        }
        return out
    }

    /// Bytes read by `recordedPosition` so far.
    var columnBytesRead = 0

    /// Columns count scalars: the non-continuation bytes from `start` (at `column`) to `offset`.
    static func column(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, column: Int, to offset: Int) -> Int {
        var col = column
        var k = start
        while k < offset && k < bytes.count {
            if bytes[k] & 0xC0 != 0x80 { col += 1 }
            k += 1
        }
        return col
    }

    func error(_ message: String) -> JSONError { JSONError(message: message, position: position) }

    mutating func skipBOM() {
        if bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF { i = 3; lineStart = 3 }
    }

    mutating func skipWhitespace() {
        while i < bytes.count {
            switch bytes[i] {
            case 0x20, 0x09, 0x0D: i += 1
            case 0x0A:
                i += 1
                line += 1
                lineStart = i
            default: return
            }
        }
    }

    static func escapePointer(_ key: String) -> String {
        var out = ""
        for c in key {
            if c == "~" { out += "~0" } else if c == "/" { out += "~1" } else { out.append(c) }
        }
        return out
    }

    /// `record`: this value's position is recorded under `pointer`. Pointers longer than
    /// `maxRecordedPointerBytes` are not made (nor their children's): deep nesting of
    /// long keys would otherwise hold a copy of every ancestor's keys per value, memory
    /// quadratic in the input.
    mutating func parseValue(depth: Int, pointer: String, record: Bool) throws(JSONError) -> JSONValue {
        guard i < bytes.count else { throw error("unexpected end of input, expected a value") }
        if record { positions[pointer] = recordedPosition(at: i, line: line, lineStart: lineStart) }
        switch bytes[i] {
        case UInt8(ascii: "{"):
            guard depth < options.maxDepth else { throw error("nesting deeper than \(options.maxDepth) levels") }
            i += 1
            var obj = JSONObject()
            skipWhitespace()
            if i < bytes.count && bytes[i] == UInt8(ascii: "}") {
                i += 1
                return .object(obj)
            }
            while true {
                skipWhitespace()
                guard i < bytes.count else { throw error("unexpected end of input in an object") }
                guard bytes[i] == UInt8(ascii: "\"") else { throw error("expected a string key") }
                // Where the key starts, made into a line:column only when needed
                // (recorded positions, a duplicate key): counting columns per key
                // cost more than parsing the key.
                let keyOffset = i
                let keyLine = line
                let keyLineStart = lineStart
                let key = try parseString()
                skipWhitespace()
                guard i < bytes.count, bytes[i] == UInt8(ascii: ":") else { throw error("expected ':' after an object key") }
                i += 1
                skipWhitespace()
                // Pointers are only built when positions are recorded (they cost a
                // string per key); without them duplicate keys report a bare "/key".
                let childRecord = record && pointer.utf8.count + key.utf8.count < JSONParser.maxRecordedPointerBytes
                let childPointer = childRecord ? pointer + "/" + Parser.escapePointer(key) : ""
                if childRecord {
                    positions[childPointer + "#key"] = recordedPosition(at: keyOffset, line: keyLine, lineStart: keyLineStart)
                }
                let v = try parseValue(depth: depth + 1, pointer: childPointer, record: childRecord)
                if !obj.appendParsed(key, v) {
                    duplicates.append((
                        childRecord ? childPointer : "/" + Parser.escapePointer(key),
                        keyOffset, keyLine, keyLineStart, i))
                }
                if try closes(UInt8(ascii: "}"), "an object") {
                    obj.finishParsing()
                    return .object(obj)
                }
                if let size = wideContainerSize(have: obj.count, close: UInt8(ascii: "}")) { obj.reserveMembers(size) }
            }
        case UInt8(ascii: "["):
            guard depth < options.maxDepth else { throw error("nesting deeper than \(options.maxDepth) levels") }
            i += 1
            var arr: [JSONValue] = []
            skipWhitespace()
            if i < bytes.count && bytes[i] == UInt8(ascii: "]") {
                i += 1
                return .array(arr)
            }
            arr.reserveCapacity(4)
            while true {
                skipWhitespace()
                // Pointers cost a string per element: only built when positions are recorded.
                let childRecord = record && pointer.utf8.count < JSONParser.maxRecordedPointerBytes
                arr.append(try parseValue(depth: depth + 1, pointer: childRecord ? pointer + "/" + String(arr.count) : "", record: childRecord))
                if try closes(UInt8(ascii: "]"), "an array") { return .array(arr) }
                if let size = wideContainerSize(have: arr.count, close: UInt8(ascii: "]")) { arr.reserveCapacity(size) }
            }
        case UInt8(ascii: "\""):
            return .string(try parseString())
        case UInt8(ascii: "t"):
            try literal("true")
            return .bool(true)
        case UInt8(ascii: "f"):
            try literal("false")
            return .bool(false)
        case UInt8(ascii: "n"):
            try literal("null")
            return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            return .number(try parseNumber())
        default:
            throw error("unexpected character, expected a value")
        }
    }

    /// After a member of an object or an element of an array: true at the container's
    /// `close` (consumed), false after a `,` (consumed; a trailing comma is an error).
    @inline(__always)
    mutating func closes(_ close: UInt8, _ container: StaticString) throws(JSONError) -> Bool {
        skipWhitespace()
        guard i < bytes.count else { throw error("unexpected end of input in \(container)") }
        if bytes[i] == UInt8(ascii: ",") {
            i += 1
            skipWhitespace()
            if i < bytes.count && bytes[i] == close { throw error("trailing comma in \(container)") }
            return false
        }
        if bytes[i] == close {
            i += 1
            return true
        }
        throw error("expected ',' or '\(Character(Unicode.Scalar(close)))' in \(container)")
    }

    mutating func literal(_ word: StaticString) throws(JSONError) {
        let w = UnsafeBufferPointer(start: word.utf8Start, count: word.utf8CodeUnitCount)
        guard i + w.count <= bytes.count, bytes[i..<(i + w.count)].elementsEqual(w) else {
            throw error("invalid literal, expected '\(word)'")
        }
        i += w.count
    }

    mutating func parseNumber() throws(JSONError) -> String {
        let start = i
        if bytes[i] == UInt8(ascii: "-") { i += 1 }
        func digit(_ k: Int) -> Bool { k < bytes.count && bytes[k] >= 0x30 && bytes[k] <= 0x39 }
        guard digit(i) else { throw error("invalid number") }
        if bytes[i] == UInt8(ascii: "0") {
            i += 1
            if digit(i) { throw error("invalid number: leading zero") }
        } else {
            while digit(i) { i += 1 }
        }
        if i < bytes.count && bytes[i] == UInt8(ascii: ".") {
            i += 1
            guard digit(i) else { throw error("invalid number: expected digits after '.'") }
            while digit(i) { i += 1 }
        }
        if i < bytes.count && (bytes[i] == UInt8(ascii: "e") || bytes[i] == UInt8(ascii: "E")) {
            i += 1
            if i < bytes.count && (bytes[i] == UInt8(ascii: "+") || bytes[i] == UInt8(ascii: "-")) { i += 1 }
            guard digit(i) else { throw error("invalid number: expected exponent digits") }
            while digit(i) { i += 1 }
        }
        return String(decoding: bytes[start..<i], as: UTF8.self)
    }

    mutating func hex4() throws(JSONError) -> UInt32 {
        guard i + 4 <= bytes.count else { throw error("truncated \\u escape") }
        let (value, digits) = UnicodeEscape.hex4(bytes, at: i)
        i += digits  // an error points at the first byte that is not a hex digit
        guard let value else { throw error("invalid hex digit in \\u escape") }
        return value
    }

    mutating func parseString() throws(JSONError) -> String {
        i += 1  // opening quote
        // The bytes are only copied into `out` once an escape appears: a
        // string without escapes is decoded straight from the input.
        var out: [UInt8] = []
        var escaped = false
        let start = i
        var runStart = i
        while true {
            // Plain printable ASCII needs no check beyond this scan.
            if !escaped {
                while i < bytes.count {
                    let c = bytes[i]
                    if c < 0x20 || c >= 0x80 || c == UInt8(ascii: "\"") || c == UInt8(ascii: "\\") { break }
                    i += 1
                }
            }
            guard i < bytes.count else { throw error("unterminated string") }
            let c = bytes[i]
            if c == UInt8(ascii: "\"") {
                if !escaped {
                    i += 1
                    return String(decoding: bytes[start..<(i - 1)], as: UTF8.self)
                }
                out.append(contentsOf: bytes[runStart..<i])
                i += 1
                break
            }
            if c == UInt8(ascii: "\\") {
                escaped = true
                out.append(contentsOf: bytes[runStart..<i])
                i += 1
                guard i < bytes.count else { throw error("unterminated escape") }
                let e = bytes[i]
                i += 1
                switch e {
                case UInt8(ascii: "\""): out.append(0x22)
                case UInt8(ascii: "\\"): out.append(0x5C)
                case UInt8(ascii: "/"): out.append(0x2F)
                case UInt8(ascii: "b"): out.append(0x08)
                case UInt8(ascii: "f"): out.append(0x0C)
                case UInt8(ascii: "n"): out.append(0x0A)
                case UInt8(ascii: "r"): out.append(0x0D)
                case UInt8(ascii: "t"): out.append(0x09)
                case UInt8(ascii: "u"):
                    var scalar = try hex4()
                    if scalar >= 0xD800 && scalar < 0xDC00 {
                        guard i + 6 <= bytes.count, bytes[i] == UInt8(ascii: "\\"), bytes[i + 1] == UInt8(ascii: "u") else {
                            throw error("lone high surrogate in \\u escape")
                        }
                        i += 2
                        let low = try hex4()
                        guard low >= 0xDC00 && low < 0xE000 else { throw error("invalid low surrogate in \\u escape") }
                        scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                    } else if scalar >= 0xDC00 && scalar < 0xE000 {
                        throw error("lone low surrogate in \\u escape")
                    }
                    guard let u = Unicode.Scalar(scalar) else { throw error("invalid \\u escape") }
                    out.append(contentsOf: String(u).utf8)
                default: throw error("invalid escape '\\\(Unicode.Scalar(e))'")
                }
                runStart = i
                continue
            }
            if c < 0x20 { throw error("control character in string (must be escaped)") }
            if c >= 0x80 {
                // validate one UTF-8 sequence
                let len: Int
                switch c {
                case 0xC2...0xDF: len = 2
                case 0xE0...0xEF: len = 3
                case 0xF0...0xF4: len = 4
                default: throw error("invalid UTF-8 byte 0x\(String(c, radix: 16))")
                }
                guard i + len <= bytes.count else { throw error("truncated UTF-8 sequence") }
                for k in 1..<len where bytes[i + k] & 0xC0 != 0x80 {
                    throw error("invalid UTF-8 sequence")
                }
                if len == 3 {
                    let b1 = bytes[i + 1]
                    if (c == 0xE0 && b1 < 0xA0) || (c == 0xED && b1 >= 0xA0) { throw error("invalid UTF-8 sequence") }
                } else if len == 4 {
                    let b1 = bytes[i + 1]
                    if (c == 0xF0 && b1 < 0x90) || (c == 0xF4 && b1 >= 0x90) { throw error("invalid UTF-8 sequence") }
                }
                i += len
                continue
            }
            i += 1
        }
        return String(decoding: out, as: UTF8.self)
    }
}
