/// Why a payload could not be sealed or opened. Every case names the field or
/// file involved; none carries plaintext or key material.
public enum SealingError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The envelope is not an object of the expected shape (missing field, wrong type).
    case malformedEnvelope(String)
    /// `v` is not a version this build understands (the text as written).
    case unsupportedVersion(String)
    /// `alg` names no known algorithm.
    case unknownAlgorithm(String)
    /// The envelope's algorithm is known but the caller does not accept it
    /// (e.g. a production stage refusing legacy rot13).
    case algorithmNotAllowed(SealingAlgorithm)
    /// `kid` is not a safe key id (letters, digits, `.`, `_`, `-`; at most 64; no leading dot).
    case invalidKeyID(String)
    /// No key file (or in-memory key) for this key id.
    case unknownKeyID(String, path: String?)
    /// A field is not base64 (the field name and the offset of the first bad character).
    case badBase64(field: String, offset: Int)
    /// A field is cut short: base64 whose length is not a multiple of 4, or a
    /// decoded value shorter than the algorithm requires.
    case truncated(field: String)
    /// The ciphertext, nonce, encapsulated key or bound header was altered:
    /// the AEAD tag does not verify.
    case authenticationFailed
    /// The key found for `kid` is not the key the payload was sealed for
    /// (its key check value `kcv` differs).
    case wrongKey(kid: String)
    /// The key found for `kid` belongs to another algorithm than the envelope's `alg`.
    case keyAlgorithmMismatch(kid: String, key: SealingAlgorithm, envelope: SealingAlgorithm)
    /// The opened plaintext is not a JSON object.
    case malformedPlaintext(String)
    /// A key file is readable or writable by group or others (mode shown in octal).
    case insecureKeyFile(path: String, mode: String)
    /// A key file exists but cannot be read or understood.
    case unreadableKeyFile(path: String, reason: String)
    /// `keygen` refuses to replace an existing key file.
    case keyFileExists(path: String)
    /// Writing a key file or directory failed.
    case cannotWriteKeyFile(path: String, reason: String)
    /// A public key given on the command line or in a `.pub` file is not a valid X25519 key.
    case invalidPublicKey(String)
    /// The payload to seal has no `herald` object, is already sealed, or names unknown fields.
    case cannotSeal(String)

    /// The problem in one line; never plaintext or key material.
    public var description: String {
        switch self {
        case .malformedEnvelope(let m): return "malformed sealed envelope: \(m)"
        case .unsupportedVersion(let v): return "unsupported sealed envelope version \(v) (this build reads version 1)"
        case .unknownAlgorithm(let a):
            let known = SealingAlgorithm.allCases.map(\.rawValue).joined(separator: ", ")
            return "unknown sealing algorithm \"\(a)\" (known: \(known))"
        case .algorithmNotAllowed(let a): return "sealing algorithm \(a.rawValue) is not accepted here"
        case .invalidKeyID(let k): return "invalid key id \"\(k)\" (use letters, digits, '.', '_', '-'; at most 64; no leading dot)"
        case .unknownKeyID(let k, let path):
            if let path { return "no key for key id \"\(k)\" (expected \(path))" }
            return "no key for key id \"\(k)\""
        case .badBase64(let f, let o): return "field \"\(f)\" is not valid base64 (bad character at offset \(o))"
        case .truncated(let f): return "field \"\(f)\" is truncated"
        case .authenticationFailed: return "the sealed payload does not authenticate: ciphertext or header was altered"
        case .wrongKey(let k): return "the key for key id \"\(k)\" is not the key this payload was sealed for"
        case .keyAlgorithmMismatch(let k, let key, let env):
            return "key \"\(k)\" is a \(key.rawValue) key but the envelope says \(env.rawValue)"
        case .malformedPlaintext(let m): return "the opened payload is not a JSON object: \(m)"
        case .insecureKeyFile(let p, let m):
            return "refusing key file \(p): mode \(m) lets group or others access it (chmod 600 \(p))"
        case .unreadableKeyFile(let p, let r): return "cannot read key file \(p): \(r)"
        case .keyFileExists(let p): return "key file \(p) already exists; refusing to overwrite it"
        case .cannotWriteKeyFile(let p, let r): return "cannot write \(p): \(r)"
        case .invalidPublicKey(let m): return "invalid public key: \(m)"
        case .cannotSeal(let m): return "cannot seal: \(m)"
        }
    }
}
