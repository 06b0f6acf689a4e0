import HeraldDiagnostics

// A table's entries, stored by column: a `.strings` pair is two offsets into its file's text
// (8 bytes) and one slot of a key index (8 bytes), not an `Entry` with its strings, origins
// and a dictionary bucket (~300 bytes). The `Entry` values are made when they are read.
// Entries that are more than a `"key" = "value";` pair (plural variants, comments, String
// Catalog details) are kept whole.

/// The entries of one table, or of one table file: each key once, in the order the keys
/// were first written (a key written again keeps its first place and takes its last value,
/// as the device does). A random-access collection of `Entry` values in that order, with
/// a lookup by key.
public struct TableEntries: RandomAccessCollection, Sendable, Equatable {
    /// The text the compact entries point into (one old-style `.strings` file), if any.
    private var text: TableText?
    /// One per entry, in order.
    private var slots: [Slot] = []
    /// Entries kept whole, pointed at by their slot.
    private var whole: [Entry] = []
    private var index = KeyIndex()

    /// No entries.
    public init() {}

    /// These entries, in order; a key given twice keeps its first place and its last entry.
    public init(_ entries: some Sequence<Entry>) {
        for e in entries { set(e) }
    }

    public var startIndex: Int { 0 }
    public var endIndex: Int { slots.count }

    /// The entry at `position` (0 is the first key written).
    public subscript(position: Int) -> Entry { entry(slots[position]) }

    /// The entry for `key`, nil when there is none.
    public subscript(key: String) -> Entry? {
        position(of: key).map { self[$0] }
    }

    /// Where `key`'s entry is, nil when there is none.
    public func position(of key: String) -> Int? {
        index.find(hash: KeyIndex.hash(key)) { self.key(slots[$0]) == key }
    }

    /// Adds `entry`, or replaces the entry of its key in place. Returns the entry replaced.
    @discardableResult
    public mutating func set(_ entry: Entry) -> Entry? {
        put(key: entry.key) { entries in
            entries.whole.append(entry)
            return Slot(whole: entries.whole.count - 1)
        }
    }

    /// Adds every entry of `other` in its order, each replacing the entry of its key.
    public mutating func merge(_ other: TableEntries) {
        if slots.isEmpty {
            self = other
            return
        }
        for (i, slot) in other.slots.enumerated() {
            if slot.isWhole || (text != nil && text !== other.text) {
                set(other[i])
            } else {
                if text == nil { text = other.text }
                _ = put(key: other.key(slot)) { _ in slot }
            }
        }
    }

    /// Reorders the entries (the key lookup follows).
    public mutating func sort(by areInIncreasingOrder: (Entry, Entry) throws -> Bool) rethrows {
        let order = try indices.sorted { try areInIncreasingOrder(self[$0], self[$1]) }
        let old = slots
        slots = order.map { old[$0] }
        index = KeyIndex()
        for i in slots.indices { index.insert(hash: KeyIndex.hash(key(slots[i])), position: i) }
    }

    public static func == (a: TableEntries, b: TableEntries) -> Bool { a.elementsEqual(b) }

    /// Bytes of memory this storage holds for its entries, counting reserved room: its
    /// slots, its key index and the entries kept whole (their width, not the strings they
    /// point to; the shared file text is not counted). What an entry costs.
    public var storageBytes: Int {
        slots.capacity * MemoryLayout<Slot>.stride + index.storageBytes + whole.capacity * MemoryLayout<Entry>.stride
    }

    // MARK: compact entries, from the `.strings` reader

    /// Adds a `"key" = "value";` pair written in `text` at these offsets (the key's and the
    /// value's first byte; the same for a `"key";` pair), or replaces the entry of `key`.
    /// Returns the entry replaced.
    @discardableResult
    mutating func setPair(key: String, keyOffset: Int, valueOffset: Int, in text: TableText) -> Entry? {
        guard self.text == nil || self.text === text, let slot = Slot(key: keyOffset, value: valueOffset) else {
            return set(text.entry(key: keyOffset, value: valueOffset))
        }
        self.text = text
        return put(key: key) { _ in slot }
    }

    // MARK: storage

    private func entry(_ slot: Slot) -> Entry {
        if slot.isWhole { return whole[slot.wholeIndex] }
        return text!.entry(key: Int(slot.a), value: Int(slot.b))
    }

    private func key(_ slot: Slot) -> String {
        if slot.isWhole { return whole[slot.wholeIndex].key }
        return text!.string(at: Int(slot.a))
    }

    private mutating func put(key: String, _ make: (inout TableEntries) -> Slot) -> Entry? {
        let hash = KeyIndex.hash(key)
        if let i = index.find(hash: hash, where: { self.key(slots[$0]) == key }) {
            let old = self[i]
            let oldSlot = slots[i]
            let new = make(&self)
            if oldSlot.isWhole && new.isWhole {
                // Reuse the old entry's place: the one just appended moves into it.
                whole[oldSlot.wholeIndex] = whole.removeLast()
                slots[i] = oldSlot
            } else {
                slots[i] = new
            }
            return old
        }
        let slot = make(&self)
        slots.append(slot)
        index.insert(hash: hash, position: slots.count - 1)
        return nil
    }
}

/// One entry's place: two offsets into the text (key, value), or an entry kept whole.
private struct Slot: Sendable {
    var a: UInt32
    var b: UInt32

    private static let wholeMark = UInt32.max

    init?(key: Int, value: Int) {
        guard key >= 0, value >= 0, key < Int(Slot.wholeMark), value < Int(Slot.wholeMark) else { return nil }
        a = UInt32(key)
        b = UInt32(value)
    }

    init(whole: Int) {
        a = UInt32(whole)
        b = Slot.wholeMark
    }

    var isWhole: Bool { b == Slot.wholeMark }
    var wholeIndex: Int { Int(a) }
}

/// Key → position, by open addressing: each bucket holds a position and 32 bits of its
/// key's hash (so growing never reads a key again, and most probes compare no key).
private struct KeyIndex: Sendable {
    private var buckets: [UInt64] = []
    private var count = 0
    private static let empty = UInt64.max

    static func hash(_ key: String) -> UInt32 { UInt32(truncatingIfNeeded: key.hashValue) }

    var storageBytes: Int { buckets.capacity * MemoryLayout<UInt64>.stride }

    func find(hash: UInt32, where matches: (Int) -> Bool) -> Int? {
        guard !buckets.isEmpty else { return nil }
        let mask = buckets.count - 1
        var b = Int(hash) & mask
        while true {
            let v = buckets[b]
            if v == Self.empty { return nil }
            if UInt32(truncatingIfNeeded: v >> 32) == hash, matches(Int(UInt32(truncatingIfNeeded: v))) {
                return Int(UInt32(truncatingIfNeeded: v))
            }
            b = (b + 1) & mask
        }
    }

    mutating func insert(hash: UInt32, position: Int) {
        // At most 3/4 full: probes stay short.
        if (count + 1) * 4 > buckets.count * 3 { grow() }
        place(UInt64(hash) << 32 | UInt64(UInt32(position)))
        count += 1
    }

    private mutating func place(_ v: UInt64) {
        let mask = buckets.count - 1
        var b = Int(UInt32(truncatingIfNeeded: v >> 32)) & mask
        while buckets[b] != Self.empty { b = (b + 1) & mask }
        buckets[b] = v
    }

    private mutating func grow() {
        let old = buckets
        buckets = []
        buckets = Array(repeating: Self.empty, count: max(8, old.count * 2))
        for v in old where v != Self.empty { place(v) }
    }
}

/// The text of one old-style `.strings` file, kept for the entries that point into it.
final class TableText: Sendable {
    let file: String
    let lines: LineMap

    init(file: String, lines: LineMap) {
        self.file = file
        self.lines = lines
    }

    /// The quoted or unquoted string that starts at `offset` (escapes decoded).
    func string(at offset: Int) -> String {
        lines.text.withUnsafeBufferPointer { p in
            var s = StringsScanner(p: p)
            s.i = offset
            return (try? s.string()) ?? ""
        }
    }

    /// The entry of the pair whose key starts at `key` and value at `value`.
    func entry(key: Int, value: Int) -> Entry {
        let k = string(at: key)
        let keyOrigin = lines.origin(file, key)
        let message: Message = key == value
            ? .plain(SourceText(k, origin: keyOrigin))
            : .plain(SourceText(string(at: value), origin: lines.origin(file, value)))
        return Entry(key: k, message: message, format: .strings, origin: keyOrigin)
    }
}
