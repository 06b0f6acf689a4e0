/// Writing JSON string literals straight into an output buffer: the hot part
/// of every `--json` / `--batch` answer.
enum JSONQuoting {
    /// The most output bytes one input byte can become (`\u001f`).
    static let expansion = 6

    /// Writes `bytes` (UTF-8) as a JSON string literal, quotes included, at
    /// `dst`, escaping quotes, backslashes and control characters (and DEL,
    /// as `\u007f`). Returns the number of bytes written. `dst` must have room
    /// for `bytes.count * expansion + 2`.
    static func quote(_ bytes: UnsafeBufferPointer<UInt8>, to dst: UnsafeMutablePointer<UInt8>) -> Int {
        dst[0] = 0x22
        var o = 1
        guard let src = bytes.baseAddress else {
            dst[1] = 0x22
            return 2
        }
        let n = bytes.count
        var k = 0
        while k < n {
            // Eight bytes at a time while none needs an escape: copied as one word.
            if k + 8 <= n {
                let w = UnsafeRawPointer(src + k).loadUnaligned(as: UInt64.self)
                if !needsEscape(w) {
                    UnsafeMutableRawPointer(dst + o).storeBytes(of: w, as: UInt64.self)
                    o += 8
                    k += 8
                    continue
                }
            }
            let b = src[k]
            k += 1
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

    /// True when one of the eight bytes of `w` may need an escape: below
    /// 0x20, `"`, `\` or DEL. Bit tricks ("has a zero byte": (v - 0x01…) &
    /// ~v & 0x80…; "has a byte below n": (v - n…) & ~v & 0x80…) may flag a
    /// word that needs nothing (a borrow), never miss one; a flagged word is
    /// then looked at byte by byte.
    @inline(__always)
    static func needsEscape(_ w: UInt64) -> Bool {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highs: UInt64 = 0x8080_8080_8080_8080
        @inline(__always) func hasZero(_ v: UInt64) -> UInt64 { (v &- ones) & ~v & highs }
        let control = (w &- ones &* 0x20) & ~w & highs
        return control | hasZero(w ^ (ones &* 0x22)) | hasZero(w ^ (ones &* 0x5C)) | hasZero(w ^ (ones &* 0x7F)) != 0
    }
}
