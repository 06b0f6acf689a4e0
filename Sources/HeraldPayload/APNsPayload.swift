public import HeraldJSON

/// An APNs payload: the typed `aps` plus the whole object as written, so
/// custom keys and unknown `aps` keys round-trip in order.
public struct APNsPayload: Sendable, Equatable {
    /// The byte budget of a remote notification (UTF-8 of the whole JSON).
    public static let maximumBytes = 4096

    /// The top-level keys Herald reads or writes: `aps`, the `herald` object, the legacy
    /// fields, the receipt's `push_id`, the media keys (`image`, `herald-attachments`). A
    /// payload read from text holds only these as values; every other member is only passed
    /// on, and is kept as its compact text (`PartlyParsedObject`).
    public static let readKeys: Set<String> = [
        "aps", "herald", "custom-encrypted-message", "media-url", "reminder-uuid", "push_id", "image", "herald-attachments",
    ]

    /// The whole payload: the members in `readKeys` as values, the others as text (every
    /// member as a value for a payload made from a parsed value).
    public var object: PartlyParsedObject
    /// The members held as values (`object.parsed`): every key of `readKeys` the payload has.
    /// Custom keys of a payload read from text are not among them: `object` has them all.
    public var readMembers: JSONObject {
        get { object.parsed }
        set { object.parsed = newValue }
    }
    /// The `aps` dictionary.
    public var aps: APS

    /// Reads a payload from JSON text; syntax and type errors carry line:column.
    public static func parse(bytes: [UInt8]) throws(PayloadError) -> APNsPayload {
        guard bytes.count <= InputLimits.payloadFileBytes else {
            throw PayloadError("the payload is \(bytes.count) bytes, more than the \(InputLimits.describe(InputLimits.payloadFileBytes)) a payload may be", pointer: "")
        }
        // Only the keys Herald reads become values, the other members are kept as text; a
        // value that is not an object is parsed whole, to be refused as such below.
        let object: PartlyParsedObject?
        let whole: JSONValue?
        do {
            object = try PartlyParsedObject.read(bytes, parsing: readKeys.contains)
            whole = object == nil ? try JSONParser.parse(bytes: bytes) : nil
        } catch {
            throw PayloadError("not valid JSON: \(error.message)", pointer: "", position: error.position)
        }
        do {
            if let object { return try APNsPayload(object: object) }
            return try APNsPayload(json: whole ?? .null)
        } catch {
            // Positions are looked for only when there is an error to place: recording one
            // per value (a pointer string and a position per member) made a payload of many
            // custom keys hold several times its size. Every error of `init(object:positions:)`
            // is placed at its own pointer, so the second parse places it the same way.
            guard error.position == nil,
                let placed = try? JSONParser.parseDetailed(bytes, options: .init(recordPositions: true)).positions[error.pointer]
            else { throw error }
            throw PayloadError(error.message, pointer: error.pointer, position: placed)
        }
    }

    /// Parses a push from JSON text.
    ///
    /// - Throws: `PayloadError` with a JSON pointer and position when it is not a push.
    public static func parse(_ text: String) throws(PayloadError) -> APNsPayload {
        try parse(bytes: Array(text.utf8))
    }

    /// Reads a payload from a parsed value (`positions`, when known, place errors).
    public init(json: JSONValue, positions: [String: SourcePosition] = [:]) throws(PayloadError) {
        guard let o = json.objectValue else {
            throw PayloadError("a payload must be a JSON object, found \(json.typeName)", pointer: "", position: positions[""])
        }
        try self.init(object: PartlyParsedObject(o), positions: positions)
    }

    /// Reads a payload from an object read partly (`parse(bytes:)`: its `readKeys` parsed).
    init(object: PartlyParsedObject, positions: [String: SourcePosition] = [:]) throws(PayloadError) {
        let o = object.parsed
        let r = FieldReader(object: o, pointer: "", positions: positions)
        guard let apsValue = o["aps"] else {
            throw PayloadError("a payload must have an \"aps\" object", pointer: "", position: positions[""])
        }
        guard let apsObject = apsValue.objectValue else {
            throw r.error("aps", "\"aps\" must be an object, found \(apsValue.typeName)")
        }
        self.object = object
        aps = try APS(apsObject, reader: r.nested("aps", apsObject))
        // Our own keys: type-checked so the stage can rely on them.
        _ = try r.object("herald")
        _ = try r.string("custom-encrypted-message")
        _ = try r.string("media-url")
        _ = try r.string("reminder-uuid")
    }

    /// The `herald` object (plain or with `sealed`), when present.
    public var herald: JSONObject? { readMembers["herald"]?.objectValue }
    /// The legacy ROT13 message (`custom-encrypted-message`), still encoded.
    public var legacyEncryptedMessage: String? { readMembers["custom-encrypted-message"]?.stringValue }
    /// The legacy ROT13 attachment URL (`media-url`), still encoded.
    public var legacyMediaURL: String? { readMembers["media-url"]?.stringValue }
    /// The legacy reminder id (`reminder-uuid`).
    public var legacyReminderID: String? { readMembers["reminder-uuid"]?.stringValue }
    /// Keys other than `aps`, in order.
    public var customKeys: [String] { object.keys.filter { $0 != "aps" } }

    /// The payload as compact JSON, keys in their original order.
    public var json: String { JSONWriter.write(object) }

    /// UTF-8 size of the payload written compactly.
    public var byteCount: Int { JSONWriter.length(of: object) }

    /// Whether the service extension would be handed this push (§6, §8).
    public var eligibility: Eligibility {
        if aps.alert == nil && aps.isContentAvailable { return .notEligible(.contentAvailableOnly) }
        guard aps.isMutable else { return .notEligible(.notMutable(aps.mutableContent)) }
        guard let alert = aps.alert else { return .notEligible(.noAlert) }
        guard alert.hasText else { return .notEligible(.emptyAlert) }
        return .eligible
    }
}

/// Whether a push reaches the notification service extension, and why not.
public enum Eligibility: Sendable, Equatable, CustomStringConvertible {
    case eligible
    case notEligible(IneligibilityReason)

    /// True when the extension would run.
    public var isEligible: Bool { self == .eligible }

    /// Why (or that) the extension runs, in words.
    public var description: String {
        switch self {
        case .eligible: return "eligible for the service extension"
        case .notEligible(let r): return "not eligible for the service extension: \(r)"
        }
    }
}

/// Why the extension would not run for a push.
public enum IneligibilityReason: Sendable, Equatable, CustomStringConvertible {
    /// `mutable-content` is absent or not 1 (the value as written, if any).
    case notMutable(Int64?)
    /// No `alert` at all (a sound- or badge-only push).
    case noAlert
    /// An alert without title, subtitle, body or loc key.
    case emptyAlert
    /// A background (`content-available`) push without an alert.
    case contentAvailableOnly

    /// The reason in words.
    public var description: String {
        switch self {
        case .notMutable(nil): return "\"mutable-content\" is absent (it must be 1)"
        case .notMutable(let v?): return "\"mutable-content\" is \(v) (it must be 1)"
        case .noAlert: return "there is no \"alert\" (sound- or badge-only pushes are not passed to the extension)"
        case .emptyAlert: return "the alert has no title, subtitle, body or loc-key"
        case .contentAvailableOnly: return "a background (content-available) push without an alert"
        }
    }
}
