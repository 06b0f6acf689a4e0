import Foundation
import Glibc
import HeraldSync

/// The bytes every `/v1/validate` upload being read, unpacked or linted holds together
/// (Docs/service.md, "Limits"). An upload takes its bytes as they arrive; one that would take
/// the budget past its `limit` is refused at once with 503 and `Retry-After` (`uploads-busy`),
/// so concurrent uploads cannot add up past the pod's memory. The bytes are given back when
/// the upload's work has really ended — after a 504 too, once the lint thread has stopped.
final class UploadBudget: Sendable {
    let limit: Int
    private let used = Locked(0)

    init(limit: Int) { self.limit = limit }

    /// Bytes taken now.
    var taken: Int { used.withLock { $0 } }

    /// What one upload holds.
    final class Lease: Sendable {
        private let budget: UploadBudget
        private let held = Locked(0)
        let retryAfter: Int

        fileprivate init(budget: UploadBudget, retryAfter: Int) {
            self.budget = budget
            self.retryAfter = retryAfter
        }

        /// Takes `bytes` more, or throws the 503.
        func take(_ bytes: Int) throws(ServiceError) {
            let budget = budget
            let granted = budget.used.withLock { used -> Bool in
                guard used + bytes <= budget.limit else { return false }
                used += bytes
                return true
            }
            guard granted else {
                throw ServiceError(
                    status: 503, code: "uploads-busy",
                    "the uploads being checked now hold the server's upload budget (\(budget.limit >> 20) MiB); try again shortly",
                    retryAfter: retryAfter)
            }
            held.withLock { $0 += bytes }
        }

        /// Gives everything back (also done when the lease goes away).
        func release() {
            let bytes = held.withLock { held in defer { held = 0 }; return held }
            if bytes > 0 { budget.used.withLock { $0 -= bytes } }
        }

        deinit { release() }
    }

    func lease(retryAfter: Int) -> Lease { Lease(budget: self, retryAfter: retryAfter) }
}

/// The folder `/v1/validate` unpacks uploads into: one per server process
/// (`herald-serve-<pid>-XXXXXX` below the temporary folder), made at start and removed with
/// everything in it when the server stops, whatever became of the uploads (a lint thread
/// still running after a 504, a SIGTERM). Folders of processes that no longer run — a server
/// that was killed — are removed at start.
struct UploadFolder: Sendable {
    let path: String

    /// Makes this process's folder below `parent`, after removing dead processes' folders.
    static func make(below parent: String) -> UploadFolder? {
        removeAbandoned(below: parent)
        var template = Array((parent + "/herald-serve-\(getpid())-XXXXXX").utf8CString)
        guard let made = template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) else { return nil }
        return UploadFolder(path: String(cString: made))
    }

    /// Removes the folder and all in it.
    func remove() {
        try? FileManager.default.removeItem(atPath: path)
    }

    /// Removes `herald-serve-<pid>-*` folders whose process is gone.
    static func removeAbandoned(below parent: String) {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: parent) else { return }
        for name in names where name.hasPrefix("herald-serve-") {
            let fields = name.split(separator: "-")
            guard fields.count == 4, let pid = pid_t(fields[2]), pid > 0 else { continue }
            if pid == getpid() { continue }
            if kill(pid, 0) != 0 && errno == ESRCH {
                try? FileManager.default.removeItem(atPath: parent + "/" + name)
            }
        }
    }
}
