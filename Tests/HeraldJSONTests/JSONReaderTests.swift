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
        withReader(text) { r in
            #expect(r.consume(UInt8(ascii: "{")))
            let k = r.readStringBytes()
            #expect(k.map { r.bytes(in: $0, equal: "key") } == true)
            #expect(r.consume(UInt8(ascii: ":")))
            #expect(string(text, r.readStringBytes()) == "greeting")
            #expect(r.consume(UInt8(ascii: ",")))
            #expect(string(text, r.readStringBytes()) == "args")
            #expect(r.consume(UInt8(ascii: ":")))
            #expect(r.consume(UInt8(ascii: "[")))
            #expect(string(text, r.readNumberBytes()) == "12")
            #expect(r.consume(UInt8(ascii: ",")))
            #expect(string(text, r.readNumberBytes()) == "-3.50")
            #expect(r.consume(UInt8(ascii: ",")))
            #expect(string(text, r.readStringBytes()) == "Zoë")
            #expect(r.consume(UInt8(ascii: ",")))
            #expect(r.readBool() == true)
            #expect(r.consume(UInt8(ascii: "]")))
            #expect(r.consume(UInt8(ascii: ",")))
            #expect(string(text, r.readStringBytes()) == "x")
            #expect(r.consume(UInt8(ascii: ":")))
            #expect(r.skipValue())
            #expect(r.consume(UInt8(ascii: "}")))
            #expect(r.atEnd())
        }
    }

    @Test(arguments: [
        #""a\nb""#,  // an escape: left to JSONParser
        "\"a\u{1}b\"",  // a control character
        #""abc"#,  // unterminated
    ])
    func stringsItLeavesToTheParser(text: String) {
        #expect(withReader(text) { $0.readStringBytes() } == nil)
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
        #expect(withReader(text) { r in r.readNumberBytes().map { _ in r.atEnd() } ?? false } == false)
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
        #expect(withReader(deep) { $0.skipValue() } == false)
        #expect((try? JSONParser.parse(deep)) != nil)
        let fits = String(repeating: "[", count: JSONReader.maxDepth) + String(repeating: "]", count: JSONReader.maxDepth)
        #expect(withReader(fits) { r in r.skipValue() && r.atEnd() })
    }
}
