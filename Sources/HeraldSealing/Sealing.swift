import Crypto
import Foundation
public import HeraldJSON

/// Where opening finds keys by key id: a key directory, or keys in memory.
public protocol SealingKeyProvider {
    /// The key for `keyID`, or `SealingError.unknownKeyID` when there is none.
    func key(for keyID: String) throws(SealingError) -> SealingKey
}

/// Keys held in memory (tests, or a host that keeps keys elsewhere).
public struct InMemoryKeys: SealingKeyProvider, Sendable {
    /// Key id → key.
    public var keys: [String: SealingKey]
    /// Keys held in memory.
    public init(_ keys: [String: SealingKey] = [:]) { self.keys = keys }
    /// The key for `keyID`; throws `SealingError.unknownKeyID` when there is none.
    public func key(for keyID: String) throws(SealingError) -> SealingKey {
        guard let k = keys[keyID] else { throw .unknownKeyID(keyID, path: nil) }
        return k
    }
}

/// Sealing and opening envelopes. Opening either returns the whole plaintext
/// or throws: never partial plaintext.
public enum Sealing {
    static let hpkeSuite = HPKE.Ciphersuite.Curve25519_SHA256_ChachaPoly
    static let tagBytes = 16
    static let nonceBytes = 12
    static let x25519Bytes = 32

    /// Whether the X25519 public key `raw` is a low-order point: one whose DH
    /// output is all zero for every private key. X25519 clamps every scalar to a
    /// multiple of the cofactor 8, so the output is zero for one private key
    /// exactly when it is zero for all (the small-order points of the curve and
    /// of its twist, in any encoding), and one agreement with a throwaway key
    /// tells. RFC 7748 §6.1 and RFC 9180 §7.1.4 say to refuse such an output.
    static func isLowOrder(_ raw: [UInt8]) -> Bool {
        guard let pub = try? Curve25519.KeyAgreement.PublicKey(rawRepresentation: raw),
              let dh = try? Curve25519.KeyAgreement.PrivateKey().sharedSecretFromKeyAgreement(with: pub)
        else { return true }
        return isAllZero(dh)
    }

    /// An X25519 private key whose agreement refuses an all-zero output: a low-order
    /// public key would key the envelope with public data, so anyone could have sealed
    /// it (RFC 7748 §6.1, RFC 9180 §7.1.4); swift-crypto leaves that check to its
    /// caller. HPKE's key encapsulation calls this for its one agreement, so opening
    /// an envelope costs one X25519 operation.
    struct RefusingLowOrder: HPKEDiffieHellmanPrivateKey {
        let key: Curve25519.KeyAgreement.PrivateKey
        var publicKey: Curve25519.KeyAgreement.PublicKey { key.publicKey }

        func sharedSecretFromKeyAgreement(with share: Curve25519.KeyAgreement.PublicKey) throws -> SharedSecret {
            let secret = try key.sharedSecretFromKeyAgreement(with: share)
            if isAllZero(secret) { throw SealingError.malformedEnvelope(lowOrderEncapsulatedKey) }
            return secret
        }
    }

    /// Whether a DH output is all zero bytes (compared without an early exit).
    static func isAllZero(_ secret: SharedSecret) -> Bool {
        secret.withUnsafeBytes { $0.reduce(UInt8(0)) { $0 | $1 } } == 0
    }

    /// Seals `plaintext` for `key` (an HPKE public or private key, or a shared
    /// AES key; nil for rot13) under `keyID`.
    public static func seal(
        _ plaintext: [UInt8], algorithm: SealingAlgorithm, keyID: String?, key: SealingKey?
    ) throws(SealingError) -> SealedEnvelope {
        if let keyID { try KeyID.validate(keyID) }
        if algorithm == .rot13 {
            guard let text = String(validating: plaintext, as: UTF8.self) else {
                throw .cannotSeal("rot13 needs UTF-8 text")
            }
            return SealedEnvelope(algorithm: .rot13, keyID: keyID, keyCheck: nil, encapsulated: nil, ciphertext: ROT13.apply(text))
        }
        guard let keyID else { throw .cannotSeal("\(algorithm.rawValue) needs a key id") }
        guard let key else { throw .unknownKeyID(keyID, path: nil) }
        guard key.algorithm == algorithm else {
            throw .keyAlgorithmMismatch(kid: keyID, key: key.algorithm, envelope: algorithm)
        }
        var envelope = SealedEnvelope(
            algorithm: algorithm, keyID: keyID, keyCheck: key.keyCheckValue, encapsulated: nil, ciphertext: "")
        let header = envelope.authenticatedHeader
        do {
            switch algorithm {
            case .hpke:
                guard let pub = key.publicKey else { throw SealingError.invalidPublicKey("no public key") }
                // HPKE.Sender does not show its DH output; refuse the recipient keys
                // that make it all zero (whatever the ephemeral key, see isLowOrder).
                if isLowOrder(pub.bytes) { throw SealingError.invalidPublicKey(SealingKey.lowOrderPublicKey) }
                let recipient = try Curve25519.KeyAgreement.PublicKey(rawRepresentation: pub.bytes)
                var sender = try HPKE.Sender(recipientKey: recipient, ciphersuite: hpkeSuite, info: Data(header))
                // The header is HPKE `info` (it keys the whole context); the AEAD
                // data stays empty, as single-shot HPKE APIs (RFC 9180 §6.1) use it.
                let ct = try sender.seal(plaintext)
                envelope.encapsulated = Base64.encode(sender.encapsulatedKey)
                envelope.ciphertext = Base64.encode(ct)
            case .aesGCM:
                let box = try AES.GCM.seal(plaintext, using: SymmetricKey(data: key.bytes), authenticating: header)
                envelope.encapsulated = Base64.encode(box.nonce.withUnsafeBytes { Array($0) })
                envelope.ciphertext = Base64.encode(Array(box.ciphertext) + Array(box.tag))
            case .rot13:
                break
            }
        } catch let e as SealingError {
            throw e
        } catch {
            throw .cannotSeal("the cipher failed: \(error)")
        }
        return envelope
    }

    /// What opening says of an envelope whose `enc` is a low-order point.
    static let lowOrderEncapsulatedKey = "\"enc\" is not a usable X25519 public key (a low-order point)"

    /// Opens an envelope and returns the plaintext bytes.
    public static func openBytes(_ envelope: SealedEnvelope, keys: some SealingKeyProvider) throws(SealingError) -> [UInt8] {
        if envelope.algorithm == .rot13 { return Array(ROT13.apply(envelope.ciphertext).utf8) }
        guard let kid = envelope.keyID else { throw .malformedEnvelope("missing \"kid\"") }
        // Decode and size-check every field before touching a key.
        let enc = try Base64.decode(envelope.encapsulated ?? "", field: "enc")
        let ct = try Base64.decode(envelope.ciphertext, field: "ct")
        let encBytes = envelope.algorithm == .hpke ? x25519Bytes : nonceBytes
        if enc.count < encBytes { throw .truncated(field: "enc") }
        if enc.count > encBytes {
            throw .malformedEnvelope("\"enc\" is \(enc.count) bytes, \(envelope.algorithm.rawValue) uses \(encBytes)")
        }
        if ct.count < tagBytes { throw .truncated(field: "ct") }

        let key = try keys.key(for: kid)
        guard key.algorithm == envelope.algorithm else {
            throw .keyAlgorithmMismatch(kid: kid, key: key.algorithm, envelope: envelope.algorithm)
        }
        guard key.canOpen else {
            throw .unreadableKeyFile(path: kid, reason: "only the public key is available; opening needs the private key")
        }
        if let kcv = envelope.keyCheck, kcv != key.keyCheckValue { throw .wrongKey(kid: kid) }

        let header = envelope.authenticatedHeader
        do {
            switch envelope.algorithm {
            case .hpke:
                guard let priv = key.agreementKey else { throw SealingError.authenticationFailed }
                // HPKE does its one X25519 agreement through `RefusingLowOrder`, which
                // refuses an all-zero output (a low-order "enc").
                var recipient = try HPKE.Recipient(
                    privateKey: RefusingLowOrder(key: priv), ciphersuite: hpkeSuite, info: Data(header),
                    encapsulatedKey: Data(enc))
                return Array(try recipient.open(ct))
            case .aesGCM:
                let box = try AES.GCM.SealedBox(
                    nonce: AES.GCM.Nonce(data: enc), ciphertext: ct.dropLast(tagBytes), tag: ct.suffix(tagBytes))
                return Array(try AES.GCM.open(box, using: SymmetricKey(data: key.bytes), authenticating: header))
            case .rot13:
                return []
            }
        } catch let e as SealingError {
            throw e
        } catch {
            throw .authenticationFailed
        }
    }

    /// Opens an envelope (the `herald.sealed` JSON) and returns the plaintext
    /// JSON object. `allowing` limits the algorithms accepted (a stage that
    /// wants real secrecy leaves out `.rot13`, which anyone can forge).
    public static func open(
        envelope json: JSONValue, keys: some SealingKeyProvider,
        allowing allowed: Set<SealingAlgorithm> = Set(SealingAlgorithm.allCases)
    ) throws(SealingError) -> JSONObject {
        let envelope = try SealedEnvelope(json: json)
        guard allowed.contains(envelope.algorithm) else { throw .algorithmNotAllowed(envelope.algorithm) }
        let bytes = try openBytes(envelope, keys: keys)
        let value: JSONValue
        do { value = try JSONParser.parse(bytes: bytes) } catch {
            throw .malformedPlaintext(error.description)
        }
        guard let o = value.objectValue else { throw .malformedPlaintext("found \(value.typeName)") }
        return o
    }
}
