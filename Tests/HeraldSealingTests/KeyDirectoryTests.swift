import Foundation
import HeraldJSON
import HeraldTestSupport
import Testing

@testable import HeraldSealing

@Suite struct KeyDirectoryTests {
    func mode(_ path: String) -> Int {
        ((try? FileManager.default.attributesOfItem(atPath: path)[.posixPermissions]) as? NSNumber)?.intValue ?? -1
    }

    @Test func keygenWritesPrivateKeyWithOwnerOnlyModes() throws {
        let tmp = try TemporaryFolder("herald-sealing-tests", create: false)
        let dir = KeyDirectory(path: tmp.path("keys"))
        let key = try dir.generate(keyID: "k1", algorithm: .hpke)
        #expect(mode(dir.path) == 0o700)
        #expect(mode(dir.keyFilePath(for: "k1")) == 0o600)
        #expect(mode(dir.publicKeyFilePath(for: "k1")) == 0o644)
        // The .pub file holds the public key only.
        let pubText = try String(contentsOfFile: dir.publicKeyFilePath(for: "k1"), encoding: .utf8)
        #expect(pubText.contains(key.publicKeyBase64 ?? "?"))
        #expect(!pubText.contains(key.secretBase64))
        // The key read back is the key generated.
        #expect(try dir.key(for: "k1") == key)
        #expect(try dir.sealingKey(for: "k1") == key.publicKey)
    }

    @Test func sealWithPubFileOpenWithKeyFile() throws {
        let tmp = try TemporaryFolder("herald-sealing-tests", create: false)
        let dir = KeyDirectory(path: tmp.path("keys"))
        try dir.generate(keyID: "device-1", algorithm: .hpke)
        let env = try Sealing.seal(Array(#"{"kind":"reminder","id":"x"}"#.utf8), algorithm: .hpke, keyID: "device-1",
                                   key: try dir.sealingKey(for: "device-1"))
        #expect(try Sealing.open(envelope: env.json, keys: dir)["kind"] == .string("reminder"))
    }

    @Test func aesKeyFile() throws {
        let tmp = try TemporaryFolder("herald-sealing-tests", create: false)
        let dir = KeyDirectory(path: tmp.path("keys"))
        let key = try dir.generate(keyID: "shared", algorithm: .aesGCM)
        #expect(key.bytes.count == 32)
        #expect(!FileManager.default.fileExists(atPath: dir.publicKeyFilePath(for: "shared")))
        let env = try Sealing.seal(Array("{}".utf8), algorithm: .aesGCM, keyID: "shared", key: try dir.sealingKey(for: "shared"))
        #expect(try Sealing.open(envelope: env.json, keys: dir) == JSONObject())
    }

    @Test func refusesToOverwrite() throws {
        let tmp = try TemporaryFolder("herald-sealing-tests", create: false)
        let dir = KeyDirectory(path: tmp.path("keys"))
        let first = try dir.generate(keyID: "k1", algorithm: .aesGCM)
        #expect(throws: SealingError.keyFileExists(path: dir.keyFilePath(for: "k1"))) {
            try dir.generate(keyID: "k1", algorithm: .aesGCM)
        }
        #expect(try dir.key(for: "k1") == first)
    }

    @Test(arguments: [0o640, 0o604, 0o644, 0o660, 0o602])
    func refusesGroupOrWorldAccess(perms: Int) throws {
        let tmp = try TemporaryFolder("herald-sealing-tests", create: false)
        let dir = KeyDirectory(path: tmp.path("keys"))
        try dir.generate(keyID: "k1", algorithm: .aesGCM)
        let file = dir.keyFilePath(for: "k1")
        try FileManager.default.setAttributes([.posixPermissions: perms], ofItemAtPath: file)
        #expect(throws: SealingError.insecureKeyFile(path: file, mode: String(perms, radix: 8))) { try dir.key(for: "k1") }
        // Opening through the directory refuses too.
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: file)
        let env = try Sealing.seal(Array("{}".utf8), algorithm: .aesGCM, keyID: "k1", key: try dir.key(for: "k1"))
        try FileManager.default.setAttributes([.posixPermissions: perms], ofItemAtPath: file)
        #expect(throws: SealingError.insecureKeyFile(path: file, mode: String(perms, radix: 8))) {
            try Sealing.open(envelope: env.json, keys: dir)
        }
    }

    @Test func unknownAndInvalidKeyIDs() throws {
        let tmp = try TemporaryFolder("herald-sealing-tests", create: false)
        let dir = KeyDirectory(path: tmp.path("keys"))
        #expect(throws: SealingError.unknownKeyID("k9", path: dir.keyFilePath(for: "k9"))) { try dir.key(for: "k9") }
        for bad in ["../k1", "a/b", ".hidden", "", String(repeating: "k", count: 65), "k 1"] {
            #expect(throws: SealingError.invalidKeyID(bad)) { try dir.key(for: bad) }
            #expect(throws: SealingError.invalidKeyID(bad)) { try dir.generate(keyID: bad, algorithm: .hpke) }
        }
    }

    @Test func damagedKeyFiles() throws {
        let tmp = try TemporaryFolder("herald-sealing-tests", create: false)
        let path = tmp.path("keys")
        let dir = KeyDirectory(path: path)
        try dir.generate(keyID: "k1", algorithm: .hpke)
        let file = dir.keyFilePath(for: "k1")
        func write(_ text: String) throws {
            try FileManager.default.removeItem(atPath: file)
            _ = FileManager.default.createFile(atPath: file, contents: Data(text.utf8), attributes: [.posixPermissions: 0o600])
        }
        try write("not json")
        #expect(throws: SealingError.unreadableKeyFile(path: file, reason: "not a key file (JSON error at 1:1)")) { try dir.key(for: "k1") }
        try write(#"{"v":1,"kid":"k2","alg":"aes-256-gcm","secret":"AAAA"}"#)
        #expect(throws: SealingError.unreadableKeyFile(path: file, reason: "it holds key \"k2\", not \"k1\"")) { try dir.key(for: "k1") }
        try write(#"{"v":1,"kid":"k1","alg":"aes-256-gcm","secret":"AAAA"}"#)
        #expect(throws: SealingError.unreadableKeyFile(path: file, reason: "the key is 3 bytes, expected 32")) { try dir.key(for: "k1") }
        try write(#"{"v":1,"kid":"k1","alg":"rot13","secret":"AAAA"}"#)
        #expect(throws: SealingError.unreadableKeyFile(path: file, reason: "unknown algorithm \"rot13\"")) { try dir.key(for: "k1") }
    }

    @Test func publicKeyParsing() throws {
        let key = try SealingKey.generate(for: .hpke)
        let pub = try SealingKey(publicKeyBase64: (key.publicKeyBase64 ?? "") + "\n")
        #expect(pub == key.publicKey)
        #expect(throws: SealingError.invalidPublicKey("expects a 32-byte base64 X25519 key; found 3 bytes")) {
            try SealingKey(publicKeyBase64: "AAAA")
        }
        // The message names what is wanted, not an internal field name (issue: "field
        // 'public key' is truncated" told a user nothing about what to pass).
        #expect(throws: SealingError.invalidPublicKey("expects a 32-byte base64 X25519 key; found 3 characters, not a whole number of base64 groups of 4")) {
            try SealingKey(publicKeyBase64: "AAA")
        }
        #expect(throws: SealingError.invalidPublicKey("expects a 32-byte base64 X25519 key; found a character that is not base64 at offset 2")) {
            try SealingKey(publicKeyBase64: "AA!A")
        }
    }
}
