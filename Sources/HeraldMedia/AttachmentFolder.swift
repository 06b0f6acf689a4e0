public import Foundation

import Glibc

/// The shared container's attachment folder, `<store>/attachments/`: downloads
/// land here as `<sha256 hex>.<ext>` (content-hash names only, so no name from
/// a URL or a server can reach outside the folder), written first to a hidden
/// temporary file and renamed into place.
public struct AttachmentFolder: Sendable, Hashable {
    /// The folder.
    public let path: String

    /// Downloads in progress are `<folder>/<tempPrefix><random><tempSuffix>`.
    public static let tempPrefix = ".herald-"
    /// The suffix of a file still being written.
    public static let tempSuffix = ".part"

    /// The attachment folder at `path` (created when first written to).
    public init(path: String) {
        self.path = path
    }

    /// `<store>/attachments`.
    public init(store: String) {
        self.path = (store.hasSuffix("/") ? String(store.dropLast()) : store) + "/attachments"
    }

    /// Creates the folder (and missing parents, the store folder among them) with mode
    /// 0700: attachments are decrypted media, and the store folder holds keys and the
    /// database; nil on success.
    public func prepare() -> MediaFailure? {
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) {
            return isDirectory.boolValue ? nil : .io("\(path) exists and is not a folder")
        }
        do {
            try FileManager.default.createDirectory(
                atPath: path, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
            return nil
        } catch {
            return .io("cannot create \(path): \(error.localizedDescription)")
        }
    }

    /// What a clean-up removed and what is left.
    public struct CleanupReport: Sendable, Hashable {
        /// File names removed, oldest first.
        public var removed: [String]
        /// Files left.
        public var remainingFiles: Int
        /// Bytes left.
        public var remainingBytes: Int64
        /// Files that could not be removed, with the reason.
        public var errors: [String]
    }

    /// Keeps the folder bounded: removes attachment files oldest first (by
    /// modification time, then name) until at most `maxFiles` remain and they
    /// hold at most `maxTotalBytes`. Files named in `keeping` (this push's own
    /// attachments) are never removed, and count toward the bounds. Stale
    /// temporary files (older than `staleTemporaryAge` seconds — a download
    /// killed mid-way) are removed too. Files not named by this module are
    /// left alone. A missing folder is an empty one.
    public func cleanUp(
        maxFiles: Int, maxTotalBytes: Int64, keeping: Set<String> = [], staleTemporaryAge: TimeInterval = 600,
        now: Date = Date()
    ) -> CleanupReport {
        var report = CleanupReport(removed: [], remainingFiles: 0, remainingBytes: 0, errors: [])
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: path) else { return report }

        struct Entry {
            let name: String
            let size: Int64
            let modified: Date
        }
        var entries: [Entry] = []
        for name in names {
            let full = path + "/" + name
            var st = stat()
            guard lstat(full, &st) == 0, (st.st_mode & S_IFMT) == S_IFREG else { continue }
            let modified = Date(timeIntervalSince1970: Self.modificationTime(st))
            if name.hasPrefix(Self.tempPrefix), name.hasSuffix(Self.tempSuffix) {
                if now.timeIntervalSince(modified) > staleTemporaryAge { remove(name, into: &report) }
                continue
            }
            guard Self.isAttachmentName(name) else { continue }
            entries.append(Entry(name: name, size: Int64(st.st_size), modified: modified))
        }
        entries.sort { $0.modified != $1.modified ? $0.modified < $1.modified : $0.name < $1.name }

        var count = entries.count
        var bytes = entries.reduce(Int64(0)) { $0 + $1.size }
        for e in entries where count > maxFiles || bytes > maxTotalBytes {
            if keeping.contains(e.name) { continue }
            if remove(e.name, into: &report) {
                count -= 1
                bytes -= e.size
            }
        }
        report.remainingFiles = count
        report.remainingBytes = bytes
        return report
    }

    /// `cleanUp` with the policy's bounds.
    public func cleanUp(policy: MediaPolicy, keeping: Set<String> = []) -> CleanupReport {
        cleanUp(maxFiles: policy.maxFiles, maxTotalBytes: policy.maxTotalBytes, keeping: keeping)
    }

    /// True for `<64 lowercase hex>.<known extension>`.
    public static func isAttachmentName(_ name: String) -> Bool {
        guard let dot = name.firstIndex(of: ".") else { return false }
        let hash = name[..<dot]
        let ext = name[name.index(after: dot)...]
        return hash.count == 64 && hash.allSatisfy({ $0.isHexDigit && !$0.isUppercase })
            && MediaType.allCases.contains { $0.fileExtension == ext }
    }

    @discardableResult
    private func remove(_ name: String, into report: inout CleanupReport) -> Bool {
        if unlink(path + "/" + name) == 0 || errno == ENOENT {
            report.removed.append(name)
            return true
        }
        report.errors.append("\(name): \(String(cString: strerror(errno)))")
        return false
    }

    private static func modificationTime(_ st: stat) -> TimeInterval {
        return TimeInterval(st.st_mtim.tv_sec) + TimeInterval(st.st_mtim.tv_nsec) / 1e9
    }
}
