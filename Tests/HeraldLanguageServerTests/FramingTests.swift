import HeraldJSON
import HeraldLanguageServer
import Testing

/// The base protocol's framing, fed a byte at a time and all at once.
@Test func framesSplitAnywhereComeOutWhole() throws {
    let bodies = [#"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{}}"#, #"{"jsonrpc":"2.0","method":"x","params":{"s":"é🎉"}}"#]
    var stream: [UInt8] = []
    for b in bodies { stream += FrameEncoder.frame(b) }
    // Another header beside Content-Length is allowed and ignored.
    let typed = "Content-Type: application/vscode-jsonrpc; charset=utf-8\r\ncontent-length: 2\r\n\r\n{}"
    stream += Array(typed.utf8)
    var decoder = FrameDecoder()
    var out: [String] = []
    for byte in stream {
        decoder.feed([byte])
        while let body = try decoder.next() { out.append(String(decoding: body, as: UTF8.self)) }
    }
    #expect(out == bodies + ["{}"])
    var whole = FrameDecoder()
    whole.feed(stream)
    var count = 0
    while try whole.next() != nil { count += 1 }
    #expect(count == 3)
}

@Test func badHeadersAreRefusedNotBuffered() {
    var missing = FrameDecoder()
    missing.feed(Array("Content-Type: x\r\n\r\n{}".utf8))
    #expect(throws: FrameDecoder.Failure.self) { try missing.next() }
    var huge = FrameDecoder()
    huge.feed(Array("Content-Length: 999999999999\r\n\r\n".utf8))
    #expect(throws: FrameDecoder.Failure.self) { try huge.next() }
    var endless = FrameDecoder()
    endless.feed([UInt8](repeating: UInt8(ascii: "a"), count: FrameDecoder.maximumHeaderBytes + 10))
    #expect(throws: FrameDecoder.Failure.self) { try endless.next() }
}

@Test func messagesAreClassified() throws {
    #expect(try RPCMessage.read(Array(#"{"jsonrpc":"2.0","id":"a","method":"m"}"#.utf8)) == .request(id: .string("a"), method: "m", params: .null))
    #expect(try RPCMessage.read(Array(#"{"jsonrpc":"2.0","method":"n","params":[1]}"#.utf8)) == .notification(method: "n", params: .array([.number("1")])))
    #expect(throws: RPCError.self) { try RPCMessage.read(Array("{".utf8)) }
    #expect(throws: RPCError.self) { try RPCMessage.read(Array(#"{"id":true,"method":"m"}"#.utf8)) }
}
