import Foundation
import HeraldBuiltinTables
import HeraldDiagnostics
public import HeraldStage
import HeraldSync
public import HeraldTables

/// The tables `herald serve` answers from, and their reload (Docs/service.md, "Reload").
///
/// A reload reads and parses every table file off to the side (`Catalog.loadAll`); only when
/// no file has an error is the new catalog swapped in, under the one lock, so a request sees
/// the old tables or the new ones, never a mix. A broken table keeps the old catalog serving;
/// the problem is logged and shown in `/readyz` until a later reload succeeds.
public final class LiveTables: Sendable {
    /// One loaded set of tables and what is built over them once.
    public struct Generation: Sendable {
        /// The catalog.
        public let catalog: any MessageCatalog
        /// The stage over it with no store (requests without a context).
        public let stage: Stage
        /// When it was loaded, counted from 1.
        public let number: Int
    }

    /// What `/readyz` says.
    public struct Status: Sendable {
        /// The tables being served, nil until the first load succeeded.
        public var current: Generation?
        /// Why the last reload was refused (nil after a successful one).
        public var lastFailure: String?
        /// Reloads that were swapped in, and refused.
        public var reloads = 0
        public var failedReloads = 0
    }

    /// The folder, nil for the embedded tables (which never change).
    public let directory: String?
    private let makeStage: @Sendable (any MessageCatalog) -> Stage
    private let state = Locked(Status())

    /// Tables from `directory` (nil: the tables embedded in the binary); `makeStage` builds
    /// the context-free stage over each loaded catalog. Nothing is read until `reload()`.
    public init(directory: String?, makeStage: @escaping @Sendable (any MessageCatalog) -> Stage) {
        self.directory = directory
        self.makeStage = makeStage
    }

    /// The tables now served, or nil when none ever loaded.
    public var current: Generation? { state.withLock { $0.current } }

    /// The status for `/readyz`.
    public var status: Status { state.withLock { $0 } }

    /// Reads and checks the tables; swaps them in when they have no error. Returns nil on
    /// success, else the reason they were refused (the old tables still serve).
    @discardableResult
    public func reload() -> String? {
        let loaded: Result<any MessageCatalog, LoadFailure> = Self.load(directory)
        return state.withLock { status -> String? in
            switch loaded {
            case .success(let catalog):
                let number = (status.current?.number ?? 0) + 1
                status.current = Generation(catalog: catalog, stage: makeStage(catalog), number: number)
                status.lastFailure = nil
                status.reloads += 1
                return nil
            case .failure(let failure):
                status.lastFailure = failure.message
                status.failedReloads += 1
                return failure.message
            }
        }
    }

    struct LoadFailure: Error {
        var message: String
    }

    /// A catalog of every table under `directory`, read and parsed now; a failure names the
    /// first files with errors (file:line:column).
    static func load(_ directory: String?) -> Result<any MessageCatalog, LoadFailure> {
        guard let directory else {
            let catalog = EmbeddedLocalizations.catalog()
            _ = catalog.loadAll()
            return .success(catalog)
        }
        let catalog: Catalog
        do { catalog = try Catalog(root: directory) } catch { return .failure(LoadFailure(message: error.description)) }
        let errors = catalog.loadAll().diagnostics.filter { $0.severity == .error }
        guard errors.isEmpty else {
            let shown = errors.prefix(3).map(\.description).joined(separator: "; ")
            let more = errors.count > 3 ? " (and \(errors.count - 3) more)" : ""
            return .failure(LoadFailure(message: "\(errors.count) error\(errors.count == 1 ? "" : "s") in the tables: \(shown)\(more)"))
        }
        return .success(catalog)
    }
}
