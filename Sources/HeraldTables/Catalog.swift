// A folder (or list, or in-memory set) of translation tables, loaded the way a
// device loads a bundle's tables: `<lang>.lproj/<Table>.strings` with
// `<Table>.stringsdict` overriding per key, `Base.lproj`, and String Catalogs
// (`<Table>.xcstrings` anywhere below the root). Scanning only lists
// directories; a table is parsed the first time it is asked for, and cached.
// A lookup reads only the files of the table it asks for in the localizations
// of the locale's chain; String Catalogs of other tables are only scanned
// (XCStringsScanner: their languages, no parse), since the chain depends on
// every localization the bundle has.

import Dispatch
public import HeraldICU
import HeraldSync
import HeraldTableFormats

/// Every table and every diagnostic of a catalog, loaded at once (for the linter).
public struct CatalogContents: Sendable {
    /// Every (localization, table), sorted by localization then table.
    public var tables: [Table]
    /// Every diagnostic of every file, once each, in file order.
    public var diagnostics: [Diagnostic]
}

/// Why a `Catalog` could not be opened: the path given and what is wrong with it.
public struct CatalogError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The path as given.
    public var path: String
    /// What is wrong with it ("no such file or directory").
    public var message: String

    /// Makes an error for `path`.
    public init(path: String, message: String) {
        self.path = path
        self.message = message
    }

    /// `<path>: <message>`.
    public var description: String { "\(path): \(message)" }
}

/// Apple-style translation tables below a folder, from explicit files, or
/// from bytes held in memory. Thread-safe; loads lazily.
public final class Catalog: MessageCatalog {
    /// Where the bytes come from.
    enum Storage: Sendable {
        case directory(String)
        case files
        case memory([String: [UInt8]])
        /// UTF-8 text (e.g. string literals embedded in a binary): a file's bytes
        /// are made only when it is read.
        case texts([String: String])
    }

    /// One file: where to read it, what to call it in origins, what it holds.
    struct Source: Sendable, Hashable {
        var readPath: String
        var displayPath: String
        var format: TableFormat
        /// The `.lproj` folder's localization (nil for `.xcstrings`).
        var localization: String?
        var table: String
    }

    struct State {
        var files: [String: FileResult] = [:]
        /// String Catalogs' languages (scanned, not parsed), by read path.
        var summaries: [String: XCStringsSummary] = [:]
        /// A parsed String Catalog's languages by their normalized name (the first, in
        /// sorted order, of those that normalize alike), by read path.
        var catalogLanguages: [String: [String: String]] = [:]
        /// `LocalizationLookup.normalize` of every name seen (it asks ICU each time).
        var normalized: [String: String] = [:]
        /// How many times a localization name was normalized or taken from `normalized`:
        /// the work unit tests compare between sizes (naming is the step that went
        /// quadratic when every table scanned a String Catalog's languages).
        var namesNormalized = 0
        /// Files read from the file system (a file read twice counts twice).
        var fileReads = 0
        /// Read paths that more than one source reads (links), made on first need.
        var sharedReadPaths: Set<String>? = nil
        var tables: [String: Table] = [:]
        /// Computed once the String Catalogs have been read.
        var localizations: [String]? = nil
        /// Locale (ICU id) → its localization chain.
        var chains: [String: [String]] = [:]
    }

    enum FileResult: Sendable {
        case table(TableFileResult)
        case catalog(XCStringsFile)
    }

    /// The folder given to `init(root:)`, nil otherwise.
    public let root: String?
    /// The development localization used after the locale's own candidates
    /// (nil: the String Catalogs' source language, else "en").
    public let development: String?
    /// When true, entries of files a device would drop (syntax errors) are
    /// still served, recovered as well as possible: what the linter wants.
    /// When false (default), such files contribute no entries, as on device.
    public let keepDroppedEntries: Bool

    let storage: Storage
    let sources: [Source]
    let state = Locked(State())
    /// Problems found while scanning (unreadable directory…).
    public let scanDiagnostics: [Diagnostic]

    /// Scans `root` (directory listing only): `<lang>.lproj/<Table>.strings` and
    /// `.stringsdict` files and `<Table>.xcstrings` catalogs anywhere below it. Origins
    /// are relative to `root`. A table file given as `root` is read as the one file.
    ///
    /// ```swift
    /// let catalog = try Catalog(root: "Localizations")
    /// let hit = catalog.lookup(key: "reminder.title", table: "Localizable", locale: try LocaleID("de"))
    /// ```
    ///
    /// - Parameters:
    ///   - root: A folder of tables (or one table file).
    ///   - development: The localization tried after the locale's own (nil: the String
    ///     Catalogs' source language, else `en`).
    ///   - keepDroppedEntries: Serve the recovered entries of files a device would drop.
    /// - Throws: `CatalogError` when `root` does not exist, or is a file that is not a
    ///   `.strings`, `.stringsdict` or `.xcstrings` table. A folder below `root` that cannot
    ///   be listed is not thrown: it is one of `scanDiagnostics`.
    public init(root: String, development: String? = nil, keepDroppedEntries: Bool = false) throws(CatalogError) {
        guard FileBytes.realPath(root) != nil else {
            throw CatalogError(path: root, message: "no such file or directory")
        }
        if !FileBytes.isDirectory(root), !TableFormat.isTableFileName(root) {
            throw CatalogError(path: root, message: "not a folder of tables nor a .strings, .stringsdict or .xcstrings file")
        }
        self.root = root
        self.development = development
        self.keepDroppedEntries = keepDroppedEntries
        self.storage = .directory(root)
        var diags: [Diagnostic] = []
        self.sources = Catalog.scan(root: root, diagnostics: &diags)
        self.scanDiagnostics = diags
    }

    /// Explicit files (`.strings`, `.stringsdict`, `.xcstrings`); origins use
    /// the paths as given. A `.strings`/`.stringsdict` file's localization is
    /// its `.lproj` folder's name ("und" when it is not in one).
    public init(files: [String], development: String? = nil, keepDroppedEntries: Bool = true) {
        self.root = nil
        self.development = development
        self.keepDroppedEntries = keepDroppedEntries
        self.storage = .files
        var diags: [Diagnostic] = []
        var out: [Source] = []
        for f in files {
            // A file named on the command line is the user's choice: its link (if it is
            // one) is resolved here, and the read refuses anything that is not a file.
            if let s = Catalog.classify(readPath: FileBytes.realPath(f) ?? f, displayPath: f) {
                out.append(s)
            } else {
                diags.append(Diagnostic(.io, .error, "not a .strings, .stringsdict or .xcstrings file", at: .file(Origin(file: f, line: 0, column: 0))))
            }
        }
        self.sources = out
        self.scanDiagnostics = diags
    }

    /// Tables held in memory: relative path (`de.lproj/Localizable.strings`,
    /// `Notifications.xcstrings`) → file bytes. Origins use those paths.
    public convenience init(contents: [String: [UInt8]], development: String? = nil, keepDroppedEntries: Bool = false) {
        self.init(held: .memory(contents), paths: contents.keys, development: development, keepDroppedEntries: keepDroppedEntries)
    }

    /// Tables held as text (relative path → file contents), as embedded in a
    /// binary: like `init(contents:)`, but a file's bytes are only made when a
    /// lookup reads it, so a one-locale lookup copies one table, not all of them.
    public convenience init(texts: [String: String], development: String? = nil, keepDroppedEntries: Bool = false) {
        self.init(held: .texts(texts), paths: texts.keys, development: development, keepDroppedEntries: keepDroppedEntries)
    }

    /// Tables held in this process (`storage` is `.memory` or `.texts`), named by `paths`.
    private init(held storage: Storage, paths: some Sequence<String>, development: String?, keepDroppedEntries: Bool) {
        self.root = nil
        self.development = development
        self.keepDroppedEntries = keepDroppedEntries
        self.storage = storage
        self.sources = paths.sorted().compactMap { Catalog.classify(readPath: $0, displayPath: $0) }
        self.scanDiagnostics = []
    }

    // MARK: scanning

    /// The source a table file's path names (`TablePath`): a `.strings` or `.stringsdict`
    /// file outside an `.lproj` folder is read as localization `und`.
    static func classify(readPath: String, displayPath: String) -> Source? {
        guard let path = TablePath(displayPath) else { return nil }
        return Source(
            readPath: readPath, displayPath: displayPath, format: path.format,
            localization: path.format == .xcstrings ? nil : path.localization ?? "und", table: path.table)
    }

    static func scan(root: String, diagnostics: inout [Diagnostic]) -> [Source] {
        if !FileBytes.isDirectory(root) {
            guard FileBytes.realPath(root) != nil else {
                diagnostics.append(Diagnostic(.io, .error, "no such directory", at: .file(Origin(file: root, line: 0, column: 0))))
                return []
            }
            // A single file given as root: treat it as an explicit file.
            let name = root.split(separator: "/").last.map(String.init) ?? root
            return classify(readPath: FileBytes.realPath(root) ?? root, displayPath: name).map { [$0] } ?? []
        }
        let tree = TableTree.walk(root: root)
        diagnostics += tree.diagnostics
        return tree.files.compactMap { f in
            guard let s = classify(readPath: f.readPath, displayPath: f.relativePath) else { return nil }
            // .strings/.stringsdict count only inside an .lproj folder.
            return s.format == .xcstrings || s.localization != "und" ? s : nil
        }
    }

    // MARK: reading files

    struct ReadFailure: Error {
        var diagnostic: Diagnostic
    }

    func bytes(of source: Source) -> Result<[UInt8], ReadFailure> {
        switch storage {
        case .memory(let m):
            if let b = m[source.readPath] { return .success(b) }
        case .texts(let m):
            if let t = m[source.readPath] { return .success(Array(t.utf8)) }
        case .directory, .files:
            state.withLock { $0.fileReads += 1 }
            switch FileBytes.contents(of: source.readPath) {
            case .success(let b): return .success(b)
            case .failure(let refusal): return failure(refusal.message, source)
            }
        }
        return failure("cannot read file", source)
    }

    func failure(_ message: String, _ source: Source) -> Result<[UInt8], ReadFailure> {
        .failure(ReadFailure(diagnostic: Diagnostic(.io, .error, message, at: .file(Origin(file: source.displayPath, line: 0, column: 0)), dropsFile: true)))
    }

    func parse(_ source: Source) -> FileResult {
        switch bytes(of: source) {
        case .failure(let failure):
            let d = failure.diagnostic
            if source.format == .xcstrings {
                return .catalog(XCStringsFile(file: source.displayPath, table: source.table, sourceLanguage: nil, version: nil, localizations: [:], diagnostics: [d], droppedOnDevice: true))
            }
            var r = TableFileResult(file: source.displayPath, format: source.format)
            r.droppedOnDevice = true
            r.diagnostics = [d]
            return .table(r)
        case .success(let b):
            switch source.format {
            case .strings: return .table(StringsReader.read(bytes: b, file: source.displayPath))
            case .stringsdict: return .table(StringsdictReader.read(bytes: b, file: source.displayPath))
            case .xcstrings: return .catalog(XCStringsReader.read(bytes: b, file: source.displayPath))
            }
        }
    }

    /// Parses (or takes from the cache) one file.
    func file(_ source: Source) -> FileResult {
        if let hit = state.withLock({ $0.files[source.readPath] }) { return hit }
        let r = parse(source)
        return state.withLock { s in
            if let hit = s.files[source.readPath] { return hit }
            s.files[source.readPath] = r
            return r
        }
    }

    /// What a String Catalog holds, from a scan of its bytes (no parse), or from
    /// its parse when the scan cannot vouch for the answer (invalid JSON…) or the
    /// file cannot be read.
    func summary(_ source: Source) -> XCStringsSummary {
        if let hit = state.withLock({ $0.summaries[source.readPath] }) { return hit }
        var result: XCStringsSummary?
        // A catalog already read may still hold its text (its entries point into it): that
        // text is scanned, not a second copy read from the file.
        if case .catalog(let c)? = state.withLock({ $0.files[source.readPath] }), let text = c.text {
            result = XCStringsScanner.scan(text.lines.text)
        } else if case .success(let b) = bytes(of: source) {
            result = XCStringsScanner.scan(b)
        }
        if result == nil, case .catalog(let c) = file(source) {
            result = XCStringsSummary(sourceLanguage: c.sourceLanguage, languages: Set(c.localizations.keys))
        }
        let summary = result ?? XCStringsSummary(sourceLanguage: nil, languages: [])
        state.withLock { $0.summaries[source.readPath] = summary }
        return summary
    }

    /// `LocalizationLookup.normalize(name)`, computed once per name: listing and merging
    /// compare every file's localization, and each normalization is an ICU canonicalization.
    /// How many times a file was read from the file system: each file at most once when
    /// nothing is read twice (what the tests check).
    package var fileReads: Int { state.withLock { $0.fileReads } }

    /// The files parsed so far (origin paths, sorted): shows what a lazy lookup touched.
    public var loadedFiles: [String] {
        let read = state.withLock { Set($0.files.keys) }
        return sources.filter { read.contains($0.readPath) }.map(\.displayPath).sorted()
    }

    // MARK: MessageCatalog

    /// Localizations as written, one spelling per normalized name (`.lproj`
    /// spelling first), sorted.
    public var localizations: [String] {
        if let known = state.withLock({ $0.localizations }) { return known }
        let list = localizations(where: { _ in true })
        state.withLock { $0.localizations = list }
        return list
    }

    /// `localizations` without the names `include` turns down (never normalized): the
    /// same spellings in the same order as long as `include` keeps every spelling of a
    /// normalized name or none (it looks only at a name's language).
    func localizations(where include: (String) -> Bool) -> [String] {
        if let known = state.withLock({ $0.localizations }) { return known.filter(include) }
        var byKey: [String: String] = [:]
        for s in sources {
            if let l = s.localization, include(l) {
                let key = normalized(l)
                if byKey[key] == nil { byKey[key] = l }
            }
        }
        for source in sources where source.format == .xcstrings {
            for l in summary(source).languages.sorted() where include(l) {
                let key = normalized(l)
                if byKey[key] == nil { byKey[key] = l }
            }
        }
        return byKey.values.sorted()
    }

    /// The table names present in any localization, sorted.
    public var tableNames: [String] {
        Array(Set(sources.map(\.table))).sorted()
    }

    /// The development localization: as given, else the first catalog's source language, else "en".
    public var developmentLocalization: String {
        if let development { return development }
        for source in sources where source.format == .xcstrings {
            if let s = summary(source).sourceLanguage { return s }
        }
        return "en"
    }

    /// The localizations that serve `locale`, best first (the device's chain).
    public func chain(for locale: LocaleID) -> [String] {
        if let hit = state.withLock({ $0.chains[locale.icuID] }) { return hit }
        // Only names that can serve the locale (or be the development localization) are
        // normalized: each is an ICU canonicalization, and an app has dozens of folders.
        let development = developmentLocalization
        let filter = LocalizationLookup.ServingFilter(locale: locale, development: development)
        let available = localizations(where: { filter.mayServe($0) })
        let chain = LocalizationLookup.match(locale, available: available, development: development)
        state.withLock { $0.chains[locale.icuID] = chain }
        return chain
    }

    /// Looks `key` up in `table` along `locale`'s localization chain, as a device would
    /// (`.stringsdict` over `.strings`, then the next localization). Nil when none has it.
    public func lookup(key: String, table: String, locale: LocaleID) -> LookupResult? {
        for loc in chain(for: locale) {
            if let t = self.table(table, localization: loc), let e = t[key] {
                return LookupResult(
                    entry: e, localization: loc, table: table,
                    language: LocalizationLookup.textLanguage(of: loc, development: developmentLocalization))
            }
        }
        return nil
    }

    /// Loads every table of every localization, with every diagnostic of
    /// every file (including files that yield no table, such as an
    /// unparsable String Catalog).
    public func loadAll() -> CatalogContents {
        // Parse every file first, on all cores (the cache is thread-safe).
        let all = sources
        DispatchQueue.concurrentPerform(iterations: all.count) { _ = file(all[$0]) }
        var tables: [Table] = []
        for loc in localizations {
            for name in tableNames {
                if let t = table(name, localization: loc) { tables.append(t) }
            }
        }
        var diags = scanDiagnostics
        for s in sources {
            switch file(s) {
            case .table(let r): diags += r.diagnostics
            case .catalog(let c):
                diags += c.diagnostics
                for l in c.localizations.keys.sorted() { diags += c.localizations[l]?.diagnostics ?? [] }
            }
        }
        return CatalogContents(tables: tables, diagnostics: diags)
    }
}
