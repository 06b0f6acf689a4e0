import Crypto
import Foundation

/// A key for sealing or opening: an X25519 key pair half for HPKE, or a
/// 32-byte AES-256 key shared by sender and device. `description` never shows
/// the secret.
///
/// What is derived from the bytes (an HPKE private key's public half, the key
/// check value) is computed once, when the key is made: each costs an X25519
/// scalar multiplication, and a batch opens thousands of envelopes with one key.
public struct SealingKey: Sendable, Equatable, CustomStringConvertible {
    /// What the bytes are.
    public enum Kind: String, Sendable, Equatable {
        case hpkePrivate, hpkePublic, symmetric
    }

    /// What the key is for (HPKE private or public, symmetric).
    public let kind: Kind
    let bytes: [UInt8]
    /// An HPKE private key as swift-crypto holds it, its public half already computed
    /// (nil for other kinds).
    let agreementKey: Curve25519.KeyAgreement.PrivateKey?
    /// A short public fingerprint that tells keys apart without revealing a
    /// secret: 8 bytes of SHA-256 over the public key (HPKE), or of
    /// HMAC-SHA256 keyed with the shared key (AES), in base64. Written to the
    /// envelope as `kcv` so a wrong key is told from a tampered payload.
    public let keyCheckValue: String

    /// The algorithm this key serves.
    public var algorithm: SealingAlgorithm { kind == .symmetric ? .aesGCM : .hpke }

    /// Whether this key can open (a private or shared key), not only seal.
    public var canOpen: Bool { kind != .hpkePublic }

    init(kind: Kind, bytes: [UInt8]) {
        self.kind = kind
        self.bytes = bytes
        agreementKey = kind == .hpkePrivate ? try? Curve25519.KeyAgreement.PrivateKey(rawRepresentation: bytes) : nil
        let label = Array("herald-kcv-v1".utf8)
        switch kind {
        case .symmetric:
            let mac = HMAC<SHA256>.authenticationCode(for: label, using: SymmetricKey(data: bytes))
            keyCheckValue = Base64.encode(Array(mac).prefix(8))
        case .hpkePublic, .hpkePrivate:
            let pub = kind == .hpkePublic ? bytes : agreementKey.map { Array($0.publicKey.rawRepresentation) } ?? []
            keyCheckValue = Base64.encode(Array(SHA256.hash(data: label + pub)).prefix(8))
        }
    }

    /// Two keys are equal when their kind and bytes are (what is derived from them follows).
    public static func == (a: SealingKey, b: SealingKey) -> Bool { a.kind == b.kind && a.bytes == b.bytes }

    /// A fresh random key for `algorithm` (`rot13` has no key).
    public static func generate(for algorithm: SealingAlgorithm) throws(SealingError) -> SealingKey {
        switch algorithm {
        case .hpke:
            return SealingKey(kind: .hpkePrivate, bytes: Array(Curve25519.KeyAgreement.PrivateKey().rawRepresentation))
        case .aesGCM:
            return SealingKey(kind: .symmetric, bytes: SymmetricKey(size: .bits256).withUnsafeBytes { Array($0) })
        case .rot13:
            throw .cannotSeal("rot13 has no key")
        }
    }

    /// An HPKE recipient's public key from its base64 raw representation (32 bytes).
    ///
    /// - Throws: `SealingError.invalidPublicKey` saying what was expected (a 32-byte
    ///   base64 X25519 key) and what was found: not base64, or the wrong length.
    public init(publicKeyBase64 text: String) throws(SealingError) {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        let raw: [UInt8]
        do { raw = try Base64.decode(trimmed, field: "public key") } catch {
            let found: String
            switch error {
            case .badBase64(_, let offset): found = "a character that is not base64 at offset \(offset)"
            case .truncated: found = "\(trimmed.utf8.count) characters, not a whole number of base64 groups of 4"
            default: found = error.description
            }
            throw .invalidPublicKey(Self.expectedPublicKey + "; found " + found)
        }
        guard raw.count == 32, (try? Curve25519.KeyAgreement.PublicKey(rawRepresentation: raw)) != nil else {
            throw .invalidPublicKey(Self.expectedPublicKey + "; found \(raw.count) bytes")
        }
        // A low-order point (all zero, u = 1, the order-8 points, their
        // non-canonical forms) makes every DH output all zero: anyone could
        // open what is sealed to it (RFC 7748 §6.1, RFC 9180 §7.1.4).
        guard !Sealing.isLowOrder(raw) else { throw .invalidPublicKey(Self.lowOrderPublicKey) }
        self.init(kind: .hpkePublic, bytes: raw)
    }

    /// What `init(publicKeyBase64:)` wants, as its errors say it.
    static let expectedPublicKey = "expects a 32-byte base64 X25519 key"
    /// What `init(publicKeyBase64:)` says of a low-order point.
    static let lowOrderPublicKey = "not a usable X25519 public key (a low-order point)"

    /// A key from its kind and base64 bytes, as stored in a key file.
    init(kind: Kind, base64 text: String, path: String) throws(SealingError) {
        let raw: [UInt8]
        do { raw = try Base64.decode(text, field: "secret") } catch {
            throw .unreadableKeyFile(path: path, reason: error.description)
        }
        guard raw.count == 32 else {
            throw .unreadableKeyFile(path: path, reason: "the key is \(raw.count) bytes, expected 32")
        }
        self.init(kind: kind, bytes: raw)
        if kind == .hpkePrivate, agreementKey == nil {
            throw .unreadableKeyFile(path: path, reason: "not an X25519 private key")
        }
    }

    /// The public half of an HPKE private key (itself for a public key; nil for a shared key).
    public var publicKey: SealingKey? {
        switch kind {
        case .hpkePublic: return self
        case .symmetric: return nil
        case .hpkePrivate:
            guard let k = agreementKey else { return nil }
            return SealingKey(kind: .hpkePublic, bytes: Array(k.publicKey.rawRepresentation))
        }
    }

    /// The public key as base64 of its 32-byte raw representation (nil for a shared key).
    public var publicKeyBase64: String? { publicKey.map { Base64.encode($0.bytes) } }

    /// The secret as base64 (for writing key files only; never log it).
    var secretBase64: String { Base64.encode(bytes) }

    /// The kind and key check value; never the key.
    public var description: String { "SealingKey(\(kind.rawValue), kcv \(keyCheckValue))" }
}
