public import HeraldCampaign
public import HeraldJSON
import PostgresNIO

/// `herald enqueue`: a batch file's lines become a campaign's jobs, in batches of one
/// multi-row INSERT each; a request already queued (same campaign and key, see
/// `QueuedRequest.key`) is left as it is.
public enum Enqueue {
    public struct Tally: Sendable, Equatable {
        public var added = 0
        public var alreadyQueued = 0
        /// Lines the database refused (each said with its line number); the rest are queued.
        public var refused = 0
        public init() {}
    }

    /// Rows per INSERT, and the most request bytes one holds.
    static let rowsPerInsert = 1_000
    static let bytesPerInsert = 4 << 20

    /// The id of campaign `name`, made if new.
    public static func campaign(_ name: String, in database: Database) async throws(DatabaseError) -> Int64 {
        let rows = try await database.rows(
            """
            INSERT INTO herald_campaigns (name) VALUES (\(name))
            ON CONFLICT (name) DO UPDATE SET name = EXCLUDED.name RETURNING id
            """, "cannot create campaign")
        guard let id = try? rows.first?.decode(Int64.self) else { throw DatabaseError("cannot create campaign: no id returned") }
        return id
    }

    /// The id of campaign `name`, or an error naming it when there is none.
    public static func existingCampaign(_ name: String, in database: Database) async throws(DatabaseError) -> Int64 {
        let rows = try await database.rows("SELECT id FROM herald_campaigns WHERE name = \(name)", "cannot read campaigns")
        guard let id = try? rows.first?.decode(Int64.self) else {
            throw DatabaseError("no campaign named \(JSONWriter.quote(name))")
        }
        return id
    }

    /// Queues every request `input` reads as `kind` jobs of campaign `name`. Lines are read
    /// and inserted as they come (memory stays bounded); workers are notified after each insert.
    /// A line the database refuses is said through `refuse(lineNumber, reason)` and left
    /// out; the lines around it are queued.
    /// With `requestsPerJob` > 1, consecutive lines are queued as jobs of up to that many
    /// requests (`Chunks`): the queue's cost is then paid per job, not per request.
    public static func run(
        _ input: LineReader, kind: JobKind, campaign name: String, into database: Database, requestsPerJob: Int = 1,
        refuse: (Int, String) -> Void = { _, _ in }
    ) async throws -> Tally {
        let campaign = try await campaign(name, in: database)
        // Jobs of this file come after every job the campaign has (results are in this order).
        let base = try await database.rows(
            "SELECT coalesce(max(seq), 0) FROM herald_jobs WHERE campaign_id = \(campaign)", "cannot read the campaign"
        ).first.map { try $0.decode(Int64.self) } ?? 0
        var tally = Tally()
        if requestsPerJob > 1 {
            var chunks = Chunks(requestsPerJob: requestsPerJob)
            var lineNumber = 0
            while let line = try input.next() {
                lineNumber += 1
                guard let request = QueuedRequest(line, lineNumber: lineNumber) else { continue }
                chunks.add(request, seq: base + Int64(lineNumber))
                if chunks.isFull { try await chunks.insert(campaign: campaign, kind: kind, into: database, tally: &tally, refuse: refuse) }
            }
            try await chunks.insert(campaign: campaign, kind: kind, into: database, tally: &tally, refuse: refuse)
            return tally
        }
        var pending = Pending()
        var lineNumber = 0
        while let line = try input.next() {
            lineNumber += 1
            guard let request = QueuedRequest(line, lineNumber: lineNumber) else { continue }
            pending.add(request, seq: base + Int64(lineNumber))
            if pending.keys.count >= rowsPerInsert || pending.bytes >= bytesPerInsert {
                try await pending.insert(campaign: campaign, kind: kind, into: database, tally: &tally, refuse: refuse)
            }
        }
        try await pending.insert(campaign: campaign, kind: kind, into: database, tally: &tally, refuse: refuse)
        return tally
    }

    /// The rows of the next INSERT, column by column (bound as arrays and unnested).
    struct Pending {
        var keys: [String] = []
        var seqs: [Int64] = []
        var lines: [Int64] = []
        var locales: [String] = []
        var requests: [ByteBuffer] = []
        var bytes = 0

        mutating func add(_ request: QueuedRequest, seq: Int64) {
            keys.append(request.key)
            seqs.append(seq)
            lines.append(Int64(request.lineNumber))
            // The locale column is for people looking at the queue; PostgreSQL's text cannot
            // hold U+0000, so such a locale is not kept (the worker answers the request with
            // the batch's own error for it).
            locales.append(request.locale.flatMap { $0.utf8.contains(0) ? nil : $0 } ?? "")
            requests.append(ByteBuffer(bytes: request.request ?? []))
            bytes += request.request?.count ?? 0
        }

        /// Inserts the pending rows in one statement (one transaction: all or none). When the
        /// database refuses the statement for what a row holds, the rows are inserted one by
        /// one and each refused row is said with its line number.
        mutating func insert(
            campaign: Int64, kind: JobKind, into database: Database, tally: inout Tally, refuse: (Int, String) -> Void
        ) async throws(DatabaseError) {
            guard !keys.isEmpty else { return }
            do {
                try await insertRows(0..<keys.count, campaign: campaign, kind: kind, into: database, tally: &tally)
            } catch where !error.connectionLost && keys.count > 1 {
                for row in keys.indices {
                    do {
                        try await insertRows(row..<row + 1, campaign: campaign, kind: kind, into: database, tally: &tally)
                    } catch where !error.connectionLost {
                        tally.refused += 1
                        refuse(Int(lines[row]), error.description)
                    }
                }
            } catch where !error.connectionLost {
                tally.refused += 1
                refuse(Int(lines[0]), error.description)
            }
            try await database.rows("SELECT pg_notify('herald_jobs', '')", "cannot notify workers")
            self = Pending()
        }

        func insertRows(
            _ range: Range<Int>, campaign: Int64, kind: JobKind, into database: Database, tally: inout Tally
        ) async throws(DatabaseError) {
            let keys = Array(keys[range])
            let seqs = Array(seqs[range])
            let lines = Array(lines[range])
            let locales = Array(locales[range])
            let requests = Array(requests[range])
            let rows = try await database.rows(
                """
                INSERT INTO herald_jobs (campaign_id, request_key, seq, line_number, locale, kind, request)
                SELECT \(campaign), key, seq, line, NULLIF(locale, ''), \(kind.rawValue), NULLIF(request, ''::bytea)
                FROM unnest(\(keys)::text[], \(seqs)::bigint[], \(lines)::bigint[], \(locales)::text[], \(requests)::bytea[])
                    AS input (key, seq, line, locale, request)
                ON CONFLICT (campaign_id, request_key) DO NOTHING
                RETURNING 1
                """, "cannot queue the line")
            tally.added += rows.count
            tally.alreadyQueued += keys.count - rows.count
        }
    }
}
