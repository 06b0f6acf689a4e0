import AsyncHTTPClient
import Foundation
import HeraldExamples
import HeraldJSON
import HeraldTestSupport
import Testing

/// `POST /v1/render` gives what `herald render` gives: the oracle is the `herald` binary run
/// as a subprocess over a real store on disk holding the same tickets, reminder and badge the
/// request's context carries.
@Suite struct RenderRouteTests {
    static let tables = Repository.path("Localizations")

    /// `herald render` for `payload` in `locale` against a fresh store made by `herald store`.
    static func cli(payload: String, locale: String, store: TemporaryFolder, setUp: [[String]]) async throws -> (payload: JSONValue, stderr: String, status: Int32) {
        let herald = try BuiltExecutable.url(named: "herald")
        let environment = ["HERALD_STORE": store.path]
        for arguments in setUp {
            let made = try await Subprocess.run(herald, ["store"] + arguments, environment: environment)
            #expect(made.status == 0, "herald store \(arguments): \(made.stderr)")
        }
        let file = try store.write(payload, to: "push.json")
        let run = try await Subprocess.run(
            herald,
            ["render", "--payload", file, "--locale", locale, "--tables", tables, "--allow-unsealed", "--now", ExampleNotifications.now],
            environment: environment)
        return (try JSONParser.parse(run.stdout), run.stderr, run.status)
    }

    static func example(_ name: String) -> String {
        ExampleNotifications.all.first { $0.name == name }!.payload
    }

    @Test func lotteryWinWithTicketsInTheContextMatchesHeraldRender() async throws {
        let payload = Self.example("lottery-win")
        let ticketsJSON = ExampleNotifications.tickets.filter { $0.game == "powerball" }.map { t in
            #"{"game":"\#(t.game)","draw":"\#(t.draw)","numbers":\#(t.numbers),"bonus":\#(t.bonus),"powerPlay":\#(t.powerPlay)}"#
        }
        let setUp = ExampleNotifications.tickets.filter { $0.game == "powerball" }.map { t in
            ["add-ticket", "--game", t.game, "--draw", t.draw, "--numbers", t.numbers.map(String.init).joined(separator: ","),
             "--bonus", t.bonus.map(String.init).joined(separator: ",")] + (t.powerPlay ? ["--power-play"] : [])
        }
        let locales = ["en", "pt-BR", "ar"]
        try await TestServer.with({ $0.tablesDirectory = Self.tables; $0.allowUnsealed = true }) { server in
            let body = #"{"payload":\#(payload),"locales":[\#(locales.map { "\"\($0)\"" }.joined(separator: ","))],"context":{"tickets":[\#(ticketsJSON.joined(separator: ","))],"now":"\#(ExampleNotifications.now)"}}"#
            let answer = try await server.json(.POST, "/v1/render", body)
            #expect(answer.status == 200, "\(answer.text)")
            let results = try #require(try JSONParser.parse(answer.text)["results"]?.arrayValue)
            #expect(results.count == locales.count)
            for (locale, result) in zip(locales, results) {
                let store = try TemporaryFolder()
                let expected = try await Self.cli(payload: payload, locale: locale, store: store, setUp: setUp)
                #expect(expected.status == 0, "\(expected.stderr)")
                #expect(result["locale"]?.stringValue == locale)
                #expect(result["outcome"]?.stringValue == "rendered")
                #expect(result["payload"] == expected.payload, "\(locale)")
                for diagnostic in result["diagnostics"]?.arrayValue ?? [] {
                    #expect(expected.stderr.contains(diagnostic.stringValue ?? "?"), "\(diagnostic)")
                }
            }
        }
    }

    @Test func reminderAndBadgeFromTheContextMatchHeraldRender() async throws {
        let payload = Self.example("reminder")
        let r = ExampleNotifications.reminders[0]
        try await TestServer.with({ $0.tablesDirectory = Self.tables }) { server in
            let body = #"{"payload":\#(payload),"locale":"de","context":{"reminders":[{"id":"\#(r.id)","title":"\#(r.title)","due":"\#(r.due)"}],"badge":4,"now":"\#(ExampleNotifications.now)"}}"#
            let answer = try await server.json(.POST, "/v1/render", body)
            #expect(answer.status == 200, "\(answer.text)")
            let result = try #require(try JSONParser.parse(answer.text)["results"]?.arrayValue?.first)
            let store = try TemporaryFolder()
            let expected = try await Self.cli(
                payload: payload, locale: "de", store: store,
                setUp: [["add-reminder", "--id", r.id, "--title", r.title, "--due", r.due], ["badge", "--set", "4"]])
            #expect(result["payload"] == expected.payload)
            // The badge the device would show: 4 stored + 1 sent (the store's running count).
            #expect(result["payload"]?["aps"]?["badge"]?.intValue == 5)
            #expect(result["outcome"]?.stringValue == "rendered")
        }
    }

    /// No context is no store: the push still renders (the numbers drawn), and says why its
    /// tickets were not checked.
    @Test func withoutAContextTheStageRunsWithNoStore() async throws {
        try await TestServer.with({ $0.tablesDirectory = Self.tables; $0.allowUnsealed = true }) { server in
            let answer = try await server.json(.POST, "/v1/render", #"{"payload":\#(Self.example("lottery-win")),"locale":"en"}"#)
            let result = try #require(try JSONParser.parse(answer.text)["results"]?.arrayValue?.first)
            let diagnostics = result["diagnostics"]?.arrayValue?.compactMap(\.stringValue) ?? []
            #expect(diagnostics.contains { $0.contains("no store") }, "\(diagnostics)")
            let alert = result["payload"]?["aps"]?["alert"]
            #expect(alert != nil && alert != .null)
        }
    }

    /// Sealing is required unless the server allows unsealed content, as `herald render` without
    /// `--allow-unsealed`: the plaintext herald object is ignored, with a diagnostic saying so.
    @Test func unsealedContentIsRefusedByDefault() async throws {
        let payload = Self.example("lottery-win")
        let context = #"{"tickets":[{"game":"powerball","draw":"2026-11-18","numbers":[4,11,23,50,60],"bonus":[9],"powerPlay":true}],"now":"\#(ExampleNotifications.now)"}"#
        try await TestServer.with({ $0.tablesDirectory = Self.tables }) { server in
            let answer = try await server.json(.POST, "/v1/render", #"{"payload":\#(payload),"locale":"en","context":\#(context)}"#)
            let result = try #require(try JSONParser.parse(answer.text)["results"]?.arrayValue?.first)
            let herald = try BuiltExecutable.url(named: "herald")
            let store = try TemporaryFolder()
            _ = try await Subprocess.run(
                herald, ["store", "add-ticket", "--game", "powerball", "--draw", "2026-11-18", "--numbers", "4,11,23,50,60", "--bonus", "9", "--power-play"],
                environment: ["HERALD_STORE": store.path])
            let file = try store.write(payload, to: "push.json")
            let cli = try await Subprocess.run(
                herald, ["render", "--payload", file, "--locale", "en", "--tables", Self.tables, "--now", ExampleNotifications.now],
                environment: ["HERALD_STORE": store.path])
            #expect(result["payload"] == (try JSONParser.parse(cli.stdout)))
            let diagnostics = result["diagnostics"]?.arrayValue?.compactMap(\.stringValue) ?? []
            #expect(diagnostics.contains { $0.contains("unsealed") || $0.contains("allow-unsealed") }, "\(diagnostics)")
        }
    }

    @Test func notAPayloadIsInvalidPerLocale() async throws {
        try await TestServer.with { server in
            let answer = try await server.json(.POST, "/v1/render", #"{"payload":{"no-aps":true},"locales":["en","fr"]}"#)
            #expect(answer.status == 200)
            let results = try #require(try JSONParser.parse(answer.text)["results"]?.arrayValue)
            #expect(results.map { $0["outcome"]?.stringValue } == ["invalid", "invalid"])
            #expect(results.allSatisfy { ($0["error"]?.stringValue ?? "").contains("aps") })
        }
    }

    @Test(arguments: [
        (#"{"locale":"en"}"#, "payload: required"),
        (#"{"payload":{"aps":{}},"locale":"en","context":{"tickets":[{"game":"powerball","draw":"2026-11-18","numbers":[1,2],"bonus":[9]}]}}"#, "context.tickets[0]"),
        (#"{"payload":{"aps":{}},"locale":"en","context":{"badge":-1}}"#, "context.badge"),
        (#"{"payload":{"aps":{}},"locale":"en","context":{"reminders":[{"id":"nope","title":"x","due":"2026-11-18T21:00:00Z"}]}}"#, "context.reminders[0].id"),
        (#"{"payload":{"aps":{}},"locale":"en","extra":1}"#, "extra: unknown field"),
        (#"{"payload":{"aps":{}},"locales":[]}"#, "locales: expected 1…100"),
    ])
    func badRequestsNameTheField(body: String, expected: String) async throws {
        try await TestServer.with { server in
            let answer = try await server.json(.POST, "/v1/render", body)
            #expect(answer.status == 400)
            let error = try JSONParser.parse(answer.text)["error"]
            #expect(error?["code"]?.stringValue == "bad-request")
            let message = error?["message"]?.stringValue ?? ""
            #expect(message.contains(expected), "\(answer.text)")
        }
    }
}
