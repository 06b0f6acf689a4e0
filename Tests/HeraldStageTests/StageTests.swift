import Foundation
import HeraldICU
import HeraldJSON
import HeraldLottery
import HeraldNetwork
import HeraldPayload
import HeraldSealing
import HeraldStage
import HeraldStore
import HeraldTables
import HeraldTestSupport
import Testing

/// The stage as a library (what an app's extension links), against the real
/// tables in Localizations/, a real SQLite store and real sealing.
@Suite struct StageTests {
    static let tables = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Localizations").path
    static let catalog = try! Catalog(root: tables)  // the repository's own Localizations folder

    /// Most pushes here are legacy, unsealed input; the sealing-required default is tested in
    /// HostileStageTests. The deadline is an hour: these tests check content, which a busy
    /// machine must not turn into a deadline's best attempt.
    static let noDeadline: Duration = .seconds(3600)

    static func stage(store: StoreSource = .none, keys: KeySource = .none, now: Date? = nil) -> Stage {
        Stage(
            configuration: StageConfiguration(
                catalog: catalog, store: store, keys: keys, now: now, deadline: noDeadline, allowUnsealed: true))
    }

    static func payload(_ text: String) throws -> [UInt8] { Array(text.utf8) }

    static func alert(_ o: StageOutcome) -> (title: String?, subtitle: String?, body: String?) {
        let a = o.payload["aps"]?["alert"]
        return (a?["title"]?.stringValue, a?["subtitle"]?.stringValue, a?["body"]?.stringValue)
    }

    @Test func aMessagePushNeverOpensTheStore() async throws {
        let folder = try TemporaryFolder("herald-stage", create: false)
        let stage = Self.stage(store: .directory(folder.path))
        let o = try await stage.process(
            Self.payload(#"{"aps":{"alert":{"body":"x"},"mutable-content":1},"herald":{"kind":"message","text":"Gate 4","from":"HQ"}}"#),
            locale: try LocaleID("en"))
        #expect(Self.alert(o).title == "Message from \u{2068}HQ\u{2069}")
        #expect(Self.alert(o).body == "\u{2068}Gate 4\u{2069}")
        #expect(!o.fallback)
        #expect(!FileManager.default.fileExists(atPath: folder.path))
    }

    /// Powerball 2026-11-18 4 11 23 45 61 + 9; ticket 4 11 23 45 1 + 9 matches 4 + PB → $50,000
    /// (no Power Play bought). Sealed with an in-memory AES key.
    @Test func sealedLotteryWithAnOpenStore() async throws {
        let folder = try TemporaryFolder("herald-stage", create: false)
        let store = try Store.open(directory: folder.path)
        try store.addTicket(
            Ticket(game: "powerball", draw: DrawDate("2026-11-18"), numbers: [4, 11, 23, 45, 1], bonus: [9]))
        let key = try SealingKey.generate(for: .aesGCM)
        let plain = try #require(try JSONParser.parse(
            #"{"aps":{"alert":{"body":"New results"},"mutable-content":1,"badge":2},"herald":{"kind":"lottery.draw","game":"powerball","draw":"2026-11-18","numbers":[4,11,23,45,61],"bonus":[9]}}"#
        ).objectValue)
        let sealed = try PayloadSealing.seal(payload: plain, algorithm: .aesGCM, keyID: "k", key: key)
        let stage = Self.stage(store: .open(store), keys: .inMemory(InMemoryKeys(["k": key])))
        let o = try await stage.process(.object(sealed), locale: try LocaleID("en-US"))
        #expect(!o.fallback, "\(o.diagnostics)")
        #expect(Self.alert(o).title == "Powerball results")
        #expect(Self.alert(o).subtitle == "Best match: 4 + 1")
        #expect(Self.alert(o).body == "You won $50,000.00 on 1 ticket out of 1.")
        #expect(o.payload["aps"]?["badge"]?.intValue == 2)
        #expect(try store.badge() == 2)
        #expect(o.payload["herald"] == nil)
        #expect(o.bytes == o.json.utf8.count)
        #expect(o.servedBy == "en")
    }

    @Test func sealedWithoutKeysFallsBackToTheOriginal() async throws {
        let key = try SealingKey.generate(for: .aesGCM)
        let plain = try #require(try JSONParser.parse(
            #"{"aps":{"alert":{"body":"New message"},"mutable-content":1},"herald":{"kind":"message","text":"secret words"}}"#
        ).objectValue)
        let sealed = try PayloadSealing.seal(payload: plain, algorithm: .aesGCM, keyID: "k", key: key)
        let o = try await Self.stage().process(.object(sealed), locale: try LocaleID("fr"))
        #expect(o.fallback)
        #expect(o.diagnostics.contains { $0.rule == .notOpened }, "\(o.diagnostics)")
        #expect(Self.alert(o).body == "New message")
        #expect(!o.json.contains("secret words"))
    }

    @Test func anAlertShowingAUUIDIsReplacedByTheGenericText() async throws {
        let o = try await Self.stage().process(
            Self.payload(#"{"aps":{"alert":{"body":"Reminder D82ED5AE-C363-46AF-9B0D-301C2E21C58E"},"mutable-content":1}}"#),
            locale: try LocaleID("de"))
        #expect(o.fallback)
        #expect(Self.alert(o).title == "Neue Mitteilung")
        #expect(Self.alert(o).body == "Sie haben eine neue Mitteilung. Öffnen Sie die App, um sie anzuzeigen.")
        #expect(!o.json.contains("D82ED5AE"))
    }

    /// Arabic: the sender's name is isolated inside the right-to-left title.
    @Test func rightToLeftTitleIsolatesTheName() async throws {
        let o = try await Self.stage().process(
            Self.payload(#"{"aps":{"alert":{"body":"x"},"mutable-content":1},"herald":{"kind":"message","text":"مرحبا","from":"HQ"}}"#),
            locale: try LocaleID("ar"))
        let title = try #require(Self.alert(o).title)
        #expect(title.contains("\u{2068}HQ\u{2069}"))
        #expect(o.servedBy == "ar")
    }

    @Test func notAPayloadThrows() async throws {
        let stage = Self.stage()
        for text in ["", "[]", "{\"aps\": 3}", "{\"x\": 1}"] {
            await #expect(throws: StageInputError.self) {
                _ = try await stage.process(Array(text.utf8), locale: try LocaleID("en"))
            }
        }
    }

    /// A medium that cannot be fetched adds the localized media.failed line; the text stays.
    @Test func failedMediaAddsTheLocalizedLine() async throws {
        let folder = try TemporaryFolder("herald-stage", create: false)
        let stage = Stage(configuration: StageConfiguration(
            catalog: Self.catalog, attachmentsDirectory: folder.path + "/attachments",
            mediaDownloader: HTTPMediaDownloader(), deadline: Self.noDeadline, allowUnsealed: true))
        // ROT13 of "https://127.0.0.1:1/picture.png": nothing listens on port 1.
        let o = try await stage.process(
            Self.payload(#"{"aps":{"alert":{"body":"x"},"mutable-content":1},"herald":{"kind":"message","text":"Look"},"media-url":"uggcf://127.0.0.1:1/cvpgher.cat"}"#),
            locale: try LocaleID("en"))
        #expect(Self.alert(o).body == "\u{2068}Look\u{2069}\nThe attached media could not be loaded.")
        #expect(o.payload["media-url"] == nil)
        #expect(o.payload["herald-attachments"] == nil)
        #expect(o.diagnostics.contains { $0.rule == .media && $0.message.hasPrefix("media ") })
    }
}
