/// The character classes of the MessageFormat 2 syntax.
enum MF2Chars {
    @inline(__always) static func isWhitespace(_ c: UInt32) -> Bool {
        c == 0x20 || c == 0x09 || c == 0x0D || c == 0x0A || c == 0x3000
    }

    /// ALM, LRM, RLM and the isolates LRI, RLI, FSI, PDI.
    @inline(__always) static func isBidi(_ c: UInt32) -> Bool {
        c == 0x061C || c == 0x200E || c == 0x200F || (c >= 0x2066 && c <= 0x2069)
    }

    static func isNameStart(_ c: UInt32) -> Bool {
        if c < 0x80 {
            return (c >= 0x41 && c <= 0x5A) || (c >= 0x61 && c <= 0x7A) || c == 0x2B || c == 0x5F
        }
        switch c {
        case 0xA1...0x61B, 0x61D...0x167F, 0x1681...0x1FFF, 0x200B...0x200D, 0x2010...0x2027,
            0x2030...0x205E, 0x2060...0x2065, 0x206A...0x2FFF, 0x3001...0xD7FF, 0xE000...0xFDCF,
            0xFDF0...0xFFFD:
            return true
        case 0x10000...0x10FFFD:
            // Every plane but its last two code points (the noncharacters).
            return c & 0xFFFE != 0xFFFE
        default:
            return false
        }
    }

    @inline(__always) static func isNameChar(_ c: UInt32) -> Bool {
        isNameStart(c) || (c >= 0x30 && c <= 0x39) || c == 0x2D || c == 0x2E
    }
}
