import HeraldJSON
@testable import HeraldPayload
import Testing

/// A payload read from text holds only the keys Herald reads as values; every custom key is
/// kept as its compact text and passed on as it came (rewritten where the input was not
/// compact), so the final payload is the one the whole tree gave, byte for byte.
@Suite struct CustomKeysAsTextTests {
    @Test func customKeysAreKeptAsTextNotAsValues() throws {
        var text = #"{"aps":{"alert":{"body":"x"},"mutable-content":1}"#
        for n in 0..<2_000 { text += #","c\#(n)":\#(n)"# }
        text += "}"
        let payload = try APNsPayload.parse(text)
        #expect(payload.readMembers.keys == ["aps"])
        #expect(payload.object.textMemberCount == 2_000)
        #expect(payload.customKeys.count == 2_000)
        #expect(payload.json == text)
        #expect(payload.byteCount == text.utf8.count)
    }

    @Test func theKeysHeraldReadsAreValues() throws {
        let text =
            #"{"c":1,"aps":{"alert":"x","mutable-content":1},"herald":{"kind":"message","text":"hi"},"push_id":"p","image":"https://e.x/i.png","custom-encrypted-message":"z","media-url":"m","reminder-uuid":"u","herald-attachments":[]}"#
        let payload = try APNsPayload.parse(text)
        #expect(Set(payload.readMembers.keys) == APNsPayload.readKeys)
        #expect(payload.object.textMemberCount == 1)
        #expect(payload.herald?["text"]?.stringValue == "hi")
        #expect(payload.json == text)
    }

    /// The final payload of a push with odd custom members, against the one the whole tree
    /// gives: the same push made from its parsed value (`init(json:)`, every member a value,
    /// the path every payload took before).
    static let odd: [String] = [
        #"{"aps":{"alert":"x","mutable-content":1}, "a" : [ 1 , {"b" : "\u00e9\/"} ] ,"n":1.0,"e":1e400,"z":-0}"#,
        #"{"c":1,"aps":{"alert":{"body":"x","loc-key":"K"},"mutable-content":1},"c":"\u0041","herald":{"kind":"message","text":"t"},"d":"\u2028\u001F"}"#,
        #"{"k":"v","k":"w","aps":{"mutable-content":1,"alert":"x"},"media-url":"m","k":{"x":[]}}"#,
    ]

    @Test(arguments: odd)
    func theFinalPayloadIsTheOneTheWholeTreeGives(_ text: String) throws {
        let partly = try APNsPayload.parse(text)
        let whole = try APNsPayload(json: try JSONParser.parse(text))
        #expect(partly.object.textMemberCount > 0)
        #expect(partly == whole)
        let alert = RenderedAlert(title: "T", body: "B")
        let a = try PayloadWriter.finalPayload(from: partly, alert: alert, badge: 3)
        let b = try PayloadWriter.finalPayload(from: whole, alert: alert, badge: 3)
        #expect(a.json == b.json)
        #expect(a.object == b.object)
        #expect(a.json == JSONWriter.write(.object(a.object)))
    }

    @Test func customKeysOverTheBudgetAreMeasuredAsTheyWouldBeWritten() throws {
        // 4,000 bytes of custom text written with spaces and escapes that are dropped when
        // written: the budget counts what is written (a little under 4,096), not the input.
        let value = String(repeating: #"\u0062"#, count: 3_900)
        let text = #"{"aps":{"alert":"x","mutable-content":1},  "blob"  :  ""# + value + #""}"#
        let payload = try APNsPayload.parse(text)
        let final = try PayloadWriter.finalPayload(from: payload, alert: RenderedAlert(body: "hi"))
        #expect(final.json.contains(String(repeating: "b", count: 3_900)))
        #expect(final.byteCount <= APNsPayload.maximumBytes)
    }
}
