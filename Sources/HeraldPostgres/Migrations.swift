import PostgresNIO

/// The campaign schema, as numbered migrations applied in order (Docs/campaigns.md). A
/// migration once shipped never changes: a change is a new migration.
public enum Migrations {
    public struct Migration: Sendable {
        public let number: Int
        public let name: String
        let statements: [String]
    }

    public static let all: [Migration] = [
        Migration(number: 1, name: "campaigns, jobs, results, leases", statements: [
            """
            CREATE TABLE herald_campaigns (
                id bigserial PRIMARY KEY,
                name text NOT NULL UNIQUE,
                created_at timestamptz NOT NULL DEFAULT now())
            """,
            // One row per request; (campaign_id, request_key) is what makes enqueueing idempotent.
            """
            CREATE TABLE herald_jobs (
                id bigserial PRIMARY KEY,
                campaign_id bigint NOT NULL REFERENCES herald_campaigns (id),
                request_key text NOT NULL,
                seq bigint NOT NULL,
                line_number bigint NOT NULL,
                locale text,
                kind text NOT NULL CHECK (kind IN ('render', 'format')),
                request bytea,
                state text NOT NULL DEFAULT 'queued' CHECK (state IN ('queued', 'running', 'done', 'failed')),
                attempts integer NOT NULL DEFAULT 0,
                lease_owner text,
                enqueued_at timestamptz NOT NULL DEFAULT now(),
                UNIQUE (campaign_id, request_key))
            """,
            // What a claim scans: only jobs not yet ended, in id order.
            "CREATE INDEX herald_jobs_open ON herald_jobs (id) WHERE state IN ('queued', 'running')",
            "CREATE INDEX herald_jobs_order ON herald_jobs (campaign_id, seq, id)",
            // Exactly one result per job: the primary key is the job's id.
            """
            CREATE TABLE herald_results (
                job_id bigint PRIMARY KEY REFERENCES herald_jobs (id),
                campaign_id bigint NOT NULL REFERENCES herald_campaigns (id),
                ok boolean NOT NULL,
                answer text NOT NULL,
                reason text,
                worker text NOT NULL,
                finished_at timestamptz NOT NULL DEFAULT now())
            """,
            "CREATE INDEX herald_results_finished ON herald_results (campaign_id, finished_at)",
            // One lease per worker process: renewing it renews every job the worker holds.
            """
            CREATE TABLE herald_leases (
                worker_id text PRIMARY KEY,
                expires_at timestamptz NOT NULL,
                started_at timestamptz NOT NULL DEFAULT now())
            """,
        ]),
        // Jobs of many requests (a large campaign's: `herald enqueue --requests-per-job`),
        // issue 37. Adding columns with a constant default rewrites no row.
        Migration(number: 2, name: "jobs of many requests", statements: [
            // A job of many requests holds them in `lines`, each followed by a newline (an
            // empty line: a line too long to queue; one value, not an array of them: a worker
            // reads it in one piece), with their line numbers in `line_numbers`; `request` is
            // NULL and `line_number` the first's. `requests` counts them (1 for a single job).
            """
            ALTER TABLE herald_jobs
                ADD COLUMN requests integer NOT NULL DEFAULT 1,
                ADD COLUMN lines bytea,
                ADD COLUMN line_numbers bigint[]
            """,
            // A job of many requests whose holder died is split into single jobs (each a
            // suspect, claimed alone); the job itself stays, as `split`, so that
            // enqueueing its lines again still finds them queued.
            "ALTER TABLE herald_jobs DROP CONSTRAINT herald_jobs_state_check",
            """
            ALTER TABLE herald_jobs ADD CONSTRAINT herald_jobs_state_check
                CHECK (state IN ('queued', 'running', 'done', 'failed', 'split'))
            """,
            // A result holds its job's answers, one a line, and how many of them failed.
            """
            ALTER TABLE herald_results
                ADD COLUMN requests integer NOT NULL DEFAULT 1,
                ADD COLUMN failures integer NOT NULL DEFAULT 0
            """,
            "UPDATE herald_results SET failures = 1 WHERE NOT ok",
        ]),
        // A claim looks for a suspect among running jobs and takes queued ones: with one
        // index over both, the search for a suspect read every queued job's entry (85 ms a
        // claim at 200,000 queued, EXPLAIN ANALYZE); an index for each state keeps a claim's
        // cost that of the jobs it takes (5 ms), however long the queue (Docs/campaigns.md).
        // Built while migrating (writes to herald_jobs wait for it): migrate before workers start.
        Migration(number: 3, name: "an index per open state, lz4 for lines and answers", statements: [
            "CREATE INDEX herald_jobs_queued ON herald_jobs (id) WHERE state = 'queued'",
            "CREATE INDEX herald_jobs_running ON herald_jobs (id) WHERE state = 'running'",
            "DROP INDEX herald_jobs_open",
            // A job of many requests stores tens of kilobytes of lines and of answers, which
            // PostgreSQL compresses; lz4 (where the server has it) costs half of pglz's time
            // in recording (Docs/campaigns.md) and writes less.
            """
            DO $$ BEGIN
                IF EXISTS (SELECT 1 FROM pg_settings WHERE name = 'default_toast_compression' AND 'lz4' = ANY (enumvals)) THEN
                    ALTER TABLE herald_results ALTER COLUMN answer SET COMPRESSION lz4;
                    ALTER TABLE herald_jobs ALTER COLUMN lines SET COMPRESSION lz4, ALTER COLUMN request SET COMPRESSION lz4;
                END IF;
            END $$
            """,
        ]),
    ]

    /// Applies the migrations the database lacks, in order, in one transaction (under an
    /// advisory lock, so two `migrate` runs at once apply each migration once); returns the
    /// ones applied now.
    public static func migrate(_ database: Database) async throws(DatabaseError) -> [Migration] {
        try await database.rows(
            """
            CREATE TABLE IF NOT EXISTS herald_migrations (
                number integer PRIMARY KEY, name text NOT NULL, applied_at timestamptz NOT NULL DEFAULT now())
            """, "cannot create the migrations table")
        let logger = database.logger
        let applied = try await database.transaction("cannot migrate") { connection -> [Int] in
            try await connection.query("SELECT pg_advisory_xact_lock(7170017)", logger: logger)
            var done = Set<Int>()
            for try await number in try await connection.query("SELECT number FROM herald_migrations", logger: logger).decode(Int.self) {
                done.insert(number)
            }
            var now: [Int] = []
            for migration in all where !done.contains(migration.number) {
                for statement in migration.statements {
                    try await connection.query(PostgresQuery(unsafeSQL: statement), logger: logger)
                }
                try await connection.query(
                    "INSERT INTO herald_migrations (number, name) VALUES (\(migration.number), \(migration.name))", logger: logger)
                now.append(migration.number)
            }
            return now
        }
        return all.filter { applied.contains($0.number) }
    }
}
