import HeraldJSON
import Testing

@testable import HeraldSealing

/// Every field of an envelope altered in turn: each must fail with its own error,
/// and never return plaintext.
@Suite struct SealingTamperTests {
    struct Fixture {
        let key: SealingKey
        let other: SealingKey
        let envelope: JSONObject
        let keys: InMemoryKeys
    }

    static func fixture(_ alg: SealingAlgorithm) throws -> Fixture {
        let key = try SealingKey.generate(for: alg)
        let other = try SealingKey.generate(for: alg)
        let env = try Sealing.seal(
            Array(#"{"kind":"message","text":"Meet at noon"}"#.utf8), algorithm: alg, keyID: "k1",
            key: alg == .hpke ? key.publicKey : key)
        // k1: the right key; twin: the same key under another id; k2: another key.
        let keys = InMemoryKeys(["k1": key, "twin": key, "k2": other])
        return Fixture(key: key, other: other, envelope: env.json.objectValue ?? JSONObject(), keys: keys)
    }

    static func open(_ o: JSONObject, _ keys: InMemoryKeys) throws(SealingError) -> JSONObject {
        try Sealing.open(envelope: .object(o), keys: keys)
    }

    static func replacing(_ o: JSONObject, _ key: String, _ value: JSONValue?) -> JSONObject {
        var c = o
        c[key] = value
        return c
    }

    /// Flips one bit of a base64 field's decoded bytes.
    static func flipBit(_ text: String, byte: Int) -> String {
        var bytes = (try? Base64.decode(text, field: "x")) ?? []
        let i = byte < 0 ? bytes.count + byte : byte
        bytes[i] ^= 0x01
        return Base64.encode(bytes)
    }

    static let keyed: [SealingAlgorithm] = [.hpke, .aesGCM]

    @Test(arguments: keyed) func untouchedOpens(alg: SealingAlgorithm) throws {
        let f = try Self.fixture(alg)
        #expect(try Self.open(f.envelope, f.keys)["text"] == .string("Meet at noon"))
    }

    @Test(arguments: keyed) func ciphertextBitFlip(alg: SealingAlgorithm) throws {
        let f = try Self.fixture(alg)
        let ct = f.envelope["ct"]?.stringValue ?? ""
        for byte in [0, 5, -1, -16] {  // first byte, middle, last tag byte, first tag byte
            let t = Self.replacing(f.envelope, "ct", .string(Self.flipBit(ct, byte: byte)))
            #expect(throws: SealingError.authenticationFailed) { try Self.open(t, f.keys) }
        }
    }

    @Test(arguments: keyed) func encBitFlipAndSwap(alg: SealingAlgorithm) throws {
        let f = try Self.fixture(alg)
        let enc = f.envelope["enc"]?.stringValue ?? ""
        let flipped = Self.replacing(f.envelope, "enc", .string(Self.flipBit(enc, byte: 3)))
        #expect(throws: SealingError.authenticationFailed) { try Self.open(flipped, f.keys) }
        // enc from another sealing for the same key.
        let again = try Sealing.seal(Array("{}".utf8), algorithm: alg, keyID: "k1", key: alg == .hpke ? f.key.publicKey : f.key)
        let swapped = Self.replacing(f.envelope, "enc", .string(again.encapsulated ?? ""))
        #expect(throws: SealingError.authenticationFailed) { try Self.open(swapped, f.keys) }
    }

    @Test(arguments: keyed) func kidSwap(alg: SealingAlgorithm) throws {
        let f = try Self.fixture(alg)
        // Same key material under another id: only the header binding catches it.
        #expect(throws: SealingError.authenticationFailed) {
            try Self.open(Self.replacing(f.envelope, "kid", .string("twin")), f.keys)
        }
        // Another key: its key check value differs.
        #expect(throws: SealingError.wrongKey(kid: "k2")) {
            try Self.open(Self.replacing(f.envelope, "kid", .string("k2")), f.keys)
        }
        #expect(throws: SealingError.unknownKeyID("nobody", path: nil)) {
            try Self.open(Self.replacing(f.envelope, "kid", .string("nobody")), f.keys)
        }
        #expect(throws: SealingError.invalidKeyID("../k1")) {
            try Self.open(Self.replacing(f.envelope, "kid", .string("../k1")), f.keys)
        }
        #expect(throws: SealingError.malformedEnvelope("missing \"kid\" (needed by \(alg.rawValue))")) {
            try Self.open(Self.replacing(f.envelope, "kid", nil), f.keys)
        }
    }

    @Test(arguments: keyed) func wrongKey(alg: SealingAlgorithm) throws {
        let f = try Self.fixture(alg)
        let wrong = InMemoryKeys(["k1": f.other])
        #expect(throws: SealingError.wrongKey(kid: "k1")) { try Self.open(f.envelope, wrong) }
        // Without the key check value the header changes, and the AEAD says no.
        #expect(throws: SealingError.authenticationFailed) { try Self.open(Self.replacing(f.envelope, "kcv", nil), f.keys) }
        // A forged kcv matching the wrong key still cannot open: the header is bound.
        let forged = Self.replacing(f.envelope, "kcv", .string(f.other.keyCheckValue))
        #expect(throws: SealingError.authenticationFailed) { try Self.open(forged, wrong) }
    }

    @Test func algSwap() throws {
        let h = try Self.fixture(.hpke)
        // An HPKE envelope relabelled AES: the 32-byte enc is no 12-byte nonce.
        #expect(throws: SealingError.malformedEnvelope("\"enc\" is 32 bytes, aes-256-gcm uses 12")) {
            try Self.open(Self.replacing(h.envelope, "alg", .string("aes-256-gcm")), h.keys)
        }
        let a = try Self.fixture(.aesGCM)
        // An AES envelope relabelled HPKE: the 12-byte nonce is a cut-short X25519 key.
        #expect(throws: SealingError.truncated(field: "enc")) {
            try Self.open(Self.replacing(a.envelope, "alg", .string(SealingAlgorithm.hpke.rawValue)), a.keys)
        }
        // With an enc of the right size, the key kind gives it away.
        var relabelled = Self.replacing(a.envelope, "alg", .string(SealingAlgorithm.hpke.rawValue))
        relabelled["enc"] = h.envelope["enc"]
        #expect(throws: SealingError.keyAlgorithmMismatch(kid: "k1", key: .aesGCM, envelope: .hpke)) {
            try Self.open(relabelled, a.keys)
        }
        // Relabelled rot13: the "plaintext" is no JSON, and nothing partial comes back.
        let rot = Self.replacing(h.envelope, "alg", .string("rot13"))
        #expect(throws: SealingError.self) { try Self.open(rot, h.keys) }
        do {
            _ = try Self.open(rot, h.keys)
        } catch {
            guard case .malformedPlaintext = error else { Issue.record("expected malformedPlaintext, got \(error)"); return }
        }
        #expect(throws: SealingError.unknownAlgorithm("des-cbc")) {
            try Self.open(Self.replacing(h.envelope, "alg", .string("des-cbc")), h.keys)
        }
    }

    @Test(arguments: keyed) func versionSwap(alg: SealingAlgorithm) throws {
        let f = try Self.fixture(alg)
        #expect(throws: SealingError.unsupportedVersion("2")) { try Self.open(Self.replacing(f.envelope, "v", .int(2)), f.keys) }
        #expect(throws: SealingError.unsupportedVersion("1.0")) { try Self.open(Self.replacing(f.envelope, "v", .number("1.0")), f.keys) }
        #expect(throws: SealingError.malformedEnvelope("\"v\" must be a number, found a string")) {
            try Self.open(Self.replacing(f.envelope, "v", .string("1")), f.keys)
        }
    }

    @Test(arguments: keyed) func truncatedAndBadBase64(alg: SealingAlgorithm) throws {
        let f = try Self.fixture(alg)
        let ct = f.envelope["ct"]?.stringValue ?? ""
        // One character cut off: not a whole base64 quantum.
        #expect(throws: SealingError.truncated(field: "ct")) {
            try Self.open(Self.replacing(f.envelope, "ct", .string(String(ct.dropLast()))), f.keys)
        }
        // Whole quanta cut off, leaving fewer bytes than the tag.
        #expect(throws: SealingError.truncated(field: "ct")) {
            try Self.open(Self.replacing(f.envelope, "ct", .string(String(ct.prefix(16)))), f.keys)
        }
        // Whole quanta cut off, tag still long enough: the AEAD refuses it.
        #expect(throws: SealingError.authenticationFailed) {
            try Self.open(Self.replacing(f.envelope, "ct", .string(String(ct.dropLast(4)))), f.keys)
        }
        #expect(throws: SealingError.truncated(field: "ct")) { try Self.open(Self.replacing(f.envelope, "ct", .string("")), f.keys) }
        let enc = f.envelope["enc"]?.stringValue ?? ""
        #expect(throws: SealingError.truncated(field: "enc")) {
            try Self.open(Self.replacing(f.envelope, "enc", .string(String(enc.dropLast(3)))), f.keys)
        }
        #expect(throws: SealingError.badBase64(field: "ct", offset: 4)) {
            try Self.open(Self.replacing(f.envelope, "ct", .string(String(ct.prefix(4)) + "!" + ct.dropFirst(5))), f.keys)
        }
        #expect(throws: SealingError.malformedEnvelope("\"ct\" must be a string, found a number")) {
            try Self.open(Self.replacing(f.envelope, "ct", .int(7)), f.keys)
        }
        #expect(throws: SealingError.malformedEnvelope("missing \"enc\" (needed by \(alg.rawValue))")) {
            try Self.open(Self.replacing(f.envelope, "enc", nil), f.keys)
        }
    }

    @Test func rot13CanBeRefused() throws {
        let env = try Sealing.seal(Array("{}".utf8), algorithm: .rot13, keyID: nil, key: nil)
        #expect(try Sealing.open(envelope: env.json, keys: InMemoryKeys()) == JSONObject())
        #expect(throws: SealingError.algorithmNotAllowed(.rot13)) {
            try Sealing.open(envelope: env.json, keys: InMemoryKeys(), allowing: [.hpke, .aesGCM])
        }
    }

    @Test func notAnEnvelope() {
        #expect(throws: SealingError.malformedEnvelope("expected an object, found a string")) {
            try Sealing.open(envelope: .string("c2VjcmV0"), keys: InMemoryKeys())
        }
        #expect(throws: SealingError.malformedEnvelope("missing \"v\"")) {
            try Sealing.open(envelope: .object(JSONObject()), keys: InMemoryKeys())
        }
    }

    @Test func publicKeyCannotOpen() throws {
        let f = try Self.fixture(.hpke)
        let pubOnly = InMemoryKeys(["k1": f.key.publicKey ?? f.key])
        #expect(throws: SealingError.self) { try Self.open(f.envelope, pubOnly) }
    }
}

/// Every single-character change of `enc`, `ct` and `kcv` fails, and nothing
/// partial comes back (a deterministic sweep, not a random fuzz).
@Suite struct SealingCharacterSweepTests {
    static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/")

    @Test(arguments: [SealingAlgorithm.hpke, .aesGCM])
    func everyCharacterOfEveryField(alg: SealingAlgorithm) throws {
        let f = try SealingTamperTests.fixture(alg)
        var checked = 0
        for field in ["enc", "ct", "kcv"] {
            let text = Array(f.envelope[field]?.stringValue ?? "")
            for i in text.indices where text[i] != "=" {
                var changed = text
                // The next character of the alphabet: always a different 6-bit value.
                let k = Self.alphabet.firstIndex(of: text[i]) ?? 0
                changed[i] = Self.alphabet[(k + 1) % 64]
                let t = SealingTamperTests.replacing(f.envelope, field, .string(String(changed)))
                do {
                    let opened = try SealingTamperTests.open(t, f.keys)
                    Issue.record("\(field)[\(i)] changed and still opened: \(opened.keys)")
                } catch {
                    // Only these errors are possible for a one-character change.
                    switch error {
                    case .authenticationFailed, .wrongKey, .badBase64: checked += 1
                    default: Issue.record("\(field)[\(i)]: unexpected \(error)")
                    }
                }
            }
        }
        #expect(checked > 80)
    }
}
