/// A JSON object read from text in which only the members a reader asks for become values
/// (`parsed`); every other member is checked exactly as `JSONParser` checks it (syntax, UTF-8,
/// escapes, the depth limit, with the same errors and positions) and then kept as its compact
/// JSON text, `"key":value`, as `JSONWriter` would write it.
///
/// A payload of 90,000 custom keys the stage only passes on held them as `(String, JSONValue)`
/// members (40 bytes each, an index and the values' storage on top); kept as text, a member is
/// one 8-byte slot pointing into the input, which the object shares rather than copies.
/// A member whose input text is not already compact (spaces, an escape the writer does not
/// use such as `\u00e9` or `\/`, a repeated key's last value) is rewritten once, compactly,
/// into a buffer of its own, so writing the object gives the bytes writing the parsed tree
/// gives.
///
/// Order and repeated keys are those of `JSONObject`: a repeated key keeps its first place
/// and its last value. A member of `parsed` that was read keeps its place while it is there
/// (setting it replaces the value in place, setting it to nil leaves it out); a key added
/// to `parsed` afterwards is written after every member read.
public struct PartlyParsedObject: Sendable, Equatable {
    /// The members read as values (the keys asked for), and any added since.
    public var parsed: JSONObject
    /// The input: members kept as text are slices of it (shared with the caller, not copied).
    private let source: [UInt8]
    /// The compact text of members whose input text was not compact.
    private let rewritten: [UInt8]
    /// Every member read, in order.
    private let slots: [Slot]
    /// The keys of the members of `parsed` that were read, in order (what `Slot.parsed` counts).
    private let anchors: [String]

    /// One member read: a parsed member (`anchors[end]`), or the compact text
    /// `source[start..<end]`, or `rewritten[start..<end]` when `start` has `rewrittenBit`.
    struct Slot: Sendable, Equatable {
        var start: UInt32
        var end: UInt32
        static let rewrittenBit: UInt32 = 1 << 31
        static func parsed(_ k: Int) -> Slot { Slot(start: .max, end: UInt32(k)) }
        var isParsed: Bool { start == .max }
    }

    /// The largest input read partly: offsets must fit in a slot's 31 bits.
    static let maximumSourceBytes = Int(Slot.rewrittenBit) - 1

    /// An object of values only (nothing kept as text).
    public init(_ object: JSONObject = JSONObject()) {
        self.init(parsed: object, source: [], rewritten: [], slots: [], anchors: [])
    }

    private init(parsed: JSONObject, source: [UInt8], rewritten: [UInt8], slots: [Slot], anchors: [String]) {
        self.parsed = parsed
        self.source = source
        self.rewritten = rewritten
        self.slots = slots
        self.anchors = anchors
    }

    /// One member as written: a value, or compact text (`"key":value`).
    public enum Member {
        case value(key: String, value: JSONValue)
        case text(ArraySlice<UInt8>)
    }

    /// The members in the order they are written.
    public func forEachMember(_ body: (Member) throws -> Void) rethrows {
        for slot in slots {
            if slot.isParsed {
                let key = anchors[Int(slot.end)]
                if let value = parsed[key] { try body(.value(key: key, value: value)) }
            } else {
                try body(.text(text(of: slot)))
            }
        }
        for e in parsed.entries where !anchors.contains(e.key) { try body(.value(key: e.key, value: e.value)) }
    }

    private func text(of slot: Slot) -> ArraySlice<UInt8> {
        slot.start & Slot.rewrittenBit != 0
            ? rewritten[Int(slot.start & ~Slot.rewrittenBit)..<Int(slot.end)] : source[Int(slot.start)..<Int(slot.end)]
    }

    /// How many members kept as text (never more than one per key).
    public var textMemberCount: Int { slots.count - anchors.count }

    /// The bytes of members rewritten because their input text was not compact.
    var rewrittenBytes: Int { rewritten.count }

    /// The keys in the order they are written.
    public var keys: [String] {
        var out: [String] = []
        forEachMember { m in
            switch m {
            case .value(let key, _): out.append(key)
            case .text(let text): out.append(Self.memberKey(text))
            }
        }
        return out
    }

    /// The whole object as values (each member kept as text parsed back): for the callers that
    /// need the tree of every member (sealing chosen fields, a push passed on unchanged).
    public func wholeObject() -> JSONObject {
        var out = JSONObject()
        forEachMember { m in
            switch m {
            case .value(let key, let value): out[key] = value
            case .text(let text):
                let (key, value) = Self.member(text)
                out[key] = value
            }
        }
        return out
    }

    /// The same members in the same order, with the same values (as `JSONObject` compares them).
    public static func == (a: PartlyParsedObject, b: PartlyParsedObject) -> Bool {
        a.wholeObject() == b.wholeObject()
    }

    /// The key of a member's compact text (it was checked when it was kept, so it parses).
    static func memberKey(_ text: ArraySlice<UInt8>) -> String {
        text.withUnsafeBufferPointer { buffer in
            var p = Parser(bytes: buffer, options: JSONParser.Options())
            return (try? p.parseString()) ?? ""
        }
    }

    /// A member's compact text read back (it was checked when it was kept, so it parses).
    static func member(_ text: ArraySlice<UInt8>) -> (key: String, value: JSONValue) {
        text.withUnsafeBufferPointer { buffer in
            var p = Parser(bytes: buffer, options: JSONParser.Options())
            guard let key = try? p.parseString() else { return ("", .null) }
            p.i += 1  // ':'
            return (key, (try? p.parseValue(depth: 1, pointer: "", record: false)) ?? .null)
        }
    }

    /// Reads `bytes` when its value is an object: the members whose key `wanted` picks as values,
    /// the others as text. Nil when the value is not an object (or the input too large for
    /// slots): the caller parses it whole, which also says what is wrong with it.
    ///
    /// - Throws: `JSONError`, as `JSONParser.parse(bytes:)` throws it for the same bytes.
    public static func read(
        _ bytes: [UInt8], parsing wanted: (String) -> Bool, options: JSONParser.Options = JSONParser.Options()
    ) throws(JSONError) -> PartlyParsedObject? {
        guard bytes.count <= maximumSourceBytes, options.maxDepth > 0 else { return nil }
        let outcome: Result<PartlyParsedObject?, JSONError> = bytes.withUnsafeBufferPointer { buffer in
            var reader = PartialReader(parser: Parser(bytes: buffer, options: options))
            do throws(JSONError) {
                guard try reader.read(wanted: wanted) else { return .success(nil) }
            } catch {
                return .failure(error)
            }
            return .success(
                PartlyParsedObject(
                    parsed: reader.parsed, source: bytes, rewritten: reader.rewritten, slots: reader.slots, anchors: reader.anchors))
        }
        return try outcome.get()
    }
}

/// The walk of `PartlyParsedObject.read`: the document's object member by member, with
/// `Parser` doing every check (the loop is `Parser.parseValue`'s object case).
private struct PartialReader {
    typealias Slot = PartlyParsedObject.Slot
    var parser: Parser
    var parsed = JSONObject()
    var slots: [Slot] = []
    var anchors: [String] = []
    var rewritten: [UInt8] = []
    /// Key → slot of the members kept as text, to find a repeated key.
    var index = PositionIndex()
    /// A member written compactly, reused from member to member.
    var scratch = ""

    /// False when the document's value is not an object.
    mutating func read(wanted: (String) -> Bool) throws(JSONError) -> Bool {
        parser.skipBOM()
        parser.skipWhitespace()
        let bytes = parser.bytes
        guard parser.i < bytes.count, bytes[parser.i] == UInt8(ascii: "{") else { return false }
        parser.i += 1
        parser.skipWhitespace()
        if parser.i < bytes.count && bytes[parser.i] == UInt8(ascii: "}") {
            parser.i += 1
        } else {
            while true {
                parser.skipWhitespace()
                guard parser.i < bytes.count else { throw parser.error("unexpected end of input in an object") }
                guard bytes[parser.i] == UInt8(ascii: "\"") else { throw parser.error("expected a string key") }
                let keyStart = parser.i
                let key = try parser.parseString()
                let keyEnd = parser.i
                parser.skipWhitespace()
                guard parser.i < bytes.count, bytes[parser.i] == UInt8(ascii: ":") else {
                    throw parser.error("expected ':' after an object key")
                }
                parser.i += 1
                parser.skipWhitespace()
                let valueStart = parser.i
                let value = try parser.parseValue(depth: 1, pointer: "", record: false)
                if wanted(key) {
                    if parsed.position(of: key) == nil {
                        slots.append(.parsed(anchors.count))
                        anchors.append(key)
                    }
                    _ = parsed.appendParsed(key, value)
                } else {
                    keep(key, value, in: keyStart..<parser.i, inPlace: valueStart == keyEnd + 1)
                }
                if try parser.closes(UInt8(ascii: "}"), "an object") { break }
                if let size = parser.wideContainerSize(have: slots.count, close: UInt8(ascii: "}")) { reserve(size) }
            }
        }
        parser.skipWhitespace()
        if parser.i < bytes.count { throw parser.error("unexpected content after the JSON value") }
        return true
    }

    /// Keeps a member as text: its input text when that is what the writer writes for it
    /// (`inPlace`: nothing between the key, the `:` and the value), else the writer's text.
    mutating func keep(_ key: String, _ value: JSONValue, in range: Range<Int>, inPlace: Bool) {
        let hash = PositionIndex.hash(key)
        if let first = index.find(hash: hash, where: { Self.key(of: slots[$0], parser.bytes, rewritten) == key }) {
            // A repeated key: the last value in the first place, under the first spelling.
            writeScratch(Self.key(of: slots[first], parser.bytes, rewritten), value)
            slots[first] = appendRewritten()
            return
        }
        writeScratch(key, value)
        let compact = inPlace && scratch.utf8.elementsEqual(parser.bytes[range])
        let slot = compact ? Slot(start: UInt32(range.lowerBound), end: UInt32(range.upperBound)) : appendRewritten()
        var grown = index
        index = PositionIndex()  // `grown` alone holds the buckets: grown in place
        grown.insert(hash: hash, position: slots.count) { [bytes = parser.bytes, rewritten, slots] in
            PositionIndex.hash(Self.key(of: slots[$0], bytes, rewritten))
        }
        index = grown
        slots.append(slot)
    }

    /// `scratch` made the member's compact text, `"key":value`, as `JSONWriter` writes it.
    mutating func writeScratch(_ key: String, _ value: JSONValue) {
        scratch.removeAll(keepingCapacity: true)
        JSONWriter.appendQuoted(key, to: &scratch)
        scratch += ":"
        JSONWriter.emit(value, into: &scratch, pretty: false, sorted: false, indent: 0)
    }

    /// `scratch` appended to `rewritten`, as a slot.
    mutating func appendRewritten() -> Slot {
        let start = rewritten.count
        rewritten.append(contentsOf: scratch.utf8)
        return Slot(start: UInt32(start) | Slot.rewrittenBit, end: UInt32(rewritten.count))
    }

    /// Room for `members` in all (counted ahead: `MemberCount.swift`), the key index included.
    mutating func reserve(_ members: Int) {
        slots.reserveCapacity(members)
        var grown = PositionIndex(capacity: members)
        for (k, slot) in slots.enumerated() where !slot.isParsed {
            grown.insert(hash: PositionIndex.hash(Self.key(of: slot, parser.bytes, rewritten)), position: k) { _ in 0 }
        }
        index = grown
    }

    /// The key of a member kept as text (in the input `bytes` or in `rewritten`).
    static func key(of slot: Slot, _ bytes: UnsafeBufferPointer<UInt8>, _ rewritten: [UInt8]) -> String {
        if slot.start & Slot.rewrittenBit != 0 {
            return PartlyParsedObject.memberKey(rewritten[Int(slot.start & ~Slot.rewrittenBit)..<Int(slot.end)])
        }
        var p = Parser(bytes: bytes, options: JSONParser.Options())
        p.i = Int(slot.start)
        return (try? p.parseString()) ?? ""
    }
}
