import HeraldJSON
import Hummingbird

/// The body of a non-streamed request: read whole, but never past the route's limit (413 as
/// soon as one more byte arrives), and parsed as JSON with the parser's line and column in a
/// 400 when it is not JSON.
enum RequestBodyReader {
    static func bytes(_ request: Request, limit: Int) async throws -> [UInt8] {
        var out: [UInt8] = []
        for try await chunk in request.body {
            guard out.count + chunk.readableBytes <= limit else { throw ServiceError.bodyTooLarge(limit) }
            out.append(contentsOf: chunk.readableBytesView)
        }
        return out
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
