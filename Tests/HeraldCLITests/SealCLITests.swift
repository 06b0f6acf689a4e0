import Foundation
import HeraldJSON
import HeraldTestSupport
import Testing

/// Runs the built `herald` binary for keygen and seal, each run with a store
/// directory of its own.
private enum SealCLI {
    static func run(_ args: [String], stdin: String? = nil) async throws -> HeraldBinary.Result {
        let store = try temporaryDirectory()
        return try await HeraldBinary.run(args, environment: ["HERALD_STORE": store.path], stdin: stdin.map { Data($0.utf8) })
    }

    /// A folder that does not exist yet (the command creates it), removed at the end.
    static func temporaryDirectory() throws -> TemporaryFolder {
        try TemporaryFolder("herald-seal-cli", create: false)
    }

    static func mode(_ path: String) -> Int {
        ((try? FileManager.default.attributesOfItem(atPath: path)[.posixPermissions]) as? NSNumber)?.intValue ?? -1
    }

    static func write(_ text: String, to dir: String, name: String = "payload.json") throws -> String {
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        let path = dir + "/" + name
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    static let message = #"{"aps":{"alert":{"body":"New message"},"mutable-content":1},"herald":{"kind":"message","text":"Meet at noon","from":"HQ"}}"#

    static func rot13(_ s: String) -> String {
        String(String.UnicodeScalarView(s.unicodeScalars.map { u -> Unicode.Scalar in
            switch u {
            case "a"..."m", "A"..."M": return Unicode.Scalar(u.value + 13) ?? u
            case "n"..."z", "N"..."Z": return Unicode.Scalar(u.value - 13) ?? u
            default: return u
            }
        }))
    }
}

@Suite struct SealCLITests {
    @Test func keygenWritesKeyFilesAndPrintsOnlyThePublicKey() async throws {
        let tmp = try SealCLI.temporaryDirectory()
        let keys = tmp.path + "/keys"
        let r = try await SealCLI.run(["keygen", "--keys", keys, "--id", "device1"])
        #expect(r.status == 0, "\(r.stderr)")
        let pub = r.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(pub.count == 44)  // 32 bytes in base64
        #expect(SealCLI.mode(keys) == 0o700)
        #expect(SealCLI.mode(keys + "/device1.key") == 0o600)
        let keyFile = try JSONParser.parse(String(contentsOfFile: keys + "/device1.key", encoding: .utf8))
        let secret = try #require(keyFile["secret"]?.stringValue)
        #expect(secret != pub)
        #expect(!r.stdout.contains(secret) && !r.stderr.contains(secret))
        let pubFile = try JSONParser.parse(String(contentsOfFile: keys + "/device1.pub", encoding: .utf8))
        #expect(pubFile["public"]?.stringValue == pub)

        let again = try await SealCLI.run(["keygen", "--keys", keys, "--id", "device1"])
        #expect(again.status == 1)
        #expect(again.stderr.contains("already exists"))
        #expect(try String(contentsOfFile: keys + "/device1.key", encoding: .utf8).contains(secret))

        let bad = try await SealCLI.run(["keygen", "--keys", keys, "--id", "../evil"])
        #expect(bad.status == 2)
    }

    @Test func keygenJSONAndAES() async throws {
        let tmp = try SealCLI.temporaryDirectory()
        let keys = tmp.path + "/keys"
        let r = try await SealCLI.run(["keygen", "--keys", keys, "--id", "shared", "--alg", "aes-gcm", "--json"])
        #expect(r.status == 0, "\(r.stderr)")
        let line = try JSONParser.parse(r.stdout)
        #expect(line["alg"] == .string("aes-256-gcm"))
        #expect(line["public"] == nil)
        let secret = try JSONParser.parse(String(contentsOfFile: keys + "/shared.key", encoding: .utf8))["secret"]?.stringValue ?? "?"
        #expect(!r.stdout.contains(secret))
    }

    @Test func sealHPKEFromPubFileAndFromPublicKeyFlag() async throws {
        let tmp = try SealCLI.temporaryDirectory()
        let dir = tmp.path
        let keys = dir + "/keys"
        let pub = try await SealCLI.run(["keygen", "--keys", keys]).stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        let file = try SealCLI.write(SealCLI.message, to: dir)
        for extra in [["--keys", keys], ["--public-key", pub]] {
            let r = try await SealCLI.run(["seal", "--payload", file, "--key-id", "k1"] + extra)
            #expect(r.status == 0, "\(r.stderr)")
            #expect(!r.stdout.contains("Meet at noon"))
            let out = try JSONParser.parse(r.stdout)
            #expect(out["aps"] == (try JSONParser.parse(SealCLI.message))["aps"])
            let sealed = out["herald"]?["sealed"]
            #expect(out["herald"]?.objectValue?.keys == ["sealed"])
            #expect(sealed?["alg"] == .string("hpke-x25519-sha256-chachapoly"))
            #expect(sealed?["kid"] == .string("k1"))
            #expect(sealed?["enc"]?.stringValue?.count == 44)
        }
    }

    @Test func sealFieldsFromStdin() async throws {
        let tmp = try SealCLI.temporaryDirectory()
        let dir = tmp.path
        _ = try await SealCLI.run(["keygen", "--keys", dir + "/keys", "--alg", "aes-gcm"])
        let r = try await SealCLI.run(["seal", "--payload", "-", "--key-id", "k1", "--keys", dir + "/keys", "--alg", "aes-gcm", "--fields", "text"], stdin: SealCLI.message)
        #expect(r.status == 0, "\(r.stderr)")
        let herald = try JSONParser.parse(r.stdout)["herald"]
        #expect(herald?.objectValue?.keys == ["kind", "from", "sealed"])
        #expect(herald?["sealed"]?["alg"] == .string("aes-256-gcm"))
        #expect(!r.stdout.contains("noon"))
    }

    @Test func sealROT13NeedsNoKey() async throws {
        let r = try await SealCLI.run(["seal", "--payload", "-", "--alg", "rot13"], stdin: SealCLI.message)
        #expect(r.status == 0, "\(r.stderr)")
        let ct = try #require(try JSONParser.parse(r.stdout)["herald"]?["sealed"]?["ct"]?.stringValue)
        let opened = try JSONParser.parse(SealCLI.rot13(ct))
        #expect(opened["text"] == .string("Meet at noon"))
    }

    @Test func sealErrors() async throws {
        let tmp = try SealCLI.temporaryDirectory()
        let dir = tmp.path
        let notPayload = try SealCLI.write("{\"aps\": {\"badge\": -1}}", to: dir, name: "bad.json")
        var r = try await SealCLI.run(["seal", "--payload", notPayload, "--alg", "rot13"])
        #expect(r.status == 2)
        #expect(r.stderr.contains("bad.json:1:19"), "\(r.stderr)")
        r = try await SealCLI.run(["seal", "--payload", "-", "--alg", "rot13"], stdin: #"{"aps":{"alert":"x","mutable-content":1}}"#)
        #expect(r.status == 2)
        #expect(r.stderr.contains("no \"herald\" object"))
        r = try await SealCLI.run(["seal", "--payload", "-", "--key-id", "nokey", "--keys", dir + "/keys"], stdin: SealCLI.message)
        #expect(r.status == 1)
        #expect(r.stderr.contains("no key for key id \"nokey\""))
        r = try await SealCLI.run(["seal", "--payload", "-"], stdin: SealCLI.message)
        #expect(r.status == 2)
        r = try await SealCLI.run(["seal", "--payload", "-", "--key-id", "k1", "--alg", "des"], stdin: SealCLI.message)
        #expect(r.status == 2)
        // A shared key file others can read is refused.
        _ = try await SealCLI.run(["keygen", "--keys", dir + "/keys", "--id", "open", "--alg", "aes-gcm"])
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: dir + "/keys/open.key")
        r = try await SealCLI.run(["seal", "--payload", "-", "--key-id", "open", "--keys", dir + "/keys", "--alg", "aes-gcm"], stdin: SealCLI.message)
        #expect(r.status == 1)
        #expect(r.stderr.contains("refusing key file"))
    }

    @Test func sealWarnsWhenTheExtensionWouldNotRun() async throws {
        let r = try await SealCLI.run(["seal", "--payload", "-", "--alg", "rot13"], stdin: #"{"aps":{"alert":"x"},"herald":{"kind":"message","text":"t"}}"#)
        #expect(r.status == 0)
        #expect(r.stderr.contains("herald: warning:") && r.stderr.contains("mutable-content"))
    }

    /// QA finding F8: low-order X25519 keys (RFC 7748 §6.1; the published
    /// small-order point list: all zero, u = 1, an order-8 point) make the DH
    /// output all zero, so the envelope would open for anyone. Refused, exit 2,
    /// from the flag and from a .pub file.
    @Test(arguments: [
        String(repeating: "A", count: 43) + "=",
        "AQAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=",
        "4Ot6fDtBuK4WVuP68Z/EatoJjeucMrH9hmIFFl9JuAA=",
    ])
    func sealRefusesALowOrderPublicKey(_ pub: String) async throws {
        let tmp = try SealCLI.temporaryDirectory()
        let dir = tmp.path
        let file = try SealCLI.write(SealCLI.message, to: dir)
        let r = try await SealCLI.run(["seal", "--payload", file, "--key-id", "k9", "--public-key", pub])
        #expect(r.status == 2)
        #expect(r.stdout.isEmpty)
        #expect(r.stderr == "herald: error: --public-key: not a usable X25519 public key (a low-order point)\n")

        let keys = dir + "/keys"
        let pubFile = try SealCLI.write(
            #"{"v":1,"kid":"k8","alg":"hpke-x25519-sha256-chachapoly","public":"\#(pub)"}"#, to: keys, name: "k8.pub")
        let f = try await SealCLI.run(["seal", "--payload", file, "--key-id", "k8", "--keys", keys])
        #expect(f.status == 2)
        #expect(f.stdout.isEmpty)
        #expect(f.stderr.contains("\(pubFile): not a usable X25519 public key (a low-order point)"), "\(f.stderr)")
    }

    /// For hpke the sender needs <kid>.pub (or <kid>.key): a missing key names both.
    @Test func sealWithNoHPKEKeyNamesThePubFileToo() async throws {
        let tmp = try SealCLI.temporaryDirectory()
        let dir = tmp.path
        let file = try SealCLI.write(SealCLI.message, to: dir)
        let r = try await SealCLI.run(["seal", "--payload", file, "--key-id", "k8", "--keys", dir + "/keys"])
        #expect(r.status == 1)
        #expect(r.stderr.contains("\(dir)/keys/k8.pub or \(dir)/keys/k8.key"), "\(r.stderr)")
    }
}
