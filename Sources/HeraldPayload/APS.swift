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
            let shown = b.count > 40 ? String(b.prefix(40)) + "…" : b
            switch APS.badgeValue(b) {
            case .value(let i): badge = i
            case .fraction: throw r.error("badge", "\"badge\" must be a whole number, found \(shown)")
            case .negative: throw r.error("badge", "\"badge\" must not be negative, found \(shown)")
            case .tooLarge: throw r.error("badge", "\"badge\" is outside 0…\(Int.max), found \(shown)")
            }
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

    /// What a badge's number literal is worth.
    enum BadgeValue: Equatable {
        case value(Int), fraction, negative, tooLarge
    }

    /// The value of a JSON number literal as a badge, read exactly (no `Double` in between):
    /// any literal whose value is a whole number counts, however it is written (`100`,
    /// `1e2`, `100.0`, `1000e-1`), as JSON and the push schema read it.
    static func badgeValue(_ literal: String) -> BadgeValue {
        var text = Substring(literal)
        let negative = text.first == "-"
        if negative { text = text.dropFirst() }
        var mantissa = text
        var exponent = 0
        if let e = text.firstIndex(where: { $0 == "e" || $0 == "E" }) {
            mantissa = text[..<e]
            var digits = text[text.index(after: e)...]
            var sign = 1
            if digits.first == "+" || digits.first == "-" {
                if digits.first == "-" { sign = -1 }
                digits = digits.dropFirst()
            }
            // Clamped: an exponent past any digit count decides alone.
            for d in digits.utf8 { exponent = min(exponent * 10 + Int(d &- 0x30), 1_000_000) }
            exponent *= sign
        }
        var digits = Array(mantissa.utf8.filter { $0 != 0x2E })
        if let dot = mantissa.utf8.firstIndex(of: 0x2E) {
            exponent -= mantissa.utf8.distance(from: mantissa.utf8.index(after: dot), to: mantissa.utf8.endIndex)
        }
        while let first = digits.first, first == 0x30 { digits.removeFirst() }
        if digits.isEmpty { return .value(0) }  // 0, -0, 0.0, 0e5
        while let last = digits.last, last == 0x30 {
            digits.removeLast()
            exponent += 1
        }
        if exponent < 0 { return .fraction }
        if negative { return .negative }
        // A whole number the model can hold is accepted; the stage says when it is more than
        // the store's count may reach ("badge not updated"), as for any overflowing increment.
        if digits.count + exponent > 19 { return .tooLarge }
        var value = 0
        for d in digits {
            let (times, o1) = value.multipliedReportingOverflow(by: 10)
            let (sum, o2) = times.addingReportingOverflow(Int(d - 0x30))
            if o1 || o2 { return .tooLarge }
            value = sum
        }
        for _ in 0..<exponent {
            let (times, overflow) = value.multipliedReportingOverflow(by: 10)
            if overflow { return .tooLarge }
            value = times
        }
        return .value(value)
    }

    /// True when `mutable-content` is 1.
    public var isMutable: Bool { mutableContent == 1 }
    /// True when `content-available` is 1.
    public var isContentAvailable: Bool { contentAvailable == 1 }
}
