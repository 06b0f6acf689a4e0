import HeraldICU
import HeraldTables

extension LintRun {
    /// `missing-locale`: every table of a bundle has each localization the configuration's
    /// `locales` lists. `missing-key` compares only the localizations a table has, so a
    /// deleted `.lproj` folder, or a language left out of a String Catalog, is otherwise silent.
    /// Reported once per table and missing localization, at the source locale's file of the table.
    mutating func checkRequiredLocales(_ required: [String], bundle: BundleTables, source: String) {
        guard !required.isEmpty else { return }
        let sourceName = LocalizationLookup.normalize(source)
        var names: [String] = []
        var present: [String: Set<String>] = [:]
        var file: [String: String] = [:]
        for t in bundle.tables {
            let loc = LocalizationLookup.normalize(t.localization)
            if present[t.name] == nil { names.append(t.name) }
            present[t.name, default: []].insert(loc)
            if let first = t.files.first, file[t.name] == nil || loc == sourceName { file[t.name] = first }
        }
        for name in names {
            let has = present[name] ?? []
            for locale in required where !has.contains(LocalizationLookup.normalize(locale)) {
                emit(
                    .missingLocale,
                    Place(origin: Origin(file: file[name] ?? "", line: 1, column: 1), locale: locale, table: name, key: ""),
                    "\(name) has no \(locale) localization, which the configuration's \"locales\" requires; a device set to \(locale) shows the \(source) text")
            }
        }
    }
}
