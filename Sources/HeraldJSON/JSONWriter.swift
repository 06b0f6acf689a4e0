/// Writes JSON. Keys keep their order; numbers are written as their literal
/// text; strings are escaped minimally (quotes, backslash, control
/// characters, and U+2028/U+2029 so the output is also valid JavaScript).
/// Non-ASCII text is written as UTF-8, not as `\u` escapes.
public enum JSONWriter {
    /// `value` as JSON text: compact, or indented with `pretty`; keys in order, or sorted.
    public static func write(_ value: JSONValue, pretty: Bool = false, sortedKeys: Bool = false) -> String {
        var out = ""
        out.reserveCapacity(256)
        emit(value, into: &out, pretty: pretty, sorted: sortedKeys, indent: 0)
        return out
    }

    /// Appends `value` as `write` would write it at nesting level `indent` (pretty output
    /// indents its members one level deeper): for writers that stream a large document a
    /// member at a time instead of building it whole.
    public static func append(_ value: JSONValue, to out: inout String, pretty: Bool = false, indent: Int = 0) {
        emit(value, into: &out, pretty: pretty, sorted: false, indent: indent)
    }

    /// The same, handing `out` to `write` (and emptying it) whenever it holds `chunk` bytes,
    /// and a string longer than `chunk` in pieces: a value of thousands of members, or one
    /// long text, is never one string. The pieces, in order, are exactly `append`'s text.
    public static func append(
        _ value: JSONValue, to out: inout String, pretty: Bool = false, indent: Int = 0, chunk: Int, write: (String) -> Void
    ) {
        emit(value, into: &out, pretty: pretty, sorted: false, indent: indent, chunk: chunk, write: write)
    }

    /// Hands `out` to `write` and empties it once it holds `chunk` bytes or more: what the
    /// streaming `append` does after each member, for text written around it.
    public static func drain(_ out: inout String, ifHolding chunk: Int, to write: (String) -> Void) {
        out.drain(ifHolding: chunk, to: write)
    }

    /// Writes `value` compactly straight into `out` (no String in between): the bytes
    /// `write(value)` returns. What a shell answering JSON Lines writes each answer with.
    public static func write(_ value: JSONValue, to out: inout BufferedOutput) {
        emit(value, into: &out, pretty: false, sorted: false, indent: 0)
    }

    /// How many UTF-8 bytes `write(value)` (compact) writes, counted without writing them:
    /// a payload's size can be measured against its budget without building its text.
    public static func length(of value: JSONValue) -> Int {
        switch value {
        case .null: return 4
        case .bool(let b): return b ? 4 : 5
        case .number(let n): return n.utf8.count
        case .string(let s): return quotedLength(s)
        case .array(let a):
            var n = 2 + max(a.count - 1, 0)
            for e in a { n += length(of: e) }
            return n
        case .object(let o): return length(of: PartlyParsedObject(o))
        }
    }

    /// `object` as compact JSON, as `write(.object(object.wholeObject()))` writes it: the
    /// members kept as text are copied as they are (they are already the writer's text).
    public static func write(_ object: PartlyParsedObject) -> String {
        var out = ""
        var writer = JSONObjectWriter(pretty: false)
        object.forEachMember { m in
            switch m {
            case .value(let key, let value):
                writer.writeKey(key, into: &out)
                emit(value, into: &out, pretty: false, sorted: false, indent: 0)
            case .text(let text):
                writer.writeMember(compactText: text, into: &out)
            }
        }
        writer.writeClose(into: &out)
        return out
    }

    /// How many UTF-8 bytes `write(object)` writes, counted without writing them, with the
    /// members whose key `leftOut` picks left out and, when `blank` is given, that member's
    /// value counted as nothing (the member added at the end when absent): the size of
    /// everything around a value about to be put in, measured once.
    public static func length(
        of object: PartlyParsedObject, leavingOut leftOut: (String) -> Bool = { _ in false }, withoutValueOf blank: String? = nil
    ) -> Int {
        var n = 2
        var members = 0
        var sawBlank = false
        func member(_ key: String, _ valueLength: () -> Int) {
            guard !leftOut(key) else { return }
            members += 1
            n += quotedLength(key) + 1
            if key == blank { sawBlank = true } else { n += valueLength() }
        }
        object.forEachMember { m in
            switch m {
            case .value(let key, let value): member(key) { length(of: value) }
            case .text(let text):
                let key = PartlyParsedObject.memberKey(text)
                member(key) { text.count - quotedLength(key) - 1 }
            }
        }
        if let blank, !sawBlank, !leftOut(blank) {
            members += 1
            n += quotedLength(blank) + 1
        }
        return n + max(members - 1, 0)
    }

    /// How many UTF-8 bytes `quote(s)` writes, quotes included (what `quote(_:to:)` escapes).
    public static func quotedLength(_ s: String) -> Int {
        var n = 2
        var previous: (UInt8, UInt8) = (0, 0)
        for b in s.utf8 {
            switch b {
            case 0x22, 0x5C, 0x0A, 0x0D, 0x09: n += 2
            case 0x00..<0x20, 0x7F: n += 6
            // The last byte of U+2028 / U+2029 (E2 80 A8 / E2 80 A9): the three bytes become six.
            case 0xA8 where previous == (0xE2, 0x80), 0xA9 where previous == (0xE2, 0x80): n += 4
            default: n += 1
            }
            previous = (previous.1, b)
        }
        return n
    }

    /// `s` as a JSON string literal, quotes included.
    public static func quote(_ s: String) -> String {
        var out = ""
        appendQuoted(s, to: &out)
        return out
    }

    /// Writes `v` into `out`; with a `chunk`, `out` goes to `write` whenever it holds that many
    /// bytes and a longer string is written in pieces (see the streaming `append`).
    static func emit<Out: JSONTextSink>(
        _ v: JSONValue, into out: inout Out, pretty: Bool, sorted: Bool, indent: Int,
        chunk: Int = .max, write: (String) -> Void = { _ in }
    ) {
        switch v {
        case .null: out.appendText("null")
        case .bool(let b): out.appendText(b ? "true" : "false")
        case .number(let n): out.appendText(n)
        case .string(let s) where s.utf8.count > chunk: out.appendLongQuoted(s, pieces: chunk, write: write)
        case .string(let s): out.appendQuoted(s)
        case .array(let a):
            if a.isEmpty { out.appendText("[]"); return }
            out.appendText("[")
            for (k, e) in a.enumerated() {
                if k > 0 { out.appendText(",") }
                if pretty { out.appendText("\n" + String(repeating: "  ", count: indent + 1)) }
                emit(e, into: &out, pretty: pretty, sorted: sorted, indent: indent + 1, chunk: chunk, write: write)
                out.drain(ifHolding: chunk, to: write)
            }
            if pretty { out.appendText("\n" + String(repeating: "  ", count: indent)) }
            out.appendText("]")
        case .object(let o):
            var writer = JSONObjectWriter(pretty: pretty, indent: indent)
            let entries = sorted ? o.entries.sorted { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) } : o.entries
            for e in entries {
                writer.writeKey(e.key, into: &out)
                emit(e.value, into: &out, pretty: pretty, sorted: sorted, indent: indent + 1, chunk: chunk, write: write)
                out.drain(ifHolding: chunk, to: write)
            }
            writer.writeClose(into: &out)
        }
    }

    /// Writes `quote(s)` in pieces of about `pieces` bytes: the escaper works scalar by
    /// scalar, so quoting each piece (cut between scalars) and dropping the inner quotes
    /// gives the same text.
    static func writeQuoted(_ s: String, pieces: Int, to write: (String) -> Void) {
        let utf8 = s.utf8
        var start = utf8.startIndex
        var first = true
        while start < utf8.endIndex {
            var end = utf8.index(start, offsetBy: pieces, limitedBy: utf8.endIndex) ?? utf8.endIndex
            // Back to a scalar's first byte (a continuation byte is 10xxxxxx).
            while end < utf8.endIndex, end > start, utf8[end] & 0xC0 == 0x80 { end = utf8.index(before: end) }
            // A piece smaller than one scalar: the whole scalar.
            if end == start {
                end = utf8.index(after: start)
                while end < utf8.endIndex, utf8[end] & 0xC0 == 0x80 { end = utf8.index(after: end) }
            }
            let quoted = quote(String(s[start..<end]))
            let last = end == utf8.endIndex
            write(String(decoding: quoted.utf8.dropFirst(first ? 0 : 1).dropLast(last ? 0 : 1), as: UTF8.self))
            start = end
            first = false
        }
    }

    /// Appends `s` as a JSON string literal: the bytes `quote(_:to:)` writes, so every
    /// JSON Herald writes escapes a string the same way, byte for byte.
    static func appendQuoted(_ s: String, to out: inout String) {
        var text = s
        text.withUTF8 { bytes in
            let most = bytes.count * maximumExpansion + 2
            withUnsafeTemporaryAllocation(of: UInt8.self, capacity: most) { buffer in
                guard let base = buffer.baseAddress else { return }
                let n = quote(bytes, to: base)
                out += String(decoding: UnsafeBufferPointer(start: base, count: n), as: UTF8.self)
            }
        }
    }

    /// The most output bytes one input byte can become (`\u001f`).
    public static let maximumExpansion = 6

    /// Writes UTF-8 `bytes` as a JSON string literal, quotes included, at `dst`: `"` and
    /// `\` escaped, `\n` `\r` `\t`, other C0 controls and DEL as `\u00XX`, and U+2028 and
    /// U+2029 as `\u2028` `\u2029` (valid in JSON, line ends in JavaScript). Everything else
    /// is copied as it is. Returns the number of bytes written; `dst` must have room for
    /// `bytes.count * maximumExpansion + 2`. The one JSON string escaper: `write`,
    /// `quote(String)` and every fast path go through it.
    public static func quote(_ bytes: UnsafeBufferPointer<UInt8>, to dst: UnsafeMutablePointer<UInt8>) -> Int {
        dst[0] = 0x22
        var o = 1
        guard let src = bytes.baseAddress else {
            dst[1] = 0x22
            return 2
        }
        let n = bytes.count
        var k = 0
        while k < n {
            // Eight bytes at a time while none needs a look: copied as one word.
            if k + 8 <= n {
                let w = UnsafeRawPointer(src + k).loadUnaligned(as: UInt64.self)
                if !mayNeedEscape(w) {
                    UnsafeMutableRawPointer(dst + o).storeBytes(of: w, as: UInt64.self)
                    o += 8
                    k += 8
                    continue
                }
            }
            let b = src[k]
            k += 1
            if b == 0xE2, k + 1 < n, src[k] == 0x80, src[k + 1] == 0xA8 || src[k + 1] == 0xA9 {
                // U+2028 / U+2029 (E2 80 A8 / E2 80 A9).
                dst[o] = 0x5C
                dst[o + 1] = 0x75
                dst[o + 2] = 0x32
                dst[o + 3] = 0x30
                dst[o + 4] = 0x32
                dst[o + 5] = src[k + 1] == 0xA8 ? 0x38 : 0x39
                o += 6
                k += 2
                continue
            }
            if b >= 0x20 && b != 0x22 && b != 0x5C && b != 0x7F {
                dst[o] = b
                o += 1
                continue
            }
            dst[o] = 0x5C
            switch b {
            case 0x22: dst[o + 1] = 0x22; o += 2
            case 0x5C: dst[o + 1] = 0x5C; o += 2
            case 0x0A: dst[o + 1] = 0x6E; o += 2
            case 0x0D: dst[o + 1] = 0x72; o += 2
            case 0x09: dst[o + 1] = 0x74; o += 2
            default:
                dst[o + 1] = 0x75
                dst[o + 2] = 0x30
                dst[o + 3] = 0x30
                dst[o + 4] = hexDigit(b >> 4)
                dst[o + 5] = hexDigit(b & 0xF)
                o += 6
            }
        }
        dst[o] = 0x22
        return o + 1
    }

    @inline(__always)
    private static func hexDigit(_ v: UInt8) -> UInt8 { v < 10 ? 0x30 + v : 0x57 + v }

    /// True when one of the eight bytes of `w` may need an escape: below 0x20, `"`, `\`,
    /// DEL, or 0xE2 (the lead byte of U+2028/U+2029). Bit tricks ("has a zero byte":
    /// (v - 0x01…) & ~v & 0x80…; "has a byte below n": (v - n…) & ~v & 0x80…) may flag a
    /// word that needs nothing (a borrow), never miss one; a flagged word is then looked
    /// at byte by byte.
    @inline(__always)
    static func mayNeedEscape(_ w: UInt64) -> Bool {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highs: UInt64 = 0x8080_8080_8080_8080
        @inline(__always) func hasZero(_ v: UInt64) -> UInt64 { (v &- ones) & ~v & highs }
        let control = (w &- ones &* 0x20) & ~w & highs
        return control | hasZero(w ^ (ones &* 0x22)) | hasZero(w ^ (ones &* 0x5C)) | hasZero(w ^ (ones &* 0x7F))
            | hasZero(w ^ (ones &* 0xE2)) != 0
    }
}

/// What `JSONWriter.emit` writes into: a String (handed on in pieces when streaming), or a
/// `BufferedOutput` (bytes copied straight into its block, escaped by `JSONWriter.quote`).
protocol JSONTextSink {
    /// Appends text as it is (punctuation, a literal, a number's text).
    mutating func appendText(_ text: String)
    /// Appends `s` as a JSON string literal.
    mutating func appendQuoted(_ s: String)
    /// Appends `s` quoted, in pieces of about `pieces` bytes handed to `write` where that applies.
    mutating func appendLongQuoted(_ s: String, pieces: Int, write: (String) -> Void)
    /// After a member: hands what is held to `write` once it is `chunk` bytes or more, where that applies.
    mutating func drain(ifHolding chunk: Int, to write: (String) -> Void)
}

extension String: JSONTextSink {
    mutating func appendText(_ text: String) { self += text }
    mutating func appendQuoted(_ s: String) { JSONWriter.appendQuoted(s, to: &self) }
    mutating func appendLongQuoted(_ s: String, pieces: Int, write: (String) -> Void) {
        write(self)
        removeAll(keepingCapacity: true)
        JSONWriter.writeQuoted(s, pieces: pieces, to: write)
    }
    mutating func drain(ifHolding chunk: Int, to write: (String) -> Void) {
        if utf8.count >= chunk {
            write(self)
            removeAll(keepingCapacity: true)
        }
    }
}

extension BufferedOutput: JSONTextSink {
    mutating func appendText(_ text: String) { write(text) }
    mutating func appendQuoted(_ s: String) { writeQuoted(s) }
    // The output writes its block out itself: nothing is held back as a String.
    mutating func appendLongQuoted(_ s: String, pieces: Int, write: (String) -> Void) { writeQuoted(s) }
    mutating func drain(ifHolding chunk: Int, to write: (String) -> Void) {}
}
