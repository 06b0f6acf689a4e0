import ArgumentParser
import HeraldICU
import HeraldJSON
import HeraldRender
import HeraldTables
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `herald format`: one key, one locale, explicit arguments (Docs/cli.md).
struct FormatCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "format",
        abstract: "Render one key for one locale with explicit arguments.",
        discussion: """
            Looks KEY up the way the device would (fallback chain, .stringsdict over .strings) and binds \
            the --arg values in order to the key's specifiers. A numeric specifier or plural variable reads \
            its value as a number keeping its written decimals (1.0 is not 1). Tables whose name ends in \
            .icu hold ICU MessageFormat patterns.
            Exit status: 0 rendered; 4 key missing in every locale of the chain; 2 usage or argument mismatch \
            (nothing is printed on standard output then, unless --lenient).
            --batch FILE|- reads JSON Lines {"key", "locale", "args": [...], "table"?, "device"?, "width"?} \
            and writes one --json object per line, with "error" instead of "text" when a request fails.
            """)

    @Option(name: .long, help: "The key to render.")
    var key: String?

    @Option(name: .long, help: "BCP 47 tag or ICU/Apple id (pt-BR, pt_BR, zh-Hant-TW).")
    var locale: String?

    @Option(name: .customLong("arg"), help: "An argument, in order (repeat the flag).")
    var arguments: [String] = []

    @Option(name: .long, help: "The table (Localizable, Notifications.icu…).")
    var table: String = "Localizable"

    @Option(name: .long, help: "Device variant (iphone, ipad, mac, applewatch…).")
    var device: String = "iphone"

    @Option(name: .long, help: "Presentation width for width variants.")
    var width: Int?

    @Flag(name: .customLong("no-isolate"), help: "Do not wrap arguments in FSI…PDI in right-to-left text.")
    var noIsolate = false

    @Flag(name: .long, help: "Print {\"text\", \"servedBy\", \"key\", \"plural\"} instead of the text.")
    var json = false

    @Flag(name: .long, help: "When the arguments do not fit the message, still print the text (exit status 2 all the same).")
    var lenient = false

    @Option(name: .long, help: "JSON Lines requests from FILE or - (standard input).")
    var batch: String?

    @OptionGroup var common: CommonOptions

    /// The parsed flags as plain values.
    var invocation: FormatInvocation {
        FormatInvocation(
            key: key, locale: locale, arguments: arguments, table: table, device: device, width: width,
            noIsolate: noIsolate, json: json, lenient: lenient, batch: batch, common: common.settings)
    }

    func run() throws {
        try invocation.run()
    }

    /// Diagnostics that make the exit status 2: the arguments do not fit the message.
    static func isArgumentMismatch(_ r: RenderResult) -> Bool {
        r.diagnostics.contains(where: isArgumentMismatch)
    }

    /// Whether `d` says the arguments do not fit the message.
    static func isArgumentMismatch(_ d: Diagnostic) -> Bool {
        [.missingArgument, .unusedArgument, .notANumber].contains(d.rule)
    }

    /// Writes the --json object for `r` and a newline:
    /// {"text", "servedBy", "key", ["locale",] "plural", ["diagnostics"]}.
    static func writeObject(_ r: RenderResult, locale: String?, to out: inout StdoutBuffer) {
        var text = r.text
        text.withUTF8 { bytes in
            writeObject(
                text: bytes,
                RenderDetails(
                    servedBy: r.servedBy, key: r.key, table: r.table, pluralChoices: r.pluralChoices,
                    diagnostics: r.diagnostics),
                locale: locale, to: &out)
        }
    }

    /// `writeObject` for a text given as UTF-8 bytes (`Renderer.render(…, text:)`).
    /// The common answer (no diagnostics, short strings) is written in place
    /// in one go; the rest piece by piece.
    static func writeObject(text: UnsafeBufferPointer<UInt8>, _ r: RenderDetails, locale: String?, to out: inout StdoutBuffer) {
        // One plural choice or none (the common answer) needs no sorted copy.
        if r.diagnostics.isEmpty, r.pluralChoices.count <= 1,
            writeObjectInPlace(text: text, r, choices: r.pluralChoices, locale: locale, to: &out)
        {
            return
        }
        let choices = r.pluralChoices.count > 1 ? r.pluralChoices.sorted(by: { $0.variable < $1.variable }) : r.pluralChoices
        if r.diagnostics.isEmpty, writeObjectInPlace(text: text, r, choices: choices, locale: locale, to: &out) { return }
        out.writeStatic("{\"text\":")
        out.writeQuoted(bytes: text)
        out.writeStatic(",\"servedBy\":")
        out.writeQuoted(r.servedBy)
        out.writeStatic(",\"key\":")
        out.writeQuoted(r.key)
        if let locale {
            out.writeStatic(",\"locale\":")
            out.writeQuoted(locale)
        }
        out.writeStatic(",\"plural\":{")
        for (i, choice) in choices.enumerated() {
            if i > 0 { out.writeStatic(",") }
            out.writeQuoted(choice.variable)
            out.writeStatic(":\"")
            out.write(choice.category.rawValue)
            out.writeStatic("\"")
        }
        out.writeStatic("}")
        if !r.diagnostics.isEmpty {
            out.writeStatic(",\"diagnostics\":[")
            for (i, d) in r.diagnostics.enumerated() {
                if i > 0 { out.writeStatic(",") }
                out.writeQuoted("\(d.severity.rawValue): \(d.message) [\(d.rule)]")
            }
            out.writeStatic("]")
        }
        out.writeStatic("}\n")
    }

    /// The object without diagnostics written straight into the output with
    /// one bounds check; false (nothing written) when it might not fit a block.
    private static func writeObjectInPlace(
        text: UnsafeBufferPointer<UInt8>, _ r: RenderDetails, choices: [(variable: String, category: PluralCategory)],
        locale: String?, to out: inout StdoutBuffer
    ) -> Bool {
        // The strings are read in place (`utf8.withContiguousStorageIfAvailable`,
        // which also serves small strings) and the choices by index: no copy of
        // a String or of the array, so no retain/release pair per piece.
        // A String without contiguous UTF-8 (bridged; never made here) gives
        // nil, and false sends the object to the piecewise writer.
        let done = r.servedBy.utf8.withContiguousStorageIfAvailable { servedByBytes -> Bool in
            let done = r.key.utf8.withContiguousStorageIfAvailable { keyBytes -> Bool in
                let done = (locale ?? "").utf8.withContiguousStorageIfAvailable { tagBytes -> Bool in
                    writeObjectInPlace(
                        text: text, servedBy: servedByBytes, key: keyBytes, tag: locale == nil ? nil : tagBytes,
                        choices: choices, to: &out)
                }
                return done ?? false
            }
            return done ?? false
        }
        return done ?? false
    }

    @inline(__always)
    private static func writeObjectInPlace(
        text: UnsafeBufferPointer<UInt8>, servedBy: UnsafeBufferPointer<UInt8>, key: UnsafeBufferPointer<UInt8>,
        tag: UnsafeBufferPointer<UInt8>?, choices: [(variable: String, category: PluralCategory)], to out: inout StdoutBuffer
    ) -> Bool {
        var names = 0
        for i in choices.indices { names += choices[i].variable.utf8.count }
        // Every string at its worst escaped, plus the fixed parts (member names, punctuation, categories).
        let most =
            (text.count + servedBy.count + key.count + (tag?.count ?? 0) + names) * JSONQuoting.expansion
            + choices.count * 16 + 96
        return out.writeInPlace(maximum: most) { dst in
            var o = 0
            // The fixed pieces are a few bytes each: a loop, not a call to memmove.
            @inline(__always) func put(_ s: StaticString) {
                let n = s.utf8CodeUnitCount
                let from = s.utf8Start
                for k in 0..<n { dst[o + k] = from[k] }
                o += n
            }
            put("{\"text\":")
            o += JSONQuoting.quote(text, to: dst + o)
            put(",\"servedBy\":")
            o += JSONQuoting.quote(servedBy, to: dst + o)
            put(",\"key\":")
            o += JSONQuoting.quote(key, to: dst + o)
            if let tag {
                put(",\"locale\":")
                o += JSONQuoting.quote(tag, to: dst + o)
            }
            put(",\"plural\":{")
            for i in choices.indices {
                if i > 0 { put(",") }
                var name = choices[i].variable
                o += name.withUTF8 { JSONQuoting.quote($0, to: dst + o) }
                put(":")
                switch choices[i].category {
                case .zero: put("\"zero\"")
                case .one: put("\"one\"")
                case .two: put("\"two\"")
                case .few: put("\"few\"")
                case .many: put("\"many\"")
                case .other: put("\"other\"")
                }
            }
            put("}}\n")
            return o
        }
    }

    /// Writes {"error", ["key",] ["locale"]} and a newline.
    static func writeError(_ message: String, key: String?, locale: String?, to out: inout StdoutBuffer) {
        out.write("{\"error\":")
        out.writeQuoted(message)
        if let key {
            out.write(",\"key\":")
            out.writeQuoted(key)
        }
        if let locale {
            out.write(",\"locale\":")
            out.writeQuoted(locale)
        }
        out.write("}\n")
    }

    /// The flags a batch request falls back to, read once per batch.
    struct BatchDefaults {
        var options: RenderOptions
        var table: String
    }

    /// Answers one batch request with its output line (with "error" when it fails).
    static func answer(
        _ line: [UInt8], lineNumber: Int, renderer: Renderer, defaults: BatchDefaults, locales: inout [String: LocaleID],
        to out: inout StdoutBuffer
    ) {
        func failure(_ message: String, key: String? = nil, locale: String? = nil) {
            writeError("line \(lineNumber): \(message)", key: key, locale: locale, to: &out)
        }
        let value: JSONValue
        do { value = try JSONParser.parse(bytes: line) } catch {
            return writeError(error.batchLineMessage(line: lineNumber), key: nil, locale: nil, to: &out)
        }
        guard let request = value.objectValue else { return failure("a request must be a JSON object") }
        guard let key = request["key"]?.stringValue else { return failure("\"key\" (a string) is required") }
        guard let tag = request["locale"]?.stringValue else { return failure("\"locale\" (a string) is required", key: key) }
        let localeID: LocaleID
        do throws(ICUError) { localeID = try batchLocale(tag, known: &locales) } catch {
            return failure("locale \(tag): \(error)", key: key, locale: tag)
        }
        var arguments: [RenderArgument] = []
        if let raw = request["args"] {
            guard let list = raw.arrayValue else { return failure("\"args\" must be an array", key: key, locale: tag) }
            arguments.reserveCapacity(list.count)
            for (i, a) in list.enumerated() {
                switch a {
                case .string(let s): arguments.append(.string(s))
                case .number(let literal):
                    guard let n = NumericValue(literal: literal) else { return failure("args[\(i)] \(literal) is not a number", key: key, locale: tag) }
                    arguments.append(.number(n))
                case .bool(let b): arguments.append(.string(b ? "true" : "false"))
                default: return failure("args[\(i)] must be a string or a number, not \(a.typeName)", key: key, locale: tag)
                }
            }
        }
        var options = defaults.options
        if let device = request["device"]?.stringValue { options.device = device }
        if let w = request["width"]?.intValue { options.width = Int(w) }
        let table = request["table"]?.stringValue ?? defaults.table
        do {
            var result = try renderer.render(key: key, table: table, locale: localeID, arguments: arguments, options: options)
            noteUnknownLanguage(of: localeID, in: &result)
            writeObject(result, locale: tag, to: &out)
        } catch {
            failure(error.description, key: key, locale: tag)
        }
    }

    /// A language ICU has no data for (`xx`) is said, as a warning `unknown-locale`
    /// naming the locale as read and the localization served (Docs/locales.md).
    static func noteUnknownLanguage(of locale: LocaleID, in result: inout RenderResult) {
        if let note = locale.unknownLanguageNote(servedBy: result.servedBy) {
            result.diagnostics.append(Diagnostic(.unknownLocale, .warning, note))
        }
    }

    /// The LocaleID of a batch request's tag, parsed once per distinct tag
    /// (up to 10,000 remembered).
    static func batchLocale(_ tag: String, known locales: inout [String: LocaleID]) throws(ICUError) -> LocaleID {
        if let known = locales[tag] { return known }
        let made = try LocaleID(tag)
        if locales.count < 10_000 { locales[tag] = made }
        return made
    }
}
