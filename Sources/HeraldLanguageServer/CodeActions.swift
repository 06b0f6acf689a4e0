import Foundation
import HeraldICU
import HeraldJSON
import HeraldTables

/// Quick fixes for the findings a machine can fix: a plural variable's missing categories
/// (added with the source language's text for that category, else its `other` text),
/// `% @` written as `%@`, and a lone `%` escaped as `%%`.
enum CodeActions {
    static func actions(for diagnostics: [JSONValue], in doc: TextDocument, server: LanguageServer) -> [JSONValue] {
        var out: [JSONValue] = []
        for d in diagnostics where d["source"]?.stringValue == "herald" {
            guard let code = d["code"]?.stringValue, let range = LSPJSON.readRange(d["range"]) else { continue }
            switch code {
            case "plural-missing-category":
                if let action = addCategories(d, in: doc, server: server) { out.append(action) }
            case "accidental-specifier", "invalid-specifier", "dangling-percent":
                out += percentFixes(d, line: range.start.line, in: doc)
            default:
                break
            }
        }
        return out
    }

    static func action(_ title: String, _ diagnostic: JSONValue, uri: String, edits: [(TextRange, String)]) -> JSONValue {
        let textEdits = edits.map { JSONValue.object(JSONObject([("range", LSPJSON.range($0.0)), ("newText", .string($0.1))])) }
        let edit = JSONObject([("changes", .object(JSONObject([(uri, .array(textEdits))])))])
        return .object(JSONObject([
            ("title", .string(title)), ("kind", .string("quickfix")), ("diagnostics", .array([diagnostic])), ("edit", .object(edit)),
        ]))
    }

    /// `% @` → `%@` (also `% d`, `% ld`…), and a lone `%` → `%%`, on the finding's line.
    static func percentFixes(_ d: JSONValue, line: Int, in doc: TextDocument) -> [JSONValue] {
        let text = Array(doc.line(line).utf16)
        var spaced: [TextRange] = []
        var lone: [TextRange] = []
        var i = 0
        while i < text.count {
            guard text[i] == 0x25 else { i += 1; continue }  // %
            if i + 1 < text.count, text[i + 1] == 0x25 { i += 2; continue }  // %%
            let next = i + 1 < text.count ? text[i + 1] : 0
            if next == 0x20 {
                // "% @", "% d", "% ld": a specifier with a space inside.
                var j = i + 2
                while j < text.count, text[j] == 0x6C || text[j] == 0x68 || text[j] == 0x71 { j += 1 }  // l h q
                if j < text.count, [0x40, 0x64, 0x69, 0x75, 0x66, 0x73].contains(text[j]),
                    j + 1 >= text.count || !isLetter(text[j + 1])
                {
                    spaced.append(TextRange(TextPosition(line: line, character: i + 1), TextPosition(line: line, character: i + 2)))
                } else {
                    lone.append(TextRange(TextPosition(line: line, character: i + 1), TextPosition(line: line, character: i + 1)))
                }
            } else if next == 0 || next == 0x22 || next == 0x3C || next == 0x2C || next == 0x2E {
                // % at the end of the text (before a quote, '<', ',' or '.').
                lone.append(TextRange(TextPosition(line: line, character: i + 1), TextPosition(line: line, character: i + 1)))
            }
            i += 1
        }
        var out: [JSONValue] = []
        if !spaced.isEmpty { out.append(action("Remove the space after '%' (% @ → %@)", d, uri: doc.uri, edits: spaced.map { ($0, "") })) }
        if !lone.isEmpty { out.append(action("Escape the percent sign (% → %%)", d, uri: doc.uri, edits: lone.map { ($0, "%") })) }
        return out
    }

    static func isLetter(_ u: UInt16) -> Bool { (0x41...0x5A).contains(u) || (0x61...0x7A).contains(u) }

    /// The missing categories of the finding's key, inserted before each variable's
    /// `other` form with the source's text for that category.
    static func addCategories(_ d: JSONValue, in doc: TextDocument, server: LanguageServer) -> JSONValue? {
        guard let key = d["data"]?["key"]?.stringValue, let place = server.place(of: doc) else { return nil }
        let outline = TableOutline(relativePath: place.relativePath, bytes: doc.bytes)
        guard let mark = outline.marks.first(where: { $0.key == key }), case .plural(_, let variables) = mark.entry.message else { return nil }
        let localization = place.localization ?? d["data"]?["locale"]?.stringValue ?? mark.localization
        guard let locale = try? LocaleID(localization), let rules = try? PluralRules.for(locale) else { return nil }
        let view = server.view(of: doc, place: place)
        let sourceName = server.linter.sourceLocale ?? server.linter.configuration.sourceLocale ?? view.catalog.developmentLocalization
        var sourceVariables: [String: PluralVariable] = [:]
        if let sourceLocale = try? LocaleID(sourceName), let found = view.catalog.lookup(key: key, table: place.table, locale: sourceLocale),
            case .plural(_, let vars) = found.entry.message
        {
            sourceVariables = vars
        }
        let xml = place.relativePath.hasSuffix(".stringsdict")
        var edits: [(TextRange, String)] = []
        for name in variables.keys.sorted() {
            guard let variable = variables[name], let other = variable.forms[.other], other.origin.file == place.relativePath else { continue }
            let missing = rules.categories.filter { !variable.forms.contains($0) }
            guard !missing.isEmpty else { continue }
            // The line that names the `other` form: its key is on the value's line or just above.
            var at = other.origin.line - 1
            let marker = xml ? "<key>other</key>" : "\"other\""
            for back in 0...3 where at - back >= 0 && doc.line(at - back).contains(marker) {
                at -= back
                break
            }
            let lineText = doc.line(at)
            let indent = String(lineText.prefix { $0 == " " || $0 == "\t" })
            var insert = ""
            for c in missing {
                let text = sourceVariables[name]?.forms[c]?.value ?? sourceVariables[name]?.forms[.other]?.value ?? other.value
                if xml {
                    insert += "\(indent)<key>\(c.rawValue)</key>\n\(indent)<string>\(escapeXML(text))</string>\n"
                } else {
                    insert += "\(indent)\"\(c.rawValue)\" : { \"stringUnit\" : { \"state\" : \"needs_review\", \"value\" : \(JSONWriter.quote(text)) } },\n"
                }
            }
            edits.append((TextRange(TextPosition(line: at, character: 0), TextPosition(line: at, character: 0)), insert))
        }
        guard !edits.isEmpty else { return nil }
        return action("Add the missing plural categories (with the source's text)", d, uri: doc.uri, edits: edits)
    }

    static func escapeXML(_ s: String) -> String {
        s.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;").replacingOccurrences(of: ">", with: "&gt;")
    }
}
