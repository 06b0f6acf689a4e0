import HeraldICU
import HeraldTables

/// A document's whole bundle as the editor sees it: the files on disk with the open
/// documents' unsaved text over them, read as one catalog. What hover, definition and
/// references look keys up in.
struct BundleView {
    let place: BundlePlace
    /// Relative path → bytes (what `catalog` holds).
    let files: [String: [UInt8]]
    let catalog: Catalog

    init(place: BundlePlace, files: [String: [UInt8]]) {
        self.place = place
        self.files = files
        self.catalog = Catalog(contents: files, keepDroppedEntries: true)
    }

    /// Every entry of `key` in the bundle's table, in each file: (relative path, entry).
    func entries(of key: String) -> [(file: String, localization: String, entry: Entry)] {
        var out: [(String, String, Entry)] = []
        for table in catalog.loadAll().tables where table.name == place.table {
            for entry in table.entries where entry.key == key && entry.origin.line > 0 {
                out.append((entry.origin.file, table.localization, entry))
            }
        }
        return out.sorted { ($0.0, $0.2.origin.line) < ($1.0, $1.2.origin.line) }
    }

    /// The file URI and protocol range of an origin in one of the bundle's files.
    func location(of origin: Origin, length: Int) -> (uri: String, range: TextRange)? {
        guard let bytes = files[origin.file] else { return nil }
        let doc = TextDocument(uri: "", version: 0, text: String(decoding: bytes, as: UTF8.self))
        let start = doc.position(line: origin.line, scalarColumn: origin.column)
        return (FileURI.uri(place.directory + "/" + origin.file), TextRange(start, TextPosition(line: start.line, character: start.character + length)))
    }
}

extension LanguageServer {
    /// The bundle of a document with every open document's text; the last one made is kept
    /// while no file of it changed on disk and no open document of it was edited, so hovers
    /// and references between edits parse the bundle once.
    func view(of doc: TextDocument, place: BundlePlace) -> BundleView {
        var files = bundleFiles.siblings(of: place)
        var signature: [String] = [place.directory, place.table]
        for rel in files.keys.sorted() { signature.append(rel + "@" + bundleFiles.stampText(place.directory + "/" + rel)) }
        for other in documents.values.sorted(by: { $0.uri < $1.uri }) {
            if let p = self.place(of: other), p.directory == place.directory, p.table == place.table {
                files[p.relativePath] = other.bytes
                signature.append(other.uri + "#" + String(other.version))
            }
        }
        files[place.relativePath] = doc.bytes
        signature.append(doc.uri + "#" + String(doc.version))
        if let cached = viewCache, cached.signature == signature { return cached.view }
        let made = BundleView(place: place, files: files)
        viewCache = (signature, made)
        return made
    }
}
