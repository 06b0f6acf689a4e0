import GRDB

/// The store's schema, one migration per change; never edit a shipped migration.
enum Schema {
    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1: tickets, reminders, badge") { db in
            // Numbers are kept as written ("4,11,23"), dates as YYYY-MM-DD, instants as
            // milliseconds since 1970 UTC.
            try db.execute(
                sql: """
                    CREATE TABLE ticket (
                        id INTEGER PRIMARY KEY AUTOINCREMENT,
                        game TEXT NOT NULL,
                        draw TEXT NOT NULL,
                        numbers TEXT NOT NULL,
                        bonus TEXT NOT NULL,
                        multiplier INTEGER,
                        multiplierAddOn INTEGER NOT NULL DEFAULT 0,
                        created INTEGER NOT NULL
                    );
                    CREATE INDEX ticket_game_draw ON ticket (game, draw);
                    CREATE TABLE reminder (
                        id TEXT PRIMARY KEY NOT NULL,
                        title TEXT NOT NULL,
                        due INTEGER NOT NULL,
                        notes TEXT
                    );
                    CREATE TABLE badge (
                        id INTEGER PRIMARY KEY CHECK (id = 1),
                        count INTEGER NOT NULL CHECK (count >= 0)
                    );
                    INSERT INTO badge (id, count) VALUES (1, 0);
                    """)
        }
        migrator.registerMigration("v2: display receipts") { db in
            // One row per shown push (pushId UNIQUE: recording twice keeps one row). Instants
            // are milliseconds since 1970 UTC. A row is pending until `deliveredAt` (the
            // statistics endpoint answered 2xx) or `rejectedAt` (it answered a permanent 4xx)
            // is set; `claimedBy`/`claimedUntil` is the lease a flush takes before sending so
            // that two flushing processes never send the same receipt.
            try db.execute(
                sql: """
                    CREATE TABLE receipt (
                        id INTEGER PRIMARY KEY AUTOINCREMENT,
                        pushId TEXT NOT NULL UNIQUE,
                        shownAt INTEGER NOT NULL,
                        locale TEXT,
                        kind TEXT,
                        attempts INTEGER NOT NULL DEFAULT 0 CHECK (attempts >= 0),
                        lastError TEXT,
                        deliveredAt INTEGER,
                        rejectedAt INTEGER,
                        claimedBy TEXT,
                        claimedUntil INTEGER
                    );
                    CREATE INDEX receipt_pending ON receipt (deliveredAt, rejectedAt, id);
                    """)
        }
        return migrator
    }
}
