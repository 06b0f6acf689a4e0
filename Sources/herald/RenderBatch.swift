import HeraldICU
import HeraldJSON
import HeraldStage

/// `herald render --batch`: one JSON Lines request in, one JSON line out (Docs/batch.md).
enum RenderBatch {
    /// Answers one request line `{"id", "locale", "payload"}` with
    /// `{"id", "locale", "requested", "servedBy", "fallback", "bytes", "payload", "diagnostics"}`
    /// ("locale" the tag as sent, "requested" how it was read, in BCP 47, "diagnostics" the
    /// messages of the stage's diagnostics), or `{"id"?, "error"}` when the line is not a
    /// request or its payload is not a payload. Errors begin `line N: ` (and
    /// `line N, column C: not JSON: ` when the line is not JSON); `locales` caches parsed
    /// tags across lines.
    static func answer(
        _ stage: Stage, line: [UInt8], lineNumber: Int, locales: inout [String: LocaleID]
    ) async -> JSONObject {
        func failure(_ id: JSONValue?, _ message: String) -> JSONObject {
            errorLine(id: id, "line \(lineNumber): \(message)")
        }
        let value: JSONValue
        do { value = try JSONParser.parse(bytes: line) } catch {
            return errorLine(id: nil, error.batchLineMessage(line: lineNumber))
        }
        guard let request = value.objectValue else {
            return failure(nil, "a request must be a JSON object, found \(value.typeName)")
        }
        let id = request["id"]
        guard let tag = request["locale"]?.stringValue else {
            return failure(id, "the request needs a \"locale\" string")
        }
        guard let payload = request["payload"] else {
            return failure(id, "the request needs a \"payload\" object")
        }
        let locale: LocaleID
        if let known = locales[tag] {
            locale = known
        } else {
            do { locale = try LocaleID(tag) } catch {
                return failure(id, "locale \"\(tag)\": \(error)")
            }
            locales[tag] = locale
        }
        let outcome: StageOutcome
        do { outcome = try await stage.process(payload, locale: locale) } catch {
            return failure(id, error.description)
        }
        var out = JSONObject()
        if let id { out["id"] = id }
        out["locale"] = .string(tag)
        out["requested"] = .string(locale.bcp47)
        out["servedBy"] = .string(outcome.servedBy)
        out["fallback"] = .bool(outcome.fallback)
        out["bytes"] = .int(outcome.bytes)
        out["payload"] = .object(outcome.payload)
        out["diagnostics"] = .array(outcome.diagnostics.map { .string($0.message) })
        return out
    }

    static func errorLine(id: JSONValue?, _ message: String) -> JSONObject {
        var out = JSONObject()
        if let id { out["id"] = id }
        out["error"] = .string(message)
        return out
    }
}
