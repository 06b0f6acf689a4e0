import HeraldJSON

// `herald export --format json` written as it is made: the same text as
// `JSONWriter.write(TableExport.json(tables), pretty: true)`, a table's keys at a
// time, so a table of hundreds of thousands of keys is never held as a JSON tree
// (~100 bytes a key) nor as one output string.

extension TableExport {
    /// Writes `json(tables)` pretty-printed, in pieces of about `chunk` bytes handed to
    /// `write` in order (their concatenation is exactly `JSONWriter.write(json(tables),
    /// pretty: true)`).
    public static func writeJSON(_ tables: [Table], chunk: Int = 1 << 16, to write: (String) -> Void) {
        var out = ""
        out.reserveCapacity(chunk + 1024)
        func flushIfFull() {
            if out.utf8.count >= chunk {
                write(out)
                out.removeAll(keepingCapacity: true)
            }
        }
        let byLocalization = Dictionary(grouping: tables, by: \.localization)
        guard !byLocalization.isEmpty else {
            write("{}")
            return
        }
        out += "{"
        for (i, loc) in byLocalization.keys.sorted().enumerated() {
            out += i > 0 ? ",\n  " : "\n  "
            out += JSONWriter.quote(loc)
            out += ": {"
            // As in a JSON object: a table name written twice keeps its first place
            // (names are sorted, so one place) and its last table.
            var last: [String: Table] = [:]
            for t in byLocalization[loc, default: []] { last[t.name] = t }
            for (j, name) in last.keys.sorted().enumerated() {
                guard let t = last[name] else { continue }
                out += j > 0 ? ",\n    " : "\n    "
                out += JSONWriter.quote(name)
                out += ": "
                var any = false
                for e in t.entries {
                    out += any ? ",\n      " : "{\n      "
                    any = true
                    out += JSONWriter.quote(e.key)
                    out += ": "
                    writeValue(json(e.message), indent: 3, into: &out, chunk: chunk, to: write)
                    flushIfFull()
                }
                out += any ? "\n    }" : "{}"
            }
            out += "\n  }"
        }
        out += "\n}"
        write(out)
    }

    /// Appends `v` to `out` as `JSONWriter.append(v, to:, pretty: true, indent:)` would,
    /// handing `out` to `write` whenever it holds `chunk` bytes: a message of thousands of
    /// plural forms, or one long text, is never one string. Containers are framed here the
    /// way the tree writer frames them; every string and scalar is written by it.
    static func writeValue(_ v: JSONValue, indent: Int, into out: inout String, chunk: Int, to write: (String) -> Void) {
        func flushIfFull() {
            if out.utf8.count >= chunk {
                write(out)
                out.removeAll(keepingCapacity: true)
            }
        }
        switch v {
        case .object(let o) where !o.isEmpty:
            out += "{"
            for (k, e) in o.entries.enumerated() {
                out += k > 0 ? ",\n" : "\n"
                out += String(repeating: "  ", count: indent + 1)
                out += JSONWriter.quote(e.key)
                out += ": "
                writeValue(e.value, indent: indent + 1, into: &out, chunk: chunk, to: write)
            }
            out += "\n" + String(repeating: "  ", count: indent) + "}"
        case .array(let a) where !a.isEmpty:
            out += "["
            for (k, e) in a.enumerated() {
                out += k > 0 ? ",\n" : "\n"
                out += String(repeating: "  ", count: indent + 1)
                writeValue(e, indent: indent + 1, into: &out, chunk: chunk, to: write)
            }
            out += "\n" + String(repeating: "  ", count: indent) + "]"
        case .string(let s) where s.utf8.count > chunk:
            // A long text goes out in pieces, not whole into `out`.
            write(out)
            out.removeAll(keepingCapacity: true)
            writeQuoted(s, pieces: chunk, to: write)
        default:
            JSONWriter.append(v, to: &out, pretty: true, indent: indent)
        }
        flushIfFull()
    }

    /// Writes `JSONWriter.quote(s)` in pieces of about `pieces` bytes: the escaper works
    /// scalar by scalar, so quoting each piece (cut between scalars) and dropping the
    /// inner quotes gives the same text.
    static func writeQuoted(_ s: String, pieces: Int, to write: (String) -> Void) {
        let utf8 = s.utf8
        var start = utf8.startIndex
        var pieceNumber = 0
        while start < utf8.endIndex {
            var end = utf8.index(start, offsetBy: pieces, limitedBy: utf8.endIndex) ?? utf8.endIndex
            // Back to a scalar's first byte (a continuation byte is 10xxxxxx).
            while end < utf8.endIndex, end > start, utf8[end] & 0xC0 == 0x80 { end = utf8.index(before: end) }
            // A piece smaller than one scalar: the whole scalar.
            if end == start {
                end = utf8.index(after: start)
                while end < utf8.endIndex, utf8[end] & 0xC0 == 0x80 { end = utf8.index(after: end) }
            }
            let quoted = JSONWriter.quote(String(s[start..<end]))
            let first = pieceNumber == 0, last = end == utf8.endIndex
            write(String(decoding: quoted.utf8.dropFirst(first ? 0 : 1).dropLast(last ? 0 : 1), as: UTF8.self))
            start = end
            pieceNumber += 1
        }
    }
}
