import HeraldICU
import HeraldSync
import HeraldTableFormats

// How a Catalog makes a table: one localization's files merged the device's way,
// built once and cached.
extension Catalog {
    /// One table of one localization (a folder or String Catalog language as written),
    /// loaded on first use. Nil when that localization has no such table.
    public func table(_ name: String, localization: String) -> Table? {
        let norm = normalized(localization)
        let cacheKey = norm + "\u{0}" + name
        if let hit = state.withLock({ $0.tables[cacheKey] }) { return hit }
        guard let (t, merged) = build(name, normalized: norm) else { return nil }
        return state.withLock { s in
            if let hit = s.tables[cacheKey] { return hit }
            s.tables[cacheKey] = t
            // A `.lproj` file serves this one table (unless linked into another), now cached: its cached result keeps its
            // diagnostics but no second copy of every entry. Released under the lock that
            // publishes the table, so a concurrent build of the same table that read the
            // file afterwards finds this table here and drops its own.
            if s.sharedReadPaths == nil {
                // A file linked into two localizations (`it.lproj/…` → `../de.lproj/…`) serves
                // both: it keeps its entries.
                var seen = Set<String>(), shared = Set<String>()
                for source in sources where !seen.insert(source.readPath).inserted { shared.insert(source.readPath) }
                s.sharedReadPaths = shared
            }
            for path in merged where s.sharedReadPaths?.contains(path) == false {
                guard case .table(var r) = s.files[path], !(r.entries.isEmpty && r.ignoredOnDevice.isEmpty) else { continue }
                r.entries = TableEntries()
                r.ignoredOnDevice = TableEntries()
                s.files[path] = .table(r)
            }
            return t
        }
    }

    /// Merges one table the device's way: `.strings`, then String Catalog
    /// entries, then `.stringsdict` entries override per key. Also returns the read
    /// paths of the `.lproj` files merged.
    func build(_ name: String, normalized norm: String) -> (Table, [String])? {
        let lproj = sources.filter { s in
            guard s.table == name, let l = s.localization, LocalizationLookup.mayNormalize(l, to: norm) else { return false }
            return normalized(l) == norm
        }
        var xc: [(XCStringsFile, String)] = []
        for s in sources where s.table == name && s.format == .xcstrings {
            if case .catalog(let c) = file(s), let lang = languages(of: c, at: s.readPath)[norm] {
                xc.append((c, lang))
            }
        }
        guard !lproj.isEmpty || !xc.isEmpty else { return nil }
        let spelled = lproj.first?.localization ?? xc.first?.1 ?? norm
        var table = Table(name: name, localization: spelled)
        func merge(_ r: TableFileResult) {
            table.files.append(r.file)
            table.diagnostics += r.diagnostics
            if r.droppedOnDevice && !keepDroppedEntries { return }
            table.entries.merge(r.entries)
            if keepDroppedEntries { table.entries.merge(r.ignoredOnDevice) }
        }
        for s in lproj where s.format == .strings { if case .table(let r) = file(s) { merge(r) } }
        for (c, lang) in xc {
            if var r = c.localizations[lang] {
                if normalized(c.sourceLanguage ?? "") == norm { r.diagnostics = c.diagnostics + r.diagnostics }
                if c.droppedOnDevice { r.droppedOnDevice = true }
                if table.catalogVersion == nil { table.catalogVersion = c.version }
                merge(r)
            }
        }
        for s in lproj where s.format == .stringsdict { if case .table(let r) = file(s) { merge(r) } }
        return (table, lproj.map(\.readPath))
    }
}
