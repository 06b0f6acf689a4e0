import Foundation
import HeraldTestSupport
import Testing

@testable import HeraldSealing

/// X25519 public keys of low order make every DH output all zero, so an HPKE
/// envelope sealed to one (or opened with one as "enc") is keyed with public
/// data (QA finding F8). The oracle is the published list of small-order points
/// (RFC 7748 §6.1 requires refusing the all-zero output; the points are those
/// libsodium and Bernstein's Curve25519 page list): 0, 1, the two order-8
/// points, p-1, p, p+1, and the same with the ignored top bit set.
enum LowOrderPoints {
    static func hex(_ s: String) -> [UInt8] {
        var out = [UInt8]()
        var i = s.startIndex
        while i < s.endIndex {
            let j = s.index(i, offsetBy: 2)
            out.append(UInt8(s[i..<j], radix: 16)!)
            i = j
        }
        return out
    }

    static let canonical: [[UInt8]] = [
        [UInt8](repeating: 0, count: 32),                                          // 0
        [1] + [UInt8](repeating: 0, count: 31),                                    // 1
        hex("e0eb7a7c3b41b8ae1656e3faf19fc46ada098deb9c32b1fd866205165f49b800"),   // order 8
        hex("5f9c95bca3508c24b1d0b1559c83ef5b04445cc4581c8e86d8224eddd09f1157"),   // order 8
        hex("ecffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f"),   // p - 1
        hex("edffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f"),   // p
        hex("eeffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f"),   // p + 1
    ]

    /// The list, plus each point with bit 255 set (X25519 ignores it).
    static let all: [[UInt8]] = canonical + canonical.map { var b = $0; b[31] |= 0x80; return b }
}

@Suite struct LowOrderKeyTests {
    @Test func theQAVectorsAreOnTheList() {
        // The three keys of the QA report, as base64.
        let vectors = [
            String(repeating: "A", count: 43) + "=",
            "AQAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=",
            "4Ot6fDtBuK4WVuP68Z/EatoJjeucMrH9hmIFFl9JuAA=",
        ]
        for v in vectors {
            let raw = [UInt8](Data(base64Encoded: v)!)
            #expect(LowOrderPoints.canonical.contains(raw), "\(v)")
        }
    }

    @Test func aPublicKeyOfLowOrderIsRefused() {
        for point in LowOrderPoints.all {
            #expect(throws: SealingError.invalidPublicKey("not a usable X25519 public key (a low-order point)")) {
                try SealingKey(publicKeyBase64: Data(point).base64EncodedString())
            }
        }
        // A real key still reads.
        let key = try? SealingKey.generate(for: .hpke)
        #expect((try? SealingKey(publicKeyBase64: key?.publicKeyBase64 ?? "")) == key?.publicKey)
    }

    @Test func aPubFileWithALowOrderKeyIsRefusedNamingTheFile() throws {
        let tmp = try TemporaryFolder("herald-sealing-tests", create: false)
        let dir = KeyDirectory(path: tmp.path("keys"))
        try KeyDirectory.makeDirectory(dir.path)
        let file = dir.publicKeyFilePath(for: "k8")
        let text = #"{"v":1,"kid":"k8","alg":"hpke-x25519-sha256-chachapoly","public":"AQAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA="}"#
        try Data(text.utf8).write(to: URL(fileURLWithPath: file))
        #expect(throws: SealingError.invalidPublicKey("\(file): not a usable X25519 public key (a low-order point)")) {
            try dir.sealingKey(for: "k8")
        }
    }

    @Test func aMissingHPKEKeyNamesBothFiles() throws {
        let tmp = try TemporaryFolder("herald-sealing-tests", create: false)
        let dir = KeyDirectory(path: tmp.path("keys"))
        let both = dir.publicKeyFilePath(for: "k8") + " or " + dir.keyFilePath(for: "k8")
        #expect(throws: SealingError.unknownKeyID("k8", path: both)) { try dir.sealingKey(for: "k8", algorithm: .hpke) }
        #expect(throws: SealingError.unknownKeyID("k8", path: dir.keyFilePath(for: "k8"))) {
            try dir.sealingKey(for: "k8", algorithm: .aesGCM)
        }
    }

    /// Defence in depth: the seal path itself refuses a low-order recipient key,
    /// however the key was made.
    @Test func sealingToALowOrderKeyIsRefused() {
        for point in LowOrderPoints.all {
            let key = SealingKey(kind: .hpkePublic, bytes: point)
            #expect(throws: SealingError.invalidPublicKey("not a usable X25519 public key (a low-order point)")) {
                try Sealing.seal(Array("{}".utf8), algorithm: .hpke, keyID: "k8", key: key)
            }
        }
    }

    /// The open path refuses an envelope whose "enc" makes the DH output all
    /// zero: such an envelope could have been sealed by anyone.
    @Test func openingWithALowOrderEncIsRefused() throws {
        let key = try SealingKey.generate(for: .hpke)
        let good = try Sealing.seal(Array("{}".utf8), algorithm: .hpke, keyID: "k1", key: key)
        for point in LowOrderPoints.all {
            var env = good
            env.encapsulated = Data(point).base64EncodedString()
            #expect(throws: SealingError.malformedEnvelope("\"enc\" is not a usable X25519 public key (a low-order point)")) {
                try Sealing.openBytes(env, keys: InMemoryKeys(["k1": key]))
            }
        }
        // The untouched envelope still opens.
        #expect(try Sealing.openBytes(good, keys: InMemoryKeys(["k1": key])) == Array("{}".utf8))
    }
}
