public import HeraldJSON

/// A JSON-RPC 2.0 message from the client, read from one frame's body.
public enum RPCMessage: Sendable, Equatable {
    /// A request: the client waits for an answer with the same id.
    case request(id: JSONValue, method: String, params: JSONValue)
    /// A notification: no answer.
    case notification(method: String, params: JSONValue)
    /// An answer to a request of the server's (this server sends none; ignored).
    case response(id: JSONValue)

    /// Reads a body; a body that is not a JSON-RPC message throws the error to answer with.
    public static func read(_ body: [UInt8]) throws(RPCError) -> RPCMessage {
        let value: JSONValue
        do {
            value = try JSONParser.parse(bytes: body)
        } catch {
            throw RPCError(.parseError, "the message is not JSON (\(error.description))")
        }
        guard case .object(let object) = value else { throw RPCError(.invalidRequest, "the message is not a JSON object") }
        let id = object["id"]
        if let id {
            switch id {
            case .string, .number: break
            default: throw RPCError(.invalidRequest, "the id is neither a number nor a string")
            }
        }
        guard let method = object["method"] else {
            guard let id else { throw RPCError(.invalidRequest, "the message has neither a method nor an id") }
            return .response(id: id)
        }
        guard let name = method.stringValue else { throw RPCError(.invalidRequest, "the method is not a string") }
        let params = object["params"] ?? .null
        if let id { return .request(id: id, method: name, params: params) }
        return .notification(method: name, params: params)
    }
}

/// An error answer: a JSON-RPC code and a message.
public struct RPCError: Error, Sendable, Equatable {
    public enum Code: Int, Sendable {
        case parseError = -32700
        case invalidRequest = -32600
        case methodNotFound = -32601
        case invalidParams = -32602
        case internalError = -32603
        case serverNotInitialized = -32002
        case requestFailed = -32803
        case requestCancelled = -32800
    }
    public var code: Code
    public var message: String

    public init(_ code: Code, _ message: String) {
        self.code = code
        self.message = message
    }
}

/// The messages the server writes.
public enum RPCOutgoing {
    public static func result(id: JSONValue, _ result: JSONValue) -> String {
        JSONWriter.write(.object(JSONObject([("jsonrpc", .string("2.0")), ("id", id), ("result", result)])))
    }

    public static func error(id: JSONValue, _ error: RPCError) -> String {
        let body = JSONObject([("code", .int(error.code.rawValue)), ("message", .string(error.message))])
        return JSONWriter.write(.object(JSONObject([("jsonrpc", .string("2.0")), ("id", id), ("error", .object(body))])))
    }

    public static func notification(_ method: String, _ params: JSONValue) -> String {
        JSONWriter.write(.object(JSONObject([("jsonrpc", .string("2.0")), ("method", .string(method)), ("params", params)])))
    }
}
