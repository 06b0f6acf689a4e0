/// A JSON value that keeps what a generic decoder throws away: the order of
/// an object's keys, and a number exactly as it was written ("1.50" stays
/// "1.50", 2^70 stays exact). Payloads, String Catalogs and batch lines are
/// all read into this.
public enum JSONValue: Sendable, Equatable {
    case null
    case bool(Bool)
    /// The number's literal text, as written in the source (valid JSON number syntax).
    case number(String)
    case string(String)
    case array([JSONValue])
    case object(JSONObject)

    /// The member `key` of an object; nil for a missing key or a value that is not an object.
    public subscript(key: String) -> JSONValue? {
        if case .object(let o) = self { return o[key] }
        return nil
    }

    /// The string, or nil when the value is not a string.
    public var stringValue: String? {
        if case .string(let s) = self { return s }
        return nil
    }

    /// The object, or nil.
    public var objectValue: JSONObject? {
        if case .object(let o) = self { return o }
        return nil
    }

    /// The array, or nil.
    public var arrayValue: [JSONValue]? {
        if case .array(let a) = self { return a }
        return nil
    }

    /// The boolean, or nil.
    public var boolValue: Bool? {
        if case .bool(let b) = self { return b }
        return nil
    }

    /// The number's literal text.
    public var numberText: String? {
        if case .number(let n) = self { return n }
        return nil
    }

    /// The number as an integer, when it is one exactly ("3", "3.0" is not).
    public var intValue: Int64? {
        if case .number(let n) = self { return Int64(n) }
        return nil
    }

    /// The number as a `Double`, or nil when it is not a number.
    public var doubleValue: Double? {
        if case .number(let n) = self { return Double(n) }
        return nil
    }

    /// A name for the value's type, for error messages ("a string", "an object").
    public var typeName: String {
        switch self {
        case .null: return "null"
        case .bool: return "a boolean"
        case .number: return "a number"
        case .string: return "a string"
        case .array: return "an array"
        case .object: return "an object"
        }
    }

    /// A number from an integer.
    public static func int(_ v: Int64) -> JSONValue { .number(String(v)) }
    /// A number from an integer.
    public static func int(_ v: Int) -> JSONValue { .number(String(v)) }
}

/// A JSON object that keeps its keys in order. Lookup is by the last
/// occurrence of a key (as most JSON readers do); `duplicateKeys` lists keys
/// that were written more than once.
///
/// Keys are unique in `entries` (a repeated key replaces the value in place),
/// so small objects are searched linearly; a key → position index (`PositionIndex`) is
/// built only once an object grows past `indexThreshold` keys (most objects read
/// from payloads and batch lines have a handful).
public struct JSONObject: Sendable, Equatable, Sequence {
    /// The members in order.
    public private(set) var entries: [(key: String, value: JSONValue)]
    /// Key → position in `entries`; nil while the object is small.
    /// Boxed: a `PositionIndex` is two words, and an object is stored in every `JSONValue`
    /// and so in every member of its parent (`(String, JSONValue)`, 40 bytes a member with
    /// one word here, 48 with two).
    private var index: IndexBox?

    /// The bytes of the key index (none while the object is small).
    var indexStorageBytes: Int { index?.index.storageBytes ?? 0 }

    /// Objects with more keys than this get a hash index.
    static let indexThreshold = 12

    /// An empty object.
    public init() {
        entries = []
        index = nil
    }

    /// An object of `pairs`, in order (a repeated key keeps its first place and last value).
    public init(_ pairs: [(String, JSONValue)]) {
        self.init()
        for (k, v) in pairs { self[k] = v }
    }

    /// The keys in order.
    public var keys: [String] { entries.map(\.key) }
    /// How many members.
    public var count: Int { entries.count }
    /// True when there are none.
    public var isEmpty: Bool { entries.isEmpty }

    /// The position of `key` in `entries` (its last value's place), nil when absent: one
    /// hash lookup in a wide object, so callers that need a member's index (to pair it with
    /// positions kept beside the value) need not search `entries`.
    @inline(__always)
    public func position(of key: String) -> Int? {
        var probes = 0
        return position(of: key, probes: &probes)
    }

    /// The position of `key` in `entries`, adding to `probes` the keys it looked at (one
    /// hash lookup counts as one): the work unit the tests compare across sizes, so a
    /// lookup that turns linear again fails a test without timing anything. (Unused
    /// counts cost nothing once optimized.)
    @inline(__always)
    func position(of key: String, probes: inout Int) -> Int? {
        if let index {
            probes += 1
            return index.index.find(hash: PositionIndex.hash(key)) { entries[$0].key == key }
        }
        var i = 0
        let n = entries.count
        while i < n {
            probes += 1
            if entries[i].key == key { return i }
            i += 1
        }
        return nil
    }

    /// The index rebuilt from `entries`, with room for `capacity` keys (at least the count).
    private mutating func rebuildIndex(capacity: Int = 0) {
        guard entries.count > JSONObject.indexThreshold || capacity > JSONObject.indexThreshold else {
            index = nil
            return
        }
        var made = PositionIndex(capacity: Swift.max(entries.count, capacity))
        for (j, e) in entries.enumerated() { made.insert(hash: PositionIndex.hash(e.key), position: j) { _ in 0 } }
        index = IndexBox(made)
    }

    private mutating func appendNew(_ key: String, _ value: JSONValue) {
        // Room for a typical small object at once instead of growing 1, 2, 4.
        if entries.capacity == 0 { entries.reserveCapacity(4) }
        entries.append((key, value))
        if index != nil {
            // Grown in place when this object alone holds the index (copy on write).
            if !isKnownUniquelyReferenced(&index) { index = IndexBox(index!.index) }
            let box = index!
            box.index.insert(hash: PositionIndex.hash(key), position: entries.count - 1) { PositionIndex.hash(self.entries[$0].key) }
        } else if entries.count > JSONObject.indexThreshold {
            rebuildIndex()
        }
    }

    /// The value of `key`; setting nil removes the member, setting a new key appends it.
    public subscript(key: String) -> JSONValue? {
        get { position(of: key).map { entries[$0].value } }
        set {
            if let i = position(of: key) {
                if let newValue {
                    entries[i].value = newValue
                } else {
                    entries.remove(at: i)
                    rebuildIndex()
                }
            } else if let newValue {
                appendNew(key, newValue)
            }
        }
    }

    /// Removes every member `shouldRemove` picks, in one pass (removing members one by
    /// one through the subscript rebuilds the index each time: quadratic in the count).
    public mutating func removeAll(where shouldRemove: (_ key: String, _ value: JSONValue) -> Bool) {
        let before = entries.count
        entries.removeAll { shouldRemove($0.key, $0.value) }
        if entries.count != before { rebuildIndex() }
    }

    /// Appends a key as read from source: a repeated key replaces the value
    /// in place (last wins) and keeps the first position.
    mutating func appendParsed(_ key: String, _ value: JSONValue) -> Bool {
        if let i = position(of: key) {
            entries[i].value = value
            return false
        }
        appendNew(key, value)
        return true
    }

    /// Room for `members` in all, the key index included (the parser, once it has counted a
    /// wide object's members: see `MemberCount.swift`).
    mutating func reserveMembers(_ members: Int) {
        entries.reserveCapacity(members)
        if members > JSONObject.indexThreshold { rebuildIndex(capacity: members) }
    }

    /// The room `entries` has (members it can hold without growing).
    var memberCapacity: Int { entries.capacity }

    /// Called by the parser once an object is complete (it never grows after): gives back
    /// the room reserved for members that never came, when there is some. A String
    /// Catalog holds several one-member objects per key, each with room for four.
    mutating func finishParsing() {
        // Copied through a buffer: `Array(entries[...])` would share the roomy storage.
        // A wide object keeps its room: the copy would hold the members twice at once.
        if entries.capacity - entries.count >= 2, entries.count <= JSONObject.indexThreshold {
            entries = entries.withUnsafeBufferPointer { Array($0) }
        }
    }

    /// The members in order.
    public func makeIterator() -> IndexingIterator<[(key: String, value: JSONValue)]> {
        entries.makeIterator()
    }

    /// Same members in the same order.
    public static func == (a: JSONObject, b: JSONObject) -> Bool {
        a.entries.count == b.entries.count
            && zip(a.entries, b.entries).allSatisfy { $0.key == $1.key && $0.value == $1.value }
    }
}

/// A wide object's `PositionIndex` behind one reference (see `JSONObject.index`). Changed
/// only while one object holds it (`isKnownUniquelyReferenced`, copy on write), so never
/// while it is shared with another task.
final class IndexBox: @unchecked Sendable {
    var index: PositionIndex
    init(_ index: PositionIndex) { self.index = index }
}
