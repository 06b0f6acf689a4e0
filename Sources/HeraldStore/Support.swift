import Foundation
import GRDB
import HeraldSync

import Glibc

/// The deadline of the operation in progress, read by SQLite's busy handler.
final class DeadlineBox: Sendable {
    private let deadline: Locked<ContinuousClock.Instant>

    init(_ deadline: ContinuousClock.Instant) { self.deadline = Locked(deadline) }

    func set(_ deadline: ContinuousClock.Instant) {
        self.deadline.withLock { $0 = deadline }
    }

    /// Called by SQLite while the database is locked: sleeps a little (1 ms, growing to 10 ms)
    /// and says whether to try again.
    func shouldRetry(_ tries: Int) -> Bool {
        let deadline = self.deadline.withLock { $0 }
        guard ContinuousClock.now < deadline else { return false }
        usleep(UInt32(min(10, 1 + tries / 4)) * 1000)
        return ContinuousClock.now < deadline
    }
}

/// An advisory lock file (flock), taken with a deadline.
struct FileLock {
    private let descriptor: Int32

    init(path: String, deadline: ContinuousClock.Instant) throws(StoreError) {
        let descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else {
            throw .directory(path: path, detail: String(cString: strerror(errno)))
        }
        while flock(descriptor, LOCK_EX | LOCK_NB) != 0 {
            let code = errno
            guard code == EWOULDBLOCK || code == EINTR else {
                close(descriptor)
                throw .directory(path: path, detail: String(cString: strerror(code)))
            }
            guard ContinuousClock.now < deadline else {
                close(descriptor)
                throw .locked(path: path)
            }
            usleep(1000)
        }
        self.descriptor = descriptor
    }

    func unlock() {
        flock(descriptor, LOCK_UN)
        close(descriptor)
    }
}

/// Creates the store directory (and missing parents) with mode 0700.
enum StoreDirectory {
    static func create(_ path: String) throws(StoreError) {
        guard !path.isEmpty else { throw .directory(path: path, detail: "empty path") }
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) {
            guard isDirectory.boolValue else { throw .directory(path: path, detail: "not a directory") }
            return
        }
        let parent = (path as NSString).deletingLastPathComponent
        if !parent.isEmpty, parent != path, !FileManager.default.fileExists(atPath: parent) {
            try create(parent)
        }
        if mkdir(path, 0o700) != 0, errno != EEXIST {
            throw .directory(path: path, detail: String(cString: strerror(errno)))
        }
    }
}

/// The database file, created before SQLite opens it so that it (and the `-wal` and
/// `-shm` files, which SQLite creates with the database's mode) is only the owner's.
enum StoreFile {
    static func createPrivate(_ path: String) throws(StoreError) {
        let descriptor = open(path, O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        if descriptor >= 0 {
            close(descriptor)
            return
        }
        guard errno == EEXIST else { throw .directory(path: path, detail: String(cString: strerror(errno))) }
    }

    /// The group- or world-readable permission bits of `directory` ("0755"), or nil when it
    /// is only the owner's (or cannot be read).
    static func exposedMode(of directory: String) -> String? {
        var st = stat()
        guard stat(directory, &st) == 0, st.st_mode & 0o077 != 0 else { return nil }
        return "0" + String(st.st_mode & 0o777, radix: 8)
    }
}

/// Numbers as stored: decimal, comma-separated, no spaces.
enum NumberList {
    static func text(_ numbers: [Int]) -> String { numbers.map(String.init).joined(separator: ",") }

    static func parse(_ text: String) -> [Int]? {
        if text.isEmpty { return [] }
        var result: [Int] = []
        for part in text.split(separator: ",", omittingEmptySubsequences: false) {
            guard let value = Int(part) else { return nil }
            result.append(value)
        }
        return result
    }
}

/// Instants as stored: whole milliseconds since 1970-01-01T00:00:00Z.
enum Milliseconds {
    static func from(_ date: Date) -> Int64 {
        let value = (date.timeIntervalSince1970 * 1000).rounded()
        guard value.isFinite, value > -9.2e18, value < 9.2e18 else { return 0 }
        return Int64(value)
    }

    static func date(_ milliseconds: Int64) -> Date {
        Date(timeIntervalSince1970: Double(milliseconds) / 1000)
    }
}

extension StoreError {
    /// Maps a GRDB/SQLite error to the store's errors.
    init(_ error: any Error, path: String) {
        if let error = error as? StoreError {
            self = error
            return
        }
        guard let error = error as? DatabaseError else {
            self = .database(path: path, detail: String(describing: error))
            return
        }
        switch error.resultCode {
        case .SQLITE_BUSY, .SQLITE_LOCKED:
            self = .locked(path: path)
        case .SQLITE_NOTADB, .SQLITE_CORRUPT:
            self = .corrupt(path: path, detail: error.message ?? "SQLite error \(error.resultCode.rawValue)")
        default:
            self = .database(path: path, detail: error.message ?? "SQLite error \(error.resultCode.rawValue)")
        }
    }
}
