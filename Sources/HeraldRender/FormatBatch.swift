import HeraldICU
public import HeraldJSON

/// `herald format --batch`: each JSON Lines request {"key", "locale", "args"?, "table"?,
/// "device"?, "width"?, "timeZone"?} answered with one `FormatJSON` line, in order, "error" instead of
/// "text" when a request fails. A request of the common shape goes through
/// `FormatBatchFastPath` (no JSONValue tree); anything else, every malformed line
/// included, through `JSONParser` here, which words the errors, so both answer a line
/// identically.
public struct FormatBatch {
    /// What an answer came to, as the line written says it: a text that can be shown; a text
    /// rendered with error diagnostics (`message [rule]`, joined by `; `); or no text, the line
    /// being an error. Read by callers that answer one request (`herald serve`'s `/v1/format`:
    /// 200 or 422; `herald worker`'s failed requests) instead of the line.
    public enum Verdict: Sendable, Equatable {
        case shown
        case failed(String)
        /// The line is an error: `error` as written in it (`line N: …`), `problem` without
        /// the line number.
        case refused(error: String, problem: String)

        /// Why the request was not shown, in words without a line number (nil: shown).
        public var problem: String? {
            switch self {
            case .shown: nil
            case .failed(let p): p
            case .refused(_, let p): p
            }
        }

        /// The verdict on a rendered text with `diagnostics`.
        static func of(_ diagnostics: [Diagnostic]) -> Verdict {
            let errors = diagnostics.filter { $0.severity == .error }
            guard !errors.isEmpty else { return .shown }
            return .failed(errors.map { "\($0.message) [\($0.rule)]" }.joined(separator: "; "))
        }
    }

    /// The flags a batch request falls back to, read once per batch.
    struct Defaults {
        var options: RenderOptions
        var table: String
    }

    private let renderer: Renderer
    private let defaults: Defaults
    private var locales: [String: LocaleID] = [:]
    private var fast = FormatBatchFastPath()
    private var lineNumber = 0

    public init(renderer: Renderer, options: RenderOptions, table: String) {
        self.renderer = renderer
        defaults = Defaults(options: options, table: table)
    }

    /// What the last line answered came to (nil: it was blank, and got no answer).
    public private(set) var verdict: Verdict?

    /// Answers the next line of the input (`LineReader`); a blank line is skipped. The
    /// answer's verdict is `verdict`.
    public mutating func answer(_ read: LineReader.Line, to out: inout BufferedOutput) {
        verdict = answerLine(read, to: &out)
    }

    private mutating func answerLine(_ read: LineReader.Line, to out: inout BufferedOutput) -> Verdict? {
        lineNumber += 1
        guard case .text(let line) = read else {
            let said = "line \(lineNumber): \(LineReader.tooLongMessage)"
            FormatJSON.writeError(said, key: nil, locale: nil, to: &out)
            return .refused(error: said, problem: LineReader.tooLongMessage)
        }
        // The common, well-formed request: decoded and answered without a JSONValue tree.
        if let verdict = fast.answer(line, renderer: renderer, defaults: defaults, locales: &locales, to: &out) { return verdict }
        if line.allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }) { return nil }
        return Self.answer(Array(line), lineNumber: lineNumber, renderer: renderer, defaults: defaults, locales: &locales, to: &out)
    }

    /// Answers a line that was line `lineNumber` of its input, as the batch would have
    /// answered it there (a queued job answered on its own, `herald worker`).
    public mutating func answer(_ read: LineReader.Line, lineNumber: Int, to out: inout BufferedOutput) {
        self.lineNumber = lineNumber - 1
        answer(read, to: &out)
    }

    /// Answers one batch request with its output line (with "error" when it fails).
    static func answer(
        _ line: [UInt8], lineNumber: Int, renderer: Renderer, defaults: Defaults, locales: inout [String: LocaleID],
        to out: inout BufferedOutput
    ) -> Verdict {
        func failure(_ message: String, key: String? = nil, locale: String? = nil) -> Verdict {
            let said = "line \(lineNumber): \(message)"
            FormatJSON.writeError(said, key: key, locale: locale, to: &out)
            return .refused(error: said, problem: message)
        }
        let value: JSONValue
        do { value = try JSONParser.parse(bytes: line) } catch {
            let message = error.batchLineMessage(line: lineNumber)
            FormatJSON.writeError(message, key: nil, locale: nil, to: &out)
            return .refused(error: message, problem: message)
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
        if let zone = request["timeZone"] {
            guard let z = zone.stringValue, DateFormat.isKnownZone(z) else {
                return failure("\"timeZone\" must be a known IANA time zone (Europe/Berlin)", key: key, locale: tag)
            }
            options.timeZone = z
        }
        let table = request["table"]?.stringValue ?? defaults.table
        do {
            var result = try renderer.render(key: key, table: table, locale: localeID, arguments: arguments, options: options)
            FormatJSON.noteUnknownLanguage(of: localeID, in: &result)
            FormatJSON.writeObject(result, locale: tag, to: &out)
            return .of(result.diagnostics)
        } catch {
            return failure(error.description, key: key, locale: tag)
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
