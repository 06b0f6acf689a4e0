import HeraldDiagnostics
internal import HeraldJSON

// A table's entries, stored by column: a `.strings` pair is two offsets into its file's text
// (8 bytes) and one slot of a key index (8 bytes), not an `Entry` with its strings, origins
// and a dictionary bucket (~300 bytes). The `Entry` values are made when they are read.
// A String Catalog's one-string-unit entries are kept as places in the catalog's text too
// (`CatalogPlace`). Other entries (plural variants, comments, other String Catalog details)
// are kept whole.

/// The entries of one table, or of one table file: each key once, in the order the keys
/// were first written (a key written again keeps its first place and takes its last value,
/// as the device does). A random-access collection of `Entry` values in that order, with
/// a lookup by key.
public struct TableEntries: RandomAccessCollection, Sendable, Equatable {
    /// The text the compact entries point into (one old-style `.strings` file or one String
    /// Catalog), if any.
    private var text: TableText?
    /// One per entry, in order.
    private var slots: [Slot] = []
    /// Entries kept whole, pointed at by their slot.
    private var whole: [Entry] = []
    /// String Catalog entries kept as places in `text`, pointed at by their slot.
    private var places: [CatalogPlace] = []
    private var index = PositionIndex()

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
        index.find(hash: PositionIndex.hash(key)) { self.hasKey(slots[$0], key) }
    }

    /// Adds `entry`, or replaces the entry of its key in place. Returns the entry replaced.
    @discardableResult
    public mutating func set(_ entry: Entry) -> Entry? {
        put(key: entry.key) { entries in
            entries.whole.append(entry)
            return Slot(whole: entries.whole.count - 1)
        }
    }

    /// Adds `entry`, kept as `place` in `text` (a String Catalog's, which `place` reads back
    /// as `entry`), or replaces the entry of its key in place. Returns the entry replaced.
    @discardableResult
    mutating func set(_ entry: Entry, place: CatalogPlace, in text: TableText) -> Entry? {
        guard self.text == nil || self.text === text else { return set(entry) }
        self.text = text
        return put(key: entry.key) { entries in
            entries.places.append(place)
            return Slot(place: entries.places.count - 1)
        }
    }

    /// Adds every entry of `other` in its order, each replacing the entry of its key.
    public mutating func merge(_ other: TableEntries) {
        if slots.isEmpty {
            self = other
            return
        }
        for (i, slot) in other.slots.enumerated() {
            if slot.isWhole || slot.isPlace || (text != nil && text !== other.text) {
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
        index = PositionIndex(capacity: slots.count)
        for i in slots.indices { index.insert(hash: PositionIndex.hash(key(slots[i])), position: i) { _ in 0 } }
    }

    public static func == (a: TableEntries, b: TableEntries) -> Bool { a.elementsEqual(b) }

    /// Bytes of memory this storage holds for its entries, counting reserved room: its
    /// slots, its key index and the entries kept whole (their width, not the strings they
    /// point to; the shared file text is not counted). What an entry costs.
    public var storageBytes: Int {
        slots.capacity * MemoryLayout<Slot>.stride + index.storageBytes + whole.capacity * MemoryLayout<Entry>.stride
            + places.capacity * MemoryLayout<CatalogPlace>.stride
    }

    // MARK: compact entries, from the `.strings` reader

    /// The entries of `pairs`, each key once; `replaced(new, old)` is told of each key
    /// written again. The key index is made once, at its final size.
    init(_ pairs: consuming PairList, replaced: (Entry, Entry) -> Void) {
        // Taken out of `pairs`, not shared with it: compacting `slots` below would
        // otherwise copy them (400,000 keys: a second 2.5 MB array beside the first).
        whole = pairs.whole
        slots = pairs.slots
        pairs.whole = []
        pairs.slots = []
        // The text is kept only for the entries that point into it.
        if slots.contains(where: { !$0.isWhole }) { text = pairs.text }
        index = PositionIndex(capacity: slots.count)
        var kept = 0
        for i in slots.indices {
            let slot = slots[i]
            let key = key(slot)
            let hash = PositionIndex.hash(key)
            if let p = index.find(hash: hash, where: { self.hasKey(slots[$0], key) }) {
                replaced(entry(slot), entry(slots[p]))
                slots[p] = slot
            } else {
                slots[kept] = slot
                index.insert(hash: hash, position: kept) { _ in 0 }  // made at its final size: never grows
                kept += 1
            }
        }
        slots.removeLast(slots.count - kept)
    }

    // MARK: storage

    private func entry(_ slot: Slot) -> Entry {
        if slot.isWhole { return whole[slot.wholeIndex] }
        if slot.isPlace { return text!.catalogEntry(places[slot.wholeIndex]) }
        return text!.entry(key: Int(slot.a), value: Int(slot.b))
    }

    private func key(_ slot: Slot) -> String {
        if slot.isWhole { return whole[slot.wholeIndex].key }
        if slot.isPlace { return text!.string(at: Int(places[slot.wholeIndex].key)) }
        return text!.string(at: Int(slot.a))
    }

    /// True when `slot`'s key is `key`: a compact entry's key is compared where it is
    /// written in the text, escapes read as they come, not decoded into a string per probe.
    private func hasKey(_ slot: Slot, _ key: String) -> Bool {
        if slot.isWhole { return whole[slot.wholeIndex].key == key }
        if slot.isPlace { return text!.hasString(at: Int(places[slot.wholeIndex].key), equalTo: key) }
        return text!.hasString(at: Int(slot.a), equalTo: key)
    }

    private mutating func put(key: String, _ make: (inout TableEntries) -> Slot) -> Entry? {
        let hash = PositionIndex.hash(key)
        if let i = index.find(hash: hash, where: { self.hasKey(slots[$0], key) }) {
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
        var grown = index
        index = PositionIndex()
        grown.insert(hash: hash, position: slots.count - 1) { PositionIndex.hash(self.key(slots[$0])) }
        index = grown
        return nil
    }
}

/// The pairs of one `.strings` text in the order written, key written again or not: a
/// pair as its two offsets, or whole (with a comment, or a long value read once rather
/// than each time the entry is).
struct PairList {
    let text: TableText
    fileprivate var slots: [Slot] = []
    fileprivate var whole: [Entry] = []

    init(text: TableText, expected: Int) {
        self.text = text
        slots.reserveCapacity(expected)
    }

    /// A pair whose key starts at `key` and value at `value` (the same for `"key";`).
    mutating func add(key: Int, value: Int) {
        if let slot = Slot(key: key, value: value) { slots.append(slot) } else { add(text.entry(key: key, value: value)) }
    }

    mutating func add(_ entry: Entry) {
        whole.append(entry)
        slots.append(Slot(whole: whole.count - 1))
    }
}

/// One entry's place: two offsets into the text (key, value), an entry kept whole, or a
/// String Catalog entry's place.
private struct Slot: Sendable {
    var a: UInt32
    var b: UInt32

    private static let wholeMark = UInt32.max
    private static let placeMark = UInt32.max - 1

    init?(key: Int, value: Int) {
        guard key >= 0, value >= 0, key < Int(Slot.placeMark), value < Int(Slot.placeMark) else { return nil }
        a = UInt32(key)
        b = UInt32(value)
    }

    init(whole: Int) {
        a = UInt32(whole)
        b = Slot.wholeMark
    }

    init(place: Int) {
        a = UInt32(place)
        b = Slot.placeMark
    }

    var isWhole: Bool { b == Slot.wholeMark }
    var isPlace: Bool { b == Slot.placeMark }
    /// The index of the entry kept whole, or of the place.
    var wholeIndex: Int { Int(a) }
}

/// The text of one old-style `.strings` file or one String Catalog (`isJSON`), kept for
/// the entries that point into it.
package final class TableText: Sendable {
    let file: String
    package let lines: LineMap
    let isJSON: Bool

    init(file: String, lines: LineMap, isJSON: Bool = false) {
        self.file = file
        self.lines = lines
        self.isJSON = isJSON
    }

    /// The quoted or unquoted string that starts at `offset` (escapes decoded).
    func string(at offset: Int) -> String {
        if isJSON { return jsonString(at: offset) }
        return lines.text.withUnsafeBufferPointer { p in
            var s = StringsScanner(p: p)
            s.i = offset
            return (try? s.string()) ?? ""
        }
    }

    /// True when `string(at: offset)` would be `other` (compared in place, nothing copied).
    func hasString(at offset: Int, equalTo other: String) -> Bool {
        if isJSON { return hasJSONString(at: offset, equalTo: other) }
        var other = other
        return other.withUTF8 { target in
            lines.text.withUnsafeBufferPointer { p -> Bool in
                guard offset < p.count else { return target.isEmpty }
                var s = StringsScanner(p: p)
                s.i = offset
                let c = p[offset]
                if c == 0x22 || c == 0x27 {
                    var matcher = ByteMatcher(target)
                    s.i += 1
                    do { try s.decodeQuoted(c, open: offset, into: &matcher) } catch { return target.isEmpty }
                    return matcher.isEqual
                }
                guard isUnquotedChar(c) else { return target.isEmpty }
                var end = offset
                while end < p.count, isUnquotedChar(p[end]) { end += 1 }
                return UnsafeBufferPointer(rebasing: p[offset..<end]).elementsEqual(target)
            }
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
