import HeraldJSON
import HeraldRender
import HeraldSync
import Hummingbird

/// `POST /v1/format` (Docs/service.md): one `herald format --batch` request
/// (`{"key", "locale", "args"?, "table"?, "device"?, "width"?}`) → its answer, written by
/// `FormatBatch` so it is the same object `herald format --batch` writes for that line: 200
/// with `{"text", …}`; or, when the key cannot be rendered as asked (unknown key or locale,
/// arguments that do not fit its placeholders — an answer with an error diagnostic), 422 in
/// the one error shape of every route (`ServiceError`, code `cannot-format`), never a
/// half-filled text with a 200.
///
/// A `FormatBatch` remembers what it has parsed (locale tags, recent keys): the endpoint keeps
/// the idle ones of the tables being served and lends one to each request, so a request does
/// not parse its locale again, or allocate a batch's buffers, as the first one did.
final class FormatEndpoint: Sendable {
    let tables: LiveTables
    private let idle = Locked(Idle())
    /// Most idle batches kept (more are made while more requests run at once, then dropped).
    static let keptIdle = 64

    private struct Idle {
        /// The tables generation the batches render from.
        var generation = 0
        var batches: [Lent] = []
    }

    /// A batch lent to one request at a time: taken out of `idle` under its lock, used by
    /// that request alone, and put back.
    private final class Lent: @unchecked Sendable {
        var batch: FormatBatch
        init(_ batch: FormatBatch) { self.batch = batch }
    }

    /// The zone dates are shown in when a request names none (`herald serve --time-zone`).
    let timeZone: String

    init(tables: LiveTables, timeZone: String) {
        self.tables = tables
        self.timeZone = timeZone
    }

    func answer(_ body: [UInt8]) throws -> [UInt8] {
        guard let generation = tables.current else { throw ServiceError.notReady(tables.status.lastFailure) }
        let lent = idle.withLock { idle -> Lent? in
            guard idle.generation == generation.number else { return nil }
            return idle.batches.popLast()
        } ?? Lent(FormatBatch(renderer: generation.stage.renderer, options: RenderOptions(timeZone: timeZone), table: "Localizable"))
        var out = BufferedOutput.inMemory()
        // One request is one line: the newlines of a pretty-printed body are JSON whitespace.
        let line = body.map { $0 == 0x0A || $0 == 0x0D ? 0x20 : $0 }
        line.withUnsafeBufferPointer { lent.batch.answer(.text($0), lineNumber: 1, to: &out) }
        let verdict = lent.batch.verdict
        idle.withLock { idle in
            if idle.generation != generation.number {
                // The tables were reloaded: the batches of older ones go.
                guard generation.number > idle.generation else { return }
                idle = Idle(generation: generation.number)
            }
            if idle.batches.count < Self.keptIdle { idle.batches.append(lent) }
        }
        switch verdict {
        case .shown: return out.takeBytes()
        case .failed(let problem), .refused(_, let problem): throw ServiceError(status: 422, code: "cannot-format", problem)
        case nil: throw ServiceError.badRequest("the body is empty: send one format request, a JSON object")
        }
    }
}

extension FormatEndpoint {
    /// `POST /format` (in the `/v1` group).
    func routes(bodyBytes: Int, tracing: Bool) -> RouteCollection<ServiceContext> {
        let endpoint = self
        return RouteCollection(context: ServiceContext.self).post("format") { request, _ in
            let (bytes, _) = try await RequestBodyReader.json(request, limit: bodyBytes)
            let body = try await ServiceRoutes.traced(tracing, "format") { span in
                do {
                    let answer = try endpoint.answer(bytes)
                    span?.attributes["herald.status"] = 200
                    return answer
                } catch let error as ServiceError {
                    span?.attributes["herald.status"] = error.status
                    throw error
                }
            }
            return ServiceRoutes.json(200, body)
        }
    }
}
