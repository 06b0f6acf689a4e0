public import HeraldJSON

/// `aps.alert`, as a string (shown as the body) or a dictionary (Docs/push-format.md).
/// `action-loc-key` is accepted and ignored; unknown keys are kept in `raw`.
public struct Alert: Sendable, Equatable {
    /// `title`.
    public var title: String?
    /// `subtitle`.
    public var subtitle: String?
    /// `body` (the whole alert when it was a string).
    public var body: String?
    /// `launch-image`.
    public var launchImage: String?
    /// `title-loc-key`.
    public var titleLocKey: String?
    /// `title-loc-args`.
    public var titleLocArgs: [String]?
    /// `subtitle-loc-key`.
    public var subtitleLocKey: String?
    /// `subtitle-loc-args`.
    public var subtitleLocArgs: [String]?
    /// `loc-key`.
    public var locKey: String?
    /// `loc-args`.
    public var locArgs: [String]?
    /// Whether the payload wrote the alert as a plain string.
    public var wasString: Bool
    /// The alert as written (a string or an object), for round trips.
    public var raw: JSONValue

    /// Makes an alert of literal texts.
    public init(title: String? = nil, subtitle: String? = nil, body: String? = nil) {
        self.title = title
        self.subtitle = subtitle
        self.body = body
        wasString = false
        var o = JSONObject()
        if let title { o["title"] = .string(title) }
        if let subtitle { o["subtitle"] = .string(subtitle) }
        if let body { o["body"] = .string(body) }
        raw = .object(o)
    }

    init(_ value: JSONValue, reader: FieldReader) throws(PayloadError) {
        raw = value
        switch value {
        case .string(let s):
            body = s
            wasString = true
        case .object(let o):
            wasString = false
            let r = reader.nested("alert", o)
            title = try r.string("title")
            subtitle = try r.string("subtitle")
            body = try r.string("body")
            launchImage = try r.string("launch-image")
            titleLocKey = try r.string("title-loc-key")
            titleLocArgs = try r.stringArray("title-loc-args")
            subtitleLocKey = try r.string("subtitle-loc-key")
            subtitleLocArgs = try r.stringArray("subtitle-loc-args")
            locKey = try r.string("loc-key")
            locArgs = try r.stringArray("loc-args")
            _ = try r.string("action-loc-key")
        default:
            throw reader.error("alert", "\"alert\" must be a string or an object, found \(value.typeName)")
        }
    }

    /// Whether there is text to show: a title, subtitle or body that is not blank
    /// (`AlertText.isBlank`: only whitespace counts as empty), or a loc-key standing
    /// for one (loc keys count: Docs/push-format.md).
    public var hasText: Bool {
        [title, subtitle, body, titleLocKey, subtitleLocKey, locKey].contains { !AlertText.isBlank($0) }
    }

    /// Whether any loc key needs resolving against the tables.
    public var needsLocalization: Bool { titleLocKey != nil || subtitleLocKey != nil || locKey != nil }
}
