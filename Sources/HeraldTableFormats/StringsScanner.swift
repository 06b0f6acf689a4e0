// The byte scanner under `OldStyleParser`: the old-style (OpenStep) property list
// grammar of a `.strings` file, entry by entry, with the escapes and comments
// CoreFoundation reads (the rules are listed at the top of StringsReader.swift).

struct StringsScanner {
    let p: UnsafeBufferPointer<UInt8>
    var i = 0
    var n: Int { p.count }
    /// The last comment that started on a line of its own since the previous entry.
    var pendingComment: Range<Int>? = nil
    /// Where the previous entry ended (a comment on the same line belongs to it).
    var entryEnd = 0

    /// True when a line break lies between the previous entry's end and `at`.
    func startsOwnLine(_ at: Int) -> Bool {
        if entryEnd == 0 { return true }
        var j = entryEnd
        while j < at {
            if p[j] == 0x0A || p[j] == 0x0D { return true }
            j += 1
        }
        return false
    }

    init(p: UnsafeBufferPointer<UInt8>) { self.p = p }

    /// Skips whitespace (U+0009–U+000D, space, U+2028, U+2029) and comments.
    /// An unterminated `/*` swallows the rest of the text, as in CoreFoundation.
    mutating func skipSpace() {
        while i < n {
            let c = p[i]
            if c == 0x20 || (c >= 0x09 && c <= 0x0D) {
                i += 1
            } else if c == 0xE2, i + 2 < n, p[i + 1] == 0x80, p[i + 2] == 0xA8 || p[i + 2] == 0xA9 {
                i += 3
            } else if c == 0x2F, i + 1 < n, p[i + 1] == 0x2F {
                let start = i
                i += 2
                while i < n {
                    let d = p[i]
                    if d == 0x0A || d == 0x0D { break }
                    if d == 0xE2, i + 2 < n, p[i + 1] == 0x80, p[i + 2] == 0xA8 || p[i + 2] == 0xA9 { break }
                    i += 1
                }
                if startsOwnLine(start) { pendingComment = (start + 2)..<i }
            } else if c == 0x2F, i + 1 < n, p[i + 1] == 0x2A {
                let start = i
                i += 2
                var closed = false
                while i + 1 < n {
                    if p[i] == 0x2A && p[i + 1] == 0x2F { i += 2; closed = true; break }
                    i += 1
                }
                if !closed {
                    i = n
                } else if startsOwnLine(start) {
                    pendingComment = (start + 2)..<(i - 2)
                }
            } else {
                return
            }
        }
    }

    func describe(_ at: Int) -> String {
        guard at < n else { return "end of file" }
        let c = p[at]
        if c >= 0x21 && c < 0x7F { return "'\(Character(Unicode.Scalar(c)))'" }
        if c < 0x80 { return "character U+00\(TextDecoding.hex(c))" }
        // decode the scalar for the message
        var end = at + 1
        while end < n, p[end] & 0xC0 == 0x80 { end += 1 }
        let s = String(decoding: UnsafeBufferPointer(rebasing: p[at..<end]), as: UTF8.self)
        return "'\(Excerpt.escaped(s))'"
    }

    /// Reads a quoted or unquoted string at `i`.
    mutating func string() throws(OldStyleParser.Failure) -> String {
        guard i < n else { throw .init(offset: i, message: "expected a string, found end of file") }
        let c = p[i]
        if c == 0x22 || c == 0x27 { return try quoted(c) }
        if isUnquotedChar(c) {
            let start = i
            while i < n, isUnquotedChar(p[i]) { i += 1 }
            return String(decoding: UnsafeBufferPointer(rebasing: p[start..<i]), as: UTF8.self)
        }
        throw .init(offset: i, message: "expected a string, found \(describe(i))")
    }

    mutating func quoted(_ q: UInt8) throws(OldStyleParser.Failure) -> String {
        let open = i
        i += 1
        let start = i
        // Fast path: no escapes.
        while i < n {
            let c = p[i]
            if c == q {
                let s = String(decoding: UnsafeBufferPointer(rebasing: p[start..<i]), as: UTF8.self)
                i += 1
                return s
            }
            if c == 0x5C { break }
            i += 1
        }
        guard i < n else { throw .init(offset: open, message: "unterminated quoted string") }
        var out: [UInt8] = Array(UnsafeBufferPointer(rebasing: p[start..<i]))
        try decodeQuoted(q, open: open, into: &out)
        return String(decoding: out, as: UTF8.self)
    }

    /// Decodes a quoted string from `i` (inside it, after its opening quote at `open`) to
    /// just past its closing quote, escapes read, each byte put into `out`.
    mutating func decodeQuoted<Out: DecodedBytes>(_ q: UInt8, open: Int, into out: inout Out) throws(OldStyleParser.Failure) {
        var pendingHigh: UInt16? = nil
        func emitUnit(_ u: UInt16, _ out: inout Out, _ pendingHigh: inout UInt16?) {
            if let h = pendingHigh {
                pendingHigh = nil
                if u >= 0xDC00 && u < 0xE000 {
                    TextDecoding.appendUTF8(0x10000 + ((UInt32(h) - 0xD800) << 10) + (UInt32(u) - 0xDC00), to: &out)
                    return
                }
                TextDecoding.appendUTF8(0xFFFD, to: &out)
            }
            if u >= 0xD800 && u < 0xDC00 {
                pendingHigh = u
            } else if u >= 0xDC00 && u < 0xE000 {
                TextDecoding.appendUTF8(0xFFFD, to: &out)
            } else {
                TextDecoding.appendUTF8(UInt32(u), to: &out)
            }
        }
        while i < n {
            let c = p[i]
            if c == q {
                if pendingHigh != nil { TextDecoding.appendUTF8(0xFFFD, to: &out) }
                i += 1
                return
            }
            if c == 0x5C {
                i += 1
                guard i < n else { break }
                let e = p[i]
                i += 1
                var unit: UInt16
                switch e {
                case 0x61: unit = 0x07  // a
                case 0x62: unit = 0x08  // b
                case 0x66: unit = 0x0C  // f
                case 0x6E: unit = 0x0A  // n
                case 0x72: unit = 0x0D  // r
                case 0x74: unit = 0x09  // t
                case 0x76: unit = 0x0B  // v
                case 0x55:  // U: up to 4 hex digits, one UTF-16 unit
                    var v: UInt16 = 0
                    var digits = 0
                    while digits < 4, i < n, let h = hexValue(p[i]) {
                        v = v << 4 | UInt16(h)
                        i += 1
                        digits += 1
                    }
                    unit = v
                case 0x30...0x37:  // octal, 3 digits at most, byte decoded as NeXTSTEP
                    var v = UInt8(e - 0x30)
                    if i < n, p[i] >= 0x30, p[i] <= 0x37 {
                        v = v &<< 3 &+ (p[i] - 0x30)
                        i += 1
                        if i < n, p[i] >= 0x30, p[i] <= 0x37 {
                            v = v &<< 3 &+ (p[i] - 0x30)
                            i += 1
                        }
                    }
                    unit = v < 0x80 ? UInt16(v) : nextStepHigh[Int(v) - 0x80]
                default:
                    if e < 0x80 {
                        unit = UInt16(e)
                    } else {
                        // a non-ASCII character after '\': that character
                        if pendingHigh != nil { TextDecoding.appendUTF8(0xFFFD, to: &out); pendingHigh = nil }
                        out.append(e)
                        while i < n, p[i] & 0xC0 == 0x80 { out.append(p[i]); i += 1 }
                        continue
                    }
                }
                emitUnit(unit, &out, &pendingHigh)
                continue
            }
            if pendingHigh != nil { TextDecoding.appendUTF8(0xFFFD, to: &out); pendingHigh = nil }
            out.append(c)
            i += 1
        }
        throw .init(offset: open, message: "unterminated quoted string")
    }

    @inline(__always)
    func hexValue(_ c: UInt8) -> UInt8? {
        switch c {
        case 0x30...0x39: return c - 0x30
        case 0x41...0x46: return c - 0x37
        case 0x61...0x66: return c - 0x57
        default: return nil
        }
    }

    /// After an error: skip to just past the next `;` that ends a line's entry
    /// (outside quotes), or to the next line, whichever comes first.
    mutating func resync() {
        while i < n {
            let c = p[i]
            if c == 0x3B { i += 1; return }
            if c == 0x0A || c == 0x0D { i += 1; return }
            if c == 0x22 || c == 0x27 {
                // skip a quoted string on the same line
                let q = c
                var j = i + 1
                while j < n, p[j] != q, p[j] != 0x0A {
                    if p[j] == 0x5C { j += 1 }
                    j += 1
                }
                i = j < n && p[j] == q ? j + 1 : j
                continue
            }
            i += 1
        }
    }

    /// Skips an old-style dictionary, array or data value (nested), for a
    /// key whose value is not a string.
    mutating func skipValue(depth: Int) throws(OldStyleParser.Failure) {
        guard depth < 512 else { throw .init(offset: i, message: "values nested more than 512 levels deep") }
        guard i < n else { throw .init(offset: i, message: "expected a value, found end of file") }
        let open = i
        switch p[i] {
        case 0x7B:  // { k = v; … }
            i += 1
            while true {
                skipSpace()
                guard i < n else { throw .init(offset: open, message: "unterminated dictionary value") }
                if p[i] == 0x7D { i += 1; return }
                _ = try string()
                skipSpace()
                guard i < n, p[i] == 0x3D else { throw .init(offset: i, message: "expected '=' in a dictionary value, found \(describe(i))") }
                i += 1
                skipSpace()
                try skipAny(depth: depth + 1)
                skipSpace()
                guard i < n, p[i] == 0x3B else { throw .init(offset: i, message: "missing ';' in a dictionary value, found \(describe(i))") }
                i += 1
            }
        case 0x28:  // ( v, v )
            i += 1
            skipSpace()
            if i < n, p[i] == 0x29 { i += 1; return }
            while true {
                skipSpace()
                try skipAny(depth: depth + 1)
                skipSpace()
                guard i < n else { throw .init(offset: open, message: "unterminated array value") }
                if p[i] == 0x29 { i += 1; return }
                guard p[i] == 0x2C else { throw .init(offset: i, message: "expected ',' or ')' in an array value, found \(describe(i))") }
                i += 1
            }
        default:  // < hex >
            i += 1
            while i < n, p[i] != 0x3E {
                let c = p[i]
                guard hexValue(c) != nil || c == 0x20 || (c >= 0x09 && c <= 0x0D) else {
                    throw .init(offset: i, message: "invalid character \(describe(i)) in a data value")
                }
                i += 1
            }
            guard i < n else { throw .init(offset: open, message: "unterminated data value") }
            i += 1
        }
    }

    mutating func skipAny(depth: Int) throws(OldStyleParser.Failure) {
        if i < n, p[i] == 0x7B || p[i] == 0x28 || p[i] == 0x3C { try skipValue(depth: depth) } else { _ = try string() }
    }

    func canStartString(_ c: UInt8) -> Bool { c == 0x22 || c == 0x27 || isUnquotedChar(c) }

    mutating func run(_ o: inout OldStyleParser.Outcome) {
        skipSpace()
        var braced = false
        if i < n, p[i] == 0x7B {  // {
            braced = true
            i += 1
        }
        var ignoring = false
        while true {
            skipSpace()
            if i >= n {
                if braced { o.errors.append(.init(offset: i, message: "missing '}' at end of file")) }
                return
            }
            if braced, p[i] == 0x7D {  // }
                i += 1
                skipSpace()
                if i < n { o.errors.append(.init(offset: i, message: "unexpected \(describe(i)) after the closing '}'")) }
                return
            }
            if !canStartString(p[i]) {
                if braced {
                    o.errors.append(.init(offset: i, message: "expected a key or '}', found \(describe(i))"))
                } else if !ignoring {
                    // CoreFoundation ends the dictionary here without an error.
                    o.stop = .init(offset: i, message: "unexpected \(describe(i)) where a key should start")
                    ignoring = true
                }
                if o.errors.count > 200 { return }
                i += 1
                continue
            }
            let comment = pendingComment
            pendingComment = nil
            do throws(OldStyleParser.Failure) {
                let keyOffset = i
                let key = try string()
                skipSpace()
                guard i < n else { throw .init(offset: i, message: "missing ';' after key \(Excerpt.quoted(key)) at end of file") }
                if p[i] == 0x3B {  // "key"; shorthand
                    i += 1
                    o.add(.init(key: key, keyOffset: keyOffset, value: key, valueOffset: keyOffset, ignored: ignoring, comment: comment))
                    entryEnd = i
                    continue
                }
                guard p[i] == 0x3D else {  // =
                    throw .init(offset: i, message: "expected '=' or ';' after key \(Excerpt.quoted(key)), found \(describe(i))")
                }
                i += 1
                skipSpace()
                let valueOffset = i
                if i < n, p[i] == 0x7B || p[i] == 0x28 || p[i] == 0x3C {
                    let kind = p[i] == 0x7B ? "a dictionary" : p[i] == 0x28 ? "an array" : "data"
                    try skipValue(depth: 1)
                    o.nonString.append(.init(offset: valueOffset, message: "value of \(Excerpt.quoted(key)) is \(kind); a .strings table holds only strings, so this key has no text"))
                } else {
                    let value = try string()
                    o.add(.init(key: key, keyOffset: keyOffset, value: value, valueOffset: valueOffset, ignored: ignoring, comment: comment))
                }
                let valueEnd = i
                skipSpace()
                guard i < n, p[i] == 0x3B else {
                    // Keep the pair for the linter and go on from the next token.
                    o.errors.append(.init(offset: valueEnd, message: "missing ';' after the value of \(Excerpt.quoted(key)) (found \(describe(i)))"))
                    if o.errors.count > 200 { return }
                    entryEnd = valueEnd
                    continue
                }
                i += 1
                entryEnd = i
            } catch {
                o.errors.append(error)
                if o.errors.count > 200 { return }
                let before = i
                resync()
                if i == before { i += 1 }
            }
        }
    }
}
