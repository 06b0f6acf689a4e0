import ArgumentParser
import HeraldCommandLine
import HeraldJSON
import HeraldStore
import HeraldSealing

/// `herald keygen`: makes a key for sealed payloads and prints its public half.
struct KeygenCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "keygen",
        abstract: "Make a key for sealed payloads and print its public key.",
        discussion: """
            hpke (default): writes the X25519 private key to <keys>/<kid>.key (mode 0600, the \
            directory 0700) and the public key to <keys>/<kid>.pub, and prints the public key \
            (base64 of its 32 raw bytes; --json for a JSON line). The sender seals with the \
            public key only.
            aes-gcm: writes a 32-byte shared key to <keys>/<kid>.key; the sender needs a copy \
            of that file. Prints the key id and its check value, never the key.
            Existing key files are never overwritten. Exit 0 on success, 1 when a file cannot \
            be written or already exists, 2 on a usage error.
            """)

    @OptionGroup var keys: KeyLocationOptions

    @Option(name: .customLong("id"), help: "The key id (letters, digits, '.', '_', '-').") var keyID: String = "k1"
    @Option(help: "hpke or aes-gcm.") var alg: String = "hpke"
    @Flag(help: "Print one JSON line: kid, alg, kcv, public key and key file path.") var json = false

    func run() throws {
        guard let algorithm = SealingAlgorithm(commandLineName: alg), algorithm.needsKey else {
            throw CommandFailure.usage("unknown --alg \"\(alg)\" (use hpke or aes-gcm)")
        }
        let dir = KeyDirectory(path: keys.resolvedPath)
        let key: SealingKey
        do {
            key = try dir.generate(keyID: keyID, algorithm: algorithm)
        } catch {
            if case .invalidKeyID = error { throw CommandFailure.usage(error.description) }
            throw CommandFailure.failure(error.description)
        }
        StoreOptions.warnIfExposed(dir.path, "key folder")
        CommandMain.say(nil, "wrote \(algorithm.rawValue) key \"\(keyID)\" to \(dir.keyFilePath(for: keyID)) (mode 600)")
        if json {
            print(JSONWriter.write(.object(dir.summary(of: key, keyID: keyID))))
        } else if let pub = key.publicKeyBase64 {
            print(pub)
        } else {
            print("\(keyID) \(algorithm.rawValue) kcv=\(key.keyCheckValue) \(dir.keyFilePath(for: keyID))")
        }
    }
}

/// `--keys DIR` / `--store DIR`: where key files live (Docs/cli.md: `<store>/keys`,
/// the store being `$HERALD_STORE` or `~/.herald`).
struct KeyLocationOptions: ParsableArguments {
    @Option(help: "Key file directory (default: <store>/keys).") var keys: String?
    @Option(help: "The shared container (default: $HERALD_STORE or ~/.herald).") var store: String?

    var resolvedPath: String { StoreLocation.keysDirectory(keys, store: store) }
}
