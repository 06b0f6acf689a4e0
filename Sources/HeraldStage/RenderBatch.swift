import HeraldICU
public import HeraldJSON

/// `herald render --batch`: one JSON Lines request in, one JSON line out (Docs/batch.md).
/// Shared by every shell that answers render requests a line at a time: `herald render
/// --batch`, `herald serve`'s `/v1/render/batch` and `herald worker`'s render jobs.
public struct RenderBatch: Sendable {
    private let stage: Stage
    private var locales: [String: LocaleID] = [:]
    private var lineNumber = 0

    public init(stage: Stage) { self.stage = stage }

    /// Answers the next line of the input (`LineReader`, a trailing `\r` dropped); nil for a
    /// blank line (spaces and tabs only), which gets no answer.
    public mutating func answer(_ read: LineReader.Line) async -> JSONObject? {
        guard case .text(let text) = read else { return await answer(bytes: nil) }
        return await answer(bytes: Array(text))
    }

    /// The same for a line already copied out of its input (`herald serve` reads it from a
    /// request body): its bytes, or nil when it was longer than `InputLimits.batchLineBytes`.
    public mutating func answer(bytes: [UInt8]?) async -> JSONObject? {
        lineNumber += 1
        guard var line = bytes else {
            return Self.errorLine(id: nil, "line \(lineNumber): \(LineReader.tooLongMessage)")
        }
        if line.last == UInt8(ascii: "\r") { line.removeLast() }
        if line.allSatisfy({ $0 == 0x20 || $0 == 0x09 }) { return nil }
        return await Self.answer(stage, line: line, lineNumber: lineNumber, locales: &locales)
    }

    /// Answers one request line `{"id", "locale", "payload"}` with
    /// `{"id", "locale", "requested", "servedBy", "fallback", "bytes", "payload", "diagnostics"}`
    /// ("locale" the tag as sent, "requested" how it was read, in BCP 47, "diagnostics" the
    /// messages of the stage's diagnostics), or `{"id"?, "error"}` when the line is not a
    /// request or its payload is not a payload. Errors begin `line N: ` (and
    /// `line N, column C: not JSON: ` when the line is not JSON); `locales` caches parsed
    /// tags across lines.
    public static func answer(
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

    public static func errorLine(id: JSONValue?, _ message: String) -> JSONObject {
        var out = JSONObject()
        if let id { out["id"] = id }
        out["error"] = .string(message)
        return out
    }
}
