import Foundation

/// Another process holding a store's write lock: `sqlite3` opens `<store>/herald.sqlite`,
/// begins an immediate transaction and keeps it open until `release()` (or the end of the
/// locker's life), as another extension in the middle of a write would.
public final class StoreLocker: @unchecked Sendable {
    // `@unchecked Sendable`: the process and the pipe are only used by the owning test.
    private let process = Process()
    private let input = Pipe()

    /// Starts `sqlite3` and returns once it says it holds the lock.
    public init(store: String) throws {
        let output = Pipe()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/sqlite3")
        process.arguments = [store + "/herald.sqlite"]
        process.standardInput = input
        process.standardOutput = output
        try process.run()
        input.fileHandleForWriting.write(Data("BEGIN IMMEDIATE;\nUPDATE badge SET count = count;\nSELECT 'locked';\n".utf8))
        let ready = String(decoding: output.fileHandleForReading.availableData, as: UTF8.self)
        guard ready.contains("locked") else {
            release()
            throw StageHarness.HarnessError("sqlite3 did not take the lock on \(store): \(ready)")
        }
    }

    deinit { release() }

    /// Ends the transaction and `sqlite3`.
    public func release() {
        guard process.isRunning else { return }
        try? input.fileHandleForWriting.close()
        process.terminate()
        process.waitUntilExit()
    }
}
