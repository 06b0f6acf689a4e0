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
    /// blank line (spaces and tabs only), which gets no answer. The line is parsed where the
    /// reader holds it, not copied.
    public mutating func answer(_ read: LineReader.Line) async -> RenderAnswer? {
        guard case .text(let text) = read else { return await answer(bytes: nil) }
        lineNumber += 1
        guard let line = Self.trimmed(text) else { return nil }
        return await answer(Self.request(line, lineNumber: lineNumber))
    }

    /// The same for a line already copied out of its input (`herald serve` reads it from a
    /// request body): its bytes, or nil when it was longer than `InputLimits.batchLineBytes`.
    public mutating func answer(bytes: [UInt8]?) async -> RenderAnswer? {
        lineNumber += 1
        guard let bytes else {
            return .failed(id: nil, "line \(lineNumber): \(LineReader.tooLongMessage)")
        }
        let number = lineNumber
        let request = bytes.withUnsafeBufferPointer { Self.trimmed($0).map { Self.request($0, lineNumber: number) } }
        guard let request else { return nil }
        return await answer(request)
    }

    private mutating func answer(_ request: Request) async -> RenderAnswer {
        await Self.answer(stage, request, lineNumber: lineNumber, locales: &locales)
    }

    /// Answers one request line `{"id", "locale", "payload"}` that was line `lineNumber` of
    /// its input (a queued job answered on its own): rendered, or failed when the line is not
    /// a request or its payload is not a payload. Errors begin `line N: ` (and
    /// `line N, column C: not JSON: ` when the line is not JSON); `locales` caches parsed
    /// tags across lines.
    public static func render(
        _ stage: Stage, line: [UInt8], lineNumber: Int, locales: inout [String: LocaleID]
    ) async -> RenderAnswer {
        let request = line.withUnsafeBufferPointer { Self.request($0, lineNumber: lineNumber) }
        return await answer(stage, request, lineNumber: lineNumber, locales: &locales)
    }

    /// `render`'s answer as an object (the worker's jobs read it so until they take the typed
    /// answer).
    public static func answer(
        _ stage: Stage, line: [UInt8], lineNumber: Int, locales: inout [String: LocaleID]
    ) async -> JSONObject {
        let answer = await render(stage, line: line, lineNumber: lineNumber, locales: &locales)
        return (try? JSONParser.parse(answer.batchLine()).objectValue) ?? errorLine(id: answer.id, answer.failure ?? "")
    }

    /// A line read as a request, or why it is not one.
    enum Request {
        /// Not a request: the error line that answers it.
        case failed(RenderAnswer)
        /// A request: its id (when given), locale tag and payload.
        case render(id: JSONValue?, tag: String, payload: JSONValue)
    }

    /// `line` without a trailing `\r`; nil when only spaces and tabs are left (a blank
    /// line, which gets no answer).
    static func trimmed(_ line: UnsafeBufferPointer<UInt8>) -> UnsafeBufferPointer<UInt8>? {
        let line = line.last == UInt8(ascii: "\r") ? UnsafeBufferPointer(rebasing: line.dropLast()) : line
        return line.allSatisfy({ $0 == 0x20 || $0 == 0x09 }) ? nil : line
    }

    /// Reads `line` in place (it is lent, not kept: the parsed values own their text).
    static func request(_ line: UnsafeBufferPointer<UInt8>, lineNumber: Int) -> Request {
        func failure(_ id: JSONValue?, _ message: String) -> Request {
            .failed(.failed(id: id, "line \(lineNumber): \(message)"))
        }
        let value: JSONValue
        do { value = try JSONParser.parseDetailed(buffer: line).value } catch {
            return .failed(.failed(id: nil, error.batchLineMessage(line: lineNumber)))
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
        return .render(id: id, tag: tag, payload: payload)
    }

    /// Renders `request`, or answers with why it is not one.
    static func answer(
        _ stage: Stage, _ request: Request, lineNumber: Int, locales: inout [String: LocaleID]
    ) async -> RenderAnswer {
        let (id, tag, payload): (JSONValue?, String, JSONValue)
        switch request {
        case .failed(let answer): return answer
        case .render(let i, let t, let p): (id, tag, payload) = (i, t, p)
        }
        func failure(_ message: String) -> RenderAnswer {
            .failed(id: id, "line \(lineNumber): \(message)")
        }
        let locale: LocaleID
        if let known = locales[tag] {
            locale = known
        } else {
            do { locale = try LocaleID(tag) } catch {
                return failure("locale \"\(tag)\": \(error)")
            }
            locales[tag] = locale
        }
        let outcome: StageOutcome
        do { outcome = try await stage.process(payload, locale: locale) } catch {
            return failure(error.description)
        }
        return RenderAnswer(id: id, .rendered(tag: tag, requested: locale, outcome: outcome))
    }

    /// `{"id"?, "error"}` as an object (the worker's lines for jobs it gave up on).
    public static func errorLine(id: JSONValue?, _ message: String) -> JSONObject {
        var out = JSONObject()
        if let id { out["id"] = id }
        out["error"] = .string(message)
        return out
    }
}
