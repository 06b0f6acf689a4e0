import Foundation

/// Another process holding the store's write lock: the `sqlite3` shell inside
/// `BEGIN IMMEDIATE`, running `statements` and then waiting to be told to commit.
final class SQLiteLockHolder {
    private let shell = Process()
    private let input = Pipe()
    private let output = Pipe()
    /// True once the shell answered from inside its transaction.
    private(set) var holding = false

    init(database path: String, statements: String = "") throws {
        shell.executableURL = URL(fileURLWithPath: "/usr/bin/sqlite3")
        shell.arguments = [path]
        shell.standardInput = input
        shell.standardOutput = output
        try shell.run()
        input.fileHandleForWriting.write(Data("BEGIN IMMEDIATE;\n\(statements)\nSELECT 'held';\n".utf8))
        var seen = Data()
        while !String(decoding: seen, as: UTF8.self).contains("held") {
            let chunk = output.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            seen.append(chunk)
        }
        holding = String(decoding: seen, as: UTF8.self).contains("held")
    }

    /// Commits and ends the shell.
    func commit() throws {
        input.fileHandleForWriting.write(Data("COMMIT;\n.quit\n".utf8))
        try input.fileHandleForWriting.close()
        shell.waitUntilExit()
    }
}
