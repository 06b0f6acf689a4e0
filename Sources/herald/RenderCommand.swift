import ArgumentParser
import Foundation
import HeraldICU
import HeraldJSON
import HeraldStage

/// `herald render`: the extension stage for one push, or many with --batch (cli.md).
struct RenderCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "render",
        abstract: "Run the notification service extension stage: a push in, the final payload out.",
        discussion: """
            Reads one APNs payload (--payload FILE or - for standard input), opens a sealed herald object \
            with the keys in --keys, computes its content (lottery winnings from the stored tickets, a \
            reminder, a decrypted message), renders it from the tables for --locale and writes the final \
            payload (JSON, at most 4096 bytes) to standard output. Diagnostics go to standard error.
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
    var deadlineMilliseconds: Int = 25_000

    @OptionGroup var common: CommonOptions

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
        guard deadlineMilliseconds > 0 else {
            throw CLIFailure(code: 2, message: "--deadline-ms must be a positive number of milliseconds, found \(deadlineMilliseconds)")
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
            keys: .directory(common.keysDirectory), now: now, timeZone: common.timeZone,
            deadline: .milliseconds(deadlineMilliseconds))
        return Stage(configuration: configuration)
    }

    func runOne() async throws -> Int32 {
        guard let path = payload else { throw CLIFailure(code: 2, message: "missing --payload FILE|- (or use --batch)") }
        guard let tag = locale else { throw CLIFailure(code: 2, message: "missing --locale TAG (or use --batch)") }
        let localeID: LocaleID
        do { localeID = try LocaleID(tag) } catch { throw CLIFailure(code: 2, message: "--locale \(tag): \(error)") }
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
            let line = d.split(whereSeparator: \.isNewline).joined(separator: " ")
            writeStderr("herald: warning: \(line)\n")
        }
        return outcome.exitCode
    }

    func runBatch(_ path: String) async throws {
        let stage = try makeStage()
        let input = try readInput(path)
        var locales: [String: LocaleID] = [:]
        var out = StdoutBuffer()
        var start = 0
        let newline = UInt8(ascii: "\n")
        while start < input.count {
            var end = start
            while end < input.count, input[end] != newline { end += 1 }
            var line = Array(input[start..<end])
            start = end + 1
            if line.last == UInt8(ascii: "\r") { line.removeLast() }
            if line.allSatisfy({ $0 == 0x20 || $0 == 0x09 }) { continue }
            let answer = await stage.answer(line: line, locales: &locales)
            out.write(JSONWriter.write(.object(answer)))
            out.write("\n")
        }
        out.flush()
    }
}
