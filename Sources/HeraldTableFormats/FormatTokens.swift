// The one scanner HeraldTables reads format strings with (the renderer has its own,
// fuller parser; this one only needs to know where each specifier is, which argument
// it reads and what it is, for the readers' checks and for converting a message
// between `.stringsdict` and String Catalog conventions). It reads a specifier as the
// renderer does: `%`, an optional `N$` position, flags (`-+ 0'`), a width, a
// precision, a length, then the conversion, where `#@name@` (after any of those,
// `%1#@count@` included) is a plural variable and `#` before a letter the
// alternate-form flag.

/// One piece of a format string.
package struct FormatToken: Sendable, Hashable {
    package enum Kind: Sendable, Hashable {
        /// Literal text, `%%` included.
        case text
        /// `%arg` in a String Catalog substitution form: the substitution's own argument.
        case percentArg
        /// `%#@name@`: a plural variable.
        case variable(String)
        /// A printf conversion; `body` is what follows `%` and the position ("lld", ".2f").
        case specifier(body: String)
        /// A `%` that starts no conversion the renderer knows (shown as written, reads no argument).
        case invalid
    }

    package var kind: Kind
    /// UTF-8 byte range in the string.
    package var range: Range<Int>
    /// The explicit 1-based position (`%2$@`), nil when sequential.
    package var position: Int?
    /// The 1-based argument it reads (its position, else its place among the
    /// sequential specifiers after `firstArgument`), nil for text, `%arg` and invalid pieces.
    package var argument: Int?

    /// Whether it reads an argument by its place (a sequential specifier or variable).
    package var isSequential: Bool {
        switch kind {
        case .variable, .specifier: return position == nil
        default: return false
        }
    }
}

package enum FormatTokens {
    /// The conversion letters the renderer knows.
    package static let conversions: Set<UInt8> = Set("@dDiuUxXoOfFeEgGaAcCsSp".utf8)
    package static let numericConversions: Set<UInt8> = Set("dDiuUxXoOfFeEgGaAc".utf8)

    /// The pieces of `format`. `firstArgument`: the 1-based argument the first
    /// sequential specifier reads. `percentArg`: `%arg` is a substitution's argument.
    package static func tokens(_ format: String, firstArgument: Int = 1, percentArg: Bool = false) -> [FormatToken] {
        let b = Array(format.utf8)
        var out: [FormatToken] = []
        var next = firstArgument
        var textStart: Int? = nil
        var i = 0
        func flushText(_ end: Int) {
            if let s = textStart, s < end { out.append(FormatToken(kind: .text, range: s..<end)) }
            textStart = nil
        }
        func digits(_ k: inout Int) -> Int? {
            var n = 0
            let start = k
            while k < b.count, b[k] >= 0x30, b[k] <= 0x39 { n = n &* 10 &+ Int(b[k] - 0x30); k += 1 }
            return k > start ? n : nil
        }
        while i < b.count {
            guard b[i] == 0x25 else {
                if textStart == nil { textStart = i }
                i += 1
                continue
            }
            if i + 1 < b.count, b[i + 1] == 0x25 {
                if textStart == nil { textStart = i }
                i += 2
                continue
            }
            let start = i
            var k = i + 1
            if percentArg, k + 3 <= b.count, b[k] == 0x61, b[k + 1] == 0x72, b[k + 2] == 0x67 {
                flushText(start)
                out.append(FormatToken(kind: .percentArg, range: start..<(k + 3)))
                i = k + 3
                continue
            }
            var position: Int? = nil
            do {
                var p = k
                if let n = digits(&p), p < b.count, b[p] == 0x24 {
                    position = n
                    k = p + 1
                }
            }
            let bodyStart = k
            while k < b.count, "-+ 0'".utf8.contains(b[k]) { k += 1 }
            if k < b.count, b[k] == 0x2A { k += 1 } else { _ = digits(&k) }
            if k < b.count, b[k] == 0x2E {
                k += 1
                if k < b.count, b[k] == 0x2A { k += 1 } else { _ = digits(&k) }
            }
            if k < b.count {
                switch b[k] {
                case 0x68, 0x6C: k += (k + 1 < b.count && b[k + 1] == b[k]) ? 2 : 1  // h hh l ll
                case 0x71, 0x4C, 0x7A, 0x74, 0x6A: k += 1  // q L z t j
                default: break
                }
            }
            var kind = FormatToken.Kind.invalid
            var end = min(k + 1, b.count)
            if k + 1 < b.count, b[k] == 0x23, b[k + 1] == 0x40 {
                var e = k + 2
                while e < b.count, b[e] != 0x40, b[e] != 0x25 { e += 1 }
                if e < b.count, b[e] == 0x40, e > k + 2 {
                    kind = .variable(String(decoding: b[(k + 2)..<e], as: UTF8.self))
                    end = e + 1
                } else {
                    end = e
                }
            } else if k < b.count {
                var c = k
                if b[c] == 0x23 {  // the alternate-form flag, then width and precision again
                    c += 1
                    _ = digits(&c)
                    if c < b.count, b[c] == 0x2E { c += 1; _ = digits(&c) }
                }
                if c < b.count, conversions.contains(b[c]) {
                    kind = .specifier(body: String(decoding: b[bodyStart...c], as: UTF8.self))
                    end = c + 1
                }
            }
            flushText(start)
            var token = FormatToken(kind: kind, range: start..<end, position: position)
            if case .invalid = kind {
                token.position = nil
            } else if let position {
                token.argument = position
            } else {
                token.argument = next
                next += 1
            }
            out.append(token)
            i = max(end, start + 1)
        }
        flushText(b.count)
        return out
    }
}
