import ArgumentParser
import HeraldCommandLine
import HeraldJSON
import HeraldPayload
import HeraldSealing

/// `herald seal`: encrypts a payload's `herald` object into `herald.sealed`.
struct SealCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "seal",
        abstract: "Encrypt a payload's herald object into an envelope the stage can open.",
        discussion: """
            Reads an APNs payload, seals its "herald" object (or only --fields of it; the \
            others stay plain) into "herald.sealed" and prints the sealed payload.
            hpke seals with the recipient's public key: --public-key BASE64, or <keys>/<kid>.pub \
            (or the public half of <keys>/<kid>.key). aes-gcm uses the shared key <keys>/<kid>.key. \
            rot13 is the legacy examples' non-cipher and needs no key.
            Exit 0 sealed; 1 a key could not be found or read; 2 usage error or input that is \
            not a payload with a "herald" object.
            """)

    @Option(help: "The payload to seal: a file, or - for stdin.") var payload: String
    @Option(name: .customLong("key-id"), help: "The recipient's key id.") var keyID: String?
    @OptionGroup var keys: KeyLocationOptions

    @Option(help: "Seal only these fields of the herald object (comma-separated); the others stay plain and are used only by herald render --allow-unsealed.")
    var fields: String?
    @Option(help: "hpke, aes-gcm or rot13.") var alg: String = "hpke"
    @Option(name: .customLong("public-key"), help: "The recipient's X25519 public key (base64), for hpke.") var publicKey: String?
    @Flag(help: "Indent the output.") var pretty = false

    func run() throws {
        guard let algorithm = SealingAlgorithm(commandLineName: alg) else {
            throw CommandFailure.usage("unknown --alg \"\(alg)\" (use hpke, aes-gcm or rot13)")
        }
        if algorithm.needsKey && keyID == nil {
            throw CommandFailure.usage("--key-id is required for \(algorithm.commandLineName)")
        }
        if publicKey != nil && algorithm != .hpke {
            throw CommandFailure.usage("--public-key is for hpke only")
        }
        let fieldList: [String]? = fields.map {
            $0.split(separator: ",").map { String($0).trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        }

        let source = payload == "-" ? "<stdin>" : payload
        let bytes = try InputFile.read(payload)
        let parsed = try CommandFailure.catching(.usage, "\(source):") { try APNsPayload.parse(bytes: bytes) }
        if case .notEligible(let reason) = parsed.eligibility {
            CommandMain.say(.warning, "the service extension will not see this push: \(reason)")
        }

        var key: SealingKey?
        if algorithm.needsKey, let keyID {
            do {
                if let publicKey {
                    key = try SealingKey(publicKeyBase64: publicKey)
                } else {
                    key = try KeyDirectory(path: keys.resolvedPath).sealingKey(for: keyID, algorithm: algorithm)
                }
            } catch {
                if publicKey != nil, case .invalidPublicKey(let message) = error {
                    throw CommandFailure.usage("--public-key: \(message)")
                }
                switch error {
                case .invalidKeyID, .invalidPublicKey: throw CommandFailure.usage(error.description)
                default: throw CommandFailure.failure(error.description)
                }
            }
        }

        let sealed: JSONObject
        do {
            sealed = try PayloadSealing.seal(payload: parsed.object.wholeObject(), fields: fieldList, algorithm: algorithm, keyID: keyID, key: key)
        } catch {
            if case .keyAlgorithmMismatch = error { throw CommandFailure.failure(error.description) }
            throw CommandFailure.usage(error.description)
        }
        let text = JSONWriter.write(.object(sealed), pretty: pretty)
        let size = JSONWriter.write(.object(sealed)).utf8.count
        if size > APNsPayload.maximumBytes {
            CommandMain.say(.warning, "the sealed payload is \(size) bytes; APNs accepts at most \(APNsPayload.maximumBytes)")
        }
        print(text)
    }
}
