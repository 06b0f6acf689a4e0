/// A position as the protocol gives it: a 0-based line and a 0-based offset in UTF-16
/// code units within that line (the protocol's default encoding).
public struct TextPosition: Sendable, Hashable, Comparable {
    public var line: Int
    public var character: Int

    public init(line: Int, character: Int) {
        self.line = line
        self.character = character
    }

    public static func < (a: Self, b: Self) -> Bool { (a.line, a.character) < (b.line, b.character) }
}

/// A range between two positions, end exclusive.
public struct TextRange: Sendable, Hashable {
    public var start: TextPosition
    public var end: TextPosition

    public init(_ start: TextPosition, _ end: TextPosition) {
        self.start = start
        self.end = end
    }
}

/// One open document: its text as UTF-8 bytes (what the table readers take), the version
/// the client gave, and where each line starts.
public struct TextDocument: Sendable {
    public let uri: String
    public private(set) var version: Int
    public private(set) var bytes: [UInt8]
    /// Byte offsets where each line starts (after LF, CR LF or a lone CR).
    public private(set) var lineStarts: [Int]

    public init(uri: String, version: Int, text: String) {
        self.uri = uri
        self.version = version
        self.bytes = Array(text.utf8)
        self.lineStarts = Self.lineStarts(of: bytes)
    }

    public var text: String { String(decoding: bytes, as: UTF8.self) }
    public var lineCount: Int { lineStarts.count }

    /// Applies one `contentChanges` item: a range and its replacement, or (no range) the
    /// whole new text. Positions past a line's end are taken as its end, past the last line
    /// as the end of the document, as the protocol asks.
    public mutating func apply(range: TextRange?, text: String, version: Int) {
        self.version = version
        guard let range else {
            bytes = Array(text.utf8)
            lineStarts = Self.lineStarts(of: bytes)
            return
        }
        var a = offset(of: range.start)
        var b = offset(of: range.end)
        if b < a { swap(&a, &b) }
        bytes.replaceSubrange(a..<b, with: text.utf8)
        lineStarts = Self.lineStarts(of: bytes)
    }

    /// The byte offset of a position.
    public func offset(of position: TextPosition) -> Int {
        guard position.line >= 0 else { return 0 }
        guard position.line < lineStarts.count else { return bytes.count }
        let start = lineStarts[position.line]
        let end = lineContentEnd(position.line)
        var units = 0
        var i = start
        while i < end, units < position.character {
            let lead = bytes[i]
            let length = lead < 0x80 ? 1 : lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4
            units += length == 4 ? 2 : 1
            i = min(end, i + length)
        }
        return i
    }

    /// The position of a byte offset.
    public func position(ofOffset offset: Int) -> TextPosition {
        let offset = max(0, min(offset, bytes.count))
        var lo = 0, hi = lineStarts.count - 1
        while lo < hi {
            let mid = (lo + hi + 1) / 2
            if lineStarts[mid] <= offset { lo = mid } else { hi = mid - 1 }
        }
        var units = 0
        var i = lineStarts[lo]
        while i < offset {
            let lead = bytes[i]
            let length = lead < 0x80 ? 1 : lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4
            units += length == 4 ? 2 : 1
            i += length
        }
        return TextPosition(line: lo, character: units)
    }

    /// The position of a 1-based line and 1-based column in Unicode scalars (what Herald's
    /// diagnostics and origins say).
    public func position(line: Int, scalarColumn: Int) -> TextPosition {
        let l = max(0, line - 1)
        guard l < lineStarts.count else { return position(ofOffset: bytes.count) }
        var i = lineStarts[l]
        let end = lineContentEnd(l)
        var column = 1
        while i < end, column < scalarColumn {
            let lead = bytes[i]
            i = min(end, i + (lead < 0x80 ? 1 : lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4))
            column += 1
        }
        return position(ofOffset: i)
    }

    /// The text of a 0-based line, without its line break.
    public func line(_ index: Int) -> String {
        guard index >= 0, index < lineStarts.count else { return "" }
        return String(decoding: bytes[lineStarts[index]..<lineContentEnd(index)], as: UTF8.self)
    }

    /// The end of a line's content (before its line break).
    func lineContentEnd(_ index: Int) -> Int {
        var end = index + 1 < lineStarts.count ? lineStarts[index + 1] : bytes.count
        if end > lineStarts[index], bytes[end - 1] == 10 { end -= 1 }
        if end > lineStarts[index], bytes[end - 1] == 13 { end -= 1 }
        return end
    }

    static func lineStarts(of bytes: [UInt8]) -> [Int] {
        var starts = [0]
        var i = 0
        while i < bytes.count {
            let b = bytes[i]
            if b == 10 {
                starts.append(i + 1)
            } else if b == 13 {
                if i + 1 < bytes.count, bytes[i + 1] == 10 { i += 1 }
                starts.append(i + 1)
            }
            i += 1
        }
        return starts
    }
}
