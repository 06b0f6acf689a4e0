public import HeraldJSON

/// Input that is not an APNs payload, or a key of the wrong type or value.
/// `pointer` is the JSON Pointer of the offending value ("/aps/badge");
/// `position` its line:column when the payload was read from text.
public struct PayloadError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What is wrong.
    public let message: String
    /// The JSON pointer of the value at fault (`/aps/alert`).
    public let pointer: String
    /// Where it was written, when the payload was parsed from text.
    public let position: SourcePosition?

    /// Makes an error.
    public init(_ message: String, pointer: String, position: SourcePosition? = nil) {
        self.message = message
        self.pointer = pointer
        self.position = position
    }

    /// `line:column: pointer: message` (or without the position).
    public var description: String {
        var s = ""
        if let position { s += "\(position): " }
        if !pointer.isEmpty { s += "\(pointer): " }
        return s + message
    }
}

/// Reads typed values out of an object, with errors that say where.
struct FieldReader {
    let object: JSONObject
    let pointer: String
    let positions: [String: SourcePosition]

    func path(_ key: String) -> String {
        var escaped = ""
        for c in key {
            switch c {
            case "~": escaped += "~0"
            case "/": escaped += "~1"
            default: escaped.append(c)
            }
        }
        return pointer + "/" + escaped
    }

    func error(_ key: String, _ message: String) -> PayloadError {
        let p = path(key)
        return PayloadError(message, pointer: p, position: positions[p])
    }

    func string(_ key: String) throws(PayloadError) -> String? {
        guard let v = object[key] else { return nil }
        guard let s = v.stringValue else { throw error(key, "\"\(key)\" must be a string, found \(v.typeName)") }
        return s
    }

    func number(_ key: String) throws(PayloadError) -> String? {
        guard let v = object[key] else { return nil }
        guard let n = v.numberText else { throw error(key, "\"\(key)\" must be a number, found \(v.typeName)") }
        return n
    }

    func double(_ key: String) throws(PayloadError) -> Double? {
        guard let n = try number(key) else { return nil }
        guard let d = Double(n), d.isFinite else { throw error(key, "\"\(key)\" is out of range: \(n)") }
        return d
    }

    /// An integer written as one ("3"; "3.0" and "3e0" are not integers here).
    func integer(_ key: String) throws(PayloadError) -> Int64? {
        guard let n = try number(key) else { return nil }
        guard let i = Int64(n) else { throw error(key, "\"\(key)\" must be an integer, found \(n)") }
        return i
    }

    func object(_ key: String) throws(PayloadError) -> JSONObject? {
        guard let v = object[key] else { return nil }
        guard let o = v.objectValue else { throw error(key, "\"\(key)\" must be an object, found \(v.typeName)") }
        return o
    }

    /// Loc-args: an array of strings. POLICY: numbers are accepted as their
    /// literal text (many senders write them), anything else is an error.
    func stringArray(_ key: String) throws(PayloadError) -> [String]? {
        guard let v = object[key] else { return nil }
        guard let a = v.arrayValue else { throw error(key, "\"\(key)\" must be an array of strings, found \(v.typeName)") }
        var out: [String] = []
        for (i, e) in a.enumerated() {
            switch e {
            case .string(let s): out.append(s)
            case .number(let n): out.append(n)
            default:
                let p = path(key) + "/\(i)"
                throw PayloadError("\"\(key)\"[\(i)] must be a string, found \(e.typeName)", pointer: p, position: positions[p])
            }
        }
        return out
    }

    func nested(_ key: String, _ o: JSONObject) -> FieldReader {
        FieldReader(object: o, pointer: path(key), positions: positions)
    }
}
