import Foundation
import ArgumentParser
import HeraldBuiltinTables
import HeraldCommandLine
import HeraldICU
import HeraldStore
import HeraldTables

/// The flags every command that reads tables or a store shares (Docs/cli.md, "Common flags").
struct CommonOptions: ParsableArguments {
    typealias Flags = CommonSettings

    @Option(name: Flags.tables.long, help: Flags.tables.argumentHelp) var tables: String?
    @Option(name: Flags.store.long, help: Flags.store.argumentHelp) var store: String?
    @Option(name: Flags.keys.long, help: Flags.keys.argumentHelp) var keys: String?
    @Option(name: Flags.now.long, help: Flags.now.argumentHelp) var now: String?
    @Option(name: Flags.timeZone.long, help: Flags.timeZone.argumentHelp) var timeZone: String = CommonSettings.defaultTimeZone

    /// The flags as plain values.
    var settings: CommonSettings {
        CommonSettings(tables: tables, store: store, keys: keys, now: now, timeZone: timeZone)
    }
}

/// An invocation that takes the common flags (`CommonSettings.flags()`).
protocol HoldsCommonSettings: Sendable {
    var common: CommonSettings { get set }
}

/// The common flags as plain values: what `CommonOptions` parsed, or what a quick reader
/// read (`flags`).
struct CommonSettings: Sendable {
    static let defaultTimeZone = "UTC"

    var tables: String?
    var store: String?
    var keys: String?
    var now: String?
    var timeZone: String = defaultTimeZone

    static let tables = QuickFlag<Self>(
        "tables", help: "Folder of <lang>.lproj/ tables and/or .xcstrings catalogs (default: ./Localizations if present, else the tables embedded in herald)."
    ) { $0.tables = $1 }
    static let store = QuickFlag<Self>("store", help: "The shared container (default: $HERALD_STORE or ~/.herald).") { $0.store = $1 }
    static let keys = QuickFlag<Self>("keys", help: "Key files for decryption (default: <store>/keys).") { $0.keys = $1 }
    static let now = QuickFlag<Self>("now", help: "Fix \"now\" (ISO 8601), for relative dates and deadlines.") { $0.now = $1 }
    static let timeZone = QuickFlag<Self>("time-zone", help: "IANA time zone for dates shown to the user.") { $0.timeZone = $1 }

    /// The common flags, for a command's quick reader.
    static func flags<Outer: HoldsCommonSettings>() -> [QuickFlag<Outer>] {
        [tables, store, keys, now, timeZone].map { $0.lifted(\Outer.common) }
    }

    /// The tables folder to read, or nil for the embedded tables.
    var tablesDirectory: String? {
        if let tables { return tables }
        return Self.isDirectory("Localizations") ? "Localizations" : nil
    }

    /// The store folder: --store, $HERALD_STORE, ~/.herald.
    var storeDirectory: String { StoreLocation.directory(store) }

    /// The key folder: --keys or <store>/keys.
    var keysDirectory: String { StoreLocation.keysDirectory(keys, store: store) }

    /// The catalog the tables flags name: the folder, or the tables embedded in the binary
    /// (read only when a lookup needs them). A --tables that is not a folder is a usage error.
    func catalog() throws(CommandFailure) -> any MessageCatalog {
        guard let dir = tablesDirectory else {
            return Catalog(texts: Dictionary(EmbeddedLocalizations.files.map { ($0.path, $0.contents) }, uniquingKeysWith: { $1 }))
        }
        guard Self.isDirectory(dir) else { throw .usage("--tables \(dir): not a directory") }
        do { return try Catalog(root: dir) } catch { throw .usage("--tables \(error)") }
    }

    /// The instant --now names, or nil without --now.
    func nowDate() throws(CommandFailure) -> Date? {
        guard let now else { return nil }
        guard let date = ISO8601.parse(now) else {
            throw .usage("--now: '\(now)' is not an ISO 8601 date-time with a zone (e.g. 2026-11-21T18:30:00Z)")
        }
        return date
    }

    /// --time-zone, checked against ICU's zones.
    func checkTimeZone() throws(CommandFailure) {
        guard DateFormat.isKnownZone(timeZone) else { throw .usage("--time-zone: '\(timeZone)' is not a known IANA time zone") }
    }

    static func isDirectory(_ path: String) -> Bool {
        var st = stat()
        return stat(path, &st) == 0 && (st.st_mode & S_IFMT) == S_IFDIR
    }
}

/// A locale flag's value read the one way every command reads `--locale` (Docs/locales.md):
/// a malformed tag is `herald: error: <flag> <tag>: <reason>`, exit 2.
enum LocaleFlag {
    static func read(_ tag: String, flag: String) throws(CommandFailure) -> LocaleID {
        do { return try LocaleID(tag) } catch { throw .usage("\(flag) \(tag): \(error)") }
    }
}
