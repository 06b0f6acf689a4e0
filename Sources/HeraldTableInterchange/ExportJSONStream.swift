import HeraldJSON
import HeraldTableFormats
import HeraldTables

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
        let byLocalization = Dictionary(grouping: tables, by: \.localization)
        var root = JSONObjectWriter(pretty: true, indent: 0)
        for loc in byLocalization.keys.sorted() {
            root.key(loc, into: &out)
            // As in a JSON object: a table name written twice keeps its first place
            // (names are sorted, so one place) and its last table.
            var last: [String: Table] = [:]
            for t in byLocalization[loc, default: []] { last[t.name] = t }
            var byTable = JSONObjectWriter(pretty: true, indent: 1)
            for name in last.keys.sorted() {
                guard let t = last[name] else { continue }
                byTable.key(name, into: &out)
                var keys = JSONObjectWriter(pretty: true, indent: 2)
                for e in t.entries {
                    keys.key(e.key, into: &out)
                    appendJSON(e.message, to: &out, indent: 3, chunk: chunk, write: write)
                    JSONWriter.drain(&out, ifHolding: chunk, to: write)
                }
                keys.close(into: &out)
            }
            byTable.close(into: &out)
        }
        root.close(into: &out)
        write(out)
    }

    /// Appends `json(message)` pretty-printed at `indent`, as `JSONWriter` writes that
    /// value, without making it: a plural's variables are written one at a time (an entry
    /// of thousands of variables was a JSON tree of several bytes per byte of its file).
    static func appendJSON(_ message: Message, to out: inout String, indent: Int, chunk: Int, write: (String) -> Void) {
        var top = JSONObjectWriter(pretty: true, indent: indent)
        switch message {
        case .plural(let format, let variables):
            top.key("format", into: &out)
            JSONWriter.append(.string(format.value), to: &out, pretty: true, indent: indent + 1, chunk: chunk, write: write)
            top.key("variables", into: &out)
            var inner = JSONObjectWriter(pretty: true, indent: indent + 1)
            for name in variables.keys.sorted() {
                guard let v = variables[name] else { continue }
                inner.key(name, into: &out)
                JSONWriter.append(json(v), to: &out, pretty: true, indent: indent + 2, chunk: chunk, write: write)
                JSONWriter.drain(&out, ifHolding: chunk, to: write)
            }
            inner.close(into: &out)
        case .widths(let ws):
            top.key("widths", into: &out)
            // As in `json(_:)`'s object: a width given twice keeps its first place and its last message.
            var last: [Int: Message] = [:]
            for w in ws { last[w.width] = w.message }
            var inner = JSONObjectWriter(pretty: true, indent: indent + 1)
            for w in ws {
                guard let m = last.removeValue(forKey: w.width) else { continue }
                inner.key(String(w.width), into: &out)
                appendJSON(m, to: &out, indent: indent + 2, chunk: chunk, write: write)
            }
            inner.close(into: &out)
        case .devices(let ds):
            top.key("devices", into: &out)
            var inner = JSONObjectWriter(pretty: true, indent: indent + 1)
            for name in ds.keys.sorted() {
                guard let m = ds[name] else { continue }
                inner.key(name, into: &out)
                appendJSON(m, to: &out, indent: indent + 2, chunk: chunk, write: write)
            }
            inner.close(into: &out)
        case .plain, .phrases:
            JSONWriter.append(json(message), to: &out, pretty: true, indent: indent, chunk: chunk, write: write)
            return
        }
        top.close(into: &out)
    }
}
