public import Foundation
public import HeraldMedia
public import HeraldRender
public import HeraldSealing
public import HeraldStore
public import HeraldTables

/// Where the stage finds the shared container. It is opened only when the
/// work needs it (tickets, a reminder, the badge): a message push without a
/// badge never touches SQLite.
public enum StoreSource: Sendable {
    /// No store: tickets and reminders are unknown, the badge is left alone.
    case none
    /// Open `<directory>/herald.sqlite` on first use (creating it if needed).
    case directory(String)
    /// An already open store.
    case open(Store)
}

/// Where the stage finds decryption keys.
public enum KeySource: Sendable {
    /// No keys: sealed payloads fall back.
    case none
    /// A key directory (`<kid>.key` files, as `herald keygen` writes them).
    case directory(String)
    /// Keys held in memory.
    case inMemory(InMemoryKeys)
}

/// Everything a stage needs besides the push itself.
public struct StageConfiguration: Sendable {
    /// The translation tables (`Localizable`, `Messages`).
    public var catalog: any MessageCatalog
    /// Where tickets, reminders and the badge are (`.none`: pushes that need them fall back).
    public var store: StoreSource
    /// Where decryption keys are (`.none`: sealed pushes fall back).
    public var keys: KeySource
    /// Where downloaded media go; nil: `<store>/attachments` when the store is a
    /// directory, else media are not fetched.
    public var attachmentsDirectory: String?
    /// How media are downloaded: `HTTPMediaDownloader` (HeraldNetwork) in an
    /// extension, `HelperProcessMediaDownloader` in the `herald` command. By
    /// default none: every item fails (`.skipped`) and the body gets the
    /// localized `media.failed` line.
    public var mediaDownloader: any MediaDownloader
    /// What media may be fetched: https only, hosts that resolve to globally reachable
    /// addresses only (`MediaPolicy.allowHosts` lists exceptions), iOS's size limits.
    public var mediaPolicy: MediaPolicy
    /// "Now" for relative dates; nil reads the clock at each push.
    public var now: Date?
    /// IANA zone for dates shown to the user.
    public var timeZone: String
    /// The whole budget for one push (serviceExtensionTimeWillExpire comes after it).
    public var deadline: Duration
    /// Device, width and bidirectional isolation for every rendered text.
    public var renderOptions: RenderOptions
    /// The envelope algorithms the stage opens (all by default). `rot13` is opened
    /// only when `allowUnsealed` is true as well: anyone can forge a rot13
    /// envelope, so it counts as unsealed input. A refused algorithm is a
    /// fallback, like a wrong key.
    public var sealingAlgorithms: Set<SealingAlgorithm>
    /// Whether legacy, unsealed input is used: a plaintext `herald` object, plain
    /// fields next to `herald.sealed`, the ROT13 `custom-encrypted-message` and
    /// `media-url` (which count as rot13: used only while `sealingAlgorithms`
    /// holds `.rot13`), and `rot13` envelopes. False by default: only what an HPKE or
    /// AES-GCM envelope authenticated is used, the rest is ignored with a
    /// diagnostic (a push with only an ordinary `aps` alert still renders).
    public var allowUnsealed: Bool
    /// Whether the stage may change the shared container (the badge count, display
    /// receipts). False for a preview: the store is then only read (opened
    /// read-only, never created) and the badge shown is the count it would become.
    public var writesToStore: Bool

    /// Makes a configuration; only the catalog is required.
    ///
    /// - Parameters:
    ///   - catalog: The translation tables, e.g. `try Catalog(root: "Localizations")`.
    ///   - store: The shared container (default: none).
    ///   - keys: The decryption keys (default: none).
    ///   - attachmentsDirectory: Where downloaded media go (default: `<store>/attachments`).
    ///   - mediaDownloader: How media are fetched (default: not at all).
    ///   - mediaPolicy: What media may be fetched (default: `MediaPolicy()`).
    ///   - now: A fixed "now" for relative dates (default: the clock).
    ///   - timeZone: The IANA zone dates are shown in.
    ///   - deadline: The whole time budget of one push.
    ///   - renderOptions: Device, width and isolation options for the renderer.
    ///   - sealingAlgorithms: The envelope algorithms the stage opens (`rot13` only
    ///     together with `allowUnsealed`).
    ///   - allowUnsealed: Whether legacy, unsealed content is used (default: false,
    ///     only sealed content is).
    ///   - writesToStore: Whether the stage may change the shared container (default:
    ///     true; false for a preview).
    public init(
        catalog: any MessageCatalog, store: StoreSource = .none, keys: KeySource = .none,
        attachmentsDirectory: String? = nil,
        mediaDownloader: any MediaDownloader = NoMediaDownloader(reason: "no media downloader is configured"),
        mediaPolicy: MediaPolicy = MediaPolicy(),
        now: Date? = nil, timeZone: String = "UTC",
        deadline: Duration = .milliseconds(25_000), renderOptions: RenderOptions = RenderOptions(),
        sealingAlgorithms: Set<SealingAlgorithm> = Set(SealingAlgorithm.allCases), allowUnsealed: Bool = false,
        writesToStore: Bool = true
    ) {
        self.sealingAlgorithms = sealingAlgorithms
        self.allowUnsealed = allowUnsealed
        self.writesToStore = writesToStore
        self.catalog = catalog
        self.store = store
        self.keys = keys
        self.attachmentsDirectory = attachmentsDirectory
        self.mediaDownloader = mediaDownloader
        self.mediaPolicy = mediaPolicy
        self.now = now
        self.timeZone = timeZone
        self.deadline = deadline
        self.renderOptions = renderOptions
    }
}
