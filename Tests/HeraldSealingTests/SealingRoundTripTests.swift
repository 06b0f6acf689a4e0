import Foundation
import HeraldJSON
import Testing

@testable import HeraldSealing

let drawPlaintext: JSONObject = {
    let text = """
        { "kind": "lottery.draw", "game": "powerball", "draw": "2026-11-18",
          "numbers": [4, 11, 23, 45, 61], "bonus": [9], "multiplier": 2,
          "prizes": { "jackpot": { "amount": 12500000000, "currency": "USD" } } }
        """
    return (try? JSONParser.parse(text))?.objectValue ?? JSONObject()
}()

@Suite struct SealingRoundTripTests {
    @Test(arguments: [SealingAlgorithm.hpke, .aesGCM, .rot13])
    func roundTrip(alg: SealingAlgorithm) throws {
        #expect(drawPlaintext.count == 7)
        let key = alg.needsKey ? try SealingKey.generate(for: alg) : nil
        let keys = InMemoryKeys(key.map { ["k1": $0] } ?? [:])
        let sealingKey = alg == .hpke ? key?.publicKey : key
        let plaintext = Array(JSONWriter.write(.object(drawPlaintext)).utf8)
        let envelope = try Sealing.seal(plaintext, algorithm: alg, keyID: "k1", key: sealingKey)
        #expect(envelope.algorithm == alg)
        let opened = try Sealing.open(envelope: envelope.json, keys: keys)
        #expect(opened == drawPlaintext)
        // The ciphertext never contains the plaintext (except for rot13, which is no cipher).
        let ctText = JSONWriter.write(envelope.json)
        if alg != .rot13 {
            #expect(!ctText.contains("powerball"))
            #expect(!ctText.contains("12500000000"))
        } else {
            #expect(!ctText.contains("powerball"))
            #expect(ctText.contains("cbjreonyy"))  // ROT13("powerball"), by hand
        }
    }

    @Test func hpkeEnvelopeShape() throws {
        let key = try SealingKey.generate(for: .hpke)
        let env = try Sealing.seal(Array("{}".utf8), algorithm: .hpke, keyID: "k1", key: key.publicKey)
        guard case .object(let o) = env.json else { Issue.record("not an object"); return }
        #expect(o.keys == ["v", "alg", "kid", "kcv", "enc", "ct"])
        #expect(o["v"] == .number("1"))
        #expect(o["alg"] == .string("hpke-x25519-sha256-chachapoly"))
        // enc is an X25519 public key: 32 bytes → 44 base64 characters.
        #expect(o["enc"]?.stringValue?.count == 44)
        // "{}" (2 bytes) + 16-byte Poly1305 tag = 18 bytes → 24 base64 characters.
        #expect(o["ct"]?.stringValue?.count == 24)
    }

    @Test func aesEnvelopeShape() throws {
        let key = try SealingKey.generate(for: .aesGCM)
        let env = try Sealing.seal(Array("{}".utf8), algorithm: .aesGCM, keyID: "shared", key: key)
        // A 12-byte nonce → 16 base64 characters.
        #expect(env.encapsulated?.count == 16)
        #expect(env.ciphertext.count == 24)
    }

    @Test func hpkeSealsAreRandomized() throws {
        let key = try SealingKey.generate(for: .hpke)
        let a = try Sealing.seal(Array("{}".utf8), algorithm: .hpke, keyID: "k1", key: key.publicKey)
        let b = try Sealing.seal(Array("{}".utf8), algorithm: .hpke, keyID: "k1", key: key.publicKey)
        #expect(a.encapsulated != b.encapsulated)
        #expect(a.ciphertext != b.ciphertext)
    }

    @Test func payloadSealingWholeAndFields() throws {
        let key = try SealingKey.generate(for: .aesGCM)
        let keys = InMemoryKeys(["k1": key])
        var payload = JSONObject()
        payload["aps"] = .object(JSONObject([("alert", .string("New results are in")), ("mutable-content", .int(1))]))
        payload["herald"] = .object(drawPlaintext)

        let whole = try PayloadSealing.seal(payload: payload, algorithm: .aesGCM, keyID: "k1", key: key)
        #expect(whole.keys == ["aps", "herald"])
        #expect(whole["herald"]?.objectValue?.keys == ["sealed"])
        #expect(whole["aps"] == payload["aps"])
        let back = try PayloadSealing.open(herald: whole["herald"]?.objectValue ?? JSONObject(), keys: keys)
        #expect(back == drawPlaintext)

        let partial = try PayloadSealing.seal(payload: payload, fields: ["numbers", "prizes"], algorithm: .aesGCM, keyID: "k1", key: key)
        let herald = partial["herald"]?.objectValue ?? JSONObject()
        #expect(herald.keys == ["kind", "game", "draw", "bonus", "multiplier", "sealed"])
        #expect(!JSONWriter.write(.object(partial)).contains("12500000000"))
        let merged = try PayloadSealing.open(herald: herald, keys: keys)
        #expect(merged["numbers"] == drawPlaintext["numbers"])
        #expect(merged["prizes"] == drawPlaintext["prizes"])
        #expect(merged["kind"] == .string("lottery.draw"))
        #expect(merged["sealed"] == nil)
    }

    @Test func payloadSealingErrors() throws {
        let key = try SealingKey.generate(for: .aesGCM)
        var payload = JSONObject([("aps", .object(JSONObject()))])
        #expect(throws: SealingError.cannotSeal("the payload has no \"herald\" object")) {
            try PayloadSealing.seal(payload: payload, algorithm: .aesGCM, keyID: "k1", key: key)
        }
        payload["herald"] = .object(drawPlaintext)
        #expect(throws: SealingError.cannotSeal("\"herald\" has no field \"nope\"")) {
            try PayloadSealing.seal(payload: payload, fields: ["nope"], algorithm: .aesGCM, keyID: "k1", key: key)
        }
        let sealed = try PayloadSealing.seal(payload: payload, algorithm: .aesGCM, keyID: "k1", key: key)
        #expect(throws: SealingError.cannotSeal("the payload's \"herald\" is already sealed")) {
            try PayloadSealing.seal(payload: sealed, algorithm: .aesGCM, keyID: "k1", key: key)
        }
        // A public key cannot be used with the AES algorithm.
        let hpke = try SealingKey.generate(for: .hpke)
        #expect(throws: SealingError.keyAlgorithmMismatch(kid: "k1", key: .hpke, envelope: .aesGCM)) {
            try PayloadSealing.seal(payload: payload, algorithm: .aesGCM, keyID: "k1", key: hpke.publicKey)
        }
    }

    @Test func base64MatchesRFC4648Vectors() throws {
        // RFC 4648 §10 test vectors.
        let vectors = [("", ""), ("f", "Zg=="), ("fo", "Zm8="), ("foo", "Zm9v"), ("foob", "Zm9vYg=="), ("fooba", "Zm9vYmE="), ("foobar", "Zm9vYmFy")]
        for (plain, encoded) in vectors {
            #expect(Base64.encode(Array(plain.utf8)) == encoded)
            #expect(try Base64.decode(encoded, field: "x") == Array(plain.utf8))
        }
        #expect(throws: SealingError.truncated(field: "x")) { try Base64.decode("Zm9vYm", field: "x") }
        #expect(throws: SealingError.badBase64(field: "x", offset: 2)) { try Base64.decode("Zm*vYg==", field: "x") }
        #expect(throws: SealingError.badBase64(field: "x", offset: 2)) { try Base64.decode("Zm=vYg==", field: "x") }
        // Non-canonical: "Zh==" would also decode to "f" in a lenient decoder.
        #expect(throws: SealingError.badBase64(field: "x", offset: 1)) { try Base64.decode("Zh==", field: "x") }
        #expect(throws: SealingError.badBase64(field: "x", offset: 2)) { try Base64.decode("Zm9=", field: "x") }
    }

    @Test func rot13IsTheClassicCipher() {
        #expect(ROT13.apply("Hello, World!") == "Uryyb, Jbeyq!")
        #expect(ROT13.apply(ROT13.apply("Grüße 123 xyz")) == "Grüße 123 xyz")
    }

    @Test func keyDescriptionShowsNoSecret() throws {
        let key = try SealingKey.generate(for: .aesGCM)
        #expect(!String(describing: key).contains(key.secretBase64))
        #expect(!key.description.contains(key.secretBase64))
    }
}
