import HeraldJSON
import Testing

@Suite struct JSONParserTests {
    @Test func keepsNumberLiteralsAndKeyOrder() throws {
        let v = try JSONParser.parse(#"{"b": 1.50, "a": [1e3, -0, 12345678901234567890123], "c": null}"#)
        guard case .object(let o) = v else { Issue.record("not an object"); return }
        #expect(o.keys == ["b", "a", "c"])
        #expect(o["b"]?.numberText == "1.50")
        #expect(o["a"]?.arrayValue?.map { $0.numberText } == ["1e3", "-0", "12345678901234567890123"])
        #expect(o["c"] == .null)
    }

    @Test func decodesEscapesAndSurrogatePairs() throws {
        let v = try JSONParser.parse(#""a\"b\\c\/d\n\u00e9\ud83d\ude00""#)
        #expect(v.stringValue == "a\"b\\c/d\né😀")
    }

    @Test(arguments: [
        (#"{"a": 1,}"#, "trailing comma in an object", 1, 9),
        (#"[1, 2"#, "unexpected end of input in an array", 1, 6),
        ("{\"a\":\n  tru}", "invalid literal, expected 'true'", 2, 3),
        (#""\ud800x""#, "lone high surrogate in \\u escape", 1, 8),
        (#"01"#, "invalid number: leading zero", 1, 2),
        (#"{"a": 1} x"#, "unexpected content after the JSON value", 1, 10),
        ("\"a\u{1}\"", "control character in string (must be escaped)", 1, 3),
        // The shared steps after a member or element, and of a \u escape (columns counted by hand).
        (#"[1,]"#, "trailing comma in an array", 1, 4),
        (#"[1 2]"#, "expected ',' or ']' in an array", 1, 4),
        (#"{"a": 1 "b": 2}"#, "expected ',' or '}' in an object", 1, 9),
        (#"{"a": 1"#, "unexpected end of input in an object", 1, 8),
        (#""\u12G4""#, "invalid hex digit in \\u escape", 1, 6),
        (#""\u12""#, "truncated \\u escape", 1, 4),
    ])
    func errorsSayWhereAndWhat(input: String, message: String, line: Int, column: Int) {
        do {
            _ = try JSONParser.parse(input)
            Issue.record("accepted \(input)")
        } catch {
            #expect(error.message == message)
            #expect(error.position.line == line)
            #expect(error.position.column == column)
        }
    }

    @Test func rejectsInvalidUTF8() {
        let bytes: [UInt8] = [0x22, 0xC3, 0x28, 0x22]
        #expect(throws: JSONError.self) { try JSONParser.parse(bytes: bytes) }
        let surrogate: [UInt8] = [0x22, 0xED, 0xA0, 0x80, 0x22]
        #expect(throws: JSONError.self) { try JSONParser.parse(bytes: surrogate) }
    }

    @Test func deepNestingIsAnErrorNotACrash() {
        let deep = String(repeating: "[", count: 10_000) + String(repeating: "]", count: 10_000)
        do {
            _ = try JSONParser.parse(deep)
            Issue.record("accepted 10,000-deep nesting")
        } catch {
            #expect(error.message == "nesting deeper than 512 levels")
        }
    }

    @Test func recordsPositionsAndDuplicates() throws {
        let text = "{\n  \"strings\": {\n    \"Hi\": {\"x\": 1, \"x\": 2}\n  }\n}"
        let r = try JSONParser.parseDetailed(Array(text.utf8), options: .init(recordPositions: true))
        let hi = try #require(r.positions["/strings/Hi"])
        #expect(hi.line == 3 && hi.column == 11 && hi.offset == 27)
        #expect(r.positions["/strings/Hi#key"]?.line == 3)
        #expect(r.duplicateKeys.map(\.pointer) == ["/strings/Hi/x"])
        #expect(r.value["strings"]?["Hi"]?["x"]?.numberText == "2")
    }

    @Test func writerRoundTripsAndEscapes() throws {
        let text = #"{"z":"\u2028\u0001\"é","a":[true,false,null,1.50]}"#
        let v = try JSONParser.parse(text)
        #expect(JSONWriter.write(v) == text)
        #expect(try JSONParser.parse(JSONWriter.write(v, pretty: true)) == v)
        #expect(JSONWriter.write(v, sortedKeys: true).hasPrefix(#"{"a":"#))
    }

    /// A line lent in place (a slice of a reader's buffer) is parsed where it is: its value,
    /// and an error's column counted from the slice's start (hand-counted below).
    @Test func parsesABufferInPlace() {
        let block = Array(#"{"a":1}"# .utf8) + [0x0A] + Array(#"{"b":[true,]}"# .utf8) + [0x0A]
        block.withUnsafeBufferPointer { all in
            let first = UnsafeBufferPointer(rebasing: all[0..<7])
            #expect((try? JSONParser.parseDetailed(buffer: first))?.value == .object(JSONObject([("a", .int(1))])))
            let second = UnsafeBufferPointer(rebasing: all[8..<21])
            // `{"b":[true,]}`: the `]` after the trailing comma is column 12.
            do throws(JSONError) {
                _ = try JSONParser.parseDetailed(buffer: second)
                Issue.record("parsed a trailing comma")
            } catch {
                #expect(error.message == "trailing comma in an array")
                #expect(error.position.line == 1 && error.position.column == 12 && error.position.offset == 11)
            }
        }
    }
}
