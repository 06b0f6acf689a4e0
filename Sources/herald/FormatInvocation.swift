import HeraldCommandLine
import HeraldStageOptions
import HeraldICU
import HeraldJSON
import HeraldRender

/// One `herald format`, as plain values: parsed by ArgumentParser (`FormatCommand`), or by
/// `QuickArguments` from `flags` without ArgumentParser's reflection.
struct FormatInvocation: Sendable {
    static let defaultTable = "Localizable"
    static let defaultDevice = "iphone"

    var key: String?
    var locale: String?
    var arguments: [String] = []
    var table = defaultTable
    var device = defaultDevice
    var width: Int?
    var noIsolate = false
    var json = false
    /// On an argument mismatch, still print the half-filled text (exit status still 2).
    var lenient = false
    var batch: String?
    /// --tables, --store, --keys, --now, --time-zone.
    var common = StageSettings(role: .device)

    static let key = QuickFlag<Self>("key", help: "The key to render.") { $0.key = $1 }
    static let locale = QuickFlag<Self>("locale", help: "BCP 47 tag or ICU/Apple id (pt-BR, pt_BR, zh-Hant-TW).") { $0.locale = $1 }
    static let argument = QuickFlag<Self>("arg", .repeating, help: "An argument, in order (repeat the flag).") { $0.arguments.append($1) }
    static let table = QuickFlag<Self>("table", help: "The table (Localizable, Notifications.icu…).") { $0.table = $1 }
    static let device = QuickFlag<Self>("device", help: "Device variant (iphone, ipad, mac, applewatch…).") { $0.device = $1 }
    static let width = QuickFlag<Self>(
        "width", help: "Presentation width for width variants.", parse: { values, text in Int(text).map { values.width = $0 } != nil })
    static let noIsolate = QuickFlag<Self>("no-isolate", .toggle, help: "Do not wrap arguments in FSI…PDI in right-to-left text.") {
        values, _ in values.noIsolate = true
    }
    static let json = QuickFlag<Self>(
        "json", .toggle, help: "Print {\"text\", \"servedBy\", \"key\", \"plural\"} instead of the text."
    ) { values, _ in values.json = true }
    static let lenient = QuickFlag<Self>(
        "lenient", .toggle, help: "When the arguments do not fit the message, still print the text (exit status 2 all the same)."
    ) { values, _ in values.lenient = true }
    static let batch = QuickFlag<Self>("batch", help: "JSON Lines requests from FILE or - (standard input).") { $0.batch = $1 }

    /// Every flag of `herald format`, for the quick reader.
    static let flags =
        [key, locale, argument, table, device, width, noIsolate, json, lenient, batch] + StageSettings.commonFlags(at: \Self.common)

    /// The command line read without ArgumentParser, or nil (see `QuickArguments`).
    init?(quickArguments arguments: [String]) {
        guard let read = QuickArguments.read(arguments, flags: Self.flags, into: Self()) else { return nil }
        self = read
    }

    init(
        key: String? = nil, locale: String? = nil, arguments: [String] = [], table: String = defaultTable,
        device: String = defaultDevice, width: Int? = nil, noIsolate: Bool = false, json: Bool = false, lenient: Bool = false,
        batch: String? = nil, common: StageSettings = StageSettings(role: .device)
    ) {
        (self.key, self.locale, self.arguments, self.table, self.device, self.width) = (key, locale, arguments, table, device, width)
        (self.noIsolate, self.json, self.lenient, self.batch, self.common) = (noIsolate, json, lenient, batch, common)
    }

    func run() throws {
        if let batch {
            guard key == nil, locale == nil, arguments.isEmpty else {
                throw CommandFailure.usage("--batch takes its keys, locales and arguments from the input; drop --key/--locale/--arg")
            }
            try runBatch(batch)
        } else {
            try runOne()
        }
    }

    var options: RenderOptions {
        RenderOptions(device: device, width: width, isolateArguments: !noIsolate, timeZone: common.timeZone)
    }

    /// The checks `CommonOptions.validate()` makes, said as ArgumentParser says them.
    func checkFlags() throws(CommandFailure) {
        do { try common.checkCommon() } catch { throw error.pointingToHelp(of: "herald format") }
    }

    func runOne() throws {
        guard let key else { throw CommandFailure.usage("missing --key (or use --batch)") }
        guard let tag = locale else { throw CommandFailure.usage("missing --locale (or use --batch)") }
        let localeID = try LocaleFlag.read(tag, flag: "--locale")
        try checkFlags()
        let renderer = Renderer(catalog: try common.catalog())
        var result: RenderResult
        do {
            result = try renderer.render(
                key: key, table: table, locale: localeID, arguments: arguments.map(RenderArgument.text), options: options)
        } catch {
            switch error {
            case .keyMissing: throw CommandFailure(.keyMissing, [error.description])
            // The arguments do not fit the message (a date that is not one…): said, nothing printed.
            case .formatFailed: throw CommandFailure(.usage, [error.description])
            }
        }
        FormatJSON.noteUnknownLanguage(of: localeID, in: &result)
        // An error in the message itself (mixed-positional, invalid-specifier…) fails like a
        // mismatch: the text printed would not be what every device shows.
        let mismatch = FormatCommand.isArgumentMismatch(result) || result.diagnostics.contains { $0.severity == .error }
        for d in result.diagnostics {
            // Without --lenient an argument mismatch is an error: said on stderr, nothing on stdout.
            let severity = mismatch && !lenient && FormatCommand.isArgumentMismatch(d) ? .error : d.severity
            CommandMain.say(severity, "\(key): \(d.message) [\(d.rule)]")
        }
        if mismatch && !lenient {
            CommandMain.say(.note, "--lenient prints the text anyway")
            throw CommandFailure.exit(.usage)
        }
        var out = BufferedOutput()
        if json {
            FormatJSON.writeObject(result, locale: nil, to: &out)
        } else {
            out.write(result.text)
            out.write("\n")
        }
        out.flush()
        if mismatch { throw CommandFailure.exit(.usage) }
    }

    func runBatch(_ path: String) throws {
        try checkFlags()
        let input = try LineReader(path: path)
        var batch = FormatBatch(renderer: Renderer(catalog: try common.catalog()), options: options, table: table)
        var out = BufferedOutput()
        defer { out.flush() }
        while let line = try input.next() { batch.answer(line, to: &out) }
    }
}
