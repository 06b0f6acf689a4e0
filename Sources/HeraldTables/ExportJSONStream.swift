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
                    appendJSON(e.message, to: &out, indent: 3, chunk: chunk, write: write)
                    flushIfFull()
                }
                out += any ? "\n    }" : "{}"
            }
            out += "\n  }"
        }
        out += "\n}"
        write(out)
    }

    /// Appends `json(message)` pretty-printed at `indent`, as `JSONWriter` writes that
    /// value, without making it: a plural's variables are written one at a time (an entry
    /// of thousands of variables was a JSON tree of several bytes per byte of its file).
    static func appendJSON(_ message: Message, to out: inout String, indent: Int, chunk: Int, write: (String) -> Void) {
        // One member of an object whose members are all written this way: `"name": value`.
        func member(_ name: String, first: Bool, _ value: (inout String) -> Void) {
            out += first ? "{\n" : ",\n"
            out += String(repeating: "  ", count: indent + 1)
            out += JSONWriter.quote(name)
            out += ": "
            value(&out)
            if out.utf8.count >= chunk {
                write(out)
                out.removeAll(keepingCapacity: true)
            }
        }
        func close(_ any: Bool) {
            out += any ? "\n" + String(repeating: "  ", count: indent) + "}" : "{}"
        }
        switch message {
        case .plural(let format, let variables):
            member("format", first: true) { JSONWriter.append(.string(format.value), to: &$0, pretty: true, indent: indent + 1, chunk: chunk, write: write) }
            member("variables", first: false) { out in
                let names = variables.keys.sorted()
                for (k, name) in names.enumerated() {
                    guard let v = variables[name] else { continue }
                    out += k == 0 ? "{\n" : ",\n"
                    out += String(repeating: "  ", count: indent + 2)
                    out += JSONWriter.quote(name)
                    out += ": "
                    JSONWriter.append(json(v), to: &out, pretty: true, indent: indent + 2, chunk: chunk, write: write)
                    if out.utf8.count >= chunk {
                        write(out)
                        out.removeAll(keepingCapacity: true)
                    }
                }
                out += names.isEmpty ? "{}" : "\n" + String(repeating: "  ", count: indent + 1) + "}"
            }
            close(true)
        case .widths(let ws):
            member("widths", first: true) { out in
                // As in `json(_:)`'s object: a width given twice keeps its first place and its last message.
                var last: [Int: Message] = [:]
                for w in ws { last[w.width] = w.message }
                var k = 0
                for w in ws {
                    guard let m = last.removeValue(forKey: w.width) else { continue }
                    out += k == 0 ? "{\n" : ",\n"
                    k += 1
                    out += String(repeating: "  ", count: indent + 2)
                    out += JSONWriter.quote(String(w.width))
                    out += ": "
                    appendJSON(m, to: &out, indent: indent + 2, chunk: chunk, write: write)
                }
                out += ws.isEmpty ? "{}" : "\n" + String(repeating: "  ", count: indent + 1) + "}"
            }
            close(true)
        case .devices(let ds):
            member("devices", first: true) { out in
                let names = ds.keys.sorted()
                for (k, name) in names.enumerated() {
                    guard let m = ds[name] else { continue }
                    out += k == 0 ? "{\n" : ",\n"
                    out += String(repeating: "  ", count: indent + 2)
                    out += JSONWriter.quote(name)
                    out += ": "
                    appendJSON(m, to: &out, indent: indent + 2, chunk: chunk, write: write)
                }
                out += names.isEmpty ? "{}" : "\n" + String(repeating: "  ", count: indent + 1) + "}"
            }
            close(true)
        case .plain, .phrases:
            JSONWriter.append(json(message), to: &out, pretty: true, indent: indent, chunk: chunk, write: write)
        }
    }
}
