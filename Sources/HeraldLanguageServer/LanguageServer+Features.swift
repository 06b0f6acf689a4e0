import HeraldJSON
import HeraldTables

extension LanguageServer {
    /// The capabilities of the editing features.
    var featureCapabilities: [(String, JSONValue)] {
        [
            ("hoverProvider", .bool(true)),
            ("definitionProvider", .bool(true)),
            ("referencesProvider", .bool(true)),
            ("completionProvider", .object(JSONObject([("triggerCharacters", .array([.string("\""), .string(">")]))]))),
            ("codeActionProvider", .object(JSONObject([("codeActionKinds", .array([.string("quickfix")]))]))),
        ]
    }

    /// The requests of the editing features; nil: not one of them.
    func features(_ method: String, _ params: JSONValue) throws(RPCError) -> JSONValue? {
        switch method {
        case "textDocument/hover":
            let (doc, position) = try documentPosition(params)
            guard let (key, view) = key(at: position, in: doc) else { return .null }
            let contents = JSONObject([("kind", .string("markdown")), ("value", .string(HoverText.markdown(key: key, view: view)))])
            return .object(JSONObject([("contents", .object(contents))]))
        case "textDocument/definition", "textDocument/references":
            let (doc, position) = try documentPosition(params)
            return .array(locations(at: position, in: doc, all: method.hasSuffix("references")))
        case "textDocument/completion":
            let (doc, position) = try documentPosition(params)
            return .object(JSONObject([("isIncomplete", .bool(false)), ("items", .array(completions(at: position, in: doc)))]))
        case "textDocument/codeAction":
            let doc = try document(params)
            return .array(CodeActions.actions(for: params["context"]?["diagnostics"]?.arrayValue ?? [], in: doc, server: self))
        default:
            return nil
        }
    }

    func documentPosition(_ params: JSONValue) throws(RPCError) -> (TextDocument, TextPosition) {
        let doc = try document(params)
        guard let position = LSPJSON.readPosition(params["position"]) else { throw RPCError(.invalidParams, "position is missing") }
        return (doc, position)
    }

    /// The key under the cursor in a table, or the `loc-key` value under it in a push payload.
    func key(at position: TextPosition, in doc: TextDocument) -> (String, BundleView)? {
        guard let place = place(of: doc) else { return nil }
        guard let mark = TableOutline(relativePath: place.relativePath, bytes: doc.bytes).mark(atLine: position.line + 1) else { return nil }
        return (mark.key, view(of: doc, place: place))
    }

    /// Definition (the source language's entry, else every one) or references (every
    /// language's entry) of the key under the cursor; in a push payload, of its `loc-key`.
    func locations(at position: TextPosition, in doc: TextDocument, all: Bool) -> [JSONValue] {
        if let payloadKey = PushPayloadText.locKey(at: position, in: doc) {
            return workspaceTables().entries(of: payloadKey).map { LSPJSON.location(uri: $0.uri, $0.range) }
        }
        guard let (key, view) = key(at: position, in: doc) else { return [] }
        var found = view.entries(of: key)
        if !all {
            let source = linter.sourceLocale ?? linter.configuration.sourceLocale ?? view.catalog.developmentLocalization
            let own = found.filter { BufferDiagnostics.sameLanguage($0.localization, source) }
            if !own.isEmpty { found = own }
        }
        return found.compactMap { view.location(of: $0.entry.origin, length: key.utf16.count) }.map { LSPJSON.location(uri: $0.uri, $0.range) }
    }

    func completions(at position: TextPosition, in doc: TextDocument) -> [JSONValue] {
        if PushPayloadText.inLocKeyValue(at: position, in: doc) {
            return workspaceTables().keys().map { key, text in
                .object(JSONObject([("label", .string(key)), ("kind", .int(21)), ("detail", .string(TableOutline.oneLine(text)))]))
            }
        }
        if let place = place(of: doc), place.relativePath.hasSuffix(".stringsdict"), let localization = place.localization {
            return PluralCompletion.items(line: doc.line(position.line), character: position.character, localization: localization)
        }
        return []
    }
}
