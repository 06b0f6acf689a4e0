import Glibc

/// A file (or standard input, "-") that could not be opened or read, or that holds more
/// than a reader takes. Its description is the one line every command says it with:
/// `<path>: no such file or directory` (the system's reason, lower case).
public struct InputFileError: Error, CustomStringConvertible, Sendable {
    public enum Problem: Sendable {
        case cannotOpen(errno: Int32)
        case cannotRead(errno: Int32)
        /// More than `limit` bytes; `what` names the input ("a payload file").
        case tooLarge(limit: Int, what: String)
    }

    public var path: String
    public var problem: Problem

    public var description: String {
        switch problem {
        case .cannotOpen(let code): return "\(path): \(Self.reason(code))"
        case .cannotRead(let code): return "\(path): read error (\(String(cString: strerror(code))))"
        case .tooLarge(let limit, let what):
            return "\(path == "-" ? "<stdin>" : path): more than \(InputLimits.describe(limit)), the most \(what) may hold"
        }
    }

    /// The system's reason for `code`, lower case ("no such file or directory").
    public static func reason(_ code: Int32) -> String {
        var reason = String(cString: strerror(code))
        if let first = reason.first { reason = first.lowercased() + reason.dropFirst() }
        return reason
    }
}

/// Whole small inputs: a payload file, a request on standard input.
public enum InputFile {
    /// The bytes of `path` ("-" is standard input), read no further than one block past
    /// `limit`; more than `limit` bytes is `.tooLarge`.
    public static func read(
        _ path: String, limit: Int = InputLimits.payloadFileBytes, what: String = "a payload file"
    ) throws(InputFileError) -> [UInt8] {
        let fd: Int32 = path == "-" ? 0 : open(path, O_RDONLY)
        guard fd >= 0 else { throw InputFileError(path: path, problem: .cannotOpen(errno: errno)) }
        defer { if fd != 0 { close(fd) } }
        var out: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let n = chunk.withUnsafeMutableBufferPointer { Glibc.read(fd, $0.baseAddress, $0.count) }
            if n < 0 {
                if errno == EINTR { continue }
                throw InputFileError(path: path, problem: .cannotRead(errno: errno))
            }
            if n == 0 { return out }
            guard out.count + n <= limit else {
                throw InputFileError(path: path, problem: .tooLarge(limit: limit, what: what))
            }
            out.append(contentsOf: chunk[0..<n])
        }
    }
}

/// The lines of a JSON Lines input (a file, or standard input for "-"), read block by
/// block into one reused buffer and lent one at a time: the one line reader of
/// `herald render --batch` and `herald format --batch`.
///
/// Reading the whole input into one array first cost a page fault and a zeroed page per
/// 4 KiB of input and left the lines to be read back from memory rather than cache; a
/// 128 KiB block (grown only for a longer line) is filled and read while it is still in
/// the cache, and memory no longer grows with the input: a line longer than `limit` is
/// answered as `.tooLong` once and its bytes are skipped up to the next newline, never held.
public final class LineReader {
    /// Bytes read per `read` call at first; a longer line doubles the block, up to `limit + 1`.
    public static let blockSize = 1 << 17

    /// One line: its bytes without the newline (valid until the next call of `next()`),
    /// or the fact that it was longer than the limit.
    public enum Line {
        case text(UnsafeBufferPointer<UInt8>)
        case tooLong
    }

    /// The sentence for a line longer than `InputLimits.batchLineBytes`.
    public static var tooLongMessage: String {
        "the line is longer than \(InputLimits.describe(InputLimits.batchLineBytes)), the most a batch line may hold; it was skipped"
    }

    private let fd: Int32
    private let path: String
    private let limit: Int
    private var capacity: Int
    private var buffer: UnsafeMutablePointer<UInt8>
    /// Bytes held: buffer[start..<filled] is the unanswered input; no newline before `searchFrom`.
    private var start = 0
    private var filled = 0
    private var searchFrom = 0
    private var atEnd = false
    /// Inside a line already answered as too long: its bytes are dropped up to a newline.
    private var skipping = false

    /// Opens `path` ("-" is standard input).
    public init(path: String, limit: Int = InputLimits.batchLineBytes) throws(InputFileError) {
        self.path = path
        self.limit = limit
        fd = path == "-" ? 0 : open(path, O_RDONLY)
        guard fd >= 0 else { throw InputFileError(path: path, problem: .cannotOpen(errno: errno)) }
        capacity = min(LineReader.blockSize, limit + 1)
        buffer = UnsafeMutablePointer<UInt8>.allocate(capacity: capacity)
    }

    deinit {
        buffer.deallocate()
        if fd != 0 { close(fd) }
    }

    /// The next line, in order, or nil at the end of the input; a last line without a
    /// newline counts too, an empty input has none. Throws when a read fails (the lines
    /// before it have been returned).
    public func next() throws(InputFileError) -> Line? {
        while true {
            // memchr finds the end of the line many bytes at a time.
            if searchFrom < filled, let nl = memchr(buffer + searchFrom, 0x0A, filled - searchFrom) {
                let end = UnsafeMutableRawPointer(buffer).distance(to: nl)
                let lineStart = start
                start = end + 1
                searchFrom = start
                if skipping {
                    skipping = false
                    continue
                }
                return .text(UnsafeBufferPointer(start: buffer + lineStart, count: end - lineStart))
            }
            searchFrom = filled
            if atEnd {
                guard start < filled, !skipping else { return nil }
                let lineStart = start
                start = filled
                return .text(UnsafeBufferPointer(start: buffer + lineStart, count: filled - lineStart))
            }
            // Nothing of an over-long line is kept; an unfinished line moves to the front.
            if skipping { start = filled }
            if start > 0 {
                filled -= start
                if filled > 0 { memmove(buffer, buffer + start, filled) }
                start = 0
                searchFrom = filled
            }
            if filled == capacity {
                if capacity > limit {
                    // More than the limit without a newline: answered now, the rest skipped.
                    let first = !skipping
                    skipping = true
                    filled = 0
                    searchFrom = 0
                    if first { return .tooLong }
                } else {
                    // One line fills the block: a bigger one, the line kept.
                    let grown = min(capacity * 2, limit + 1)
                    let bigger = UnsafeMutablePointer<UInt8>.allocate(capacity: grown)
                    bigger.update(from: buffer, count: filled)
                    buffer.deallocate()
                    buffer = bigger
                    capacity = grown
                }
            }
            let n = Glibc.read(fd, buffer + filled, capacity - filled)
            if n < 0 {
                if errno == EINTR { continue }
                throw InputFileError(path: path, problem: .cannotRead(errno: errno))
            }
            if n == 0 { atEnd = true } else { filled += n }
        }
    }
}
