public import Foundation
public import HeraldLottery
import GRDB

/// The shared container: one SQLite file (`<dir>/herald.sqlite`, WAL mode) that the app and
/// every run of the extension — each its own process — open at once. Writes take the write
/// lock up front (IMMEDIATE transactions), so counters such as the badge are exact under
/// concurrent deliveries; an operation that cannot get the lock before its deadline fails with
/// ``StoreError/locked(path:)`` instead of hanging.
///
/// Durability: WAL mode with `PRAGMA synchronous = NORMAL` (set on every connection): a
/// commit only appends to the WAL and never waits for the disk; the WAL is synced when it is
/// checkpointed (at the latest when the last connection closes). The database can never be
/// corrupted this way, but a power cut (not a crash of the process) may lose the last commits
/// before the next checkpoint: a badge increment or a display receipt. That is the trade-off
/// for a push's budget (`FULL` cost an `fdatasync` per commit, 0.3–3 ms).
///
/// A `Store` is one connection; it may be shared between threads (operations run one at a
/// time on it). Every operation takes a `deadline` (default: now + ``defaultTimeout``).
public final class Store: Sendable {
    /// The file name inside the store directory.
    public static let fileName = "herald.sqlite"
    /// How long an operation waits for a lock when no deadline is given.
    public static let defaultTimeout: Duration = .seconds(5)
    /// The largest badge count (APNs badges are 32-bit).
    public static let maximumBadge = Int(Int32.max)

    /// Path of the database file.
    public let path: String
    private let queue: DatabaseQueue
    private let deadline: DeadlineBox

    /// A connection to the database at `path` (opened as `file`, the path or an SQLite URI
    /// filename) whose lock waits end at `deadline`: SQLite's busy handler and every
    /// operation (``perform(write:deadline:_:)``) share that one box. `configure` adds what
    /// the kind of open needs.
    private init(
        path: String, file: String? = nil, deadline: ContinuousClock.Instant, label: String,
        configure: (inout Configuration) -> Void
    ) throws {
        let box = DeadlineBox(deadline)
        var configuration = Configuration()
        configuration.busyMode = .callback { tries in box.shouldRetry(tries) }
        configuration.label = label
        configure(&configuration)
        self.queue = try DatabaseQueue(path: file ?? path, configuration: configuration)
        self.path = path
        self.deadline = box
    }

    /// Opens (creating if needed) the store in `directory`: creates the directory (mode 0700)
    /// and the database (mode 0600, and so its `-wal` and `-shm` files), switches it to WAL
    /// and brings its schema up to date.
    ///
    /// `readOnly`: only reads an existing store (`StoreError.missing` when there is none),
    /// never creates, migrates or writes anything; a store the user cannot write (a
    /// read-only file or folder) can still be listed this way.
    public static func open(
        directory: String, readOnly: Bool = false, deadline: ContinuousClock.Instant = .now + defaultTimeout
    ) throws(StoreError) -> Store {
        let path = directory.hasSuffix("/") ? directory + fileName : directory + "/" + fileName
        if readOnly { return try openReadOnly(path: path, deadline: deadline) }
        try StoreDirectory.create(directory)
        try StoreFile.createPrivate(path)
        // WAL and synchronous = NORMAL (see the type's documentation), set here rather than
        // with GRDB's `journalMode = .wal`: that set-up also checks the WAL file's size through
        // Foundation's URL resource values and, when it is empty (every start, since the last
        // connection to close removes it), creates and drops a table in a write transaction —
        // a commit and 2M instructions per open, needed only by GRDB's DatabasePool readers.
        // The journal mode is kept in the file once set; the PRAGMA then only reads it.
        func useWAL(_ configuration: inout Configuration) {
            configuration.prepareDatabase { db in
                let mode = try String.fetchOne(db, sql: "PRAGMA journal_mode = WAL")
                guard mode == "wal" else {
                    throw DatabaseError(message: "could not switch to WAL mode (journal mode is \(mode ?? "unknown"))")
                }
                try db.execute(sql: "PRAGMA synchronous = NORMAL")
            }
        }
        // Schema changes by several processes opening a fresh store at once are serialized
        // by an advisory lock next to the database (SQLite's migrator reads the applied
        // migrations outside its write transaction).
        let lock = try FileLock(path: path + ".lock", deadline: deadline)
        defer { lock.unlock() }
        do {
            let store = try Store(path: path, deadline: deadline, label: "herald.store", configure: useWAL)
            let migrator = Schema.migrator
            if try !store.queue.read({ try migrator.hasCompletedMigrations($0) }) {
                try migrator.migrate(store.queue)
            }
            return store
        } catch {
            throw StoreError(error, path: path)
        }
    }

    /// A private database in memory, with the store's schema: nothing is read from or written
    /// to disk, and it is gone when the last reference goes. For state that lives for one
    /// computation only (`herald serve` fills one from a request's context).
    public static func inMemory() throws(StoreError) -> Store {
        let name = ":memory:"
        do {
            let store = try Store(path: name, deadline: .now + defaultTimeout, label: "herald.store.memory") { _ in }
            try Schema.migrator.migrate(store.queue)
            return store
        } catch {
            throw StoreError(error, path: name)
        }
    }

    /// The permission bits of `directory` ("0755") when its group or others may read or
    /// enter it — the store holds tickets, reminders and keys — else nil.
    public static func exposedMode(ofDirectory directory: String) -> String? {
        StoreFile.exposedMode(of: directory)
    }

    /// A connection that never writes: read-write with `query_only` where the file allows it
    /// (so that, being the last to close, it removes the WAL and shared-memory files as every
    /// connection does), else SQLite's read-only mode. The database file is never changed.
    ///
    /// When the folder itself is not writable, a WAL database cannot be opened read-only the
    /// usual way (SQLite must create `-shm` beside it: "attempt to write a readonly
    /// database"), so it is opened `immutable=1`: no `-shm`, no locks, the file read as it is
    /// (a writer able to write the folder may have commits in its `-wal` that this reader
    /// does not see; nothing is lost, and the listing is of the file as checkpointed).
    private static func openReadOnly(path: String, deadline: ContinuousClock.Instant) throws(StoreError) -> Store {
        guard access(path, F_OK) == 0 else { throw .missing(path: path) }
        let folder = (path as NSString).deletingLastPathComponent
        let folderReadOnly = access(folder.isEmpty ? "." : folder, W_OK) != 0
        func attempt(readonly: Bool, immutable: Bool = false) throws -> Store {
            let store = try Store(
                path: path, file: immutable ? immutableURI(path) : nil, deadline: deadline, label: "herald.store.read"
            ) { configuration in
                configuration.readonly = readonly
                if !readonly { configuration.prepareDatabase { db in try db.execute(sql: "PRAGMA query_only = ON") } }
            }
            guard try store.queue.read({ try Schema.migrator.hasCompletedMigrations($0) }) else {
                throw StoreError.database(
                    path: path, detail: "the schema is older than this herald; open the store once for writing")
            }
            return store
        }
        do {
            return try attempt(readonly: folderReadOnly || access(path, W_OK) != 0, immutable: folderReadOnly)
        } catch let error as StoreError {
            throw error
        } catch {
            do { return try attempt(readonly: true) } catch { throw StoreError(error, path: path) }
        }
    }

    /// `path` as an SQLite URI filename opening it read-only and immutable (SQLite
    /// reads URI filenames when built with `SQLITE_USE_URI`, as Debian's is and GRDB's
    /// shared in-memory databases need; without it the plain read-only open is tried
    /// after); `%`, `?` and `#` in the path are escaped.
    static func immutableURI(_ path: String) -> String {
        var escaped = ""
        for c in path.unicodeScalars {
            switch c {
            case "%": escaped += "%25"
            case "?": escaped += "%3f"
            case "#": escaped += "%23"
            default: escaped.unicodeScalars.append(c)
            }
        }
        return (path.hasPrefix("/") ? "file://" : "file:") + escaped + "?mode=ro&immutable=1"
    }

    /// Runs `body` on the connection with `deadline` governing lock waits, inside an
    /// IMMEDIATE transaction when `write` is set.
    func perform<T>(
        write: Bool, deadline: ContinuousClock.Instant, _ body: (Database) throws -> T
    ) throws(StoreError) -> T {
        do {
            return try queue.inDatabase { db in
                self.deadline.set(deadline)
                guard write else { return try body(db) }
                var result: T?
                try db.inTransaction(.immediate) {
                    result = try body(db)
                    return .commit
                }
                guard let result else { throw StoreError.database(path: path, detail: "transaction returned nothing") }
                return result
            }
        } catch {
            throw StoreError(error, path: path)
        }
    }

    /// SQLite's `synchronous` level on this connection (0 OFF, 1 NORMAL, 2 FULL, 3 EXTRA).
    func synchronousLevel() throws(StoreError) -> Int {
        try perform(write: false, deadline: .now + Self.defaultTimeout) { db in
            try Int.fetchOne(db, sql: "PRAGMA synchronous") ?? -1
        }
    }

    // MARK: Tickets

    /// Stores `ticket` and returns its row id.
    @discardableResult
    public func addTicket(
        _ ticket: Ticket, created: Date = Date(), deadline: ContinuousClock.Instant = .now + defaultTimeout
    ) throws(StoreError) -> Int64 {
        try perform(write: true, deadline: deadline) { db in
            try db.execute(
                sql: """
                    INSERT INTO ticket (game, draw, numbers, bonus, multiplier, multiplierAddOn, created)
                    VALUES (?, ?, ?, ?, ?, ?, ?)
                    """,
                arguments: [
                    ticket.game, ticket.draw.description, NumberList.text(ticket.numbers),
                    NumberList.text(ticket.bonus), ticket.multiplier, ticket.multiplierAddOn,
                    Milliseconds.from(created),
                ])
            return db.lastInsertedRowID
        }
    }

    /// The stored tickets, optionally only those of `game` and/or `draw`, oldest first.
    public func tickets(
        game: String? = nil, draw: DrawDate? = nil, deadline: ContinuousClock.Instant = .now + defaultTimeout
    ) throws(StoreError) -> [StoredTicket] {
        let rows = try perform(write: false, deadline: deadline) { db in
            // Cached statements (here and in the other per-push queries): compiling the SQL
            // cost more than running it, once per push.
            try Row.fetchAll(
                db.cachedStatement(
                    sql: """
                        SELECT id, game, draw, numbers, bonus, multiplier, multiplierAddOn, created FROM ticket
                        WHERE (?1 IS NULL OR game = ?1) AND (?2 IS NULL OR draw = ?2) ORDER BY id
                        """),
                arguments: [game, draw?.description])
        }
        var result: [StoredTicket] = []
        result.reserveCapacity(rows.count)
        for row in rows { result.append(try Self.ticket(from: row)) }
        return result
    }

    private static func ticket(from row: Row) throws(StoreError) -> StoredTicket {
        let id: Int64 = column(row, "id") ?? 0
        func invalid(_ detail: String) -> StoreError { .invalidRow(table: "ticket", id: String(id), detail: detail) }
        guard let game: String = column(row, "game"), let drawText: String = column(row, "draw"),
              let numbersText: String = column(row, "numbers"), let bonusText: String = column(row, "bonus"),
              let created: Int64 = column(row, "created")
        else { throw invalid("missing or mistyped column value") }
        guard let numbers = NumberList.parse(numbersText) else { throw invalid("numbers '\(numbersText)'") }
        guard let bonus = NumberList.parse(bonusText) else { throw invalid("bonus '\(bonusText)'") }
        let multiplier: Int? = column(row, "multiplier")
        if multiplier == nil, let raw = row["multiplier"] as DatabaseValue?, !raw.isNull {
            throw invalid("multiplier \(raw)")
        }
        let addOn: Bool = column(row, "multiplierAddOn") ?? false
        do {
            let ticket = try Ticket(
                game: game, draw: try DrawDate(drawText), numbers: numbers, bonus: bonus,
                multiplier: multiplier, multiplierAddOn: addOn)
            return StoredTicket(id: id, ticket: ticket, created: Milliseconds.date(created))
        } catch {
            throw invalid(error.description)
        }
    }

    // MARK: Reminders

    /// Stores `reminder`, replacing the one with the same id if there is one.
    public func addReminder(
        _ reminder: Reminder, deadline: ContinuousClock.Instant = .now + defaultTimeout
    ) throws(StoreError) {
        try perform(write: true, deadline: deadline) { db in
            try db.execute(
                sql: """
                    INSERT INTO reminder (id, title, due, notes) VALUES (?, ?, ?, ?)
                    ON CONFLICT(id) DO UPDATE SET title = excluded.title, due = excluded.due, notes = excluded.notes
                    """,
                arguments: [reminder.id.uuidString, reminder.title, Milliseconds.from(reminder.due), reminder.notes])
        }
    }

    /// The reminder with `id`, or nil.
    public func reminder(
        id: UUID, deadline: ContinuousClock.Instant = .now + defaultTimeout
    ) throws(StoreError) -> Reminder? {
        let row = try perform(write: false, deadline: deadline) { db in
            try Row.fetchOne(
                db.cachedStatement(sql: "SELECT id, title, due, notes FROM reminder WHERE id = ?"), arguments: [id.uuidString])
        }
        guard let row else { return nil }
        return try Self.reminder(from: row)
    }

    /// Every reminder, soonest due first.
    public func reminders(deadline: ContinuousClock.Instant = .now + defaultTimeout) throws(StoreError) -> [Reminder] {
        let rows = try perform(write: false, deadline: deadline) { db in
            try Row.fetchAll(db, sql: "SELECT id, title, due, notes FROM reminder ORDER BY due, id")
        }
        var result: [Reminder] = []
        for row in rows { result.append(try Self.reminder(from: row)) }
        return result
    }

    private static func reminder(from row: Row) throws(StoreError) -> Reminder {
        let idText: String = column(row, "id") ?? ""
        guard let id = UUID(uuidString: idText) else {
            throw .invalidRow(table: "reminder", id: idText, detail: "id is not a UUID")
        }
        guard let title: String = column(row, "title"), let due: Int64 = column(row, "due") else {
            throw .invalidRow(table: "reminder", id: idText, detail: "missing title or due")
        }
        return Reminder(id: id, title: title, due: Milliseconds.date(due), notes: column(row, "notes"))
    }

    /// A column's value converted to `T`, or nil when it is NULL, absent or of another type
    /// (GRDB's subscript would stop the process on a failed conversion).
    static func column<T: DatabaseValueConvertible>(_ row: Row, _ name: String) -> T? {
        guard let value = row[name] as DatabaseValue? else { return nil }
        return T.fromDatabaseValue(value)
    }

    // MARK: Badge

    /// The badge count.
    public func badge(deadline: ContinuousClock.Instant = .now + defaultTimeout) throws(StoreError) -> Int {
        try perform(write: false, deadline: deadline) { db in
            try Int.fetchOne(db, sql: "SELECT count FROM badge WHERE id = 1") ?? 0
        }
    }

    /// Sets the badge count (0 clears it).
    public func setBadge(_ count: Int, deadline: ContinuousClock.Instant = .now + defaultTimeout) throws(StoreError) {
        guard (0...Self.maximumBadge).contains(count) else { throw .badgeOutOfRange(count) }
        try perform(write: true, deadline: deadline) { db in
            try db.execute(sql: "UPDATE badge SET count = ? WHERE id = 1", arguments: [count])
        }
    }

    /// Adds `delta` to the badge count atomically across processes and returns the new count.
    /// A result below zero is clamped to 0; one above ``maximumBadge`` is refused.
    @discardableResult
    public func incrementBadge(
        by delta: Int = 1, deadline: ContinuousClock.Instant = .now + defaultTimeout
    ) throws(StoreError) -> Int {
        guard (-Self.maximumBadge...Self.maximumBadge).contains(delta) else { throw .badgeOutOfRange(delta) }
        return try perform(write: true, deadline: deadline) { db in
            let current = try Int.fetchOne(db.cachedStatement(sql: "SELECT count FROM badge WHERE id = 1")) ?? 0
            let (sum, overflow) = current.addingReportingOverflow(delta)
            guard !overflow, sum <= Self.maximumBadge else { throw StoreError.badgeOutOfRange(overflow ? Int.max : sum) }
            let next = max(0, sum)
            try db.cachedStatement(sql: "UPDATE badge SET count = ? WHERE id = 1").execute(arguments: [next])
            return next
        }
    }
}
