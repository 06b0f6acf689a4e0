import HeraldJSON
import Hummingbird
import ServiceLifecycle

/// The body of a non-streamed request: read whole, but never past the route's limit (413 as
/// soon as one more byte arrives), and parsed as JSON with the parser's line and column in a
/// 400 when it is not JSON.
enum RequestBodyReader {
    static func bytes(_ request: Request, limit: Int, taking take: (Int) throws -> Void = { _ in }) async throws -> [UInt8] {
        var out: [UInt8] = []
        try await chunks(request.body) { chunk in
            guard out.count + chunk.readableBytes <= limit else { throw ServiceError.bodyTooLarge(limit) }
            try take(chunk.readableBytes)
            out.append(contentsOf: chunk.readableBytesView)
        }
        return out
    }

    /// Each chunk of `body` in turn. A body that cannot be read — the client closed the
    /// connection half-way, or sent a broken chunk size — is the client's fault: a 400
    /// (`bad-body`), never a 500 logged as the server's error. With `stopAtShutdown`, the wait
    /// for the next chunk ends with `CancellationError` when the server begins to shut down
    /// (a batch whose client keeps it open never holds a shutdown up).
    static func chunks(_ body: RequestBody, stopAtShutdown: Bool = false, _ each: (ByteBuffer) async throws -> Void) async throws {
        let source = ChunkSource(body)
        while true {
            let chunk: ByteBuffer?
            do {
                chunk = stopAtShutdown ? try await cancelWhenGracefulShutdown { try await source.next() } : try await source.next()
            } catch let error as ServiceError { throw error } catch is CancellationError {
                throw CancellationError()
            } catch {
                throw ServiceError(status: 400, code: "bad-body", "the request body could not be read: it ended early or its chunked encoding is broken")
            }
            guard let chunk else { return }
            try await each(chunk)
        }
    }

    /// A body's iterator, read by one task at a time (the wait for a chunk may run in a child
    /// task that a shutdown cancels).
    private final class ChunkSource: @unchecked Sendable {
        private var iterator: RequestBody.AsyncIterator
        init(_ body: RequestBody) { iterator = body.makeAsyncIterator() }
        func next() async throws -> ByteBuffer? { try await iterator.next() }
    }

    static func json(_ request: Request, limit: Int) async throws -> (bytes: [UInt8], value: JSONValue) {
        let body = try await bytes(request, limit: limit)
        guard !body.isEmpty else { throw ServiceError.badRequest("the body is empty; this route takes a JSON object") }
        do { return (body, try JSONParser.parse(bytes: body)) } catch { throw ServiceError.malformed(error) }
    }

    /// The body as a JSON object, or a 400 naming what it is instead.
    static func object(_ request: Request, limit: Int) async throws -> (bytes: [UInt8], object: JSONObject) {
        let (bytes, value) = try await json(request, limit: limit)
        guard let object = value.objectValue else {
            throw ServiceError.badRequest("the body must be a JSON object, found \(value.typeName)")
        }
        return (bytes, object)
    }
}
