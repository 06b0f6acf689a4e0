import HeraldTables

/// The Localizable tables below the workspace folder, on disk: what a push payload's
/// `loc-key` is looked up in (a device looks push keys up in Localizable only). Read with
/// `Catalog(root:)`, so the walk's rules hold (nothing outside the folder, links checked).
struct WorkspaceTables {
    struct Found {
        var uri: String
        var range: TextRange
    }

    let root: String?
    let entries: [(file: String, entry: Entry)]

    init(root: String?) {
        self.root = root
        guard let root, let catalog = try? Catalog(root: root, keepDroppedEntries: true) else {
            entries = []
            return
        }
        var out: [(String, Entry)] = []
        for table in catalog.loadAll().tables where table.name == "Localizable" {
            for entry in table.entries where entry.origin.line > 0 { out.append((entry.origin.file, entry)) }
        }
        entries = out
    }

    /// Where `key` is written, in every language.
    func entries(of key: String) -> [Found] {
        guard let root else { return [] }
        var texts: [String: TextDocument] = [:]
        return entries.filter { $0.entry.key == key }.compactMap { file, entry in
            let path = root + "/" + file
            if texts[file] == nil {
                guard let bytes = BundleFiles.contents(path, limit: 32 << 20) else { return nil }
                texts[file] = TextDocument(uri: "", version: 0, text: String(decoding: bytes, as: UTF8.self))
            }
            guard let doc = texts[file] else { return nil }
            let start = doc.position(line: entry.origin.line, scalarColumn: entry.origin.column)
            return Found(uri: FileURI.uri(path), range: TextRange(start, TextPosition(line: start.line, character: start.character + key.utf16.count)))
        }
    }

    /// Each key once, with its first text.
    func keys() -> [(String, String)] {
        var seen = Set<String>()
        var out: [(String, String)] = []
        for (_, entry) in entries where seen.insert(entry.key).inserted {
            out.append((entry.key, entry.message.texts.first?.value ?? ""))
        }
        return out.sorted { $0.0 < $1.0 }
    }
}

extension LanguageServer {
    func workspaceTables() -> WorkspaceTables {
        if let workspaceCache { return workspaceCache }
        let made = WorkspaceTables(root: bundleFiles.root)
        workspaceCache = made
        return made
    }
}
