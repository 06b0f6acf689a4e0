import Foundation
import HeraldJSON
import HeraldTestSupport
import Testing

/// `herald render` end to end, the real binary in subprocesses: tickets stored with
/// `herald store`, keys from `herald keygen`, payloads sealed with `herald seal`.
///
/// Expected sentences are the translation text of Localizations/ with the arguments worked
/// out by hand: prizes from the operators' prize charts, currency and number forms from CLDR
/// (de/ru: decimal comma, U+00A0 before the symbol; ar: Arabic-Indic digits, U+066B decimal
/// separator, U+200F before the number, "US$"; ja: "$14.00", "￥1,000"), plural forms from
/// the CLDR rules (ru 2 → few, ar 2 → two).
@Suite struct RenderCLITests {
    static let tables = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Localizations").path

    /// A fresh store folder (removed at the end).
    final class Container {
        let folder: TemporaryFolder
        var path: String { folder.path }
        init() throws { folder = try TemporaryFolder("herald-render") }

        func write(_ text: String, name: String) throws -> String { try folder.write(text, to: name) }

        func herald(_ arguments: [String], stdin: String? = nil) async throws -> HeraldBinary.Result {
            try await HeraldBinary.run(arguments, environment: ["HERALD_STORE": path], stdin: stdin.map { Data($0.utf8) })
        }

        func addTicket(_ game: String, _ draw: String, _ numbers: String, _ bonus: String) async throws {
            let r = try await herald(["store", "add-ticket", "--game", game, "--draw", draw, "--numbers", numbers, "--bonus", bonus])
            #expect(r.status == 0, "\(r.stderr)")
        }

        func render(_ payloadFile: String, _ locale: String, _ extra: [String] = []) async throws -> Rendered {
            // These tests' pushes are legacy, unsealed input unless they say otherwise; the
            // sealing-required default is tested in HostileStageCLITests. They check content:
            // an hour's deadline, so that a busy machine never turns it into a best attempt.
            let r = try await herald(
                ["render", "--payload", payloadFile, "--locale", locale, "--tables", RenderCLITests.tables,
                 "--deadline-ms", "3600000"]
                    + (extra.contains("--sealed-only") ? extra.filter { $0 != "--sealed-only" } : extra + ["--allow-unsealed"]))
            return try Rendered(r)
        }
    }

    /// A render's result with the alert picked out.
    struct Rendered {
        let status: Int32
        let stdout: String
        let stderr: String
        let root: JSONObject
        var aps: JSONObject { root["aps"]?.objectValue ?? JSONObject() }
        var title: String? { aps["alert"]?["title"]?.stringValue }
        var subtitle: String? { aps["alert"]?["subtitle"]?.stringValue }
        var body: String? { aps["alert"]?["body"]?.stringValue ?? aps["alert"]?.stringValue }
        var badge: Int64? { aps["badge"]?.intValue }

        init(_ r: HeraldBinary.Result) throws {
            status = r.status
            stdout = r.stdout
            stderr = r.stderr
            root = try JSONParser.parse(r.stdout).objectValue ?? JSONObject()
        }
    }

    static func lotteryPayload(game: String, draw: String, numbers: [Int], bonus: [Int], badge: Int? = 1, extra: String = "") -> String {
        var badgeText = ""
        if let badge { badgeText = ",\"badge\":\(badge)" }
        return """
            {"aps":{"alert":{"title":"DidIWin","body":"New results are in"},"mutable-content":1\(badgeText),"thread-id":"\(game)"},\
            "herald":{"kind":"lottery.draw","game":"\(game)","draw":"\(draw)","numbers":\(numbers),"bonus":\(bonus)\(extra)}}
            """
    }

    /// Keygen + seal: the sealed payload's path.
    static func seal(_ c: Container, _ payload: String, name: String = "sealed.json") async throws -> String {
        let plain = try c.write(payload, name: "plain-\(name)")
        if !FileManager.default.fileExists(atPath: c.path + "/keys/k1.key") {
            let key = try await c.herald(["keygen", "--id", "k1"])
            #expect(key.status == 0, "\(key.stderr)")
        }
        let sealed = try await c.herald(["seal", "--payload", plain, "--key-id", "k1"])
        #expect(sealed.status == 0, "\(sealed.stderr)")
        return try c.write(sealed.stdout, name: name)
    }

    // MARK: Lottery

    /// Powerball 2026-11-18: 4 11 23 45 61 + 9. Tickets: 4 11 23 50 60 + 1 matches 3 → $7;
    /// 4 11 1 2 3 + 9 matches 2 + PB → $7; 5 6 7 8 10 + 2 nothing. $14.00 on 2 of 3, best "3"
    /// (the spec's table lists 3 above 2 + PB).
    @Test func sealedPowerballInFiveLanguages() async throws {
        let c = try Container()
        try await c.addTicket("powerball", "2026-11-18", "4,11,23,50,60", "1")
        try await c.addTicket("powerball", "2026-11-18", "4,11,1,2,3", "9")
        try await c.addTicket("powerball", "2026-11-18", "5,6,7,8,10", "2")
        let sealed = try await Self.seal(c, Self.lotteryPayload(game: "powerball", draw: "2026-11-18", numbers: [4, 11, 23, 45, 61], bonus: [9], extra: ",\"multiplier\":2"))
        let sealedText = try String(contentsOfFile: sealed, encoding: .utf8)
        #expect(sealedText.contains("\"ct\""))

        let expected: [(String, String, String, String)] = [
            ("en", "Powerball results", "Best match: 3", "You won $14.00 on 2 tickets out of 3."),
            ("de", "Powerball – Ergebnisse", "Bester Treffer: 3", "Sie haben 14,00\u{A0}$ gewonnen – mit 2 Spielscheinen von 3."),
            ("ru", "Результаты Powerball", "Лучшее совпадение: 3", "Ваш выигрыш — 14,00\u{A0}$: 2 выигрышных билета из 3."),
            // Arabic: the tier in Arabic-Indic digits like the amounts (CLDR: ar → arab, U+0663 is 3).
            ("ar", "نتائج \u{2068}Powerball\u{2069}", "أفضل تطابق: \u{2068}\u{663}\u{2069}",
             "ربحت \u{2068}\u{200F}١٤٫٠٠\u{A0}US$\u{2069} — تذكرتان رابحتان من أصل \u{2068}٣\u{2069}."),
            ("ja", "Powerballの結果", "最高一致数：3", "3枚中2枚が当せんし、$14.00を獲得しました。"),
        ]
        for (i, (locale, title, subtitle, body)) in expected.enumerated() {
            let r = try await c.render(sealed, locale)
            #expect(r.status == 0, "\(locale): \(r.stderr)")
            #expect(r.title == title, "\(locale)")
            #expect(r.subtitle == subtitle, "\(locale)")
            #expect(r.body == body, "\(locale)")
            // The running badge: each delivery adds the payload's 1.
            #expect(r.badge == Int64(i + 1), "\(locale)")
            #expect(r.root["herald"] == nil)
            #expect(r.aps["mutable-content"]?.intValue == 1)
            #expect(r.aps["thread-id"]?.stringValue == "powerball")
            #expect(!r.stdout.contains("sealed") && !r.stdout.contains("DidIWin"))
        }
    }

    /// LOTTO 6aus49 (de), Loto 6 (ja), EuroMillions with and without an announced amount,
    /// a loss, and a draw with no tickets held.
    @Test func otherGamesAndOutcomes() async throws {
        let c = try Container()
        // 6aus49 2026-11-21: 3 8 15 22 37 44, Superzahl 7. 3 8 1 2 4 5 / SZ 7 → 2 + SZ → €6 fixed.
        try await c.addTicket("lotto6aus49", "2026-11-21", "3,8,1,2,4,5", "7")
        try await c.addTicket("lotto6aus49", "2026-11-21", "9,10,11,12,13,14", "0")
        let german = try c.write(
            Self.lotteryPayload(game: "lotto6aus49", draw: "2026-11-21", numbers: [3, 8, 15, 22, 37, 44], bonus: [7], badge: nil),
            name: "de.json")
        let de = try await c.render(german, "de-DE")
        #expect(de.status == 0, "\(de.stderr)")
        #expect(de.title == "LOTTO 6aus49 – Ergebnisse")
        #expect(de.body == "Sie haben 6,00\u{A0}€ gewonnen – mit 1 Spielschein von 2.")
        #expect(de.subtitle == "Bester Treffer: 2 + 1")
        #expect(de.badge == nil)

        // Loto 6 2026-11-19: 1 2 3 4 5 6 + 7. 1 2 3 10 11 12 → 3 → ¥1,000 fixed.
        try await c.addTicket("loto6", "2026-11-19", "1,2,3,10,11,12", "")
        try await c.addTicket("loto6", "2026-11-19", "20,21,22,23,24,25", "")
        let japanese = try c.write(
            Self.lotteryPayload(game: "loto6", draw: "2026-11-19", numbers: [1, 2, 3, 4, 5, 6], bonus: [7], badge: nil),
            name: "ja.json")
        let ja = try await c.render(japanese, "ja")
        #expect(ja.status == 0, "\(ja.stderr)")
        #expect(ja.title == "Loto 6の結果")
        #expect(ja.body == "2枚中1枚が当せんし、￥1,000を獲得しました。")

        // EuroMillions 2026-11-20: 5 10 15 20 25 + 3 7. 5 10 15 1 2 + 3 8 → 3 + 1 (pari-mutuel).
        try await c.addTicket("euromillions", "2026-11-20", "5,10,15,1,2", "3,8")
        let withAmount = try c.write(
            Self.lotteryPayload(
                game: "euromillions", draw: "2026-11-20", numbers: [5, 10, 15, 20, 25], bonus: [3, 7], badge: nil,
                extra: ",\"prizes\":{\"3+1\":{\"amount\":1406,\"currency\":\"EUR\"}}"),
            name: "euro.json")
        let ru = try await c.render(withAmount, "ru")
        #expect(ru.status == 0, "\(ru.stderr)")
        #expect(ru.body == "Ваш выигрыш — 14,06\u{A0}€: 1 выигрышный билет из 1.")
        let noAmount = try c.write(
            Self.lotteryPayload(game: "euromillions", draw: "2026-11-20", numbers: [5, 10, 15, 20, 25], bonus: [3, 7], badge: nil),
            name: "euro-unknown.json")
        let en = try await c.render(noAmount, "en")
        #expect(en.body == "You won on 1 ticket — the prize amount will be announced.")

        // A loss: Powerball tickets that match nothing.
        try await c.addTicket("powerball", "2026-11-21", "1,2,3,5,6", "1")
        try await c.addTicket("powerball", "2026-11-21", "7,8,10,12,13", "2")
        let lossPayload = try c.write(
            Self.lotteryPayload(game: "powerball", draw: "2026-11-21", numbers: [4, 11, 23, 45, 61], bonus: [9], badge: nil),
            name: "loss.json")
        await #expect(try c.render(lossPayload, "en").body == "No win this time on your 2 tickets.")
        await #expect(try c.render(lossPayload, "de").body == "Diesmal kein Gewinn mit Ihren 2 Spielscheinen.")

        // No tickets for that draw: the numbers, with the draw date in the locale's form.
        let none = try c.write(
            Self.lotteryPayload(game: "powerball", draw: "2026-11-16", numbers: [4, 11, 23, 45, 61], bonus: [9], badge: nil),
            name: "none.json")
        let numbers = try await c.render(none, "en")
        #expect(numbers.status == 0)
        #expect(numbers.body == "The numbers for Nov 16, 2026 are in: 4 11 23 45 61 + 9.")
    }

    /// UK Lotto (the National Lottery's prize table): match 3 is a fixed £30, match 2 a free Lucky Dip and no cash.
    /// A win of free plays alone never reads "You won £0.00"; cash plus free plays names both.
    /// The sentences are the tables' lottery.win.freePlay.body / .extra text (en "You won a free
    /// play." / "Plus a free play."; de "Freitipp"; ru 1 → one: "1 бесплатный билет").
    @Test func ukLottoFreePlays() async throws {
        let c = try Container()
        // 2026-11-21: 3 9 17 28 41 52, bonus 30. 3 9 1 2 4 5 matches 2 → one free play only.
        try await c.addTicket("uk-lotto", "2026-11-21", "3,9,1,2,4,5", "")
        let only = try c.write(
            Self.lotteryPayload(game: "uk-lotto", draw: "2026-11-21", numbers: [3, 9, 17, 28, 41, 52], bonus: [30], badge: nil),
            name: "uk-free.json")
        let expectedOnly: [(String, String, String, String)] = [
            ("en", "Lotto results", "Best match: 2", "You won a free play."),
            ("de", "Lotto – Ergebnisse", "Bester Treffer: 2", "Sie haben einen Freitipp gewonnen."),
            ("ru", "Результаты Lotto", "Лучшее совпадение: 2", "Вы выиграли 1 бесплатный билет."),
        ]
        for (locale, title, subtitle, body) in expectedOnly {
            let r = try await c.render(only, locale)
            #expect(r.status == 0, "\(locale): \(r.stderr)")
            #expect(r.title == title, "\(locale)")
            #expect(r.subtitle == subtitle, "\(locale)")
            #expect(r.body == body, "\(locale)")
            #expect(!r.stdout.contains("0.00") && !r.stdout.contains("0,00"), "\(locale): \(r.stdout)")
        }

        // 2026-11-25: same numbers. 3 9 17 1 2 4 matches 3 → £30; 3 9 1 2 4 5 matches 2 → a free
        // play. Both tickets won: £30.00 on 2 of 2, plus one free play.
        try await c.addTicket("uk-lotto", "2026-11-25", "3,9,17,1,2,4", "")
        try await c.addTicket("uk-lotto", "2026-11-25", "3,9,1,2,4,5", "")
        let mixed = try c.write(
            Self.lotteryPayload(game: "uk-lotto", draw: "2026-11-25", numbers: [3, 9, 17, 28, 41, 52], bonus: [30], badge: nil),
            name: "uk-mixed.json")
        let expectedMixed: [(String, String, String)] = [
            ("en", "Best match: 3", "You won £30.00 on 2 tickets out of 2. Plus a free play."),
            ("de", "Bester Treffer: 3",
             "Sie haben 30,00\u{A0}£ gewonnen – mit 2 Spielscheinen von 2. Dazu kommt ein Freitipp."),
            ("ru", "Лучшее совпадение: 3", "Ваш выигрыш — 30,00\u{A0}£: 2 выигрышных билета из 2. А также 1 бесплатный билет."),
            // No space after the ideographic full stop.
            ("ja", "最高一致数：3", "2枚中2枚が当せんし、£30.00を獲得しました。さらに無料チケットを1枚獲得しました。"),
        ]
        for (locale, subtitle, body) in expectedMixed {
            let r = try await c.render(mixed, locale)
            #expect(r.status == 0, "\(locale): \(r.stderr)")
            #expect(r.subtitle == subtitle, "\(locale)")
            #expect(r.body == body, "\(locale)")
        }

        // 2026-11-28: the jackpot (match 6, amount announced: £3,800,000.00) and a match 2 on
        // another ticket: the jackpot sentence, then the free play.
        try await c.addTicket("uk-lotto", "2026-11-28", "3,9,17,28,41,52", "")
        try await c.addTicket("uk-lotto", "2026-11-28", "3,9,1,2,4,5", "")
        let jackpot = try c.write(
            Self.lotteryPayload(
                game: "uk-lotto", draw: "2026-11-28", numbers: [3, 9, 17, 28, 41, 52], bonus: [30], badge: nil,
                extra: ",\"prizes\":{\"6\":{\"amount\":380000000}}"),
            name: "uk-jackpot.json")
        let en = try await c.render(jackpot, "en")
        #expect(en.status == 0, "\(en.stderr)")
        #expect(en.body == "Jackpot! You won £3,800,000.00. Plus a free play.")
    }

    // MARK: Sealing failures (a tampered ciphertext: StageSealedInputTests, in-process)

    @Test func wrongKeyFallsBack() async throws {
        let c = try Container()
        let sealed = try await Self.seal(c, #"{"aps":{"alert":{"body":"New message"},"mutable-content":1},"herald":{"kind":"message","text":"Meet at noon"}}"#)
        let other = c.path + "/other-keys"
        let key = try await c.herald(["keygen", "--id", "k1", "--keys", other])
        #expect(key.status == 0, "\(key.stderr)")
        let r = try await c.render(sealed, "de", ["--keys", other])
        #expect(r.status == 3)
        #expect(r.body == "New message")
        #expect(!r.stdout.contains("Meet at noon"))
        // No key at all: the same fallback.
        let none = try await c.render(sealed, "de", ["--keys", c.path + "/no-such-dir"])
        #expect(none.status == 3)
        #expect(none.body == "New message")
    }

    // MARK: Reminders and messages

    @Test func remindersKnownAndUnknown() async throws {
        let c = try Container()
        let id = "D82ED5AE-C363-46AF-9B0D-301C2E21C58E"
        let payload = try c.write(#"{"aps":{"alert":{"body":"Reminder"},"mutable-content":1},"herald":{"kind":"reminder","id":"\#(id)"}}"#, name: "r.json")
        // Unknown: the generic text, never the id.
        let unknown = try await c.render(payload, "en")
        #expect(unknown.status == 0)
        #expect(unknown.title == "Reminder")
        #expect(unknown.body == "A reminder is due.")
        #expect(!unknown.stdout.contains(id))
        let ruUnknown = try await c.render(payload, "ru")
        #expect(ruUnknown.body == "Пора выполнить напоминание.")

        let added = try await c.herald(["store", "add-reminder", "--id", id, "--title", "Dentist", "--due", "2026-11-21T18:30:00Z"])
        #expect(added.status == 0, "\(added.stderr)")
        let now = ["--now", "2026-11-21T18:15:00Z"]
        let en = try await c.render(payload, "en", now)
        #expect(en.status == 0, "\(en.stderr)")
        // en medium date, short time (CLDR 42: U+202F before PM).
        #expect(en.body == "\u{2068}Dentist\u{2069} is due in 15 minutes (Nov 21, 2026, 6:30\u{202F}PM).")
        let de = try await c.render(payload, "de", now + ["--time-zone", "Europe/Berlin"])
        #expect(de.body == "\u{2068}Dentist\u{2069} ist in 15 Minuten fällig (21.11.2026, 19:30).")
        let late = try await c.render(payload, "en", ["--now", "2026-11-21T20:30:00Z"])
        #expect(late.body == "\u{2068}Dentist\u{2069} was due 2 hours ago (Nov 21, 2026, 6:30\u{202F}PM).")

        // The legacy key, consumed and not passed on.
        let legacy = try c.write(#"{"aps":{"alert":{"body":"Reminder"},"mutable-content":1},"reminder-uuid":"\#(id)"}"#, name: "legacy.json")
        let l = try await c.render(legacy, "en", now)
        #expect(l.body == "\u{2068}Dentist\u{2069} is due in 15 minutes (Nov 21, 2026, 6:30\u{202F}PM).")
        #expect(!l.stdout.contains(id))
    }

    @Test func legacyROT13Message() async throws {
        let c = try Container()
        // ROT13 of "Meet at noon, gate 4".
        let payload = try c.write(#"{"aps":{"alert":{"body":"x"},"mutable-content":1},"custom-encrypted-message":"Zrrg ng abba, tngr 4","tag":"kept"}"#, name: "m.json")
        let r = try await c.render(payload, "en")
        #expect(r.status == 0)
        #expect(r.title == "Message from headquarters")
        #expect(r.body == "\u{2068}Meet at noon, gate 4\u{2069}")
        #expect(r.root["custom-encrypted-message"] == nil)
        #expect(r.root["tag"]?.stringValue == "kept")
    }

    /// `herald render`'s quick argument reader (the one-push form without ArgumentParser)
    /// answers exactly as ArgumentParser does (`HERALD_FULL_PARSE=1`): same output, same
    /// messages, same exit status, for good and bad command lines alike.
    @Test func quickArgumentsAnswerLikeArgumentParser() async throws {
        let c = try Container()
        let sealed = try await Self.seal(
            c, #"{"aps":{"alert":{"title":"x","body":"New message"},"mutable-content":1},"herald":{"kind":"message","text":"Gate 4","from":"Ops"}}"#)
        let t = Self.tables
        let cases: [[String]] = [
            ["--payload", sealed, "--locale", "de", "--tables", t],
            ["--payload=\(sealed)", "--locale=ar", "--tables=\(t)", "--deadline-ms", "600000", "--time-zone", "Europe/Paris",
             "--now", "2026-11-21T18:30:00Z"],
            ["--locale", "ja", "--payload", sealed, "--tables", t, "--algorithms", "hpke,aes-gcm"],
            ["--payload", sealed, "--locale", "en", "--tables", t, "--algorithms", "aes-gcm"],
            ["--allow-unsealed", "--payload", sealed, "--locale", "en", "--tables", t],
            ["--payload", sealed, "--locale", "en", "--tables", t, "--algorithms", "rot13"],
            ["--payload", sealed, "--locale", "en", "--tables", t, "--algorithms", "rot13", "--allow-unsealed"],
            ["--payload", sealed, "--locale", "en", "--tables", t, "--allow-unsealed", "--allow-unsealed"],
            ["--payload", sealed, "--locale", "en", "--tables", t, "--algorithms", "bogus"],
            ["--payload", sealed, "--locale", "en", "--tables", t, "--deadline-ms", "0"],
            ["--payload", sealed, "--locale", "en", "--tables", t, "--deadline-ms", "soon"],
            ["--payload", sealed, "--locale", "en", "--tables", t, "--time-zone", "Mars/Olympus"],
            ["--payload", sealed, "--locale", "en", "--tables", t, "--now", "yesterday"],
            ["--payload", sealed, "--locale", "en", "--tables", c.path + "/no-such-folder"],
            ["--payload", sealed, "--locale", "en", "--tables", t, "--keys", c.path + "/no-keys"],
            ["--payload", sealed, "--locale", "!!", "--tables", t],
            ["--payload", sealed, "--tables", t],
            ["--locale", "en", "--tables", t],
            ["--payload", c.path + "/missing.json", "--locale", "en", "--tables", t],
            ["--payload", sealed, "--locale", "en", "--locale", "de", "--tables", t],
            ["--payload", sealed, "--locale", "en", "--tables", t, "--bogus", "1"],
            ["--payload", sealed, "--locale", "en", "--tables"],
            ["--payload", sealed, "--locale", "en", "--tables", t, "--deadline-ms", "-5"],
            ["--payload", sealed, "--locale", "en", "--tables", t, "extra"],
            ["--payload=", "--locale", "en", "--tables", t],
        ]
        for arguments in cases {
            let quick = try await HeraldBinary.run(["render"] + arguments, environment: ["HERALD_STORE": c.path])
            let full = try await HeraldBinary.run(
                ["render"] + arguments, environment: ["HERALD_STORE": c.path, "HERALD_FULL_PARSE": "1"])
            #expect(quick.status == full.status, "\(arguments)")
            #expect(quick.stdout == full.stdout, "\(arguments)")
            #expect(quick.stderr == full.stderr, "\(arguments)")
        }
        // Standard input as the payload.
        let bytes = try String(contentsOfFile: sealed, encoding: .utf8)
        let quick = try await HeraldBinary.run(
            ["render", "--allow-unsealed", "--payload", "-", "--locale", "fr", "--tables", t], environment: ["HERALD_STORE": c.path], stdin: Data(bytes.utf8))
        let full = try await HeraldBinary.run(
            ["render", "--allow-unsealed", "--payload", "-", "--locale", "fr", "--tables", t],
            environment: ["HERALD_STORE": c.path, "HERALD_FULL_PARSE": "1"], stdin: Data(bytes.utf8))
        #expect(quick.status == 0 && quick.status == full.status)
        #expect(quick.stdout == full.stdout && quick.stderr == full.stderr)
        #expect(quick.stdout.contains("Gate 4"))
    }

    /// Media are fetched by the herald-net helper (herald itself has no HTTP client): a
    /// download that fails there comes back as the localized media.failed line and a
    /// warning with URLSession's reason; without the helper the reason says so.
    @Test func mediaGoThroughTheNetHelper() async throws {
        let c = try Container()
        // ROT13 of "https://127.0.0.1:1/picture.png": nothing listens on port 1.
        let payload = try c.write(
            #"{"aps":{"alert":{"body":"x"},"mutable-content":1},"herald":{"kind":"message","text":"Look"},"media-url":"uggcf://127.0.0.1:1/cvpgher.cat"}"#,
            name: "media.json")
        // The loopback address is allowed, so that the download reaches the network.
        let r = try await c.render(payload, "en", ["--allow-host", "127.0.0.1"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.body == "\u{2068}Look\u{2069}\nThe attached media could not be loaded.")
        #expect(r.root["herald-attachments"] == nil && r.root["media-url"] == nil)
        #expect(r.stderr.contains("herald: warning: media legacy: network error: "), "\(r.stderr)")

        let missing = try await HeraldBinary.run(
            ["render", "--allow-unsealed", "--payload", payload, "--locale", "en", "--tables", Self.tables],
            environment: ["HERALD_STORE": c.path, "HERALD_NET": c.path + "/no-herald-net"])
        #expect(missing.status == 0, "\(missing.stderr)")
        #expect(missing.stdout.contains("The attached media could not be loaded."))
        #expect(missing.stderr.contains("cannot start the download helper \(c.path)/no-herald-net"), "\(missing.stderr)")
    }

    @Test func formatCharactersInDecryptedTextStayLiteral() async throws {
        let c = try Container()
        let text = "Rate %@ is %d%% of {0} and %1$@ %#@x@"
        let sealed = try await Self.seal(c, #"{"aps":{"alert":{"body":"New message"},"mutable-content":1},"herald":{"kind":"message","text":"\#(text)","from":"Ops %@"}}"#)
        let r = try await c.render(sealed, "de")
        #expect(r.status == 0, "\(r.stderr)")
        // Inserted text is isolated (BidiIsolation); inside, its format characters stay literal.
        #expect(r.body == "\u{2068}" + text + "\u{2069}")
        #expect(r.title == "Nachricht von \u{2068}Ops %@\u{2069}")
    }

    // MARK: Deadline
    // What the stage emits at its deadline, the shortening of an oversize text and the badge
    // under concurrent deliveries are tested in-process (StageDeadlineTests,
    // StageShorteningTests, StageBadgeTests); here, what the command line adds: the
    // --deadline-ms flag, exit status 3 and the warnings on standard error.

    @Test func lockedStoreMeetsTheDeadlineWithABestAttempt() async throws {
        let c = try Container()
        try await c.addTicket("powerball", "2026-11-18", "4,11,23,50,60", "1")
        let payload = try c.write(
            Self.lotteryPayload(game: "powerball", draw: "2026-11-18", numbers: [4, 11, 23, 45, 61], bonus: [9], badge: 1), name: "p.json")
        // sqlite3 takes the write lock and holds it until the test ends.
        let locker = try StoreLocker(store: c.path)
        defer { locker.release() }

        // Under Tools/sanitize.sh the instrumented binary takes seconds to start: a longer
        // deadline, so that it still reaches the locked store before the deadline.
        let sanitized = ProcessInfo.processInfo.environment["HERALD_SANITIZER"] != nil
        let budget = sanitized ? "3000" : "500"
        let r = try Rendered(
            await HeraldBinary.run(
                ["render", "--payload", payload, "--locale", "en", "--tables", Self.tables,
                 "--deadline-ms", budget, "--allow-unsealed"],
                environment: ["HERALD_STORE": c.path]))
        #expect(r.status == 3)
        // The lock is never released while herald runs, so only the deadline can end the run
        // (were it ignored, this test would never finish): either the stage's timer emitted the
        // best attempt, or the store gave up at the stage's deadline; stderr says which, in
        // the command's warning shape.
        let timerFired = r.stderr.contains(
            "herald: warning: the deadline (\(budget) ms) passed before the work was done; the best attempt so far was emitted")
        let storeGaveUp = r.stderr.contains("stayed locked by another process past the deadline")
        #expect(timerFired || storeGaveUp, "\(r.stderr)")
        #expect(r.stderr.split(separator: "\n").allSatisfy { $0.hasPrefix("herald: warning: ") }, "\(r.stderr)")
        #expect(r.title == "Powerball results")
    }

    // MARK: Bad input and batch

    @Test func notAPayloadExitsTwo() async throws {
        let c = try Container()
        for text in ["[1, 2]", "not json", #"{"alert":"no aps"}"#, #"{"aps":{"badge":-1,"alert":"x","mutable-content":1}}"#] {
            let r = try await c.herald(["render", "--allow-unsealed", "--payload", "-", "--locale", "en", "--tables", Self.tables], stdin: text)
            #expect(r.status == 2, "\(text)")
            #expect(r.stdout.isEmpty)
            #expect(r.stderr.hasPrefix("herald: error: "))
        }
        let badLocale = try await c.herald(["render", "--allow-unsealed", "--payload", "-", "--locale", "", "--tables", Self.tables], stdin: "{}")
        #expect(badLocale.status == 2)
        let push = #"{"aps":{"alert":"x","mutable-content":1}}"#
        for flags in [["--deadline-ms", "0"], ["--time-zone", "Mars/Olympus_Mons"], ["--now", "yesterday"], ["--tables", c.path + "/none"]] {
            let r = try await c.herald(["render", "--allow-unsealed", "--payload", "-", "--locale", "en"] + flags, stdin: push)
            #expect(r.status == 2, "\(flags)")
            #expect(r.stderr.hasPrefix("herald: error: "), "\(flags)")
        }
        let both = try await c.herald(["render", "--batch", "-", "--payload", "-"], stdin: "")
        #expect(both.status == 2)
    }

    /// A rot13 "envelope" hides nothing and anyone can forge one: with
    /// `--algorithms hpke,aes-gcm` the stage refuses it (fallback, no plaintext shown).
    @Test func rot13EnvelopesCanBeRefused() async throws {
        let c = try Container()
        let plain = try c.write(
            #"{"aps":{"alert":{"body":"New message"},"mutable-content":1},"herald":{"kind":"message","text":"Forged order"}}"#,
            name: "plain-rot13.json")
        let sealed = try await c.herald(["seal", "--payload", plain, "--alg", "rot13"])
        #expect(sealed.status == 0, "\(sealed.stderr)")
        let path = try c.write(sealed.stdout, name: "rot13.json")
        // Legacy input allowed: a rot13 envelope opens.
        let accepted = try await c.herald(
            ["render", "--payload", path, "--locale", "en", "--tables", Self.tables, "--allow-unsealed"])
        #expect(accepted.status == 0)
        #expect(accepted.stdout.contains("Forged order"))
        // Sealing required, by default or with the algorithms named: refused.
        for extra in [[], ["--algorithms", "hpke,aes-gcm"]] {
            let refused = try await c.herald(["render", "--payload", path, "--locale", "en", "--tables", Self.tables] + extra)
            #expect(refused.status == 3)
            #expect(!refused.stdout.contains("Forged order"))
            #expect(refused.stderr.contains("rot13"))
        }
        // Naming rot13 without the opt-in is a usage error, not a silent downgrade.
        let named = try await c.herald(["render", "--payload", path, "--locale", "en", "--algorithms", "rot13"])
        #expect(named.status == 2)
        #expect(named.stderr.contains("--allow-unsealed"))
        let bad = try await c.herald(["render", "--allow-unsealed", "--payload", path, "--locale", "en", "--algorithms", "des"])
        #expect(bad.status == 2)
    }

    /// QA finding F9: the legacy ROT13 fields are rot13. With `--allow-unsealed` but
    /// `--algorithms hpke,aes-gcm` (rot13 left out) neither `custom-encrypted-message`
    /// nor `media-url` is decoded, as a rot13 envelope is refused; listing rot13 (or the
    /// default with `--allow-unsealed`) uses them.
    @Test func legacyROT13FieldsAreUsedOnlyWhenRot13IsAccepted() async throws {
        let c = try Container()
        // ROT13 of "Meet at noon, gate 4".
        let message = try c.write(
            #"{"aps":{"alert":{"body":"x"},"mutable-content":1},"custom-encrypted-message":"Zrrg ng abba, tngr 4"}"#, name: "m.json")
        let refused = try await c.render(message, "en", ["--algorithms", "hpke,aes-gcm"])
        #expect(refused.status == 3, "\(refused.stderr)")
        #expect(refused.body == "x")
        #expect(!refused.stdout.contains("Meet at noon") && !refused.stderr.contains("Meet at noon"))
        #expect(refused.root["custom-encrypted-message"] == nil)
        #expect(refused.stderr.contains(
            #"herald: warning: "custom-encrypted-message" is legacy ROT13; it is ignored because rot13 is not among the accepted algorithms"#),
            "\(refused.stderr)")
        for extra in [["--algorithms", "hpke,aes-gcm,rot13"], []] {
            let used = try await c.render(message, "en", extra)
            #expect(used.status == 0, "\(extra): \(used.stderr)")
            #expect(used.body == "\u{2068}Meet at noon, gate 4\u{2069}")
        }

        // ROT13 of "https://127.0.0.1:1/picture.png": not fetched at all when rot13 is left out.
        let media = try c.write(
            #"{"aps":{"alert":{"body":"x"},"mutable-content":1},"herald":{"kind":"message","text":"Look"},"media-url":"uggcf://127.0.0.1:1/cvpgher.cat"}"#,
            name: "media.json")
        let noMedia = try await c.render(media, "en", ["--algorithms", "hpke,aes-gcm"])
        #expect(noMedia.status == 0, "\(noMedia.stderr)")
        #expect(noMedia.body == "\u{2068}Look\u{2069}")
        #expect(noMedia.root["media-url"] == nil)
        #expect(!noMedia.stderr.contains("network error") && !noMedia.stderr.contains("127.0.0.1"), "\(noMedia.stderr)")
        #expect(noMedia.stderr.contains(
            #""media-url" is legacy ROT13; it is ignored because rot13 is not among the accepted algorithms"#), "\(noMedia.stderr)")
    }

    @Test func ineligiblePushPassesUnchangedLessItsSecrets() async throws {
        let c = try Container()
        // Docs/push-format.md: the herald plaintext (and the legacy secret fields) never reach the output.
        let text = #"{"aps":{"alert":{"body":"Hi"},"badge":3},"herald":{"kind":"message","text":"secret"},"custom-encrypted-message":"frperg","x":1}"#
        let r = try await c.herald(["render", "--allow-unsealed", "--payload", "-", "--locale", "en", "--tables", Self.tables], stdin: text)
        #expect(r.status == 3)
        #expect(r.stdout == #"{"aps":{"alert":{"body":"Hi"},"badge":3},"x":1}"# + "\n")
        #expect(!r.stdout.contains("secret") && !r.stdout.contains("frperg"))
        #expect(r.stderr.contains("mutable-content"))
    }

    @Test func locKeysResolveAgainstTheTables() async throws {
        let c = try Container()
        let text = #"{"aps":{"alert":{"title-loc-key":"reminder.title","loc-key":"lottery.title","loc-args":["Powerball"]},"mutable-content":1}}"#
        let r = try Rendered(await c.herald(["render", "--allow-unsealed", "--payload", "-", "--locale", "de", "--tables", Self.tables], stdin: text))
        #expect(r.status == 0)
        #expect(r.title == "Erinnerung")
        #expect(r.body == "\u{2068}Powerball\u{2069} – Ergebnisse")
        #expect(r.aps["alert"]?["loc-key"] == nil)
        // A key in no table: the literal when there is one, else the localized generic text.
        let missing = #"{"aps":{"alert":{"title":"Literal","title-loc-key":"no.such.key","loc-key":"no.such.body"},"mutable-content":1}}"#
        let m = try Rendered(await c.herald(["render", "--allow-unsealed", "--payload", "-", "--locale", "de", "--tables", Self.tables], stdin: missing))
        #expect(m.title == "Literal")
        #expect(m.body == "Sie haben eine neue Mitteilung. Öffnen Sie die App, um sie anzuzeigen.")
        #expect(!m.stdout.contains("no.such"))
        #expect(m.status == 3)
    }

    @Test func batchAnswersEveryLineInOrder() async throws {
        let c = try Container()
        try await c.addTicket("powerball", "2026-11-18", "4,11,23,50,60", "1")
        let lottery = Self.lotteryPayload(game: "powerball", draw: "2026-11-18", numbers: [4, 11, 23, 45, 61], bonus: [9], badge: nil)
        let lines = [
            #"{"id":"a","locale":"en","payload":\#(lottery)}"#,
            #"{"id":"b","locale":"de","payload":"#,
            #"{"id":"c","locale":"fr","payload":[1]}"#,
            #"{"id":"d","locale":"de","payload":\#(lottery)}"#,
            "",
            #"{"id":7,"locale":"ja","payload":{"aps":{"alert":"x","mutable-content":1},"custom-encrypted-message":"Uv"}}"#,
        ]
        let r = try await c.herald(["render", "--allow-unsealed", "--batch", "-", "--tables", Self.tables], stdin: lines.joined(separator: "\n") + "\n")
        #expect(r.status == 0, "\(r.stderr)")
        let out = r.stdout.split(separator: "\n").map { try? JSONParser.parse(String($0)).objectValue }
        #expect(out.count == 5)
        guard out.count == 5 else { return }
        #expect(out[0]?["id"]?.stringValue == "a")
        #expect(out[0]?["servedBy"]?.stringValue == "en")
        #expect(out[0]?["fallback"]?.boolValue == false)
        #expect(out[0]?["payload"]?["aps"]?["alert"]?["body"]?.stringValue == "You won $7.00 on 1 ticket out of 1.")
        let bytes = out[0]?["bytes"]?.intValue
        #expect(bytes == Int64(JSONWriter.write(out[0]?["payload"] ?? .null).utf8.count))
        #expect(out[1]?["error"] != nil && out[1]?["payload"] == nil)
        #expect(out[2]?["id"]?.stringValue == "c" && out[2]?["error"] != nil)
        #expect(out[3]?["id"]?.stringValue == "d")
        #expect(out[3]?["payload"]?["aps"]?["alert"]?["body"]?.stringValue == "Sie haben 7,00\u{A0}$ gewonnen – mit 1 Spielschein von 1.")
        #expect(out[4]?["id"]?.intValue == 7)
        #expect(out[4]?["payload"]?["aps"]?["alert"]?["body"]?.stringValue == "\u{2068}Hi\u{2069}")
        #expect(out[4]?["payload"]?["aps"]?["alert"]?["title"]?.stringValue == "本部からのメッセージ")
    }

    /// Each answer of `render --batch` (written straight into the output) carries, byte for
    /// byte, the payload a single `render` of the same push prints: the single render keeps
    /// custom keys as text, the batch line as parsed values, and both write them alike.
    @Test func batchAnswersCarryTheBytesOfSingleRenders() async throws {
        let c = try Container()
        let payloads = [
            #"{"aps":{"alert":"x","mutable-content":1}, "a" : [ 1 , {"b" : "\u00e9\/"} ] ,"n":1.0,"e":1e400,"z":-0}"#,
            #"{"c":1,"aps":{"alert":{"body":"x"},"mutable-content":1},"c":"\u0041","d":"\u2028\u001F\b"}"#,
            #"{"aps":{"alert":"x"},"c": 1 ,"herald":{"kind":"message","text":"hi"}}"#,
            #"{"aps":{"alert":{"loc-key":"lottery.title","loc-args":["Powerball"]},"mutable-content":1},"k":"v","k":{"x":[]}}"#,
        ]
        let lines = payloads.enumerated().map { #"{"id":\#($0),"locale":"de","payload":\#($1)}"# }
        let batch = try await c.herald(["render", "--allow-unsealed", "--batch", "-", "--tables", Self.tables], stdin: lines.joined(separator: "\n") + "\n")
        #expect(batch.status == 0, "\(batch.stderr)")
        let answers = batch.stdout.split(separator: "\n").map(String.init)
        #expect(answers.count == payloads.count)
        for (k, payload) in payloads.enumerated() where k < answers.count {
            let single = try await c.herald(["render", "--allow-unsealed", "--payload", "-", "--locale", "de", "--tables", Self.tables], stdin: payload)
            let json = String(single.stdout.dropLast())  // the newline
            #expect(answers[k].contains(#","payload":"# + json + #","diagnostics":"#), "line \(k + 1): \(answers[k]) vs \(json)")
            // The answer line is what the writer writes for it.
            #expect(JSONWriter.write(try JSONParser.parse(answers[k])) == answers[k])
        }
    }

    /// No --tables and no ./Localizations: the tables embedded in the binary.
    @Test func embeddedTablesByDefault() async throws {
        let c = try Container()
        let payload = try c.write(#"{"aps":{"alert":{"body":"x"},"mutable-content":1},"herald":{"kind":"reminder","id":"not-a-uuid"}}"#, name: "r.json")
        let r = try await HeraldBinary.run(
            ["render", "--allow-unsealed", "--payload", payload, "--locale", "fr", "--store", c.path], directory: URL(fileURLWithPath: c.path))
        #expect(r.status == 0)
        let root = try JSONParser.parse(r.stdout)
        let fr = try String(contentsOfFile: Self.tables + "/fr.lproj/Localizable.strings", encoding: .utf8)
        let body = try #require(root["aps"]?["alert"]?["body"]?.stringValue)
        // The French generic reminder text, as written in fr.lproj (embedded copy).
        #expect(fr.contains("\"reminder.unknown.body\" = \"\(body)\";"))
        #expect(!body.contains("not-a-uuid"))
    }
}
