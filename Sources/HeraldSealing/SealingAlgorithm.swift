/// The algorithms a sealed envelope may name in its `alg` field.
public enum SealingAlgorithm: String, Sendable, CaseIterable, Hashable {
    /// HPKE base mode (RFC 9180): DHKEM(X25519, HKDF-SHA256), HKDF-SHA256,
    /// ChaCha20-Poly1305. The sender needs only the recipient's public key.
    case hpke = "hpke-x25519-sha256-chachapoly"
    /// AES-256-GCM with a 32-byte key shared by sender and device; `enc` holds
    /// the 12-byte nonce and `ct` the ciphertext followed by the 16-byte tag.
    case aesGCM = "aes-256-gcm"
    /// The legacy examples' ROT13: no key, no secrecy, no integrity. `ct` is the
    /// ROT13 of the plaintext JSON (not base64), `enc` is absent.
    case rot13 = "rot13"

    /// The short names the command line accepts (`--alg hpke|aes-gcm|rot13`),
    /// as well as the full envelope names.
    public init?(commandLineName name: String) {
        switch name.lowercased() {
        case "hpke", SealingAlgorithm.hpke.rawValue: self = .hpke
        case "aes-gcm", "aes", "aes-256-gcm": self = .aesGCM
        case "rot13": self = .rot13
        default: return nil
        }
    }

    /// The short command-line name.
    public var commandLineName: String {
        switch self {
        case .hpke: return "hpke"
        case .aesGCM: return "aes-gcm"
        case .rot13: return "rot13"
        }
    }

    /// Whether the algorithm needs a key file at all.
    public var needsKey: Bool { self != .rot13 }
}

extension SealingAlgorithm {
    /// The algorithms a `--algorithms` list names (`hpke,aes-gcm`; the full envelope names
    /// too): none given is all of them. rot13 envelopes can be forged by anyone, so they
    /// are accepted only with `allowUnsealed`. Throws the problem in one line.
    public static func accepted(_ list: String?, allowUnsealed: Bool) throws(SealingAlgorithmListError) -> Set<SealingAlgorithm> {
        guard let list else { return Set(allCases) }
        var out = Set<SealingAlgorithm>()
        for part in list.split(separator: ",") {
            let name = String(part.drop(while: \.isWhitespace).reversed().drop(while: \.isWhitespace).reversed())
            switch name {
            case "hpke", SealingAlgorithm.hpke.rawValue: out.insert(.hpke)
            case "aes-gcm", SealingAlgorithm.aesGCM.rawValue: out.insert(.aesGCM)
            case "rot13": out.insert(.rot13)
            default: throw SealingAlgorithmListError(description: "unknown algorithm '\(name)' (hpke, aes-gcm, rot13)")
            }
        }
        guard !out.isEmpty else { throw SealingAlgorithmListError(description: "none given") }
        guard !out.contains(.rot13) || allowUnsealed else {
            throw SealingAlgorithmListError(
                description: "rot13 envelopes can be forged by anyone; they are opened only with --allow-unsealed")
        }
        return out
    }
}

/// What is wrong with an algorithm list, in one line.
public struct SealingAlgorithmListError: Error, CustomStringConvertible, Sendable {
    public var description: String
}
