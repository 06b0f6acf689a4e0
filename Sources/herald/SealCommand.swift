import ArgumentParser
import Foundation
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

    @Option(help: "The payload to seal: a file, or - for stdin.")
    var payload: String

    @Option(name: .customLong("key-id"), help: "The recipient's key id.")
    var keyID: String?

    @OptionGroup var keys: KeyLocationOptions

    @Option(help: "Seal only these fields of the herald object (comma-separated); the others stay plain and are used only by herald render --allow-unsealed.")
    var fields: String?

    @Option(help: "hpke, aes-gcm or rot13.")
    var alg: String = "hpke"

    @Option(name: .customLong("public-key"), help: "The recipient's X25519 public key (base64), for hpke.")
    var publicKey: String?

    @Flag(help: "Indent the output.")
    var pretty = false

    func run() throws {
        guard let algorithm = SealingAlgorithm(commandLineName: alg) else {
            SealCommandOutput.error("unknown --alg \"\(alg)\" (use hpke, aes-gcm or rot13)")
            throw ExitCode(2)
        }
        if algorithm.needsKey && keyID == nil {
            SealCommandOutput.error("--key-id is required for \(algorithm.commandLineName)")
            throw ExitCode(2)
        }
        if publicKey != nil && algorithm != .hpke {
            SealCommandOutput.error("--public-key is for hpke only")
            throw ExitCode(2)
        }
        let fieldList: [String]? = fields.map {
            $0.split(separator: ",").map { String($0).trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        }

        let source = payload == "-" ? "<stdin>" : payload
        let bytes: [UInt8]
        do { bytes = try readInput(payload) } catch let failure as CLIFailure { throw failure.exit() }
        let parsed: APNsPayload
        do {
            parsed = try APNsPayload.parse(bytes: bytes)
        } catch {
            SealCommandOutput.error("\(source):\(error)")
            throw ExitCode(2)
        }
        if case .notEligible(let reason) = parsed.eligibility {
            SealCommandOutput.warning("the service extension will not see this push: \(reason)")
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
                    SealCommandOutput.error("--public-key: \(message)")
                    throw ExitCode(2)
                }
                SealCommandOutput.error(error.description)
                if case .invalidKeyID = error { throw ExitCode(2) }
                if case .invalidPublicKey = error { throw ExitCode(2) }
                throw ExitCode(1)
            }
        }

        let sealed: JSONObject
        do {
            sealed = try PayloadSealing.seal(payload: parsed.root, fields: fieldList, algorithm: algorithm, keyID: keyID, key: key)
        } catch {
            SealCommandOutput.error(error.description)
            if case .keyAlgorithmMismatch = error { throw ExitCode(1) }
            throw ExitCode(2)
        }
        let text = JSONWriter.write(.object(sealed), pretty: pretty)
        let size = JSONWriter.write(.object(sealed)).utf8.count
        if size > APNsPayload.maximumBytes {
            SealCommandOutput.warning("the sealed payload is \(size) bytes; APNs accepts at most \(APNsPayload.maximumBytes)")
        }
        print(text)
    }
}
