import Synchronization

// The renderer's compiled entries by (requested locale, table, key).
//
// Looked up on every render, so it is built for that: one 64-bit FNV-1a hash
// over the three texts (no Hasher, no SipHash), open addressing with linear
// probing over a flat table, and key texts compared in place (no copies, so
// no reference counting) only when the hashes match.
//
// Keys come from input (a batch may carry any number of distinct locale
// tags), so the cache holds at most `limit` entries: when full it starts over,
// like HeraldICU's FormatterCache. Entries still being rendered stay alive
// with their renderers (the lookup returns a strong reference).

/// A bounded hash table of compiled entries. Not thread safe: the renderer
/// keeps it in a `Locked`.
struct TemplateCache: ~Copyable {
    /// The most entries held at once.
    static let limit = 4096

    private struct Entry {
        let locale: String
        let table: String
        let key: String
        let value: Renderer.Compiled
    }

    /// Slot hashes; 0 marks an empty slot (real hashes are never 0).
    private var hashes: UnsafeMutableBufferPointer<UInt64>
    private var entries: UnsafeMutableBufferPointer<Entry?>
    /// Entries held.
    private(set) var count = 0

    init() {
        hashes = TemplateCache.makeHashes(64)
        entries = TemplateCache.makeEntries(64)
    }

    deinit {
        _ = entries.deinitialize()
        entries.deallocate()
        hashes.deallocate()
    }

    private static func makeHashes(_ n: Int) -> UnsafeMutableBufferPointer<UInt64> {
        let b = UnsafeMutableBufferPointer<UInt64>.allocate(capacity: n)
        b.initialize(repeating: 0)
        return b
    }

    private static func makeEntries(_ n: Int) -> UnsafeMutableBufferPointer<Entry?> {
        let b = UnsafeMutableBufferPointer<Entry?>.allocate(capacity: n)
        b.initialize(repeating: nil)
        return b
    }

    /// The hash of a key: FNV-1a over the three texts, each followed by a
    /// byte no UTF-8 text contains (so "ab"+"c" and "a"+"bc" differ); never 0.
    @inline(__always)
    static func hash(locale: String, table: String, key: String) -> UInt64 {
        var h: UInt64 = 0xcbf2_9ce4_8422_2325
        fold(locale, into: &h)
        fold(table, into: &h)
        fold(key, into: &h)
        return h == 0 ? 1 : h
    }

    @inline(__always)
    private static func fold(_ text: String, into h: inout UInt64) {
        let done: Void? = text.utf8.withContiguousStorageIfAvailable { bytes in
            for b in bytes { h = (h ^ UInt64(b)) &* 0x100_0000_01b3 }
        }
        if done == nil { for b in text.utf8 { h = (h ^ UInt64(b)) &* 0x100_0000_01b3 } }
        h = (h ^ 0xFF) &* 0x100_0000_01b3
    }

    /// The entry for the key whose `hash` is given, if held.
    func find(hash: UInt64, locale: String, table: String, key: String) -> Renderer.Compiled? {
        let mask = hashes.count - 1
        var i = Int(truncatingIfNeeded: hash) & mask
        while true {
            let h = hashes[i]
            if h == 0 { return nil }
            // Compared in place through the pointer: nothing is copied.
            if h == hash, let e = entries.baseAddress.map({ $0 + i }), e.pointee!.key == key, e.pointee!.table == table,
                e.pointee!.locale == locale
            {
                return e.pointee!.value
            }
            i = (i + 1) & mask
        }
    }

    /// Adds `value` unless the key is held (then the held one wins, as when
    /// two threads compiled the same entry); returns the one kept.
    mutating func insert(
        _ value: Renderer.Compiled, hash: UInt64, locale: String, table: String, key: String
    ) -> Renderer.Compiled {
        if let held = find(hash: hash, locale: locale, table: table, key: key) { return held }
        if count >= TemplateCache.limit {
            removeAll()
        } else if (count + 1) * 2 > hashes.count {
            grow()
        }
        put(Entry(locale: locale, table: table, key: key, value: value), hash: hash)
        count += 1
        return value
    }

    /// Forgets every entry (the table keeps its size).
    mutating func removeAll() {
        for i in 0..<entries.count { entries[i] = nil }
        hashes.update(repeating: 0)
        count = 0
    }

    private mutating func put(_ entry: Entry, hash: UInt64) {
        let mask = hashes.count - 1
        var i = Int(truncatingIfNeeded: hash) & mask
        while hashes[i] != 0 { i = (i + 1) & mask }
        hashes[i] = hash
        entries[i] = entry
    }

    /// Doubles the table (it stays at most 2 × `limit` slots, a power of two).
    private mutating func grow() {
        let oldHashes = hashes
        let oldEntries = entries
        hashes = TemplateCache.makeHashes(oldHashes.count * 2)
        entries = TemplateCache.makeEntries(oldEntries.count * 2)
        for i in 0..<oldHashes.count where oldHashes[i] != 0 {
            if let e = oldEntries[i] { put(e, hash: oldHashes[i]) }
        }
        _ = oldEntries.deinitialize()
        oldEntries.deallocate()
        oldHashes.deallocate()
    }
}

/// A lock-free first look-up in front of `TemplateCache`: `count` slots,
/// direct mapped by the key's hash, each filled at most once (compare and
/// swap from empty) and never emptied while the renderer lives.
///
/// Because a slot's entry is never released before the slots are, a reader
/// that finds one may render with it without retaining it and without taking
/// the lock: a render that hits here costs two atomic loads and three short
/// string compares. Being fill-once keeps it bounded (at most `count` extra
/// entries alive); a batch that fills every slot with rarely used keys only
/// sends the others through the locked cache — slower, never wrong.
final class TemplateSlots: @unchecked Sendable {
    // @unchecked: the slots are atomics; an entry is immutable once published.
    static let count = 256

    /// An entry and its full key.
    final class Entry: Sendable {
        let hash: UInt64
        let locale: String
        let table: String
        let key: String
        let compiled: Renderer.Compiled

        init(hash: UInt64, locale: String, table: String, key: String, compiled: Renderer.Compiled) {
            self.hash = hash
            self.locale = locale
            self.table = table
            self.key = key
            self.compiled = compiled
        }
    }

    /// Each slot holds 0 or a retained `Unmanaged<Entry>`'s bits.
    private let slots: UnsafeMutablePointer<Atomic<Int>>

    init() {
        slots = .allocate(capacity: TemplateSlots.count)
        for i in 0..<TemplateSlots.count { (slots + i).initialize(to: Atomic(0)) }
    }

    deinit {
        for i in 0..<TemplateSlots.count {
            if let p = UnsafeRawPointer(bitPattern: slots[i].load(ordering: .acquiring)) {
                Unmanaged<Entry>.fromOpaque(p).release()
            }
        }
        slots.deinitialize(count: TemplateSlots.count)
        slots.deallocate()
    }

    @inline(__always)
    private static func index(_ hash: UInt64) -> Int { Int(truncatingIfNeeded: hash >> 40) & (count - 1) }

    /// The entry for the key, unretained (valid while these slots live), if a slot holds it.
    @inline(__always)
    func find(hash: UInt64, locale: String, table: String, key: String) -> Unmanaged<Entry>? {
        let bits = slots[TemplateSlots.index(hash)].load(ordering: .acquiring)
        guard let p = UnsafeRawPointer(bitPattern: bits) else { return nil }
        let entry = Unmanaged<Entry>.fromOpaque(p)
        let same = entry._withUnsafeGuaranteedRef { e in
            e.hash == hash && e.key == key && e.table == table && e.locale == locale
        }
        return same ? entry : nil
    }

    /// Publishes `compiled` for the key if its slot is still empty.
    func offer(_ compiled: Renderer.Compiled, hash: UInt64, locale: String, table: String, key: String) {
        let slot = TemplateSlots.index(hash)
        guard slots[slot].load(ordering: .relaxed) == 0 else { return }
        let entry = Unmanaged.passRetained(Entry(hash: hash, locale: locale, table: table, key: key, compiled: compiled))
        let (stored, _) = slots[slot].compareExchange(
            expected: 0, desired: Int(bitPattern: entry.toOpaque()), ordering: .acquiringAndReleasing)
        if !stored { entry.release() }
    }
}
