public import HeraldDiagnostics
public import HeraldJSON

/// What the stage made of one push.
public struct StageOutcome: Sendable {
    /// The final payload (≤ 4096 bytes written compactly) as an object: made from `content`
    /// when asked (each custom key parsed back); an answer writes `json` instead.
    public var payload: JSONObject { content.wholeObject() }
    /// The final payload as the stage holds it: custom keys kept as their compact text.
    public var content: PartlyParsedObject
    /// The compact JSON text of `payload`.
    public var json: String
    /// The localization that served the alert text.
    public var servedBy: String
    /// True when the output is a fallback (the original alert, a best attempt
    /// at the deadline, or the localized generic text).
    public var fallback: Bool
    /// One diagnostic per thing worth knowing (never secret text), under the stage's rules
    /// (`Diagnostic.Rule.deadline`, `.noStore`, `.shortened`…); each message is one line.
    public var diagnostics: [Diagnostic]

    /// `json`'s size in UTF-8 bytes.
    public var bytes: Int { json.utf8.count }

    /// Makes an outcome (the stage makes them; tests and custom stages may too).
    public init(payload: JSONObject, json: String, servedBy: String, fallback: Bool, diagnostics: [Diagnostic]) {
        self.init(content: PartlyParsedObject(payload), json: json, servedBy: servedBy, fallback: fallback, diagnostics: diagnostics)
    }

    /// Makes an outcome of a payload held partly as text (what the stage assembles).
    public init(content: PartlyParsedObject, json: String, servedBy: String, fallback: Bool, diagnostics: [Diagnostic]) {
        self.content = content
        self.json = json
        self.servedBy = servedBy
        self.fallback = fallback
        self.diagnostics = diagnostics
    }
}

/// The input is not an APNs payload at all (not JSON, not an object, no `aps`
/// object). `herald render` exits 2 with this message.
public struct StageInputError: Error, Sendable, CustomStringConvertible {
    /// What is wrong with the input, with a position for JSON errors.
    public var message: String
    /// Makes an error with `message`.
    public init(_ message: String) { self.message = message }
    /// The message.
    public var description: String { message }
}
