import HeraldJSON
import Hummingbird

/// The one error answer of `herald serve` (Docs/service.md, "Errors"): an HTTP status and
/// `{"error": {"status", "code", "message", "line"?, "column"?}, "requestId"}`.
public struct ServiceError: Error, Sendable, CustomStringConvertible {
    /// The HTTP status.
    public var status: Int
    /// A stable, machine-readable word: `body-too-large`, `malformed-json`, `bad-request`,
    /// `not-found`, `method-not-allowed`, `deadline-exceeded`, `overloaded`, `not-ready`,
    /// `not-implemented`, `internal`.
    public var code: String
    /// One sentence for a person.
    public var message: String
    /// Where in the body the problem is (malformed JSON), 1-based.
    public var line: Int?
    public var column: Int?
    /// Extra headers (`Retry-After`).
    public var retryAfter: Int?

    public init(status: Int, code: String, _ message: String, line: Int? = nil, column: Int? = nil, retryAfter: Int? = nil) {
        (self.status, self.code, self.message, self.line, self.column, self.retryAfter) =
            (status, code, message, line, column, retryAfter)
    }

    public var description: String { "\(status) \(code): \(message)" }

    static func badRequest(_ message: String) -> ServiceError { ServiceError(status: 400, code: "bad-request", message) }

    /// A body that is not JSON: 400 with the parser's line and column.
    static func malformed(_ error: JSONError) -> ServiceError {
        ServiceError(
            status: 400, code: "malformed-json", "the body is not JSON: \(error.message)",
            line: error.position.line, column: error.position.column)
    }

    static func bodyTooLarge(_ limit: Int) -> ServiceError {
        ServiceError(status: 413, code: "body-too-large", "the body is larger than \(InputLimits.describe(limit)), the most this route takes")
    }

    /// The error body, as JSON bytes.
    func body(requestID: String?) -> [UInt8] {
        var error = JSONObject()
        error["status"] = .int(status)
        error["code"] = .string(code)
        error["message"] = .string(message)
        if let line { error["line"] = .int(line) }
        if let column { error["column"] = .int(column) }
        var out = JSONObject()
        out["error"] = .object(error)
        if let requestID { out["requestId"] = .string(requestID) }
        return Array((JSONWriter.write(.object(out)) + "\n").utf8)
    }

    /// The error as a response.
    func response(requestID: String?) -> Response {
        var headers = HTTPFields()
        headers[.contentType] = "application/json"
        if let retryAfter { headers[.retryAfter] = String(retryAfter) }
        return Response(
            status: HTTPResponse.Status(code: status), headers: headers,
            body: ResponseBody(byteBuffer: ByteBuffer(bytes: body(requestID: requestID))))
    }
}
