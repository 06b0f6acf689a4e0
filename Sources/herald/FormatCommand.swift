import ArgumentParser
import HeraldICU
import HeraldRender
import HeraldStageOptions

/// `herald format`: one key, one locale, explicit arguments (Docs/cli.md).
struct FormatCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "format",
        abstract: "Render one key for one locale with explicit arguments.",
        discussion: """
            Looks KEY up the way the device would (fallback chain, .stringsdict over .strings) and binds \
            the --arg values in order to the key's specifiers. A numeric specifier or plural variable reads \
            its value as a number keeping its written decimals (1.0 is not 1). Tables whose name ends in \
            .icu hold ICU MessageFormat patterns; a date argument there is an ISO 8601 date-time with its offset \
            (2026-11-18T20:00:00Z), a day (2026-11-18) or epoch milliseconds, shown in --time-zone.
            Exit status: 0 rendered; 4 key missing in every locale of the chain; 2 usage, argument mismatch, \
            an error in the message, or an ICU message that cannot be formatted with the arguments (nothing is \
            printed on standard output then, unless --lenient for a mismatch or an error in the message).
            --batch FILE|- reads JSON Lines {"key", "locale", "args": [...], "table"?, "device"?, "width"?, "timeZone"?} \
            and writes one --json object per line, with "error" instead of "text" when a request fails.
            """)

    typealias Flags = FormatInvocation

    @Option(name: Flags.key.long, help: Flags.key.argumentHelp) var key: String?
    @Option(name: Flags.locale.long, help: Flags.locale.argumentHelp) var locale: String?
    @Option(name: Flags.argument.long, help: Flags.argument.argumentHelp) var arguments: [String] = []
    @Option(name: Flags.table.long, help: Flags.table.argumentHelp) var table: String = FormatInvocation.defaultTable
    @Option(name: Flags.device.long, help: Flags.device.argumentHelp) var device: String = FormatInvocation.defaultDevice
    @Option(name: Flags.width.long, help: Flags.width.argumentHelp) var width: Int?
    @Flag(name: Flags.noIsolate.long, help: Flags.noIsolate.argumentHelp) var noIsolate = false
    @Flag(name: Flags.json.long, help: Flags.json.argumentHelp) var json = false
    @Flag(name: Flags.lenient.long, help: Flags.lenient.argumentHelp) var lenient = false
    @Option(name: Flags.batch.long, help: Flags.batch.argumentHelp) var batch: String?
    @OptionGroup var common: CommonOptions<DeviceStageRole>

    func run() throws {
        try FormatInvocation(
            key: key, locale: locale, arguments: arguments, table: table, device: device, width: width,
            noIsolate: noIsolate, json: json, lenient: lenient, batch: batch, common: common.settings
        ).run()
    }

    /// Diagnostics that make the exit status 2: the arguments do not fit the message.
    static func isArgumentMismatch(_ r: RenderResult) -> Bool {
        r.diagnostics.contains(where: isArgumentMismatch)
    }

    /// Whether `d` says the arguments do not fit the message.
    static func isArgumentMismatch(_ d: Diagnostic) -> Bool {
        [.missingArgument, .unusedArgument, .notANumber].contains(d.rule)
    }
}
