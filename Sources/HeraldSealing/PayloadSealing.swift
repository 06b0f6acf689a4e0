public import HeraldJSON

/// Sealing and opening the `herald` object of a whole payload.
public enum PayloadSealing {
    /// Encrypts the payload's `herald` object into `herald.sealed`. With
    /// `fields`, only those fields are sealed and the others stay plain next to
    /// `sealed` (plain fields are not authenticated). Everything outside
    /// `herald` is kept as it is, in order.
    public static func seal(
        payload: JSONObject, fields: [String]? = nil, algorithm: SealingAlgorithm, keyID: String?, key: SealingKey?
    ) throws(SealingError) -> JSONObject {
        guard let heraldValue = payload["herald"] else { throw .cannotSeal("the payload has no \"herald\" object") }
        guard let herald = heraldValue.objectValue else {
            throw .cannotSeal("\"herald\" must be an object, found \(heraldValue.typeName)")
        }
        if herald["sealed"] != nil { throw .cannotSeal("the payload's \"herald\" is already sealed") }
        var secret = JSONObject()
        var plain = JSONObject()
        if let fields {
            if fields.isEmpty { throw .cannotSeal("--fields names no field") }
            for f in fields where herald[f] == nil { throw .cannotSeal("\"herald\" has no field \"\(f)\"") }
            let wanted = Set(fields)
            for (k, v) in herald { if wanted.contains(k) { secret[k] = v } else { plain[k] = v } }
        } else {
            secret = herald
        }
        let plaintext = Array(JSONWriter.write(.object(secret)).utf8)
        let envelope = try Sealing.seal(plaintext, algorithm: algorithm, keyID: keyID, key: key)
        plain["sealed"] = envelope.json
        var out = payload
        out["herald"] = .object(plain)
        return out
    }

    /// The plaintext `herald` object: the plain fields with the opened
    /// `sealed` fields merged over them (sealed wins on a clash, being the
    /// authenticated part). A `herald` without `sealed` is returned as is.
    public static func open(
        herald: JSONObject, keys: some SealingKeyProvider,
        allowing allowed: Set<SealingAlgorithm> = Set(SealingAlgorithm.allCases)
    ) throws(SealingError) -> JSONObject {
        guard let sealed = herald["sealed"] else { return herald }
        let opened = try Sealing.open(envelope: sealed, keys: keys, allowing: allowed)
        var out = herald
        out["sealed"] = nil
        for (k, v) in opened { out[k] = v }
        return out
    }
}
