@testable import HeraldJSON
import Testing

/// An object read partly keeps the members not asked for as their compact text: slices of
/// the input where the input is already what the writer writes, rewritten once otherwise.
/// What it accepts, the errors it gives and the text it writes are those of the whole
/// parse (`JSONParser.parse` then `JSONWriter.write`, the path payloads took before), over
/// a table of odd inputs.
@Suite struct PartlyParsedObjectTests {
    static func read(_ text: String, parsing keys: Set<String> = ["aps"]) throws -> PartlyParsedObject {
        try #require(try PartlyParsedObject.read(Array(text.utf8), parsing: keys.contains))
    }

    @Test func compactMembersAreSlicesOfTheInput() throws {
        let text = #"{"aps":{"alert":"x"},"c0":1,"c1":"é","c2":[true,null,{"d":-0.5e3}]}"#
        let input = Array(text.utf8)
        let object = try #require(try PartlyParsedObject.read(input, parsing: { $0 == "aps" }))
        #expect(object.parsed.keys == ["aps"])
        #expect(object.textMemberCount == 3)
        #expect(object.rewrittenBytes == 0)
        var texts: [String] = []
        object.forEachMember { m in
            if case .text(let slice) = m {
                // A slice of the input at the input's own offsets: nothing was copied.
                #expect(Array(slice) == Array(input[slice.startIndex..<slice.endIndex]))
                texts.append(String(decoding: slice, as: UTF8.self))
            }
        }
        #expect(texts == [#""c0":1"#, #""c1":"é""#, #""c2":[true,null,{"d":-0.5e3}]"#])
        #expect(JSONWriter.write(object) == text)
        #expect(object.keys == ["aps", "c0", "c1", "c2"])
    }

    /// Inputs whose members are not written as the writer writes them, or repeat a key.
    /// The expected text of the first few is worked out by hand from the writer's rules
    /// (Docs: numbers as written, strings escaped minimally, UTF-8 as is, last value of a
    /// repeated key in its first place); every row is also checked against the whole parse.
    static let oddInputs: [(input: String, expected: String?)] = [
        (#"{ "aps" : {} , "a" : 1 }"#, #"{"aps":{},"a":1}"#),
        (#"{"aps":{},"a":"\u00e9\/\u0041"}"#, #"{"aps":{},"a":"é/A"}"#),
        (#"{"aps":{},"a":1.0,"b":1e400,"c":-0,"d":1E+2}"#, #"{"aps":{},"a":1.0,"b":1e400,"c":-0,"d":1E+2}"#),
        (#"{"a":1,"aps":{},"a":2,"b":3,"a":[ 4 ]}"#, #"{"a":[4],"aps":{},"b":3}"#),
        (#"{"aps":{"x":1},"aps":{"y":2},"c":1}"#, #"{"aps":{"y":2},"c":1}"#),
        (#"{"aps":{},"\u0061b":1,"ab":2}"#, #"{"aps":{},"ab":2}"#),
        (#"{"aps":{},"a":"\u001F\u007F\b\f\u2028"}"#, #"{"aps":{},"a":"\u001f\u007f\u0008\u000c\u2028"}"#),
        ("{\"aps\":{},\"a\":\"\u{7F}\u{2028}\u{2029}\"}", #"{"aps":{},"a":"\u007f\u2028\u2029"}"#),
        (#"{"aps":{},"a":"\ud83d\ude00","b":"\n\"\\"}"#, #"{"aps":{},"a":"😀","b":"\n\"\\"}"#),
        ("\u{FEFF}{\"aps\":{}}\n", #"{"aps":{}}"#),
        (#"{}"#, #"{}"#),
        (#"{"c0":1,"aps":{},"c1":2}"#, nil),
        ("{\"aps\":{},\n  \"a\": {\"b\" :[1, 2,{ }]},\r\n\t\"c\":\"x\"\n}", nil),
        // Canonically equivalent keys are one key, as in `JSONObject` (String equality).
        ("{\"aps\":{},\"\u{E9}\":1,\"e\u{301}\":2}", nil),
        (#"{"aps":{},"a":{"k":1,"k":2},"a":{"k":3,"k":4}}"#, nil),
        (#"{"a":1,"a":2,"a":3,"a":4,"aps":{},"b":"x","b":"y"}"#, nil),
    ]

    @Test(arguments: oddInputs)
    func writesWhatTheWholeParseWrites(_ row: (input: String, expected: String?)) throws {
        let whole = try JSONParser.parse(row.input)
        let object = try Self.read(row.input)
        #expect(JSONWriter.write(object) == JSONWriter.write(whole))
        if let expected = row.expected { #expect(JSONWriter.write(object) == expected) }
        #expect(object.wholeObject() == whole.objectValue)
        #expect(JSONWriter.length(of: object) == JSONWriter.write(object).utf8.count)
        #expect(object.keys == whole.objectValue?.keys)
    }

    @Test func aWideObjectOfRepeatedKeysKeepsTheLastValues() throws {
        // 200 keys, each written three times: past the wide-container threshold (64), so
        // the key index is rebuilt at its counted size while repeats are being found.
        var members: [String] = [#""aps":{}"#]
        for round in 0..<3 { for k in 0..<200 { members.append(#""k\#(k)":\#(round * 1000 + k)"#) } }
        let text = "{" + members.joined(separator: ",") + "}"
        let object = try Self.read(text)
        #expect(object.textMemberCount == 200)
        #expect(JSONWriter.write(object) == JSONWriter.write(try JSONParser.parse(text)))
        #expect(object.wholeObject()["k7"] == .int(2007))
    }

    /// Every error is the whole parse's, at the same place.
    static let invalidInputs: [String] = [
        #"{"aps":{},"a":1,}"#,
        #"{"aps":{},"a":[1,]}"#,
        #"{"aps":{},"a" 1}"#,
        #"{"aps":{},"a":"\x"}"#,
        #"{"aps":{},"a":"\ud800"}"#,
        #"{"aps":{},"a":01}"#,
        #"{"aps":{},"a":1} x"#,
        #"{"aps":{},"a":1"#,
        #"{"aps":{},1:2}"#,
        #"{"aps":{},"a":tru}"#,
        "{\"aps\":{},\n\"a\":\"\u{1}\"}",
        "{\"aps\":{},\"a\":" + String(repeating: "[", count: 600) + String(repeating: "]", count: 600) + "}",
        "{\"aps\":" + String(repeating: "{\"a\":", count: 600) + "1" + String(repeating: "}", count: 600) + "}",
    ]

    @Test(arguments: invalidInputs)
    func refusesWhatTheWholeParseRefuses(_ input: String) throws {
        let expected = #expect(throws: JSONError.self) { try JSONParser.parse(input) }
        let got = #expect(throws: JSONError.self) { try PartlyParsedObject.read(Array(input.utf8), parsing: { $0 == "aps" }) }
        #expect(got == expected)
    }

    @Test func invalidUTF8InAMemberKeptAsTextIsRefusedWhereTheWholeParseRefusesIt() throws {
        let input = Array(#"{"aps":{},"a":"x"#.utf8) + [0xC3, 0x28] + Array(#""}"#.utf8)
        let expected = #expect(throws: JSONError.self) { try JSONParser.parse(bytes: input) }
        let got = #expect(throws: JSONError.self) { try PartlyParsedObject.read(input, parsing: { $0 == "aps" }) }
        #expect(got == expected)
    }

    @Test func aValueThatIsNotAnObjectIsLeftToTheWholeParse() throws {
        for text in ["[1]", "\"x\"", "3", "  null "] {
            #expect(try PartlyParsedObject.read(Array(text.utf8), parsing: { _ in true }) == nil)
        }
    }

    @Test func parsedMembersKeepTheirPlaceAndNewOnesComeLast() throws {
        var object = try Self.read(#"{"c0":1,"aps":{"a":1},"herald":{},"c1":2}"#, parsing: ["aps", "herald"])
        object.parsed["aps"] = .object(JSONObject([("b", .int(2))]))
        object.parsed["herald"] = nil
        object.parsed["new"] = .string("n")
        #expect(JSONWriter.write(object) == #"{"c0":1,"aps":{"b":2},"c1":2,"new":"n"}"#)
        #expect(JSONWriter.length(of: object) == JSONWriter.write(object).utf8.count)
    }

    /// The size of everything around one member's value, as the final payload measures it.
    @Test func lengthLeavesOutMembersAndCountsOneValueAsNothing() throws {
        let text = #"{"c0":"é","aps":{"alert":"hi"},"herald":{"k":1},"c1":[1,2]}"#
        let object = try Self.read(text, parsing: ["aps", "herald"])
        let rest = JSONWriter.length(of: object, leavingOut: { $0 == "herald" }, withoutValueOf: "aps")
        var without = object
        without.parsed["herald"] = nil
        let aps = try #require(object.parsed["aps"])
        #expect(rest + JSONWriter.length(of: aps) == JSONWriter.write(without).utf8.count)
        // By hand: {"c0":"é","aps":,"c1":[1,2]} is 29 bytes ("é" is two).
        #expect(rest == 29)
        // A member named `blank` that is absent is counted as if added at the end.
        let bare = try Self.read(#"{"c0":1}"#)
        #expect(JSONWriter.length(of: bare, withoutValueOf: "aps") == #"{"c0":1,"aps":}"#.utf8.count)
    }
}
