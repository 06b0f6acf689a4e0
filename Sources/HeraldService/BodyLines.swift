import HeraldJSON
import NIOCore

/// The lines of a request body as its chunks arrive (`/v1/render/batch`): each line's bytes
/// once its newline (or the body's end) is seen. Only the unfinished line is held, never more
/// than `limit` bytes of it: a longer line is reported once (nil) and its bytes dropped up to
/// the next newline — the same bound as `LineReader` puts on a batch file.
struct BodyLines {
    let limit: Int
    private var held: [UInt8] = []
    private var skipping = false

    init(limit: Int = InputLimits.batchLineBytes) { self.limit = limit }

    /// The lines `chunk` completes, in order: bytes, or nil for a line over the limit.
    mutating func lines(in chunk: ByteBuffer) -> [[UInt8]?] {
        var out: [[UInt8]?] = []
        chunk.withUnsafeReadableBytes { raw in
            var start = 0
            while start < raw.count {
                let rest = raw[start...]
                if let newline = rest.firstIndex(of: 0x0A) {
                    if skipping {
                        skipping = false
                    } else if held.count + (newline - start) > limit {
                        out.append(nil)
                    } else {
                        held.append(contentsOf: raw[start..<newline])
                        out.append(held)
                    }
                    held.removeAll(keepingCapacity: held.capacity <= 1 << 17)
                    start = newline + 1
                } else {
                    if !skipping {
                        if held.count + rest.count > limit {
                            out.append(nil)
                            skipping = true
                            held.removeAll()
                        } else {
                            held.append(contentsOf: rest)
                        }
                    }
                    start = raw.count
                }
            }
        }
        return out
    }

    /// The last line when the body did not end with a newline.
    mutating func finish() -> [UInt8]? {
        defer { held = [] }
        return skipping || held.isEmpty ? nil : held
    }
}
