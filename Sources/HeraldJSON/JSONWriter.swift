/// Writes JSON. Keys keep their order; numbers are written as their literal
/// text; strings are escaped minimally (quotes, backslash, control
/// characters, and U+2028/U+2029 so the output is also valid JavaScript).
/// Non-ASCII text is written as UTF-8, not as `\u` escapes.
public enum JSONWriter {
    /// `value` as JSON text: compact, or indented with `pretty`; keys in order, or sorted.
    public static func write(_ value: JSONValue, pretty: Bool = false, sortedKeys: Bool = false) -> String {
        var out = ""
        out.reserveCapacity(256)
        emit(value, into: &out, pretty: pretty, sorted: sortedKeys, indent: 0)
        return out
    }

    /// `s` as a JSON string literal, quotes included.
    public static func quote(_ s: String) -> String {
        var out = ""
        appendQuoted(s, to: &out)
        return out
    }

    static func emit(_ v: JSONValue, into out: inout String, pretty: Bool, sorted: Bool, indent: Int) {
        switch v {
        case .null: out += "null"
        case .bool(let b): out += b ? "true" : "false"
        case .number(let n): out += n
        case .string(let s): appendQuoted(s, to: &out)
        case .array(let a):
            if a.isEmpty { out += "[]"; return }
            out += "["
            for (k, e) in a.enumerated() {
                if k > 0 { out += "," }
                if pretty { out += "\n" + String(repeating: "  ", count: indent + 1) }
                emit(e, into: &out, pretty: pretty, sorted: sorted, indent: indent + 1)
            }
            if pretty { out += "\n" + String(repeating: "  ", count: indent) }
            out += "]"
        case .object(let o):
            if o.isEmpty { out += "{}"; return }
            out += "{"
            let entries = sorted ? o.entries.sorted { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) } : o.entries
            for (k, e) in entries.enumerated() {
                if k > 0 { out += "," }
                if pretty { out += "\n" + String(repeating: "  ", count: indent + 1) }
                appendQuoted(e.key, to: &out)
                out += pretty ? ": " : ":"
                emit(e.value, into: &out, pretty: pretty, sorted: sorted, indent: indent + 1)
            }
            if pretty { out += "\n" + String(repeating: "  ", count: indent) }
            out += "}"
        }
    }

    static func appendQuoted(_ s: String, to out: inout String) {
        out += "\""
        for u in s.unicodeScalars {
            switch u {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case "\u{2028}": out += "\\u2028"
            case "\u{2029}": out += "\\u2029"
            default:
                if u.value < 0x20 || u.value == 0x7F {
                    let h = String(u.value, radix: 16)
                    out += "\\u" + String(repeating: "0", count: 4 - h.count) + h
                } else {
                    out.unicodeScalars.append(u)
                }
            }
        }
        out += "\""
    }
}
