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
///
/// The hot methods are `@inlinable`: a caller's decoding loop compiles into
/// straight-line byte tests instead of a call per token.
@frozen
public struct JSONReader {
    /// The text being read.
    public let bytes: UnsafeBufferPointer<UInt8>
    /// The offset of the next unread byte.
    public var offset: Int { position }
    @usableFromInline var position = 0
    /// How deep `skipValue` follows arrays and objects before giving up.
    public static let maxDepth = 64

    /// A reader over `bytes`, which must stay valid while it reads.
    @inlinable
    public init(_ bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
    }

    /// Skips JSON whitespace (space, tab, CR, LF).
    @inlinable @inline(__always)
    public mutating func skipWhitespace() {
        while position < bytes.count {
            let c = bytes[position]
            guard c == 0x20 || c == 0x0A || c == 0x0D || c == 0x09 else { return }
            position += 1
        }
    }

    /// Skips whitespace, then consumes `byte` if it comes next.
    @inlinable @inline(__always)
    public mutating func consume(_ byte: UInt8) -> Bool {
        skipWhitespace()
        guard position < bytes.count, bytes[position] == byte else { return false }
        position += 1
        return true
    }

    /// Skips whitespace and returns the next byte without consuming it.
    @inlinable @inline(__always)
    public mutating func peek() -> UInt8? {
        skipWhitespace()
        return position < bytes.count ? bytes[position] : nil
    }

    /// True when nothing but whitespace is left.
    public mutating func atEnd() -> Bool {
        skipWhitespace()
        return position == bytes.count
    }

    /// Reads a string without escapes: the range of its UTF-8 bytes (between
    /// the quotes, validated as UTF-8). Nil for anything else (not a string,
    /// an escape, a control character, invalid UTF-8, no closing quote).
    @inlinable
    public mutating func readStringBytes() -> Range<Int>? {
        skipWhitespace()
        guard position < bytes.count, let base = bytes.baseAddress, base[position] == 0x22 else { return nil }
        let start = position + 1
        var i = start
        let n = bytes.count
        // Request strings are short: a plain byte loop beats word-at-a-time tricks here.
        while i < n {
            let c = base[i]
            if c == 0x22 {
                position = i + 1
                return start..<i
            }
            if c == 0x5C || c < 0x20 { return nil }
            if c < 0x80 {
                i += 1
            } else {
                guard let length = JSONReader.utf8SequenceLength(bytes, at: i) else { return nil }
                i += length
            }
        }
        return nil
    }

    /// The length of the valid UTF-8 sequence starting at `i` (a byte ≥ 0x80),
    /// nil when it is not one (overlong forms, surrogates, beyond U+10FFFF,
    /// truncated) — the same rules as `JSONParser`.
    @inlinable @inline(__always)
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
    @inlinable
    public mutating func readNumberBytes() -> Range<Int>? {
        skipWhitespace()
        let start = position
        var i = position
        let n = bytes.count
        func digit(_ k: Int) -> Bool { k < n && bytes[k] >= 0x30 && bytes[k] <= 0x39 }
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
        position = i
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
        guard position + w.count <= bytes.count else { return false }
        for k in 0..<w.count where bytes[position + k] != w[k] { return false }
        position += w.count
        return true
    }

    /// Skips one value of any kind, checking it as it goes. False when it is
    /// not valid JSON or goes beyond what the reader handles (see the type's
    /// description); the position is then unspecified.
    public mutating func skipValue() -> Bool { skipValue(depth: 0) }

    private mutating func skipValue(depth: Int) -> Bool {
        guard let c = peek() else { return false }
        switch c {
        case 0x22: return readStringBytes() != nil
        case 0x7B:  // {
            guard depth < JSONReader.maxDepth else { return false }
            position += 1
            if consume(0x7D) { return true }
            repeat {
                guard readStringBytes() != nil, consume(0x3A), skipValue(depth: depth + 1) else { return false }
            } while consume(0x2C)
            return consume(0x7D)
        case 0x5B:  // [
            guard depth < JSONReader.maxDepth else { return false }
            position += 1
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

    /// Skips whitespace, then consumes the string `"name"` if it comes next
    /// byte for byte (`name` is plain ASCII without quotes or backslashes, so
    /// those bytes can only be that string). For matching object member
    /// names without reading them first: a mismatch usually costs one byte
    /// compare. False, with nothing consumed, otherwise.
    @inlinable @inline(__always)
    public mutating func consumeString(_ name: StaticString) -> Bool {
        skipWhitespace()
        let n = name.utf8CodeUnitCount
        guard position + n + 2 <= bytes.count, let base = bytes.baseAddress, base[position] == 0x22,
            base[position + n + 1] == 0x22
        else { return false }
        let w = name.utf8Start
        for k in 0..<n where base[position + 1 + k] != w[k] { return false }
        position += n + 2
        return true
    }

    /// True when the bytes in `range` are exactly the ASCII of `word`.
    @inlinable @inline(__always)
    public func bytes(in range: Range<Int>, equal word: StaticString) -> Bool {
        guard range.count == word.utf8CodeUnitCount else { return false }
        let w = word.utf8Start
        for k in 0..<range.count where bytes[range.lowerBound + k] != w[k] { return false }
        return true
    }
}
