import ArgumentParser
import HeraldICU
import HeraldRender
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One `herald format`, as plain values: parsed by ArgumentParser (`FormatCommand`), or, for
/// the plain forms, by `init?(quickArguments:)` without ArgumentParser's reflection.
struct FormatInvocation: Sendable {
    var key: String?
    var locale: String?
    var arguments: [String] = []
    var table = "Localizable"
    var device = "iphone"
    var width: Int?
    var noIsolate = false
    var json = false
    /// On an argument mismatch, still print the half-filled text (exit status still 2).
    var lenient = false
    var batch: String?
    var common = CommonSettings()

    func run() throws {
        do {
            if let batch {
                guard key == nil, locale == nil, arguments.isEmpty else {
                    throw CLIFailure(code: 2, message: "--batch takes its keys, locales and arguments from the input; drop --key/--locale/--arg")
                }
                try runBatch(batch)
            } else {
                try runOne()
            }
        } catch let failure as CLIFailure {
            throw failure.exit()
        }
    }

    var options: RenderOptions { RenderOptions(device: device, width: width, isolateArguments: !noIsolate) }

    func runOne() throws {
        guard let key else { throw CLIFailure(code: 2, message: "missing --key (or use --batch)") }
        guard let tag = locale else { throw CLIFailure(code: 2, message: "missing --locale (or use --batch)") }
        let localeID = try LocaleFlag.read(tag, flag: "--locale")
        let renderer = Renderer(catalog: try common.catalog())
        var result: RenderResult
        do {
            result = try renderer.render(
                key: key, table: table, locale: localeID, arguments: arguments.map(RenderArgument.text), options: options)
        } catch {
            throw CLIFailure(code: 4, message: error.description)
        }
        FormatCommand.noteUnknownLanguage(of: localeID, in: &result)
        let mismatch = FormatCommand.isArgumentMismatch(result)
        for d in result.diagnostics {
            // Without --lenient an argument mismatch is an error: said on stderr, nothing on stdout.
            let severity = mismatch && !lenient && FormatCommand.isArgumentMismatch(d) ? "error" : d.severity.rawValue
            writeStderr("herald: \(severity): \(key): \(d.message) [\(d.rule)]\n")
        }
        if mismatch && !lenient {
            writeStderr("herald: note: --lenient prints the text anyway\n")
            throw ExitCode(2)
        }
        var out = StdoutBuffer()
        if json {
            FormatCommand.writeObject(result, locale: nil, to: &out)
        } else {
            out.write(result.text)
            out.write("\n")
        }
        out.flush()
        if mismatch { throw ExitCode(2) }
    }


    func runBatch(_ path: String) throws {
        let input = try BatchLineReader(path: path)
        defer { input.closeInput() }
        let renderer = Renderer(catalog: try common.catalog())
        var locales: [String: LocaleID] = [:]
        var out = StdoutBuffer()
        defer { out.flush() }
        let defaults = FormatCommand.BatchDefaults(options: options, table: table)
        var fast = BatchFastPath()
        var lineNumber = 0
        try input.forEachLine { read in
            lineNumber += 1
            guard case .text(let line) = read else {
                return FormatCommand.writeError("line \(lineNumber): \(BatchLineReader.tooLongMessage)", key: nil, locale: nil, to: &out)
            }
            // The common, well-formed request: decoded and answered without a JSONValue tree.
            if fast.answer(line, renderer: renderer, defaults: defaults, locales: &locales, to: &out) { return }
            if line.allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }) { return }
            FormatCommand.answer(
                Array(line), lineNumber: lineNumber, renderer: renderer, defaults: defaults, locales: &locales, to: &out)
        }
    }
}

extension FormatInvocation {
    /// Reads `herald format` command lines made only of its flags — `--key K --locale L
    /// [--arg A]… [--table T] [--device D] [--width N] [--no-isolate] [--json] [--lenient] [--batch F]
    /// [--tables D] [--store D] [--keys D] [--now T] [--time-zone Z]`, each flag but `--arg`
    /// at most once, `--flag value` or `--flag=value` — without ArgumentParser (see
    /// `QuickArguments`); a width that is not a number also returns nil.
    init?(quickArguments arguments: [String]) {
        guard
            let quick = QuickArguments(
                arguments, options: Self.quickOptions, repeatable: ["arg"], switches: Self.quickSwitches)
        else { return nil }
        let values = quick.values
        self.init()
        key = values["key"]
        locale = values["locale"]
        self.arguments = quick.repeated["arg"] ?? []
        if let t = values["table"] { table = t }
        if let d = values["device"] { device = d }
        if let text = values["width"] {
            guard let n = Int(text) else { return nil }
            width = n
        }
        noIsolate = quick.switches.contains("no-isolate")
        json = quick.switches.contains("json")
        lenient = quick.switches.contains("lenient")
        batch = values["batch"]
        common.tables = values["tables"]
        common.store = values["store"]
        common.keys = values["keys"]
        common.now = values["now"]
        if let zone = values["time-zone"] { common.timeZone = zone }
    }

    /// The flags with a value the quick form reads (`--arg`, which repeats, apart).
    static let quickOptions: Set<String> = [
        "key", "locale", "table", "device", "width", "batch", "tables", "store", "keys", "now", "time-zone",
    ]

    /// The flags without a value.
    static let quickSwitches: Set<String> = ["no-isolate", "json", "lenient"]
}
