import Glibc
import HeraldTables
public import Logging
public import ServiceLifecycle
import UnixSignals

/// Reloads the live tables on SIGHUP and when the tables tree changes.
///
/// The change watch is a periodic `stat` of every table file (`TableTree`, the one walk of a
/// tables folder), not inotify: inotify watches one folder at a time (each `.lproj` folder
/// would need its own watch, re-added as folders come and go), and it misses the way
/// Kubernetes swaps a mounted ConfigMap (a `..data` link replaced at once). A stat of each
/// file every `interval` costs microseconds for tables of a few hundred files, and sees
/// every change that matters: a file added, removed, resized, rewritten or replaced.
public struct TablesWatcher: Service {
    let tables: LiveTables
    let interval: Duration?
    let logger: Logger
    let metrics: ServiceMetrics

    public init(tables: LiveTables, interval: Duration?, metrics: ServiceMetrics, logger: Logger) {
        (self.tables, self.interval, self.metrics, self.logger) = (tables, interval, metrics, logger)
    }

    public func run() async throws {
        let signals = await UnixSignalsSequence(trapping: .sighup)
        await withTaskGroup(of: Void.self) { group in
            group.addTask {
                for await _ in signals {
                    reload(because: "SIGHUP")
                }
            }
            if let interval, let directory = tables.directory {
                group.addTask {
                    var changes = SettledChanges(Self.fingerprint(directory))
                    while !Task.isCancelled && !Task.isShuttingDownGracefully {
                        do { try await Task.sleep(for: interval) } catch { return }
                        if changes.look(Self.fingerprint(directory)) {
                            reload(because: "the tables changed")
                        }
                    }
                }
            }
            try? await gracefulShutdown()
            group.cancelAll()
        }
    }

    /// One reload, logged and counted.
    func reload(because reason: String) {
        if let failure = tables.reload() {
            metrics.tableReload(succeeded: false)
            logger.error("tables not reloaded, the old tables still serve", metadata: ["reason": "\(reason)", "problem": "\(failure)"])
        } else {
            metrics.tableReload(succeeded: true)
            logger.info("tables reloaded", metadata: ["reason": "\(reason)", "generation": "\(tables.current?.number ?? 0)"])
        }
    }

    /// What the tree looks like: each table file's path, device, inode, size and change time.
    static func fingerprint(_ directory: String) -> [String] {
        TableTree.walk(root: directory).files.map { file in
            var st = stat()
            guard stat(file.readPath, &st) == 0 else { return file.relativePath + " missing" }
            return "\(file.relativePath) \(st.st_dev) \(st.st_ino) \(st.st_size) \(st.st_mtim.tv_sec).\(st.st_mtim.tv_nsec) \(st.st_ctim.tv_sec).\(st.st_ctim.tv_nsec)"
        }
    }
}

/// When a change of the tables tree is taken (Docs/service.md, "Reload"): once it has settled —
/// the tree looked the same at two looks in a row, one watch interval apart — never while a
/// file is still being written. A table written in two halves (a copy in progress) whose
/// first half parses on its own is not swapped in between the halves.
struct SettledChanges {
    /// The tree as last taken (or at start).
    private var taken: [String]
    /// A changed tree seen at the last look, not yet taken.
    private var pending: [String]?

    init(_ start: [String]) { taken = start }

    /// One look at the tree: true when a change has settled and the tables should be reloaded.
    mutating func look(_ now: [String]) -> Bool {
        if now == taken {
            pending = nil
            return false
        }
        if now == pending {
            taken = now
            pending = nil
            return true
        }
        pending = now
        return false
    }
}
