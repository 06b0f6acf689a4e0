// `herald import` into `.strings` and `.stringsdict` files: the translation's table
// is read, the accepted targets set, and the one file the XLIFF `file` names is
// written again by the `.lproj` writer (comments and key order kept), in the
// target language's `.lproj` folder beside the development one.

import Foundation
import HeraldDiagnostics
import HeraldTableFormats
import HeraldTables

extension XLIFFImport {
    mutating func importLegacy(_ file: XLIFFFile, format: TableFormat, language lang: String, root: String, catalog: Catalog, check: Check) {
        let fileName = (file.original as NSString).lastPathComponent
        let folder = (file.original as NSString).deletingLastPathComponent
        let at = file.origin.map { Diagnostic.Location.file($0) }
        guard folder.hasSuffix(".lproj") else {
            record(Diagnostic(.xliffSkippedFile, .error, "\(Excerpt.quoted(file.original)) is not in an .lproj folder; not written", at: at))
            return
        }
        let parent = (folder as NSString).deletingLastPathComponent
        let sourceLoc = String((folder as NSString).lastPathComponent.dropLast(".lproj".count))
        let name = String(fileName.dropLast(format.rawValue.count + 1))
        guard let source = catalog.table(name, localization: sourceLoc) else {
            for u in file.units where u.target != nil {
                _ = accept(u, expected: nil, key: u.id, path: "", check: check, subject: Diagnostic.Subject(locale: lang, table: name, key: u.resname))
            }
            return
        }
        let targetLoc = catalog.localizations.first { LocalizationLookup.normalize($0) == LocalizationLookup.normalize(lang) } ?? lang
        let rel = targetLoc + ".lproj/" + fileName
        let path = root + "/" + (parent.isEmpty ? "" : parent + "/") + rel
        let onDisk = catalog.table(name, localization: targetLoc)
        var table = legacyTables[path]?.table ?? onDisk ?? Table(name: name, localization: targetLoc)
        let before = table.entries
        let origin = { (u: XLIFFUnit) in u.targetOrigin ?? u.origin ?? Origin(file: "", line: 0, column: 0) }
        switch format {
        case .strings:
            for u in file.units where u.target != nil {
                let subject = Diagnostic.Subject(locale: lang, table: name, key: u.id)
                var expected: String? = nil
                if let e = source[u.id], e.format == .strings, case .plain(let t) = e.message { expected = t.value }
                guard accept(u, expected: expected, key: u.id, path: "", check: check, subject: subject), let t = u.target else { continue }
                let old = table[u.id]
                table.set(Entry(
                    key: u.id, message: .plain(SourceText(t, origin: origin(u))), format: .strings, origin: old?.origin ?? origin(u),
                    comment: old?.comment ?? source[u.id]?.comment))
            }
        default:
            var byKey: [String: [(XLIFFUnit, String?, String?)]] = [:]
            var order: [String] = []
            for u in file.units where u.target != nil {
                guard let parsed = LegacyUnits.parse(stringsdictID: u.id) else {
                    _ = accept(u, expected: nil, key: u.id, path: "", check: check, subject: Diagnostic.Subject(locale: lang, table: name, key: u.resname))
                    continue
                }
                let key = parsed.key
                if byKey[key] == nil { order.append(key) }
                byKey[key, default: []].append((u, parsed.variable, parsed.category))
            }
            for key in order {
                let subject = Diagnostic.Subject(locale: lang, table: name, key: key)
                guard let src = source[key], src.format == .stringsdict, case .plural(let srcFormat, let srcVars) = src.message else {
                    for (u, _, _) in byKey[key, default: []] { _ = accept(u, expected: nil, key: key, path: "", check: check, subject: subject) }
                    continue
                }
                var format = srcFormat
                var vars = srcVars.mapValues { v in var v = v; v.forms = [:]; return v }
                if let old = table[key], case .plural(let f, let v) = old.message { format = f; vars = v }
                // The unit that set the format, else the first one taken: where a problem is reported.
                var changedBy: XLIFFUnit? = nil
                for (u, variable, category) in byKey[key, default: []] {
                    var expected: String? = nil
                    if let variable, let category {
                        if let v = srcVars[variable], let c = PluralCategory(rawValue: category) { expected = (v.forms[c] ?? v.forms[.other])?.value }
                    } else {
                        expected = srcFormat.value
                    }
                    let own = variable.flatMap { srcVars[$0]?.argNum ?? TableExport.argumentNumbers(format: srcFormat.value)[$0] }
                    guard accept(u, expected: expected, key: key, path: category.map { "plural.\($0)" } ?? "", check: check, subject: subject, pluralArgument: own),
                        let t = u.target
                    else { continue }
                    let text = SourceText(t, origin: origin(u))
                    if let variable, let category, let c = PluralCategory(rawValue: category) {
                        if vars[variable] == nil, let sv = srcVars[variable] { vars[variable] = sv; vars[variable]?.forms = [:] }
                        vars[variable]?.forms[c] = text
                    } else {
                        format = text
                        changedBy = u
                    }
                    changedBy = changedBy ?? u
                }
                guard let changedBy else { continue }
                // Written so, the file would not read: its format names a variable it does not have.
                if let missing = FormatVariables.references(in: format.value).first(where: { vars[$0.name] == nil }) {
                    record(Diagnostic(.structure, .error,
                        "the translated \(LegacyUnits.formatKey) of \(Excerpt.quoted(key)) uses %#@\(missing.name)@ but the translation has no \(Excerpt.quoted(missing.name)) variable; not imported",
                        at: .file(origin(changedBy)), subject: subject))
                    continue
                }
                let old = table[key]
                table.set(Entry(key: key, message: .plural(format: format, variables: vars), format: .stringsdict, origin: old?.origin ?? src.origin, comment: old?.comment))
            }
        }
        guard table.entries != before else { return }
        if legacyTables[path] == nil { legacyOrder.append(path) }
        legacyTables[path] = (table, source, rel, onDisk?.entries.isEmpty ?? true)
    }

    /// The bytes of the `.strings`/`.stringsdict` file at `path` as the import changed it;
    /// nil when they are the file's bytes already (an import done twice).
    func legacyBytes(_ path: String) -> [UInt8]? {
        guard let changed = legacyTables[path] else { return nil }
        var table = changed.table
        if changed.new {
            // A new file: keys in the development language's order.
            let rank = Dictionary(changed.source.entries.enumerated().map { ($1.key, $0) }, uniquingKeysWith: { a, _ in a })
            table.entries.sort { rank[$0.key, default: Int.max] < rank[$1.key, default: Int.max] }
        }
        // Only this file's entries: the other format's file of the table is not rewritten.
        guard let bytes = TableExport.stringsFiles([table])[changed.file] else { return nil }
        if case .success(let old) = FileBytes.contents(of: path), old == bytes { return nil }
        return bytes
    }
}
