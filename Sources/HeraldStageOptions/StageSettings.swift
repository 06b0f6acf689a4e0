public import Foundation
public import HeraldCommandLine
import HeraldBuiltinTables
import HeraldICU
public import HeraldMedia
public import HeraldSealing
public import HeraldStage
import HeraldStore
public import HeraldTables

import Glibc

/// Which executable reads the stage's flags: what a flag left out means there (Docs/cli.md).
public enum StageRole: Sendable, Hashable {
    /// `herald`, in a device's place: the tables of `./Localizations` when there is one, else
    /// the embedded ones; the shared container `$HERALD_STORE` or `~/.herald`; its `keys` folder.
    case device
    /// `herald worker`: the tables as `herald` finds them; no container and no keys unless named.
    case worker
    /// `herald serve`: the embedded tables unless `--tables`; no keys unless named; no
    /// container and no fixed "now" (a request brings its own container in `context`).
    case server

    /// Whether `--store` and `--now` are taken.
    public var takesStoreAndNow: Bool { self != .server }
}

/// The stage's flags as plain values, read by ArgumentParser (`StageOptions`,
/// `CommonOptions`) or by `QuickArguments` from the same declarations (`flags`), and the
/// one way to check them and to make a stage's configuration from them.
public struct StageSettings: Sendable {
    public static let defaultTimeZone = "UTC"
    public static let defaultDeadlineMilliseconds = 25_000

    public var role: StageRole
    public var tables: String?
    public var store: String?
    public var keys: String?
    public var now: String?
    public var timeZone = defaultTimeZone
    public var deadlineMilliseconds = defaultDeadlineMilliseconds
    public var algorithms: String?
    public var allowUnsealed = false

    public init(role: StageRole) { self.role = role }

    // MARK: the declarations

    public static let tables = QuickFlag<Self>(
        "tables", help: "Folder of <lang>.lproj/ tables and/or .xcstrings catalogs") { $0.tables = $1 }
    public static let store = QuickFlag<Self>("store", help: "The shared container: tickets, reminders, badge, receipts") { $0.store = $1 }
    public static let keys = QuickFlag<Self>("keys", help: "Key files for sealed pushes, as herald keygen writes them") { $0.keys = $1 }
    public static let now = QuickFlag<Self>("now", help: "Fix \"now\" (ISO 8601), for relative dates and deadlines.") { $0.now = $1 }
    public static let timeZone = QuickFlag<Self>("time-zone", help: "IANA time zone for dates shown to the user") { $0.timeZone = $1 }
    public static let deadline = QuickFlag<Self>(
        "deadline-ms", help: "Time budget per push in milliseconds (1…3600000); past it the best attempt is written.",
        parse: { values, text in Int(text).map { values.deadlineMilliseconds = $0 } != nil })
    public static let algorithms = QuickFlag<Self>(
        "algorithms",
        help: "Envelope algorithms to open, comma-separated (hpke, aes-gcm, rot13; default: hpke and aes-gcm, and rot13 with --allow-unsealed)."
    ) { $0.algorithms = $1 }
    public static let allowUnsealed = QuickFlag<Self>(
        "allow-unsealed", .toggle,
        help: "Use legacy, unsealed input: a plaintext herald object, plain fields beside herald.sealed, the ROT13 custom-encrypted-message and media-url, rot13 envelopes. By default only sealed content is used."
    ) { values, _ in values.allowUnsealed = true }

    /// The help of a flag for `role`: what it is and what leaving it out means.
    public static func help(_ flag: QuickFlag<Self>, _ role: StageRole) -> String {
        switch (flag.name, role) {
        case ("tables", .server): return flag.help + " (default: the tables embedded in herald)."
        case ("tables", _): return flag.help + " (default: ./Localizations if present, else the tables embedded in herald)."
        case ("store", .device): return flag.help + " (default: $HERALD_STORE or ~/.herald)."
        case ("store", _): return flag.help + " (default: none)."
        case ("keys", .device): return flag.help + " (default: <store>/keys)."
        case ("keys", _): return flag.help + " (default: none; sealed pushes fall back)."
        case ("time-zone", .server): return flag.help + " when a request's context names none."
        case ("time-zone", _): return flag.help + "."
        default: return flag.help
        }
    }

    /// The flags every command that reads tables or a store takes, for a quick reader.
    public static func commonFlags<Outer>(at part: any WritableKeyPath<Outer, Self> & Sendable) -> [QuickFlag<Outer>] {
        [tables, store, keys, now, timeZone].map { $0.lifted(part) }
    }

    /// Every flag of the stage, for a quick reader.
    public static func stageFlags<Outer>(at part: any WritableKeyPath<Outer, Self> & Sendable) -> [QuickFlag<Outer>] {
        commonFlags(at: part) + [deadline, algorithms, allowUnsealed].map { $0.lifted(part) }
    }

    // MARK: checks

    /// The checks of the common flags (`CommonOptions.validate()`, and the quick readers'
    /// commands before they run): a usage error naming the flag.
    public func checkCommon() throws(CommandFailure) {
        if !role.takesStoreAndNow {
            if store != nil { throw .usage("--store: herald serve keeps no shared container (a request names its own in context)") }
            if now != nil { throw .usage("--now: herald serve reads the clock (a request fixes its own now in context)") }
        }
        _ = try nowDate()
        guard DateFormat.isKnownZone(timeZone) else { throw .usage("--time-zone: '\(timeZone)' is not a known IANA time zone") }
        if let tables, !Self.isDirectory(tables) { throw .usage("--tables \(tables): not a directory") }
    }

    /// The checks of the stage's own flags (`StageOptions.validate()`).
    public func checkStageFlags() throws(CommandFailure) {
        try DeadlineOption.check(deadlineMilliseconds, minimum: 1)
        _ = try sealingAlgorithms()
    }

    /// Every check: what a quick reader's command runs before it uses the flags.
    public func check() throws(CommandFailure) {
        try checkStageFlags()
        try checkCommon()
    }

    // MARK: what the flags name

    /// The tables folder to read, or nil for the embedded tables.
    public var tablesDirectory: String? {
        if let tables { return tables }
        return role != .server && Self.isDirectory("Localizations") ? "Localizations" : nil
    }

    /// The store folder, nil for none: --store, else the device's ($HERALD_STORE, ~/.herald).
    public var storeDirectory: String? {
        role == .device ? StoreLocation.directory(store) : store
    }

    /// The key folder, nil for none: --keys, else the device's `<store>/keys`.
    public var keysDirectory: String? {
        role == .device ? StoreLocation.keysDirectory(keys, store: store) : keys
    }

    /// The shared container as the stage takes it.
    public var storeSource: StoreSource { storeDirectory.map { .directory($0) } ?? .none }

    /// The key folder as the stage takes it.
    public var keySource: KeySource { keysDirectory.map { .directory($0) } ?? .none }

    /// The catalog the tables flags name: the folder, or the tables embedded in the binary
    /// (read only when a lookup needs them). A --tables that is not a folder is a usage error.
    public func catalog() throws(CommandFailure) -> any MessageCatalog {
        guard let dir = tablesDirectory else { return EmbeddedLocalizations.catalog() }
        guard Self.isDirectory(dir) else { throw .usage("--tables \(dir): not a directory") }
        do { return try Catalog(root: dir) } catch { throw .usage("--tables \(error)") }
    }

    /// The instant --now names, or nil without --now.
    public func nowDate() throws(CommandFailure) -> Date? {
        guard let now else { return nil }
        guard let date = ISO8601.parse(now) else {
            throw .usage("--now: '\(now)' is not an ISO 8601 date-time with a zone (e.g. 2026-11-21T18:30:00Z)")
        }
        return date
    }

    /// The envelope algorithms --algorithms and --allow-unsealed accept.
    public func sealingAlgorithms() throws(CommandFailure) -> Set<SealingAlgorithm> {
        try CommandFailure.catching(.usage, "--algorithms: ") { try SealingAlgorithm.accepted(algorithms, allowUnsealed: allowUnsealed) }
    }

    /// The stage's configuration the flags give (checked with `check()` first): their tables,
    /// container, keys, now, time zone, deadline and sealing policy; media as given.
    public func configuration(
        catalog: (any MessageCatalog)? = nil, mediaDownloader: (any MediaDownloader)? = nil, mediaPolicy: MediaPolicy = MediaPolicy()
    ) throws(CommandFailure) -> StageConfiguration {
        try check()
        let tables: any MessageCatalog
        if let catalog { tables = catalog } else { tables = try self.catalog() }
        var configuration = StageConfiguration(
            catalog: tables, store: storeSource, keys: keySource, mediaPolicy: mediaPolicy, now: try nowDate(),
            timeZone: timeZone, deadline: .milliseconds(deadlineMilliseconds), sealingAlgorithms: try sealingAlgorithms(),
            allowUnsealed: allowUnsealed)
        if let mediaDownloader { configuration.mediaDownloader = mediaDownloader }
        return configuration
    }

    public static func isDirectory(_ path: String) -> Bool {
        var st = stat()
        return stat(path, &st) == 0 && (st.st_mode & S_IFMT) == S_IFDIR
    }
}
