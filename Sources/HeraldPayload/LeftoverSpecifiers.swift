/// Format specifiers left in text meant for a person (`%@`, `%1$@`, `%d`, `%#@files@`): the
/// one reading of them, shared by the stage, which never shows such text, and by
/// `herald validate`, which predicts it.
///
/// A leftover is `%`, an optional `n$`, flags (`-+0'#`), a width and a precision (digits or
/// `*`), at most two length letters (`hlqLztj`), then a conversion (`@dDiuUxXoOfFeEgGcCsSp`),
/// or `#@name@` after the optional `n$` (a name of at most 64 bytes without whitespace).
/// Prose is spared: `%%` is a literal percent, and a bare conversion letter directly followed by
/// a letter reads as a word ("100%fun", "%done"); `%@` and a decorated specifier (`%1$d`,
/// `%.2f`, `%ld`) never do.
public enum LeftoverSpecifiers {
    /// The first leftover in `text`'s UTF-8, read in place; nil when there is none.
    public static func first(in text: UnsafeBufferPointer<UInt8>) -> String? {
        var found: String?
        scan(text) { found = $0; return false }
        return found
    }

    /// Every leftover in `text`, in order.
    public static func all(in text: String) -> [String] {
        var out: [String] = []
        var text = text
        text.withUTF8 { bytes in scan(bytes) { out.append($0); return true } }
        return out
    }

    /// Calls `found` with each leftover's text until it returns false.
    static func scan(_ b: UnsafeBufferPointer<UInt8>, _ found: (String) -> Bool) {
        func digits(_ k: inout Int) -> Bool {
            let s = k
            while k < b.count, b[k] >= 0x30, b[k] <= 0x39 { k += 1 }
            return k > s
        }
        var i = 0
        while i < b.count {
            guard b[i] == UInt8(ascii: "%") else { i += 1; continue }
            if i + 1 < b.count, b[i + 1] == UInt8(ascii: "%") { i += 2; continue }
            var j = i + 1
            var k = j
            if digits(&k), k < b.count, b[k] == UInt8(ascii: "$") { j = k + 1 }
            // %#@name@ (a plural variable), right after the position if any.
            if j + 1 < b.count, b[j] == UInt8(ascii: "#"), b[j + 1] == UInt8(ascii: "@") {
                var e = j + 2
                while e < b.count, b[e] != UInt8(ascii: "@"), e - j < 64, !isSpace(b[e]) { e += 1 }
                if e < b.count, b[e] == UInt8(ascii: "@") {
                    if !found(String(decoding: b[i...e], as: UTF8.self)) { return }
                    i = e + 1
                    continue
                }
            }
            var decorated = j > i + 1
            while j < b.count, "-+0'#".utf8.contains(b[j]) { j += 1; decorated = true }
            if j < b.count, b[j] == UInt8(ascii: "*") { j += 1; decorated = true } else if digits(&j) { decorated = true }
            if j < b.count, b[j] == UInt8(ascii: ".") {
                j += 1
                decorated = true
                if j < b.count, b[j] == UInt8(ascii: "*") { j += 1 } else { _ = digits(&j) }
            }
            var lengths = 0
            while j < b.count, lengths < 2, "hlqLztj".utf8.contains(b[j]) { j += 1; lengths += 1; decorated = true }
            if j < b.count, "@dDiuUxXoOfFeEgGcCsSp".utf8.contains(b[j]) {
                if b[j] == UInt8(ascii: "@") || decorated || !startsWithLetter(b, at: j + 1) {
                    if !found(String(decoding: b[i...j], as: UTF8.self)) { return }
                    i = j + 1
                    continue
                }
            }
            i += 1
        }
    }

    static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || (byte >= 0x09 && byte <= 0x0D)
    }

    /// Whether the scalar at `at` is a letter (any script): "%dé" reads as a word too.
    static func startsWithLetter(_ b: UnsafeBufferPointer<UInt8>, at: Int) -> Bool {
        guard at < b.count else { return false }
        let lead = b[at]
        if lead < 0x80 { return (lead >= 0x61 && lead <= 0x7A) || (lead >= 0x41 && lead <= 0x5A) }
        // At most one scalar's bytes, decoded without a heap string (a small string).
        let end = min(at + 4, b.count)
        guard let scalar = String(decoding: UnsafeBufferPointer(rebasing: b[at..<end]), as: UTF8.self).unicodeScalars.first else { return false }
        return scalar.properties.isAlphabetic
    }
}
