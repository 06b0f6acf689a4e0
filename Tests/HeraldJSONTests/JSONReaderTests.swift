import HeraldJSON
import Testing

/// `JSONReader`: the fast, partial reader `herald format --batch` decodes
/// requests with. What it accepts must be JSON (JSONParser agrees); what it
/// leaves alone (escapes, deep nesting, errors) goes to JSONParser.
@Suite struct JSONReaderTests {
    private func withReader<R>(_ text: String, _ body: (inout JSONReader) -> R) -> R {
        let bytes = Array(text.utf8)
        return bytes.withUnsafeBufferPointer { buffer in
            var r = JSONReader(buffer)
            return body(&r)
        }
    }

    private func string(_ text: String, _ range: Range<Int>?) -> String? {
        guard let range else { return nil }
        return String(decoding: Array(text.utf8)[range], as: UTF8.self)
    }

    @Test func readsARequestShapedObject() {
        let text = #" {"key" : "greeting", "args": [12, -3.50, "Zoë", true], "x": {"y": [null, {}]}} "#
        // Each step's outcome, read in order (#expect cannot call mutating methods itself).
        var steps: [String] = []
        withReader(text) { r in
            func step(_ ok: Bool) { steps.append(ok ? "ok" : "FAILED") }
            step(r.consume(UInt8(ascii: "{")))
            step(r.consumeString("key"))
            step(r.consume(UInt8(ascii: ":")))
            steps.append(string(text, r.readStringBytes()) ?? "nil")
            step(r.consume(UInt8(ascii: ",")))
            let name = r.readStringBytes()
            step(name.map { r.bytes(in: $0, equal: "args") } == true)
            step(r.consume(UInt8(ascii: ":")))
            step(r.consume(UInt8(ascii: "[")))
            steps.append(string(text, r.readNumberBytes()) ?? "nil")
            step(r.consume(UInt8(ascii: ",")))
            steps.append(string(text, r.readNumberBytes()) ?? "nil")
            step(r.consume(UInt8(ascii: ",")))
            steps.append(string(text, r.readStringBytes()) ?? "nil")
            step(r.consume(UInt8(ascii: ",")))
            step(r.readBool() == true)
            step(r.consume(UInt8(ascii: "]")))
            step(r.consume(UInt8(ascii: ",")))
            step(!r.consumeString("xy") && r.consumeString("x"))
            step(r.consume(UInt8(ascii: ":")))
            step(r.skipValue())
            step(r.consume(UInt8(ascii: "}")))
            step(r.atEnd())
        }
        #expect(steps == [
            "ok", "ok", "ok", "greeting", "ok", "ok", "ok", "ok", "12", "ok", "-3.50", "ok", "Zoë", "ok", "ok", "ok", "ok",
            "ok", "ok", "ok", "ok", "ok",
        ])
    }

    @Test(arguments: [
        #""a\nb""#,  // an escape: left to JSONParser
        "\"a\u{1}b\"",  // a control character
        #""abc"#,  // unterminated
    ])
    func stringsItLeavesToTheParser(text: String) {
        let read = withReader(text) { r in r.readStringBytes() }
        #expect(read == nil)
    }

    @Test(arguments: [
        [0x22, 0xFF, 0x22],  // not UTF-8
        [0x22, 0xC0, 0x80, 0x22],  // overlong NUL
        [0x22, 0xED, 0xA0, 0x80, 0x22],  // a UTF-16 surrogate
        [0x22, 0xF4, 0x90, 0x80, 0x80, 0x22],  // beyond U+10FFFF
        [0x22, 0xE2, 0x82, 0x22],  // truncated sequence
    ] as [[UInt8]])
    func invalidUTF8IsRefused(bytes: [UInt8]) {
        let read = bytes.withUnsafeBufferPointer { buffer in
            var r = JSONReader(buffer)
            return r.readStringBytes()
        }
        #expect(read == nil)
        #expect(throws: JSONError.self) { try JSONParser.parse(bytes: bytes) }
    }

    @Test(arguments: ["01", "-", "1.", ".5", "1e", "+1", "1.5e+"])
    func numbersOutsideTheGrammarAreRefused(text: String) {
        let whole = withReader(text) { r in r.readNumberBytes() != nil && r.atEnd() }
        #expect(whole == false)
    }

    /// Everything the reader skips whole is JSON by JSONParser too, and the
    /// malformed texts it refuses are errors there.
    @Test(arguments: [
        (#"{"a": [1, 2, {"b": null}], "c": "d"}"#, true),
        (#"[]"#, true),
        (#"{}"#, true),
        (#"[true, false, null, -0, 1e3, 2.5E-2]"#, true),
        (#"{"a": 1,}"#, false),
        (#"[1, 2,]"#, false),
        (#"{"a" 1}"#, false),
        (#"{"a": tru}"#, false),
        (#"[1 2]"#, false),
        (#"{1: 2}"#, false),
    ])
    func agreesWithTheParser(text: String, valid: Bool) {
        let skipped = withReader(text) { r in r.skipValue() && r.atEnd() }
        #expect(skipped == valid)
        let parsed = (try? JSONParser.parse(text)) != nil
        #expect(parsed == valid)
    }

    @Test func deepNestingIsLeftToTheParser() {
        let deep = String(repeating: "[", count: JSONReader.maxDepth + 1) + String(repeating: "]", count: JSONReader.maxDepth + 1)
        let skippedDeep = withReader(deep) { r in r.skipValue() }
        #expect(skippedDeep == false)
        #expect((try? JSONParser.parse(deep)) != nil)
        let fits = String(repeating: "[", count: JSONReader.maxDepth) + String(repeating: "]", count: JSONReader.maxDepth)
        let skippedFits = withReader(fits) { r in r.skipValue() && r.atEnd() }
        #expect(skippedFits)
    }
}
