/// The base protocol's framing: each message is a header part (`Content-Length: N`,
/// optionally `Content-Type`, lines ended by CR LF) and a blank line, then N bytes of JSON.
///
/// `FrameDecoder` is fed bytes as they arrive and hands back whole message bodies; it never
/// holds more than one header part and one body, both capped, so a client that sends garbage
/// or a huge length gets an error rather than the server's memory.
public struct FrameDecoder: Sendable {
    /// A header part longer than this is refused (real clients send under 100 bytes).
    public static let maximumHeaderBytes = 4096
    /// A body longer than this is refused: a table file may hold 32 MiB, and a `didOpen`
    /// carries one as JSON text (escapes make it longer).
    public static let maximumBodyBytes = 96 << 20

    /// Why the stream cannot be read on: the connection is then closed.
    public struct Failure: Error, Sendable, Equatable, CustomStringConvertible {
        public var message: String
        public var description: String { message }
    }

    private var buffer: [UInt8] = []
    private var start = 0
    /// The body length once a header part was read; nil while reading headers.
    private var expected: Int? = nil

    public init() {}

    /// Appends bytes read from the stream.
    public mutating func feed(_ bytes: some Sequence<UInt8>) {
        if start > 0, start == buffer.count {
            buffer.removeAll(keepingCapacity: true)
            start = 0
        }
        buffer.append(contentsOf: bytes)
    }

    /// The next whole body, nil when more bytes are needed.
    public mutating func next() throws(Failure) -> [UInt8]? {
        if expected == nil {
            guard let end = headerEnd() else {
                if buffer.count - start > Self.maximumHeaderBytes {
                    throw Failure(message: "a header part longer than \(Self.maximumHeaderBytes) bytes")
                }
                return nil
            }
            expected = try Self.contentLength(buffer[start..<end])
            start = end + 4
        }
        guard let length = expected, buffer.count - start >= length else { return nil }
        let body = Array(buffer[start..<(start + length)])
        start += length
        expected = nil
        // Keep what follows, drop what was consumed (a long session does not grow the buffer).
        if start > 65_536 || start == buffer.count {
            buffer.removeFirst(start)
            start = 0
        }
        return body
    }

    /// The offset of the CR LF CR LF that ends the header part.
    private func headerEnd() -> Int? {
        var i = start
        let limit = min(buffer.count, start + Self.maximumHeaderBytes + 4)
        while i + 3 < limit {
            if buffer[i] == 13, buffer[i + 1] == 10, buffer[i + 2] == 13, buffer[i + 3] == 10 { return i }
            i += 1
        }
        return nil
    }

    /// Reads `Content-Length` from the header lines (names are case-insensitive; other
    /// headers, such as `Content-Type`, are allowed and ignored).
    static func contentLength(_ header: ArraySlice<UInt8>) throws(Failure) -> Int {
        guard let text = String(validating: header, as: UTF8.self) else {
            throw Failure(message: "a header part that is not UTF-8")
        }
        var length: Int? = nil
        for line in text.split(separator: "\r\n", omittingEmptySubsequences: true) {
            guard let colon = line.firstIndex(of: ":") else {
                throw Failure(message: "a header line without ':'")
            }
            let name = line[..<colon].lowercased()
            let value = line[line.index(after: colon)...].trimmingSpaces
            if name == "content-length" {
                guard let n = Int(value), n >= 0 else { throw Failure(message: "Content-Length is not a length") }
                guard n <= maximumBodyBytes else {
                    throw Failure(message: "Content-Length \(n) is more than the \(maximumBodyBytes >> 20) MiB a message may hold")
                }
                length = n
            }
        }
        guard let length else { throw Failure(message: "a header part without Content-Length") }
        return length
    }
}

/// One message as sent: the header part and the body.
public enum FrameEncoder {
    public static func frame(_ body: String) -> [UInt8] {
        var out = Array("Content-Length: \(body.utf8.count)\r\n\r\n".utf8)
        out.append(contentsOf: body.utf8)
        return out
    }
}

extension Substring {
    var trimmingSpaces: Substring {
        var s = self
        while let f = s.first, f == " " || f == "\t" { s.removeFirst() }
        while let l = s.last, l == " " || l == "\t" { s.removeLast() }
        return s
    }
}
