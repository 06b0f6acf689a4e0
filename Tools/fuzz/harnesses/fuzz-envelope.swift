// libFuzzer harness: the sealed-envelope opener. The input is a JSON payload
// (or a bare envelope); its `herald.sealed` envelope is opened with fixed
// keys: an HPKE key "device1" and an AES-GCM key "shared". Opening either
// returns the whole plaintext object or throws a SealingError.
//
// `HERALD_FUZZ_WRITE_SEEDS=DIR` makes the binary write real sealed payloads
// (sealed with those fixed keys) into DIR and exit: Tools/fuzz/build.sh uses
// it to refresh the seed corpus.
import Foundation
import HeraldJSON
@testable import HeraldSealing

private let fixedKeys = InMemoryKeys([
    "device1": SealingKey(kind: .hpkePrivate, bytes: (0..<32).map { UInt8(($0 * 7 + 1) & 0xFF) }),
    "shared": SealingKey(kind: .symmetric, bytes: (0..<32).map { UInt8(($0 * 13 + 5) & 0xFF) }),
])

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    guard let value = try? JSONParser.parse(bytes: fuzzBytes(data, size)) else { return 0 }
    if let herald = value.objectValue?["herald"]?.objectValue {
        do {
            let opened = try PayloadSealing.open(herald: herald, keys: fixedKeys)
            require(opened["sealed"] == nil || herald["sealed"] == nil, "an opened herald object still holds \"sealed\"")
        } catch {
            require(!error.description.isEmpty, "empty error")
        }
    } else {
        do {
            _ = try Sealing.open(envelope: value, keys: fixedKeys)
        } catch {
            require(!error.description.isEmpty, "empty error")
        }
    }
    return 0
}

@_cdecl("LLVMFuzzerInitialize")
public func initialize(
    _ argc: UnsafeMutablePointer<CInt>, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>
) -> CInt {
    guard let dir = ProcessInfo.processInfo.environment["HERALD_FUZZ_WRITE_SEEDS"] else { return 0 }
    let message = #"{"aps":{"alert":{"body":"New message"},"mutable-content":1},"herald":{"kind":"message","text":"Meet at noon","from":"HQ"}}"#
    do {
        guard let payload = try JSONParser.parse(message).objectValue else { exit(1) }
        let seals: [(String, SealingAlgorithm, String?, [String]?)] = [
            ("hpke", .hpke, "device1", nil), ("aes-gcm", .aesGCM, "shared", nil),
            ("hpke-fields", .hpke, "device1", ["text"]), ("rot13", .rot13, nil, nil),
        ]
        for (name, alg, kid, fields) in seals {
            let key = try kid.map { k throws(SealingError) in try fixedKeys.key(for: k) }
            let sealed = try PayloadSealing.seal(payload: payload, fields: fields, algorithm: alg, keyID: kid, key: key)
            let text = JSONWriter.write(.object(sealed))
            try Data(text.utf8).write(to: URL(fileURLWithPath: dir + "/sealed-" + name + ".json"))
            // The bare envelope too.
            if let envelope = sealed["herald"]?.objectValue?["sealed"] {
                try Data(JSONWriter.write(envelope).utf8).write(to: URL(fileURLWithPath: dir + "/envelope-" + name + ".json"))
            }
        }
    } catch {
        FileHandle.standardError.write(Data("cannot write seeds: \(error)\n".utf8))
        exit(1)
    }
    exit(0)
}
