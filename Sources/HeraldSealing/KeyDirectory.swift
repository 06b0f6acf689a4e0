import Glibc
public import HeraldJSON

/// A directory of key files, as `herald keygen` writes them:
///
/// - `<kid>.key`: the private (HPKE) or shared (AES) key, mode 0600, as one
///   JSON object `{"v": 1, "kid": …, "alg": …, "secret": "<base64>"}`.
/// - `<kid>.pub`: for HPKE, the public key the sender needs,
///   `{"v": 1, "kid": …, "alg": …, "public": "<base64>"}`, mode 0644.
///
/// The directory is created with mode 0700. A key file that group or others
/// may read or write is refused; an existing key file is never overwritten.
public struct KeyDirectory: SealingKeyProvider, Sendable {
    /// The folder.
    public let path: String

    /// A key directory at `path` (nothing is read until a key is asked for).
    public init(path: String) { self.path = path }

    /// Where the private or symmetric key of `kid` is kept: `<path>/<kid>.key`.
    public func keyFilePath(for kid: String) -> String { path + "/" + kid + ".key" }
    /// Where the public key of `kid` is kept: `<path>/<kid>.pub`.
    public func publicKeyFilePath(for kid: String) -> String { path + "/" + kid + ".pub" }

    /// The private or shared key for `kid` (permissions checked).
    public func key(for kid: String) throws(SealingError) -> SealingKey {
        try KeyID.validate(kid)
        let file = keyFilePath(for: kid)
        let text = try Self.readSecretFile(file, kid: kid)
        let o = try Self.parseKeyFile(text, path: file, kid: kid)
        guard let secret = o["secret"]?.stringValue else {
            throw .unreadableKeyFile(path: file, reason: "missing \"secret\"")
        }
        let alg = try Self.algorithm(o, path: file)
        return try SealingKey(kind: alg == .hpke ? .hpkePrivate : .symmetric, base64: secret, path: file)
    }

    /// The key a sender seals with: the public key from `<kid>.pub` (HPKE),
    /// else the `<kid>.key` file (a shared AES key, or an HPKE private key
    /// whose public half is used). With `algorithm` `.hpke`, a key id with
    /// neither file names both in its error.
    public func sealingKey(for kid: String, algorithm: SealingAlgorithm? = nil) throws(SealingError) -> SealingKey {
        try KeyID.validate(kid)
        let pubFile = publicKeyFilePath(for: kid)
        if let bytes = Self.readFile(pubFile) {
            let text = String(decoding: bytes, as: UTF8.self)
            let o = try Self.parseKeyFile(text, path: pubFile, kid: kid)
            guard let pub = o["public"]?.stringValue else {
                throw .unreadableKeyFile(path: pubFile, reason: "missing \"public\"")
            }
            do { return try SealingKey(publicKeyBase64: pub) } catch {
                if case .invalidPublicKey(let m) = error { throw .invalidPublicKey("\(pubFile): \(m)") }
                throw error
            }
        }
        do { return try key(for: kid) } catch {
            if algorithm == .hpke, case .unknownKeyID(let k, let p?) = error {
                throw .unknownKeyID(k, path: pubFile + " or " + p)
            }
            throw error
        }
    }

    /// Makes a new key for `algorithm`, writes `<kid>.key` (and `<kid>.pub`
    /// for HPKE), and returns it. Refuses to overwrite either file.
    @discardableResult
    public func generate(keyID kid: String, algorithm: SealingAlgorithm) throws(SealingError) -> SealingKey {
        try KeyID.validate(kid)
        let key = try SealingKey.generate(for: algorithm)
        let keyFile = keyFilePath(for: kid)
        let pubFile = publicKeyFilePath(for: kid)
        for f in [keyFile, pubFile] where Self.exists(f) { throw .keyFileExists(path: f) }
        try Self.makeDirectory(path)

        var o = JSONObject()
        o["v"] = .int(1)
        o["kid"] = .string(kid)
        o["alg"] = .string(algorithm.rawValue)
        o["secret"] = .string(key.secretBase64)
        try Self.writeNew(keyFile, contents: JSONWriter.write(.object(o)) + "\n", mode: 0o600)
        if let pub = key.publicKeyBase64 {
            o["secret"] = nil
            o["public"] = .string(pub)
            try Self.writeNew(pubFile, contents: JSONWriter.write(.object(o)) + "\n", mode: 0o644)
        }
        return key
    }

    /// What `herald keygen --json` prints of a key made here: kid, alg, kcv, the public key
    /// and the files (never the secret).
    public func summary(of key: SealingKey, keyID kid: String) -> JSONObject {
        var o = JSONObject()
        o["kid"] = .string(kid)
        o["alg"] = .string(key.algorithm.rawValue)
        o["kcv"] = .string(key.keyCheckValue)
        if let pub = key.publicKeyBase64 { o["public"] = .string(pub) }
        o["keyFile"] = .string(keyFilePath(for: kid))
        if key.publicKeyBase64 != nil { o["publicKeyFile"] = .string(publicKeyFilePath(for: kid)) }
        return o
    }

    // MARK: files

    static func algorithm(_ o: JSONObject, path: String) throws(SealingError) -> SealingAlgorithm {
        guard let text = o["alg"]?.stringValue else { throw .unreadableKeyFile(path: path, reason: "missing \"alg\"") }
        guard let alg = SealingAlgorithm(rawValue: text), alg.needsKey else {
            throw .unreadableKeyFile(path: path, reason: "unknown algorithm \"\(text)\"")
        }
        return alg
    }

    static func parseKeyFile(_ text: String, path: String, kid: String) throws(SealingError) -> JSONObject {
        let value: JSONValue
        do { value = try JSONParser.parse(text) } catch {
            // The parser's message may quote a fragment of the file: keep only the position.
            throw .unreadableKeyFile(path: path, reason: "not a key file (JSON error at \(error.position))")
        }
        guard let o = value.objectValue else { throw .unreadableKeyFile(path: path, reason: "not a key file") }
        guard o["v"]?.numberText == "1" else { throw .unreadableKeyFile(path: path, reason: "unsupported key file version") }
        if let fileKid = o["kid"]?.stringValue, fileKid != kid {
            throw .unreadableKeyFile(path: path, reason: "it holds key \"\(fileKid)\", not \"\(kid)\"")
        }
        return o
    }

    static func exists(_ path: String) -> Bool {
        var st = stat()
        return lstat(path, &st) == 0
    }

    static func errnoText() -> String { String(cString: strerror(errno)) }

    /// Reads a key file, refusing it when group or others have any access.
    static func readSecretFile(_ path: String, kid: String) throws(SealingError) -> String {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        if fd < 0 {
            if errno == ENOENT { throw .unknownKeyID(kid, path: path) }
            throw .unreadableKeyFile(path: path, reason: errnoText())
        }
        defer { close(fd) }
        var st = stat()
        guard fstat(fd, &st) == 0 else { throw .unreadableKeyFile(path: path, reason: errnoText()) }
        guard (st.st_mode & S_IFMT) == S_IFREG else { throw .unreadableKeyFile(path: path, reason: "not a regular file") }
        let perms = Int(st.st_mode) & 0o777
        if perms & 0o077 != 0 { throw .insecureKeyFile(path: path, mode: String(perms, radix: 8)) }
        guard let bytes = readAll(fd, limit: 64 * 1024) else {
            throw .unreadableKeyFile(path: path, reason: "read failed or file too large")
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    static func readFile(_ path: String) -> [UInt8]? {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        if fd < 0 { return nil }
        defer { close(fd) }
        return readAll(fd, limit: 64 * 1024)
    }

    static func readAll(_ fd: Int32, limit: Int) -> [UInt8]? {
        var out = [UInt8]()
        var buf = [UInt8](repeating: 0, count: 4096)
        while true {
            let n = buf.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if n < 0 { return nil }
            if n == 0 { return out }
            out += buf[0..<n]
            if out.count > limit { return nil }
        }
    }

    static func makeDirectory(_ path: String) throws(SealingError) {
        var st = stat()
        if stat(path, &st) == 0 {
            guard (st.st_mode & S_IFMT) == S_IFDIR else { throw .cannotWriteKeyFile(path: path, reason: "not a directory") }
            return
        }
        // Create missing parents (0700 each, like the key directory itself).
        var prefix = path.hasPrefix("/") ? "" : "."
        for part in path.split(separator: "/") {
            prefix += "/" + part
            if stat(prefix, &st) == 0 { continue }
            if mkdir(prefix, 0o700) != 0 && errno != EEXIST {
                throw .cannotWriteKeyFile(path: prefix, reason: errnoText())
            }
        }
        _ = chmod(path, 0o700)
    }

    static func writeNew(_ path: String, contents: String, mode: mode_t) throws(SealingError) {
        let fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode)
        if fd < 0 {
            if errno == EEXIST { throw .keyFileExists(path: path) }
            throw .cannotWriteKeyFile(path: path, reason: errnoText())
        }
        var ok = fchmod(fd, mode) == 0
        let bytes = Array(contents.utf8)
        var written = 0
        while ok && written < bytes.count {
            let n = bytes[written...].withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
            if n <= 0 { ok = false } else { written += n }
        }
        ok = ok && fsync(fd) == 0
        let reason = errnoText()
        close(fd)
        if !ok {
            _ = unlink(path)
            throw .cannotWriteKeyFile(path: path, reason: reason)
        }
    }
}
