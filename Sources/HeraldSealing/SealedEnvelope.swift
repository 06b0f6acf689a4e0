public import HeraldJSON

/// The `herald.sealed` object: `{"v": 1, "alg": …, "kid": …, "kcv": …, "enc": …, "ct": …}`.
///
/// - `v`, `alg`, `kid` and (when present) `kcv` form the header. The header,
///   written as compact JSON in that order (`{"v":1,"alg":"…","kid":"…","kcv":"…"}`),
///   is bound to the ciphertext, so a swapped `kid` or `alg` fails to open:
///   for HPKE it is the `info` of the key schedule (the AEAD's own additional
///   data is empty, so any RFC 9180 single-shot API — `Seal(pkR, info, aad="",
///   pt)` — can seal for us); for AES-GCM it is the additional data.
/// - `kcv` (optional, our extension) is the key check value of the key the
///   payload was sealed for (`SealingKey.keyCheckValue`): with it a wrong key is
///   reported as such; without it, as an authentication failure.
/// - `enc`: HPKE's encapsulated key (32 bytes) or AES-GCM's nonce (12 bytes),
///   base64; absent for `rot13`.
/// - `ct`: base64 of ciphertext + 16-byte tag; for `rot13` the ROT13 text itself.
public struct SealedEnvelope: Sendable, Equatable {
    /// The envelope version this build writes and reads (`v`).
    public static let currentVersion = 1

    /// The algorithm (`alg`).
    public var algorithm: SealingAlgorithm
    /// The key id (a file name stem in the key directory); may be nil for rot13.
    public var keyID: String?
    /// The key check value (`kcv`): tells a wrong key from tampering.
    public var keyCheck: String?
    /// The encapsulated key (`enc`, base64) for HPKE.
    public var encapsulated: String?
    /// The ciphertext and tag (`ct`, base64), or the ROT13 text.
    public var ciphertext: String

    /// Makes an envelope.
    public init(algorithm: SealingAlgorithm, keyID: String?, keyCheck: String?, encapsulated: String?, ciphertext: String) {
        self.algorithm = algorithm
        self.keyID = keyID
        self.keyCheck = keyCheck
        self.encapsulated = encapsulated
        self.ciphertext = ciphertext
    }

    /// Reads an envelope, checking the version first, then the algorithm,
    /// then the fields that algorithm needs.
    public init(json: JSONValue) throws(SealingError) {
        guard let o = json.objectValue else {
            throw .malformedEnvelope("expected an object, found \(json.typeName)")
        }
        guard let v = o["v"] else { throw .malformedEnvelope("missing \"v\"") }
        guard let vText = v.numberText else { throw .malformedEnvelope("\"v\" must be a number, found \(v.typeName)") }
        guard vText == String(Self.currentVersion) else { throw .unsupportedVersion(vText) }
        guard let algValue = o["alg"] else { throw .malformedEnvelope("missing \"alg\"") }
        guard let algText = algValue.stringValue else {
            throw .malformedEnvelope("\"alg\" must be a string, found \(algValue.typeName)")
        }
        guard let alg = SealingAlgorithm(rawValue: algText) else { throw .unknownAlgorithm(algText) }
        algorithm = alg

        func string(_ key: String, required: Bool) throws(SealingError) -> String? {
            guard let value = o[key] else {
                if required { throw .malformedEnvelope("missing \"\(key)\" (needed by \(alg.rawValue))") }
                return nil
            }
            guard let s = value.stringValue else {
                throw .malformedEnvelope("\"\(key)\" must be a string, found \(value.typeName)")
            }
            return s
        }
        keyID = try string("kid", required: alg.needsKey)
        if let keyID { try KeyID.validate(keyID) }
        keyCheck = try string("kcv", required: false)
        encapsulated = alg.needsKey ? try string("enc", required: true) : nil
        ciphertext = try string("ct", required: true) ?? ""
    }

    /// The envelope as JSON, in the documented key order.
    public var json: JSONValue {
        var o = headerObject
        if let encapsulated { o["enc"] = .string(encapsulated) }
        o["ct"] = .string(ciphertext)
        return .object(o)
    }

    private var headerObject: JSONObject {
        var o = JSONObject()
        o["v"] = .int(Self.currentVersion)
        o["alg"] = .string(algorithm.rawValue)
        if let keyID { o["kid"] = .string(keyID) }
        if let keyCheck { o["kcv"] = .string(keyCheck) }
        return o
    }

    /// The bytes bound to the ciphertext (HPKE info; AES-GCM additional data).
    var authenticatedHeader: [UInt8] { Array(JSONWriter.write(.object(headerObject)).utf8) }
}

/// Key ids name files, so they are kept to a safe alphabet: no path separators,
/// no leading dot, at most 64 characters.
public enum KeyID {
    /// Throws `SealingError.invalidKeyID` unless `kid` is a safe key id.
    public static func validate(_ kid: String) throws(SealingError) {
        let ok = !kid.isEmpty && kid.utf8.count <= 64 && !kid.hasPrefix(".")
            && kid.unicodeScalars.allSatisfy { u in
                (u.value >= 0x30 && u.value <= 0x39) || (u.value >= 0x41 && u.value <= 0x5A)
                    || (u.value >= 0x61 && u.value <= 0x7A) || u == "." || u == "_" || u == "-"
            }
        if !ok { throw .invalidKeyID(kid) }
    }
}
