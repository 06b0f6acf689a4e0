@testable import HeraldJSON
import Testing

/// `JSONWriter.write(_:to:)` puts into a `BufferedOutput` exactly the bytes `write(_:)`
/// returns as a String: the escaper is the same, only the String in between is gone.
@Suite struct JSONWriterToOutputTests {
    static let values: [JSONValue] = {
        let strings = ["", "plain", "quote \" backslash \\", "\n\r\t\u{0}\u{1F}\u{7F}", "line\u{2028}para\u{2029}", "é 日本語 👨‍👩‍👧‍👦"]
        var values: [JSONValue] = [.null, .bool(true), .bool(false), .number("-0"), .number("1e400"), .number("1.50"), .array([]), .object(JSONObject())]
        values += strings.map(JSONValue.string)
        values.append(.array(values))
        values.append(.object(JSONObject(strings.enumerated().map { ($1, values[$0]) })))
        // Longer than the output's 64 KiB block: written through its spill buffer.
        values.append(.string(String(repeating: "ab\"\u{2028}é", count: 20_000)))
        values.append(.object(JSONObject((0..<5_000).map { ("k\($0)", .array([.int($0), .string("v\u{1}")])) })))
        return values
    }()

    @Test func writesTheBytesWriteReturns() {
        for v in Self.values {
            var out = BufferedOutput.inMemory()
            JSONWriter.write(v, to: &out)
            #expect(out.takeBytes() == Array(JSONWriter.write(v).utf8))
        }
    }
}
