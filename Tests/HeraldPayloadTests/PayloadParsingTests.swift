import HeraldJSON
import Testing

@testable import HeraldPayload

@Suite struct PayloadParsingTests {
    // Docs/push-format.md, the whole push.
    static let plainDraw = """
        {
          "aps": { "alert": { "title": "DidIWin", "body": "New results are in" },
                   "mutable-content": 1, "badge": 1, "thread-id": "powerball" },
          "herald": { "kind": "lottery.draw", "game": "powerball", "draw": "2026-11-18",
                      "numbers": [4, 11, 23, 45, 61], "bonus": [9], "multiplier": 2,
                      "prizes": { "jackpot": { "amount": 12500000000, "currency": "USD" } } }
        }
        """
    // Docs/push-format.md, "Sealed pushes".
    static let sealed = """
        { "aps": { "alert": { "body": "New results are in" }, "mutable-content": 1 },
          "herald": { "sealed": { "v": 1, "alg": "hpke-x25519-sha256-chachapoly", "kid": "k1",
                                  "enc": "<base64>", "ct": "<base64>" } } }
        """

    @Test func plainDrawExample() throws {
        let p = try APNsPayload.parse(Self.plainDraw)
        #expect(p.aps.alert?.title == "DidIWin")
        #expect(p.aps.alert?.body == "New results are in")
        #expect(p.aps.alert?.wasString == false)
        #expect(p.aps.mutableContent == 1)
        #expect(p.aps.badge == 1)
        #expect(p.aps.threadID == "powerball")
        #expect(p.herald?["kind"] == .string("lottery.draw"))
        #expect(p.herald?["prizes"]?["jackpot"]?["amount"] == .number("12500000000"))
        #expect(p.customKeys == ["herald"])
        #expect(p.eligibility == .eligible)
    }

    @Test func sealedExample() throws {
        let p = try APNsPayload.parse(Self.sealed)
        #expect(p.herald?["sealed"]?["alg"] == .string("hpke-x25519-sha256-chachapoly"))
        #expect(p.eligibility.isEligible)
    }

    @Test func legacyKeys() throws {
        let p = try APNsPayload.parse("""
            {"aps": {"alert": "You have a message", "mutable-content": 1},
             "custom-encrypted-message": "Uryyb", "media-url": "uggcf://rknzcyr.pbz/n.cat",
             "reminder-uuid": "D82ED5AE-C363-46AF-9B0D-301C2E21C58E"}
            """)
        #expect(p.aps.alert?.wasString == true)
        #expect(p.aps.alert?.body == "You have a message")
        #expect(p.legacyEncryptedMessage == "Uryyb")
        #expect(p.legacyMediaURL == "uggcf://rknzcyr.pbz/n.cat")
        #expect(p.legacyReminderID == "D82ED5AE-C363-46AF-9B0D-301C2E21C58E")
    }

    @Test func locKeysAndEveryAlertKey() throws {
        let p = try APNsPayload.parse("""
            {"aps": {"alert": {"title-loc-key": "T", "title-loc-args": ["a"], "subtitle-loc-key": "S",
              "subtitle-loc-args": ["b", 2], "loc-key": "GAME_PLAY_REQUEST_FORMAT", "loc-args": ["Jenna", "Frank"],
              "launch-image": "Launch.png", "action-loc-key": "PLAY", "x-unknown": true}, "mutable-content": 1}}
            """)
        let a = try #require(p.aps.alert)
        #expect(a.locKey == "GAME_PLAY_REQUEST_FORMAT")
        #expect(a.locArgs == ["Jenna", "Frank"])
        #expect(a.subtitleLocArgs == ["b", "2"])
        #expect(a.titleLocKey == "T")
        #expect(a.launchImage == "Launch.png")
        #expect(a.needsLocalization)
        #expect(p.eligibility == .eligible)
    }

    @Test func everyApsKeyTyped() throws {
        let p = try APNsPayload.parse("""
            {"aps": {"alert": {"body": "b"}, "badge": 0, "sound": {"critical": 1, "name": "alarm.caf", "volume": 0.5},
              "thread-id": "t", "category": "C", "content-available": 1, "mutable-content": 1,
              "target-content-id": "w", "interruption-level": "time-sensitive", "relevance-score": 0.75,
              "filter-criteria": "work", "stale-date": 1700000000, "content-state": {"score": 3},
              "timestamp": 1699999999, "event": "update", "dismissal-date": 1700003600,
              "attributes-type": "Match", "attributes": {"team": "A"}, "future-key": [1]},
             "custom": {"z": 1}}
            """)
        let aps = p.aps
        #expect(aps.badge == 0)
        #expect(aps.sound == .critical(critical: true, name: "alarm.caf", volume: 0.5))
        #expect(aps.category == "C")
        #expect(aps.isContentAvailable)
        #expect(aps.targetContentID == "w")
        #expect(aps.interruptionLevel == .timeSensitive)
        #expect(aps.relevanceScore == 0.75)
        #expect(aps.filterCriteria == "work")
        #expect(aps.staleDate == 1_700_000_000)
        #expect(aps.contentState?["score"] == .number("3"))
        #expect(aps.timestamp == 1_699_999_999)
        #expect(aps.event == "update")
        #expect(aps.dismissalDate == 1_700_003_600)
        #expect(aps.attributesType == "Match")
        #expect(aps.attributes?["team"] == .string("A"))
        // Unknown aps keys and custom keys are kept, in order.
        #expect(aps.raw.keys.last == "future-key")
        #expect(p.object.keys == ["aps", "custom"])
        let rewritten = JSONWriter.write(p.object)
        #expect(rewritten.contains(#""future-key":[1]"#))
        #expect(rewritten.contains(#""relevance-score":0.75"#))
    }

    @Test func compactPayloadsRoundTripByteForByte() throws {
        for text in [
            #"{"aps":{"alert":{"title":"DidIWin","body":"New results are in"},"mutable-content":1,"badge":1,"thread-id":"powerball"},"herald":{"kind":"lottery.draw","numbers":[4,11,23,45,61],"multiplier":2}}"#,
            #"{"zeta":1,"aps":{"x-new":{"b":1,"a":2},"alert":"hi","relevance-score":1.50},"alpha":[true,null]}"#,
        ] {
            let p = try APNsPayload.parse(text)
            #expect(p.json == text)
            #expect(p.byteCount == text.utf8.count)
        }
    }

    @Test func literalAlertForFallback() throws {
        let p = try APNsPayload.parse(#"{"aps":{"alert":{"title":"DidIWin","loc-key":"K","body":"New results are in"},"mutable-content":1}}"#)
        let lit = RenderedAlert(literal: try #require(p.aps.alert))
        #expect(lit == RenderedAlert(title: "DidIWin", body: "New results are in"))
    }

    @Test func soundName() throws {
        #expect(try APNsPayload.parse(#"{"aps":{"sound":"default"}}"#).aps.sound == .named("default"))
    }

    @Test func eligibility() throws {
        func elig(_ s: String) throws -> Eligibility { try APNsPayload.parse(s).eligibility }
        #expect(try elig(#"{"aps":{"content-available":1}}"#) == .notEligible(.contentAvailableOnly))
        #expect(try elig(#"{"aps":{"alert":"hi"}}"#) == .notEligible(.notMutable(nil)))
        #expect(try elig(#"{"aps":{"alert":"hi","mutable-content":0}}"#) == .notEligible(.notMutable(0)))
        #expect(try elig(#"{"aps":{"badge":3,"sound":"default","mutable-content":1}}"#) == .notEligible(.noAlert))
        #expect(try elig(#"{"aps":{"alert":{"body":""},"mutable-content":1}}"#) == .notEligible(.emptyAlert))
        #expect(try elig(#"{"aps":{"alert":{"launch-image":"x"},"mutable-content":1}}"#) == .notEligible(.emptyAlert))
        #expect(try elig(#"{"aps":{"alert":{"loc-key":"K"},"mutable-content":1}}"#) == .eligible)
        #expect(try elig(#"{"aps":{"alert":{"subtitle":"s"},"mutable-content":1,"content-available":1}}"#) == .eligible)
        #expect(Eligibility.notEligible(.notMutable(nil)).description.contains("mutable-content"))
    }

    func expectError(_ text: String, pointer: String, line: Int? = nil, column: Int? = nil, containing: String) {
        do {
            _ = try APNsPayload.parse(text)
            Issue.record("expected an error for \(text)")
        } catch {
            #expect(error.pointer == pointer)
            if let line, let column {
                #expect(error.position?.line == line)
                #expect(error.position?.column == column)
            }
            #expect(error.message.contains(containing), "\(error.message)")
        }
    }

    @Test func notAPayload() {
        expectError("[1,2]", pointer: "", line: 1, column: 1, containing: "must be a JSON object, found an array")
        expectError(#"{"alert":"hi"}"#, pointer: "", containing: "must have an \"aps\" object")
        expectError(#"{"aps": "hi"}"#, pointer: "/aps", line: 1, column: 9, containing: "\"aps\" must be an object, found a string")
        expectError("{\"aps\": {\n  \"alert\": 5}}", pointer: "/aps/alert", line: 2, column: 12, containing: "a string or an object, found a number")
        expectError(#"{"aps": {"alert": {"title": 1}}}"#, pointer: "/aps/alert/title", line: 1, column: 29, containing: "must be a string")
        expectError(#"{"aps": {"alert": {"loc-args": ["a", null]}}}"#, pointer: "/aps/alert/loc-args/1", line: 1, column: 38, containing: "\"loc-args\"[1] must be a string, found null")
        expectError(#"{"aps": {"mutable-content": "1"}}"#, pointer: "/aps/mutable-content", containing: "must be a number, found a string")
        expectError(#"{"aps": {"interruption-level": "loud"}}"#, pointer: "/aps/interruption-level", containing: "unknown interruption level \"loud\"")
        expectError(#"{"aps": {"sound": {"volume": 2}}}"#, pointer: "/aps/sound/volume", containing: "between 0.0 and 1.0")
        expectError(#"{"aps": {}, "herald": []}"#, pointer: "/herald", containing: "must be an object")
        expectError("{\"aps\": {\"alert\": \"x\",}}", pointer: "", containing: "not valid JSON")
    }

    @Test func badgePolicy() {
        expectError(#"{"aps": {"badge": -1}}"#, pointer: "/aps/badge", line: 1, column: 19, containing: "must not be negative")
        expectError(#"{"aps": {"badge": 1.5}}"#, pointer: "/aps/badge", containing: "must be a whole number, found 1.5")
        // A whole number written with an exponent or fraction is one (JSON, push.schema.json).
        #expect((try? APNsPayload.parse(#"{"aps": {"badge": 2e0}}"#))?.aps.badge == 2)
        expectError(#"{"aps": {"badge": "3"}}"#, pointer: "/aps/badge", containing: "must be a number, found a string")
    }
}
