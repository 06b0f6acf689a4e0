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
        var top = PrettyObject(indent: indent, chunk: chunk)
        switch message {
        case .plural(let format, let variables):
            top.member("format", &out, write) { JSONWriter.append(.string(format.value), to: &$0, pretty: true, indent: indent + 1, chunk: chunk, write: write) }
            top.member("variables", &out, write) { out in
                var inner = PrettyObject(indent: indent + 1, chunk: chunk)
                for name in variables.keys.sorted() {
                    guard let v = variables[name] else { continue }
                    inner.member(name, &out, write) { JSONWriter.append(json(v), to: &$0, pretty: true, indent: indent + 2, chunk: chunk, write: write) }
                }
                inner.close(&out)
            }
        case .widths(let ws):
            top.member("widths", &out, write) { out in
                // As in `json(_:)`'s object: a width given twice keeps its first place and its last message.
                var last: [Int: Message] = [:]
                for w in ws { last[w.width] = w.message }
                var inner = PrettyObject(indent: indent + 1, chunk: chunk)
                for w in ws {
                    guard let m = last.removeValue(forKey: w.width) else { continue }
                    inner.member(String(w.width), &out, write) { appendJSON(m, to: &$0, indent: indent + 2, chunk: chunk, write: write) }
                }
                inner.close(&out)
            }
        case .devices(let ds):
            top.member("devices", &out, write) { out in
                var inner = PrettyObject(indent: indent + 1, chunk: chunk)
                for name in ds.keys.sorted() {
                    guard let m = ds[name] else { continue }
                    inner.member(name, &out, write) { appendJSON(m, to: &$0, indent: indent + 2, chunk: chunk, write: write) }
                }
                inner.close(&out)
            }
        case .plain, .phrases:
            JSONWriter.append(json(message), to: &out, pretty: true, indent: indent, chunk: chunk, write: write)
            return
        }
        top.close(&out)
    }
}

/// One JSON object written member by member, as `JSONWriter` pretty-prints an object at
/// `indent`; the text so far is handed to `write` whenever it holds `chunk` bytes.
private struct PrettyObject {
    let indent: Int
    let chunk: Int
    private var members = 0

    init(indent: Int, chunk: Int) {
        self.indent = indent
        self.chunk = chunk
    }

    /// Appends `"name": ` and the value `value` writes.
    mutating func member(_ name: String, _ out: inout String, _ write: (String) -> Void, _ value: (inout String) -> Void) {
        out += members == 0 ? "{\n" : ",\n"
        members += 1
        out += String(repeating: "  ", count: indent + 1)
        out += JSONWriter.quote(name)
        out += ": "
        value(&out)
        if out.utf8.count >= chunk {
            write(out)
            out.removeAll(keepingCapacity: true)
        }
    }

    /// Ends the object (`{}` when it has no member).
    func close(_ out: inout String) {
        out += members == 0 ? "{}" : "\n" + String(repeating: "  ", count: indent) + "}"
    }
}
