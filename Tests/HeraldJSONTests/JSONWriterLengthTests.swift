import HeraldJSON
import Testing

/// `JSONWriter.length(of:)` counts exactly the bytes `write` writes (a payload is measured
/// against APNs' 4096 bytes with it instead of being written out): checked against the
/// writer's own text for every kind of value and every escape.
@Suite struct JSONWriterLengthTests {
    static let strings: [String] = [
        "", "a", "plain ascii text", "quote \" and backslash \\", "\n\r\t", "\u{0}\u{1}\u{1F}", "del \u{7F}",
        "line\u{2028}para\u{2029}", "\u{2028}\u{2028}", "é ü 日本語 👨‍👩‍👧‍👦", "\u{E2}\u{80}", "â€¨ (not U+2028: its bytes as Latin-1)",
        String(repeating: "x\"", count: 100),
    ]

    @Test func stringsAreCountedAsQuoted() {
        for s in Self.strings {
            #expect(JSONWriter.quotedLength(s) == JSONWriter.quote(s).utf8.count, "\(s.debugDescription)")
        }
    }

    @Test func valuesAreCountedAsWritten() throws {
        var values: [JSONValue] = [.null, .bool(true), .bool(false), .number("-0"), .number("1e400"), .number("1.50"), .array([]), .object(JSONObject())]
        values += Self.strings.map(JSONValue.string)
        values.append(.array(values))
        values.append(.object(JSONObject(Self.strings.enumerated().map { ($1, values[$0 % values.count]) })))
        // A wide object (indexed) read from text with odd spacing and escapes.
        let wide = "{" + (0..<100).map { "\"k\\u00e9\($0)\" : [ \($0) , \"\\u2028\" , -0, 1E+2 ]" }.joined(separator: " , ") + "}"
        values.append(try JSONParser.parse(wide))
        for v in values {
            #expect(JSONWriter.length(of: v) == JSONWriter.write(v).utf8.count, "\(JSONWriter.write(v))")
        }
    }
}
