/// A forward-only reader over one JSON text, for callers that decode a known
/// shape straight into their own types (`herald format --batch` reads a
/// request per line) without building `JSONValue`s, Strings for object keys,
/// or arrays.
///
/// It is strict: it only accepts what RFC 8259 accepts. It is also partial on
/// purpose: a string with a backslash escape, nesting deeper than
/// `maxDepth`, a byte-order mark, and every malformed input make it answer
/// nil / false instead of describing the problem. Callers then parse the same
/// bytes with `JSONParser`, which handles everything and reports errors with
/// their position. So the reader never changes what is accepted or which
/// error is reported; it only makes the common case fast.
public struct JSONReader {
    /// The text being read.
    public let bytes: UnsafeBufferPointer<UInt8>
    /// The offset of the next unread byte.
    public private(set) var offset = 0
    /// How deep `skipValue` follows arrays and objects before giving up.
    public static let maxDepth = 64

    public init(_ bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
    }

    /// Skips JSON whitespace (space, tab, CR, LF).
    @inline(__always)
    public mutating func skipWhitespace() {
        while offset < bytes.count {
            let c = bytes[offset]
            guard c == 0x20 || c == 0x0A || c == 0x0D || c == 0x09 else { return }
            offset += 1
        }
    }

    /// Skips whitespace, then consumes `byte` if it comes next.
    @inline(__always)
    public mutating func consume(_ byte: UInt8) -> Bool {
        skipWhitespace()
        guard offset < bytes.count, bytes[offset] == byte else { return false }
        offset += 1
        return true
    }

    /// Skips whitespace and returns the next byte without consuming it.
    @inline(__always)
    public mutating func peek() -> UInt8? {
        skipWhitespace()
        return offset < bytes.count ? bytes[offset] : nil
    }

    /// True when nothing but whitespace is left.
    public mutating func atEnd() -> Bool {
        skipWhitespace()
        return offset == bytes.count
    }

    /// Reads a string without escapes: the range of its UTF-8 bytes (between
    /// the quotes, validated as UTF-8). Nil for anything else (not a string,
    /// an escape, a control character, invalid UTF-8, no closing quote).
    public mutating func readStringBytes() -> Range<Int>? {
        skipWhitespace()
        guard offset < bytes.count, bytes[offset] == 0x22 else { return nil }
        var i = offset + 1
        let start = i
        let n = bytes.count
        while i < n {
            let c = bytes[i]
            if c >= 0x20 && c < 0x80 {
                if c == 0x22 {
                    offset = i + 1
                    return start..<i
                }
                if c == 0x5C { return nil }
                i += 1
                continue
            }
            if c < 0x20 { return nil }
            guard let length = JSONReader.utf8SequenceLength(bytes, at: i) else { return nil }
            i += length
        }
        return nil
    }

    /// The length of the valid UTF-8 sequence starting at `i` (a byte ≥ 0x80),
    /// nil when it is not one (overlong forms, surrogates, beyond U+10FFFF,
    /// truncated) — the same rules as `JSONParser`.
    @inline(__always)
    static func utf8SequenceLength(_ bytes: UnsafeBufferPointer<UInt8>, at i: Int) -> Int? {
        let c = bytes[i]
        let length: Int
        switch c {
        case 0xC2...0xDF: length = 2
        case 0xE0...0xEF: length = 3
        case 0xF0...0xF4: length = 4
        default: return nil
        }
        guard i + length <= bytes.count else { return nil }
        for k in 1..<length where bytes[i + k] & 0xC0 != 0x80 { return nil }
        let b1 = bytes[i + 1]
        if length == 3, (c == 0xE0 && b1 < 0xA0) || (c == 0xED && b1 >= 0xA0) { return nil }
        if length == 4, (c == 0xF0 && b1 < 0x90) || (c == 0xF4 && b1 >= 0x90) { return nil }
        return length
    }

    /// Reads a number: the range of its literal text (`-12`, `1.50`, `1e3`).
    /// Nil when the next value is not a number in JSON's grammar.
    public mutating func readNumberBytes() -> Range<Int>? {
        skipWhitespace()
        let start = offset
        var i = offset
        let n = bytes.count
        @inline(__always) func digit(_ k: Int) -> Bool { k < n && bytes[k] >= 0x30 && bytes[k] <= 0x39 }
        if i < n && bytes[i] == 0x2D { i += 1 }
        guard digit(i) else { return nil }
        if bytes[i] == 0x30 {
            i += 1
            if digit(i) { return nil }
        } else {
            while digit(i) { i += 1 }
        }
        if i < n && bytes[i] == 0x2E {
            i += 1
            guard digit(i) else { return nil }
            while digit(i) { i += 1 }
        }
        if i < n && (bytes[i] == 0x65 || bytes[i] == 0x45) {
            i += 1
            if i < n && (bytes[i] == 0x2B || bytes[i] == 0x2D) { i += 1 }
            guard digit(i) else { return nil }
            while digit(i) { i += 1 }
        }
        offset = i
        return start..<i
    }

    /// Reads `true` or `false`; nil for anything else.
    public mutating func readBool() -> Bool? {
        if readWord("true") { return true }
        if readWord("false") { return false }
        return nil
    }

    /// Reads `null`; false for anything else.
    public mutating func readNull() -> Bool { readWord("null") }

    private mutating func readWord(_ word: StaticString) -> Bool {
        skipWhitespace()
        let w = UnsafeBufferPointer(start: word.utf8Start, count: word.utf8CodeUnitCount)
        guard offset + w.count <= bytes.count else { return false }
        for k in 0..<w.count where bytes[offset + k] != w[k] { return false }
        offset += w.count
        return true
    }

    /// Skips one value of any kind, checking it as it goes. False when it is
    /// not valid JSON or goes beyond what the reader handles (see the type's
    /// description); the offset is then unspecified.
    public mutating func skipValue() -> Bool { skipValue(depth: 0) }

    private mutating func skipValue(depth: Int) -> Bool {
        guard let c = peek() else { return false }
        switch c {
        case 0x22: return readStringBytes() != nil
        case 0x7B:  // {
            guard depth < JSONReader.maxDepth else { return false }
            offset += 1
            if consume(0x7D) { return true }
            repeat {
                guard readStringBytes() != nil, consume(0x3A), skipValue(depth: depth + 1) else { return false }
            } while consume(0x2C)
            return consume(0x7D)
        case 0x5B:  // [
            guard depth < JSONReader.maxDepth else { return false }
            offset += 1
            if consume(0x5D) { return true }
            repeat {
                guard skipValue(depth: depth + 1) else { return false }
            } while consume(0x2C)
            return consume(0x5D)
        case 0x74, 0x66: return readBool() != nil
        case 0x6E: return readNull()
        default: return readNumberBytes() != nil
        }
    }

    /// True when the bytes in `range` are exactly the ASCII of `word`.
    @inline(__always)
    public func bytes(in range: Range<Int>, equal word: StaticString) -> Bool {
        guard range.count == word.utf8CodeUnitCount else { return false }
        let w = word.utf8Start
        for k in 0..<range.count where bytes[range.lowerBound + k] != w[k] { return false }
        return true
    }
}
