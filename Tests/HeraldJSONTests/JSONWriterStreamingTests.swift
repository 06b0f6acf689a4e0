import HeraldJSON
import Testing

/// `JSONWriter.append(…, chunk:write:)` hands its text over in pieces — a container's members
/// as they fill `chunk`, a long string cut between scalars — and the pieces, in order, are
/// exactly the text `JSONWriter.write` makes (the expectation comes from the tree writer).
@Suite struct JSONWriterStreamingTests {
    static let value: JSONValue = .object(JSONObject([
        ("plain", .string("short")),
        ("long", .string("é\u{2028}\"quote\"\\ \u{1F600} tab\t" + String(repeating: "ab€", count: 40))),
        ("list", .array((0..<30).map { .string("item \($0)") })),
        ("nested", .object(JSONObject([("n", .number("1.5")), ("t", .bool(true)), ("z", .null), ("e", .array([]))]))),
    ]))

    @Test(arguments: [1, 7, 64, 1 << 16])
    func piecesMakeTheTreeWritersText(chunk: Int) {
        for pretty in [true, false] {
            var pieces: [String] = []
            var out = ""
            JSONWriter.append(Self.value, to: &out, pretty: pretty, indent: 0, chunk: chunk) { pieces.append($0) }
            pieces.append(out)
            #expect(pieces.joined() == JSONWriter.write(Self.value, pretty: pretty))
            if chunk <= 64 { #expect(pieces.count > 3) }
        }
    }
}
