/// Key → position of a wide `JSONObject`'s member: an open-addressing table (linear
/// probing, at most three quarters full) whose 8-byte slots hold a member's position and
/// 32 bits of its key's hash; the keys stay in the object's `entries` only. A
/// `[String: Int]` spent 24 bytes a bucket and a second copy of every key that is not a
/// small string: megabytes for a payload of 90,000 custom keys or a catalog of 55,000.
struct JSONKeyIndex: Sendable {
    /// 0: empty; else the hash's high 32 bits, then the position plus one.
    private var slots: [UInt64]
    private var used = 0

    /// An index of `entries`' keys (unique).
    init(_ entries: [(key: String, value: JSONValue)]) {
        var size = 16
        while size * 3 < entries.count * 4 { size <<= 1 }
        slots = Array(repeating: 0, count: size)
        for (position, e) in entries.enumerated() { place(e.key.hashValue, position) }
    }

    /// The bytes of the slots.
    var storageBytes: Int { slots.count * MemoryLayout<UInt64>.stride }

    @inline(__always)
    private static func tag(_ hash: Int) -> UInt64 { UInt64(UInt(bitPattern: hash) >> 32) }

    /// Puts `position` in the first free slot for `hash` (there is one: the table is never full).
    private mutating func place(_ hash: Int, _ position: Int) {
        let mask = slots.count - 1
        var s = hash & mask
        while slots[s] != 0 { s = (s + 1) & mask }
        slots[s] = Self.tag(hash) << 32 | UInt64(position + 1)
        used += 1
    }

    /// The position of `key` among `entries` (which this indexes), nil when absent.
    func find(_ key: String, in entries: [(key: String, value: JSONValue)]) -> Int? {
        let hash = key.hashValue
        let tag = Self.tag(hash)
        let mask = slots.count - 1
        var s = hash & mask
        while true {
            let slot = slots[s]
            if slot == 0 { return nil }
            if slot >> 32 == tag {
                let position = Int(slot & 0xFFFF_FFFF) - 1
                if entries[position].key == key { return position }
            }
            s = (s + 1) & mask
        }
    }

    /// Adds the last member of `entries` (its key is new), growing when three quarters full.
    mutating func appendLast(of entries: [(key: String, value: JSONValue)]) {
        guard (used + 1) * 4 <= slots.count * 3 else {
            self = JSONKeyIndex(entries)
            return
        }
        place(entries[entries.count - 1].key.hashValue, entries.count - 1)
    }
}
