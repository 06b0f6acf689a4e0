import Foundation
import HeraldJSON
import HeraldStage

/// What an in-process stage test needs, made fresh per test and removed at its end: a
/// temporary shared container (a real SQLite store and a key directory, as `herald keygen`
/// writes it), the repository's own tables, and stages configured over them.
public final class StageHarness: Sendable {
    /// The repository's Localizations folder.
    public static let tables = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Localizations").path
    /// The tables read once for every test of the process.
    public static let catalog: Catalog = {
        do { return try Catalog(root: tables) } catch { fatalError("the repository's tables: \(error)") }
    }()
    /// A deadline of an hour: tests of content must not see a busy machine turn it into a best attempt.
    public static let noDeadline: Duration = .seconds(3600)

    /// The folder holding the store and the keys.
    public let folder: TemporaryFolder
    /// The shared container (`<folder>/store`): `herald.sqlite` is created on first open.
    public var storePath: String { folder.path("store") }
    /// The key directory (`<store>/keys`, as `herald keygen` uses by default).
    public var keysPath: String { storePath + "/keys" }

    public init() throws { folder = try TemporaryFolder("herald-stage") }

    /// A connection to the store (created if needed).
    public func store() throws -> Store { try Store.open(directory: storePath) }

    /// Adds a ticket to the store.
    public func addTicket(_ game: String, draw: String, numbers: [Int], bonus: [Int]) throws {
        _ = try store().addTicket(Ticket(game: game, draw: DrawDate(draw), numbers: numbers, bonus: bonus))
    }

    /// Makes a key in the key directory, as `herald keygen --id ID` does (HPKE by default).
    @discardableResult
    public func keygen(id: String = "k1", algorithm: SealingAlgorithm = .hpke) throws -> SealingKey {
        try KeyDirectory(path: keysPath).generate(keyID: id, algorithm: algorithm)
    }

    /// `push` (JSON text) with its `herald` object sealed for key `id` of the key directory, as
    /// `herald seal --key-id ID` does (the public half for HPKE).
    public func seal(_ push: String, keyID id: String = "k1", algorithm: SealingAlgorithm = .hpke) throws -> JSONObject {
        guard let plain = try JSONParser.parse(push).objectValue else { throw HarnessError("not a JSON object: \(push)") }
        let key = try KeyDirectory(path: keysPath).sealingKey(for: id, algorithm: algorithm)
        return try PayloadSealing.seal(payload: plain, algorithm: algorithm, keyID: id, key: key)
    }

    /// A stage over the repository's tables, this harness's store and keys.
    public func stage(
        deadline: Duration = StageHarness.noDeadline, allowUnsealed: Bool = false, writesToStore: Bool = true,
        mediaDownloader: (any MediaDownloader)? = nil, now: Date? = nil
    ) -> Stage {
        var configuration = StageConfiguration(
            catalog: Self.catalog, store: .directory(storePath), keys: .directory(keysPath), now: now,
            deadline: deadline, allowUnsealed: allowUnsealed, writesToStore: writesToStore)
        if let mediaDownloader {
            configuration.mediaDownloader = mediaDownloader
            configuration.attachmentsDirectory = folder.path("attachments")
        }
        return Stage(configuration: configuration)
    }

    /// What a harness could not set up.
    public struct HarnessError: Error, CustomStringConvertible {
        public let description: String
        init(_ description: String) { self.description = description }
    }
}

extension StageOutcome {
    /// The final alert's title, subtitle and body (nil when absent).
    public var title: String? { payload["aps"]?["alert"]?["title"]?.stringValue }
    /// The final alert's subtitle.
    public var subtitle: String? { payload["aps"]?["alert"]?["subtitle"]?.stringValue }
    /// The final alert's body (or the alert itself when it is a string).
    public var body: String? { payload["aps"]?["alert"]?["body"]?.stringValue ?? payload["aps"]?["alert"]?.stringValue }
    /// The final `aps.badge`.
    public var badge: Int64? { payload["aps"]?["badge"]?.intValue }
}
