/// Strict standard base64 (RFC 4648 §4, with padding) so a damaged field gets a
/// precise error instead of a silent nil.
enum Base64 {
    private static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)

    static func encode(_ bytes: some Collection<UInt8>) -> String {
        let b = Array(bytes)
        var out = [UInt8]()
        out.reserveCapacity((b.count + 2) / 3 * 4)
        var i = 0
        while i + 3 <= b.count {
            let n = UInt32(b[i]) << 16 | UInt32(b[i + 1]) << 8 | UInt32(b[i + 2])
            out += [alphabet[Int(n >> 18 & 63)], alphabet[Int(n >> 12 & 63)], alphabet[Int(n >> 6 & 63)], alphabet[Int(n & 63)]]
            i += 3
        }
        let rest = b.count - i
        if rest == 1 {
            let n = UInt32(b[i]) << 16
            out += [alphabet[Int(n >> 18 & 63)], alphabet[Int(n >> 12 & 63)], UInt8(ascii: "="), UInt8(ascii: "=")]
        } else if rest == 2 {
            let n = UInt32(b[i]) << 16 | UInt32(b[i + 1]) << 8
            out += [alphabet[Int(n >> 18 & 63)], alphabet[Int(n >> 12 & 63)], alphabet[Int(n >> 6 & 63)], UInt8(ascii: "=")]
        }
        return String(decoding: out, as: UTF8.self)
    }

    private static func value(_ c: UInt8) -> UInt32? {
        switch c {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"): return UInt32(c - UInt8(ascii: "A"))
        case UInt8(ascii: "a")...UInt8(ascii: "z"): return UInt32(c - UInt8(ascii: "a") + 26)
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return UInt32(c - UInt8(ascii: "0") + 52)
        case UInt8(ascii: "+"): return 62
        case UInt8(ascii: "/"): return 63
        default: return nil
        }
    }

    /// Decodes `text`; a bad character (or non-canonical final character) is
    /// `badBase64` with its offset, a length that is not a multiple of 4 (all
    /// characters valid) is `truncated`.
    static func decode(_ text: String, field: String) throws(SealingError) -> [UInt8] {
        let s = Array(text.utf8)
        var padding = 0
        for (k, c) in s.enumerated() {
            if c == UInt8(ascii: "=") {
                // Padding only in the last two places of the text.
                if k < s.count - 2 { throw .badBase64(field: field, offset: k) }
                padding += 1
                continue
            }
            if padding > 0 || value(c) == nil { throw .badBase64(field: field, offset: k) }
        }
        if s.count % 4 != 0 { throw .truncated(field: field) }
        var out = [UInt8]()
        out.reserveCapacity(s.count / 4 * 3)
        var i = 0
        while i < s.count {
            var n: UInt32 = 0
            for j in 0..<4 { n = n << 6 | (value(s[i + j]) ?? 0) }
            out.append(UInt8(n >> 16 & 0xFF))
            if s[i + 2] != UInt8(ascii: "=") { out.append(UInt8(n >> 8 & 0xFF)) }
            if s[i + 3] != UInt8(ascii: "=") { out.append(UInt8(n & 0xFF)) }
            // Canonical only (RFC 4648 §3.5): the bits padding leaves unused must be zero,
            // so no two texts decode to the same bytes.
            if s[i + 2] == UInt8(ascii: "="), n & 0xFFFF != 0 { throw .badBase64(field: field, offset: i + 1) }
            if s[i + 3] == UInt8(ascii: "="), n & 0xFF != 0 { throw .badBase64(field: field, offset: i + 2) }
            i += 4
        }
        return out
    }
}
