// The text of one render, built as UTF-8 bytes in a stack buffer and turned
// into a String once at the end (appending to a String piece by piece cost
// more than the ICU work of a render).

/// UTF-8 output of one render: a caller-provided buffer (usually on the
/// stack), moving to a heap array only when a text outgrows it.
struct RenderBuffer {
    private let base: UnsafeMutablePointer<UInt8>?
    private let capacity: Int
    private var used = 0
    /// Everything written so far once `base` is full; nil until then.
    private var spill: [UInt8]?

    /// The UTF-8 of U+2068 FIRST STRONG ISOLATE.
    static let isolateStartBytes: (UInt8, UInt8, UInt8) = (0xE2, 0x81, 0xA8)
    /// The UTF-8 of U+2069 POP DIRECTIONAL ISOLATE.
    static let isolateEndBytes: (UInt8, UInt8, UInt8) = (0xE2, 0x81, 0xA9)

    init(_ storage: UnsafeMutableBufferPointer<UInt8>) {
        base = storage.baseAddress
        capacity = storage.baseAddress == nil ? 0 : storage.count
    }

    /// Appends raw UTF-8 bytes (whole scalars).
    @inline(__always)
    mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) {
        let n = bytes.count
        guard n > 0, let src = bytes.baseAddress else { return }
        if spill == nil, let base, used + n <= capacity {
            (base + used).update(from: src, count: n)
            used += n
            return
        }
        if spill == nil {
            var moved: [UInt8] = []
            moved.reserveCapacity(max(2 * capacity, used + n + 64))
            if used > 0 { moved.append(contentsOf: UnsafeBufferPointer(start: base, count: used)) }
            spill = moved
        }
        spill!.append(contentsOf: bytes)
    }

    /// Appends the UTF-8 of `text`.
    @inline(__always)
    mutating func append(_ text: String) {
        let done: Void? = text.utf8.withContiguousStorageIfAvailable { append($0) }
        if done == nil {
            for b in text.utf8 { appendByte(b) }
        }
    }

    @inline(__always)
    mutating func appendByte(_ b: UInt8) {
        withUnsafePointer(to: b) { append(UnsafeBufferPointer(start: $0, count: 1)) }
    }

    /// Appends FSI (U+2068).
    mutating func appendIsolateStart() {
        withUnsafeBytes(of: RenderBuffer.isolateStartBytes) { append($0.bindMemory(to: UInt8.self)) }
    }

    /// Appends PDI (U+2069).
    mutating func appendIsolateEnd() {
        withUnsafeBytes(of: RenderBuffer.isolateEndBytes) { append($0.bindMemory(to: UInt8.self)) }
    }

    static func += (out: inout RenderBuffer, text: String) { out.append(text) }

    /// Lends the bytes written so far.
    func withBytes<R>(_ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
        if let spill { return spill.withUnsafeBufferPointer(body) }
        return body(UnsafeBufferPointer(start: base, count: base == nil ? 0 : used))
    }

    /// The text written so far.
    var string: String {
        if let spill { return String(decoding: spill, as: UTF8.self) }
        guard let base else { return "" }
        return String(decoding: UnsafeBufferPointer(start: base, count: used), as: UTF8.self)
    }
}

extension RenderBuffer {
    /// Appends the digits held in `scratch`.
    @inline(__always)
    mutating func append(_ scratch: DigitScratch) {
        var copy = scratch
        copy.withBytes { append($0) }
    }
}

/// Room for the UTF-8 of one formatted number, inline (on the stack or in
/// the render state), so ICU can write the digits without a String or an
/// allocation. 128 bytes hold any Int64 in any numbering system with
/// grouping and sign marks (19 digits of at most 4 bytes, separators, marks).
struct DigitScratch {
    static let capacity = 128
    private var storage: (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64,
                          UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64) =
        (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
    private(set) var count = 0

    /// Lets `body` write into the scratch; it returns the byte count or nil
    /// (nothing kept). True when it wrote.
    @inline(__always)
    mutating func fill(_ body: (UnsafeMutableBufferPointer<UInt8>) -> Int?) -> Bool {
        let written = withUnsafeMutableBytes(of: &storage) { raw in
            raw.withMemoryRebound(to: UInt8.self) { body($0) }
        }
        guard let written, written >= 0, written <= DigitScratch.capacity else {
            count = 0
            return false
        }
        count = written
        return true
    }

    /// The bytes written by the last successful `fill`.
    @inline(__always)
    mutating func withBytes<R>(_ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
        let n = count
        return withUnsafeBytes(of: &storage) { raw in
            raw.withMemoryRebound(to: UInt8.self) { body(UnsafeBufferPointer(rebasing: $0[0..<n])) }
        }
    }

    /// The bytes as a String (the rare paths that need one).
    var string: String {
        var copy = self
        return copy.withBytes { String(decoding: $0, as: UTF8.self) }
    }
}
