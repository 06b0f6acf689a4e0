import HeraldICU
import HeraldTables

/// Every table of one bundle, read: the localizations, the development
/// localization, the merged tables and the readers' findings.
struct BundleTables {
    var localizations: [String] = []
    var development = "en"
    var tables: [Table] = []
    var diagnostics: [Diagnostic] = []
    /// Table files read from the file system (each once).
    var fileReads = 0

    /// Reads a bundle's files. Each `.lproj` folder is read as its own
    /// catalog and String Catalogs as one (so building a table never scans
    /// the whole bundle); when a String Catalog and `.lproj` files share a
    /// table name, one catalog reads them all and merges them the device's way.
    static func load(_ group: TableFiles.Group, development: String?, stop: LintCancellation? = nil, fileRead: (Int) -> Void) -> BundleTables {
        var catalogFiles: [String] = []
        var lproj: [String: [String]] = [:]
        var lprojOrder: [String] = []
        for f in group.files {
            if TableFormat(fileName: f) == .xcstrings {
                catalogFiles.append(f)
            } else {
                let loc = TableFiles.localization(of: f)
                if lproj[loc] == nil { lprojOrder.append(loc) }
                lproj[loc, default: []].append(f)
            }
        }
        let catalogTables = Set(catalogFiles.map(TableFiles.tableName(of:)))
        let shared = group.files.contains { TableFormat(fileName: $0) != .xcstrings && catalogTables.contains(TableFiles.tableName(of: $0)) }
        var parts: [Catalog] = []
        if shared || lprojOrder.count <= 1 {
            parts = [Catalog(files: group.files, development: development, keepDroppedEntries: true)]
        } else {
            if !catalogFiles.isEmpty { parts.append(Catalog(files: catalogFiles, development: development, keepDroppedEntries: true)) }
            for loc in lprojOrder { parts.append(Catalog(files: lproj[loc] ?? [], development: development, keepDroppedEntries: true)) }
        }
        var out = BundleTables()
        var seen = Set<String>()
        for c in parts where stop?.isCancelled != true {
            let contents = c.loadAll()
            out.tables += contents.tables
            out.diagnostics += contents.diagnostics
            for l in c.localizations where seen.insert(LocalizationLookup.normalize(l)).inserted { out.localizations.append(l) }
            fileRead(c.loadedFiles.count)
        }
        // The development localization: as given, else the String Catalogs' source language, else
        // en. Asked once the catalogs are read: a catalog read names it from the text it holds,
        // where asking first read the file once for the name and again for the entries.
        out.development = development ?? (catalogFiles.isEmpty ? nil : parts.first?.developmentLocalization) ?? "en"
        out.fileReads = parts.reduce(0) { $0 + $1.fileReads }
        out.localizations.sort()
        return out
    }
}
