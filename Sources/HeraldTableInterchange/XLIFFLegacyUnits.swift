import HeraldTableFormats
import HeraldTables
// `.strings` and `.stringsdict` tables as XLIFF units, the way Xcode exports them:
// a `.strings` unit's id is its key; a `.stringsdict` plural is one unit for the
// format (`/KEY:dict/NSStringLocalizedFormatKey:dict/:string`) and one per category
// (`/KEY:dict/VAR:dict/one:dict/:string`), categories sorted, the target language's
// own added with the `other` text as source. Width and device variants of a
// `.stringsdict` have no known Xcode form: they are left out with a warning.

enum LegacyUnits {
    static let formatKey = "NSStringLocalizedFormatKey"

    static func formatID(_ key: String) -> String { "/\(key):dict/\(formatKey):dict/:string" }
    static func formID(_ key: String, _ variable: String, _ category: String) -> String { "/\(key):dict/\(variable):dict/\(category):dict/:string" }

    /// A `.stringsdict` unit id as (key, variable, category); variable and category are
    /// nil for the format unit. Nil when the id is not of that form.
    static func parse(stringsdictID id: String) -> (key: String, variable: String?, category: String?)? {
        guard id.hasPrefix("/"), id.hasSuffix(":dict/:string") else { return nil }
        let parts = id.dropFirst().dropLast(":string".count).components(separatedBy: ":dict/")
        // "KEY", "NSStringLocalizedFormatKey", "" or "KEY", "VAR", "CAT", "".
        guard parts.last == "" else { return nil }
        if parts.count == 3, parts[1] == formatKey { return (parts[0], nil, nil) }
        if parts.count == 4 { return (parts[0], parts[1], parts[2]) }
        return nil
    }

    /// The `file` elements of one development-language table against its translation.
    static func files(
        source: Table, target: Table?, sourceLanguage: String, targetLanguage: String, categories: [String],
        warnings: inout [TableExport.Warning]
    ) -> [XLIFFFile] {
        var byFile: [String: [XLIFFUnit]] = [:]
        for e in source.entries {
            let key = e.key
            guard !e.isSourceFallback, e.format != .xcstrings else { continue }
            let tgt = target?.entries[key].flatMap { $0.format == .xcstrings || $0.isSourceFallback ? nil : $0 }
            switch (e.format, e.message) {
            case (.strings, .plain(let text)):
                var t: String? = nil
                if case .plain(let tt)? = tgt?.message { t = tt.value }
                byFile[e.origin.file, default: []].append(XLIFFUnit(id: key, resname: key, source: text.value, target: t, state: nil, note: e.comment ?? ""))
            case (.stringsdict, .plural(let format, let vars)):
                var tFormat: String? = nil
                var tVars: [String: PluralVariable] = [:]
                if case .plural(let f, let v)? = tgt?.message { tFormat = f.value; tVars = v }
                var units = [XLIFFUnit(id: formatID(key), resname: key, source: format.value, target: tFormat, state: nil, note: "")]
                for name in vars.keys.sorted() {
                    guard let v = vars[name] else { continue }
                    let theirs = (tVars[name]?.forms.keys).map { $0.map(\.rawValue) } ?? []
                    let cats = Set(v.forms.keys.map(\.rawValue)).union(categories).union(theirs).sorted()
                    for c in cats {
                        let cat = PluralCategory(rawValue: c)
                        let src = cat.flatMap { v.forms[$0] } ?? v.forms[.other]
                        let t = cat.flatMap { tVars[name]?.forms[$0] }
                        units.append(XLIFFUnit(id: formID(key, name, c), resname: key, source: src?.value ?? "", target: t?.value, state: nil, note: ""))
                    }
                }
                byFile[e.origin.file, default: []] += units
            default:
                warnings.append(TableExport.Warning(
                    origin: e.origin, message: "\(JSONWriter.quote(key)) has no XLIFF form (a .stringsdict entry with width or device variants, or a plain string); left out of the XLIFF"))
            }
        }
        return byFile.keys.sorted().map { original in
            XLIFFFile(original: original, sourceLanguage: sourceLanguage, targetLanguage: targetLanguage, units: byFile[original, default: []].sorted {
                $0.id.unicodeScalars.lexicographicallyPrecedes($1.id.unicodeScalars)
            })
        }
    }
}

import Foundation
import HeraldICU
import HeraldJSON
