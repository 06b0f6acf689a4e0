import ArgumentParser
import HeraldICU
import HeraldJSON
import HeraldSealing
import HeraldStage
import HeraldCommandLine
import HeraldStageOptions

/// `herald render`: the extension stage for one push, or many with --batch (Docs/cli.md).
struct RenderCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "render",
        abstract: "Run the notification service extension stage: a push in, the final payload out.",
        discussion: """
            Reads one APNs payload (--payload FILE or - for standard input), opens a sealed herald object \
            with the keys in --keys, computes its content (lottery winnings from the stored tickets, a \
            reminder, a decrypted message), renders it from the tables for --locale and writes the final \
            payload (JSON, at most 4096 bytes) to standard output. Diagnostics go to standard error.
            Only sealed content (HPKE, AES-GCM) is used unless --allow-unsealed is given: a plaintext herald \
            object, plain fields beside herald.sealed, the ROT13 legacy fields and rot13 envelopes are \
            otherwise ignored with a warning (Docs/security.md).
            Exit status: 0 rendered; 3 a fallback payload was written (still a valid payload with alert \
            text, never ciphertext); 2 usage error or input that is not a payload at all.
            --batch FILE|- reads JSON Lines {"id", "locale", "payload"} and writes one line per request, in \
            order: {"id", "locale", "servedBy", "fallback", "bytes", "payload", "diagnostics"}, or \
            {"id", "error"} for a bad line. Exit 0 when every line was answered.
            """)

    typealias Flags = RenderInvocation

    @Option(name: Flags.payload.long, help: Flags.payload.argumentHelp) var payload: String?
    @Option(name: Flags.locale.long, help: Flags.locale.argumentHelp) var locale: String?
    @Option(name: Flags.batch.long, help: Flags.batch.argumentHelp) var batch: String?
    @Option(name: Flags.allowHost.long, help: Flags.allowHost.argumentHelp) var allowHosts: [String] = []
    @OptionGroup var stage: StageOptions<DeviceStageRole>

    func run() async throws {
        try await RenderInvocation(payload: payload, locale: locale, batch: batch, allowHosts: allowHosts, stage: stage.settings).run()
    }
}

/// One `herald render`, as plain values: parsed by ArgumentParser (`RenderCommand`), or by
/// `QuickArguments` from `flags` without ArgumentParser's reflection.
struct RenderInvocation: Sendable {
    var payload: String?
    var locale: String?
    var batch: String?
    var allowHosts: [String] = []
    /// --tables, --store, --keys, --now, --time-zone, --deadline-ms and the sealing flags.
    var stage = StageSettings(role: .device)

    static let payload = QuickFlag<Self>("payload", help: "The APNs payload: a JSON file, or - for standard input.") { $0.payload = $1 }
    static let locale = QuickFlag<Self>("locale", help: "BCP 47 tag or ICU/Apple id of the device language (pt-BR, zh_Hant_TW).") { $0.locale = $1 }
    static let batch = QuickFlag<Self>("batch", help: "JSON Lines requests from FILE or - (standard input).") { $0.batch = $1 }
    static let allowHost = QuickFlag<Self>(
        "allow-host", .repeating,
        help: "Fetch media from HOST (a name or an address, exactly as in the URL) whatever it resolves to, loopback and private addresses included; for development and tests. Repeatable."
    ) { $0.allowHosts.append($1) }

    /// Every flag of `herald render`, for the quick reader.
    static let flags = [payload, locale, batch, allowHost] + StageSettings.stageFlags(at: \Self.stage)

    /// The command line read without ArgumentParser, or nil (see `QuickArguments`).
    init?(quickArguments arguments: [String]) {
        guard let read = QuickArguments.read(arguments, flags: Self.flags, into: Self()) else { return nil }
        self = read
    }

    init(
        payload: String? = nil, locale: String? = nil, batch: String? = nil, allowHosts: [String] = [],
        stage: StageSettings = StageSettings(role: .device)
    ) {
        (self.payload, self.locale, self.batch, self.allowHosts, self.stage) = (payload, locale, batch, allowHosts, stage)
    }

    func run() async throws {
        if let batch {
            guard payload == nil, locale == nil else {
                throw CommandFailure.usage("--batch takes payloads and locales from its input; drop --payload/--locale")
            }
            try await runBatch(batch)
        } else {
            let status = try await runOne()
            if status != .success { throw CommandFailure.exit(status) }
        }
    }

    func makeStage() throws -> Stage {
        // The checks `StageOptions.validate()` makes, said as ArgumentParser says them.
        do { try stage.check() } catch { throw error.pointingToHelp(of: "herald render") }
        return Stage(configuration: try stage.configuration(mediaDownloader: NetHelper.mediaDownloader, mediaPolicy: MediaPolicy(allowHosts: allowHosts)))
    }

    func runOne() async throws -> ExitStatus {
        guard let path = payload else { throw CommandFailure.usage("missing --payload FILE|- (or use --batch)") }
        guard let tag = locale else { throw CommandFailure.usage("missing --locale TAG (or use --batch)") }
        let localeID = try LocaleFlag.read(tag, flag: "--locale")
        let stage = try makeStage()
        let bytes = try InputFile.read(path)
        let outcome: StageOutcome
        do { outcome = try await stage.process(bytes, locale: localeID) } catch {
            throw CommandFailure.usage("\(path == "-" ? "<stdin>" : path): \(error)")
        }
        var out = BufferedOutput()
        out.write(outcome.json)
        out.write("\n")
        out.flush()
        for d in outcome.diagnostics {
            CommandMain.say(.warning, d.message)
        }
        return outcome.exitStatus
    }

    func runBatch(_ path: String) async throws {
        let stage = try makeStage()
        // Lines are read as they come (a batch of any size runs in constant memory).
        let input = try LineReader(path: path)
        var batch = RenderBatch(stage: stage)
        var out = BufferedOutput()
        while let read = try input.next() {
            guard let answer = await batch.answer(read) else { continue }
            out.write(answer.batchLine())
            out.writeStatic("\n")
        }
        out.flush()
    }
}
