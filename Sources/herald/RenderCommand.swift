import ArgumentParser
import Foundation
import HeraldICU
import HeraldJSON
import HeraldSealing
import HeraldStage
import HeraldDiagnostics

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

    @Option(name: .long, help: "The APNs payload: a JSON file, or - for standard input.")
    var payload: String?

    @Option(name: .long, help: "BCP 47 tag or ICU/Apple id of the device language (pt-BR, zh_Hant_TW).")
    var locale: String?

    @Option(name: .long, help: "JSON Lines requests from FILE or - (standard input).")
    var batch: String?

    @Option(name: .customLong("deadline-ms"), help: "Time budget per push in milliseconds; past it the best attempt is written.")
    var deadlineMilliseconds: Int = RenderInvocation.defaultDeadlineMilliseconds

    @Option(
        name: .customLong("algorithms"),
        help: "Envelope algorithms to open, comma-separated (hpke, aes-gcm, rot13; default: hpke and aes-gcm, and rot13 with --allow-unsealed).")
    var algorithms: String?

    @Flag(
        name: .customLong("allow-unsealed"),
        help: "Use legacy, unsealed input: a plaintext herald object, plain fields beside herald.sealed, the ROT13 custom-encrypted-message and media-url, rot13 envelopes. By default only sealed content is used.")
    var allowUnsealed = false

    @OptionGroup var common: CommonOptions

    /// The parsed flags as plain values.
    var invocation: RenderInvocation {
        RenderInvocation(
            payload: payload, locale: locale, batch: batch, deadlineMilliseconds: deadlineMilliseconds,
            algorithms: algorithms, allowUnsealed: allowUnsealed, common: common.settings)
    }

    func run() async throws {
        try await invocation.run()
    }
}

/// One `herald render`, as plain values: parsed by ArgumentParser (`RenderCommand`), or, for
/// the plain one-push form, by `init?(quickArguments:)` without ArgumentParser's reflection.
struct RenderInvocation: Sendable {
    static let defaultDeadlineMilliseconds = 25_000

    var payload: String?
    var locale: String?
    var batch: String?
    var deadlineMilliseconds: Int = defaultDeadlineMilliseconds
    var algorithms: String?
    var allowUnsealed = false
    var common = CommonSettings()

    func run() async throws {
        do {
            if let batch {
                guard payload == nil, locale == nil else {
                    throw CLIFailure(code: 2, message: "--batch takes payloads and locales from its input; drop --payload/--locale")
                }
                try await runBatch(batch)
            } else {
                let code = try await runOne()
                if code != 0 { throw ExitCode(code) }
            }
        } catch let failure as CLIFailure {
            throw failure.exit()
        }
    }

    func makeStage() throws -> Stage {
        if let problem = DeadlineOption.problem(deadlineMilliseconds, minimum: 1) {
            throw CLIFailure(code: 2, message: problem)
        }
        var now: Date?
        if let text = common.now {
            guard let date = ISO8601.parse(text) else {
                throw CLIFailure(code: 2, message: "--now: '\(text)' is not an ISO 8601 date-time with a zone (e.g. 2026-11-21T18:30:00Z)")
            }
            now = date
        }
        guard DateFormat.isKnownZone(common.timeZone) else {
            throw CLIFailure(code: 2, message: "--time-zone: '\(common.timeZone)' is not a known IANA time zone")
        }
        let configuration = StageConfiguration(
            catalog: try common.catalog(), store: .directory(common.storeDirectory),
            keys: .directory(common.keysDirectory), mediaDownloader: NetHelper.mediaDownloader, now: now,
            timeZone: common.timeZone,
            deadline: .milliseconds(deadlineMilliseconds), sealingAlgorithms: try acceptedAlgorithms(),
            allowUnsealed: allowUnsealed)
        return Stage(configuration: configuration)
    }

    func acceptedAlgorithms() throws -> Set<SealingAlgorithm> {
        guard let algorithms else { return Set(SealingAlgorithm.allCases) }
        var out = Set<SealingAlgorithm>()
        for name in algorithms.split(separator: ",").map({ $0.trimmingCharacters(in: .whitespaces) }) {
            switch name {
            case "hpke", SealingAlgorithm.hpke.rawValue: out.insert(.hpke)
            case "aes-gcm", SealingAlgorithm.aesGCM.rawValue: out.insert(.aesGCM)
            case "rot13": out.insert(.rot13)
            default: throw CLIFailure(code: 2, message: "--algorithms: unknown algorithm '\(name)' (hpke, aes-gcm, rot13)")
            }
        }
        guard !out.isEmpty else { throw CLIFailure(code: 2, message: "--algorithms: none given") }
        guard !out.contains(.rot13) || allowUnsealed else {
            throw CLIFailure(
                code: 2, message: "--algorithms: rot13 envelopes can be forged by anyone; they are opened only with --allow-unsealed")
        }
        return out
    }

    func runOne() async throws -> Int32 {
        guard let path = payload else { throw CLIFailure(code: 2, message: "missing --payload FILE|- (or use --batch)") }
        guard let tag = locale else { throw CLIFailure(code: 2, message: "missing --locale TAG (or use --batch)") }
        let localeID = try LocaleFlag.read(tag, flag: "--locale")
        let stage = try makeStage()
        let bytes = try readInput(path)
        let outcome: StageOutcome
        do { outcome = try await stage.process(bytes, locale: localeID) } catch {
            throw CLIFailure(code: 2, message: "\(path == "-" ? "<stdin>" : path): \(error)")
        }
        var out = StdoutBuffer()
        out.write(outcome.json)
        out.write("\n")
        out.flush()
        for d in outcome.diagnostics {
            writeStderr("herald: warning: \(OutsideText.escaped(d.message))\n")
        }
        return outcome.exitCode
    }

    func runBatch(_ path: String) async throws {
        let stage = try makeStage()
        // Lines are read as they come (a batch of any size runs in constant memory).
        var input = try LineReader(path: path)
        var locales: [String: LocaleID] = [:]
        var out = StdoutBuffer()
        var lineNumber = 0
        while let read = try input.next() {
            lineNumber += 1
            guard case .text(var line) = read else {
                out.write(JSONWriter.write(.object(JSONObject([
                    ("error", .string("line \(lineNumber): \(BatchLineReader.tooLongMessage)"))]))))
                out.write("\n")
                continue
            }
            if line.last == UInt8(ascii: "\r") { line.removeLast() }
            if line.allSatisfy({ $0 == 0x20 || $0 == 0x09 }) { continue }
            let answer = await RenderBatch.answer(stage, line: line, lineNumber: lineNumber, locales: &locales)
            out.write(JSONWriter.write(.object(answer)))
            out.write("\n")
        }
        out.flush()
    }
}


/// Lines of a file or standard input ("-"), read in 64 KiB blocks. A line longer than
/// `InputLimits.batchLineBytes` comes back as nil in `.some` (`tooLong`), its bytes skipped.
struct LineReader: ~Copyable {
    private let fd: Int32
    private let path: String
    private var buffer: [UInt8] = []
    private var start = 0
    /// Where to look for the next newline: bytes before it (from `start`) hold none.
    private var scanned = 0
    private var atEnd = false
    /// Inside a line already answered as too long: its bytes are dropped up to a newline.
    private var skipping = false

    enum Line {
        case text([UInt8])
        case tooLong
    }

    init(path: String) throws {
        self.path = path
        fd = path == "-" ? 0 : open(path, O_RDONLY)
        guard fd >= 0 else {
            throw CLIFailure.cannotOpen(path, errno: errno)
        }
    }

    deinit { if fd > 0 { close(fd) } }

    /// The next line without its newline, or nil at the end of the input.
    mutating func next() throws -> Line? {
        while true {
            if let nl = buffer[max(start, scanned)...].firstIndex(of: UInt8(ascii: "\n")) {
                let line = skipping ? [] : Array(buffer[start..<nl])
                start = nl + 1
                scanned = start
                if skipping {
                    skipping = false
                    continue
                }
                return line.count > InputLimits.batchLineBytes ? .tooLong : .text(line)
            }
            scanned = buffer.count
            if atEnd {
                guard start < buffer.count, !skipping else { return nil }
                let line = Array(buffer[start...])
                start = buffer.count
                return line.count > InputLimits.batchLineBytes ? .tooLong : .text(line)
            }
            if buffer.count - start > InputLimits.batchLineBytes || skipping {
                // Too long: answered once, and nothing of it is kept.
                let first = !skipping
                skipping = true
                buffer.removeAll(keepingCapacity: true)
                start = 0
                scanned = 0
                if first { return .tooLong }
            }
            if start > 0 {
                buffer.removeSubrange(0..<start)
                scanned -= start
                start = 0
            }
            var chunk = [UInt8](repeating: 0, count: 1 << 16)
            let n = chunk.withUnsafeMutableBufferPointer { read(fd, $0.baseAddress, $0.count) }
            if n < 0 {
                if errno == EINTR { continue }
                throw CLIFailure(code: 2, message: "\(path): read error (\(String(cString: strerror(errno))))")
            }
            if n == 0 { atEnd = true } else { buffer.append(contentsOf: chunk[0..<n]) }
        }
    }
}

extension RenderInvocation {
    /// Reads the plain one-push form `herald render --payload P --locale L [--deadline-ms N]
    /// [--algorithms A] [--allow-unsealed] [--tables D] [--store D] [--keys D] [--now T] [--time-zone Z]` (each
    /// flag at most once, `--flag value` or `--flag=value`) without ArgumentParser (see
    /// `QuickArguments`); `--batch` or a deadline that is not a number also returns nil.
    init?(quickArguments arguments: [String]) {
        guard let quick = QuickArguments(arguments, options: Self.quickFlags, switches: Self.quickSwitches) else {
            return nil
        }
        let values = quick.values
        self.init()
        allowUnsealed = quick.switches.contains("allow-unsealed")
        payload = values["payload"]
        locale = values["locale"]
        algorithms = values["algorithms"]
        if let text = values["deadline-ms"] {
            guard let n = Int(text) else { return nil }
            deadlineMilliseconds = n
        }
        common.tables = values["tables"]
        common.store = values["store"]
        common.keys = values["keys"]
        common.now = values["now"]
        if let zone = values["time-zone"] { common.timeZone = zone }
    }

    /// The flags the quick form reads (all of `herald render`'s but --batch).
    static let quickFlags: Set<String> = [
        "payload", "locale", "deadline-ms", "algorithms", "tables", "store", "keys", "now", "time-zone",
    ]
    /// The switches the quick form reads.
    static let quickSwitches: Set<String> = ["allow-unsealed"]
}
