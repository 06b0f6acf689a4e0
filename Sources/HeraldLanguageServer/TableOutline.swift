import HeraldDiagnostics
import HeraldJSON
import HeraldTables

/// The keys of one table file's text, where each is written: what document symbols list,
/// and what hover, definition and code actions find under the cursor.
struct TableOutline {
    struct Mark {
        var key: String
        /// 1-based line and scalar column of the key.
        var line: Int
        var column: Int
        var entry: Entry
        var localization: String
    }

    /// Marks in document order (a String Catalog's key once, at its first origin).
    var marks: [Mark] = []

    /// Reads `bytes` as the table file `relativePath` (`de.lproj/Localizable.strings`).
    init(relativePath: String, bytes: [UInt8]) {
        let catalog = Catalog(contents: [relativePath: bytes], keepDroppedEntries: true)
        var seen = Set<String>()
        var out: [Mark] = []
        for table in catalog.loadAll().tables {
            for entry in table.entries where entry.origin.file == relativePath && entry.origin.line > 0 {
                guard seen.insert(entry.key).inserted else { continue }
                out.append(Mark(key: entry.key, line: entry.origin.line, column: entry.origin.column, entry: entry, localization: table.localization))
            }
        }
        out.sort { ($0.line, $0.column) < ($1.line, $1.column) }
        marks = out
    }

    /// The entry whose text holds the cursor: the last key written at or before its line.
    func mark(atLine line: Int) -> Mark? {
        var found: Mark? = nil
        for m in marks {
            if m.line <= line { found = m } else { break }
        }
        return found
    }

    /// `textDocument/documentSymbol`: each key a `DocumentSymbol` (kind String), its first
    /// text as the detail; its range runs to the next key.
    func symbols(in document: TextDocument) -> [JSONValue] {
        marks.indices.map { i in
            let m = marks[i]
            let start = document.position(line: m.line, scalarColumn: m.column)
            let keyEnd = TextPosition(line: start.line, character: start.character + m.key.utf16.count)
            var end = keyEnd
            if i + 1 < marks.count {
                let next = marks[i + 1]
                let before = max(m.line, next.line - 1)
                end = max(keyEnd, document.position(ofOffset: document.lineContentEnd(min(before - 1, document.lineCount - 1))))
            }
            var fields: [(String, JSONValue)] = [("name", .string(m.key.isEmpty ? "\"\"" : m.key)), ("kind", .int(15))]
            if let text = m.entry.message.texts.first?.value {
                fields.append(("detail", .string(Self.oneLine(text))))
            }
            fields.append(("range", LSPJSON.range(TextRange(start, end))))
            fields.append(("selectionRange", LSPJSON.range(TextRange(start, keyEnd))))
            return .object(JSONObject(fields))
        }
    }

    /// A text on one line, at most 80 characters.
    static func oneLine(_ text: String) -> String {
        var s = text.replacingNewlines
        if s.count > 80 { s = String(s.prefix(79)) + "…" }
        return s
    }
}

extension String {
    var replacingNewlines: String {
        String(unicodeScalars.map { $0 == "\n" || $0 == "\r" ? " " : Character($0) })
    }
}
