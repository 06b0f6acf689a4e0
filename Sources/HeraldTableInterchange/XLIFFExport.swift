// `herald export --format xliff|xcloc`: one XLIFF document per language from a
// folder of tables, in the form Xcode's "Export Localizations" writes
// (Docs/xliff.md). String Catalogs are read as JSON so every unit keeps its own
// state; `.strings` and `.stringsdict` tables come from the table model.

import Foundation
import HeraldDiagnostics
import HeraldICU
import HeraldJSON
import HeraldTableFormats
import HeraldTables

/// The XLIFF documents of a tables folder.
public struct XLIFFExport: Sendable {
    /// Language → its document.
    public var documents: [(language: String, document: XLIFFDocument)] = []
    /// The development language (every file's `source-language`).
    public var sourceLanguage: String
    /// `original` → the development-language copy of that table file (`Source Contents/`).
    public var sourceFiles: [String: [UInt8]] = [:]
    /// What could not be read or cannot be written; an error fails the export.
    public var diagnostics: [Diagnostic] = []
    /// Entries XLIFF cannot hold, said plainly.
    public var warnings: [TableExport.Warning] = []

    /// Reads the folder `root` and makes one document for each of `languages` (nil:
    /// every localization present but the development one and `Base`).
    public init(root: String, languages: [String]?) throws(TableExport.InputProblem) {
        guard FileBytes.isDirectory(root) else { throw TableExport.InputProblem(description: "\(OutsideText.escaped(root)): not a folder of tables") }
        let catalog: Catalog
        do { catalog = try Catalog(root: root) } catch { throw TableExport.InputProblem(description: error.description) }
        let contents = catalog.loadAll()
        diagnostics = (catalog.scanDiagnostics + contents.diagnostics).map { d in
            var d = d
            if case .file(var o) = d.location, !o.file.hasPrefix("/") { o.file = root + "/" + o.file; d.location = .file(o) }
            return d
        }
        sourceLanguage = catalog.developmentLocalization
        let dev = LocalizationLookup.normalize(sourceLanguage)

        // String Catalogs, read as JSON.
        var catalogs: [(original: String, json: JSONObject)] = []
        for original in Set(contents.tables.flatMap(\.files)).filter({ $0.hasSuffix(".xcstrings") }).sorted() {
            guard case .success(let bytes) = FileBytes.contents(of: root + "/" + original),
                let json = try? JSONParser.parse(String(decoding: bytes, as: UTF8.self)).objectValue
            else { continue }  // Already reported by the table reader.
            catalogs.append((original, json))
            sourceFiles[original] = Array((XcodeJSON.write(.object(Self.sourceOnly(json))) + "\n").utf8)
        }
        // `.lproj` tables of the development language.
        let devTables = contents.tables.filter { $0.files.contains { !$0.hasSuffix(".xcstrings") } && LocalizationLookup.normalize($0.localization) == dev }
        for t in devTables {
            for f in t.files where !f.hasSuffix(".xcstrings") {
                if case .success(let bytes) = FileBytes.contents(of: root + "/" + f) { sourceFiles[f] = bytes }
            }
        }
        var present = Set(catalog.localizations)
        for c in catalogs {
            for (_, entry) in c.json["strings"]?.objectValue ?? JSONObject() {
                for name in entry["localizations"]?.objectValue?.keys ?? [] { present.insert(name) }
            }
        }
        let wanted = languages ?? present.filter { LocalizationLookup.normalize($0) != dev && $0.lowercased() != "base" }.sorted()

        for lang in wanted {
            var files: [XLIFFFile] = []
            let categories = Self.categories(lang)
            for c in catalogs {
                files.append(Self.catalogFile(c.json, original: c.original, target: lang, categories: categories))
            }
            let targetTables = contents.tables.filter { LocalizationLookup.normalize($0.localization) == LocalizationLookup.normalize(lang) }
            for t in devTables {
                let target = targetTables.first { $0.name == t.name }
                files += LegacyUnits.files(source: t, target: target, sourceLanguage: sourceLanguage, targetLanguage: lang, categories: categories, warnings: &warnings)
            }
            // Xcode orders files by `original`, case-insensitively.
            files.sort { $0.original.lowercased() < $1.original.lowercased() }
            documents.append((lang, XLIFFDocument(files: files)))
        }
    }

    /// A language's plural categories (ICU's), empty when ICU does not know it.
    static func categories(_ language: String) -> [String] {
        guard let id = try? LocaleID(language), let rules = try? PluralRules.for(id) else { return [] }
        return rules.categories.map(\.rawValue)
    }

    /// The catalog with only its source language's localizations (an `.xcloc`'s `Source
    /// Contents`); `keepingUnexported`: keys marked shouldTranslate: false keep all theirs.
    static func sourceOnly(_ json: JSONObject, keepingUnexported: Bool = false) -> JSONObject {
        let source = json["sourceLanguage"]?.stringValue ?? "en"
        var out = json
        var strings = JSONObject()
        for (key, entry) in json["strings"]?.objectValue ?? JSONObject() {
            guard var e = entry.objectValue, !(keepingUnexported && e["shouldTranslate"]?.boolValue == false) else { strings[key] = entry; continue }
            if let locs = e["localizations"]?.objectValue {
                var kept = JSONObject()
                if let s = locs[source] { kept[source] = s }
                e["localizations"] = kept.isEmpty ? nil : .object(kept)
            }
            strings[key] = .object(e)
        }
        out["strings"] = .object(strings)
        return out
    }

    /// The `file` element of one String Catalog for `target`.
    static func catalogFile(_ json: JSONObject, original: String, target: String, categories: [String]) -> XLIFFFile {
        let source = json["sourceLanguage"]?.stringValue ?? "en"
        var units: [XLIFFUnit] = []
        for (key, entry) in json["strings"]?.objectValue ?? JSONObject() {
            guard let e = entry.objectValue, e["shouldTranslate"]?.boolValue != false else { continue }
            let note = e["comment"]?.stringValue ?? ""
            let locs = e["localizations"]?.objectValue
            let srcLoc = locs?[source]?.objectValue
            let tgtLoc = target == source ? srcLoc : locs?[target]?.objectValue
            let srcSubs = CatalogUnits.substitutions(srcLoc)
            let tgtSubs = tgtLoc.map { CatalogUnits.substitutions($0) }.flatMap { $0.isEmpty ? nil : $0 } ?? srcSubs
            let srcLeaves = srcLoc.map { CatalogUnits.flatten($0) } ?? [CatalogUnits.Leaf(path: "", value: key, state: "new")]
            var sources: [String: String] = [:]
            for l in srcLeaves { sources[l.path] = CatalogUnits.exported(l.value, path: l.path, substitutions: srcSubs) }
            var targets: [String: CatalogUnits.Leaf] = [:]
            for l in tgtLoc.map({ CatalogUnits.flatten($0) }) ?? [] { targets[l.path] = l }
            var paths = Set(sources.keys).union(targets.keys)
            // The target language's plural categories, for every plural the source has.
            for p in sources.keys {
                guard let r = p.range(of: "plural.", options: .backwards), !p[r.upperBound...].contains(".") else { continue }
                for c in categories { paths.insert(String(p[..<r.upperBound]) + c) }
            }
            for path in paths {
                let t = targets[path]
                units.append(XLIFFUnit(
                    id: path.isEmpty ? key : key + "|==|" + path, resname: key,
                    source: sources[path] ?? fallbackSource(path, sources),
                    target: t.map { CatalogUnits.exported($0.value, path: path, substitutions: tgtSubs) },
                    state: t.map { XLIFFState.xliff($0.state) }, note: note))
            }
        }
        units.sort { $0.id.unicodeScalars.lexicographicallyPrecedes($1.id.unicodeScalars) }
        return XLIFFFile(original: original, sourceLanguage: source, targetLanguage: target, units: units)
    }

    /// The source shown for a path only the target has: the same plural's `other`,
    /// else the plain string, else any source text.
    static func fallbackSource(_ path: String, _ sources: [String: String]) -> String {
        if let r = path.range(of: "plural.", options: .backwards), let other = sources[String(path[..<r.upperBound]) + "other"] { return other }
        return sources[""] ?? sources.sorted { $0.key < $1.key }.first?.value ?? ""
    }
}
