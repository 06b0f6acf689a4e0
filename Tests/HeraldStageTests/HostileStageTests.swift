import Foundation
import HeraldICU
import HeraldJSON
import HeraldMedia
import HeraldPayload
import HeraldSealing
import HeraldStage
import HeraldStore
import HeraldSync
import HeraldTables
import HeraldTestSupport
import Testing

/// Issue 14, the stage's share: forged or unsealed input, sealed values in diagnostics,
/// blank alerts. Real tables (Localizations/), real AES-GCM sealing, a real SQLite store.
@Suite struct HostileStageTests {
    static let catalog = StageTests.catalog
    static let en = LocaleID(unchecked: "en")

    static func stage(allowUnsealed: Bool = false, keys: KeySource = .none, store: StoreSource = .none) -> Stage {
        Stage(
            configuration: StageConfiguration(
                catalog: catalog, store: store, keys: keys, now: Date(timeIntervalSince1970: 1_795_000_000),
                deadline: StageTests.noDeadline, allowUnsealed: allowUnsealed))
    }

    static func body(_ o: StageOutcome) -> String? { o.payload["aps"]?["alert"]?["body"]?.stringValue }
    static func title(_ o: StageOutcome) -> String? { o.payload["aps"]?["alert"]?["title"]?.stringValue }

    /// `payload` (JSON text) with its `herald` object sealed by AES-GCM under key id "k".
    static func sealed(_ payload: String, key: SealingKey, fields: [String]? = nil) throws -> JSONObject {
        let plain = try #require(try JSONParser.parse(payload).objectValue)
        return try PayloadSealing.seal(payload: plain, fields: fields, algorithm: .aesGCM, keyID: "k", key: key)
    }

    // MARK: Sealing required by default

    @Test func aPlaintextHeraldObjectIsRefusedUnlessUnsealedInputIsAllowed() async throws {
        let push = #"{"aps":{"alert":{"body":"New message"},"mutable-content":1},"herald":{"kind":"message","text":"Forged order","from":"HQ"}}"#
        let strict = try await Self.stage().process(Array(push.utf8), locale: Self.en)
        #expect(strict.fallback)
        #expect(Self.body(strict) == "New message")
        #expect(!strict.json.contains("Forged order"))
        #expect(strict.diagnostics.contains {
            $0.rule == .unsealedIgnored && $0.message.contains("not sealed") && $0.message.contains("--allow-unsealed")
        })

        let legacy = try await Self.stage(allowUnsealed: true).process(Array(push.utf8), locale: Self.en)
        #expect(!legacy.fallback)
        #expect(Self.body(legacy) == "\u{2068}Forged order\u{2069}")
    }

    @Test func theLegacyROT13MessageIsRefusedByDefault() async throws {
        // ROT13 of "Forged order".
        let push = #"{"aps":{"alert":{"body":"New message"},"mutable-content":1},"custom-encrypted-message":"Sbetrq beqre"}"#
        let strict = try await Self.stage().process(Array(push.utf8), locale: Self.en)
        #expect(strict.fallback)
        #expect(Self.body(strict) == "New message")
        #expect(strict.diagnostics.contains { $0.rule == .unsealedIgnored && $0.message.contains("custom-encrypted-message") })
        let legacy = try await Self.stage(allowUnsealed: true).process(Array(push.utf8), locale: Self.en)
        #expect(Self.body(legacy) == "\u{2068}Forged order\u{2069}")
    }

    @Test func aRot13EnvelopeIsRefusedByDefault() async throws {
        let plain = try #require(
            try JSONParser.parse(#"{"aps":{"alert":{"body":"New message"},"mutable-content":1},"herald":{"kind":"message","text":"Forged order"}}"#)
                .objectValue)
        let forged = try PayloadSealing.seal(payload: plain, algorithm: .rot13, keyID: nil, key: nil)
        let o = try await Self.stage(keys: .inMemory(InMemoryKeys([:]))).process(.object(forged), locale: Self.en)
        #expect(o.fallback)
        #expect(!o.json.contains("Forged"))
        #expect(o.diagnostics.contains { $0.rule == .unsealedIgnored && $0.message.contains("rot13") })
    }

    /// Plain fields beside a valid envelope are not authenticated: never merged into it, and
    /// a medium they name is never fetched.
    @Test func plainFieldsBesideASealedEnvelopeAreIgnored() async throws {
        let key = try SealingKey.generate(for: .aesGCM)
        var push = try Self.sealed(
            #"{"aps":{"alert":{"body":"New message"},"mutable-content":1},"herald":{"kind":"message","text":"Meet at noon"}}"#,
            key: key)
        var herald = try #require(push["herald"]?.objectValue)
        herald["text"] = .string("Forged order")
        herald["media"] = .array([.string("https://attacker.example/x.png")])
        push["herald"] = .object(herald)
        let recorder = RecordingDownloader()
        let folder = try TemporaryFolder("herald-stage", create: false)
        let stage = Stage(
            configuration: StageConfiguration(
                catalog: Self.catalog, keys: .inMemory(InMemoryKeys(["k": key])),
                attachmentsDirectory: folder.path, mediaDownloader: recorder, deadline: StageTests.noDeadline))
        let o = try await stage.process(.object(push), locale: Self.en)
        #expect(Self.body(o) == "\u{2068}Meet at noon\u{2069}")
        #expect(!o.json.contains("Forged"))
        #expect(recorder.requested.withLock { $0 }.isEmpty)
        #expect(o.diagnostics.contains {
            $0.rule == .unsealedIgnored && $0.message.contains("outside the sealed envelope") && $0.message.contains("\"media\"")
        })
    }

    @Test func anOrdinaryAlertStillRendersWithSealingRequired() async throws {
        let push = #"{"aps":{"alert":{"title-loc-key":"reminder.title","body":"Plain text"},"mutable-content":1}}"#
        let o = try await Self.stage().process(Array(push.utf8), locale: LocaleID(unchecked: "de"))
        #expect(!o.fallback)
        #expect(Self.title(o) == "Erinnerung")
        #expect(Self.body(o) == "Plain text")
    }

    /// loc-args are isolated as outside text (FSI…PDI), and a plural still reads a numeric
    /// one as its number: Russian "one" for 1 and 21, "few" for 3 (CLDR's ru rules; the
    /// texts are Localizations/ru.lproj's lottery.loss.body forms). Before, the isolated
    /// "1" was not a number and every count fell to "other".
    @Test func aNumericLocArgChoosesThePluralForm() async throws {
        for (arg, expected) in [("1", "ваш 1 билет"), ("21", "ваш 21 билет"), ("3", "ваши 3 билета")] {
            let push = #"{"aps":{"alert":{"loc-key":"lottery.loss.body","loc-args":["\#(arg)"]},"mutable-content":1}}"#
            let o = try await Self.stage().process(Array(push.utf8), locale: LocaleID(unchecked: "ru"))
            #expect(!o.fallback, "\(o.diagnostics)")
            #expect(Self.body(o) == "В этот раз \(expected) без выигрыша.", "\(arg)")
            #expect(!o.diagnostics.contains { $0.message.contains("not-a-number") }, "\(o.diagnostics)")
        }
    }

    // MARK: Diagnostics name fields, never sealed values

    @Test func sealedValuesNeverReachADiagnostic() async throws {
        let key = try SealingKey.generate(for: .aesGCM)
        let stage = Self.stage(keys: .inMemory(InMemoryKeys(["k": key])))
        let pushes = [
            #"{"aps":{"alert":{"body":"New results"},"mutable-content":1},"herald":{"kind":"lottery.draw","game":"SECRET-GAME-7731","draw":"2026-11-18","numbers":[1,2,3,4,5],"bonus":[6]}}"#,
            #"{"aps":{"alert":{"body":"New results"},"mutable-content":1},"herald":{"kind":"SECRET-KIND-7731"}}"#,
            #"{"aps":{"alert":{"body":"New results"},"mutable-content":1},"herald":{"kind":"lottery.draw","game":"powerball","draw":"SECRET-DATE-7731","numbers":[1,2,3,4,5],"bonus":[6]}}"#,
            #"{"aps":{"alert":{"body":"New results"},"mutable-content":1},"herald":{"kind":"lottery.draw","game":"powerball","draw":"2026-11-18","numbers":[1,2,3,4,5],"bonus":[6],"prizes":{"SECRET-TIER-7731":{}}}}"#,
        ]
        for (n, text) in pushes.enumerated() {
            let push = try Self.sealed(text, key: key)
            let o = try await stage.process(.object(push), locale: Self.en)
            #expect(o.fallback, "\(n)")
            #expect(!o.diagnostics.isEmpty, "\(n)")
            for d in o.diagnostics { #expect(!d.message.contains("SECRET"), "\(n): \(d)") }
            // Named by field instead.
            #expect(o.diagnostics.contains { $0.rule == .invalidHerald && $0.message.contains("field") }, "\(n): \(o.diagnostics)")
        }
    }

    /// A transport's error quotes a media URL's host (libcurl: "Could not resolve host: …"),
    /// in the resolver's spelling (lower case; issue 31 item 15: the URL's own spelling was
    /// withheld, this one was not): for a sealed push that host is sealed content too, and no
    /// diagnostic shows it in any spelling.
    @Test(arguments: ["https://secret-host-7731.invalid/a.png", "https://SECRET-Host-7731.invalid/a.png"])
    func aSealedMediaHostNeverReachesADiagnostic(_ url: String) async throws {
        struct HostQuotingDownloader: MediaDownloader {
            func download(_ urls: [String], policy: MediaPolicy, into folder: String, deadline: ContinuousClock.Instant)
                async -> [Result<DownloadedFile, MediaFailure>]
            {
                urls.map { .failure(.network("Could not resolve host: \(URLComponents(string: $0)?.host?.lowercased() ?? "")")) }
            }
        }
        let key = try SealingKey.generate(for: .aesGCM)
        let folder = try TemporaryFolder("herald-sealed-media")
        let stage = Stage(
            configuration: StageConfiguration(
                catalog: Self.catalog, keys: .inMemory(InMemoryKeys(["k": key])), attachmentsDirectory: folder.path,
                mediaDownloader: HostQuotingDownloader(), now: Date(timeIntervalSince1970: 1_795_000_000),
                deadline: StageTests.noDeadline))
        let text = #"{"aps":{"alert":{"body":"x"},"mutable-content":1},"herald":{"kind":"message","text":"hi","media":[{"url":"\#(url)"}]}}"#
        let o = try await stage.process(.object(try Self.sealed(text, key: key)), locale: Self.en)
        #expect(o.diagnostics.contains { $0.rule == .media && $0.message.contains("network (the details stay sealed)") }, "\(o.diagnostics)")
        for d in o.diagnostics { #expect(!d.message.lowercased().contains("secret-host"), "\(d)") }
    }

    // MARK: Blank alerts

    @Test func whitespaceOnlyTextCountsAsEmpty() async throws {
        #expect(!RenderedAlert(title: " \n\t", body: "\u{200B}\u{2068}\u{2069}").hasText)
        #expect(RenderedAlert(body: " x ").hasText)
        // Characters drawn as nothing (Unicode Default_Ignorable_Code_Point: Hangul fillers, the
        // combining grapheme joiner) and the blank braille cell are no text either.
        for blank in ["\u{3164}", "\u{115F}\u{1160}", "\u{FFA0}", "\u{034F}", "\u{2800}", "\u{3164}\u{2068}\u{2069}"] {
            #expect(!RenderedAlert(body: blank).hasText, "\(blank.unicodeScalars.map { String($0.value, radix: 16) })")
        }
        #expect(RenderedAlert(body: "\u{3164}한").hasText)
        let filler = #"{"aps":{"alert":{"body":"New message"},"mutable-content":1},"herald":{"kind":"message","text":"\u3164","from":"\u3164"}}"#
        let f = try await Self.stage(allowUnsealed: true).process(Array(filler.utf8), locale: Self.en)
        #expect(Self.body(f) == "New message")
        // A push whose alert is only whitespace has no text: not eligible, passed on as a fallback.
        let blank = #"{"aps":{"alert":{"title":"  ","body":" \n "},"mutable-content":1}}"#
        let o = try await Self.stage().process(Array(blank.utf8), locale: Self.en)
        #expect(o.fallback)
        // A decrypted message of only whitespace is no message: the generic text, never a blank alert.
        let push = #"{"aps":{"alert":{"body":"New message"},"mutable-content":1},"herald":{"kind":"message","text":" \u2003 "}}"#
        let m = try await Self.stage(allowUnsealed: true).process(Array(push.utf8), locale: Self.en)
        #expect(m.fallback)
        #expect(Self.body(m) == "New message")
        // The writer leaves a blank field out.
        let p = try APNsPayload.parse(#"{"aps":{"alert":{"body":"x"},"mutable-content":1}}"#)
        let w = try PayloadWriter.finalPayload(from: p, alert: RenderedAlert(title: "   ", body: "Hello"))
        #expect(w.object["aps"]?["alert"]?["title"] == nil)
        #expect(throws: PayloadError.self) { try PayloadWriter.finalPayload(from: p, alert: RenderedAlert(body: "  ")) }
    }
}

/// A downloader that only records what it was asked for.
final class RecordingDownloader: MediaDownloader, Sendable {
    let requested = Locked<[String]>([])

    func download(_ urls: [String], policy: MediaPolicy, into folder: String, deadline: ContinuousClock.Instant)
        async -> [Result<DownloadedFile, MediaFailure>]
    {
        requested.withLock { $0 += urls }
        return urls.map { _ in .failure(.skipped("recorded only")) }
    }
}
