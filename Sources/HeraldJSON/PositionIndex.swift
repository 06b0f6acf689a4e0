/// Key → position of a keyed collection whose keys it does not hold (a wide `JSONObject`'s
/// members, a translation table's entries): an open-addressing table (linear probing, at
/// most three quarters full) of 4-byte positions. The caller hashes keys (`hash`) and says
/// whether the key at a position is the one looked for; the keys stay where they are, once.
/// A `[String: Int]` took 24 bytes a bucket and its own copy of every key longer than 15 bytes.
package struct PositionIndex: Sendable {
    private var buckets: [UInt32] = []
    private var count = 0
    private static let empty = UInt32.max

    /// An empty index.
    package init() {}

    /// Room for `capacity` keys without growing.
    package init(capacity: Int) {
        buckets = Array(repeating: Self.empty, count: Self.size(for: capacity))
    }

    private static func size(for keys: Int) -> Int {
        var size = 8
        while size * 3 < keys * 4 { size *= 2 }
        return size
    }

    /// The hash every user of the index hashes keys with.
    package static func hash(_ key: String) -> Int { key.hashValue }

    /// The bytes of the buckets.
    package var storageBytes: Int { buckets.capacity * MemoryLayout<UInt32>.stride }

    /// The position whose key hashes to `hash` and `matches`, nil when there is none.
    package func find(hash: Int, where matches: (Int) -> Bool) -> Int? {
        guard !buckets.isEmpty else { return nil }
        let mask = buckets.count - 1
        var b = hash & mask
        while true {
            let v = buckets[b]
            if v == Self.empty { return nil }
            if matches(Int(v)) { return Int(v) }
            b = (b + 1) & mask
        }
    }

    /// Adds `position`, whose key hashes to `hash`; `rehash` gives the hash of the key at a
    /// position already in (when the index grows).
    package mutating func insert(hash: Int, position: Int, rehash: (Int) -> Int) {
        if (count + 1) * 4 > buckets.count * 3 {
            let old = buckets
            buckets = []
            buckets = Array(repeating: Self.empty, count: Self.size(for: count + 1))
            for v in old where v != Self.empty { place(UInt32(v), hash: rehash(Int(v))) }
        }
        place(UInt32(position), hash: hash)
        count += 1
    }

    private mutating func place(_ position: UInt32, hash: Int) {
        let mask = buckets.count - 1
        var b = hash & mask
        while buckets[b] != Self.empty { b = (b + 1) & mask }
        buckets[b] = position
    }
}
