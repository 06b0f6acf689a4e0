public import HeraldJSON

/// `aps.sound`: a file name, or a critical-alert sound dictionary.
public enum Sound: Sendable, Equatable {
    case named(String)
    case critical(critical: Bool, name: String?, volume: Double?)
}

/// `aps.interruption-level` (iOS 15+).
public enum InterruptionLevel: String, Sendable, CaseIterable {
    case passive, active
    case timeSensitive = "time-sensitive"
    case critical
}

/// The `aps` dictionary with every key of Apple's aps dictionary (Docs/push-format.md) typed; `raw`
/// keeps the object as written (unknown keys included, in order).
public struct APS: Sendable, Equatable {
    /// The dictionary as received, every key kept.
    public var raw: JSONObject
    /// `alert`, as a string or a dictionary.
    public var alert: Alert?
    /// The badge number (0 clears; nil = unchanged). Negative or non-integer
    /// badges are rejected (POLICY, §5).
    public var badge: Int?
    /// `sound`.
    public var sound: Sound?
    /// `thread-id`.
    public var threadID: String?
    /// `category`.
    public var category: String?
    /// `content-available` as written (1 = background update).
    public var contentAvailable: Int64?
    /// `mutable-content` as written (1 = pass to the service extension).
    public var mutableContent: Int64?
    /// `target-content-id`.
    public var targetContentID: String?
    /// `interruption-level`.
    public var interruptionLevel: InterruptionLevel?
    /// `relevance-score`.
    public var relevanceScore: Double?
    /// `filter-criteria`.
    public var filterCriteria: String?
    /// `stale-date` (Live Activities), seconds since 1970.
    public var staleDate: Int64?
    /// `content-state` (Live Activities).
    public var contentState: JSONObject?
    /// `timestamp` (Live Activities), seconds since 1970.
    public var timestamp: Int64?
    /// `event` (Live Activities).
    public var event: String?
    /// `dismissal-date` (Live Activities), seconds since 1970.
    public var dismissalDate: Int64?
    /// `attributes-type` (Live Activities).
    public var attributesType: String?
    /// `attributes` (Live Activities).
    public var attributes: JSONObject?

    init(_ o: JSONObject, reader r: FieldReader) throws(PayloadError) {
        raw = o
        if let a = o["alert"] { alert = try Alert(a, reader: r) }
        if let b = try r.number("badge") {
            guard let i = Int(b) else { throw r.error("badge", "\"badge\" must be a whole number, found \(b)") }
            guard i >= 0 else { throw r.error("badge", "\"badge\" must not be negative, found \(b)") }
            badge = i
        }
        if let s = o["sound"] {
            switch s {
            case .string(let name): sound = .named(name)
            case .object(let so):
                let sr = r.nested("sound", so)
                let critical = try sr.integer("critical")
                if let critical, critical != 0 && critical != 1 {
                    throw sr.error("critical", "\"critical\" must be 0 or 1, found \(critical)")
                }
                let volume = try sr.double("volume")
                if let volume, !(0...1).contains(volume) {
                    throw sr.error("volume", "\"volume\" must be between 0.0 and 1.0, found \(volume)")
                }
                sound = .critical(critical: critical == 1, name: try sr.string("name"), volume: volume)
            default:
                throw r.error("sound", "\"sound\" must be a string or an object, found \(s.typeName)")
            }
        }
        threadID = try r.string("thread-id")
        category = try r.string("category")
        contentAvailable = try r.integer("content-available")
        mutableContent = try r.integer("mutable-content")
        targetContentID = try r.string("target-content-id")
        if let level = try r.string("interruption-level") {
            guard let l = InterruptionLevel(rawValue: level) else {
                let known = InterruptionLevel.allCases.map(\.rawValue).joined(separator: ", ")
                throw r.error("interruption-level", "unknown interruption level \"\(level)\" (expected \(known))")
            }
            interruptionLevel = l
        }
        relevanceScore = try r.double("relevance-score")
        filterCriteria = try r.string("filter-criteria")
        staleDate = try r.integer("stale-date")
        contentState = try r.object("content-state")
        timestamp = try r.integer("timestamp")
        event = try r.string("event")
        dismissalDate = try r.integer("dismissal-date")
        attributesType = try r.string("attributes-type")
        attributes = try r.object("attributes")
    }

    /// True when `mutable-content` is 1.
    public var isMutable: Bool { mutableContent == 1 }
    /// True when `content-available` is 1.
    public var isContentAvailable: Bool { contentAvailable == 1 }
}
