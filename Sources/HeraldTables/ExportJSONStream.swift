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
                    JSONWriter.append(json(e.message), to: &out, pretty: true, indent: 3, chunk: chunk, write: write)
                    flushIfFull()
                }
                out += any ? "\n    }" : "{}"
            }
            out += "\n  }"
        }
        out += "\n}"
        write(out)
    }
}
