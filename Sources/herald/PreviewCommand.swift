import Foundation
import ArgumentParser
import HeraldCommandLine
import HeraldICU
import HeraldJSON
import HeraldPreview
import HeraldPseudo
import HeraldStage
import HeraldStageOptions

/// `herald preview`: every supported language at once (Docs/cli.md).
struct PreviewCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "preview",
        abstract: "Show a notification in every supported language at once.",
        discussion: """
            With no --payload, renders the built-in examples (a lottery win, the jackpot, a loss, a reminder, \
            a decrypted message) against a throwaway store holding their tickets and reminder, at a fixed \
            "now", plus every plural message with a sample number for each plural category of each language. \
            With --payload, renders that push against --store and --keys without changing them (the store \
            is only read: no badge count or display receipt is written); its unsealed Herald content is used \
            only with --allow-unsealed.
            --format table: aligned for a terminal. json: {"locales": [{example, locale, servedBy, fallback, \
            bytes, payload, diagnostics}]} in a stable order. html: one self-contained page of lock-screen \
            banners, right to left where the language is (use --output FILE).
            --pseudo: the source language's text in pseudo-locales (en-XA accented and expanded, ar-XB \
            right to left, en-XD double length, en-XE bracketed), specifiers and plural forms intact.
            Exit status: 0 shown (fallbacks are marked, not failures); 2 usage error or a payload that is not one.
            """)

    @Option(name: .long, help: "A push to preview (FILE or - for standard input) instead of the built-in examples.") var payload: String?
    @Option(name: .long, help: "all, or a comma-separated list of BCP 47 tags.") var locales: String = "all"
    @Option(name: .long, help: "table, json or html.") var format: String = "table"
    @Option(name: .long, help: "Write to FILE instead of standard output.") var output: String?
    @Option(name: .customLong("deadline-ms"), help: "Time budget per push in milliseconds.") var deadlineMilliseconds: Int = 10_000
    @OptionGroup var pseudo: PseudoOptions
    @Flag(
        name: .customLong("allow-unsealed"),
        help: "Use legacy, unsealed content of --payload (a plaintext herald object, ROT13 fields); by default only sealed content is used.")
    var allowUnsealed = false

    @OptionGroup var common: CommonOptions<DeviceStageRole>

    func run() async throws {
        guard let format = PreviewFormat(rawValue: format) else {
            throw CommandFailure.usage("--format \(self.format): expected table, json or html")
        }
        try DeadlineOption.check(deadlineMilliseconds, minimum: 1)
        let settings = common.settings
        try settings.checkCommon()
        var catalog = try settings.catalog()
        let chosen: [LocaleID]
        let kinds = try pseudo.locales()
        if !kinds.isEmpty {
            guard locales == "all" else { throw CommandFailure.usage("--pseudo renders the pseudo-locales; choose them with --pseudo-locales, not --locales") }
            catalog = PseudoCatalog(base: catalog, pseudoLocales: kinds)
            chosen = kinds.map(\.locale)
        } else if locales == "all" {
            chosen = PreviewRunner.locales(of: catalog)
        } else {
            let list = try locales.split(separator: ",").map {
                try LocaleFlag.read($0.trimmingCharacters(in: .whitespaces), flag: "--locales")
            }
            // Each result also carries the note; this line names the localization that serves
            // the tag's text the way the stage picks it, so it is render's and format's sentence.
            for note in PreviewRunner.unknownLanguageNotes(list, catalog: catalog) { CommandMain.say(.warning, note) }
            guard !list.isEmpty else { throw CommandFailure.usage("--locales: no locale given") }
            chosen = list
        }
        let runner = PreviewRunner(
            catalog: catalog, timeZone: settings.timeZone, deadline: .milliseconds(deadlineMilliseconds),
            mediaDownloader: NetHelper.mediaDownloader)
        let items: [PreviewItem]
        do {
            if let path = payload {
                items = try await runner.payload(
                    try InputFile.read(path), locales: chosen, store: settings.storeSource,
                    keys: settings.keySource, now: try settings.nowDate(), allowUnsealed: allowUnsealed)
            } else {
                items = try await runner.examples(locales: chosen)
            }
        } catch let error as PreviewError {
            throw CommandFailure.usage(error.description)
        }
        let columns = Int(ProcessInfo.processInfo.environment["COLUMNS"] ?? "") ?? 160
        let text = PreviewRenderer.render(items, as: format, terminalColumns: columns)
        if let output {
            guard FileManager.default.createFile(atPath: output, contents: Data(text.utf8)) else {
                throw CommandFailure.failure("--output \(output): cannot write the file")
            }
        } else {
            var out = BufferedOutput()
            out.write(text)
            out.flush()
        }
    }
}
