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
        let localeID: LocaleID
        do { localeID = try LocaleID(tag) } catch { throw CLIFailure(code: 2, message: "--locale \(tag): \(error)") }
        let renderer = Renderer(catalog: try common.catalog())
        let result: RenderResult
        do {
            result = try renderer.render(
                key: key, table: table, locale: localeID, arguments: arguments.map(RenderArgument.text), options: options)
        } catch {
            throw CLIFailure(code: 4, message: error.description)
        }
        for d in result.diagnostics { writeStderr("herald: \(d.severity.rawValue): \(d.message) [\(d.code)]\n") }
        var out = StdoutBuffer()
        if json {
            FormatCommand.writeObject(result, locale: nil, to: &out)
        } else {
            out.write(result.text)
            out.write("\n")
        }
        out.flush()
        if FormatCommand.isArgumentMismatch(result) { throw ExitCode(2) }
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
        try input.forEachLine { line in
            lineNumber += 1
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
    /// [--arg A]… [--table T] [--device D] [--width N] [--no-isolate] [--json] [--batch F]
    /// [--tables D] [--store D] [--keys D] [--now T] [--time-zone Z]`, each flag but `--arg`
    /// at most once, `--flag value` or `--flag=value` — without ArgumentParser, whose
    /// reflection over the command's property wrappers is a quarter of a one-shot format's
    /// start-up. Anything else — help, an unknown or repeated flag, a value that is empty or
    /// starts with `-` (other than `-` for standard input), a width that is not a number, a
    /// value given to `--json`/`--no-isolate` — returns nil, and ArgumentParser parses (and
    /// explains) it. `HERALD_FULL_PARSE=1` turns this off (the CLI tests compare both ways).
    init?(quickArguments arguments: [String]) {
        if let off = getenv("HERALD_FULL_PARSE"), off.pointee != 0 { return nil }
        guard !arguments.isEmpty else { return nil }
        var values: [String: String] = [:]
        var argumentValues: [String] = []
        var flags: Set<String> = []
        var i = 0
        while i < arguments.count {
            let token = arguments[i]
            guard token.hasPrefix("--") else { return nil }
            var name = String(token.dropFirst(2))
            if Self.quickSwitches.contains(name) {
                guard flags.insert(name).inserted else { return nil }
                i += 1
                continue
            }
            let value: String
            if let eq = name.firstIndex(of: "=") {
                value = String(name[name.index(after: eq)...])
                name = String(name[..<eq])
                i += 1
            } else {
                guard i + 1 < arguments.count else { return nil }
                value = arguments[i + 1]
                i += 2
            }
            guard !value.isEmpty, value == "-" || !value.hasPrefix("-") else { return nil }
            if name == "arg" {
                argumentValues.append(value)
                continue
            }
            guard Self.quickOptions.contains(name), values[name] == nil else { return nil }
            values[name] = value
        }
        self.init()
        key = values["key"]
        locale = values["locale"]
        self.arguments = argumentValues
        if let t = values["table"] { table = t }
        if let d = values["device"] { device = d }
        if let text = values["width"] {
            guard let n = Int(text) else { return nil }
            width = n
        }
        noIsolate = flags.contains("no-isolate")
        json = flags.contains("json")
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
    static let quickSwitches: Set<String> = ["no-isolate", "json"]
}
