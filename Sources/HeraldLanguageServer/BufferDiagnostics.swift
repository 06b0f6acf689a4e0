import HeraldDiagnostics
import HeraldJSON
import HeraldLint
import HeraldTables

/// The linter's findings for an open document's text (unsaved edits included), checked
/// against its bundle's other languages, as the protocol's `Diagnostic` objects.
struct BufferDiagnostics {
    var linter: Linter
    /// Where a rule's documentation is (a URL the rule id is appended to as a fragment);
    /// nil: no link is given.
    var documentation: String?

    /// The files linted with the document. A translation is compared with the source
    /// language (its findings do not depend on the other translations). The source language's
    /// findings in its own file do not depend on any translation (what a translation lacks or
    /// adds is reported in the translation's file), so it is linted with its own `.lproj`
    /// folder's files of the table only, not every language of the bundle. A String Catalog
    /// holds every language itself, and is linted with whatever `.lproj` files share its table.
    func bundle(for place: BundlePlace, text: [UInt8], siblings: [String: [UInt8]]) -> [String: [UInt8]] {
        var contents = siblings
        if let localization = place.localization {
            let source = linter.sourceLocale ?? linter.configuration.sourceLocale ?? "en"
            let isSource = Self.sameLanguage(localization, source) || localization.lowercased() == "base"
            contents = contents.filter { rel, _ in
                guard let folder = rel.split(separator: "/").first, folder.hasSuffix(".lproj") else { return true }
                let loc = String(folder.dropLast(6))
                if isSource { return loc == localization }
                return loc == localization || loc.lowercased() == "base" || Self.sameLanguage(loc, source)
            }
        }
        contents[place.relativePath] = text
        return contents
    }

    /// The findings in the document, as LSP diagnostics.
    func diagnostics(for document: TextDocument, place: BundlePlace, siblings: [String: [UInt8]]) -> [JSONValue] {
        let report = linter.run(bundle: bundle(for: place, text: document.bytes, siblings: siblings))
        return report.diagnostics.compactMap { d in
            guard let origin = d.origin, origin.file == place.relativePath else { return nil }
            return lsp(d, origin: origin, in: document)
        }
    }

    func lsp(_ d: Diagnostic, origin: Origin, in document: TextDocument) -> JSONValue {
        let start = document.position(line: origin.line, scalarColumn: origin.column)
        var end = document.position(ofOffset: document.lineContentEnd(min(start.line, document.lineCount - 1)))
        if end <= start { end = TextPosition(line: start.line, character: start.character + 1) }
        var fields: [(String, JSONValue)] = [
            ("range", LSPJSON.range(TextRange(start, end))),
            ("severity", .int(d.severity == .error ? 1 : d.severity == .warning ? 2 : 3)),
            ("code", .string(d.rule.rawValue)),
            ("source", .string("herald")),
            ("message", .string(d.message)),
        ]
        if let documentation {
            fields.append(("codeDescription", .object(JSONObject([("href", .string(documentation + "#" + d.rule.rawValue))]))))
        }
        var data: [(String, JSONValue)] = []
        if let key = d.subject.key { data.append(("key", .string(key))) }
        if let locale = d.subject.locale { data.append(("locale", .string(locale))) }
        if !data.isEmpty { fields.append(("data", .object(JSONObject(data)))) }
        return .object(JSONObject(fields))
    }

    static func sameLanguage(_ a: String, _ b: String) -> Bool {
        LocalizationLookup.normalize(a) == LocalizationLookup.normalize(b)
    }
}

/// The protocol's small JSON shapes.
enum LSPJSON {
    static func position(_ p: TextPosition) -> JSONValue {
        .object(JSONObject([("line", .int(p.line)), ("character", .int(p.character))]))
    }

    static func range(_ r: TextRange) -> JSONValue {
        .object(JSONObject([("start", position(r.start)), ("end", position(r.end))]))
    }

    static func location(uri: String, _ r: TextRange) -> JSONValue {
        .object(JSONObject([("uri", .string(uri)), ("range", range(r))]))
    }

    static func readPosition(_ v: JSONValue?) -> TextPosition? {
        guard let line = v?["line"]?.intValue, let character = v?["character"]?.intValue else { return nil }
        return TextPosition(line: Int(line), character: Int(character))
    }

    static func readRange(_ v: JSONValue?) -> TextRange? {
        guard let s = readPosition(v?["start"]), let e = readPosition(v?["end"]) else { return nil }
        return TextRange(s, e)
    }
}
