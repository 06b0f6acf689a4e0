import Foundation
import HeraldJSON
import Testing

@testable import HeraldSealing

/// Hostile envelopes beyond single-field tampering (SealingTamperTests):
/// swapped and replayed envelopes, huge fields, hostile plaintext, path tricks
/// in key ids. Each asserts the exact error, and that a failed open leaves the
/// payload as it was (no partial plaintext, no field dropped).
@Suite struct HostileEnvelopeTests {
    static let keyed: [SealingAlgorithm] = [.hpke, .aesGCM]

    static func sealingKey(_ key: SealingKey) -> SealingKey { key.algorithm == .hpke ? (key.publicKey ?? key) : key }

    static func payload(_ text: String) throws -> JSONObject {
        try #require(try JSONParser.parse(#"{"aps":{"alert":{"body":"New message"},"mutable-content":1},"herald":{"kind":"message","text":"\#(text)","from":"HQ"}}"#).objectValue)
    }

    static func envelope(_ sealed: JSONObject) throws -> JSONObject {
        try #require(sealed["herald"]?.objectValue?["sealed"]?.objectValue)
    }

    @Test(arguments: keyed) func ciphertextSwappedBetweenTwoEnvelopesFails(alg: SealingAlgorithm) throws {
        let key = try SealingKey.generate(for: alg)
        let keys = InMemoryKeys(["k1": key])
        let a = try Self.envelope(PayloadSealing.seal(payload: Self.payload("A"), algorithm: alg, keyID: "k1", key: Self.sealingKey(key)))
        let b = try Self.envelope(PayloadSealing.seal(payload: Self.payload("B"), algorithm: alg, keyID: "k1", key: Self.sealingKey(key)))
        var mixed = a
        mixed["ct"] = b["ct"]
        #expect(throws: SealingError.authenticationFailed) { try Sealing.open(envelope: .object(mixed), keys: keys) }
        // Each one alone still opens to its own text.
        #expect(try Sealing.open(envelope: .object(a), keys: keys)["text"]?.stringValue == "A")
        #expect(try Sealing.open(envelope: .object(b), keys: keys)["text"]?.stringValue == "B")
    }

    @Test(arguments: keyed) func envelopeForAnotherDeviceIsTheWrongKey(alg: SealingAlgorithm) throws {
        // The same key id on two devices, two different keys: the push meant
        // for one, delivered to the other, is refused by name.
        let mine = try SealingKey.generate(for: alg)
        let theirs = try SealingKey.generate(for: alg)
        let sealed = try PayloadSealing.seal(payload: Self.payload("secret"), algorithm: alg, keyID: "device", key: Self.sealingKey(theirs))
        let herald = try #require(sealed["herald"]?.objectValue)
        #expect(throws: SealingError.wrongKey(kid: "device")) {
            try PayloadSealing.open(herald: herald, keys: InMemoryKeys(["device": mine]))
        }
        // Without the key check value the same swap is an authentication failure.
        var env = try Self.envelope(sealed)
        env["kcv"] = nil
        #expect(throws: SealingError.authenticationFailed) {
            try Sealing.open(envelope: .object(env), keys: InMemoryKeys(["device": mine]))
        }
    }

    @Test(arguments: keyed) func replayedEnvelopeOpensToTheSamePlaintextOnly(alg: SealingAlgorithm) throws {
        // Opening is stateless: a replayed envelope (the same push sent again,
        // or pasted into another push) opens to exactly the sealed fields;
        // plain fields an attacker adds next to "sealed" never override them.
        let key = try SealingKey.generate(for: alg)
        let keys = InMemoryKeys(["k1": key])
        let sealed = try PayloadSealing.seal(payload: Self.payload("Meet at noon"), algorithm: alg, keyID: "k1", key: Self.sealingKey(key))
        let herald = try #require(sealed["herald"]?.objectValue)
        let first = try PayloadSealing.open(herald: herald, keys: keys)
        let again = try PayloadSealing.open(herald: herald, keys: keys)
        #expect(first == again)
        #expect(first["text"]?.stringValue == "Meet at noon")
        var forged = herald
        forged["text"] = .string("Wire the money")
        forged["kind"] = .string("reminder")
        let opened = try PayloadSealing.open(herald: forged, keys: keys)
        #expect(opened["text"]?.stringValue == "Meet at noon")
        #expect(opened["kind"]?.stringValue == "message")
        #expect(opened["sealed"] == nil)
    }

    @Test(arguments: keyed) func megabyteCiphertextFailsToAuthenticate(alg: SealingAlgorithm) throws {
        let key = try SealingKey.generate(for: alg)
        var env = try Self.envelope(PayloadSealing.seal(payload: Self.payload("x"), algorithm: alg, keyID: "k1", key: Self.sealingKey(key)))
        env["ct"] = .string(Base64.encode([UInt8](repeating: 0xA5, count: 1 << 20)))
        #expect(throws: SealingError.authenticationFailed) { try Sealing.open(envelope: .object(env), keys: InMemoryKeys(["k1": key])) }
    }

    @Test(arguments: keyed) func hostilePlaintextIsMalformedPlaintext(alg: SealingAlgorithm) throws {
        // A sender with the right key can still seal garbage: the opener
        // reports it with the JSON error's position and never returns it.
        let key = try SealingKey.generate(for: alg)
        let keys = InMemoryKeys(["k1": key])
        func open(_ plaintext: [UInt8]) throws(SealingError) -> JSONObject {
            let env = try Sealing.seal(plaintext, algorithm: alg, keyID: "k1", key: Self.sealingKey(key))
            return try Sealing.open(envelope: env.json, keys: keys)
        }
        // The root '[' is depth 0: the '[' at depth 512 is the 513th, column 513.
        let deep = Array((String(repeating: "[", count: 10_000) + String(repeating: "]", count: 10_000)).utf8)
        #expect(throws: SealingError.malformedPlaintext("1:513: nesting deeper than 512 levels")) { try open(deep) }
        #expect(throws: SealingError.malformedPlaintext("1:8: invalid UTF-8 byte 0xff")) { try open(Array(#"{"a":"b"#.utf8) + [0xFF] + Array(#""}"#.utf8)) }
        #expect(throws: SealingError.malformedPlaintext("1:1: unexpected end of input, expected a value")) { try open([]) }
        #expect(throws: SealingError.malformedPlaintext("found an array")) { try open(Array("[1]".utf8)) }
        // A megabyte of plaintext with an escaped NUL opens whole.
        let big = String(repeating: "z", count: 1 << 20)
        let opened = try open(Array(#"{"text":"\#(big)\u0000"}"#.utf8))
        #expect(opened["text"]?.stringValue == big + "\u{0}")
    }

    @Test func keyIDsWithPathTricksAreRefusedBeforeAnyFileIsRead() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("herald-hostile-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: dir + "/keys", withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        // A key file one level up that a path trick would reach.
        try Data(#"{"v":1,"kid":"x","alg":"aes-256-gcm","secret":"AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA="}"#.utf8)
            .write(to: URL(fileURLWithPath: dir + "/outside.key"))
        let keys = KeyDirectory(path: dir + "/keys")
        for kid in ["../outside", "/etc/passwd", "..", ".hidden", "a/b", "a\u{0}b", "", String(repeating: "k", count: 65), "ключ"] {
            #expect(throws: SealingError.invalidKeyID(kid)) { try keys.key(for: kid) }
            let env: JSONValue = .object(JSONObject([
                ("v", .number("1")), ("alg", .string("aes-256-gcm")), ("kid", .string(kid)),
                ("enc", .string("AAAAAAAAAAAAAAAA")), ("ct", .string("AAAAAAAAAAAAAAAAAAAAAA==")),
            ]))
            #expect(throws: SealingError.invalidKeyID(kid)) { try Sealing.open(envelope: env, keys: keys) }
        }
    }

    @Test func failedOpenLeavesThePayloadAsItWas() throws {
        let key = try SealingKey.generate(for: .aesGCM)
        let sealed = try PayloadSealing.seal(payload: Self.payload("x"), algorithm: .aesGCM, keyID: "k1", key: key)
        var herald = try #require(sealed["herald"]?.objectValue)
        var env = try Self.envelope(sealed)
        env["ct"] = .string("AAAA")  // 3 bytes: shorter than the tag
        herald["sealed"] = .object(env)
        let before = herald
        #expect(throws: SealingError.truncated(field: "ct")) { try PayloadSealing.open(herald: herald, keys: InMemoryKeys(["k1": key])) }
        #expect(herald == before)
    }
}
