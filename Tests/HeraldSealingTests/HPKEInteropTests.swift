import Foundation
import HeraldJSON
import Testing

@testable import HeraldSealing

/// Python's `cryptography` has RFC 9180 HPKE and AES-GCM: an independent
/// implementation to check that our envelopes are standard, both ways.
private let pythonHPKE: Bool = {
    (try? runPython("from cryptography.hazmat.primitives import hpke; print('ok')", input: ""))?.trimmingCharacters(in: .whitespacesAndNewlines) == "ok"
}()

private func runPython(_ script: String, input: String) throws -> String {
    let p = Process()
    p.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    p.arguments = ["python3", "-c", script]
    let out = Pipe(), err = Pipe(), inp = Pipe()
    p.standardOutput = out
    p.standardError = err
    p.standardInput = inp
    try p.run()
    inp.fileHandleForWriting.write(Data(input.utf8))
    try inp.fileHandleForWriting.close()
    let data = out.fileHandleForReading.readDataToEndOfFile()
    _ = err.fileHandleForReading.readDataToEndOfFile()
    p.waitUntilExit()
    return String(decoding: data, as: UTF8.self)
}

private let suite = """
    import sys, json, base64
    from cryptography.hazmat.primitives import hpke
    from cryptography.hazmat.primitives.asymmetric.x25519 import X25519PrivateKey, X25519PublicKey
    suite = hpke.Suite(hpke.KEM.X25519, hpke.KDF.HKDF_SHA256, hpke.AEAD.CHACHA20_POLY1305)
    req = json.loads(sys.stdin.read())
    """

@Suite(.enabled(if: pythonHPKE, "python3 with cryptography's hpke module is not available"))
struct HPKEInteropTests {
    @Test func pythonSealsWeOpen() throws {
        let key = try SealingKey.generate(for: .hpke)
        let header = SealedEnvelope(algorithm: .hpke, keyID: "k1", keyCheck: key.keyCheckValue, encapsulated: nil, ciphertext: "")
            .authenticatedHeader
        let request: JSONObject = JSONObject([
            ("pub", .string(key.publicKeyBase64 ?? "")), ("info", .string(String(decoding: header, as: UTF8.self))),
            ("pt", .string(#"{"kind":"message","text":"From Python"}"#)),
        ])
        let out = try runPython(suite + "\n" + """
            pk = X25519PublicKey.from_public_bytes(base64.b64decode(req["pub"]))
            blob = suite.encrypt(req["pt"].encode(), pk, info=req["info"].encode())
            print(json.dumps({"enc": base64.b64encode(blob[:32]).decode(), "ct": base64.b64encode(blob[32:]).decode()}))
            """, input: JSONWriter.write(.object(request)))
        let sealed = try JSONParser.parse(out)
        let envelope = SealedEnvelope(algorithm: .hpke, keyID: "k1", keyCheck: key.keyCheckValue,
                                      encapsulated: sealed["enc"]?.stringValue, ciphertext: sealed["ct"]?.stringValue ?? "")
        let opened = try Sealing.open(envelope: envelope.json, keys: InMemoryKeys(["k1": key]))
        #expect(opened["text"] == .string("From Python"))
    }

    @Test func weSealPythonOpens() throws {
        let key = try SealingKey.generate(for: .hpke)
        let env = try Sealing.seal(Array(#"{"text":"From Swift"}"#.utf8), algorithm: .hpke, keyID: "k1", key: key.publicKey)
        let request: JSONObject = JSONObject([
            ("sk", .string(key.secretBase64)), ("info", .string(String(decoding: env.authenticatedHeader, as: UTF8.self))),
            ("enc", .string(env.encapsulated ?? "")), ("ct", .string(env.ciphertext)),
        ])
        let out = try runPython(suite + "\n" + """
            sk = X25519PrivateKey.from_private_bytes(base64.b64decode(req["sk"]))
            blob = base64.b64decode(req["enc"]) + base64.b64decode(req["ct"])
            print(suite.decrypt(blob, sk, info=req["info"].encode()).decode())
            """, input: JSONWriter.write(.object(request)))
        #expect(out.trimmingCharacters(in: .whitespacesAndNewlines) == #"{"text":"From Swift"}"#)
    }

    @Test func aesGCMBothWays() throws {
        let key = try SealingKey.generate(for: .aesGCM)
        let env = try Sealing.seal(Array(#"{"text":"From Swift"}"#.utf8), algorithm: .aesGCM, keyID: "k1", key: key)
        let request: JSONObject = JSONObject([
            ("key", .string(key.secretBase64)), ("aad", .string(String(decoding: env.authenticatedHeader, as: UTF8.self))),
            ("nonce", .string(env.encapsulated ?? "")), ("ct", .string(env.ciphertext)),
        ])
        let out = try runPython("""
            import sys, json, base64, os
            from cryptography.hazmat.primitives.ciphers.aead import AESGCM
            req = json.loads(sys.stdin.read())
            g = AESGCM(base64.b64decode(req["key"]))
            pt = g.decrypt(base64.b64decode(req["nonce"]), base64.b64decode(req["ct"]), req["aad"].encode())
            nonce = os.urandom(12)
            ct = g.encrypt(nonce, pt.replace(b"Swift", b"Python"), req["aad"].encode())
            print(json.dumps({"opened": pt.decode(), "nonce": base64.b64encode(nonce).decode(), "ct": base64.b64encode(ct).decode()}))
            """, input: JSONWriter.write(.object(request)))
        let reply = try JSONParser.parse(out)
        #expect(reply["opened"] == .string(#"{"text":"From Swift"}"#))
        var back = env
        back.encapsulated = reply["nonce"]?.stringValue
        back.ciphertext = reply["ct"]?.stringValue ?? ""
        #expect(try Sealing.open(envelope: back.json, keys: InMemoryKeys(["k1": key]))["text"] == .string("From Python"))
    }
}
