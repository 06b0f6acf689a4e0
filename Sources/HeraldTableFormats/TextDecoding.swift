// Turning the bytes of a table file into UTF-8 text the way CoreFoundation
// picks an encoding (`encodingForXMLData`), and turning byte offsets into
// line:column positions.

/// What the first bytes of a table file say it is.
public enum TableFileEncoding: String, Sendable, Hashable {
    /// UTF-8 (with or without a byte-order mark), or no mark at all.
    case utf8
    /// UTF-16 little-endian (`FF FE`).
    case utf16LE
    /// UTF-16 big-endian (`FE FF`).
    case utf16BE
    /// UTF-32 little-endian (`FF FE 00 00`).
    case utf32LE
    /// UTF-32 big-endian (`00 00 FE FF`).
    case utf32BE
    /// A binary property list (`bplist00`).
    case binaryPlist
}

/// A decode failure: the byte offset (in the original file) and why.
struct DecodingFailure: Error {
    var offset: Int
    var message: String
}

enum TextDecoding {
    /// Detects the encoding from the leading bytes (spec §1.3). Returns the
    /// encoding and how many BOM bytes to skip.
    static func detect(_ bytes: [UInt8]) -> (TableFileEncoding, bomLength: Int) {
        let n = bytes.count
        if n >= 8, bytes[0] == 0x62, bytes[1] == 0x70, bytes[2] == 0x6C, bytes[3] == 0x69,
            bytes[4] == 0x73, bytes[5] == 0x74, bytes[6] == 0x30, bytes[7] == 0x30
        {
            return (.binaryPlist, 0)
        }
        if n >= 4 {
            if bytes[0] == 0, bytes[1] == 0, bytes[2] == 0xFE, bytes[3] == 0xFF { return (.utf32BE, 4) }
            if bytes[0] == 0xFF, bytes[1] == 0xFE, bytes[2] == 0, bytes[3] == 0 { return (.utf32LE, 4) }
        }
        if n >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { return (.utf8, 3) }
        if n >= 2 {
            if bytes[0] == 0xFF, bytes[1] == 0xFE { return (.utf16LE, 2) }
            if bytes[0] == 0xFE, bytes[1] == 0xFF { return (.utf16BE, 2) }
            if bytes[0] == 0 { return (.utf16BE, 0) }
            if bytes[1] == 0 { return (.utf16LE, 0) }
        }
        return (.utf8, 0)
    }

    /// The file's text as UTF-8 bytes (BOM removed), or where it is not valid
    /// in its encoding.
    static func utf8Text(_ bytes: [UInt8]) -> Result<(text: [UInt8], encoding: TableFileEncoding), DecodingFailure> {
        let (enc, bom) = detect(bytes)
        switch enc {
        case .binaryPlist:
            return .success((bytes, enc))
        case .utf8:
            let body = bom == 0 ? bytes : Array(bytes[bom...])
            if let bad = firstInvalidUTF8(body) {
                return .failure(DecodingFailure(offset: bad + bom, message: "invalid UTF-8 byte 0x\(hex(body[bad]))"))
            }
            return .success((body, enc))
        case .utf16LE, .utf16BE:
            let little = enc == .utf16LE
            var out: [UInt8] = []
            out.reserveCapacity(bytes.count)
            var i = bom
            if (bytes.count - bom) % 2 != 0 {
                return .failure(DecodingFailure(offset: bytes.count - 1, message: "UTF-16 text with an odd number of bytes"))
            }
            while i + 1 < bytes.count {
                let u = little ? UInt16(bytes[i]) | UInt16(bytes[i + 1]) << 8 : UInt16(bytes[i]) << 8 | UInt16(bytes[i + 1])
                var scalar: UInt32
                if u >= 0xD800 && u < 0xDC00 {
                    guard i + 3 < bytes.count else {
                        return .failure(DecodingFailure(offset: i, message: "unpaired UTF-16 high surrogate"))
                    }
                    let l = little ? UInt16(bytes[i + 2]) | UInt16(bytes[i + 3]) << 8 : UInt16(bytes[i + 2]) << 8 | UInt16(bytes[i + 3])
                    guard l >= 0xDC00 && l < 0xE000 else {
                        return .failure(DecodingFailure(offset: i, message: "unpaired UTF-16 high surrogate"))
                    }
                    scalar = 0x10000 + ((UInt32(u) - 0xD800) << 10) + (UInt32(l) - 0xDC00)
                    i += 4
                } else if u >= 0xDC00 && u < 0xE000 {
                    return .failure(DecodingFailure(offset: i, message: "unpaired UTF-16 low surrogate"))
                } else {
                    scalar = UInt32(u)
                    i += 2
                }
                appendUTF8(scalar, to: &out)
            }
            return .success((out, enc))
        case .utf32LE, .utf32BE:
            let little = enc == .utf32LE
            if (bytes.count - bom) % 4 != 0 {
                return .failure(DecodingFailure(offset: bytes.count - 1, message: "UTF-32 text whose length is not a multiple of 4"))
            }
            var out: [UInt8] = []
            out.reserveCapacity(bytes.count / 2)
            var i = bom
            while i + 3 < bytes.count {
                let v: UInt32 = little
                    ? UInt32(bytes[i]) | UInt32(bytes[i + 1]) << 8 | UInt32(bytes[i + 2]) << 16 | UInt32(bytes[i + 3]) << 24
                    : UInt32(bytes[i]) << 24 | UInt32(bytes[i + 1]) << 16 | UInt32(bytes[i + 2]) << 8 | UInt32(bytes[i + 3])
                guard Unicode.Scalar(v) != nil else {
                    return .failure(DecodingFailure(offset: i, message: "invalid UTF-32 code point 0x\(String(v, radix: 16, uppercase: true))"))
                }
                appendUTF8(v, to: &out)
                i += 4
            }
            return .success((out, enc))
        }
    }

    /// Spec §1.3 lists a BOM-less UTF-16 heuristic (from CoreFoundation's
    /// XML encoding sniffing), but Foundation's property-list reader (plutil,
    /// Swift 6.3.1) does not apply it to strings files or XML plists: it reads
    /// such a file as UTF-8 and rejects it. Herald decodes it (so the linter
    /// sees the entries) but reports that the device drops it.
    static func bomlessUTF16Problem(_ bytes: [UInt8]) -> String? {
        let (enc, bom) = detect(bytes)
        guard bom == 0, enc == .utf16LE || enc == .utf16BE else { return nil }
        return "the file is UTF-16 without a byte-order mark; Foundation reads it as UTF-8 and fails (save it as UTF-8, or as UTF-16 with a BOM)"
    }

    static func hex(_ b: UInt8) -> String {
        let s = String(b, radix: 16, uppercase: true)
        return s.count == 1 ? "0" + s : s
    }

    /// Offset of the first byte that does not start or continue a valid UTF-8 sequence.
    static func firstInvalidUTF8(_ b: [UInt8]) -> Int? {
        // Fast path: the standard library's validator; the loop below only
        // runs to find where a file goes wrong.
        if String(validating: b, as: UTF8.self) != nil { return nil }
        return b.withUnsafeBufferPointer { p -> Int? in
            var i = 0
            let n = p.count
            while i < n {
                let c = p[i]
                if c < 0x80 { i += 1; continue }
                var need = 0
                var minV: UInt32 = 0
                var v: UInt32 = 0
                if c & 0xE0 == 0xC0 { need = 1; v = UInt32(c & 0x1F); minV = 0x80 }
                else if c & 0xF0 == 0xE0 { need = 2; v = UInt32(c & 0x0F); minV = 0x800 }
                else if c & 0xF8 == 0xF0 { need = 3; v = UInt32(c & 0x07); minV = 0x10000 }
                else { return i }
                for k in 1...need {
                    guard i + k < n, p[i + k] & 0xC0 == 0x80 else { return i }
                    v = v << 6 | UInt32(p[i + k] & 0x3F)
                }
                if v < minV || v > 0x10FFFF || (v >= 0xD800 && v < 0xE000) { return i }
                i += need + 1
            }
            return nil
        }
    }

    @inline(__always)
    static func appendUTF8<Out: DecodedBytes>(_ v: UInt32, to out: inout Out) {
        if v < 0x80 {
            out.append(UInt8(v))
        } else if v < 0x800 {
            out.append(UInt8(0xC0 | (v >> 6)))
            out.append(UInt8(0x80 | (v & 0x3F)))
        } else if v < 0x10000 {
            out.append(UInt8(0xE0 | (v >> 12)))
            out.append(UInt8(0x80 | ((v >> 6) & 0x3F)))
            out.append(UInt8(0x80 | (v & 0x3F)))
        } else {
            out.append(UInt8(0xF0 | (v >> 18)))
            out.append(UInt8(0x80 | ((v >> 12) & 0x3F)))
            out.append(UInt8(0x80 | ((v >> 6) & 0x3F)))
            out.append(UInt8(0x80 | (v & 0x3F)))
        }
    }
}

/// Converts byte offsets in a UTF-8 text into 1-based line:column (columns
/// count Unicode scalars; a line ends at LF, CR or CRLF).
package struct LineMap {
    private var lineStarts: [Int] = [0]
    /// The column at every `stride`-th byte offset (1-based, counted from its line's
    /// start): a position is counted from the nearest checkpoint, not from its line's
    /// start, so a file of one long line is placed in linear time, not quadratic.
    private var checkpoints: [Int] = []
    private static let stride = 64
    package let text: [UInt8]

    init(_ text: [UInt8]) {
        self.text = text
        checkpoints.reserveCapacity(text.count / LineMap.stride + 1)
        text.withUnsafeBufferPointer { p in
            var i = 0
            let n = p.count
            var column = 1
            while i < n {
                if i % LineMap.stride == 0 { checkpoints.append(column) }
                let c = p[i]
                if c == 0x0A {
                    lineStarts.append(i + 1)
                    column = 1
                } else if c == 0x0D {
                    if i + 1 < n, p[i + 1] == 0x0A {
                        i += 1
                        // The '\n' of a "\r\n" is one column after the '\r'.
                        if i % LineMap.stride == 0 { checkpoints.append(column + 1) }
                    }
                    lineStarts.append(i + 1)
                    column = 1
                } else if c & 0xC0 != 0x80 {
                    column += 1
                }
                i += 1
            }
        }
    }

    func position(_ offset: Int) -> (line: Int, column: Int) {
        var lo = 0
        var hi = lineStarts.count - 1
        while lo < hi {
            let mid = (lo + hi + 1) / 2
            if lineStarts[mid] <= offset { lo = mid } else { hi = mid - 1 }
        }
        let start = lineStarts[lo]
        let end = min(offset, text.count)
        var col = 1
        var i = start
        let checkpoint = end / LineMap.stride
        if checkpoint < checkpoints.count, checkpoint * LineMap.stride > start {
            i = checkpoint * LineMap.stride
            col = checkpoints[checkpoint]
        }
        while i < end {
            if text[i] & 0xC0 != 0x80 { col += 1 }
            i += 1
        }
        return (lo + 1, col)
    }

    func origin(_ file: String, _ offset: Int) -> Origin {
        let p = position(offset)
        return Origin(file: file, line: p.line, column: p.column)
    }
}

/// Where a decoder puts the UTF-8 bytes it produces: an array, or a comparison made as
/// the bytes come (`ByteMatcher`), which needs no copy.
protocol DecodedBytes {
    mutating func append(_ byte: UInt8)
}

extension Array: DecodedBytes where Element == UInt8 {}

/// Compares decoded bytes with `target` as they come, keeping none.
struct ByteMatcher: DecodedBytes {
    let target: UnsafeBufferPointer<UInt8>
    private var matched = 0
    private var differs = false

    init(_ target: UnsafeBufferPointer<UInt8>) { self.target = target }

    mutating func append(_ byte: UInt8) {
        guard !differs, matched < target.count, target[matched] == byte else {
            differs = true
            return
        }
        matched += 1
    }

    /// True when the bytes put in were exactly `target`.
    var isEqual: Bool { !differs && matched == target.count }
}
