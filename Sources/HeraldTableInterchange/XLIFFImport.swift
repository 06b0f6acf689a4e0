// `herald import`: XLIFF targets written back into the table files they came from
// (the `file` element's `original`, relative to the tables folder). A String
// Catalog is changed as JSON, member by member, and written the way Xcode writes
// it; a `.strings`/`.stringsdict` translation goes through the table model and the
// `.lproj` writer. A unit whose key is not in the table, whose source is not the
// table's current source, or whose placeholders do not match is reported, not written.

import Foundation
import HeraldDiagnostics
import HeraldJSON
public import HeraldLint
import HeraldTables
import HeraldTableFormats

extension Diagnostic.Rule {
    /// A unit whose key (or id) the table does not have.
    public static let xliffUnknownUnit = Self("xliff-unknown-unit")
    /// A unit whose source is no longer the table's source text.
    public static let xliffChangedSource = Self("xliff-changed-source")
    /// A `file` Herald does not write back (storyboards, plists…), or one it cannot.
    public static let xliffSkippedFile = Self("xliff-skipped-file")
}

/// What importing XLIFF documents into a tables folder would write, and what it found.
public struct XLIFFImport: Sendable {
    /// Checks a translated text against its source (HeraldLint's placeholder rules):
    /// the findings, at `origin`. `pluralForm`: a plural form (nil for any other unit),
    /// which may leave the count out, and may show it where the source form does not.
    typealias Check = (_ source: String, _ target: String, _ origin: Origin, _ pluralForm: PluralFormUnit?, _ subject: Diagnostic.Subject) -> [Diagnostic]

    /// A unit that is one form of a plural variable.
    public typealias PluralFormUnit = TranslationCheck.PluralForm

    /// Findings, in document order, when the plan was made without `report` (with it,
    /// each finding goes there as it is found and none is kept: an XLIFF of many
    /// units that match nothing costs no memory per finding).
    public private(set) var diagnostics: [Diagnostic] = []
    /// How many findings are errors (an import with any writes nothing).
    public private(set) var errors = 0
    private let report: (@Sendable (Diagnostic) -> Void)?
    /// Files to write (path below the tables folder as given → bytes), only changed ones.
    public var writes: [(path: String, bytes: [UInt8])] = []
    /// Units whose target was taken.
    public var imported = 0
    /// Units without a target (untranslated), left alone.
    public var untranslated = 0
    /// String Catalogs read so far (path → JSON, final newline, changed, CLDR-ordered plurals):
    /// several languages' documents change the same file.
    var catalogs: [String: (json: JSONObject, newline: Bool, changed: Bool, cldrOrder: Bool)] = [:]
    var catalogOrder: [String] = []
    /// `.strings`/`.stringsdict` files changed so far (path → the table as changed, the
    /// development language's table, the file's path below the tables' folder, whether the
    /// file is new), in the order first changed: a second `file` naming the same table (in
    /// the same document or another) goes on from the first one's translations.
    var legacyTables: [String: (table: Table, source: Table, file: String, new: Bool)] = [:]
    var legacyOrder: [String] = []

    /// Plans the import of `documents` (path of the XLIFF → document) into `root`;
    /// findings go to `report` as they are found, or into `diagnostics` without it. Each
    /// target is checked against its source with validate's placeholder rules
    /// (`TranslationCheck`), the source language being the first document's.
    public init(
        documents: [(path: String, document: XLIFFDocument)], root: String,
        report: (@Sendable (Diagnostic) -> Void)? = nil
    ) throws(TableExport.InputProblem) {
        let sourceLocalization = documents.first.flatMap { $0.document.files.first?.sourceLanguage } ?? "source"
        try self.init(documents: documents, root: root, report: report) { source, target, origin, pluralForm, subject in
            TranslationCheck.placeholders(
                source: source, target: target, at: origin, pluralForm: pluralForm, subject: subject, sourceLocalization: sourceLocalization)
        }
    }

    /// `init(documents:root:report:)` with another check of each target (tests).
    init(
        documents: [(path: String, document: XLIFFDocument)], root: String,
        report: (@Sendable (Diagnostic) -> Void)? = nil, check: Check
    ) throws(TableExport.InputProblem) {
        self.report = report
        guard FileBytes.isDirectory(root) else { throw TableExport.InputProblem(description: "\(OutsideText.escaped(root)): not a folder of tables") }
        var legacy: Catalog? = nil
        for (_, doc) in documents {
            for file in doc.files {
                let at = file.origin.map { Diagnostic.Location.file($0) }
                guard let format = file.tableFormat else {
                    record(Diagnostic(.xliffSkippedFile, .note, "\(Excerpt.quoted(file.original)) is not a .strings, .stringsdict or .xcstrings table; its units are not imported", at: at))
                    continue
                }
                let parts = file.original.split(separator: "/", omittingEmptySubsequences: false)
                guard !file.original.hasPrefix("/"), !parts.contains(".."), !parts.contains("") else {
                    record(Diagnostic(.xliffSkippedFile, .error, "\(Excerpt.quoted(file.original)) is not a path inside the tables folder; not written", at: at))
                    continue
                }
                guard let lang = file.targetLanguage, !lang.isEmpty else {
                    record(Diagnostic(.xliffSkippedFile, .error, "<file> \(Excerpt.quoted(file.original)) has no target-language; nothing to import", at: at))
                    continue
                }
                // The language becomes a catalog localization or an `.lproj` folder name: no path tricks.
                guard XCStringsReader.isLocalizationName(lang) else {
                    record(Diagnostic(.xliffSkippedFile, .error,
                        "<file> \(Excerpt.quoted(file.original)) has target-language \(Excerpt.quoted(lang)), which is not a language id (letters, digits, '-', '_'); nothing to import", at: at))
                    continue
                }
                untranslated += file.units.count(where: { $0.target == nil })
                if format == .xcstrings {
                    importCatalog(file, language: lang, root: root, check: check)
                } else {
                    if legacy == nil { legacy = try? Catalog(root: root) }
                    if let legacy { importLegacy(file, format: format, language: lang, root: root, catalog: legacy, check: check) }
                }
            }
        }
        for path in legacyOrder {
            if let bytes = legacyBytes(path) { writes.append((path, bytes)) }
        }
        for path in catalogOrder {
            guard let c = catalogs[path], c.changed else { continue }
            writes.append((path, Array((XcodeJSON.write(.object(c.json)) + (c.newline ? "\n" : "")).utf8)))
        }
    }

    mutating func record(_ d: Diagnostic) {
        if d.severity == .error { errors += 1 }
        if let report { report(d) } else { diagnostics.append(d) }
    }

    /// Whether a unit's target may be written: its source is the table's current one and
    /// no placeholder check says error. Findings are recorded.
    mutating func accept(
        _ u: XLIFFUnit, expected: String?, key: String, path: String, check: Check, subject: Diagnostic.Subject, pluralArgument: Int? = nil
    ) -> Bool {
        let at = u.origin.map { Diagnostic.Location.file($0) }
        guard let expected else {
            record(Diagnostic(.xliffUnknownUnit, .warning, "unit \(Excerpt.quoted(u.id)) matches no key of the table; not imported", at: at, subject: subject))
            return false
        }
        guard u.source == expected || Self.withoutPositions(u.source) == Self.withoutPositions(expected) else {
            record(Diagnostic(.xliffChangedSource, .warning,
                "the source of \(Excerpt.quoted(u.id)) has changed since the export (now \(Excerpt.quoted(expected))); not imported", at: at, subject: subject))
            return false
        }
        guard let target = u.target else { return false }
        let form = path.contains("plural.") ? PluralFormUnit(argument: pluralArgument) : nil
        let found = check(expected, target, u.targetOrigin ?? u.origin ?? Origin(file: "", line: 0, column: 0), form, subject)
        for d in found { record(d) }
        if found.contains(where: { $0.severity == .error }) { return false }
        imported += 1
        return true
    }

    /// `text` with every specifier's position left out (`%1$@` → `%@`, `%2$#@v@` → `%#@v@`):
    /// Xcode numbers the arguments of a catalog string that has substitutions.
    static func withoutPositions(_ text: String) -> String {
        let b = Array(text.utf8)
        var out: [UInt8] = []
        out.reserveCapacity(b.count)
        var i = 0
        while i < b.count {
            out.append(b[i])
            guard b[i] == 0x25 else { i += 1; continue }
            i += 1
            if i < b.count, b[i] == 0x25 { out.append(0x25); i += 1; continue }
            var j = i
            while j < b.count, b[j] >= 0x30, b[j] <= 0x39 { j += 1 }
            if j > i, j < b.count, b[j] == 0x24 { i = j + 1 }
        }
        return String(decoding: out, as: UTF8.self)
    }

    mutating func importCatalog(_ file: XLIFFFile, language lang: String, root: String, check: Check) {
        let path = root + "/" + file.original
        let at = file.origin.map { Diagnostic.Location.file($0) }
        if catalogs[path] == nil {
            guard case .success(let bytes) = FileBytes.contents(of: path),
                let json = try? JSONParser.parse(String(decoding: bytes, as: UTF8.self)).objectValue, json["strings"]?.objectValue != nil
            else {
                record(Diagnostic(.xliffSkippedFile, .error, "\(Excerpt.quoted(file.original)) is not a String Catalog Herald can read in the tables folder; not written", at: at))
                return
            }
            catalogs[path] = (json, bytes.last == 0x0A, false, CatalogUnits.hasCLDRPluralOrder(json))
            catalogOrder.append(path)
        }
        guard let cached = catalogs[path], var strings = cached.json["strings"]?.objectValue else { return }
        var json = cached.json
        let cldr = cached.cldrOrder
        let source = json["sourceLanguage"]?.stringValue ?? file.sourceLanguage
        var groups: [String: [(unit: XLIFFUnit, path: String)]] = [:]
        var order: [String] = []
        for u in file.units {
            let (key, p) = CatalogUnits.split(id: u.id)
            if groups[key] == nil { order.append(key) }
            groups[key, default: []].append((u, p))
        }
        var changed = false
        for key in order {
            let units = groups[key, default: []]
            let subject = Diagnostic.Subject(locale: lang, table: (file.original as NSString).lastPathComponent, key: key)
            guard var entry = strings[key]?.objectValue else {
                for (u, p) in units where u.target != nil { _ = accept(u, expected: nil, key: key, path: p, check: check, subject: subject) }
                continue
            }
            var locs = entry["localizations"]?.objectValue ?? JSONObject()
            let srcLoc = locs[source]?.objectValue
            let langKey = locs.keys.first { LocalizationLookup.normalize($0) == LocalizationLookup.normalize(lang) } ?? lang
            let existing = locs[langKey]?.objectValue
            let srcSubs = CatalogUnits.substitutions(srcLoc)
            let tgtSubs = existing.map { CatalogUnits.substitutions($0) }.flatMap { $0.isEmpty ? nil : $0 } ?? srcSubs
            let srcLeaves = srcLoc.map { CatalogUnits.flatten($0) } ?? [CatalogUnits.Leaf(path: "", value: key, state: "new")]
            var sources: [String: String] = [:]
            for l in srcLeaves { sources[l.path] = CatalogUnits.exported(l.value, path: l.path, substitutions: srcSubs) }
            let unpositioned = Set(srcSubs.keys.filter { name in srcLeaves.contains { $0.value.contains("%#@\(name)@") } })
            var fresh: [CatalogUnits.Leaf] = []
            var firstTaken: XLIFFUnit? = nil
            for (u, p) in units where u.target != nil {
                let expected = sources[p] ?? XLIFFExport.fallbackSource(p, sources)
                guard accept(u, expected: expected, key: key, path: p, check: check, subject: subject), let t = u.target else { continue }
                firstTaken = firstTaken ?? u
                fresh.append(CatalogUnits.Leaf(path: p, value: CatalogUnits.imported(t, path: p, substitutions: tgtSubs, unpositioned: unpositioned), state: XLIFFState.catalog(u.state)))
            }
            guard !fresh.isEmpty else { continue }
            var merged: [String: CatalogUnits.Leaf] = [:]
            let old = existing.map { CatalogUnits.flatten($0) } ?? []
            for l in old { merged[l.path] = l }
            // A translator who replaced a unit by variations (or back): the file's units are the structure.
            if fresh.contains(where: { merged[$0.path] == nil }), !old.isEmpty {
                let unitPaths = Set(units.map(\.path))
                merged = merged.filter { unitPaths.contains($0.key) }
            }
            for l in fresh { merged[l.path] = l }
            let built = CatalogUnits.build(Array(merged.values), substitutions: tgtSubs, cldrOrder: cldr)
            // Substitutions alone are no localization (the catalog reader refuses one without its
            // string): the string's own unit was not taken (changed source, no target) or is gone.
            if let o = built.objectValue, o["stringUnit"] == nil, o["stringSet"] == nil, o["variations"] == nil {
                imported -= fresh.count
                record(Diagnostic(.structure, .warning,
                    "the translation of \(Excerpt.quoted(key)) would have its substitutions but not the string itself (the unit \(Excerpt.quoted(key)) is not taken); not imported",
                    at: firstTaken?.origin.map { .file($0) }, subject: subject))
                continue
            }
            // Unchanged (compared in the builder's form, so a catalog's own member order does not count).
            if existing != nil, built == CatalogUnits.build(old, substitutions: tgtSubs, cldrOrder: cldr) { continue }
            locs = CatalogUnits.setting(langKey, built, in: locs)
            entry = CatalogUnits.setting("localizations", .object(locs), in: entry)
            strings[key] = .object(entry)
            changed = true
        }
        guard changed else { return }
        json["strings"] = .object(strings)
        catalogs[path] = (json, cached.newline, true, cldr)
    }
}
