import HeraldJSON
import HeraldPayload
import Testing

/// Hostile pushes: what the sender (or whoever tampers with the push on its
/// way) controls. Input that is not a payload fails with the exact error and
/// position; input that is a payload, however odd, still yields a valid final
/// payload (JSON that reads back, at most 4096 bytes, `aps` and
/// `mutable-content` kept, the secret `herald` object gone).
@Suite struct HostilePayloadTests {
    struct Case: Sendable, CustomStringConvertible {
        var name: String
        var bytes: [UInt8]
        var error: String
        var description: String { name }
    }

    static let valid = #"{"aps":{"alert":{"title":"DidIWin","body":"New results are in"},"mutable-content":1,"badge":1},"herald":{"kind":"message","text":"Meet at noon"}}"#

    static let rejected: [Case] = [
        Case(name: "empty", bytes: [], error: "1:1: not valid JSON: unexpected end of input, expected a value"),
        Case(
            name: "truncated in the middle of a key", bytes: Array(#"{"aps":{"alert":{"ti"#.utf8),
            error: "1:21: not valid JSON: unterminated string"),
        Case(
            name: "truncated after a value", bytes: Array(#"{"aps":{"alert":"x""#.utf8),
            error: "1:20: not valid JSON: unexpected end of input in an object"),
        Case(
            name: "10,000-deep JSON in a custom key",
            bytes: Array((#"{"aps":{},"x":"# + String(repeating: "[", count: 10_000) + String(repeating: "]", count: 10_000) + "}").utf8),
            // The root is depth 0, the first '[' depth 1: the '[' at depth 512 is
            // the 512th, at offset 14 + 511.
            error: "1:\(14 + 511 + 1): not valid JSON: nesting deeper than 512 levels"),
        Case(
            name: "invalid UTF-8 in the body", bytes: Array(#"{"aps":{"alert":"a"#.utf8) + [0xFF] + Array(#""}}"#.utf8),
            error: "1:19: not valid JSON: invalid UTF-8 byte 0xff"),
        Case(
            name: "raw NUL byte in the body", bytes: Array(#"{"aps":{"alert":"a"#.utf8) + [0] + Array(#""}}"#.utf8),
            error: "1:19: not valid JSON: control character in string (must be escaped)"),
        Case(
            name: "wrong type: aps is an array", bytes: Array(#"{"aps":[]}"#.utf8),
            error: "1:8: /aps: \"aps\" must be an object, found an array"),
        Case(
            name: "wrong type: herald is a string", bytes: Array(#"{"aps":{},"herald":"sealed"}"#.utf8),
            error: "1:20: /herald: \"herald\" must be an object, found a string"),
        Case(
            name: "wrong type: badge is huge", bytes: Array(#"{"aps":{"badge":99999999999999999999}}"#.utf8),
            error: "1:17: /aps/badge: \"badge\" is outside 0…9223372036854775807, found 99999999999999999999"),
        Case(
            name: "two payloads in one", bytes: Array((valid + valid).utf8),
            error: "1:\(valid.utf8.count + 1): not valid JSON: unexpected content after the JSON value"),
    ]

    @Test(arguments: rejected) func notAPayloadIsTheExactError(_ c: Case) {
        #expect(throws: PayloadError.self) { try APNsPayload.parse(bytes: c.bytes) }
        do {
            _ = try APNsPayload.parse(bytes: c.bytes)
        } catch {
            #expect(error.description == c.error)
        }
    }

    @Test func everyTruncationIsAnErrorNotACrash() {
        let bytes = Array(Self.valid.utf8)
        for n in 0..<bytes.count {
            #expect(throws: PayloadError.self, "prefix of \(n) bytes") { try APNsPayload.parse(bytes: Array(bytes[..<n])) }
        }
        #expect((try? APNsPayload.parse(bytes: bytes)) != nil)
    }

    /// The final payload for `rendered`: valid, within budget, secret dropped.
    func finalPayload(_ payload: String, _ rendered: RenderedAlert) throws -> (FinalPayload, JSONObject) {
        let parsed = try APNsPayload.parse(payload)
        let final = try PayloadWriter.finalPayload(from: parsed, alert: rendered)
        #expect(final.byteCount <= APNsPayload.maximumBytes)
        let back = try #require(try JSONParser.parse(final.json).objectValue)
        #expect(back["herald"] == nil)
        let aps = try #require(back["aps"]?.objectValue)
        #expect(aps["mutable-content"]?.numberText == "1")
        _ = try APNsPayload.parse(final.json)
        return (final, back)
    }

    @Test func megabyteBodyIsShortenedIntoAValidPayload() throws {
        let body = String(repeating: "😀", count: 1 << 18)  // 1 MiB of UTF-8
        let (final, back) = try finalPayload(Self.valid, RenderedAlert(title: "DidIWin", body: body))
        #expect(final.shortenedFields == ["body"])
        let alert = try #require(back["aps"]?.objectValue?["alert"]?.objectValue)
        let shortened = try #require(alert["body"]?.stringValue)
        #expect(shortened.hasSuffix("\u{2026}"))
        // Cut at a grapheme boundary: only whole emoji before the ellipsis.
        #expect(shortened.dropLast().allSatisfy { $0 == "😀" })
        #expect(alert["title"]?.stringValue == "DidIWin")
    }

    @Test func megabyteSenderBodyInThePushItself() throws {
        // An alert of almost 1 MiB (the most a payload may hold, InputLimits) in the
        // incoming push is read (the device's limit is the output's), and the output still fits.
        let envelope = #"{"aps":{"alert":{"body":""},"mutable-content":1}}"#.utf8.count
        let body = String(repeating: "a", count: InputLimits.payloadFileBytes - envelope)
        let push = #"{"aps":{"alert":{"body":""# + body + #""},"mutable-content":1}}"#
        #expect(push.utf8.count == InputLimits.payloadFileBytes)
        let parsed = try APNsPayload.parse(push)
        #expect(parsed.aps.alert?.body?.utf8.count == body.utf8.count)
        let (final, _) = try finalPayload(push, RenderedAlert(body: body))
        #expect(final.byteCount <= APNsPayload.maximumBytes)
    }

    @Test func aPayloadOverTheLimitIsRefusedBeforeItIsParsed() throws {
        // One byte over InputLimits.payloadFileBytes (1 MiB).
        let body = String(repeating: "a", count: InputLimits.payloadFileBytes)
        let push = #"{"aps":{"alert":{"body":""# + body + #""}}}"#
        #expect(throws: PayloadError.self) { try APNsPayload.parse(push) }
        do { _ = try APNsPayload.parse(push) } catch {
            #expect(error.description.contains("more than the 1 MiB a payload may be"), "\(error)")
        }
    }

    @Test func manyKeysOnOneLineArePlacedInOneCount() throws {
        // Positions of values on one line used to be counted from the line's start each
        // time (quadratic). The column of the last key is still exact: 5,000 members
        // `"cN":1,` after the aps object, counted by hand below.
        var text = #"{"aps":{"alert":"x"}"#
        var lastKeyColumn = 0
        for n in 0..<5_000 {
            text += ","
            lastKeyColumn = text.unicodeScalars.count + 1
            text += "\"c\(n)\":\"é\""
        }
        text += "}"
        let parsed = try JSONParser.parseDetailed(Array(text.utf8), options: .init(recordPositions: true))
        #expect(parsed.positions["/c4999#key"]?.column == lastKeyColumn)
        #expect(parsed.positions["/c4999"]?.column == lastKeyColumn + 8)
        // Each byte before the last value is read once to place them all (it was read
        // once per value before: 5,000 × the line).
        #expect(parsed.columnBytesRead <= text.utf8.count)
        let payload = try APNsPayload.parse(text)
        #expect(payload.customKeys.count == 5_000)
    }

    @Test func escapedNulAndBidiControlsStayInsideAValidPayload() throws {
        let push = #"{"aps":{"alert":{"body":"a\u0000b"},"mutable-content":1},"custom":"\u0000"}"#
        let parsed = try APNsPayload.parse(push)
        #expect(parsed.aps.alert?.body == "a\u{0}b")
        let (final, back) = try finalPayload(push, RenderedAlert(body: "x\u{0}\u{202E}y"))
        #expect(back["aps"]?.objectValue?["alert"]?.objectValue?["body"]?.stringValue == "x\u{0}\u{202E}y")
        #expect(back["custom"]?.stringValue == "\u{0}")
        // Control characters are written escaped, never raw.
        #expect(!final.json.utf8.contains(0))
    }

    @Test func customKeysTooBigForTheBudgetAreAnErrorNotATruncatedPayload() throws {
        let push = #"{"aps":{"alert":"x","mutable-content":1},"blob":""# + String(repeating: "b", count: 5000) + #""}"#
        let parsed = try APNsPayload.parse(push)
        #expect(throws: PayloadError.self) { try PayloadWriter.finalPayload(from: parsed, alert: RenderedAlert(body: "hi")) }
    }
}
