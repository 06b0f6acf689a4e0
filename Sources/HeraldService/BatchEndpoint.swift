import HeraldJSON
import HeraldStage
import Hummingbird

/// `POST /v1/render/batch` (Docs/service.md): NDJSON in, NDJSON out, one answer per request
/// line in order — `RenderBatch`'s, the same as `herald render --batch` — streamed both ways.
/// The body is read a chunk at a time and the answers to the lines a chunk completes are
/// written before the next chunk is read, so a slow reader of the answers slows the reading
/// of the requests (back-pressure) and memory holds one chunk and one line, whatever the
/// body's size.
///
/// A batch ends early, with a last line `{"error": …}` saying how many lines were answered,
/// when its body cannot be read (the client broke it off, a bad chunk size) or the server
/// is shutting down (SIGTERM): a client resumes after the lines it got.
struct BatchEndpoint: Sendable {
    let tables: LiveTables
    let metrics: ServiceMetrics
    let paths: ServerPaths

    /// `POST /render/batch` (in the `/v1` group).
    var routes: RouteCollection<ServiceContext> {
        let endpoint = self
        return RouteCollection(context: ServiceContext.self).post("render/batch") { request, _ in try endpoint.respond(request) }
    }

    func respond(_ request: Request) throws -> Response {
        guard let generation = tables.current else { throw ServiceError.notReady(tables.status.lastFailure) }
        let stage = generation.stage
        let body = request.body
        let metrics = metrics
        let paths = paths
        var headers = HTTPFields()
        headers[.contentType] = "application/x-ndjson"
        return Response(status: .ok, headers: headers, body: ResponseBody { writer in
            var lines = BodyLines()
            var batch = RenderBatch(stage: stage)
            var out: [UInt8] = []
            var answered = 0
            func add(_ line: [UInt8]?) async {
                guard let answer = await batch.answer(bytes: line) else { return }
                metrics.render(answer.outcome)
                answered += 1
                out.append(contentsOf: answer.batchLine(scrub: paths.scrub).utf8)
                out.append(0x0A)
            }
            var ending: String?
            do {
                try await RequestBodyReader.chunks(body, stopAtShutdown: true) { chunk in
                    for line in lines.lines(in: chunk) { await add(line) }
                    if !out.isEmpty {
                        try await writer.write(ByteBuffer(bytes: out))
                        out.removeAll(keepingCapacity: true)
                    }
                }
                if let last = lines.finish() { await add(last) }
            } catch let error as ServiceError {
                ending = error.message
            } catch is CancellationError {
                ending = "the server is shutting down"
            }
            if let ending {
                var line = JSONObject()
                line["error"] = .string("\(ending); the batch ended after \(answered) answer\(answered == 1 ? "" : "s"), send the rest again")
                out.append(contentsOf: JSONWriter.write(.object(line)).utf8)
                out.append(0x0A)
            }
            if !out.isEmpty { try await writer.write(ByteBuffer(bytes: out)) }
            try await writer.finish(nil)
        })
    }
}
