import HeraldJSON
import HeraldDiagnostics

/// Output formats of `herald preview`.
public enum PreviewFormat: String, Sendable, CaseIterable {
    /// A text table for a terminal.
    case table
    /// Stable, diffable JSON: `{"locales": [...]}`.
    case json
    /// One self-contained page of lock-screen banners (no network).
    case html
}

/// Lays preview items out as `herald preview` prints them.
public enum PreviewRenderer {
    /// The items in `format`: a text table `terminalColumns` wide, stable JSON, or a
    /// self-contained HTML page.
    public static func render(_ items: [PreviewItem], as format: PreviewFormat, terminalColumns: Int = 160) -> String {
        switch format {
        case .table: return table(items, columns: terminalColumns)
        case .json: return json(items)
        case .html: return PreviewHTML.page(items)
        }
    }

    /// The JSON form: `{"locales": [{example, locale, servedBy, fallback, bytes, payload, diagnostics, fit}]}`,
    /// in the order given (the caller sorts), pretty-printed with stable key order
    /// so it can be committed and diffed.
    public static func json(_ items: [PreviewItem]) -> String {
        let list: [JSONValue] = items.map { item in
            var fields: [(String, JSONValue)] = [("example", .string(item.example))]
            if let sample = item.sample { fields.append(("sample", .string(sample))) }
            return .object(
                JSONObject(fields + [
                    ("locale", .string(item.locale)),
                    ("servedBy", .string(item.servedBy)),
                    ("fallback", .bool(item.fallback)),
                    ("bytes", .int(item.bytes)),
                    ("payload", item.payload),
                    ("diagnostics", .array(item.diagnostics.map { .string($0) })),
                    ("fit", PreviewFit.measure(item)?.json ?? .null),
                ]))
        }
        return JSONWriter.write(.object(JSONObject([("locales", .array(list))])), pretty: true) + "\n"
    }

    /// An aligned table for a terminal: one row per locale and example. Right-to-left
    /// cells are wrapped in first-strong isolates (U+2068…U+2069) so a bidi-aware
    /// terminal keeps them inside their column; widths count East Asian wide
    /// characters as two columns.
    public static func table(_ items: [PreviewItem], columns: Int) -> String {
        let headers = ["example", "locale", "served", "title", "body"]
        var rows: [[String]] = []
        for item in items {
            let a = item.alert
            let title = a.subtitle.isEmpty ? a.title : "\(a.title) · \(a.subtitle)"
            rows.append([
                item.sample.map { "\(item.example) [\($0)]" } ?? item.example, item.locale, item.servedBy + (item.fallback ? " (fallback)" : ""),
                oneLine(title), oneLine(a.body),
            ])
        }
        var widths = headers.map { TerminalWidth.of($0) }
        for r in rows { for (i, c) in r.enumerated() { widths[i] = max(widths[i], TerminalWidth.of(c)) } }
        // Fit the text columns into the terminal; the body takes what is left.
        let fixed = widths[0] + widths[1] + widths[2] + 4 * 3
        widths[3] = min(widths[3], max(16, (columns - fixed) / 3))
        widths[4] = min(widths[4], max(20, columns - fixed - widths[3] - 3))
        var out = ""
        func line(_ cells: [String], rtl: Bool) {
            var parts: [String] = []
            for (i, c) in cells.enumerated() {
                let cell = TerminalWidth.truncate(c, to: widths[i])
                let padding = String(repeating: " ", count: max(0, widths[i] - TerminalWidth.of(cell)))
                // isolates take no columns; they keep RTL text inside its cell
                parts.append(rtl && i >= 3 && !cell.isEmpty ? "\u{2068}" + cell + "\u{2069}" + padding : cell + padding)
            }
            var l = parts.joined(separator: " │ ")
            while l.hasSuffix(" ") { l.removeLast() }
            out += l + "\n"
        }
        line(headers, rtl: false)
        out += widths.map { String(repeating: "─", count: $0) }.joined(separator: "─┼─") + "\n"
        for (row, item) in zip(rows, items) { line(row, rtl: item.rightToLeft) }
        return out
    }

    /// `s` on one line for the terminal: line breaks and tabs become spaces, any other
    /// control character (an escape sequence from a push) is shown escaped.
    static func oneLine(_ s: String) -> String {
        OutsideText.escaped(String(s.map { $0 == "\n" || $0 == "\r" || $0 == "\t" ? " " : $0 }), bidi: false)
    }
}
