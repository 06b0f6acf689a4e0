import HeraldJSON

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The lines of a `--batch` input (a file, or standard input for "-"), read
/// block by block into one reused buffer and lent one at a time.
///
/// Reading the whole input into one array first cost a page fault and a
/// zeroed page per 4 KiB of input (1,750 for 100,000 requests) and left the
/// lines to be read back from memory rather than cache; a 128 KiB block
/// (grown only for a longer line) is filled and read while it is still in
/// the cache, and a batch's memory no longer grows with its size.
struct BatchLineReader {
    /// Bytes read per `read` call at first; a line longer than this doubles it.
    static let blockSize = 1 << 17

    private let fd: Int32
    private let path: String

    /// Opens `path` ("-" is standard input). Throws exit 2 when it cannot be opened.
    init(path: String) throws {
        self.path = path
        if path == "-" {
            fd = 0
        } else {
            fd = open(path, O_RDONLY)
            guard fd >= 0 else {
                throw CLIFailure.cannotOpen(path, errno: errno)
            }
        }
    }

    /// Closes the file (never standard input).
    func closeInput() {
        if fd != 0 { close(fd) }
    }

    /// One line of the input: its bytes without the newline, or the fact that it was
    /// longer than `InputLimits.batchLineBytes` (its bytes were skipped, never held).
    enum Line {
        case text(UnsafeBufferPointer<UInt8>)
        case tooLong
    }

    /// The error text for a line longer than the limit.
    static var tooLongMessage: String {
        "the line is longer than \(InputLimits.describe(InputLimits.batchLineBytes)), the most a batch line may hold; it was skipped"
    }

    /// Calls `body` with each line, in order; a last line without a newline counts too,
    /// an empty input has no lines. The bytes are valid only during the call. A line
    /// longer than `InputLimits.batchLineBytes` is passed as `.tooLong` and its bytes are
    /// skipped up to the next newline, so memory stays bounded by the limit. Throws exit 2
    /// when a read fails (the lines before it have been answered).
    func forEachLine(_ body: (Line) -> Void) throws {
        let limit = InputLimits.batchLineBytes
        var capacity = min(BatchLineReader.blockSize, limit + 1)
        var buffer = UnsafeMutablePointer<UInt8>.allocate(capacity: capacity)
        defer { buffer.deallocate() }
        var filled = 0  // bytes held, from buffer[0]: the start of a line
        var atEnd = false
        var skipping = false  // inside a line already answered as too long
        while !atEnd {
            if filled == capacity {
                if capacity > limit {
                    // More than the limit without a newline: answered now, the rest skipped.
                    if !skipping { body(.tooLong) }
                    skipping = true
                    filled = 0
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
            let n = read(fd, buffer + filled, capacity - filled)
            if n < 0 {
                if errno == EINTR { continue }
                throw CLIFailure(code: 2, message: "\(path): read error (\(String(cString: strerror(errno))))")
            }
            // Only the new bytes are searched for a newline: the held ones have none.
            var searchFrom = filled
            if n == 0 { atEnd = true } else { filled += n }
            var start = 0
            // memchr finds the end of the line many bytes at a time.
            while searchFrom < filled, let nl = memchr(buffer + searchFrom, 0x0A, filled - searchFrom) {
                let end = UnsafeMutableRawPointer(buffer).distance(to: nl)
                if skipping {
                    skipping = false
                } else {
                    body(.text(UnsafeBufferPointer(start: buffer + start, count: end - start)))
                }
                start = end + 1
                searchFrom = start
            }
            if atEnd && start < filled {
                if !skipping { body(.text(UnsafeBufferPointer(start: buffer + start, count: filled - start))) }
                start = filled
            }
            if skipping {
                // Nothing of an over-long line is kept.
                start = filled
            }
            // The unfinished line moves to the front; the next read completes it.
            if start > 0 {
                filled -= start
                if filled > 0 { memmove(buffer, buffer + start, filled) }
            }
        }
    }
}
