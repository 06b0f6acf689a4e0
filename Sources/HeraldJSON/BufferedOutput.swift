import Glibc

/// Buffered output to a file descriptor (standard output by default): bytes are copied
/// into one 64 KiB block, which is written when full (large outputs go out in 64 KiB
/// pieces) and by `flush()`. JSON strings go through `JSONWriter.quote`, the one escaper.
/// `inMemory()` makes one that keeps what is flushed in memory instead (`takeBytes()`),
/// for a caller that sends the bytes elsewhere (an HTTP response, a database row).
public struct BufferedOutput {
    /// The block; a class so it is freed when the buffer goes away.
    @usableFromInline
    final class Block {
        @usableFromInline static let capacity = 1 << 16
        @usableFromInline let base = UnsafeMutablePointer<UInt8>.allocate(capacity: Block.capacity)
        @usableFromInline var count = 0
        /// What `flush()` kept, for an output held in memory (`inMemory()`).
        var kept: [UInt8] = []
        deinit { base.deallocate() }
    }

    @usableFromInline let block = Block()
    @usableFromInline let fileDescriptor: Int32

    public init(fileDescriptor: Int32 = 1) {
        self.fileDescriptor = fileDescriptor
    }

    /// Appends raw bytes, writing the block out whenever it fills.
    @inlinable
    public mutating func write(bytes: UnsafeBufferPointer<UInt8>) {
        guard var src = bytes.baseAddress else { return }
        var left = bytes.count
        // JSON output is mostly short pieces (`,"key":`, a locale tag): a
        // byte loop copies those cheaper than a call to memmove.
        if left <= 16, block.count + left <= Block.capacity {
            let dst = block.base + block.count
            for k in 0..<left { dst[k] = src[k] }
            block.count += left
            return
        }
        while left > 0 {
            if block.count == Block.capacity { flush() }
            let n = min(left, Block.capacity - block.count)
            (block.base + block.count).update(from: src, count: n)
            block.count += n
            src += n
            left -= n
        }
    }

    @inlinable
    public mutating func write(_ s: String) {
        var text = s
        text.withUTF8 { write(bytes: $0) }
    }

    /// Writes a literal piece of output (no String in between).
    @inlinable
    public mutating func writeStatic(_ s: StaticString) {
        s.withUTF8Buffer { write(bytes: $0) }
    }

    /// Writes `s` as a JSON string literal (`JSONWriter.quote`).
    @inlinable
    public mutating func writeQuoted(_ s: String) {
        var text = s
        text.withUTF8 { writeQuoted(bytes: $0) }
    }

    /// Writes UTF-8 `bytes` as a JSON string literal (`JSONWriter.quote`).
    public mutating func writeQuoted(bytes: UnsafeBufferPointer<UInt8>) {
        let most = bytes.count * JSONWriter.maximumExpansion + 2
        if writeInPlace(maximum: most, { JSONWriter.quote(bytes, to: $0) }) { return }
        // Longer than a block: quoted into a buffer of its own.
        let spill = UnsafeMutablePointer<UInt8>.allocate(capacity: most)
        defer { spill.deallocate() }
        let n = JSONWriter.quote(bytes, to: spill)
        write(bytes: UnsafeBufferPointer(start: spill, count: n))
    }

    /// Lets `body` write up to `maximum` bytes straight into the output (it returns how
    /// many it wrote). False, with nothing written, when `maximum` is more than a block holds.
    @inlinable
    public mutating func writeInPlace(maximum: Int, _ body: (UnsafeMutablePointer<UInt8>) -> Int) -> Bool {
        guard maximum <= Block.capacity else { return false }
        if block.count + maximum > Block.capacity { flush() }
        let n = body(block.base + block.count)
        block.count += n
        return true
    }

    /// An output kept in memory rather than written to a descriptor (`takeBytes()`): one
    /// answer line at a time, for a shell that stores answers (a campaign's results).
    public static func inMemory() -> BufferedOutput { BufferedOutput(fileDescriptor: -1) }

    /// Everything written since the last call, for an output made by `inMemory()`.
    public mutating func takeBytes() -> [UInt8] {
        flush()
        defer { block.kept.removeAll(keepingCapacity: true) }
        return block.kept
    }

    /// Writes out what the block holds.
    public mutating func flush() {
        guard block.count > 0 else { return }
        if fileDescriptor < 0 {
            block.kept.append(contentsOf: UnsafeBufferPointer(start: block.base, count: block.count))
            block.count = 0
            return
        }
        Self.writeAll(fd: fileDescriptor, UnsafeBufferPointer(start: block.base, count: block.count))
        block.count = 0
    }

    /// write(2) until everything is written; 0, or the errno of the write that failed.
    @discardableResult
    public static func writeAll(fd: Int32, _ buf: UnsafeBufferPointer<UInt8>) -> Int32 {
        guard var p = buf.baseAddress else { return 0 }
        var left = buf.count
        while left > 0 {
            let n = Glibc.write(fd, p, left)
            if n < 0 {
                if errno == EINTR { continue }
                return errno
            }
            p += n
            left -= n
        }
        return 0
    }

    /// Writes `text` to `fd` in full, unbuffered (a diagnostic line, a whole report).
    public static func writeAll(fd: Int32, _ text: String) {
        var copy = text
        copy.withUTF8 { _ = writeAll(fd: fd, $0) }
    }
}
