import Foundation

/// Another process holding a store's write lock, as another extension in the middle of a
/// write would: the `sqlite3` shell opens the database, begins an immediate transaction,
/// runs `statements` inside it and keeps it open until `commit()` or `release()` (or the
/// end of the locker's life).
public final class StoreLocker: @unchecked Sendable {
    // `@unchecked Sendable`: the process and the pipe are only used by the owning test.
    private let process = Process()
    private let input = Pipe()

    /// Locks the store in folder `store` (its `herald.sqlite`).
    public convenience init(store: String) throws {
        try self.init(database: store + "/herald.sqlite")
    }

    /// Starts `sqlite3` on the database file at `path` and returns once it says it holds the
    /// lock (the write in `statements` takes it, as `BEGIN IMMEDIATE` alone would).
    public init(database path: String, statements: String = "UPDATE badge SET count = count;") throws {
        let output = Pipe()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/sqlite3")
        process.arguments = [path]
        process.standardInput = input
        process.standardOutput = output
        try process.run()
        input.fileHandleForWriting.write(Data("BEGIN IMMEDIATE;\n\(statements)\nSELECT 'locked';\n".utf8))
        var seen = Data()
        while !String(decoding: seen, as: UTF8.self).contains("locked") {
            let chunk = output.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            seen.append(chunk)
        }
        guard String(decoding: seen, as: UTF8.self).contains("locked") else {
            release()
            throw StageHarness.HarnessError("sqlite3 did not take the lock on \(path): \(String(decoding: seen, as: UTF8.self))")
        }
    }

    deinit { release() }

    /// Commits the transaction (its statements take effect) and ends `sqlite3`.
    public func commit() throws {
        guard process.isRunning else { return }
        input.fileHandleForWriting.write(Data("COMMIT;\n.quit\n".utf8))
        try input.fileHandleForWriting.close()
        process.waitUntilExit()
    }

    /// Ends `sqlite3` without committing (the transaction is rolled back).
    public func release() {
        guard process.isRunning else { return }
        try? input.fileHandleForWriting.close()
        process.terminate()
        process.waitUntilExit()
    }
}
