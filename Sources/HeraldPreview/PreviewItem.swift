public import HeraldJSON

/// One rendered notification in one locale: what the preview shows.
public struct PreviewItem: Sendable {
    /// The example's name ("lottery-win", or "payload" for the user's own).
    public var example: String
    /// The requested locale, BCP 47.
    public var locale: String
    /// The localization that served the text ("pt-BR", "Base").
    public var servedBy: String
    /// True when the stage fell back to a generic text.
    public var fallback: Bool
    /// UTF-8 size of the final payload.
    public var bytes: Int
    /// The final APNs payload.
    public var payload: JSONValue
    /// What the stage reported while rendering.
    public var diagnostics: [String]
    /// True for a right-to-left language (the HTML page lays it out that way).
    public var rightToLeft: Bool
    /// For plural samples: the category and the number shown ("few 2").
    public var sample: String?

    /// Makes an item (the runner makes them).
    public init(
        example: String, locale: String, servedBy: String, fallback: Bool, bytes: Int, payload: JSONValue,
        diagnostics: [String], rightToLeft: Bool, sample: String? = nil
    ) {
        self.sample = sample
        self.example = example
        self.locale = locale
        self.servedBy = servedBy
        self.fallback = fallback
        self.bytes = bytes
        self.payload = payload
        self.diagnostics = diagnostics
        self.rightToLeft = rightToLeft
    }

    /// The alert as the device shows it: title, subtitle, body.
    public var alert: (title: String, subtitle: String, body: String) {
        let alert = payload["aps"]?["alert"]
        if let s = alert?.stringValue { return ("", "", s) }
        return (
            alert?["title"]?.stringValue ?? "", alert?["subtitle"]?.stringValue ?? "",
            alert?["body"]?.stringValue ?? ""
        )
    }
}
