import HeraldDiagnostics
public import HeraldICU
public import HeraldJSON

/// One answer to a render request line (`herald render --batch`, `herald serve`'s
/// `/v1/render/batch`, `herald worker`'s render jobs): a typed value that callers read by
/// field, written as JSON once, at the edge (`batchLine`), by the one writer.
public struct RenderAnswer: Sendable {
    /// The request's `id`, when the line had one.
    public var id: JSONValue?
    /// What came of the request.
    public var result: Result

    /// What came of one request.
    public enum Result: Sendable {
        /// The push was rendered (or fell back): the tag as sent, how it was read, the outcome.
        case rendered(tag: String, requested: LocaleID, outcome: StageOutcome)
        /// The line is not a request, or its payload is not a payload: why (`line N: …`).
        case failed(String)
    }

    /// Makes an answer.
    public init(id: JSONValue?, _ result: Result) {
        self.id = id
        self.result = result
    }

    /// A failed answer.
    public static func failed(id: JSONValue?, _ message: String) -> RenderAnswer {
        RenderAnswer(id: id, .failed(message))
    }

    /// The stage's outcome, when the request was rendered.
    public var outcome: StageOutcome? {
        if case .rendered(_, _, let outcome) = result { return outcome }
        return nil
    }

    /// Why the request could not be answered, when it could not.
    public var failure: String? {
        if case .failed(let message) = result { return message }
        return nil
    }

    /// The answer line (Docs/batch.md, without the newline):
    /// `{"id"?, "locale", "requested", "servedBy", "fallback", "bytes", "payload", "diagnostics", "findings"}`
    /// or `{"id"?, "error"}`. `scrub` rewrites each message quoted from the server (its own
    /// folders kept out of answers, `herald serve`).
    public func batchLine(scrub: (String) -> String = { $0 }) -> String {
        var out = ""
        var object = JSONObjectWriter(pretty: false)
        if let id {
            object.key("id", into: &out)
            JSONWriter.append(id, to: &out)
        }
        switch result {
        case .rendered(let tag, let requested, let outcome):
            object.key("locale", into: &out)
            out += JSONWriter.quote(tag)
            object.key("requested", into: &out)
            out += JSONWriter.quote(requested.bcp47)
            outcome.writeMembers(&object, into: &out, scrub: scrub)
        case .failed(let message):
            object.key("error", into: &out)
            out += JSONWriter.quote(scrub(message))
        }
        object.close(into: &out)
        return out
    }
}

extension StageOutcome {
    /// The word an answer and a metric give this outcome: `fallback` or `rendered`.
    public var word: String { fallback ? "fallback" : "rendered" }

    /// The members every answer carrying an outcome writes, in this order — `servedBy`,
    /// `fallback`, `bytes`, `payload` (its compact JSON text as the stage wrote it, not
    /// parsed again), `diagnostics` (the messages, one string each) and `findings` (each
    /// diagnostic as `{"rule", "severity", "message"}`) — into an object being written. The
    /// one encoder of an outcome: `herald render --batch`, `herald serve` and `herald worker`.
    public func writeMembers(_ object: inout JSONObjectWriter, into out: inout String, scrub: (String) -> String = { $0 }) {
        object.key("servedBy", into: &out)
        out += JSONWriter.quote(servedBy)
        object.key("fallback", into: &out)
        out += fallback ? "true" : "false"
        object.key("bytes", into: &out)
        out += String(bytes)
        object.key("payload", into: &out)
        out += json
        let messages = diagnostics.map { scrub($0.message) }
        object.key("diagnostics", into: &out)
        out += "["
        for (i, message) in messages.enumerated() {
            if i > 0 { out += "," }
            out += JSONWriter.quote(message)
        }
        out += "]"
        object.key("findings", into: &out)
        out += "["
        for (i, d) in diagnostics.enumerated() {
            if i > 0 { out += "," }
            var finding = JSONObjectWriter(pretty: false)
            finding.key("rule", into: &out)
            out += JSONWriter.quote(d.rule.rawValue)
            finding.key("severity", into: &out)
            out += JSONWriter.quote(d.severity.rawValue)
            finding.key("message", into: &out)
            out += JSONWriter.quote(messages[i])
            finding.close(into: &out)
        }
        out += "]"
    }
}
